//! A piece as one closed surface: the union of its cells' solids, with the
//! faces between two of its cells removed.
//!
//! Cells of a lattice meet face to face (a face of one cell is exactly a
//! face of its neighbour, seen from the other side), so the union needs no
//! general solid geometry: a face shared by two cells of the piece is
//! inside it and dropped, every other face is on its surface. What is left
//! is closed and outward-facing whenever the piece's cells are: each edge
//! of the surface is used by exactly two faces, once in each direction
//! ([`Mesh::check_closed`] says so or says where not).
//!
//! Balls (sphere cells) share no faces; a piece of spheres is one closed
//! polyhedron per sphere ([`super::icosphere`]), touching its neighbours at
//! a point.
//!
//! Vertices are merged by position, rounded to a millionth of a unit
//! ([`key`]), so faces of neighbouring cells find each other although
//! their corners were computed from different centres.

use super::{CellSolid, Polyhedron, V3, cell_solid, icosphere};
use crate::lattice::{Cell, LatticeKind};
use std::collections::HashMap;

/// A surface of polygons.
///
/// Invariant: every face is a convex polygon of at least 3 vertices
/// (indices into `vertices`), anticlockwise seen from outside; no two
/// vertices have the same [`key`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    /// The corners.
    pub vertices: Vec<V3>,
    /// The faces, each a cycle of vertex indices.
    pub faces: Vec<Vec<u32>>,
}

/// How to build a piece's mesh.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MeshOptions {
    /// How far every face moves inwards (units), so that printed pieces
    /// leave a gap of twice this between them; 0 for the exact shape.
    pub shrink: f64,
    /// How finely balls are approximated: the icosahedron's triangles are
    /// split this many times into four (2: 320 triangles a ball).
    pub ball_subdivisions: u32,
}

impl Default for MeshOptions {
    fn default() -> MeshOptions {
        MeshOptions {
            shrink: 0.0,
            ball_subdivisions: 2,
        }
    }
}

/// The largest shrink: a quarter of a unit would close every cell's
/// thinnest part (a tile is [`super::TILE_THICKNESS`] thick).
pub const MAX_SHRINK: f64 = super::TILE_THICKNESS / 2.0 - 0.01;

/// A position rounded to a millionth of a unit, for merging vertices.
pub fn key(v: V3) -> [i64; 3] {
    v.map(|x| (x * 1e6).round() as i64)
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

fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl Mesh {
    /// The union of polyhedra that meet face to face: every face that two
    /// of them share is dropped (see the [module docs](self)).
    pub fn union(solids: &[Polyhedron]) -> Mesh {
        // Faces as vertex keys; a face is inside when another solid has a
        // face on the same corners.
        let faces: Vec<Vec<V3>> = solids
            .iter()
            .flat_map(|p| {
                p.faces
                    .iter()
                    .map(|f| f.iter().map(|&i| p.vertices[i]).collect())
            })
            .collect();
        let mut seen: HashMap<Vec<[i64; 3]>, usize> = HashMap::new();
        for f in &faces {
            let mut k: Vec<[i64; 3]> = f.iter().map(|&v| key(v)).collect();
            k.sort_unstable();
            *seen.entry(k).or_default() += 1;
        }
        let mut mesh = Mesh::default();
        let mut index: HashMap<[i64; 3], u32> = HashMap::new();
        for f in &faces {
            let mut k: Vec<[i64; 3]> = f.iter().map(|&v| key(v)).collect();
            k.sort_unstable();
            if seen[&k] > 1 {
                continue;
            }
            let face = f
                .iter()
                .map(|&v| {
                    *index.entry(key(v)).or_insert_with(|| {
                        mesh.vertices.push(v);
                        (mesh.vertices.len() - 1) as u32
                    })
                })
                .collect();
            mesh.faces.push(face);
        }
        mesh
    }

    /// The mesh of a piece made of `cells` of lattice `kind`: the union of
    /// its polyhedral cells and a polyhedron per ball, shrunk as `options`
    /// say ([`eroded_boxes`]; balls get a smaller radius). Shrinking is an
    /// error on lattices whose cells are neither boxes nor balls.
    pub fn piece(kind: LatticeKind, cells: &[Cell], options: &MeshOptions) -> Result<Mesh, String> {
        let mut polys = vec![];
        let mut balls = vec![];
        for &c in cells {
            match cell_solid(kind, c) {
                CellSolid::Polyhedron(p) => polys.push(p),
                CellSolid::Ball { centre, radius } => balls.push(icosphere(
                    centre,
                    radius - options.shrink,
                    options.ball_subdivisions,
                )),
            }
        }
        if options.shrink > 0.0 && !polys.is_empty() {
            polys = eroded_boxes(&polys, options.shrink).ok_or_else(|| {
                format!(
                    "a gap is available for cubes, squares and spheres, not yet for the {kind} lattice"
                )
            })?;
        }
        let mut mesh = Mesh::union(&polys);
        for b in &balls {
            mesh.append(&Mesh::union(std::slice::from_ref(b)));
        }
        Ok(mesh)
    }

    /// Adds another mesh's vertices and faces (kept apart: no vertex is
    /// merged).
    pub fn append(&mut self, other: &Mesh) {
        let base = self.vertices.len() as u32;
        self.vertices.extend_from_slice(&other.vertices);
        self.faces.extend(
            other
                .faces
                .iter()
                .map(|f| f.iter().map(|&i| i + base).collect()),
        );
    }

    /// The faces cut into triangles (fans: the faces are convex).
    pub fn triangles(&self) -> impl Iterator<Item = [V3; 3]> + '_ {
        self.faces.iter().flat_map(move |f| {
            let v = |i: u32| self.vertices[i as usize];
            (1..f.len() - 1).map(move |k| [v(f[0]), v(f[k]), v(f[k + 1])])
        })
    }

    /// The signed volume enclosed (positive for an outward-facing closed
    /// surface): the sum of the tetrahedra from the origin to each
    /// triangle.
    pub fn volume(&self) -> f64 {
        self.triangles()
            .map(|[a, b, c]| {
                dot(
                    a,
                    [
                        b[1] * c[2] - b[2] * c[1],
                        b[2] * c[0] - b[0] * c[2],
                        b[0] * c[1] - b[1] * c[0],
                    ],
                ) / 6.0
            })
            .sum()
    }

    /// Is the surface closed and consistently oriented? Every edge of its
    /// triangles, by the positions of its ends, must be used exactly once
    /// in each direction. Otherwise the first edge that is not.
    pub fn check_closed(&self) -> Result<(), String> {
        check_closed(self.triangles())
    }

    /// The lowest and highest coordinates.
    pub fn bounds(&self) -> (V3, V3) {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for v in &self.vertices {
            for k in 0..3 {
                lo[k] = lo[k].min(v[k]);
                hi[k] = hi[k].max(v[k]);
            }
        }
        (lo, hi)
    }

    /// Moves every vertex by `t`.
    pub fn translate(&mut self, t: V3) {
        for v in &mut self.vertices {
            for k in 0..3 {
                v[k] += t[k];
            }
        }
    }

    /// The edges drawn as lines: those between two faces that do not lie
    /// in one plane (so the lines between coplanar cells of a piece are
    /// left out), as pairs of vertex indices.
    pub fn feature_edges(&self) -> Vec<[u32; 2]> {
        let normals: Vec<V3> = self
            .faces
            .iter()
            .map(|f| {
                normal(
                    &f.iter()
                        .map(|&i| self.vertices[i as usize])
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        let mut faces_of: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
        for (fi, f) in self.faces.iter().enumerate() {
            for k in 0..f.len() {
                let (a, b) = (f[k], f[(k + 1) % f.len()]);
                faces_of.entry((a.min(b), a.max(b))).or_default().push(fi);
            }
        }
        let mut out: Vec<[u32; 2]> = faces_of
            .into_iter()
            .filter(|(_, fs)| fs.len() != 2 || dot(normals[fs[0]], normals[fs[1]]) < 1.0 - 1e-6)
            .map(|((a, b), _)| [a, b])
            .collect();
        out.sort_unstable();
        out
    }
}

/// The union of axis-aligned boxes of one size (cubes, square tiles)
/// shrunk by `d`: the points at least `d` inside it in every axis
/// direction (erosion by a cube of side `2d`, so faces move in by `d`,
/// outer corners stay square and inner ones too), as boxes that meet face
/// to face. `None` when the solids are not such boxes.
///
/// Each box is cut at `d` from each of its faces into 3 x 3 x 3 parts. A
/// part is kept when the union holds every box it comes within `d` of:
/// along each axis, the middle third needs only the box itself, a side
/// third also the neighbour on that side, so a corner part needs all the
/// boxes around that corner. The cuts fall on the same planes in every box,
/// so the parts meet face to face and [`Mesh::union`] joins them.
pub fn eroded_boxes(solids: &[Polyhedron], d: f64) -> Option<Vec<Polyhedron>> {
    let bounds = |p: &Polyhedron| {
        let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        for v in &p.vertices {
            for k in 0..3 {
                lo[k] = lo[k].min(v[k]);
                hi[k] = hi[k].max(v[k]);
            }
        }
        (lo, hi)
    };
    let boxes: Vec<(V3, V3)> = solids.iter().map(bounds).collect();
    let size = [0, 1, 2].map(|k| boxes[0].1[k] - boxes[0].0[k]);
    let is_box = |(p, (lo, hi)): (&Polyhedron, &(V3, V3))| {
        p.vertices.len() == 8
            && p.faces.len() == 6
            && (0..3).all(|k| (hi[k] - lo[k] - size[k]).abs() < 1e-9 && size[k] > 2.0 * d)
            && p.vertices
                .iter()
                .all(|v| (0..3).all(|k| (v[k] - lo[k]).abs() < 1e-9 || (v[k] - hi[k]).abs() < 1e-9))
    };
    if !solids.iter().zip(&boxes).all(is_box) {
        return None;
    }
    let present: std::collections::HashSet<[i64; 3]> = boxes.iter().map(|b| key(b.0)).collect();
    // Per third along an axis: its interval and the neighbours it needs.
    let thirds = |lo: f64, hi: f64| {
        [
            ((lo, lo + d), [-1, 0]),
            ((lo + d, hi - d), [0, 0]),
            ((hi - d, hi), [0, 1]),
        ]
    };
    let mut out = vec![];
    for (lo, hi) in &boxes {
        let [tx, ty, tz] = [0, 1, 2].map(|k| thirds(lo[k], hi[k]));
        for (x, nx) in &tx {
            for (y, ny) in &ty {
                for (z, nz) in &tz {
                    let kept = nx.iter().all(|&i| {
                        ny.iter().all(|&j| {
                            nz.iter().all(|&k| {
                                let o = [
                                    lo[0] + i as f64 * size[0],
                                    lo[1] + j as f64 * size[1],
                                    lo[2] + k as f64 * size[2],
                                ];
                                present.contains(&key(o))
                            })
                        })
                    });
                    if kept {
                        let base = [[x.0, y.0], [x.1, y.0], [x.1, y.1], [x.0, y.1]];
                        out.push(super::prism(&base, z.0, z.1));
                    }
                }
            }
        }
    }
    Some(out)
}

/// [`Mesh::check_closed`] for any triangles (e.g. read back from an STL
/// file).
pub fn check_closed(triangles: impl IntoIterator<Item = [V3; 3]>) -> Result<(), String> {
    let mut uses: HashMap<([i64; 3], [i64; 3]), usize> = HashMap::new();
    let mut n = 0;
    for t in triangles {
        n += 1;
        for k in 0..3 {
            *uses.entry((key(t[k]), key(t[(k + 1) % 3]))).or_default() += 1;
        }
    }
    if n == 0 {
        return Err("no triangles".into());
    }
    for (&(a, b), &count) in &uses {
        let back = uses.get(&(b, a)).copied().unwrap_or(0);
        if count != 1 || back != 1 {
            let p = |k: [i64; 3]| k.map(|x| x as f64 / 1e6);
            return Err(format!(
                "the edge {:?} -> {:?} is used {count} times this way and {back} times the other",
                p(a),
                p(b)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(shrink: f64) -> MeshOptions {
        MeshOptions {
            shrink,
            ..MeshOptions::default()
        }
    }

    #[test]
    fn a_cube_and_a_domino() {
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0]], &exact(0.0)).unwrap();
        assert_eq!((m.vertices.len(), m.faces.len()), (8, 6));
        assert!((m.volume() - 1.0).abs() < 1e-12);
        m.check_closed().unwrap();
        assert_eq!(m.feature_edges().len(), 12);
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0], [1, 0, 0]], &exact(0.0)).unwrap();
        // Two cubes: 12 faces less the 2 between them; 12 vertices.
        assert_eq!((m.vertices.len(), m.faces.len()), (12, 10));
        assert!((m.volume() - 2.0).abs() < 1e-12);
        m.check_closed().unwrap();
        // The 4 edges around the joint lie between coplanar faces: the
        // box's 12 edges are drawn, the 4 long ones in two halves.
        assert_eq!(m.feature_edges().len(), 16);
    }

    /// Shrinking by s: a cube keeps (1 - 2s)³; an L of three cubes keeps
    /// (1 - 2s) times the L's area shrunk by s with square corners (area -
    /// perimeter · s + (convex corners - concave corners) · s² = 3 - 8s +
    /// 4s²).
    #[test]
    fn shrinking() {
        let s = 0.05;
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0]], &exact(s)).unwrap();
        assert!((m.volume() - (1.0 - 2.0 * s).powi(3)).abs() < 1e-12);
        m.check_closed().unwrap();
        let l = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
        let m = Mesh::piece(LatticeKind::Cubic, &l, &exact(s)).unwrap();
        let want = (1.0 - 2.0 * s) * (3.0 - 8.0 * s + 4.0 * s * s);
        assert!((m.volume() - want).abs() < 1e-12, "{}", m.volume());
        m.check_closed().unwrap();
        // A square tile: its outline and its thickness shrink.
        let q = Mesh::piece(LatticeKind::Square, &[[0, 0, 0], [1, 0, 0]], &exact(s)).unwrap();
        let want = (2.0 - 2.0 * s) * (1.0 - 2.0 * s) * (super::super::TILE_THICKNESS - 2.0 * s);
        assert!((q.volume() - want).abs() < 1e-12);
        // The Soma screw: at one corner the faces around a vertex face
        // both +x and -x (a saddle); the shrunk piece is still closed, and
        // is the three-cube L shrunk plus the fourth cube shrunk, joined by
        // the (1 - 2s)² x 2s slab where they meet.
        let screw = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]];
        let m = Mesh::piece(LatticeKind::Cubic, &screw, &exact(s)).unwrap();
        m.check_closed().unwrap();
        let want = (1.0 - 2.0 * s) * (3.0 - 8.0 * s + 4.0 * s * s)
            + (1.0 - 2.0 * s).powi(3)
            + (1.0 - 2.0 * s).powi(2) * 2.0 * s;
        assert!((m.volume() - want).abs() < 1e-12, "{} {want}", m.volume());
        // Two cubes meeting only along an edge come apart there.
        let edge = [[0, 0, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1], [1, 1, 1]];
        let m = Mesh::piece(LatticeKind::Cubic, &edge, &exact(s)).unwrap();
        m.check_closed().unwrap();
        // Triangles have no shrink yet: said, not mangled.
        let e = Mesh::piece(LatticeKind::Triangle, &[[1, 1, 0]], &exact(s)).unwrap_err();
        assert!(e.contains("not yet for the triangle lattice"), "{e}");
    }

    #[test]
    fn balls_are_separate_closed_shells() {
        let cells = [[0, 0, 0], [1, 1, 0], [2, 0, 0]];
        let o = MeshOptions::default();
        let m = Mesh::piece(LatticeKind::FccSquare, &cells, &o).unwrap();
        assert_eq!(m.faces.len(), 3 * 320);
        m.check_closed().unwrap();
        let one = icosphere([0.0; 3], 0.5, 2);
        let v1: f64 = one
            .faces
            .iter()
            .map(|f| {
                let [a, b, c] = [0, 1, 2].map(|k| one.vertices[f[k]]);
                dot(
                    a,
                    [
                        b[1] * c[2] - b[2] * c[1],
                        b[2] * c[0] - b[0] * c[2],
                        b[0] * c[1] - b[1] * c[0],
                    ],
                ) / 6.0
            })
            .sum();
        assert!((m.volume() - 3.0 * v1).abs() < 1e-9);
        // Within 4% of the true balls (96.6% with 320 triangles).
        let ball = std::f64::consts::PI / 6.0;
        assert!(v1 < ball && v1 > 0.96 * ball, "{}", v1 / ball);
    }

    #[test]
    fn every_lattice_gives_closed_pieces() {
        for kind in LatticeKind::ALL {
            let l = kind.lattice();
            // A blob of cells: the first few in reading order near the
            // origin (not necessarily connected; each part is closed).
            let cells: Vec<Cell> = (0..3)
                .flat_map(|z| (0..3).flat_map(move |r| (0..4).map(move |c| (z, r, c))))
                .filter_map(|(z, r, c)| l.cell_at(z, r, c))
                .collect();
            let m = Mesh::piece(kind, &cells, &MeshOptions::default()).unwrap();
            m.check_closed().unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert!(m.volume() > 0.0);
        }
    }
}
