//! The cell engine through the driver: counts for every thread count,
//! checkpoints, shards, and the refusal of another engine's files (its
//! tree, with counted items, is its own).

use super::common::*;
use dlx::{EngineKind, Matrix};
use parallel::{Checkpoint, Error, NoProgress, Options, Shards, Snapshot, shard};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polycover-cells-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn cells(threads: usize) -> Options {
    Options {
        engine: Some(EngineKind::Cells),
        ..Options::with_threads(threads)
    }
}

/// The problems, with their published counts; all suit the cell engine,
/// the dominoes with a counted item (the engine's own tree).
fn cases() -> Vec<(&'static str, Matrix, u128)> {
    let mut cases = vec![
        ("queens 8", queens(8), QUEENS[8]),
        ("langford 8", langford(8), langford_count(8)),
        ("dominoes 6x4", dominoes(6, 4), 281),
        ("dominoes 6x6", dominoes(6, 6), 6728),
    ];
    // Soma cube: 240 distinct x 48; 3x20 pentominoes: 2 x 4.
    for (name, count) in [("soma", 11520), ("pent3x20", 8)] {
        if let Some(m) = instance(&format!("{name}.dlx")) {
            cases.push((name, m, count));
        }
    }
    cases
}

#[test]
fn counts_match_the_published_ones_for_every_thread_count() {
    for (name, m, count) in cases() {
        assert!(EngineKind::Cells.suits(&m), "{name}");
        assert_eq!(cells(1).engine_for(&m), EngineKind::Cells);
        let mut one = dlx::Solver::with_engine(&m, EngineKind::Cells);
        assert_eq!(one.count(), count, "{name}");
        let tree = one.stats();
        for t in [1, 2, 4] {
            // Also split hard: shallow cut, tiny slices.
            let stressed = Options {
                split_depth: Some(1),
                slice_nodes: Some(16),
                ..cells(t)
            };
            for o in [cells(t), stressed] {
                let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
                assert_eq!(r.solutions, count, "{name}, {t} threads");
                // The cell engine's tree, whatever the splitting.
                assert_eq!((r.nodes, r.updates), (tree.nodes, tree.updates), "{name}");
            }
        }
    }
}

#[test]
fn solutions_come_in_the_cell_engines_order() {
    let m = dominoes(6, 4);
    let want = dlx::Solver::with_engine(&m, EngineKind::Cells).first(usize::MAX);
    for t in [1, 3] {
        let mut got = Vec::new();
        parallel::solve(&m, &cells(t), &mut NoProgress, |o: &[dlx::OptionId]| {
            got.push(o.to_vec());
            dlx::Control::Continue
        })
        .unwrap();
        assert_eq!(got, want);
    }
}

#[test]
fn interrupted_then_resumed_gives_the_exact_count() {
    let dir = temp_dir("resume");
    let path = dir.join("dominoes.ckpt");
    let m = dominoes(6, 8);
    // Held after 3 finished subproblems, then stopped (Options::hold_after):
    // interrupted at a known point whatever the speed of the engine.
    let o = Options {
        checkpoint: Some(path.clone()),
        checkpoint_every: Duration::ZERO,
        slice_nodes: Some(256),
        hold_after: Some(3),
        ..cells(2)
    };
    let stop = o.stop.clone();
    let first = parallel::count(&m, &o, &mut |s: &Snapshot| {
        if s.held {
            stop.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert!(first.interrupted);
    assert!(
        (3..=4).contains(&first.subproblems),
        "{}",
        first.subproblems
    );
    let saved = Checkpoint::load(&path, &m, EngineKind::Cells).unwrap();
    assert_eq!(saved.solutions(), Some(first.solutions));
    // 6 x 8: 167,089 tilings (A028469).
    for t in [1, 3] {
        let o = Options {
            resume: Some(path.clone()),
            ..cells(t)
        };
        let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
        assert_eq!(r.solutions, 167_089, "{t} threads");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_partial_checkpoint_is_completed() {
    let dir = temp_dir("partial");
    let path = dir.join("dominoes.ckpt");
    let m = dominoes(6, 6);
    let o = Options {
        checkpoint: Some(path.clone()),
        slice_nodes: Some(32),
        ..cells(3)
    };
    parallel::count(&m, &o, &mut NoProgress).unwrap();
    let mut c = Checkpoint::load(&path, &m, EngineKind::Cells).unwrap();
    assert_eq!(c.solutions(), Some(6728));
    forget_half(&mut c, &path);
    for t in [1, 2, 4] {
        let o = Options {
            resume: Some(path.clone()),
            ..cells(t)
        };
        let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
        assert_eq!(r.solutions, 6728, "{t} threads");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint of the cell engine's tree is refused by a run on the
/// links or the bitset engine, and the other way round, naming both.
#[test]
fn a_checkpoint_of_one_engine_is_refused_by_another() {
    let dir = temp_dir("refuse");
    for (name, m) in [("dominoes", dominoes(6, 4)), ("queens", queens(6))] {
        let ck = |engine: Option<EngineKind>| {
            let path = dir.join(format!("{name}-{engine:?}.ckpt"));
            let o = Options {
                checkpoint: Some(path.clone()),
                engine,
                ..Options::with_threads(2)
            };
            parallel::count(&m, &o, &mut NoProgress).unwrap();
            path
        };
        let (of_cells, of_default) = (ck(Some(EngineKind::Cells)), ck(None));
        for (path, engine, found, expected) in [
            (&of_cells, None, "cell engine", "links or bitset engine"),
            (
                &of_cells,
                Some(EngineKind::Links),
                "cell engine",
                "links or bitset",
            ),
            (
                &of_default,
                Some(EngineKind::Cells),
                "links or bitset",
                "cell engine",
            ),
        ] {
            let o = Options {
                resume: Some(path.clone()),
                engine,
                ..Options::with_threads(2)
            };
            let e = parallel::count(&m, &o, &mut NoProgress).unwrap_err();
            assert!(matches!(e, Error::CheckpointEngine { .. }), "{name}: {e}");
            let msg = e.to_string();
            assert!(msg.contains(&path.display().to_string()), "{msg}");
            assert!(msg.contains(&format!("made with the {found}")), "{msg}");
            assert!(
                msg.contains(&format!("searches with the {expected}")),
                "{msg}"
            );
        }
        // A plan made for one tree is not run on another.
        let plan = parallel::plan::root(&m, &cells(2)).unwrap();
        let job = parallel::Job::Count;
        let e = parallel::execute(&m, plan, &Options::with_threads(2), &mut NoProgress, job);
        assert!(matches!(e, Err(Error::EngineMismatch { .. })), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shards_add_up_and_another_engine_refuses_them() {
    let dir = temp_dir("shards");
    let m = dominoes(6, 6);
    let mut one = dlx::Solver::with_engine(&m, EngineKind::Cells);
    one.count();
    let tree = one.stats();
    let shards = Shards::new(&m, 3, EngineKind::Cells).unwrap();
    assert_eq!(shards.engine(), EngineKind::Cells);
    // The cell engine's own parts, not DLX1's.
    let dlx1 = Shards::new(&m, 3, EngineKind::Links).unwrap();
    assert_ne!(shards.parts(), dlx1.parts());
    let paths: Vec<PathBuf> = (1..=3)
        .map(|i| {
            let r = shard::run(&m, &shards, i, &cells(i), &mut NoProgress, None, "h").unwrap();
            let path = dir.join(format!("shard-{i}.json"));
            r.result.unwrap().save(&path).unwrap();
            path
        })
        .collect();
    let merged = parallel::merge(&m, &paths, EngineKind::Cells).unwrap();
    assert!(merged.complete());
    assert_eq!(merged.solutions, 6728);
    assert_eq!((merged.nodes, merged.updates), (tree.nodes, tree.updates));
    // Merged with another engine: refused, naming the file and both trees.
    let e = parallel::merge(&m, &paths, EngineKind::Links).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, Error::ResultRefused { .. }), "{msg}");
    assert!(msg.contains("shard-1.json"), "{msg}");
    assert!(msg.contains("made with the cell engine (cells)"), "{msg}");
    assert!(
        msg.contains("this run uses the links or bitset engine"),
        "{msg}"
    );
    // A shard of the cell engine's plan is not searched with another.
    let e = shard::run(
        &m,
        &shards,
        1,
        &Options::with_threads(1),
        &mut NoProgress,
        None,
        "h",
    );
    assert!(matches!(e, Err(Error::EngineMismatch { .. })));
    // The merge's checkpoint resumes on the cell engine only.
    let partial = parallel::merge(&m, &paths[..2], EngineKind::Cells).unwrap();
    assert_eq!(partial.missing, [3]);
    let ck = dir.join("merged.ckpt");
    partial.checkpoint(&m).save(&ck).unwrap();
    let o = Options {
        resume: Some(ck.clone()),
        ..cells(2)
    };
    assert_eq!(
        parallel::count(&m, &o, &mut NoProgress).unwrap().solutions,
        6728
    );
    let o = Options {
        resume: Some(ck),
        ..Options::with_threads(2)
    };
    let e = parallel::count(&m, &o, &mut NoProgress).unwrap_err();
    assert!(matches!(e, Error::CheckpointEngine { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
