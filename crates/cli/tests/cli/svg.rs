//! `solve --format svg`, `--gallery` and `show --format svg` as a user runs
//! them: files written, their number, the gallery page, and the errors
//! (exit 2 with a message, never a panic).

use super::common::{self, outcome, run};
use std::path::PathBuf;

fn polycover(args: &[&str]) -> (i32, String, String) {
    outcome(&run(args))
}

fn data(rel: &str) -> String {
    common::data(rel).display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("polycover-svg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn one_solution_to_stdout_is_an_svg() {
    let (code, out, err) = polycover(&["solve", &data("soma/cube.toml"), "--format", "svg", "-q"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<svg ") && out.trim_end().ends_with("</svg>"));
    // 27 cubes: 27 top faces drawn one by one.
    assert!(out.matches("<path").count() >= 27);
}

/// Writes the gallery of every solution of `file` (with `extra` options)
/// into a fresh directory, which it returns.
fn gallery(file: &str, name: &str, extra: &[&str]) -> PathBuf {
    let dir = scratch(name);
    let d = dir.display().to_string();
    let mut args = vec![
        "solve",
        file,
        "--all",
        "--format",
        "svg",
        "--gallery",
        "--out",
        &d,
        "-q",
    ];
    args.extend_from_slice(extra);
    let (code, _, err) = polycover(&args);
    assert_eq!(code, 0, "{err}");
    dir
}

#[test]
fn gallery_writes_every_solution_and_an_index() {
    // 162 tilings of a 6x6 square by L-trominoes: as many files as `count` says.
    let file = data("copies/l-trominoes-6x6.toml");
    let (_, counted, _) = polycover(&["count", &file, "--json", "-q"]);
    let v: serde_json::Value = serde_json::from_str(counted.trim()).unwrap();
    let total = v["solutions"].as_u64().unwrap();
    let dir = gallery(&file, "gallery", &[]);
    let svgs = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "svg")
        })
        .count() as u64;
    assert_eq!(svgs, total);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(index.matches("<img ").count() as u64, total);
    assert!(index.contains(&format!("{total} solutions")));
    assert!(index.contains("<svg "), "the legend draws the pieces");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn distinct_gallery_shows_distinct_solutions() {
    let file = data("pentominoes/3x20.toml");
    let dir = gallery(&file, "distinct", &["--distinct"]);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    // 3x20: 8 solutions, 2 up to symmetry.
    assert_eq!(index.matches("<img ").count(), 2);
    assert!(index.contains("2 distinct solutions"), "{index}");
    assert!(index.contains("among 8 solutions"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_draws_board_and_pieces() {
    let (code, out, err) = polycover(&["show", &data("pentominoes/6x10.toml"), "--format", "svg"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<svg "));
    // The empty board (60 cells in one path) and 12 pieces, each filled.
    assert!(out.matches("fill=\"#d9d9d9\"").count() >= 1);
    assert!(out.matches("<path").count() >= 13);
}

#[test]
fn bad_svg_options_exit_2_with_a_message() {
    let f = data("pentominoes/6x10.toml");
    let cases: &[(&[&str], &str)] = &[
        (&["solve", &f, "--format", "svg", "--gallery"], "--out"),
        (&["solve", &f, "--format", "svg", "--all"], "--out"),
        (&["solve", &f, "--format", "svg", "--limit", "3"], "--out"),
        (&["solve", &f, "--out", "/tmp/x"], "--format svg"),
        (
            &[
                "solve",
                &f,
                "--format",
                "svg",
                "--out",
                "/proc/polycover-no/such",
            ],
            "cannot create directory",
        ),
    ];
    for (args, needle) in cases {
        let (code, _, err) = polycover(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Whether XML 1.0 allows `c` (its `Char` production).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// A name with a control character (a TOML string may hold one): every SVG
/// and the gallery page stay well-formed, the character replaced by U+FFFD.
#[test]
fn a_control_character_in_a_name_is_not_copied_into_the_svg() {
    let dir = scratch("control");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("control.toml");
    std::fs::write(
        &file,
        "name = \"A \\u0001 test\"\nlattice = \"square\"\n[board]\nsize = [2, 2]\n\
         [[piece]]\nname = \"D\\u0002\"\nsymbol = \"D\"\nart = \"##\"\ncount = 2\n",
    )
    .unwrap();
    let f = file.display().to_string();
    let gallery_dir = gallery(&f, "control-gallery", &[]);
    let mut texts = vec![
        polycover(&["solve", &f, "--format", "svg", "-q"]),
        polycover(&["show", &f, "--format", "svg"]),
    ]
    .into_iter()
    .map(|(code, out, err)| {
        assert_eq!(code, 0, "{err}");
        out
    })
    .collect::<Vec<_>>();
    for e in std::fs::read_dir(&gallery_dir).unwrap() {
        texts.push(std::fs::read_to_string(e.unwrap().path()).unwrap());
    }
    assert!(texts.len() >= 4, "two SVGs, the gallery's and its index");
    for t in &texts {
        assert!(t.chars().all(xml_char), "{t:?}");
        assert!(t.contains("A \u{fffd} test"), "{t}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&gallery_dir);
}

/// A gallery of one solution says "1 picture" (it said "1 pictures").
#[test]
fn a_gallery_of_one_says_picture() {
    let dir = scratch("gallery-one");
    let d = dir.display().to_string();
    let (code, _, err) = polycover(&[
        "solve",
        &data("soma/cube.toml"),
        "--format",
        "svg",
        "--gallery",
        "--out",
        &d,
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("polycover: 1 picture and "), "{err}");
    assert!(!err.contains("pictures"), "{err}");
}
