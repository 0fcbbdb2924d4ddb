//! Solving twisty puzzles: the seed project's benchmark table (twisty-polyhedra's README), row by
//! row, on random reachable states, beside its published figures.
//!
//! `cargo bench -p polycover-benches --bench twisty_solve [-- [--states N] [--row-seconds S]
//! [--two-phase-budget NODES] NAME...]`
//!
//! For every row (the seed's 15 puzzles, then the 3x3x3, 7x7x7 and 10x10x10): the puzzle is
//! built, its stabilizer chain made (for the random states only; not timed as preparation), the
//! solver prepared twice (both timed: the first may build the two-phase tables and store them in
//! the user's cache directory, `POLYCOVER_CACHE_DIR` or XDG's, the second reads them back; the
//! *first prepare* column shows the first, *prepare* the second), then `N` (default 100) uniformly random reachable states, from
//! the fixed seeds `1..=N`, are solved (each timed) and every solution is checked by applying it
//! to its state with the model's own move permutations: a solution that does not give the solved
//! colours stops the bench. A state the solver gives up on (its exact search's node budget) is
//! counted in the *failed* column; one it solved only with the fallback solver (after the exact
//! stage ran out of its budget, fewer orbits solved exactly) in the *fallback* column.
//! `--row-seconds S` stops a row's states once S seconds of solving are spent (the *states*
//! column then says how many were solved); by default every row runs all its states. Lengths are in the seed's metric (one move = one turn of one move of
//! the move set, by any amount) and in quarter turns (single steps either way). Output: a Markdown
//! table for docs/performance.md, the seed's figures in the columns marked *seed*.

use std::time::Instant;
use twisty::State;
use twisty::count::{Group, random_state};
use twisty::rng::Rng;
use twisty::solve::{Options, PermPuzzle, SolveError, Solver, model};

/// The seed's table (Chrome 83, i7-9750H): name, preprocessing ms, solving ms, moves.
const SEED: &[(&str, f64, f64, f64)] = &[
    ("tetrahedron-3", 468.0, 11.0, 38.0),
    ("tetrahedron-4", 1837.0, 15.0, 106.0),
    ("tetrahedron-5", 5654.0, 19.0, 250.0),
    ("cube-2", 149.0, 23.0, 64.0),
    ("cube-3", 1066.0, 32.0, 148.0),
    ("cube-4", 7052.0, 62.0, 340.0),
    ("octahedron-2", 216.0, 3.0, 33.0),
    ("octahedron-3", 2301.0, 13.0, 172.0),
    ("octahedron-4", 9839.0, 19.0, 366.0),
    ("dodecahedron-2", 3729.0, 499.0, 388.0),
    ("dodecahedron-4", 88374.0, 804.0, 2202.0),
    ("dodecahedron-6", 441504.0, 2837.0, 4050.0),
    ("icosahedron-2", 4317.0, 130.0, 568.0),
    ("icosahedron-3", 26648.0, 272.0, 1312.0),
    ("icosahedron-4", 104973.0, 563.0, 2252.0),
];

/// The seed's figures of one row: preprocessing ms, solving ms, moves.
type SeedRow = (f64, f64, f64);

/// Rows beyond the seed's table: the face-turning 3x3x3, and puzzles at scale.
const EXTRA: &[&str] = &["3x3x3", "7x7x7", "10x10x10"];

fn main() {
    let mut states = 100u64;
    let mut row_seconds = f64::INFINITY;
    let mut filter: Vec<String> = Vec::new();
    let mut options = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--states" {
            states = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--states N");
        } else if a == "--row-seconds" {
            row_seconds = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--row-seconds S");
        } else if a == "--two-phase-budget" {
            options.two_phase_budget = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--two-phase-budget NODES");
        } else if !a.starts_with('-') {
            filter.push(a);
        }
    }
    let rows: Vec<(&str, Option<SeedRow>)> = SEED
        .iter()
        .map(|&(n, p, s, m)| (n, Some((p, s, m))))
        .chain(EXTRA.iter().map(|&n| (n, None)))
        .filter(|(n, _)| filter.is_empty() || filter.iter().any(|f| f == n))
        .collect();
    println!(
        "| puzzle | states | failed | fallback | moves mean | moves max | seed moves | mean / seed | quarter turns mean | first prepare (s) | prepare (s) | seed prepare (s) | prepare / seed | solve mean (ms) | solve max (ms) | seed solve (ms) |"
    );
    println!(
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for (name, seed) in rows {
        let p = twisty::named(name).expect("a catalog puzzle");
        let group = Group::new(&p);
        let perm = PermPuzzle::from_model(&p);
        let first = Solver::prepare(&perm, &options)
            .unwrap_or_else(|e| panic!("{name}: prepare: {e}"))
            .prepare_seconds;
        let solver =
            Solver::prepare(&perm, &options).unwrap_or_else(|e| panic!("{name}: prepare: {e}"));
        let solved = p.colours();
        let (mut total, mut max, mut qtm) = (0usize, 0usize, 0u64);
        let (mut t_total, mut t_max) = (0f64, 0f64);
        let (mut done, mut failed, mut fell_back) = (0u64, 0u64, 0u64);
        let started = Instant::now();
        for seed in 1..=states {
            if started.elapsed().as_secs_f64() > row_seconds {
                break;
            }
            let s = random_state(&group, &mut Rng::new(seed));
            let colours = s.colours(&p);
            let sol = match solver.solve(&colours) {
                Ok(sol) => sol,
                Err(SolveError::Budget) => {
                    failed += 1;
                    continue;
                }
                Err(e) => panic!("{name}: state {seed}: {e}"),
            };
            // Check with the model: the solution applied to the state shows the solved colours.
            let turns: Vec<twisty::Turn> = sol.moves.iter().map(|&t| model::to_turn(t)).collect();
            let mut end = State { at: s.at.clone() };
            end.apply(&p, &turns);
            assert_eq!(
                end.colours(&p),
                solved,
                "{name}: the solution of state {seed} does not solve it"
            );
            fell_back += u64::from(sol.fell_back);
            total += sol.moves.len();
            max = max.max(sol.moves.len());
            qtm += u64::from(sol.quarter_turns);
            t_total += sol.solve_seconds;
            t_max = t_max.max(sol.solve_seconds);
            done += 1;
        }
        let n = done.max(1) as f64;
        let mean = total as f64 / n;
        let prep = solver.prepare_seconds;
        let (sm, sp, ss) = match seed {
            Some((p, s, m)) => (format!("{m}"), format!("{:.3}", p / 1000.0), format!("{s}")),
            None => ("-".into(), "-".into(), "-".into()),
        };
        let ratio = |a: f64, b: Option<f64>| b.map_or("-".to_string(), |b| format!("{:.3}", a / b));
        println!(
            "| {name} | {done} | {failed} | {fell_back} | {mean:.1} | {max} | {sm} | {} | {:.1} | {first:.3} | {prep:.3} | {sp} | {} | {:.1} | {:.1} | {ss} |",
            ratio(mean, seed.map(|s| s.2)),
            qtm as f64 / n,
            ratio(prep, seed.map(|s| s.0 / 1000.0)),
            t_total / n * 1000.0,
            t_max * 1000.0,
        );
    }
}
