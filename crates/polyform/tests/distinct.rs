//! Counting up to symmetry: published distinct counts, the group orders, and
//! the fast methods against the definition on random puzzles.

use crate::memo_search::MemoOnly;
use orbits::{self, Counted, Method, Plan, Search, SerialSearch, Want};
use polyform::symmetry::{GroupChoice, action, puzzle_group};
use polyform::{Count, Encoding, Puzzle, encode, file};
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

/// Counts a puzzle in all and up to the group `choice`, by the one entry.
fn count(p: &Puzzle, enc: &Encoding, choice: GroupChoice) -> Counted {
    let a = action(p, enc, choice).unwrap();
    orbits::count(&enc.matrix, &a, Want::Distinct, true, &mut SerialSearch).unwrap()
}

/// The counts by the definition: canonical forms of all solutions.
fn by_definition(p: &Puzzle, enc: &Encoding, choice: GroupChoice) -> (u128, u128) {
    let a = action(p, enc, choice).unwrap();
    orbits::count_by_definition(&enc.matrix, &a.perms)
}

fn distinct(rel: &str) -> (u128, u128, usize, Counted) {
    let p = file::load(&data(rel)).unwrap();
    let enc = encode(&p).unwrap();
    let d = count(&p, &enc, GroupChoice::Full);
    let (n, distinct) = d.small().unwrap();
    (n, distinct.unwrap(), d.group_order, d)
}

#[test]
fn published_distinct_counts() {
    // (file, total, distinct, group order): counts.md, Polyform Puzzler, Knuth.
    for (rel, t, d, g) in [
        ("pentominoes/3x20.toml", 8, 2, 4),
        ("pentominoes/8x8-minus-centre.toml", 520, 65, 8),
        ("soma/cube.toml", 11520, 240, 48),
        ("easy-cube/cube.toml", 26064, 543, 48),
        ("copies/two-dominoes-2x2.toml", 2, 1, 8),
    ] {
        let (tt, dd, gg, _) = distinct(rel);
        assert_eq!((tt, dd, gg), (t, d, g), "{rel}");
    }
}

/// The distinct 6x10 count walks no more nodes than Knuth's X-in-a-quadrant
/// instance (909,153 nodes; DLX1).
#[test]
fn distinct_6x10_is_as_lean_as_knuths() {
    let (t, d, g, dc) = distinct("pentominoes/6x10.toml");
    assert_eq!((t, d, g), (9356, 2339, 4));
    assert!(
        matches!(dc.method, Method::Representatives { .. }),
        "{:?}",
        dc.method
    );
    assert!(dc.stats.nodes <= 909_153, "{} nodes", dc.stats.nodes);
}

/// A symmetry of the square grid, on (x, y).
type Map = fn((i32, i32)) -> (i32, i32);

/// xorshift64*, deterministic.
pub(crate) struct Rng(pub(crate) u64);
impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random puzzle with a planted solution: a w x h board (sometimes with a
/// symmetric hole pattern) cut into random connected pieces; pieces of the
/// same shape become one piece with copies when `merge` says so.
fn planted(rng: &mut Rng) -> Puzzle {
    let w = 2 + rng.below(3) as i32;
    let h = 2 + rng.below(3) as i32;
    let mut cells: Vec<(i32, i32)> = vec![];
    let hole = rng.below(3) == 0 && w >= 3 && h >= 3;
    for y in 0..h {
        for x in 0..w {
            // A centred hole keeps the board's symmetry.
            if hole
                && (2 * x - (w - 1)).abs() <= 1
                && (2 * y - (h - 1)).abs() <= 1
                && w % 2 == 1
                && h % 2 == 1
            {
                continue;
            }
            cells.push((x, y));
        }
    }
    // Grow pieces of 1..4 cells from random seeds.
    let mut owner = vec![usize::MAX; cells.len()];
    let idx = |c: (i32, i32), cells: &[(i32, i32)]| cells.iter().position(|&d| d == c);
    let mut pieces: Vec<Vec<(i32, i32)>> = vec![];
    for start in 0..cells.len() {
        if owner[start] != usize::MAX {
            continue;
        }
        let size = 1 + rng.below(4) as usize;
        let id = pieces.len();
        let mut piece = vec![cells[start]];
        owner[start] = id;
        while piece.len() < size {
            let c = piece[rng.below(piece.len() as u64) as usize];
            let d = [(1, 0), (-1, 0), (0, 1), (0, -1)][rng.below(4) as usize];
            let n = (c.0 + d.0, c.1 + d.1);
            match idx(n, &cells) {
                Some(k) if owner[k] == usize::MAX => {
                    owner[k] = id;
                    piece.push(n);
                }
                _ => {
                    if rng.below(4) == 0 {
                        break;
                    }
                }
            }
        }
        pieces.push(piece);
    }
    let mut text = String::from("lattice = \"square\"\n[board]\ncells = [");
    for (x, y) in &cells {
        text += &format!("[{x}, {y}], ");
    }
    text += "]\n";
    let one_sided = rng.below(4) == 0;
    if one_sided {
        text = text.replacen(
            "lattice = \"square\"\n",
            "lattice = \"square\"\none_sided = true\n",
            1,
        );
    }
    // Identical shapes (up to the piece's own symmetries) merge into copies.
    let mut kinds: Vec<(Vec<(i32, i32)>, u32)> = vec![];
    let symbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let canon = |p: &[(i32, i32)]| {
        let mut best: Option<Vec<(i32, i32)>> = None;
        let maps: &[Map] = if one_sided {
            &[
                |(x, y)| (x, y),
                |(x, y)| (-y, x),
                |(x, y)| (-x, -y),
                |(x, y)| (y, -x),
            ]
        } else {
            &[
                |(x, y)| (x, y),
                |(x, y)| (-y, x),
                |(x, y)| (-x, -y),
                |(x, y)| (y, -x),
                |(x, y)| (-x, y),
                |(x, y)| (y, x),
                |(x, y)| (x, -y),
                |(x, y)| (-y, -x),
            ]
        };
        for m in maps {
            let mut v: Vec<(i32, i32)> = p.iter().map(|&c| m(c)).collect();
            let (mx, my) = (
                v.iter().map(|c| c.0).min().unwrap(),
                v.iter().map(|c| c.1).min().unwrap(),
            );
            for c in &mut v {
                *c = (c.0 - mx, c.1 - my);
            }
            v.sort();
            if best.as_ref().is_none_or(|b| v < *b) {
                best = Some(v);
            }
        }
        best.unwrap()
    };
    // Identical shapes become copies of one piece, except that one shape
    // may come twice as two pieces (two labelled pieces of the same shape).
    let mut split_once = rng.below(2) == 0;
    for p in &pieces {
        let c = canon(p);
        match kinds.iter_mut().find(|k| k.0 == c) {
            Some(_) if split_once => {
                split_once = false;
                kinds.push((c, 1));
            }
            Some(k) => k.1 += 1,
            None => kinds.push((c, 1)),
        }
    }
    for (k, (shape, count)) in kinds.iter().enumerate() {
        text += &format!(
            "[[piece]]\nname = \"p{k}\"\nsymbol = \"{}\"\ncount = {count}\ncells = [",
            &symbols[k..k + 1]
        );
        for (x, y) in shape {
            text += &format!("[{x}, {y}], ");
        }
        text += "]\n";
    }
    file::parse_puzzle(Path::new("random.toml"), &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn fast_distinct_counts_equal_the_definition_on_random_puzzles() {
    let mut rng = Rng(0x5eed);
    let mut methods = [0usize; 2];
    let mut with_copies = 0;
    let mut symmetric_solutions = 0;
    let mut unweighted = 0;
    for trial in 0..300 {
        let p = planted(&mut rng);
        let enc = encode(&p).unwrap();
        // Keep the definition's enumeration small.
        if dlx::Solver::new(&enc.matrix).count() > 5000 {
            continue;
        }
        let (total, by_def) = by_definition(&p, &enc, GroupChoice::Full);
        let by_full = by_def;
        assert!(total >= 1, "the planted solution is a solution");
        let d = count(&p, &enc, GroupChoice::Full);
        assert_eq!(
            d.small(),
            Some((total, Some(by_def))),
            "trial {trial}: {:?}",
            d.method
        );
        methods[matches!(d.method, Method::Burnside | Method::BurnsideByStabilizers) as usize] += 1;
        // Every group choice against its own definition.
        for choice in [GroupChoice::Rotations, GroupChoice::None] {
            let (t, by_def) = by_definition(&p, &enc, choice);
            let d = count(&p, &enc, choice);
            assert_eq!(
                d.small(),
                Some((t, Some(by_def))),
                "trial {trial}, group {choice}: {:?}",
                d.method
            );
            if choice == GroupChoice::None {
                assert_eq!(by_def, t);
            }
        }
        // A total alone, reduced or not.
        let a = action(&p, &enc, GroupChoice::Full).unwrap();
        // Plain counts only, on the memo engine: Burnside where it can.
        if let Some(plan) = Plan::unweighted(&enc.matrix, &a, Want::Distinct).unwrap() {
            let tally = MemoOnly.count(plan.matrix(), None).unwrap();
            let d = plan.finish(tally, &mut MemoOnly).unwrap();
            assert_eq!(d.small(), Some((total, Some(by_full))), "trial {trial}");
            unweighted += 1;
        }
        for reduce in [false, true] {
            let t = orbits::count(&enc.matrix, &a, Want::Total, reduce, &mut SerialSearch).unwrap();
            assert_eq!(t.solutions, total, "trial {trial}, reduce {reduce}");
        }
        with_copies += p.pieces.iter().any(|q| q.count != Count::exactly(1)) as usize;
        let g = puzzle_group(&p).order() as u128;
        symmetric_solutions += (by_def * g != total) as usize;
    }
    // The random puzzles exercise both methods, copies and symmetric solutions.
    assert!(methods[0] > 30 && methods[1] > 30, "{methods:?}");
    assert!(with_copies > 30, "{with_copies}");
    assert!(symmetric_solutions > 10, "{symmetric_solutions}");
    assert!(unweighted > 30, "{unweighted}");
}

/// On lattices with cells of several kinds, orientations of a piece can
/// have the same cells relative to their first one and differ only in the
/// kinds (a triangle pointing up or down): the symmetries still map every
/// placement to one. Counts by hand: two triangles fill a diamond once; a
/// tetrahedron-octahedron pair and a tetrahedron fill a row of tetrahedron,
/// octahedron, tetrahedron in 2 ways; 24 single units fill a cube once;
/// two columns of two prisms (one of up triangles, one of down) fill a
/// stacked diamond once.
#[test]
fn orientations_that_differ_only_in_cell_kinds() {
    for (text, total) in [
        (
            "name = \"t\"\nlattice = \"triangle\"\n[board]\nart = \"##\"\n[[piece]]\nname = \"T\"\nsymbol = \"t\"\nart = \"#\"\ncount = 2\n",
            1,
        ),
        (
            "name = \"to\"\nlattice = \"tetra-octa\"\n[board]\ncells = [[-3, -3, -3], [0, 0, 0], [3, 3, 3]]\n[[piece]]\nname = \"OT\"\nsymbol = \"d\"\ncells = [[0, 0, 0], [3, 3, 3]]\n[[piece]]\nname = \"T\"\nsymbol = \"t\"\ncells = [[3, 3, 3]]\n",
            2,
        ),
        (
            r#"name = "a cube of 24 rhombic units"
lattice = "rhombic-units"
[board]
art = """
.....
..#..
.#.#.
..#..
.....

..#..
.....
#...#
.....
..#..

.#.#.
#...#
.....
#...#
.#.#.

..#..
.....
#...#
.....
..#..

.....
..#..
.#.#.
..#..
.....
"""
[[piece]]
name = "unit"
symbol = "u"
cells = [[2, 1, 0]]
count = 24
"#,
            1,
        ),
        (
            r#"name = "two stacked prisms, twice"
lattice = "prism"
[board]
art = """
##

##
"""
[[piece]]
name = "column"
symbol = "c"
art = """
#

#
"""
count = 2
"#,
            1,
        ),
    ] {
        let p = file::parse_puzzle(Path::new("inline.toml"), text).unwrap();
        let enc = encode(&p).unwrap();
        let d = count(&p, &enc, GroupChoice::Full);
        assert_eq!(d.solutions, total, "{}", p.name);
        let (t, dd) = by_definition(&p, &enc, GroupChoice::Full);
        assert_eq!(d.small(), Some((t, Some(dd))), "{}", p.name);
    }
}

/// The permutations of options worked out for a few generators and
/// composed for the rest of the group are each element's own, worked out
/// from the cells, on every lattice with a big group.
#[test]
fn composed_option_permutations_are_each_elements_own() {
    use polyform::symmetry::OptionImages;
    for rel in [
        "pentominoes/8x8-minus-centre.toml",
        "soma/cube.toml",
        "bedlam/cube.toml",
        "rhombic/tetrahedron.toml",
        "tetra-octa/tetrahedron.toml",
        "prisms/hexagonal-prism.toml",
        "hexiamonds/6x6-rhombus.toml",
        "iq-puzzler-pro/pyramid.toml",
    ] {
        let p = file::load(&data(rel)).unwrap();
        let enc = encode(&p).unwrap();
        let group = puzzle_group(&p);
        assert!(group.order() > 2, "{rel}: a group worth composing");
        let images = OptionImages::new(&enc);
        let composed = images.perms(&group.elements).unwrap();
        assert_eq!(composed.len(), group.order());
        for (g, perm) in group.elements.iter().zip(&composed) {
            assert_eq!(perm, &images.perm(g).unwrap(), "{rel}: {g:?}");
        }
    }
}
