//! The resource budget: how big a puzzle, its matrix and its pictures may
//! be, checked from the file's numbers before anything that size is
//! allocated.
//!
//! A small file can describe a huge problem (a board of 10^12 cells, an
//! unlimited supply of a piece on a vast board). Every size is therefore
//! read with checked arithmetic and compared with a [`Limits`] bound
//! *before* the cells, placements or picture are built, so that a mistake
//! is refused in a moment with a message naming the file, the line and the
//! limit ([`ErrorKind::OverLimit`]), and the command-line flag that raises
//! it ([`Resource::flag`]: `--max-` and the field's name, e.g.
//! `--max-matrix-entries`). The defaults keep every puzzle under about
//! 1 GB; real giant puzzles raise them
//! ([`file::load_with`](crate::file::load_with),
//! [`encode_with`](crate::encode::encode_with),
//! the `problem` crate's `LoadOptions::limits`).

use crate::error::ErrorKind;
pub use crate::resource::Resource;

/// Upper bounds on what a puzzle may make the program allocate.
///
/// A bound means what it says, zero included (a zero bound refuses every
/// puzzle that has any of what it counts); the command line refuses 0.
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
    /// Options of the matrix: the placements that fit the free cells,
    /// counted before any is made ([`encode::check_budget`](crate::encode::check_budget)).
    /// Default 2,000,000.
    pub placements: u64,
    /// Entries of the matrix (the cells and piece items of every option),
    /// counted the same way. An entry costs about 50 bytes in all (the
    /// placement's cell, the builder's row, the solver's node), so the
    /// default, 10,000,000, stays near 500 MB.
    pub matrix_entries: u64,
    /// The width or height of a picture: characters of a text picture,
    /// pixels of an SVG picture. Default 20,000.
    pub picture_side: u64,
    /// The area of a picture: characters of a text picture, square pixels
    /// of an SVG picture. Default 25,000,000 (a 5,000 x 5,000 drawing).
    pub picture_area: u64,
    /// Bytes of a BurrTools file's XML, after decompression, and of the
    /// file itself (gzip never makes a puzzle larger). Default 64 MiB.
    pub xml_bytes: u64,
    /// Bytes of a DLX file (Knuth's exact-cover text). Reading one takes
    /// about 3 bytes of memory per byte, so the default, 1 GiB, keeps a
    /// matrix of some 100 million entries readable.
    pub dlx_bytes: u64,
    /// The longest side of a BurrTools voxel space. Default 1,000.
    pub voxel_side: u64,
    /// Voxels (empty ones included) of one BurrTools voxel space, checked
    /// before it is read. Default 1,000,000.
    pub voxel_volume: u64,
    /// Non-empty voxels of all the shapes of a BurrTools file. Default
    /// 10,000,000.
    pub voxels: u64,
    /// Positions one disassembly search holds (the pieces' offsets, how
    /// each was reached, and its slot in the set of positions found: at
    /// most about 120 bytes plus 16 per piece each, counting the room
    /// growing arrays keep spare). Default 10,000,000: at most about 2.5 GB
    /// per thread for an assembly of 8 pieces.
    pub disassembly_positions: u64,
    /// Triangles one STL export writes (every copy of every piece in one
    /// file, or each piece once with a file each), counted on the pieces'
    /// meshes before anything is written. An ASCII triangle takes about
    /// 200 bytes, a binary one 50, so the default, 5,000,000, keeps a file
    /// under about 1 GB (a 300 x 300 board of monominoes, 1,080,000
    /// triangles, fits; 1000 x 1000 does not).
    pub stl_triangles: u64,
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
            xml_bytes: 64 << 20,
            dlx_bytes: 1 << 30,
            voxel_side: 1_000,
            voxel_volume: 1_000_000,
            voxels: 10_000_000,
            disassembly_positions: 10_000_000,
            stl_triangles: 5_000_000,
        }
    }
}

impl Limits {
    /// The bounded read of a file of `kind`: its limit and flag. A
    /// puzzle or piece-set file is bounded by [`Limits::file_bytes`], a
    /// BurrTools file by [`Limits::xml_bytes`], a DLX file by
    /// [`Limits::dlx_bytes`].
    pub fn file_limit(&self, kind: crate::kind::Kind) -> dlx::read::FileLimit {
        use crate::kind::Kind;
        let (what, bytes, flag) = match kind {
            Kind::Polyform | Kind::Tiles => ("a puzzle file", self.file_bytes, "--max-file-bytes"),
            Kind::Burr => ("a BurrTools file", self.xml_bytes, "--max-xml-bytes"),
            Kind::Dlx => ("a DLX file", self.dlx_bytes, "--max-dlx-bytes"),
        };
        dlx::read::FileLimit {
            what,
            bytes,
            flag: Some(flag),
        }
    }

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
            Resource::XmlBytes => self.xml_bytes,
            Resource::DlxBytes => self.dlx_bytes,
            Resource::VoxelSide => self.voxel_side,
            Resource::VoxelVolume => self.voxel_volume,
            Resource::Voxels => self.voxels,
            Resource::DisassemblyPositions => self.disassembly_positions,
            Resource::StlTriangles => self.stl_triangles,
        }
    }

    /// The bound on `what` set to `value`, as it is (0 refuses any).
    pub fn set(&mut self, what: Resource, value: u64) {
        let field = match what {
            Resource::FileBytes => &mut self.file_bytes,
            Resource::BoardCells => &mut self.board_cells,
            Resource::PieceCells => &mut self.piece_cells,
            Resource::Pieces => &mut self.pieces,
            Resource::Copies => &mut self.copies,
            Resource::Coordinate => &mut self.coordinate,
            Resource::Placements => &mut self.placements,
            Resource::MatrixEntries => &mut self.matrix_entries,
            Resource::PictureSide => &mut self.picture_side,
            Resource::PictureArea => &mut self.picture_area,
            Resource::XmlBytes => &mut self.xml_bytes,
            Resource::DlxBytes => &mut self.dlx_bytes,
            Resource::VoxelSide => &mut self.voxel_side,
            Resource::VoxelVolume => &mut self.voxel_volume,
            Resource::Voxels => &mut self.voxels,
            Resource::DisassemblyPositions => &mut self.disassembly_positions,
            Resource::StlTriangles => &mut self.stl_triangles,
        };
        *field = value;
    }

    /// Every bound multiplied by `factor` (saturating), for giant puzzles.
    pub fn scaled(&self, factor: u64) -> Limits {
        let mut out = *self;
        for what in Resource::ALL {
            out.set(what, self.get(what).saturating_mul(factor));
        }
        out
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
