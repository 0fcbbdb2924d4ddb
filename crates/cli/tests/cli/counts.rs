//! Counts that never lose their total: checkpoints, resumes, shards and
//! merges end with the published counts on every count method; what
//! cannot work is refused before the search, and nothing the user gave is
//! overwritten.

use super::common::{Held, data, outcome, run, stderr, temp};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

/// `count FILE EXTRA --json -j1`: exit code, the JSON and standard error.
fn count(file: &Path, extra: &[&str]) -> (i32, Value, String) {
    let mut args = vec!["count", file.to_str().unwrap(), "--json", "-j1"];
    args.extend(extra);
    let o = run(&args);
    let (code, out, err) = outcome(&o);
    let v = serde_json::from_str(out.lines().last().unwrap_or("null")).unwrap_or(Value::Null);
    (code, v, err)
}

/// The counts of a count's JSON: solutions and distinct.
fn counts(v: &Value) -> (Value, Value) {
    (v["solutions"].clone(), v["distinct"].clone())
}

/// The published counts of a catalog file (`[expect]`: solutions, distinct
/// if given, nodes), read line by line.
fn expected(file: &Path) -> Option<(u128, Option<u128>, u64)> {
    let text = std::fs::read_to_string(file).ok()?;
    let section = text.split("\n[expect]").nth(1)?;
    let field = |name: &str| {
        section
            .lines()
            .take_while(|l| !l.starts_with('['))
            .find_map(|l| {
                l.strip_prefix(name)?
                    .trim()
                    .strip_prefix('=')?
                    .trim()
                    .parse()
                    .ok()
            })
    };
    Some((
        field("solutions ")?,
        field("distinct "),
        field("nodes ")? as u64,
    ))
}

/// Every method of counting, on a small catalog file each, with the
/// published total and distinct count: a count with --checkpoint, a run
/// interrupted after two finished subproblems and resumed, and a resume of
/// the finished checkpoint all end with them (the `full` method under a
/// group used to search the whole tree and then fail: its distinct count
/// needs Burnside's small searches, which refused the checkpoint).
#[test]
fn every_count_method_checkpoints_and_resumes_to_the_published_counts() {
    let cases: [(&str, &[&str], &str, u64, u64); 6] = [
        // The whole tree, no group.
        (
            "kanoodle-extreme/booklet-level-100.toml",
            &[],
            "full",
            107,
            107,
        ),
        // The whole tree asked for; a total alone.
        ("pentominoes/6x10.toml", &["--full-search"], "full", 9356, 0),
        ("pentominoes/6x10.toml", &[], "representatives", 9356, 2339),
        // Identical pieces: a plain count is `full`, a checkpointed one
        // Burnside (the same tree, and the distinct count too).
        ("copies/l-trominoes-6x6.toml", &[], "burnside", 162, 25),
        ("tetra-octa/rhombohedron.toml", &[], "burnside", 776, 84),
        (
            "tetra-octa/rhombohedron.toml",
            &["--disassemble"],
            "burnside-by-stabilizers",
            776,
            84,
        ),
    ];
    for (k, (file, extra, method, total, distinct)) in cases.into_iter().enumerate() {
        let f = data(file);
        let what = format!("{file} {extra:?}");
        let (code, plain, err) = count(&f, extra);
        assert_eq!(code, 0, "{what}: {err}");
        assert_eq!(plain["solutions"], total, "{what}");
        let ck = temp(&format!("method-{k}.ck"));
        let ck_s = ck.to_str().unwrap();
        let mut with = extra.to_vec();
        with.extend(["--checkpoint", ck_s]);
        let (code, v, err) = count(&f, &with);
        assert_eq!(code, 0, "{what} --checkpoint: {err}");
        assert_eq!(v["method"], method, "{what}");
        assert_eq!(v["solutions"], total, "{what}");
        if distinct > 0 {
            assert_eq!(v["distinct"], distinct, "{what}");
        }
        if plain["distinct"] != Value::Null {
            assert_eq!(counts(&v), counts(&plain), "{what}");
        }
        // Resuming the finished checkpoint gives the same again.
        let (code, again, err) = count(&f, &[extra, &["--resume", ck_s][..]].concat());
        assert_eq!((code, counts(&again)), (0, counts(&v)), "{what}: {err}");
        // Interrupted after two finished subproblems, then resumed.
        let held_ck = temp(&format!("method-{k}-held.ck"));
        let held_s = held_ck.to_str().unwrap();
        let mut args = vec!["count", f.to_str().unwrap(), "--json", "-j1"];
        args.extend(extra);
        args.extend(["--checkpoint", held_s]);
        let (code, _, err) = Held::start(&args, 2).interrupt("INT");
        assert_eq!(code, Some(130), "{what}: {err}");
        let (code, resumed, err) = count(&f, &[extra, &["--resume", held_s][..]].concat());
        assert_eq!(code, 0, "{what} --resume: {err}");
        assert_eq!(counts(&resumed), counts(&v), "{what} resumed");
    }
}

/// On every small catalog file, a checkpointed count and a resume of its
/// checkpoint end with the published counts.
#[test]
fn checkpointed_counts_of_the_catalog_keep_the_published_counts() {
    let mut files = Vec::new();
    for dir in std::fs::read_dir(data("")).unwrap() {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for f in std::fs::read_dir(&dir).unwrap() {
                files.push(f.unwrap().path());
            }
        }
    }
    files.sort();
    let mut checked = 0;
    for f in files {
        let Some((total, distinct, nodes)) = expected(&f) else {
            continue;
        };
        if f.extension().is_none_or(|e| e != "toml") || nodes > 50_000 {
            continue;
        }
        let ck = temp(&format!("catalog-{checked}.ck"));
        let ck_s = ck.to_str().unwrap();
        for extra in [
            &["--checkpoint", ck_s][..],
            &["--resume", ck_s, "--distinct"],
        ] {
            let (code, v, err) = count(&f, extra);
            assert_eq!(code, 0, "{} {extra:?}: {err}", f.display());
            assert_eq!(v["solutions"], total.to_string().parse::<Value>().unwrap());
            if let Some(d) = distinct {
                let d: Value = d.to_string().parse().unwrap();
                assert_eq!(v["distinct"], d, "{}", f.display());
            }
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} catalog files checked");
}

/// `--full-search` with a checkpoint searches the whole tree, as without
/// (it used to be dropped silently: 909,153 nodes instead of 3,637,261).
#[test]
fn full_search_is_kept_with_a_checkpoint() {
    let f = data("pentominoes/6x10.toml");
    let ck = temp("full-search.ck");
    let ck_s = ck.to_str().unwrap();
    let (_, plain, _) = count(&f, &["--full-search"]);
    assert_eq!(plain["nodes"], 3_637_261);
    for extra in [
        &["--full-search", "--checkpoint", ck_s][..],
        &["--full-search", "--resume", ck_s],
    ] {
        let (code, v, err) = count(&f, extra);
        assert_eq!(code, 0, "{extra:?}: {err}");
        assert_eq!(
            (&v["nodes"], &v["method"], &v["reduced"], &v["solutions"]),
            (&plain["nodes"], &"full".into(), &1.into(), &9356.into()),
            "{extra:?}"
        );
    }
    // A checkpoint of the reduced search is not one of the whole tree.
    let reduced = temp("reduced.ck");
    let r = reduced.to_str().unwrap();
    assert_eq!(count(&f, &["--checkpoint", r]).0, 0);
    let (code, _, err) = count(&f, &["--full-search", "--resume", r]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another kind of count"), "{err}");
}

/// `count --help` says that --full-search does not go with --distinct,
/// and the pair is refused.
#[test]
fn full_search_with_distinct_is_documented_and_refused() {
    let o = run(&["count", "--help"]);
    let help = super::common::stdout(&o).replace(char::is_whitespace, " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("Not with --distinct"), "{help}");
    let f = data("pentominoes/6x10.toml");
    let (code, _, err) = count(&f, &["--full-search", "--distinct"]);
    assert_eq!(code, 2);
    assert!(err.contains("--distinct"), "{err}");
}

/// Runs `polycover ARGS` held after one finished subproblem if it ever
/// searches: a command that ends by itself refused before searching. The
/// guard kills a run that does search (it would wait forever) after a
/// generous time and fails the test; it measures nothing.
fn refused_before_the_search(args: &[&str]) -> String {
    let mut child = super::common::bin()
        .args(args)
        .env("POLYCOVER_HOLD_AFTER", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut waited = 0;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if waited > 6000 {
            let _ = child.kill();
            panic!("{args:?} searched instead of refusing");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        waited += 1;
    };
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert_eq!(status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("held after"), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    err
}

/// Outputs that cannot be written, or that are inputs, are refused before
/// the search; the inputs are left as they were.
#[test]
fn outputs_are_checked_before_the_search() {
    let f = data("pentominoes/6x10.toml");
    let fs = f.to_str().unwrap();
    let before = std::fs::read(&f).unwrap();
    let dir = temp("outputs");
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("a.ck");
    let ck_s = ck.to_str().unwrap();
    let nowhere = dir.join("no/such/dir/r.json");
    let nowhere = nowhere.to_str().unwrap();
    let roundabout = format!("{}/../pentominoes/6x10.toml", data("soma").display());
    // An earlier run's checkpoint: run again without --resume, the count
    // would start afresh over it.
    let earlier = dir.join("earlier.ck");
    std::fs::write(&earlier, "an hour of work").unwrap();
    let earlier_s = earlier.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--checkpoint", fs], "is the input file"),
        (vec!["--checkpoint", &roundabout], "is the input file"),
        (vec!["--shard", "1/2", "--out", nowhere], "does not exist"),
        (vec!["--shard", "1/2", "--out", fs], "is the input file"),
        (
            vec!["--shard", "1/2", "--out", ck_s, "--checkpoint", ck_s],
            "is the input file",
        ),
        (
            vec!["--shard", "1/2", "--out", dir.to_str().unwrap()],
            "is a directory",
        ),
        (vec!["--checkpoint", nowhere], "does not exist"),
        (vec!["--checkpoint", earlier_s], "a file is already there"),
        (
            vec!["--resume", fs, "--checkpoint", earlier_s],
            "a file is already there",
        ),
        (vec!["--resume", fs], "is the input file"),
        (
            vec!["--checkpoint-every", "1s"],
            "--checkpoint-every is for a count",
        ),
        (
            vec!["--max-checkpoint-bytes", "9"],
            "--max-checkpoint-bytes is for",
        ),
        (
            vec!["--shard", "1/10001", "--out", "x.json"],
            "at most 10000 shards",
        ),
    ];
    for (extra, says) in cases {
        let mut args = vec!["count", fs, "-j1"];
        args.extend(&extra);
        let err = refused_before_the_search(&args);
        assert!(err.contains(says), "{extra:?}: {err}");
    }
    assert_eq!(std::fs::read(&f).unwrap(), before);
    assert_eq!(std::fs::read(&earlier).unwrap(), b"an hour of work");
    assert!(!ck.exists());
    let err = refused_before_the_search(&["plan", fs, "--shards", "100000000"]);
    assert!(err.contains("at most 10000 shards"), "{err}");
    let err = refused_before_the_search(&["merge", fs, fs, "--checkpoint", fs]);
    assert!(err.contains("is the input file"), "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), before);
}

/// A second run on a checkpoint in use is refused; a run killed outright
/// leaves no lock that blocks its resume, which ends with the exact counts.
#[test]
fn one_run_at_a_time_on_a_checkpoint() {
    let f = data("pentominoes/6x10.toml");
    let fs = f.to_str().unwrap();
    let ck = temp("locked.ck");
    let ck_s = ck.to_str().unwrap();
    let held = Held::start(&["count", fs, "-j1", "--checkpoint", ck_s], 2);
    for extra in [&["--checkpoint", ck_s][..], &["--resume", ck_s]] {
        let (code, _, err) = count(&f, extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(
            err.contains("another polycover run is writing this checkpoint"),
            "{err}"
        );
    }
    let (code, _, err) = outcome(&run(&["merge", fs, "r.json", "--checkpoint", ck_s]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another polycover run is writing"), "{err}");
    let (code, _, _) = held.interrupt("KILL");
    assert_eq!(code, None, "killed");
    let lock = ck.with_file_name("locked.ck.lock");
    assert!(lock.exists(), "a killed run cannot remove its lock file");
    let (code, v, err) = count(&f, &["--resume", ck_s]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(counts(&v), (9356.into(), 2339.into()));
    assert!(!lock.exists(), "a run that ends removes its lock file");
}

/// Checkpoints and shard results are read up to a limit, whatever the
/// file is; the limit is named with its flag, which raises it. A file that
/// is not JSON text is refused from its first bytes.
#[test]
fn checkpoints_and_results_are_read_within_a_limit() {
    let f = data("pentominoes/6x10.toml");
    let fs = f.to_str().unwrap();
    let (code, _, err) = count(&f, &["--resume", "/dev/zero"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "/dev/zero: not a checkpoint file (JSON text): it starts with the bytes 00 00"
        ),
        "{err}"
    );
    let o = run(&["merge", fs, "/dev/zero"]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2);
    assert!(
        err.contains("/dev/zero: not a shard result file (JSON text)"),
        "{err}"
    );
    let long = temp("long-result.json");
    std::fs::write(&long, format!("{{{}", " ".repeat(2000))).unwrap();
    let o = run(&[
        "merge",
        fs,
        long.to_str().unwrap(),
        "--max-result-bytes",
        "1000",
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2);
    assert!(
        err.contains("long-result.json: a shard result file may have at most 1000 bytes")
            && err.contains("--max-result-bytes N"),
        "{err}"
    );
    let ck = temp("limit.ck");
    let ck_s = ck.to_str().unwrap();
    assert_eq!(count(&f, &["--checkpoint", ck_s]).0, 0);
    let size = std::fs::metadata(&ck).unwrap().len();
    let small = (size - 1).to_string();
    let (code, _, err) = count(&f, &["--resume", ck_s, "--max-checkpoint-bytes", &small]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("at most {small} bytes")), "{err}");
    let (code, v, err) = count(
        &f,
        &[
            "--resume",
            ck_s,
            "--max-checkpoint-bytes",
            &size.to_string(),
        ],
    );
    assert_eq!((code, v["solutions"].clone()), (0, 9356.into()), "{err}");
}

/// One merge names every problem: a missing shard and two damaged files
/// are all reported, with the shards left without a result.
#[test]
fn merge_reports_every_problem_at_once() {
    let f = data("pentominoes/6x10.toml");
    let fs = f.to_str().unwrap();
    let dir = temp("merge-all");
    std::fs::create_dir_all(&dir).unwrap();
    let mut results = Vec::new();
    for i in 1..=3 {
        let out = dir.join(format!("r{i}.json")).display().to_string();
        let o = run(&["count", fs, "--shard", &format!("{i}/4"), "--out", &out]);
        assert!(o.status.success(), "{}", stderr(&o));
        results.push(out);
    }
    std::fs::write(&results[1], b"{\"format\": \"nonsense\"}").unwrap();
    let text = std::fs::read_to_string(&results[2]).unwrap();
    std::fs::write(&results[2], text.replacen("\"nodes\":", "\"nodes\":1", 1)).unwrap();
    let mut args = vec!["merge", fs];
    args.extend(results.iter().map(|s| s.as_str()));
    let (code, _, err) = outcome(&run(&args));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("2 of the 3 result files refused"), "{err}");
    assert!(
        err.contains(&results[1]) && err.contains(&results[2]),
        "{err}"
    );
    assert!(!err.contains(&format!("{}:", results[0])), "{err}");
    assert!(
        err.contains("3 of 4 shards have no usable result: 2-4"),
        "{err}"
    );
}

/// `merge` never prints an unbounded list: the missing shards are given
/// as ranges, the first few of them, and how many more.
#[test]
fn merge_lists_missing_shards_briefly() {
    let f = data("pentominoes/6x10.toml");
    let fs = f.to_str().unwrap();
    let dir = temp("merge-brief");
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["merge".to_string(), fs.to_string()];
    for i in [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23] {
        let out = dir.join(format!("r{i}.json")).display().to_string();
        let o = run(&["count", fs, "--shard", &format!("{i}/30"), "--out", &out]);
        assert!(o.status.success(), "{}", stderr(&o));
        args.push(out);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_polycover"))
        .args(&args)
        .output()
        .unwrap();
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("18 of 30 shards missing: 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, ... (2 more)"),
        "{err}"
    );
    assert!(err.len() < 400, "{err}");
}

/// A checkpoint edited by hand with its checksum made right again: a
/// subproblem whose distinct weight is more than its solutions can weigh
/// is refused before the search, naming the checkpoint (exit 2, not an
/// "internal error" of the puzzle after the whole run), and the file is
/// left as it was.
#[test]
fn a_checkpoint_with_weights_its_solutions_cannot_have_is_refused_untouched() {
    let f = data("pentominoes/6x10.toml");
    let fs = f.to_str().unwrap();
    let ck = temp("weights.ck");
    let ck_s = ck.to_str().unwrap();
    let (code, _, err) =
        Held::start(&["count", fs, "-j1", "--checkpoint", ck_s], 2).interrupt("INT");
    assert_eq!(code, Some(130), "{err}");
    let file: serde_json::Value = serde_json::from_slice(&std::fs::read(&ck).unwrap()).unwrap();
    let mut c: parallel::Checkpoint = serde_json::from_value(file["body"].clone()).unwrap();
    assert!(c.weighted);
    let f0 = c.finished.iter_mut().find(|f| f.solutions > 0).unwrap();
    // The 4 symmetries of the board: no solution weighs more than 4.
    f0.weights.as_mut().unwrap().distinct = 4 * f0.solutions + 1;
    std::fs::write(&ck, c.to_text()).unwrap();
    let before = std::fs::read(&ck).unwrap();
    let (code, out, err) = outcome(&run(&["count", fs, "--resume", ck_s, "-q"]));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains(ck_s) && err.contains("damaged"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
    assert_eq!(
        std::fs::read(&ck).unwrap(),
        before,
        "the checkpoint was rewritten"
    );
    std::fs::remove_file(&ck).ok();
}

/// The hints of an interrupted run work as printed: `verify` has no
/// --checkpoint, so it names the file and points to `count`; a DLX count read from standard
/// input says to give the same input again (the printed command waited on
/// the terminal).
#[test]
fn resume_hints_work_as_printed() {
    let (code, _, err) =
        Held::start(&["verify", "data/pentominoes/6x10.toml", "-j1"], 1).interrupt("INT");
    assert_eq!(code, Some(130), "{err}");
    // Held in the calibration, before the file.
    assert!(
        err.contains(
            "interrupted while measuring this machine's search rate, before the file was checked"
        ),
        "{err}"
    );
    let (code, _, err) =
        Held::start(&["verify", "data/pentominoes/6x10.toml", "-j1", "--all"], 1).interrupt("INT");
    assert_eq!(code, Some(130), "{err}");
    assert!(
        err.contains("interrupted while checking data/pentominoes/6x10.toml (the files before")
            && err.contains("`polycover count data/pentominoes/6x10.toml --checkpoint CK`")
            && !err.contains("count with --checkpoint FILE"),
        "{err}"
    );

    use std::io::{BufRead, Write};
    let ck = temp("stdin-hint.ck");
    let ck_s = ck.to_str().unwrap();
    let _ = std::fs::remove_file(&ck);
    let text = queens_dlx(10);
    let mut child = super::common::bin()
        .args(["dlx", "-j1", "--checkpoint", ck_s])
        .env("POLYCOVER_HOLD_AFTER", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("held after") {
        line.clear();
        assert!(err.read_line(&mut line).unwrap() > 0, "no hold");
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130), "{rest}");
    assert!(
        rest.contains("same input on standard input") && rest.contains(" < INPUT"),
        "{rest}"
    );
    std::fs::remove_file(&ck).ok();
}

/// The DLX text of the `n` queens problem (rows, columns, and diagonals
/// as secondary items).
fn queens_dlx(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s += &format!("r{i} c{i} ");
    }
    s += "|";
    for d in 0..2 * n - 1 {
        s += &format!(" a{d} b{d}");
    }
    s += "\n";
    for r in 0..n {
        for c in 0..n {
            s += &format!("r{r} c{c} a{} b{}\n", r + c, n - 1 + r - c);
        }
    }
    s
}

/// The distinct weights of a count up to symmetry add up to a multiple of
/// the group order over the whole tree, not over a part (Scott's 8x8: 12
/// of its subproblems are no multiple of 8). A real checkpoint cut to a
/// part whose sum is no multiple resumes to the published counts; a
/// finished one edited so that its sum is no multiple is refused before
/// the search, naming the checkpoint (exit 2, not an "internal error" of
/// the puzzle after the run), and left as it was.
#[test]
fn a_finished_checkpoint_whose_distinct_sum_is_no_multiple_of_the_group_is_refused() {
    let f = data("pentominoes/8x8-minus-centre.toml");
    let ck = temp("whole.ck");
    let ck_s = ck.to_str().unwrap();
    let (code, v, err) = count(&f, &["--checkpoint", ck_s]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(v["solutions"], 520);
    let file: Value = serde_json::from_slice(&std::fs::read(&ck).unwrap()).unwrap();
    let whole: parallel::Checkpoint = serde_json::from_value(file["body"].clone()).unwrap();
    let distinct = |c: &parallel::Checkpoint| c.weights().unwrap().distinct;
    assert_eq!(distinct(&whole), 8 * 65);
    let mut part = whole.clone();
    while distinct(&part).is_multiple_of(8) {
        part.finished.pop();
    }
    std::fs::write(&ck, part.to_text()).unwrap();
    let (code, v, err) = count(&f, &["--resume", ck_s, "--distinct"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(counts(&v), (520.into(), 65.into()));
    // One subproblem's distinct weight one less, within what its
    // solutions may weigh.
    let mut edited = whole.clone();
    let w = edited
        .finished
        .iter_mut()
        .filter_map(|f| f.weights.as_mut())
        .find(|w| w.distinct > 0)
        .unwrap();
    w.distinct -= 1;
    std::fs::write(&ck, edited.to_text()).unwrap();
    let before = std::fs::read(&ck).unwrap();
    let (code, out, err) = outcome(&run(&["count", f.to_str().unwrap(), "--resume", ck_s]));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains(ck_s) && err.contains("damaged"), "{err}");
    assert!(
        err.contains("finished the whole search") && err.contains("519, not a multiple of 8"),
        "{err}"
    );
    assert!(!err.contains("internal error"), "{err}");
    assert_eq!(
        std::fs::read(&ck).unwrap(),
        before,
        "the checkpoint was rewritten"
    );
    std::fs::remove_file(&ck).ok();
}
