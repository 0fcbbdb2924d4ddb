//! The bundled catalog (`data/`): every puzzle with expected counts is
//! solved and compared, and the size of its search with the `[expect]
//! nodes` recorded (the count `polycover verify` makes, on the default
//! engine: a different size means the file's record is stale, and
//! `polycover verify --update` rewrites it). Puzzles of at most `FAST`
//! recorded nodes run in the default test run; the rest run with
//! `cargo test -- --ignored` (and in `polycover verify --all`).

use crate::memo_search::MemoOnly;
use orbits::Search;
use std::path::{Path, PathBuf};

/// A few seconds of the test profile, one thread.
const FAST: u64 = 3_000_000;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

fn puzzle_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() && e.ends_with("twisty") {
            // Twisty puzzles: crates/twisty's tests and `verify` check them.
            continue;
        }
        if e.is_dir() {
            puzzle_files(&e, out);
        } else if e.extension().is_some_and(|x| x == "toml") {
            let text = std::fs::read_to_string(&e).unwrap();
            // Piece sets are no puzzles; tile puzzles have their own tests
            // (tests/tiles.rs).
            if !polyform::file::is_piece_set(&text) && !polyform::tiles::file::is_tile_puzzle(&text)
            {
                out.push(e);
            }
        }
    }
}

/// Solves every catalog puzzle whose recorded nodes pass `select`; returns
/// how many were checked.
fn check(select: impl Fn(u64) -> bool) -> usize {
    let mut files = vec![];
    puzzle_files(&data(), &mut files);
    assert!(files.len() > 70, "the catalog is there");
    let mut checked = 0;
    let mut failures = vec![];
    for f in files {
        let p = polyform::load(&f).unwrap_or_else(|e| panic!("{e}"));
        let Some(expect) = &p.expect else { continue };
        let Some(want) = &expect.solutions else {
            continue;
        };
        assert!(
            expect.source.is_some(),
            "{}: expected counts need a source",
            f.display()
        );
        // Pieces that repeat: counted by the memo engine, which records
        // its states (as `polycover verify` does).
        let memo = p.pieces.iter().any(|q| q.count.hi.is_none_or(|h| h > 1));
        let (key, recorded) = match memo {
            true => ("states", expect.states),
            false => ("nodes", expect.nodes),
        };
        let Some(nodes) = recorded else {
            failures.push(format!(
                "{}: no [expect] {key} (polycover verify --update records them)",
                f.display()
            ));
            continue;
        };
        if !select(nodes) {
            continue;
        }
        let enc = polyform::encode(&p).unwrap();
        // Counting up to symmetry gives both numbers from a smaller search.
        let a = polyform::symmetry::action(&p, &enc, expect.group).unwrap();
        let want_both = orbits::Want::Distinct;
        let d = if memo {
            let plan = orbits::Plan::unweighted(&enc.matrix, &a, want_both)
                .unwrap()
                .expect("the catalog's files with copies have orbit matrices");
            let tally = MemoOnly.count(plan.matrix(), None).unwrap();
            plan.finish(tally, &mut MemoOnly).unwrap()
        } else {
            orbits::count(&enc.matrix, &a, want_both, true, &mut orbits::SerialSearch).unwrap()
        };
        if d.solutions != *want {
            failures.push(format!(
                "{}: expected {want}, got {}",
                f.display(),
                d.solutions
            ));
        }
        if d.stats.nodes != nodes {
            failures.push(format!(
                "{}: [expect] {key} = {nodes}, the count took {} (polycover verify --update records it)",
                f.display(),
                d.stats.nodes
            ));
        }
        if let Some(dw) = &expect.distinct
            && Some(dw) != d.distinct.as_ref()
        {
            failures.push(format!(
                "{}: expected {dw} distinct, got {:?}",
                f.display(),
                d.distinct
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{failures:#?}");
    checked
}

#[test]
fn fast_catalog_puzzles_have_their_published_counts() {
    let n = check(|s| s <= FAST);
    // 67 Katamino levels, 3x20, 4x15, 8x8 minus centre, Soma, Easy Cube
    // and Q35, dominoes, two puzzles with copies.
    assert!(n >= 76, "only {n} puzzles checked");
}

#[test]
#[ignore = "slow: the puzzles of more than FAST nodes (minutes in the test profile)"]
fn slow_catalog_puzzles_have_their_published_counts() {
    check(|s| s > FAST);
}

#[test]
fn every_katamino_level_is_in_the_catalog() {
    let mut files = vec![];
    puzzle_files(&data().join("katamino"), &mut files);
    // Small Slam: 7 challenges x levels 3..8; The Slam: 5 x levels 5..9.
    assert_eq!(files.len(), 7 * 6 + 5 * 5);
}
