//! Errors that name the file, the line, the column and what to fix.
//!
//! Every fallible function of the crate returns an [`Error`]: where the
//! problem is ([`Error::file`], [`Error::line`], [`Error::column`], as much
//! of it as is known) and what it is ([`Error::kind`], an [`ErrorKind`]).
//! Functions that do not know the file (a [`Piece`](crate::Piece) built in
//! code, a lattice embedding) return the [`ErrorKind`] alone; the file
//! reader places it.

use crate::lattice_kind::LatticeKind;
use crate::resource::{Resource, show};
use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with a puzzle file, a puzzle built from it, or a picture of
/// it.
///
/// Displayed as `file:line:column: message`, leaving out what is unknown
/// (no file for a puzzle built in code).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// The file at fault (empty for puzzles built in code).
    pub file: PathBuf,
    /// The 1-based line, when one can be named.
    pub line: Option<usize>,
    /// The 1-based column (in characters) on that line, when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// What is wrong; each message says how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file cannot be read (the operating system's reason).
    #[error("cannot read the file: {0}")]
    Read(String),
    /// The text is not TOML, or a table has a key the format does not know.
    #[error("{0}")]
    Toml(String),
    /// A value in the file is wrong: what is wrong and how to fix it.
    #[error("{0}")]
    Invalid(String),
    /// A shape drawn on one lattice cannot be placed on another.
    #[error("{0}")]
    Embed(String),
    /// A built-in board shape does not exist on the puzzle's lattice.
    #[error("`{shape}` makes boards on the {lattices} lattices, not on {lattice}")]
    ShapeNotOnLattice {
        /// The board key (`size`, `triangle`, ...).
        shape: &'static str,
        /// The puzzle's lattice.
        lattice: LatticeKind,
        /// The lattices that have the shape, for the message.
        lattices: &'static str,
    },
    /// The pieces cover more cells than the board has free.
    #[error(
        "the pieces cover at least {least} cells but the board has only {free} free cells{}: remove pieces or enlarge the board",
        if *free > *fill { format!(" ({fill} to fill, {} that may stay empty)", free - fill) } else { String::new() }
    )]
    AreaTooLarge {
        /// The fewest cells the pieces cover.
        least: u64,
        /// The board's free cells (not covered by fixed pieces).
        free: u64,
        /// The free cells to fill (the others may stay empty).
        fill: u64,
    },
    /// The pieces cannot cover every cell to fill.
    #[error(
        "the pieces cover at most {most} cells but the board has {fill} cells to fill: add pieces, or mark cells that may stay empty with `+`"
    )]
    AreaTooSmall {
        /// The most cells the pieces cover.
        most: u64,
        /// The free cells to fill.
        fill: u64,
    },
    /// Cells drawn with a piece's symbol on the board are not copies of
    /// the piece, or not in one way only.
    #[error("{0}")]
    Fixed(String),
    /// A problem with one piece.
    #[error("piece `{piece}`: {error}")]
    InPiece {
        /// The piece's name.
        piece: String,
        /// What is wrong with it.
        error: Box<ErrorKind>,
    },
    /// A size read from the file, or one it implies (placements, matrix
    /// entries, a picture), is over a bound of [`Limits`](crate::Limits).
    #[error(
        "too large: {} {what}; at most {limit} (the `{}` limit, which keeps a small file from exhausting memory; raise it for a real giant puzzle with {}, see docs/format.md, \"Limits\")",
        show(*found, *limit),
        what.field(),
        what.flag()
    )]
    OverLimit {
        /// What is counted.
        what: Resource,
        /// How many there are (`None`: more than any `u128`).
        found: Option<u128>,
        /// The bound.
        limit: u64,
    },
    /// The exact-cover matrix could not be built (an internal error: the
    /// encoders declare only valid items and options).
    #[error("internal error: {0}")]
    Matrix(#[from] dlx::MatrixError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.file.as_os_str().is_empty() {
            write!(f, "{}", self.file.display())?;
            if let Some(l) = self.line {
                write!(f, ":{l}")?;
                if let Some(c) = self.column {
                    write!(f, ":{c}")?;
                }
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl Error {
    /// A mistake ([`ErrorKind::Invalid`]) in `file`, at `line` when known.
    pub fn new(file: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Error {
        Error::at(file, line, ErrorKind::Invalid(message.into()))
    }

    /// An error of any kind in `file`, at `line` when known.
    pub fn at(file: impl Into<PathBuf>, line: Option<usize>, kind: ErrorKind) -> Error {
        Error {
            file: file.into(),
            line,
            column: None,
            kind,
        }
    }

    /// The same error, at a column of its line.
    pub fn at_column(mut self, column: usize) -> Error {
        self.column = Some(column);
        self
    }

    /// What is wrong, without the place.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }

    /// The same error placed in `file` when it has no file yet (errors of
    /// puzzles built in code).
    pub fn in_file(mut self, file: &Path) -> Error {
        if self.file.as_os_str().is_empty() {
            self.file = file.to_path_buf();
        }
        self
    }
}
/// A refused read (too large, not text) as a file error naming the file.
impl From<dlx::read::ReadError> for Error {
    fn from(e: dlx::read::ReadError) -> Error {
        Error::new(e.path(), None, e.reason())
    }
}
