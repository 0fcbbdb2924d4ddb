//! Bad puzzle files: every mistake gives a message naming the file, the
//! line and what to fix, never a panic.

use polyform::ErrorKind;
use std::path::{Path, PathBuf};

fn pentominoes() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/sets/pentominoes.toml")
        .display()
        .to_string()
}

/// Writes `text` to a fresh file and loads it; returns the error.
fn error_of(name: &str, text: &str) -> polyform::Error {
    let dir = std::env::temp_dir().join(format!("polycover-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    match polyform::load(&path) {
        Ok(_) => panic!("{name} should be rejected"),
        Err(e) => {
            assert_eq!(e.file, path, "the message names the file");
            e
        }
    }
}

fn expect(name: &str, text: &str, line: usize, words: &[&str]) {
    let e = error_of(name, text);
    let shown = e.to_string();
    assert_eq!(e.line, Some(line), "line of: {shown}");
    let place = match e.column {
        Some(c) => format!("{name}:{line}:{c}: "),
        None => format!("{name}:{line}: "),
    };
    assert!(shown.contains(&place), "FILE:LINE[:COLUMN]: in {shown}");
    for w in words {
        assert!(shown.contains(w), "`{w}` missing from: {shown}");
    }
}

const DOMINO: &str = "[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = 2\n";

#[test]
fn unknown_lattice() {
    expect(
        "lattice.toml",
        "name = \"x\"\nlattice = \"hexagon\"\n[board]\nsize = [2, 2]\n",
        2,
        &["unknown lattice `hexagon`", "square, cubic"],
    );
}

#[test]
fn missing_lattice() {
    expect(
        "nolattice.toml",
        "[board]\nsize = [2, 2]\n",
        1,
        &["missing `lattice"],
    );
}

#[test]
fn ragged_board_art() {
    let text = format!("lattice = \"square\"\n[board]\nart = \"\"\"\n####\n###\n\"\"\"\n{DOMINO}");
    // Line 4 is the first row, line 5 the short one.
    expect("ragged.toml", &text, 5, &["ragged", "fill gaps with `.`"]);
}

#[test]
fn ragged_piece_art() {
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"p\"\nsymbol = \"p\"\nart = \"\"\"\n##\n#\n#\n\"\"\"\n";
    expect("ragged-piece.toml", text, 9, &["piece `p`", "ragged"]);
}

#[test]
fn symbol_used_twice() {
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n\
        [[piece]]\nname = \"a\"\nsymbol = \"D\"\nart = \"##\"\n\
        [[piece]]\nname = \"b\"\nsymbol = \"D\"\nart = \"##\"\n";
    expect(
        "symbols.toml",
        text,
        8,
        &["symbol `D`", "`a`", "`b`", "own symbol"],
    );
}

#[test]
fn piece_name_used_twice() {
    let text = format!(
        "lattice = \"square\"\n[board]\nsize = [10, 6]\n[[use]]\nset = \"{}\"\n[[use]]\nset = \"{}\"\npieces = [\"F\"]\n",
        pentominoes(),
        pentominoes()
    );
    expect("names.toml", &text, 8, &["piece `F`", "twice", "count = N"]);
}

#[test]
fn pre_placed_piece_does_not_match_its_shape() {
    let text = format!(
        "lattice = \"square\"\n[board]\nart = \"\"\"\n##########\n#XXXX#####\n##########\n##########\n##########\n##########\n\"\"\"\n[[use]]\nset = \"{}\"\n",
        pentominoes()
    );
    expect(
        "preplaced.toml",
        &text,
        5,
        &["drawn with `X`", "piece `X`", "5 cells"],
    );
}

#[test]
fn pre_placed_piece_of_the_wrong_shape() {
    // Five cells, but an L, not an X.
    let text = format!(
        "lattice = \"square\"\n[board]\nart = \"\"\"\n##########\n#X########\n#X########\n#X########\n#XX#######\n##########\n\"\"\"\n[[use]]\nset = \"{}\"\n",
        pentominoes()
    );
    expect(
        "wrongshape.toml",
        &text,
        5,
        &["no orientation of the piece"],
    );
}

#[test]
fn unknown_board_character() {
    let text = format!("lattice = \"square\"\n[board]\nart = \"\"\"\n#Q\n##\n\"\"\"\n{DOMINO}");
    expect("char.toml", &text, 4, &["`Q`", "symbol of a piece"]);
}

#[test]
fn area_cannot_fill_the_board() {
    let text = format!("lattice = \"square\"\n[board]\nsize = [3, 2]\n{DOMINO}");
    expect(
        "area.toml",
        &text,
        2,
        &["at most 4 cells", "6 cells to fill"],
    );
    let text = format!("lattice = \"square\"\n[board]\nsize = [1, 2]\n{DOMINO}");
    expect("area2.toml", &text, 2, &["at least 4 cells", "only 2"]);
    // The kinds carry the numbers.
    let text = format!("lattice = \"square\"\n[board]\nsize = [3, 2]\n{DOMINO}");
    assert_eq!(
        error_of("area3.toml", &text).kind,
        ErrorKind::AreaTooSmall { most: 4, fill: 6 }
    );
    let text = format!("lattice = \"square\"\n[board]\nsize = [1, 2]\n{DOMINO}");
    assert_eq!(
        error_of("area4.toml", &text).kind,
        ErrorKind::AreaTooLarge {
            least: 4,
            free: 2,
            fill: 2
        }
    );
}

#[test]
fn unknown_keys() {
    let text = format!("lattice = \"square\"\ncolour = \"red\"\n[board]\nsize = [2, 2]\n{DOMINO}");
    expect("key.toml", &text, 2, &["unknown field `colour`"]);
    let text = format!("lattice = \"square\"\n[board]\nsize = [2, 2]\nholes = []\n{DOMINO}");
    expect("key2.toml", &text, 4, &["unknown field `holes`"]);
    // TOML mistakes are their own kind, placed to the column.
    let e = error_of("key3.toml", &text);
    assert!(matches!(e.kind, ErrorKind::Toml(_)), "{e:?}");
    assert_eq!(e.column, Some(1), "{e}");
}

#[test]
fn unknown_piece_name() {
    let text = format!(
        "lattice = \"square\"\n[board]\nsize = [5, 2]\n[[use]]\nset = \"{}\"\npieces = [\"I\",\n  \"Q\"]\n",
        pentominoes()
    );
    expect(
        "unknown.toml",
        &text,
        7,
        &["no piece named `Q`", "F I L N P T U V W X Y Z"],
    );
}

#[test]
fn missing_include_file() {
    let text =
        "lattice = \"square\"\n[board]\nsize = [5, 2]\n[[use]]\nset = \"no/such/set.toml\"\n";
    expect(
        "include.toml",
        text,
        5,
        &["no/such/set.toml", "relative to this file"],
    );
}

#[test]
fn huge_sizes() {
    let text = format!("lattice = \"square\"\n[board]\nsize = [100000, 100000]\n{DOMINO}");
    expect(
        "huge.toml",
        &text,
        3,
        &["10000000000 board cells", "at most 1000000"],
    );
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\ncells = [[0, 0], [1, 9999999]]\n";
    expect("hugecoord.toml", text, 7, &["too large"]);
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\nart = \"##\"\ncount = 99999999999\n";
    expect("hugecount.toml", text, 8, &["out of range"]);
}

#[test]
fn bad_counts_and_symbols() {
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\nart = \"##\"\ncount = \"lots\"\n";
    expect("count.toml", text, 8, &["bad count", "unlimited"]);
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"d\"\nsymbol = \"#\"\nart = \"##\"\ncount = 2\n";
    expect("symbol.toml", text, 6, &["bad symbol `#`"]);
    let text = "lattice = \"square\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"d\"\nsymbol = \"dd\"\nart = \"##\"\ncount = 2\n";
    expect("symbol2.toml", text, 6, &["one visible character"]);
}

#[test]
fn toml_syntax_error() {
    expect(
        "syntax.toml",
        "lattice = \"square\"\n[board\nsize = [2, 2]\n",
        2,
        &[],
    );
}

#[test]
fn a_piece_set_is_not_a_puzzle() {
    let e = polyform::load(Path::new(&pentominoes())).unwrap_err();
    assert!(e.to_string().contains("piece-set file"), "{e}");
    assert_eq!(e.line, Some(2));
}

#[test]
fn three_d_board_on_a_square_lattice() {
    let text = format!("lattice = \"square\"\n[board]\nart = \"\"\"\n##\n\n##\n\"\"\"\n{DOMINO}");
    expect("layers.toml", &text, 3, &["2 layers", "cubic"]);
}

#[test]
fn unreadable_file() {
    let e = polyform::load(Path::new("/no/such/puzzle.toml")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/no/such/puzzle.toml: cannot read"),
        "{e}"
    );
    assert!(matches!(e.kind, ErrorKind::Read(_)), "{e:?}");
}

/// A square puzzle of one domino on a 2x1 board, with `more` after it.
fn domino_puzzle(more: &str) -> String {
    format!(
        "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\nart = \"##\"\n{more}"
    )
}

/// Counts are u128: past it a count is too large (not "not a whole
/// number"); past TOML's 64-bit integers it is written as a string; a
/// number that is not whole is refused in plain words, with its line.
#[test]
fn expected_counts_out_of_range_or_not_whole() {
    let max = u128::MAX.to_string();
    let over = "340282366920938463463374607431768211456";
    let text = domino_puzzle(&format!("[expect]\nsolutions = \"{max}\"\n"));
    let dir = std::env::temp_dir().join(format!("polycover-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("max.toml"), &text).unwrap();
    let p = polyform::load(&dir.join("max.toml")).unwrap();
    assert_eq!(p.expect.unwrap().solutions, Some(u128::MAX.into()));
    // Past u128, a count is kept exactly (the memo engine counts that far).
    let text = domino_puzzle(&format!("[expect]\nsolutions = \"{over}\"\n"));
    std::fs::write(dir.join("over.toml"), &text).unwrap();
    let p = polyform::load(&dir.join("over.toml")).unwrap();
    let got = p.expect.unwrap().solutions.unwrap();
    assert_eq!((got.to_u128(), got.to_string()), (None, over.to_string()));
    let text = domino_puzzle(&format!("[expect]\ndistinct = {max}\n"));
    expect(
        "bare.toml",
        &text,
        9,
        &["past TOML's integers", &format!("\"{max}\"")],
    );
    let text = domino_puzzle(&format!("[expect]\ndistinct = {over}\n"));
    expect(
        "bare2.toml",
        &text,
        9,
        &["overflowed", "count past that is written as a string"],
    );
    let text = domino_puzzle("[expect]\nsolutions = 1.5\n");
    expect(
        "half.toml",
        &text,
        9,
        &["1.5 is not a count: write a whole number"],
    );
    let e = error_of("half2.toml", &text).to_string();
    assert!(!e.contains("untagged"), "{e}");
    let text = domino_puzzle("[expect]\nsolutions = true\n");
    expect("bool.toml", &text, 9, &["true is not a count"]);
    let text = domino_puzzle("count = 1.5\n");
    expect("count.toml", &text, 8, &["bad count `1.5`"]);
    let text = domino_puzzle("count = 99999999999999999999\n");
    expect(
        "count2.toml",
        &text,
        8,
        &["count 99999999999999999999 is out of range"],
    );
}

/// A cell listed twice in any coordinate list is refused, naming the
/// cell and its line, instead of the list being taken one cell shorter.
#[test]
fn cells_listed_twice() {
    let piece = "[[piece]]\nname = \"d\"\nsymbol = \"d\"\ncells = [[0, 0], [1, 0]]\n";
    let text = format!("lattice = \"square\"\n[board]\ncells = [[0,0],[0,0],[1,0]]\n{piece}");
    expect(
        "board.toml",
        &text,
        3,
        &["cell [0, 0] is listed twice (also at column 10)", "once"],
    );
    let text = format!(
        "lattice = \"square\"\n[board]\ncells = [[0, 0], [1, 0]]\noptional = [[2, 0], [2, 0]]\n{piece}"
    );
    expect("optional.toml", &text, 4, &["cell [2, 0] is listed twice"]);
    // The line of the repeat, in a list over several lines.
    let text = "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\ncells = [\n  [0, 0],\n  [0, 0],\n  [1, 0],\n]\n";
    expect(
        "piece.toml",
        text,
        9,
        &["cell [0, 0] is listed twice (also at line 8)"],
    );
    let text = "lattice = \"cubic\"\n[board]\nsize = [2, 1, 1]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\ncells = [[0, 0, 0], [1, 0, 0], [0, 0, 0]]\n";
    expect("cubic.toml", text, 7, &["cell [0, 0, 0] is listed twice"]);
    let text = "lattice = \"polysticks\"\n[board]\nsize = [1, 1]\n[[piece]]\nname = \"d\"\nsymbol = \"d\"\ncells = [[1, 0], [1, 0]]\n";
    expect("sticks.toml", text, 7, &["cell [1, 0] is listed twice"]);
}

/// A piece set that is not text (`/dev/zero`) is refused from its first
/// bytes as the puzzle file itself would be, not read up to the limit.
#[cfg(unix)]
#[test]
fn a_piece_set_that_is_not_text() {
    let text = "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[use]]\nset = \"/dev/zero\"\n";
    expect(
        "zero.toml",
        text,
        5,
        &[
            "/dev/zero",
            "not a piece-set file",
            "byte 0 is not text",
            "00 00 00",
        ],
    );
    let e = error_of("zero2.toml", text).to_string();
    assert!(!e.contains("bytes, and this one has more"), "{e}");
    assert!(!e.contains("relative to this file"), "{e}");
}

/// A `[board]` with two shapes (`size` and `art`) is placed at its line,
/// as other mistakes are: it said only the file's name.
#[test]
fn a_board_with_two_shapes_names_its_line() {
    let text = "lattice = \"square\"\n\n[board]\nsize = [2, 1]\nart = \"##\"\n[[piece]]\nname = \"D\"\nsymbol = \"D\"\nart = \"##\"\n";
    let e = error_of("two-shapes.toml", text);
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.column.is_some(), "{e}");
    assert!(e.to_string().contains("two-shapes.toml:3:"), "{e}");
    assert!(
        e.to_string().contains("[board] needs exactly one of"),
        "{e}"
    );
}

/// A byte that is not UTF-8 is placed at its line and column (it said only
/// "byte N is not text").
#[test]
fn a_byte_that_is_not_text_names_its_line_and_column() {
    let dir = std::env::temp_dir().join(format!("polycover-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latin1.toml");
    let mut bytes = b"lattice = \"square\"\n[board]\nart = \"#".to_vec();
    bytes.push(0xe9); // 'é' in Latin-1: not UTF-8
    bytes.extend_from_slice(b"#\"\n");
    std::fs::write(&path, &bytes).unwrap();
    let e = polyform::load(&path).unwrap_err();
    let shown = e.to_string();
    assert_eq!(e.file, path);
    assert_eq!((e.line, e.column), (Some(3), Some(9)), "{shown}");
    assert!(shown.contains("latin1.toml:3:9: "), "{shown}");
    assert!(shown.contains("is not text"), "{shown}");
}
