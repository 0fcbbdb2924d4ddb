//! The cell engine's search: one iterative loop over a stack of frames.
//!
//! A *frame* is the state of the search on one level: the occupancy mask
//! (covered items, and counted items used up to their upper bound), the
//! counters of the counted items, and for each primary item still to be
//! covered the bit set of its options still possible (module `tables`) with
//! its size. Frame `l + 1` is made from frame `l` and one option `o` by
//! `commit`: each of `o`'s kill rows turns one item's set into
//! `set & !row` in fresh arena space; the other items' sets are shared with
//! frame `l` (`at` points to them). Backtracking pops: the arena's top goes
//! back to where frame `l + 1` began. Nothing is ever restored, so stopping,
//! pausing and abandoning are free.
//!
//! The cost of a node is a few hundred word operations over contiguous
//! memory (the rows of one option, the sets they touch), with no pointer
//! chasing and no per-option bookkeeping; the item to branch on comes from
//! the sizes, which `count_ones` keeps exact.

use super::mask::Mask;
use super::tables::{Rows, Tables};
use crate::{Control, OptionId, Outcome, Stats, Subproblem, SubproblemError, Visitor};
use std::sync::Arc;

/// `best` of a frame with nothing left to cover: a solution.
const NONE: u32 = u32::MAX;
/// `best` of a frame found dead before any choice (only the root can be).
const DEAD: u32 = u32::MAX - 1;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Idle,
    /// A new frame is on top: a solution, a subproblem, or a level to branch.
    Enter,
    /// Try the next option of the current level's item.
    Try,
    /// Go back one level.
    Leave,
}

/// One search's state. See the module documentation.
pub(crate) struct Search<const W: usize> {
    pub t: Arc<Tables<W>>,
    /// The bit sets of all frames: the root's (`t.root`) at `0..root_top`;
    /// every later frame's new sets lie above its parent's.
    arena: Vec<u64>,
    /// The arena's used length.
    top: usize,
    /// `mark[l]`: `top` when frame `l` began (frame `l`'s sets start here).
    mark: Vec<usize>,
    /// `occ[l]`: frame `l`'s occupancy mask.
    occ: Vec<Mask<W>>,
    /// Frame `l`'s counters, `used[l * nc + c]`: options chosen so far that
    /// hold counted item number `c`.
    used: Vec<u32>,
    /// `sets[l * np + b]`: primary item `b`'s bit set in frame `l` (see
    /// [`Set`]).
    sets: Vec<Set>,
    /// `best[l]`: the exact item frame `l` branches on ([`NONE`]: a
    /// solution; [`DEAD`]: nothing to try). Ties go to the first item.
    best: Vec<u32>,
    /// `degree[l]`: `best[l]`'s number of options.
    degree: Vec<u32>,
    /// `position[l]`: the options of `best[l]` tried so far on level `l`
    /// (from the base level on: a subproblem's replayed prefix has none).
    position: Vec<u32>,
    /// `cursor[l]`: the index in `best[l]`'s list from which to look for
    /// the next option to try; `chosen[l]`: the option tried last.
    cursor: Vec<u32>,
    chosen: Vec<u32>,
    pub phase: Phase,
    /// The current level (frame `level` is on top).
    level: usize,
    /// Levels below `base` are a subproblem's fixed prefix.
    base: usize,
    /// List subproblems at this level instead of entering it (`usize::MAX`:
    /// never).
    pub frontier: usize,
    pub found: Vec<Subproblem>,
    solution: Vec<OptionId>,
    pub stats: Stats,
    budget: u64,
}

/// One primary item's bit set in a frame: where it begins in the arena, and
/// its number of bits; `size` is `u32::MAX` for an exact item covered. Only
/// meaningful for exact items and for counted items still short of their
/// lower bound.
#[derive(Copy, Clone, Debug)]
struct Set {
    at: u32,
    size: u32,
}

/// What applying rows to a new frame needs: the frame's sets, their sizes,
/// and the arena above `start` where new sets go.
struct RowCx<'a, const W: usize> {
    t: &'a Tables<W>,
    /// The new frame's occupancy mask.
    after: &'a Mask<W>,
    /// Where the new frame's sets begin in the arena.
    start: usize,
    arena: &'a mut [u64],
    /// The new frame's sets (see [`Search`]).
    sets: &'a mut [Set],
    /// The arena's used length, written back by `commit`.
    top: usize,
    /// Options dropped from the sets so far (the `updates` figure).
    removed: u64,
    /// The smallest `key(size, item)` of the exact items whose sets the
    /// rows applied so far made: with the quiet items', the branching item.
    best: u64,
}

/// Writes the `words` words `arena[src..] & !kill[at..]` to `arena[dst..]`
/// and returns how many bits they hold: one item's new set in a commit,
/// the innermost loop of the engine. Unchecked: with bounds checks the
/// engine runs about 10% more instructions and 7% more time on the
/// pentominoes (docs/performance.md, "Unchecked indexing").
///
/// # Safety
///
/// `src + words <= dst`, `dst + words <= arena.len()` and
/// `at + words <= kill.len()`.
#[inline(always)]
unsafe fn and_not_into(
    arena: &mut [u64],
    src: usize,
    dst: usize,
    kill: &[u64],
    at: usize,
    words: usize,
) -> u32 {
    debug_assert!(src + words <= dst, "set {src}+{words} above the top {dst}");
    debug_assert!(
        dst + words <= arena.len(),
        "no room for {words} words at {dst}"
    );
    debug_assert!(at + words <= kill.len(), "row {at}+{words} out of bounds");
    let mut bits = 0;
    for k in 0..words {
        // SAFETY: the caller's bounds; the first makes the words read and
        // the words written disjoint.
        unsafe {
            let v = *arena.get_unchecked(src + k) & !*kill.get_unchecked(at + k);
            *arena.get_unchecked_mut(dst + k) = v;
            bits += v.count_ones();
        }
    }
    bits
}

/// The branching order of exact items: fewest options first, then the first
/// in the matrix's order; a covered item (size `u32::MAX`) after every
/// uncovered one. The key of item `b` (bits 0-7) holds its matrix number
/// (bits 8-15) and its size (bits 32-63).
#[inline(always)]
fn key<const W: usize>(t: &Tables<W>, size: u32, b: usize) -> u64 {
    (u64::from(size) << 32) | u64::from(t.tie[b])
}

/// The frame's `best` and `degree` given the smallest key of its exact
/// items (`u64::MAX` when it has none): [`NONE`] when every one is covered.
#[inline(always)]
fn choice(key: u64) -> (u32, u32) {
    match (key >> 32) as u32 {
        u32::MAX => (NONE, 0),
        size => (key as u32 & 0xff, size),
    }
}

impl<const W: usize> RowCx<'_, W> {
    /// Applies the rows of `rows` whose items the new frame does not hold
    /// (the items still to be covered), shortest lists first, until one
    /// finds the frame dead; returns whether none did. `COUNTED`: does the
    /// matrix have counted items?
    #[inline(always)]
    fn apply_rows<const COUNTED: bool>(&mut self, rows: &Rows<W>, counters: &[u32]) -> bool {
        let (at, kill) = (&rows.at[..], &rows.words[..]);
        let mut below = 0;
        for w in 0..W {
            let items = rows.items.0[w];
            let mut live = items & !self.after.0[w];
            while live != 0 {
                let bit = live.trailing_zeros();
                let rank = below + (items & ((1u64 << bit) - 1)).count_ones() as usize;
                let b = w * 64 + bit as usize;
                let ok = if COUNTED {
                    self.apply_counted(b, kill, at[rank], counters)
                } else {
                    self.apply_exact(b, kill, at[rank])
                };
                if !ok {
                    return false;
                }
                live &= live - 1;
            }
            below += items.count_ones() as usize;
        }
        true
    }

    /// Applies one kill row of a matrix without counted items; false when
    /// it leaves its item without options. Each item has at most one kill
    /// row per option, so the item's set is always its parent frame's.
    #[inline(always)]
    fn apply_exact(&mut self, i: usize, kill: &[u64], row_at: u32) -> bool {
        let old = self.sets[i].size;
        debug_assert!(old != u32::MAX);
        // A matrix without counted items gives each item at most one kill
        // row per option, so the item's set is still its parent frame's.
        let bits = self.new_set(i, kill, row_at);
        self.removed += u64::from(old - bits);
        self.best = self.best.min(key(self.t, bits, i));
        bits != 0
    }

    /// Makes item `i`'s set of the new frame, `set & !row` where `set` is
    /// its parent frame's (not yet replaced in this frame) and the row
    /// begins at `kill[row_at]`, on top of the arena; returns its bits.
    #[inline(always)]
    fn new_set(&mut self, i: usize, kill: &[u64], row_at: u32) -> u32 {
        let src = self.sets[i].at as usize;
        let words = self.t.words(i);
        let dst = self.top;
        debug_assert!(src < self.start, "item {i}'s set was made in this frame");
        // SAFETY: `src` is a parent frame's set (the caller's promise,
        // asserted above), and every parent set ends below `start <= top =
        // dst`. `commit` made room for `root.len()` words (every list once)
        // above `start`, and each item gets at most one new set per frame,
        // so `dst + words` fits. `row_at` was recorded with `words(i)` words
        // laid out after it (`Pairs::rows`).
        let bits = unsafe { and_not_into(self.arena, src, dst, kill, row_at as usize, words) };
        self.top += words;
        self.sets[i].at = dst as u32;
        self.sets[i].size = bits;
        bits
    }

    /// Applies one kill or saturation row; false when it leaves its item
    /// with fewer options than it needs (given the counters of the new
    /// frame).
    #[inline(always)]
    fn apply_counted(&mut self, i: usize, kill: &[u64], row_at: u32, counters: &[u32]) -> bool {
        let t = self.t;
        debug_assert!(!self.after.has(i));
        let exact = t.exact.has(i);
        let need = if exact {
            1
        } else {
            let u = counters[t.counter[i] as usize];
            t.lo[i].saturating_sub(u)
        };
        if need == 0 {
            return true;
        }
        let Set { at: src, size: old } = self.sets[i];
        let src = src as usize;
        let bits = if src >= self.start {
            // A set already made in this frame (a saturation row after a
            // kill row): changed in place.
            let words = t.words(i);
            let kill = &kill[row_at as usize..][..words];
            let mut bits = 0;
            for (v, &k) in self.arena[src..src + words].iter_mut().zip(kill) {
                *v &= !k;
                bits += v.count_ones();
            }
            self.sets[i].size = bits;
            bits
        } else {
            self.new_set(i, kill, row_at)
        };
        self.removed += u64::from(old - bits);
        if exact {
            self.best = self.best.min(key(self.t, bits, i));
        }
        bits >= need
    }
}

impl<const W: usize> Search<W> {
    pub fn new(t: Arc<Tables<W>>) -> Search<W> {
        let np = t.np;
        let mut s = Search {
            arena: t.root.clone(),
            top: t.root.len(),
            mark: vec![t.root.len()],
            occ: vec![Mask::EMPTY],
            used: vec![0; t.num_counted],
            sets: (0..np)
                .map(|b| Set {
                    at: t.word_start[b],
                    size: t.list_start[b + 1] - t.list_start[b],
                })
                .collect(),
            best: vec![NONE],
            degree: vec![0],
            position: vec![0],
            cursor: vec![0],
            chosen: vec![0],
            phase: Phase::Idle,
            level: 0,
            base: 0,
            frontier: usize::MAX,
            found: Vec::new(),
            solution: Vec::new(),
            stats: Stats::default(),
            budget: u64::MAX,
            t,
        };
        s.scan_root();
        s
    }

    /// Chooses frame 0's item, and finds the root dead when an exact item
    /// has no option or a counted item has fewer than its lower bound.
    fn scan_root(&mut self) {
        let t = &self.t;
        let dead = t
            .primary
            .and_not(&t.exact)
            .iter()
            .any(|b| self.sets[b].size < t.lo[b]);
        let best = t.exact.iter().map(|b| key(t, self.sets[b].size, b)).min();
        (self.best[0], self.degree[0]) = if dead {
            (DEAD, 0)
        } else {
            choice(best.unwrap_or(u64::MAX))
        };
    }

    /// Makes room for frame `l`.
    #[inline(always)]
    fn reserve_frame(&mut self, l: usize) {
        if self.occ.len() <= l {
            self.grow(l);
        }
    }

    /// Adds frame `l` (the first time the search gets that deep).
    #[cold]
    fn grow(&mut self, l: usize) {
        let (np, nc) = (self.t.np, self.t.num_counted);
        self.mark.push(0);
        self.occ.push(Mask::EMPTY);
        self.used.resize((l + 1) * nc, 0);
        self.sets.resize((l + 1) * np, Set { at: 0, size: 0 });
        self.best.push(NONE);
        self.degree.push(0);
        self.position.push(0);
        self.cursor.push(0);
        self.chosen.push(0);
    }

    /// Makes frame `l + 1` from frame `l` and option `o` (which is possible
    /// in frame `l`). Returns false, leaving nothing behind, when the new
    /// frame is seen to be dead: an exact item left without options, or a
    /// counted item with fewer options than it still needs.
    #[inline(always)]
    fn commit(&mut self, l: usize, o: usize) -> bool {
        self.reserve_frame(l + 1);
        let Search {
            t,
            arena,
            top,
            mark,
            occ,
            used,
            sets,
            best,
            degree,
            stats,
            ..
        } = self;
        let t: &Tables<W> = t;
        let (np, nc) = (t.np, t.num_counted);
        let mut after = occ[l].or(&t.mask[o].and_not(&t.counted_items));
        // Counted items used up by `o`: at most the options' own few.
        let mut full = Mask::<W>::EMPTY;
        let counters: &mut [u32] = if nc > 0 {
            let (lower, upper) = used.split_at_mut((l + 1) * nc);
            let counters = &mut upper[..nc];
            counters.copy_from_slice(&lower[l * nc..]);
            for &c in t.counted_of(o) {
                let k = t.counter[c as usize] as usize;
                counters[k] += 1;
                if counters[k] == t.hi[c as usize] {
                    full = full.with(c as usize);
                }
            }
            after = after.or(&full);
            counters
        } else {
            &mut []
        };
        let (lower, upper) = sets.split_at_mut((l + 1) * np);
        let sets = &mut upper[..np];
        sets.copy_from_slice(&lower[l * np..]);
        // Exact items covered by `o` leave the choice.
        for &i in t.exact_of(o) {
            sets[i as usize].size = u32::MAX;
        }
        let start = *top;
        // The most words this frame can take: every list once.
        if arena.len() < start + t.root.len() {
            arena.resize(start + t.root.len(), 0);
        }
        let mut cx = RowCx {
            t,
            after: &after,
            start,
            arena,
            sets,
            top: start,
            removed: 0,
            best: u64::MAX,
        };
        let kill = t.kill_of(o);
        let alive = if nc == 0 {
            cx.apply_rows::<false>(kill, counters)
        } else {
            cx.apply_rows::<true>(kill, counters)
                && full
                    .iter()
                    .all(|c| cx.apply_rows::<true>(&t.sat[t.counter[c] as usize], counters))
        };
        let (removed, mut best_key) = (cx.removed, cx.best);
        stats.updates += removed;
        if !alive {
            return false;
        }
        *top = cx.top;
        // The exact item with the fewest options, the first on ties: the
        // rows' items gave theirs, the quiet ones keep their parent's sizes
        // (covered ones have size `u32::MAX`).
        for i in kill.quiet.iter() {
            best_key = best_key.min(key(t, sets[i].size, i));
        }
        mark[l + 1] = start;
        occ[l + 1] = after;
        (best[l + 1], degree[l + 1]) = choice(best_key);
        true
    }

    /// The index in `best[l]`'s list of its next possible option at or after
    /// `from`, if any.
    #[inline(always)]
    fn next_at(&self, l: usize, from: u32) -> Option<u32> {
        let i = self.best[l] as usize;
        let words = self.t.words(i);
        let base = self.sets[l * self.t.np + i].at as usize;
        let mut w = from as usize / 64;
        if w >= words {
            return None;
        }
        let mut bits = self.arena[base + w] & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                return Some((w * 64) as u32 + bits.trailing_zeros());
            }
            w += 1;
            if w == words {
                return None;
            }
            bits = self.arena[base + w];
        }
    }

    fn collect_solution(&mut self) {
        self.solution.clear();
        for l in 0..self.level {
            self.solution
                .push(OptionId::from_index(self.chosen[l] as usize));
        }
    }

    fn emit_subproblem(&mut self) {
        let choices = (0..self.level)
            .map(|l| self.t.first_node[self.chosen[l] as usize])
            .collect();
        self.found.push(Subproblem::from_parts(
            choices,
            self.degree[..self.level].to_vec(),
        ));
    }

    /// Goes back to the root frame, idle.
    pub fn abandon(&mut self) {
        self.phase = Phase::Idle;
        self.level = 0;
        self.base = 0;
        self.top = self.t.root.len();
    }

    /// Replays a subproblem's choices; see `Cells::start`.
    pub fn start(&mut self, sub: &Subproblem) -> Result<(), SubproblemError> {
        self.abandon();
        let saved = self.stats;
        let r = self.replay(sub.choices());
        self.stats = saved;
        match r {
            Ok(()) => {
                self.base = sub.depth();
                self.level = self.base;
                self.phase = Phase::Enter;
                Ok(())
            }
            Err(e) => {
                self.abandon();
                Err(e)
            }
        }
    }

    fn replay(&mut self, choices: &[u32]) -> Result<(), SubproblemError> {
        for (l, &node) in choices.iter().enumerate() {
            self.level = l;
            if self.best[l] == NONE || self.best[l] == DEAD {
                return Err(SubproblemError::TooDeep { level: l });
            }
            let o = self
                .t
                .option_at_node(node)
                .ok_or(SubproblemError::NotAChoice { level: l })?;
            let i = self.best[l] as usize;
            let j = self
                .t
                .list_of(i)
                .binary_search(&(o as u32))
                .map_err(|_| SubproblemError::NotAChoice { level: l })? as u32;
            if self.next_at(l, j) != Some(j) {
                return Err(SubproblemError::NotAChoice { level: l });
            }
            // Only the levels from the base are read for progress, so the
            // replayed ones are not counted (counting the options before `j`
            // would cost each start a pass over the item's list).
            self.position[l] = 0;
            self.cursor[l] = j + 1;
            self.chosen[l] = o as u32;
            if !self.commit(l, o) {
                return Err(SubproblemError::NotAChoice { level: l });
            }
        }
        self.level = choices.len();
        Ok(())
    }

    /// Searches on; see `Cells::run`.
    pub fn run<V: Visitor>(&mut self, visitor: &mut V, node_budget: u64) -> Outcome {
        if self.phase == Phase::Idle {
            return Outcome::Finished;
        }
        self.budget = self.stats.nodes.saturating_add(node_budget);
        loop {
            match self.phase {
                Phase::Enter => {
                    if self.stats.nodes >= self.budget {
                        return Outcome::Paused;
                    }
                    let l = self.level;
                    if self.best[l] == NONE {
                        if self.frontier == usize::MAX {
                            self.stats.nodes += 1;
                            self.stats.solutions += 1;
                            if V::WANTS_OPTIONS {
                                self.collect_solution();
                            }
                            match visitor.solution(&self.solution) {
                                Control::Continue => {}
                                Control::Stop => {
                                    self.abandon();
                                    return Outcome::Stopped;
                                }
                                // The next node's budget check pauses.
                                Control::Pause => self.budget = self.stats.nodes,
                            }
                        } else {
                            self.emit_subproblem();
                        }
                        self.phase = Phase::Leave;
                    } else if l >= self.frontier {
                        self.emit_subproblem();
                        self.phase = Phase::Leave;
                    } else {
                        self.stats.nodes += 1;
                        self.position[l] = 0;
                        self.cursor[l] = 0;
                        self.phase = Phase::Try;
                    }
                }
                Phase::Try => {
                    let l = self.level;
                    loop {
                        if self.best[l] == DEAD {
                            self.phase = Phase::Leave;
                            break;
                        }
                        let Some(j) = self.next_at(l, self.cursor[l]) else {
                            self.phase = Phase::Leave;
                            break;
                        };
                        let i = self.best[l] as usize;
                        let o = self.t.list[self.t.list_start[i] as usize + j as usize];
                        self.position[l] += 1;
                        self.cursor[l] = j + 1;
                        self.chosen[l] = o;
                        if self.commit(l, o as usize) {
                            self.level = l + 1;
                            self.phase = Phase::Enter;
                            break;
                        }
                        // A dead end found while committing: its node.
                        self.stats.nodes += 1;
                        if self.stats.nodes >= self.budget {
                            return Outcome::Paused;
                        }
                    }
                }
                Phase::Leave => {
                    if self.level == self.base {
                        self.abandon();
                        return Outcome::Finished;
                    }
                    self.top = self.mark[self.level];
                    self.level -= 1;
                    self.phase = Phase::Try;
                }
                Phase::Idle => return Outcome::Finished,
            }
        }
    }

    /// See `Cells::progress`.
    pub fn progress(&self) -> f64 {
        if self.phase == Phase::Idle {
            return 1.0;
        }
        let top = if self.phase == Phase::Try {
            self.level + 1
        } else {
            self.level
        };
        let mut done = 0.0;
        let mut share = 1.0;
        for l in self.base..top {
            let d = self.degree[l].max(1) as f64;
            let open = u32::from(l < self.level);
            let p = self.position[l].saturating_sub(open) as f64;
            done += share * p / d;
            share /= d;
        }
        done.min(1.0)
    }

    /// See `Cells::path`.
    pub fn path(&self) -> Vec<(u32, u32)> {
        (self.base..self.level)
            .map(|l| (self.position[l], self.degree[l]))
            .collect()
    }

    /// See `Cells::path_tip`.
    pub fn path_tip(&self) -> (usize, Option<(u32, u32)>) {
        let last = (self.level > self.base)
            .then(|| (self.position[self.level - 1], self.degree[self.level - 1]));
        (self.level.saturating_sub(self.base), last)
    }
}
