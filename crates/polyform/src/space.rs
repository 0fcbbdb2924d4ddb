//! Cells as solids in space: the geometry behind disassembly on lattices
//! whose cells are not cubes, the 3D page (`polycover view`) and STL
//! export (the `disassembly` and `picture` crates).
//!
//! ## One mechanism for every lattice
//!
//! A lattice says two things here, and nothing else:
//!
//! * its [`frame`]: the linear map from cell coordinates to *world*
//!   coordinates, `world = frame · cell`, so that the cell's centre is the
//!   image of its coordinates;
//! * its [`cell_solid`]: the solid a cell occupies in world coordinates, a
//!   convex polyhedron (vertices and faces) or a ball.
//!
//! Every symmetry of a lattice is an integer affine map `c -> m c + t` of
//! cell coordinates, and cell solids are laid out so that it is an isometry
//! of space as well: the solid of `m c + t` is the solid of `c` moved by
//! `frame · m · frame⁻¹` and `frame · t` ([`world_map`]; a test checks it
//! for every lattice and symmetry). So a piece's mesh is built once, and
//! each of its placements is a rotation (or, for pieces that may be turned
//! over, a reflection) and a translation of it.
//!
//! A new lattice adds an arm to [`frame`] and to [`cell_solid`]; meshes,
//! STL files and the 3D page (the `picture` crate) follow.
//!
//! ## World coordinates
//!
//! Units: neighbouring cells' centres are 1 apart where every cell is a
//! translate of one solid (cubes have edge 1, spheres diameter 1), but
//! triangles and prisms have edge 1 (prisms height 1), tetrahedra and
//! octahedra fill cubes of edge 1, and BurrTools' units cubes of edge 1.
//! `z` points up, through the
//! layers; a drawing seen from above looks as it does in the art: its
//! columns run along `+x` and its rows (down the page) along `-y`. Flat
//! cells of 2D lattices are tiles [`TILE_THICKNESS`] thick, centred on the
//! plane `z = 0` (so turning a tile over is a reflection in a vertical
//! plane, which maps it onto itself).
//!
//! Printing (`picture::solid::piece_meshes`) has one unit on every lattice instead: the
//! distance between the centres of two cells that share a face
//! ([`unit_length`] in world coordinates), and tiles a quarter of it thick.

use crate::lattice::{Cell, LatticeKind, Symmetry, points_up};

/// A point or vector in world coordinates.
pub type V3 = [f64; 3];

/// A 3x3 matrix, row by row.
pub type M3 = [[f64; 3]; 3];

/// The thickness of the tiles that cells of 2D lattices are drawn as
/// (units: the distance between neighbouring cells).
pub const TILE_THICKNESS: f64 = 0.25;

/// The radius of a sphere cell (neighbouring spheres touch).
pub const BALL_RADIUS: f64 = 0.5;

const H: f64 = 0.866_025_403_784_438_6; // sqrt(3) / 2

/// A convex polyhedron: its corners and its faces.
///
/// Invariant: every face is a convex polygon of at least 3 distinct
/// vertices (indices into `vertices`), listed anticlockwise as seen from
/// outside the solid, so the right-hand rule gives the outward normal.
#[derive(Clone, Debug, PartialEq)]
pub struct Polyhedron {
    /// The corners.
    pub vertices: Vec<V3>,
    /// The faces, each a cycle of vertex indices.
    pub faces: Vec<Vec<usize>>,
}

/// What a cell occupies.
#[derive(Clone, Debug, PartialEq)]
pub enum CellSolid {
    /// A convex polyhedron (cubes, prisms, tiles, and the polyhedra of
    /// lattices still to come).
    Polyhedron(Polyhedron),
    /// A ball (spheres of the FCC packing). Meshes approximate it by a
    /// polyhedron ([`icosphere`]); the page draws it smooth.
    Ball {
        /// Its centre.
        centre: V3,
        /// Its radius.
        radius: f64,
    },
}

/// The linear map from cell coordinates to world coordinates (see the
/// [module docs](self)).
pub fn frame(kind: LatticeKind) -> M3 {
    let s = std::f64::consts::FRAC_1_SQRT_2;
    match kind {
        LatticeKind::Square | LatticeKind::Cubic => {
            [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0]]
        }
        // Axial [x, y]: x to the right, y down and to the right (60°).
        LatticeKind::Hex => [[1.0, 0.5, 0.0], [0.0, -H, 0.0], [0.0, 0.0, 1.0]],
        // Cells are three times their centres in the hex basis.
        LatticeKind::Triangle => [
            [1.0 / 3.0, 1.0 / 6.0, 0.0],
            [0.0, -H / 3.0, 0.0],
            [0.0, 0.0, 1.0],
        ],
        // Square layers: a column step is [1, 1, 0], a row step (down the
        // page) [1, -1, 0], a layer up [1, 0, 1] (resting in the hollow of
        // four spheres); neighbours are 1 apart.
        LatticeKind::FccSquare => [[0.5, 0.5, 0.0], [-0.5, 0.5, 0.0], [0.0, 0.0, s]],
        // Triangular layers: axial a is [1, -1, 0] (to the right), axial b
        // is [1, 0, -1] (down the page, half a step right), a layer up
        // [1, 1, 0] (resting in the hollow of three spheres).
        LatticeKind::FccTriangle => {
            let h = (2.0f64 / 3.0).sqrt() / 2.0;
            [
                [0.5, -0.5, 0.0],
                [-H / 3.0, -H / 3.0, 2.0 * H / 3.0],
                [h, h, h],
            ]
        }
        // Triangles in the plane, layers 1 apart: prisms of edge 1 and
        // height 1.
        LatticeKind::Prism => frame(LatticeKind::Triangle),
        // The dodecahedra's centres are the spheres' of `fcc-square`.
        LatticeKind::Rhombic => frame(LatticeKind::FccSquare),
        // Units in cube coordinates scaled so that a cube has edge 1, rows
        // of the art running down the page as for cubes.
        LatticeKind::RhombicUnits => [[0.2, 0.0, 0.0], [0.0, -0.2, 0.0], [0.0, 0.0, 0.2]],
        LatticeKind::TetraOcta | LatticeKind::TetraOctaUnits => {
            let k = 1.0 / 6.0;
            [[k, 0.0, 0.0], [0.0, -k, 0.0], [0.0, 0.0, k]]
        }
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => {
            crate::stick_space::frame(kind)
        }
    }
}

/// `m · v`.
pub fn apply(m: &M3, v: V3) -> V3 {
    [
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    ]
}

/// `a · b`.
pub fn mul(a: &M3, b: &M3) -> M3 {
    let mut out = [[0.0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    out
}

/// The determinant.
pub fn det(m: &M3) -> f64 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// The inverse (the frames are invertible).
pub fn inverse(m: &M3) -> M3 {
    let d = det(m);
    let c = |i: usize, j: usize| {
        let (r0, r1) = ((i + 1) % 3, (i + 2) % 3);
        let (c0, c1) = ((j + 1) % 3, (j + 2) % 3);
        m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
    };
    let mut out = [[0.0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            // The inverse is the transposed cofactor matrix over det.
            *x = c(j, i) / d;
        }
    }
    out
}

/// A cell's centre in world coordinates.
pub fn centre(kind: LatticeKind, c: Cell) -> V3 {
    apply(&frame(kind), [c[0] as f64, c[1] as f64, c[2] as f64])
}

/// A symmetry of lattice `kind` as a map of world coordinates: the
/// orthogonal matrix `frame · m · frame⁻¹` and the translation
/// `frame · t`.
pub fn world_map(kind: LatticeKind, s: &Symmetry) -> (M3, V3) {
    let f = frame(kind);
    let m: M3 = std::array::from_fn(|i| std::array::from_fn(|j| s.m[i][j] as f64));
    let r = mul(&mul(&f, &m), &inverse(&f));
    let t = apply(&f, [s.t[0] as f64, s.t[1] as f64, s.t[2] as f64]);
    (r, t)
}

/// The solid cell `c` of lattice `kind` occupies, in world coordinates.
pub fn cell_solid(kind: LatticeKind, c: Cell) -> CellSolid {
    let o = centre(kind, c);
    match kind {
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => {
            crate::stick_space::solid(kind, c)
        }
        LatticeKind::Cubic => {
            CellSolid::Polyhedron(prism(&square_around(o), o[2] - 0.5, o[2] + 0.5))
        }
        LatticeKind::Square => CellSolid::Polyhedron(tile(&square_around(o))),
        LatticeKind::Hex => {
            // Pointy-top hexagons (as the SVG draws them), circumradius
            // 1/sqrt(3), so neighbours share an edge.
            let r = 1.0 / 3f64.sqrt();
            let pts: Vec<[f64; 2]> = (0..6)
                .map(|k| {
                    let a = (30.0 + 60.0 * k as f64).to_radians();
                    [o[0] + r * a.cos(), o[1] + r * a.sin()]
                })
                .collect();
            CellSolid::Polyhedron(tile(&pts))
        }
        LatticeKind::Triangle => {
            // Corners are lattice points i e1 + j e2 (e1 = [1, 0], e2 =
            // [1/2, -H] in world); see lattice/triangle.rs.
            let p = |i: i32, j: i32| [i as f64 + 0.5 * j as f64, -H * j as f64];
            let pts = if points_up(c) {
                let (i, j) = ((c[0] - 2) / 3, (c[1] - 2) / 3);
                vec![p(i + 1, j), p(i, j + 1), p(i + 1, j + 1)]
            } else {
                let (i, j) = ((c[0] - 1) / 3, (c[1] - 1) / 3);
                vec![p(i, j), p(i + 1, j), p(i, j + 1)]
            };
            CellSolid::Polyhedron(tile(&ccw(pts)))
        }
        LatticeKind::FccSquare | LatticeKind::FccTriangle => CellSolid::Ball {
            centre: o,
            radius: BALL_RADIUS,
        },
        LatticeKind::Prism => match cell_solid(LatticeKind::Triangle, [c[0], c[1], 0]) {
            CellSolid::Polyhedron(tile) => {
                // The tile's top face (the second) is the triangle.
                let base: Vec<[f64; 2]> = tile.faces[1]
                    .iter()
                    .map(|&i| [tile.vertices[i][0], tile.vertices[i][1]])
                    .collect();
                CellSolid::Polyhedron(prism(&base, o[2] - 0.5, o[2] + 0.5))
            }
            ball => ball,
        },
        LatticeKind::Rhombic => {
            // In cell coordinates: the 6 corners where four faces meet at
            // `c ± e_i`, the 8 where three meet at `c + (±1/2, ±1/2, ±1/2)`.
            let mut pts = Vec::with_capacity(14);
            for i in 0..3 {
                for s in [-1.0, 1.0] {
                    let mut v = [0.0; 3];
                    v[i] = s;
                    pts.push(v);
                }
            }
            for s in 0..8 {
                pts.push([0, 1, 2].map(|i| if s >> i & 1 == 1 { 0.5 } else { -0.5 }));
            }
            cell_hull(kind, c, 1.0, &pts)
        }
        LatticeKind::RhombicUnits => {
            // Cube K holds 5K + r, r a signed permutation of (2, 1, 0):
            // corners at the cube's centre, the centre of face r_f / 2 and
            // the two ends of the face's edge on side r_s (cube units).
            let k = c.map(|x| (x + 2).div_euclid(5));
            let r: [i32; 3] = std::array::from_fn(|i| c[i] - 5 * k[i]);
            let axis = |v: i32| (0..3).find(|&i| r[i].abs() == v).expect("a unit");
            let (f, side, e) = (axis(2), axis(1), axis(0));
            let mut face = [0.0; 3];
            face[f] = r[f] as f64 / 4.0;
            let mut edge = face;
            edge[side] = r[side] as f64 / 2.0;
            let (mut a, mut b) = (edge, edge);
            a[e] = -0.5;
            b[e] = 0.5;
            let pts = [[0.0; 3], face, a, b].map(|v| v.map(|x| 5.0 * x));
            cell_hull(kind, k.map(|x| 5 * x), 1.0, &pts)
        }
        LatticeKind::TetraOcta | LatticeKind::TetraOctaUnits => {
            use crate::lattice::{is_octahedron, is_tetrahedron};
            // Cube units, 6 cell units each. An octahedron at V has its
            // corners at V ± e_i; the tetrahedron of the cube from K to
            // K + (1, 1, 1) has the cube's corners of odd coordinate sum;
            // the eighth 6V + d has V and V + d_i e_i.
            if is_octahedron(c) {
                let mut pts = Vec::with_capacity(6);
                for i in 0..3 {
                    for s in [-6.0, 6.0] {
                        let mut v = [0.0; 3];
                        v[i] = s;
                        pts.push(v);
                    }
                }
                cell_hull(kind, c, 1.0, &pts)
            } else if is_tetrahedron(c) {
                let k = c.map(|x| (x - 3).div_euclid(6));
                let pts: Vec<V3> = (0..8)
                    .map(|s| [0, 1, 2].map(|i| s >> i & 1))
                    .filter(|d| (0..3).map(|i| k[i] + d[i]).sum::<i32>().rem_euclid(2) == 1)
                    .map(|d| d.map(|x| 6.0 * x as f64))
                    .collect();
                cell_hull(kind, k.map(|x| 6 * x), 1.0, &pts)
            } else {
                let v = c.map(|x| (x + 1).div_euclid(6));
                let d: [i32; 3] = std::array::from_fn(|i| c[i] - 6 * v[i]);
                let mut pts = vec![[0.0; 3]];
                for i in 0..3 {
                    let mut p = [0.0; 3];
                    p[i] = 6.0 * d[i] as f64;
                    pts.push(p);
                }
                cell_hull(kind, v.map(|x| 6 * x), 1.0, &pts)
            }
        }
    }
}

/// The convex hull of `pts` (offsets in cell coordinates, times `scale`,
/// from the cell `at`), in world coordinates.
fn cell_hull(kind: LatticeKind, at: Cell, scale: f64, pts: &[V3]) -> CellSolid {
    let f = frame(kind);
    let base = [at[0] as f64, at[1] as f64, at[2] as f64];
    let world: Vec<V3> = pts
        .iter()
        .map(|p| apply(&f, [0, 1, 2].map(|i| base[i] + scale * p[i])))
        .collect();
    CellSolid::Polyhedron(convex_hull(&world))
}

/// The convex polyhedron spanned by `pts`, every one of which is a corner
/// (as for the few corners of a cell). A face is a plane through three
/// points with every point on one side; the points on it, in angle order
/// about the outward normal, are its cycle. Brute force over triples: the
/// cells have at most 14 corners.
pub fn convex_hull(pts: &[V3]) -> Polyhedron {
    let sub = |a: V3, b: V3| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let dot = |a: V3, b: V3| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let cross = |a: V3, b: V3| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let eps = 1e-9;
    let n = pts.len();
    let mut faces: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let mut normal = cross(sub(pts[j], pts[i]), sub(pts[k], pts[i]));
                let len = dot(normal, normal).sqrt();
                if len < eps {
                    continue;
                }
                normal = normal.map(|x| x / len);
                let side: Vec<f64> = pts.iter().map(|&p| dot(normal, sub(p, pts[i]))).collect();
                if side.iter().all(|&s| s <= eps) {
                } else if side.iter().all(|&s| s >= -eps) {
                    normal = normal.map(|x| -x);
                } else {
                    continue;
                }
                let mut on: Vec<usize> = (0..n).filter(|&m| side[m].abs() <= eps).collect();
                if faces.iter().any(|f| {
                    let mut g = f.clone();
                    g.sort_unstable();
                    g == on
                }) {
                    continue;
                }
                // Anticlockwise about the outward normal.
                let mid = on.iter().fold([0.0; 3], |a, &m| {
                    [0, 1, 2].map(|x| a[x] + pts[m][x] / on.len() as f64)
                });
                let u = sub(pts[on[0]], mid);
                let v = cross(normal, u);
                on.sort_by(|&a, &b| {
                    let ang = |m: usize| {
                        let w = sub(pts[m], mid);
                        dot(w, v).atan2(dot(w, u))
                    };
                    ang(a).total_cmp(&ang(b))
                });
                faces.push(on);
            }
        }
    }
    Polyhedron {
        vertices: pts.to_vec(),
        faces,
    }
}

/// The unit square around `o`'s `x, y`, anticlockwise.
fn square_around(o: V3) -> Vec<[f64; 2]> {
    let (x, y) = (o[0], o[1]);
    vec![
        [x - 0.5, y - 0.5],
        [x + 0.5, y - 0.5],
        [x + 0.5, y + 0.5],
        [x - 0.5, y + 0.5],
    ]
}

/// A polygon's corners in anticlockwise order (seen from `+z`).
fn ccw(mut pts: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    let area2: f64 = (0..pts.len())
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            a[0] * b[1] - a[1] * b[0]
        })
        .sum();
    if area2 < 0.0 {
        pts.reverse();
    }
    pts
}

/// A 2D cell's tile: the polygon extruded through the plane `z = 0`.
fn tile(base: &[[f64; 2]]) -> Polyhedron {
    prism(base, -TILE_THICKNESS / 2.0, TILE_THICKNESS / 2.0)
}

/// The prism over a convex polygon (anticlockwise seen from `+z`) from
/// height `z0` to `z1`.
pub fn prism(base: &[[f64; 2]], z0: f64, z1: f64) -> Polyhedron {
    let n = base.len();
    let mut vertices: Vec<V3> = base.iter().map(|p| [p[0], p[1], z0]).collect();
    vertices.extend(base.iter().map(|p| [p[0], p[1], z1]));
    // The bottom, seen from below, runs the other way round.
    let mut faces = vec![(0..n).rev().collect::<Vec<_>>(), (n..2 * n).collect()];
    for i in 0..n {
        let j = (i + 1) % n;
        faces.push(vec![i, j, n + j, n + i]);
    }
    Polyhedron { vertices, faces }
}

/// A polyhedron approximating a ball: an icosahedron whose triangles are
/// split `subdivisions` times into four, corners pushed onto the sphere
/// (20 · 4^k triangles). Every vertex is on the sphere, so the polyhedron
/// lies inside the ball.
pub fn icosphere(centre: V3, radius: f64, subdivisions: u32) -> Polyhedron {
    let p = (1.0 + 5f64.sqrt()) / 2.0;
    let mut vertices: Vec<V3> = vec![
        [-1.0, p, 0.0],
        [1.0, p, 0.0],
        [-1.0, -p, 0.0],
        [1.0, -p, 0.0],
        [0.0, -1.0, p],
        [0.0, 1.0, p],
        [0.0, -1.0, -p],
        [0.0, 1.0, -p],
        [p, 0.0, -1.0],
        [p, 0.0, 1.0],
        [-p, 0.0, -1.0],
        [-p, 0.0, 1.0],
    ];
    let mut tris: Vec<[usize; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    let unit = |v: V3| {
        let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        [v[0] / l, v[1] / l, v[2] / l]
    };
    for v in vertices.iter_mut() {
        *v = unit(*v);
    }
    for _ in 0..subdivisions {
        let mut mid = std::collections::HashMap::new();
        let mut next = Vec::with_capacity(tris.len() * 4);
        for t in &tris {
            let mut m = [0; 3];
            for k in 0..3 {
                let (a, b) = (t[k], t[(k + 1) % 3]);
                m[k] = *mid.entry((a.min(b), a.max(b))).or_insert_with(|| {
                    let (va, vb) = (vertices[a], vertices[b]);
                    vertices.push(unit([va[0] + vb[0], va[1] + vb[1], va[2] + vb[2]]));
                    vertices.len() - 1
                });
            }
            next.push([t[0], m[0], m[2]]);
            next.push([t[1], m[1], m[0]]);
            next.push([t[2], m[2], m[1]]);
            next.push(m);
        }
        tris = next;
    }
    Polyhedron {
        vertices: vertices
            .into_iter()
            .map(|v| {
                [
                    centre[0] + radius * v[0],
                    centre[1] + radius * v[1],
                    centre[2] + radius * v[2],
                ]
            })
            .collect(),
        faces: tris.into_iter().map(|t| t.to_vec()).collect(),
    }
}

/// The length of the unit of printing (`export --unit`) in world
/// coordinates: the distance between the centres of two cells that share a
/// face (balls: that touch), the shortest such distance where a lattice has
/// several (prisms side by side rather than stacked; units of cells). A
/// test measures it on the cells themselves.
pub fn unit_length(kind: LatticeKind) -> f64 {
    match kind {
        LatticeKind::Square
        | LatticeKind::Cubic
        | LatticeKind::Hex
        | LatticeKind::FccSquare
        | LatticeKind::FccTriangle
        | LatticeKind::Rhombic => 1.0,
        // Triangles of edge 1: centres 1/sqrt(3) apart across an edge.
        LatticeKind::Triangle | LatticeKind::Prism => 1.0 / 3f64.sqrt(),
        // From a tetrahedron's centre to an octahedron's (cube of edge 1).
        LatticeKind::TetraOcta => 3f64.sqrt() / 2.0,
        LatticeKind::TetraOctaUnits => 3f64.sqrt() / 4.0,
        // Units in a cube of edge 1: centroids sqrt(8)/16 apart.
        LatticeKind::RhombicUnits => 2f64.sqrt() / 8.0,
        // A stick's length.
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => {
            crate::stick_space::length(kind)
        }
    }
}

/// The shortest distance from a cell's centre to one of its faces (for 2D
/// lattices, to the tile's outline), in units ([`unit_length`]); a test
/// measures it on the cells.
pub fn thinnest(kind: LatticeKind) -> f64 {
    match kind {
        LatticeKind::TetraOcta | LatticeKind::TetraOctaUnits => 1.0 / 3.0,
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => {
            crate::stick_space::BAR_WIDTH / 2.0
        }
        _ => 0.5,
    }
}

/// How far apart, in each coordinate, two cells that touch ([`adjacent`])
/// are at most, on every lattice (a test checks it): cells that touch a
/// cell are looked for in that neighbourhood only.
pub const ADJACENT_REACH: i32 = 6;

/// Do two cells touch (share a face, an edge of a polygon, or touch as
/// spheres)? Used to give touching pieces different colors.
pub fn adjacent(kind: LatticeKind, a: Cell, b: Cell) -> bool {
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    match kind {
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => {
            crate::stick_space::adjacent(kind, a, b)
        }
        LatticeKind::Square | LatticeKind::Cubic => d[0].abs() + d[1].abs() + d[2].abs() == 1,
        LatticeKind::Hex => matches!(
            (d[0], d[1]),
            (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
        ),
        LatticeKind::Triangle => matches!(
            (d[0], d[1]),
            (1, 1) | (-1, -1) | (-2, 1) | (2, -1) | (1, -2) | (-1, 2)
        ),
        LatticeKind::Prism => {
            (d[2] == 0 && adjacent(LatticeKind::Triangle, [a[0], a[1], 0], [b[0], b[1], 0]))
                || (d[0] == 0 && d[1] == 0 && d[2].abs() == 1)
        }
        LatticeKind::FccSquare | LatticeKind::FccTriangle | LatticeKind::Rhombic => {
            d[0] * d[0] + d[1] * d[1] + d[2] * d[2] == 2
        }
        LatticeKind::RhombicUnits => {
            // Units sharing a face have centroids (in 16ths of a cube)
            // 8, 16 or 32 apart squared; others are further.
            let (p, q) = (
                crate::lattice::unit_centroid16(a),
                crate::lattice::unit_centroid16(b),
            );
            let e: i32 = (0..3).map(|i| (p[i] - q[i]).pow(2)).sum();
            a != b && e <= 32
        }
        LatticeKind::TetraOcta => {
            // An octahedron and a tetrahedron with a common face.
            d[0] * d[0] + d[1] * d[1] + d[2] * d[2] == 27
        }
        LatticeKind::TetraOctaUnits => {
            // Eighths of one octahedron, or an eighth and its cube's
            // tetrahedron (opposite eighths of one octahedron are as far
            // apart, and meet only at its centre).
            use crate::lattice::is_tetrahedron;
            match d[0] * d[0] + d[1] * d[1] + d[2] * d[2] {
                4 => true,
                12 => is_tetrahedron(a) != is_tetrahedron(b),
                _ => false,
            }
        }
    }
}

/// The unit normal of a polygon (Newell's method), anticlockwise seen from
/// where it points.
pub fn normal(pts: &[V3]) -> V3 {
    let mut n = [0.0; 3];
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        n[0] += (a[1] - b[1]) * (a[2] + b[2]);
        n[1] += (a[2] - b[2]) * (a[0] + b[0]);
        n[2] += (a[0] - b[0]) * (a[1] + b[1]);
    }
    let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if l == 0.0 { n } else { n.map(|x| x / l) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lattice::is_stick;

    fn cells_of(kind: LatticeKind) -> Vec<Cell> {
        let l = kind.lattice();
        (-4..=4)
            .flat_map(|x| (-4..=4).flat_map(move |y| (-4..=4).map(move |z| [x, y, z])))
            .filter(|&c| l.is_cell(c) && (l.dimension() == 3 || c[2] == 0))
            .collect()
    }

    fn close(a: V3, b: V3) -> bool {
        (0..3).all(|i| (a[i] - b[i]).abs() < 1e-9)
    }

    /// A solid's vertices, sorted, for comparing solids as point sets.
    fn corners(s: &CellSolid) -> Vec<[i64; 3]> {
        let key = |v: V3| v.map(|x| (x * 1e6).round() as i64);
        let mut out: Vec<[i64; 3]> = match s {
            CellSolid::Polyhedron(p) => p.vertices.iter().map(|&v| key(v)).collect(),
            CellSolid::Ball { centre, radius } => vec![key(*centre), key([*radius; 3])],
        };
        out.sort();
        out
    }

    /// The invariant the page and STL rely on: every symmetry of every
    /// lattice moves cell solids as the orthogonal map `world_map` says.
    #[test]
    fn symmetries_are_isometries_moving_solids() {
        for kind in LatticeKind::ALL {
            let l = kind.lattice();
            for s in l.symmetries() {
                let (r, t) = world_map(kind, s);
                // Orthogonal: r · rᵀ = 1, det ±1 as the symmetry is proper.
                let rt: M3 = std::array::from_fn(|i| std::array::from_fn(|j| r[j][i]));
                let id = mul(&r, &rt);
                for (i, row) in id.iter().enumerate() {
                    for (j, &x) in row.iter().enumerate() {
                        let want = if i == j { 1.0 } else { 0.0 };
                        assert!((x - want).abs() < 1e-9, "{kind}: not orthogonal");
                    }
                }
                // 2D lattices: turning over is a reflection in a vertical
                // plane (the tile maps onto itself).
                assert_eq!(det(&r) > 0.0, s.proper, "{kind}");
                for c in cells_of(kind) {
                    let image = s.apply(c);
                    let moved = match cell_solid(kind, c) {
                        CellSolid::Polyhedron(p) => CellSolid::Polyhedron(Polyhedron {
                            vertices: p
                                .vertices
                                .iter()
                                .map(|&v| {
                                    let w = apply(&r, v);
                                    [w[0] + t[0], w[1] + t[1], w[2] + t[2]]
                                })
                                .collect(),
                            faces: p.faces,
                        }),
                        CellSolid::Ball { centre, radius } => {
                            let w = apply(&r, centre);
                            CellSolid::Ball {
                                centre: [w[0] + t[0], w[1] + t[1], w[2] + t[2]],
                                radius,
                            }
                        }
                    };
                    assert_eq!(
                        corners(&moved),
                        corners(&cell_solid(kind, image)),
                        "{kind}: {c:?} -> {image:?}"
                    );
                }
            }
        }
    }

    /// Cells that touch are at most [`ADJACENT_REACH`] apart in each
    /// coordinate, on every lattice (cells near the origin against all
    /// cells up to 8 away).
    #[test]
    fn adjacent_cells_are_near() {
        for kind in LatticeKind::ALL {
            let l = kind.lattice();
            let window = |r: i32| -> Vec<Cell> {
                (-r..=r)
                    .flat_map(|x| (-r..=r).flat_map(move |y| (-r..=r).map(move |z| [x, y, z])))
                    .filter(|&c| l.is_cell(c) && (l.dimension() == 3 || c[2] == 0))
                    .collect()
            };
            let (near, far) = (window(2), window(8));
            let mut pairs = 0;
            for &a in &near {
                for &b in &far {
                    if adjacent(kind, a, b) {
                        pairs += 1;
                        let d = (0..3).map(|i| (a[i] - b[i]).abs()).max().unwrap();
                        assert!(d <= ADJACENT_REACH, "{kind}: {a:?} {b:?}");
                    }
                }
            }
            assert!(pairs > 0, "{kind}");
        }
    }

    /// Neighbouring cells (those the pictures call adjacent) have centres
    /// 1 apart, and polyhedral neighbours share a whole face.
    #[test]
    fn neighbours_touch() {
        // Sticks touch at their ends, not face to face: stick_space's tests.
        for kind in LatticeKind::ALL.into_iter().filter(|&k| !is_stick(k)) {
            let cells = cells_of(kind);
            let mut pairs = 0;
            for &a in &cells {
                for &b in &cells {
                    if !adjacent(kind, a, b) {
                        continue;
                    }
                    pairs += 1;
                    let (ca, cb) = (centre(kind, a), centre(kind, b));
                    let d = (0..3).map(|i| (ca[i] - cb[i]).powi(2)).sum::<f64>().sqrt();
                    // Where every cell is a translate of one solid.
                    let want = match kind {
                        LatticeKind::Triangle => Some(1.0 / 3f64.sqrt()),
                        LatticeKind::Prism
                        | LatticeKind::RhombicUnits
                        | LatticeKind::TetraOcta
                        | LatticeKind::TetraOctaUnits => None,
                        _ => Some(1.0),
                    };
                    if let Some(want) = want {
                        assert!((d - want).abs() < 1e-9, "{kind}: {a:?} {b:?} {d}");
                    }
                    if let (CellSolid::Polyhedron(pa), CellSolid::Polyhedron(pb)) =
                        (cell_solid(kind, a), cell_solid(kind, b))
                    {
                        let shared = pa.faces.iter().any(|fa| {
                            pb.faces.iter().any(|fb| {
                                fa.len() == fb.len()
                                    && fa.iter().all(|&i| {
                                        fb.iter().any(|&j| close(pa.vertices[i], pb.vertices[j]))
                                    })
                            })
                        });
                        assert!(shared, "{kind}: {a:?} and {b:?} share no face");
                    }
                }
            }
            assert!(pairs > 0, "{kind}");
        }
    }

    /// Faces are anticlockwise from outside: each face's normal points
    /// away from the solid's centre.
    #[test]
    fn faces_face_outwards() {
        for kind in LatticeKind::ALL {
            for c in cells_of(kind) {
                let (p, o) = match cell_solid(kind, c) {
                    CellSolid::Polyhedron(p) => (p, centre(kind, c)),
                    CellSolid::Ball { centre, radius } => (icosphere(centre, radius, 1), centre),
                };
                for f in &p.faces {
                    let (a, b, c3) = (p.vertices[f[0]], p.vertices[f[1]], p.vertices[f[2]]);
                    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
                    let v = [c3[0] - a[0], c3[1] - a[1], c3[2] - a[2]];
                    let n = [
                        u[1] * v[2] - u[2] * v[1],
                        u[2] * v[0] - u[0] * v[2],
                        u[0] * v[1] - u[1] * v[0],
                    ];
                    let out = [a[0] - o[0], a[1] - o[1], a[2] - o[2]];
                    assert!(
                        n[0] * out[0] + n[1] * out[1] + n[2] * out[2] > 0.0,
                        "{kind}"
                    );
                }
            }
        }
    }

    /// The art's picture, seen from above, is not mirrored: a column step
    /// is +x and a row step (down the page) has negative y, in every
    /// lattice's frame.
    #[test]
    fn art_seen_from_above() {
        for kind in LatticeKind::ALL {
            let l = kind.lattice();
            let window =
                (0..6).flat_map(|a| (0..6).flat_map(move |r| (0..6).map(move |c| (a, r, c))));
            let Some((o, (ol, or, oc))) = window
                .clone()
                .find_map(|(a, r, c)| l.cell_at(a, r, c).map(|x| (x, (a, r, c))))
            else {
                panic!("{kind}: no cell near the art's origin");
            };
            // The nearest cell along a column, row or layer of the art that
            // is a translate of `o` (triangles alternate, units repeat by
            // cubes).
            let along = |d: (i32, i32, i32)| {
                (1..=12).find_map(|k| {
                    l.cell_at(ol + k * d.0, or + k * d.1, oc + k * d.2)
                        .filter(|x| l.is_translation([x[0] - o[0], x[1] - o[1], x[2] - o[2]]))
                })
            };
            let po = centre(kind, o);
            let pc = centre(kind, along((0, 0, 1)).expect("a column"));
            let pr = centre(kind, along((0, 1, 0)).expect("a row"));
            // Columns run along +x, rows down the page (-y).
            assert!(
                pc[0] > po[0] + 0.4 && (pc[1] - po[1]).abs() < 1e-9,
                "{kind}"
            );
            assert!(pr[1] < po[1] - 0.5, "{kind}");
            // Later layers are above where the lattice has layers.
            if l.dimension() == 3 {
                let up = centre(kind, along((1, 0, 0)).expect("a layer"));
                assert!(up[2] > po[2] + 0.5, "{kind}");
            }
        }
    }

    /// [`unit_length`] and [`thinnest`] as measured on the cells: the
    /// shortest distance between the centroids of two cells that share a
    /// face (the cells are tetrahedra or centrally symmetric, so the mean
    /// of the corners is the centroid), and the shortest from a centroid to
    /// a face (2D: to the outline).
    #[test]
    fn unit_length_and_thinnest_measured() {
        let centroid = |s: &CellSolid| match s {
            CellSolid::Ball { centre, .. } => *centre,
            CellSolid::Polyhedron(p) => {
                let n = p.vertices.len() as f64;
                p.vertices
                    .iter()
                    .fold([0.0; 3], |a, v| [0, 1, 2].map(|k| a[k] + v[k] / n))
            }
        };
        // A stick's unit is its length, not the distance between the
        // midpoints of two sticks that meet: stick_space's tests.
        for kind in LatticeKind::ALL.into_iter().filter(|&k| !is_stick(k)) {
            let l = kind.lattice();
            let flat = l.dimension() == 2;
            let (mut unit, mut thin) = (f64::MAX, f64::MAX);
            // A period of every lattice (units repeat by 5 or 6).
            for a in (0..216).map(|i| [i % 6, i / 6 % 6, if flat { 0 } else { i / 36 }]) {
                if !l.is_cell(a) {
                    continue;
                }
                let sa = cell_solid(kind, a);
                let ca = centroid(&sa);
                match &sa {
                    CellSolid::Ball { radius, .. } => thin = thin.min(*radius),
                    CellSolid::Polyhedron(p) => {
                        for f in &p.faces {
                            let pts: Vec<V3> = f.iter().map(|&i| p.vertices[i]).collect();
                            let n = normal(&pts);
                            if !(flat && n[2].abs() > 0.5) {
                                thin = thin.min((0..3).map(|k| n[k] * (pts[0][k] - ca[k])).sum());
                            }
                        }
                    }
                }
                for d in (0..2197).map(|i| [i % 13 - 6, i / 13 % 13 - 6, i / 169 - 6]) {
                    let b = [a[0] + d[0], a[1] + d[1], if flat { 0 } else { a[2] + d[2] }];
                    if b != a && l.is_cell(b) && adjacent(kind, a, b) {
                        let cb = centroid(&cell_solid(kind, b));
                        unit =
                            unit.min((0..3).map(|k| (ca[k] - cb[k]).powi(2)).sum::<f64>().sqrt());
                    }
                }
            }
            assert!((unit - unit_length(kind)).abs() < 1e-9, "{kind}: {unit}");
            assert!(
                (thin / unit - thinnest(kind)).abs() < 1e-9,
                "{kind}: {thin}"
            );
        }
    }

    #[test]
    fn inverse_and_icosphere() {
        for kind in LatticeKind::ALL {
            let f = frame(kind);
            let id = mul(&f, &inverse(&f));
            for (i, row) in id.iter().enumerate() {
                for (j, &x) in row.iter().enumerate() {
                    assert!((x - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12);
                }
            }
        }
        let s = icosphere([1.0, 2.0, 3.0], 0.5, 2);
        assert_eq!(s.faces.len(), 320);
        assert_eq!(s.vertices.len(), 162);
        for v in &s.vertices {
            let d = ((v[0] - 1.0).powi(2) + (v[1] - 2.0).powi(2) + (v[2] - 3.0).powi(2)).sqrt();
            assert!((d - 0.5).abs() < 1e-12);
        }
    }
}
