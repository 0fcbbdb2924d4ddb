//! Every puzzle file in `data/twisty/` (each with published counts and
//! their source) counted and compared, except those marked slow; and the
//! seed project's 15 benchmark puzzles built by name.

use polycover_twisty::count::Counts;
use polycover_twisty::file;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/twisty")
}

#[test]
fn published_counts_match() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the data files are missing");
    let mut checked = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(file::is_twisty_file(&text), "{}", f.display());
        let (puzzle, expect) = file::load(&f, &text).unwrap();
        let expect = expect.unwrap_or_else(|| panic!("{}: no [expect]", f.display()));
        assert!(expect.source.is_some(), "{}: no source", f.display());
        // Slow files (an estimate over a second) are for `verify --all`.
        if expect.seconds.unwrap_or(0.0) > 1.0 {
            continue;
        }
        let counts = Counts::new(&puzzle).unwrap();
        let results = file::compare(&expect, &counts);
        assert!(!results.is_empty(), "{}: nothing to check", f.display());
        for r in results {
            assert!(
                r.ok(),
                "{}: {} expected {}, got {:?}",
                f.display(),
                r.key,
                r.expected,
                r.got
            );
            checked += 1;
        }
    }
    eprintln!("{checked} counts checked");
    assert!(checked >= 35, "{checked} counts checked");
}

#[test]
fn the_seed_benchmark_puzzles_exist() {
    for name in polycover_twisty::catalog::SEED_PUZZLES {
        let p = polycover_twisty::named(name).unwrap();
        assert!(p.moves.len() >= 6, "{name}");
    }
}
