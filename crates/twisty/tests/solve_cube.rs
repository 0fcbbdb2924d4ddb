//! Solver tests on n×n×n cubes built by hand here (coordinates and quarter-turn rotations), so the
//! solver is exercised independently of the puzzle model.

mod common;

use common::{cube, scramble};
use polycover_twisty::solve::{Options, PermPuzzle, Solver};

fn check(p: &PermPuzzle, solver: &Solver, states: usize) -> (f64, usize) {
    let mut total = 0;
    let mut max = 0;
    for seed in 0..states as u64 {
        let st = scramble(p, seed + 1, 200);
        let sol = solver.solve(&st).expect("reachable states are solved");
        // Apply and compare, independently of the solver.
        let mut c = st.clone();
        for tw in &sol.moves {
            for _ in 0..tw.amount {
                let mut next = c.clone();
                for (s, &d) in p.turns[tw.turn as usize].perm.iter().enumerate() {
                    next[d as usize] = c[s];
                }
                c = next;
            }
        }
        assert_eq!(c, p.colours, "solution does not solve state {seed}");
        total += sol.moves.len();
        max = max.max(sol.moves.len());
    }
    (total as f64 / states as f64, max)
}

#[test]
fn solves_cube3_with_slices() {
    let p = cube(3, true);
    let solver = Solver::prepare(&p, &test_options()).unwrap();
    let (mean, max) = check(&p, &solver, 5);
    eprintln!(
        "cube-3: mean {mean} max {max} prep {:.3}s",
        solver.prepare_seconds
    );
}

#[test]
fn solves_cube2_and_cube4() {
    for n in [2, 4] {
        let p = cube(n, true);
        let solver = Solver::prepare(&p, &test_options()).unwrap();
        let (mean, max) = check(&p, &solver, 3);
        eprintln!(
            "cube-{n}: mean {mean} max {max} prep {:.3}s",
            solver.prepare_seconds
        );
    }
}

/// The default options, the two-phase tables cached in a temporary directory (tests never write
/// the user's cache).
fn test_options() -> Options {
    Options {
        cache_dir: Some(std::env::temp_dir().join("polycover-twisty-tests-cache")),
        ..Options::default()
    }
}
