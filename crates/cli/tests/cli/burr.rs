//! BurrTools files from the command line: the BurrTools-comparable count
//! under `assemblies`, `--problem`, export and import, bad files.
//!
//! The fixtures are polycover's own (crates/burrtools/tests/burr/); the
//! assembly counts are what BurrTools 0.7.1's solver printed on them.

use super::common::{json, run, stderr, temp};

const FIXTURES: &str = "crates/burrtools/tests/burr";

#[test]
fn assemblies_as_burrtools_counts_them() {
    let f = format!("{FIXTURES}/bricks.xmpuzzle");
    // Problem 2 `box with holes`: 316 assemblies (BurrTools).
    for sel in ["2", "box with holes"] {
        let o = run(&["count", &f, "--problem", sel, "--distinct", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["kind"], "burrtools");
        assert_eq!(v["assemblies"], 316, "{sel}");
    }
    // Several problems and no --problem: they are listed, exit 2.
    let o = run(&["count", &f]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--problem"), "{}", stderr(&o));
    assert!(stderr(&o).contains("box with holes"), "{}", stderr(&o));
}

#[test]
fn export_then_import_counts_the_same() {
    // Soma: 11520 solutions, 240 up to rotations and reflections (and
    // BurrTools' 240 assemblies).
    let x = temp("soma.xmpuzzle").display().to_string();
    let o = run(&[
        "export",
        "data/soma/cube.toml",
        "--format",
        "xmpuzzle",
        "-o",
        &x,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&run(&["count", &x, "--distinct", "--json"]));
    assert_eq!(v["solutions"], 11520);
    assert_eq!(v["assemblies"], 240);
    // A lattice BurrTools has no grid for is refused.
    let o = run(&[
        "export",
        "data/tetrahexes/7x4-parallelogram.toml",
        "--format",
        "xmpuzzle",
        "-o",
        &x,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn bad_files_exit_2_naming_the_file() {
    let bad = temp("bad.xmpuzzle");
    // Truncated gzip.
    std::fs::write(&bad, [0x1f, 0x8b, 8, 0, 0, 0]).unwrap();
    let p = bad.display().to_string();
    let o = run(&["count", &p]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&p) && stderr(&o).contains("gzip"),
        "{}",
        stderr(&o)
    );
    // An unknown grid.
    std::fs::write(
        &bad,
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"9\"/><shapes/><problems/></puzzle>\n",
    )
    .unwrap();
    let o = run(&["show", &p]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(&p), "{}", stderr(&o));
}

/// BurrTools' example DraculasDentalDesaster.xmpuzzle: BurrTools finds 84
/// assemblies in a second; it counts within the default limits. The file
/// is BurrTools' own and not in this repository: give its path in
/// POLYCOVER_DRACULA to run this test.
#[test]
#[ignore = "needs BurrTools' examples/DraculasDentalDesaster.xmpuzzle at the path in POLYCOVER_DRACULA"]
fn draculas_dental_desaster_counts_as_burrtools_does() {
    let f = std::env::var("POLYCOVER_DRACULA").expect("POLYCOVER_DRACULA names the file");
    let o = run(&["count", &f, "--distinct", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["assemblies"], 84);
}

/// Four copies of a 599-cell piece (a 25x24 rectangle less a corner, no
/// symmetry: 8 orientations) on a board of four separate holes of its
/// shape. Every orientation at every cell, each of 600 entries, bounds the
/// matrix by 8 x 2396 x 600 = 11,500,800 entries, over the default limit
/// of 10,000,000; the placements that fit are the 4 in the holes (a hole
/// of 599 cells holds the piece only in the orientation it was cut in),
/// 2,400 entries, and the one solution (identical copies are not told
/// apart).
#[test]
fn limits_count_the_real_matrix_and_flags_raise_them() {
    let piece: Vec<(i32, i32)> = (0..24)
        .flat_map(|y| (0..25).map(move |x| (x, y)))
        .filter(|&c| c != (0, 0))
        .collect();
    let list = |cells: &mut dyn Iterator<Item = (i32, i32)>| {
        cells
            .map(|(x, y)| format!("[{x},{y}]"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let board = list(&mut (0..4).flat_map(|k| piece.iter().map(move |&(x, y)| (x + 26 * k, y))));
    let text = format!(
        "name = \"holes\"\nlattice = \"square\"\n[board]\ncells = [{board}]\n[[piece]]\nname = \"P\"\nsymbol = \"P\"\ncount = 4\ncells = [{}]\n",
        list(&mut piece.iter().copied())
    );
    let f = temp("holes.toml");
    std::fs::write(&f, text).unwrap();
    let p = f.display().to_string();
    let o = run(&["count", &p, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["solutions"], 1);
    let o = run(&["show", &p, "--json"]);
    assert_eq!(json(&o)["matrix"]["entries"], 2400, "{}", stderr(&o));
    // Under a lower bound it is refused, naming the flag that raises it.
    let o = run(&["count", &p, "--max-matrix-entries", "2399"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("--max-matrix-entries") && e.contains(&p), "{e}");
    let o = run(&["count", &p, "--max-placements", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--max-placements"), "{}", stderr(&o));
    let o = run(&["count", &p, "--max-matrix-entries", "2400", "--json"]);
    assert_eq!(json(&o)["solutions"], 1, "{}", stderr(&o));
}

/// Every bound of `polyform::Limits` has its flag on the commands that
/// read problem files.
#[test]
fn every_limit_has_a_flag() {
    for cmd in [
        "count", "solve", "show", "matrix", "plan", "merge", "export", "verify",
    ] {
        let o = run(&[cmd, "--help"]);
        let help = String::from_utf8_lossy(&o.stdout).to_string();
        for r in polyform::Resource::ALL {
            assert!(help.contains(&r.flag()), "{cmd} --help lacks {}", r.flag());
        }
    }
}

/// `show` without `--problem` on a file of several problems lists them
/// (number, name, grid, pieces, result size), as text and JSON; with
/// `--problem` it shows the one chosen.
#[test]
fn show_lists_the_problems_of_a_file() {
    let f = format!("{FIXTURES}/bricks.xmpuzzle");
    let o = run(&["show", &f]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains("box with holes") && text.contains("--problem"),
        "{text}"
    );
    let v = json(&run(&["show", &f, "--json"]));
    assert_eq!(v["type"], "problems");
    assert_eq!(v["grid"], "bricks (cubes)");
    let problems = v["problems"].as_array().unwrap();
    assert!(problems.len() > 1, "{v}");
    let holes = &problems[1];
    assert_eq!(
        (holes["index"].as_u64(), holes["name"].as_str()),
        (Some(2), Some("box with holes"))
    );
    assert!(holes["pieces"].as_u64().unwrap() > 0 && holes["result"]["fill"].as_u64().unwrap() > 0);
    let v = json(&run(&["show", &f, "--problem", "2", "--json"]));
    assert_eq!(v["problem"], 2);
}

/// `show` of a file of several problems gives BurrTools' saved assembly
/// count in the singular when it is 1 (it said "1 assemblies").
#[test]
fn one_saved_assembly_is_in_the_singular() {
    let file = super::common::root().join("crates/burrtools/tests/burr/bricks.xmpuzzle");
    let text = std::fs::read_to_string(file).unwrap();
    let text = text
        .replacen(
            "<problem name=\"screws in a tower\"",
            "<problem name=\"screws in a tower\" state=\"2\" assemblies=\"1\"",
            1,
        )
        .replacen(
            "<problem name=\"box with holes\"",
            "<problem name=\"box with holes\" state=\"2\" assemblies=\"3\"",
            1,
        );
    let path = temp("saved-one.xmpuzzle");
    std::fs::write(&path, text).unwrap();
    let o = run(&["show", path.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("(1 assembly saved by BurrTools)"), "{out}");
    assert!(out.contains("(3 assemblies saved by BurrTools)"), "{out}");
    assert!(!out.contains("1 assemblies"), "{out}");
    std::fs::remove_file(&path).ok();
}
