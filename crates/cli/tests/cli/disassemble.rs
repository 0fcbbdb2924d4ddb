//! `count --disassemble` and `solve --disassemble` on hand-written
//! BurrTools files, against what BurrTools' own command-line solver says
//! of them: `burrTxt -d -o all FILE` (BurrTools built from its public
//! source, github.com/burr-tools/burr-tools, commit b72a71d1, run on
//! 2026-11-25), which prints each solution's level and the numbers of
//! assemblies and of solutions (assemblies that come apart).

use super::common::{Held, json, run, stderr, temp};
use serde_json::json;

const FIXTURES: &str = "crates/burrtools/tests/burr";

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
/// solutions; "one to three cubes": 4 assemblies, 4 solutions, at levels
/// 3, 2.3, 1.3 and 1.2.3. soma-cube.xmpuzzle: 240 assemblies, 240 solutions, all at
/// level 1. bricks.xmpuzzle "screws in a tower": 3 / 3, "box with
/// holes": 316 / 316, all at level 1.
#[test]
fn counts_by_level_are_burrtools_own() {
    for (file, problem, assemblies, levels) in [
        ("tunnels.xmpuzzle", "1", 1, json!({"3": 1})),
        ("tunnels.xmpuzzle", "2", 1, json!({"1.3": 1})),
        ("tunnels.xmpuzzle", "3", 1, json!({})),
        (
            "tunnels.xmpuzzle",
            "4",
            4,
            json!({"3": 1, "2.3": 1, "1.3": 1, "1.2.3": 1}),
        ),
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
    assert!(stderr(&o).contains("--disassemble"), "{}", stderr(&o));
}

/// Any puzzle file, not only BurrTools': the Soma cube of the catalog has
/// BurrTools' 240 assemblies, all at level 1 (burrTxt on soma-cube.xmpuzzle,
/// the same puzzle).
#[test]
fn catalog_puzzles_come_apart_too() {
    let o = run(&["count", "data/soma/cube.toml", "--disassemble", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        figures(&json(&o)),
        (json!(240), json!(240), json!({"1": 240}))
    );
}

#[test]
fn lattices_without_a_motion_model_are_refused() {
    // DLX files have no pieces to move.
    let o = run(&["count", "benches/instances/soma.dlx", "--disassemble"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--disassemble"), "{}", stderr(&o));
}

fn solve(problem: &str, extra: &[&str]) -> std::process::Output {
    let f = format!("{FIXTURES}/tunnels.xmpuzzle");
    let mut args = vec!["solve", &f, "--problem", problem, "--disassemble"];
    args.extend_from_slice(extra);
    run(&args)
}

type Cell = [i64; 3];

/// Replays the moves of `solve --disassemble --json` one unit step at a
/// time and checks that no piece ever runs into another: pieces that
/// leave together go on as a scene of their own, and only pieces of one
/// scene can collide. Returns the number of separations.
fn replay(v: &serde_json::Value) -> usize {
    let d = &v["disassembly"];
    let label = |x: &serde_json::Value| x.as_str().unwrap().to_string();
    let mut cells: std::collections::BTreeMap<String, Vec<Cell>> = d["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let cs = p["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let c = c.as_array().unwrap();
                    [0, 1, 2].map(|i| c.get(i).and_then(|x| x.as_i64()).unwrap_or(0))
                })
                .collect();
            (label(&p["label"]), cs)
        })
        .collect();
    let mut scene: std::collections::BTreeMap<String, usize> =
        cells.keys().map(|k| (k.clone(), 0)).collect();
    let mut scenes = 1;
    for m in d["moves"].as_array().unwrap() {
        let moving: Vec<String> = m["pieces"].as_array().unwrap().iter().map(label).collect();
        let s = scene[&moving[0]];
        assert!(
            moving.iter().all(|p| scene[p] == s),
            "{m}: pieces of two scenes"
        );
        let step: Vec<i64> = m["step"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        // Leaving: far enough that nothing is in the way any more.
        let n = m["steps"].as_u64().unwrap_or(40);
        for _ in 0..n {
            for p in &moving {
                for c in cells.get_mut(p).unwrap() {
                    for i in 0..3 {
                        c[i] += step[i];
                    }
                }
            }
            let mut seen = std::collections::HashSet::new();
            for (p, cs) in &cells {
                if scene[p] == s {
                    for c in cs {
                        assert!(seen.insert(*c), "{m}: {p} runs into another piece at {c:?}");
                    }
                }
            }
        }
        if m["steps"].is_null() {
            for p in &moving {
                scene.insert(p.clone(), scenes);
            }
            scenes += 1;
        }
    }
    scenes - 1
}

/// Each solution's level and moves: the moves replay without collisions,
/// each separation ends in a removal, and the levels are burrTxt's.
#[test]
fn solve_tells_the_moves_step_by_step() {
    let o = solve("4", &["--all", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = super::common::json_lines(&o);
    let mut levels: Vec<String> = lines
        .iter()
        .map(|v| v["level"].as_str().unwrap().to_string())
        .collect();
    levels.sort();
    assert_eq!(levels, ["1.2.3", "1.3", "2.3", "3"]);
    for v in &lines {
        let pieces = v["disassembly"]["pieces"].as_array().unwrap().len();
        // Every piece ends up alone: one separation fewer than pieces.
        assert_eq!(replay(v), pieces - 1, "{v}");
    }
    // The text: the level in the heading, one line per move.
    let o = solve("2", &[]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("solution 1: level 1.3, 4 moves"), "{text}");
    assert_eq!(text.matches("  move ").count(), 4, "{text}");
    assert_eq!(text.matches(" out along ").count(), 2, "{text}");
}

#[test]
fn min_level_and_by_level() {
    let levels = |o: &std::process::Output| -> Vec<String> {
        assert!(o.status.success(), "{}", stderr(o));
        super::common::json_lines(o)
            .iter()
            .map(|v| v["level"].as_str().unwrap().to_string())
            .collect()
    };
    // Highest first.
    let o = solve("4", &["--by-level", "--all", "--json"]);
    assert_eq!(levels(&o), ["3", "2.3", "1.3", "1.2.3"]);
    let o = solve("4", &["--by-level", "--limit", "2", "--json"]);
    assert_eq!(levels(&o), ["3", "2.3"]);
    // At least 1.3 (1.2.3 < 1.3 < 2.3 < 3).
    let o = solve("4", &["--min-level", "1.3", "--all", "--json"]);
    let mut l = levels(&o);
    l.sort();
    assert_eq!(l, ["1.3", "2.3", "3"]);
    // None that high: said on standard error, exit 0.
    let o = solve("4", &["--min-level", "4"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("no solution comes apart at level 4 or more"),
        "{}",
        stderr(&o)
    );
    // The stuck domino: nothing to print.
    let o = solve("3", &[]);
    assert!(
        stderr(&o).contains("no solution comes apart"),
        "{}",
        stderr(&o)
    );
    // A bad level is a clear error.
    let o = solve("4", &["--min-level", "1.x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a level"), "{}", stderr(&o));
}

/// A family of burr sticks that jam (benches/instances/burr-family.py 8
/// 7): burrTxt -d -q says 46 assemblies and 0 solutions.
#[test]
fn a_burr_family_that_jams() {
    let o = run(&[
        "count",
        "benches/instances/burr-family-8.xmpuzzle",
        "--disassemble",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(figures(&json(&o)), (json!(46), json!(0), json!({})));
}

/// The data of the page `view --disassemble` writes for a problem of
/// tunnels.xmpuzzle.
fn view_page(problem: &str, extra: &[&str]) -> serde_json::Value {
    let f = format!("{FIXTURES}/tunnels.xmpuzzle");
    let page = temp(&format!("tunnels-{problem}-{}.html", extra.join("")));
    let mut args = vec!["view", &f, "--problem", problem, "--disassemble"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["-o", page.to_str().unwrap()]);
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    super::common::page_data(&page)
}

/// `view --disassemble` puts the solutions that come apart on the 3D page,
/// each with the moves `solve --disassemble` prints: the same level, the
/// same pieces moving (by name) and the same vectors (a piece leaving goes
/// a positive multiple of its direction, far out).
#[test]
fn the_page_animates_the_moves_solve_prints() {
    let d = view_page("4", &[]);
    let sols = d["solutions"].as_array().unwrap();
    let moves = d["disassembly"].as_array().unwrap();
    assert_eq!((sols.len(), moves.len()), (4, 4));
    let name = |piece: &serde_json::Value| {
        d["pieces"][piece.as_u64().unwrap() as usize]["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let o = solve("4", &["--all", "--json"]);
    let printed = super::common::json_lines(&o);
    for (sol, dis) in sols.iter().zip(moves) {
        let level = dis["level"].as_str().unwrap();
        let want = printed
            .iter()
            .find(|v| v["level"] == level)
            .unwrap_or_else(|| panic!("level {level} is not printed"));
        let labels: std::collections::HashMap<&str, &str> = want["disassembly"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["label"].as_str().unwrap(), p["piece"].as_str().unwrap()))
            .collect();
        let got = dis["moves"].as_array().unwrap();
        let want = want["disassembly"]["moves"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "level {level}");
        for (g, w) in got.iter().zip(want) {
            let mut moved: Vec<String> = g["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| name(&sol[i.as_u64().unwrap() as usize][0]))
                .collect();
            let mut named: Vec<String> = w["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| labels[l.as_str().unwrap()].to_string())
                .collect();
            moved.sort();
            named.sort();
            assert_eq!(moved, named, "level {level}: {g} against {w}");
            let by: Vec<i64> = (0..3).map(|i| g["by"][i].as_i64().unwrap()).collect();
            let step: Vec<i64> = (0..3).map(|i| w["step"][i].as_i64().unwrap()).collect();
            assert_eq!(g["leaves"], w["steps"].is_null(), "level {level}: {g}");
            let n = match w["steps"].as_i64() {
                Some(n) => n,
                None => {
                    let k = by.iter().zip(&step).map(|(b, s)| b * s).sum::<i64>();
                    assert!(k > 5, "level {level}: {g} leaves along {step:?}");
                    k / step.iter().map(|s| s * s).sum::<i64>()
                }
            };
            assert_eq!(
                by,
                step.iter().map(|s| s * n).collect::<Vec<_>>(),
                "level {level}"
            );
        }
    }
    // Only solutions of the level asked for.
    let d = view_page("4", &["--min-level", "2"]);
    let mut levels: Vec<&str> = d["disassembly"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["level"].as_str().unwrap())
        .collect();
    levels.sort();
    assert_eq!(levels, ["2.3", "3"]);
}

/// A search that would hold more positions than
/// `--max-disassembly-positions` stops the count with exit 2, naming the
/// file and the flag; the run's checkpoint holds only what was finished
/// before, so resuming it with the default limit gives BurrTools' levels
/// (burrTxt -d on tunnels.xmpuzzle, "one to three cubes": 4 assemblies,
/// 4 solutions at levels 3, 2.3, 1.3 and 1.2.3).
#[test]
fn a_search_over_the_position_limit_stops_the_count() {
    let f = format!("{FIXTURES}/tunnels.xmpuzzle");
    let ck = temp("positions.checkpoint");
    let p = ck.to_str().unwrap();
    let _ = std::fs::remove_file(&ck);
    let o = run(&[
        "count",
        &f,
        "--problem",
        "4",
        "--disassemble",
        "--max-disassembly-positions",
        "3",
        "-j",
        "1",
        "--checkpoint",
        p,
        "--checkpoint-every",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("tunnels.xmpuzzle") && err.contains("--max-disassembly-positions"),
        "{err}"
    );
    let mut args = vec!["count", &f, "--problem", "4", "--disassemble", "--json"];
    if ck.exists() {
        args.extend(["--resume", p]);
    }
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        figures(&json(&o)),
        (
            json!(4),
            json!(4),
            json!({"3": 1, "2.3": 1, "1.3": 1, "1.2.3": 1})
        )
    );
    // solve says the same of the solution it cannot take apart.
    let o = solve("4", &["--max-disassembly-positions", "3"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--max-disassembly-positions"),
        "{}",
        stderr(&o)
    );
}
