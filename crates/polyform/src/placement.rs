//! Placements: a piece in one orientation at one position on the board.

use crate::board::reading_key;
use crate::lattice::{Cell, Lattice};
use crate::shape::Shape;
use std::collections::HashSet;

/// One way to put a piece on the board.
///
/// Invariant: `cells` is the piece's orientation `orientation` translated by
/// a lattice translation, sorted in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The piece, by its index in the puzzle.
    pub piece: usize,
    /// The orientation, by its index in the piece's `orientations`.
    pub orientation: usize,
    /// The covered cells.
    pub cells: Vec<Cell>,
}

/// The number of placements [`fits`] lists, without making them, or
/// `enough + 1` once more than `enough` are found (the matrix budget is
/// checked with it before anything is allocated, and stops there).
pub fn count_fits(
    lattice: &dyn Lattice,
    orientation: &Shape,
    anchors: &[Cell],
    free: &HashSet<Cell>,
    enough: usize,
) -> usize {
    let Some(&first) = orientation.cells().first() else {
        return 0;
    };
    anchors
        .iter()
        .filter(|b| {
            let t = [b[0] - first[0], b[1] - first[1], b[2] - first[2]];
            lattice.is_translation(t)
                && orientation
                    .cells()
                    .iter()
                    .all(|c| free.contains(&[c[0] + t[0], c[1] + t[1], c[2] + t[2]]))
        })
        .take(enough.saturating_add(1))
        .count()
}

/// Every translation of `orientation` whose cells all lie in `free`, in the
/// reading order of the cell that the orientation's first cell lands on.
/// `anchors` are the free cells in reading order.
pub fn fits(
    lattice: &dyn Lattice,
    orientation: &Shape,
    anchors: &[Cell],
    free: &HashSet<Cell>,
) -> Vec<Vec<Cell>> {
    let Some(&first) = orientation.cells().first() else {
        return vec![];
    };
    let mut out = vec![];
    for &b in anchors {
        let t = [b[0] - first[0], b[1] - first[1], b[2] - first[2]];
        if !lattice.is_translation(t) {
            continue;
        }
        let cells: Option<Vec<Cell>> = orientation
            .cells()
            .iter()
            .map(|c| {
                let p = [c[0] + t[0], c[1] + t[1], c[2] + t[2]];
                free.contains(&p).then_some(p)
            })
            .collect();
        if let Some(mut cells) = cells {
            cells.sort_by_key(reading_key);
            out.push(cells);
        }
    }
    out
}
