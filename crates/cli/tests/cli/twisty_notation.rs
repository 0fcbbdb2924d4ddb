//! The notation cubers write, as a user meets it: `--notation` on every command that prints
//! moves, read back through `apply` to the same state.

use crate::common::{outcome, run, stderr, stdout};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The faces of the state `apply` makes of `moves`.
fn applied(puzzle: &str, moves: &str) -> Value {
    json(&["twisty", "apply", puzzle, moves, "--json"])["faces"].clone()
}

#[test]
fn scrambles_in_every_notation_read_back_to_their_state() {
    for puzzle in ["3x3x3", "cube-3", "4x4x4", "cube-4", "pyraminx", "megaminx"] {
        for seed in ["1", "2", "3"] {
            let set = json(&["twisty", "scramble", puzzle, "--seed", seed, "--json"]);
            for notation in ["set", "wca", "sign"] {
                let v = json(&[
                    "twisty",
                    "scramble",
                    puzzle,
                    "--seed",
                    seed,
                    "--json",
                    "--notation",
                    notation,
                ]);
                let moves = v["moves"].as_str().unwrap();
                assert_eq!(v["faces"], set["faces"], "{puzzle} {seed} {notation}");
                assert_eq!(
                    applied(puzzle, moves),
                    v["faces"],
                    "{puzzle} {seed} {notation}: {moves}"
                );
            }
        }
    }
    // The default is the move set's names, as before.
    let a = stdout(&run(&["twisty", "scramble", "cube-3", "--seed", "4"]));
    let b = stdout(&run(&[
        "twisty",
        "scramble",
        "cube-3",
        "--seed",
        "4",
        "--notation",
        "set",
    ]));
    assert_eq!(a, b);
    assert!(a.split_whitespace().any(|t| t.starts_with("2")), "{a}");
}

#[test]
fn apply_echoes_and_solve_prints_in_the_notation_asked() {
    let o = run(&[
        "twisty",
        "apply",
        "cube-3",
        "2R 2U' Rw",
        "--notation",
        "wca",
    ]);
    assert!(
        stdout(&o).starts_with("# moves: M' E Rw\n"),
        "{}",
        stdout(&o)
    );
    let o = run(&["twisty", "apply", "4x4x4", "Rw 3L", "--notation", "sign"]);
    assert!(stdout(&o).starts_with("# moves: r 2R'\n"), "{}", stdout(&o));
    // A solution in WCA notation solves the scramble when applied after it.
    let scramble = "2R 2U F 2F' R";
    let v = json(&[
        "twisty",
        "solve",
        "cube-3",
        "--scramble",
        scramble,
        "--notation",
        "wca",
        "--json",
    ]);
    let solution = v["solution"].as_str().unwrap();
    assert_eq!(v["state"]["scramble"], "M' E' F S' R");
    assert_eq!(
        applied("cube-3", &format!("{scramble} {solution}")),
        applied("cube-3", "")
    );
    let (code, _, err) = outcome(&run(&["twisty", "scramble", "3x3x3", "--notation", "qtm"]));
    assert_eq!(code, 2, "{err}");
}

#[test]
fn megaminx_wca_scrambles_read_and_bad_tokens_are_placed() {
    // A WCA Megaminx scramble line; R++ R-- undo each other.
    let line = "R-- D++ R++ D++ R-- D-- R++ D-- R-- D++ U'";
    let v = json(&["twisty", "apply", "megaminx", line, "--json"]);
    assert_eq!(v["moves"], line);
    assert_eq!(
        applied("megaminx", "R++ D-- D++ R--"),
        applied("megaminx", "")
    );
    let (code, _, err) = outcome(&run(&["twisty", "apply", "megaminx", "R++ D-+ U"]));
    assert_eq!(code, 2);
    assert!(
        err.contains("move 2 of the sequence") && err.contains("D-+"),
        "{err}"
    );
}
