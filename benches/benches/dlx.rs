//! Single-threaded speed of the exact-cover core on the standard instances.
//!
//! `cargo bench -p polycover-benches --bench dlx [-- NAME...]`
//!
//! For each instance: parse, then count all solutions `RUNS` times (default
//! 3, or `POLYCOVER_BENCH_RUNS`) on the dancing links with Knuth's moves
//! (early dead ends off), `RUNS` times on the links with early dead ends, and
//! `RUNS` times on the bitset engine when the matrix suits it; check each
//! count against the published one before reporting anything, and print the
//! fastest run of each with nodes, updates and updates per second as a
//! Markdown table row (time ratios against the first).

use dlx::{EngineKind, Solver, Stats};
use polycover_benches::best_of;

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let runs = polycover_benches::runs();
    println!(
        "| instance | solutions | nodes | updates (DLX1's moves) | links, best of {runs} (s) | M updates/s | updates (early dead ends) | links early, best of {runs} (s) | ratio | bits, best of {runs} (s) | ratio |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for inst in polycover_benches::catalog() {
        if !filter.is_empty() && !filter.iter().any(|f| inst.name.contains(f.as_str())) {
            continue;
        }
        let m = dlx::format::parse(&inst.text).expect("generated instances parse");
        let knuth = time(
            &m,
            inst.solutions,
            inst.name,
            runs,
            EngineKind::Links,
            false,
        );
        let early = time(&m, inst.solutions, inst.name, runs, EngineKind::Links, true);
        assert_eq!(
            knuth.0.nodes, early.0.nodes,
            "{}: the trees differ",
            inst.name
        );
        let bits = if m.has_multiplicities() || m.num_options() > 8192 {
            "| - | - |".to_string()
        } else {
            let b = time(&m, inst.solutions, inst.name, runs, EngineKind::Bits, true);
            assert_eq!(b.0, knuth.0, "{}: the engines differ", inst.name);
            format!("| {:.3} | {:.2} |", b.1, b.1 / knuth.1)
        };
        println!(
            "| {} | {} | {} | {} | {:.3} | {:.1} | {} | {:.3} | {:.2} {bits}",
            inst.name,
            knuth.0.solutions,
            knuth.0.nodes,
            knuth.0.updates,
            knuth.1,
            knuth.0.updates as f64 / knuth.1 / 1e6,
            early.0.updates,
            early.1,
            early.1 / knuth.1,
        );
    }
}

/// The fastest of `runs` counts on `engine`, with early dead ends on or off
/// (off: the moves and update counts of DLX1), after checking the count.
fn time(
    m: &dlx::Matrix,
    solutions: u128,
    name: &str,
    runs: usize,
    engine: EngineKind,
    early: bool,
) -> (Stats, f64) {
    let setup = || {
        let mut s = Solver::with_engine(m, engine);
        s.set_early_dead_ends(early);
        s
    };
    let (secs, s, _) = best_of(runs, setup, |s| {
        assert_eq!(
            s.count(),
            solutions,
            "{name}: wrong count, timing discarded"
        );
    });
    (s.stats(), secs)
}
