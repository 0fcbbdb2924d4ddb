//! The face-centred cubic lattice: spheres in 3D in the densest packing
//! (Kanoodle, IQ Puzzler Pro and Kanoodle Extreme pyramids).
//!
//! ## Coordinates
//!
//! Cells are the integer points `[x, y, z]` with `x + y + z` even; each has
//! 12 neighbours, at the permutations of `[±1, ±1, 0]`. The point group is
//! the full cubic group: the 48 signed permutation matrices, 24 of them
//! rotations. Every plane of the packing is an image of one of two planes:
//!
//! * a **square layer** `z = 0`, spanned by `[1, 1, 0]` and `[1, -1, 0]`
//!   (square art `(column i, row j)` is embedded as `[i + j, i - j, 0]`);
//!   its images are the 3 planes `x`, `y` or `z` constant, i.e. the layers
//!   of a square pyramid and its two families of diagonal planes;
//! * a **triangular layer** `x + y + z = 0`, spanned by `[1, -1, 0]` and
//!   `[1, 0, -1]` (hex art axial `[a, b]` is embedded as
//!   `[a + b, -a, -b]`); its images are the 4 families of planes parallel
//!   to a face of a tetrahedron, or to a face of a square pyramid.
//!
//! A flat piece therefore gets every orientation in every plane of the
//! packing it can lie in, and nothing else: these are exactly the valid
//! placements of the Kanoodle Extreme solver (flat in a layer, or leaning
//! against a face).
//!
//! ## Art: two styles of layers
//!
//! The same lattice is drawn in two ways, chosen by the lattice's name;
//! both give the same cells, so pieces and boards mix freely.
//!
//! * `fcc-square`: layers are square grids (one character per sphere, as
//!   square art). Layer `L + 1` rests in the hollows of layer `L`: the
//!   sphere at row `r`, column `c` of layer `L + 1` rests on the spheres
//!   at `(r, c)`, `(r, c+1)`, `(r+1, c)`, `(r+1, c+1)` of layer `L`. So a
//!   square pyramid is drawn with each layer in the top-left corner of the
//!   one below. Cell: `[c + r + L, c - r, L]`.
//! * `fcc-triangle`: layers are staggered hex rows (as hex art). The sphere
//!   at row `r`, column `c` of layer `L + 1` rests on the spheres at
//!   `(r, c)`, `(r+1, c-1)` and `(r+1, c+1)` of layer `L`: the one drawn at
//!   the same place and the two drawn below it. So a tetrahedron is drawn
//!   as the same triangle (apex up) losing its bottom row at each layer.
//!   Cell: axial `[a, b] = [(c - r) / 2, r]` plus `L` times `[1, 1, 0]`,
//!   i.e. `[L + a + b, L - a, -b]`.

use super::hex::{staggered_cell, staggered_position};
use super::{Cell, Lattice, LatticeKind, Symmetry, coplanar, cubic_group, describe};
use crate::error::ErrorKind;

/// How layers of spheres are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layers {
    /// Square layers, each resting in the hollows of the one below.
    Square,
    /// Triangular layers (staggered rows), each resting in the hollows of
    /// the one below.
    Triangle,
}

/// The FCC lattice, drawn in one of two styles (see the
/// docs of `lattice/fcc.rs`).
#[derive(Copy, Clone, Debug)]
pub struct Fcc {
    /// How the layers are drawn.
    pub layers: Layers,
}

/// The FCC lattice drawn in square layers (`fcc-square`).
pub static FCC_SQUARE: Fcc = Fcc {
    layers: Layers::Square,
};
/// The FCC lattice drawn in triangular layers (`fcc-triangle`).
pub static FCC_TRIANGLE: Fcc = Fcc {
    layers: Layers::Triangle,
};

/// The cell at `(layer, row, column)` of square-layer art.
pub fn square_layer_cell(layer: i32, row: i32, col: i32) -> Cell {
    [col + row + layer, col - row, layer]
}

/// The cell at `(layer, row, column)` of triangular-layer art, if that
/// position holds a sphere.
pub fn triangle_layer_cell(layer: i32, row: i32, col: i32) -> Option<Cell> {
    staggered_cell(row, col).map(|(a, b)| [layer + a + b, layer - a, -b])
}

impl Lattice for Fcc {
    fn kind(&self) -> LatticeKind {
        match self.layers {
            Layers::Square => LatticeKind::FccSquare,
            Layers::Triangle => LatticeKind::FccTriangle,
        }
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        cubic_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        (c[0] + c[1] + c[2]).rem_euclid(2) == 0
    }
    fn is_translation(&self, v: Cell) -> bool {
        (v[0] + v[1] + v[2]).rem_euclid(2) == 0
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        [-c[0], -c[1], -c[2]]
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            // Dodecahedra have the same centres.
            LatticeKind::FccSquare | LatticeKind::FccTriangle | LatticeKind::Rhombic => {
                Ok(cells.to_vec())
            }
            LatticeKind::Square => Ok(cells
                .iter()
                .map(|c| [c[0] + c[1], c[0] - c[1], 0])
                .collect()),
            LatticeKind::Hex => Ok(cells.iter().map(|c| [c[0] + c[1], -c[0], -c[1]]).collect()),
            LatticeKind::Cubic => Err(ErrorKind::Embed(
                "a shape drawn on the cubic lattice (unit cubes) cannot be placed in a sphere packing: draw flat pieces in square or hex art, solid ones in layers of spheres".into(),
            )),
            LatticeKind::Triangle | LatticeKind::Prism => Err(ErrorKind::Embed(
                "a shape drawn on the triangle or prism lattice (triangles) cannot be placed in a sphere packing: draw it in hex art (spheres)".into(),
            )),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed in a sphere packing: draw it in layers of spheres"
            ))),
        }
    }
    fn is_flat(&self, cells: &[Cell]) -> bool {
        coplanar(cells)
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        match self.layers {
            Layers::Square => Some(square_layer_cell(layer, row, col)),
            Layers::Triangle => triangle_layer_cell(layer, row, col),
        }
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        match self.layers {
            Layers::Square => {
                let layer = c[2];
                // c + r = x - L, c - r = y.
                let col = (c[0] - layer + c[1]).div_euclid(2);
                let row = (c[0] - layer - c[1]).div_euclid(2);
                (layer, row, col)
            }
            Layers::Triangle => {
                let layer = (c[0] + c[1] + c[2]).div_euclid(2);
                let b = -c[2];
                let a = layer - c[1];
                let (row, col) = staggered_position(a, b);
                (layer, row, col)
            }
        }
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        match self.layers {
            Layers::Square => lo,
            Layers::Triangle => super::even_row_col(lo),
        }
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::space(s)
    }
}
