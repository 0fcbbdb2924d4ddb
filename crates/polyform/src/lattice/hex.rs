//! The hexagonal lattice: cells are the sites of a triangular lattice, each
//! with 6 neighbours. Polyhexes (hexagon cells) and spheres lying flat in a
//! honeycomb tray (Kanoodle Extreme's 2D puzzles) live here.
//!
//! ## Coordinates
//!
//! Axial coordinates `[x, y, 0]` with the two axes 60° apart: `x` to the
//! right, `y` down and to the right. The six neighbours of `[x, y]` are
//! `[x±1, y]`, `[x, y±1]`, `[x+1, y-1]` and `[x-1, y+1]`.
//!
//! ## Art: staggered rows
//!
//! A row of cells is drawn with one position between cells (`#.#.#`), and
//! each row is shifted half a cell (one character) from its neighbours, as
//! a honeycomb looks on paper:
//!
//! ```text
//! #.#.#.#
//! .#.#.#.
//! #.#.#.#
//! ```
//!
//! Cells sit where `row + column` is even (so the top-left position of a
//! drawing is a cell position): the cell in row `r`, column `c` is
//! `[(c - r) / 2, r]`. A mark where `row + column` is odd is between two
//! cells, and an error.

use super::{Cell, Lattice, LatticeKind, Square, Symmetry, describe, group, spheres_on_flat_board};
use crate::error::ErrorKind;
use std::sync::OnceLock;

/// The hexagonal lattice (see the docs of `lattice/hex.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct Hex;

/// Rotation by 60°: `[x, y] -> [-y, x + y]` (anticlockwise as seen with y
/// pointing up; the art draws y down).
pub const ROTATE_60: Symmetry = Symmetry {
    m: [[0, -1, 0], [1, 1, 0], [0, 0, 1]],
    t: [0, 0, 0],
    proper: true,
};

/// Reflection swapping the two axes: `[x, y] -> [y, x]`.
pub const SWAP_AXES: Symmetry = Symmetry {
    m: [[0, 1, 0], [1, 0, 0], [0, 0, 1]],
    t: [0, 0, 0],
    proper: false,
};

/// Where the lattice vectors `[1, 0]` and `[0, 1]` are drawn (x right,
/// y down the page; unit = distance between neighbouring cells).
pub(crate) const PAGE_BASIS: [[f64; 2]; 2] = [[1.0, 0.0], [0.5, 0.866_025_403_784_438_6]];

/// The 12 symmetries of the hexagonal lattice fixing a cell (6 rotations,
/// 6 reflections), as linear maps of axial coordinates. The triangular
/// lattice shares them (its coordinates use the same basis).
pub(crate) fn hexagonal_group() -> &'static [Symmetry] {
    static GROUP: OnceLock<Vec<Symmetry>> = OnceLock::new();
    GROUP.get_or_init(|| group::closure(&[ROTATE_60, SWAP_AXES]))
}

/// The axial coordinates `(x, y)` of the cell drawn at row `r`, column `c`
/// of staggered art, if that position holds a cell.
pub(crate) fn staggered_cell(r: i32, c: i32) -> Option<(i32, i32)> {
    ((r + c).rem_euclid(2) == 0).then_some(((c - r) / 2, r))
}

/// Where axial `(x, y)` is drawn in staggered art: `(row, column)`.
pub(crate) fn staggered_position(x: i32, y: i32) -> (i32, i32) {
    (y, 2 * x + y)
}

impl Lattice for Hex {
    fn kind(&self) -> LatticeKind {
        LatticeKind::Hex
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        hexagonal_group()
    }
    // Hex cells are integer points of the plane z = 0, as square cells
    // are: the same cells, translations and canonical translations.
    fn is_cell(&self, c: Cell) -> bool {
        Square.is_cell(c)
    }
    fn is_translation(&self, v: Cell) -> bool {
        Square.is_translation(v)
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        Square.canonical_translation(c)
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::Hex => Ok(cells.to_vec()),
            LatticeKind::FccSquare | LatticeKind::FccTriangle => Err(spheres_on_flat_board("hex")),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed on a hex board: draw it in hex art (staggered rows, see docs/format.md)"
            ))),
        }
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        if layer != 0 {
            return None;
        }
        staggered_cell(row, col).map(|(x, y)| [x, y, 0])
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        let (r, col) = staggered_position(c[0], c[1]);
        (0, r, col)
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        super::even_row_col(lo)
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::plane(s, PAGE_BASIS)
    }
}
