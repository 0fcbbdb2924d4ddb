//! Lattices: where cells live, how they move, how they are drawn.
//!
//! A lattice is a set of cells with integer coordinates ([`Cell`]), a group
//! of translations that maps cells to cells, and a point group of
//! [`Symmetry`]s (exact integer affine maps) that fix the origin's
//! neighbourhood. Everything above this module (shapes, pieces, boards,
//! placements) only asks a [`Lattice`] these questions, so a new lattice
//! (hexagonal, triangular, FCC spheres) is a new implementation of the
//! trait, not a change elsewhere.
//!
//! The lattices:
//! * [`Square`]: cells `[x, y, 0]`, 8 symmetries (4 rotations, 4 turn-overs);
//! * [`Cubic`]: cells `[x, y, z]`, 48 symmetries (24 rotations);
//! * [`Hex`] (`hex.rs`): sites of a triangular lattice (hexagons, or spheres
//!   in a honeycomb tray), 12 symmetries;
//! * [`Triangle`] (`triangle.rs`): up and down triangles, 12 symmetries;
//! * [`Prism`] (`prism.rs`): triangular prisms in layers, 24 symmetries
//!   (12 rotations);
//! * [`Fcc`] (`fcc.rs`): spheres in the densest packing, 48 symmetries,
//!   drawn in square layers (`fcc-square`) or triangular ones
//!   (`fcc-triangle`);
//! * [`Rhombic`] (`rhombic.rs`): rhombic dodecahedra, the FCC lattice with
//!   another solid; [`RhombicUnits`]: the 24 tetrahedra per cube that
//!   BurrTools builds them from (its grid 3);
//! * [`TetraOcta`] (`tetra_octa.rs`): regular tetrahedra and octahedra
//!   filling space; [`TetraOctaUnits`]: tetrahedra and eighths of
//!   octahedra, BurrTools' grid 4;
//! * [`POLYSTICKS`], [`POLYTRIGS`], [`POLYTWIGS`] (`stick.rs`): the unit
//!   segments of the square, triangular and hexagonal grids, with
//!   secondary items at the points where pieces must not cross.
//!
//! A piece's *shape* is drawn in its own lattice (a flat pentomino in square
//! art) and *embedded* into the puzzle's lattice ([`Lattice::embed`]), so the
//! same drawing serves a 2D board and a 3D box.

use crate::error::ErrorKind;
pub use crate::lattice_kind::LatticeKind;
use std::fmt;

mod describe;
mod fcc;
mod group;
mod hex;
mod prism;
mod rhombic;
mod stick;
mod tetra_octa;
mod triangle;

pub use fcc::{FCC_SQUARE, FCC_TRIANGLE, Fcc, Layers, square_layer_cell, triangle_layer_cell};
pub use group::{closure, compose};
pub use hex::Hex;
pub use prism::Prism;
pub use rhombic::{
    Rhombic, RhombicUnits, dodecahedron_units, dodecahedron_units_at, unit_centroid16, unit_cube,
    unit_in_dodecahedron, unit_offsets,
};
pub use stick::{
    Joint, POLYSTICKS, POLYTRIGS, POLYTWIGS, Sticks, direction, face_edges, face_lattice, is_stick,
    read_stick_art, segment_char,
};
pub use tetra_octa::{
    TetraOcta, TetraOctaUnits, is_octahedron, is_tetrahedron, octahedron_of, octahedron_units,
};
pub use triangle::{Triangle, points_up};

/// A cell's coordinates. 2D lattices keep the third coordinate 0.
///
/// What the numbers mean is the lattice's business: for [`Square`] and
/// [`Cubic`] they are Cartesian coordinates of unit cells (x to the right,
/// y down the page as drawn, z up through the layers).
pub type Cell = [i32; 3];

/// An exact integer affine map `c -> m * c + t` of a lattice onto itself,
/// fixing the lattice's point-group centre (so it maps cells to cells).
///
/// Invariant: `m` is invertible over the integers and maps the lattice's
/// cells onto its cells; `proper` is true for rotations and false for
/// reflections (maps that turn a piece over).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// The linear part, row by row.
    pub m: [[i32; 3]; 3],
    /// The translation part (zero for the lattices of this issue; other
    /// lattices, e.g. triangles with an up/down coordinate, need it).
    pub t: [i32; 3],
    /// Is this a rotation (no turning over)?
    pub proper: bool,
}

impl Symmetry {
    /// The image of a cell.
    pub fn apply(&self, c: Cell) -> Cell {
        let mut out = self.t;
        for (i, o) in out.iter_mut().enumerate() {
            *o += self.m[i][0] * c[0] + self.m[i][1] * c[1] + self.m[i][2] * c[2];
        }
        out
    }

    /// The identity map.
    pub fn identity() -> Symmetry {
        Symmetry {
            m: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            t: [0, 0, 0],
            proper: true,
        }
    }
}

impl LatticeKind {
    /// The lattice itself.
    pub fn lattice(self) -> &'static dyn Lattice {
        match self {
            LatticeKind::Square => &Square,
            LatticeKind::Cubic => &Cubic,
            LatticeKind::Hex => &Hex,
            LatticeKind::Triangle => &Triangle,
            LatticeKind::Prism => &Prism,
            LatticeKind::FccSquare => &FCC_SQUARE,
            LatticeKind::FccTriangle => &FCC_TRIANGLE,
            LatticeKind::Rhombic => &Rhombic,
            LatticeKind::RhombicUnits => &RhombicUnits,
            LatticeKind::TetraOcta => &TetraOcta,
            LatticeKind::TetraOctaUnits => &TetraOctaUnits,
            LatticeKind::Polysticks => &POLYSTICKS,
            LatticeKind::Polytrigs => &POLYTRIGS,
            LatticeKind::Polytwigs => &POLYTWIGS,
        }
    }
}

/// What a lattice must know. Implementations are stateless singletons,
/// reached through [`LatticeKind::lattice`].
pub trait Lattice: Send + Sync + fmt::Debug {
    /// Which lattice this is.
    fn kind(&self) -> LatticeKind;

    /// Its name in puzzle files.
    fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The dimension pieces move in: 2 (pieces can be turned over only if
    /// the puzzle allows) or 3 (pieces only rotate, flat ones turn over).
    fn dimension(&self) -> usize {
        self.kind().dimension()
    }

    /// The point group, identity first. Rotations have `proper == true`.
    fn symmetries(&self) -> &'static [Symmetry];

    /// Are these valid coordinates of a cell?
    fn is_cell(&self, c: Cell) -> bool;

    /// Is `v` a translation of the lattice (maps cells onto cells)?
    fn is_translation(&self, v: Cell) -> bool;

    /// The translation `t` that moves `c` to the canonical representative
    /// of its class (cells related by a translation share one). For
    /// lattices where every cell is equivalent this is `-c`.
    fn canonical_translation(&self, c: Cell) -> Cell;

    /// The cells of a shape drawn in lattice `from`, placed in this
    /// lattice, or an explanation of why they cannot be.
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind>;

    /// Can a set of cells be turned over by a rotation of space? True for
    /// flat 3D shapes (all in one plane); 2D lattices answer false.
    fn is_flat(&self, cells: &[Cell]) -> bool;

    /// The cell drawn at a grid position `(layer, row, column)` of ASCII art,
    /// if that position is a cell of this lattice.
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell>;

    /// Where a cell is drawn: `(layer, row, column)`; the inverse of
    /// [`cell_at`](Lattice::cell_at).
    fn grid_position(&self, c: Cell) -> (i32, i32, i32);

    /// Where a picture whose smallest grid position is `lo` (`[layer, row,
    /// column]`, each the least used) starts: a position at or before `lo`
    /// such that the picture, read back as art, gives the same cells
    /// moved by a translation. Every position, for lattices whose art has
    /// a cell at every position; a row + column of the right parity, or a
    /// whole block of voxels, for the others.
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        lo
    }

    /// A symmetry of this lattice in words: "identity", "rotation by 60°",
    /// "reflection in the vertical line", "rotation by 120° about
    /// \[1,1,1]", "rotoreflection by 90° about \[0,0,1]", "inversion".
    fn describe(&self, s: &Symmetry) -> String;

    /// The secondary items a piece covering `cells` claims besides its
    /// cells: on stick lattices, the grid points where another piece would
    /// cross it ([`Joint`]s, see `lattice/stick.rs`). None elsewhere.
    fn joints(&self, _cells: &[Cell]) -> Vec<Joint> {
        Vec::new()
    }

    /// Can a placement claim joints at all? (Spares the lattices without
    /// any the work of asking each placement.)
    fn has_joints(&self) -> bool {
        false
    }
}

/// The square lattice: unit squares at integer points `[x, y, 0]`.
#[derive(Copy, Clone, Debug, Default)]
pub struct Square;

/// The cubic lattice: unit cubes at integer points `[x, y, z]`.
#[derive(Copy, Clone, Debug, Default)]
pub struct Cubic;

static SQUARE_GROUP: [Symmetry; 8] = {
    const fn s(a: [i32; 4], proper: bool) -> Symmetry {
        Symmetry {
            m: [[a[0], a[1], 0], [a[2], a[3], 0], [0, 0, 1]],
            t: [0, 0, 0],
            proper,
        }
    }
    [
        s([1, 0, 0, 1], true),
        s([0, -1, 1, 0], true),
        s([-1, 0, 0, -1], true),
        s([0, 1, -1, 0], true),
        s([-1, 0, 0, 1], false),
        s([0, 1, 1, 0], false),
        s([1, 0, 0, -1], false),
        s([0, -1, -1, 0], false),
    ]
};

/// The 48 signed permutation matrices, identity first, rotations before
/// reflections.
pub(crate) fn cubic_group() -> &'static [Symmetry] {
    use std::sync::OnceLock;
    static GROUP: OnceLock<Vec<Symmetry>> = OnceLock::new();
    GROUP.get_or_init(|| {
        const PERMS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
            [0, 2, 1],
            [2, 1, 0],
            [1, 0, 2],
        ];
        let mut all = Vec::with_capacity(48);
        for (pi, p) in PERMS.iter().enumerate() {
            let even = pi < 3;
            for signs in 0..8u32 {
                let mut m = [[0; 3]; 3];
                let mut negs = 0;
                for (row, &col) in p.iter().enumerate() {
                    let s = if signs >> row & 1 == 1 {
                        negs += 1;
                        -1
                    } else {
                        1
                    };
                    m[row][col] = s;
                }
                let proper = even == (negs % 2 == 0);
                all.push(Symmetry {
                    m,
                    t: [0, 0, 0],
                    proper,
                });
            }
        }
        all.sort_by_key(|s| !s.proper);
        debug_assert_eq!(all[0], Symmetry::identity());
        all
    })
}

/// Why a shape of spheres cannot go on a flat board (`board`: its
/// lattice's name).
fn spheres_on_flat_board(board: &str) -> ErrorKind {
    ErrorKind::Embed(format!(
        "a 3D shape (spheres drawn in layers) cannot be placed on a {board} (2D) board"
    ))
}

impl Lattice for Square {
    fn kind(&self) -> LatticeKind {
        LatticeKind::Square
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        &SQUARE_GROUP
    }
    fn is_cell(&self, c: Cell) -> bool {
        c[2] == 0
    }
    fn is_translation(&self, v: Cell) -> bool {
        v[2] == 0
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        [-c[0], -c[1], 0]
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            LatticeKind::Square => Ok(cells.to_vec()),
            LatticeKind::Cubic => {
                if cells.iter().all(|c| c[2] == cells[0][2]) {
                    Ok(cells.iter().map(|c| [c[0], c[1], 0]).collect())
                } else {
                    Err(ErrorKind::Embed("a 3D shape (cells in several layers) cannot be placed on a square (2D) board".into()))
                }
            }
            LatticeKind::FccSquare | LatticeKind::FccTriangle => {
                Err(spheres_on_flat_board("square"))
            }
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed on a square board: draw it in square art"
            ))),
        }
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        (layer == 0).then_some([col, row, 0])
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        (0, c[1], c[0])
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::plane(s, [[1.0, 0.0], [0.0, 1.0]])
    }
}

impl Lattice for Cubic {
    fn kind(&self) -> LatticeKind {
        LatticeKind::Cubic
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        cubic_group()
    }
    fn is_cell(&self, _: Cell) -> bool {
        true
    }
    fn is_translation(&self, _: Cell) -> bool {
        true
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        [-c[0], -c[1], -c[2]]
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        match from {
            // A square drawing lies in the layer z = 0.
            LatticeKind::Square | LatticeKind::Cubic => Ok(cells.to_vec()),
            other => Err(ErrorKind::Embed(format!(
                "a shape drawn on the {other} lattice cannot be placed in a box of cubes: draw it in square art or in layers of cubes"
            ))),
        }
    }
    fn is_flat(&self, cells: &[Cell]) -> bool {
        coplanar(cells)
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        Some([col, row, layer])
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        (c[2], c[1], c[0])
    }
    fn describe(&self, s: &Symmetry) -> String {
        describe::space(s)
    }
}

/// [`Lattice::art_align`] for art with cells where `row + column` is even
/// (staggered rows, triangles): one column further left when the first
/// used position is odd.
pub(crate) fn even_row_col(lo: [i32; 3]) -> [i32; 3] {
    let mut s = lo;
    if (lo[1] + lo[2]).rem_euclid(2) == 1 {
        s[2] -= 1;
    }
    s
}

/// Do integer points all lie in one plane? (Affine test, so it holds for any
/// lattice whose coordinates are an affine image of space.)
pub fn coplanar(cells: &[Cell]) -> bool {
    let Some(&o) = cells.first() else {
        return true;
    };
    let d: Vec<[i64; 3]> = cells
        .iter()
        .map(|c| {
            [
                (c[0] - o[0]) as i64,
                (c[1] - o[1]) as i64,
                (c[2] - o[2]) as i64,
            ]
        })
        .collect();
    // Find two independent directions, then every other point must be in
    // their span (zero triple product).
    let cross = |a: [i64; 3], b: [i64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let mut normal = None;
    for (i, &a) in d.iter().enumerate() {
        for &b in &d[i + 1..] {
            let n = cross(a, b);
            if n != [0, 0, 0] {
                normal = Some(n);
                break;
            }
        }
        if normal.is_some() {
            break;
        }
    }
    match normal {
        None => true, // collinear
        Some(n) => d
            .iter()
            .all(|v| n[0] * v[0] + n[1] * v[1] + n[2] * v[2] == 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn group_closed(g: &[Symmetry]) {
        let pts: Vec<Cell> = vec![[1, 2, 3], [5, -7, 11], [0, 1, 0]];
        let key = |s: &Symmetry| pts.iter().map(|&p| s.apply(p)).collect::<Vec<_>>();
        let keys: HashSet<_> = g.iter().map(key).collect();
        assert_eq!(keys.len(), g.len(), "symmetries are distinct");
        for a in g {
            for b in g {
                let comp: Vec<Cell> = pts.iter().map(|&p| a.apply(b.apply(p))).collect();
                assert!(keys.contains(&comp), "closed under composition");
            }
        }
    }

    #[test]
    fn square_group_has_8_with_4_rotations() {
        let g = Square.symmetries();
        assert_eq!(g.len(), 8);
        assert_eq!(g.iter().filter(|s| s.proper).count(), 4);
        assert_eq!(g[0], Symmetry::identity());
        let pts: Vec<Cell> = vec![[1, 2, 0], [5, -7, 0]];
        let keys: HashSet<Vec<Cell>> = g
            .iter()
            .map(|s| pts.iter().map(|&p| s.apply(p)).collect())
            .collect();
        assert_eq!(keys.len(), 8);
    }

    #[test]
    fn cubic_group_has_48_with_24_rotations() {
        let g = Cubic.symmetries();
        assert_eq!(g.len(), 48);
        assert_eq!(g.iter().filter(|s| s.proper).count(), 24);
        assert_eq!(g[0], Symmetry::identity());
        group_closed(g);
        // proper == determinant +1
        for s in g {
            let m = s.m;
            let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
            assert_eq!(det == 1, s.proper);
        }
    }

    #[test]
    fn flatness() {
        assert!(coplanar(&[[0, 0, 0], [1, 0, 0], [2, 0, 0]]));
        assert!(coplanar(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]));
        assert!(coplanar(&[[0, 0, 0], [1, 1, 0], [0, 0, 1], [1, 1, 1]]));
        assert!(!coplanar(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]));
    }
}
