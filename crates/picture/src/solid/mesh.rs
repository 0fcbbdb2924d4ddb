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
//! polyhedron per sphere ([`polyform::space::icosphere`]) and one per pair of
//! touching spheres, a neck ([`cylinder`]) from near one centre to near the
//! other: overlapping closed shells, which slicers print as their union.
//!
//! A gap ([`Build::shrink`]) moves the faces on a piece's outside inwards.
//! Boxes (cubes, square tiles) are eroded exactly and stay one surface
//! ([`eroded_boxes`]); other cells are shrunk one by one
//! ([`shrunk_cells`]) and joined again into one closed surface
//! ([`union_shrunk`]): where two shrunk cells of the piece lie back to back
//! only what one covers and the other does not stays, so no wall is left
//! between two cells of one piece.
//!
//! Sticks are built from hubs at their points and bars between them
//! ([`polyform::stick_space::piece_solids`]), which meet face to face; a
//! gap makes the bars thinner, not shorter (pieces meet at points, where
//! the hubs of two pieces overlap whatever the gap).
//!
//! Vertices are merged by position, rounded to a millionth of a unit
//! ([`key`]), so faces of neighbouring cells find each other although
//! their corners were computed from different centres.

use polyform::lattice::{Cell, LatticeKind};
use polyform::space::{self, CellSolid, Polyhedron, V3, adjacent, cell_solid, icosphere, normal};
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

/// How to build a piece's mesh, in world coordinates (see the
/// [parent module](super)).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Build {
    /// How far each face on the piece's outside moves inwards, so that two
    /// pieces touching face to face end up twice this apart; 0 for the
    /// exact shape. Tiles of 2D lattices keep their thickness.
    pub shrink: f64,
    /// The radius of the cylinders (necks) joining neighbouring balls of a
    /// piece; 0 for none.
    pub neck: f64,
    /// How finely balls are approximated: the icosahedron's triangles are
    /// split this many times into four (2: 320 triangles a ball).
    pub ball_subdivisions: u32,
}

impl Default for Build {
    fn default() -> Build {
        Build {
            shrink: 0.0,
            neck: 0.0,
            ball_subdivisions: 2,
        }
    }
}

/// How to build a puzzle's pieces for printing (`export --format stl`),
/// in millimetres; [`super::piece_meshes`] checks the numbers against the
/// lattice and turns them into a [`Build`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MeshOptions {
    /// Millimetres per unit: the distance between the centres of two
    /// neighbouring cells ([`super::unit_length`]).
    pub unit: f64,
    /// The clearance between two pieces that touch face to face, in
    /// millimetres: each face on a piece's outside moves in by half of it.
    pub gap: f64,
    /// The radius of the necks joining neighbouring balls, as a fraction
    /// of the balls' radius; `None`: [`DEFAULT_NECK`] on sphere lattices,
    /// none elsewhere (where a `Some` is refused).
    pub neck: Option<f64>,
    /// As [`Build::ball_subdivisions`].
    pub ball_subdivisions: u32,
}

impl Default for MeshOptions {
    fn default() -> MeshOptions {
        MeshOptions {
            unit: 10.0,
            gap: 0.0,
            neck: None,
            ball_subdivisions: 2,
        }
    }
}

/// The necks' radius unless told, as a fraction of the balls' radius.
pub const DEFAULT_NECK: f64 = 0.4;

/// How many sides a neck's cross-section has.
pub const NECK_SIDES: usize = 16;

/// How far inside a ball, from its centre towards its neighbour's, a neck
/// ends (world units): not at the centre itself, where the necks of
/// opposite neighbours would meet face to face.
pub const NECK_INSET: f64 = 0.05;

/// A position rounded to a millionth of a unit, for merging vertices.
pub fn key(v: V3) -> [i64; 3] {
    v.map(|x| (x * 1e6).round() as i64)
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

    /// The mesh of a piece made of `cells` of lattice `kind`, built as
    /// `build` says (see the [module docs](self) for what is written).
    pub fn piece(kind: LatticeKind, cells: &[Cell], build: &Build) -> Mesh {
        if polyform::lattice::is_stick(kind) {
            // Hubs and bars meet face to face; the gap thins the bars.
            return Mesh::union(&polyform::stick_space::piece_solids(
                kind,
                cells,
                build.shrink,
            ));
        }
        let flat = kind.lattice().dimension() == 2;
        let mut polys = vec![];
        let mut mesh = Mesh::default();
        for &c in cells {
            match cell_solid(kind, c) {
                CellSolid::Polyhedron(p) => polys.push(p),
                CellSolid::Ball { centre, radius } => mesh.append(&Mesh::union(&[icosphere(
                    centre,
                    radius - build.shrink,
                    build.ball_subdivisions,
                )])),
            }
        }
        if build.neck > 0.0 {
            for (a, b) in ball_neighbours(kind, cells) {
                let (ca, cb) = (space::centre(kind, a), space::centre(kind, b));
                let at = |t: f64| [0, 1, 2].map(|k| ca[k] + t * (cb[k] - ca[k]));
                let (from, to) = (at(NECK_INSET), at(1.0 - NECK_INSET));
                mesh.append(&Mesh::union(&[cylinder(from, to, build.neck, NECK_SIDES)]));
            }
        }
        if polys.is_empty() {
            return mesh;
        }
        let s = build.shrink;
        if s == 0.0 {
            mesh.append(&Mesh::union(&polys));
        } else if let Some(parts) = eroded_boxes(&polys, [s, s, if flat { 0.0 } else { s }]) {
            mesh.append(&Mesh::union(&parts));
        } else {
            mesh.append(&union_shrunk(&shrunk_cells(&polys, s, flat)));
        }
        mesh
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
        // A face of k corners is a fan of k - 2 triangles
        // ([`Mesh::triangle_count`] counts them the same way).
        self.faces.iter().flat_map(move |f| {
            let v = |i: u32| self.vertices[i as usize];
            (1..f.len() - 1).map(move |k| [v(f[0]), v(f[k]), v(f[k + 1])])
        })
    }

    /// How many triangles [`Mesh::triangles`] gives, without making them:
    /// what an STL file of the mesh holds, known before it is written.
    pub fn triangle_count(&self) -> usize {
        self.faces.iter().map(|f| f.len().saturating_sub(2)).sum()
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
/// shrunk by `d[k]` along axis `k`: the points at least that far inside it
/// along each axis (erosion by a box of sides `2d`, so faces move in by
/// `d`, outer corners stay square and inner ones too), as boxes that meet
/// face to face. `None` when the solids are not such boxes.
///
/// Each box is cut at `d[k]` from each of its faces into up to 3 x 3 x 3
/// parts (an axis with `d[k] = 0` is not cut). A
/// part is kept when the union holds every box it comes within `d` of:
/// along each axis, the middle third needs only the box itself, a side
/// third also the neighbour on that side, so a corner part needs all the
/// boxes around that corner. The cuts fall on the same planes in every box,
/// so the parts meet face to face and [`Mesh::union`] joins them.
pub fn eroded_boxes(solids: &[Polyhedron], d: V3) -> Option<Vec<Polyhedron>> {
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
            && (0..3).all(|k| (hi[k] - lo[k] - size[k]).abs() < 1e-9 && size[k] > 2.0 * d[k])
            && p.vertices
                .iter()
                .all(|v| (0..3).all(|k| (v[k] - lo[k]).abs() < 1e-9 || (v[k] - hi[k]).abs() < 1e-9))
    };
    if !solids.iter().zip(&boxes).all(is_box) {
        return None;
    }
    let present: std::collections::HashSet<[i64; 3]> = boxes.iter().map(|b| key(b.0)).collect();
    // Per third along an axis: its interval and the neighbours it needs.
    let thirds = |lo: f64, hi: f64, d: f64| {
        if d == 0.0 {
            return vec![((lo, hi), [0, 0])];
        }
        vec![
            ((lo, lo + d), [-1, 0]),
            ((lo + d, hi - d), [0, 0]),
            ((hi - d, hi), [0, 1]),
        ]
    };
    let mut out = vec![];
    for (lo, hi) in &boxes {
        let [tx, ty, tz] = [0, 1, 2].map(|k| thirds(lo[k], hi[k], d[k]));
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
                        out.push(space::prism(&base, z.0, z.1));
                    }
                }
            }
        }
    }
    Some(out)
}

/// Each convex cell of a piece with its faces on the piece's outside
/// moved inwards by `d` (for `flat` tiles, only the faces around the
/// outline: the top and bottom stay); faces between two cells of the piece
/// stay where they are. A cell that touches the plane of an outside face
/// only at a corner or along an edge next to that face (a triangle pointing
/// at a straight side of its piece) is cut back by `d` from that plane too,
/// so no corner of it reaches the piece's side. Each result lies inside its
/// cell, so the cells still touch face to face but their shared faces need
/// not match any more: [`union_shrunk`] joins them.
pub fn shrunk_cells(solids: &[Polyhedron], d: f64, flat: bool) -> Vec<Polyhedron> {
    let face_key = |p: &Polyhedron, f: &[usize]| {
        let mut k: Vec<[i64; 3]> = f.iter().map(|&i| key(p.vertices[i])).collect();
        k.sort_unstable();
        k
    };
    let mut seen: HashMap<Vec<[i64; 3]>, usize> = HashMap::new();
    for p in solids {
        for f in &p.faces {
            *seen.entry(face_key(p, f)).or_default() += 1;
        }
    }
    // The outside faces' planes, found by their corners.
    let mut outside: Vec<(V3, f64)> = vec![];
    let mut at_corner: HashMap<[i64; 3], Vec<usize>> = HashMap::new();
    let planes: Vec<Vec<(V3, f64)>> = solids
        .iter()
        .map(|p| {
            p.faces
                .iter()
                .map(|f| {
                    let pts: Vec<V3> = f.iter().map(|&i| p.vertices[i]).collect();
                    let n = normal(&pts);
                    let inner = seen[&face_key(p, f)] > 1 || (flat && n[2].abs() > 0.5);
                    if inner {
                        return (n, dot(n, pts[0]));
                    }
                    outside.push((n, dot(n, pts[0])));
                    for &v in &pts {
                        at_corner.entry(key(v)).or_default().push(outside.len() - 1);
                    }
                    (n, dot(n, pts[0]) - d)
                })
                .collect()
        })
        .collect();
    solids
        .iter()
        .zip(planes)
        .map(|(p, mut planes)| {
            let mut near: Vec<usize> = p
                .vertices
                .iter()
                .flat_map(|&v| at_corner.get(&key(v)).into_iter().flatten().copied())
                .collect();
            near.sort_unstable();
            near.dedup();
            for i in near {
                let (n, h) = outside[i];
                let depth: Vec<f64> = p.vertices.iter().map(|&v| h - dot(n, v)).collect();
                let on = depth.iter().filter(|&&x| x.abs() < 1e-9).count();
                if on <= 2 && depth.iter().all(|&x| x > -1e-9) {
                    planes.push((n, h - d));
                }
            }
            intersect_half_spaces(&planes)
        })
        .collect()
}

/// The union of convex shells that touch face to face but whose touching
/// faces need not match (the cells of [`shrunk_cells`]), as one closed
/// surface: where two shells lie back to back on one plane, only the parts
/// of each face that the other does not cover stay (the step where a
/// shrunk cell reaches further than its neighbour), so the faces between
/// two cells of a piece are gone. Corners of one face that lie on an edge
/// of another are put into that edge too, so every edge is used by exactly
/// two faces; a face that gets such corners is cut into triangles around
/// its centre.
pub fn union_shrunk(shells: &[Polyhedron]) -> Mesh {
    struct Face {
        shell: usize,
        pts: Vec<V3>,
        n: V3,
        h: f64,
    }
    let faces: Vec<Face> = shells
        .iter()
        .enumerate()
        .flat_map(|(shell, p)| {
            p.faces.iter().map(move |f| {
                let pts: Vec<V3> = f.iter().map(|&i| p.vertices[i]).collect();
                let n = normal(&pts);
                let h = dot(n, pts[0]);
                Face { shell, pts, n, h }
            })
        })
        .collect();
    // Each face less the faces of other shells back to back with it.
    let mut polygons: Vec<Vec<V3>> = vec![];
    for f in &faces {
        let against: Vec<&Face> = faces
            .iter()
            .filter(|g| {
                g.shell != f.shell && dot(g.n, f.n) < -1.0 + 1e-9 && (g.h + f.h).abs() < 1e-9
            })
            .collect();
        if against.is_empty() {
            polygons.push(f.pts.clone());
            continue;
        }
        // Coordinates in the face's plane, anticlockwise seen from outside.
        let o = f.pts[0];
        let e = sub(f.pts[1], o);
        let u = e.map(|x| x / dot(e, e).sqrt());
        let v = cross(f.n, u);
        let flat = |p: V3| [dot(sub(p, o), u), dot(sub(p, o), v)];
        let mut pieces = vec![f.pts.iter().map(|&p| flat(p)).collect::<Vec<P2>>()];
        for g in against {
            // Seen from f's side, g runs clockwise: turn it round.
            let g2: Vec<P2> = g.pts.iter().rev().map(|&p| flat(p)).collect();
            pieces = pieces.iter().flat_map(|p| difference(p, &g2)).collect();
        }
        for p in pieces {
            polygons.push(
                p.iter()
                    .map(|q| [0, 1, 2].map(|k| o[k] + q[0] * u[k] + q[1] * v[k]))
                    .collect(),
            );
        }
    }
    // Merge corners by position; drop faces that collapse.
    let mut mesh = Mesh::default();
    let mut index: HashMap<[i64; 3], u32> = HashMap::new();
    for poly in polygons {
        let mut face: Vec<u32> = vec![];
        for p in poly {
            let i = *index.entry(key(p)).or_insert_with(|| {
                mesh.vertices.push(p);
                (mesh.vertices.len() - 1) as u32
            });
            if face.last() != Some(&i) {
                face.push(i);
            }
        }
        while face.len() > 1 && face.first() == face.last() {
            face.pop();
        }
        let pts: Vec<V3> = face.iter().map(|&i| mesh.vertices[i as usize]).collect();
        if face.len() >= 3 && area(&pts) > 1e-12 {
            mesh.faces.push(face);
        }
    }
    // Corners lying inside another face's edge go into that edge.
    let vs = mesh.vertices.clone();
    let mut split_faces = vec![];
    for face in &mesh.faces {
        let mut out = vec![];
        let mut split = false;
        for k in 0..face.len() {
            let (a, b) = (face[k], face[(k + 1) % face.len()]);
            out.push(a);
            let (pa, pb) = (vs[a as usize], vs[b as usize]);
            let ab = sub(pb, pa);
            let len2 = dot(ab, ab);
            let mut on: Vec<(f64, u32)> = vs
                .iter()
                .enumerate()
                .filter_map(|(i, &p)| {
                    let t = dot(sub(p, pa), ab) / len2;
                    let off = sub(p, [0, 1, 2].map(|k| pa[k] + t * ab[k]));
                    let inside = t * len2.sqrt() > 1e-7 && (1.0 - t) * len2.sqrt() > 1e-7;
                    (inside && dot(off, off) < 1e-14).then_some((t, i as u32))
                })
                .collect();
            on.sort_by(|x, y| x.0.total_cmp(&y.0));
            split |= !on.is_empty();
            out.extend(on.into_iter().map(|(_, i)| i));
        }
        if !split {
            split_faces.push(out);
            continue;
        }
        // Corners in a straight line: a fan around the centre instead.
        let c = out.iter().fold([0.0; 3], |s, &i| {
            let p = vs[i as usize];
            [0, 1, 2].map(|k| s[k] + p[k] / out.len() as f64)
        });
        let ci = *index.entry(key(c)).or_insert_with(|| {
            mesh.vertices.push(c);
            (mesh.vertices.len() - 1) as u32
        });
        for k in 0..out.len() {
            split_faces.push(vec![ci, out[k], out[(k + 1) % out.len()]]);
        }
    }
    mesh.faces = split_faces;
    mesh
}

type P2 = [f64; 2];

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// A polygon's area (its corners in one plane).
fn area(pts: &[V3]) -> f64 {
    let mut s = [0.0; 3];
    for k in 1..pts.len().saturating_sub(1) {
        let c = cross(sub(pts[k], pts[0]), sub(pts[k + 1], pts[0]));
        s = [0, 1, 2].map(|i| s[i] + c[i]);
    }
    dot(s, s).sqrt() / 2.0
}

fn area2(p: &[P2]) -> f64 {
    (0..p.len())
        .map(|k| {
            let (a, b) = (p[k], p[(k + 1) % p.len()]);
            a[0] * b[1] - a[1] * b[0]
        })
        .sum::<f64>()
        / 2.0
}

/// The part of convex polygon `p` on the left of the line from `a` to `b`
/// (`left`) or on its right, points within 1e-9 of the line counting as on
/// it.
fn clip(p: &[P2], a: P2, b: P2, left: bool) -> Vec<P2> {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    let side = |q: P2| {
        let s = (d[0] * (q[1] - a[1]) - d[1] * (q[0] - a[0])) / len;
        let s = if s.abs() < 1e-9 { 0.0 } else { s };
        if left { s } else { -s }
    };
    let mut out = vec![];
    for k in 0..p.len() {
        let (q, r) = (p[k], p[(k + 1) % p.len()]);
        let (sq, sr) = (side(q), side(r));
        if sq >= 0.0 {
            out.push(q);
        }
        if (sq > 0.0 && sr < 0.0) || (sq < 0.0 && sr > 0.0) {
            let t = sq / (sq - sr);
            out.push([q[0] + t * (r[0] - q[0]), q[1] + t * (r[1] - q[1])]);
        }
    }
    out
}

/// Convex polygon `p` less convex polygon `g` (both anticlockwise), as
/// convex polygons: `p` itself when they do not overlap.
fn difference(p: &[P2], g: &[P2]) -> Vec<Vec<P2>> {
    let mut out = vec![];
    let mut rest = p.to_vec();
    for k in 0..g.len() {
        let (a, b) = (g[k], g[(k + 1) % g.len()]);
        let outside = clip(&rest, a, b, false);
        if outside.len() >= 3 && area2(&outside) > 1e-12 {
            out.push(outside);
        }
        rest = clip(&rest, a, b, true);
        if rest.len() < 3 || area2(&rest) <= 1e-12 {
            return vec![p.to_vec()];
        }
    }
    out
}

/// The convex polyhedron `{p : n · p <= h}` for the planes `(n, h)`, which
/// must bound a solid: its corners are the points where three planes meet
/// that lie inside all of them.
fn intersect_half_spaces(planes: &[(V3, f64)]) -> Polyhedron {
    let mut corners: Vec<V3> = vec![];
    let m = planes.len();
    for i in 0..m {
        for j in i + 1..m {
            for k in j + 1..m {
                let Some(p) = meet([planes[i], planes[j], planes[k]]) else {
                    continue;
                };
                let inside = planes.iter().all(|&(n, h)| dot(n, p) <= h + 1e-9);
                let new = corners
                    .iter()
                    .all(|q| (0..3).any(|x| (q[x] - p[x]).abs() > 1e-7));
                if inside && new {
                    corners.push(p);
                }
            }
        }
    }
    space::convex_hull(&corners)
}

/// The point where three planes `n · p = h` meet (Cramer's rule), if they
/// meet in one point.
fn meet(planes: [(V3, f64); 3]) -> Option<V3> {
    let m = planes.map(|(n, _)| n);
    let d = space::det(&m);
    if d.abs() < 1e-9 {
        return None;
    }
    Some(std::array::from_fn(|col| {
        let mut mc = m;
        for (row, &(_, h)) in planes.iter().enumerate() {
            mc[row][col] = h;
        }
        space::det(&mc) / d
    }))
}

/// A cylinder from `a` to `b` of radius `r`: a prism over a regular
/// polygon of `sides` corners on the circle (so it lies inside the true
/// cylinder), its ends the polygons around `a` and `b`.
pub fn cylinder(a: V3, b: V3, r: f64, sides: usize) -> Polyhedron {
    let w = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let len = dot(w, w).sqrt();
    let w = w.map(|x| x / len);
    // Any unit u across the axis, and v = w x u: (u, v, w) is right-handed,
    // so the prism's anticlockwise base stays anticlockwise.
    let helper = if w[0].abs() < 0.9 {
        [1.0, 0.0, 0.0]
    } else {
        [0.0, 1.0, 0.0]
    };
    let u = cross(helper, w);
    let u = u.map(|x| x / dot(u, u).sqrt());
    let v = cross(w, u);
    let base: Vec<[f64; 2]> = (0..sides)
        .map(|k| {
            let t = std::f64::consts::TAU * k as f64 / sides as f64;
            [r * t.cos(), r * t.sin()]
        })
        .collect();
    let mut p = space::prism(&base, 0.0, len);
    for q in &mut p.vertices {
        *q = [0, 1, 2].map(|i| a[i] + q[0] * u[i] + q[1] * v[i] + q[2] * w[i]);
    }
    p
}

fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The pairs of neighbouring cells of a piece of balls (those that touch),
/// each once. Neighbours differ by at most 1 in each coordinate.
pub fn ball_neighbours(kind: LatticeKind, cells: &[Cell]) -> Vec<(Cell, Cell)> {
    let set: std::collections::HashSet<Cell> = cells.iter().copied().collect();
    let mut out = vec![];
    for &a in cells {
        for d in (0..27).map(|i| [i % 3 - 1, i / 3 % 3 - 1, i / 9 - 1]) {
            let b = [a[0] + d[0], a[1] + d[1], a[2] + d[2]];
            if a < b && set.contains(&b) && adjacent(kind, a, b) {
                out.push((a, b));
            }
        }
    }
    out
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

    fn exact(shrink: f64) -> Build {
        Build {
            shrink,
            ..Build::default()
        }
    }

    #[test]
    fn a_cube_and_a_domino() {
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0]], &exact(0.0));
        assert_eq!((m.vertices.len(), m.faces.len()), (8, 6));
        assert!((m.volume() - 1.0).abs() < 1e-12);
        m.check_closed().unwrap();
        assert_eq!(m.feature_edges().len(), 12);
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0], [1, 0, 0]], &exact(0.0));
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
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0]], &exact(s));
        assert!((m.volume() - (1.0 - 2.0 * s).powi(3)).abs() < 1e-12);
        m.check_closed().unwrap();
        let l = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
        let m = Mesh::piece(LatticeKind::Cubic, &l, &exact(s));
        let want = (1.0 - 2.0 * s) * (3.0 - 8.0 * s + 4.0 * s * s);
        assert!((m.volume() - want).abs() < 1e-12, "{}", m.volume());
        m.check_closed().unwrap();
        // A square tile: its outline shrinks, its thickness stays.
        let q = Mesh::piece(LatticeKind::Square, &[[0, 0, 0], [1, 0, 0]], &exact(s));
        let want = (2.0 - 2.0 * s) * (1.0 - 2.0 * s) * polyform::space::TILE_THICKNESS;
        assert!((q.volume() - want).abs() < 1e-12);
        q.check_closed().unwrap();
        // The Soma screw: at one corner the faces around a vertex face
        // both +x and -x (a saddle); the shrunk piece is still closed, and
        // is the three-cube L shrunk plus the fourth cube shrunk, joined by
        // the (1 - 2s)² x 2s slab where they meet.
        let screw = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]];
        let m = Mesh::piece(LatticeKind::Cubic, &screw, &exact(s));
        m.check_closed().unwrap();
        let want = (1.0 - 2.0 * s) * (3.0 - 8.0 * s + 4.0 * s * s)
            + (1.0 - 2.0 * s).powi(3)
            + (1.0 - 2.0 * s).powi(2) * 2.0 * s;
        assert!((m.volume() - want).abs() < 1e-12, "{} {want}", m.volume());
        // Two cubes meeting only along an edge come apart there.
        let edge = [[0, 0, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1], [1, 1, 1]];
        let m = Mesh::piece(LatticeKind::Cubic, &edge, &exact(s));
        m.check_closed().unwrap();
        // A triangle (edge 1, inradius r = sqrt(3)/6) keeps its thickness
        // and becomes the triangle of inradius r - s about the same centre.
        let t = Mesh::piece(LatticeKind::Triangle, &[[1, 1, 0]], &exact(s));
        t.check_closed().unwrap();
        let r = 3f64.sqrt() / 6.0;
        let area = 3f64.sqrt() / 4.0 * ((r - s) / r).powi(2);
        let want = area * polyform::space::TILE_THICKNESS;
        assert!((t.volume() - want).abs() < 1e-12, "{} {want}", t.volume());
    }

    #[test]
    fn balls_are_separate_closed_shells() {
        let cells = [[0, 0, 0], [1, 1, 0], [2, 0, 0]];
        let o = Build::default();
        let m = Mesh::piece(LatticeKind::FccSquare, &cells, &o);
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
            let m = Mesh::piece(kind, &cells, &Build::default());
            m.check_closed().unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert!(m.volume() > 0.0);
        }
    }
}

#[cfg(test)]
mod print_tests {
    use super::*;
    use crate::solid::max_gap;
    use polyform::space::{centre, unit_length};

    /// A mesh's shells: its faces grouped by shared vertices (pieces are
    /// built by appending closed shells that share none).
    fn shells(m: &Mesh) -> Vec<Mesh> {
        let mut parent: Vec<usize> = (0..m.vertices.len()).collect();
        fn root(p: &mut [usize], mut i: usize) -> usize {
            while p[i] != i {
                p[i] = p[p[i]];
                i = p[i];
            }
            i
        }
        for f in &m.faces {
            for w in f.windows(2) {
                let (a, b) = (
                    root(&mut parent, w[0] as usize),
                    root(&mut parent, w[1] as usize),
                );
                parent[a] = b;
            }
        }
        let mut by_root: HashMap<usize, Mesh> = HashMap::new();
        for f in &m.faces {
            let r = root(&mut parent, f[0] as usize);
            let shell = by_root.entry(r).or_default();
            let face = f
                .iter()
                .map(|&i| {
                    shell.vertices.push(m.vertices[i as usize]);
                    (shell.vertices.len() - 1) as u32
                })
                .collect();
            shell.faces.push(face);
        }
        by_root.into_values().collect()
    }

    /// A connected blob of `n` cells grown from the first cell near the
    /// origin, neighbour by neighbour.
    fn blob(kind: LatticeKind, n: usize) -> Vec<Cell> {
        let l = kind.lattice();
        let near: Vec<Cell> = (-3..=3)
            .flat_map(|x| (-3..=3).flat_map(move |y| (-3..=3).map(move |z| [x, y, z])))
            .filter(|&c| l.is_cell(c) && (l.dimension() == 3 || c[2] == 0))
            .collect();
        let mut out = vec![near[near.len() / 2]];
        while out.len() < n {
            let next = near
                .iter()
                .find(|&&c| !out.contains(&c) && out.iter().any(|&o| adjacent(kind, o, c)));
            out.push(*next.expect("room to grow"));
        }
        out
    }

    /// Every two touching balls of a piece are joined by a neck, a closed
    /// cylinder whose ends are [`NECK_INSET`] from the two balls' centres,
    /// well inside the balls; so the balls are one solid. The oracle for
    /// "touching" is the centres' distance.
    #[test]
    fn necks_join_every_ball_of_a_piece() {
        for kind in [LatticeKind::FccSquare, LatticeKind::FccTriangle] {
            let cells = blob(kind, 6);
            let (r, s) = (0.2, 0.05);
            let build = Build {
                shrink: s,
                neck: r,
                ball_subdivisions: 1,
            };
            let m = Mesh::piece(kind, &cells, &build);
            let centres: Vec<V3> = cells.iter().map(|&c| centre(kind, c)).collect();
            let dist = |a: V3, b: V3| (0..3).map(|k| (a[k] - b[k]).powi(2)).sum::<f64>().sqrt();
            let touching: usize = (0..cells.len())
                .map(|i| {
                    (i + 1..cells.len())
                        .filter(|&j| (dist(centres[i], centres[j]) - 1.0).abs() < 1e-9)
                        .count()
                })
                .sum();
            let (mut balls, mut necks) = (0, 0);
            let mut parent: Vec<usize> = (0..cells.len()).collect();
            for shell in shells(&m) {
                shell
                    .check_closed()
                    .unwrap_or_else(|e| panic!("{kind}: {e}"));
                assert!(shell.volume() > 0.0, "{kind}");
                if shell.faces.len() == 80 {
                    balls += 1;
                    continue;
                }
                assert_eq!(shell.faces.len(), NECK_SIDES + 2, "{kind}");
                necks += 1;
                // The balls whose centre a ring of the neck goes round.
                let rim = (r * r + NECK_INSET * NECK_INSET).sqrt();
                assert!(rim < 0.5 - s - 0.1, "the neck's end is well inside");
                let ends: Vec<usize> = (0..cells.len())
                    .filter(|&i| {
                        shell
                            .vertices
                            .iter()
                            .any(|&v| (dist(v, centres[i]) - rim).abs() < 1e-9)
                    })
                    .collect();
                assert_eq!(ends.len(), 2, "{kind}");
                assert!((dist(centres[ends[0]], centres[ends[1]]) - 1.0).abs() < 1e-9);
                let root = |p: &Vec<usize>, mut i: usize| {
                    while p[i] != i {
                        i = p[i];
                    }
                    i
                };
                let (a, b) = (root(&parent, ends[0]), root(&parent, ends[1]));
                parent[a] = b;
            }
            assert_eq!((balls, necks), (cells.len(), touching), "{kind}");
            let root0 = (0..cells.len()).filter(|&i| parent[i] == i).count();
            assert_eq!(root0, 1, "{kind}: the balls are one solid");
        }
    }

    /// The gap's definition on every lattice: a face on a piece's outside
    /// moves in by `s`, so two pieces touching there are `2 s` apart; a face
    /// between two cells of one piece stays; tiles keep their thickness;
    /// every shell is closed and lies inside its cells.
    #[test]
    fn gap_on_every_lattice() {
        // Sticks meet at points, not faces: tests/stick_meshes.rs checks
        // that their gap thins the bars.
        for kind in LatticeKind::ALL
            .into_iter()
            .filter(|&k| !polyform::lattice::is_stick(k))
        {
            let flat = kind.lattice().dimension() == 2;
            let s = 0.9 * max_gap(kind) * unit_length(kind) / 2.0;
            let build = Build {
                shrink: s,
                ..Build::default()
            };
            let pair = blob(kind, 2);
            let (a, b) = (pair[0], pair[1]);
            // The plane between a and b: n · p = h, n from a to b.
            let (ca, cb) = (centre(kind, a), centre(kind, b));
            let (n, h) = match (cell_solid(kind, a), cell_solid(kind, b)) {
                (CellSolid::Polyhedron(pa), CellSolid::Polyhedron(pb)) => {
                    let keys = |p: &Polyhedron, f: &Vec<usize>| {
                        let mut k: Vec<_> = f.iter().map(|&i| key(p.vertices[i])).collect();
                        k.sort_unstable();
                        k
                    };
                    let f = pa
                        .faces
                        .iter()
                        .find(|f| pb.faces.iter().any(|g| keys(&pa, f) == keys(&pb, g)))
                        .expect("a shared face");
                    let pts: Vec<V3> = f.iter().map(|&i| pa.vertices[i]).collect();
                    let n = normal(&pts);
                    (n, dot(n, pts[0]))
                }
                _ => {
                    let d = [0, 1, 2].map(|k| cb[k] - ca[k]);
                    let n = d.map(|x| x / dot(d, d).sqrt());
                    (n, dot(n, [0, 1, 2].map(|k| (ca[k] + cb[k]) / 2.0)))
                }
            };
            let reach = |m: &Mesh| {
                m.vertices
                    .iter()
                    .map(|&v| dot(n, v) - h)
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            let back = |m: &Mesh| {
                m.vertices
                    .iter()
                    .map(|&v| h - dot(n, v))
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            let (ma, mb) = (
                Mesh::piece(kind, &[a], &build),
                Mesh::piece(kind, &[b], &build),
            );
            // Apart by 2 s: a stops s short of the plane, b starts s past it
            // (balls: the polyhedron inside the ball reaches at most that).
            let ball = matches!(kind, LatticeKind::FccSquare | LatticeKind::FccTriangle);
            for (m, far) in [(&ma, reach(&ma)), (&mb, -back(&mb))] {
                m.check_closed().unwrap_or_else(|e| panic!("{kind}: {e}"));
                let want = if std::ptr::eq(m, &ma) { -s } else { s };
                if ball {
                    assert!(far * want.signum() >= want.abs() - 1e-9, "{kind}");
                } else {
                    assert!((far - want).abs() < 1e-9, "{kind}: {far} {want}");
                }
            }
            // Together, the face between them stays (polyhedra).
            let both = Mesh::piece(kind, &[a, b], &build);
            for shell in shells(&both) {
                shell
                    .check_closed()
                    .unwrap_or_else(|e| panic!("{kind}: {e}"));
            }
            if !ball {
                let on_plane = both.vertices.iter().any(|&v| (dot(n, v) - h).abs() < 1e-9);
                assert!(on_plane, "{kind}: the face between a and b stays");
                assert!(both.volume() > ma.volume() + mb.volume() - 1e-12, "{kind}");
            }
            if flat {
                let (lo, hi) = both.bounds();
                let t = hi[2] - lo[2];
                assert!(
                    (t - polyform::space::TILE_THICKNESS).abs() < 1e-12,
                    "{kind}"
                );
            }
        }
    }

    /// How far apart two convex solids are at least: the largest gap
    /// between their projections on a direction, over their face normals,
    /// the cross products of their edges and the differences of their
    /// corners (a lower bound of their distance).
    fn separation(a: &Polyhedron, b: &Polyhedron) -> f64 {
        let edges = |p: &Polyhedron| -> Vec<V3> {
            p.faces
                .iter()
                .flat_map(|f| {
                    (0..f.len()).map(move |k| {
                        let (u, v) = (p.vertices[f[k]], p.vertices[f[(k + 1) % f.len()]]);
                        [v[0] - u[0], v[1] - u[1], v[2] - u[2]]
                    })
                })
                .collect()
        };
        let mut axes: Vec<V3> = vec![];
        for p in [a, b] {
            for f in &p.faces {
                let pts: Vec<V3> = f.iter().map(|&i| p.vertices[i]).collect();
                axes.push(normal(&pts));
            }
        }
        for e in edges(a) {
            for g in edges(b) {
                axes.push(cross(e, g));
            }
        }
        for u in &a.vertices {
            for v in &b.vertices {
                axes.push([v[0] - u[0], v[1] - u[1], v[2] - u[2]]);
            }
        }
        axes.iter()
            .filter(|x| dot(**x, **x) > 1e-18)
            .map(|x| {
                let x = x.map(|c| c / dot(*x, *x).sqrt());
                let span = |p: &Polyhedron| {
                    p.vertices
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(lo, hi), &v| {
                            (lo.min(dot(x, v)), hi.max(dot(x, v)))
                        })
                };
                let ((alo, ahi), (blo, bhi)) = (span(a), span(b));
                (blo - ahi).max(alo - bhi)
            })
            .fold(f64::MIN, f64::max)
    }

    /// Two pieces side by side, made of cells taken at random near the
    /// origin: every cell of one and every cell of the other that meet (at
    /// a corner, along an edge or a face) end up at least `s` apart once
    /// shrunk by `s`, on every lattice whose cells are shrunk one by one.
    #[test]
    fn shrunk_pieces_stay_apart_at_corners() {
        use LatticeKind::*;
        for kind in [
            Hex,
            Triangle,
            Prism,
            Rhombic,
            TetraOcta,
            RhombicUnits,
            TetraOctaUnits,
        ] {
            let l = kind.lattice();
            let flat = l.dimension() == 2;
            let r = if matches!(kind, Hex | Triangle | Prism | Rhombic) {
                3
            } else {
                6
            };
            let cells: Vec<Cell> = (-r..=r)
                .flat_map(|x| (-r..=r).flat_map(move |y| (-r..=r).map(move |z| [x, y, z])))
                .filter(|&c| l.is_cell(c) && (!flat || c[2] == 0))
                .collect();
            let bit = |c: &Cell| {
                let h = (c[0] as i64 * 73_856_093)
                    ^ (c[1] as i64 * 19_349_663)
                    ^ (c[2] as i64 * 83_492_791);
                (h >> 3) & 1 == 0
            };
            let solid = |c: Cell| match cell_solid(kind, c) {
                CellSolid::Polyhedron(p) => p,
                CellSolid::Ball { .. } => unreachable!(),
            };
            let (p, q): (Vec<Cell>, Vec<Cell>) = cells.into_iter().partition(bit);
            let (pp, qq): (Vec<Polyhedron>, Vec<Polyhedron>) = (
                p.iter().map(|&c| solid(c)).collect(),
                q.iter().map(|&c| solid(c)).collect(),
            );
            let s = 0.9 * max_gap(kind) * unit_length(kind) / 2.0;
            let (sp, sq) = (shrunk_cells(&pp, s, flat), shrunk_cells(&qq, s, flat));
            let corners = |x: &Polyhedron| -> std::collections::HashSet<[i64; 3]> {
                x.vertices.iter().map(|&v| key(v)).collect()
            };
            let mut pairs = 0;
            for (i, a) in pp.iter().enumerate() {
                let ka = corners(a);
                for (j, b) in qq.iter().enumerate() {
                    if corners(b).is_disjoint(&ka) {
                        continue;
                    }
                    pairs += 1;
                    let gap = separation(&sp[i], &sq[j]);
                    assert!(gap > s - 1e-9, "{kind}: {:?} {:?}: {gap} < {s}", p[i], q[j]);
                }
            }
            assert!(pairs > 10, "{kind}");
        }
    }
}
