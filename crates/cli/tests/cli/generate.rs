//! `polycover generate`: every generated file has exactly one solution by
//! `count` and by its matrix through `dlx` (Knuth's format, an independent
//! run), `verify` accepts it; taking any placed piece off the board (its
//! symbol redrawn as `#`) leaves more than one solution (minimal); the same
//! seed writes the same files; no symmetry of the board maps one
//! challenge's drawing onto another's; the 3D pyramid; bad input.

use super::common::*;
use std::path::{Path, PathBuf};

fn generate(file: &str, extra: &[&str], dir: &Path) -> (i32, String, String) {
    let mut args = vec!["generate", file, "-o", dir.to_str().unwrap()];
    args.extend(extra);
    outcome(&run(&args))
}

fn levels(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

fn solutions_by_count(file: &Path) -> u64 {
    let o = run(&["count", file.to_str().unwrap(), "--json", "-j1"]);
    json(&o)["solutions"].as_u64().unwrap()
}

fn solutions_by_dlx(file: &Path) -> u64 {
    let m = run(&["matrix", file.to_str().unwrap()]);
    assert_eq!(m.status.code(), Some(0), "{}", stderr(&m));
    let o = run_stdin(&["dlx", "--json", "-j1"], &stdout(&m));
    json(&o)["solutions"].as_u64().unwrap()
}

/// The board art of a generated file, and the file's text.
fn art(file: &Path) -> (String, String) {
    let text = std::fs::read_to_string(file).unwrap();
    let start = text.find("art = '''\n").unwrap() + "art = '''\n".len();
    let end = start + text[start..].find("'''").unwrap();
    (text[start..end].to_string(), text)
}

fn check_unique(files: &[PathBuf]) {
    for f in files {
        assert_eq!(solutions_by_count(f), 1, "{}", f.display());
        assert_eq!(solutions_by_dlx(f), 1, "{}", f.display());
        let v = run(&["verify", f.to_str().unwrap()]);
        assert_eq!(v.status.code(), Some(0), "{}", stdout(&v));
    }
}

#[test]
fn pentomino_challenges_are_unique_minimal_repeatable_and_distinct() {
    let dir = temp("generate-pent");
    let args = ["--loose", "4", "--count", "3", "--seed", "3"];
    let (code, out, err) = generate("data/pentominoes/6x10.toml", &args, &dir);
    assert_eq!(code, 0, "{out}{err}");
    let files = levels(&dir);
    assert_eq!(files.len(), 3);
    check_unique(&files);
    // Minimal: each placed piece taken off lets in a second solution.
    // The copy goes beside the files: their set paths are relative to DIR.
    let off = dir.join("off.toml");
    for f in &files {
        let (a, text) = art(f);
        let symbols: std::collections::BTreeSet<char> =
            a.chars().filter(|c| !"#.+\n".contains(*c)).collect();
        assert!(!symbols.is_empty());
        for s in symbols {
            std::fs::write(&off, text.replace(&a, &a.replace(s, "#"))).unwrap();
            let n = solutions_by_count(&off);
            assert!(n >= 2, "{}: without `{s}` {n} solutions", f.display());
        }
    }
    std::fs::remove_file(&off).unwrap();
    // The same seed, the same files (wherever they are written).
    let again = temp("generate-pent-again");
    assert_eq!(generate("data/pentominoes/6x10.toml", &args, &again).0, 0);
    for f in &files {
        let g = again.join(f.file_name().unwrap());
        assert_eq!(std::fs::read(f).unwrap(), std::fs::read(g).unwrap());
    }
    // Distinct up to the 10x6 board's symmetries: the drawings, turned
    // and mirrored here, never match.
    let grids: Vec<Vec<Vec<char>>> = files
        .iter()
        .map(|f| art(f).0.lines().map(|l| l.chars().collect()).collect())
        .collect();
    let flips = |g: &Vec<Vec<char>>| -> Vec<Vec<Vec<char>>> {
        let h: Vec<Vec<char>> = g
            .iter()
            .map(|r| r.iter().rev().copied().collect())
            .collect();
        let v: Vec<Vec<char>> = g.iter().rev().cloned().collect();
        let hv: Vec<Vec<char>> = v
            .iter()
            .map(|r| r.iter().rev().copied().collect())
            .collect();
        vec![g.clone(), h, v, hv]
    };
    for (i, a) in grids.iter().enumerate() {
        for b in &grids[i + 1..] {
            assert!(
                !flips(a).contains(b),
                "two challenges the same up to symmetry"
            );
        }
    }
    let booklet = std::fs::read_to_string(dir.join("booklet.html")).unwrap();
    for want in ["Level 1", "Level 3", "<svg", "Solutions", "@media print"] {
        assert!(booklet.contains(want), "booklet lacks {want}");
    }
}

#[test]
fn pyramid_challenges_in_3d() {
    let dir = temp("generate-pyramid");
    let args = ["--loose", "3", "--count", "2", "--seed", "4", "--fixed"];
    let (code, out, err) = generate("data/kanoodle-extreme/pyramid.toml", &args, &dir);
    assert_eq!(code, 0, "{out}{err}");
    let files = levels(&dir);
    assert_eq!(files.len(), 2);
    check_unique(&files);
    for f in &files {
        // Exactly 3 pieces loose: 3 of the 12 symbols are missing.
        let (a, _) = art(f);
        let symbols: std::collections::BTreeSet<char> =
            a.chars().filter(|c| !"#.+\n".contains(*c)).collect();
        assert_eq!(symbols.len(), 9, "{a}");
    }
}

#[test]
fn bad_input_is_refused() {
    let dir = temp("generate-bad");
    let pent = "data/pentominoes/6x10.toml";
    let knuth = temp("generate-knuth.dlx");
    std::fs::write(&knuth, "a b\n a b\n").unwrap();
    for (file, args, says) in [
        (pent, &["--loose", "13"][..], "more than the 12 pieces"),
        (
            pent,
            &["--loose", "3", "--count", "0"][..],
            "--count must be at least 1",
        ),
        (
            pent,
            &["--loose", "5", "--count", "18446744073709551615"][..],
            "more than the 1000000 challenges",
        ),
        (
            pent,
            &["--loose", "5", "--count", "1000001"][..],
            "more than the 1000000 challenges",
        ),
        (
            "examples/designer/tetrominoes-4x5.toml",
            &["--loose", "2"][..],
            "no solution",
        ),
        (
            knuth.to_str().unwrap(),
            &["--loose", "2"][..],
            "polyform puzzle files",
        ),
    ] {
        let (code, _, err) = generate(file, args, &dir);
        assert_eq!(code, 2, "{file} {args:?}: {err}");
        assert!(err.contains(says), "{file}: {err}");
    }
    assert!(!dir.exists(), "nothing written for bad input");
    let help = stdout(&run(&["generate", "--help"]));
    assert!(help.contains("1 to 1000000"), "{help}");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("x"), "").unwrap();
    let (code, _, err) = generate(pent, &["--loose", "3"], &dir);
    assert_eq!(code, 2);
    assert!(err.contains("not empty"), "{err}");
    let (code, _, err) = generate(pent, &["--loose", "3", "--count", "1", "--force"], &dir);
    assert_eq!(code, 0, "{err}");
}

/// An output directory that cannot be made is refused before the work
/// (which ran to the end first, then failed with a bare "No such file or
/// directory"), with a message naming it and what is wrong: under a
/// regular file, and under /proc, where no file can be made. Nothing is
/// created.
#[test]
fn an_unwritable_output_is_refused_before_the_work() {
    let pent = "data/pentominoes/6x10.toml";
    let file = temp("generate-a-file");
    std::fs::write(&file, "").unwrap();
    let under_file = file.join("sub");
    let (code, _, err) = generate(pent, &["--loose", "3", "--count", "50"], &under_file);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(under_file.to_str().unwrap()), "{err}");
    assert!(err.contains("cannot write the challenges there"), "{err}");
    assert!(err.contains("is not a directory"), "{err}");
    if Path::new("/proc/self").exists() {
        let proc = Path::new("/proc/polycover-generate-test");
        let (code, _, err) = generate(pent, &["--loose", "3", "--count", "50"], proc);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("/proc/polycover-generate-test: cannot write the challenges there: no directory can be made in /proc"), "{err}");
        assert!(!proc.exists());
    }
}

/// `--json`: one object naming each level's file, its placed pieces (as in
/// the file's board art) and its loose ones (the rest of the twelve, exactly
/// K with --fixed), each file with one solution; fewer challenges than asked
/// still print the object, and exit 1.
#[test]
fn json_names_each_level_and_its_pieces() {
    let dir = temp("generate-json");
    let args = [
        "--loose", "5", "--count", "2", "--seed", "2", "--fixed", "--json",
    ];
    let (code, out, err) = generate("data/pentominoes/6x10.toml", &args, &dir);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["type"], "generate");
    assert_eq!(
        (v["loose"].as_u64(), v["asked"].as_u64()),
        (Some(5), Some(2))
    );
    let levels = v["challenges"].as_array().unwrap();
    assert_eq!(levels.len(), 2);
    for (i, c) in levels.iter().enumerate() {
        assert_eq!(c["level"].as_u64(), Some(i as u64 + 1));
        let file = PathBuf::from(c["file"].as_str().unwrap());
        check_unique(std::slice::from_ref(&file));
        let placed: Vec<&str> = c["placed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["piece"].as_str().unwrap())
            .collect();
        let loose: Vec<&str> = c["loose_pieces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        assert_eq!((placed.len(), loose.len()), (7, 5));
        let mut all: Vec<&str> = placed.iter().chain(&loose).copied().collect();
        all.sort();
        assert_eq!(all.concat(), "FILNPTUVWXYZ");
        // The placed pieces are the symbols drawn on the file's board.
        let (a, _) = art(&file);
        for p in &placed {
            assert!(a.contains(p), "{p} not drawn in\n{a}");
        }
        for p in &loose {
            assert!(!a.contains(p), "{p} drawn in\n{a}");
        }
        assert!(c["difficulty"]["nodes"].as_u64().unwrap() >= 1);
    }
    // Asking for more than exist: the object, then exit 1.
    let dir = temp("generate-json-few");
    let args = ["--loose", "3", "--count", "5", "--json"];
    let (code, out, err) = generate("data/katamino/small-slam-a-3.toml", &args, &dir);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["challenges"].as_array().unwrap().len() < 5, "{v}");
    assert!(err.contains("asked for 5"), "{err}");
}

/// Counts of one are said in the singular ("1 challenge", "1 solution"),
/// other counts in the plural, as before: in `generate`'s summary and in
/// `count`'s line for a generated file (exactly one solution).
#[test]
fn counts_of_one_are_singular() {
    let dir = temp("generate-one");
    let args = ["--loose", "5", "--count", "1", "--seed", "2"];
    let (code, out, err) = generate("data/pentominoes/6x10.toml", &args, &dir);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 1 challenge in "), "{out}");
    assert!(
        !out.contains(" 1 challenges") && !out.contains("(1 random solutions"),
        "{out}"
    );
    let level = &levels(&dir)[0];
    let o = run(&["count", level.to_str().unwrap(), "-j1"]);
    let line = stdout(&o);
    assert!(line.contains(": 1 solution, "), "{line}");
    let o = run(&["count", "data/pentominoes/3x20.toml", "-j1", "--distinct"]);
    assert!(
        stdout(&o).contains(": 8 solutions (2 distinct"),
        "{}",
        stdout(&o)
    );
}

/// A puzzle whose board already holds pieces: each level's notes and the
/// booklet count them with the challenge's own ("10 pieces placed (10 by
/// the puzzle)"), never "0 pieces placed".
#[test]
fn notes_count_the_puzzles_own_placed_pieces() {
    let dir = temp("generate-preplaced");
    let args = ["--loose", "2", "--count", "1"];
    let (code, _, err) = generate("data/kanoodle-extreme/challenge-01.toml", &args, &dir);
    assert_eq!(code, 0, "{err}");
    let (_, text) = art(&levels(&dir)[0]);
    assert!(
        text.contains("Level 1 of 1: 10 pieces placed (10 by the puzzle), 2 loose;"),
        "{text}"
    );
    let booklet = std::fs::read_to_string(dir.join("booklet.html")).unwrap();
    assert!(booklet.contains("2 loose, 10 placed;"), "{booklet}");
}

/// `hint` and `solve --given` refuse a file that is not a polyform puzzle
/// in the words `explain` and `generate` use, not with a TOML field error.
#[test]
fn hint_refuses_other_kinds_of_file_by_name() {
    let tiles = "data/tiles/scramble-squares-3x3.toml";
    for args in [
        vec!["hint", tiles],
        vec!["explain", tiles],
        vec!["solve", tiles, "--given", tiles],
    ] {
        let (code, _, err) = outcome(&run(&args));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("reads polyform puzzle files (TOML with a lattice, a board and pieces), not edge-matching (tiles) files"),
            "{args:?}: {err}"
        );
    }
}
