//! Single-threaded speed of the memoized counting engine (`dlx::memo`) on
//! tiling counts the other engines cannot reach.
//!
//! `cargo bench -p polycover-benches --bench memo [-- NAME...]`
//!
//! For each instance (domino tilings of squares, OEIS A099390; Project
//! Euler 161, trominoes on 9x12): build the matrix, then count it `RUNS`
//! times (default 3, or `POLYCOVER_BENCH_RUNS`) with the sweep along the
//! long side and `RUNS` times with the engine's own order
//! (`dlx::memo::sweep_order`), each run with a fresh cache; check each count
//! against the published one before reporting anything, and print the
//! fastest run of each with its states, cache hits and cached states as a
//! Markdown table row.

use dlx::memo::{Memo, MemoOptions, MemoStats, frontier, sweep_order};
use dlx::{ItemId, Matrix, MatrixBuilder};
use std::time::Instant;

const DOMINOES: &[&[(usize, usize)]] = &[&[(0, 0), (0, 1)], &[(0, 0), (1, 0)]];

/// The straight tromino both ways and the L tromino in its four orientations.
const TROMINOES: &[&[(usize, usize)]] = &[
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
];

/// Name, board rows and columns, shapes, published count.
type Instance = (
    &'static str,
    usize,
    usize,
    &'static [&'static [(usize, usize)]],
    u128,
);

const INSTANCES: &[Instance] = &[
    ("dominoes-8x8", 8, 8, DOMINOES, 12_988_816),
    ("dominoes-10x10", 10, 10, DOMINOES, 258_584_046_368),
    ("dominoes-12x12", 12, 12, DOMINOES, 53_060_477_521_960_000),
    ("pe161-9x12", 9, 12, TROMINOES, 20_574_308_184_277_971),
];

/// A `rows x cols` board, cells primary in row-major order, with an option
/// for every placement of every shape; and the sweep along its long side.
fn board(rows: usize, cols: usize, shapes: &[&[(usize, usize)]]) -> (Matrix, Vec<ItemId>) {
    let mut b = MatrixBuilder::new();
    let cells: Vec<ItemId> = (0..rows * cols)
        .map(|k| b.primary(&format!("{}_{}", k / cols, k % cols)).unwrap())
        .collect();
    for shape in shapes {
        let h = shape.iter().map(|c| c.0).max().unwrap() + 1;
        let w = shape.iter().map(|c| c.1).max().unwrap() + 1;
        for r in 0..rows.saturating_sub(h - 1) {
            for c in 0..cols.saturating_sub(w - 1) {
                let opt: Vec<_> = shape
                    .iter()
                    .map(|&(dr, dc)| (cells[(r + dr) * cols + c + dc], None))
                    .collect();
                b.option(&opt).unwrap();
            }
        }
    }
    let mut sweep = Vec::with_capacity(rows * cols);
    if rows <= cols {
        for c in 0..cols {
            sweep.extend((0..rows).map(|r| cells[r * cols + c]));
        }
    } else {
        sweep = cells;
    }
    (b.build().unwrap(), sweep)
}

/// The fastest of `runs` counts with this order (a fresh engine each),
/// after checking the count; with the figures of that run.
fn time(
    m: &Matrix,
    order: Option<Vec<ItemId>>,
    want: u128,
    name: &str,
    runs: usize,
) -> (f64, MemoStats) {
    let mut best = (f64::INFINITY, MemoStats::default());
    for _ in 0..runs {
        let options = MemoOptions {
            order: order.clone(),
            ..MemoOptions::default()
        };
        let t = Instant::now();
        let mut memo = Memo::with_options(m, options).expect("every option holds a cell");
        let n = memo.count().expect("no overflow");
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(n, want, "{name}: wrong count, timing discarded");
        if secs < best.0 {
            best = (secs, memo.stats());
        }
    }
    best
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let runs: usize = std::env::var("POLYCOVER_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    println!(
        "| instance | solutions | order | frontier | best of {runs} (s) | states | cache hits | cached |"
    );
    println!("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    for &(name, rows, cols, shapes, want) in INSTANCES {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let (m, sweep) = board(rows, cols, shapes);
        let heuristic = sweep_order(&m);
        // The heuristic run computes its order inside the timing (order: None).
        for (label, order, given) in [("sweep", sweep, true), ("heuristic", heuristic, false)] {
            let width = frontier(&m, &order).expect("cells are primary");
            let (secs, s) = time(&m, given.then_some(order), want, name, runs);
            println!(
                "| {name} | {want} | {label} | {width} | {secs:.4} | {} | {} | {} |",
                s.states, s.hits, s.cached
            );
        }
    }
}
