//! `export --format stl --gap`: on every lattice whose cells are not
//! boxes (triangles, hexagons, prisms, rhombic dodecahedra, tetrahedra and
//! octahedra), each piece is still one closed 2-manifold surface with a
//! gap: the faces between two cells of the piece are gone, as at gap 0,
//! and only the piece's outside moves in.

use picture::solid::max_gap;
use picture::solid::mesh::{Mesh, MeshOptions, key};
use picture::solid::piece_meshes;
use polyform::file;
use std::collections::{HashMap, HashSet};
use std::path::Path;

fn meshes(rel: &str, gap: f64) -> Vec<(String, Mesh)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel);
    let puzzle = file::load(&path).unwrap();
    let options = MeshOptions {
        gap,
        ..MeshOptions::default()
    };
    piece_meshes(&puzzle, &options)
        .unwrap()
        .into_iter()
        .map(|p| (p.name, p.mesh))
        .collect()
}

/// What a slicer asks of a printed piece, on the triangles as written
/// (corners welded by position): no degenerate triangle, every undirected
/// edge in exactly two triangles (once each way), one connected surface,
/// and that surface a sphere (V - E + F = 2).
fn check_printable(what: &str, m: &Mesh) {
    let tris: Vec<[[i64; 3]; 3]> = m.triangles().map(|t| t.map(key)).collect();
    let mut edges: HashMap<([i64; 3], [i64; 3]), usize> = HashMap::new();
    let mut vertices = HashSet::new();
    for t in &tris {
        assert!(
            t[0] != t[1] && t[1] != t[2] && t[2] != t[0],
            "{what}: degenerate triangle {t:?}"
        );
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            vertices.insert(a);
            *edges.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let bad = edges.values().filter(|&&n| n != 2).count();
    assert_eq!(bad, 0, "{what}: edges not in exactly two triangles");
    m.check_closed().unwrap_or_else(|e| panic!("{what}: {e}"));
    // Connected: grow from the first triangle across shared edges.
    let mut of_edge: HashMap<([i64; 3], [i64; 3]), Vec<usize>> = HashMap::new();
    for (i, t) in tris.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            of_edge.entry((a.min(b), a.max(b))).or_default().push(i);
        }
    }
    let mut seen = vec![false; tris.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for k in 0..3 {
            let (a, b) = (tris[i][k], tris[i][(k + 1) % 3]);
            for &j in &of_edge[&(a.min(b), a.max(b))] {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    assert!(seen.iter().all(|&s| s), "{what}: more than one shell");
    let euler = vertices.len() as i64 - edges.len() as i64 + tris.len() as i64;
    assert_eq!(euler, 2, "{what}: not a sphere");
    assert!(m.volume() > 0.0, "{what}");
}

/// Catalog puzzles on the non-box lattices, with their lattice's name.
const FILES: [(&str, &str); 6] = [
    ("hexiamonds/6x6-rhombus.toml", "triangle"),
    ("tetrahexes/7x4-parallelogram.toml", "hex"),
    ("rhombic/pyramid.toml", "rhombic"),
    ("prisms/hexagonal-prism.toml", "prism"),
    ("tetra-octa/rhombohedron.toml", "tetra-octa"),
    ("tetra-octa/tetrahedron.toml", "tetra-octa"),
];

#[test]
fn pieces_with_a_gap_are_closed_single_surfaces_on_every_lattice() {
    for (rel, _) in FILES {
        let kind = file::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../data")
                .join(rel),
        )
        .unwrap()
        .lattice;
        // The smallest gap STL keeps, a usual one, and nearly the largest
        // the lattice takes (at 10 mm a unit).
        let largest = 0.95 * max_gap(kind) * 10.0;
        for gap in [0.01, 0.3_f64.min(largest), largest] {
            let exact = meshes(rel, 0.0);
            for ((name, m), (_, m0)) in meshes(rel, gap).iter().zip(&exact) {
                let what = format!("{rel} --gap {gap}: {name}");
                check_printable(&what, m);
                check_printable(&format!("{rel}: {name}"), m0);
                // The gap takes material away, never adds any.
                assert!(m.volume() < m0.volume(), "{what}");
            }
        }
    }
}

/// A convex piece stays the same polyhedron, its faces moved in, so it
/// keeps its triangles: the hexagon of six triangles (the tester's example
/// had 48 triangles and 42 bad edges with the cells as separate shells).
#[test]
fn convex_pieces_keep_their_triangles() {
    let (rel, piece) = ("hexiamonds/6x6-rhombus.toml", "H1");
    {
        let exact = meshes(rel, 0.0);
        let m0 = &exact.iter().find(|(n, _)| n == piece).unwrap().1;
        for gap in [0.01, 0.3, 1.0] {
            let gapped = meshes(rel, gap);
            let m = &gapped.iter().find(|(n, _)| n == piece).unwrap().1;
            assert_eq!(
                m.triangle_count(),
                m0.triangle_count(),
                "{rel} {piece} --gap {gap}"
            );
            assert_eq!(m0.triangle_count(), 24);
        }
    }
}
