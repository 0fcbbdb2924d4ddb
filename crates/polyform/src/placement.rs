//! Placements: a piece in one orientation at one position on the board.

use crate::board::{CellOrder, sort_cells};
use crate::lattice::{Cell, Lattice};
use crate::shape::Shape;
use std::collections::HashSet;

/// A set of cells for the placement enumeration, which asks it about every cell of every
/// orientation at every anchor: a bitmap over the cells' bounding box (a few instructions a
/// question), or a hash set when the box is too sparse to be worth a bitmap.
pub struct CellSet {
    lo: Cell,
    /// Sides of the bounding box; `bits` holds bit `x + size[0] * (y + size[1] * z)` (offsets
    /// from `lo`) for each cell of the set.
    size: [usize; 3],
    bits: Vec<u64>,
    /// The cells, when the box holds more than [`CellSet::SPARSE`] times as many sites.
    sparse: Option<HashSet<Cell, std::hash::BuildHasherDefault<crate::fast_hash::WordHasher>>>,
}

impl CellSet {
    /// A bitmap is used while the bounding box has at most this many sites per cell (plus a
    /// thousand): memory in proportion to the board.
    const SPARSE: usize = 64;

    /// The set of `cells`.
    pub fn new(cells: &[Cell]) -> CellSet {
        let (lo, hi) = crate::board::bounds(cells.iter().copied()).unwrap_or(([0; 3], [-1; 3]));
        let size: [usize; 3] = std::array::from_fn(|i| (hi[i] - lo[i] + 1).max(0) as usize);
        let sites = size
            .iter()
            .try_fold(1usize, |a, &x| a.checked_mul(x))
            .unwrap_or(usize::MAX);
        if sites
            > cells
                .len()
                .saturating_mul(Self::SPARSE)
                .saturating_add(1024)
        {
            return CellSet {
                lo,
                size: [0; 3],
                bits: vec![],
                sparse: Some(cells.iter().copied().collect()),
            };
        }
        let mut set = CellSet {
            lo,
            size,
            bits: vec![0; sites.div_ceil(64)],
            sparse: None,
        };
        for c in cells {
            let i = set.index(c).expect("a cell of the set is in its box");
            set.bits[i / 64] |= 1 << (i % 64);
        }
        set
    }

    /// The bit of `c`, if it lies in the box.
    #[inline]
    fn index(&self, c: &Cell) -> Option<usize> {
        let mut i = 0;
        for k in (0..3).rev() {
            let d = c[k].wrapping_sub(self.lo[k]) as u32 as usize;
            if d >= self.size[k] {
                return None;
            }
            i = i * self.size[k] + d;
        }
        Some(i)
    }

    /// Whether `c` is in the set.
    #[inline]
    pub fn contains(&self, c: &Cell) -> bool {
        match &self.sparse {
            Some(set) => set.contains(c),
            None => self
                .index(c)
                .is_some_and(|i| self.bits[i / 64] & (1 << (i % 64)) != 0),
        }
    }
}

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

impl CellSet {
    /// The translations `t` of `orientation` (lattice translations taking its first cell to an
    /// anchor) that put all its cells in the set, in the anchors' order. Anchors that would take
    /// the orientation out of the set's bounding box are skipped before any cell is looked up.
    fn translations<'a>(
        &'a self,
        lattice: &'a dyn Lattice,
        orientation: &'a Shape,
        anchors: &'a [Cell],
    ) -> impl Iterator<Item = Cell> + 'a {
        let cells = orientation.cells();
        let first = cells.first().copied().unwrap_or([0; 3]);
        // The offsets of the orientation's cells from its first cell span `[lo, hi]`.
        let (lo, hi) =
            crate::board::bounds(cells.iter().map(|c| sub(*c, first))).unwrap_or(([0; 3], [0; 3]));
        let (blo, bhi) = match &self.sparse {
            Some(_) => ([i32::MIN / 2; 3], [i32::MAX / 2; 3]),
            None => (
                self.lo,
                std::array::from_fn(|i| self.lo[i] + self.size[i] as i32 - 1),
            ),
        };
        anchors
            .iter()
            .filter(move |b| {
                !cells.is_empty()
                    && (0..3).all(|i| b[i] + lo[i] >= blo[i] && b[i] + hi[i] <= bhi[i])
            })
            .map(move |b| sub(*b, first))
            .filter(move |&t| {
                lattice.is_translation(t) && cells.iter().all(|c| self.contains(&add(*c, t)))
            })
    }
}

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Cell, b: Cell) -> Cell {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The number of placements [`fits`] lists, without making them, or
/// `enough + 1` once more than `enough` are found (the matrix budget is
/// checked with it before anything is allocated, and stops there).
pub fn count_fits(
    lattice: &dyn Lattice,
    orientation: &Shape,
    anchors: &[Cell],
    free: &CellSet,
    enough: usize,
) -> usize {
    free.translations(lattice, orientation, anchors)
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
    free: &CellSet,
) -> Vec<Vec<Cell>> {
    let ts: Vec<Cell> = fit_translations(lattice, orientation, anchors, free).collect();
    placed_at(orientation, &ts)
}

/// The translations that [`fits`] puts `orientation` at, in its order.
pub fn fit_translations<'a>(
    lattice: &'a dyn Lattice,
    orientation: &'a Shape,
    anchors: &'a [Cell],
    free: &'a CellSet,
) -> impl Iterator<Item = Cell> + 'a {
    free.translations(lattice, orientation, anchors)
}

/// The cells of `orientation` moved by each of `translations`, each sorted
/// in reading order: [`fits`]'s placements for those translations.
pub fn placed_at(orientation: &Shape, translations: &[Cell]) -> Vec<Vec<Cell>> {
    // The reading order compares coordinates lexicographically, so a
    // translation keeps it: the orientation's cells are sorted once, not
    // every placement's.
    let mut sorted = orientation.cells().to_vec();
    sort_cells(&mut sorted, CellOrder::Reading);
    translations
        .iter()
        .map(|&t| sorted.iter().map(|c| add(*c, t)).collect())
        .collect()
}
