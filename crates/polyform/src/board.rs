//! Boards: the cells pieces go into.

use crate::lattice::Cell;
use std::collections::HashMap;

/// What a board cell asks of a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Must be covered by exactly one piece (a primary item).
    Fill,
    /// May stay empty, or be covered once (a secondary item).
    Optional,
}

/// A board: any set of cells, each to fill or optional. Holes and
/// disconnected parts are allowed.
///
/// Invariant: `cells` is sorted in reading order ([`reading_key`]: layer,
/// then row, then column) with no cell twice; `index[c]` is `c`'s position
/// in `cells`.
#[derive(Clone, Debug, Default)]
pub struct Board {
    cells: Vec<(Cell, CellKind)>,
    index: HashMap<Cell, usize>,
}

/// The reading order of cells: bottom layer first, then rows top to bottom,
/// then columns left to right.
pub fn reading_key(c: &Cell) -> (i32, i32, i32) {
    (c[2], c[1], c[0])
}

impl Board {
    /// A board from its cells. A cell given twice keeps its first kind.
    pub fn new(cells: impl IntoIterator<Item = (Cell, CellKind)>) -> Board {
        let mut v: Vec<(Cell, CellKind)> = vec![];
        let mut index = HashMap::new();
        for (c, k) in cells {
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(c) {
                e.insert(v.len());
                v.push((c, k));
            }
        }
        v.sort_by_key(|(c, _)| reading_key(c));
        for (i, (c, _)) in v.iter().enumerate() {
            index.insert(*c, i);
        }
        Board { cells: v, index }
    }

    /// Every cell with its kind, in reading order.
    pub fn cells(&self) -> &[(Cell, CellKind)] {
        &self.cells
    }

    /// The kind of a cell, or `None` if it is not on the board.
    pub fn kind(&self, c: Cell) -> Option<CellKind> {
        self.index.get(&c).map(|&i| self.cells[i].1)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Has the board no cells?
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of cells of a kind.
    pub fn count(&self, kind: CellKind) -> usize {
        self.cells.iter().filter(|(_, k)| *k == kind).count()
    }

    /// The smallest and largest coordinates, per axis (`None` if empty).
    pub fn bounds(&self) -> Option<(Cell, Cell)> {
        bounds(self.cells.iter().map(|(c, _)| *c))
    }
}

/// The two orders cells are kept in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellOrder {
    /// `Cell`'s own order: by the first coordinate, then the second, then
    /// the third (shapes keep their cells so).
    Lexicographic,
    /// The reading order ([`reading_key`]: layer, then row, then column;
    /// boards and placements keep their cells so).
    Reading,
}

/// Sorts `cells` in `order` and drops repeated cells. Cells are sorted by
/// the thousand (every orientation of every piece, every image of a piece
/// under a symmetry), and comparison sorts of cells mispredict a branch at
/// nearly every step: when their bounding box has at most
/// [`SORT_BITMAP_SITES`] sites per cell, they are marked in a bitmap over
/// it and read back in order instead, in time linear in the cells and the
/// box. Cells already in order without repeats (a placement's cells moved
/// together keep their order) are left as they are after one pass.
pub fn sort_cells(cells: &mut Vec<Cell>, order: CellOrder) {
    // The axes from the most significant to the least.
    let axes = match order {
        CellOrder::Lexicographic => [0, 1, 2],
        CellOrder::Reading => [2, 1, 0],
    };
    let key = |c: &Cell| (c[axes[0]], c[axes[1]], c[axes[2]]);
    if cells.windows(2).all(|w| key(&w[0]) < key(&w[1])) {
        return;
    }
    let Some((lo, hi)) = bounds(cells.iter().copied()) else {
        return;
    };
    let side =
        |a: usize| u64::try_from(i64::from(hi[a]) - i64::from(lo[a]) + 1).unwrap_or(u64::MAX);
    let sites = side(0).saturating_mul(side(1)).saturating_mul(side(2));
    if cells.len() < 16 || sites > SORT_BITMAP_SITES.saturating_mul(cells.len() as u64) {
        cells.sort_unstable_by_key(key);
        cells.dedup();
        return;
    }
    // Site index: the most significant axis varies slowest.
    let (s1, s2) = (side(axes[1]) as usize, side(axes[2]) as usize);
    let mut bits = vec![0u64; (sites as usize).div_ceil(64)];
    for c in cells.iter() {
        let d = |a: usize| (c[a] - lo[a]) as usize;
        let i = (d(axes[0]) * s1 + d(axes[1])) * s2 + d(axes[2]);
        bits[i / 64] |= 1 << (i % 64);
    }
    cells.clear();
    // The row (of `s2` sites) of the last site read: its first site, the
    // one past its last, and its coordinates on the two major axes; worked
    // out by division once per row met, not per cell.
    let (mut row_start, mut row_end, mut major) = (0, 0, lo);
    for (w, &word) in bits.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            let i = w * 64 + m.trailing_zeros() as usize;
            m &= m - 1;
            if i >= row_end {
                let row = i / s2;
                (row_start, row_end) = (row * s2, row * s2 + s2);
                major[axes[0]] = lo[axes[0]] + (row / s1) as i32;
                major[axes[1]] = lo[axes[1]] + (row % s1) as i32;
            }
            let mut c = major;
            c[axes[2]] += (i - row_start) as i32;
            cells.push(c);
        }
    }
}

/// The most sites per cell of a bounding box for [`sort_cells`]'s bitmap.
pub const SORT_BITMAP_SITES: u64 = 32;

/// The smallest and largest coordinates of some cells, per axis.
pub fn bounds(cells: impl IntoIterator<Item = Cell>) -> Option<(Cell, Cell)> {
    let mut it = cells.into_iter();
    let first = it.next()?;
    let (mut lo, mut hi) = (first, first);
    for c in it {
        for a in 0..3 {
            lo[a] = lo[a].min(c[a]);
            hi[a] = hi[a].max(c[a]);
        }
    }
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sort_cells` gives what sorting by comparison and dropping repeats
    /// gives, in both orders, for random cells in boxes of every density
    /// (bitmap and comparison both), negative coordinates included.
    #[test]
    fn sorting_cells_by_bitmap_is_sorting_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for trial in 0..400 {
            let count = 1 + next(300) as usize;
            let side = [
                1 + next(12) as i32,
                1 + next(12) as i32,
                1 + next(40) as i32,
            ];
            // Every fifth set spread out: too sparse for the bitmap.
            let spread = if trial % 5 == 0 { 1000 } else { 1 };
            let cells: Vec<Cell> = (0..count)
                .map(|_| {
                    std::array::from_fn(|a| (next(side[a] as u64) as i32 - side[a] / 2) * spread)
                })
                .collect();
            for (order, key) in [
                (CellOrder::Lexicographic, [0, 1, 2]),
                (CellOrder::Reading, [2, 1, 0]),
            ] {
                let mut want = cells.clone();
                want.sort_by_key(|c| (c[key[0]], c[key[1]], c[key[2]]));
                want.dedup();
                let mut got = cells.clone();
                sort_cells(&mut got, order);
                assert_eq!(got, want, "trial {trial}, {order:?}");
                // Sorted already, and sorted with a cell repeated.
                let mut again = want.clone();
                sort_cells(&mut again, order);
                assert_eq!(again, want, "trial {trial}, {order:?}, sorted");
                let mut twice = want.clone();
                twice.insert(count / 2 % want.len(), want[count / 2 % want.len()]);
                sort_cells(&mut twice, order);
                assert_eq!(twice, want, "trial {trial}, {order:?}, a repeat");
            }
        }
        let mut none: Vec<Cell> = vec![];
        sort_cells(&mut none, CellOrder::Reading);
        assert!(none.is_empty());
    }
}
