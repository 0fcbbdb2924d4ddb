//! Making the cell engine's tables ([`Tables`]) from a matrix, and
//! whether a matrix suits the engine. The types live in `tables`, which
//! imports no matrix, so that the matrix can keep them (its
//! [`TablesCache`]) without a circle: this module uses the matrix and
//! `tables`, and neither uses it.

use super::mask::Mask;
use super::tables::{AnyTables, MAX_ITEMS, MAX_KILL_WORDS, Pairs, Tables, TablesCache};
use crate::Matrix;
use std::sync::{Arc, OnceLock};

/// Can the cell engine solve `m`? See the module documentation of `cells`
/// for why each condition is needed.
pub(crate) fn suits(m: &Matrix) -> bool {
    if m.has_colors() || m.num_items() > MAX_ITEMS {
        return false;
    }
    let np = m.num_primary();
    let ok = m.options().all(|o| {
        m.option(o)
            .iter()
            .any(|e| e.item.index() < np && m.bounds(e.item) == (1, 1))
    });
    ok && (crude_kill_words_bound(m) <= MAX_KILL_WORDS || kill_words_bound(m) <= MAX_KILL_WORDS)
}

/// A bound of the kill rows' words that is quick to compute but loose:
/// every option with a row for every primary item. It settles most
/// matrices (the polyform puzzles' rows take a few million words at most),
/// so [`kill_words_bound`], whose walk over each option's reach costs
/// more than the search of a small burr, runs only when this one is over.
fn crude_kill_words_bound(m: &Matrix) -> u64 {
    let mut len = vec![0u64; m.num_primary()];
    for e in m.options().flat_map(|o| m.option(o)) {
        if let Some(l) = len.get_mut(e.item.index()) {
            *l += 1;
        }
    }
    let frame: u64 = len.iter().map(|l| l.div_ceil(64)).sum();
    frame.saturating_mul(m.num_options() as u64)
}

/// An upper bound of the kill rows' words: for each option, the words of
/// every primary item that holds an option sharing an item with it.
pub(crate) fn kill_words_bound(m: &Matrix) -> u64 {
    let np = m.num_primary();
    // reach[e]: the primary items of the options holding item e.
    let mut reach = vec![Mask::<4>::EMPTY; m.num_items()];
    let mut len = vec![0u64; np];
    for o in m.options() {
        let mut mk = Mask::EMPTY;
        for e in m.option(o) {
            let i = e.item.index();
            if i < np {
                mk = mk.with(i);
                len[i] += 1;
            }
        }
        for e in m.option(o) {
            reach[e.item.index()] = reach[e.item.index()].or(&mk);
        }
    }
    m.options()
        .map(|o| {
            m.option(o)
                .iter()
                .fold(Mask::EMPTY, |mk, e| mk.or(&reach[e.item.index()]))
                .iter()
                .map(|i| len[i].div_ceil(64))
                .sum::<u64>()
        })
        .sum()
}

/// The words a mask needs for `m`: 1, 2 or 4.
pub(crate) fn width(m: &Matrix) -> usize {
    match m.num_items() {
        0..=64 => 1,
        65..=128 => 2,
        _ => 4,
    }
}

impl<const W: usize> Tables<W> {
    /// The tables of `m`, which [`suits`] and has at most `64 * W` items.
    pub fn new(m: &Matrix) -> Tables<W> {
        debug_assert!(suits(m) && m.num_items() <= 64 * W);
        let np = m.num_primary();
        let n = m.num_options();
        let (item_of, bit_of) = renumber(m);
        let bounds = Bounds::new(m, &item_of);
        // The options' items as bits, option by option.
        let bits_of = |o: usize| {
            m.option(crate::OptionId::from_index(o))
                .iter()
                .map(|e| bit_of[e.item.index()])
        };
        let options = OptionItems::new(m, bounds.counted_items, bits_of);
        let lists = Lists::new(&options.holders[..np]);
        let pairs = Pairs::new(np, n, &options.holders, &lists.word_start, bits_of);
        let sat = bounds
            .counted_items
            .iter()
            .map(|c| pairs.rows(Mask::EMPTY.with(c), Mask::EMPTY, &lists.word_start))
            .collect();
        let mut primary = Mask::EMPTY;
        for b in 0..np {
            primary = primary.with(b);
        }
        let word_start = lists.word_start;
        Tables {
            np,
            tie: item_of
                .iter()
                .enumerate()
                .map(|(b, &i)| i << 8 | b as u32)
                .collect(),
            words: (0..np).map(|b| word_start[b + 1] - word_start[b]).collect(),
            mask: options.mask,
            counted_start: options.counted_start,
            counted: options.counted,
            first_node: options.first_node,
            list_start: lists.list_start,
            list: lists.list,
            word_start,
            root: lists.root,
            kill: (0..n).map(|_| OnceLock::new()).collect(),
            pairs,
            sat,
            exact: bounds.exact,
            exact_start: options.exact_start,
            exact_of: options.exact_of,
            counted_items: bounds.counted_items,
            primary,
            counter: bounds.counter,
            num_counted: bounds.num_counted,
            lo: bounds.lo,
            hi: bounds.hi,
        }
    }
}

/// The renumbering of `m`'s items as bits: `item_of[b]` is the matrix's
/// number of primary item `b` (the primary items by list length, ties in
/// matrix order), `bit_of[i]` the bit of item `i` (secondary items keep
/// their numbers, which follow the primary bits).
fn renumber(m: &Matrix) -> (Vec<u32>, Vec<usize>) {
    let np = m.num_primary();
    let mut len = vec![0usize; np];
    for o in m.options() {
        for e in m.option(o) {
            if e.item.index() < np {
                len[e.item.index()] += 1;
            }
        }
    }
    let mut item_of: Vec<u32> = (0..np as u32).collect();
    item_of.sort_by_key(|&i| (len[i as usize], i));
    let mut bit_of: Vec<usize> = (0..m.num_items()).collect();
    for (b, &i) in item_of.iter().enumerate() {
        bit_of[i as usize] = b;
    }
    (item_of, bit_of)
}

/// The primary items' bounds, by bit: the fields of [`Tables`] of the same
/// names, which say what each means.
struct Bounds<const W: usize> {
    exact: Mask<W>,
    counted_items: Mask<W>,
    counter: Vec<u32>,
    num_counted: usize,
    lo: Vec<u32>,
    hi: Vec<u32>,
}

impl<const W: usize> Bounds<W> {
    /// The bounds of the primary items of `m`, renumbered by `item_of`.
    fn new(m: &Matrix, item_of: &[u32]) -> Bounds<W> {
        let np = item_of.len();
        let mut bounds = Bounds {
            exact: Mask::EMPTY,
            counted_items: Mask::EMPTY,
            counter: vec![0u32; np],
            num_counted: 0,
            lo: Vec::with_capacity(np),
            hi: Vec::with_capacity(np),
        };
        for (b, &i) in item_of.iter().enumerate() {
            let (l, h) = m.bounds(crate::ItemId(i));
            if (l, h) == (1, 1) {
                bounds.exact = bounds.exact.with(b);
            } else {
                bounds.counted_items = bounds.counted_items.with(b);
                bounds.counter[b] = bounds.num_counted as u32;
                bounds.num_counted += 1;
            }
            bounds.lo.push(l);
            bounds.hi.push(h);
        }
        bounds
    }
}

/// Each option's items, by bit: the fields of [`Tables`] of the same
/// names, and `holders[b]`, the options holding item `b` (every item: the
/// conflicts go through secondary items too).
struct OptionItems<const W: usize> {
    mask: Vec<Mask<W>>,
    counted_start: Vec<u32>,
    counted: Vec<u32>,
    exact_start: Vec<u32>,
    exact_of: Vec<u32>,
    first_node: Vec<u32>,
    holders: Vec<Vec<u32>>,
}

impl<const W: usize> OptionItems<W> {
    /// The items of `m`'s options, each option's as bits by `bits_of`.
    fn new<B: Iterator<Item = usize>>(
        m: &Matrix,
        counted_items: Mask<W>,
        bits_of: impl Fn(usize) -> B,
    ) -> OptionItems<W> {
        let np = m.num_primary();
        let n = m.num_options();
        let mut items = OptionItems {
            mask: Vec::with_capacity(n),
            counted_start: vec![0u32],
            counted: Vec::new(),
            exact_start: vec![0u32],
            exact_of: Vec::new(),
            first_node: Vec::with_capacity(n),
            holders: vec![Vec::new(); m.num_items()],
        };
        let mut node = m.num_items() as u32 + 2;
        for o in 0..n {
            let mut mk = Mask::EMPTY;
            let mut size = 0;
            for b in bits_of(o) {
                mk = mk.with(b);
                size += 1;
                items.holders[b].push(o as u32);
                if counted_items.has(b) {
                    items.counted.push(b as u32);
                } else if b < np {
                    items.exact_of.push(b as u32);
                }
            }
            items.mask.push(mk);
            items.counted_start.push(items.counted.len() as u32);
            items.exact_start.push(items.exact_of.len() as u32);
            items.first_node.push(node);
            node += size + 1;
        }
        items
    }
}

/// The primary items' lists and their bit sets in the root frame: the
/// fields of [`Tables`] of the same names.
struct Lists {
    list_start: Vec<u32>,
    list: Vec<u32>,
    word_start: Vec<u32>,
    root: Vec<u64>,
}

impl Lists {
    /// The lists of the primary items whose holders are `holders`.
    fn new(holders: &[Vec<u32>]) -> Lists {
        let mut lists = Lists {
            list_start: vec![0u32],
            list: Vec::new(),
            word_start: vec![0u32],
            root: Vec::new(),
        };
        for h in holders {
            lists.list.extend_from_slice(h);
            lists.list_start.push(lists.list.len() as u32);
            let words = h.len().div_ceil(64);
            for w in 0..words {
                let bits = (h.len() - 64 * w).min(64);
                lists
                    .root
                    .push(if bits == 64 { !0 } else { (1u64 << bits) - 1 });
            }
            lists.word_start.push(lists.root.len() as u32);
        }
        lists
    }
}

impl TablesCache {
    /// Does `m`, whose cache this is, suit the cell engine? See [`suits`].
    pub fn suits(&self, m: &Matrix) -> bool {
        *self.1.get_or_init(|| suits(m))
    }

    /// The tables of `m` (which [`suits`]), whose cache this is, built on
    /// the first call (by one thread; the others wait for it).
    pub fn get_or_build(&self, m: &Matrix) -> &AnyTables {
        self.0.get_or_init(|| match width(m) {
            1 => AnyTables::One(Arc::new(Tables::new(m))),
            2 => AnyTables::Two(Arc::new(Tables::new(m))),
            _ => AnyTables::Four(Arc::new(Tables::new(m))),
        })
    }
}
