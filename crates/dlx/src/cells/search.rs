//! The cell engine's search: one iterative loop over a stack of frames.
//!
//! A *frame* is the state of the search on one level: the occupancy mask
//! (covered items, and counted items used up to their upper bound), the
//! counters of the counted items, and for each primary item still to be
//! covered the *segment* of the arena that lists its options still fitting,
//! with the item to branch on and its number of options. Frame `l + 1` is
//! made from frame `l` and one option by `commit`: lists that the option
//! cannot touch (the item's reach misses the newly covered items) are shared
//! with frame `l`, the others are filtered into fresh arena space.
//! Backtracking pops: the arena's top goes back to where frame `l + 1` began.
//! Nothing is ever restored, so stopping, pausing and abandoning are free.

use super::mask::Mask;
use super::tables::Tables;
use crate::{Control, OptionId, Outcome, Stats, Subproblem, SubproblemError, Visitor};

/// `best` of a frame with nothing left to cover: a solution.
const NONE: u32 = u32::MAX;
/// `best` of a frame found dead before any choice (only the root can be).
const DEAD: u32 = u32::MAX - 1;

/// Lists at most this long in the parent frame are filtered first: a dead end
/// shows up in a short list, and then the long ones are never touched
/// (6x10x: 183 M entries dropped with one pass, 143 M with this, 12-20%
/// less CPU time; see docs/performance.md).
const SHORT: u32 = 16;

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
    pub t: Tables<W>,
    /// The lists of all frames: frame 0's are the static lists, at
    /// `0..root_top`; every later frame's new lists lie above its parent's.
    arena: Vec<u32>,
    /// The arena's used length.
    top: usize,
    /// `mark[l]`: `top` when frame `l` began (frame `l`'s lists start here).
    mark: Vec<usize>,
    /// `occ[l]`: frame `l`'s occupancy mask.
    occ: Vec<Mask<W>>,
    /// Frame `l`'s counters, `used[l * nc + c]`: options chosen so far that
    /// hold counted item number `c`.
    used: Vec<u32>,
    /// Frame `l`'s segments, `seg[l * np + i] = (start, len)`: the options of
    /// primary item `i` still fitting, `arena[start..start + len]`. Only
    /// meaningful for exact items not covered and counted items still short
    /// of their lower bound.
    seg: Vec<(u32, u32)>,
    /// `best[l]`: the exact item frame `l` branches on ([`NONE`]: a
    /// solution; [`DEAD`]: nothing to try). Ties go to the first item.
    best: Vec<u32>,
    /// `degree[l]`: `best[l]`'s number of options (its segment's length).
    degree: Vec<u32>,
    /// `position[l]`: the options of `best[l]` tried so far on level `l`.
    position: Vec<u32>,
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

impl<const W: usize> Search<W> {
    pub fn new(t: Tables<W>) -> Search<W> {
        let mut s = Search {
            arena: t.list.clone(),
            top: t.list.len(),
            mark: vec![t.list.len()],
            occ: vec![Mask::EMPTY],
            used: vec![0; t.num_counted],
            seg: (0..t.np)
                .map(|i| {
                    let a = t.list_start[i];
                    (a, t.list_start[i + 1] - a)
                })
                .collect(),
            best: vec![NONE],
            degree: vec![0],
            position: vec![0],
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
        let mut best = NONE;
        let mut min = u32::MAX;
        for i in t.primary.iter() {
            let len = self.seg[i].1;
            if t.exact.has(i) {
                if len < min {
                    min = len;
                    best = i as u32;
                }
            } else if len < t.lo[i] {
                best = DEAD;
                min = 0;
                break;
            }
        }
        self.best[0] = best;
        self.degree[0] = if best == NONE { 0 } else { min };
    }

    /// Makes room for frame `l`.
    fn reserve_frame(&mut self, l: usize) {
        if self.occ.len() <= l {
            let (np, nc) = (self.t.np, self.t.num_counted);
            self.mark.push(0);
            self.occ.push(Mask::EMPTY);
            self.used.resize((l + 1) * nc, 0);
            self.seg.resize((l + 1) * np, (0, 0));
            self.best.push(NONE);
            self.degree.push(0);
            self.position.push(0);
        }
    }

    /// Makes frame `l + 1` from frame `l` and option `o` (which fits in
    /// frame `l`). Returns false, leaving nothing behind, when the new frame
    /// is seen to be dead: an exact item left without options, or a counted
    /// item with fewer options than it still needs.
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
            seg,
            best,
            degree,
            stats,
            ..
        } = self;
        let (np, nc) = (t.np, t.num_counted);
        let before = occ[l];
        let mut after = before.or(&t.mask[o].and_not(&t.counted_items));
        if nc > 0 {
            let (lower, upper) = used.split_at_mut((l + 1) * nc);
            let counters = &mut upper[..nc];
            counters.copy_from_slice(&lower[l * nc..]);
            for &c in t.counted_of(o) {
                let k = t.counter[c as usize] as usize;
                counters[k] += 1;
                if counters[k] == t.hi[c as usize] {
                    after = after.with(c as usize);
                }
            }
        }
        let fresh = after.and_not(&before);
        let (lower, upper) = seg.split_at_mut((l + 1) * np);
        let segs = &mut upper[..np];
        segs.copy_from_slice(&lower[l * np..]);
        let start = *top;
        let mut min = u32::MAX;
        let mut choice = NONE;
        let mut removed = 0u64;
        let todo = t.primary.and_not(&after);
        let parent = &lower[l * np..];
        // Two passes, short lists first (see `SHORT`); ties still go to the
        // first item, whatever the pass that met it.
        for pass in 0..2 {
            for i in todo.iter() {
                if (pass == 0) != (parent[i].1 <= SHORT) {
                    continue;
                }
                let exact = t.exact.has(i);
                let need = if exact {
                    1
                } else {
                    let u = used[(l + 1) * nc + t.counter[i] as usize];
                    t.lo[i].saturating_sub(u)
                };
                if need == 0 {
                    continue;
                }
                let (s, n) = segs[i];
                let mut len = n;
                if t.reach[i].meets(&fresh) {
                    let s = s as usize;
                    let n = n as usize;
                    if arena.len() < *top + n {
                        let grow = (*top + n).max(2 * arena.len());
                        arena.resize(grow, 0);
                    }
                    let (src, dst) = arena.split_at_mut(*top);
                    let k = filter(&t.mask, &fresh, &src[s..s + n], &mut dst[..n]);
                    segs[i] = (*top as u32, k as u32);
                    *top += k;
                    len = k as u32;
                    removed += (n - k) as u64;
                }
                if len < need {
                    *top = start;
                    stats.updates += removed;
                    return false;
                }
                if exact && (len < min || (len == min && (i as u32) < choice)) {
                    min = len;
                    choice = i as u32;
                }
            }
        }
        stats.updates += removed;
        mark[l + 1] = start;
        occ[l + 1] = after;
        best[l + 1] = choice;
        degree[l + 1] = if choice == NONE { 0 } else { min };
        true
    }

    /// The option tried `k`-th (0-based) on level `l`.
    #[inline(always)]
    fn option_at(&self, l: usize, k: u32) -> usize {
        let (s, _) = self.seg[l * self.t.np + self.best[l] as usize];
        self.arena[s as usize + k as usize] as usize
    }

    fn collect_solution(&mut self) {
        self.solution.clear();
        for l in 0..self.level {
            let o = self.option_at(l, self.position[l] - 1);
            self.solution.push(OptionId::from_index(o));
        }
    }

    fn emit_subproblem(&mut self) {
        let choices = (0..self.level)
            .map(|l| self.t.first_node[self.option_at(l, self.position[l] - 1)])
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
        self.top = self.t.list.len();
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
            let k = (0..self.degree[l])
                .find(|&k| self.option_at(l, k) == o)
                .ok_or(SubproblemError::NotAChoice { level: l })?;
            self.position[l] = k + 1;
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
                            if visitor.solution(&self.solution) == Control::Stop {
                                self.abandon();
                                return Outcome::Stopped;
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
                        self.phase = Phase::Try;
                    }
                }
                Phase::Try => {
                    let l = self.level;
                    loop {
                        let k = self.position[l];
                        if k == self.degree[l] {
                            self.phase = Phase::Leave;
                            break;
                        }
                        let o = self.option_at(l, k);
                        self.position[l] = k + 1;
                        if self.commit(l, o) {
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
}

/// Copies to `dst` the options of `src` whose masks miss `fresh`; returns
/// how many. `dst` is as long as `src`.
#[inline(always)]
fn filter<const W: usize>(
    masks: &[Mask<W>],
    fresh: &Mask<W>,
    src: &[u32],
    dst: &mut [u32],
) -> usize {
    debug_assert_eq!(src.len(), dst.len());
    let mut k = 0;
    for &x in src {
        let m = &masks[x as usize];
        dst[k] = x;
        k += usize::from(!m.meets(fresh));
    }
    k
}
