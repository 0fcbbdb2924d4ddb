//! `generate` against searches written here: each challenge's given and
//! loose pieces make a solution, a brute-force search over the placements
//! (no exact-cover code) finds exactly one completion, loosening any placed
//! piece lets in a second one (minimality), the same seed gives the same
//! challenges, and no symmetry of the board (its own maps of coordinates,
//! written here) carries one challenge's placed pieces onto another's.

use designer::generate::{Challenge, MAX_COUNT, Settings, attempt_budget, generate};
use polyform::{Cell, Encoding, Limits, Puzzle};
use std::collections::BTreeSet;
use std::path::Path;

fn load(rel: &str) -> (Puzzle, Encoding) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    let p = polyform::file::parse_puzzle(&path, &text).unwrap();
    let e = polyform::encode(&p).unwrap();
    (p, e)
}

/// Completions of `given` (options of `e`), counted up to `limit` by a
/// plain backtracking search: fill the first free cell in a fixed order
/// with each unused piece's placement that covers it and fits.
fn brute_completions(p: &Puzzle, e: &Encoding, given: &[usize], limit: u64) -> u64 {
    let mut free: BTreeSet<Cell> = p.free_cells().iter().map(|(c, _)| *c).collect();
    let mut used = vec![0u32; p.pieces.len()];
    for &g in given {
        let pl = &e.placements[g];
        used[pl.piece] += 1;
        for c in &pl.cells {
            assert!(free.remove(c), "given pieces overlap");
        }
    }
    let mut n = 0;
    search(p, e, &mut free, &mut used, limit, &mut n);
    n
}

fn search(
    p: &Puzzle,
    e: &Encoding,
    free: &mut BTreeSet<Cell>,
    used: &mut [u32],
    limit: u64,
    n: &mut u64,
) {
    let Some(&first) = free.iter().next() else {
        *n += 1;
        return;
    };
    for pl in &e.placements {
        if *n >= limit {
            return;
        }
        let hi = p.pieces[pl.piece].count.hi.unwrap_or(u32::MAX);
        if used[pl.piece] >= hi
            || !pl.cells.contains(&first)
            || !pl.cells.iter().all(|c| free.contains(c))
        {
            continue;
        }
        used[pl.piece] += 1;
        for c in &pl.cells {
            free.remove(c);
        }
        search(p, e, free, used, limit, n);
        for c in &pl.cells {
            free.insert(*c);
        }
        used[pl.piece] -= 1;
    }
}

/// The placed pieces as (piece, sorted cells) after mapping each cell.
fn image(
    e: &Encoding,
    given: &[usize],
    map: impl Fn(Cell) -> Cell,
) -> BTreeSet<(usize, Vec<Cell>)> {
    given
        .iter()
        .map(|&g| {
            let pl = &e.placements[g];
            let mut cells: Vec<Cell> = pl.cells.iter().map(|&c| map(c)).collect();
            cells.sort();
            (pl.piece, cells)
        })
        .collect()
}

fn check_challenges(p: &Puzzle, e: &Encoding, cs: &[Challenge], k: usize, fixed: bool) {
    for c in cs {
        if fixed {
            assert_eq!(c.loose.len(), k);
        } else {
            assert!(c.loose.len() >= k);
        }
        let mut all = c.given.clone();
        all.extend(&c.loose);
        assert_eq!(
            brute_completions(p, e, &all, 2),
            1,
            "given + loose is a solution"
        );
        assert_eq!(
            brute_completions(p, e, &c.given, 3),
            1,
            "exactly one completion"
        );
        if !fixed {
            for &g in &c.given {
                let fewer: Vec<usize> = c.given.iter().copied().filter(|&x| x != g).collect();
                assert!(
                    brute_completions(p, e, &fewer, 2) >= 2,
                    "loosening a placed piece keeps one solution: not minimal"
                );
            }
        }
    }
    for w in cs.windows(2) {
        assert!(
            w[0].difficulty.nodes <= w[1].difficulty.nodes,
            "sorted by nodes"
        );
    }
}

#[test]
fn pentomino_challenges_are_unique_minimal_distinct_and_repeatable() {
    let (p, e) = load("pentominoes/6x10.toml");
    let s = Settings {
        loose: 4,
        count: 5,
        seed: 11,
        fixed: false,
    };
    let g = generate(&p, &e, &Limits::default(), &s).unwrap();
    assert_eq!(g.challenges.len(), 5);
    check_challenges(&p, &e, &g.challenges, 4, false);
    // The 6x10 board's four symmetries, as maps of coordinates.
    let (w, h) = (9, 5);
    let maps: [fn(Cell, i32, i32) -> Cell; 4] = [
        |c, _, _| c,
        |c, w, _| [w - c[0], c[1], c[2]],
        |c, _, h| [c[0], h - c[1], c[2]],
        |c, w, h| [w - c[0], h - c[1], c[2]],
    ];
    for (i, a) in g.challenges.iter().enumerate() {
        for b in &g.challenges[i + 1..] {
            let theirs = image(&e, &b.given, |c| c);
            for m in maps {
                assert_ne!(
                    image(&e, &a.given, |c| m(c, w, h)),
                    theirs,
                    "same up to symmetry"
                );
            }
        }
    }
    let again = generate(&p, &e, &Limits::default(), &s).unwrap();
    let sets = |g: &designer::generate::Generated| -> Vec<(Vec<usize>, Vec<usize>)> {
        g.challenges
            .iter()
            .map(|c| (c.given.clone(), c.loose.clone()))
            .collect()
    };
    assert_eq!(sets(&g), sets(&again));
}

#[test]
fn fixed_keeps_exactly_k_loose() {
    let (p, e) = load("pentominoes/6x10.toml");
    let s = Settings {
        loose: 3,
        count: 3,
        seed: 2,
        fixed: true,
    };
    let g = generate(&p, &e, &Limits::default(), &s).unwrap();
    assert_eq!(g.challenges.len(), 3);
    check_challenges(&p, &e, &g.challenges, 3, true);
}

#[test]
fn soma_cube_challenges_in_3d() {
    let (p, e) = load("soma/cube.toml");
    let s = Settings {
        loose: 3,
        count: 3,
        seed: 5,
        fixed: false,
    };
    let g = generate(&p, &e, &Limits::default(), &s).unwrap();
    assert!(!g.challenges.is_empty());
    check_challenges(&p, &e, &g.challenges, 3, false);
}

#[test]
fn bad_settings_are_refused() {
    let (p, e) = load("pentominoes/6x10.toml");
    let l = Limits::default();
    let s = |loose, count| Settings {
        loose,
        count,
        seed: 1,
        fixed: false,
    };
    let msg = |r: Result<_, designer::generate::GenerateError>| r.unwrap_err().to_string();
    assert!(msg(generate(&p, &e, &l, &s(13, 1))).contains("more than the 12 pieces"));
    assert!(msg(generate(&p, &e, &l, &s(0, 1))).contains("at least 1"));
    assert!(msg(generate(&p, &e, &l, &s(3, 0))).contains("at least 1"));
    // A count past the maximum is refused before any search, not cut short
    // by an attempt budget that wrapped round (20 * N + 100 overflowed).
    for n in [MAX_COUNT + 1, usize::MAX] {
        assert!(msg(generate(&p, &e, &l, &s(5, n))).contains("1000000 challenges"));
    }
    assert_eq!(attempt_budget(usize::MAX), usize::MAX);
    assert_eq!(attempt_budget(MAX_COUNT), 20_000_100);
}

#[test]
fn a_puzzle_without_solution_is_said_so() {
    // The five tetrominoes on a 4x5 board: no solution (a checkerboard argument).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tetrominoes");
    let text = "name = \"t\"\nlattice = \"square\"\n[board]\nsize = [5, 4]\n[[use]]\nset = \"../sets/tetrominoes.toml\"\n";
    let p = polyform::file::parse_puzzle(&dir.join("x.toml"), text).unwrap();
    let e = polyform::encode(&p).unwrap();
    let s = Settings {
        loose: 2,
        count: 1,
        seed: 1,
        fixed: false,
    };
    let err = generate(&p, &e, &Limits::default(), &s)
        .unwrap_err()
        .to_string();
    assert!(err.contains("no solution"), "{err}");
}

#[test]
fn identical_copies_written_and_read_back() {
    // 12 identical L-trominoes: placed copies share a symbol, so each
    // challenge's drawing must split into copies one way only.
    let rel = "copies/l-trominoes-6x6.toml";
    let (p, e) = load(rel);
    let s = Settings {
        loose: 3,
        count: 3,
        seed: 9,
        fixed: false,
    };
    let g = generate(&p, &e, &Limits::default(), &s).unwrap();
    assert!(!g.challenges.is_empty());
    check_challenges(&p, &e, &g.challenges, 3, false);
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel);
    let text = std::fs::read_to_string(&from).unwrap();
    let dir = std::env::temp_dir().join(format!("designer-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, c) in g.challenges.iter().enumerate() {
        let art = designer::generate::file::board_art(&p, &c.given_placements(&e));
        let f = designer::generate::file::FileText {
            name: "t",
            command: "test",
            notes: "",
            art: &art,
        };
        let toml = designer::generate::file::challenge_toml(&text, &from, &dir, &f).unwrap();
        let path = dir.join(format!("{i}.toml"));
        std::fs::write(&path, &toml).unwrap();
        let back = polyform::file::parse_puzzle(&path, &toml).unwrap();
        assert_eq!(back.fixed.len(), c.given.len(), "{toml}");
        let be = polyform::encode(&back).unwrap();
        assert_eq!(brute_completions(&back, &be, &[], 3), 1, "{toml}");
    }
}
