//! Knuth's DLX text format: reading, writing, and the errors for bad input.

use dlx::Solver;
use dlx::format::{parse, write};

fn error_at(text: &str) -> (usize, usize, String) {
    let e = parse(text).expect_err("the input is bad");
    (e.line, e.column, e.message)
}

#[test]
fn errors_name_line_and_column() {
    let (l, c, m) = error_at("| c\na b\na x\n");
    assert_eq!((l, c), (3, 3));
    assert!(m.contains("unknown item `x`"), "{m}");

    let (l, c, m) = error_at("a b\na b a\n");
    assert_eq!((l, c), (2, 5));
    assert!(m.contains("twice"), "{m}");

    let (l, c, m) = error_at("a | s\na:red s\n");
    assert_eq!((l, c), (2, 1));
    assert!(m.contains("primary item `a` has a color"), "{m}");

    let (l, c, m) = error_at("a a\n");
    assert_eq!((l, c), (1, 3));
    assert!(m.contains("declared twice"), "{m}");

    let (l, _, m) = error_at("a | b | c\n");
    assert_eq!(l, 1);
    assert!(m.contains("`|` twice"), "{m}");

    let (l, c, m) = error_at("x:y\n");
    assert_eq!((l, c), (1, 1));
    assert!(m.contains("bad item name"), "{m}");

    let (_, _, m) = error_at("| only comments\n\n");
    assert!(m.contains("no item line"), "{m}");

    let (l, c, m) = error_at("a | 2|s\n");
    assert_eq!((l, c), (1, 5));
    assert!(m.contains("cannot have bounds"), "{m}");

    let (_, _, m) = error_at("x:2|a\n");
    assert!(m.contains("bad bound"), "{m}");

    let (_, _, m) = error_at("3:2|a\n");
    assert!(m.contains("bad bounds 3:2"), "{m}");

    let (l, c, m) = error_at("a | s\na s:\n");
    assert_eq!((l, c), (2, 3));
    assert!(m.contains("bad color"), "{m}");
}

/// A bound past the matrix's `u32` is too large, not "not a number";
/// each bound's column is its own.
#[test]
fn over_range_bounds_are_too_large() {
    let (l, c, m) = error_at("b 99999999999999999999:99999999999999999999|a\n");
    assert_eq!((l, c), (1, 3));
    assert!(m.contains("too large: at most 4294967295"), "{m}");
    let (_, c, m) = error_at("1:4294967296|a\n");
    assert_eq!(c, 3);
    assert!(m.contains("bad bound `4294967296`: too large"), "{m}");
    let (_, _, m) = error_at("-1|a\n");
    assert!(m.contains("expected a whole number"), "{m}");
    assert!(parse("1:4294967295|a\na\n").is_ok());
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = parse("é a\né b\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 3));
}

#[test]
fn write_then_parse_gives_the_same_matrix() {
    let text = "| example\n2:3|A B 1|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\nA\n";
    let m = parse(text).unwrap();
    let out = write(&m);
    assert_eq!(
        out,
        "2:3|A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\nA\n"
    );
    let again = parse(&out).unwrap();
    assert_eq!(write(&again), out);
    assert_eq!(Solver::new(&m).count(), Solver::new(&again).count());
}

#[test]
fn tabs_and_blank_lines_are_blanks() {
    let m = parse("\n\ta\tb  |\t s\n\n  a s\n\tb\n").unwrap();
    assert_eq!(m.num_primary(), 2);
    assert_eq!(m.num_secondary(), 1);
    assert_eq!(Solver::new(&m).count(), 1);
}

#[test]
fn with_secondary_appends_an_unused_item() {
    let m = parse("2:3|p q | s t\np s:red\nq t\np q s:blue t\n").unwrap();
    let tagged = m.with_secondary("tag").unwrap();
    // The same as the matrix with the item declared last in its text.
    let rebuilt = parse("2:3|p q | s t tag\np s:red\nq t\np q s:blue t\n").unwrap();
    assert_eq!(write(&tagged), write(&rebuilt));
    assert_eq!(Solver::new(&tagged).count(), Solver::new(&m).count());
    assert!(m.with_secondary("s").is_err());
    assert!(m.with_secondary("bad name").is_err());
}

/// DLX1 takes a `|` that starts a word as the separator: `A |B` makes `B`
/// secondary (not the bounds `` of a primary item `B`).
#[test]
fn a_bar_touching_the_next_name_is_the_separator() {
    let m = parse("A |B\nA B\nA\n").unwrap();
    assert_eq!((m.num_primary(), m.num_secondary()), (1, 1));
    assert_eq!(Solver::new(&m).count(), 2);
    let m = parse("A |B C\nA B C\n").unwrap();
    assert_eq!((m.num_primary(), m.num_secondary()), (1, 2));
    let (l, c, msg) = error_at("A |B |C\n");
    assert_eq!((l, c), (1, 6));
    assert!(msg.contains("`|` twice"), "{msg}");
    let (_, c, msg) = error_at("A ||B\n");
    assert_eq!(c, 4);
    assert!(msg.contains("`|` twice"), "{msg}");
    // A bar inside a word is still DLX3's bounds.
    assert!(parse("2|A B\nA B\nA\n").is_ok());
}

/// Each option's line and number in the text; a left-out option keeps its
/// number.
#[test]
fn options_know_their_line_and_number() {
    let (m, warnings, sources) =
        dlx::format::parse_with_sources("| c\nA | x\nx\n\nA x\nA\n").unwrap();
    assert_eq!((m.num_options(), warnings.len()), (2, 1));
    let got: Vec<_> = sources.iter().map(|s| (s.number, s.line)).collect();
    assert_eq!(got, [(2, 5), (3, 6)]);
}

/// A `|` inside a word after no bound (`A|B`) is a name holding `|`, as
/// DLX1 has it, not a bad bound `A`; the error names the word's line and
/// column. Bounds that are meant as such keep their errors.
#[test]
fn a_bar_inside_a_name_is_not_a_bound() {
    let (l, c, m) = error_at("| c\nA|B\nA\n");
    assert_eq!((l, c), (2, 1));
    assert!(m.contains("bad item name `A|B`: names hold no `|`"), "{m}");
    assert!(m.contains("`A |B`"), "{m}");
    assert!(!m.contains("bad bound"), "{m}");
    let (l, c, m) = error_at("x é|B y\n");
    assert_eq!((l, c), (1, 3));
    assert!(m.contains("`é|B`"), "{m}");
    // Among the secondary items, and after a bound.
    let (_, c, m) = error_at("A | s x|t\n");
    assert_eq!(c, 7);
    assert!(m.contains("bad item name `x|t`"), "{m}");
    let (_, c, m) = error_at("2|A|B\n");
    assert_eq!(c, 3);
    assert!(m.contains("bad item name `A|B`"), "{m}");
    // Meant as bounds: still a bad bound.
    for text in ["x:2|a\n", "-1|a\n", "1x|a\n"] {
        let (_, _, m) = error_at(text);
        assert!(m.contains("bad bound"), "{text}: {m}");
    }
}
