//! Search figures are the tree's, whatever the thread count; forced chains
//! cost linear work.

use super::common::*;
use dlx::Matrix;
use parallel::{NoProgress, Options};

#[test]
fn a_forced_chain_is_split_in_linear_time() {
    let m = chain(4000);
    let one = {
        let mut s = dlx::Solver::new(&m);
        let n = s.count();
        (n, s.stats().nodes)
    };
    assert_eq!(one, (1, 4001));
    for t in [1, 2, 8] {
        let r = parallel::count(&m, &Options::with_threads(t), &mut NoProgress).unwrap();
        assert_eq!(r.solutions, 1, "{t} threads");
        assert_eq!(r.nodes, 4001, "{t} threads");
        // Linear work, counted in nodes (not seconds): re-walking the chain
        // from the root for each level would walk about 8 million.
        assert!(
            r.split_nodes + r.wasted_nodes <= 2 * 4001,
            "{t} threads: {r:?}"
        );
    }
}

/// Options that split hard: a shallow cut and tiny slices, so that running
/// branches are split while others wait.
fn stressed(threads: usize, early: bool, engine: dlx::EngineKind) -> Options {
    Options {
        split_depth: Some(1),
        slice_nodes: Some(16),
        early_dead_ends: early,
        engine: Some(engine),
        ..Options::with_threads(threads)
    }
}

/// The figures of one solver on the whole problem.
fn one_thread(m: &Matrix, early: bool, engine: dlx::EngineKind) -> dlx::Stats {
    let mut s = dlx::Solver::with_engine(m, engine);
    s.set_early_dead_ends(early);
    s.count();
    s.stats()
}

fn cases() -> Vec<(String, Matrix)> {
    let mut out = vec![
        ("queens 8".to_string(), queens(8)),
        ("langford 8".to_string(), langford(8)),
        ("chain 50".to_string(), chain(50)),
    ];
    for seed in 0..4 {
        for mult in [false, true] {
            out.push((
                format!("planted {seed} {mult}"),
                planted(seed, 24, 40, mult),
            ));
        }
    }
    out
}

#[test]
fn nodes_and_updates_are_the_trees_for_every_thread_count() {
    same_figures(cases());
}

/// The bench instances, with the default engine and early dead ends.
fn instances(names: &[&str]) {
    for name in names {
        let Some(m) = instance(name) else { continue };
        let want = {
            let mut s = dlx::Solver::new(&m);
            s.count();
            s.stats()
        };
        for t in [1, 2, 3, 8] {
            let r = parallel::count(&m, &Options::with_threads(t), &mut NoProgress).unwrap();
            assert_eq!(
                (r.solutions, r.nodes, r.updates),
                (want.solutions, want.nodes, want.updates),
                "{name}, {t} threads"
            );
        }
    }
}

#[test]
fn bench_instances_have_the_trees_figures() {
    instances(&["pent3x20.dlx"]);
}

#[test]
#[ignore = "slow: about a minute"]
fn bigger_bench_instances_have_the_trees_figures() {
    instances(&[
        "soma.dlx",
        "langford12.dlx",
        "pent6x10.dlx",
        "pent2x5x6.dlx",
    ]);
}

fn same_figures(cases: Vec<(String, Matrix)>) {
    for (name, m) in cases {
        for early in [true, false] {
            for engine in [dlx::EngineKind::Links, dlx::EngineKind::Bits] {
                let want = one_thread(&m, early, engine);
                for t in [1, 2, 3, 8] {
                    for o in [
                        Options {
                            early_dead_ends: early,
                            engine: Some(engine),
                            ..Options::with_threads(t)
                        },
                        stressed(t, early, engine),
                    ] {
                        let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
                        let what = format!("{name}, {t} threads, early {early}, {engine:?}");
                        assert_eq!(r.solutions, want.solutions, "{what}");
                        assert_eq!(r.nodes, want.nodes, "{what}");
                        assert_eq!(r.updates, want.updates, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn resumed_counts_have_the_trees_figures() {
    let dir = std::env::temp_dir().join(format!("polycover-figures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    let cases = [
        ("queens 10", queens(10)),
        ("langford 8", langford(8)),
        ("planted", planted(7, 30, 60, true)),
    ];
    for (name, m) in cases {
        let want = one_thread(&m, true, dlx::EngineKind::Bits);
        for (first, second) in [(1, 3), (2, 8), (3, 1), (8, 2)] {
            let what = format!("{name}, {first} then {second} threads");
            // A whole run, split hard, then half its finished branches
            // forgotten: a checkpoint as an interrupted run leaves it.
            let o = Options {
                checkpoint: Some(path.clone()),
                slice_nodes: Some(16),
                split_depth: Some(1),
                ..Options::with_threads(first)
            };
            parallel::count(&m, &o, &mut NoProgress).unwrap();
            let mut c = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
            forget_half(&mut c, &path);
            // Resumed, stopped at once (a run that finishes nothing), then
            // resumed to the end.
            let o = resuming(&path, second);
            o.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
            assert!(r.interrupted, "{what}");
            o.stop.store(false, std::sync::atomic::Ordering::Relaxed);
            let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
            assert!(!r.interrupted, "{what}");
            assert_eq!(r.solutions, want.solutions, "{what}");
            assert_eq!(r.nodes, want.nodes, "{what}");
            assert_eq!(r.updates, want.updates, "{what}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
