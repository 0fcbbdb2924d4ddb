//! `polycover dlx` as a user runs it.

use super::common::{outcome, run_stdin};

fn polycover(args: &[&str], stdin: &str) -> (i32, String, String) {
    outcome(&run_stdin(args, stdin))
}

const EXAMPLE: &str = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn counts_from_stdin_and_prints_json() {
    let (code, out, _) = polycover(&["dlx", "--json"], EXAMPLE);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solutions"], 1);
    assert!(v["nodes"].as_u64().unwrap() >= 2);
    assert!(v["updates"].as_u64().is_some());
    assert!(v["seconds"].as_f64().is_some());
}

#[test]
fn prints_solutions_as_option_lines() {
    let (code, out, _) = polycover(&["dlx", "-", "--all"], EXAMPLE);
    assert_eq!(code, 0);
    let mut lines: Vec<&str> = out.lines().skip(1).take(3).collect();
    lines.sort();
    assert_eq!(lines, ["A D", "B G", "C E F"]);
    assert!(out.starts_with("solution 1:"));
    assert!(out.contains("1 solution,"));
}

#[test]
fn print_n_still_counts_everything() {
    // Four independent pairs: 2^4 = 16 solutions.
    let text = "a b c d\na\na\nb\nb\nc\nc\nd\nd\n";
    let (code, out, _) = polycover(&["dlx", "--print", "2", "--json"], text);
    assert_eq!(code, 0);
    // JSON Lines: the two solutions printed, then the count; all JSON.
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[..2].iter().all(|v| v["type"] == "solution"));
    assert_eq!(lines[1]["solution"], 2);
    assert_eq!(lines[2]["type"], "count");
    assert_eq!(lines[2]["solutions"], 16);
}

#[test]
fn bad_input_names_file_line_and_column_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("polycover-dlx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.dlx");
    std::fs::write(&path, "a b\na\nb x\n").unwrap();
    let (code, _, err) = polycover(&["dlx", path.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad.dlx:3:3"), "{err}");
    assert!(err.contains("unknown item `x`"), "{err}");
    let (code, _, err) = polycover(&["dlx", "/no/such/file.dlx"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.dlx"), "{err}");
}

#[test]
fn warns_about_options_without_primary_items() {
    let text = "A | X\nA X\nX\n";
    let (code, out, err) = polycover(&["dlx"], text);
    assert_eq!(code, 0);
    assert!(err.contains("<stdin>:3:1: option ignored"), "{err}");
    assert!(out.starts_with("1 solution,"), "{out}");
}

/// `--knuth` makes DLX1's moves: on the Soma cube instance DLX1's printout
/// says 254,700 nodes and 29,605,457 updates. The links with early dead
/// ends walk the same tree with fewer updates; the bitset engine reports
/// Knuth's updates whatever the flag.
#[test]
fn knuth_flag_gives_dlx1_updates() {
    let soma = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../benches/instances/soma.dlx"
    ))
    .unwrap();
    let json = |args: &[&str]| {
        let (code, out, err) = polycover(args, &soma);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    for threads in ["1", "2"] {
        let knuth = json(&["dlx", "--json", "--knuth", "-j", threads]);
        assert_eq!(knuth["solutions"], 11520);
        assert_eq!(knuth["nodes"], 254_700);
        if threads == "1" {
            assert_eq!(knuth["updates"], 29_605_457);
        }
        // The links with early dead ends: the same tree, fewer updates.
        let early = json(&["dlx", "--json", "--engine", "links", "-j", threads]);
        assert_eq!(early["solutions"], 11520);
        assert_eq!(early["nodes"], 254_700);
        assert!(early["updates"].as_u64() < knuth["updates"].as_u64());
        // The bitset engine counts Knuth's updates.
        let bits = json(&["dlx", "--json", "--engine", "bits", "-j", threads]);
        assert_eq!(bits["nodes"], 254_700);
        assert_eq!(bits["updates"], knuth["updates"]);
        // The default here (688 options) is the cell engine: DLX1's tree,
        // its own updates (the options it drops, fewer than DLX1's).
        let auto = json(&["dlx", "--json", "-j", threads]);
        assert_eq!(auto["nodes"], 254_700);
        assert!(auto["updates"].as_u64() < knuth["updates"].as_u64());
    }
}

/// 20,000 primary items and 2,000 options: the bitset engine's frames could
/// need 153 MiB per thread (a deep search, a counter per item per frame).
/// Asked for, it is refused before any search; auto takes the links.
#[test]
fn the_bitset_engine_is_refused_where_its_frames_would_not_fit() {
    let (np, n) = (20_000usize, 2_000usize);
    let mut text: String = (0..np).map(|i| format!("i{i} ")).collect();
    text.push('\n');
    for o in 0..n {
        let line: Vec<String> = (0..10).map(|k| format!("i{}", o * 10 + k)).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    let (code, out, err) = polycover(&["dlx", "-q", "--engine", "bits"], &text);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("--engine bits cannot search this problem"),
        "{err}"
    );
    assert!(err.contains("MiB of search frames per thread"), "{err}");
    let (code, out, err) = polycover(&["dlx", "-q", "--json"], &text);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solutions"], 1);
}

/// Options are numbered as in the file: an option left out (no primary
/// item, with a warning) keeps its number, and each solution's option
/// names its line.
#[test]
fn solution_options_have_the_files_numbers_and_lines() {
    let text = "| comment\nA | x\nx\n\nA x\n";
    let (code, out, err) = polycover(&["dlx", "-q", "--json", "--all"], text);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("option ignored"), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let p = &v["placements"][0];
    assert_eq!(
        (p["option"].as_u64(), p["line"].as_u64()),
        (Some(2), Some(5)),
        "{v}"
    );
    assert_eq!(p["text"], "A x");
}

/// The memo engine's refusal names the option as the file does: its
/// number from 1 and its line.
#[test]
fn the_memo_refusal_names_the_options_line() {
    let (code, _, err) = polycover(&["dlx", "--engine", "memo"], "2:2|a\n\na\na\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("option 1 (line 3) holds no primary item with bounds 1:1 or 0:1"),
        "{err}"
    );
}

/// The cell engine's refusal names the option as the memo engine's does:
/// its number in the file (an option left out keeps its number) and its
/// line, for every command that searches.
#[test]
fn the_cell_refusal_names_the_options_line() {
    let text = "a 0:2|b | s\ns\n\na\nb\n";
    for command in ["dlx", "count", "solve"] {
        let (code, _, err) = polycover(&[command, "-", "--engine", "cells"], text);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(
            err.contains("option 3 (line 5) holds no primary item with bounds 1:1"),
            "{command}: {err}"
        );
    }
}

/// A write error names what was being written: standard output (a full
/// disk, here /dev/full where the system has one).
#[test]
fn a_write_error_names_standard_output() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let o = super::common::bin()
        .args(["dlx", "-q", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(full)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(EXAMPLE.as_bytes())?;
            c.wait_with_output()
        })
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("writing to standard output: No space left on device"),
        "{err}"
    );
}
