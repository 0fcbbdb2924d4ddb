//! Outputs never overwrite inputs, and an output that cannot be written is
//! said before the work (`export -o`, `export --dir`, `view -o` and
//! view's default page name); a failure leaves an existing output as it
//! was.

use super::common::{bin, data, outcome, run, temp};

/// A self-contained puzzle (no piece set beside it) copied to `name`.
fn puzzle_at(name: &str) -> std::path::PathBuf {
    let p = temp(name);
    std::fs::copy(data("dominoes/8x8.toml"), &p).unwrap();
    p
}

fn refused(args: &[&str], input: &std::path::Path) {
    let before = std::fs::read(input).unwrap();
    let (code, out, err) = outcome(&run(args));
    assert_eq!(code, 2, "{args:?}");
    assert!(out.is_empty(), "{args:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("is the input file"), "{err}");
    assert_eq!(
        std::fs::read(input).unwrap(),
        before,
        "{args:?}: input kept"
    );
}

#[test]
fn an_output_that_is_the_input_is_refused() {
    let p = puzzle_at("same.toml");
    let s = p.to_str().unwrap();
    for format in ["stl", "dlx", "xmpuzzle"] {
        refused(&["export", s, "--format", format, "-o", s], &p);
    }
    refused(&["view", s, "-o", s], &p);
    // The same file by another path: a symbolic and a hard link.
    let sym = temp("same-sym.toml");
    std::os::unix::fs::symlink(&p, &sym).unwrap();
    refused(
        &["export", s, "--format", "dlx", "-o", sym.to_str().unwrap()],
        &p,
    );
    let hard = temp("same-hard.toml");
    std::fs::hard_link(&p, &hard).unwrap();
    refused(&["view", s, "-o", hard.to_str().unwrap()], &p);
    // view's default page is NAME.html in the current directory.
    let html = puzzle_at("page.html");
    let o = bin()
        .current_dir(html.parent().unwrap())
        .args(["view", "page.html"])
        .output()
        .unwrap();
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("page.html: refusing to write there: it is the input file"),
        "{err}"
    );
    // --dir: a piece's file would be the input.
    let dir = temp("dir-clash");
    std::fs::create_dir_all(&dir).unwrap();
    let inside = dir.join("01-domino.stl");
    std::fs::copy(data("dominoes/8x8.toml"), &inside).unwrap();
    refused(
        &[
            "export",
            inside.to_str().unwrap(),
            "--format",
            "stl",
            "--dir",
            dir.to_str().unwrap(),
        ],
        &inside,
    );
}

/// An output that cannot be written is said first: before the input is
/// even read (here it does not exist).
#[test]
fn an_unwritable_output_is_said_before_the_work() {
    let missing = temp("no-such-puzzle.toml");
    let out = temp("no-such-dir").join("x.out");
    let (m, o) = (missing.to_str().unwrap(), out.to_str().unwrap());
    for args in [
        vec!["export", m, "--format", "dlx", "-o", o],
        vec!["view", m, "-o", o],
    ] {
        let (code, _, err) = outcome(&run(&args));
        assert_eq!(code, 2);
        assert!(err.contains(&format!("cannot write {o}")), "{err}");
    }
    let file = puzzle_at("a-file.toml");
    let (code, _, err) = outcome(&run(&[
        "export",
        m,
        "--format",
        "stl",
        "--dir",
        file.join("sub").to_str().unwrap(),
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("cannot create"), "{err}");
}

/// A run that fails leaves an existing output untouched and no new one
/// (file or directory) behind.
#[test]
fn a_failure_loses_nothing() {
    let p = puzzle_at("fail.toml");
    let s = p.to_str().unwrap();
    let old = temp("old.out");
    std::fs::write(&old, "keep").unwrap();
    let new = temp("new.out");
    let dir = temp("new-dir");
    for out in [&old, &new] {
        let o = out.to_str().unwrap();
        for args in [
            vec!["export", s, "--format", "stl", "--gap", "99", "-o", o],
            vec!["view", s, "--disassemble", "--problem", "9", "-o", o],
        ] {
            let (code, _, err) = outcome(&run(&args));
            assert_eq!(code, 2, "{args:?}: {err}");
        }
    }
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "keep");
    assert!(!new.exists());
    let (code, _, _) = outcome(&run(&[
        "export",
        s,
        "--format",
        "stl",
        "--gap",
        "99",
        "--dir",
        dir.to_str().unwrap(),
    ]));
    assert_eq!(code, 2);
    assert!(!dir.exists());
}

/// view --help's --group names every group it takes, and --group is
/// refused without --distinct (the only thing it changes).
#[test]
fn view_group_help_names_every_choice() {
    let (_, out, _) = outcome(&run(&["view", "--help"]));
    let line = out
        .lines()
        .find(|l| l.contains("The symmetries for --distinct"))
        .unwrap();
    assert!(line.contains("full, rotations or none"), "{line}");
    let p = puzzle_at("group.toml");
    let page = temp("group.html");
    let (code, _, err) = outcome(&run(&[
        "view",
        p.to_str().unwrap(),
        "--distinct",
        "--group",
        "none",
        "--limit",
        "2",
        "-o",
        page.to_str().unwrap(),
    ]));
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = outcome(&run(&["view", p.to_str().unwrap(), "--group", "full"]));
    assert_eq!(code, 2);
    assert!(err.contains("--distinct"), "{err}");
}

/// A piece-set file the puzzle uses is an input too: `view`, `export` and a count's checkpoint
/// refuse to write over it.
#[test]
fn an_output_that_is_a_piece_set_the_puzzle_uses_is_refused() {
    let dir = temp("set-clash");
    std::fs::create_dir_all(dir.join("sets")).unwrap();
    let set = dir.join("sets/pentominoes.toml");
    std::fs::copy(data("sets/pentominoes.toml"), &set).unwrap();
    let puzzle = dir.join("6x10.toml");
    std::fs::write(
        &puzzle,
        "name = \"6x10\"\nlattice = \"square\"\n[board]\nsize = [6, 10]\n[[use]]\nset = \"sets/pentominoes.toml\"\n",
    )
    .unwrap();
    let (p, s) = (puzzle.to_str().unwrap(), set.to_str().unwrap());
    refused(&["view", p, "-o", s], &set);
    refused(&["export", p, "--format", "dlx", "-o", s], &set);
    refused(&["count", p, "--checkpoint", s], &set);
    // Another path of the same set file.
    let roundabout = dir.join("sets/../sets/pentominoes.toml");
    refused(&["view", p, "-o", roundabout.to_str().unwrap()], &set);
}
