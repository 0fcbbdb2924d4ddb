//! The twisty commands bounded: every size they take is refused up front
//! past its limit, with the limit and the flag that raises it (exit 2, one
//! line); the names the catalog accepts are those it says; the long steps
//! stop on Ctrl-C and SIGTERM (exit 130).

use crate::common::{Server, bin, outcome, run, run_stdin};
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// Exit 2 and one line of standard error containing `want`.
fn refused(args: &[&str], want: &str) {
    let (code, out, err) = outcome(&run(args));
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: {err}");
}

#[test]
fn scramble_length_is_bounded() {
    refused(
        &["twisty", "scramble", "3x3x3", "--length", "1000000000000"],
        "polycover: --length 1000000000000: at most 100000 moves",
    );
    refused(
        &["twisty", "scramble", "3x3x3", "--length", "100001"],
        "at most 100000 moves",
    );
    let o = run(&[
        "twisty", "scramble", "3x3x3", "--length", "100000", "--seed", "1",
    ]);
    let (code, out, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.split_whitespace().count(), 100_000);
}

/// The size is stickers times moves: the 4x4x4 (every layer turns) has 96
/// stickers and 12 moves, so 1152 is its size, and a limit of 1151 refuses
/// it in every command with a long step.
#[test]
fn long_steps_refuse_puzzles_over_max_size() {
    let over = "cube-4: 96 stickers times 12 moves is 1152, over the limit of 1151";
    let flag = "(--max-size N raises it;";
    for args in [
        vec!["twisty", "count", "cube-4"],
        vec!["twisty", "scramble", "cube-4", "--random-state"],
        vec!["twisty", "solve", "cube-4", "--scramble", "R"],
        vec!["twisty", "distances", "cube-4"],
    ] {
        let args = [args.as_slice(), &["--max-size", "1151"]].concat();
        refused(&args, over);
        refused(&args, flag);
    }
    let state = stdout_of(&["twisty", "apply", "cube-4", "R"]);
    let (code, _, err) = outcome(&run_stdin(
        &["twisty", "check", "--max-size", "1151"],
        &state,
    ));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(over) && err.contains(flag), "{err}");
    // At the limit the count is made: the Rubik's Revenge's positions up
    // to rotations, 7.4e45 (the number every reference gives).
    let o = run(&["twisty", "count", "cube-4", "--max-size", "1152", "--json"]);
    let (code, out, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["positions_fixed"].to_string(),
        "7401196841564901869874093974498574336000000000"
    );
    // By default the big ones the tester tried are refused before any work.
    refused(
        &["twisty", "count", "cube-50"],
        "cube-50: 15000 stickers times 150 moves is 2250000, over the limit of 32000 for `twisty count` (--max-size N raises it",
    );
    refused(
        &["twisty", "solve", "cube-20", "--random-state"],
        "cube-20: 2400 stickers times 60 moves is 144000, over the limit of 32000 for `twisty solve`",
    );
}

fn stdout_of(args: &[&str]) -> String {
    let (code, out, err) = outcome(&run(args));
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// `twisty list` says the ranges the names take, and they are those
/// accepted: the largest of each builds, the next is refused with the range.
#[test]
fn family_names_are_those_list_says() {
    let out = stdout_of(&["twisty", "list"]);
    assert!(out.contains("cube-N for N from 2 to 57"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&stdout_of(&["twisty", "list", "--json"])).unwrap();
    let families = v["families"].as_array().unwrap();
    assert_eq!(families.len(), 5);
    for f in families {
        let form = f["form"].as_str().unwrap();
        let max = f["max"].as_u64().unwrap();
        let step = if f["even"] == true { 2 } else { 1 };
        let name = |n: u64| form.replace('N', &n.to_string());
        assert!(f["min"].as_u64().unwrap() <= max, "{f}");
        if form == "cube-N" {
            // The biggest cube builds (the others are as cheap; one is enough).
            let shown = stdout_of(&["twisty", "show", &name(max), "--json"]);
            let shown: serde_json::Value = serde_json::from_str(&shown).unwrap();
            assert_eq!(shown["stickers"].as_array().unwrap().len(), 6 * 57 * 57);
        }
        let next = name(max + step);
        refused(
            &["twisty", "show", &next],
            &format!(
                "unknown puzzle \"{next}\": {form} is for {}N from",
                if step == 2 { "even " } else { "" }
            ),
        );
    }
    refused(
        &["twisty", "count", "cube-70"],
        "unknown puzzle \"cube-70\": cube-N is for N from 2 to 57 (larger ones would have more than 20000 stickers)",
    );
    refused(
        &["twisty", "show", "70x70x70"],
        "NxNxN is for N from 2 to 57",
    );
}

/// Every move's permutation is written by `show --json` and the play
/// page: the 3x3x3's is 54 stickers times 6 moves, 324.
#[test]
fn pages_refuse_puzzles_over_max_page_size() {
    let over = "3x3x3: 54 stickers times 6 moves is 324, over the limit of 323 for";
    refused(
        &[
            "twisty",
            "show",
            "3x3x3",
            "--json",
            "--max-page-size",
            "323",
        ],
        &format!("{over} `twisty show --json` (--max-page-size N raises it;"),
    );
    let page = crate::common::temp("twisty-limit.html");
    let page = page.to_str().unwrap();
    refused(
        &[
            "twisty",
            "play",
            "3x3x3",
            "-o",
            page,
            "--max-page-size",
            "323",
        ],
        &format!("{over} the twisty page (--max-page-size N raises it;"),
    );
    assert!(!std::path::Path::new(page).exists());
    let shown = stdout_of(&[
        "twisty",
        "show",
        "3x3x3",
        "--json",
        "--max-page-size",
        "324",
    ]);
    assert!(shown.contains("\"moves\""));
    // The text form has no permutations: any size.
    stdout_of(&["twisty", "show", "3x3x3", "--max-page-size", "1"]);
    // By default, the largest icosahedron's (7.1 million) is refused.
    refused(
        &["twisty", "play", "icosahedron-31", "-o", page],
        "icosahedron-31: 19220 stickers times 372 moves is 7149840, over the limit of 4000000",
    );
}

#[test]
fn play_refuses_an_endless_solve_time() {
    refused(
        &[
            "twisty",
            "play",
            "3x3x3",
            "--solve-seconds",
            "18446744073709551615",
        ],
        "--solve-seconds 18446744073709551615: from 1 to 86400",
    );
    // No time at all would answer every solve with 503 (it once meant a second, silently).
    refused(
        &["twisty", "play", "3x3x3", "--solve-seconds", "0"],
        "--solve-seconds 0: from 1 to 86400",
    );
}

/// `twisty solve --help` says what exit 3 means.
#[test]
fn solve_help_documents_its_exit_codes() {
    let help = stdout_of(&["twisty", "solve", "--help"]);
    assert!(help.contains("3 gave up"), "{help}");
    assert!(help.contains("130 interrupted"), "{help}");
}

/// Starts `polycover ARGS` with the trace on, waits for a trace line
/// containing `marker` (the long step has begun: the handler is installed
/// before any work), sends `signal` and returns the exit code and the rest
/// of standard error.
fn interrupt_during(args: &[&str], marker: &str, signal: &str) -> (Option<i32>, String) {
    let mut child = bin()
        .args(args)
        .env("POLYCOVER_TRACE", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    loop {
        match lines.next() {
            Some(Ok(line)) => {
                let found = line.contains(marker);
                seen.push(line);
                if found {
                    break;
                }
            }
            _ => {
                let _ = child.kill();
                panic!("{args:?}: no {marker:?} in {seen:?}");
            }
        }
    }
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    (status.code(), rest.join("\n"))
}

/// The Schreier-Sims count of a 12x12x12 and the solver's preparation for
/// it (the largest cube taken by default: tens of seconds each) stop at
/// once on SIGTERM and Ctrl-C.
#[test]
fn long_steps_stop_on_interrupt() {
    for signal in ["TERM", "INT"] {
        let (code, err) = interrupt_during(
            &["twisty", "count", "cube-12"],
            "levels from random generators",
            signal,
        );
        assert_eq!(code, Some(130), "{signal}: {err}");
        assert!(err.contains("polycover: interrupted"), "{err}");
    }
    let (code, err) = interrupt_during(
        &["twisty", "solve", "cube-12", "--scramble", "R U"],
        "prepare: structure",
        "INT",
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("polycover: interrupted"), "{err}");
}

/// A play server over its `--max-size` still serves the page, and Solve
/// answers 503 with why (no solver is prepared).
#[test]
fn play_over_max_size_says_why_it_cannot_solve() {
    let server = Server::start_with("3x3x3", &["--max-size", "323"]);
    let (page, _) = server.request("GET", "/", "");
    let (solved, why) = server.request(
        "POST",
        "/api/solve",
        "U: U U U U U U U U U\nD: D D D D D D D D D\nF: F F F F F F F F F\nB: B B B B B B B B B\nR: R R R R R R R R R\nL: L L L L L L L L L\n",
    );
    assert_eq!(page, 200);
    assert_eq!(solved, 503, "{why}");
    assert!(
        why.contains("no solver for 3x3x3: 54 stickers times 6 moves is 324, over the server's limit of 323 (--max-size N raises it)"),
        "{why}"
    );
}
