//! A count cut into shards, as GNU parallel or a Slurm array runs it:
//! the shards merged give the one-machine counts exactly, missing and
//! foreign results are refused, a merged checkpoint resumes the rest.

use super::common::{json, outcome, run, stderr, temp};

/// Runs every shard of `file` into `dir`; returns the result paths.
fn shards(file: &str, n: usize, dir: &std::path::Path, extra: &[&str]) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    (1..=n)
        .map(|i| {
            let out = dir.join(format!("{i}.json")).display().to_string();
            let shard = format!("{i}/{n}");
            let mut args = vec!["count", file, "--shard", &shard, "--out", &out, "-j", "2"];
            args.extend_from_slice(extra);
            let o = run(&args);
            assert!(o.status.success(), "shard {i}: {}", stderr(&o));
            out
        })
        .collect()
}

fn merge(file: &str, results: &[String], extra: &[&str]) -> std::process::Output {
    let mut args = vec!["merge", file];
    args.extend(results.iter().map(String::as_str));
    args.extend_from_slice(extra);
    args.push("--json");
    run(&args)
}

/// 6x10 (Knuth: 9356 solutions, 2339 distinct), the Kanoodle pyramid
/// (2448 / 306) and the tetracubes under rotations (11120 / 1390).
#[test]
fn merged_shards_give_the_published_counts() {
    for (file, n, extra, total, distinct) in [
        ("data/pentominoes/6x10.toml", 7, &[][..], 9356, 2339),
        ("data/kanoodle/pyramid.toml", 2, &[][..], 2448, 306),
        (
            "data/tetracubes/2x4x4.toml",
            64,
            &["--group", "rotations"][..],
            11120,
            1390,
        ),
        ("data/pentominoes/3x20.toml", 1, &[][..], 8, 2),
    ] {
        let dir = temp(&format!("shards-{n}"));
        let results = shards(file, n, &dir, extra);
        let o = merge(file, &results, extra);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["complete"], true);
        assert_eq!(v["solutions"], total, "{file}");
        assert_eq!(v["distinct"], distinct, "{file}");
    }
}

#[test]
fn missing_shards_are_listed_and_resumed() {
    let file = "data/pentominoes/6x10.toml";
    let dir = temp("shards-missing");
    let mut results = shards(file, 4, &dir, &[]);
    results.remove(2);
    let ck = dir.join("rest.ck").display().to_string();
    let o = merge(file, &results, &["--checkpoint", &ck]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(json(&o)["missing"], serde_json::json!([3]));
    assert!(stderr(&o).contains("--array=3"), "{}", stderr(&o));
    // The merged checkpoint finishes the count with the exact totals.
    let o = run(&["count", file, "--resume", &ck, "--distinct", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        (v["solutions"].clone(), v["distinct"].clone()),
        (9356.into(), 2339.into())
    );
}

#[test]
fn foreign_and_damaged_results_are_refused() {
    let dir = temp("shards-foreign");
    let six = shards("data/pentominoes/6x10.toml", 2, &dir.join("a"), &[]);
    let other = shards("data/pentominoes/3x20.toml", 2, &dir.join("b"), &[]);
    // Another puzzle's result.
    let o = merge(
        "data/pentominoes/6x10.toml",
        &[six[0].clone(), other[1].clone()],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(&other[1]), "{}", stderr(&o));
    // The same results merged under another group.
    let o = merge(
        "data/pentominoes/6x10.toml",
        &six,
        &["--group", "rotations"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // A damaged result.
    let text = std::fs::read_to_string(&six[1]).unwrap();
    std::fs::write(&six[1], text.replacen("\"solutions\"", "\"solutionz\"", 1)).unwrap();
    let o = merge("data/pentominoes/6x10.toml", &six, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(&six[1]), "{}", stderr(&o));
    // A shard index out of range.
    let o = run(&[
        "count",
        "data/pentominoes/6x10.toml",
        "--shard",
        "5/4",
        "--out",
        "x.json",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// `plan --json` deals every part to one shard, with its share of the
/// tree; `count --shard --json` says what its shard found and where the
/// result went (with `--disassemble`, the weights by level too).
#[test]
fn plan_and_shard_json() {
    let file = "data/soma/cube.toml";
    let p = json(&run(&["plan", file, "--shards", "3", "--json"]));
    assert_eq!(
        (p["type"].as_str(), p["shards"].as_u64()),
        (Some("plan"), Some(3))
    );
    let per = p["per_shard"].as_array().unwrap();
    let numbers: Vec<u64> = per.iter().map(|s| s["shard"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [1, 2, 3]);
    let parts: u64 = per.iter().map(|s| s["parts"].as_u64().unwrap()).sum();
    assert_eq!(Some(parts), p["parts"].as_u64());
    // Each shard's estimated share of the tree: together at most all of it.
    let share: Vec<f64> = per
        .iter()
        .map(|s| s["estimated_share"].as_f64().unwrap())
        .collect();
    assert!(share.iter().all(|&w| w > 0.0), "{share:?}");
    assert!(share.iter().sum::<f64>() <= 1.0 + 1e-9, "{share:?}");
    let dir = temp("shards-json");
    std::fs::create_dir_all(&dir).unwrap();
    let mut found = 0;
    for (i, extra) in [(1, &[][..]), (2, &["--disassemble"][..])] {
        let out = dir.join(format!("{i}.json")).display().to_string();
        let shard = format!("{i}/2");
        let mut args = vec!["count", file, "--shard", &shard, "--out", &out, "--json"];
        args.extend_from_slice(extra);
        let v = json(&run(&args));
        assert_eq!(v["type"], "shard");
        assert_eq!(
            (v["shard"].as_u64(), v["shards"].as_u64()),
            (Some(i), Some(2))
        );
        assert_eq!(v["out"].as_str(), Some(out.as_str()));
        found += v["found"].as_u64().unwrap();
        let w = &v["weights"];
        assert!(
            w["total"].is_u64() && w["distinct_times_group_order"].is_u64(),
            "{v}"
        );
        assert_eq!(w.get("levels_times_group_order").is_some(), i == 2, "{v}");
    }
    assert!(found > 0);
}

/// Shards merged with another --group than they were counted with: the
/// refusal says it is another kind of count and names the options, not
/// only "made for another puzzle".
#[test]
fn a_group_mismatch_is_named_as_such() {
    let file = "data/pentominoes/3x20.toml";
    let dir = temp("group-mismatch");
    std::fs::create_dir_all(&dir).unwrap();
    let mut results = Vec::new();
    for shard in ["1/2", "2/2"] {
        let r = dir.join(format!("r{}.json", &shard[..1]));
        let r = r.to_str().unwrap().to_string();
        let o = run(&["count", file, "--shard", shard, "--out", &r, "-q"]);
        assert_eq!(o.status.code(), Some(0));
        results.push(r);
    }
    let mut args = vec!["merge", file, &results[0], &results[1]];
    let (code, _, err) = outcome(&run(&args));
    assert_eq!(code, 0, "{err}");
    args.extend(["--group", "none"]);
    let (code, _, err) = outcome(&run(&args));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("another kind of count") && err.contains("--group"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A shard's closing line counts solutions as its progress bar and the
/// merge do: the shards' figures add up to the merged total (it printed
/// the representatives the symmetry-reduced search found, 4 of the 8).
#[test]
fn shard_lines_add_up_to_the_merged_total() {
    let file = "data/pentominoes/3x20.toml";
    let dir = temp("shard-lines");
    std::fs::create_dir_all(&dir).unwrap();
    let mut results = Vec::new();
    let mut found = 0u64;
    for shard in ["1/2", "2/2"] {
        let r = dir.join(format!("r{}.json", &shard[..1]));
        let r = r.to_str().unwrap().to_string();
        let (code, out, err) = outcome(&run(&["count", file, "--shard", shard, "--out", &r]));
        assert_eq!(code, 0, "{err}");
        let n = out
            .split(", ")
            .find_map(|w| w.strip_suffix(" found"))
            .and_then(|w| w.split(' ').next())
            .unwrap_or_else(|| panic!("{out}"));
        found += n.parse::<u64>().unwrap();
        results.push(r);
    }
    let v = json(&run(&["merge", file, &results[0], &results[1], "--json"]));
    assert_eq!(v["solutions"].as_u64(), Some(found), "{v}");
    assert_eq!(found, 8, "the 2 solutions of 3x20 under its 4 symmetries");
    std::fs::remove_dir_all(&dir).ok();
}
