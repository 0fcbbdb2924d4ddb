//! The two-phase solver (`solve::twophase`) on catalog puzzles: every solution is checked by
//! applying it with the model's own moves; a state k random moves from solved (k <= 8) comes
//! back in at most k moves; a damaged table cache is rebuilt and gives the same answers.

mod common;

use polycover_twisty::count::{Group, random_state};
use polycover_twisty::rng::Rng;
use polycover_twisty::solve::{Options, PermPuzzle, Solver, model};
use polycover_twisty::{Puzzle, State, Turn, named};
use std::path::PathBuf;

/// A fresh directory for one test's table cache (tests never write the user's cache).
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("polycover-twophase-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn options(dir: &std::path::Path) -> Options {
    Options {
        cache_dir: Some(dir.to_path_buf()),
        ..Options::default()
    }
}

fn turns(sol: &polycover_twisty::solve::Solution) -> Vec<Turn> {
    sol.moves.iter().map(|&t| model::to_turn(t)).collect()
}

/// Whether `turns` applied to `s` with the model's moves give the solved colours.
fn solves(p: &Puzzle, s: &State, turns: &[Turn]) -> bool {
    let mut end = s.clone();
    end.apply(p, turns);
    end.colours(p) == p.colours()
}

/// The state `k` random moves from solved ([`common::random_moves`]).
fn k_moves(p: &Puzzle, k: usize, rng: &mut Rng) -> State {
    let mut s = State::solved(p);
    s.apply(p, &common::random_moves(p, k, rng));
    s
}

#[test]
fn random_states_of_the_3x3x3_come_back_short_and_solved() {
    for name in ["3x3x3", "cube-3"] {
        let dir = temp_dir(name);
        let p = named(name).unwrap();
        let solver = Solver::prepare(&PermPuzzle::from_model(&p), &options(&dir)).unwrap();
        assert!(solver.two_phase.is_some(), "{name} has a subgroup chain");
        let group = Group::new(&p);
        let mut total = 0;
        for seed in 1..=4 {
            let s = random_state(&group, &mut Rng::new(seed));
            let sol = solver.solve(&s.colours(&p)).unwrap();
            let t = turns(&sol);
            assert!(solves(&p, &s, &t), "{name} seed {seed}");
            total += t.len();
        }
        // Two-phase solvers give about 20 moves here; the route before this one gave 40-60.
        assert!(total <= 4 * 24, "{name}: {total} moves for 4 states");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn states_k_moves_from_solved_come_back_in_at_most_k() {
    // The seed's cube-3 turns every slice (27 moves): within the default budget the two-phase
    // search does not always find 8 moves (one state below came back in 17 before the deeper
    // meet-in-the-middle search, 4 + 4 moves there, was tried on unproved solutions).
    for (name, most) in [
        ("3x3x3", 8),
        ("cube-3", 8),
        ("2x2x2", 8),
        ("pyraminx", 8),
        ("skewb", 8),
    ] {
        let dir = temp_dir(&format!("k-{name}"));
        let p = named(name).unwrap();
        let solver = Solver::prepare(&PermPuzzle::from_model(&p), &options(&dir)).unwrap();
        let mut rng = Rng::new(42);
        for k in 1..=most {
            for _ in 0..3 {
                let s = k_moves(&p, k, &mut rng);
                let sol = solver.solve(&s.colours(&p)).unwrap();
                let t = turns(&sol);
                assert!(solves(&p, &s, &t), "{name} k {k}");
                assert!(t.len() <= k, "{name}: {k} moves came back in {}", t.len());
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn an_eight_move_cube_3_state_the_two_phase_search_finds_long_comes_back_in_8() {
    let dir = temp_dir("cube-3-eight");
    let p = named("cube-3").unwrap();
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &options(&dir)).unwrap();
    let scramble = "L2 2F' D' U' 2R' B' D' B";
    let mut s = State::solved(&p);
    s.apply(&p, &p.parse_turns(scramble).unwrap());
    let sol = solver.solve(&s.colours(&p)).unwrap();
    let t = turns(&sol);
    assert!(solves(&p, &s, &t));
    assert!(t.len() <= 8, "{scramble} came back in {} moves", t.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_cache_is_rebuilt_with_the_same_answers() {
    let dir = temp_dir("damaged");
    let p = named("3x3x3").unwrap();
    let pp = PermPuzzle::from_model(&p);
    let group = Group::new(&p);
    let s = random_state(&group, &mut Rng::new(7)).colours(&p);
    let first = Solver::prepare(&pp, &options(&dir)).unwrap();
    let answer = first.solve(&s).unwrap().moves;
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "the tables are cached in one file");
    // From the cache, then from a flipped byte, then from a truncated file.
    let cached = Solver::prepare(&pp, &options(&dir)).unwrap();
    assert_eq!(cached.solve(&s).unwrap().moves, answer);
    let mut data = std::fs::read(&files[0]).unwrap();
    let mid = data.len() / 2;
    data[mid] ^= 0x40;
    std::fs::write(&files[0], &data).unwrap();
    let flipped = Solver::prepare(&pp, &options(&dir)).unwrap();
    assert_eq!(flipped.solve(&s).unwrap().moves, answer);
    let data = std::fs::read(&files[0]).unwrap();
    std::fs::write(&files[0], &data[..data.len() / 3]).unwrap();
    let truncated = Solver::prepare(&pp, &options(&dir)).unwrap();
    assert_eq!(truncated.solve(&s).unwrap().moves, answer);
    // Without a cache directory: built in memory, the same answer.
    let none = Solver::prepare(
        &pp,
        &Options {
            cache_dir: None,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(none.solve(&s).unwrap().moves, answer);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A solver prepared for the two-phase search alone prepares the other
/// route when a state's search finds nothing (here a budget of one node):
/// the state is still solved, checked by applying the solution.
#[test]
fn a_two_phase_search_that_finds_nothing_falls_back_to_the_other_route() {
    let dir = temp_dir("starved");
    let p = named("3x3x3").unwrap();
    let starved = Options {
        two_phase_budget: 1,
        ..options(&dir)
    };
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &starved).unwrap();
    assert!(solver.two_phase.is_some() && solver.tables.is_empty());
    let g = Group::new(&p);
    let mut rng = Rng::new(3);
    let s = random_state(&g, &mut rng);
    let sol = solver.solve(&s.colours(&p)).unwrap();
    assert!(solves(&p, &s, &turns(&sol)));
    // The other route's length (operators inserted), not the two-phase search's.
    assert!(sol.moves.len() > 24, "{}", sol.moves.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A time cap past the clock's range (`1e300` seconds, `1e19`: what `Duration` or `Instant`
/// cannot hold) caps nothing: the solve neither panics nor stops early.
#[test]
fn a_time_cap_past_the_clock_caps_nothing() {
    let dir = temp_dir("far-deadline");
    let p = named("3x3x3").unwrap();
    let group = Group::new(&p);
    let s = random_state(&group, &mut Rng::new(4));
    for time in [1e300, 1e19, f64::INFINITY, f64::NAN, f64::MAX] {
        let o = Options {
            time: Some(time),
            ..options(&dir)
        };
        let solver = Solver::prepare(&PermPuzzle::from_model(&p), &o).unwrap();
        let sol = solver.solve(&s.colours(&p)).unwrap();
        assert!(solves(&p, &s, &turns(&sol)), "time {time}");
    }
}
