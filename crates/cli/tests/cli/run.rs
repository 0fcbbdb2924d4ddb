//! Threads, distinct counts, interruption and checkpoints, as a user meets
//! them on the command line.

use super::common::{bin, json, run, temp};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

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

#[test]
fn an_interrupted_count_resumes_to_the_exact_total() {
    let ck = temp("6x10.checkpoint");
    let _ = std::fs::remove_file(&ck);
    let child = bin()
        .args([
            // The links on one thread: long enough (about 3 s) to be
            // interrupted after 1.2 s; the cell engine ends sooner.
            "dlx",
            "benches/instances/pent6x10.dlx",
            "-j",
            "1",
            "--engine",
            "links",
            "--checkpoint",
        ])
        .arg(&ck)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert!(ck.exists());
    let out = polycover(&[
        "dlx",
        "benches/instances/pent6x10.dlx",
        "--engine",
        "links",
        "--json",
        "--resume",
        ck.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["solutions"], 9356);
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
