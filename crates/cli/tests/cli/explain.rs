//! `polycover explain`: the classic impossible tilings proved by a
//! colouring whose arithmetic is checked here from the printed colouring
//! alone; the area; a solvable puzzle; files it does not read.

use super::common::*;
use serde_json::Value;

fn explain_json(file: &str) -> (i32, Value) {
    let o = run(&["explain", file, "--json"]);
    let (code, out, err) = outcome(&o);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    (code, v)
}

/// Recomputes the colour of every listed cell from the formula's
/// coefficients, the board's counts from the cells, and checks that no
/// listed total equals them; returns the colouring's formula.
fn check_colouring(v: &Value) -> String {
    let r = &v["reason"];
    assert_eq!(r["kind"], "colouring", "{v}");
    let m = r["colouring"]["modulus"].as_i64().unwrap();
    let a: Vec<i64> = serde_json::from_value(r["colouring"]["coefficients"].clone()).unwrap();
    let mut fill = vec![0u32; m as usize];
    for c in r["cells"].as_array().unwrap() {
        let cell: Vec<i64> = serde_json::from_value(c["cell"].clone()).unwrap();
        let colour = (0..3).map(|i| a[i] * cell[i]).sum::<i64>().rem_euclid(m);
        assert_eq!(c["colour"], colour);
        fill[colour as usize] += 1;
    }
    let reported: Vec<u32> = serde_json::from_value(r["fill"].clone()).unwrap();
    assert_eq!(reported, fill);
    let totals: Vec<Vec<u32>> = serde_json::from_value(r["totals"].clone()).unwrap();
    assert!(!totals.contains(&fill));
    r["colouring"]["formula"].as_str().unwrap().to_string()
}

#[test]
fn the_classic_impossible_tilings() {
    let (code, v) = explain_json("examples/designer/mutilated-chessboard.toml");
    assert_eq!((code, v["solvable"].clone()), (0, false.into()));
    assert_eq!(check_colouring(&v), "x + y mod 2");
    assert_eq!(v["reason"]["totals"], serde_json::json!([[31, 31]]));

    let (code, v) = explain_json("examples/designer/tetrominoes-4x5.toml");
    assert_eq!(code, 0);
    assert_eq!(check_colouring(&v), "x + y mod 2");
    // The T covers 3 and 1, the others 2 and 2: 11 and 9 either way.
    assert_eq!(v["reason"]["totals"], serde_json::json!([[9, 11], [11, 9]]));

    let (code, v) = explain_json("examples/designer/trominoes-without-a-corner.toml");
    assert_eq!(code, 0);
    assert_eq!(check_colouring(&v), "x + y mod 3");
    assert_eq!(v["reason"]["totals"], serde_json::json!([[21, 21, 21]]));

    // The text shows the colouring and the arithmetic.
    let o = run(&["explain", "examples/designer/mutilated-chessboard.toml"]);
    let text = stdout(&o);
    assert!(text.contains("x + y mod 2 (checkerboard)"), "{text}");
    assert!(text.contains("1010101."), "{text}");
    assert!(text.contains("(31, 31): never (30, 32)"), "{text}");
}

#[test]
fn area_solvable_and_other_files() {
    let dir = std::env::temp_dir().join(format!("polycover-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("area.toml");
    std::fs::write(
        &f,
        "name = \"a\"\nlattice = \"square\"\n[board]\nsize = [3, 3]\n[[piece]]\nname = \"d\"\nsymbol = \"D\"\nart = \"##\"\ncount = 4\n",
    )
    .unwrap();
    let (code, v) = explain_json(f.to_str().unwrap());
    assert_eq!(
        (code, v["reason"]["kind"].clone()),
        (0, "area".into()),
        "{v}"
    );
    // A puzzle with solutions: exit 1, nothing to explain.
    let (code, v) = explain_json("data/pentominoes/6x10.toml");
    assert_eq!((code, v["solvable"].clone()), (1, true.into()));
    // Not a polyform file.
    let (code, _, err) = outcome(&run(&["explain", "data/twisty/3x3x3.toml"]));
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = outcome(&run_stdin(&["explain", "-"], "i1 i2\ni1\ni2\n"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("polyform"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
