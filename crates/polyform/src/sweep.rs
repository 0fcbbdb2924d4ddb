//! The order in which `dlx::memo` sweeps a polyform board (issue 41): a
//! frontier moving along the board's longest dimension.

use crate::board::CellKind;
use crate::encode::{Encoding, cell_name};
use crate::puzzle::Puzzle;
use dlx::ItemId;

/// The board's cell items (cells to fill) in the order of a frontier moving
/// along the board's longest dimension: cells sorted by their coordinate
/// along that axis, then by the others (a 3D box: layer by layer along its
/// longest axis). The memo engine's states are then the cells of the
/// frontier, a slice across the board, as few as the board allows.
pub fn sweep_order(puzzle: &Puzzle, encoding: &Encoding) -> Vec<ItemId> {
    let dim = puzzle.lattice().dimension();
    let cells: Vec<_> = puzzle
        .free_cells()
        .into_iter()
        .filter(|(_, k)| *k == CellKind::Fill)
        .map(|(c, _)| c)
        .collect();
    let extent = |axis: usize| {
        let (lo, hi) = cells.iter().fold((i32::MAX, i32::MIN), |(lo, hi), c| {
            (lo.min(c[axis]), hi.max(c[axis]))
        });
        hi.saturating_sub(lo)
    };
    // The longest axis; the first of equals.
    let long = (0..dim).rev().max_by_key(|&a| extent(a)).unwrap_or(0);
    let mut keyed: Vec<_> = cells
        .iter()
        .map(|c| {
            let mut key = vec![c[long]];
            key.extend((0..dim).filter(|&a| a != long).map(|a| c[a]));
            (key, *c)
        })
        .collect();
    keyed.sort();
    keyed
        .iter()
        .filter_map(|(_, c)| encoding.matrix.item(&cell_name(*c, dim)))
        .collect()
}
