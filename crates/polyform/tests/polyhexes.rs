//! The tetrahex puzzle of the catalog, counted by an independent brute
//! force: its own cube coordinates for hexagons, its own rotations and
//! reflection, its own enumeration of the 7 tetrahexes, and backtracking.

use std::collections::BTreeSet;

type Hex = (i32, i32, i32); // cube coordinates, q + r + s = 0

const DIRS: [Hex; 6] = [
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
];

fn norm(cells: &[Hex]) -> Vec<Hex> {
    let m = *cells.iter().min().unwrap();
    let mut v: Vec<Hex> = cells
        .iter()
        .map(|c| (c.0 - m.0, c.1 - m.1, c.2 - m.2))
        .collect();
    v.sort();
    v
}

/// The 12 images: rotations by 60° (q, r, s) -> (-r, -s, -q), each also
/// reflected (q, r, s) -> (r, q, s).
fn images(cells: &[Hex]) -> Vec<Vec<Hex>> {
    let mut out = vec![];
    let mut cur = cells.to_vec();
    for _ in 0..6 {
        cur = cur.iter().map(|&(q, r, s)| (-r, -s, -q)).collect();
        out.push(norm(&cur));
        out.push(norm(
            &cur.iter().map(|&(q, r, s)| (r, q, s)).collect::<Vec<_>>(),
        ));
    }
    out
}

fn tetrahexes() -> Vec<Vec<Hex>> {
    let mut level: BTreeSet<Vec<Hex>> = BTreeSet::from([vec![(0, 0, 0)]]);
    for _ in 1..4 {
        let mut next = BTreeSet::new();
        for s in &level {
            for c in s {
                for d in DIRS {
                    let n = (c.0 + d.0, c.1 + d.1, c.2 + d.2);
                    if !s.contains(&n) {
                        let mut v = s.clone();
                        v.push(n);
                        next.insert(norm(&v));
                    }
                }
            }
        }
        level = next;
    }
    let free: BTreeSet<Vec<Hex>> = level
        .iter()
        .map(|s| images(s).into_iter().min().unwrap())
        .collect();
    free.into_iter().collect()
}

#[test]
fn tetrahexes_in_the_7x4_parallelogram() {
    let pieces = tetrahexes();
    assert_eq!(pieces.len(), 7, "OEIS A000228: 7 tetrahexes");
    // The board: q in 0..7, r in 0..4 (two axes 60° apart).
    let board: Vec<Hex> = (0..4)
        .flat_map(|r| (0..7).map(move |q| (q, r, -q - r)))
        .collect();
    let index = |c: &Hex| board.iter().position(|b| b == c);
    // Placements as bit masks, grouped by piece.
    let mut masks: Vec<Vec<u32>> = vec![];
    for p in &pieces {
        let mut set = BTreeSet::new();
        for img in images(p) {
            for t in &board {
                let m: Option<u32> = img
                    .iter()
                    .map(|c| index(&(c.0 + t.0, c.1 + t.1, c.2 + t.2)).map(|i| 1u32 << i))
                    .sum();
                if let Some(m) = m {
                    set.insert(m);
                }
            }
        }
        masks.push(set.into_iter().collect());
    }
    fn search(filled: u32, full: u32, used: u32, masks: &[Vec<u32>]) -> u64 {
        if filled == full {
            return 1;
        }
        let cell = (!filled).trailing_zeros();
        let mut n = 0;
        for (i, ms) in masks.iter().enumerate() {
            if used >> i & 1 == 0 {
                for &m in ms {
                    if m.trailing_zeros() == cell && m & filled == 0 {
                        n += search(filled | m, full, used | 1 << i, masks);
                    }
                }
            }
        }
        n
    }
    let want = search(0, (1 << board.len()) - 1, 0, &masks) as u128;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/tetrahexes/7x4-parallelogram.toml");
    let puzzle = polyform::load(&path).unwrap();
    assert_eq!(puzzle.expect.as_ref().unwrap().solutions, Some(want.into()));
    let enc = polyform::encode(&puzzle).unwrap();
    assert_eq!(dlx::Solver::new(&enc.matrix).count(), want);
}
