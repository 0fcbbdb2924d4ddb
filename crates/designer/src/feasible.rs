//! Can one colour vector per piece copy add up to the board's counts?
//!
//! Each placement of a piece covers some cells of each colour: its colour
//! vector. A solution chooses, for every piece, a number of copies within
//! its count and a placement for each; the vectors it chooses add up to
//! the colour counts of the cells it covers, which lie between the cells
//! that must be filled and those plus the optional ones. [`totals`] is the
//! set of every total the pieces can reach (a dynamic programme over the
//! pieces, one copy at a time); if none lies within the board's range,
//! there is no solution.

use polyform::fast_hash::FastSet;
use std::collections::BTreeSet;

/// Totals while the programme runs: hashed, not ordered (ordered sets of
/// vectors cost most of `explain`'s time on large boards); ordered once
/// at the end.
type Sums = FastSet<Vec<u32>>;

/// One piece, as the colouring sees it.
#[derive(Clone, Debug)]
pub struct PieceVectors {
    /// Fewest copies a solution uses.
    pub lo: u32,
    /// Most copies; `None`: any number (bounded by the board's cells).
    pub hi: Option<u32>,
    /// The distinct colour vectors of its placements (one entry per colour).
    pub vectors: Vec<Vec<u32>>,
}

/// Every total of at most `area` cells the pieces can reach (`colours`
/// entries each), or `None` when there would be more than `limit` partial
/// totals at some step (the argument is then not tried).
///
/// Invariant of the loop: `reach` holds every total of the pieces before
/// the current one that covers at most `area` cells.
pub fn totals(
    pieces: &[PieceVectors],
    colours: usize,
    area: u32,
    limit: usize,
) -> Option<BTreeSet<Vec<u32>>> {
    let mut reach: Sums = Sums::from_iter([vec![0; colours]]);
    for p in pieces {
        let mut next = Sums::default();
        let mut layer = reach;
        let mut copies = 0u32;
        loop {
            if copies >= p.lo {
                next.extend(layer.iter().cloned());
            }
            if p.hi.is_some_and(|h| copies >= h) || copies > area || layer.is_empty() {
                break;
            }
            layer = add_one(&layer, &p.vectors, area);
            copies += 1;
            if layer.len() > limit || next.len() > limit {
                return None;
            }
        }
        reach = next;
        if reach.is_empty() {
            break;
        }
    }
    Some(reach.into_iter().collect())
}

/// Every `s + v` of at most `area` cells, for `s` in `sums` and `v` in
/// `vectors`.
fn add_one(sums: &Sums, vectors: &[Vec<u32>], area: u32) -> Sums {
    let mut out = Sums::default();
    for s in sums {
        for v in vectors {
            let t: Vec<u32> = s.iter().zip(v).map(|(a, b)| a + b).collect();
            if t.iter().sum::<u32>() <= area {
                out.insert(t);
            }
        }
    }
    out
}

/// Is `total` within the board's range: at least `fill`, at most
/// `fill + optional`, colour by colour?
pub fn fits(total: &[u32], fill: &[u32], optional: &[u32]) -> bool {
    total
        .iter()
        .zip(fill.iter().zip(optional))
        .all(|(&t, (&f, &o))| f <= t && t <= f + o)
}
