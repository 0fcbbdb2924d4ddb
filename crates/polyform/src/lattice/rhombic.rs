//! Rhombic dodecahedra, and the units BurrTools cuts them from (its grid 3).
//!
//! ## Rhombic dodecahedra: [`Rhombic`] (`rhombic`)
//!
//! Rhombic dodecahedra fill space face to face; their centres are the FCC
//! lattice, each touching its 12 neighbours through a rhombus, as a sphere
//! of the densest packing touches 12. So the `rhombic` lattice *is* the
//! [`Fcc`](super::Fcc) lattice (cells `[x, y, z]` with `x + y + z` even,
//! the 48 symmetries of the cube, art in square layers as `fcc-square`);
//! only the solid differs, which the pictures show. In a square layer
//! (`z` constant) the dodecahedra's middle sections are squares standing on
//! a corner (diamonds) that tile the layer.
//!
//! ## Rhombic units: [`RhombicUnits`] (`rhombic-units`)
//!
//! BurrTools does not store dodecahedra: it cuts every unit cube of space
//! along its 6 diagonal planes (`x ± y`, `y ± z`, `x ± z` through the
//! centre) into 24 congruent tetrahedra, the *units*, and a shape is any
//! set of units. A dodecahedron is 48 units, and designers use halves,
//! quarters and the other blocks of Stewart Coffin's books, so this finer
//! lattice is what reads every BurrTools rhombic file.
//!
//! Each unit has a vertex at its cube's centre, one at the centre of a face
//! of the cube, and the two ends of an edge of that face. Cube `K` (an
//! integer point, the cube's centre in cube units) holds the units
//! `5K + r`, where `r` is a signed permutation of `(2, 1, 0)`: the axis of
//! `±2` names the face (and its side), the axis of `±1` the side of the
//! face the edge is on, the axis of `0` the edge's direction. These are
//! BurrTools' own voxel positions (it keeps each cube as a 5x5x5 block of
//! voxels with the 24 units on the block's faces), centred on the cube:
//! BurrTools' voxel `(x, y, z)` is the unit `[x - 2, 2 - y, 2 - z]` (its y
//! and z turned, as for bricks, so that pictures are not upside down).
//!
//! Symmetries: the 48 signed permutations, about a cube's centre, with the
//! translations `5K` (one cube); the unit drawn at art position `(layer,
//! row, column)` is `[column - 2, row - 2, layer - 2]`, i.e. the art is
//! BurrTools' voxel grid, 5 characters per cube.
//!
//! A dodecahedron is made of whole units in two ways (BurrTools' user guide
//! calls it the shape dualism): centred on a cube's centre (the cube and a
//! square pyramid of each neighbour) or on a cube's corner (a quarter of
//! each of the 8 cubes around it, BurrTools' recommended construction from
//! a 2x2x2 cube). The dodecahedron of `rhombic` cell `M` is the one on the
//! corner `M + (1/2, 1/2, 1/2)` ([`dodecahedron_units`]).

use super::{Cell, Lattice, LatticeKind, Symmetry, cubic_group, describe};
use crate::error::ErrorKind;
use std::sync::OnceLock;

/// The lattice of rhombic dodecahedra (see the docs of `lattice/rhombic.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct Rhombic;

/// BurrTools' units of the rhombic grid (see the docs of `lattice/rhombic.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct RhombicUnits;

impl Lattice for Rhombic {
    fn kind(&self) -> LatticeKind {
        LatticeKind::Rhombic
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        cubic_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        super::FCC_SQUARE.is_cell(c)
    }
    fn is_translation(&self, v: Cell) -> bool {
        super::FCC_SQUARE.is_translation(v)
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        super::FCC_SQUARE.canonical_translation(c)
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::Rhombic => Ok(cells.to_vec()),
            // Drawn as spheres, or flat in square or hex art: the same
            // centres.
            LatticeKind::FccSquare
            | LatticeKind::FccTriangle
            | LatticeKind::Square
            | LatticeKind::Hex => super::FCC_SQUARE.embed(from, cells),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed in a packing of rhombic dodecahedra: draw it in layers of dodecahedra (as fcc-square spheres)"
            ))),
        }
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        // Unlike a ball, a dodecahedron is not its own mirror image in
        // every plane of centres (a triangular layer's plane is no mirror
        // of it), so turning a flat piece over is only what the rotations
        // of the lattice do: answering no is right.
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        super::FCC_SQUARE.cell_at(layer, row, col)
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        super::FCC_SQUARE.grid_position(c)
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::space(s)
    }
}

/// Where `c` lies in its cube: each coordinate from -2 to 2 (for a unit,
/// a signed permutation of `(2, 1, 0)`).
fn unit_offset(c: Cell) -> Cell {
    c.map(|v| (v + 2).rem_euclid(5) - 2)
}

/// The cube (its centre, in cube units) holding the unit at `c`.
pub fn unit_cube(c: Cell) -> Cell {
    c.map(|v| (v + 2).div_euclid(5))
}

/// Sixteen times a unit's centroid, in cube units: the centroid lies
/// `3/8` of a cube from the cube's centre towards its face and `1/4`
/// towards the side of its edge.
pub fn unit_centroid16(c: Cell) -> [i32; 3] {
    let k = unit_cube(c);
    let r = unit_offset(c);
    let mut out = [0; 3];
    for a in 0..3 {
        out[a] = 16 * k[a]
            + match r[a] {
                2 | -2 => 3 * r[a],
                1 | -1 => 4 * r[a],
                _ => 0,
            };
    }
    out
}

/// Is the unit `c` inside the dodecahedron whose centre is `centre16 / 16`
/// (cube units) and whose 4-fold corners are one cube from it? (A unit is
/// inside or outside as a whole: its centroid decides.)
pub fn unit_in_dodecahedron(c: Cell, centre16: [i32; 3]) -> bool {
    let p = unit_centroid16(c);
    let d = [p[0] - centre16[0], p[1] - centre16[1], p[2] - centre16[2]];
    d[0].abs() + d[1].abs() < 16 && d[1].abs() + d[2].abs() < 16 && d[0].abs() + d[2].abs() < 16
}

/// The 48 units of the dodecahedron centred at `centre16 / 16` (a cube's
/// centre or corner), in no particular order.
pub fn dodecahedron_units_at(centre16: [i32; 3]) -> Vec<Cell> {
    let lo = centre16.map(|v| (v - 16).div_euclid(16) - 1);
    let mut out = vec![];
    for kx in lo[0]..lo[0] + 4 {
        for ky in lo[1]..lo[1] + 4 {
            for kz in lo[2]..lo[2] + 4 {
                for r in unit_offsets() {
                    let c = [5 * kx + r[0], 5 * ky + r[1], 5 * kz + r[2]];
                    if unit_in_dodecahedron(c, centre16) {
                        out.push(c);
                    }
                }
            }
        }
    }
    out
}

/// The 24 units of the cube at the origin.
pub fn unit_offsets() -> &'static [Cell] {
    static UNITS: OnceLock<Vec<Cell>> = OnceLock::new();
    UNITS.get_or_init(|| {
        let mut v = vec![];
        for x in -2..=2 {
            for y in -2..=2 {
                for z in -2..=2 {
                    if RhombicUnits.is_cell([x, y, z]) {
                        v.push([x, y, z]);
                    }
                }
            }
        }
        v
    })
}

/// The units of the dodecahedron of `rhombic` cell `m`: the one centred on
/// the cube corner `m + (1/2, 1/2, 1/2)`.
pub fn dodecahedron_units(m: Cell) -> Vec<Cell> {
    static TEMPLATE: OnceLock<Vec<Cell>> = OnceLock::new();
    TEMPLATE
        .get_or_init(|| dodecahedron_units_at([8, 8, 8]))
        .iter()
        .map(|u| [u[0] + 5 * m[0], u[1] + 5 * m[1], u[2] + 5 * m[2]])
        .collect()
}

impl Lattice for RhombicUnits {
    fn kind(&self) -> LatticeKind {
        LatticeKind::RhombicUnits
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        cubic_group()
    }
    fn is_cell(&self, c: Cell) -> bool {
        let mut a = unit_offset(c).map(i32::abs);
        a.sort_unstable();
        a == [0, 1, 2]
    }
    fn is_translation(&self, v: Cell) -> bool {
        v.iter().all(|x| x.rem_euclid(5) == 0)
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        unit_cube(c).map(|k| -5 * k)
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::RhombicUnits => Ok(cells.to_vec()),
            LatticeKind::Rhombic => Ok(cells.iter().flat_map(|&m| dodecahedron_units(m)).collect()),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed in the rhombic units: draw it in units (BurrTools' 5x5x5 voxels per cube) or in rhombic dodecahedra (a piece with lattice = \"rhombic\")"
            ))),
        }
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        // Turning a flat set of units over is a rotation only for some
        // planes; answering no is safe (rotations give every orientation a
        // piece can take).
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        let c = [col - 2, row - 2, layer - 2];
        self.is_cell(c).then_some(c)
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        (c[2] + 2, c[1] + 2, c[0] + 2)
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        lo.map(|v| 5 * v.div_euclid(5))
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::space(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn a_cube_has_24_units_in_burrtools_places() {
        // BurrTools' user guide: the units sit on the faces of the 5x5x5
        // block, 4 per face (a diamond around the face's centre).
        assert_eq!(unit_offsets().len(), 24);
        for r in unit_offsets() {
            let p = r.map(|v| v + 2);
            let on_face = p.iter().filter(|&&v| v == 0 || v == 4).count();
            assert_eq!(on_face, 1, "{p:?}");
        }
    }

    #[test]
    fn dodecahedra_are_48_units_and_tile_space() {
        for centre in [[8, 8, 8], [0, 0, 0]] {
            let d = dodecahedron_units_at(centre);
            assert_eq!(d.len(), 48);
            // Translates by the FCC vectors (one cube each way in two
            // directions) are disjoint, and every unit of a cube is in one
            // of the dodecahedra around it.
            let mut seen = HashSet::new();
            for x in -2..=2i32 {
                for y in -2..=2i32 {
                    for z in -2..=2i32 {
                        if (x + y + z).rem_euclid(2) != 0 {
                            continue;
                        }
                        for u in &d {
                            assert!(seen.insert([u[0] + 5 * x, u[1] + 5 * y, u[2] + 5 * z]));
                        }
                    }
                }
            }
            for r in unit_offsets() {
                assert!(seen.contains(r));
            }
        }
    }

    #[test]
    fn the_two_dodecahedra_are_cut_differently() {
        // The shape dualism: on a corner, 6 units of each of the 8 cubes
        // around it; on a centre, its cube's 24 and 4 of each neighbour.
        let per_cube = |units: Vec<Cell>| {
            let mut n = std::collections::BTreeMap::new();
            for u in units {
                *n.entry(unit_cube(u)).or_insert(0) += 1;
            }
            let mut v: Vec<i32> = n.into_values().collect();
            v.sort_unstable();
            v
        };
        assert_eq!(per_cube(dodecahedron_units_at([8, 8, 8])), vec![6; 8]);
        assert_eq!(
            per_cube(dodecahedron_units_at([0, 0, 0])),
            vec![4, 4, 4, 4, 4, 4, 24]
        );
    }
}
