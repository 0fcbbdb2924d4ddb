//! Pictures of sticks as a user gets them, on the three stick grids: the
//! text picture `solve` prints is board art for the same lattice (pasted
//! into `[board] art` it places every piece where the solution has it; on
//! a board drawn where the art starts, `hint --given` takes it as is),
//! and `solve --format svg`, `show --format svg` and `export --format
//! stl` write their files.

use super::common::{self, outcome, run, temp};
use std::path::Path;

/// Polytrigs: a triangle of side 2 (9 segments) and four tritrigs, each
/// at most once.
const TRIGS: &str = r#"name = "tritrigs in a triangle"
lattice = "polytrigs"
[board]
triangle = 2
[[piece]]
name = "J"
symbol = "J"
count = "0..1"
art = """
*---*---*
 \\
  *
"""
[[piece]]
name = "Z"
symbol = "Z"
count = "0..1"
art = """
    *---*
   /
  *---*
"""
[[piece]]
name = "Y"
symbol = "Y"
count = "0..1"
art = """
*---*---*
     \\
      *
"""
[[piece]]
name = "C"
symbol = "C"
count = "0..1"
art = """
*---*---*
   /
  *
"""
"#;

/// Polytwigs: one hexagon (6 twigs) from two sides and four sides.
const TWIGS: &str = r#"name = "a hexagon of twigs"
lattice = "polytwigs"
[board]
hexagon = 1
[[piece]]
name = "D"
symbol = "D"
art = " / \\"
[[piece]]
name = "Q"
symbol = "Q"
art = """
.
|   |
 \\ /
"""
"#;

/// Writes `text` as a puzzle file and returns its path.
fn file(name: &str, text: &str) -> String {
    let p = temp(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// The first solution's text picture (without the `solution 1:` line).
fn picture(path: &str) -> String {
    let (code, out, err) = outcome(&run(&["solve", path, "-q"]));
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("solution 1:"));
    lines
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .trim_end()
        .to_string()
        + "\n"
}

/// The puzzle `text` with its board replaced by `art`.
fn with_board_art(text: &str, art: &str) -> String {
    let start = text.find("[board]").unwrap();
    let end = start + text[start..].find("[[").unwrap();
    format!(
        "{}[board]\nart = '''\n{art}'''\n\n{}",
        &text[..start],
        &text[end..]
    )
}

/// Solves `text`, pastes the picture as the board of the same puzzle and
/// checks that the new puzzle has exactly one solution, drawn the same.
fn round_trip(name: &str, text: &str) {
    let path = file(&format!("{name}.toml"), text);
    let pic = picture(&path);
    let again = file(&format!("{name}-art.toml"), &with_board_art(text, &pic));
    let (code, out, err) = outcome(&run(&["count", &again, "-q", "--json"]));
    assert_eq!(code, 0, "{name}: {err}\n{pic}");
    let v: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(v["solutions"], 1, "{name}: {out}");
    assert_eq!(picture(&again), pic, "{name}");
}

#[test]
fn polysticks_text_picture_is_board_art() {
    let puzzle = common::data("sticks/tetrasticks-5x5-without-H.toml");
    let text = std::fs::read_to_string(&puzzle).unwrap();
    // The set is named relative to the catalog file.
    let sets = common::data("sets").display().to_string();
    let text = text.replace("../sets", &sets);
    round_trip("sticks", &text);
    // The size board starts where the art does: `hint --given` reads it.
    let pic = picture(&puzzle.display().to_string());
    let given = file("sticks-given.txt", &pic);
    let (code, out, err) = outcome(&run(&[
        "hint",
        &puzzle.display().to_string(),
        "--given",
        &given,
    ]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("finished"), "{out}");
}

#[test]
fn polytrigs_text_picture_is_board_art() {
    round_trip("trigs", TRIGS);
    let path = file("trigs-given.toml", TRIGS);
    let given = file("trigs-given.txt", &picture(&path));
    let (code, _, err) = outcome(&run(&["hint", &path, "--given", &given]));
    assert_eq!(code, 0, "{err}");
}

#[test]
fn polytwigs_text_picture_is_board_art() {
    round_trip("twigs", TWIGS);
}

#[test]
fn svg_and_stl_on_each_grid() {
    let sticks = common::data("sticks/tetrasticks-5x5-without-H.toml")
        .display()
        .to_string();
    let trigs = file("trigs-svg.toml", TRIGS);
    let twigs = file("twigs-svg.toml", TWIGS);
    for (path, pieces) in [(&sticks, 15), (&trigs, 4), (&twigs, 2)] {
        let dir = temp("stick-svg");
        let d = dir.display().to_string();
        let (code, _, err) = outcome(&run(&[
            "solve",
            path,
            "--format",
            "svg",
            "--out",
            &d,
            "--gallery",
            "-q",
        ]));
        assert_eq!(code, 0, "{path}: {err}");
        let svg = std::fs::read_to_string(dir.join("solution-00001.svg")).unwrap();
        assert!(svg.contains("stroke-linecap=\"round\""), "{path}");
        assert!(Path::new(&dir.join("index.html")).exists());
        // `show`: the board and every piece, each piece's stroke twice
        // (its outline, then its color).
        let (code, out, err) = outcome(&run(&["show", path, "--format", "svg"]));
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("<svg ") && out.trim_end().ends_with("</svg>"));
        assert!(out.matches("stroke-linecap=\"round\"").count() >= 2 * pieces);
        // STL: one closed solid per piece.
        let stl = temp("stick.stl");
        let s = stl.display().to_string();
        let (code, _, err) = outcome(&run(&["export", path, "--format", "stl", "-o", &s]));
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&stl).unwrap();
        assert_eq!(text.matches("endsolid").count(), pieces, "{path}");
    }
}

/// Tetrasticks I and L drawn so that both pass straight through one grid
/// point: a crossing, never allowed (docs/format.md). Refused at load,
/// naming the file, the lines, both pieces and the point, on a board and
/// in `hint --given` (both were a silent "0 solutions" / "cannot be
/// finished").
const CROSSING: &str = "+-+-+-+-+-+
| | L | | |
+-+-+-+-+-+
| | L | | |
+I+I+I+I+-+
| | L | | |
+-+-+L+-+-+
| | | | | |
+-+-+-+-+-+
| | | | | |
+-+-+-+-+-+
";

#[test]
fn pieces_placed_in_advance_that_cross_are_refused() {
    let set = common::data("sets/tetrasticks.toml");
    let toml = format!(
        "name = \"crossing\"\nlattice = \"polysticks\"\n\n[board]\nart = '''\n{CROSSING}'''\n\n[[use]]\nset = {:?}\npieces = [\"F\", \"I\", \"J\", \"L\", \"N\", \"O\", \"P\", \"R\", \"T\", \"U\", \"V\", \"W\", \"X\", \"Y\", \"Z\"]\n",
        set.to_str().unwrap()
    );
    let file = temp("crossing.toml");
    std::fs::write(&file, toml).unwrap();
    let (code, out, err) = outcome(&run(&["count", file.to_str().unwrap()]));
    assert_eq!(code, 2, "{out}{err}");
    for word in [
        "crossing.toml:",
        "`I`",
        "`L`",
        "cross at the grid point (2, 2)",
    ] {
        assert!(err.contains(word), "{word}: {err}");
    }
    let given = temp("crossing-position.txt");
    std::fs::write(&given, CROSSING).unwrap();
    let puzzle = common::data("sticks/tetrasticks-5x5-without-H.toml");
    let (code, out, err) = outcome(&run(&[
        "hint",
        puzzle.to_str().unwrap(),
        "--given",
        given.to_str().unwrap(),
    ]));
    assert_eq!(code, 2, "{out}{err}");
    for word in [
        "crossing-position.txt:",
        "`I`",
        "`L`",
        "cross at the grid point",
    ] {
        assert!(err.contains(word), "{word}: {err}");
    }
    // The L moved to the right edge, clear of the I: accepted.
    let apart = CROSSING
        .replace("| | L | | |", "| | | | | L")
        .replace("+-+-+L+-+-+", "+-+-+-+-+L+");
    std::fs::write(&given, apart).unwrap();
    let (code, out, err) = outcome(&run(&[
        "hint",
        puzzle.to_str().unwrap(),
        "--given",
        given.to_str().unwrap(),
    ]));
    assert!(!err.contains("cross at"), "{out}{err}");
    assert_ne!(code, 2, "{out}{err}");
    std::fs::remove_file(&file).ok();
    std::fs::remove_file(&given).ok();
}
