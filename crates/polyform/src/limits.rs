//! The resource budget: how big a puzzle, its matrix and its pictures may
//! be, checked from the file's numbers before anything that size is
//! allocated.
//!
//! A small file can describe a huge problem (a board of 10^12 cells, an
//! unlimited supply of a piece on a vast board). Every size is therefore
//! read with checked arithmetic and compared with a [`Limits`] bound
//! *before* the cells, placements or picture are built, so that a mistake
//! is refused in a moment with a message naming the file, the line and the
//! limit ([`ErrorKind::OverLimit`]). The defaults keep every puzzle under
//! about 1 GB; real giant puzzles raise them
//! ([`file::load_with`](crate::file::load_with),
//! [`encode_with`](crate::encode::encode_with)).

use crate::error::ErrorKind;
use std::fmt;

/// Upper bounds on what a puzzle may make the program allocate.
///
/// Invariant: none is zero (a zero bound would refuse every puzzle).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of a puzzle or piece-set file. Reading TOML takes about 50
    /// bytes of memory and 0.5 microseconds per byte of a coordinate list,
    /// so the default, 2,000,000, keeps reading under a second and 100 MB
    /// (a 1000 x 1000 board fits as a drawing).
    pub file_bytes: u64,
    /// Board cells (to fill and optional together). Default 1,000,000.
    pub board_cells: u64,
    /// Cells of one piece. Default 10,000.
    pub piece_cells: u64,
    /// Pieces in a puzzle (kinds, not copies). Default 10,000.
    pub pieces: u64,
    /// Copies of one piece. Default 1,000,000.
    pub copies: u64,
    /// The largest coordinate, in absolute value. Default 100,000.
    pub coordinate: u64,
    /// Options of the matrix (placements), bounded before they are made by
    /// orientations x board cells for each piece. Default 2,000,000.
    pub placements: u64,
    /// Entries of the matrix (the cells and piece items of every option),
    /// bounded the same way. An entry costs about 50 bytes in all (the
    /// placement's cell, the builder's row, the solver's node), so the
    /// default, 10,000,000, stays near 500 MB.
    pub matrix_entries: u64,
    /// The width or height of a picture: characters of a text picture,
    /// pixels of an SVG picture. Default 20,000.
    pub picture_side: u64,
    /// The area of a picture: characters of a text picture, square pixels
    /// of an SVG picture. Default 25,000,000 (a 5,000 x 5,000 drawing).
    pub picture_area: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            file_bytes: 2_000_000,
            board_cells: 1_000_000,
            piece_cells: 10_000,
            pieces: 10_000,
            copies: 1_000_000,
            coordinate: 100_000,
            placements: 2_000_000,
            matrix_entries: 10_000_000,
            picture_side: 20_000,
            picture_area: 25_000_000,
        }
    }
}

/// What a [`Limits`] bound counts, for messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    /// [`Limits::file_bytes`].
    FileBytes,
    /// [`Limits::board_cells`].
    BoardCells,
    /// [`Limits::piece_cells`].
    PieceCells,
    /// [`Limits::pieces`].
    Pieces,
    /// [`Limits::copies`].
    Copies,
    /// [`Limits::coordinate`].
    Coordinate,
    /// [`Limits::placements`].
    Placements,
    /// [`Limits::matrix_entries`].
    MatrixEntries,
    /// [`Limits::picture_side`].
    PictureSide,
    /// [`Limits::picture_area`].
    PictureArea,
}

impl Resource {
    /// The field of [`Limits`] that bounds it.
    pub fn field(self) -> &'static str {
        match self {
            Resource::FileBytes => "file_bytes",
            Resource::BoardCells => "board_cells",
            Resource::PieceCells => "piece_cells",
            Resource::Pieces => "pieces",
            Resource::Copies => "copies",
            Resource::Coordinate => "coordinate",
            Resource::Placements => "placements",
            Resource::MatrixEntries => "matrix_entries",
            Resource::PictureSide => "picture_side",
            Resource::PictureArea => "picture_area",
        }
    }

    /// What is counted, in words.
    pub fn what(self) -> &'static str {
        match self {
            Resource::FileBytes => "bytes in the file",
            Resource::BoardCells => "board cells",
            Resource::PieceCells => "cells in one piece",
            Resource::Pieces => "pieces",
            Resource::Copies => "copies of one piece",
            Resource::Coordinate => "coordinate (absolute value)",
            Resource::Placements => "placements (matrix options, at most)",
            Resource::MatrixEntries => "matrix entries (placements x cells, at most)",
            Resource::PictureSide => "picture width or height",
            Resource::PictureArea => "picture area",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.what())
    }
}

/// A count that may have overflowed: `None` is more than any `u128`.
pub(crate) fn show(found: Option<u128>) -> String {
    match found {
        Some(n) => n.to_string(),
        None => "more than 10^38".to_string(),
    }
}

impl Limits {
    /// The bound on `what`.
    pub fn get(&self, what: Resource) -> u64 {
        match what {
            Resource::FileBytes => self.file_bytes,
            Resource::BoardCells => self.board_cells,
            Resource::PieceCells => self.piece_cells,
            Resource::Pieces => self.pieces,
            Resource::Copies => self.copies,
            Resource::Coordinate => self.coordinate,
            Resource::Placements => self.placements,
            Resource::MatrixEntries => self.matrix_entries,
            Resource::PictureSide => self.picture_side,
            Resource::PictureArea => self.picture_area,
        }
    }

    /// Every bound multiplied by `factor` (saturating), for giant puzzles.
    pub fn scaled(&self, factor: u64) -> Limits {
        let s = |v: u64| v.saturating_mul(factor).max(1);
        Limits {
            file_bytes: s(self.file_bytes),
            board_cells: s(self.board_cells),
            piece_cells: s(self.piece_cells),
            pieces: s(self.pieces),
            copies: s(self.copies),
            coordinate: s(self.coordinate),
            placements: s(self.placements),
            matrix_entries: s(self.matrix_entries),
            picture_side: s(self.picture_side),
            picture_area: s(self.picture_area),
        }
    }

    /// Checks a picture's size (characters or pixels) against
    /// `picture_side` and `picture_area`, before it is drawn.
    pub fn check_picture(&self, width: f64, height: f64) -> Result<(), ErrorKind> {
        // Float sizes: a non-finite or huge one counts as overflowing.
        let count = |v: f64| (v.is_finite() && v < 1e30).then(|| v.max(0.0).ceil() as u128);
        self.check(Resource::PictureSide, count(width.max(height)))?;
        self.check(Resource::PictureArea, count(width * height))
    }

    /// Checks `found` (`None`: it overflowed) against the bound on `what`.
    pub fn check(&self, what: Resource, found: Option<u128>) -> Result<(), ErrorKind> {
        let limit = self.get(what);
        match found {
            Some(n) if n <= u128::from(limit) => Ok(()),
            _ => Err(ErrorKind::OverLimit { what, found, limit }),
        }
    }
}
