//! A file's text, for turning byte offsets into lines and columns; shared
//! by polyform and tile puzzle files.

use crate::art::{self, Drawing};
use crate::error::{Error, ErrorKind};
use crate::limits::{Limits, Resource};
use serde::de::DeserializeOwned;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// A kind of TOML file read here, as messages refusing one name it.
pub(crate) struct FileKind {
    /// Its name in the size limit's message ("a puzzle file").
    what: &'static str,
    /// What a file of that kind is, to refuse one that is not text.
    expected: &'static str,
}

/// A puzzle file.
pub(crate) const PUZZLE: FileKind = FileKind {
    what: "a puzzle file",
    expected: "not a puzzle file: a puzzle is TOML text",
};

/// A piece-set file, which a puzzle uses.
pub(crate) const PIECE_SET: FileKind = FileKind {
    what: "a piece-set file",
    expected: "not a piece-set file: a piece set is TOML text",
};

/// Reads a puzzle or piece-set file's text through the bounded text
/// reader (as the program reads a file named on its command line): at most
/// the `file_bytes` limit, and a file that is not text (`/dev/zero`, an
/// image) refused from its first bytes, not read up to the limit. The
/// error names the file.
pub(crate) fn read(path: &Path, limits: &Limits, kind: FileKind) -> Result<String, Error> {
    let limit = dlx::read::FileLimit {
        what: kind.what,
        ..limits.file_limit(crate::kind::Kind::Polyform)
    };
    dlx::read::read_text(path, limit, kind.expected).map_err(|e| match e {
        dlx::read::ReadError::Io { source, .. } => {
            Error::at(path, None, ErrorKind::Read(source.to_string()))
        }
        // The puzzle file's own text is placed at the byte's line and column
        // (a piece set's is placed at the puzzle's `[[use]]` line).
        dlx::read::ReadError::NotText {
            expected,
            at,
            place: (line, column),
            start,
            ..
        } if kind.what == PUZZLE.what => {
            let reason =
                format!("{expected}, and byte {at} is not text (the file starts with {start})");
            Error::at(path, Some(line), ErrorKind::Invalid(reason)).at_column(column)
        }
        refused => Error::from(refused),
    })
}

/// Reads the puzzle file at `path` within `limits` and parses it with
/// `parse`.
pub(crate) fn load<T>(
    path: &Path,
    limits: &Limits,
    parse: impl FnOnce(&Path, &str, &Limits) -> Result<T, Error>,
) -> Result<T, Error> {
    parse(path, &read(path, limits, PUZZLE)?, limits)
}

/// The top-level table of a TOML text, if it is TOML (to tell kinds of
/// files apart).
pub(crate) fn top_table(text: &str) -> Option<toml::Table> {
    toml::from_str(text).ok()
}

impl<'a> Source<'a> {
    /// A file's text, refused when it is over the `file_bytes` limit.
    pub(crate) fn new(
        path: &'a Path,
        text: &'a str,
        limits: &'a Limits,
    ) -> Result<Source<'a>, Error> {
        limits
            .check(Resource::FileBytes, Some(text.len() as u128))
            .map_err(|k| Error::at(path, None, k))?;
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Ok(Source {
            path,
            text,
            limits,
            line_starts,
        })
    }
}

/// A file's text, for turning byte offsets into line numbers.
pub(crate) struct Source<'a> {
    /// The file, as messages name it.
    pub(crate) path: &'a Path,
    /// Its whole text, which the spans index.
    pub(crate) text: &'a str,
    /// The resource budget sizes in the file are checked against.
    pub(crate) limits: &'a Limits,
    /// The byte offset of each line's start, first line first: lines are
    /// found by binary search, so messages cost no pass over the text.
    line_starts: Vec<usize>,
}

impl Source<'_> {
    /// The 1-based line of a byte offset.
    pub(crate) fn line(&self, byte: usize) -> usize {
        // The number of line starts at or before `byte`.
        self.line_starts.partition_point(|&start| start <= byte)
    }

    /// The 1-based column (in characters) of a byte offset on its line.
    pub(crate) fn column(&self, byte: usize) -> usize {
        let mut byte = byte.min(self.text.len());
        while !self.text.is_char_boundary(byte) {
            byte -= 1;
        }
        let start = self.line_starts[self.line(byte) - 1];
        self.text[start..byte].chars().count() + 1
    }

    /// An error of any kind at the start of a span.
    pub(crate) fn at(&self, span: Range<usize>, kind: ErrorKind) -> Error {
        Error {
            file: self.path.to_path_buf(),
            line: Some(self.line(span.start)),
            column: Some(self.column(span.start)),
            kind,
        }
    }

    /// Checks a count from the span against the bound on `what`.
    pub(crate) fn check(
        &self,
        span: Range<usize>,
        what: Resource,
        found: Option<u128>,
    ) -> Result<(), Error> {
        self.limits.check(what, found).map_err(|k| self.at(span, k))
    }

    /// A coordinate read from the span: within the `coordinate` limit and
    /// an `i32` (no wrapping, no truncating cast).
    pub(crate) fn coordinate(&self, span: Range<usize>, v: i64) -> Result<i32, Error> {
        self.check(
            span.clone(),
            Resource::Coordinate,
            Some(u128::from(v.unsigned_abs())),
        )?;
        i32::try_from(v).map_err(|_| {
            self.at(
                span,
                ErrorKind::OverLimit {
                    what: Resource::Coordinate,
                    found: Some(u128::from(v.unsigned_abs())),
                    limit: i32::MAX as u64,
                },
            )
        })
    }

    /// A mistake ([`ErrorKind::Invalid`]) at the start of a span.
    pub(crate) fn err(&self, span: Range<usize>, message: impl Into<String>) -> Error {
        self.at(span, ErrorKind::Invalid(message.into()))
    }

    /// The line of line `k` (0-based) of a string value starting at `start`.
    pub(crate) fn line_in_string(&self, start: usize, k: usize) -> usize {
        let base = self.line(start);
        let rest = &self.text[start.min(self.text.len())..];
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            let after = &rest[3..];
            let skip = usize::from(after.starts_with('\n') || after.starts_with("\r\n"));
            base + skip + k
        } else {
            base
        }
    }

    /// A drawing for a file of `lattice` ([`art::parse_for`]); a mistake
    /// names its own line, and `what` (the board or a piece) is drawn.
    pub(crate) fn art(
        &self,
        art: &Spanned<String>,
        what: &str,
        lattice: crate::lattice::LatticeKind,
    ) -> Result<Drawing, Error> {
        art::parse_for(art.get_ref(), lattice).map_err(|e| {
            Error::new(
                self.path,
                Some(self.line_in_string(art.span().start, e.line)),
                format!("{what}: {}", e.message),
            )
        })
    }

    /// The file's tables; a TOML mistake or an unknown key names its line,
    /// unknown keys with a pointer to `where_keys` (the part of
    /// `docs/format.md` that lists the keys).
    pub(crate) fn parse<T: DeserializeOwned>(&self, where_keys: &str) -> Result<T, Error> {
        toml::from_str(self.text).map_err(|e| {
            let place = e.span().map(|s| (self.line(s.start), self.column(s.start)));
            let msg = e.message().trim().to_string();
            let hint = if msg.contains("unknown field") {
                format!(" (see {where_keys} for the keys each table takes)")
            } else if msg.contains("integer number overflowed") {
                // Past even the u128 that bare counts are read into; the
                // file may mean an [expect] count, which strings hold.
                " (TOML's integers are at most 2^63 - 1; an [expect] count past that is written as a string)".into()
            } else {
                String::new()
            };
            // A syntax error says so: the file is not TOML at all.
            let syntax = if top_table(self.text).is_none() {
                "not valid TOML: "
            } else {
                ""
            };
            Error {
                file: self.path.to_path_buf(),
                line: place.map(|p| p.0),
                column: place.map(|p| p.1),
                kind: ErrorKind::Toml(format!("{syntax}{msg}{hint}")),
            }
        })
    }
}
