//! `count --disassemble` and `solve --disassemble` on hand-written
//! BurrTools files, against what BurrTools' own command-line solver says
//! of them: `burrTxt -d -o all FILE` (BurrTools built from its public
//! source, github.com/burr-tools/burr-tools, commit b72a71d1, run on
//! 2026-11-25), which prints each solution's level and the numbers of
//! assemblies and of solutions (assemblies that come apart).

use super::common::{Held, json, run, stderr, temp};
use serde_json::json;

const FIXTURES: &str = "crates/polyform/tests/burr";

/// The keys of `count --disassemble --json` that BurrTools reports.
fn figures(v: &serde_json::Value) -> (serde_json::Value, serde_json::Value, serde_json::Value) {
    (
        v["assemblies"].clone(),
        v["disassemblable"].clone(),
        v["levels"].clone(),
    )
}

fn count(file: &str, problem: &str, extra: &[&str]) -> serde_json::Value {
    let f = format!("{FIXTURES}/{file}");
    let mut args = vec!["count", &f, "--problem", problem, "--disassemble", "--json"];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(o.status.success(), "{file} {problem}: {}", stderr(&o));
    json(&o)
}

/// burrTxt -d: tunnels.xmpuzzle, "one cube": 1 assembly, 1 solution,
/// level 3; "two cubes": 1 / 1, level 1.3; "domino": 1 assembly, 0
/// solutions. soma-cube.xmpuzzle: 240 assemblies, 240 solutions, all at
/// level 1. bricks.xmpuzzle "screws in a tower": 3 / 3, "box with
/// holes": 316 / 316, all at level 1.
#[test]
fn counts_by_level_are_burrtools_own() {
    for (file, problem, assemblies, levels) in [
        ("tunnels.xmpuzzle", "1", 1, json!({"3": 1})),
        ("tunnels.xmpuzzle", "2", 1, json!({"1.3": 1})),
        ("tunnels.xmpuzzle", "3", 1, json!({})),
        ("soma-cube.xmpuzzle", "1", 240, json!({"1": 240})),
        ("bricks.xmpuzzle", "1", 3, json!({"1": 3})),
        ("bricks.xmpuzzle", "2", 316, json!({"1": 316})),
    ] {
        let v = count(file, problem, &[]);
        let apart: u64 = levels
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(
            figures(&v),
            (json!(assemblies), json!(apart), levels),
            "{file} problem {problem}"
        );
    }
}

#[test]
fn the_text_says_the_levels() {
    let f = format!("{FIXTURES}/tunnels.xmpuzzle");
    let o = run(&["count", &f, "--problem", "two cubes", "--disassemble"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("come apart: 1 distinct"), "{text}");
    assert!(text.contains("1 at level 1.3"), "{text}");
}

#[test]
fn every_thread_count_gives_the_same_levels() {
    let want = figures(&count("bricks.xmpuzzle", "2", &["-j", "1"]));
    for threads in ["2", "3"] {
        let v = count("bricks.xmpuzzle", "2", &["-j", threads]);
        assert_eq!(figures(&v), want, "{threads} threads");
    }
}

#[test]
fn shards_merge_to_the_same_levels() {
    let f = format!("{FIXTURES}/bricks.xmpuzzle");
    let dir = temp("disassemble-shards");
    std::fs::create_dir_all(&dir).unwrap();
    let results: Vec<String> = (1..=3)
        .map(|i| {
            let out = dir.join(format!("{i}.json")).display().to_string();
            let shard = format!("{i}/3");
            let o = run(&[
                "count",
                &f,
                "--problem",
                "2",
                "--disassemble",
                "--shard",
                &shard,
                "--out",
                &out,
            ]);
            assert!(o.status.success(), "shard {i}: {}", stderr(&o));
            out
        })
        .collect();
    let mut args = vec!["merge", &f, "--problem", "2", "--disassemble", "--json"];
    args.extend(results.iter().map(String::as_str));
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["complete"], true);
    assert_eq!(figures(&v), (json!(316), json!(316), json!({"1": 316})));
    // Results of a plain count do not merge as a disassembling one.
    let plain = dir.join("plain.json").display().to_string();
    let o = run(&[
        "count",
        &f,
        "--problem",
        "2",
        "--shard",
        "1/1",
        "--out",
        &plain,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["merge", &f, "--problem", "2", "--disassemble", &plain]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// Interrupted after two subproblems, resumed: the same levels; a
/// disassembling checkpoint does not resume a plain count.
#[test]
fn an_interrupted_count_resumes_to_the_same_levels() {
    let f = format!("{FIXTURES}/soma-cube.xmpuzzle");
    let ck = temp("disassemble.checkpoint");
    let p = ck.to_str().unwrap();
    let args = [
        "count",
        &f,
        "--disassemble",
        "-j",
        "1",
        "--checkpoint",
        p,
        "--checkpoint-every",
        "0",
    ];
    let (code, _, err) = Held::start(&args, 2).interrupt("INT");
    assert_eq!(code, Some(130), "{err}");
    let o = run(&["count", &f, "--disassemble", "--json", "--resume", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        figures(&json(&o)),
        (json!(240), json!(240), json!({"1": 240}))
    );
    let o = run(&["count", &f, "--distinct", "--resume", p]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn lattices_without_a_motion_model_are_refused() {
    // DLX files have no pieces to move.
    let o = run(&["count", "benches/instances/soma.dlx", "--disassemble"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--disassemble"), "{}", stderr(&o));
}
