//! `export --format stl`: pieces for 3D printing. The files are read back
//! with `stl_io` (a reader slicers' tool chains use), which also checks
//! them ("no holes, all triangles facing the same way"), and checked again
//! here by counting edges; volumes are the pieces' cell counts (from
//! `show --json`) times the cell's volume.

use super::common::{data, json, outcome, run, temp};
use std::collections::HashMap;
use std::io::Cursor;

type Tri = [[f64; 3]; 3];

/// The triangles of an STL file (ASCII or binary) as `stl_io` reads them,
/// after its own check that the mesh is closed and consistently oriented.
fn read(bytes: &[u8]) -> Vec<Tri> {
    let mesh = stl_io::read_stl(&mut Cursor::new(bytes)).expect("stl_io reads the file");
    mesh.validate()
        .expect("stl_io finds the mesh closed and oriented");
    mesh.faces
        .iter()
        .map(|f| f.vertices.map(|i| mesh.vertices[i].0.map(f64::from)))
        .collect()
}

/// The solids of an ASCII file with several, by name.
fn solids(text: &str) -> Vec<(String, Vec<Tri>)> {
    let mut out = vec![];
    let mut rest = text;
    while let Some(start) = rest.find("solid ") {
        let end = rest[start..].find("endsolid").expect("each solid ends") + start;
        let line_end = rest[end..].find('\n').map_or(rest.len(), |i| end + i + 1);
        let name = rest[start + 6..].lines().next().unwrap().trim().to_string();
        out.push((name, read(&rest.as_bytes()[start..line_end])));
        rest = &rest[line_end..];
    }
    out
}

/// Every edge (by its ends' positions, to a thousandth of a millimetre)
/// used exactly once in each direction.
fn assert_closed(name: &str, tris: &[Tri]) {
    let k = |p: [f64; 3]| p.map(|x| (x * 1000.0).round() as i64);
    let mut uses: HashMap<([i64; 3], [i64; 3]), u32> = HashMap::new();
    for t in tris {
        for i in 0..3 {
            *uses.entry((k(t[i]), k(t[(i + 1) % 3]))).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &uses {
        assert_eq!(n, 1, "{name}: edge {a:?}-{b:?} used {n} times one way");
        assert_eq!(
            uses.get(&(b, a)),
            Some(&1),
            "{name}: edge {a:?}-{b:?} has no partner"
        );
    }
}

/// The signed volume (positive when the triangles face outwards).
fn volume(tris: &[Tri]) -> f64 {
    tris.iter()
        .map(|[a, b, c]| {
            (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]))
                / 6.0
        })
        .sum()
}

/// The pieces' names and cell counts, as `show --json` gives them.
fn piece_cells(file: &str) -> Vec<(String, u64)> {
    let v = json(&run(&["show", "--json", data(file).to_str().unwrap()]));
    v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["cells"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Soma and Bedlam: one ASCII file with a named solid per piece, and one
/// binary file per piece: closed, outward-facing, and of the volume of
/// their cubes (unit 10 mm: 1000 mm³ a cube). Soma's 27 cubes and Bedlam's
/// 64 fill their 3x3x3 and 4x4x4 cubes.
#[test]
fn cube_pieces_are_closed_with_their_volume() {
    for (file, cubes) in [("soma/cube.toml", 27), ("bedlam/cube.toml", 64)] {
        let pieces = piece_cells(file);
        assert_eq!(pieces.iter().map(|p| p.1).sum::<u64>(), cubes);
        let out = temp(&format!("{}.stl", file.replace('/', "-")));
        let o = run(&[
            "export",
            data(file).to_str().unwrap(),
            "--format",
            "stl",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
        let text = std::fs::read_to_string(&out).unwrap();
        let got = solids(&text);
        assert_eq!(got.len(), pieces.len(), "{file}");
        for ((name, tris), (want_name, cells)) in got.iter().zip(&pieces) {
            assert_eq!(name, want_name);
            assert_closed(name, tris);
            let v = volume(tris);
            assert!(
                (v - *cells as f64 * 1000.0).abs() < 1e-3,
                "{file} {name}: {v}"
            );
            // Printable: on the bed (z = 0) and in the positive octant.
            let lo =
                [0, 1, 2].map(|k| tris.iter().flatten().map(|p| p[k]).fold(f64::MAX, f64::min));
            assert!(lo.iter().all(|&x| x > -1e-6), "{name}");
            assert!(lo[2].abs() < 1e-6, "{name} rests on z = 0");
        }
        // The pieces are laid out apart: no two bounding boxes overlap.
        let boxes: Vec<([f64; 3], [f64; 3])> = got
            .iter()
            .map(|(_, t)| {
                let f = |k: usize, init: f64, pick: fn(f64, f64) -> f64| {
                    t.iter().flatten().map(|p| p[k]).fold(init, pick)
                };
                (
                    [0, 1, 2].map(|k| f(k, f64::MAX, f64::min)),
                    [0, 1, 2].map(|k| f(k, f64::MIN, f64::max)),
                )
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let apart = (0..2).any(|k| a.1[k] <= b.0[k] + 1e-6 || b.1[k] <= a.0[k] + 1e-6);
                assert!(apart, "{file}: two pieces overlap in the layout");
            }
        }
        // One binary file per piece, numbered in the file's order.
        let dir = temp(&format!("{}-dir", file.replace('/', "-")));
        let o = run(&[
            "export",
            data(file).to_str().unwrap(),
            "--format",
            "stl",
            "--dir",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        assert_eq!(names.len(), pieces.len());
        for (path, (name, cells)) in names.iter().zip(&pieces) {
            let bytes = std::fs::read(path).unwrap();
            assert!(!bytes.starts_with(b"solid"), "binary");
            let tris = read(&bytes);
            assert_closed(name, &tris);
            assert!(
                (volume(&tris) - *cells as f64 * 1000.0).abs() < 1e-2,
                "{name}"
            );
            assert!(
                path.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .ends_with(&format!("-{name}.stl"))
            );
        }
    }
}

/// With a gap, each piece stays closed and loses volume: at most all of it
/// its cubes would lose shrunk one by one, at least none.
#[test]
fn gap_shrinks_closed_pieces() {
    let file = "bedlam/cube.toml";
    let out = temp("bedlam-gap.stl");
    let o = run(&[
        "export",
        data(file).to_str().unwrap(),
        "--format",
        "stl",
        "--gap",
        "0.5",
        "--unit",
        "20",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    let s: f64 = 0.25 / 20.0;
    for ((name, tris), (_, cells)) in solids(&std::fs::read_to_string(&out).unwrap())
        .iter()
        .zip(piece_cells(file))
    {
        assert_closed(name, tris);
        let (v, full) = (volume(tris), cells as f64 * 8000.0);
        assert!(
            v < full - 1.0 && v > full * (1.0 - 2.0 * s).powi(3),
            "{name}: {v} of {full}"
        );
    }
    // A gap that would eat the pieces is refused.
    let (code, _, err) = outcome(&run(&[
        "export",
        data(file).to_str().unwrap(),
        "--format",
        "stl",
        "--gap",
        "5",
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("--gap 5") && err.lines().count() == 1, "{err}");
}

/// Sphere pieces (the Kanoodle Extreme pyramid): one closed polyhedron of
/// 320 triangles per sphere, each within 4% under the ball's volume (the
/// polyhedron is inscribed in it), all the same.
#[test]
fn sphere_pieces_are_closed_shells() {
    let file = "kanoodle-extreme/pyramid.toml";
    let out = temp("kx.stl");
    let o = run(&[
        "export",
        data(file).to_str().unwrap(),
        "--format",
        "stl",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    let ball = 4.0 / 3.0 * std::f64::consts::PI * 125.0;
    let mut per_sphere = vec![];
    for ((name, tris), (_, cells)) in solids(&std::fs::read_to_string(&out).unwrap())
        .iter()
        .zip(piece_cells(file))
    {
        assert_closed(name, tris);
        assert_eq!(tris.len() as u64, 320 * cells, "{name}");
        per_sphere.push(volume(tris) / cells as f64);
    }
    for v in &per_sphere {
        assert!(
            (v - per_sphere[0]).abs() < 1e-3 && *v < ball && *v > 0.96 * ball,
            "{v} of {ball}"
        );
    }
}

/// STL is for puzzles with cells in space; a DLX file has none.
#[test]
fn stl_needs_geometry() {
    let dlx = temp("x.dlx");
    std::fs::write(&dlx, "a b\na\nb\n").unwrap();
    let (code, _, err) = outcome(&run(&["export", dlx.to_str().unwrap(), "--format", "stl"]));
    assert_eq!(code, 2);
    assert!(
        err.contains("STL files are not available for dlx problems"),
        "{err}"
    );
}
