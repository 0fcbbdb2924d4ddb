//! What the cell engine knows about a matrix before searching: each option
//! as a mask of items, each primary item's options, and the bounds of the
//! counted items. Built once per solver, never changed by the search.

use super::mask::Mask;
use crate::Matrix;

/// The most items a matrix may have for the cell engine: four words.
pub(crate) const MAX_ITEMS: usize = 256;

/// Can the cell engine solve `m`? See the module documentation of `cells`
/// for why each condition is needed.
pub(crate) fn suits(m: &Matrix) -> bool {
    if m.has_colors() || m.num_items() > MAX_ITEMS {
        return false;
    }
    m.options().all(|o| {
        m.option(o)
            .iter()
            .any(|e| m.is_primary(e.item) && m.bounds(e.item) == (1, 1))
    })
}

/// The words a mask needs for `m`: 1, 2 or 4.
pub(crate) fn width(m: &Matrix) -> usize {
    match m.num_items() {
        0..=64 => 1,
        65..=128 => 2,
        _ => 4,
    }
}

/// The static tables. Items keep their matrix numbers: item `i` is bit `i`
/// of every mask.
#[derive(Clone, Debug)]
pub(crate) struct Tables<const W: usize> {
    /// The number of primary items (items `0..np`).
    pub np: usize,
    /// `mask[o]`: the items of option `o`, counted ones included (an option
    /// fits while its mask misses the occupancy mask, in which a counted
    /// item's bit means "used up to its upper bound").
    pub mask: Vec<Mask<W>>,
    /// The counted items of option `o`:
    /// `counted[counted_start[o]..counted_start[o + 1]]`.
    pub counted_start: Vec<u32>,
    pub counted: Vec<u32>,
    /// `first_node[o]`: the index of option `o`'s first node in the links'
    /// node array (headers `1..=N`, a spacer, then each option followed by a
    /// spacer): how subproblems name choices. Strictly increasing.
    pub first_node: Vec<u32>,
    /// The options of primary item `i`, in matrix order:
    /// `list[list_start[i]..list_start[i + 1]]`.
    pub list_start: Vec<u32>,
    pub list: Vec<u32>,
    /// `reach[i]` for primary item `i`: the union of the masks of its
    /// options. Covering items outside it cannot change `i`'s list.
    pub reach: Vec<Mask<W>>,
    /// The primary items with bounds `1:1` (*exact* items, branched on).
    pub exact: Mask<W>,
    /// The primary items with any other bounds (*counted* items).
    pub counted_items: Mask<W>,
    /// All primary items.
    pub primary: Mask<W>,
    /// `counter[i]`: the counter of counted item `i` (`0..num_counted`);
    /// unused for other items.
    pub counter: Vec<u32>,
    pub num_counted: usize,
    /// `lo[i]`, `hi[i]`: the bounds of primary item `i`.
    pub lo: Vec<u32>,
    pub hi: Vec<u32>,
}

impl<const W: usize> Tables<W> {
    /// The tables of `m`, which [`suits`] and has at most `64 * W` items.
    pub fn new(m: &Matrix) -> Tables<W> {
        debug_assert!(suits(m) && m.num_items() <= 64 * W);
        let np = m.num_primary();
        let n = m.num_options();
        let mut exact = Mask::EMPTY;
        let mut counted_items = Mask::EMPTY;
        let mut counter = vec![0u32; np];
        let mut num_counted = 0;
        let mut lo = Vec::with_capacity(np);
        let mut hi = Vec::with_capacity(np);
        for item in m.items().take(np) {
            let (l, h) = m.bounds(item);
            let i = item.index();
            if (l, h) == (1, 1) {
                exact = exact.with(i);
            } else {
                counted_items = counted_items.with(i);
                counter[i] = num_counted as u32;
                num_counted += 1;
            }
            lo.push(l);
            hi.push(h);
        }
        let mut mask = Vec::with_capacity(n);
        let mut counted_start = vec![0u32];
        let mut counted = Vec::new();
        let mut first_node = Vec::with_capacity(n);
        let mut node = m.num_items() as u32 + 2;
        let mut holders: Vec<Vec<u32>> = vec![Vec::new(); np];
        for o in m.options() {
            let entries = m.option(o);
            let mut mk = Mask::EMPTY;
            for e in entries {
                let i = e.item.index();
                mk = mk.with(i);
                if i < np {
                    holders[i].push(o.index() as u32);
                    if counted_items.has(i) {
                        counted.push(i as u32);
                    }
                }
            }
            mask.push(mk);
            counted_start.push(counted.len() as u32);
            first_node.push(node);
            node += entries.len() as u32 + 1;
        }
        let mut list_start = vec![0u32];
        let mut list = Vec::new();
        let mut reach = Vec::with_capacity(np);
        for h in &holders {
            list.extend_from_slice(h);
            list_start.push(list.len() as u32);
            reach.push(h.iter().fold(Mask::EMPTY, |r, &o| r.or(&mask[o as usize])));
        }
        let mut primary = Mask::EMPTY;
        for i in 0..np {
            primary = primary.with(i);
        }
        Tables {
            np,
            mask,
            counted_start,
            counted,
            first_node,
            list_start,
            list,
            reach,
            exact,
            counted_items,
            primary,
            counter,
            num_counted,
            lo,
            hi,
        }
    }

    /// The counted items of option `o`.
    #[inline(always)]
    pub fn counted_of(&self, o: usize) -> &[u32] {
        &self.counted[self.counted_start[o] as usize..self.counted_start[o + 1] as usize]
    }

    /// The option whose first node is `node`, if there is one.
    pub fn option_at_node(&self, node: u32) -> Option<usize> {
        self.first_node.binary_search(&node).ok()
    }
}
