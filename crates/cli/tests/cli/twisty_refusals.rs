//! What a hostile tester found the twisty commands accepting or saying badly: absurd times,
//! options that do nothing, `--optimal` refused only after the work, states that say two
//! things, and messages that named the wrong thing, echoed megabytes or missed the file's
//! line. Each is refused before any work, on one line, with exit 2, saying why.

use crate::common::{outcome, run, run_stdin, temp};
use std::time::{Duration, Instant};

/// Exit 2 and one line of standard error containing every one of `want`.
fn refused(args: &[&str], stdin: &str, want: &[&str]) -> String {
    let (code, out, err) = outcome(&run_stdin(args, stdin));
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(80).collect()).collect();
    assert_eq!(code, 2, "{shown:?}: {err}");
    assert!(out.is_empty(), "{shown:?}: {out}");
    assert_eq!(err.trim().lines().count(), 1, "{shown:?}: {err}");
    for w in want {
        assert!(err.contains(w), "{shown:?}: wanted {w:?} in {err}");
    }
    err
}

/// A scratch file holding `text`, as its path.
fn file(name: &str, text: &str) -> String {
    let p = temp(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// The text state `twisty apply PUZZLE MOVES` prints.
fn applied(puzzle: &str, moves: &str, json: bool) -> String {
    let mut args = vec!["twisty", "apply", puzzle, moves];
    if json {
        args.push("--json");
    }
    let (code, out, err) = outcome(&run(&args));
    assert_eq!(code, 0, "{err}");
    out
}

/// `--time 1e300` panicked converting to a `Duration`, `1e19` adding it to an `Instant`:
/// both are refused as arguments (at most a day), as `play --solve-seconds` is.
#[test]
fn absurd_times_are_refused_as_arguments() {
    for time in ["1e300", "1e19", "86401"] {
        let args = [
            "twisty",
            "solve",
            "3x3x3",
            "--random-state",
            "--seed",
            "4",
            "--time",
            time,
        ];
        let (code, _, err) = outcome(&run(&args));
        assert_eq!(code, 2, "--time {time}: {err}");
        assert!(
            err.contains("at most 86400 (a day)"),
            "--time {time}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    refused(
        &["twisty", "play", "3x3x3", "--solve-seconds", "86401"],
        "",
        &["--solve-seconds 86401: from 1 to 86400 (a day)"],
    );
}

/// `--optimal` depends on the puzzle alone: it is refused before the state is read or
/// checked (the Teraminx spent 11.8 s checking a state first; an unreachable Megaminx state
/// exited 1 "not reachable" instead of 2 for the option).
#[test]
fn optimal_is_refused_before_the_state_is_checked() {
    let tera = file("tera.json", &applied("teraminx", "U", true));
    let start = Instant::now();
    refused(
        &["twisty", "solve", "teraminx", &tera, "--optimal"],
        "",
        &["--optimal is for small puzzles"],
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // Two edges' stickers swapped in place: a good state file, not reachable.
    for puzzle in ["megaminx", "4x4x4"] {
        let text = applied(puzzle, "", false);
        let bad = flip_first_edge(&text);
        let path = file(&format!("unreachable-{puzzle}.txt"), &bad);
        let (code, out, err) = outcome(&run(&["twisty", "check", &path]));
        assert_eq!(code, 1, "{puzzle}: the state is unreachable: {out}{err}");
        refused(
            &["twisty", "solve", puzzle, &path, "--optimal"],
            "",
            &["--optimal is for small puzzles"],
        );
    }
}

/// A solved text state with the colours of the first two faces' first stickers exchanged (a
/// wrong state whose colour counts are right).
fn flip_first_edge(text: &str) -> String {
    let mut lines: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect();
    let rows: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i][0].ends_with(':'))
        .take(2)
        .collect();
    let (a, b) = (lines[rows[0]][1].clone(), lines[rows[1]][1].clone());
    lines[rows[0]][1] = b;
    lines[rows[1]][1] = a;
    lines
        .iter()
        .map(|l| l.join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Options that would do nothing are refused, saying why.
#[test]
fn options_that_do_nothing_are_refused() {
    refused(
        &["twisty", "solve", "3x3x3", "--seed", "3", "--scramble", "R"],
        "",
        &["--seed 3", "--random-state", "--scramble"],
    );
    refused(
        &[
            "twisty",
            "solve",
            "3x3x3",
            "--scramble",
            "R",
            "--scheme",
            "western",
        ],
        "",
        &["--scheme", "--scramble"],
    );
    let out = temp("idle-port.html").display().to_string();
    refused(
        &["twisty", "play", "3x3x3", "-o", &out, "--port", "80"],
        "",
        &["--port is for the server", "-o"],
    );
    refused(
        &[
            "twisty",
            "play",
            "3x3x3",
            "-o",
            &out,
            "--solve-seconds",
            "5",
            "--max-size",
            "9",
        ],
        "",
        &["--solve-seconds, --max-size are for the server"],
    );
    assert!(!std::path::Path::new(&out).exists());
    refused(
        &[
            "twisty", "apply", "3x3x3", "R", "--scheme", "western", "--json",
        ],
        "",
        &["--scheme", "--format facelets"],
    );
    refused(
        &[
            "twisty",
            "apply",
            "3x3x3",
            "R",
            "--format",
            "facelets",
            "--notation",
            "wca",
        ],
        "",
        &["--notation", "--format facelets"],
    );
    for moves in ["", ",", " , "] {
        refused(
            &["twisty", "distances", "2x2x2", "--moves", moves],
            "",
            &["no moves given", "leave --moves out"],
        );
    }
}

/// A state that says two things is refused naming the second: two `puzzle` lines, a JSON
/// key twice; `check --puzzle` refuses a state of another puzzle as `solve` does.
#[test]
fn states_that_say_two_things_are_refused() {
    let r = applied("3x3x3", "R", false);
    let two = format!("puzzle 3x3x3\n{}", r.replace("# moves: R\n", ""));
    refused(
        &["twisty", "check"],
        &two,
        &["<stdin>: line 2: a second puzzle line", "line 1"],
    );
    let json = applied("3x3x3", "R", true);
    let twice_u = json.replacen("\"B\":[", "\"U\":[\"U\"],\"B\":[", 1);
    refused(&["twisty", "check"], &twice_u, &["key \"U\" appears twice"]);
    let twice_puzzle = json.replacen("\"puzzle\":", "\"puzzle\":\"2x2x2\",\"puzzle\":", 1);
    assert_ne!(twice_puzzle, json);
    refused(
        &["twisty", "solve", "3x3x3"],
        &twice_puzzle,
        &["key \"puzzle\" appears twice"],
    );
    let path = file("r.txt", &r);
    for puzzle in ["cube-3", "2x2x2"] {
        for cmd in ["check", "solve"] {
            let args: Vec<&str> = if cmd == "check" {
                vec!["twisty", "check", "--puzzle", puzzle, &path]
            } else {
                vec!["twisty", "solve", puzzle, &path]
            };
            refused(
                &args,
                "",
                &[&format!("line 2: the state is of 3x3x3, not {puzzle}")],
            );
        }
    }
}

/// Turns: powers are positive whole numbers taken modulo the axis's order (R4 turns
/// nothing, R00001 is R, R0 is refused saying why); too large a power or layer says so; R-1
/// says how to write it; the typographic prime reads as `'`.
#[test]
fn turns_say_what_is_wrong_with_them() {
    let solved = applied("3x3x3", "", false);
    assert_eq!(
        applied("3x3x3", "R4", false)
            .lines()
            .skip(1)
            .collect::<Vec<_>>(),
        solved.lines().skip(1).collect::<Vec<_>>()
    );
    for zero in ["R0", "R000"] {
        refused(
            &["twisty", "apply", "3x3x3", zero],
            "",
            &["a power counts turns, from 1", "U4"],
        );
    }
    assert_eq!(
        applied("3x3x3", "R00001", false),
        applied("3x3x3", "R", false)
    );
    assert_eq!(
        applied("3x3x3", "R’ U2′", false),
        applied("3x3x3", "R' U2'", false)
    );
    refused(
        &["twisty", "apply", "3x3x3", "R4294967297"],
        "",
        &["the power 4294967297 is too large"],
    );
    refused(
        &["twisty", "apply", "3x3x3", "4294967297R"],
        "",
        &["the layer 4294967297 is too large"],
    );
    refused(
        &["twisty", "apply", "3x3x3", "R-1"],
        "",
        &["a power is a positive whole number", "R'"],
    );
}

/// Echoes of the user's input are clipped (a 120 KB token came back whole).
#[test]
fn long_input_is_echoed_clipped() {
    let token = "R".repeat(120_000);
    let err = refused(&["twisty", "apply", "3x3x3", &token], "", &["…"]);
    assert!(err.len() < 400, "{} bytes", err.len());
    let name = "x".repeat(100_000);
    let state = format!("{{\"puzzle\": \"{name}\", \"faces\": {{}}}}");
    for args in [vec!["twisty", "check"], vec!["twisty", "solve", "3x3x3"]] {
        let err = refused(&args, &state, &["…"]);
        assert!(err.len() < 400, "{args:?}: {} bytes", err.len());
    }
}

/// Errors name the file and line where they are: a cut that is not a number in a puzzle
/// file, an unknown puzzle named in a state.
#[test]
fn errors_name_the_file_and_line() {
    let toml = file(
        "nan-cut.toml",
        "[twisty]\nsolid = \"cube\"\ncuts = [\n  \"f 1/3\",\n  \"f NaN\",\n]\n",
    );
    refused(
        &["twisty", "show", &toml],
        "",
        &["nan-cut.toml: line 5: ", "\"NaN\" is not a number"],
    );
    let foo = file("foo-state.txt", "# a state\npuzzle foo\nU: U\n");
    refused(
        &["twisty", "check", &foo],
        "",
        &["foo-state.txt: line 2: unknown puzzle \"foo\""],
    );
    refused(
        &["twisty", "check"],
        "{\"puzzle\": \"foo\"}",
        &["<stdin>: \"puzzle\": unknown puzzle \"foo\""],
    );
}

/// JSON states are told what is wrong in JSON's terms, not the text form's.
#[test]
fn json_states_are_described_in_json_terms() {
    for (state, want) in [
        (
            "{\"puzzle\": 3, \"faces\": {}}",
            "\"puzzle\" is a number, not a string",
        ),
        ("{}", "the JSON state has no \"puzzle\" key"),
        ("[1]", "a JSON state is an object"),
        ("null", "this one is null"),
    ] {
        let err = refused(&["twisty", "check"], state, &[want]);
        assert!(!err.contains("a line \"puzzle NAME\""), "{state}: {err}");
        assert!(!err.contains("facelet"), "{state}: {err}");
    }
    refused(
        &["twisty", "check", "--puzzle", "3x3x3"],
        "null",
        &["this one is null"],
    );
}

/// A byte order mark before the first line is skipped; an empty state says it is empty.
#[test]
fn a_byte_order_mark_is_skipped_and_empty_states_say_so() {
    let r = applied("3x3x3", "R", false);
    let (code, out, err) = outcome(&run_stdin(&["twisty", "check"], &format!("\u{feff}{r}")));
    assert_eq!((code, out.trim()), (0, "reachable"), "{err}");
    for args in [vec!["twisty", "solve", "3x3x3"], vec!["twisty", "check"]] {
        refused(&args, "", &["<stdin>: the state is empty"]);
        refused(&args, "\n  \n", &["the state is empty"]);
    }
}

/// A state's `puzzle` line naming a FIFO (or any file that is not a plain
/// file) is refused at once: opening it would block until a writer came.
#[cfg(unix)]
#[test]
fn a_state_naming_a_fifo_as_its_puzzle_is_refused_without_blocking() {
    let fifo = temp("state-puzzle.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: nothing to test
    }
    let state = format!("puzzle {}\nU: U\n", fifo.display());
    let t0 = Instant::now();
    refused(
        &["twisty", "check"],
        &state,
        &[
            "line 1",
            "neither a catalog puzzle nor a regular puzzle file",
        ],
    );
    assert!(t0.elapsed() < Duration::from_secs(30));
}
