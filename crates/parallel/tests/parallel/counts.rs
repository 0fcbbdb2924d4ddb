//! Counts and solution order are the same for every thread count.

use super::common::*;
use dlx::{Control, Matrix, OptionId};
use parallel::{NoProgress, Options, Snapshot};

const THREADS: [usize; 4] = [1, 2, 3, 8];

/// Options that split hard: shallow cut, tiny slices, so that running
/// subproblems get split while others wait.
fn stressed(threads: usize) -> Options {
    Options {
        split_depth: Some(1),
        slice_nodes: Some(16),
        // About 8 solutions (of up to 11 options, plus 8 entries each).
        buffer_limit: 8 * 19,
        ..Options::with_threads(threads)
    }
}

fn count(m: &Matrix, o: &Options) -> u128 {
    let r = parallel::count(m, o, &mut NoProgress).unwrap();
    assert!(!r.interrupted);
    assert_eq!(r.fraction_done, 1.0);
    r.solutions
}

#[test]
fn queens_counts_match_oeis() {
    for n in [1, 2, 3, 4, 6, 8, 10, 11] {
        let m = queens(n);
        for t in THREADS {
            assert_eq!(
                count(&m, &Options::with_threads(t)),
                QUEENS[n],
                "queens {n}, {t} threads"
            );
            assert_eq!(
                count(&m, &stressed(t)),
                QUEENS[n],
                "queens {n}, {t} threads, stressed"
            );
        }
    }
}

#[test]
fn langford_counts_match_oeis() {
    for n in [3, 4, 5, 7, 8, 11] {
        let m = langford(n);
        for t in THREADS {
            assert_eq!(
                count(&m, &Options::with_threads(t)),
                langford_count(n),
                "langford {n}, {t} threads"
            );
        }
        assert_eq!(
            count(&m, &stressed(8)),
            langford_count(n),
            "langford {n} stressed"
        );
    }
}

#[test]
fn colors_and_multiplicities_match_one_thread() {
    for seed in 0..6 {
        for mult in [false, true] {
            let m = planted(seed, 24, 40, mult);
            let want = dlx::Solver::new(&m).count();
            assert!(want > 0);
            for t in THREADS {
                assert_eq!(
                    count(&m, &Options::with_threads(t)),
                    want,
                    "seed {seed} mult {mult}"
                );
                assert_eq!(
                    count(&m, &stressed(t)),
                    want,
                    "seed {seed} mult {mult} stressed"
                );
            }
        }
    }
}

#[test]
fn forced_depths_give_the_same_count() {
    let m = queens(9);
    for d in [0, 1, 2, 5, 9, 20] {
        let o = Options {
            split_depth: Some(d),
            ..Options::with_threads(3)
        };
        assert_eq!(count(&m, &o), QUEENS[9], "depth {d}");
    }
}

fn enumerate(m: &Matrix, o: &Options) -> Vec<Vec<OptionId>> {
    let mut out = Vec::new();
    let r = parallel::solve(m, o, &mut NoProgress, |s: &[OptionId]| {
        out.push(s.to_vec());
        Control::Continue
    })
    .unwrap();
    assert!(!r.interrupted);
    assert_eq!(r.solutions, out.len() as u128);
    out
}

#[test]
fn solutions_come_in_one_thread_order() {
    let cases = [
        queens(8),
        queens(10),
        langford(8),
        planted(3, 24, 60, true),
        planted(4, 24, 60, false),
    ];
    for m in &cases {
        let want = all_solutions(m);
        for t in THREADS {
            assert_eq!(enumerate(m, &Options::with_threads(t)), want, "{t} threads");
            assert_eq!(enumerate(m, &stressed(t)), want, "{t} threads, stressed");
        }
    }
}

#[test]
fn order_holds_when_the_head_streams() {
    // More solutions than a streamed chunk, with a tiny buffer.
    let m = langford(11);
    let want = all_solutions(&m);
    for t in [2, 8] {
        let o = Options {
            // About 100 solutions (11 options, plus 8 entries each).
            buffer_limit: 100 * 19,
            split_depth: Some(2),
            ..Options::with_threads(t)
        };
        assert!(enumerate(&m, &o) == want, "{t} threads");
    }
}

#[test]
fn a_slow_visitor_holds_the_search_back() {
    // Many long solutions (10946 tilings of a 2 × 20 strip, 20 dominoes
    // each) for a visitor slower than the search: what is held on its way
    // to the visitor stays near the bound (the head of the order waits
    // too), and the order is a one-thread search's.
    let (n, slice) = (20, 64);
    let m = strip(n);
    let want = all_solutions(&m);
    assert_eq!(want.len(), 10946);
    let size = n + 8;
    let limit = 50 * size;
    for t in [1, 2, 8] {
        let o = Options {
            buffer_limit: limit,
            slice_nodes: Some(slice as u64),
            ..Options::with_threads(t)
        };
        let mut got = Vec::new();
        let r = parallel::solve(&m, &o, &mut NoProgress, |s: &[OptionId]| {
            if got.len() % 64 == 0 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            got.push(s.to_vec());
            Control::Continue
        })
        .unwrap();
        assert!(got == want, "{t} threads");
        // Over the bound by at most: what the monitor is delivering (at
        // most the bound again), two slices per worker (the last of a
        // finished subproblem, and the first of the next before it looks)
        // and the head's chunk.
        let bound = 2 * limit + (2 * t + 2) * slice * size;
        assert!(
            r.held_peak <= bound,
            "{t} threads: {} > {bound}",
            r.held_peak
        );
        assert!(r.held_peak >= size, "{t} threads");
    }
}

#[test]
fn a_long_slice_holds_a_chunk_at_most() {
    // Slices of a fixed, huge budget: a slice ends when it has collected
    // 1024 solutions (10946 tilings of a 2 x 20 strip, 28 entries each),
    // not when the subproblem is done; and a worker starts a subproblem
    // only while there is room (many subproblems finish within one slice,
    // never waiting between slices). What is held
    // stays near the bound plus a chunk per worker, far below the 306,488
    // entries of them all.
    let n = 20;
    let m = strip(n);
    let want = all_solutions(&m);
    let size = n + 8;
    let limit = 50 * size;
    for t in [1, 2, 8] {
        let o = Options {
            buffer_limit: limit,
            slice_nodes: Some(1 << 40),
            ..Options::with_threads(t)
        };
        let mut got = Vec::new();
        let r = parallel::solve(&m, &o, &mut NoProgress, |s: &[OptionId]| {
            // A visitor slower than the search: the workers must wait.
            if got.len() % 256 == 0 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            got.push(s.to_vec());
            Control::Continue
        })
        .unwrap();
        assert!(got == want, "{t} threads");
        let bound = 2 * limit + (2 * t + 2) * 1024 * size;
        assert!(
            r.held_peak <= bound,
            "{t} threads: {} > {bound}",
            r.held_peak
        );
    }
}

#[test]
fn visitor_can_stop_early() {
    let m = queens(10);
    let want = all_solutions(&m);
    for t in THREADS {
        let mut got = Vec::new();
        let r = parallel::solve(&m, &stressed(t), &mut NoProgress, |s: &[OptionId]| {
            got.push(s.to_vec());
            if got.len() == 5 {
                Control::Stop
            } else {
                Control::Continue
            }
        })
        .unwrap();
        assert_eq!(got, want[..5]);
        assert_eq!(r.solutions, 5);
        assert!(r.interrupted);
    }
}

/// The stop flag ends the handing over at once: solutions the workers have
/// already found and hold for a slow visitor are dropped, not delivered
/// (`solve --all --json` went on writing for half a minute after Ctrl-C,
/// emptying a buffer of hundreds of thousands). The visitor raises the flag
/// on its first solution, after a pause in which the workers find and hold
/// the others; no solution comes after it, and the run is interrupted.
#[test]
fn the_stop_flag_drops_held_solutions() {
    let m = queens(10);
    for t in THREADS {
        let o = Options::with_threads(t);
        let stop = o.stop.clone();
        let mut calls = 0;
        let r = parallel::solve(&m, &o, &mut NoProgress, |_: &[OptionId]| {
            calls += 1;
            if calls == 1 {
                std::thread::sleep(std::time::Duration::from_millis(200));
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            Control::Continue
        })
        .unwrap();
        assert_eq!(calls, 1, "{t} threads: solutions after the stop");
        assert_eq!(r.solutions, 1);
        assert!(r.interrupted, "{t} threads");
    }
}

#[test]
fn progress_rises_to_one() {
    let m = langford(11);
    let mut snaps: Vec<Snapshot> = Vec::new();
    let o = Options {
        progress_every: std::time::Duration::from_millis(1),
        ..Options::with_threads(2)
    };
    let r = parallel::count(&m, &o, &mut |s: &Snapshot| snaps.push(s.clone())).unwrap();
    assert_eq!(r.solutions, langford_count(11));
    assert!(snaps.len() >= 2);
    for w in snaps.windows(2) {
        assert!(w[0].fraction_done <= w[1].fraction_done);
        assert!(w[0].nodes <= w[1].nodes);
    }
    let last = snaps.last().unwrap();
    assert_eq!(last.fraction_done, 1.0);
    assert_eq!(last.solutions, langford_count(11));
    assert_eq!(last.subproblems_left, 0);
    assert_eq!(last.threads, 2);
}

#[test]
fn too_many_threads_are_refused_before_any_is_spawned() {
    let max = parallel::max_threads();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(max, (4 * cores).clamp(4, 1024));
    let m = queens(6);
    for asked in [max + 1, 100_000] {
        let o = Options::with_threads(asked);
        let e = parallel::count(&m, &o, &mut NoProgress).unwrap_err();
        assert!(
            matches!(e, parallel::Error::TooManyThreads { asked: a, max: x } if a == asked && x == max),
            "{e}"
        );
        assert!(e.to_string().contains(&asked.to_string()), "{e}");
        let e = parallel::solve(&m, &o, &mut NoProgress, |_: &[OptionId]| Control::Continue)
            .unwrap_err();
        assert!(matches!(e, parallel::Error::TooManyThreads { .. }), "{e}");
        // A plan made for fewer threads is refused by execute too.
        let plan = parallel::plan::root(&m, &Options::with_threads(1)).unwrap();
        let e = parallel::execute(&m, plan, &o, &mut NoProgress, parallel::Job::Count).unwrap_err();
        assert!(matches!(e, parallel::Error::TooManyThreads { .. }), "{e}");
    }
    // The maximum itself is accepted.
    let r = parallel::count(&m, &Options::with_threads(max), &mut NoProgress).unwrap();
    assert_eq!(r.solutions, QUEENS[6]);
    assert_eq!(r.threads, max);
}
