//! BurrTools files from the command line: the BurrTools-comparable count
//! under `assemblies`, `--problem`, export and import, bad files.
//!
//! The fixtures are polycover's own (crates/polyform/tests/burr/); the
//! assembly counts are what BurrTools 0.7.1's solver printed on them.

use super::common::{json, run, stderr, temp};

const FIXTURES: &str = "crates/polyform/tests/burr";

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
