//! Threads, distinct counts, interruption and checkpoints, as a user meets
//! them on the command line.

use super::common::{Held, json, run, temp};
use std::process::Output;

fn polycover(args: &[&str]) -> Output {
    run(args)
}

#[test]
fn counts_are_the_same_for_every_thread_count() {
    for threads in ["1", "2", "3", "8"] {
        let out = polycover(&[
            "count",
            "data/pentominoes/3x20.toml",
            "--json",
            "-j",
            threads,
        ]);
        assert!(out.status.success());
        assert_eq!(json(&out)["solutions"], 8, "{threads} threads");
        let out = polycover(&["dlx", "benches/instances/soma.dlx", "--json", "-j", threads]);
        assert_eq!(json(&out)["solutions"], 11520, "{threads} threads");
    }
}

#[test]
fn distinct_counts_in_json() {
    let out = polycover(&["count", "data/soma/cube.toml", "--distinct", "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["solutions"], 11520);
    assert_eq!(v["distinct"], 240);
    assert_eq!(v["group_order"], 48);
}

#[test]
fn solve_distinct_prints_one_solution_per_class() {
    // 3x20: 8 solutions, 2 up to the rectangle's 4 symmetries.
    let out = polycover(&[
        "solve",
        "data/pentominoes/3x20.toml",
        "--all",
        "--distinct",
        "--format",
        "json",
    ]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

/// Ctrl-C (SIGINT) or SIGTERM (what Slurm's scancel sends) during a count
/// with a checkpoint: exit 130, the resume command printed, and the resumed
/// count exact. The count is held at a known point before the signal
/// (`POLYCOVER_HOLD_AFTER`), so the test does not depend on the engine
/// being slower than anything.
#[test]
fn an_interrupted_count_resumes_to_the_exact_total() {
    for (signal, engine, threads) in [("INT", "links", "1"), ("TERM", "cells", "2")] {
        let ck = temp(&format!("6x10-{signal}.checkpoint"));
        let _ = std::fs::remove_file(&ck);
        let p = ck.to_str().unwrap();
        let args = [
            "dlx",
            "benches/instances/pent6x10.dlx",
            "-j",
            threads,
            "--engine",
            engine,
            "--checkpoint",
            p,
            "--checkpoint-every",
            "0",
        ];
        let (code, _, err) = Held::start(&args, 3).interrupt(signal);
        assert_eq!(code, Some(130), "{signal}: {err}");
        assert!(err.contains("interrupted"), "{err}");
        assert!(err.contains(&format!("--resume {p}")), "{err}");
        let saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
        let finished = saved["body"]["finished"].as_array().unwrap().len();
        assert!((3..=4).contains(&finished), "{signal}: {finished} finished");
        let out = polycover(&[
            "dlx",
            "benches/instances/pent6x10.dlx",
            "--engine",
            engine,
            "--json",
            "--resume",
            p,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(json(&out)["solutions"], 9356, "{signal}");
    }
}

/// The links and the bitset engine walk one tree (DLX1's) and list the
/// same subproblems, so a checkpoint of either, written partway or at the
/// end, resumes on the other to the exact count. The links used to take
/// options that the bitset engine gives up as early dead ends (one commit
/// emptying two lists), and listed them as finished subproblems that the
/// bitset engine's tree does not have: a links checkpoint of 6x10 was
/// refused by the bitset engine (exit 2, "does not fit this puzzle's
/// search tree").
#[test]
fn a_checkpoint_of_the_links_or_the_bitset_engine_resumes_on_the_other() {
    let puzzle = "data/pentominoes/6x10.toml";
    for (from, to) in [("links", "bits"), ("bits", "links")] {
        for held in [true, false] {
            let ck = temp(&format!("6x10-{from}-{to}-{held}.checkpoint"));
            let p = ck.to_str().unwrap();
            let mut args = vec![
                "count",
                puzzle,
                "--full-search",
                "--engine",
                from,
                "-q",
                "--checkpoint",
                p,
            ];
            if held {
                // One thread, held after 5 finished subproblems: the links'
                // third one was such a dead end.
                args.extend(["-j", "1", "--checkpoint-every", "0"]);
                let (code, _, err) = Held::start(&args, 5).interrupt("TERM");
                assert_eq!(code, Some(130), "{from}: {err}");
            } else {
                args.extend(["-j", "2", "--json"]);
                let out = polycover(&args);
                assert!(out.status.success(), "{from}: {out:?}");
                assert_eq!(json(&out)["solutions"], 9356, "{from}");
            }
            let out = polycover(&[
                "count",
                puzzle,
                "--full-search",
                "--engine",
                to,
                "-j",
                "2",
                "--json",
                "--resume",
                p,
            ]);
            assert!(
                out.status.success(),
                "{from} -> {to} (held: {held}): {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                json(&out)["solutions"],
                9356,
                "{from} -> {to}, held: {held}"
            );
        }
    }
}

#[test]
fn checkpoint_every_takes_durations() {
    for good in ["0", "500ms", "2m", "1.5s", "3"] {
        let ck = temp("every.checkpoint");
        let out = polycover(&[
            "count",
            "data/pentominoes/3x20.toml",
            "--json",
            "--checkpoint",
            ck.to_str().unwrap(),
            "--checkpoint-every",
            good,
        ]);
        assert!(out.status.success(), "{good}: {:?}", out);
        assert_eq!(json(&out)["solutions"], 8);
    }
    for bad in ["5 parsecs", "-1s", "x", "9999999h"] {
        let out = polycover(&[
            "count",
            "data/pentominoes/3x20.toml",
            &format!("--checkpoint-every={bad}"),
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--checkpoint-every"),
            "{bad}: {:?}",
            out
        );
    }
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused() {
    let ck = temp("soma.checkpoint");
    let out = polycover(&[
        "dlx",
        "benches/instances/soma.dlx",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    // Another problem: refused.
    let out = polycover(&[
        "dlx",
        "benches/instances/pent3x20.dlx",
        "--resume",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
    // Damaged: refused.
    let text = std::fs::read_to_string(&ck).unwrap();
    std::fs::write(&ck, &text[..text.len() / 2]).unwrap();
    let out = polycover(&[
        "dlx",
        "benches/instances/soma.dlx",
        "--resume",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(ck.to_str().unwrap()));
}

/// Ctrl-C or SIGTERM before a command polls for it (here `count -` waiting for its standard
/// input) still exits 130 and says so, as the exit codes promise (it was the shell's 143 or 130
/// with no word). The signal is sent once the process has its handler (its `SigCgt` mask in
/// /proc shows SIGINT and SIGTERM caught), so the test does not depend on how fast it starts.
#[test]
fn a_signal_while_loading_exits_130() {
    for signal in ["TERM", "INT"] {
        let mut child = crate::common::bin()
            .args(["count", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        crate::common::wait_for_signal_handler(&mut child);
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        // Standard input stays open until the process is gone (closed, the count would go on
        // to read an empty puzzle).
        let stdin = child.stdin.take();
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        let code = child.wait().unwrap().code();
        drop(stdin);
        assert_eq!(code, Some(130), "{signal}: {err}");
        assert!(err.contains("polycover: interrupted"), "{signal}: {err}");
    }
}
