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
//! stores them in one array, `n` words per position, with each position's
//! parent and the move that led there.
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
//! then grows from the pieces it meets there (`LimitTable::grow`,
//! `LimitTable::least`); the blocking relations for one step, for two
//! steps and for leaving are bit rows kept from position to position,
//! changed only for the pairs of pieces whose offset changed. Most groups
//! meet their next piece after one step, and the two-step rows say which
//! at once, without reading any pair's limits.
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

use super::cache::{Cache, Masks};
use super::motion::{FREE, Motion};
use super::{DisassemblyError, Move, STOP_POLL, Separation};
use crate::lattice::Cell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A piece's offset from where it started, packed: coordinate `c` plus
/// [`BIAS`] in bits `16 c .. 16 c + 16`.
///
/// Coordinates stay within `-2^14..2^14`, so each field stays within
/// `0x4000..0xc000` and never carries into the next: adding or subtracting
/// packed words adds or subtracts the offsets coordinate by coordinate (a
/// move is one addition per piece, a pair's relative offset one
/// subtraction), and two offsets are equal exactly when their words are.
type Packed = u64;

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
fn unpack(w: Packed) -> Cell {
    [0, 16, 32].map(|at| (((w >> at) & 0xffff) as i64 - BIAS) as i32)
}

/// Is every coordinate of the packed offset `w` within `-2^14..2^14`?
fn within_reach(w: Packed) -> bool {
    (w ^ w << 1) & TOP_BITS == TOP_BITS
}

/// A direction's unit step, as a move needs it.
#[derive(Copy, Clone, Debug)]
struct UnitStep {
    /// The step as a difference of packed offsets ([`packed_delta`]).
    packed: Packed,
    /// Its longest coordinate, in absolute value.
    longest: i64,
}

impl UnitStep {
    fn new(step: Cell) -> UnitStep {
        UnitStep {
            packed: packed_delta(step),
            longest: step.iter().map(|&c| i64::from(c).abs()).max().unwrap_or(0),
        }
    }
}

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

/// How a position was reached from its parent.
#[derive(Copy, Clone, Debug)]
struct Step {
    /// The parent position (`u32::MAX` for the start).
    parent: u32,
    /// The pieces that moved (bits by member index), before the weight
    /// rule ([`recorded`]).
    moved: u64,
    /// The direction they moved in.
    dir: u8,
    /// The number of unit steps.
    steps: u16,
}

/// The positions of one search.
///
/// Invariant: `offsets.len() == n * steps.len()` and
/// `hashes.len() == steps.len()`; position `k` is
/// `offsets[n k .. n k + n]`, with `offsets[n k] == ZERO`, and
/// `hashes[k]` is its [`hash`].
struct Nodes {
    n: usize,
    offsets: Vec<Packed>,
    steps: Vec<Step>,
    hashes: Vec<u64>,
}

impl Nodes {
    fn position(&self, k: u32) -> &[Packed] {
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

    /// Puts position `k` (hash `h`) in slot `i`, the empty slot [`find`]
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
struct Walk {
    nodes: Nodes,
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
    fn empty() -> Walk {
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
    fn restart(&mut self, n: usize, max: u64) {
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
    fn pop(&mut self) -> Option<u32> {
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
    fn child(
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

/// The limits of every pair of pieces at one position, as pairs of the
/// movement cache, and the blocking relations they make.
///
/// Invariant (after [`Search::fill_limits`] for a position): for `i < j`,
/// `pair[i n + j]` is the cache's pair of `i`'s shape and `j`'s shape at
/// `j`'s position minus `i`'s (with masks `masks[i n + j]`), and
/// `rel[i n + j]` is `j`'s packed offset minus `i`'s, so that
/// [`lim`](Self::lim)`(d, i, j)` is how many unit steps piece `i` can
/// make in direction `d` while `j` stays put ([`FREE`]: any number); bit
/// `j` of `stuck[d n + i]` is set exactly when that limit is finite (`j`
/// blocks `i` from leaving in direction `d`), and bit `j` of
/// `touch[d n + i]` exactly when it is 0 (`i` cannot take a single step
/// without `j`; most groups are found too big at one step, from these
/// bits alone), bit `j` of `near[d n + i]` exactly when it is at most 1
/// (`i` cannot take two steps without `j`: most groups that move meet
/// their next piece after one step, found from these bits alone). Pairs
/// whose offset did not change from the position filled before are kept
/// as they are: only the others are looked up.
/// Bit `d` of `stuck_changed` is set when some `stuck[d n + i]` changed
/// since [`take_stuck_changed`](Self::take_stuck_changed) was last called
/// (all of them at first).
struct LimitTable {
    n: usize,
    dirs: usize,
    pair: Vec<u32>,
    rel: Vec<Packed>,
    masks: Vec<Masks>,
    stuck: Vec<u64>,
    touch: Vec<u64>,
    near: Vec<u64>,
    stuck_changed: u64,
}

/// Makes `v` `len` copies of `x`, in the memory it has.
fn refill<T: Clone>(v: &mut Vec<T>, len: usize, x: T) {
    v.clear();
    v.resize(len, x);
}

/// No pair yet: `rel` never matches (differences of packed offsets are
/// below `2^47` in absolute value).
const NO_REL: Packed = 1 << 63;

impl LimitTable {
    /// An empty table, to be [`restart`](Self::restart)ed before use.
    fn empty() -> LimitTable {
        LimitTable {
            n: 0,
            dirs: 0,
            pair: Vec::new(),
            rel: Vec::new(),
            masks: Vec::new(),
            stuck: Vec::new(),
            touch: Vec::new(),
            near: Vec::new(),
            stuck_changed: 0,
        }
    }

    /// The table of `n` pieces in `dirs` directions before any position
    /// is filled (no pair known), reusing the arrays of the table before.
    fn restart(&mut self, n: usize, dirs: usize) {
        (self.n, self.dirs) = (n, dirs);
        refill(&mut self.pair, n * n, 0);
        refill(&mut self.rel, n * n, NO_REL);
        refill(&mut self.masks, n * n, Masks::default());
        refill(&mut self.stuck, dirs * n, 0);
        refill(&mut self.touch, dirs * n, 0);
        refill(&mut self.near, dirs * n, 0);
        self.stuck_changed = u64::MAX;
    }

    /// The directions whose blocking rows for leaving changed since the
    /// last call (every direction at the first).
    fn take_stuck_changed(&mut self) -> u64 {
        std::mem::take(&mut self.stuck_changed)
    }

    /// How many unit steps piece `i` can make in direction `d` while `j`
    /// (another piece) stays put.
    fn lim(&self, cache: &Cache, d: usize, i: usize, j: usize) -> u16 {
        if i < j {
            cache.limit(self.pair[i * self.n + j], d, self.dirs)
        } else {
            cache.limit(self.pair[j * self.n + i], Motion::opposite(d), self.dirs)
        }
    }

    /// Gives pair `(i, j)` (`i < j`) the masks `m` (of its new cache
    /// pair), flipping the bits of the directions where they differ from
    /// the masks before.
    fn set_masks(&mut self, i: usize, j: usize, m: Masks) {
        let n = self.n;
        let old = std::mem::replace(&mut self.masks[i * n + j], m);
        let flip = |rows: &mut [u64], mut diff: u64, i: usize, j: usize| {
            while diff != 0 {
                let d = diff.trailing_zeros() as usize;
                diff &= diff - 1;
                rows[d * n + i] ^= 1 << j;
            }
        };
        let diff = Masks {
            touch: old.touch ^ m.touch,
            near: old.near ^ m.near,
            stuck: old.stuck ^ m.stuck,
        };
        let rev = diff.reversed();
        flip(&mut self.touch, diff.touch, i, j);
        flip(&mut self.touch, rev.touch, j, i);
        flip(&mut self.near, diff.near, i, j);
        flip(&mut self.near, rev.near, j, i);
        flip(&mut self.stuck, diff.stuck, i, j);
        flip(&mut self.stuck, rev.stuck, j, i);
        self.stuck_changed |= diff.stuck | rev.stuck;
    }

    /// The smallest set holding `set` such that no member `i` would hit a
    /// piece `j` outside it by moving `s` steps in direction `d`
    /// (`lim(d, i, j) < s`), as [`grow`] makes it (`big`: pieces whose
    /// own group is too big at fewer steps).
    #[allow(clippy::too_many_arguments)]
    fn grow(
        &self,
        cache: &Cache,
        d: usize,
        set: u64,
        todo: u64,
        s: u16,
        max: u32,
        big: u64,
    ) -> Option<u64> {
        let n = self.n;
        grow(set, todo, max, big, |i| {
            if s == 1 {
                self.touch[d * n + i]
            } else if s == 2 {
                self.near[d * n + i]
            } else {
                let mut add = 0u64;
                for j in (0..n).filter(|&j| j != i) {
                    add |= u64::from(self.lim(cache, d, i, j) < s) << j;
                }
                add
            }
        })
    }

    /// The least limit in direction `d` from a member of `set` to a piece
    /// outside it, and the pieces outside that some member meets at that
    /// limit (the ones that join the set when it moves one step more).
    /// `set` moves `s` steps without meeting a piece outside it (every
    /// such limit is at least `s`).
    fn least(&self, cache: &Cache, d: usize, set: u64, s: u16) -> (u16, u64) {
        if s == 1 {
            // Limits of 1 are the `near` bits outside the set (none is 0).
            let mut meet = 0u64;
            let mut members = set;
            while members != 0 {
                let i = members.trailing_zeros() as usize;
                members &= members - 1;
                meet |= self.near[d * self.n + i];
            }
            meet &= !set;
            if meet != 0 {
                return (1, meet);
            }
        }
        let (mut least, mut meet) = (FREE, 0u64);
        let mut members = set;
        while members != 0 {
            let i = members.trailing_zeros() as usize;
            members &= members - 1;
            for j in (0..self.n).filter(|&j| set >> j & 1 == 0) {
                // Without branches (they would mispredict): a smaller
                // limit clears the pieces met before, an equal one adds j.
                let l = self.lim(cache, d, i, j);
                let below = u64::from(l < least);
                meet = meet & below.wrapping_sub(1) | u64::from(l <= least) << j;
                least = least.min(l);
            }
        }
        (least, meet)
    }
}

/// The smallest set holding `set` such that bit `j` of `row(i)` for a
/// member `i` (`i` cannot move without `j`) is a member, given that only
/// the members `todo` may have such pieces outside; `None` when it would
/// hold more than `max` pieces, which it does as soon as it holds one of
/// `big` (pieces whose own set is known to be too big: it would be part
/// of this one).
fn grow(set: u64, todo: u64, max: u32, big: u64, row: impl Fn(usize) -> u64) -> Option<u64> {
    if set.count_ones() > max || set & big != 0 {
        return None;
    }
    let (mut set, mut todo) = (set, todo);
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let add = row(i) & !set;
        if add != 0 {
            set |= add;
            if set.count_ones() > max || add & big != 0 {
                return None;
            }
            todo |= add;
        }
    }
    Some(set)
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
        let all: u64 = if n == 64 { u64::MAX } else { (1 << n) - 1 };
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
            if self.visited % STOP_POLL == 0 && self.stop.is_some_and(|s| s.load(Relaxed)) {
                return Err(DisassemblyError::Stopped);
            }
            self.visited += 1;
            self.fill_limits(members, walk.nodes.position(k), table);
            // Leaving depends on the stuck rows alone: a direction whose
            // rows are those of a position expanded before (every position
            // expanded so far let nothing leave) lets nothing leave.
            let changed = table.take_stuck_changed();

            // 1 and 2: can a piece, or a group of at most half, leave?
            let stuck = |d: usize| &table.stuck[d * n..(d + 1) * n];
            let mut leaving = (0..dirs)
                .flat_map(|d| (0..n).map(move |p| (d, p)))
                .find(|&(d, p)| stuck(d)[p] == 0)
                .map(|(d, p)| (1u64 << p, d));
            if leaving.is_none() && half > 1 {
                'dirs: for d in (0..dirs).filter(|&d| changed >> d & 1 == 1) {
                    let mut big = 0u64;
                    for p in 0..n {
                        match grow(1 << p, 1 << p, half, big, |i| stuck(d)[i]) {
                            Some(set) => {
                                leaving = Some((set, d));
                                break 'dirs;
                            }
                            None => big |= 1 << p,
                        }
                    }
                }
            }
            if let Some((set, d)) = leaving {
                let (removed, d) = recorded(members, set, d);
                return Ok(Some((k, removed, d)));
            }

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
        }
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
