//! `--engine cells`, as a user meets it: the published counts (totals and
//! distinct), shards and their merge, checkpoints that name the engine, and
//! a clear refusal of the problems the cell engine cannot take.

use super::common::{json, run, run_stdin, stderr, temp};

/// Counts `args` with `--json`; the solutions and the distinct count.
fn counted(args: &[&str]) -> (serde_json::Value, serde_json::Value) {
    let mut args = args.to_vec();
    args.push("--json");
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    let v = json(&o);
    (v["solutions"].clone(), v["distinct"].clone())
}

/// 6x10 (Knuth: 9356, 2339 distinct), the Soma cube (11520, 240), the
/// Kanoodle pyramid (2448, 306; two-word masks), 12 identical L-trominoes
/// on 6x6 (162 by an independent brute-force search; copies: a counted
/// item), and domino tilings of 6x6 as DLX text with the dominoes as one
/// piece of 18 copies (6728, OEIS A004003).
#[test]
fn counts_on_the_cell_engine_are_the_published_ones() {
    for (file, threads, total, distinct) in [
        ("data/pentominoes/6x10.toml", "2", 9356, 2339),
        ("data/soma/cube.toml", "1", 11520, 240),
        ("data/kanoodle/pyramid.toml", "3", 2448, 306),
    ] {
        let args = [
            "count",
            file,
            "--engine",
            "cells",
            "--distinct",
            "-j",
            threads,
        ];
        assert_eq!(counted(&args), (total.into(), distinct.into()), "{file}");
    }
    // Copies, counted up to symmetry by Burnside's lemma: the cell engine
    // searches the big matrix and the small ones of the orbits, and agrees
    // with the default engine on the distinct count.
    let file = "data/copies/l-trominoes-6x6.toml";
    let cells = ["count", file, "--engine", "cells", "-j", "2", "--distinct"];
    let (total, distinct) = counted(&cells);
    assert_eq!(total, 162);
    assert_eq!(distinct, counted(&["count", file, "--distinct"]).1);
    let o = run(&[&cells[..], &["--json"]].concat());
    assert_eq!(json(&o)["method"], "burnside");
    let mut text = String::new();
    for r in 0..6 {
        for c in 0..6 {
            text += &format!("c{r}{c} ");
        }
    }
    text += "18:18|d\n";
    for r in 0..6 {
        for c in 0..6 {
            if c < 5 {
                text += &format!("d c{r}{c} c{r}{}\n", c + 1);
            }
            if r < 5 {
                text += &format!("d c{r}{c} c{}{c}\n", r + 1);
            }
        }
    }
    for threads in ["1", "2"] {
        let args = ["count", "-", "--engine", "cells", "-j", threads, "--json"];
        let o = run_stdin(&args, &text);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(json(&o)["solutions"], 6728);
    }
}

/// Shards counted on the cell engine merge to the published counts on it,
/// and only on it.
#[test]
fn shards_and_their_merge_name_the_engine() {
    let file = "data/soma/cube.toml";
    let dir = temp("engine-shards");
    std::fs::create_dir_all(&dir).unwrap();
    let results: Vec<String> = (1..=3)
        .map(|i| {
            let out = dir.join(format!("{i}.json")).display().to_string();
            let shard = format!("{i}/3");
            let args = [
                "count", file, "--engine", "cells", "--shard", &shard, "--out", &out,
            ];
            let o = run(&args);
            assert!(o.status.success(), "shard {i}: {}", stderr(&o));
            out
        })
        .collect();
    let merge = |extra: &[&str]| {
        let mut args = vec!["merge", file];
        args.extend(results.iter().map(String::as_str));
        args.extend_from_slice(extra);
        args.push("--json");
        run(&args)
    };
    let o = merge(&["--engine", "cells"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        (v["solutions"].clone(), v["distinct"].clone()),
        (11520.into(), 240.into())
    );
    // With another engine: refused, naming the file and both engines.
    let o = merge(&["--engine", "bits"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains(&results[0]), "{e}");
    assert!(e.contains("made with the cell engine (cells)"), "{e}");
    assert!(e.contains("links or bitset engine"), "{e}");
}

/// A checkpoint of the cell engine resumes on it and is refused by the
/// others, and the other way round.
#[test]
fn checkpoints_name_the_engine() {
    let file = "data/soma/cube.toml";
    let cells = temp("engine-cells.ck").display().to_string();
    let auto = temp("engine-bits.ck").display().to_string();
    for (ck, engine) in [(&cells, "cells"), (&auto, "bits")] {
        let args = ["count", file, "--engine", engine, "--checkpoint", ck];
        assert_eq!(counted(&args).0, 11520);
    }
    let args = [
        "count",
        file,
        "--engine",
        "cells",
        "--resume",
        &cells,
        "--distinct",
    ];
    assert_eq!(counted(&args), (11520.into(), 240.into()));
    for (ck, engine, found, expected) in [
        (
            &cells,
            "bits",
            "the cell engine",
            "the links or bitset engine",
        ),
        (
            &cells,
            "links",
            "the cell engine",
            "the links or bitset engine",
        ),
        (
            &auto,
            "cells",
            "the links or bitset engine",
            "the cell engine",
        ),
    ] {
        let o = run(&["count", file, "--engine", engine, "--resume", ck]);
        assert_eq!(o.status.code(), Some(2), "{engine}");
        let e = stderr(&o);
        assert!(e.contains(ck.as_str()), "{e}");
        assert!(e.contains(&format!("made with {found}")), "{e}");
        assert!(e.contains(&format!("searches with {expected}")), "{e}");
    }
}

/// Asked for explicitly, the cell engine is never silently replaced: a
/// problem it cannot take is an error (exit 2) that names the file and
/// says why, in every command that searches or plans.
/// `verify` under a search engine (`--engine`, `--knuth`) has no time
/// estimate for a file that records only the memo engine's `[expect]
/// states`: it skips it, saying why, rather than start a search of
/// unknown size (the dominoes' 10x10 would visit 2.6e11 tilings);
/// `--all` runs it. The memo's figure still estimates the memo's count.
#[test]
fn verify_does_not_estimate_a_search_from_the_memo_states() {
    let file = "data/copies/two-dominoes-2x2.toml";
    for extra in [
        &["--engine", "bits"][..],
        &["--engine", "links"],
        &["--knuth"],
    ] {
        let o = run(&[&["verify", file, "--json"], extra].concat());
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&super::common::stdout(&o)).unwrap();
        assert_eq!(v["skipped"], 1, "{extra:?}: {v}");
        let row = &v["files"][0];
        assert_eq!(row["result"], "skip", "{extra:?}: {v}");
        let why = row["message"].as_str().unwrap_or_default();
        assert!(
            why.contains("no estimate for a search of the tree") && why.contains("--all"),
            "{extra:?}: {why}"
        );
        let o = run(&[&["verify", file, "--json", "--all"], extra].concat());
        let v: serde_json::Value = serde_json::from_str(&super::common::stdout(&o)).unwrap();
        assert_eq!(v["passed"], 1, "{extra:?}: {v}");
    }
    let o = run(&["verify", file, "--engine", "bits", "--max-seconds", "5"]);
    let out = super::common::stdout(&o);
    assert!(
        out.contains("1 skipped (1 with no estimate for this engine; --all runs them)"),
        "{out}"
    );
    let o = run(&["verify", file, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&super::common::stdout(&o)).unwrap();
    assert_eq!(v["passed"], 1, "{v}");
}

#[test]
fn problems_the_cell_engine_cannot_take_are_refused() {
    let tiles = "data/tiles/scramble-squares-3x3.toml";
    for args in [
        &["count", tiles, "--engine", "cells"][..],
        &[
            "count", tiles, "--engine", "cells", "--shard", "1/2", "--out", "x.json",
        ],
        &["solve", tiles, "--engine", "cells"],
        &["plan", tiles, "--shards", "2", "--engine", "cells"],
        &["merge", tiles, "x.json", "--engine", "cells"],
        &["verify", tiles, "--engine", "cells"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o) + &super::common::stdout(&o);
        assert!(e.contains(tiles), "{args:?}: {e}");
        assert!(
            e.contains("--engine cells cannot search this problem"),
            "{e}"
        );
        assert!(e.contains("secondary items have colors"), "{e}");
    }
    // The same problem on the default engine.
    assert_eq!(counted(&["count", tiles]).0, 4);
    // An option without a primary item of bounds 1:1.
    let o = run_stdin(&["count", "-", "--engine", "cells"], "a 0:2|b\na\nb\n");
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("<stdin>"), "{e}");
    assert!(
        e.contains("option 2 (line 3) holds no primary item with bounds 1:1"),
        "{e}"
    );
    // The help says what the cell engine takes.
    let help = super::common::stdout(&run(&["count", "--help"]));
    assert!(help.contains("cells"), "{help}");
    assert!(help.contains("at most 256 items"), "{help}");
}

/// `--knuth` makes DLX1's moves: on the default engine it searches DLX1's
/// tree with DLX1's updates (Soma: 254,700 nodes, 29,605,457 updates, as
/// DLX1 reports), and the cell engine, which makes other moves, refuses it.
#[test]
fn knuth_picks_dlx1s_engines() {
    let o = run(&[
        "dlx",
        "benches/instances/soma.dlx",
        "--knuth",
        "-j",
        "1",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        (
            v["solutions"].clone(),
            v["nodes"].clone(),
            v["updates"].clone()
        ),
        (11520.into(), 254_700.into(), 29_605_457.into())
    );
    let o = run(&[
        "count",
        "data/soma/cube.toml",
        "--knuth",
        "--engine",
        "cells",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--knuth"), "{}", stderr(&o));
}
