//! What the cell engine knows about a matrix before searching: each option
//! as a mask of items, each primary item's options, and each option's *kill
//! rows* (which options of each list it rules out). Built once per matrix
//! (the first cell solver of a matrix builds them, [`TablesCache`]) and
//! shared by every solver of it. The kill rows are most of the work and
//! memory, and a search may commit few of the options (a burr puzzle's
//! whole search can be a few hundred nodes over thousands of options), so
//! each option's rows are made on its first commit, by whichever solver
//! gets there first ([`Tables::kill_of`]); the rest is built up front.
//!
//! # Items renumbered
//!
//! Inside the engine an item is a bit of a [`Mask`]: the primary items,
//! shortest list first (ties in matrix order), are bits `0..np`, and the
//! secondary items follow. Walking a mask's bits in order therefore visits
//! short lists first, which is the order in which a commit should meet them
//! (a dead end shows up in a short list first, and the commit stops there).
//! `tie[b]` keeps each item's matrix number for the branching rule, whose
//! ties go to the first item in matrix order as in DLX1.
//!
//! # Lists as bit sets
//!
//! Primary item `b`'s options, in matrix order, are `list[list_start[b]..
//! list_start[b + 1]]`; a set of them is a bit set of `words[b]` words, bit
//! `j` standing for the `j`-th option of the list. The sets of all primary
//! items together are a *frame* of `root.len()` words, item `b`'s at
//! `word_start[b]..word_start[b + 1]` in the root frame.
//!
//! Two options *conflict* when they share an exact item (bounds `1:1`) or a
//! secondary item: they cannot both be in a solution, whatever else is
//! chosen. For option `o` and primary item `b`, the kill row `(o, b)` is
//! the bit set of the options of `b`'s list that conflict with `o` (`o`
//! itself included when it is in the list). Committing `o` turns each of
//! `b`'s sets into `set & !row`. Only the nonzero rows are stored (and none
//! for `o`'s own exact items, which committing it covers): option `o`'s
//! are a [`Rows`], the mask of the items that have one and where each
//! begins, so that a commit walks only the rows of items still to be covered
//! (the mask minus the covered items), in bit order, finding each by the
//! rank of its bit. The rows are built from *pair rows* (`Pairs`).
//!
//! A counted item (bounds other than `1:1`) used up to its upper bound rules
//! out every option that holds it: its *saturation rows*, `sat[k]` for
//! counted item number `k`.

use super::mask::Mask;
use std::sync::{Arc, OnceLock};

/// The most items a matrix may have for the cell engine: four words.
pub(crate) const MAX_ITEMS: usize = 256;

/// The most words the kill rows may take (128 MiB): a matrix whose rows
/// would need more does not suit the engine. The catalog's largest (the
/// Kanoodle Extreme pyramid) needs about 2 M words.
pub(crate) const MAX_KILL_WORDS: u64 = 1 << 24;

/// A set of rows (one option's kill rows, or one counted item's
/// saturation rows): `items` holds the items (bits) they change, and the
/// row of item `b` is `words[at[r]..at[r] + words(b)]`, where `r` is the
/// number of `items` below `b` (a row is as long as `b`'s set). Walking
/// `items` minus the items already covered visits exactly the rows that
/// matter, shortest lists first. For kill rows, `quiet` holds the exact
/// items that the option neither covers nor has a row for (their sets are
/// the same after committing it): with `items`, every exact item it leaves
/// uncovered. Empty for saturation rows.
#[derive(Clone, Debug)]
pub(crate) struct Rows<const W: usize> {
    pub items: Mask<W>,
    pub quiet: Mask<W>,
    pub at: Box<[u32]>,
    pub words: Box<[u64]>,
}

/// The static tables. Items are renumbered: the primary items, shortest
/// list first (ties in matrix order), are bits `0..np` of every mask, and
/// the secondary items follow in matrix order; "item `b`" below is bit `b`.
/// Every per-item array is indexed by bit. See the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct Tables<const W: usize> {
    /// The number of primary items (bits `0..np`).
    pub np: usize,
    /// `tie[b]`: the matrix's number of primary item `b` times 256, plus
    /// `b`: the low bits of its branching key (module `search`).
    pub tie: Vec<u32>,
    /// `words[b]`: the number of words of item `b`'s bit set (the width of
    /// `word_start`'s range, kept apart: one load in the commit loop).
    pub words: Vec<u32>,
    /// `mask[o]`: the items of option `o`, counted ones included.
    pub mask: Vec<Mask<W>>,
    /// The counted items of option `o`:
    /// `counted[counted_start[o]..counted_start[o + 1]]`.
    pub counted_start: Vec<u32>,
    pub counted: Vec<u32>,
    /// `first_node[o]`: the index of option `o`'s first node in the links'
    /// node array (headers `1..=N`, a spacer, then each option followed by a
    /// spacer): how subproblems name choices. Strictly increasing.
    pub first_node: Vec<u32>,
    /// The options of primary item `b`, in matrix order:
    /// `list[list_start[b]..list_start[b + 1]]`.
    pub list_start: Vec<u32>,
    pub list: Vec<u32>,
    /// Item `b`'s bit set in a frame: `word_start[b]..word_start[b + 1]`.
    pub word_start: Vec<u32>,
    /// The root frame: every list whole.
    pub root: Vec<u64>,
    /// `kill[o]`: the kill rows of option `o` once made
    /// ([`kill_of`](Self::kill_of)).
    pub(super) kill: Vec<OnceLock<Rows<W>>>,
    /// The pair rows the kill rows are made of.
    pub(super) pairs: Pairs,
    /// `sat[k]`: the saturation rows of counted item number `k`.
    pub sat: Vec<Rows<W>>,
    /// The primary items with bounds `1:1` (*exact* items, branched on).
    pub exact: Mask<W>,
    /// The exact items of option `o`:
    /// `exact_of[exact_start[o]..exact_start[o + 1]]`.
    pub exact_start: Vec<u32>,
    pub exact_of: Vec<u32>,
    /// The primary items with any other bounds (*counted* items).
    pub counted_items: Mask<W>,
    /// All primary items.
    pub primary: Mask<W>,
    /// `counter[b]`: the counter of counted item `b` (`0..num_counted`);
    /// unused for other items.
    pub counter: Vec<u32>,
    pub num_counted: usize,
    /// `lo[b]`, `hi[b]`: the bounds of primary item `b`.
    pub lo: Vec<u32>,
    pub hi: Vec<u32>,
}

impl<const W: usize> Tables<W> {
    /// The counted items of option `o`.
    #[inline(always)]
    pub fn counted_of(&self, o: usize) -> &[u32] {
        &self.counted[self.counted_start[o] as usize..self.counted_start[o + 1] as usize]
    }

    /// The exact items of option `o`.
    #[inline(always)]
    pub fn exact_of(&self, o: usize) -> &[u32] {
        &self.exact_of[self.exact_start[o] as usize..self.exact_start[o + 1] as usize]
    }

    /// The options of primary item `b`, in matrix order.
    #[inline(always)]
    pub fn list_of(&self, b: usize) -> &[u32] {
        &self.list[self.list_start[b] as usize..self.list_start[b + 1] as usize]
    }

    /// The number of words of item `b`'s bit set.
    #[inline(always)]
    pub fn words(&self, b: usize) -> usize {
        self.words[b] as usize
    }

    /// The option whose first node is `node`, if there is one.
    pub fn option_at_node(&self, node: u32) -> Option<usize> {
        self.first_node.binary_search(&node).ok()
    }

    /// The kill rows of option `o`, made on the first call.
    #[inline(always)]
    pub fn kill_of(&self, o: usize) -> &Rows<W> {
        self.kill[o].get_or_init(|| self.make_kill(o))
    }

    #[cold]
    fn make_kill(&self, o: usize) -> Rows<W> {
        // Options conflict through exact and secondary items: `o`'s own,
        // which committing it covers.
        let own = self.mask[o].and_not(&self.counted_items);
        let mut rows = self.pairs.rows(own, own, &self.word_start);
        rows.quiet = self.exact.and_not(&own).and_not(&rows.items);
        rows
    }
}

/// The *pair rows*, from which kill and saturation rows are made: for an
/// item `i` (any item) and a primary item `j`, `pair(i, j)` is the bit set of
/// the options of `j`'s list that hold `i`. Option `o`'s kill row for `j` is
/// the union of `pair(i, j)` over `o`'s exact and secondary items, and a
/// counted item `c`'s saturation row for `j` is `pair(c, j)`: a few word ORs
/// each, where testing every option of `j`'s list against `o` would cost a
/// pass over the whole matrix per option.
#[derive(Clone, Debug)]
pub(super) struct Pairs {
    /// `of[i]`: the nonempty pair rows of item `i`, as `(j, at)`: `pair(i,
    /// j)` is `words[at..at + len(j)]`, where `len(j)` is the words of
    /// `j`'s set. In increasing `j`.
    of: Vec<Vec<(u32, u32)>>,
    words: Vec<u64>,
}

impl Pairs {
    /// The pair rows of the items `0..holders.len()` (bits) of a matrix of
    /// `num_options` options, where
    /// `holders[i]` are the options holding item `i`, `word_start` places
    /// the primary items' sets in a frame, and `items(o)` are option `o`'s.
    pub(super) fn new<I: Iterator<Item = usize>>(
        np: usize,
        num_options: usize,
        holders: &[Vec<u32>],
        word_start: &[u32],
        items: impl Fn(usize) -> I,
    ) -> Pairs {
        let len = |j: usize| (word_start[j + 1] - word_start[j]) as usize;
        // prim[prim_start[o]..prim_start[o + 1]]: option `o`'s primary items
        // with where `o` stands in each one's list.
        let mut next = vec![0u32; np];
        let mut prim = Vec::new();
        let mut prim_start = vec![0usize];
        for o in 0..num_options {
            for j in items(o) {
                if j < np {
                    prim.push((j, next[j]));
                    next[j] += 1;
                }
            }
            prim_start.push(prim.len());
        }
        // index[j]: where pair(i, j) begins, for the item i at hand.
        let mut index = vec![u32::MAX; np];
        let mut words = Vec::new();
        let mut of = Vec::with_capacity(holders.len());
        for h in holders {
            for &x in h {
                let x = x as usize;
                for &(j, p) in &prim[prim_start[x]..prim_start[x + 1]] {
                    if index[j] == u32::MAX {
                        index[j] = words.len() as u32;
                        words.resize(words.len() + len(j), 0);
                    }
                    words[index[j] as usize + p as usize / 64] |= 1 << (p % 64);
                }
            }
            let mut pairs = Vec::new();
            for (j, at) in index.iter_mut().enumerate() {
                if *at != u32::MAX {
                    pairs.push((j as u32, *at));
                    *at = u32::MAX;
                }
            }
            of.push(pairs);
        }
        Pairs { of, words }
    }

    /// The rows, for each primary item `j` not in `skip`, of the union of
    /// `pair(i, j)` over the items `i` of `items` unless it is empty
    /// (`word_start` places each item's set in a frame). Each row is laid
    /// out first, in bit order, then the pair rows are ORed into their
    /// places.
    pub(super) fn rows<const W: usize>(
        &self,
        items: Mask<W>,
        skip: Mask<W>,
        word_start: &[u32],
    ) -> Rows<W> {
        let len = |j: usize| (word_start[j + 1] - word_start[j]) as usize;
        let mut touched = Mask::<W>::EMPTY;
        for i in items.iter() {
            for &(j, _) in &self.of[i] {
                touched = touched.with(j as usize);
            }
        }
        let keep = touched.and_not(&skip);
        // place[j]: where row j begins in `words`.
        let mut place = [0u32; MAX_ITEMS];
        let mut at = Vec::with_capacity(keep.0.iter().map(|w| w.count_ones() as usize).sum());
        let mut total = 0;
        for j in keep.iter() {
            place[j] = total as u32;
            at.push(total as u32);
            total += len(j);
        }
        let mut words = vec![0u64; total];
        for i in items.iter() {
            for &(j, from) in &self.of[i] {
                let j = j as usize;
                if keep.has(j) {
                    let (dst, src) = (place[j] as usize, from as usize);
                    let n = len(j);
                    for (d, &w) in words[dst..dst + n]
                        .iter_mut()
                        .zip(&self.words[src..src + n])
                    {
                        *d |= w;
                    }
                }
            }
        }
        Rows {
            items: keep,
            quiet: Mask::EMPTY,
            at: at.into_boxed_slice(),
            words: words.into_boxed_slice(),
        }
    }
}

/// A matrix's tables at the width its items need.
#[derive(Clone, Debug)]
pub(crate) enum AnyTables {
    One(Arc<Tables<1>>),
    Two(Arc<Tables<2>>),
    Four(Arc<Tables<4>>),
}

/// A matrix's slot for its cell-engine tables, and for whether it
/// [`suits`] the engine (asked several times while an engine is chosen, and
/// a pass over the matrix each time): empty until first asked. Cloning a
/// matrix shares them (they depend only on the matrix); a matrix made by
/// `retain_options` starts empty.
#[derive(Clone, Default)]
pub(crate) struct TablesCache(pub(super) OnceLock<AnyTables>, pub(super) OnceLock<bool>);

impl std::fmt::Debug for TablesCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = if self.0.get().is_some() {
            "built"
        } else {
            "not built"
        };
        write!(f, "cells::TablesCache({state})")
    }
}
