//! Triangular prisms stacked in layers: the [`Triangle`] lattice of the
//! plane times the integer line (BurrTools' grid 1). A one-layer prism
//! puzzle is a polyiamond puzzle; a thicker one is a 3D puzzle whose pieces
//! rotate in space.
//!
//! ## Coordinates
//!
//! A cell is `[a, b, z]`: `[a, b, 0]` is a [`Triangle`] cell (three times
//! the triangle's centre in the basis of its corners, see `triangle.rs`)
//! and `z` the layer. Translations are `[3i, 3j, k]`.
//!
//! ## Symmetries
//!
//! The 12 symmetries of the triangle lattice (acting on `a, b`), each with
//! or without the layer flip `z -> -z`: 24 maps. The 12 rotations of space
//! among them are the 6 turns in the plane and the 6 in-plane reflections
//! composed with the flip (half turns about a horizontal line). So a piece
//! lying in one layer can be turned over ([`Lattice::is_flat`]), as on the
//! one-layer triangle board.
//!
//! ## Art
//!
//! Layer by layer (as cubes are drawn), each layer in triangle art.

use super::hex::PAGE_BASIS;
use super::triangle::Triangle;
use super::{Cell, Lattice, LatticeKind, Symmetry, describe, group};
use crate::error::ErrorKind;
use std::sync::OnceLock;

/// The prism lattice (see the docs of `lattice/prism.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct Prism;

/// The layer flip `z -> -z` (a reflection of space).
const FLIP: Symmetry = Symmetry {
    m: [[1, 0, 0], [0, 1, 0], [0, 0, -1]],
    t: [0, 0, 0],
    proper: false,
};

/// The 24 symmetries: identity first, the 12 rotations before the rest.
fn prism_group() -> &'static [Symmetry] {
    static GROUP: OnceLock<Vec<Symmetry>> = OnceLock::new();
    GROUP.get_or_init(|| {
        let mut gens: Vec<Symmetry> = Triangle.symmetries().to_vec();
        gens.push(FLIP);
        group::closure(&gens)
    })
}

fn flat(c: Cell) -> Cell {
    [c[0], c[1], 0]
}

impl Lattice for Prism {
    fn kind(&self) -> LatticeKind {
        LatticeKind::Prism
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        prism_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        Triangle.is_cell(flat(c))
    }
    fn is_translation(&self, v: Cell) -> bool {
        Triangle.is_translation(flat(v))
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        let t = Triangle.canonical_translation(flat(c));
        [t[0], t[1], -c[2]]
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            // Triangle art lies in the layer z = 0.
            LatticeKind::Triangle | LatticeKind::Prism => Ok(cells.to_vec()),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed in a stack of triangular prisms: draw it in triangle art, layer by layer"
            ))),
        }
    }
    fn is_flat(&self, cells: &[Cell]) -> bool {
        cells.iter().all(|c| c[2] == cells[0][2])
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        Triangle.cell_at(0, row, col).map(|c| [c[0], c[1], layer])
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        let (_, row, col) = Triangle.grid_position(flat(c));
        (c[2], row, col)
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        super::even_row_col(lo)
    }
    fn describe(&self, s: &Symmetry) -> String {
        let flips = s.m[2][2] == -1;
        let mut plane = *s;
        plane.m[2][2] = 1;
        plane.proper = s.proper != flips;
        let words = describe::plane(&plane, PAGE_BASIS);
        if !flips {
            return words;
        }
        if let Some(line) = words.strip_prefix("reflection in ") {
            // An in-plane mirror and the flip: a half turn about that line.
            format!("half turn about {line}")
        } else if words == "identity" {
            "reflection in the layer plane".into()
        } else {
            format!("{words} and the layer flip (rotoreflection)")
        }
    }
}
