//! Regular tetrahedra and octahedra filling space, and the units BurrTools
//! cuts them from (its grid 4).
//!
//! ## The tiling
//!
//! Take the unit cubes of space and colour their corners like a
//! checkerboard (a corner is *even* when the sum of its coordinates is).
//! In each cube, the 4 even corners span a regular tetrahedron; what is
//! left of the cube are 4 corner pieces, each an eighth of a regular
//! octahedron, cut off at an odd corner by a face of the tetrahedron. The 8 cubes around an odd corner put their 8
//! eighths together into an octahedron centred on that corner. So the
//! cells are one tetrahedron per cube (two orientations, alternating like
//! the cubes of a checkerboard) and one octahedron per odd corner.
//!
//! ## Coordinates
//!
//! Six units per cube, with the origin on an octahedron's centre: the
//! octahedron at the odd corner `V` (cube units, `V` relative to the
//! origin has an even coordinate sum) is `6V`; the tetrahedron of the cube
//! centred at `K + (1/2, 1/2, 1/2)` is `6K + (3, 3, 3)`. In these
//! coordinates the symmetries fixing an octahedron are the 48 signed
//! permutations, and the translations are `6W` with `W` of even coordinate
//! sum (moving by one cube would swap octahedra and tetrahedra's corners):
//! the tiling's symmetries are the whole cubic group, with the FCC
//! translations.
//!
//! ## Two lattices
//!
//! * [`TetraOcta`] (`tetra-octa`): cells are the tetrahedra and
//!   octahedra. Art: layer by layer in steps of half a cube, two
//!   characters per cube along a row: the character at `(layer, row,
//!   column)` is the cell `3 * [column, row, layer]`, so layers with all
//!   positions even hold octahedra (on a checkerboard), layers with all
//!   odd positions tetrahedra (every other character), and other positions
//!   hold nothing.
//! * [`TetraOctaUnits`] (`tetra-octa-units`): BurrTools' units, the
//!   tetrahedra and the eighths of octahedra. BurrTools keeps each cube as
//!   a 3x3x3 block of voxels, the tetrahedron in the middle and the
//!   eighths in the 4 block corners at the cube's odd corners. The eighth
//!   at odd corner `V` towards the cube whose centre is in direction
//!   `d = (±1, ±1, ±1)` is `6V + d`; the tetrahedron is as above. BurrTools'
//!   voxel `(x, y, z)` is the unit `[2x - 5, 5 - 2y, 5 - 2z]` (its y and z
//!   turned, as for bricks; its corner `(3, 3, 3)` is an octahedron's
//!   centre and our origin), and the art is its voxel grid: the unit at
//!   `(layer, row, column)` is `2 * [column, row, layer] - 5`.
//!
//! An octahedron is its 8 eighths (the embedding from `tetra-octa` into
//! `tetra-octa-units`), and every eighth lies in exactly one octahedron, so
//! a BurrTools file made of whole octahedra and tetrahedra is read on the
//! coarser lattice with the same placements.

use super::{Cell, Lattice, LatticeKind, Symmetry, cubic_group, describe};
use crate::error::ErrorKind;

/// Tetrahedra and octahedra (see the docs of `lattice/tetra_octa.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct TetraOcta;

/// BurrTools' units of the tetra-octa grid (see the docs of `lattice/tetra_octa.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct TetraOctaUnits;

/// Is `v` a translation of the tiling: `6W` with `W`'s coordinate sum even?
fn translation(v: Cell) -> bool {
    v.iter().all(|x| x.rem_euclid(6) == 0) && (v[0] / 6 + v[1] / 6 + v[2] / 6).rem_euclid(2) == 0
}

/// The translation moving `c` to the representative of its class: `-6W`
/// for the cube `W` holding `c`, one cube further down in x when that
/// would not be a translation.
fn canonical(c: Cell) -> Cell {
    let mut w = c.map(|v| v.div_euclid(6));
    if (w[0] + w[1] + w[2]).rem_euclid(2) != 0 {
        w[0] -= 1;
    }
    w.map(|k| -6 * k)
}

/// Is `c` the centre of an octahedron: `6V`, `V` of even coordinate sum?
pub fn is_octahedron(c: Cell) -> bool {
    translation(c)
}

/// Is `c` a tetrahedron: all coordinates `3 (mod 6)`?
pub fn is_tetrahedron(c: Cell) -> bool {
    c.iter().all(|v| v.rem_euclid(6) == 3)
}

/// The 8 units (eighths) of the octahedron centred at `c`.
pub fn octahedron_units(c: Cell) -> [Cell; 8] {
    let mut out = [[0; 3]; 8];
    for (i, o) in out.iter_mut().enumerate() {
        let d = [i & 1, i >> 1 & 1, i >> 2 & 1].map(|b| if b == 1 { 1 } else { -1 });
        *o = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
    }
    out
}

/// The octahedron an eighth belongs to (its centre), if `c` is an eighth.
pub fn octahedron_of(c: Cell) -> Option<Cell> {
    if !c.iter().all(|v| matches!(v.rem_euclid(6), 1 | 5)) {
        return None;
    }
    let centre = c.map(|v| 6 * (v + 1).div_euclid(6));
    is_octahedron(centre).then_some(centre)
}

impl Lattice for TetraOcta {
    fn kind(&self) -> LatticeKind {
        LatticeKind::TetraOcta
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        cubic_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        is_octahedron(c) || is_tetrahedron(c)
    }
    fn is_translation(&self, v: Cell) -> bool {
        translation(v)
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        canonical(c)
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::TetraOcta => Ok(cells.to_vec()),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed among tetrahedra and octahedra: draw it in tetra-octa art (see docs/format.md)"
            ))),
        }
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        // A plane of centres is not always a mirror of the cells (a
        // tetrahedron has no horizontal mirror); answering no is safe:
        // rotations give every orientation a piece can take.
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        let c = [3 * col, 3 * row, 3 * layer];
        self.is_cell(c).then_some(c)
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        (c[2].div_euclid(3), c[1].div_euclid(3), c[0].div_euclid(3))
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        // Shifting the art by `s` moves cells by `3s`: a translation when
        // `s` is even in every coordinate and `s / 2` sums to an even
        // number.
        even_block_align(lo, 2)
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::space(s)
    }
}

impl Lattice for TetraOctaUnits {
    fn kind(&self) -> LatticeKind {
        LatticeKind::TetraOctaUnits
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        cubic_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        is_tetrahedron(c) || octahedron_of(c).is_some()
    }
    fn is_translation(&self, v: Cell) -> bool {
        translation(v)
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        canonical(c)
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::TetraOctaUnits => Ok(cells.to_vec()),
            LatticeKind::TetraOcta => Ok(cells
                .iter()
                .flat_map(|&c| {
                    if is_tetrahedron(c) {
                        vec![c]
                    } else {
                        octahedron_units(c).to_vec()
                    }
                })
                .collect()),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed in the tetra-octa units: draw it in units (BurrTools' 3x3x3 voxels per cube) or in tetrahedra and octahedra (a piece with lattice = \"tetra-octa\")"
            ))),
        }
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        // Safe: rotations give every orientation a piece can take.
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        let c = [2 * col - 5, 2 * row - 5, 2 * layer - 5];
        self.is_cell(c).then_some(c)
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        ((c[2] + 5) / 2, (c[1] + 5) / 2, (c[0] + 5) / 2)
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        // Shifting the art by `s` moves units by `2s`: a translation when
        // `s` is a multiple of 3 and `s / 3` sums to an even number.
        even_block_align(lo, 3)
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::space(s)
    }
}

/// The shift of a drawing at or below `lo` that is a multiple of `block`
/// in every coordinate, with the multiples summing to an even number (the
/// shifts that move the cells of a tetra-octa lattice onto cells): each
/// coordinate rounded down to a multiple, then z one block lower if the
/// sum is odd.
fn even_block_align(lo: [i32; 3], block: i32) -> [i32; 3] {
    let mut s = lo.map(|v| block * v.div_euclid(block));
    if (s[0] / block + s[1] / block + s[2] / block).rem_euclid(2) != 0 {
        s[2] -= block;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The units BurrTools' tetra-octa grid has in a 3x3x3 block (its
    /// `voxel_4.cpp`): the middle, and 4 corners chosen by the block's
    /// parity.
    fn burrtools_voxel(x: i32, y: i32, z: i32) -> bool {
        let (b, s) = (
            [x, y, z].map(|v| v.div_euclid(3)),
            [x, y, z].map(|v| v.rem_euclid(3)),
        );
        if s == [1, 1, 1] {
            return true;
        }
        let corners: &[[i32; 3]] = if (b[0] + b[1] + b[2]).rem_euclid(2) == 1 {
            &[[0, 0, 0], [2, 2, 0], [0, 2, 2], [2, 0, 2]]
        } else {
            &[[2, 0, 0], [0, 2, 0], [0, 0, 2], [2, 2, 2]]
        };
        corners.contains(&s)
    }

    #[test]
    fn units_are_burrtools_voxels() {
        for x in -6..12 {
            for y in -6..12 {
                for z in -6..12 {
                    let c = [2 * x - 5, 5 - 2 * y, 5 - 2 * z];
                    assert_eq!(
                        TetraOctaUnits.is_cell(c),
                        burrtools_voxel(x, y, z),
                        "({x}, {y}, {z})"
                    );
                }
            }
        }
    }

    #[test]
    fn every_eighth_is_in_one_octahedron() {
        let mut seen = HashSet::new();
        for x in -3..3 {
            for y in -3..3 {
                for z in -3..3 {
                    let c = [6 * x, 6 * y, 6 * z];
                    if is_octahedron(c) {
                        for u in octahedron_units(c) {
                            assert!(TetraOctaUnits.is_cell(u));
                            assert_eq!(octahedron_of(u), Some(c));
                            assert!(seen.insert(u));
                        }
                    }
                }
            }
        }
        // 4 eighths per cube, the tetrahedron the fifth unit.
        // 108 octahedra: the even points of a 6x6x6 box.
        assert_eq!(seen.len(), 108 * 8);
    }

    #[test]
    fn the_cubic_group_keeps_the_tiling() {
        for s in cubic_group() {
            for x in -7..8 {
                for y in -7..8 {
                    for z in -7..8 {
                        let c = [x, y, z];
                        assert_eq!(
                            TetraOctaUnits.is_cell(s.apply(c)),
                            TetraOctaUnits.is_cell(c)
                        );
                        assert_eq!(TetraOcta.is_cell(s.apply(c)), TetraOcta.is_cell(c));
                    }
                }
            }
        }
        // Moving by one cube does not.
        assert!(TetraOcta.is_cell([0, 0, 0]) && !TetraOcta.is_cell([6, 0, 0]));
    }
}
