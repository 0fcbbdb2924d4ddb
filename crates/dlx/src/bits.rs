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
//! 1.8-2.9x faster than the links on the puzzles of the bench, 1.1x on
//! queens and Langford pairs
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
//! (the [`Engine`] trait) and the solver drives both with one loop: the item
//! to branch on is chosen by the same [`ChoiceRule`](crate::ChoiceRule)
//! from the same lengths, in the same order, options are tried in
//! the order of the matrix (the order of a dancing-links list), and nodes
//! are named by their index in the links' node array, so subproblems and
//! checkpoints mean the same for both. The tree and the node count are
//! therefore exactly DLX1's. `updates` counts the link updates DLX1/DLX2 would
//! make for the same moves (early dead ends off), computed per hidden option
//! (its size minus one) and per covered item (one).
//!
//! # Tables and state
//!
//! What depends only on the matrix (the conflict matrix, the holders of each
//! item, the node names) is a [`BitsTables`], built once per
//! [`Matrix`] on first use and kept in it (`Matrix::bits_tables`), so
//! every solver of the matrix (each worker thread, the splitter) shares one
//! copy; a solver's own state is only its frames. The conflict matrix is
//! the one big table (options² bits) and a search may commit only a few of
//! its options (a burr puzzle's whole search can be a thousand nodes), so
//! its rows are made on the first commit of their option, by whichever
//! solver gets there first.
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

use crate::bits_tables::{BitsTables, TablesCache};
use crate::engine::{COVERED, Engine};
use crate::links::ROOT;
use crate::matrix::Matrix;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

/// The most options a matrix may have for the bitset engine: the conflict
/// matrix then takes at most 8 MiB.
pub(crate) const MAX_OPTIONS: usize = 8192;

/// `len` of a covered item: above any real count, so that a dead end (an
/// item still to be covered without options) is found by a search for 0. A
/// covered item's count never changes again: every option that holds it is
/// gone.
const DONE: u16 = u16::MAX;

impl BitsTables {
    /// The tables of `m`, which [`Bits::suits`].
    fn new(m: &Matrix) -> BitsTables {
        debug_assert!(Bits::suits(m));
        let n = m.num_options();
        let np = m.num_primary();
        let w = n.div_ceil(64).max(1);
        let num_items = m.num_items() as u32;
        // The options holding each item (`w` words per item), the same for
        // each (item, color) held colored, and each primary item's count.
        let mut holders = vec![0u64; m.num_items() * w];
        // (item, color) -> its row of `same`.
        let mut same_color: HashMap<(usize, u32), u32> = HashMap::new();
        let mut same: Vec<u64> = Vec::new();
        let mut colored = HashMap::new();
        let mut len = vec![0u16; np];
        let mut prim_start = vec![0u32];
        let mut prim = Vec::new();
        let mut hide_cost = Vec::with_capacity(n);
        let mut cover_cost = Vec::with_capacity(n);
        let mut first = Vec::with_capacity(n);
        let entries_total: usize = m.options().map(|o| m.option(o).len() + 1).sum();
        let mut top = Vec::with_capacity(num_items as usize + 2 + entries_total);
        top.resize(num_items as usize + 2, 0u32);
        let mut opt = top.clone();
        for o in m.options() {
            let a = o.index();
            let entries = m.option(o);
            first.push(top.len() as u32);
            let mut covers = 0;
            for e in entries {
                let item = e.item.index();
                let color = e.color.map_or(0, |c| c.get());
                holders[item * w + a / 64] |= 1 << (a % 64);
                if color != 0 {
                    let c = *same_color.entry((item, color)).or_insert_with(|| {
                        same.resize(same.len() + w, 0);
                        (same.len() / w - 1) as u32
                    });
                    same[c as usize * w + a / 64] |= 1 << (a % 64);
                    colored.insert(top.len() as u32, c);
                } else {
                    covers += 1;
                }
                if item < np {
                    prim.push(item as u32);
                    len[item] += 1;
                }
                top.push(item as u32 + 1);
                opt.push(a as u32);
            }
            top.push(0); // the spacer after the option
            opt.push(a as u32);
            prim_start.push(prim.len() as u32);
            hide_cost.push(entries.len() as u32 - 1);
            cover_cost.push(covers - 1);
        }
        let mut alive = vec![0; w];
        for o in 0..n {
            alive[o / 64] |= 1 << (o % 64);
        }
        BitsTables {
            w,
            np,
            num_items,
            conflict: (0..n).map(|_| OnceLock::new()).collect(),
            holders,
            same,
            colored,
            prim_start,
            prim,
            hide_cost,
            cover_cost,
            first,
            top,
            opt,
            alive,
            len,
        }
    }

    /// Row `o` of the conflict matrix, made on the first call: the options
    /// that share an item with `o` that either holds uncolored or that they
    /// color differently, and `o` itself.
    ///
    /// The row is the OR, over `o`'s items, of the item's holders (less
    /// those holding it in `o`'s color), word by word rather than pair by
    /// pair (an item held by `h` options costs `h²` single bits that way,
    /// which dominated building the tables of big burr puzzles).
    #[inline(always)]
    fn conflict_row(&self, o: usize) -> &[u64] {
        self.conflict[o].get_or_init(|| self.make_conflict_row(o))
    }

    #[cold]
    fn make_conflict_row(&self, o: usize) -> Box<[u64]> {
        let w = self.w;
        let mut row = vec![0u64; w];
        let mut x = self.first[o] as usize;
        while self.top[x] != 0 {
            let item = self.top[x] as usize - 1;
            let held = &self.holders[item * w..(item + 1) * w];
            match self.colored.get(&(x as u32)) {
                None => row.iter_mut().zip(held).for_each(|(r, h)| *r |= h),
                Some(&c) => {
                    let same = &self.same[c as usize * w..(c as usize + 1) * w];
                    row.iter_mut()
                        .zip(held.iter().zip(same))
                        .for_each(|(r, (h, s))| *r |= h & !s);
                }
            }
            x += 1;
        }
        if x > self.first[o] as usize {
            row[o / 64] |= 1 << (o % 64);
        }
        row.into_boxed_slice()
    }
}

/// Tables are equal when they describe the same matrix: conflict rows
/// compare by their contents (made for the comparison if need be), not by
/// which have been made so far.
impl PartialEq for BitsTables {
    fn eq(&self, other: &BitsTables) -> bool {
        self.w == other.w
            && self.np == other.np
            && self.num_items == other.num_items
            && self.holders == other.holders
            && self.same == other.same
            && self.colored == other.colored
            && self.prim_start == other.prim_start
            && self.prim == other.prim
            && self.hide_cost == other.hide_cost
            && self.cover_cost == other.cover_cost
            && self.first == other.first
            && self.top == other.top
            && self.opt == other.opt
            && self.alive == other.alive
            && self.len == other.len
            && self.conflict.len() == other.conflict.len()
            && (0..self.conflict.len()).all(|o| self.conflict_row(o) == other.conflict_row(o))
    }
}

impl Eq for BitsTables {}

impl TablesCache {
    /// The tables of `m`, whose cache this is, built on first call (by one
    /// thread; the others wait for it).
    pub fn get_or_build(&self, m: &Matrix) -> &BitsTables {
        self.0.get_or_init(|| Arc::new(BitsTables::new(m)))
    }
}

/// One search's state for the bitset engine: the frames, over tables shared
/// with every other solver of the matrix. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits<'m> {
    /// The matrix's tables.
    t: &'m BitsTables,
    /// The frames, back to back (`w` and `np` entries each); frame 0 is the
    /// tables' bottom frame.
    alive: Vec<u64>,
    len: Vec<u16>,
    /// The number of frames in use (at least 1).
    depth: usize,
    /// Knuth's updates for the moves made so far (read and set through
    /// `EngineState`, like the links' count).
    pub(crate) updates: u64,
}

/// The most bytes one solver's frames may take at the greatest depth its
/// search can reach ([`frame_bytes`]): each worker thread has its own.
pub(crate) const MAX_FRAME_BYTES: u64 = 64 << 20;

/// The bytes one solver's frames take at the greatest depth a search of
/// `m` can reach: two frames per level (cover, commit) and the bottom one,
/// each `w` words of `alive` and a `u16` per primary item; a level covers
/// a primary item and commits an option, so there are at most as many
/// levels as primary items or options.
pub(crate) fn frame_bytes(m: &Matrix) -> u64 {
    let (n, np) = (m.num_options() as u64, m.num_primary() as u64);
    let levels = n.min(np);
    (2 * levels + 1) * (8 * n.div_ceil(64).max(1) + 2 * np)
}

impl<'m> Bits<'m> {
    /// Can the bitset engine solve `m`? Without multiplicities, at most
    /// [`MAX_OPTIONS`] options, and frames of at most [`MAX_FRAME_BYTES`]
    /// however deep the search goes.
    pub fn suits(m: &Matrix) -> bool {
        !m.has_multiplicities()
            && m.num_options() <= MAX_OPTIONS
            && frame_bytes(m) <= MAX_FRAME_BYTES
    }

    /// Sets up the bottom frame for `m`, which [`suits`](Self::suits), on
    /// the matrix's tables (built now if no solver has built them yet).
    pub fn new(m: &'m Matrix) -> Bits<'m> {
        let t = m.bits_tables();
        Bits {
            t,
            alive: t.alive.clone(),
            len: t.len.clone(),
            depth: 1,
            updates: 0,
        }
    }

    /// The tables this engine reads.
    #[cfg(test)]
    pub fn tables(&self) -> &'m BitsTables {
        self.t
    }

    /// Frame `k`'s slices.
    #[inline(always)]
    fn frame(&self, k: usize) -> (&[u64], &[u16]) {
        let (w, np) = (self.t.w, self.t.np);
        (
            &self.alive[k * w..k * w + w],
            &self.len[k * np..k * np + np],
        )
    }

    /// The node of option `o` in item `i` (which the option holds).
    fn node_of(&self, o: usize, i: u32) -> u32 {
        let t = self.t;
        let mut x = t.first[o];
        while t.top[x as usize] != i {
            debug_assert!(t.top[x as usize] != 0, "option {o} lacks item {i}");
            x += 1;
        }
        x
    }

    /// Makes room for one more frame and returns the index of the new one.
    #[inline(always)]
    fn push_frame(&mut self) -> usize {
        let k = self.depth;
        let (w, np) = (self.t.w, self.t.np);
        if self.alive.len() < (k + 1) * w {
            self.alive.resize((k + 1) * w, 0);
            self.len.resize((k + 1) * np, 0);
        }
        k
    }

    /// Writes into frame `k` the frame `k - 1` without the options in
    /// `row` (row `row_at` of `conflict` or of `holders`), then
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
        let Bits { t, alive, len, .. } = self;
        let BitsTables {
            w,
            np,
            holders,
            prim_start,
            prim,
            hide_cost,
            ..
        } = *t;
        let (w, np) = (*w, *np);
        let row = if of_conflict {
            t.conflict_row(row_at)
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

    /// Checks that the engine is back at its bottom frame, as built.
    pub fn sanity_idle(&self) -> Result<(), String> {
        if self.depth != 1 {
            return Err(format!("{} frames left on the stack", self.depth - 1));
        }
        if self.frame(0) != (&self.t.alive[..], &self.t.len[..]) {
            return Err("the bottom frame changed".into());
        }
        Ok(())
    }
}

impl Engine for Bits<'_> {
    /// The number of nodes of the links this engine names its nodes after.
    fn num_nodes(&self) -> u32 {
        self.t.top.len() as u32
    }

    #[inline(always)]
    fn is_header(&self, x: u32) -> bool {
        x <= self.t.num_items
    }

    fn option_of(&self, x: u32) -> u32 {
        self.t.opt[x as usize]
    }

    /// The first primary item still to be covered (1-based), or [`ROOT`].
    #[inline(always)]
    fn first_active(&self) -> u32 {
        let (_, len) = self.frame(self.depth - 1);
        match len.iter().position(|&l| l != DONE) {
            Some(i) => i as u32 + 1,
            None => ROOT,
        }
    }

    /// Every primary item, covered ones ([`DONE`]) as [`COVERED`]: a test
    /// to skip them is a branch per item that the processor cannot predict,
    /// 1.3-1.5x the time on `queens13` and `langford12`
    /// (docs/performance.md).
    #[inline(always)]
    fn scan_items(&self, mut f: impl FnMut(u32, u32) -> ControlFlow<()>) {
        let (_, len) = self.frame(self.depth - 1);
        for (i, &l) in len.iter().enumerate() {
            let l = if l == DONE { COVERED } else { l as u32 };
            if f(i as u32 + 1, l).is_break() {
                return;
            }
        }
    }

    /// Only for the item being branched on, while it is covered (its list is
    /// that of the frame below its cover).
    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        debug_assert!(self.depth >= 2, "down() outside a covered item");
        let t = self.t;
        let (i, from) = if self.is_header(x) {
            (x, 0)
        } else {
            (t.top[x as usize], t.opt[x as usize] as usize + 1)
        };
        let w = t.w;
        let (alive, _) = self.frame(self.depth - 2);
        let holders = &t.holders[(i as usize - 1) * w..(i as usize) * w];
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

    /// Algorithm X's `cover(i)` (1-based primary item): a frame without the
    /// item and its options.
    #[inline(always)]
    fn cover(&mut self, i: u32) {
        let k = self.push_frame();
        let item = i as usize - 1;
        let (updates, _) = self.derive(k, false, item, 0, 0);
        let np = self.t.np;
        self.len[k * np + item] = DONE;
        self.depth = k + 1;
        self.updates += updates + 1;
    }

    /// Undoes `cover(i)`: drops its frame.
    #[inline(always)]
    fn uncover(&mut self, _i: u32) {
        debug_assert!(self.depth >= 2);
        self.depth -= 1;
    }

    /// Commits the option of node `x`, chosen from the item covered last: a
    /// frame without every option that conflicts with it (colors are in the
    /// conflict matrix, so `COLORS` changes nothing). With `EARLY`, when
    /// that leaves a primary item still to be covered without options,
    /// pushes nothing and returns false (the dead end is then done with;
    /// its updates are counted as DLX1 would make them: the commit and the
    /// cover of the empty item on the next level).
    #[inline(always)]
    fn commit<const COLORS: bool, const EARLY: bool>(&mut self, x: u32) -> bool {
        let o = self.t.opt[x as usize] as usize;
        let k = self.push_frame();
        let (a, b) = (
            self.t.prim_start[o] as usize,
            self.t.prim_start[o + 1] as usize,
        );
        let (updates, dead) = self.derive(k, true, o, a, b);
        self.updates += updates + self.t.cover_cost[o] as u64;
        if EARLY && dead {
            self.updates += 1;
            return false;
        }
        self.depth = k + 1;
        true
    }

    /// Undoes a `commit(x)` that returned true: drops its frame.
    #[inline(always)]
    fn uncommit<const COLORS: bool>(&mut self, _x: u32) {
        debug_assert!(self.depth >= 2);
        self.depth -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pentomino_like() -> Matrix {
        crate::format::parse("a b c | x\na x:1\nb x:2\nc\na b\nb c x\n").unwrap()
    }

    #[test]
    fn a_matrix_with_its_tables_is_still_send_sync_clone() {
        fn check<T: Send + Sync + Clone>() {}
        check::<Matrix>();
    }

    #[test]
    fn solvers_of_one_matrix_share_its_tables() {
        let m = pentomino_like();
        let (a, b) = (Bits::new(&m), Bits::new(&m));
        assert!(std::ptr::eq(a.tables(), b.tables()));
        // A clone shares them too; a restricted matrix has its own.
        let c = m.clone();
        assert!(std::ptr::eq(Bits::new(&c).tables(), a.tables()));
        let (r, _) = m.retain_options(|o| o.index() != 2);
        let rb = Bits::new(&r);
        assert!(!std::ptr::eq(rb.tables(), a.tables()));
        assert_eq!(rb.tables(), &BitsTables::new(&r));
    }

    /// 20,000 primary items and 2,000 options of 10 items each: a search
    /// may go 2,000 levels deep, and each frame holds 20,000 counters, so
    /// the frames could take 160 MB per thread: too much, the links take it.
    #[test]
    fn frames_too_big_for_memory_are_refused() {
        let (np, n) = (20_000usize, 2_000usize);
        let mut text: String = (0..np).map(|i| format!("i{i} ")).collect();
        text.push('\n');
        for o in 0..n {
            let line: Vec<String> = (0..10).map(|k| format!("i{}", o * 10 + k)).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        let m = crate::format::parse(&text).unwrap();
        assert!(frame_bytes(&m) > MAX_FRAME_BYTES);
        assert!(!Bits::suits(&m));
        assert_eq!(crate::EngineKind::best_for(&m), crate::EngineKind::Links);
        let why = crate::EngineKind::Bits.cannot_fit(&m).expect("refused");
        assert!(why.contains("MiB of search frames"), "{why}");
        assert_eq!(crate::EngineKind::Bits.refusal(&m), Some(why));
        // A puzzle-sized matrix still fits.
        let small = pentomino_like();
        assert!(Bits::suits(&small));
        assert_eq!(crate::EngineKind::Bits.cannot_fit(&small), None);
    }
}
