//! What a [`Limits`](crate::Limits) bound counts ([`Resource`]), for the
//! messages of [`ErrorKind::OverLimit`](crate::error::ErrorKind::OverLimit)
//! and the flags that raise each bound. Below both `limits` and `error`,
//! which use it; it uses neither.

use std::fmt;

/// What a [`Limits`](crate::Limits) bound counts, for messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    /// [`Limits::file_bytes`](crate::Limits::file_bytes).
    FileBytes,
    /// [`Limits::board_cells`](crate::Limits::board_cells).
    BoardCells,
    /// [`Limits::piece_cells`](crate::Limits::piece_cells).
    PieceCells,
    /// [`Limits::pieces`](crate::Limits::pieces).
    Pieces,
    /// [`Limits::copies`](crate::Limits::copies).
    Copies,
    /// [`Limits::coordinate`](crate::Limits::coordinate).
    Coordinate,
    /// [`Limits::placements`](crate::Limits::placements).
    Placements,
    /// [`Limits::matrix_entries`](crate::Limits::matrix_entries).
    MatrixEntries,
    /// [`Limits::picture_side`](crate::Limits::picture_side).
    PictureSide,
    /// [`Limits::picture_area`](crate::Limits::picture_area).
    PictureArea,
    /// [`Limits::xml_bytes`](crate::Limits::xml_bytes).
    XmlBytes,
    /// [`Limits::dlx_bytes`](crate::Limits::dlx_bytes).
    DlxBytes,
    /// [`Limits::voxel_side`](crate::Limits::voxel_side).
    VoxelSide,
    /// [`Limits::voxel_volume`](crate::Limits::voxel_volume).
    VoxelVolume,
    /// [`Limits::voxels`](crate::Limits::voxels).
    Voxels,
    /// [`Limits::disassembly_positions`](crate::Limits::disassembly_positions).
    DisassemblyPositions,
    /// [`Limits::stl_triangles`](crate::Limits::stl_triangles).
    StlTriangles,
}

impl Resource {
    /// Every resource, in the order of [`Limits`](crate::Limits)' fields.
    pub const ALL: [Resource; 17] = [
        Resource::FileBytes,
        Resource::BoardCells,
        Resource::PieceCells,
        Resource::Pieces,
        Resource::Copies,
        Resource::Coordinate,
        Resource::Placements,
        Resource::MatrixEntries,
        Resource::PictureSide,
        Resource::PictureArea,
        Resource::XmlBytes,
        Resource::DlxBytes,
        Resource::VoxelSide,
        Resource::VoxelVolume,
        Resource::Voxels,
        Resource::DisassemblyPositions,
        Resource::StlTriangles,
    ];

    /// The command-line flag that raises its bound: `--max-` and the
    /// field's name with `-` for `_` (`--max-matrix-entries`).
    pub fn flag(self) -> String {
        format!("--max-{}", self.field().replace('_', "-"))
    }

    /// The field of [`Limits`](crate::Limits) that bounds it.
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
            Resource::XmlBytes => "xml_bytes",
            Resource::DlxBytes => "dlx_bytes",
            Resource::VoxelSide => "voxel_side",
            Resource::VoxelVolume => "voxel_volume",
            Resource::Voxels => "voxels",
            Resource::DisassemblyPositions => "disassembly_positions",
            Resource::StlTriangles => "stl_triangles",
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
            Resource::Placements => "placements (matrix options)",
            Resource::MatrixEntries => "matrix entries (cells and piece items of the placements)",
            Resource::PictureSide => "picture width or height",
            Resource::PictureArea => "picture area",
            Resource::XmlBytes => "bytes of XML",
            Resource::DlxBytes => "bytes of a DLX file",
            Resource::VoxelSide => "voxels on a side of a voxel space",
            Resource::VoxelVolume => "voxels in one voxel space",
            Resource::Voxels => "non-empty voxels in all the shapes",
            Resource::DisassemblyPositions => "positions held by one disassembly search",
            Resource::StlTriangles => "triangles of STL written by one export",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.what())
    }
}

/// A count found over a limit: `None` when it was not counted to the end
/// (it overflowed, or counting stopped once it passed the limit).
pub(crate) fn show(found: Option<u128>, limit: u64) -> String {
    match found {
        Some(n) => n.to_string(),
        None => format!("more than {limit}"),
    }
}
