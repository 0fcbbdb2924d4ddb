//! The notation cubers write, as a user meets it: `--notation` on every command that prints
//! moves, read back through `apply` to the same state.

use crate::common::{outcome, run, run_stdin, stderr, stdout};
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
                let moves = v["text"].as_str().unwrap();
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
    assert_eq!(v["text"], line);
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

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

#[test]
fn facelet_strings_are_printed_read_checked_and_solved() {
    let facelets = |moves: &str, extra: &[&str]| {
        let mut args = vec!["twisty", "apply", "3x3x3", moves, "--format", "facelets"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).trim().to_string()
    };
    // The strings two-phase solvers document: solved, one R, one U.
    assert_eq!(facelets("", &[]), SOLVED);
    assert_eq!(
        facelets("R", &[]),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    );
    assert_eq!(
        facelets("U", &[]),
        "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"
    );
    assert_eq!(
        facelets("", &["--scheme", "western"]),
        "WWWWWWWWWRRRRRRRRRGGGGGGGGGYYYYYYYYYOOOOOOOOOBBBBBBBBB"
    );
    // A string read by check and solve; the solution applied after the moves solves it.
    let moves = "R U F' L2 D B' R2";
    for (text, scheme) in [
        (facelets(moves, &[]), None),
        (facelets(moves, &["--scheme", "western"]), Some("western")),
    ] {
        let mut check = vec!["twisty", "check"];
        let mut solve = vec!["twisty", "solve", "3x3x3", "--json"];
        if let Some(s) = scheme {
            check.extend(["--scheme", s]);
            solve.extend(["--scheme", s]);
        }
        let o = run_stdin(&check, &text);
        assert_eq!(stdout(&o), "reachable\n", "{}", stderr(&o));
        let o = run_stdin(&solve, &text);
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        let solution = v["solution"].as_str().unwrap();
        assert_eq!(facelets(&format!("{moves} {solution}"), &[]), SOLVED);
    }
    // A twisted corner read from a facelet string is refused with the reason.
    // Its stickers U9, R1, F3 (facelets 9, 10, 21) turned in place.
    let mut c: Vec<char> = SOLVED.chars().collect();
    (c[8], c[9], c[20]) = ('F', 'U', 'R');
    let twisted: String = c.into_iter().collect();
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check"], &twisted));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not reachable"), "{out}");
}

#[test]
fn malformed_states_say_what_is_wrong() {
    for (input, says) in [
        (
            "{\"puzzle\": \"3x3x3\", \"faces\": [",
            "malformed JSON state",
        ),
        ("{\"puzzle\": \"3x3x3\", \"faces\": [", "line 1 column"),
        (&SOLVED[1..], "this one has 53"),
        (&SOLVED.replacen('R', "U", 1), "letter U appears 10 times"),
        (&SOLVED.replacen('R', "Q", 1), "facelet 10 ('Q')"),
    ] {
        let (code, _, err) = outcome(&run_stdin(&["twisty", "check"], input));
        assert_eq!(code, 2, "{input}: {err}");
        assert!(err.contains(says), "{input}: {err}");
    }
    let (code, _, err) = outcome(&run_stdin(
        &["twisty", "check", "--scheme", "western"],
        SOLVED,
    ));
    assert_eq!(code, 2);
    assert!(err.contains("facelet 1 ('U')"), "{err}");
    let (code, _, err) = outcome(&run_stdin(&["twisty", "check", "--scheme", "mars"], SOLVED));
    assert_eq!(code, 2);
    assert!(err.contains("colour scheme \"mars\""), "{err}");
    let (code, _, err) = outcome(&run(&[
        "twisty", "apply", "pyraminx", "U", "--format", "facelets",
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("for cubes"), "{err}");
}

/// Both conventions: Schoenert's Skewb figures (3,149,280 held fixed, 75,582,720 in every
/// orientation), the Pyraminx's published fixed figures with the tetrahedron's 12 rotations.
#[test]
fn counts_come_in_both_conventions() {
    let v = json(&["twisty", "count", "skewb", "--json"]);
    assert_eq!(v["positions_fixed"], 3149280);
    assert_eq!(v["positions_all_orientations"], 75582720);
    assert_eq!(v["solid_rotations"], 24);
    let v = json(&["twisty", "count", "pyraminx", "--json"]);
    assert_eq!(v["positions_without_tips"], 933120);
    assert_eq!(v["positions_without_tips_all_orientations"], 933120 * 12);
    assert_eq!(v["positions_all_orientations"], 75582720u64 * 12);
    let text = stdout(&run(&["twisty", "count", "2x2x2"]));
    assert!(
        text.contains("positions_fixed         3674160")
            && text.contains("positions_all_orientations 88179840"),
        "{text}"
    );
}
