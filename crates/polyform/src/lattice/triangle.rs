//! The triangular lattice: cells are the up and down triangles of a plane
//! tiled by equilateral triangles. Polyiamonds live here.
//!
//! ## Coordinates
//!
//! The triangles' corners form a lattice with basis `e1` (to the right) and
//! `e2` (60° from it, down and to the right as drawn). A cell is named by
//! three times its centre in that basis: the triangle with corners
//! `(i, j)`, `(i+1, j)`, `(i, j+1)` (pointing down on the page) is
//! `[3i+1, 3j+1, 0]`, the one with corners `(i+1, j)`, `(i, j+1)`,
//! `(i+1, j+1)` (pointing up) is `[3i+2, 3j+2, 0]`. So cells are the points
//! `[a, b, 0]` with `a ≡ b (mod 3)` and `a ≢ 0 (mod 3)`. In these
//! coordinates every symmetry fixing a corner is linear (the same 12
//! matrices as the [`Hex`](super::Hex) lattice), and translations are
//! the vectors with both entries divisible by 3.
//!
//! ## Art
//!
//! One character per triangle; along a row, up (▲) and down (▼) triangles
//! alternate, and each row is a strip between two horizontal lines. The
//! triangle at row `r`, column `c` points **up** when `r + c` is even, so
//! the top-left position of a drawing is an up triangle. A triangle of
//! side 3 and the 6x6 rhombus of the hexiamond puzzle:
//!
//! ```text
//! ..#..     ......############
//! .###.     .....############.
//! #####     ....############..
//!           ...############...
//!           ..############....
//!           .############.....
//! ```
//!
//! A shape whose top-left triangle points down starts with a `.` column.

use super::hex::{PAGE_BASIS, hexagonal_group};
use super::{Cell, Lattice, LatticeKind, Symmetry, describe};
use crate::error::ErrorKind;

/// The triangular lattice (see the docs of `lattice/triangle.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct Triangle;

/// Does cell `c` point up on the page?
pub fn points_up(c: Cell) -> bool {
    c[0].rem_euclid(3) == 2
}

impl Lattice for Triangle {
    fn kind(&self) -> LatticeKind {
        LatticeKind::Triangle
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        hexagonal_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        c[2] == 0 && (c[0] - c[1]).rem_euclid(3) == 0 && c[0].rem_euclid(3) != 0
    }
    fn is_translation(&self, v: Cell) -> bool {
        v[2] == 0 && v[0].rem_euclid(3) == 0 && v[1].rem_euclid(3) == 0
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        // Down triangles go to [1, 1], up triangles to [2, 2].
        let k = c[0].rem_euclid(3);
        [k - c[0], k - c[1], 0]
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::Triangle => Ok(cells.to_vec()),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed on a triangle board: draw it in triangle art (see docs/format.md)"
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
        if (row + col).rem_euclid(2) == 0 {
            let i = (col - row) / 2;
            Some([3 * i - 1, 3 * row + 2, 0])
        } else {
            let i = (col - row - 1) / 2;
            Some([3 * i + 1, 3 * row + 1, 0])
        }
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        if points_up(c) {
            let r = (c[1] - 2).div_euclid(3);
            let i = (c[0] + 1).div_euclid(3);
            (0, r, 2 * i + r)
        } else {
            let r = (c[1] - 1).div_euclid(3);
            let i = (c[0] - 1).div_euclid(3);
            (0, r, 2 * i + r + 1)
        }
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        super::even_row_col(lo)
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::plane(s, PAGE_BASIS)
    }
}
