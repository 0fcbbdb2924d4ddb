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
