//! The solver on catalog puzzles (through `PermPuzzle::from_model`): every solution, applied to
//! its state with the model's own moves, gives the solved colours; unreachable states are
//! refused; `optimal` solutions are as long as the state's distance in the breadth-first table
//! of `distances` (an independent exhaustive search).

mod common;

use polycover_twisty::count::{CHAIN_SEED, Group, base_priority, random_state};
use polycover_twisty::distances::{DEFAULT_MAX_POSITIONS, Metric, distances_of};
use polycover_twisty::rng::Rng;
use polycover_twisty::schreier::Chain;
use polycover_twisty::solve::{Options, PermPuzzle, SolveError, Solver, model};
use polycover_twisty::{Puzzle, State, Turn, named};

/// The state `s` after the solution's turns, as colours.
fn solved_by(p: &Puzzle, s: &State, turns: &[Turn]) -> bool {
    let mut end = s.clone();
    end.apply(p, turns);
    end.colours(p) == p.colours()
}

fn solve_random(name: &str, seeds: std::ops::Range<u64>) {
    let p = named(name).unwrap();
    let group = Group::new(&p);
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &test_options()).unwrap();
    for seed in seeds {
        let s = random_state(&group, &mut Rng::new(seed));
        let sol = solver
            .solve(&s.colours(&p))
            .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
        let turns: Vec<Turn> = sol.moves.iter().map(|&t| model::to_turn(t)).collect();
        assert!(
            solved_by(&p, &s, &turns),
            "{name} seed {seed}: {}",
            p.format_turns(&turns)
        );
        // The state was scrambled: a random state of these puzzles is never solved.
        assert!(!turns.is_empty(), "{name} seed {seed}");
    }
}

#[test]
fn random_states_of_small_puzzles_are_solved() {
    for name in ["2x2x2", "pyraminx", "skewb", "skewb-diamond", "dino"] {
        solve_random(name, 1..4);
    }
}

#[test]
fn random_states_of_seed_puzzles_are_solved() {
    for name in [
        "tetrahedron-3",
        "tetrahedron-5",
        "octahedron-2",
        "octahedron-3",
        // One orbit of wings finished first, by operators that also cycle centres.
        "octahedron-4",
        "cube-3",
    ] {
        solve_random(name, 1..3);
    }
}

/// With the six faces as its only moves, the 3x3x3's edge 3-cycles need commutators whose `A`
/// has five moves.
#[test]
fn random_states_of_the_face_turn_cube_are_solved() {
    solve_random("3x3x3", 1..4);
}

/// Puzzles whose middle-line pieces have no short pure 3-cycle (a 5x5x5 or 7x7x7 without its
/// middle slice: midges, the centres on the middle lines; the FTO): their operators come from the
/// wider commutator search and disturb orbits finished later.
#[test]
fn random_states_of_puzzles_needing_wide_commutators_are_solved() {
    for name in ["5x5x5", "7x7x7", "fto", "megaminx"] {
        solve_random(name, 1..3);
    }
}

/// The 4x4x4 with every layer turning is solved by reduction (its centres, then its edge pairs,
/// then the 3x3x3 of corners and pairs by the two-phase search): every solution solves its state
/// in the model, and on the same states the reduction's solutions are shorter than the operator
/// route's (about 75 moves a state against about 100, docs/performance.md).
#[test]
fn random_states_of_cube_4_are_solved_by_reduction() {
    let p = named("cube-4").unwrap();
    let group = Group::new(&p);
    let perm = PermPuzzle::from_model(&p);
    let route = Options {
        reduction_budget: 0,
        ..test_options()
    };
    let reducing = Solver::prepare(&perm, &test_options()).unwrap();
    let routing = Solver::prepare(&perm, &route).unwrap();
    let (mut reduced, mut routed) = (0, 0);
    for seed in 1..4 {
        let s = random_state(&group, &mut Rng::new(seed));
        for (solver, total) in [(&reducing, &mut reduced), (&routing, &mut routed)] {
            let sol = solver.solve(&s.colours(&p)).unwrap();
            let turns: Vec<Turn> = sol.moves.iter().map(|&t| model::to_turn(t)).collect();
            assert!(solved_by(&p, &s, &turns), "seed {seed}");
            *total += turns.len();
        }
    }
    assert!(
        reduced < routed,
        "reduction {reduced} moves, route {routed}"
    );
}

/// When the exact stage runs out of its node budget the state is solved anyway, by operators for
/// the small orbits (a longer solution), and the solution says so; an optimal search has no such
/// way out and gives up.
#[test]
fn an_exhausted_exact_stage_falls_back_to_operators() {
    for name in ["3x3x3", "tetrahedron-4"] {
        let p = named(name).unwrap();
        let group = Group::new(&p);
        let perm = PermPuzzle::from_model(&p);
        // The exact stage's route (the two-phase search would solve the 3x3x3 first).
        let tiny = Options {
            budget: 10,
            two_phase_budget: 0,
            ..test_options()
        };
        let solver = Solver::prepare(&perm, &tiny).unwrap();
        for seed in 1..3 {
            let s = random_state(&group, &mut Rng::new(seed));
            let sol = solver.solve(&s.colours(&p)).unwrap();
            assert!(sol.fell_back, "{name} seed {seed}");
            let turns: Vec<Turn> = sol.moves.iter().map(|&t| model::to_turn(t)).collect();
            assert!(solved_by(&p, &s, &turns), "{name} seed {seed}");
        }
    }
    let p = named("2x2x2").unwrap();
    let s = random_state(&Group::new(&p), &mut Rng::new(1));
    let optimal = Options {
        optimal: true,
        budget: 10,
        ..test_options()
    };
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &optimal).unwrap();
    assert_eq!(
        solver.solve(&s.colours(&p)).unwrap_err(),
        SolveError::Budget
    );
}

/// Colours of the solved puzzle with one piece's colours turned (a cyclic shift of its
/// stickers' colours: a twist when it has three stickers, a flip when two).
fn turned_piece(p: &Puzzle, size: usize) -> Vec<u16> {
    let mut c = p.colours();
    let piece = p
        .pieces
        .iter()
        .find(|pc| pc.stickers.len() == size)
        .unwrap();
    let first = c[piece.stickers[0]];
    for w in piece.stickers.windows(2) {
        c[w[0]] = c[w[1]];
    }
    c[*piece.stickers.last().unwrap()] = first;
    c
}

#[test]
fn unreachable_states_are_refused() {
    for (name, size) in [
        ("cube-3", 3),
        ("cube-3", 2),
        ("2x2x2", 3),
        ("pyraminx", 2),
        ("megaminx", 2),
    ] {
        let p = named(name).unwrap();
        let solver = Solver::prepare(&PermPuzzle::from_model(&p), &test_options()).unwrap();
        let colours = turned_piece(&p, size);
        match solver.solve(&colours) {
            Err(SolveError::Unreachable(_)) => {}
            other => panic!("{name}, a piece of {size} turned: {other:?}"),
        }
    }
}

/// Random elements of the group some moves generate, their distances from the breadth-first
/// search, and the optimal solver's lengths on the puzzle restricted to those moves (all of them
/// when `moves` is empty).
fn optimal_matches_distances(name: &str, moves: &str, states: u64) {
    let p = named(name).unwrap();
    let mut mv: Vec<usize> = p.parse_turns(moves).unwrap().iter().map(|t| t.mv).collect();
    if mv.is_empty() {
        mv = (0..p.moves.len()).collect();
    }
    let gens: Vec<_> = mv.iter().map(|&m| p.moves[m].perm.clone()).collect();
    let chain = Chain::new(p.degree(), &gens, &base_priority(&p), CHAIN_SEED);
    let targets: Vec<_> = (1..=states)
        .map(|seed| chain.random_element(&mut Rng::new(seed)))
        .collect();
    let (_, depth) = distances_of(&p, &mv, Metric::Htm, DEFAULT_MAX_POSITIONS, &targets).unwrap();
    let perm = PermPuzzle::from_model(&p).restricted(&mv);
    let options = Options {
        optimal: true,
        ..test_options()
    };
    let solver = Solver::prepare(&perm, &options).unwrap();
    for (g, d) in targets.iter().zip(depth) {
        let s = State::from_perm(g);
        let sol = solver.solve(&s.colours(&p)).unwrap();
        // Check the solution, turns renumbered back to the puzzle's moves.
        let turns: Vec<Turn> = sol
            .moves
            .iter()
            .map(|t| Turn {
                mv: mv[t.turn as usize],
                amount: t.amount as u8,
            })
            .collect();
        assert!(solved_by(&p, &s, &turns), "{name}");
        assert_eq!(
            Some(sol.moves.len()),
            d,
            "{name}: {} is not as short as the state's distance",
            p.format_turns(&turns)
        );
    }
}

#[test]
fn optimal_pyraminx_lengths_are_distances() {
    // The four corners with their tips: 933,120 positions (the tips turn with their centres).
    optimal_matches_distances("pyraminx", "U L R B", 8);
}

#[test]
fn optimal_2x2x2_lengths_are_distances() {
    // One corner fixed: 3,674,160 positions.
    optimal_matches_distances("2x2x2", "U R F", 6);
}

#[test]
fn optimal_skewb_lengths_are_distances() {
    // 3,149,280 positions.
    optimal_matches_distances("skewb", "", 6);
}

/// The spreading of operators by conjugation expands one effect per symmetry class and gives
/// the others as images: a shortcut that must change no 3-cycle's cost (the costs are shortest
/// conjugation distances either way), nor which orbits are covered; and every sequence tabulated
/// with it does what its entry says.
#[test]
fn spreading_by_symmetry_classes_changes_no_cost() {
    use polycover_twisty::solve::ops::{OpSearch, Symmetry, Tables, build_tables, seq_perm};
    use polycover_twisty::solve::{Moves, Structure};
    use std::collections::HashMap;
    for name in ["3x3x3", "megaminx", "octahedron-3", "skewb", "cube-4"] {
        let perm = PermPuzzle::from_model(&named(name).unwrap());
        let moves = Moves::new(&perm);
        let structure = Structure::new(&perm, &moves).unwrap();
        let sym = Symmetry::new(&perm.symmetries, &moves, perm.stickers);
        assert!(sym.perm.len() > 1, "{name}: no symmetry to test");
        let wanted = vec![true; structure.orbits.len()];
        let build = |spread_symmetry: bool| {
            let settings = OpSearch {
                spread_symmetry,
                ..OpSearch::default()
            };
            build_tables(&structure, &moves, &perm.pieces, &sym, &wanted, settings)
        };
        let (with, without) = (build(true), build(false));
        assert_eq!(with.level, without.level, "{name}");
        let mut found = 0;
        for (oi, orbit) in structure.orbits.iter().enumerate() {
            let o = orbit.twists as usize;
            let cycles = |t: &Tables| -> HashMap<u64, usize> {
                t.tables[oi]
                    .entries()
                    .filter(|(e, _)| e.len == 3 && (0..3).all(|i| e.src[i] != e.dst[i]))
                    .map(|(e, s)| (e.key(orbit.twists), s.len()))
                    .collect()
            };
            let a = cycles(&with);
            found += a.len();
            assert_eq!(a, cycles(&without), "{name} orbit {oi}: 3-cycle costs");
            for (e, seq) in with.tables[oi].entries() {
                let p = seq_perm(&moves, seq, perm.stickers);
                for pos in 0..orbit.len() {
                    let from = orbit.stickers_at(pos * o)[0];
                    let to = match (0..e.len as usize).find(|&i| e.src[i] as usize == pos) {
                        Some(i) => {
                            orbit.stickers_at(e.dst[i] as usize * o + e.delta[i] as usize)[0]
                        }
                        None => from,
                    };
                    assert_eq!(p[from as usize], to, "{name} orbit {oi}: {e:?} by {seq:?}");
                }
            }
        }
        assert!(found > 0, "{name}: no 3-cycle at all");
    }
}

/// A state a few moves from solved is solved in at most as many moves (the short search meets in
/// the middle before the stages, which would insert operators orbit by orbit): scrambles of 1 to
/// 4 random quarter turns, on small and big puzzles.
#[test]
fn short_scrambles_get_short_solutions() {
    use polycover_twisty::solve::Twist;
    for name in ["3x3x3", "pyraminx", "octahedron-3", "megaminx", "7x7x7"] {
        let p = named(name).unwrap();
        let perm = PermPuzzle::from_model(&p);
        let solver = Solver::prepare(&perm, &test_options()).unwrap();
        let mut rng = Rng::new(5);
        for k in 1..=4 {
            let turns: Vec<Turn> = (0..k)
                .map(|_| {
                    model::to_turn(Twist {
                        turn: rng.below(perm.turns.len()) as u16,
                        amount: 1,
                    })
                })
                .collect();
            let mut s = State::solved(&p);
            s.apply(&p, &turns);
            let sol = solver.solve(&s.colours(&p)).unwrap();
            let back: Vec<Turn> = sol.moves.iter().map(|&t| model::to_turn(t)).collect();
            assert!(
                solved_by(&p, &s, &back),
                "{name}: {}",
                p.format_turns(&turns)
            );
            assert!(
                back.len() <= k,
                "{name}: {} solved by {}",
                p.format_turns(&turns),
                p.format_turns(&back)
            );
        }
    }
}

/// On puzzles finished by operators the short search goes deeper (its table holds every state 4
/// moves from solved on `cube-4`, 3 on the Megaminx): scrambles of 5 to 7 random moves (any
/// layer, any amount) come back in at most as many.
#[test]
fn deeper_short_scrambles_on_puzzles_finished_by_operators() {
    for (name, most) in [("cube-4", 7), ("megaminx", 6)] {
        let p = named(name).unwrap();
        let perm = PermPuzzle::from_model(&p);
        let solver = Solver::prepare(&perm, &test_options()).unwrap();
        let mut rng = Rng::new(11);
        for k in 5..=most {
            for _ in 0..2 {
                let turns = common::random_moves(&p, k, &mut rng);
                let mut s = State::solved(&p);
                s.apply(&p, &turns);
                let sol = solver.solve(&s.colours(&p)).unwrap();
                let back: Vec<Turn> = sol.moves.iter().map(|&t| model::to_turn(t)).collect();
                let shown = p.format_turns(&turns);
                assert!(solved_by(&p, &s, &back), "{name}: {shown}");
                assert!(
                    back.len() <= k,
                    "{name}: {shown} solved by {}",
                    p.format_turns(&back)
                );
            }
        }
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
