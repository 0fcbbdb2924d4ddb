//! `polycover twisty ...` as a user runs it: counts against published
//! numbers, checking states (a twisted corner, a flipped edge, two swapped
//! edges), scrambles, distances, and bad input (exit 2, one line).

use crate::common::{outcome, run, run_stdin, stderr, stdout};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn list_names_the_seed_puzzles_and_the_classics() {
    let v = json(&["twisty", "list", "--json"]);
    let names: Vec<&str> = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for n in [
        "cube-3",
        "dodecahedron-6",
        "icosahedron-4",
        "megaminx",
        "pyraminx",
        "teraminx",
    ] {
        assert!(names.contains(&n), "{n}");
    }
}

/// GAP's Rubik's Cube example; the Megaminx from OEIS A309113; the
/// Pyraminx without tips from A309109.
#[test]
fn counts_are_exact_big_numbers() {
    let v = json(&["twisty", "count", "3x3x3", "--json"]);
    assert_eq!(v["group_order"].to_string(), "43252003274489856000");
    let v = json(&["twisty", "count", "megaminx", "--json"]);
    assert_eq!(
        v["positions"].to_string(),
        "100669616553523347122516032313645505168688116411019768627200000000000"
    );
    let v = json(&["twisty", "count", "pyraminx", "--json"]);
    assert_eq!(v["positions_without_tips"], 933120);
    assert_eq!(v["tips"], 4);
    let v = json(&["twisty", "count", "2x2x2", "--json"]);
    assert_eq!(
        (v["positions_fixed"].clone(), v["rotations"].clone()),
        (3674160.into(), 24.into())
    );
}

fn state_of(moves: &str) -> String {
    let o = run(&["twisty", "apply", "3x3x3", moves]);
    assert!(o.status.success());
    stdout(&o)
}

/// The colours of face `face`'s line as words.
fn face_line(state: &str, face: &str) -> Vec<String> {
    let line = state
        .lines()
        .find(|l| l.starts_with(&format!("{face}:")))
        .unwrap();
    line[face.len() + 1..]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn with_face(state: &str, face: &str, colours: &[String]) -> String {
    state
        .lines()
        .map(|l| {
            if l.starts_with(&format!("{face}:")) {
                format!("{face}: {}", colours.join(" "))
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn check_accepts_move_states_and_refuses_impossible_ones() {
    let s = state_of("R U R' U' F2 L");
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check"], &s));
    assert_eq!((code, out.trim()), (0, "reachable"));
    // Solved cube, then the UFR corner twisted: U's last sticker, F's top
    // right and R's top left cycle their colours.
    let solved = state_of("");
    let (mut u, mut f, mut r) = (
        face_line(&solved, "U"),
        face_line(&solved, "F"),
        face_line(&solved, "R"),
    );
    let (a, b, c) = (u[8].clone(), f[2].clone(), r[0].clone());
    (u[8], f[2], r[0]) = (b, c, a);
    let twisted = with_face(&with_face(&with_face(&solved, "U", &u), "F", &f), "R", &r);
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check"], &twisted));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("not reachable") && out.contains("mod 3"),
        "{out}"
    );
    // The UF edge flipped: U's bottom middle and F's top middle.
    let (mut u, mut f) = (face_line(&solved, "U"), face_line(&solved, "F"));
    std::mem::swap(&mut u[7], &mut f[1]);
    let flipped = with_face(&with_face(&solved, "U", &u), "F", &f);
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check", "--json"], &flipped));
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reachable"], false);
    assert!(v["reason"].as_str().unwrap().contains("mod 2"), "{v}");
    // UF and UR swapped: U's 7 <-> 5, F's 1 <-> R's 1.
    let (mut u, mut f, mut r) = (
        face_line(&solved, "U"),
        face_line(&solved, "F"),
        face_line(&solved, "R"),
    );
    u.swap(7, 5);
    std::mem::swap(&mut f[1], &mut r[1]);
    let swapped = with_face(&with_face(&with_face(&solved, "U", &u), "F", &f), "R", &r);
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check"], &swapped));
    assert_eq!(code, 1);
    assert!(out.contains("same parity"), "{out}");
}

#[test]
fn random_states_repeat_with_their_seed_and_are_reachable() {
    let a = stdout(&run(&[
        "twisty",
        "scramble",
        "fto",
        "--random-state",
        "--seed",
        "7",
    ]));
    let b = stdout(&run(&[
        "twisty",
        "scramble",
        "fto",
        "--random-state",
        "--seed",
        "7",
    ]));
    // A scramble: the same moves for the same seed, and the state they
    // give is the random state `--json` shows, which is reachable.
    assert_eq!(a, b);
    let v = json(&[
        "twisty",
        "scramble",
        "fto",
        "--random-state",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(v["text"].as_str().unwrap(), a.trim());
    let applied = json(&["twisty", "apply", "fto", a.trim(), "--json"]);
    assert_eq!(applied["faces"], v["faces"]);
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check"], &v.to_string()));
    assert_eq!((code, out.trim()), (0, "reachable"));
    let m = stdout(&run(&[
        "twisty", "scramble", "megaminx", "--seed", "1", "--length", "30",
    ]));
    assert_eq!(m.split_whitespace().count(), 30);
}

/// The 2x2x2 turned by U and R only: 29,160 positions.
#[test]
fn distances_of_a_small_group() {
    let v = json(&["twisty", "distances", "2x2x2", "--moves", "U R", "--json"]);
    assert_eq!(v["positions"], 29160);
    let counts: u64 = v["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counts, 29160);
    assert_eq!(v["counts"][1], 6);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = std::env::temp_dir().join(format!("polycover-twisty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad_cut = dir.join("bad-cut.toml");
    std::fs::write(&bad_cut, "[twisty]\nsolid = \"cube\"\ncuts = [\"f 1.5\"]\n").unwrap();
    let bad_cut = bad_cut.to_str().unwrap().to_string();
    // Planes 1e-6 apart: once 24 stickers dropped without a word; 1e-8: once merged silently.
    let near_cut = dir.join("near-cut.toml");
    std::fs::write(
        &near_cut,
        "[twisty]\nsolid = \"cube\"\ncuts = [\"f 0.3\", \"f 0.300001\"]\n",
    )
    .unwrap();
    let near_cut = near_cut.to_str().unwrap().to_string();
    let merged_cut = dir.join("merged-cut.toml");
    std::fs::write(
        &merged_cut,
        "[twisty]\nsolid = \"cube\"\ncuts = [\"f 0.3\", \"f 0.30000001\"]\n",
    )
    .unwrap();
    let merged_cut = merged_cut.to_str().unwrap().to_string();
    let short =
        "puzzle 2x2x2\nU: U U U\nD: D D D D\nF: F F F F\nB: B B B B\nR: R R R R\nL: L L L L\n";
    let colour =
        "puzzle 2x2x2\nU: U U U X\nD: D D D D\nF: F F F F\nB: B B B B\nR: R R R R\nL: L L L L\n";
    for (args, stdin, want) in [
        (
            vec!["twisty", "count", "no-such-puzzle"],
            "",
            "unknown puzzle",
        ),
        (
            vec!["twisty", "count", bad_cut.as_str()],
            "",
            "does not cut",
        ),
        (
            vec!["twisty", "count", near_cut.as_str()],
            "",
            "line 3: cuts \"f 0.3\" and \"f 0.300001\" make parallel planes",
        ),
        (
            vec!["twisty", "show", merged_cut.as_str()],
            "",
            "line 3: cuts \"f 0.3\" and \"f 0.30000001\" make parallel planes",
        ),
        (
            vec!["twisty", "apply", "3x3x3", "R U Q'"],
            "",
            "names no face",
        ),
        (
            // 2R is the 3x3x3's middle slice (cube notation); it has no fourth layer.
            vec!["twisty", "apply", "3x3x3", "R 4R"],
            "",
            "4R: layers 4-4 do not exist",
        ),
        (
            vec!["twisty", "check"],
            short,
            "has 4 stickers, 3 colours given",
        ),
        (vec!["twisty", "check"], colour, "not a colour"),
        (vec!["twisty", "check"], "U: U\n", "names no puzzle"),
        (vec!["twisty", "distances", "3x3x3"], "", "too many"),
    ] {
        let (code, _, err) = outcome(&run_stdin(&args, stdin));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn verify_checks_twisty_files() {
    let dir = std::env::temp_dir().join(format!("polycover-twisty-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("wrong.toml"),
        "[twisty]\npuzzle = \"2x2x2\"\n[expect]\npositions_fixed = \"3674161\"\nsource = \"a test\"\n",
    )
    .unwrap();
    let o = run(&["verify", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("expected 3674161, got 3674160"),
        "{}",
        stdout(&o)
    );
    let o = run(&[
        "verify",
        "data/twisty/pyraminx.toml",
        "data/twisty/skewb.toml",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stdout(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["passed"], 2);
    assert_eq!(v["files"][0]["kind"], "twisty");
}

/// Ctrl-C and SIGTERM stop `verify` while it checks a twisty puzzle, whose
/// count polls no stop flag: at once, exit 130, naming the file and what
/// was checked. The check is held at its start (`POLYCOVER_HOLD_AFTER`;
/// `--all` skips the calibrations) so the signal comes at a known point,
/// however fast the machine.
#[test]
fn verify_stops_on_ctrl_c_and_sigterm_during_a_twisty_check() {
    for signal in ["INT", "TERM"] {
        let args = ["verify", "data/twisty/2x2x2.toml", "--all"];
        let (code, out, err) = crate::common::Held::start(&args, 1).interrupt(signal);
        assert_eq!(code, Some(130), "{signal}: {err}");
        assert!(
            err.contains("interrupted while checking data/twisty/2x2x2.toml (the files before it were checked"),
            "{signal}: {err}"
        );
        // The table's header only: no row, no summary.
        assert!(
            !out.contains("2x2x2") && !out.contains("passed"),
            "{signal}: {out}"
        );
    }
}

/// The inverse of a sequence in the notation (`U2'` undoes `U2`...).
fn inverse(moves: &str) -> String {
    moves
        .split_whitespace()
        .rev()
        .map(|t| match t.strip_suffix('\'') {
            Some(base) => base.to_string(),
            None => format!("{t}'"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The face lines of a state's text (comments and the puzzle line dropped).
fn faces_of(state: &str) -> Vec<String> {
    state
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle"))
        .map(str::to_string)
        .collect()
}

/// `solve --random-state --seed N` against `scramble --random-state --seed N`: the inverse of
/// the solution, applied to the solved puzzle, gives the scrambled state.
#[test]
fn solve_random_states_and_check_by_applying() {
    for (puzzle, seed) in [
        ("pyraminx", 1),
        ("skewb", 2),
        ("cube-3", 3),
        ("tetrahedron-5", 4),
        ("octahedron-3", 5),
        ("3x3x3", 6),
    ] {
        let seed = seed.to_string();
        let v = json(&[
            "twisty",
            "solve",
            puzzle,
            "--random-state",
            "--seed",
            &seed,
            "--json",
        ]);
        assert_eq!(v["type"], "twisty-solution");
        assert_eq!(v["reachable"], true);
        let solution = v["solution"].as_str().unwrap();
        assert_eq!(
            v["length"].as_u64().unwrap() as usize,
            solution.split_whitespace().count()
        );
        assert_eq!(v["metrics"]["htm"], v["length"]);
        assert!(v["metrics"]["qtm"].as_u64().unwrap() >= v["length"].as_u64().unwrap());
        assert!(v["prepare_seconds"].as_f64().is_some() && v["solve_seconds"].as_f64().is_some());
        let scramble = stdout(&run(&[
            "twisty",
            "scramble",
            puzzle,
            "--random-state",
            "--seed",
            &seed,
        ]));
        let scrambled = stdout(&run(&["twisty", "apply", puzzle, scramble.trim()]));
        let back = stdout(&run(&["twisty", "apply", puzzle, &inverse(solution)]));
        assert_eq!(
            faces_of(&back),
            faces_of(&scrambled),
            "{puzzle}: {solution}"
        );
    }
}

#[test]
fn solve_reads_states_from_stdin_and_files_and_scrambles() {
    let scramble = "R U 2R' F2 3U";
    let s = stdout(&run(&["twisty", "apply", "cube-3", scramble]));
    let (code, out, err) = outcome(&run_stdin(&["twisty", "solve", "cube-3"], &s));
    assert_eq!(code, 0, "{err}");
    let solution = out.lines().find(|l| !l.starts_with('#')).unwrap();
    let back = stdout(&run(&["twisty", "apply", "cube-3", &inverse(solution)]));
    assert_eq!(faces_of(&back), faces_of(&s));
    let file = crate::common::temp("cube-3-state.txt");
    std::fs::write(&file, &s).unwrap();
    let v = json(&[
        "twisty",
        "solve",
        "cube-3",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["state"]["source"], "file");
    assert!(v["check_seconds"].as_f64().is_some());
    let v = json(&[
        "twisty",
        "solve",
        "cube-3",
        "--scramble",
        scramble,
        "--json",
    ]);
    assert_eq!(v["state"]["source"], "scramble");
    let back = stdout(&run(&[
        "twisty",
        "apply",
        "cube-3",
        &inverse(v["solution"].as_str().unwrap()),
    ]));
    assert_eq!(faces_of(&back), faces_of(&s));
}

#[test]
fn solve_refuses_unreachable_states_with_the_reason() {
    // A 2x2x2 with its UFR corner twisted: U's last sticker, F's second, R's first.
    let solved = stdout(&run(&["twisty", "apply", "2x2x2", ""]));
    let (mut u, mut f, mut r) = (
        face_line(&solved, "U"),
        face_line(&solved, "F"),
        face_line(&solved, "R"),
    );
    let (a, b, c) = (u[3].clone(), f[1].clone(), r[0].clone());
    (u[3], f[1], r[0]) = (b, c, a);
    let twisted = with_face(&with_face(&with_face(&solved, "U", &u), "F", &f), "R", &r);
    let (code, check, _) = outcome(&run_stdin(&["twisty", "check"], &twisted));
    assert_eq!(code, 1, "{check}");
    let (code, out, _) = outcome(&run_stdin(&["twisty", "solve", "2x2x2"], &twisted));
    assert_eq!(code, 1, "{out}");
    assert_eq!(out, check, "the same verdict as check");
    let (code, out, _) = outcome(&run_stdin(
        &["twisty", "solve", "2x2x2", "--json"],
        &twisted,
    ));
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reachable"], false);
    assert!(v["reason"].as_str().unwrap().contains("mod 3"), "{v}");
    assert!(v.get("solution").is_none());
}

#[test]
fn solve_optimal_small_puzzles_and_refuse_large_ones() {
    // One turn away.
    let v = json(&[
        "twisty",
        "solve",
        "skewb",
        "--scramble",
        "R",
        "--optimal",
        "--json",
    ]);
    assert_eq!(
        (v["length"].clone(), v["optimal"].clone()),
        (1.into(), true.into())
    );
    let v = json(&[
        "twisty",
        "solve",
        "2x2x2",
        "--scramble",
        "R U F' R2",
        "--optimal",
        "--json",
    ]);
    assert_eq!(v["length"], 4);
    for (args, stdin, want) in [
        (
            vec!["twisty", "solve", "3x3x3", "--scramble", "R", "--optimal"],
            "",
            "--optimal is for small puzzles",
        ),
        (
            vec!["twisty", "solve", "7x7x7", "--scramble", "R", "--optimal"],
            "",
            "--optimal is for small puzzles",
        ),
        (
            vec!["twisty", "solve", "no-such-puzzle", "--scramble", "R"],
            "",
            "unknown puzzle",
        ),
        (
            vec!["twisty", "solve", "3x3x3", "--scramble", "R Q"],
            "",
            "names no face",
        ),
        (
            vec!["twisty", "solve", "2x2x2"],
            "puzzle 3x3x3\nU: U\n",
            "the state is of 3x3x3, not 2x2x2",
        ),
        (
            vec!["twisty", "solve", "2x2x2"],
            "puzzle 2x2x2\nU: U U U\n",
            "has 4 stickers, 3 colours given",
        ),
    ] {
        let (code, _, err) = outcome(&run_stdin(&args, stdin));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// `twisty show --json` holds the whole model (every move's permutation of
/// the stickers), and `apply`/`scramble --json` print a state that `check`
/// reads back as reachable.
#[test]
fn show_and_state_json() {
    let v = json(&["twisty", "show", "2x2x2", "--json"]);
    assert_eq!(v["type"], "twisty-puzzle");
    assert_eq!(v["puzzle"], "2x2x2");
    assert_eq!(v["faces"].as_array().unwrap().len(), 6);
    assert_eq!(v["stickers"].as_array().unwrap().len(), 24);
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(m["perm"].as_array().unwrap().len(), 24, "{m}");
        let ends = &v["axes"][m["axis"].as_u64().unwrap() as usize]["ends"];
        assert!(ends.as_array().unwrap().contains(&m["end"]), "{m}");
    }
    let v = json(&["twisty", "apply", "3x3x3", "R U", "--json"]);
    assert_eq!(
        (v["type"].as_str(), v["text"].as_str()),
        (Some("twisty-state"), Some("R U"))
    );
    let (code, out, _) = outcome(&run_stdin(&["twisty", "check", "--json"], &v.to_string()));
    assert_eq!(code, 0, "{out}");
    let c: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (c["type"].as_str(), c["reachable"].as_bool()),
        (Some("twisty-check"), Some(true))
    );
    assert_eq!(c["reason"], Value::Null);
    let v = json(&[
        "twisty", "scramble", "3x3x3", "--seed", "5", "--length", "4", "--json",
    ]);
    assert_eq!(v["type"], "twisty-state");
    assert_eq!(v["text"].as_str().unwrap().split(' ').count(), 4, "{v}");
    let v = json(&[
        "twisty",
        "scramble",
        "2x2x2",
        "--seed",
        "5",
        "--random-state",
        "--json",
    ]);
    // A random state's scramble: the inverse of its solution, which gives
    // exactly the state shown.
    assert_eq!(v["type"], "twisty-state");
    let text = v["text"].as_str().unwrap();
    let applied = json(&["twisty", "apply", "2x2x2", text, "--json"]);
    assert_eq!(applied["faces"], v["faces"], "{text}");
    // As `twisty solve --random-state --seed 5` solves it: one state per seed.
    let solved = json(&[
        "twisty",
        "solve",
        "2x2x2",
        "--random-state",
        "--seed",
        "5",
        "--json",
    ]);
    let solution = solved["solution"].as_str().unwrap();
    let back = json(&[
        "twisty",
        "apply",
        "2x2x2",
        &format!("{text} {solution}"),
        "--json",
    ]);
    let home = json(&["twisty", "apply", "2x2x2", "", "--json"]);
    assert_eq!(back["faces"], home["faces"]);
}

/// Random-move scrambles waste no move (the 3x3x3's seed 1 once held `R L R'`), and the state
/// `scramble --json` prints is the state `apply` gives for its moves.
#[test]
fn scrambles_waste_no_move_and_apply_to_their_state() {
    let axis = |t: &str| match &t[..1] {
        "U" | "D" => 0,
        "R" | "L" => 1,
        _ => 2,
    };
    for seed in 1..=20 {
        let seed = seed.to_string();
        let text = stdout(&run(&["twisty", "scramble", "3x3x3", "--seed", &seed]));
        let w: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(w.len(), 25, "{text}");
        for i in 1..w.len() {
            assert_ne!(w[i][..1], w[i - 1][..1], "seed {seed}: {text}");
            assert!(
                i < 2 || !(axis(w[i]) == axis(w[i - 1]) && axis(w[i]) == axis(w[i - 2])),
                "seed {seed}: {text}"
            );
        }
    }
    for name in ["3x3x3", "4x4x4", "pyraminx", "megaminx"] {
        let v = json(&["twisty", "scramble", name, "--seed", "3", "--json"]);
        let moves = v["text"].as_str().unwrap().to_string();
        let applied = json(&["twisty", "apply", name, &moves, "--json"]);
        assert_eq!(v["faces"], applied["faces"], "{name}: {moves}");
    }
}

/// Cube notation beyond the move set reads in `apply` and `solve --scramble`, meaning what the
/// WCA regulations define (M turns as L, x as R, Rw is R with the middle), and bad tokens are
/// named.
#[test]
fn cube_notation_round_trips_through_apply() {
    let faces = |puzzle: &str, moves: &str| {
        let o = run(&["twisty", "apply", puzzle, moves]);
        assert!(o.status.success(), "{moves}: {}", stderr(&o));
        faces_of(&stdout(&o))
    };
    for (puzzle, a, b) in [
        ("3x3x3", "M", "R L' x'"),
        ("3x3x3", "x", "R M' L'"),
        ("3x3x3", "Rw", "R M'"),
        ("3x3x3", "r u' 1-2F2", "Rw Uw' Fw2"),
        ("3x3x3", "E S'", "U D' y' F B' z'"),
        ("4x4x4", "Rw 3Uw'", "R 2R U' 2U' 3U'"),
    ] {
        assert_eq!(faces(puzzle, a), faces(puzzle, b), "{puzzle}: {a} = {b}");
    }
    assert_ne!(faces("3x3x3", "M"), faces("3x3x3", ""));
    for bad in ["R Q", "R 4Rw", "R 2x"] {
        let (code, _, err) = outcome(&run(&["twisty", "apply", "3x3x3", bad]));
        let token = bad.split_whitespace().last().unwrap();
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains(token), "{bad}: {err}");
    }
    // Rotations alone leave nothing to solve; a slice is solved as the state held upright.
    let v = json(&["twisty", "solve", "3x3x3", "--scramble", "x y2", "--json"]);
    assert_eq!(v["solution"], "");
    let scramble = "R M U2 Rw' x";
    let v = json(&["twisty", "solve", "3x3x3", "--scramble", scramble, "--json"]);
    let solution = v["solution"].as_str().unwrap();
    // The solution solves the scramble held in one of the 24 orientations.
    let solved = faces("3x3x3", "");
    let held = ["", "y", "y2", "y'"].iter().any(|a| {
        ["", "x", "x2", "x'", "z", "z'"]
            .iter()
            .any(|b| faces("3x3x3", &format!("{scramble} {a} {b} {solution}")) == solved)
    });
    assert!(held, "{scramble} / {solution}");
}

/// `scramble --random-state` on the 3x3x3 is at most 21 moves (the WCA scrambler's bound).
/// Seeds 24 and 41 came out at 22 moves before the search aimed at 21.
#[test]
fn random_state_scrambles_of_the_3x3x3_are_at_most_21_moves() {
    for seed in ["24", "41", "1"] {
        let o = run(&[
            "twisty",
            "scramble",
            "3x3x3",
            "--random-state",
            "--seed",
            seed,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        let moves = text.split_whitespace().count();
        assert!(moves <= 21, "seed {seed}: {moves} moves: {text}");
    }
}

/// `--time` caps the two-phase search once it has a solution: a cap shorter than its first one
/// (0.1 ms) still gives a two-phase solution, not the operator route's 39 moves (seed 3).
#[test]
fn a_tiny_time_cap_still_gives_a_two_phase_solution() {
    let v = json(&[
        "twisty",
        "solve",
        "3x3x3",
        "--random-state",
        "--seed",
        "3",
        "--time",
        "0.0001",
        "--json",
    ]);
    let moves = v["solution"].as_str().unwrap().split_whitespace().count();
    assert!(moves <= 24, "{moves} moves: {v}");
}
