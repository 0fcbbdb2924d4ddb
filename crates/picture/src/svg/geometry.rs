//! Where each cell is drawn, in *units* (the distance between neighbouring
//! cells is 1; x to the right, y down the page), within its layer's panel.
//!
//! * square: unit squares; hex: hexagons (pointy top) around the sites of
//!   the triangular lattice; triangle: up and down triangles;
//! * cubic: an isometric cube per cell (top face and the two faces seen
//!   from the front), one panel per layer `z`;
//! * FCC: a ball per sphere, one panel per layer as the art draws it
//!   ([`Lattice::grid_position`](polyform::lattice::Lattice::grid_position)), shifted by where the layer rests on the
//!   one below, so the layers of a pyramid line up as they do in the hand;
//! * rhombic dodecahedra: their middle sections in square layers (squares,
//!   which tile the layer), placed as FCC balls are;
//! * tetrahedra and octahedra: a panel per half cube of height, octahedra
//!   (in the layers of their centres) as their middle sections, squares on
//!   a corner that tile the layer, tetrahedra (in the layers between) as
//!   their middle sections, half as wide;
//! * BurrTools' units (rhombic, tetra-octa): a panel per layer of its voxel
//!   grid (5 per cube for rhombic units, 3 for tetra-octa units), each unit
//!   drawn as its shadow on the layer: a quarter or an eighth of the cube's
//!   square for rhombic units, a half square at an octahedron's centre for
//!   an eighth of it, a square on a corner for a tetrahedron;
//! * sticks (polysticks, polytrigs, polytwigs): the segment between its two
//!   grid points, drawn as a bar with round ends.

use polyform::lattice::{Cell, LatticeKind, points_up};

/// A point in units.
pub type Pt = (f64, f64);

const H: f64 = 0.866_025_403_784_438_6; // sqrt(3) / 2

/// What a cell looks like.
#[derive(Clone, Debug)]
pub enum Form {
    /// A flat polygon (square, hexagon, triangle).
    Poly(Vec<Pt>),
    /// An isometric cube: its top face, and the two side faces seen from
    /// the front (towards +y, left on the page; towards +x, right).
    Cube {
        /// The top face.
        top: [Pt; 4],
        /// The face towards +y (left on the page).
        left: [Pt; 4],
        /// The face towards +x (right on the page).
        right: [Pt; 4],
    },
    /// A ball around the centre.
    Ball {
        /// Its radius.
        r: f64,
    },
    /// A stick: a bar from one end to the other, `r` wide on each side of
    /// the segment, with round ends.
    Stick {
        /// The segment's two ends (grid points).
        ends: [Pt; 2],
        /// Half the bar's width.
        r: f64,
    },
}

/// A cell's drawing: its panel (layer), centre and form, in units.
#[derive(Clone, Debug)]
pub struct CellGeom {
    /// The panel (layer) it is drawn in.
    pub layer: i32,
    /// Its centre in the panel.
    pub centre: Pt,
    /// What is drawn.
    pub form: Form,
}

/// Pixels per unit for a lattice.
pub fn unit(kind: LatticeKind) -> f64 {
    match kind {
        LatticeKind::Square | LatticeKind::Hex => 30.0,
        LatticeKind::Triangle | LatticeKind::Prism => 36.0,
        LatticeKind::Cubic => 26.0,
        LatticeKind::FccSquare | LatticeKind::FccTriangle | LatticeKind::Rhombic => 28.0,
        LatticeKind::RhombicUnits => 40.0,
        LatticeKind::TetraOcta => 16.0,
        LatticeKind::TetraOctaUnits => 14.0,
        // A stick 40 pixels long, a twig 37.
        LatticeKind::Polysticks | LatticeKind::Polytrigs => 40.0,
        LatticeKind::Polytwigs => 64.0,
    }
}

/// The isometric image of the point `(x, y)` at height `w` in a layer.
fn iso(x: f64, y: f64, w: f64) -> Pt {
    ((x - y) * H, (x + y) * 0.5 - w)
}

/// A polygon in `layer` around its vertices' mean.
fn poly(layer: i32, pts: Vec<Pt>) -> CellGeom {
    let n = pts.len() as f64;
    let centre = (
        pts.iter().map(|p| p.0).sum::<f64>() / n,
        pts.iter().map(|p| p.1).sum::<f64>() / n,
    );
    CellGeom {
        layer,
        centre,
        form: Form::Poly(pts),
    }
}

/// A square standing on a corner: centre `(x, y)`, corners `r` away.
fn diamond(layer: i32, (x, y): Pt, r: f64) -> CellGeom {
    CellGeom {
        layer,
        centre: (x, y),
        form: Form::Poly(vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y)]),
    }
}

/// The shadow of a rhombic unit on its voxel layer, in cube units (see
/// the module docs of `lattice/rhombic.rs` for the unit's offset `r`).
fn rhombic_unit(c: Cell) -> CellGeom {
    let k = polyform::lattice::unit_cube(c);
    let r = [c[0] - 5 * k[0], c[1] - 5 * k[1], c[2] - 5 * k[2]];
    let (kx, ky) = (k[0] as f64, k[1] as f64);
    let at = |a: f64, b: f64| (kx + a, ky + b);
    let half = |v: i32| 0.5 * v.signum() as f64;
    let pts = if r[2] == 0 {
        // Edge upright: centre, face centre, the edge's foot.
        let (f, s) = if r[0].abs() == 2 { (0, 1) } else { (1, 0) };
        let mut face = [0.0; 2];
        face[f] = half(r[f]);
        let mut foot = face;
        foot[s] = half(r[s]);
        vec![at(0.0, 0.0), at(face[0], face[1]), at(foot[0], foot[1])]
    } else {
        // A quarter of the square: towards the in-plane coordinate that is
        // not 0.
        let a = if r[0] != 0 { 0 } else { 1 };
        let mut p = [[0.0; 2]; 2];
        for (i, q) in p.iter_mut().enumerate() {
            q[a] = half(r[a]);
            q[1 - a] = if i == 0 { -0.5 } else { 0.5 };
        }
        vec![at(0.0, 0.0), at(p[0][0], p[0][1]), at(p[1][0], p[1][1])]
    };
    poly(c[2] + 2, pts)
}

/// A stick: the segment between its two grid points (world `y` up, the
/// page's down), as wide as the bar it is printed as
/// ([`BAR_WIDTH`](polyform::stick_space::BAR_WIDTH)).
fn stick(kind: LatticeKind, c: Cell) -> CellGeom {
    let [p, q] = polyform::stick_space::ends(kind, c);
    let (a, b) = ((p[0], -p[1]), (q[0], -q[1]));
    CellGeom {
        layer: 0,
        centre: ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0),
        form: Form::Stick {
            ends: [a, b],
            r: polyform::stick_space::BAR_WIDTH * polyform::stick_space::length(kind) / 2.0,
        },
    }
}

/// Where and how cell `c` of lattice `kind` is drawn.
pub fn cell_geom(kind: LatticeKind, c: Cell) -> CellGeom {
    match kind {
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => stick(kind, c),
        LatticeKind::Square => unit_square(0, (c[0] as f64, c[1] as f64)),
        LatticeKind::Hex => hexagon(c),
        LatticeKind::Prism => CellGeom {
            // Each layer is a panel of triangles.
            layer: c[2],
            ..cell_geom(LatticeKind::Triangle, [c[0], c[1], 0])
        },
        LatticeKind::Triangle => triangle(c),
        LatticeKind::Cubic => cube(c),
        LatticeKind::FccSquare => {
            let (layer, row, col) = kind.lattice().grid_position(c);
            let l = layer as f64 / 2.0;
            CellGeom {
                layer,
                centre: (col as f64 + l, row as f64 + l),
                form: Form::Ball { r: 0.41 },
            }
        }
        LatticeKind::Rhombic => {
            // Each dodecahedron's middle section is the unit square around
            // its art position.
            let (layer, row, col) = kind.lattice().grid_position(c);
            let l = layer as f64 / 2.0;
            unit_square(layer, (col as f64 + l, row as f64 + l))
        }
        LatticeKind::RhombicUnits => rhombic_unit(c),
        LatticeKind::TetraOcta => {
            // Half cubes: the art position is c / 3.
            let (layer, row, col) = kind.lattice().grid_position(c);
            let r = if polyform::lattice::is_octahedron(c) {
                2.0
            } else {
                1.0
            };
            diamond(layer, (col as f64, row as f64), r)
        }
        LatticeKind::TetraOctaUnits => tetra_octa_unit(c),
        LatticeKind::FccTriangle => {
            let (layer, row, col) = kind.lattice().grid_position(c);
            CellGeom {
                layer,
                centre: (
                    col as f64 * 0.5,
                    (row as f64 + 2.0 * layer as f64 / 3.0) * H,
                ),
                form: Form::Ball { r: 0.41 },
            }
        }
    }
}

/// The unit square in `layer` with its top left corner at `(x, y)`.
fn unit_square(layer: i32, (x, y): Pt) -> CellGeom {
    CellGeom {
        layer,
        centre: (x + 0.5, y + 0.5),
        form: Form::Poly(vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]),
    }
}

/// A hex cell: a hexagon (pointy top) around its site of the triangular
/// lattice.
fn hexagon(c: Cell) -> CellGeom {
    let (x, y) = (c[0] as f64, c[1] as f64);
    let centre = (x + 0.5 * y, H * y);
    let r = 1.0 / 3f64.sqrt();
    let pts = (0..6)
        .map(|k| {
            let a = (30.0 + 60.0 * k as f64).to_radians();
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect();
    flat(centre, pts)
}

/// A triangle cell, pointing up or down.
fn triangle(c: Cell) -> CellGeom {
    let (x, y) = (c[0] as f64, c[1] as f64);
    // Corners are lattice points i * e1 + j * e2, e1 = (1, 0),
    // e2 = (1/2, H).
    let p = |i: f64, j: f64| (i + 0.5 * j, H * j);
    let pts = if points_up(c) {
        let (i, j) = ((c[0] - 2) as f64 / 3.0, (c[1] - 2) as f64 / 3.0);
        vec![p(i + 1.0, j), p(i + 1.0, j + 1.0), p(i, j + 1.0)]
    } else {
        let (i, j) = ((c[0] - 1) as f64 / 3.0, (c[1] - 1) as f64 / 3.0);
        vec![p(i, j), p(i + 1.0, j), p(i, j + 1.0)]
    };
    flat(p(x / 3.0, y / 3.0), pts)
}

/// A polygon of a one-layer lattice around `centre`.
fn flat(centre: Pt, pts: Vec<Pt>) -> CellGeom {
    CellGeom {
        layer: 0,
        centre,
        form: Form::Poly(pts),
    }
}

/// A cubic cell: an isometric cube in the panel of its layer `z`.
fn cube(c: Cell) -> CellGeom {
    let (x, y) = (c[0] as f64, c[1] as f64);
    let top = [
        iso(x, y, 1.0),
        iso(x + 1.0, y, 1.0),
        iso(x + 1.0, y + 1.0, 1.0),
        iso(x, y + 1.0, 1.0),
    ];
    let left = [
        iso(x, y + 1.0, 1.0),
        iso(x + 1.0, y + 1.0, 1.0),
        iso(x + 1.0, y + 1.0, 0.0),
        iso(x, y + 1.0, 0.0),
    ];
    let right = [
        iso(x + 1.0, y, 1.0),
        iso(x + 1.0, y + 1.0, 1.0),
        iso(x + 1.0, y + 1.0, 0.0),
        iso(x + 1.0, y, 0.0),
    ];
    CellGeom {
        layer: c[2],
        centre: iso(x + 0.5, y + 0.5, 1.0),
        form: Form::Cube { top, left, right },
    }
}

/// The shadow of a tetra-octa unit on its voxel layer (voxel units: c / 2):
/// a square on a corner for a tetrahedron, a right triangle for an eighth
/// of an octahedron.
fn tetra_octa_unit(c: Cell) -> CellGeom {
    let (layer, _, _) = LatticeKind::TetraOctaUnits.lattice().grid_position(c);
    let (x, y) = (c[0] as f64 / 2.0, c[1] as f64 / 2.0);
    if polyform::lattice::is_tetrahedron(c) {
        return diamond(layer, (x, y), 1.5);
    }
    // The eighth at corner 6V toward d: a right triangle with its right
    // angle at the corner.
    let (dx, dy) = (c[0].rem_euclid(6), c[1].rem_euclid(6));
    let sx = if dx == 1 { 1.0 } else { -1.0 };
    let sy = if dy == 1 { 1.0 } else { -1.0 };
    let (vx, vy) = (x - 0.5 * sx, y - 0.5 * sy);
    poly(
        layer,
        vec![(vx, vy), (vx + 3.0 * sx, vy), (vx, vy + 3.0 * sy)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyform::space::adjacent;

    /// Neighbouring cells are drawn one unit apart (centres of flat
    /// cells; balls in one layer), for every lattice.
    #[test]
    fn neighbours_are_one_unit_apart() {
        // Not for the solids drawn as sections (their neighbours lie in
        // other panels or at other distances), nor for sticks, which
        // touch at an end (tests/sticks.rs checks where they are drawn).
        for kind in LatticeKind::ALL.into_iter().filter(|k| {
            !matches!(
                k,
                LatticeKind::RhombicUnits
                    | LatticeKind::TetraOcta
                    | LatticeKind::TetraOctaUnits
                    | LatticeKind::Polysticks
                    | LatticeKind::Polytrigs
                    | LatticeKind::Polytwigs
            )
        }) {
            let l = kind.lattice();
            let cells: Vec<Cell> = (-3..=3)
                .flat_map(|x| (-3..=3).flat_map(move |y| (-1..=1).map(move |z| [x, y, z])))
                .filter(|&c| l.is_cell(c))
                .collect();
            for &a in &cells {
                for &b in &cells {
                    let (ga, gb) = (cell_geom(kind, a), cell_geom(kind, b));
                    if !adjacent(kind, a, b) || ga.layer != gb.layer {
                        continue;
                    }
                    let d = ((ga.centre.0 - gb.centre.0).powi(2)
                        + (ga.centre.1 - gb.centre.1).powi(2))
                    .sqrt();
                    let want = if matches!(kind, LatticeKind::Triangle | LatticeKind::Prism) {
                        1.0 / 3f64.sqrt()
                    } else {
                        1.0
                    };
                    assert!((d - want).abs() < 1e-9, "{kind}: {a:?} {b:?} at {d}");
                }
            }
        }
    }
}
