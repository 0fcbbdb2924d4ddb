//! Distributed counts: shards, their result files, and the merge.

use super::common::*;
use dlx::{Matrix, OptionId};
use parallel::shard::{self, ShardRun};
use parallel::{Error, NoProgress, Options, ShardResult, Shards, Weight};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polycover-shards-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn one_thread(m: &Matrix) -> dlx::Stats {
    let mut s = dlx::Solver::new(m);
    s.count();
    s.stats()
}

/// Runs shard `i` to the end on `threads` threads.
fn run_shard(m: &Matrix, shards: &Shards, i: usize, threads: usize) -> ShardResult {
    let o = Options {
        slice_nodes: Some(64),
        ..Options::with_threads(threads)
    };
    let r = shard::run(m, shards, i, &o, &mut NoProgress, None, "test").unwrap();
    assert!(!r.report.interrupted);
    r.result.unwrap()
}

/// Every shard's result, saved in `dir`; their paths.
fn all_results(m: &Matrix, shards: &Shards, dir: &Path) -> Vec<PathBuf> {
    (1..=shards.count())
        .map(|i| {
            let path = dir.join(format!("shard-{i}.json"));
            run_shard(m, shards, i, 1 + i % 3).save(&path).unwrap();
            path
        })
        .collect()
}

#[test]
fn shards_add_up_to_the_whole_count() {
    let dir = temp_dir("sum");
    let mut cases = vec![
        ("queens 8", queens(8)),
        ("langford 8", langford(8)),
        ("planted plain", planted(3, 24, 40, false)),
        ("planted M", planted(4, 24, 40, true)),
        ("chain", chain(30)),
    ];
    if let Some(m) = instance("pent3x20.dlx") {
        cases.push(("pent3x20", m));
    }
    for (name, m) in &cases {
        let want = one_thread(m);
        let parts = Shards::new(m, 1, auto_engine(m)).unwrap().parts().len();
        // More shards than parts: the small trees are cut down to their
        // solutions, and some shards get nothing.
        let many = if *name == "pent3x20" {
            0
        } else {
            Shards::new(m, 64, auto_engine(m)).unwrap().parts().len() + 8
        };
        for n in [1, 2, 7, 64, many] {
            if n == 0 {
                continue;
            }
            let shards = Shards::new(m, n, auto_engine(m)).unwrap();
            // The plan is the matrix's and N's only.
            assert_eq!(
                shards.parts(),
                Shards::new(m, n, auto_engine(m)).unwrap().parts()
            );
            assert!(shards.parts().len() >= parts.min(16 * n) || shards.depth() == 48);
            // Through files for a few shards, in memory for many (each
            // file is fsynced).
            let merged = if n <= 7 {
                parallel::merge(m, &all_results(m, &shards, &dir), auto_engine(m)).unwrap()
            } else {
                let results = (1..=n)
                    .map(|i| {
                        (
                            PathBuf::from(i.to_string()),
                            run_shard(m, &shards, i, 1 + i % 3),
                        )
                    })
                    .collect();
                shard::merge_results(m, results, auto_engine(m)).unwrap()
            };
            let what = format!("{name}, {n} shards");
            assert!(merged.complete(), "{what}");
            assert_eq!(merged.solutions, want.solutions, "{what}");
            assert_eq!(merged.nodes, want.nodes, "{what}");
            assert_eq!(merged.updates, want.updates, "{what}");
            assert_eq!(merged.weights, None);
            assert_eq!(merged.sources.len(), n);
            if n == many {
                assert!(shards.parts().len() < n, "{what}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn parts_are_dealt_round_robin() {
    let m = queens(8);
    let shards = Shards::new(&m, 3, auto_engine(&m)).unwrap();
    assert!(shards.parts().len() >= 48, "{}", shards.parts().len());
    let mut seen = vec![0; shards.parts().len()];
    for i in 1..=3 {
        let mine = shards.parts_of(i);
        assert!(mine.windows(2).all(|w| w[1] == w[0] + 3));
        assert_eq!(mine[0], i - 1);
        for j in mine {
            assert_eq!(shards.owner(j), i);
            seen[j] += 1;
        }
    }
    assert!(seen.iter().all(|&s| s == 1));
    assert!(matches!(
        shards.id(4),
        Err(Error::ShardIndex { index: 4, count: 3 })
    ));
    assert!(matches!(shards.id(0), Err(Error::ShardIndex { .. })));
    assert!(Shards::new(&m, 0, auto_engine(&m)).is_err());
}

#[test]
fn a_shard_stopped_at_its_start_has_done_none_of_its_parts() {
    // The other shards' parts are not this shard's work: before the fix,
    // shard 3 of 8 stopped at once reported about 7/8 of the tree covered.
    let m = queens(9);
    let shards = Shards::new(&m, 8, auto_engine(&m)).unwrap();
    let o = Options::with_threads(2);
    o.stop.store(true, Ordering::Relaxed);
    let r = shard::run(&m, &shards, 3, &o, &mut NoProgress, None, "h").unwrap();
    assert!(r.report.interrupted);
    assert_eq!(r.report.solutions, 0);
    assert!(
        r.report.fraction_done < 0.01,
        "{} done before any part was searched",
        r.report.fraction_done
    );
}

/// A weight that depends on the solution, all of it in a class named for
/// its least option modulo 3 (classes add up through shards and merges too).
fn known_weight(opts: &[OptionId]) -> Weight {
    let mut w = Weight::new(
        opts.iter().map(|o| o.index() as u128).sum(),
        u128::from(opts.len().is_multiple_of(2)),
    );
    let c = parallel::ClassWeight {
        total: w.total,
        distinct: w.distinct,
    };
    let class = opts.iter().min().map_or(0, |o| o.index() % 3);
    w.classes.insert(format!("{class}"), c);
    w
}

/// [`known_weight`] as a weigher.
fn known(opts: &[OptionId]) -> Option<Weight> {
    Some(known_weight(opts))
}

#[test]
fn weighted_shards_add_up() {
    let m = planted(5, 24, 40, true);
    let want = all_solutions(&m)
        .iter()
        .fold(Weight::ZERO, |s, o| s.checked_add(known_weight(o)).unwrap());
    let shards = Shards::new(&m, 5, auto_engine(&m)).unwrap();
    let results: Vec<(PathBuf, ShardResult)> = (1..=5)
        .map(|i| {
            let o = Options::with_threads(i % 3 + 1);
            let r = shard::run(&m, &shards, i, &o, &mut NoProgress, Some(&known), "h").unwrap();
            (PathBuf::from(format!("s{i}")), r.result.unwrap())
        })
        .collect();
    let merged = shard::merge_results(&m, results.clone(), auto_engine(&m)).unwrap();
    assert_eq!(merged.weights, Some(want));
    assert_eq!(merged.solutions, dlx::Solver::new(&m).count());
    // A part whose weights, not its solutions, disagree with its
    // subproblems': the refusal says so, with the figures that differ
    // (it said the part "counts N but its subproblems add up to N").
    let dir = temp_dir("weights");
    let (_, mut r) = results
        .into_iter()
        .find(|(_, r)| r.parts.iter().any(|p| p.solutions > 0))
        .unwrap();
    let p = r.parts.iter_mut().find(|p| p.solutions > 0).unwrap();
    let w = p.weights.as_mut().unwrap();
    let (old, part) = (w.total, p.part);
    w.total += 4;
    let path = dir.join("w.json");
    r.save(&path).unwrap();
    let e = parallel::merge(&m, std::slice::from_ref(&path), auto_engine(&m)).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("w.json"), "{text}");
    assert!(
        text.contains(&format!("part {part} weighs {}", old + 4))
            && text.contains(&format!("add up to {old} (")),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_shard_resumes_to_the_same_result() {
    let dir = temp_dir("resume");
    let m = langford(11);
    let shards = Shards::new(&m, 2, auto_engine(&m)).unwrap();
    let whole = run_shard(&m, &shards, 1, 2);
    let ckpt = dir.join("shard1.ckpt");
    let mut runs = 0;
    let done: ShardRun = loop {
        let o = Options {
            checkpoint: Some(ckpt.clone()),
            resume: (runs > 0).then(|| ckpt.clone()),
            slice_nodes: Some(64),
            progress_every: Duration::from_millis(1),
            ..Options::with_threads([3, 1, 2][runs % 3])
        };
        let stop = o.stop.clone();
        let first = runs == 0;
        let r = shard::run(
            &m,
            &shards,
            1,
            &o,
            &mut |s: &parallel::Snapshot| {
                if first && s.subproblems_done > 0 {
                    stop.store(true, Ordering::Relaxed);
                }
            },
            None,
            "h",
        )
        .unwrap();
        runs += 1;
        if r.result.is_some() {
            break r;
        }
        assert!(r.report.interrupted);
        assert!(runs < 5);
    };
    assert!(runs >= 2, "the first run was never interrupted");
    let resumed = done.result.unwrap();
    assert_eq!(resumed.parts, whole.parts);
    assert_eq!(resumed.nodes, whole.nodes);
    assert_eq!(resumed.updates, whole.updates);
    // Its checkpoint is shard 1's: a whole count or shard 2 refuse it.
    let o = Options {
        resume: Some(ckpt.clone()),
        ..Options::with_threads(2)
    };
    let e = parallel::count(&m, &o, &mut NoProgress).unwrap_err();
    assert!(matches!(e, Error::CheckpointMismatch { .. }), "{e}");
    let e = shard::run(&m, &shards, 2, &o, &mut NoProgress, None, "h").unwrap_err();
    assert!(matches!(e, Error::CheckpointMismatch { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn refused(e: Error, file: &Path) -> bool {
    let named = e.to_string().contains(&file.display().to_string());
    named && matches!(e, Error::ResultRefused { .. })
}

fn damaged(e: Error, file: &Path) -> bool {
    let named = e.to_string().contains(&file.display().to_string());
    named && matches!(e, Error::ResultDamaged { .. })
}

#[test]
fn merge_lists_missing_shards_and_refuses_bad_results() {
    let dir = temp_dir("refuse");
    let m = queens(8);
    let shards = Shards::new(&m, 4, auto_engine(&m)).unwrap();
    let paths = all_results(&m, &shards, &dir);
    let full = parallel::merge(&m, &paths, auto_engine(&m)).unwrap();
    assert_eq!(full.solutions, QUEENS[8]);

    // Missing shards are listed by index; the rest still adds up.
    let some = vec![paths[0].clone(), paths[2].clone()];
    let merged = parallel::merge(&m, &some, auto_engine(&m)).unwrap();
    assert_eq!(merged.missing, vec![2, 4]);
    assert!(!merged.complete());
    let r1 = ShardResult::load(&paths[0], &m, auto_engine(&m)).unwrap();
    let r3 = ShardResult::load(&paths[2], &m, auto_engine(&m)).unwrap();
    assert_eq!(
        merged.solutions,
        r1.solutions().unwrap() + r3.solutions().unwrap()
    );

    // A duplicate that agrees is taken once.
    let mut twice = paths.clone();
    twice.push(paths[1].clone());
    let copy = dir.join("copy.json");
    std::fs::copy(&paths[3], &copy).unwrap();
    twice.push(copy);
    assert_eq!(
        parallel::merge(&m, &twice, auto_engine(&m)).unwrap(),
        full_with(&full, &twice, &m)
    );

    // A duplicate that disagrees is refused.
    let mut r2 = ShardResult::load(&paths[1], &m, auto_engine(&m)).unwrap();
    let k = r2.finished.iter().position(|f| f.solutions > 0).unwrap();
    r2.finished[k].solutions += 1;
    let p = r2.finished[k].choices.clone();
    let part = r2
        .parts
        .iter_mut()
        .find(|q| p.starts_with(&q.choices))
        .unwrap();
    part.solutions += 1;
    let liar = dir.join("liar.json");
    r2.save(&liar).unwrap();
    let mut with_liar = paths.clone();
    with_liar.push(liar.clone());
    assert!(refused(
        parallel::merge(&m, &with_liar, auto_engine(&m)).unwrap_err(),
        &liar
    ));

    // Node figures beyond what a checkpoint holds (2^63), checksum
    // right: damaged, as in a checkpoint (they were summed and printed).
    let mut big = ShardResult::load(&paths[1], &m, auto_engine(&m)).unwrap();
    big.nodes = parallel::checkpoint::MAX_FIGURE + 5;
    let huge = dir.join("huge.json");
    big.save(&huge).unwrap();
    let mut with_huge = vec![paths[0].clone(), huge.clone()];
    with_huge.extend(paths[2..].iter().cloned());
    let e = parallel::merge(&m, &with_huge, auto_engine(&m)).unwrap_err();
    assert!(damaged(e, &huge));

    // Another puzzle.
    let other = queens(7);
    let e = parallel::merge(&other, &paths, auto_engine(&other)).unwrap_err();
    assert!(refused(e, &paths[0]));

    // Another plan: N = 3 against N = 4.
    let three = Shards::new(&m, 3, auto_engine(&m)).unwrap();
    let stranger = dir.join("three.json");
    run_shard(&m, &three, 1, 1).save(&stranger).unwrap();
    let mut mixed = paths.clone();
    mixed.push(stranger.clone());
    assert!(refused(
        parallel::merge(&m, &mixed, auto_engine(&m)).unwrap_err(),
        &stranger
    ));

    // Another result format version.
    let text = std::fs::read_to_string(&paths[0]).unwrap();
    let v2 = dir.join("v2.json");
    std::fs::write(&v2, text.replace("\"version\":1", "\"version\":2")).unwrap();
    assert!(refused(
        parallel::merge(&m, std::slice::from_ref(&v2), auto_engine(&m)).unwrap_err(),
        &v2
    ));

    // Another plan version.
    let mut r = ShardResult::load(&paths[0], &m, auto_engine(&m)).unwrap();
    r.shard.version += 1;
    let pv = dir.join("plan-version.json");
    r.save(&pv).unwrap();
    assert!(refused(
        parallel::merge(&m, std::slice::from_ref(&pv), auto_engine(&m)).unwrap_err(),
        &pv
    ));

    // Overlapping: shard 1 claiming shard 2's first part too.
    let mut r = ShardResult::load(&paths[0], &m, auto_engine(&m)).unwrap();
    let r2 = ShardResult::load(&paths[1], &m, auto_engine(&m)).unwrap();
    r.parts.insert(1, r2.parts[0].clone());
    r.finished.extend(r2.finished.iter().cloned());
    let over = dir.join("overlap.json");
    r.save(&over).unwrap();
    assert!(refused(
        parallel::merge(&m, std::slice::from_ref(&over), auto_engine(&m)).unwrap_err(),
        &over
    ));

    // Damage: truncated, a flipped high bit, an edited count.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, &text[..text.len() / 2]).unwrap();
    assert!(damaged(
        parallel::merge(&m, std::slice::from_ref(&bad), auto_engine(&m)).unwrap_err(),
        &bad
    ));
    let mut bytes = text.clone().into_bytes();
    bytes[text.len() / 3] ^= 0x80;
    std::fs::write(&bad, &bytes).unwrap();
    assert!(damaged(
        parallel::merge(&m, std::slice::from_ref(&bad), auto_engine(&m)).unwrap_err(),
        &bad
    ));
    let edited = text.replacen("\"solutions\":\"", "\"solutions\":\"1", 1);
    std::fs::write(&bad, edited).unwrap();
    assert!(damaged(
        parallel::merge(&m, std::slice::from_ref(&bad), auto_engine(&m)).unwrap_err(),
        &bad
    ));
    // Counts that overflow, with a good checksum.
    let mut r = ShardResult::load(&paths[0], &m, auto_engine(&m)).unwrap();
    r.parts[0].solutions = u128::MAX;
    r.parts[1].solutions = u128::MAX;
    r.save(&bad).unwrap();
    assert!(damaged(
        parallel::merge(&m, std::slice::from_ref(&bad), auto_engine(&m)).unwrap_err(),
        &bad
    ));

    // Weighted and plain results do not mix.
    let o = Options::with_threads(2);
    let w = shard::run(&m, &shards, 2, &o, &mut NoProgress, Some(&known), "h")
        .unwrap()
        .result
        .unwrap();
    let wp = dir.join("weighted.json");
    w.save(&wp).unwrap();
    assert!(refused(
        parallel::merge(&m, &[paths[0].clone(), wp.clone()], auto_engine(&m)).unwrap_err(),
        &wp
    ));

    assert!(matches!(
        parallel::merge(&m, &[], auto_engine(&m)),
        Err(Error::NoResults)
    ));
    assert!(matches!(
        parallel::merge(&m, &[dir.join("none.json")], auto_engine(&m)),
        Err(Error::ResultRead { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `full` with the sources of `paths` as a merge of them lists them.
fn full_with(full: &parallel::Merged, paths: &[PathBuf], m: &Matrix) -> parallel::Merged {
    let mut want = full.clone();
    want.sources = (1..=full.shards)
        .map(|i| {
            let p = paths
                .iter()
                .find(|p| ShardResult::load(p, m, auto_engine(m)).unwrap().shard.index == i)
                .unwrap();
            (i, p.clone(), "test".to_string())
        })
        .collect();
    want
}

#[test]
fn a_merged_checkpoint_resumes_only_the_rest() {
    let dir = temp_dir("rest");
    let m = langford(8);
    let want = one_thread(&m);
    let shards = Shards::new(&m, 5, auto_engine(&m)).unwrap();
    let paths = all_results(&m, &shards, &dir);
    let some: Vec<PathBuf> = [0, 1, 3].iter().map(|&k| paths[k].clone()).collect();
    let merged = parallel::merge(&m, &some, auto_engine(&m)).unwrap();
    assert_eq!(merged.missing, vec![3, 5]);
    let ckpt = dir.join("merged.ckpt");
    merged.checkpoint(&m).save(&ckpt).unwrap();
    let o = Options {
        resume: Some(ckpt),
        ..Options::with_threads(3)
    };
    let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
    assert_eq!(r.solutions, want.solutions);
    assert_eq!(r.nodes, want.nodes);
    assert_eq!(r.updates, want.updates);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `merge_all` reports every refused file (damaged, too large, of another
/// plan) at once, and counts what it can; `merge` names the first.
#[test]
fn merge_all_reports_every_refused_file() {
    let dir = temp_dir("merge-all");
    let m = queens(8);
    let e = auto_engine(&m);
    let shards = Shards::new(&m, 4, e).unwrap();
    let paths = all_results(&m, &shards, &dir);
    std::fs::write(&paths[1], "{}").unwrap();
    let other = Shards::new(&m, 3, e).unwrap();
    let stranger = dir.join("stranger.json");
    run_shard(&m, &other, 1, 1).save(&stranger).unwrap();
    let files = vec![
        paths[0].clone(),
        paths[1].clone(),
        stranger.clone(),
        paths[2].clone(),
    ];
    let big = std::fs::metadata(&paths[0]).unwrap().len();
    let (merged, mut bad) = parallel::merge_all(&m, &files, e, big + 64).unwrap();
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(damaged(bad.remove(0), &paths[1]));
    assert!(refused(bad.remove(0), &stranger));
    assert_eq!(merged.missing, vec![2, 4]);
    assert!(!merged.complete());
    // A file over the limit is refused after reading no more than it.
    let (_, bad) = parallel::merge_all(&m, &paths[..1], e, 10).unwrap();
    assert!(matches!(&bad[..], [Error::TooLarge(_)]), "{bad:?}");
    assert!(bad[0].to_string().contains("--max-result-bytes"));
    // So is a checkpoint.
    let ck = dir.join("merged.ck");
    merged.checkpoint(&m).save(&ck).unwrap();
    let size = std::fs::metadata(&ck).unwrap().len();
    let err = parallel::Checkpoint::load_bounded(&ck, &m, e, size - 1).unwrap_err();
    assert!(matches!(err, Error::TooLarge(_)), "{err}");
    assert!(err.to_string().contains("--max-checkpoint-bytes"), "{err}");
    assert!(parallel::Checkpoint::load_bounded(&ck, &m, e, size).is_ok());
    // Nothing usable: no plan, never complete.
    let (merged, bad) = parallel::merge_all(&m, &paths[1..2], e, big).unwrap();
    assert_eq!((bad.len(), merged.shards, merged.complete()), (1, 0, false));
    assert!(matches!(
        parallel::merge(&m, &files, e),
        Err(Error::ResultDamaged { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Plans have at most `MAX_SHARDS` shards, and a result that claims a
/// bigger plan is refused before any plan is made from it.
#[test]
fn plans_are_bounded() {
    let m = queens(6);
    let e = auto_engine(&m);
    let too_many = parallel::MAX_SHARDS + 1;
    let err = Shards::new(&m, too_many, e).unwrap_err();
    assert!(matches!(err, Error::TooManyShards { .. }), "{err}");
    assert!(err.to_string().contains("at most 10000 shards"), "{err}");
    assert!(Shards::new(&m, parallel::MAX_SHARDS, e).is_ok());
    let shards = Shards::new(&m, 2, e).unwrap();
    let mut r = run_shard(&m, &shards, 1, 1);
    r.shard.count = 100_000_000;
    let path = Path::new("huge.json");
    let err = ShardResult::from_bytes(r.to_text().as_bytes(), &m, e, path).unwrap_err();
    assert!(refused(err, path));
}
