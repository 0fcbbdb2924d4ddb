//! The search: breadth first over the relative positions of the pieces of
//! a (sub)assembly until a group of them can leave, then the same on each
//! part.
//!
//! ## Positions
//!
//! A *position* gives each piece of the subassembly its offset from where
//! it started, three coordinates packed in one word (`Packed`). Only
//! relative offsets matter (moving every piece together changes nothing),
//! so positions are kept *normalized*: piece 0's offset is zero. `Nodes`
//! (module `positions`) stores them in one array, `n` words per position,
//! with each position's parent and the move that led there.
//!
//! ## Moves from a position (BurrTools' order)
//!
//! `lim[d][i][j]` is how many unit steps piece `i` can make in direction
//! `d` while `j` stays put ([`FREE`] if any number). The *closure* of
//! piece `p` for `s` steps in direction `d` is the smallest set holding
//! `p` such that every `j` some member `i` would hit (`lim[d][i][j] < s`)
//! is in it: the pieces that must move along with `p`. A position's moves
//! are tried in this order, as BurrTools' `movementAnalysator` does:
//!
//! 1. for each direction, each piece alone: can it leave (move any
//!    number of steps)? The first that can is a *separation*;
//! 2. for each direction, each piece's closure for leaving, if it holds at
//!    most half the pieces: the first is a separation;
//! 3. for each direction, each piece `p`, steps `s = 1, 2, ...` while the
//!    closure holds at most half the pieces: the closure moved `s` steps
//!    (one move, however many steps); and each such move new in this
//!    direction is merged with the moves found before it in this
//!    direction with the same number of steps, newest first: the union of
//!    the two moving sets, when it differs from both and is not every
//!    piece, is a move too (two independent groups moving at once).
//!
//! A group bigger than half needs no trying: the rest moving the other way
//! is the same relative motion. Every move counts one, whatever its length
//! and however many pieces it carries.
//!
//! The closures are not made step count by step count: the closure for
//! `s` steps stays the same up to its least limit to a piece outside, and
//! then grows from the pieces it meets there (`LimitTable::grow` and
//! `LimitTable::least`, in module `limits`); the blocking relations for
//! one step, for two steps and for leaving are bit rows kept from position
//! to position, changed only for the pairs of pieces whose offset changed.
//! Most groups meet their next piece after one step, and the two-step rows
//! say which at once, without reading any pair's limits.
//!
//! ## The search
//!
//! Positions are expanded in breadth-first order from the start; the first
//! separation found ends the search of this subassembly: its number of
//! moves is the position's depth plus one (the removal). Like BurrTools,
//! only the last three fronts of the search count as known (a move never
//! leads more than one front back), and the search does not try another
//! separation when the parts of the first one do not come apart. One hash
//! set holds every position found, with the id of its latest copy; ids go
//! in breadth-first order, so a position is known when that id is not
//! older than the front before the current one (one lookup per move,
//! where a set per front took up to three).
//!
//! A separation splits the pieces into those that leave (the *removed*
//! part) and those *left*, each starting from the position before the
//! removal. The left part is taken apart first, then the removed one; a
//! part of one piece, or whose pieces all belong to one group, needs
//! nothing more. Weights: when the heaviest moving piece is heavier than
//! every piece that stays, the move is recorded the other way round (the
//! heavy piece stays, the others move against the direction), as
//! BurrTools does; this decides which part is "removed" and so the order
//! of the level string.

use super::cache::Cache;
use super::limits::{LimitTable, grow};
use super::motion::{FREE, Motion};
use super::positions::{Nodes, Packed, UnitStep, Walk, unpack};
use super::{DisassemblyError, Move, STOP_POLL, Separation};
use polyform::lattice::Cell;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A piece of the subassembly being taken apart.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Member {
    /// Its index in the whole assembly.
    pub index: usize,
    /// Its shape ([`Cache::shapes`]).
    pub shape: u32,
    /// The position of its local origin when this subassembly's search
    /// starts.
    pub start: Cell,
    /// Its weight (BurrTools' shape weight, 1 by default).
    pub weight: u32,
    /// Its group, when its part belongs to one group (pieces of one group
    /// need not be separated from each other).
    pub group: Option<u16>,
}

/// The state of the disassembly of one assembly.
pub(crate) struct Search<'a> {
    pub motion: &'a Motion,
    pub cache: &'a mut Cache,
    /// The arrays of the search under way.
    pub buffers: &'a mut Buffers,
    /// The most positions one search (one [`Walk`]) may hold.
    pub max_positions: u64,
    /// Polled every [`STOP_POLL`] positions: set, the search gives up.
    pub stop: Option<&'a AtomicBool>,
    /// Positions visited so far, all subassemblies included (statistics).
    pub visited: u64,
}

/// The arrays of a search, kept from one search to the next (a worker
/// keeps one set, with its movement cache): a puzzle of many assemblies
/// makes many small searches, and allocating their arrays afresh cost
/// about as much as the searches.
pub(crate) struct Buffers {
    walk: Walk,
    table: LimitTable,
    /// The moves found in the direction being tried: (pieces, steps).
    found: Vec<(u64, u32)>,
    /// The unit step of each direction.
    units: Vec<UnitStep>,
}

/// The most positions a search's arrays may have room for and still be
/// kept for the next search. Kept, the arrays of a big search would hold
/// its memory (up to [`Search::max_positions`] positions) for as long as
/// the worker lives, in every worker.
const KEEP_POSITIONS: usize = 1 << 16;

impl Buffers {
    /// Frees the walk's arrays when they have room for more than
    /// [`KEEP_POSITIONS`] positions.
    fn trim(&mut self) {
        if self.walk.nodes.steps.capacity() > KEEP_POSITIONS {
            self.walk = Walk::empty();
        }
    }
}

impl Default for Buffers {
    fn default() -> Buffers {
        Buffers {
            walk: Walk::empty(),
            table: LimitTable::empty(),
            found: Vec::new(),
            units: Vec::new(),
        }
    }
}

/// Steps 1 and 2 on the limits in `table` (`n` pieces, `dirs`
/// directions): the first piece that can leave alone, else the first group
/// of at most `half` pieces that can leave in a direction whose stuck rows
/// `changed` (a direction whose rows are unchanged let nothing leave
/// before); with its direction.
fn leaving(
    table: &LimitTable,
    n: usize,
    dirs: usize,
    half: u32,
    changed: u64,
) -> Option<(u64, usize)> {
    let stuck = |d: usize| &table.stuck[d * n..(d + 1) * n];
    let alone = (0..dirs)
        .flat_map(|d| (0..n).map(move |p| (d, p)))
        .find(|&(d, p)| stuck(d)[p] == 0)
        .map(|(d, p)| (1u64 << p, d));
    if alone.is_some() || half <= 1 {
        return alone;
    }
    for d in (0..dirs).filter(|&d| changed >> d & 1 == 1) {
        let mut big = 0u64;
        for p in 0..n {
            match grow(1 << p, 1 << p, half, big, |i| stuck(d)[i]) {
                Some(set) => return Some((set, d)),
                None => big |= 1 << p,
            }
        }
    }
    None
}

/// A move of the pieces `set` in direction `d` as recorded: when the
/// heaviest of them is heavier than every piece that stays, the others
/// move the other way instead (BurrTools' weight rule).
fn recorded(members: &[Member], set: u64, d: usize) -> (u64, usize) {
    let heaviest = |take: bool| {
        members
            .iter()
            .enumerate()
            .filter(|&(i, _)| (set >> i & 1 == 1) == take)
            .map(|(_, m)| m.weight)
            .max()
            .unwrap_or(0)
    };
    if heaviest(false) < heaviest(true) {
        let all = if members.len() == 64 {
            u64::MAX
        } else {
            (1 << members.len()) - 1
        };
        (all & !set, Motion::opposite(d))
    } else {
        (set, d)
    }
}

/// A separation found, before its parts are taken apart: the pieces that
/// stay and those that leave, each starting where the position before
/// the removal has it, and the moves from the start up to the removal.
struct Cut {
    left: Vec<Member>,
    removed: Vec<Member>,
    moves: Vec<Move>,
}

/// The cut of `members` when position `k` of `nodes` lets the pieces
/// `removed` leave in direction `d`.
fn cut(members: &[Member], nodes: &Nodes, k: u32, removed: u64, d: usize) -> Cut {
    let offsets = nodes.position(k);
    let part = |take: bool| -> Vec<Member> {
        (0..members.len())
            .filter(|&i| (removed >> i & 1 == 1) == take)
            .map(|i| {
                let m = members[i];
                let o = unpack(offsets[i]);
                Member {
                    start: [m.start[0] + o[0], m.start[1] + o[1], m.start[2] + o[2]],
                    ..m
                }
            })
            .collect()
    };
    // The moves: the path from the start to k, then the removal.
    let names = |set: u64| -> Vec<usize> {
        (0..members.len())
            .filter(|&i| set >> i & 1 == 1)
            .map(|i| members[i].index)
            .collect()
    };
    let mut moves = vec![Move {
        pieces: names(removed),
        direction: d,
        steps: None,
    }];
    let mut at = k;
    while nodes.steps[at as usize].parent != u32::MAX {
        let st = nodes.steps[at as usize];
        let (moved, dir) = recorded(members, st.moved, st.dir as usize);
        moves.push(Move {
            pieces: names(moved),
            direction: dir,
            steps: Some(u32::from(st.steps)),
        });
        at = st.parent;
    }
    moves.reverse();
    Cut {
        left: part(false),
        removed: part(true),
        moves,
    }
}

impl Search<'_> {
    /// Takes the subassembly `members` apart: `None` when it does not come
    /// apart (by BurrTools' rules, see the module docs).
    pub fn separate(&mut self, members: &[Member]) -> Result<Option<Separation>, DisassemblyError> {
        // The buffers are this search's until the first separation is
        // found, then go back for the searches of its parts.
        let mut buffers = std::mem::take(&mut *self.buffers);
        let first = self.first_separation(members, &mut buffers);
        let cut = first.map(|found| {
            found.map(|(k, removed, d)| cut(members, &buffers.walk.nodes, k, removed, d))
        });
        buffers.trim();
        *self.buffers = buffers;
        match cut? {
            Some(cut) => self.split(members, cut),
            None => Ok(None),
        }
    }

    /// The breadth-first search of `members`' positions until a group can
    /// leave: the position `k`, the pieces that leave and the direction
    /// (as recorded, see [`recorded`]); `None` when no position lets one.
    fn first_separation(
        &mut self,
        members: &[Member],
        buffers: &mut Buffers,
    ) -> Result<Option<(u32, u64, usize)>, DisassemblyError> {
        let n = members.len();
        debug_assert!((2..=64).contains(&n));
        let dirs = self.motion.directions();
        let half = (n / 2) as u32;
        let Buffers {
            walk,
            table,
            found,
            units,
        } = buffers;
        units.clear();
        units.extend((0..dirs).map(|d| UnitStep::new(self.motion.step(d))));
        walk.restart(n, self.max_positions);
        table.restart(n, dirs);
        loop {
            let Some(k) = walk.pop() else {
                return Ok(None);
            };
            if self.visited.is_multiple_of(STOP_POLL) && self.stop.is_some_and(|s| s.load(Relaxed))
            {
                return Err(DisassemblyError::Stopped);
            }
            self.visited += 1;
            self.fill_limits(members, walk.nodes.position(k), table);
            // Leaving depends on the stuck rows alone: a direction whose
            // rows are those of a position expanded before (every position
            // expanded so far let nothing leave) lets nothing leave.
            let changed = table.take_stuck_changed();

            if let Some((set, d)) = leaving(table, n, dirs, half, changed) {
                let (removed, d) = recorded(members, set, d);
                return Ok(Some((k, removed, d)));
            }
            self.moves(k, n, table, walk, found, units)?;
        }
    }

    /// Step 3 at position `k` of `n` pieces, whose limits are in `table`:
    /// every move, and every merge of two, in each direction (`units`
    /// holds each direction's unit step), goes to `walk`; `found` is
    /// scratch for the moves of one direction.
    fn moves(
        &self,
        k: u32,
        n: usize,
        table: &LimitTable,
        walk: &mut Walk,
        found: &mut Vec<(u64, u32)>,
        units: &[UnitStep],
    ) -> Result<(), DisassemblyError> {
        let all: u64 = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let half = (n / 2) as u32;
        // 3: the moves, with merges.
        for (d, &step) in units.iter().enumerate() {
            found.clear();
            // The pieces whose group is too big at one step (and so at
            // any number of steps).
            let mut big = 0u64;
            for p in 0..n {
                if big >> p & 1 == 1 {
                    continue;
                }
                // The group moving with p grows with the number of
                // steps; it is the same from s up to `upto`, then the
                // pieces it meets there join it.
                let (mut set, mut todo) = (1u64 << p, 1u64 << p);
                let mut s: u16 = 1;
                loop {
                    let Some(group) = table.grow(self.cache, d, set, todo, s, half, big) else {
                        if s == 1 {
                            big |= 1 << p;
                        }
                        break;
                    };
                    // The same group at the same steps as an earlier
                    // piece's: the rest is what that piece found.
                    if found.contains(&(group, u32::from(s))) {
                        break;
                    }
                    let (upto, meet) = table.least(self.cache, d, group, s);
                    // A group that could leave was found in 2.
                    debug_assert!(upto < FREE);
                    let upto = upto.min(FREE - 1);
                    set = group;
                    for s in s..=upto {
                        let s = u32::from(s);
                        if found.contains(&(set, s)) {
                            continue;
                        }
                        found.push((set, s));
                        let scan = found.len() - 1;
                        walk.child(k, set, s, d, step)?;
                        // Merge with the moves found before, newest first.
                        for f in (0..scan).rev() {
                            let (other, t) = found[f];
                            if t != s {
                                continue;
                            }
                            let union = set | other;
                            if union == set || union == other || union == all {
                                continue;
                            }
                            if found.contains(&(union, s)) {
                                continue;
                            }
                            found.push((union, s));
                            walk.child(k, union, s, d, step)?;
                        }
                    }
                    if upto >= FREE - 1 {
                        break;
                    }
                    (set, todo) = (set | meet, meet);
                    s = upto + 1;
                }
            }
        }
        Ok(())
    }

    /// Fills `table` for the position `offsets` of `members`.
    fn fill_limits(&mut self, members: &[Member], offsets: &[Packed], table: &mut LimitTable) {
        let n = members.len();
        let at = |i: usize| -> Cell {
            let (o, s) = (unpack(offsets[i]), members[i].start);
            [s[0] + o[0], s[1] + o[1], s[2] + o[2]]
        };
        for i in 0..n {
            for j in i + 1..n {
                // The pieces' start offsets are fixed: the pair changed
                // exactly when their packed offsets' difference did.
                let rel = offsets[j].wrapping_sub(offsets[i]);
                if table.rel[i * n + j] == rel {
                    continue;
                }
                let (pi, pj) = (at(i), at(j));
                let delta = [pj[0] - pi[0], pj[1] - pi[1], pj[2] - pi[2]];
                let p = self
                    .cache
                    .pair(self.motion, members[i].shape, members[j].shape, delta);
                table.rel[i * n + j] = rel;
                table.pair[i * n + j] = p;
                table.set_masks(i, j, self.cache.masks(p));
            }
        }
    }

    /// Takes both parts of `cut` (a separation of `members`) apart, the
    /// left one first, and returns the separation, or `None` if a part
    /// does not come apart.
    fn split(
        &mut self,
        members: &[Member],
        cut: Cut,
    ) -> Result<Option<Separation>, DisassemblyError> {
        let Some(left) = self.part(&cut.left)? else {
            return Ok(None);
        };
        let Some(gone) = self.part(&cut.removed)? else {
            return Ok(None);
        };
        Ok(Some(Separation {
            pieces: members.iter().map(|m| m.index).collect(),
            moves: cut.moves,
            left: left.map(Box::new),
            removed: gone.map(Box::new),
        }))
    }

    /// A part of a separation: `Some(None)` when it needs nothing more (one
    /// piece, or all of one group), `Some(Some(s))` when it comes apart as
    /// `s`, `None` when it does not come apart.
    #[allow(clippy::option_option)]
    fn part(&mut self, part: &[Member]) -> Result<Option<Option<Separation>>, DisassemblyError> {
        if part.len() == 1 {
            return Ok(Some(None));
        }
        if let Some(g) = part[0].group
            && part.iter().all(|m| m.group == Some(g))
        {
            return Ok(Some(None));
        }
        Ok(self.separate(part)?.map(Some))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    /// A search's arrays are kept for the next search unless they grew
    /// past [`KEEP_POSITIONS`] positions: a worker does not hold the
    /// memory of its biggest search.
    #[test]
    fn only_small_search_arrays_are_kept() {
        let mut b = Buffers::default();
        b.walk.restart(3, 1000);
        b.walk.nodes.steps.reserve(KEEP_POSITIONS / 2);
        b.trim();
        assert!(b.walk.nodes.steps.capacity() >= KEEP_POSITIONS / 2);
        b.walk.nodes.steps.reserve(2 * KEEP_POSITIONS);
        b.trim();
        assert_eq!(b.walk.nodes.steps.capacity(), 0);
        // Emptied, the walk starts again as a fresh one.
        b.walk.restart(3, 1000);
        assert_eq!(b.walk.pop(), Some(0));
        assert_eq!(b.walk.pop(), None);
    }
}
