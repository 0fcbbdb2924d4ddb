//! `polycover twisty solve` with the two-phase search: short solutions on the 3x3x3, checked by
//! applying them after the scramble; `--time` and its bad values.

use crate::common::{outcome, run, stderr, stdout};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The face lines of a state's text (comments and the puzzle line dropped).
fn faces_of(state: &str) -> Vec<String> {
    state
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle"))
        .map(str::to_string)
        .collect()
}

/// Solves `scramble` and checks the solution: applied after it, the puzzle is solved.
fn solve_checked(puzzle: &str, scramble: &str, extra: &[&str]) -> usize {
    let mut args = vec!["twisty", "solve", puzzle, "--scramble", scramble, "--json"];
    args.extend_from_slice(extra);
    let v = json(&args);
    let solution = v["solution"].as_str().unwrap();
    let solved = stdout(&run(&["twisty", "apply", puzzle, "U U'"]));
    let after = stdout(&run(&[
        "twisty",
        "apply",
        puzzle,
        &format!("{scramble} {solution}"),
    ]));
    assert_eq!(
        faces_of(&after),
        faces_of(&solved),
        "{scramble} / {solution}"
    );
    solution.split_whitespace().count()
}

#[test]
fn scrambles_come_back_short() {
    // Seven moves come back in at most seven; a long scramble in a two-phase length.
    assert!(solve_checked("3x3x3", "R U2 F' L D2 B R'", &[]) <= 7);
    let long = "R U F' L2 D B' R2 U' F L' D2 B U R' F2 L D' B2 R U2";
    assert!(solve_checked("3x3x3", long, &[]) <= 24);
    assert!(solve_checked("3x3x3", long, &["--time", "0.5"]) <= 30);
}

#[test]
fn time_takes_positive_seconds_only() {
    for (args, needle) in [
        (vec!["--time", "-1"], "positive number of seconds"),
        (vec!["--time", "soon"], "positive number of seconds"),
        (vec!["--time", "inf"], "positive number of seconds"),
        (vec!["--time", "1", "--optimal"], "cannot be used with"),
    ] {
        let mut all = vec!["twisty", "solve", "3x3x3", "--scramble", "R"];
        all.extend_from_slice(&args);
        let (code, out, err) = outcome(&run(&all));
        assert_eq!(code, 2, "{all:?}");
        assert!(out.is_empty(), "{all:?}");
        assert!(err.contains(needle), "{all:?}: {err}");
    }
}
