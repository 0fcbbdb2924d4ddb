//! `--engine memo` (issue 41), as a user meets it: published counts of
//! puzzles whose pieces repeat, the JSON of a count, DLX text, and the
//! refusal of everything it cannot do (exit 2, the flag named).

use super::common::{Held, json, outcome, root, run, run_stdin, stderr, stdout};

/// Domino tilings of the chessboard: 12,988,816 (OEIS A004003), as text
/// and as JSON with the count's keys and the memo engine's figures.
#[test]
fn dominoes_8x8_give_the_published_count() {
    let o = run(&["count", "data/dominoes/8x8.toml", "--engine", "memo"]);
    let (code, out, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("12988816 solutions (memo engine: "), "{out}");
    let o = run(&[
        "count",
        "data/dominoes/8x8.toml",
        "--engine",
        "memo",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["type"], "count");
    assert_eq!(v["solutions"], 12_988_816u64);
    assert_eq!(v["distinct"], serde_json::Value::Null);
    assert_eq!(v["group"], "full");
    assert_eq!(v["group_order"], 8);
    assert_eq!(v["method"], "full");
    assert_eq!(v["threads"], 1);
    assert_eq!(v["engine"], "memo");
    let states = v["memo"]["states"].as_u64().expect("states");
    assert!(states > 0 && v["nodes"] == states, "{v}");
    for key in ["hits", "cached", "evictions", "evicted"] {
        assert!(v["memo"][key].is_u64(), "{key}: {v}");
    }
}

/// Domino tilings of 4x4 as DLX text: 36.
fn dominoes_4x4() -> String {
    let cell = |x: usize, y: usize| format!("c{x}{y}");
    let mut text = String::new();
    for y in 0..4 {
        for x in 0..4 {
            text += &cell(x, y);
            text.push(' ');
        }
    }
    text.push('\n');
    for y in 0..4 {
        for x in 0..4 {
            if x < 3 {
                text += &format!("{} {}\n", cell(x, y), cell(x + 1, y));
            }
            if y < 3 {
                text += &format!("{} {}\n", cell(x, y), cell(x, y + 1));
            }
        }
    }
    text
}

#[test]
fn dlx_text_is_counted() {
    let o = run_stdin(&["dlx", "--engine", "memo"], &dominoes_4x4());
    let (code, out, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("36 solutions (memo engine: "), "{out}");
    let o = run_stdin(&["dlx", "--engine", "memo", "--json"], &dominoes_4x4());
    let v = json(&o);
    assert_eq!(
        (v["solutions"].clone(), v["engine"].clone()),
        (36.into(), "memo".into())
    );
    // Every engine agrees, and so does the memo engine in the file's own
    // item order.
    let o = run_stdin(&["dlx", "--json"], &dominoes_4x4());
    assert_eq!(json(&o)["solutions"], 36);
    let items = ["dlx", "--engine", "memo", "--memo-order", "items", "--json"];
    let o = run_stdin(&items, &dominoes_4x4());
    assert_eq!(json(&o)["solutions"], 36, "{}", stderr(&o));
    // Split by -j, the parts follow that order too; a cache budget is
    // shared among the workers, and refused when a share is below 1 MiB.
    let o = run_stdin(&[&items[..], &["-j", "2"]].concat(), &dominoes_4x4());
    assert_eq!(json(&o)["solutions"], 36, "{}", stderr(&o));
    let budget = ["--max-memo-bytes", "4194304"];
    let o = run_stdin(
        &[&items[..], &["-j", "2"], &budget].concat(),
        &dominoes_4x4(),
    );
    assert_eq!(json(&o)["solutions"], 36, "{}", stderr(&o));
    let o = run_stdin(
        &[&items[..], &["-j", "8"], &budget].concat(),
        &dominoes_4x4(),
    );
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--max-memo-bytes") && err.contains("8 threads"),
        "{err}"
    );
}

/// Each combination that cannot work: exit 2 and a one-line message that
/// names the flag, before any work.
#[test]
fn what_cannot_work_is_refused() {
    let file = "data/dominoes/8x8.toml";
    let cases: &[(&[&str], &str)] = &[
        (&["solve", file], "--engine memo"),
        (&["view", file, "--out", "x.html"], "--engine memo"),
        (&["count", file, "--checkpoint", "ck.json"], "--checkpoint"),
        (&["count", file, "--resume", "ck.json"], "--resume"),
        (&["count", file, "--disassemble"], "--disassemble"),
        (&["count", file, "--knuth"], "--knuth"),
        (&["dlx", "data/none.dlx", "--limit", "3"], "--limit"),
        (&["dlx", "data/none.dlx", "--all"], "--all"),
    ];
    for (args, flag) in cases {
        let mut args = args.to_vec();
        args.extend(["--engine", "memo"]);
        let (code, out, err) = outcome(&run(&args));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
    }
    // One thread is one thread.
    let o = run(&[
        "count", file, "-j", "1", "--engine", "memo", "--group", "none",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A matrix the engine refuses: the file and the reason.
#[test]
fn a_matrix_without_sweep_items_is_refused() {
    // Item `a` may be covered twice: the option `a` holds no 1:1 or 0:1 item.
    let o = run_stdin(&["dlx", "--engine", "memo"], "2:2|a\na\na\n");
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("<stdin>") || err.contains('-'), "{err}");
    assert!(
        err.contains("holds no primary item with bounds 1:1 or 0:1"),
        "{err}"
    );
}

/// The catalog files whose pieces have copies or come in unlimited supply
/// (a `count` other than 1) and that `verify` checks quickly (few
/// expected nodes), except the 8x8 dominoes above: the memo engine gives
/// their published counts.
#[test]
fn catalog_files_with_copies_give_their_published_counts() {
    let mut checked = Vec::new();
    for file in catalog_files(&root().join("data")) {
        let text = std::fs::read_to_string(&file).unwrap();
        let value = |key: &str| {
            text.lines()
                .filter_map(|l| l.split_once('='))
                .find(|(k, _)| k.trim() == key)
                .map(|(_, v)| v.trim().trim_matches('"').replace('_', ""))
        };
        let copies = text
            .lines()
            .filter_map(|l| l.split_once('='))
            .any(|(k, v)| k.trim() == "count" && v.trim().trim_matches('"') != "1");
        let states: Option<u64> = value("states").and_then(|n| n.parse().ok());
        let (Some(expected), Some(states)) = (value("solutions"), states) else {
            continue;
        };
        assert!(copies, "{}: [expect] states without copies", file.display());
        if states > 2_000_000 {
            continue;
        }
        let path = file.display().to_string();
        let o = run(&["count", &path, "--json", "--distinct"]);
        assert_eq!(o.status.code(), Some(0), "{path}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["solutions"].to_string(), expected, "{path}");
        if let Some(d) = value("distinct") {
            assert_eq!(v["distinct"].to_string(), d, "{path}");
        }
        // Chosen by default, and asked for: the same figures.
        assert_eq!(v["engine"], "memo", "{path}");
        let o = run(&["count", &path, "--json", "--distinct", "--engine", "memo"]);
        assert_eq!(json(&o)["memo"], v["memo"], "{path}");
        checked.push(path);
    }
    assert!(checked.len() >= 12, "{checked:?}");
}

/// Distinct pieces keep the search engines; an engine asked for, --knuth
/// or a checkpoint search the tree even where pieces repeat, and every
/// way gives the same counts: the domino tilings of 4x4, 36, and 9 up to the
/// board's symmetries (by a brute-force enumeration by hand, outside polycover).
#[test]
fn the_memo_engine_is_chosen_where_pieces_repeat() {
    let o = run(&["count", "data/pentominoes/3x20.toml", "--json"]);
    let v = json(&o);
    assert_eq!(v["solutions"], 8);
    assert_eq!(v["engine"], serde_json::Value::Null, "{v}");
    let dir = super::common::temp("memo-auto");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dominoes-4x4.toml");
    let text = std::fs::read_to_string(root().join("data/dominoes/8x8.toml"))
        .unwrap()
        .replace("size = [8, 8]", "size = [4, 4]");
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let ck = dir.join("ck.json");
    let ck = ck.to_str().unwrap();
    let _ = std::fs::remove_file(ck);
    let cases: [(&[&str], bool); 5] = [
        (&[], true),
        (&["--engine", "links"], false),
        (&["--engine", "bits"], false),
        (&["--knuth"], false),
        (&["--checkpoint", ck], false),
    ];
    for (extra, memo) in cases {
        let o = run(&[&["count", f, "--distinct", "--json"], extra].concat());
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(
            (v["solutions"].clone(), v["distinct"].clone()),
            (36.into(), 9.into()),
            "{extra:?}"
        );
        assert_eq!(v["engine"] == "memo", memo, "{extra:?}: {v}");
    }
}

/// A tray puzzle of the kind of BurrTools' boxes, written for these tests:
/// a `w x h` block (`size`) with a well of `well` cells (x, y) open at the
/// top, `depth` layers deep over a solid one, to be filled by two copies of each of
/// `pieces` (flat tetracubes). The tray's few placements join nearly every
/// cell to every other, so the memo engine's sweep has a wide frontier and
/// its states hardly repeat.
fn tray_puzzle(
    size: [usize; 2],
    well: [usize; 2],
    depth: usize,
    pieces: &[(&str, &str)],
) -> String {
    let layer = |open: bool| {
        (0..size[1])
            .map(|y| {
                (0..size[0])
                    .map(|x| {
                        let inside = (1..=well[0]).contains(&x) && (1..=well[1]).contains(&y);
                        if open && inside { '.' } else { '#' }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut layers = vec![layer(false)];
    layers.extend((0..depth).map(|_| layer(true)));
    let tray = layers.join("\n\n");
    let mut text = format!(
        "name = \"tray\"\nlattice = \"cubic\"\n\n[board]\nsize = [{}, {}, {}]\n\n[[piece]]\nname = \"tray\"\nsymbol = \"A\"\nart = \"\"\"\n{tray}\n\"\"\"\n",
        size[0],
        size[1],
        depth + 1
    );
    for (name, art) in pieces {
        text += &format!(
            "\n[[piece]]\nname = \"{name}\"\nsymbol = \"{name}\"\nart = \"\"\"\n{art}\n\"\"\"\ncount = 2\n"
        );
    }
    text
}

/// The automatic choice leaves a problem whose pieces repeat to the search
/// engines when the memo engine's sweep has a wide frontier: a small tray
/// (4x6x2 with a 2x4 well one layer deep: 4 packings of two L-tetracubes, 1 up to the
/// board's symmetries; a frontier of 45 items, which the memo engine would
/// still count at once) and a larger one (5x6x3 with a 3x4x2 well and two
/// each of the L, T and S tetracubes: 208 packings, 28 distinct; a
/// frontier of 78 of 91 items, on which the memo engine fills its cache
/// for minutes where a search takes milliseconds). Every search engine
/// gives the same counts; `--engine memo` still takes the tray when asked
/// (stopped here at a hold, not waited for); `verify` makes the same
/// choice.
#[test]
fn a_wide_frontier_keeps_the_search_engines() {
    let dir = super::common::temp("memo-wide");
    std::fs::create_dir_all(&dir).unwrap();
    let (l, t, s) = (("L", "###\n#.."), ("T", "###\n.#."), ("S", "##.\n.##"));
    let trays = [
        (tray_puzzle([4, 6], [2, 4], 1, &[l]), (4, 1)),
        (tray_puzzle([5, 6], [3, 4], 2, &[l, t, s]), (208, 28)),
    ];
    for (k, (text, (total, distinct))) in trays.into_iter().enumerate() {
        let file = dir.join(format!("tray{k}.toml"));
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap();
        for extra in [&[][..], &["--engine", "cells"], &["--engine", "links"]] {
            let o = run(&[&["count", f, "--distinct", "--json"], extra].concat());
            assert_eq!(o.status.code(), Some(0), "{k} {extra:?}: {}", stderr(&o));
            let v = json(&o);
            assert_eq!(v["solutions"], total, "{k} {extra:?}: {v}");
            assert_eq!(v["distinct"], distinct, "{k} {extra:?}: {v}");
            assert_eq!(v["engine"], serde_json::Value::Null, "{k} {extra:?}: {v}");
        }
        let expect = format!("{text}\n[expect]\nsolutions = {total}\ndistinct = {distinct}\n");
        std::fs::write(&file, expect).unwrap();
        let o = run(&["verify", f, "--json"]);
        assert_eq!(o.status.code(), Some(0), "{k}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["files"][0]["result"], "pass", "{k}: {v}");
        assert!(v["files"][0]["nodes"].as_u64().is_some(), "{k}: {v}");
        let args = ["count", f, "--engine", "memo"];
        if k == 0 {
            let o = run(&args);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert!(
                stdout(&o).contains("4 solutions (memo engine"),
                "{}",
                stdout(&o)
            );
        } else {
            let (code, _, err) = Held::start(&args, 1).interrupt("TERM");
            assert_eq!(code, Some(130), "{err}");
        }
    }
}

/// Every `.toml` file under `dir`, in order.
fn catalog_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            out.extend(catalog_files(&p));
        } else if p.extension().is_some_and(|e| e == "toml") {
            out.push(p);
        }
    }
    out
}

/// Ctrl-C and SIGTERM stop a memoized count (exit 130, no partial count);
/// the count is held at a known point first, however fast the machine.
#[test]
fn a_memoized_count_stops_on_ctrl_c_and_sigterm() {
    for signal in ["INT", "TERM"] {
        let args = ["count", "data/trominoes/9x12.toml", "--engine", "memo"];
        let (code, out, err) = Held::start(&args, 2).interrupt(signal);
        assert_eq!(code, Some(130), "{signal}: {err}");
        assert!(out.is_empty(), "{signal}: {out}");
        assert!(err.contains("interrupted"), "{signal}: {err}");
    }
}

/// A count beyond u128 is exact, on one thread or several, in text and
/// JSON: the domino tilings of 2x200 are the Fibonacci number F(201)
/// (digits from Python's integers).
#[test]
fn a_count_beyond_u128_is_exact() {
    let dir = super::common::temp("memo-overflow");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dominoes-2x200.toml");
    let text = std::fs::read_to_string(root().join("data/dominoes/8x8.toml"))
        .unwrap()
        .replace("size = [8, 8]", "size = [200, 2]");
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let f201 = "453973694165307953197296969697410619233826";
    for extra in [&[][..], &["--engine", "memo"], &["-j", "2"]] {
        let (code, out, err) = outcome(&run(&[&["count", f], extra].concat()));
        assert_eq!(code, 0, "{extra:?}: {out} {err}");
        assert!(
            out.contains(&format!(": {f201} solutions")),
            "{extra:?}: {out}"
        );
    }
    let (code, out, err) = outcome(&run(&["count", f, "--json"]));
    assert_eq!(code, 0, "{out} {err}");
    assert!(out.contains(&format!("\"solutions\":{f201},")), "{out}");
    // --max-memo-bytes below 1 MiB is refused before any work.
    let (code, _, err) = outcome(&run(&["count", f, "--max-memo-bytes", "1000"]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--max-memo-bytes") && err.contains("1 MiB"),
        "{err}"
    );
}

/// A board of 10,000 cells filled by an unlimited monomino (1 solution):
/// the memo engine's stack would hold a state of every cell, 10,000 states
/// of 10,000 bits (about 25 MB). Over the budget the automatic choice
/// leaves it to a search engine, and `--engine memo` is refused before
/// any work, naming the sizes (before, such boards grew to tens of GB).
#[test]
fn a_stack_over_the_budget_is_refused_or_left_to_a_search_engine() {
    let f = super::common::temp("monominoes-100.toml");
    let row = "#".repeat(100);
    let art = vec![row; 100].join("\n");
    std::fs::write(
        &f,
        format!(
            "lattice = \"square\"\n[board]\nart = \"\"\"\n{art}\n\"\"\"\n\n[[piece]]\nname = \"M\"\nsymbol = \"M\"\nart = \"#\"\ncount = \"unlimited\"\n"
        ),
    )
    .unwrap();
    let f = f.to_str().unwrap();
    let budget = ["--max-memo-bytes", "16777216"];
    let o = run(&[&["count", f, "--json", "-j", "1"][..], &budget].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["solutions"], 1);
    assert_ne!(v["engine"], "memo", "{v}");
    let o = run(&[&["count", f, "--engine", "memo"][..], &budget].concat());
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("MiB of states") && err.contains("budget of 16 MiB"),
        "{err}"
    );
    // Within the default budget (1 GiB) the memo engine counts it.
    let (code, out, err) = outcome(&run(&["count", f, "--engine", "memo"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 1 solution"), "{out}");
}

/// A puzzle of repeated pieces keeps the memo engine through its round
/// trips: written as a BurrTools file (pieces "count unlimited") and as DLX
/// text (no piece items, only cells), the chessboard's domino tilings are
/// still counted by the memo engine, 12,988,816 (OEIS A004003); the
/// pentominoes on 6x10 as DLX text (an item per piece) keep the search
/// engines: 2339 tilings (Haselgrove 1960) times the board's 4 symmetries.
#[test]
fn round_trips_keep_the_automatic_choice() {
    let dir = super::common::temp("memo-round-trips");
    std::fs::create_dir_all(&dir).unwrap();
    let burr = dir.join("dominoes.xmpuzzle");
    let burr = burr.to_str().unwrap();
    let o = run(&[
        "export",
        "--format",
        "xmpuzzle",
        "-o",
        burr,
        "data/dominoes/8x8.toml",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&run(&["count", burr, "--json"]));
    assert_eq!(
        (v["solutions"].clone(), v["engine"].clone()),
        (12_988_816u64.into(), "memo".into())
    );
    for (file, count, engine) in [
        (
            "data/dominoes/8x8.toml",
            12_988_816u64,
            serde_json::json!("memo"),
        ),
        (
            "data/pentominoes/6x10.toml",
            4 * 2339,
            serde_json::Value::Null,
        ),
    ] {
        let text = stdout(&run(&["matrix", file]));
        let v = json(&run_stdin(&["dlx", "--json"], &text));
        assert_eq!(
            (v["solutions"].clone(), v["engine"].clone()),
            (count.into(), engine),
            "{file}"
        );
    }
}
