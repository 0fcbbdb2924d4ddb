//! `--engine memo` on threads and in shards: published counts with `-j`,
//! a count in shards merged, and the merge refusing what is missing or
//! foreign.

use super::common::{json, outcome, run, run_stdin, temp};

/// Domino tilings of the chessboard on 2 threads: 12,988,816 (OEIS
/// A004003), the JSON keeping its keys and saying 2 threads.
#[test]
fn dominoes_8x8_on_two_threads() {
    let args = [
        "count",
        "data/dominoes/8x8.toml",
        "--engine",
        "memo",
        "-j",
        "2",
    ];
    let (code, out, err) = outcome(&run(&args));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("12988816 solutions (memo engine: "), "{out}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&run(&with_json));
    assert_eq!(v["solutions"], 12_988_816u64);
    assert_eq!(v["engine"], "memo");
    assert_eq!(v["threads"], 2);
    assert!(v["memo"]["states"].as_u64().is_some_and(|s| s > 0), "{v}");
    // Without -j the memo engine stays on one thread.
    let v = json(&run(&[
        "count",
        "data/dominoes/8x8.toml",
        "--engine",
        "memo",
        "--json",
    ]));
    assert_eq!(v["threads"], 1);
}

/// `dlx --engine memo -j 3`: 36 domino tilings of 4x4 as DLX text.
#[test]
fn dlx_text_on_three_threads() {
    let mut text = String::new();
    for k in 0..16 {
        text += &format!("c{k} ");
    }
    text.push('\n');
    for k in 0..16 {
        if k % 4 < 3 {
            text += &format!("c{k} c{}\n", k + 1);
        }
        if k < 12 {
            text += &format!("c{k} c{}\n", k + 4);
        }
    }
    let o = run_stdin(&["dlx", "--engine", "memo", "-j", "3", "--json"], &text);
    let v = json(&o);
    assert_eq!(v["solutions"], 36);
    assert_eq!(v["threads"], 3);
}

/// Project Euler 161: 20,574,308,184,277,971 tromino tilings of 9x12, as
/// three shards merged; the merge refuses a missing shard (exit 1, the
/// shard named) and the results of another file (exit 2, every file
/// named).
#[test]
fn trominoes_9x12_in_three_shards() {
    let file = "data/trominoes/9x12.toml";
    let dir = temp("memo-shards");
    std::fs::create_dir_all(&dir).unwrap();
    let results: Vec<String> = (1..=3)
        .map(|i| dir.join(format!("r{i}.json")).display().to_string())
        .collect();
    let plan = json(&run(&[
        "plan", file, "--shards", "3", "--engine", "memo", "--json",
    ]));
    assert_eq!(plan["engine"], "memo", "{plan}");
    for (i, r) in results.iter().enumerate() {
        let shard = format!("{}/3", i + 1);
        let o = run(&[
            "count", file, "--engine", "memo", "--shard", &shard, "--out", r, "--json",
        ]);
        let v = json(&o);
        assert_eq!(v["type"], "shard", "{v}");
        assert_eq!(v["engine"], "memo", "{v}");
        // The parts the plan dealt to this shard.
        assert_eq!(v["parts"], plan["per_shard"][i]["parts"], "{v}\n{plan}");
    }
    let mut merge = vec!["merge", file];
    merge.extend(results.iter().map(String::as_str));
    let (code, out, err) = outcome(&run(&merge));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("20574308184277971 solutions"), "{out}");
    let mut merge_json = merge.clone();
    merge_json.push("--json");
    let v = json(&run(&merge_json));
    assert_eq!(
        (v["type"].as_str(), v["complete"].as_bool()),
        (Some("merge"), Some(true))
    );
    assert_eq!(v["solutions"].as_u64(), Some(20_574_308_184_277_971));
    // Shard 2 missing.
    let (code, _, err) = outcome(&run(&["merge", file, &results[0], &results[2]]));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("1 of 3 shards missing: 2"), "{err}");
    // The results of another file.
    let mut foreign = vec!["merge", "data/dominoes/8x8.toml"];
    foreign.extend(results.iter().map(String::as_str));
    let (code, out, err) = outcome(&run(&foreign));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("another puzzle") && err.contains("r1.json"),
        "{err}"
    );
    // Options that have no meaning for a memo count.
    let mut grouped = merge.clone();
    grouped.extend(["--group", "full"]);
    let (code, _, err) = outcome(&run(&grouped));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--group"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A memo shard result and a search engine's shard result of the same
/// file do not merge: the search engine's is refused, named.
#[test]
fn memo_and_search_results_do_not_mix() {
    let file = "data/pentominoes/3x20.toml";
    let dir = temp("memo-mixed");
    std::fs::create_dir_all(&dir).unwrap();
    let memo = dir.join("memo.json").display().to_string();
    let search = dir.join("search.json").display().to_string();
    let o = run(&[
        "count", file, "--engine", "memo", "--shard", "1/2", "--out", &memo,
    ]);
    assert_eq!(o.status.code(), Some(0));
    let o = run(&["count", file, "--shard", "2/2", "--out", &search, "-q"]);
    assert_eq!(o.status.code(), Some(0));
    let (code, _, err) = outcome(&run(&["merge", file, &memo, &search]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("search.json") && err.contains("search engine"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// One memo result among a search engine's results: the stray memo file is
/// the one refused, said to be the memo engine's, and the search results
/// are not blamed (they were all refused when any file was a memo result).
#[test]
fn a_stray_memo_result_among_search_results_is_the_one_refused() {
    let file = "data/pentominoes/3x20.toml";
    let dir = temp("memo-stray");
    std::fs::create_dir_all(&dir).unwrap();
    let memo = dir.join("memo.json").display().to_string();
    let s1 = dir.join("s1.json").display().to_string();
    let s2 = dir.join("s2.json").display().to_string();
    let o = run(&[
        "count", file, "--engine", "memo", "--shard", "1/2", "--out", &memo,
    ]);
    assert_eq!(o.status.code(), Some(0));
    for (shard, out) in [("1/2", &s1), ("2/2", &s2)] {
        let o = run(&["count", file, "--shard", shard, "--out", out, "-q"]);
        assert_eq!(o.status.code(), Some(0));
    }
    let (code, out, err) = outcome(&run(&["merge", file, &s1, &memo, &s2]));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("1 of the 3 result files refused"), "{err}");
    assert!(
        err.contains("memo.json") && err.contains("memo engine"),
        "{err}"
    );
    assert!(
        !err.contains("s1.json") && !err.contains("s2.json"),
        "{err}"
    );
    // With --checkpoint too: the stray file is refused, not the option.
    let ck = dir.join("rest.ck").display().to_string();
    let (code, _, err) = outcome(&run(&["merge", file, &s1, &memo, &s2, "--checkpoint", &ck]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("memo.json") && !err.contains("--checkpoint"),
        "{err}"
    );
    // Without it, the search results merge.
    let (code, out, err) = outcome(&run(&["merge", file, &s1, &s2]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(2 shards"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
