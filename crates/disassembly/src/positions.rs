//! Positions of a disassembly search: each piece's offset from where it
//! started, packed in one word; the positions found, in one array
//! (`Nodes`), with a hash set of them (`PositionSet`); and the
//! breadth-first walk over them (`Walk`), which remembers the last three
//! fronts as BurrTools does (see the [`search`](super::search) module
//! for the whole algorithm).
//!
//! A position gives each piece of the subassembly its offset from where it
//! started. Only relative offsets matter (moving every piece together
//! changes nothing), so positions are kept *normalized*: piece 0's offset
//! is zero.

use super::DisassemblyError;
use polyform::lattice::Cell;
use std::collections::VecDeque;

/// A piece's offset from where it started, packed: coordinate `c` plus
/// [`BIAS`] in bits `16 c .. 16 c + 16`.
///
/// Coordinates stay within `-2^14..2^14`, so each field stays within
/// `0x4000..0xc000` and never carries into the next: adding or subtracting
/// packed words adds or subtracts the offsets coordinate by coordinate (a
/// move is one addition per piece, a pair's relative offset one
/// subtraction), and two offsets are equal exactly when their words are.
pub(super) type Packed = u64;

/// The field of a packed coordinate 0.
const BIAS: i64 = 1 << 15;

/// The longest move along a coordinate a packed offset takes at once (from
/// within `-2^14..2^14`, a field then neither carries nor borrows).
const REACH: i64 = (1 << 14) - 1;

/// The offset zero, packed.
const ZERO: Packed = (BIAS | BIAS << 16 | BIAS << 32) as Packed;

/// The bit 15 of each field: a field is within `BIAS ± 2^14` exactly when
/// its bits 15 and 14 differ.
const TOP_BITS: Packed = 0x8000_8000_8000;

/// `v`'s coordinates as a difference of packed words (`pack(o) - ZERO`).
fn packed_delta(v: Cell) -> Packed {
    let v = v.map(i64::from);
    (v[0] + (v[1] << 16) + (v[2] << 32)) as Packed
}

/// The offset `w` holds, unpacked.
pub(super) fn unpack(w: Packed) -> Cell {
    [0, 16, 32].map(|at| (((w >> at) & 0xffff) as i64 - BIAS) as i32)
}

/// Is every coordinate of the packed offset `w` within `-2^14..2^14`?
fn within_reach(w: Packed) -> bool {
    (w ^ w << 1) & TOP_BITS == TOP_BITS
}

/// A direction's unit step, as a move needs it.
#[derive(Copy, Clone, Debug)]
pub(super) struct UnitStep {
    /// The step as a difference of packed offsets ([`packed_delta`]).
    packed: Packed,
    /// Its longest coordinate, in absolute value.
    longest: i64,
}

impl UnitStep {
    pub(super) fn new(step: Cell) -> UnitStep {
        UnitStep {
            packed: packed_delta(step),
            longest: step.iter().map(|&c| i64::from(c).abs()).max().unwrap_or(0),
        }
    }
}

/// How a position was reached from its parent.
#[derive(Copy, Clone, Debug)]
pub(super) struct Step {
    /// The parent position (`u32::MAX` for the start).
    pub(super) parent: u32,
    /// The pieces that moved (bits by member index), before the weight
    /// rule (`search::recorded`).
    pub(super) moved: u64,
    /// The direction they moved in.
    pub(super) dir: u8,
    /// The number of unit steps.
    pub(super) steps: u16,
}

/// The positions of one search.
///
/// Invariant: `offsets.len() == n * steps.len()` and
/// `hashes.len() == steps.len()`; position `k` is
/// `offsets[n k .. n k + n]`, with `offsets[n k] == ZERO`, and
/// `hashes[k]` is its [`hash`].
pub(super) struct Nodes {
    n: usize,
    offsets: Vec<Packed>,
    pub(super) steps: Vec<Step>,
    hashes: Vec<u64>,
}

impl Nodes {
    pub(super) fn position(&self, k: u32) -> &[Packed] {
        let k = k as usize;
        &self.offsets[self.n * k..self.n * (k + 1)]
    }

    /// Adds a position reached by `step`, with its hash; returns its id.
    fn push(&mut self, offsets: &[Packed], step: Step, hash: u64) -> u32 {
        self.offsets.extend_from_slice(offsets);
        self.steps.push(step);
        self.hashes.push(hash);
        (self.steps.len() - 1) as u32
    }
}

/// Piece `i`'s share of the hash of a position where it is at offset `o`.
/// A position's hash is the sum of its pieces' shares, so a move changes
/// it by the shares of the pieces that move alone.
fn share(i: usize, o: Packed) -> u64 {
    let x = (o ^ (i as u64) << 48).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (x ^ x >> 31).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// The hash of the position `offsets` (piece 0, always at the origin,
/// left out).
fn hash(offsets: &[Packed]) -> u64 {
    offsets
        .iter()
        .enumerate()
        .skip(1)
        .fold(0u64, |h, (i, &o)| h.wrapping_add(share(i, o)))
}

/// Are two positions the same? Without an early exit: with the hashes
/// equal they almost always are, and a branch-free pass over a few words
/// beats a call to `memcmp` (which slice equality makes).
fn same(a: &[Packed], b: &[Packed]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

/// The positions found so far, by value: open addressing, linear probing,
/// at most half full. Each distinct position has one slot, holding the id
/// of its latest copy in [`Nodes`] (a position forgotten by the walk and
/// found again is stored again, see [`Walk`]).
#[derive(Default)]
struct PositionSet {
    /// `(hash, id)`; `id == EMPTY` marks an empty slot.
    slots: Vec<(u64, u32)>,
    len: usize,
}

/// An empty slot's id.
const EMPTY: u32 = u32::MAX;

impl PositionSet {
    /// The slot holding the position `offsets` (hash `h`), or the empty
    /// slot where it would go.
    fn find(&self, nodes: &Nodes, offsets: &[Packed], h: u64) -> usize {
        let mask = self.slots.len() - 1;
        // The sum of shares is spread over the bits again before indexing.
        let mut i = ((h ^ h >> 29).wrapping_mul(0x94d0_49bb_1331_11eb) >> 20) as usize & mask;
        loop {
            let (sh, id) = self.slots[i];
            if id == EMPTY || (sh == h && same(nodes.position(id), offsets)) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Puts position `k` (hash `h`) in slot `i`, the empty slot [`find`](Self::find)
    /// gave for it, growing the table when it gets half full.
    fn insert(&mut self, nodes: &Nodes, i: usize, k: u32, h: u64) {
        debug_assert_eq!(self.slots[i].1, EMPTY, "a position added twice");
        self.slots[i] = (h, k);
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![(0, EMPTY); size]);
            for (sh, id) in old {
                if id != EMPTY {
                    let j = self.find(nodes, nodes.position(id), sh);
                    self.slots[j] = (sh, id);
                }
            }
        }
    }
}

/// The breadth-first walk over the positions of one search.
///
/// Ids are given to positions in the order they are found, so each front
/// is a range of ids. Like BurrTools, the walk remembers only the front
/// before the one being expanded, that one and the next (a move never
/// leads further back than one front): a position whose latest copy is
/// older than `known_from` is forgotten, and counts as new when it is
/// found again.
///
/// Invariant: `queue` holds the positions of the front being expanded not
/// yet expanded, `next` those of the next front found so far; the front
/// before the current one starts at id `known_from`, the current one at
/// `front`, the next one at `next_front`; `seen` holds every distinct
/// position found, with the id of its latest copy.
pub(super) struct Walk {
    pub(super) nodes: Nodes,
    /// The most positions `nodes` may hold.
    max: u64,
    /// The position being made by a move.
    scratch: Vec<Packed>,
    seen: PositionSet,
    known_from: u32,
    front: u32,
    next_front: u32,
    queue: VecDeque<u32>,
    next: VecDeque<u32>,
}

impl Walk {
    /// An empty walk, to be [`restart`](Self::restart)ed before use.
    pub(super) fn empty() -> Walk {
        Walk {
            nodes: Nodes {
                n: 0,
                offsets: Vec::new(),
                steps: Vec::new(),
                hashes: Vec::new(),
            },
            max: 0,
            scratch: Vec::new(),
            seen: PositionSet::default(),
            known_from: 0,
            front: 0,
            next_front: 0,
            queue: VecDeque::new(),
            next: VecDeque::new(),
        }
    }

    /// Starts the walk of `n` pieces from their start, the one position
    /// found, holding at most `max` positions. The arrays of the walk
    /// before are reused: a puzzle of many assemblies makes many small
    /// searches, whose allocations would cost as much as the search.
    pub(super) fn restart(&mut self, n: usize, max: u64) {
        let nodes = &mut self.nodes;
        nodes.n = n;
        nodes.offsets.clear();
        nodes.offsets.resize(n, ZERO);
        nodes.steps.clear();
        nodes.steps.push(Step {
            parent: u32::MAX,
            moved: 0,
            dir: 0,
            steps: 0,
        });
        nodes.hashes.clear();
        nodes.hashes.push(hash(&nodes.offsets));
        // A table of a big search before is not cleared whole: it starts
        // small again.
        self.seen.slots.clear();
        self.seen.slots.resize(64, (0, EMPTY));
        self.seen.len = 0;
        let i = self.seen.find(nodes, nodes.position(0), nodes.hashes[0]);
        self.seen.insert(nodes, i, 0, nodes.hashes[0]);
        self.max = max;
        self.scratch.clear();
        self.scratch.resize(n, ZERO);
        (self.known_from, self.front, self.next_front) = (0, 0, 1);
        self.queue.clear();
        self.queue.push_back(0);
        self.next.clear();
    }

    /// The next position to expand, in breadth-first order (the next
    /// front once this one is done); `None` when no position is left.
    pub(super) fn pop(&mut self) -> Option<u32> {
        if self.queue.is_empty() {
            if self.next.is_empty() {
                return None;
            }
            std::mem::swap(&mut self.queue, &mut self.next);
            self.known_from = self.front;
            self.front = self.next_front;
            self.next_front = self.nodes.steps.len() as u32;
        }
        self.queue.pop_front()
    }

    /// Records the position reached from `k` by moving `set` `s` steps in
    /// direction `d` (unit step `step`), unless the walk knows it already;
    /// a new one joins the next front. The position is made in `scratch`
    /// and its hash updated by the pieces that move, so that one found
    /// before (most are) costs no more than a lookup.
    pub(super) fn child(
        &mut self,
        k: u32,
        set: u64,
        s: u32,
        d: usize,
        step: UnitStep,
    ) -> Result<(), DisassemblyError> {
        let Walk {
            nodes,
            max,
            scratch,
            seen,
            known_from,
            next,
            ..
        } = self;
        let n = nodes.n;
        // Piece 0 moving: the others move the other way instead (so piece
        // 0 never moves here).
        let all = u64::MAX >> (64 - n);
        // A move of more than REACH at once would carry out of a field
        // before it could be seen (steps are short: a cell or two).
        if step.longest * i64::from(s) > REACH {
            return Err(DisassemblyError::TooFar);
        }
        // Packed offsets add coordinate by coordinate, so `s` steps are the
        // unit step times `s`.
        let along = step.packed.wrapping_mul(u64::from(s));
        let (mut moving, delta) = if set & 1 == 1 {
            (!set & all, along.wrapping_neg())
        } else {
            (set, along)
        };
        scratch.copy_from_slice(nodes.position(k));
        let mut h = nodes.hashes[k as usize];
        // Any coordinate out of reach, checked once for the whole move.
        let mut reach = true;
        while moving != 0 {
            let i = moving.trailing_zeros() as usize;
            moving &= moving - 1;
            let o = scratch[i];
            let to = o.wrapping_add(delta);
            reach &= within_reach(to);
            scratch[i] = to;
            h = h.wrapping_sub(share(i, o)).wrapping_add(share(i, to));
        }
        if !reach {
            return Err(DisassemblyError::TooFar);
        }
        let slot = seen.find(nodes, scratch, h);
        let latest = seen.slots[slot].1;
        if latest != EMPTY && latest >= *known_from {
            return Ok(());
        }
        if nodes.steps.len() as u64 >= *max {
            return Err(DisassemblyError::TooManyPositions(*max));
        }
        let id = nodes.push(
            scratch,
            Step {
                parent: k,
                moved: set,
                dir: d as u8,
                steps: s as u16,
            },
            h,
        );
        if latest == EMPTY {
            seen.insert(nodes, slot, id, h);
        } else {
            // Forgotten and found again: the slot now names the new copy.
            seen.slots[slot].1 = id;
        }
        next.push_back(id);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    /// Packed offsets add, subtract and compare as their coordinates do,
    /// and `within_reach` says exactly when every coordinate is in
    /// `-2^14..2^14` (checked against plain integers on a grid of values
    /// around the edges and zero).
    #[test]
    fn packed_offsets_are_their_coordinates() {
        let pack = |o: Cell| ZERO.wrapping_add(packed_delta(o));
        let edge = 1 << 14;
        let values = [
            -edge,
            -edge + 1,
            -7000,
            -2,
            -1,
            0,
            1,
            2,
            9000,
            edge - 2,
            edge - 1,
        ];
        let steps = [-REACH as i32, -3, -1, 0, 1, 2, REACH as i32];
        for &x in &values {
            for &y in &values {
                for &z in &[-edge, -1, 0, 1, edge - 1] {
                    let o = [x, y, z];
                    let w = pack(o);
                    assert_eq!(unpack(w), o);
                    assert!(within_reach(w));
                    for &d in &steps {
                        for axis in 0..3 {
                            let mut v = [0; 3];
                            v[axis] = d;
                            let moved = w.wrapping_add(packed_delta(v));
                            let mut to = o;
                            to[axis] += d;
                            let inside = to.iter().all(|c| (-edge..edge).contains(c));
                            assert_eq!(within_reach(moved), inside, "{o:?} + {v:?}");
                            if inside {
                                assert_eq!(unpack(moved), to);
                                assert_eq!(moved, pack(to));
                                // A pair's relative offset is a subtraction.
                                assert_eq!(moved.wrapping_sub(w), packed_delta(v));
                                // A move of s unit steps, either way, is
                                // the unit step times s (as `child` makes it).
                                let unit = v.map(i32::signum);
                                let s = u64::from(d.unsigned_abs());
                                let times = packed_delta(unit).wrapping_mul(s);
                                assert_eq!(times, packed_delta(v));
                                assert_eq!(times.wrapping_neg(), packed_delta(v.map(|c| -c)));
                            }
                        }
                    }
                }
            }
        }
    }
}
