//! BurrTools' cut-cube grids read as whole solids when they can be.
//!
//! A rhombic (grid 3) or tetra-octa (grid 4) file stores units: 24
//! tetrahedra per cube, or a tetrahedron and 4 eighths of octahedra per
//! cube. Read as units ([`RhombicUnits`](polyform::lattice::RhombicUnits),
//! [`TetraOctaUnits`](polyform::lattice::TetraOctaUnits)) every file counts
//! as BurrTools counts it. When every shape of a problem is made of whole
//! rhombic dodecahedra, or of whole octahedra and tetrahedra, the problem
//! is read on the coarser lattice ([`Rhombic`](polyform::lattice::Rhombic),
//! [`TetraOcta`](polyform::lattice::TetraOcta)): one item per solid instead of
//! 48 or 8, and the same assemblies, because the placements correspond one
//! to one:
//!
//! * **octahedra**: every eighth lies in exactly one octahedron, and the
//!   grid's symmetries (rotations and the translations BurrTools allows)
//!   map octahedra to octahedra, so a piece's whole octahedra land on
//!   whole octahedra wherever it is placed;
//! * **dodecahedra**: a dodecahedron is made of units in two ways (on a
//!   cube's corner, or on its centre), and each way tiles space in two
//!   classes (one cube apart). A piece moved by one cube changes class, so
//!   a placement could in principle straddle the result's dodecahedra. It
//!   cannot in an exact cover of a result with no optional voxels: take a
//!   dodecahedron of the other class in the cover, the one furthest along
//!   x. It overlaps the result's dodecahedron one cube further along x,
//!   which is therefore wholly in the result and not in the cover; the
//!   units of that one it does not share must then be covered by
//!   dodecahedra of the other class around it, one of them further along
//!   x. So every placement in a cover is aligned with the result, and the
//!   coarse lattice is exact. With optional voxels in the result that
//!   argument fails, and such problems stay in units.
//!
//! A solid is coarse only if all its units are there, with one state and
//! one colour.

use super::xml::VoxelState;
use polyform::lattice::{Cell, is_tetrahedron, octahedron_of, unit_cube, unit_in_dodecahedron};
use std::collections::BTreeMap;

/// A shape's units: cell, state, colour.
pub(super) type Units = Vec<(Cell, VoxelState, u32)>;

/// How a problem's units become solids.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Coarsening {
    /// Rhombic dodecahedra centred on cube corners.
    CornerDodecahedra,
    /// Rhombic dodecahedra centred on cube centres.
    CentreDodecahedra,
    /// Octahedra (and the tetrahedra as they are).
    Octahedra,
}

/// The dodecahedra (of the given way and class) holding a unit: each
/// unit is in exactly one of a class. Returns the solid's `rhombic` cell
/// (the cube corner `M + (1/2, 1/2, 1/2)`, or the cube centre `M`) and its
/// centre in 16ths of a cube.
fn dodecahedron_of(u: Cell, corner: bool, class: i32) -> Option<(Cell, [i32; 3])> {
    let k = unit_cube(u);
    let mut candidates: Vec<Cell> = vec![];
    if corner {
        for i in 0..8 {
            candidates.push([k[0] - (i & 1), k[1] - (i >> 1 & 1), k[2] - (i >> 2 & 1)]);
        }
    } else {
        candidates.push(k);
        for a in 0..3 {
            for s in [-1, 1] {
                let mut m = k;
                m[a] += s;
                candidates.push(m);
            }
        }
    }
    candidates
        .into_iter()
        .filter(|m| (m[0] + m[1] + m[2]).rem_euclid(2) == class)
        .map(|m| {
            let off = if corner { 8 } else { 0 };
            (m, m.map(|v| 16 * v + off))
        })
        .find(|&(_, centre)| unit_in_dodecahedron(u, centre))
}

/// The units of a shape as solids, or `None` if some solid is not whole,
/// or not of one state and colour. Dodecahedra are moved by one cube when
/// they are of the odd class, so that every shape's solids are `rhombic`
/// cells.
pub(super) fn coarsen(how: Coarsening, units: &Units) -> Option<Units> {
    match how {
        Coarsening::Octahedra => {
            let mut groups: BTreeMap<Cell, Vec<(VoxelState, u32)>> = BTreeMap::new();
            for &(u, st, col) in units {
                let solid = if is_tetrahedron(u) {
                    u
                } else {
                    octahedron_of(u)?
                };
                groups.entry(solid).or_default().push((st, col));
            }
            whole(groups, |c| if is_tetrahedron(c) { 1 } else { 8 }, [0; 3])
        }
        Coarsening::CornerDodecahedra | Coarsening::CentreDodecahedra => {
            let corner = how == Coarsening::CornerDodecahedra;
            (0..2).find_map(|class| {
                let mut groups: BTreeMap<Cell, Vec<(VoxelState, u32)>> = BTreeMap::new();
                for &(u, st, col) in units {
                    let (m, _) = dodecahedron_of(u, corner, class)?;
                    groups.entry(m).or_default().push((st, col));
                }
                whole(groups, |_| 48, [class, 0, 0])
            })
        }
    }
}

/// Solids from groups of units, each with `size(solid)` units of one state
/// and colour, moved by `shift`.
fn whole(
    groups: BTreeMap<Cell, Vec<(VoxelState, u32)>>,
    size: impl Fn(Cell) -> usize,
    shift: Cell,
) -> Option<Units> {
    groups
        .into_iter()
        .map(|(c, units)| {
            let (st, col) = units[0];
            (units.len() == size(c) && units.iter().all(|&u| u == (st, col))).then_some((
                [c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]],
                st,
                col,
            ))
        })
        .collect()
}
