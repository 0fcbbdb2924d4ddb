//! Counting twisty puzzles: the time to build each catalog puzzle from its
//! geometry, to make its stabilizer chain (Schreier–Sims), and to make the
//! three counts (the colour-stabilizer backtrack and the rotations).
//!
//! `cargo bench -p polycover-benches --bench twisty [-- NAME...]`
//!
//! Every puzzle file of `data/twisty/` (its counts are checked against the
//! published ones before any time is reported; a mismatch stops the bench),
//! then the seed project's benchmark puzzles that have no file (their
//! counts are printed, not checked). Files whose `[expect] seconds`
//! estimate is above 10 are skipped unless `POLYCOVER_BENCH_ALL` is set
//! (the Teraminx: about a minute and a half). Each phase is timed once:
//! the work is deterministic (fixed seed), and the slow phases dwarf the
//! noise. Output: a Markdown table for docs/performance.md.

use std::path::{Path, PathBuf};
use std::time::Instant;
use twisty::Puzzle;
use twisty::count::{Counts, Group};
use twisty::file::{self, Expect};

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let all = std::env::var_os("POLYCOVER_BENCH_ALL").is_some();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/twisty");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .unwrap_or_else(|e| panic!("{}: {e}", data.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut jobs: Vec<(String, Puzzle, Option<Expect>, f64)> = Vec::new();
    let mut named = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("a readable data file");
        let start = Instant::now();
        let (p, expect) = file::load(f, &text).unwrap_or_else(|e| panic!("{e}"));
        let build = start.elapsed().as_secs_f64();
        named.push(p.name().to_string());
        if expect.as_ref().and_then(|e| e.seconds).unwrap_or(0.0) > 10.0 && !all {
            eprintln!(
                "{}: skipped (slow; POLYCOVER_BENCH_ALL=1 runs it)",
                p.name()
            );
            continue;
        }
        jobs.push((p.name().to_string(), p, expect, build));
    }
    for name in twisty::catalog::SEED_PUZZLES {
        if named.iter().any(|n| n == name) {
            continue;
        }
        let start = Instant::now();
        let p = twisty::named(name).expect("a catalog puzzle");
        let build = start.elapsed().as_secs_f64();
        jobs.push((name.to_string(), p, None, build));
    }
    println!(
        "| puzzle | stickers | moves | build (s) | chain (s) | counts (s) | positions (digits) | checked |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (name, p, expect, build) in jobs {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let start = Instant::now();
        let group = Group::new(&p);
        let chain = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let counts = Counts::of(&p, &group).unwrap_or_else(|e| panic!("{name}: {e}"));
        let count = start.elapsed().as_secs_f64();
        let checked = match &expect {
            None => "no published count".to_string(),
            Some(e) => {
                let results = file::compare(e, &counts);
                for r in &results {
                    assert!(
                        r.ok(),
                        "{name}: {} expected {}, got {:?}",
                        r.key,
                        r.expected,
                        r.got
                    );
                }
                results.iter().map(|r| r.key).collect::<Vec<_>>().join(", ")
            }
        };
        println!(
            "| {name} | {} | {} | {build:.3} | {chain:.3} | {count:.3} | {} | {checked} |",
            p.degree(),
            p.moves.len(),
            counts.positions.to_string().len(),
        );
    }
}
