//! The five platonic solids: their faces, vertices and edges with names,
//! and their rotation groups.
//!
//! Every solid is scaled so that its faces lie at distance 1 from the
//! centre (inradius 1: cut depths are given in these units, see
//! [`crate::spec`]) and turned so that a named face or vertex points up
//! (`+y`) and another to the front (`+z`); `+x` is to the right.
//!
//! Names. The cube's faces are the usual `U D F B R L`; its vertices and
//! edges are named by the faces around them (`UFR`, `UF`). The octahedron
//! (held with a face up, as the Face-Turning Octahedron is) has faces
//! `U F BR BL D B R L`, the dodecahedron `U F R L BR BL D B DR DL DBR DBL`
//! (the Megaminx names), and their vertices and edges are named by the
//! faces around them joined by `-` (`U-F-R`). The tetrahedron's vertices
//! are `U L R B` (the Pyraminx names) and its faces `F D BL BR`; the
//! icosahedron's vertices carry the dodecahedron's face names and its
//! faces the letters `a`..`t`. Edges of these two are named by their two
//! vertices. `docs/twisty.md` has the tables.

use crate::geom::{EPS, Mat3, Vec3};
use std::f64::consts::PI;

/// One of the five platonic solids.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Solid {
    /// 4 triangular faces.
    Tetrahedron,
    /// 6 square faces.
    Cube,
    /// 8 triangular faces.
    Octahedron,
    /// 12 pentagonal faces.
    Dodecahedron,
    /// 20 triangular faces.
    Icosahedron,
}

impl Solid {
    /// The five, by number of faces.
    pub const ALL: [Solid; 5] = [
        Solid::Tetrahedron,
        Solid::Cube,
        Solid::Octahedron,
        Solid::Dodecahedron,
        Solid::Icosahedron,
    ];

    /// The lower-case name used in files (`cube`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Solid::Tetrahedron => "tetrahedron",
            Solid::Cube => "cube",
            Solid::Octahedron => "octahedron",
            Solid::Dodecahedron => "dodecahedron",
            Solid::Icosahedron => "icosahedron",
        }
    }

    /// The solid of a name (also the one-letter names `t c o d i`).
    pub fn from_name(s: &str) -> Option<Solid> {
        Solid::ALL
            .into_iter()
            .find(|x| x.name() == s || x.name()[..1] == *s)
    }
}

/// What an element of a solid is: the three kinds of axis a cut can be
/// normal to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElementKind {
    /// A face: the axis through its centre.
    Face,
    /// A vertex: the axis through it.
    Vertex,
    /// An edge: the axis through its midpoint.
    Edge,
}

impl ElementKind {
    /// The lower-case name (`face`, `vertex`, `edge`).
    pub fn name(self) -> &'static str {
        match self {
            ElementKind::Face => "face",
            ElementKind::Vertex => "vertex",
            ElementKind::Edge => "edge",
        }
    }
}

/// A face, vertex or edge: its name and the unit direction from the centre
/// to it (the face normal, the vertex, the edge's midpoint).
#[derive(Clone, Debug)]
pub struct Element {
    /// Face, vertex or edge.
    pub kind: ElementKind,
    /// Its name in the notation (`U`, `UFR`, `UF`).
    pub name: String,
    /// The unit direction from the centre to it.
    pub dir: Vec3,
}

/// A face of a solid.
#[derive(Clone, Debug)]
pub struct Face {
    /// Its name in the notation (`U`, `F`...); also its colour's name.
    pub name: String,
    /// The outward unit normal; the face lies in the plane `normal . x = 1`.
    pub normal: Vec3,
    /// Its corners, counterclockwise seen from outside.
    pub polygon: Vec<Vec3>,
}

/// A solid at inradius 1 with its named elements and rotation group.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Which solid.
    pub solid: Solid,
    /// Its vertices.
    pub vertices: Vec<Vec3>,
    /// Its faces, in naming order.
    pub faces: Vec<Face>,
    /// Faces, then vertices, then edges, each in naming order.
    pub elements: Vec<Element>,
    /// The proper rotations mapping the solid onto itself (12, 24 or 60),
    /// the identity first.
    pub rotations: Vec<Mat3>,
}

/// The golden ratio.
fn phi() -> f64 {
    (1.0 + 5f64.sqrt()) / 2.0
}

/// A direction at height `h` and azimuth `deg` degrees (from `+z` towards
/// `+x`): the targets the names are matched to.
fn ring(h: f64, deg: f64) -> Vec3 {
    let a = deg.to_radians();
    Vec3::new(a.sin(), h, a.cos()).unit()
}

fn up() -> Vec3 {
    Vec3::new(0.0, 1.0, 0.0)
}

/// The Megaminx face names and their directions (also the icosahedron's
/// vertex names).
fn minx_names() -> Vec<(&'static str, Vec3)> {
    let h = 0.45;
    vec![
        ("U", up()),
        ("F", ring(h, 0.0)),
        ("R", ring(h, 72.0)),
        ("L", ring(h, 288.0)),
        ("BR", ring(h, 144.0)),
        ("BL", ring(h, 216.0)),
        ("D", -up()),
        ("B", ring(-h, 180.0)),
        ("DR", ring(-h, 36.0)),
        ("DL", ring(-h, 324.0)),
        ("DBR", ring(-h, 108.0)),
        ("DBL", ring(-h, 252.0)),
    ]
}

impl Geometry {
    /// Builds a solid, scaled, turned and named.
    pub fn new(solid: Solid) -> Geometry {
        let (raw, up_dir, front_dir) = raw_vertices(solid);
        // Turn: `up_dir` to +y, `front_dir` into the half plane z > 0.
        let y = up_dir.unit();
        let z = (front_dir - y * front_dir.dot(y)).unit();
        let x = y.cross(z);
        let q = Mat3::from_rows(x, y, z);
        let mut vertices: Vec<Vec3> = raw.iter().map(|&v| q.apply(v)).collect();
        let normals = face_normals(&vertices);
        // Scale to inradius 1.
        let inradius = vertices
            .iter()
            .map(|v| normals[0].dot(*v))
            .fold(f64::MIN, f64::max);
        for v in &mut vertices {
            *v = *v * (1.0 / inradius);
        }
        let faces = named_faces(solid, &normals, &vertices);
        let mut elements: Vec<Element> = faces
            .iter()
            .map(|f| Element {
                kind: ElementKind::Face,
                name: f.name.clone(),
                dir: f.normal,
            })
            .collect();
        let vertex_elements = vertex_elements(solid, &vertices, &faces);
        let edge_elements = edge_elements(solid, &faces, &vertex_elements);
        elements.extend(vertex_elements);
        elements.extend(edge_elements);
        let rotations = rotation_group(&faces, &vertices);
        Geometry {
            solid,
            vertices,
            faces,
            elements,
            rotations,
        }
    }

    /// The elements of one kind.
    pub fn elements_of(&self, kind: ElementKind) -> impl Iterator<Item = &Element> {
        self.elements.iter().filter(move |e| e.kind == kind)
    }

    /// The element of a name.
    pub fn element(&self, name: &str) -> Option<&Element> {
        self.elements.iter().find(|e| e.name == name)
    }

    /// The element lying in direction `dir` (a unit vector), if any.
    pub fn element_at(&self, dir: Vec3) -> Option<&Element> {
        self.elements.iter().find(|e| e.dir.close(dir, 1e-7))
    }

    /// How far the solid reaches along the unit direction `dir`: the least
    /// and greatest `dir . v` over its vertices. A plane normal to `dir`
    /// cuts the solid when its offset lies strictly between them.
    pub fn extent(&self, dir: Vec3) -> (f64, f64) {
        let d = self.vertices.iter().map(|v| dir.dot(*v));
        (
            d.clone().fold(f64::MAX, f64::min),
            d.fold(f64::MIN, f64::max),
        )
    }
}

/// The outward unit normals of a convex solid's faces: the supporting planes through three of
/// its `vertices`, each once.
fn face_normals(vertices: &[Vec3]) -> Vec<Vec3> {
    let mut normals: Vec<Vec3> = Vec::new();
    let n = vertices.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let c = (vertices[j] - vertices[i]).cross(vertices[k] - vertices[i]);
                if c.norm() < 1e-6 {
                    continue;
                }
                let mut nv = c.unit();
                if nv.dot(vertices[i]) < 0.0 {
                    nv = -nv;
                }
                let d = nv.dot(vertices[i]);
                if vertices.iter().all(|v| nv.dot(*v) <= d + 1e-7)
                    && !normals.iter().any(|m| m.close(nv, 1e-7))
                {
                    normals.push(nv);
                }
            }
        }
    }
    normals
}

/// The faces with their names (in naming order), each with its corners among `vertices` (at
/// inradius 1) counterclockwise seen from outside.
fn named_faces(solid: Solid, normals: &[Vec3], vertices: &[Vec3]) -> Vec<Face> {
    let face_names = face_name_targets(solid);
    let mut faces: Vec<Face> = Vec::new();
    for (name, nv) in match_names(normals, &face_names) {
        let mut poly: Vec<Vec3> = vertices
            .iter()
            .copied()
            .filter(|v| (nv.dot(*v) - 1.0).abs() < 1e-7)
            .collect();
        // Counterclockwise seen from outside: sort by angle about the normal.
        let c = Vec3::mean(&poly);
        let e1 = (poly[0] - c).unit();
        let e2 = nv.cross(e1);
        poly.sort_by(|a, b| {
            let ta = (*a - c).dot(e2).atan2((*a - c).dot(e1));
            let tb = (*b - c).dot(e2).atan2((*b - c).dot(e1));
            ta.total_cmp(&tb)
        });
        faces.push(Face {
            name: name.to_string(),
            normal: nv,
            polygon: poly,
        });
    }
    faces
}

/// What joins the names of an element's faces (or vertices) into its name: nothing when every
/// such name is one letter (`UFR`), a hyphen otherwise (`U-F-BR`).
fn separator<'a>(mut names: impl Iterator<Item = &'a str>) -> &'static str {
    if names.all(|n| n.len() == 1) { "" } else { "-" }
}

/// The names `names(i)` of the elements `i` in `key`, joined by `sep`.
fn joined<'a>(names: impl Fn(usize) -> &'a str, key: &[usize], sep: &str) -> String {
    key.iter().map(|&i| names(i)).collect::<Vec<_>>().join(sep)
}

/// The vertices as elements: named from the solid's table, or by their faces in the order of
/// those faces.
fn vertex_elements(solid: Solid, vertices: &[Vec3], faces: &[Face]) -> Vec<Element> {
    if let Some(targets) = vertex_name_targets(solid) {
        let vertex_dirs: Vec<Vec3> = vertices.iter().map(|v| v.unit()).collect();
        return match_names(&vertex_dirs, &targets)
            .into_iter()
            .map(|(name, dir)| Element {
                kind: ElementKind::Vertex,
                name: name.to_string(),
                dir,
            })
            .collect();
    }
    let sep = separator(faces.iter().map(|f| f.name.as_str()));
    let mut v: Vec<(Vec<usize>, Element)> = vertices
        .iter()
        .map(|&p| {
            let key: Vec<usize> = (0..faces.len())
                .filter(|&i| (faces[i].normal.dot(p) - 1.0).abs() < 1e-7)
                .collect();
            let e = Element {
                kind: ElementKind::Vertex,
                name: joined(|i| faces[i].name.as_str(), &key, sep),
                dir: p.unit(),
            };
            (key, e)
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v.into_iter().map(|(_, e)| e).collect()
}

/// The edges (pairs of vertices consecutive on a face) as elements: named by their vertices when
/// the solid's vertices are named from a table, by their faces otherwise, in the order of those.
fn edge_elements(solid: Solid, faces: &[Face], vertex_elements: &[Element]) -> Vec<Element> {
    let mut edges: Vec<(Vec3, Vec3)> = Vec::new();
    for f in faces {
        for i in 0..f.polygon.len() {
            let (a, b) = (f.polygon[i], f.polygon[(i + 1) % f.polygon.len()]);
            let m = (a + b) * 0.5;
            if !edges.iter().any(|(p, q)| ((*p + *q) * 0.5).close(m, 1e-7)) {
                edges.push((a, b));
            }
        }
    }
    let vertex_named = vertex_name_targets(solid).is_some();
    let sep = separator(faces.iter().map(|f| f.name.as_str()));
    let vsep = separator(vertex_elements.iter().map(|v| v.name.as_str()));
    let mut edge_elements: Vec<(Vec<usize>, Element)> = edges
        .iter()
        .map(|&(a, b)| {
            let m = (a + b) * 0.5;
            let (key, name) = if vertex_named {
                let mut k: Vec<usize> = vertex_elements
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| v.dir.close(a.unit(), 1e-7) || v.dir.close(b.unit(), 1e-7))
                    .map(|(i, _)| i)
                    .collect();
                k.sort();
                let name = joined(|i| vertex_elements[i].name.as_str(), &k, vsep);
                (k, name)
            } else {
                let k: Vec<usize> = faces
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| (f.normal.dot(m) - 1.0).abs() < 1e-7)
                    .map(|(i, _)| i)
                    .collect();
                let name = joined(|i| faces[i].name.as_str(), &k, sep);
                (k, name)
            };
            let e = Element {
                kind: ElementKind::Edge,
                name,
                dir: m.unit(),
            };
            (key, e)
        })
        .collect();
    edge_elements.sort_by(|a, b| a.0.cmp(&b.0));
    edge_elements.into_iter().map(|(_, e)| e).collect()
}

/// A solid's vertices before scaling, with a direction to turn up and one
/// to turn to the front.
fn raw_vertices(solid: Solid) -> (Vec<Vec3>, Vec3, Vec3) {
    let p = phi();
    match solid {
        Solid::Tetrahedron => {
            let (s6, s2) = (6f64.sqrt(), 2f64.sqrt());
            let v = vec![
                Vec3::new(0.0, 3.0, 0.0),
                Vec3::new(-s6, -1.0, s2),
                Vec3::new(s6, -1.0, s2),
                Vec3::new(0.0, -1.0, -2.0 * s2),
            ];
            (v, up(), Vec3::new(0.0, 0.0, 1.0))
        }
        Solid::Cube => {
            let mut v = vec![];
            for x in [-1.0, 1.0] {
                for y in [-1.0, 1.0] {
                    for z in [-1.0, 1.0] {
                        v.push(Vec3::new(x, y, z));
                    }
                }
            }
            (v, up(), Vec3::new(0.0, 0.0, 1.0))
        }
        Solid::Octahedron => {
            let mut v = vec![];
            for i in 0..3 {
                for s in [-1.0, 1.0] {
                    let mut c = [0.0; 3];
                    c[i] = s;
                    v.push(Vec3(c));
                }
            }
            // A face up, an adjacent face to the front.
            (v, Vec3::new(1.0, 1.0, 1.0), Vec3::new(-1.0, 1.0, 1.0))
        }
        Solid::Dodecahedron => {
            let mut v = vec![];
            for x in [-1.0, 1.0] {
                for y in [-1.0, 1.0] {
                    for z in [-1.0, 1.0] {
                        v.push(Vec3::new(x, y, z));
                    }
                }
            }
            for a in [-1.0, 1.0] {
                for b in [-1.0, 1.0] {
                    v.push(Vec3::new(0.0, a / p, b * p));
                    v.push(Vec3::new(a / p, b * p, 0.0));
                    v.push(Vec3::new(a * p, 0.0, b / p));
                }
            }
            // Face normals point to the icosahedron's vertices (0, ±φ, ±1)
            // and their cyclic shifts: one up, an adjacent one to the front.
            (v, Vec3::new(0.0, p, 1.0), Vec3::new(0.0, p, -1.0))
        }
        Solid::Icosahedron => {
            let mut v = vec![];
            for a in [-1.0, 1.0] {
                for b in [-1.0, 1.0] {
                    v.push(Vec3::new(0.0, a, b * p));
                    v.push(Vec3::new(a, b * p, 0.0));
                    v.push(Vec3::new(a * p, 0.0, b));
                }
            }
            (v, Vec3::new(0.0, 1.0, p), Vec3::new(0.0, -1.0, p))
        }
    }
}

/// The face names of a solid and the directions they are matched to
/// (`None` entries: letters in order of height, then azimuth).
fn face_name_targets(solid: Solid) -> Vec<(&'static str, Vec3)> {
    let third = 1.0 / 3.0;
    match solid {
        Solid::Tetrahedron => vec![
            ("F", ring(third, 0.0)),
            ("D", -up()),
            ("BL", ring(third, 240.0)),
            ("BR", ring(third, 120.0)),
        ],
        Solid::Cube => vec![
            ("U", up()),
            ("D", -up()),
            ("F", Vec3::new(0.0, 0.0, 1.0)),
            ("B", Vec3::new(0.0, 0.0, -1.0)),
            ("R", Vec3::new(1.0, 0.0, 0.0)),
            ("L", Vec3::new(-1.0, 0.0, 0.0)),
        ],
        Solid::Octahedron => vec![
            ("U", up()),
            ("F", ring(third, 0.0)),
            ("BR", ring(third, 120.0)),
            ("BL", ring(third, 240.0)),
            ("D", -up()),
            ("B", ring(-third, 180.0)),
            ("R", ring(-third, 60.0)),
            ("L", ring(-third, 300.0)),
        ],
        Solid::Dodecahedron => minx_names(),
        Solid::Icosahedron => {
            // The 20 face normals sorted by height (top first), then azimuth.
            let g = Geometry::icosahedron_face_dirs();
            const LETTERS: [&str; 20] = [
                "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
                "q", "r", "s", "t",
            ];
            LETTERS.iter().copied().zip(g).collect()
        }
    }
}

fn vertex_name_targets(solid: Solid) -> Option<Vec<(&'static str, Vec3)>> {
    match solid {
        Solid::Tetrahedron => Some(vec![
            ("U", up()),
            ("L", ring(-third(), 300.0)),
            ("R", ring(-third(), 60.0)),
            ("B", ring(-third(), 180.0)),
        ]),
        Solid::Icosahedron => Some(minx_names()),
        _ => None,
    }
}

fn third() -> f64 {
    1.0 / 3.0
}

impl Geometry {
    /// The icosahedron's face directions (in its turned position), top
    /// first, then by height and azimuth.
    fn icosahedron_face_dirs() -> Vec<Vec3> {
        let d = Geometry::new(Solid::Dodecahedron);
        let mut v: Vec<Vec3> = d.vertices.iter().map(|v| v.unit()).collect();
        let az = |p: &Vec3| p.0[0].atan2(p.0[2]).rem_euclid(2.0 * PI);
        v.sort_by(|a, b| {
            let (ha, hb) = ((a.0[1] * 1e6).round(), (b.0[1] * 1e6).round());
            hb.total_cmp(&ha).then(az(a).total_cmp(&az(b)))
        });
        v
    }
}

/// Pairs each name with the direction closest to its target; every
/// direction gets exactly one name (the tables are built so).
fn match_names(dirs: &[Vec3], names: &[(&'static str, Vec3)]) -> Vec<(&'static str, Vec3)> {
    assert_eq!(dirs.len(), names.len(), "one name per element");
    names
        .iter()
        .map(|&(name, target)| {
            let best = dirs
                .iter()
                .copied()
                .max_by(|a, b| a.unit().dot(target).total_cmp(&b.unit().dot(target)))
                .expect("elements");
            (name, best.unit())
        })
        .collect()
}

/// The closure of two rotations (about a face normal by one face turn,
/// about a vertex by one vertex turn): every rotation of the solid.
fn rotation_group(faces: &[Face], vertices: &[Vec3]) -> Vec<Mat3> {
    let f = &faces[0];
    let a = Mat3::rotation(f.normal, 2.0 * PI / f.polygon.len() as f64);
    let around = faces
        .iter()
        .filter(|g| (g.normal.dot(vertices[0]) - 1.0).abs() < 1e-7)
        .count();
    let b = Mat3::rotation(vertices[0].unit(), 2.0 * PI / around as f64);
    let mut group = vec![Mat3::IDENTITY];
    let mut i = 0;
    while i < group.len() {
        for g in [a, b] {
            let m = g.mul(&group[i]);
            if !group.iter().any(|h| h.close(&m, 1e-6)) {
                group.push(m);
                assert!(
                    group.len() <= 60,
                    "a rotation group has at most 60 elements"
                );
            }
        }
        i += 1;
    }
    debug_assert!(group.iter().all(|r| {
        vertices
            .iter()
            .all(|v| vertices.iter().any(|w| w.close(r.apply(*v), 1e-6)))
    }));
    let _ = EPS;
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solids_have_their_counts_and_groups() {
        // (faces, vertices, edges, rotations)
        let want = [
            (Solid::Tetrahedron, 4, 4, 6, 12),
            (Solid::Cube, 6, 8, 12, 24),
            (Solid::Octahedron, 8, 6, 12, 24),
            (Solid::Dodecahedron, 12, 20, 30, 60),
            (Solid::Icosahedron, 20, 12, 30, 60),
        ];
        for (s, f, v, e, r) in want {
            let g = Geometry::new(s);
            assert_eq!(g.faces.len(), f, "{s:?}");
            assert_eq!(g.elements_of(ElementKind::Vertex).count(), v, "{s:?}");
            assert_eq!(g.elements_of(ElementKind::Edge).count(), e, "{s:?}");
            assert_eq!(g.rotations.len(), r, "{s:?}");
            for face in &g.faces {
                for p in &face.polygon {
                    assert!((face.normal.dot(*p) - 1.0).abs() < 1e-9, "inradius 1");
                }
            }
            // Names are unique.
            let mut names: Vec<&str> = g.elements.iter().map(|e| e.name.as_str()).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), g.elements.len(), "{s:?}: {names:?}");
        }
    }

    #[test]
    fn names_point_where_they_say() {
        let c = Geometry::new(Solid::Cube);
        assert!(c.element("U").unwrap().dir.close(up(), 1e-12));
        assert!(c.element("UFR").is_some() && c.element("DBL").is_some());
        assert!(c.element("UF").is_some() && c.element("BL").is_some());
        let t = Geometry::new(Solid::Tetrahedron);
        assert!(t.element("U").unwrap().dir.close(up(), 1e-12));
        assert!(t.element("D").unwrap().dir.close(-up(), 1e-12));
        let d = Geometry::new(Solid::Dodecahedron);
        assert!(d.element("U").unwrap().dir.close(up(), 1e-12));
        assert!(d.element("D").unwrap().dir.close(-up(), 1e-12));
        let f = d.element("F").unwrap().dir;
        assert!(f.0[2] > 0.8 && f.0[1] > 0.0);
        let r = d.element("R").unwrap().dir;
        assert!(r.0[0] > 0.5);
        assert!(d.element("DBL").unwrap().dir.close(-r, 1e-9));
        let o = Geometry::new(Solid::Octahedron);
        assert!(o.element("U").unwrap().dir.close(up(), 1e-12));
        assert!(
            o.element("R")
                .unwrap()
                .dir
                .close(-o.element("BL").unwrap().dir, 1e-9)
        );
    }
}
