//! Kanoodle Extreme: the placement table of benelder/Kanoodle's solver
//! (as listed in `docs/reference-counts.md`) and the catalog's
//! challenges, each checked against an independent model.
//!
//! The model here shares nothing with polycover's lattices or its
//! exact-cover code: the pyramid is the set of barycentric points
//! `(X, Y, Z, W)` with non-negative integer entries summing to 5 (sphere
//! `(X, Y, Z + 1)` rests on `(X, Y, Z)`, `(X + 1, Y, Z)`, `(X, Y + 1, Z)`,
//! as in benelder/Kanoodle's solver), and a piece may lie in any plane parallel to a face
//! (one coordinate constant), where the other three coordinates form a
//! triangular lattice, in any of its 12 orientations there. That is the
//! solver's rule: flat in a layer, or leaning parallel to a face. Solutions
//! are counted by plain backtracking (fill the first empty sphere).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The pieces as listed in `docs/reference-counts.md`, with the symbols
/// of `data/sets/kanoodle-extreme.toml` and the solver's counts.
/// Name, symbol, cells `(x, y)`, placements in the pyramid.
type PieceRow = (&'static str, char, &'static [(i32, i32)], usize);

const PIECES: [PieceRow; 12] = [
    ("Lime", 'L', &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 1)], 336),
    (
        "Yellow",
        'Y',
        &[(0, 0), (1, 0), (2, 0), (1, 1), (2, 1)],
        480,
    ),
    (
        "Dark Blue",
        'D',
        &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
        96,
    ),
    (
        "Light Blue",
        'B',
        &[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)],
        336,
    ),
    ("Red", 'R', &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)], 360),
    ("Pink", 'P', &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)], 168),
    ("Green", 'G', &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)], 480),
    ("White", 'W', &[(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)], 288),
    ("Orange", 'O', &[(0, 0), (1, 0), (1, 1), (1, 2)], 480),
    ("Peach", 'E', &[(0, 0), (1, 0), (1, 1), (2, 1)], 240),
    ("Gray", 'A', &[(0, 0), (1, 0), (0, 1), (1, 1)], 240),
    ("Purple", 'U', &[(0, 0), (1, 0), (2, 0), (1, 1)], 720),
];

const SIDE: i32 = 5;

type Sphere = [i32; 3];

fn pyramid() -> Vec<Sphere> {
    let mut v = vec![];
    for z in 0..=SIDE {
        for y in 0..=SIDE - z {
            for x in 0..=SIDE - y - z {
                v.push([x, y, z]);
            }
        }
    }
    v
}

/// Every placement of a piece in the pyramid, as sorted sphere lists.
fn placements(shape: &[(i32, i32)]) -> BTreeSet<Vec<Sphere>> {
    // The 12 orientations in a triangular lattice with axes 60° apart.
    let mut orients = vec![];
    let mut cur: Vec<(i32, i32)> = shape.to_vec();
    for _ in 0..6 {
        cur = cur.iter().map(|&(p, q)| (-q, p + q)).collect();
        orients.push(cur.clone());
        orients.push(cur.iter().map(|&(p, q)| (q, p)).collect());
    }
    let mut out = BTreeSet::new();
    for o in &orients {
        // The plane: coordinate `k` of (X, Y, Z, W) is `level`; the other
        // three, (u, v, w), are (u0 + p, v0 + q, w0 - p - q).
        for k in 0..4 {
            for level in 0..=SIDE {
                for u0 in -2 * SIDE..=2 * SIDE {
                    for v0 in -2 * SIDE..=2 * SIDE {
                        let w0 = SIDE - level - u0 - v0;
                        let mut cells = vec![];
                        for &(p, q) in o {
                            let rest = [u0 + p, v0 + q, w0 - p - q];
                            if rest.iter().any(|&c| !(0..=SIDE).contains(&c)) {
                                break;
                            }
                            let mut bary = [0; 4];
                            let mut it = rest.iter();
                            for (i, b) in bary.iter_mut().enumerate() {
                                *b = if i == k { level } else { *it.next().unwrap() };
                            }
                            cells.push([bary[0], bary[1], bary[2]]);
                        }
                        if cells.len() == o.len() {
                            cells.sort();
                            out.insert(cells);
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_independent_model_reproduces_the_seeds_placement_table() {
    let mut total = 0;
    for (name, _, shape, want) in PIECES {
        let n = placements(shape).len();
        assert_eq!(n, want, "{name}");
        total += n;
    }
    assert_eq!(total, 4224);
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/kanoodle-extreme")
}

#[test]
fn show_reports_the_seeds_placement_table_on_the_pyramid() {
    let puzzle = polyform::load(&data().join("pyramid.toml")).unwrap();
    let enc = polyform::encode(&puzzle).unwrap();
    assert_eq!(puzzle.board.len(), 56);
    let mut total = 0;
    for (p, st) in puzzle.pieces.iter().zip(&enc.pieces) {
        let want = PIECES.iter().find(|q| q.0 == p.name).unwrap().3;
        assert_eq!(st.placements, want, "{}", p.name);
        total += st.placements;
    }
    assert_eq!(total, 4224);
    assert_eq!(enc.matrix.num_options(), 4224);
}

/// A challenge's board art read independently: spheres by symbol (`#` for
/// a free sphere), in the model's coordinates.
fn read_board(art: &str) -> HashMap<Sphere, char> {
    let mut marks = vec![];
    for (layer, block) in art.trim_matches('\n').split("\n\n").enumerate() {
        for (r, line) in block.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch != '.' && ch != ' ' {
                    let (r, c) = (r as i32, c as i32);
                    assert_eq!((r + c) % 2, 0, "stagger");
                    // Axial (a, b) = ((c - r) / 2, r); then (X, Y) = (a + b, -a),
                    // which turns the art's rule (a sphere rests on the one
                    // drawn at its place and the two below) into the solver's.
                    let a = (c - r) / 2;
                    marks.push(([a + r, -a, layer as i32], ch));
                }
            }
        }
    }
    let ox = marks.iter().map(|m| m.0[0]).min().unwrap();
    let oy = marks.iter().map(|m| m.0[1]).min().unwrap();
    marks
        .into_iter()
        .map(|(s, ch)| ([s[0] - ox, s[1] - oy, s[2]], ch))
        .collect()
}

/// Counts the ways to fill the free spheres with the pieces not on the
/// board, by backtracking; the pre-placed pieces must be placements.
fn brute_force(board: &HashMap<Sphere, char>) -> u64 {
    let spheres = pyramid();
    let index: HashMap<Sphere, usize> = spheres.iter().enumerate().map(|(i, s)| (*s, i)).collect();
    let board_set: BTreeSet<Sphere> = board.keys().copied().collect();
    assert_eq!(
        board_set,
        spheres.iter().copied().collect(),
        "the board is the pyramid"
    );
    let mask = |cells: &[Sphere]| cells.iter().fold(0u64, |m, s| m | 1 << index[s]);
    let mut filled = 0u64;
    // by_cell[piece][cell]: the piece's placements whose lowest cell is `cell`.
    let mut by_cell: Vec<Vec<Vec<u64>>> = vec![];
    for (name, sym, shape, _) in PIECES {
        let all = placements(shape);
        let mut drawn: Vec<Sphere> = board.iter().filter(|e| *e.1 == sym).map(|e| *e.0).collect();
        drawn.sort();
        if !drawn.is_empty() {
            assert!(all.contains(&drawn), "{name} is drawn as a placement");
            filled |= mask(&drawn);
            continue;
        }
        let mut lists = vec![vec![]; spheres.len()];
        for p in &all {
            let m = mask(p);
            lists[m.trailing_zeros() as usize].push(m);
        }
        by_cell.push(lists);
    }
    fn search(filled: u64, full: u64, used: u32, by_cell: &[Vec<Vec<u64>>]) -> u64 {
        if filled == full {
            return 1;
        }
        // The first empty sphere must be the lowest sphere of some piece.
        let cell = (!filled).trailing_zeros() as usize;
        let mut n = 0;
        for (i, lists) in by_cell.iter().enumerate() {
            if used >> i & 1 == 1 {
                continue;
            }
            for &m in &lists[cell] {
                if m & filled == 0 {
                    n += search(filled | m, full, used | 1 << i, by_cell);
                }
            }
        }
        n
    }
    let full = (1u64 << spheres.len()) - 1;
    search(filled, full, 0, &by_cell)
}

/// Checks every challenge; returns how many have only 2 pieces placed.
fn check_challenges() -> usize {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("challenge-") || name.starts_with("booklet-")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 8, "challenges are in the catalog");
    let mut two_placed = 0;
    let mut failures = vec![];
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let table: toml::Table = toml::from_str(&text).unwrap();
        let art = table["board"]["art"].as_str().unwrap();
        let board = read_board(art);
        let placed: BTreeSet<char> = board.values().copied().filter(|&c| c != '#').collect();
        if placed.len() == 2 {
            two_placed += 1;
        }
        let want = brute_force(&board) as u128;
        eprintln!("{}: {want} solutions by brute force", f.display());
        let puzzle = polyform::load(f).unwrap();
        let expect = puzzle.expect.as_ref().and_then(|e| e.solutions.clone());
        let enc = polyform::encode(&puzzle).unwrap();
        let got = dlx::Solver::new(&enc.matrix).count();
        if expect != Some(want.into()) || got != want {
            failures.push(format!(
                "{}: brute force {want}, [expect] {expect:?}, exact cover {got}",
                f.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    two_placed
}

/// Every challenge, the booklet's level 100 and those with only 2 pieces
/// placed included.
#[test]
fn challenges_have_the_counts_of_an_independent_brute_force() {
    let two_placed = check_challenges();
    assert!(two_placed >= 3, "challenges with only 2 pieces placed");
}
