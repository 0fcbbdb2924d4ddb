//! Counts known from independent sources: OEIS sequences, Knuth's examples.

use dlx::{Control, MatrixBuilder, OptionId, Solver};

/// N queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> dlx::Matrix {
    let mut b = MatrixBuilder::new();
    let rows: Vec<_> = (0..n)
        .map(|r| b.primary(&format!("r{r}")).unwrap())
        .collect();
    let cols: Vec<_> = (0..n)
        .map(|c| b.primary(&format!("c{c}")).unwrap())
        .collect();
    let diag: Vec<_> = (0..2 * n - 1)
        .map(|d| b.secondary(&format!("a{d}")).unwrap())
        .collect();
    let anti: Vec<_> = (0..2 * n - 1)
        .map(|d| b.secondary(&format!("b{d}")).unwrap())
        .collect();
    for r in 0..n {
        for c in 0..n {
            b.option(&[
                (rows[r], None),
                (cols[c], None),
                (diag[r + c], None),
                (anti[n - 1 - r + c], None),
            ])
            .unwrap();
        }
    }
    b.build().unwrap()
}

/// Langford pairs for n: place two copies of each k in 1..=n in 2n slots,
/// k slots apart.
fn langford(n: usize) -> dlx::Matrix {
    let mut b = MatrixBuilder::new();
    let vals: Vec<_> = (1..=n)
        .map(|k| b.primary(&format!("v{k}")).unwrap())
        .collect();
    let slots: Vec<_> = (0..2 * n)
        .map(|s| b.primary(&format!("s{s}")).unwrap())
        .collect();
    for k in 1..=n {
        for i in 0..2 * n {
            let j = i + k + 1;
            if j < 2 * n {
                b.option(&[(vals[k - 1], None), (slots[i], None), (slots[j], None)])
                    .unwrap();
            }
        }
    }
    b.build().unwrap()
}

#[test]
fn n_queens_match_oeis_a000170() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (k, &want) in expected.iter().enumerate() {
        let n = k + 1;
        let m = queens(n);
        let mut s = Solver::new(&m);
        assert_eq!(s.count(), want, "{n} queens");
        s.sanity().unwrap();
    }
}

#[test]
fn langford_pairs_match_oeis_a014552() {
    // A014552 for n = 3..12, doubled because each arrangement is counted with
    // its reversal.
    let a014552 = [1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144];
    for (k, &half) in a014552.iter().enumerate() {
        let n = k + 3;
        let m = langford(n);
        let mut s = Solver::new(&m);
        assert_eq!(s.count(), 2 * half, "Langford n = {n}");
        s.sanity().unwrap();
    }
}

/// The example of DLX1's documentation ((3) in "Dancing Links"): a unique
/// solution, rows `A D`, `E F C` and `B G`.
#[test]
fn knuths_dlx1_example() {
    let m = dlx::format::parse(
        "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
    )
    .unwrap();
    let mut s = Solver::new(&m);
    let sols = s.first(10);
    assert_eq!(sols.len(), 1);
    let mut texts: Vec<String> = sols[0].iter().map(|&o| m.option_text(o)).collect();
    texts.sort();
    assert_eq!(texts, ["A D", "B G", "C E F"]);
}

/// The color example of DLX2's documentation: option `X:0 Y:1` has no
/// primary item and is ignored, as DLX2 ignores it; the unique solution is
/// `A C X:1 Y:1` and `B X:1`.
#[test]
fn knuths_dlx2_color_example() {
    let text = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let (m, warnings) = dlx::format::parse_with_warnings(text).unwrap();
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 5);
    assert!(m.has_colors());
    assert_eq!(m.num_options(), 4);
    let mut s = Solver::new(&m);
    let sols = s.first(10);
    assert_eq!(sols.len(), 1);
    let mut texts: Vec<String> = sols[0].iter().map(|&o| m.option_text(o)).collect();
    texts.sort();
    assert_eq!(texts, ["A C X:1 Y:1", "B X:1"]);
    s.sanity().unwrap();
}

/// DLX3's example with bounds `2:3|C`: the unique solution is `A C X:1 Y:1`,
/// `B X:1`, `C Y:1`.
#[test]
fn knuths_dlx3_bounds_example() {
    let m = dlx::format::parse(
        "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
    )
    .unwrap();
    assert!(m.has_multiplicities());
    let mut s = Solver::new(&m);
    let sols = s.first(10);
    assert_eq!(sols.len(), 1);
    let mut texts: Vec<String> = sols[0].iter().map(|&o| m.option_text(o)).collect();
    texts.sort();
    assert_eq!(texts, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
    s.sanity().unwrap();
}

/// k identical copies as one item with multiplicity k: two dominoes in a 2x2
/// square are 2 solutions, not 4, and the search never lists a relabelling.
#[test]
fn identical_copies_are_counted_once() {
    let mut b = MatrixBuilder::new();
    let d = b.primary_bounds("domino", 2, 2).unwrap();
    let cells: Vec<_> = (0..4)
        .map(|k| b.primary(&format!("c{k}")).unwrap())
        .collect();
    // Cells 0 1 / 2 3.
    for (x, y) in [(0, 1), (2, 3), (0, 2), (1, 3)] {
        b.option(&[(d, None), (cells[x], None), (cells[y], None)])
            .unwrap();
    }
    let m = b.build().unwrap();
    let mut s = Solver::new(&m);
    assert_eq!(s.count(), 2);
    // Unlimited supply of dominoes on a 2x4 board (no piece item): 5
    // tilings (Fibonacci).
    let mut b = MatrixBuilder::new();
    let cells: Vec<_> = (0..8)
        .map(|k| b.primary(&format!("c{k}")).unwrap())
        .collect();
    for r in 0..2 {
        for c in 0..4 {
            let k = r * 4 + c;
            if c + 1 < 4 {
                b.option(&[(cells[k], None), (cells[k + 1], None)]).unwrap();
            }
            if r == 0 {
                b.option(&[(cells[k], None), (cells[k + 4], None)]).unwrap();
            }
        }
    }
    let m = b.build().unwrap();
    assert_eq!(Solver::new(&m).count(), 5);
}

/// A problem with no primary items has exactly one solution: no options.
#[test]
fn nothing_to_cover_is_one_empty_solution() {
    let mut b = MatrixBuilder::new();
    b.secondary("s").unwrap();
    let m = b.build().unwrap();
    let mut s = Solver::new(&m);
    let mut seen = Vec::new();
    s.solve(&mut |o: &[OptionId]| {
        seen.push(o.len());
        Control::Continue
    });
    assert_eq!(seen, [0]);
}

/// The statistics follow DLX1's rules: one node per level entered plus one
/// per solution, one update per cover plus one per node hidden. Counted by
/// hand on DLX1's example: levels: root (choose A, 2 options), ...
#[test]
fn statistics_count_like_dlx1() {
    // One item, one option: root node + solution leaf = 2 nodes; cover(a) = 1
    // update, no other nodes.
    let m = dlx::format::parse("a\na\n").unwrap();
    let mut s = Solver::new(&m);
    assert_eq!(s.count(), 1);
    assert_eq!(s.stats().nodes, 2);
    assert_eq!(s.stats().updates, 1);
    // Two items, option `a b`: root covers a (1 update + hides b's node: 1),
    // then commits b (cover b: 1 update). 3 updates, 2 nodes.
    let m = dlx::format::parse("a b\na b\n").unwrap();
    let mut s = Solver::new(&m);
    assert_eq!(s.count(), 1);
    assert_eq!(s.stats().nodes, 2);
    assert_eq!(s.stats().updates, 3);
}

/// Restricting a matrix to some options keeps the items and maps the new
/// option ids back to the old ones.
#[test]
fn retain_options_keeps_items_and_maps_ids() {
    let m = dlx::format::parse("a b | s\na\nb s\na b\nb\n").unwrap();
    let (r, old) = m.retain_options(|o| o.index() != 2);
    assert_eq!(r.num_items(), 3);
    assert_eq!(r.num_primary(), 2);
    assert_eq!(old.iter().map(|o| o.index()).collect::<Vec<_>>(), [0, 1, 3]);
    assert_eq!(r.option_text(OptionId::from_index(2)), "b");
    assert_eq!(Solver::new(&m).count(), 3);
    assert_eq!(Solver::new(&r).count(), 2);
}
