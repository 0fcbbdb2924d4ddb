//! An independent oracle: a plain backtracking search that fills the first
//! empty cell (in its own order) with every orientation of every piece that
//! still has copies, written without the crate's lattices, shapes, encoding
//! or the dlx solver. The counts it finds are checked against the DLX count
//! and against the catalog files that cite this test as their source.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};

type P = (i32, i32);

/// The order in which the search looks for the first empty cell: by
/// column when `by_column` (for long, low boards), else row by row.
fn scan_key(by_column: bool) -> impl Fn(&P) -> (i32, i32) {
    move |&(x, y)| if by_column { (x, y) } else { (y, x) }
}

/// All orientations of a 2D piece: 4 rotations of it and (when `flip`) of
/// its mirror image, each shifted so its first cell in scan order is at
/// (0, 0).
fn orientations(cells: &[P], by_column: bool, flip: bool) -> Vec<Vec<P>> {
    let mut out: BTreeSet<Vec<P>> = BTreeSet::new();
    let mut cur: Vec<P> = cells.to_vec();
    for flip in 0..1 + usize::from(flip) {
        if flip == 1 {
            cur = cur.iter().map(|&(x, y)| (-x, y)).collect();
        }
        for _ in 0..4 {
            cur = cur.iter().map(|&(x, y)| (y, -x)).collect();
            let mut v = cur.clone();
            v.sort_by_key(scan_key(by_column));
            let (ax, ay) = v[0];
            let v: Vec<P> = v.iter().map(|&(x, y)| (x - ax, y - ay)).collect();
            out.insert(v);
        }
    }
    out.into_iter().collect()
}

/// Counts the ways to fill `board` exactly with the pieces, `counts[i]`
/// identical copies of piece `i` (`None`: unlimited). Identical copies are
/// not told apart.
fn brute_count(board: &[P], pieces: &[Vec<P>], counts: &[Option<u32>]) -> u64 {
    brute_count_sided(board, pieces, counts, &vec![true; pieces.len()])
}

/// [`brute_count`] where piece `i` may be turned over only if `flips[i]`.
fn brute_count_sided(
    board: &[P],
    pieces: &[Vec<P>],
    counts: &[Option<u32>],
    flips: &[bool],
) -> u64 {
    let width = board.iter().map(|c| c.0).max().unwrap() - board.iter().map(|c| c.0).min().unwrap();
    let height =
        board.iter().map(|c| c.1).max().unwrap() - board.iter().map(|c| c.1).min().unwrap();
    let by_column = width > height;
    let mut cells: Vec<P> = board.to_vec();
    cells.sort_by_key(scan_key(by_column));
    let mut empty: HashSet<P> = cells.iter().copied().collect();
    let orients: Vec<Vec<Vec<P>>> = pieces
        .iter()
        .zip(flips)
        .map(|(p, &flip)| orientations(p, by_column, flip))
        .collect();
    let mut left: Vec<Option<u32>> = counts.to_vec();
    fn go(
        cells: &[P],
        empty: &mut HashSet<P>,
        orients: &[Vec<Vec<P>>],
        left: &mut [Option<u32>],
    ) -> u64 {
        let Some(&(fx, fy)) = cells.iter().find(|c| empty.contains(c)) else {
            return 1;
        };
        let mut total = 0;
        for i in 0..orients.len() {
            if left[i] == Some(0) {
                continue;
            }
            for o in &orients[i] {
                let placed: Vec<P> = o.iter().map(|&(x, y)| (x + fx, y + fy)).collect();
                if placed.iter().all(|c| empty.contains(c)) {
                    for c in &placed {
                        empty.remove(c);
                    }
                    if let Some(k) = left[i].as_mut() {
                        *k -= 1;
                    }
                    total += go(cells, empty, orients, left);
                    if let Some(k) = left[i].as_mut() {
                        *k += 1;
                    }
                    for c in &placed {
                        empty.insert(*c);
                    }
                }
            }
        }
        total
    }
    // With the pieces' area equal to the board's, every filling uses each
    // fixed count exactly (the callers choose such puzzles).
    go(&cells, &mut empty, &orients, &mut left)
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

fn dlx_count(path: &Path) -> (u128, Option<u128>) {
    let p = polyform::load(path).unwrap_or_else(|e| panic!("{e}"));
    let enc = polyform::encode(&p).unwrap();
    let n = dlx::Solver::new(&enc.matrix).count();
    (n, p.expect.and_then(|e| e.solutions?.to_u128()))
}

/// Easy Cube's pieces, as in seeds/easy-cube.txt (Mathematica lists).
fn easy_cube_pieces() -> Vec<Vec<P>> {
    vec![
        vec![(0, 0), (0, 1), (1, 0)],                  // PTriangle
        vec![(0, 0), (0, 1), (1, 0), (1, 1)],          // PSquare
        vec![(0, 0), (0, 1), (0, 2)],                  // PLine
        vec![(0, 0), (0, 1), (1, 0), (2, 0)],          // PL
        vec![(0, 0), (0, 1), (-1, 0), (1, 0)],         // PPodium
        vec![(0, 0), (0, 1), (1, 0), (-1, 1)],         // PSnake
        vec![(0, 0), (1, 0), (0, 1), (1, 1), (-1, 1)], // PBulky
    ]
}

/// coordQ35 of seeds/easy-cube.txt, transcribed from its Mathematica `Table`s.
fn q35() -> Vec<P> {
    let mut v = vec![];
    v.extend((-2..=3).map(|i| (i, 2)));
    v.extend((-2..=3).map(|i| (i, -2)));
    v.extend((0..=3).map(|i| (i, 1)));
    v.extend((0..=3).map(|i| (i, 0)));
    v.extend((0..=3).map(|i| (i, -1)));
    v.extend((-1..=1).map(|j| (-2, j)));
    v
}

#[test]
fn oracle_knows_pentomino_orientations() {
    // Sanity of the oracle itself: X 1, I 2, T 4, F 8.
    assert_eq!(
        orientations(&[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], false, true).len(),
        1
    );
    assert_eq!(
        orientations(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], true, true).len(),
        2
    );
    assert_eq!(
        orientations(&[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)], false, true).len(),
        4
    );
    assert_eq!(
        orientations(&[(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)], true, true).len(),
        8
    );
}

#[test]
fn easy_cube_q35_matches_brute_force() {
    let board = q35();
    assert_eq!(board.len(), 27);
    let pieces = easy_cube_pieces();
    let brute = brute_count(&board, &pieces, &[Some(1); 7]);
    let (got, expected) = dlx_count(&data().join("easy-cube/q35.toml"));
    assert_eq!(got, brute as u128, "DLX against brute force");
    assert_eq!(expected, Some(brute as u128), "the catalog file's count");
}

#[test]
fn identical_l_trominoes_match_brute_force() {
    let l = vec![(0, 0), (0, 1), (1, 1)];
    let board: Vec<P> = (0..6).flat_map(|y| (0..6).map(move |x| (x, y))).collect();
    let brute = brute_count(&board, std::slice::from_ref(&l), &[Some(12)]);
    let unlimited = brute_count(&board, &[l], &[None]);
    assert_eq!(brute, unlimited);
    let (got, expected) = dlx_count(&data().join("copies/l-trominoes-6x6.toml"));
    assert_eq!(got, brute as u128);
    assert_eq!(expected, Some(brute as u128));
}

#[test]
fn two_dominoes_on_2x2_match_brute_force() {
    let board = vec![(0, 0), (1, 0), (0, 1), (1, 1)];
    assert_eq!(brute_count(&board, &[vec![(0, 0), (1, 0)]], &[Some(2)]), 2);
    let (got, expected) = dlx_count(&data().join("copies/two-dominoes-2x2.toml"));
    assert_eq!((got, expected), (2, Some(2)));
}

/// The twelve pentominoes with Conway's letters, as `name art` rows (`/`
/// between rows).
const PENTOMINOES: [&str; 12] = [
    "F .##/##./.#.",
    "I #####",
    "L ####/#...",
    "N ##../.###",
    "P ##/##/#.",
    "T ###/.#./.#.",
    "U #.#/###",
    "V #../#../###",
    "W #../##./.##",
    "X .#./###/.#.",
    "Y ..#./####",
    "Z ##./.#./.##",
];

#[test]
fn pentominoes_3x20_match_brute_force() {
    let pieces: Vec<Vec<P>> = PENTOMINOES
        .iter()
        .map(|s| cells_of(s.split_once(' ').unwrap().1))
        .collect();
    let board: Vec<P> = (0..3).flat_map(|y| (0..20).map(move |x| (x, y))).collect();
    let brute = brute_count(&board, &pieces, &[Some(1); 12]);
    assert_eq!(brute, 8, "published count");
    let (got, _) = dlx_count(&data().join("pentominoes/3x20.toml"));
    assert_eq!(got, 8);
}

/// Parses `name art` pentomino rows (`/` between rows) into cells.
fn cells_of(art: &str) -> Vec<P> {
    let mut v = vec![];
    for (y, row) in art.split('/').enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == '#' {
                v.push((x as i32, y as i32));
            }
        }
    }
    v
}

/// A piece's own `mirror` key against the oracle: the L, P, W and Y
/// pentominoes (20 fillings of a 4x5 board when all may turn over, 2 when
/// none may) on a 4x5 board, in one-sided and two-sided puzzles where
/// some pieces override the puzzle's rule.
#[test]
fn per_piece_mirror_matches_brute_force() {
    let arts = [
        ("L", "####/#..."),
        ("P", "##/##/#."),
        ("W", "#../##./.##"),
        ("Y", "..#./####"),
    ];
    let pieces: Vec<Vec<P>> = arts.iter().map(|(_, a)| cells_of(a)).collect();
    let board: Vec<P> = (0..4).flat_map(|y| (0..5).map(move |x| (x, y))).collect();
    let mut seen = HashSet::new();
    // (one_sided, each piece's `mirror` key: None, Some(true), Some(false))
    for (one_sided, mirror) in [
        (false, [None, None, None, None]),
        (true, [None, None, None, None]),
        (true, [Some(true), None, Some(true), None]),
        (false, [Some(false), None, None, Some(false)]),
        (true, [None, Some(true), None, None]),
        (false, [Some(false), Some(false), Some(false), Some(false)]),
    ] {
        let flips: Vec<bool> = mirror.iter().map(|m| m.unwrap_or(!one_sided)).collect();
        let want = brute_count_sided(&board, &pieces, &[Some(1); 4], &flips);
        seen.insert(want);
        let mut text =
            format!("lattice = \"square\"\none_sided = {one_sided}\n[board]\nsize = [5, 4]\n");
        for ((name, art), m) in arts.iter().zip(mirror) {
            let rows = art.replace('/', "\n");
            text += &format!(
                "[[piece]]\nname = \"{name}\"\nsymbol = \"{name}\"\nart = \"\"\"\n{rows}\n\"\"\"\n"
            );
            if let Some(m) = m {
                text += &format!("mirror = {m}\n");
            }
        }
        let p = polyform::file::parse_puzzle(Path::new("mirror.toml"), &text)
            .unwrap_or_else(|e| panic!("{e}"));
        for (piece, &flip) in p.pieces.iter().zip(&flips) {
            assert_eq!(piece.may_turn_over(), flip, "{}", piece.name);
        }
        let enc = polyform::encode(&p).unwrap();
        let got = dlx::Solver::new(&enc.matrix).count();
        assert_eq!(
            got,
            u128::from(want),
            "one_sided {one_sided}, mirror {mirror:?}"
        );
    }
    // The cases differ: the key changes the count.
    assert!(seen.len() >= 3, "counts {seen:?}");
}

/// Checks that the plain count and the count using the board's symmetry are `want`; returns
/// the group action (its candidates say whether the symmetry reduced the search).
fn counts_agree(p: &polyform::Puzzle, want: u128, what: &str) -> orbits::Action {
    use polyform::symmetry::{GroupChoice, action};
    let enc = polyform::encode(p).unwrap();
    assert_eq!(dlx::Solver::new(&enc.matrix).count(), want, "{what}");
    let a = action(p, &enc, GroupChoice::Full).unwrap();
    let d = orbits::count(
        &enc.matrix,
        &a,
        orbits::Want::Distinct,
        true,
        &mut orbits::SerialSearch,
    )
    .unwrap();
    assert_eq!(d.solutions, want, "up to symmetry: {what}");
    a
}

/// Pieces used at most once or twice (`"0..1"`, `"0..2"`) against the
/// oracle, which counts the fillings that use each piece at most its count:
/// random rectangles and sets of pentominoes and small pieces, some whose
/// pieces cover the board exactly (every copy then forced), some with cells
/// to spare. The plain count and the count that uses the board's symmetry
/// (a forced piece as its representative) agree with it.
#[test]
fn bounded_supplies_match_brute_force() {
    let mut pool: Vec<(String, &str)> = PENTOMINOES
        .iter()
        .map(|s| {
            let (name, art) = s.split_once(' ').unwrap();
            (name.to_string(), art)
        })
        .collect();
    pool.extend([
        ("i3".into(), "###"),
        ("l3".into(), "##/#."),
        ("o4".into(), "##/##"),
    ]);
    let mut rng = crate::distinct::Rng(0xb0_0d1e);
    let (mut forced, mut spare, mut reduced) = (0, 0, 0);
    for trial in 0..60 {
        let (w, h) = (3 + rng.below(3) as i32, 3 + rng.below(3) as i32);
        let area = (w * h) as usize;
        // Distinct pieces in random order until they cover the board, then
        // sometimes one more: exactly the board's area, or more.
        let mut order: Vec<usize> = (0..pool.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut chosen: Vec<(usize, u32)> = vec![];
        let mut supply = 0;
        for &k in &order {
            if supply >= area && (supply > area || rng.below(2) == 0) {
                break;
            }
            let most = 1 + u32::from(cells_of(pool[k].1).len() < 4 && rng.below(2) == 0);
            chosen.push((k, most));
            supply += cells_of(pool[k].1).len() * most as usize;
        }
        let pieces: Vec<Vec<P>> = chosen.iter().map(|&(k, _)| cells_of(pool[k].1)).collect();
        let counts: Vec<Option<u32>> = chosen.iter().map(|&(_, m)| Some(m)).collect();
        let board: Vec<P> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
        let want = u128::from(brute_count(&board, &pieces, &counts));
        let mut text = format!("lattice = \"square\"\n[board]\nsize = [{w}, {h}]\n");
        for (j, &(k, most)) in chosen.iter().enumerate() {
            let (name, art) = &pool[k];
            let rows = art.replace('/', "\n");
            let symbol = char::from(b'A' + j as u8);
            text += &format!(
                "[[piece]]\nname = \"{name}\"\nsymbol = \"{symbol}\"\ncount = \"0..{most}\"\nart = \"\"\"\n{rows}\n\"\"\"\n"
            );
        }
        let p = polyform::file::parse_puzzle(Path::new("bounded.toml"), &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let a = counts_agree(&p, want, &format!("trial {trial}:\n{text}"));
        if supply == area {
            forced += 1;
        } else {
            spare += 1;
        }
        reduced += usize::from(!a.candidates.is_empty());
    }
    // Both kinds came up, and forced pieces served as representatives.
    assert!(
        forced >= 10 && spare >= 10 && reduced >= 5,
        "{forced} {spare} {reduced}"
    );
}

/// Boards with cells that may stay empty (`+`), filled by pieces in unlimited
/// supply or used at most once or twice, against the oracle summed over the
/// sets of optional cells that end up covered. A piece in unlimited supply
/// must also be able to lie on optional cells alone (its placements there
/// were once left out of the matrix: one domino on `##++` gave 1, not 2).
#[test]
fn optional_cells_and_unlimited_supplies_match_brute_force() {
    let pool: [(&str, &str); 4] = [("m", "#"), ("d", "##"), ("i3", "###"), ("l3", "##/#.")];
    let mut rng = crate::distinct::Rng(0x0b_7105);
    let mut unlimited_on_optional = 0;
    for trial in 0..80 {
        let (w, h) = (2 + rng.below(3) as i32, 2 + rng.below(2) as i32);
        let board: Vec<P> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
        let optional: BTreeSet<P> = (0..1 + rng.below(3))
            .map(|_| board[rng.below(board.len() as u64) as usize])
            .collect();
        let fill: Vec<P> = board
            .iter()
            .copied()
            .filter(|c| !optional.contains(c))
            .collect();
        let mut chosen: Vec<(usize, Option<u32>)> = vec![];
        for k in 0..pool.len() {
            if rng.below(3) > 0 {
                chosen.push((k, [None, Some(1), Some(2)][rng.below(3) as usize]));
            }
        }
        if chosen.is_empty() {
            continue;
        }
        let pieces: Vec<Vec<P>> = chosen.iter().map(|&(k, _)| cells_of(pool[k].1)).collect();
        let counts: Vec<Option<u32>> = chosen.iter().map(|&(_, c)| c).collect();
        let optional: Vec<P> = optional.into_iter().collect();
        let want: u128 = (0..1u32 << optional.len())
            .map(|mask| {
                let mut cells = fill.clone();
                cells.extend(
                    (0..optional.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| optional[i]),
                );
                if cells.is_empty() {
                    1
                } else {
                    u128::from(brute_count(&cells, &pieces, &counts))
                }
            })
            .sum();
        let art: String = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| if optional.contains(&(x, y)) { '+' } else { '#' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let mut text = format!("lattice = \"square\"\n[board]\nart = \"\"\"\n{art}\n\"\"\"\n");
        for (j, &(k, c)) in chosen.iter().enumerate() {
            let (name, shape) = pool[k];
            let count = c.map_or("unlimited".to_string(), |m| format!("0..{m}"));
            let symbol = char::from(b'A' + j as u8);
            let rows = shape.replace('/', "\n");
            text += &format!(
                "[[piece]]\nname = \"{name}\"\nsymbol = \"{symbol}\"\ncount = \"{count}\"\nart = \"\"\"\n{rows}\n\"\"\"\n"
            );
            unlimited_on_optional += usize::from(c.is_none() && optional.len() >= pieces[j].len());
        }
        let p = match polyform::file::parse_puzzle(Path::new("optional.toml"), &text) {
            Ok(p) => p,
            // Too few pieces for the cells to fill: refused as it is read.
            Err(e) if e.to_string().contains("cover at most") => {
                assert_eq!(want, 0, "trial {trial}: {e}\n{text}");
                continue;
            }
            Err(e) => panic!("{e}\n{text}"),
        };
        counts_agree(&p, want, &format!("trial {trial}:\n{text}"));
    }
    assert!(unlimited_on_optional >= 5, "{unlimited_on_optional}");
}
