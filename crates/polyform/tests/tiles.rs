//! Edge-matching puzzles: counts against independent sources.
//!
//! * Another Tough Puzzle: 518,469 solutions (the seed author's exhaustive
//!   C++ search), 172,823 up to rotation.
//! * Random small puzzles (triangles, rectangles; equal and complementary
//!   labels; border constraints; tiles turned over or not) against a plain
//!   backtracking placer written here, which knows nothing of the
//!   encoding: its own adjacency tables from row and column, positions in
//!   reading order, every turn of every unused tile.
//! * Bad input: clear errors with file and line.

use dlx::Count;
use orbits::{Action, Counted, SerialSearch, Want};

/// The counts under the rotations `perms` with representatives from `cands`.
pub(crate) fn count_distinct_by_action(
    m: &dlx::Matrix,
    perms: &[Vec<u32>],
    cands: &[Vec<u32>],
    search: &mut SerialSearch,
) -> Result<Counted, String> {
    let a = Action {
        description: "rotations".into(),
        perms: perms.to_vec(),
        candidates: cands.to_vec(),
    };
    orbits::count(m, &a, Want::Distinct, true, search).map_err(|e| e.to_string())
}
use polyform::tiles::{self, TilePuzzle};
use std::path::Path;

fn data(rel: &str) -> std::path::PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/tiles")).join(rel)
}

fn distinct(p: &TilePuzzle) -> (u128, u128) {
    let enc = tiles::encode(p).unwrap();
    let perms = enc.option_permutations(p).unwrap();
    let d = count_distinct_by_action(
        &enc.matrix,
        &perms,
        &enc.symmetry_candidates(p),
        &mut SerialSearch,
    )
    .unwrap();
    let (n, distinct) = d.small().unwrap();
    (n, distinct.unwrap())
}

#[test]
fn another_tough_puzzle_matches_the_seed() {
    let p = tiles::file::load(&data("another-tough-puzzle.toml")).unwrap();
    // The seed's count (and each physical solution 3 times).
    assert_eq!(distinct(&p), (518_469, 518_469 / 3));
}

// ---- The independent brute force.

/// A board for the brute force: for each position (reading order), for
/// each side, the neighbour and its side, or None on the border.
fn adjacency(shape: &str, a: usize, b: usize) -> Vec<Vec<Option<(usize, usize)>>> {
    if shape == "rectangle" {
        let (w, h) = (a, b);
        let id = |r: usize, c: usize| r * w + c;
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                // top, right, bottom, left
                out.push(vec![
                    (r > 0).then(|| (id(r - 1, c), 2)),
                    (c + 1 < w).then(|| (id(r, c + 1), 3)),
                    (r + 1 < h).then(|| (id(r + 1, c), 0)),
                    (c > 0).then(|| (id(r, c - 1), 1)),
                ]);
            }
        }
        out
    } else {
        // Triangle of side a: row i has 2i + 1 triangles, even j up. Up:
        // bottom, left, right; down: top, right, left. Sides that meet carry
        // equal numbers.
        let n = a;
        let start = |i: usize| i * i;
        let mut out = Vec::new();
        for i in 0..n {
            for j in 0..2 * i + 1 {
                if j % 2 == 0 {
                    out.push(vec![
                        (i + 1 < n).then(|| (start(i + 1) + j + 1, 0)),
                        (j > 0).then(|| (start(i) + j - 1, 1)),
                        (j < 2 * i).then(|| (start(i) + j + 1, 2)),
                    ]);
                } else {
                    out.push(vec![
                        Some((start(i - 1) + j - 1, 0)),
                        Some((start(i) + j + 1, 1)),
                        Some((start(i) + j - 1, 2)),
                    ]);
                }
            }
        }
        out
    }
}

/// Labels are small integers; `meets[x]` the label x must face inside.
struct Brute<'a> {
    adj: Vec<Vec<Option<(usize, usize)>>>,
    tiles: &'a [Vec<usize>],
    meets: &'a [Option<usize>],
    border: Option<&'a [usize]>,
    turn_over: bool,
}

impl Brute<'_> {
    fn count(&self) -> u64 {
        let mut placed: Vec<Option<Vec<usize>>> = vec![None; self.adj.len()];
        let mut used = vec![false; self.tiles.len()];
        self.go(0, &mut placed, &mut used)
    }

    fn go(&self, p: usize, placed: &mut Vec<Option<Vec<usize>>>, used: &mut [bool]) -> u64 {
        if p == self.adj.len() {
            return 1;
        }
        let mut n = 0;
        for t in 0..self.tiles.len() {
            if used[t] {
                continue;
            }
            let k = self.tiles[t].len();
            let mut forms: Vec<Vec<usize>> = Vec::new();
            let mut bases = vec![self.tiles[t].clone()];
            if self.turn_over {
                bases.push(self.tiles[t].iter().rev().copied().collect());
            }
            for base in &bases {
                for r in 0..k {
                    let f: Vec<usize> = (0..k).map(|s| base[(s + r) % k]).collect();
                    if !forms.contains(&f) {
                        forms.push(f);
                    }
                }
            }
            'form: for f in forms {
                for (s, &across) in self.adj[p].iter().enumerate() {
                    match across {
                        None => {
                            if let Some(b) = self.border
                                && !b.contains(&f[s])
                            {
                                continue 'form;
                            }
                        }
                        Some((q, side)) => {
                            if self.meets[f[s]].is_none() {
                                continue 'form;
                            }
                            if let Some(g) = &placed[q]
                                && self.meets[f[s]] != Some(g[side])
                            {
                                continue 'form;
                            }
                        }
                    }
                }
                used[t] = true;
                placed[p] = Some(f);
                n += self.go(p + 1, placed, used);
                placed[p] = None;
                used[t] = false;
            }
        }
        n
    }
}

/// A tiny deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_puzzles_match_the_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let shapes = [
        ("triangle", 2, 0),
        ("triangle", 3, 0),
        ("rectangle", 2, 2),
        ("rectangle", 3, 2),
        ("rectangle", 2, 3),
        ("rectangle", 3, 3),
    ];
    let mut nonzero = 0;
    for case in 0..60 {
        let (shape, a, b) = shapes[case % shapes.len()];
        let complement = rng.below(2) == 0;
        // Few kinds make loose puzzles with very many solutions: keep the
        // brute force quick on the larger boards.
        let kinds = if a * b.max(a) > 6 {
            3 + rng.below(2)
        } else {
            1 + rng.below(3)
        };
        let turn_over = rng.below(3) == 0;
        let with_border = rng.below(3) == 0;
        // Labels 0..2*kinds (complement: 2i meets 2i+1) or 0..kinds
        // (equal), plus a border-only label "flat" when asked.
        let names: Vec<String> = if complement {
            (0..kinds)
                .flat_map(|i| [format!("k{i}-out"), format!("k{i}-in")])
                .collect()
        } else {
            (0..kinds).map(|i| format!("c{i}")).collect()
        };
        let mut meets: Vec<Option<usize>> = (0..names.len())
            .map(|x| Some(if complement { x ^ 1 } else { x }))
            .collect();
        let mut all_names = names.clone();
        let flat = names.len();
        if with_border {
            all_names.push("flat".into());
            meets.push(None);
        }
        let adj = adjacency(shape, a, b);
        let k = adj[0].len();
        // Plant a solution half the time so that counts are often nonzero.
        let mut tiles_l: Vec<Vec<usize>> = vec![vec![usize::MAX; k]; adj.len()];
        for p in 0..adj.len() {
            for s in 0..k {
                if tiles_l[p][s] != usize::MAX {
                    continue;
                }
                match adj[p][s] {
                    None => {
                        tiles_l[p][s] = if with_border && rng.below(4) != 0 {
                            flat
                        } else {
                            rng.below(names.len())
                        };
                    }
                    Some((q, side)) => {
                        let x = rng.below(names.len());
                        tiles_l[p][s] = x;
                        tiles_l[q][side] = if rng.below(2) == 0 {
                            meets[x].unwrap()
                        } else {
                            rng.below(names.len())
                        };
                    }
                }
            }
        }
        for t in &mut tiles_l {
            let r = rng.below(k);
            t.rotate_left(r);
        }
        let border: Vec<usize> = if with_border { vec![flat] } else { vec![] };
        let brute = Brute {
            adj,
            tiles: &tiles_l,
            meets: &meets,
            border: with_border.then_some(&border[..]),
            turn_over,
        };
        let want = brute.count();
        // The same puzzle as a file.
        let mut text = String::from("kind = \"tiles\"\n");
        text += &format!("turn_over = {turn_over}\n[board]\nshape = \"{shape}\"\n");
        if shape == "triangle" {
            text += &format!("side = {a}\n");
        } else {
            text += &format!("size = [{a}, {b}]\n");
        }
        if complement {
            let pairs: Vec<String> = (0..kinds)
                .map(|i| format!("[\"{}\", \"{}\"]", names[2 * i], names[2 * i + 1]))
                .collect();
            text += &format!(
                "[[labels]]\nrule = \"complement\"\npairs = [{}]\n",
                pairs.join(", ")
            );
        } else {
            let q: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
            text += &format!("[[labels]]\nrule = \"equal\"\nnames = [{}]\n", q.join(", "));
        }
        if with_border {
            text += "[border]\nlabels = [\"flat\"]\n";
        }
        for (i, t) in tiles_l.iter().enumerate() {
            let e: Vec<String> = t.iter().map(|&x| format!("\"{}\"", all_names[x])).collect();
            text += &format!("[[tile]]\nname = \"T{i}\"\nedges = [{}]\n", e.join(", "));
        }
        let p = tiles::file::parse(Path::new("random.toml"), &text).unwrap();
        let enc = tiles::encode(&p).unwrap();
        let got = dlx::Solver::new(&enc.matrix).count();
        assert_eq!(got, want as u128, "case {case}:\n{text}");
        // The distinct count's total agrees too, and for a square the
        // distinct count is a quarter (no rotation fixes a solution: it
        // would have to leave every tile in place).
        let (total, d) = distinct(&p);
        assert_eq!(total, want as u128, "case {case}");
        let order = p.board.rotations().len() as u128;
        assert_eq!(d * order, total, "case {case}");
        nonzero += usize::from(want > 0);
    }
    assert!(nonzero >= 10, "only {nonzero} puzzles with solutions");
}

#[test]
fn scramble_squares_count_matches_the_brute_force() {
    let p = tiles::file::load(&data("scramble-squares-3x3.toml")).unwrap();
    let meets: Vec<Option<usize>> = p.labels.iter().map(|l| l.meets).collect();
    let tiles_l: Vec<Vec<usize>> = p.tiles.iter().map(|t| t.edges.clone()).collect();
    let brute = Brute {
        adj: adjacency("rectangle", 3, 3),
        tiles: &tiles_l,
        meets: &meets,
        border: None,
        turn_over: false,
    };
    let want = brute.count();
    assert_eq!(want, 4);
    let e = p.expect.clone().unwrap();
    assert_eq!(e.solutions, Some(Count::from(4u128)));
    assert_eq!(distinct(&p), (4, 1));
}

// ---- Bad input.

fn error(text: &str) -> polyform::Error {
    tiles::file::parse(Path::new("bad.toml"), text).unwrap_err()
}

const GOOD: &str = r#"kind = "tiles"
[board]
shape = "rectangle"
size = [1, 2]
[[labels]]
rule = "equal"
names = ["a", "b"]
[[tile]]
name = "X"
edges = ["a", "b", "a", "b"]
[[tile]]
name = "Y"
edges = ["a", "a", "a", "a"]
"#;

#[test]
fn the_good_file_reads() {
    let p = tiles::file::parse(Path::new("good.toml"), GOOD).unwrap();
    // Y is symmetric: one orientation; X has two.
    let enc = tiles::encode(&p).unwrap();
    assert_eq!(enc.placements.len(), 2 * 2 + 2);
}

#[test]
fn bad_input_names_file_and_line() {
    let cases: &[(&str, &str, usize, &str)] = &[
        (
            "edges = [\"a\", \"b\", \"a\", \"b\"]",
            "edges = [\"a\", \"b\", \"a\", \"zz\"]",
            10,
            "unknown label `zz`",
        ),
        (
            "edges = [\"a\", \"a\", \"a\", \"a\"]",
            "edges = [\"a\", \"a\", \"a\"]",
            13,
            "has 3 edges",
        ),
        (
            "rule = \"equal\"",
            "rule = \"same\"",
            6,
            "unknown matching rule `same`",
        ),
        (
            "shape = \"rectangle\"",
            "shape = \"circle\"",
            3,
            "unsupported board shape `circle`",
        ),
        (
            "size = [1, 2]",
            "size = [1, 2]\ncolour = 3",
            5,
            "unknown field `colour`",
        ),
        ("kind = \"tiles\"", "kind = \"tile\"", 1, "unknown kind"),
        (
            "size = [1, 2]",
            "size = [1, 3]",
            8,
            "2 tiles but the board has 3 positions",
        ),
        (
            "name = \"Y\"",
            "name = \"X\"",
            12,
            "tile `X` is defined twice",
        ),
        (
            "names = [\"a\", \"b\"]",
            "names = [\"a\", \"a\"]",
            7,
            "declared twice",
        ),
    ];
    for (from, to, line, msg) in cases {
        assert!(GOOD.contains(from), "{from}");
        let e = error(&GOOD.replacen(from, to, 1));
        assert_eq!(e.file, Path::new("bad.toml"));
        assert_eq!(e.line, Some(*line), "{to}: {e}");
        assert!(e.message().contains(msg), "{to}: {e}");
    }
    // Detection.
    assert!(tiles::file::is_tile_puzzle(GOOD));
    assert!(!tiles::file::is_tile_puzzle("lattice = \"square\""));
}
