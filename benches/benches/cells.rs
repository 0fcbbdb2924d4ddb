//! Single-threaded speed of the cell engine (`Solver::with_engine` with
//! `EngineKind::Cells`) against the bitset engine (`EngineKind::Bits`, the
//! links where it does not apply) on the standard instances and on any DLX
//! files given.
//!
//! `cargo bench -p polycover-benches --bench cells [-- NAME... | FILE.dlx[:STRIDE]...]`
//!
//! For each standard instance the cell engine suits: count all solutions
//! `RUNS` times (default 3, or `POLYCOVER_BENCH_RUNS`) on each engine, check
//! both counts against the published one before reporting anything, and
//! print the fastest run of each as a Markdown table row. Arguments naming a
//! `.dlx` file (for example a catalog puzzle's matrix from
//! `polycover matrix`) are timed the same way, the two engines' counts
//! checked against each other. `FILE.dlx:STRIDE` times a fixed sample
//! instead of the whole problem: the item with the fewest options is kept
//! to every `STRIDE`-th of its options, one matrix per option kept, so both
//! engines solve the very same subproblems.

use dlx::{EngineKind, Matrix, Solver};
use std::time::Instant;

/// Seconds of CPU time this thread has used (Linux's schedstat), or of wall
/// time where that is not available: the machine may be shared.
fn clock() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map(|ns| ns / 1e9)
        .unwrap_or_else(|| START.get_or_init(Instant::now).elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let (files, filter): (Vec<String>, Vec<String>) =
        args.into_iter().partition(|a| a.contains(".dlx"));
    let runs: usize = std::env::var("POLYCOVER_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    println!(
        "| instance | mask bits | solutions | cells nodes | cells, best of {runs} (CPU s) | M nodes/s | dlx engine | dlx nodes | dlx, best of {runs} (CPU s) | cells / dlx |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |");
    if files.is_empty() {
        for inst in polycover_benches::catalog() {
            if !filter.is_empty() && !filter.iter().any(|f| inst.name.contains(f.as_str())) {
                continue;
            }
            let m = dlx::format::parse(&inst.text).expect("generated instances parse");
            if EngineKind::Cells.suits(&m) {
                row(inst.name, &[m], Some(inst.solutions), runs);
            }
        }
    }
    for f in &files {
        let (path, stride) = match f.rsplit_once(':') {
            Some((p, s)) => (p, s.parse::<usize>().expect("STRIDE is a number")),
            None => (f.as_str(), 0),
        };
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let m = dlx::format::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        if let Some(why) = EngineKind::Cells.refusal(&m) {
            panic!("{path}: the cell engine does not apply: {why}");
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        if stride == 0 {
            row(name, &[m], None, runs);
        } else {
            let sample = sample(&m, stride);
            row(
                &format!("{name} ({} kept)", sample.len()),
                &sample,
                None,
                runs,
            );
        }
    }
}

/// The matrices of a fixed sample: the primary item with the fewest options
/// kept to its `stride`-th options, one matrix each.
fn sample(m: &Matrix, stride: usize) -> Vec<Matrix> {
    let mut holders = vec![Vec::new(); m.num_primary()];
    for o in m.options() {
        for e in m.option(o) {
            if m.is_primary(e.item) {
                holders[e.item.index()].push(o);
            }
        }
    }
    let (item, list) = holders
        .iter()
        .enumerate()
        .min_by_key(|(_, l)| l.len())
        .expect("a primary item");
    list.iter()
        .step_by(stride)
        .map(|&keep| {
            m.retain_options(|o| o == keep || !m.option(o).iter().any(|e| e.item.index() == item))
                .0
        })
        .collect()
}

/// The width of the cell engine's masks for `m`: the narrowest of 64, 128
/// and 256 bits that holds its items.
fn mask_bits(m: &Matrix) -> usize {
    [64, 128, 256]
        .into_iter()
        .find(|&b| m.num_items() <= b)
        .expect("the cell engine takes at most 256 items")
}

/// The fastest of `runs` counts of all the matrices on `engine` (CPU
/// seconds), with the solutions and nodes; every run's count is checked
/// against `expected` first.
fn time(
    ms: &[Matrix],
    engine: EngineKind,
    expected: Option<u128>,
    runs: usize,
    name: &str,
) -> (f64, u128, u64) {
    let mut best = (f64::INFINITY, 0u128, 0u64);
    for _ in 0..runs {
        let t = clock();
        let (mut n, mut nodes) = (0, 0);
        for m in ms {
            let mut s = Solver::with_engine(m, engine);
            n += s.count();
            nodes += s.stats().nodes;
        }
        let secs = clock() - t;
        if let Some(e) = expected {
            assert_eq!(n, e, "{name}: wrong count on {engine}, timing discarded");
        }
        best = (best.0.min(secs), n, nodes);
    }
    best
}

/// Times both engines on the matrices (their counts added) and prints a row.
fn row(name: &str, ms: &[Matrix], expected: Option<u128>, runs: usize) {
    assert!(ms.iter().all(|m| EngineKind::Cells.suits(m)));
    let bits = ms.iter().map(mask_bits).max().unwrap_or(64);
    let engine = ms
        .first()
        .map_or(EngineKind::Bits, |m| EngineKind::Bits.resolve(m));
    let cells = time(ms, EngineKind::Cells, expected, runs, name);
    let dlx = time(ms, EngineKind::Bits, expected, runs, name);
    assert_eq!(cells.1, dlx.1, "{name}: the engines disagree");
    println!(
        "| {name} | {bits} | {} | {} | {:.3} | {:.1} | {engine:?} | {} | {:.3} | {:.2} |",
        cells.1,
        cells.2,
        cells.0,
        cells.2 as f64 / cells.0 / 1e6,
        dlx.2,
        dlx.0,
        cells.0 / dlx.0,
    );
}
