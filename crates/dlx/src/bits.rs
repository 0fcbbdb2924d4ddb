//! The bitset engine: Algorithms X and C for matrices with few options, on
//! sets of options kept as bit vectors instead of dancing links.
//!
//! # Why
//!
//! A puzzle matrix is small (a few thousand options) and dense in conflicts:
//! committing a pentomino placement hides a hundred others, and with dancing
//! links each of those costs a pointer update per node on the way down and
//! again on the way up. Here the options still alive at a level are one bit
//! vector, and committing an option `x` is `alive & !conflict[x]`, a few
//! dozen word operations; only the list lengths that steer the search
//! (`len`, one counter per primary item) are kept up to date option by
//! option, and undoing is free: each level has its own copy of the state.
//! 1.5-2.2x faster than the links on the bench instances
//! (`docs/performance.md`).
//!
//! Two options *conflict* when they share a primary item, or share a
//! secondary item that either leaves uncolored or that they color
//! differently. A set of options is a solution exactly when it covers every
//! primary item and no two of its options conflict, so the pairwise matrix
//! `conflict` holds everything Algorithm C's purification knows.
//!
//! # The same search as the links
//!
//! The engine answers the same questions as [`Links`](crate::links::Links)
//! and the solver drives both with one loop: the item to branch on is the
//! first active primary item with the fewest options, options are tried in
//! the order of the matrix (the order of a dancing-links list), and nodes
//! are named by their index in the links' node array, so subproblems and
//! checkpoints mean the same for both. The tree and the node count are
//! therefore exactly DLX1's. `updates` counts the link updates DLX1/DLX2 would
//! make for the same moves (early dead ends off), computed per hidden option
//! (its size minus one) and per covered item (one).
//!
//! # State
//!
//! A *frame* is the state of the search at one point: `alive` (`w` words,
//! bit `o` set when option `o` may still be chosen) and `len` (`np`
//! counters: the alive options of each primary item still to be covered,
//! [`DONE`] for an item already covered). Frames form a stack:
//! `cover(i)` pushes the frame without `i`'s options, committing an option
//! pushes the frame without the options it conflicts with, and undoing pops.
//! Invariant: frame `k` is a function of frame `k - 1` and the step that
//! pushed it; the bottom frame is the whole matrix.
//!
//! Only Algorithms X and C: with multiplicities an option does not exclude
//! the others of its items, and the solver keeps the links for them.

use crate::links::ROOT;
use crate::matrix::Matrix;

/// The most options a matrix may have for the bitset engine: the conflict
/// matrix then takes at most 8 MiB.
pub(crate) const MAX_OPTIONS: usize = 8192;

/// `len` of a covered item: above any real count, so that the item with the
/// fewest options is found by one scan of `len`, and a dead end (an item
/// still to be covered without options) by a search for 0. A covered item's
/// count never changes again: every option that holds it is gone.
const DONE: u16 = u16::MAX;

/// One search's state for the bitset engine. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    /// Words in a set of options: `ceil(options / 64)`.
    w: usize,
    /// `N1`, the number of primary items.
    np: usize,
    /// `N`, the number of items (headers are nodes `1..=N`).
    num_items: u32,
    /// Row `o` (`w` words): the options that conflict with option `o`, `o`
    /// itself included.
    conflict: Vec<u64>,
    /// Row `i` (`w` words): the options that hold primary item `i`
    /// (0-based).
    holders: Vec<u64>,
    /// The primary items of option `o` (0-based):
    /// `prim[prim_start[o]..prim_start[o + 1]]`.
    prim_start: Vec<u32>,
    prim: Vec<u32>,
    /// Updates DLX makes to hide option `o`: its size minus one.
    hide_cost: Vec<u32>,
    /// Items whose commit covers them (primary and uncolored secondary), of
    /// option `o`, minus one for the item the option is chosen from.
    cover_cost: Vec<u32>,
    /// The links' node array, as far as names go: `first[o]` is option `o`'s
    /// first node; `top[x]` is node `x`'s item (1-based, 0 for spacers and
    /// headers), `opt[x]` its option.
    first: Vec<u32>,
    top: Vec<u32>,
    opt: Vec<u32>,
    /// The frames, back to back (`w` and `np` entries each).
    alive: Vec<u64>,
    len: Vec<u16>,
    /// The number of frames in use (at least 1).
    depth: usize,
    /// Knuth's updates for the moves made so far.
    pub updates: u64,
}

impl Bits {
    /// Can the bitset engine solve `m`?
    pub fn suits(m: &Matrix) -> bool {
        !m.has_multiplicities() && m.num_options() <= MAX_OPTIONS
    }

    /// Sets up the bottom frame for `m`, which [`suits`](Self::suits).
    pub fn new(m: &Matrix) -> Bits {
        debug_assert!(Bits::suits(m));
        let n = m.num_options();
        let np = m.num_primary();
        let w = n.div_ceil(64).max(1);
        let num_items = m.num_items() as u32;
        // Each item's options with their colors (0: none).
        let mut holders_of: Vec<Vec<(usize, u32)>> = vec![Vec::new(); m.num_items()];
        let mut prim_start = vec![0u32];
        let mut prim = Vec::new();
        let mut hide_cost = Vec::with_capacity(n);
        let mut cover_cost = Vec::with_capacity(n);
        let mut first = Vec::with_capacity(n);
        let mut top = vec![0u32; num_items as usize + 2];
        let mut opt = vec![0u32; num_items as usize + 2];
        for o in m.options() {
            let entries = m.option(o);
            first.push(top.len() as u32);
            let mut covers = 0;
            for e in entries {
                let color = e.color.map_or(0, |c| c.get());
                holders_of[e.item.index()].push((o.index(), color));
                if e.item.index() < np {
                    prim.push(e.item.index() as u32);
                }
                if color == 0 {
                    covers += 1;
                }
                top.push(e.item.index() as u32 + 1);
                opt.push(o.index() as u32);
            }
            top.push(0); // the spacer after the option
            opt.push(o.index() as u32);
            prim_start.push(prim.len() as u32);
            hide_cost.push(entries.len() as u32 - 1);
            cover_cost.push(covers - 1);
        }
        let mut conflict = vec![0u64; n * w];
        let mut holders = vec![0u64; np * w];
        for (item, list) in holders_of.iter().enumerate() {
            for &(a, ca) in list {
                if item < np {
                    holders[item * w + a / 64] |= 1 << (a % 64);
                }
                for &(b, cb) in list {
                    if ca == 0 || ca != cb || a == b {
                        conflict[a * w + b / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        let mut b = Bits {
            w,
            np,
            num_items,
            conflict,
            holders,
            prim_start,
            prim,
            hide_cost,
            cover_cost,
            first,
            top,
            opt,
            alive: vec![0; w],
            len: holders_of[..np].iter().map(|l| l.len() as u16).collect(),
            depth: 1,
            updates: 0,
        };
        for o in 0..n {
            b.alive[o / 64] |= 1 << (o % 64);
        }
        b
    }

    /// The number of nodes of the links this engine names its nodes after.
    pub fn num_nodes(&self) -> u32 {
        self.top.len() as u32
    }

    pub fn is_header(&self, x: u32) -> bool {
        x <= self.num_items
    }

    /// The option of node `x`.
    pub fn option_of(&self, x: u32) -> u32 {
        self.opt[x as usize]
    }

    /// Frame `k`'s slices.
    #[inline(always)]
    fn frame(&self, k: usize) -> (&[u64], &[u16]) {
        let (w, np) = (self.w, self.np);
        (
            &self.alive[k * w..k * w + w],
            &self.len[k * np..k * np + np],
        )
    }

    /// The first primary item still to be covered (1-based), or [`ROOT`].
    #[inline(always)]
    pub fn first_active(&self) -> u32 {
        let (_, len) = self.frame(self.depth - 1);
        match len.iter().position(|&l| l != DONE) {
            Some(i) => i as u32 + 1,
            None => ROOT,
        }
    }

    /// The first active primary item with the fewest options, and that
    /// number (the rule of [`Links::choose_min_len`](crate::links::Links::choose_min_len)).
    /// Some item must be active.
    #[inline(always)]
    pub fn choose_min_len(&self) -> (u32, u32) {
        let (_, len) = self.frame(self.depth - 1);
        let mut best = 0;
        let mut min = DONE;
        for (i, &l) in len.iter().enumerate() {
            if l < min {
                min = l;
                best = i;
            }
        }
        debug_assert!(min != DONE, "no item left to choose");
        (best as u32 + 1, min as u32)
    }

    /// The node after `x` in its item's list, or the item's header when
    /// there is none; `x` may be the header itself. Only for the item being
    /// branched on, while it is covered (its list is that of the frame below
    /// its cover).
    #[inline(always)]
    pub fn down(&self, x: u32) -> u32 {
        debug_assert!(self.depth >= 2, "down() outside a covered item");
        let (i, from) = if self.is_header(x) {
            (x, 0)
        } else {
            (self.top[x as usize], self.opt[x as usize] as usize + 1)
        };
        let w = self.w;
        let (alive, _) = self.frame(self.depth - 2);
        let holders = &self.holders[(i as usize - 1) * w..(i as usize) * w];
        let mut k = from / 64;
        if k < w {
            let mut m = alive[k] & holders[k] & (!0u64 << (from % 64));
            loop {
                if m != 0 {
                    let o = k * 64 + m.trailing_zeros() as usize;
                    return self.node_of(o, i);
                }
                k += 1;
                if k == w {
                    break;
                }
                m = alive[k] & holders[k];
            }
        }
        i
    }

    /// The node of option `o` in item `i` (which the option holds).
    fn node_of(&self, o: usize, i: u32) -> u32 {
        let mut x = self.first[o];
        while self.top[x as usize] != i {
            debug_assert!(self.top[x as usize] != 0, "option {o} lacks item {i}");
            x += 1;
        }
        x
    }

    /// Makes room for one more frame and returns the index of the new one.
    #[inline(always)]
    fn push_frame(&mut self) -> usize {
        let k = self.depth;
        if self.alive.len() < (k + 1) * self.w {
            self.alive.resize((k + 1) * self.w, 0);
            self.len.resize((k + 1) * self.np, 0);
        }
        k
    }

    /// Writes into frame `k` the frame `k - 1` without the options in
    /// `row` (a row of `conflict` or of `holders`, found at `row_at`), then
    /// marks the primary items `covered[c0..c1]` of `prim` as covered.
    /// Returns Knuth's updates for hiding those options, and whether an item
    /// still to be covered is left without options.
    #[inline(always)]
    fn derive(
        &mut self,
        k: usize,
        of_conflict: bool,
        row_at: usize,
        c0: usize,
        c1: usize,
    ) -> (u64, bool) {
        let Bits {
            w,
            np,
            alive,
            len,
            conflict,
            holders,
            prim_start,
            prim,
            hide_cost,
            ..
        } = self;
        let (w, np) = (*w, *np);
        let row = if of_conflict {
            &conflict[row_at * w..][..w]
        } else {
            &holders[row_at * w..][..w]
        };
        let (below, above) = alive.split_at_mut(k * w);
        let src = &below[(k - 1) * w..];
        let dst = &mut above[..w];
        let (lbelow, labove) = len.split_at_mut(k * np);
        let len = &mut labove[..np];
        len.copy_from_slice(&lbelow[(k - 1) * np..]);
        let mut updates = 0u64;
        for j in 0..w {
            let mut gone = src[j] & row[j];
            dst[j] = src[j] & !row[j];
            while gone != 0 {
                let r = j * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                updates += hide_cost[r] as u64;
                for &i in &prim[prim_start[r] as usize..prim_start[r + 1] as usize] {
                    len[i as usize] -= 1;
                }
            }
        }
        for &i in &prim[c0..c1] {
            len[i as usize] = DONE;
        }
        (updates, len.contains(&0))
    }

    /// Algorithm X's `cover(i)` (1-based primary item): a frame without the
    /// item and its options.
    #[inline(always)]
    pub fn cover(&mut self, i: u32) {
        let k = self.push_frame();
        let item = i as usize - 1;
        let (updates, _) = self.derive(k, false, item, 0, 0);
        let np = self.np;
        self.len[k * np + item] = DONE;
        self.depth = k + 1;
        self.updates += updates + 1;
    }

    /// Undoes `cover(i)`.
    #[inline(always)]
    pub fn uncover(&mut self, _i: u32) {
        debug_assert!(self.depth >= 2);
        self.depth -= 1;
    }

    /// Commits the option of node `x`, chosen from the item covered last: a
    /// frame without every option that conflicts with it. With `EARLY`,
    /// when that leaves a primary item still to be covered without options,
    /// pushes nothing and returns false (the dead end is then done with;
    /// its updates are counted as DLX1 would make them: the commit and the
    /// cover of the empty item on the next level).
    #[inline(always)]
    pub fn commit<const EARLY: bool>(&mut self, x: u32) -> bool {
        let o = self.opt[x as usize] as usize;
        let k = self.push_frame();
        let (a, b) = (self.prim_start[o] as usize, self.prim_start[o + 1] as usize);
        let (updates, dead) = self.derive(k, true, o, a, b);
        self.updates += updates + self.cover_cost[o] as u64;
        if EARLY && dead {
            self.updates += 1;
            return false;
        }
        self.depth = k + 1;
        true
    }

    /// Undoes a `commit(x)` that returned true.
    #[inline(always)]
    pub fn uncommit(&mut self, _x: u32) {
        debug_assert!(self.depth >= 2);
        self.depth -= 1;
    }

    /// Checks that the engine is back at its bottom frame, as built.
    pub fn sanity_idle(&self, m: &Matrix) -> Result<(), String> {
        if self.depth != 1 {
            return Err(format!("{} frames left on the stack", self.depth - 1));
        }
        let fresh = Bits::new(m);
        if self.frame(0) != fresh.frame(0) {
            return Err("the bottom frame changed".into());
        }
        Ok(())
    }
}
