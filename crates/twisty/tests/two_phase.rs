//! The two-phase solver on n×n×n cubes built by hand (tests/common): solutions checked by
//! applying them, and states a few moves from solved come back in at most that many moves.

mod common;

use common::{cube, scramble};
use polycover_twisty::solve::{Options, PermPuzzle, Solver};

/// Applies a solution move by move, independently of the solver.
fn apply(p: &PermPuzzle, start: &[u16], moves: &[polycover_twisty::solve::Twist]) -> Vec<u16> {
    let mut c = start.to_vec();
    for tw in moves {
        for _ in 0..tw.amount {
            let mut next = c.clone();
            for (s, &d) in p.turns[tw.turn as usize].perm.iter().enumerate() {
                next[d as usize] = c[s];
            }
            c = next;
        }
    }
    c
}

fn options(dir: &std::path::Path) -> Options {
    Options {
        cache_dir: Some(dir.to_path_buf()),
        ..Options::default()
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("polycover-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn random_cube3_states_are_solved_short() {
    for slices in [false, true] {
        let dir = temp_dir(&format!("tp-random-{slices}"));
        let p = cube(3, slices);
        let solver = Solver::prepare(&p, &options(&dir)).unwrap();
        assert!(solver.two_phase.is_some(), "the 3x3x3 has a chain");
        let mut total = 0;
        for seed in 1..=3 {
            let st = scramble(&p, seed, 200);
            let t = std::time::Instant::now();
            let sol = solver.solve(&st).unwrap();
            eprintln!("slices {slices} seed {seed}: {} moves in {:.3}s", sol.moves.len(), t.elapsed().as_secs_f64());
            assert_eq!(apply(&p, &st, &sol.moves), p.colours);
            total += sol.moves.len();
        }
        eprintln!("prep {:.3}s total {total}", solver.prepare_seconds);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
