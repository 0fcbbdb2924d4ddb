//! `explain` on the classic impossible tilings, each certificate checked by
//! arithmetic done here from the board and the pieces alone; and soundness
//! on small random puzzles: whenever a reason is given, a search finds no
//! solution.

use designer::{Reason, explain};
use polyform::{Cell, Encoding, Puzzle};
use std::path::Path;

fn load(text: &str) -> (Puzzle, Encoding) {
    let p = polyform::file::parse_puzzle(Path::new("test.toml"), text).unwrap();
    let e = polyform::encode(&p).unwrap();
    (p, e)
}

fn board_art(w: usize, h: usize, holes: &[(usize, usize)]) -> String {
    let mut s = String::new();
    for y in 0..h {
        for x in 0..w {
            s.push(if holes.contains(&(x, y)) { '.' } else { '#' });
        }
        s.push('\n');
    }
    s
}

fn puzzle(board: &str, pieces: &str) -> String {
    format!(
        "name = \"t\"\nlattice = \"square\"\n\n[board]\nart = \"\"\"\n{board}\"\"\"\n\n{pieces}"
    )
}

fn piece(name: &str, symbol: char, art: &str, count: &str) -> String {
    format!(
        "[[piece]]\nname = \"{name}\"\nsymbol = \"{symbol}\"\nart = \"\"\"\n{art}\n\"\"\"\ncount = {count}\n\n"
    )
}

/// The colour counts of `cells` under `colour`, computed here.
fn counts(cells: &[Cell], k: usize, colour: impl Fn(Cell) -> usize) -> Vec<u32> {
    let mut v = vec![0; k];
    for &c in cells {
        v[colour(c)] += 1;
    }
    v
}

/// Checks a colouring certificate from scratch: the board's counts, each
/// piece's vectors (from every placement), and that no sum of one vector
/// per copy matches the board (by brute force over the copies).
fn check_certificate(p: &Puzzle, e: &Encoding, r: &Reason) {
    let Reason::Colouring(proof) = r else {
        panic!("expected a colouring argument, got {r:?}");
    };
    let c = proof.colouring;
    let k = c.modulus as usize;
    let free: Vec<Cell> = p.free_cells().iter().map(|x| x.0).collect();
    assert_eq!(proof.fill, counts(&free, k, |x| c.colour(x)));
    for (i, (_, v)) in proof.pieces.iter().enumerate() {
        for pl in e.placements.iter().filter(|pl| pl.piece == i) {
            let mine = counts(&pl.cells, k, |x| c.colour(x));
            assert!(v.vectors.contains(&mine));
        }
    }
    // Brute force: every way to pick one vector per copy (fixed counts).
    let mut sums = vec![vec![0u32; k]];
    for (_, v) in &proof.pieces {
        assert_eq!(Some(v.lo), v.hi, "fixed counts in these tests");
        for _ in 0..v.lo {
            let mut next = vec![];
            for s in &sums {
                for w in &v.vectors {
                    let t: Vec<u32> = s.iter().zip(w).map(|(a, b)| a + b).collect();
                    if !next.contains(&t) {
                        next.push(t);
                    }
                }
            }
            sums = next;
        }
    }
    assert!(!sums.contains(&proof.fill), "{sums:?} {:?}", proof.fill);
    let reported: Vec<Vec<u32>> = proof.totals.iter().cloned().collect();
    // Every piece is used with its fixed count, so the totals the proof
    // lists are exactly the brute-force sums.
    let mut mine = sums;
    mine.sort();
    assert_eq!(reported, mine);
}

/// 31 dominoes cannot cover the chessboard without two opposite corners:
/// the checkerboard has 30 squares of one colour and 32 of the other, and
/// a domino covers one of each.
#[test]
fn mutilated_chessboard() {
    let text = puzzle(
        &board_art(8, 8, &[(0, 0), (7, 7)]),
        &piece("domino", 'D', "##", "31"),
    );
    let (p, e) = load(&text);
    let r = explain(&p, &e).expect("a reason");
    check_certificate(&p, &e, &r);
    let Reason::Colouring(proof) = &r else {
        unreachable!()
    };
    assert_eq!(proof.colouring.modulus, 2);
    assert_eq!(proof.colouring.formula(), "x + y mod 2");
    let mut fill = proof.fill.clone();
    fill.sort();
    assert_eq!(fill, vec![30, 32]);
    assert_eq!(proof.totals.iter().collect::<Vec<_>>(), vec![&vec![31, 31]]);
}

/// The five tetrominoes cannot tile 4x5: on the checkerboard the T covers
/// 3 of one colour and 1 of the other, the others 2 and 2, and the board
/// has 10 and 10.
#[test]
fn five_tetrominoes_on_4x5() {
    let pieces = [
        ("I", 'I', "####"),
        ("O", 'O', "##\n##"),
        ("T", 'T', "###\n.#."),
        ("L", 'L', "###\n#.."),
        ("S", 'S', ".##\n##."),
    ]
    .iter()
    .map(|(n, s, a)| piece(n, *s, a, "1"))
    .collect::<String>();
    let (p, e) = load(&puzzle(&board_art(5, 4, &[]), &pieces));
    let r = explain(&p, &e).expect("a reason");
    check_certificate(&p, &e, &r);
    let Reason::Colouring(proof) = &r else {
        unreachable!()
    };
    assert_eq!(proof.colouring.formula(), "x + y mod 2");
    assert_eq!(proof.fill, vec![10, 10]);
}

/// 21 straight trominoes cannot cover the 8x8 board without a corner:
/// coloured by a diagonal mod 3, each tromino covers one cell of each
/// colour, but the board's counts are not all 21 (the corner's colour has
/// 20, another 22).
#[test]
fn straight_trominoes_on_a_chessboard_without_a_corner() {
    let text = puzzle(&board_art(8, 8, &[(0, 0)]), &piece("I3", 'I', "###", "21"));
    let (p, e) = load(&text);
    let r = explain(&p, &e).expect("a reason");
    check_certificate(&p, &e, &r);
    let Reason::Colouring(proof) = &r else {
        unreachable!()
    };
    assert_eq!(proof.colouring.modulus, 3);
    assert_eq!(proof.colouring.usual_name(2), Some("diagonals"));
    assert_eq!(
        proof.totals.iter().collect::<Vec<_>>(),
        vec![&vec![21, 21, 21]]
    );
    let mut fill = proof.fill.clone();
    fill.sort();
    assert_eq!(fill, vec![20, 21, 22]);
}

#[test]
fn a_piece_that_fits_nowhere() {
    let pieces = piece("L", 'L', "###\n#..", "1") + &piece("domino", 'D', "##", "1");
    let (p, e) = load(&puzzle(&board_art(6, 1, &[]), &pieces));
    match explain(&p, &e) {
        Some(Reason::NowhereFits { piece, copies }) => {
            assert_eq!((piece.as_str(), copies), ("L", 1))
        }
        r => panic!("{r:?}"),
    }
}

#[test]
fn a_cell_nothing_covers() {
    let board = "##.\n##.\n..#\n";
    let (p, e) = load(&puzzle(board, &piece("domino", 'D', "##", "\"unlimited\"")));
    match explain(&p, &e) {
        Some(Reason::Uncovered { cell }) => {
            // The lone cell is the one with no neighbour on the board.
            let free: Vec<Cell> = p.free_cells().iter().map(|x| x.0).collect();
            let near = |a: Cell, b: Cell| (a[0] - b[0]).abs() + (a[1] - b[1]).abs() == 1;
            assert!(free.iter().all(|&o| !near(o, cell)));
        }
        r => panic!("{r:?}"),
    }
}

/// A small deterministic generator.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Soundness: on random small boards with random pieces, whenever
/// `explain` gives a reason, the search finds no solution; and the
/// arguments do find some reasons among them (the test can fail both ways).
#[test]
fn every_reason_is_sound_on_random_puzzles() {
    let shapes = [
        ("domino", "##"),
        ("I3", "###"),
        ("V3", "##\n#."),
        ("T4", "###\n.#."),
        ("O4", "##\n##"),
    ];
    let mut rng = Rng(7);
    let (mut reasons, mut unsolvable) = (0, 0);
    for _ in 0..150 {
        let (w, h) = (2 + rng.below(4) as usize, 2 + rng.below(3) as usize);
        let holes: Vec<(usize, usize)> = (0..rng.below(3))
            .map(|_| (rng.below(w as u64) as usize, rng.below(h as u64) as usize))
            .collect();
        let board = board_art(w, h, &holes);
        let cells = board.chars().filter(|&c| c == '#').count();
        let mut pieces = String::new();
        let mut area = 0;
        for (i, (name, art)) in shapes.iter().enumerate() {
            let size = art.chars().filter(|&c| c == '#').count();
            let n = if i + 1 == shapes.len() {
                0
            } else {
                rng.below(3) as usize
            };
            if n > 0 && area + n * size <= cells {
                area += n * size;
                pieces += &piece(name, (b'A' + i as u8) as char, art, &n.to_string());
            }
        }
        if area != cells || pieces.is_empty() {
            continue;
        }
        let (p, e) = load(&puzzle(&board, &pieces));
        let solutions = dlx::Solver::new(&e.matrix).count();
        let reason = explain(&p, &e);
        if reason.is_some() {
            reasons += 1;
            assert_eq!(solutions, 0, "{board}\n{pieces}\n{reason:?}");
        }
        if solutions == 0 {
            unsolvable += 1;
        }
    }
    assert!(
        reasons > 0 && unsolvable >= reasons,
        "{reasons} {unsolvable}"
    );
}

/// A part of the board cut off by a hole that no choice of the pieces
/// fills: the S tetromino and a domino cannot tile the 2x3 part (the S
/// leaves two corners apart), two dominoes are not enough, and the
/// checkerboard balances (2 + 1 + 1 of each colour), so only the part's
/// own search proves it; the whole puzzle's search agrees.
#[test]
fn a_part_nothing_fills() {
    let board = "###.#\n###.#\n";
    let pieces = piece("S4", 'S', ".##\n##.", "1") + &piece("domino", 'D', "##", "2");
    let (p, e) = load(&puzzle(board, &pieces));
    assert_eq!(dlx::Solver::new(&e.matrix).count(), 0);
    match explain(&p, &e) {
        Some(Reason::Region { cells, .. }) => {
            let mut xy: Vec<(i32, i32)> = cells.iter().map(|c| (c[0], c[1])).collect();
            xy.sort();
            assert_eq!(xy, vec![(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]);
        }
        r => panic!("{r:?}"),
    }
}

/// `examine` tries the costly arguments only when a quick search finds no
/// solution: on a puzzle with one they are never called.
#[test]
fn the_quick_search_comes_before_the_arguments() {
    // Two dominoes tile a 2x2 square; one domino cannot cover 3 cells.
    let (_, tiled) = load(&puzzle("##\n##\n", &piece("domino", 'D', "##", "2")));
    let (_, stuck) = load(&puzzle(
        "##\n#.\n",
        &piece("domino", 'D', "##", "\"unlimited\""),
    ));
    let mut calls = 0;
    let found = designer::explain::cheap_first(&tiled.matrix, 1000, || {
        calls += 1;
        None
    });
    assert!(matches!(found, designer::Examined::Solvable), "{found:?}");
    assert_eq!(calls, 0);
    let found = designer::explain::cheap_first(&stuck.matrix, 1000, || {
        calls += 1;
        None
    });
    assert!(matches!(found, designer::Examined::Open), "{found:?}");
    assert_eq!(calls, 1);
}

/// On a 30x30 board of monominoes (one tiling, one placement per cell)
/// `examine` says solvable: the search finds it within its quick nodes.
#[test]
fn a_large_easy_board_is_solvable_at_once() {
    let text = "name = \"m\"\nlattice = \"square\"\n\n[board]\nsize = [30, 30]\n\n\
                [[piece]]\nname = \"mono\"\nsymbol = \"M\"\nart = \"#\"\ncount = \"unlimited\"\n";
    let (p, e) = load(text);
    assert!(matches!(
        designer::examine(&p, &e),
        designer::Examined::Solvable
    ));
}
