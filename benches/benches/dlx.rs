//! Single-threaded speed of the exact-cover core on the standard instances.
//!
//! `cargo bench -p polycover-benches --bench dlx [-- NAME...]`
//!
//! For each instance: parse, then count all solutions `RUNS` times (default
//! 3, or `POLYCOVER_BENCH_RUNS`), check the count against the published one
//! before reporting anything, and print the fastest run with nodes, updates
//! and updates per second as a Markdown table row.

use dlx::Solver;
use std::time::Instant;

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let runs: usize = std::env::var("POLYCOVER_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    println!("| instance | solutions | nodes | updates | best of {runs} (s) | M updates/s |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for inst in polycover_benches::catalog() {
        if !filter.is_empty() && !filter.iter().any(|f| inst.name.contains(f.as_str())) {
            continue;
        }
        let m = dlx::format::parse(&inst.text).expect("generated instances parse");
        let mut best = f64::INFINITY;
        let mut stats = None;
        for _ in 0..runs {
            let mut s = Solver::new(&m);
            let t = Instant::now();
            let n = s.count();
            let secs = t.elapsed().as_secs_f64();
            assert_eq!(
                n, inst.solutions,
                "{}: wrong count, timing discarded",
                inst.name
            );
            best = best.min(secs);
            stats = Some(s.stats());
        }
        let st = stats.expect("at least one run");
        println!(
            "| {} | {} | {} | {} | {:.3} | {:.1} |",
            inst.name,
            st.solutions,
            st.nodes,
            st.updates,
            best,
            st.updates as f64 / best / 1e6
        );
    }
}
