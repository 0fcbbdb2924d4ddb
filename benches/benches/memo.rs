//! Single-threaded speed of the memoized counting engine (`dlx::memo`) on
//! the catalog's tilings that the other engines cannot reach, and Knuth's
//! DLX6 on the same matrices when it is given.
//!
//! `cargo bench -p polycover-benches --bench memo [-- NAME...]`
//!
//! For each catalog file below (its matrix as `polycover matrix` writes it,
//! its published count from its `[expect]`): count it `RUNS` times (default
//! 3, or `POLYCOVER_BENCH_RUNS`) with the sweep along the board's long side
//! and `RUNS` times with the engine's own order (`dlx::memo::sweep_order`),
//! each run with a fresh cache; check each count against the published one
//! before reporting anything, and print the fastest run of each with its
//! states, cache hits and cached states as a Markdown table row.
//!
//! With `POLYCOVER_DLX6=path/to/dlx6` (Knuth's DLX6, built outside this
//! repository: docs/performance.md, "Re-running"), a second table: DLX6 run
//! once on each matrix, written to a temporary file, as a whole process
//! (its parsing included), stopped after `POLYCOVER_DLX6_SECONDS` (default
//! 60) of wall time, with at most `POLYCOVER_DLX6_MEM_KB` KiB of address
//! space (default 8 GiB); its count is shown beside the published one.

use dlx::memo::{Memo, MemoOptions, MemoStats, frontier, sweep_order};
use dlx::{ItemId, Matrix};
use polycover_benches::best_of;
use polycover_benches::peer::{PeerRun, dlx6_summary, run_capped};
use std::path::{Path, PathBuf};

/// Catalog files under `data/`, without `.toml`.
const FILES: &[&str] = &[
    "dominoes/8x8",
    "dominoes/10x10",
    "dominoes/12x12",
    "trominoes/9x12",
    "tetrominoes/4x25",
    "tetrominoes/8x8",
    "pentominoes-repeated/6x10",
];

/// One catalog file's matrix and published count.
struct Instance {
    /// The file, as in [`FILES`].
    name: &'static str,
    matrix: Matrix,
    /// Its `[expect] solutions`.
    want: dlx::Count,
}

fn load(name: &'static str) -> Instance {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../data/{name}.toml"));
    let p = problem::load(&path, &problem::LoadOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let want = p
        .expect()
        .and_then(|e| e.solutions.clone())
        .unwrap_or_else(|| panic!("{name}: no published count in [expect]"));
    Instance {
        name,
        matrix: p.matrix().clone(),
        want,
    }
}

/// The board's cells (items named `x,y`, as polyform names them) column by
/// column along the board's long side, so that the frontier spans the short
/// side. Items with other names are left out (the engine puts them last).
fn long_side_sweep(m: &Matrix) -> Vec<ItemId> {
    let mut cells: Vec<(i64, i64, ItemId)> = m
        .items()
        .filter(|&i| m.is_primary(i))
        .filter_map(|i| {
            let (x, y) = m.item_name(i).split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?, i))
        })
        .collect();
    let extent = |f: fn(&(i64, i64, ItemId)) -> i64| {
        cells.iter().map(f).max().unwrap_or(0) - cells.iter().map(f).min().unwrap_or(0)
    };
    if extent(|c| c.0) >= extent(|c| c.1) {
        cells.sort_by_key(|c| (c.0, c.1));
    } else {
        cells.sort_by_key(|c| (c.1, c.0));
    }
    cells.into_iter().map(|c| c.2).collect()
}

/// The fastest of `runs` counts with this order (a fresh engine each),
/// after checking the count; with the figures of that run.
fn time(inst: &Instance, order: Option<Vec<ItemId>>, runs: usize) -> (f64, MemoStats) {
    let (secs, _, stats) = best_of(
        runs,
        || (),
        |_| {
            let options = MemoOptions {
                order: order.clone(),
                ..MemoOptions::default()
            };
            let mut memo = Memo::with_options(&inst.matrix, options).expect("cells are primary");
            let n = memo.count().expect("no overflow");
            assert_eq!(n, inst.want, "{}: wrong count, timing discarded", inst.name);
            memo.stats()
        },
    );
    (secs, stats)
}

/// The second table: DLX6 on each matrix, against the memo engine's best
/// time with its own order (`memo_secs`, by instance).
fn dlx6_table(dlx6: &Path, instances: &[Instance], memo_secs: &[f64]) {
    let env = |var: &str, default: u64| {
        std::env::var(var)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let seconds = env("POLYCOVER_DLX6_SECONDS", 60);
    let mem_kb = env("POLYCOVER_DLX6_MEM_KB", 8 << 20);
    let dir = std::env::temp_dir();
    println!();
    println!(
        "| instance | published | DLX6 count | DLX6 nodes | DLX6, one run (s) | memo, heuristic (s) | DLX6 / memo |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (inst, memo) in instances.iter().zip(memo_secs) {
        let file: PathBuf = dir.join(format!(
            "polycover-memo-bench-{}-{}.dlx",
            std::process::id(),
            inst.name.replace('/', "_")
        ));
        std::fs::write(&file, dlx::format::write(&inst.matrix)).expect("temporary matrix file");
        let run = run_capped(dlx6, &file, seconds, mem_kb);
        std::fs::remove_file(&file).ok();
        let cells = match run {
            Ok(PeerRun::Finished { secs, stderr }) => match dlx6_summary(&stderr) {
                Some((n, nodes)) => {
                    let differs = if inst.want == n { "" } else { " (differs!)" };
                    format!(
                        "{n}{differs} | {nodes} | {secs:.4} | {memo:.4} | {:.1}",
                        secs / memo
                    )
                }
                None => format!("no count in its report | - | {secs:.4} | {memo:.4} | -"),
            },
            Ok(PeerRun::GaveUp { secs, why }) => {
                format!("{why} | - | {secs:.1} | {memo:.4} | > {:.0}", secs / memo)
            }
            Err(e) => format!(
                "could not run {}: {e} | - | - | {memo:.4} | -",
                dlx6.display()
            ),
        };
        println!("| {} | {} | {cells} |", inst.name, inst.want);
    }
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let runs = polycover_benches::runs();
    println!(
        "| instance | solutions | order | frontier | best of {runs} (s) | states | cache hits | cached |"
    );
    println!("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    let mut instances = Vec::new();
    let mut memo_secs = Vec::new();
    for &name in FILES {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let inst = load(name);
        let sweep = long_side_sweep(&inst.matrix);
        let heuristic = sweep_order(&inst.matrix);
        // The heuristic run computes its order inside the timing (order: None).
        for (label, order, given) in [("sweep", sweep, true), ("heuristic", heuristic, false)] {
            let width = frontier(&inst.matrix, &order).expect("cells are primary");
            let (secs, s) = time(&inst, given.then_some(order), runs);
            println!(
                "| {name} | {} | {label} | {width} | {secs:.4} | {} | {} | {} |",
                inst.want, s.states, s.hits, s.cached
            );
            if !given {
                memo_secs.push(secs);
            }
        }
        instances.push(inst);
    }
    match std::env::var_os("POLYCOVER_DLX6") {
        Some(dlx6) => dlx6_table(Path::new(&dlx6), &instances, &memo_secs),
        None => println!(
            "\nDLX6: not run (set POLYCOVER_DLX6 to a dlx6 binary built from Knuth's dlx6.w)."
        ),
    }
}
