//! Speed-up of the parallel count over one thread, on the full 6×10
//! pentomino count (9356) and the 2×5×6 solid pentominoes (2112).
//!
//! `cargo bench -p polycover-parallel --bench speedup [-- THREADS...]`
//! (default: 1, 2 and every core). Each count is checked before its time is
//! reported; instances come from `benches/instances`,
//! and an absent one is skipped with a message.

use parallel::{NoProgress, Options};
use std::path::PathBuf;
use std::time::Instant;

const CASES: [(&str, u128); 2] = [("pent6x10", 9356), ("pent2x5x6", 2112)];

fn find(name: &str) -> Option<PathBuf> {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    Some(here.join(format!("../../benches/instances/{name}.dlx"))).filter(|p| p.exists())
}

fn main() {
    let mut threads: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if threads.is_empty() {
        let all = Options::default().thread_count();
        threads = vec![1, 2, all];
        threads.dedup();
    }
    println!(
        "| instance | threads | seconds | speed-up | nodes | wasted nodes | subproblems | splits |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, want) in CASES {
        let Some(path) = find(name) else {
            println!("{name}: instance not found, skipped");
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("readable instance");
        let m = dlx::format::parse(&text).expect("a valid instance");
        let mut base = None;
        for &t in &threads {
            let start = Instant::now();
            let r = parallel::count(&m, &Options::with_threads(t), &mut NoProgress)
                .expect("the count runs");
            let secs = start.elapsed().as_secs_f64();
            assert_eq!(r.solutions, want, "{name} with {t} threads: wrong count");
            let base = *base.get_or_insert(secs);
            println!(
                "| {name} | {t} | {secs:.3} | {:.2}x | {} | {} | {} | {} |",
                base / secs,
                r.nodes,
                r.wasted_nodes,
                r.subproblems,
                r.splits
            );
        }
    }
}
