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

/// A solid's shells: its triangles grouped by shared edges (by position).
fn shells(tris: &[Tri]) -> Vec<Vec<Tri>> {
    let k = |p: [f64; 3]| p.map(|x| (x * 1000.0).round() as i64);
    let mut parent: Vec<usize> = (0..tris.len()).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    let mut first: HashMap<([i64; 3], [i64; 3]), usize> = HashMap::new();
    for (i, t) in tris.iter().enumerate() {
        for e in 0..3 {
            let (a, b) = (k(t[e]), k(t[(e + 1) % 3]));
            let j = *first.entry((a.min(b), a.max(b))).or_insert(i);
            let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
            parent[ri] = rj;
        }
    }
    let mut groups: HashMap<usize, Vec<Tri>> = HashMap::new();
    for (i, t) in tris.iter().enumerate() {
        groups.entry(root(&mut parent, i)).or_default().push(*t);
    }
    groups.into_values().collect()
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// Sphere pieces (Kanoodle's pyramid, Kanoodle Extreme): each ball a
/// closed polyhedron of 320 triangles inside the ball (within 4% of its
/// volume), and every two touching balls of a piece (centres a unit apart,
/// the oracle) joined by a neck, a closed 16-sided cylinder of radius 0.4
/// balls' radius from near one centre (a twentieth of a unit) to near the
/// other: so every piece is one solid.
#[test]
fn balls_are_joined_by_necks() {
    for file in ["kanoodle/pyramid.toml", "kanoodle-extreme/pyramid.toml"] {
        let out = temp(&format!("{}.stl", file.replace('/', "-")));
        let o = run(&[
            "export",
            data(file).to_str().unwrap(),
            "--format",
            "stl",
            "--unit",
            "12",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
        let unit = 12.0;
        // A neck's end ring: 0.4 radius round a point 0.05 units from a centre.
        let neck = (2.4f64.powi(2) + 0.6f64.powi(2)).sqrt();
        let ball = 4.0 / 3.0 * std::f64::consts::PI * 216.0;
        let text = std::fs::read_to_string(&out).unwrap();
        for ((name, tris), (_, cells)) in solids(&text).iter().zip(piece_cells(file)) {
            let (mut balls, mut necks) = (vec![], vec![]);
            for shell in shells(tris) {
                assert_closed(name, &shell);
                let pts: Vec<[f64; 3]> = shell.iter().flatten().copied().collect();
                if shell.len() == 320 {
                    let c = [0, 1, 2].map(|k| pts.iter().map(|p| p[k]).sum::<f64>() / 960.0);
                    assert!(pts.iter().all(|&p| (dist(p, c) - unit / 2.0).abs() < 1e-3));
                    let v = volume(&shell);
                    assert!(v < ball && v > 0.96 * ball, "{name}: {v}");
                    balls.push(c);
                } else {
                    assert_eq!(shell.len(), 2 * 14 + 2 * 16, "{name}: a neck");
                    assert!(volume(&shell) > 0.0);
                    necks.push(pts);
                }
            }
            assert_eq!(balls.len() as u64, cells, "{name}");
            let n = balls.len();
            let touching: Vec<(usize, usize)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| (dist(balls[i], balls[j]) - unit).abs() < 1e-3)
                .collect();
            // Each neck goes round two balls' centres: a touching pair.
            let mut joined: Vec<(usize, usize)> = necks
                .iter()
                .map(|pts| {
                    let ends: Vec<usize> = (0..n)
                        .filter(|&i| pts.iter().any(|&p| (dist(p, balls[i]) - neck).abs() < 1e-3))
                        .collect();
                    assert_eq!(ends.len(), 2, "{name}");
                    (ends[0], ends[1])
                })
                .collect();
            joined.sort_unstable();
            assert_eq!(joined, touching, "{file} {name}");
            // One solid: the touching pairs connect every ball.
            let mut reached = vec![0];
            while let Some(&(i, j)) = touching
                .iter()
                .find(|&&(i, j)| reached.contains(&i) != reached.contains(&j))
            {
                reached.push(if reached.contains(&i) { j } else { i });
            }
            assert_eq!(reached.len(), n, "{file} {name}: the balls are one piece");
        }
    }
}

/// Every directed edge used as often as its reverse: a union of closed,
/// consistently oriented shells (cells shrunk one by one touch along the
/// faces between them).
fn assert_shells_closed(name: &str, tris: &[Tri]) {
    let k = |p: [f64; 3]| p.map(|x| (x * 1000.0).round() as i64);
    let mut uses: HashMap<([i64; 3], [i64; 3]), i64> = HashMap::new();
    for t in tris {
        for i in 0..3 {
            *uses.entry((k(t[i]), k(t[(i + 1) % 3]))).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &uses {
        assert_eq!(uses.get(&(b, a)), Some(&n), "{name}: edge {a:?}-{b:?}");
    }
}

/// One file per lattice, exported at `args`: its solids.
fn export(file: &str, args: &[&str]) -> Vec<(String, Vec<Tri>)> {
    let out = temp(&format!("{}-{}.stl", file.replace('/', "-"), args.join("")));
    let path = data(file);
    let mut all = vec![
        "export",
        path.to_str().unwrap(),
        "--format",
        "stl",
        "-o",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let o = run(&all);
    assert_eq!(outcome(&o).0, 0, "{file}: {}", outcome(&o).2);
    let text = std::fs::read_to_string(&out).unwrap();
    let mut got = vec![];
    let mut rest = text.as_str();
    // Not through stl_io: shrunk cells touching face to face share edges.
    while let Some(start) = rest.find("solid ") {
        let end = rest[start..].find("endsolid").unwrap() + start;
        let name = rest[start + 6..].lines().next().unwrap().trim().to_string();
        let nums: Vec<f64> = rest[start..end]
            .lines()
            .filter_map(|l| l.trim().strip_prefix("vertex "))
            .flat_map(|l| l.split(' ').map(|x| x.parse::<f64>().unwrap()))
            .collect();
        let tris = nums
            .chunks(9)
            .map(|c| [0, 1, 2].map(|v| [c[3 * v], c[3 * v + 1], c[3 * v + 2]]))
            .collect();
        got.push((name, tris));
        rest = &rest[end + 8..];
    }
    got
}

fn extent(tris: &[Tri], k: usize) -> f64 {
    let xs = tris.iter().flatten().map(|p| p[k]);
    xs.clone().fold(f64::MIN, f64::max) - xs.fold(f64::MAX, f64::min)
}

/// A puzzle of each lattice but spheres.
const POLYHEDRA: [(&str, &str); 7] = [
    ("cubic", "soma/cube.toml"),
    ("square", "dominoes/8x8.toml"),
    ("hex", "tetrahexes/7x4-parallelogram.toml"),
    ("triangle", "hexiamonds/6x6-rhombus.toml"),
    ("prism", "prisms/triangular-prism.toml"),
    ("rhombic", "rhombic/pyramid.toml"),
    ("tetra-octa", "tetra-octa/tetrahedron.toml"),
];

/// --unit is the distance between the centres of two cells sharing a face
/// on every lattice, measured on the meshes at --unit 7 against the cells'
/// geometry: a piece's volume is its cells' (cube 1; square and hexagon
/// tiles a quarter unit thick: hexagon 0.2165, triangle of edge sqrt(3)
/// 0.3248; prism of that triangle, sqrt(3) high: 9/4; rhombic
/// dodecahedron 1/sqrt(2), in cubic units); tetra-octa cells' edges are
/// 2 sqrt(2)/sqrt(3) = 1.633 units, spheres 1 unit across.
#[test]
fn unit_is_the_distance_between_neighbouring_centres() {
    let u: f64 = 7.0;
    let r3 = 3f64.sqrt();
    for (lattice, file) in POLYHEDRA {
        let per_cell = match lattice {
            "cubic" => 1.0,
            "square" => 0.25,
            "hex" => r3 / 2.0 * 0.25,
            "triangle" => 3.0 * r3 / 4.0 * 0.25,
            "prism" => 9.0 / 4.0,
            "rhombic" => 1.0 / 2f64.sqrt(),
            _ => 0.0,
        };
        let got = export(file, &["--unit", "7"]);
        for ((name, tris), (_, cells)) in got.iter().zip(piece_cells(file)) {
            assert_shells_closed(name, tris);
            if lattice == "tetra-octa" {
                let shortest = tris
                    .iter()
                    .flat_map(|t| (0..3).map(move |i| dist(t[i], t[(i + 1) % 3])))
                    .fold(f64::MAX, f64::min);
                let want = 2.0 * 2f64.sqrt() / r3 * u;
                assert!((shortest - want).abs() < 1e-3, "{name}: {shortest}");
            } else {
                let want = cells as f64 * per_cell * u.powi(3);
                let v = volume(tris);
                assert!(
                    (v - want).abs() < 1e-3 * want,
                    "{lattice} {name}: {v} {want}"
                );
            }
        }
    }
    for (name, tris) in export("kanoodle/pyramid.toml", &["--unit", "7"]) {
        let ball = shells(&tris).into_iter().find(|s| s.len() == 320).unwrap();
        let pts: Vec<[f64; 3]> = ball.iter().flatten().copied().collect();
        let c = [0, 1, 2].map(|k| pts.iter().map(|p| p[k]).sum::<f64>() / pts.len() as f64);
        assert!(
            pts.iter().all(|&p| (dist(p, c) - u / 2.0).abs() < 1e-3),
            "{name}"
        );
    }
}

/// --gap on every lattice: each piece stays a union of closed shells and
/// loses volume, tiles keep their thickness (2.5 mm at --unit 10), and a
/// square piece's outline is exactly the gap narrower.
#[test]
fn gap_works_on_every_lattice() {
    let files = POLYHEDRA
        .iter()
        .map(|p| p.1)
        .chain(["kanoodle/pyramid.toml", "kanoodle-extreme/pyramid.toml"]);
    for file in files {
        let exact = export(file, &[]);
        let gapped = export(file, &["--gap", "0.4"]);
        assert_eq!(exact.len(), gapped.len());
        for ((name, e), (_, g)) in exact.iter().zip(&gapped) {
            assert_shells_closed(name, g);
            assert!(volume(g) < volume(e) - 1.0, "{file} {name}");
            for k in 0..3 {
                assert!(extent(g, k) <= extent(e, k) + 1e-3, "{file} {name}");
            }
        }
    }
    for (lattice, file) in &POLYHEDRA[1..4] {
        for (name, g) in export(file, &["--gap", "0.4"]) {
            assert!((extent(&g, 2) - 2.5).abs() < 1e-4, "{lattice} {name}");
        }
    }
    let dominoes = export("dominoes/8x8.toml", &["--gap", "0.4"]);
    let (_, d) = &dominoes[0];
    let (w, h) = (extent(d, 0), extent(d, 1));
    assert!(
        ((w - 19.6).abs() < 1e-4 && (h - 9.6).abs() < 1e-4)
            || ((w - 9.6).abs() < 1e-4 && (h - 19.6).abs() < 1e-4),
        "{w} {h}"
    );
}

/// A piece with an unlimited supply: the number the board has room for.
#[test]
fn unlimited_pieces_say_how_many_fit() {
    let out = temp("dominoes.stl");
    let file = data("dominoes/8x8.toml");
    let o = run(&[
        "export",
        file.to_str().unwrap(),
        "--format",
        "stl",
        "-o",
        out.to_str().unwrap(),
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "domino: any number of copies: one is written; the board has room for 32 at most"
        ),
        "{err}"
    );
    let dir = temp("dominoes-dir");
    let o = run(&[
        "export",
        file.to_str().unwrap(),
        "--format",
        "stl",
        "--dir",
        dir.to_str().unwrap(),
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("-domino.stl: any number of copies: the board has room for 32 at most"),
        "{err}"
    );
    assert!(err.contains("wrote 1 STL file in"), "{err}");
}

/// More copies than the board has room for: only those it has room for are
/// written (no solution uses more), and standard error says so; the file
/// stays the size of the board, whatever the count.
#[test]
fn copies_beyond_the_board_are_not_written() {
    let toml = std::fs::read_to_string(data("dominoes/8x8.toml"))
        .unwrap()
        .replace("count = \"unlimited\"", "count = \"0..1000000\"");
    let file = temp("million-dominoes.toml");
    std::fs::write(&file, toml).unwrap();
    let out = temp("million-dominoes.stl");
    let o = run(&[
        "export",
        file.to_str().unwrap(),
        "--format",
        "stl",
        "-o",
        out.to_str().unwrap(),
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("domino: 1000000 copies, of which the board has room for 32: 32 written"),
        "{err}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(solids(&text).len(), 32);
    let dir = temp("million-dominoes");
    let (code, _, err) = outcome(&run(&[
        "export",
        file.to_str().unwrap(),
        "--format",
        "stl",
        "--dir",
        dir.to_str().unwrap(),
    ]));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "-domino.stl: print 32 copies: the puzzle has 1000000, the board has room for 32"
        ),
        "{err}"
    );
}

/// Options that cannot work are refused with one line naming the option.
#[test]
fn print_options_refused() {
    let cases: [(&str, &[&str], &str); 9] = [
        (
            "soma/cube.toml",
            &["--neck", "0.3"],
            "--neck is for pieces of balls",
        ),
        (
            "kanoodle/pyramid.toml",
            &["--neck", "0.8"],
            "--neck 0.8: give the necks' radius",
        ),
        ("kanoodle/pyramid.toml", &["--neck", "0"], "--neck 0: give"),
        (
            "tetra-octa/tetrahedron.toml",
            &["--gap", "1.7"],
            "at most 1.66 mm on the tetra-octa lattice at --unit 10",
        ),
        (
            "soma/cube.toml",
            &["--unit", "0"],
            "--unit 0: give the millimetres",
        ),
        // ASCII STL's six decimals would collapse every triangle.
        (
            "soma/cube.toml",
            &["--unit", "1e-6"],
            "--unit 0.000001: give the millimetres between neighbouring cells' centres, at least 0.01",
        ),
        (
            "soma/cube.toml",
            &["--unit", "0.01", "--gap", "0.0001"],
            "--gap 0.0001: give 0 or a clearance of at least 0.001 mm",
        ),
        ("soma/cube.toml", &["--gap", "1e-9"], "at least 0.001 mm"),
        (
            "kanoodle/pyramid.toml",
            &["--unit", "0.01", "--neck", "0.1"],
            "--neck 0.1: the necks would be thinner than 0.001 mm at --unit 0.01",
        ),
    ];
    for (file, args, want) in cases {
        let path = data(file);
        let mut all = vec!["export", path.to_str().unwrap(), "--format", "stl"];
        all.extend_from_slice(args);
        let (code, out, err) = outcome(&run(&all));
        assert_eq!(code, 2, "{file} {args:?}");
        assert!(
            out.is_empty() && err.lines().count() == 1 && err.contains(want),
            "{err}"
        );
    }
    let (code, _, err) = outcome(&run(&[
        "export",
        data("soma/cube.toml").to_str().unwrap(),
        "--format",
        "dlx",
        "--unit",
        "10",
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("are for --format stl"), "{err}");
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

/// A board of `side` x `side` monominoes: one piece, `side`² copies.
fn monomino_board(side: u32) -> std::path::PathBuf {
    let file = temp(&format!("monominoes-{side}.toml"));
    std::fs::write(
        &file,
        format!(
            "name = \"monominoes\"\nlattice = \"square\"\n[board]\nsize = [{side}, {side}]\n\
             [[piece]]\nname = \"M\"\nsymbol = \"M\"\nart = \"#\"\ncount = {}\n",
            side * side
        ),
    )
    .unwrap();
    file
}

/// The triangles an export writes are counted before anything is written
/// and refused past `--max-stl-triangles` (default 5,000,000), naming the
/// flag, in one file (every copy) and with --dir (each piece once): a
/// small puzzle file cannot fill the disk.
#[test]
fn triangles_past_the_limit_are_refused_before_writing() {
    // 30 x 30 monominoes: 900 cubes of 12 triangles, 10,800 in one file.
    let file = monomino_board(30);
    let f = file.to_str().unwrap();
    let out = temp("monominoes.stl");
    let o = out.to_str().unwrap();
    let dir = temp("monominoes-dir");
    let d = dir.to_str().unwrap();
    let refused = [
        vec![
            "export",
            f,
            "--format",
            "stl",
            "-o",
            o,
            "--max-stl-triangles",
            "10799",
        ],
        vec![
            "export",
            f,
            "--format",
            "stl",
            "--dir",
            d,
            "--max-stl-triangles",
            "11",
        ],
    ];
    for args in refused {
        let (code, stdout, err) = outcome(&run(&args));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("too large: 10800 triangles of STL")
                || err.contains("too large: 12 triangles of STL"),
            "{err}"
        );
        assert!(
            err.contains("--max-stl-triangles") && stdout.is_empty(),
            "{err}"
        );
        assert!(!out.exists(), "no file written");
        assert!(std::fs::read_dir(&dir).map_or(true, |mut d| d.next().is_none()));
    }
    let (code, _, err) = outcome(&run(&[
        "export",
        f,
        "--format",
        "stl",
        "-o",
        o,
        "--max-stl-triangles",
        "10800",
    ]));
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("facet normal").count(), 10_800);
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_dir_all(&dir);
    // The default: a 700 x 700 board (490,000 cubes, 5,880,000 triangles,
    // over a gigabyte of ASCII STL) is refused.
    let big = monomino_board(700);
    let (code, _, err) = outcome(&run(&[
        "export",
        big.to_str().unwrap(),
        "--format",
        "stl",
        "-o",
        o,
    ]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("5880000 triangles of STL written by one export; at most 5000000"),
        "{err}"
    );
    assert!(!out.exists());
}
