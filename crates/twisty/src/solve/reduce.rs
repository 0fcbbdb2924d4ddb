//! Reduction: solving a big puzzle as a smaller one, the way cubers solve a 4x4x4.
//!
//! # The subgroup and its blocks
//! On every axis the turns that move the most stickers (the outer faces) generate a subgroup H.
//! H moves some pieces only together: two pieces belong to one *block* when the same turns of H
//! move them (the two wings of a 4x4x4's edge, the four centres of one face). Blocks whose
//! stickers all show one colour and that H keeps in place (a face's centres) are *left out*:
//! they only have to show their colour. The other blocks, under H's turns, are a smaller
//! puzzle, the *reduced* one (the 4x4x4's corners and edge pairs under face turns: a 3x3x3),
//! solved by the two-phase search ([`super::twophase`]) of its own solver.
//!
//! # The reduction
//! A state is *reduced* when every left-out block shows its colour, every other block's pieces
//! sit together as H places them, and the reduced puzzle can reach its state (its parities).
//! The reduction gets there in phases, each an IDA* search over all moves:
//! 1. the left-out blocks (the centres), two colour classes at a time, nearest first;
//! 2. then the blocks of more than one piece (edge pairs), any two of those not done per phase,
//!    each phase keeping what the ones before it did (at its end). A phase's goals are tried in
//!    turn with the phases after it (at most 4 (`TRIES`)), so a goal that leaves the next phase
//!    stuck within its budget is given up for the next one; a phase whose search runs out of
//!    its budget pairs by the library (below) instead;
//! 3. the last blocks (from 4 (`LATE`) open) by the *library*: sequences found once per puzzle
//!    (every sequence of at most 6 (`LIBRARY_DEPTH`) moves from the solved state that leaves
//!    exactly two blocks unpaired and all else in place), each undone after moves of H that
//!    bring the open pieces to its slots: what a cuber's last-two-edges algorithms are, found by
//!    the program. Plain search would need 8 or 9 moves there while keeping ten pairs;
//! 4. a *fix* when the reduced puzzle cannot reach its state: a sequence found once (from the
//!    solved state, among moves of order two first) that keeps every reduced state reduced and
//!    changes the reduced puzzle's invariants (the 4x4x4's edge parity, 7 moves).
//!
//! Parities the reduced puzzle cannot change are kept right from the start: an orbit of tracked
//! pieces on which every turn of H is even (the 4x4x4's wings: an outer quarter turn moves them
//! in two 4-cycles) must end even, so every phase ends with it even (the centres' phase fixes it,
//! the others keep it). That is the 4x4x4's other parity (an odd number of flipped pairs), which
//! cubers fix by a long algorithm at the end.
//!
//! Each phase's heuristic is the maximum of distance tables, all built by breadth-first search
//! from their goals: one per colour class of the left-out pieces (where the class's pieces are,
//! as a set), and one per group of blocks (where the group's pieces are, as a tuple), for the
//! blocks done two at a time. Tables of groups are built when a solve first needs them and kept.
//! The library's search counts the moves not in H as well: it allows 3 (`SLICES`) of them, and
//! its tables (of single blocks and colour classes) give the moves to the goal by sequences of
//! at most `k` such moves, for each `k`.
//!
//! What is found once per puzzle (the tables of pairs of centre colours, the library, the fix)
//! is cached on disk with the two-phase tables ([`super::twophase::cache`]) and checked when
//! read back.

use std::collections::HashMap;
use std::sync::Mutex;

use super::moves::{MoveId, Moves};
use super::puzzle::{PermPuzzle, Slot, Turn};
use super::structure::{OrbitState, Structure};
use super::twophase::cache;
use super::twophase::parity::parity;
use super::{Options, Solver};
use crate::trace::trace;

/// Most entries of one group's table.
const GROUP_TABLE: usize = 1 << 19;
/// Node budget of the search for the parity fix.
const FIX_BUDGET: u64 = 30_000_000;
/// Node budget of one pairing phase (the phases after it not counted).
const PAIR_BUDGET: u64 = 5_000_000;
/// Goals of one phase tried with the phases after it.
const TRIES: usize = 4;
/// Blocks paired per phase.
const NEED: usize = 2;

/// A piece the search follows: its orbit and its slot (`position * twists + twist`).
#[derive(Clone, Copy, Debug)]
struct Tracked {
    orbit: usize,
}

/// The distances of one group of blocks: where its pieces are, as a mixed-radix tuple of slots.
struct GroupTable {
    /// Indices of the group's pieces among the tracked pieces.
    pieces: Vec<usize>,
    /// The radix of each piece's slot (its orbit's slots).
    radix: Vec<usize>,
    /// `dist[index]`: moves to a tuple where every block of the group sits as H places it.
    dist: Vec<u8>,
    /// `within[k - 1][index]`: the same, by sequences of at most `k` moves not in H
    /// (`k = 1..=SLICES`).
    within: Vec<Vec<u8>>,
}

/// The distances of one colour class of left-out pieces: where the class's pieces are, as a set.
struct ClassTable {
    /// The class's orbit.
    orbit: usize,
    /// The class.
    class: u32,
    /// `dist[rank of the set of positions]`.
    dist: Vec<u8>,
    /// `within[k - 1][rank]`: the same, by sequences of at most `k` moves not in H.
    within: Vec<Vec<u8>>,
    /// Positions of the class's orbit, and of the class.
    positions: usize,
    members: usize,
    /// The axes whose every turn keeps the class's home positions among themselves (a face's
    /// centres: the axis through that face); classes with the same axes are solved together.
    axes: u64,
}

/// A prepared reduction.
pub struct Reduction {
    /// The full puzzle's turns kept in the reduced puzzle: `turn_of[t]` for reduced turn `t`.
    turn_of: Vec<u16>,
    /// `keep[i]`: the full puzzle's sticker at the reduced puzzle's sticker `i`.
    keep: Vec<Slot>,
    /// The reduced puzzle's solver (two-phase).
    reduced: Box<Solver>,
    /// The pieces followed: every piece of a block of more than one piece.
    tracked: Vec<Tracked>,
    /// `tracked_of[(orbit, home position)]`.
    tracked_of: HashMap<(usize, usize), usize>,
    /// The blocks of more than one piece: their tracked pieces.
    blocks: Vec<Vec<usize>>,
    /// Per block, the tuples of slots H places it at (its home tuple's orbit under H).
    placements: Vec<Vec<Vec<u16>>>,
    /// The left-out colour classes' tables.
    classes: Vec<ClassTable>,
    /// Tables of pairs of left-out classes of one orbit (where the pieces of either are, as one
    /// set), by the classes' indices.
    /// Tables of groups of blocks, by the blocks' indices.
    groups: Mutex<HashMap<Vec<usize>, std::sync::Arc<GroupTable>>>,
    /// Binomial coefficients `binom[n][k]` for ranking sets.
    binom: Vec<Vec<u32>>,
    /// Per tracked piece: `slot_next[i][m * slots + s]`, its slot after move `m` from slot `s`.
    slot_next: Vec<std::sync::Arc<Vec<u16>>>,
    /// Slots per tracked piece's orbit.
    slots_of: Vec<usize>,
    /// `next_moves[0]`: every move; `next_moves[m + 1]`: the moves that may follow `m` in a
    /// canonical sequence (not its turn, not an earlier turn of its axis).
    next_moves: Vec<Vec<MoveId>>,
    /// Per left-out class: `set_next[c][(m * 4 + b) * 256 + x]`, the image under move `m` of
    /// the positions `x << 8b` of its orbit.
    set_next: Vec<std::sync::Arc<Vec<u32>>>,
    /// Orbits of tracked pieces on which every turn of H is an even permutation: the reduction
    /// must leave each of them even (the reduced puzzle cannot change it).
    parity_orbits: Vec<usize>,
    /// `parity_of[m]`: bit `k` set when move `m` is odd on `parity_orbits[k]`.
    parity_of: Vec<u64>,
    /// `in_h[m]`: whether move `m` is a move of H.
    in_h: Vec<bool>,
    /// [`Reduction::next_moves`] among the moves of H (the library's setups).
    h_next: Vec<Vec<MoveId>>,
    /// The solved state's node and colours.
    solved: (Node, Vec<u16>),
    /// A sequence keeping every reduced state reduced and changing the reduced puzzle's
    /// invariants (found on first need; `None` when none was found).
    /// The positions blocks take (the slots of a placement, sorted), and `position_of[id][slot]`
    /// for each tracked piece: the position holding that slot.
    positions: Vec<Vec<u16>>,
    position_of: Vec<Vec<usize>>,
    /// Node budget of a solve's pairing phases ([`Options::reduction_budget`]).
    budget: u64,
    /// The last two blocks' sequences (found on first need).
    found: std::sync::OnceLock<Found>,
    /// Where [`Found`] is cached ([`Options::cache_dir`]).
    cache_dir: Option<std::path::PathBuf>,
}

/// What a reduction finds once per puzzle (see [`Reduction::found`]).
struct Found {
    /// Tables of pairs of left-out classes kept together ([`Reduction::class_pairs`]).
    unions: HashMap<(usize, usize), UnionTable>,
    library: Library,
    /// See [`Reduction::fix`].
    fix: Option<Vec<MoveId>>,
}

/// The version of the cache file's payload.
const CACHE_FORMAT: u64 = 1;

/// Sequences pairing the last two blocks: every sequence of at most [`LIBRARY_DEPTH`] moves
/// (two of them not in H) from the solved state that leaves exactly two blocks unpaired,
/// inverted, by the slots where it leaves their pieces (sorted).
#[derive(Clone, Default)]
struct Library {
    by_slots: HashMap<Vec<u16>, Vec<Vec<MoveId>>>,
}

/// A piece's slot after a move.
#[inline]
fn step(structure: &Structure, orbit: usize, m: usize, slot: u16) -> u16 {
    let o = &structure.orbits[orbit];
    let tw = o.twists as usize;
    let (p, t) = (slot as usize / tw, slot as usize % tw);
    let q = o.pos(m, p);
    (q * tw + (t + o.shift(m, p) as usize) % tw) as u16
}

impl Reduction {
    /// The reduction of `puzzle`, if it has one whose reduced puzzle the two-phase search takes.
    pub fn prepare(
        puzzle: &PermPuzzle,
        moves: &Moves,
        structure: &Structure,
        options: &Options,
    ) -> Option<Reduction> {
        let h = outer_turns(puzzle)?;
        let npieces = puzzle.pieces.iter().map(|&p| p as usize + 1).max()?;
        // Signature of each piece: the turns of H that move it.
        let mut sig = vec![0u64; npieces];
        for (i, &t) in h.iter().enumerate() {
            for (s, &d) in puzzle.turns[t as usize].perm.iter().enumerate() {
                if d as usize != s {
                    sig[puzzle.pieces[s] as usize] |= 1 << i;
                }
            }
        }
        let mut block_of: HashMap<u64, Vec<u32>> = HashMap::new();
        for p in 0..npieces as u32 {
            block_of.entry(sig[p as usize]).or_default().push(p);
        }
        if block_of.contains_key(&0) {
            trace!("reduce: H leaves pieces unmoved");
            return None;
        }
        let mut stickers_of: Vec<Vec<Slot>> = vec![Vec::new(); npieces];
        for s in 0..puzzle.stickers {
            stickers_of[puzzle.pieces[s] as usize].push(s as Slot);
        }
        // Left out: one colour, every turn of H keeps the block's stickers among themselves.
        let mut sigs: Vec<u64> = block_of.keys().copied().collect();
        sigs.sort_unstable();
        let mut left_out = vec![false; npieces];
        let mut block_id = vec![u32::MAX; npieces];
        let mut kept_blocks = 0u32;
        for s in &sigs {
            let pieces = &block_of[s];
            let stickers: Vec<Slot> = pieces
                .iter()
                .flat_map(|&p| stickers_of[p as usize].iter().copied())
                .collect();
            let colour = puzzle.colours[stickers[0] as usize];
            let one_colour = stickers
                .iter()
                .all(|&x| puzzle.colours[x as usize] == colour);
            let kept_in_place = h.iter().all(|&t| {
                let perm = &puzzle.turns[t as usize].perm;
                stickers
                    .iter()
                    .all(|&x| stickers.contains(&perm[x as usize]))
            });
            if one_colour && kept_in_place && pieces.len() > 1 {
                for &p in pieces {
                    left_out[p as usize] = true;
                }
            } else {
                for &p in pieces {
                    block_id[p as usize] = kept_blocks;
                }
                kept_blocks += 1;
            }
        }
        // The reduced puzzle.
        let keep: Vec<Slot> = (0..puzzle.stickers as Slot)
            .filter(|&s| block_id[puzzle.pieces[s as usize] as usize] != u32::MAX)
            .collect();
        let mut index = vec![Slot::MAX; puzzle.stickers];
        for (i, &s) in keep.iter().enumerate() {
            index[s as usize] = i as Slot;
        }
        let mut turns = Vec::new();
        let mut turn_of = Vec::new();
        for &t in &h {
            let perm: Vec<Slot> = keep
                .iter()
                .map(|&s| index[puzzle.turns[t as usize].perm[s as usize] as usize])
                .collect();
            if perm.contains(&Slot::MAX) {
                return None;
            }
            if perm.iter().enumerate().all(|(i, &d)| i == d as usize) {
                continue;
            }
            turns.push(Turn {
                perm,
                axis: puzzle.turns[t as usize].axis,
            });
            turn_of.push(t);
        }
        let reduced = PermPuzzle {
            stickers: keep.len(),
            pieces: keep
                .iter()
                .map(|&s| block_id[puzzle.pieces[s as usize] as usize])
                .collect(),
            colours: keep.iter().map(|&s| puzzle.colours[s as usize]).collect(),
            turns,
            symmetries: Vec::new(),
        };
        // The phases read tables of two blocks at a time (the 4x4x4's: 24^4 entries); bigger
        // blocks (a 6x6x6's edges of four wings) would need tables past any memory.
        let slots_of_piece: HashMap<u32, usize> = structure
            .orbits
            .iter()
            .flat_map(|o| {
                o.pieces
                    .iter()
                    .map(move |&p| (p, o.len() * o.twists as usize))
            })
            .collect();
        let largest = block_of
            .values()
            .filter(|pieces| pieces.len() > 1 && !left_out[pieces[0] as usize])
            .map(|pieces| {
                pieces
                    .iter()
                    .map(|p| slots_of_piece.get(p).copied().unwrap_or(usize::MAX))
                    .fold(1usize, |a, r| a.saturating_mul(r))
            })
            .max()
            .unwrap_or(0);
        if largest.saturating_mul(largest) > GROUP_TABLE {
            trace!("reduce: blocks too big for tables of two");
            return None;
        }
        // Preparing a solver of a puzzle without a two-phase chain costs seconds: ask first.
        let reduced_moves = Moves::new(&reduced);
        let reduced_structure = Structure::new(&reduced, &reduced_moves).ok()?;
        let limits = super::twophase::Limits::default();
        if !super::twophase::TwoPhase::has_chain(&reduced_structure, &reduced_moves, limits) {
            trace!("reduce: the reduced puzzle has no two-phase chain");
            return None;
        }
        let reduced_options = Options {
            views: 1,
            scout: 1,
            ..options.clone()
        };
        let reduced = Solver::prepare(&reduced, &reduced_options).ok()?;
        reduced.two_phase.as_ref()?;
        trace!(
            "reduce: H of {} turns, {} blocks, reduced puzzle of {} stickers",
            h.len(),
            kept_blocks,
            keep.len()
        );
        let mut r = Reduction {
            turn_of,
            keep,
            reduced: Box::new(reduced),
            tracked: Vec::new(),
            tracked_of: HashMap::new(),
            blocks: Vec::new(),
            placements: Vec::new(),
            classes: Vec::new(),
            groups: Mutex::new(HashMap::new()),
            binom: binomials(64),
            slot_next: Vec::new(),
            slots_of: Vec::new(),
            set_next: Vec::new(),
            next_moves: next_moves(moves, |_| true),
            parity_orbits: Vec::new(),
            parity_of: Vec::new(),
            in_h: (0..moves.len())
                .map(|m| h.contains(&moves.twist[m].turn))
                .collect(),
            h_next: next_moves(moves, |m| h.contains(&moves.twist[m as usize].turn)),
            solved: (
                Node {
                    slots: Vec::new(),
                    sets: Vec::new(),
                    parity: 0,
                    slices: 0,
                },
                puzzle.colours.clone(),
            ),
            found: std::sync::OnceLock::new(),
            cache_dir: options.cache_dir.clone(),
            budget: options.reduction_budget,
            positions: Vec::new(),
            position_of: Vec::new(),
        };
        r.track_blocks(structure, &h, moves, &block_of, &left_out)?;
        r.class_tables(structure, moves, &left_out)?;
        r.move_tables(structure, moves);
        r.parities(structure, moves, &h);
        r.find_positions(structure);
        let home = structure.read(puzzle, &puzzle.colours).ok()?;
        r.solved.0 = r.node(structure, &home);
        Some(r)
    }

    /// The blocks of more than one piece (not left out), their pieces and H's placements.
    fn track_blocks(
        &mut self,
        structure: &Structure,
        h: &[u16],
        moves: &Moves,
        block_of: &HashMap<u64, Vec<u32>>,
        left_out: &[bool],
    ) -> Option<()> {
        // Where each puzzle piece sits at home: orbit and position.
        let mut home: HashMap<u32, (usize, usize)> = HashMap::new();
        for (oi, o) in structure.orbits.iter().enumerate() {
            for (p, &piece) in o.pieces.iter().enumerate() {
                home.insert(piece, (oi, p));
            }
        }
        let mut sigs: Vec<&u64> = block_of.keys().collect();
        sigs.sort_unstable();
        let h_moves: Vec<usize> = h
            .iter()
            .map(|&t| moves.id[t as usize][1] as usize)
            .collect();
        for s in sigs {
            let pieces = &block_of[s];
            if pieces.len() < 2 || left_out[pieces[0] as usize] {
                continue;
            }
            let mut ids = Vec::new();
            let mut start = Vec::new();
            for &p in pieces {
                let &(oi, pos) = home.get(&p)?;
                let id = self.tracked.len();
                self.tracked.push(Tracked { orbit: oi });
                self.tracked_of.insert((oi, pos), id);
                ids.push(id);
                start.push((pos * structure.orbits[oi].twists as usize) as u16);
            }
            // The orbit of the home tuple under H.
            let mut seen = vec![start.clone()];
            let mut at = 0;
            while at < seen.len() {
                for &m in &h_moves {
                    let next: Vec<u16> = seen[at]
                        .iter()
                        .zip(&ids)
                        .map(|(&slot, &id)| step(structure, self.tracked[id].orbit, m, slot))
                        .collect();
                    if !seen.contains(&next) {
                        seen.push(next);
                    }
                }
                at += 1;
            }
            self.blocks.push(ids);
            self.placements.push(seen);
        }
        // The library leaves two blocks open among more.
        (self.blocks.len() > 2).then_some(())
    }

    /// The positions blocks take: the slots of their placements, as sets.
    fn find_positions(&mut self, structure: &Structure) {
        let mut positions: Vec<Vec<u16>> = self
            .placements
            .iter()
            .flatten()
            .map(|p| {
                let mut p = p.clone();
                p.sort_unstable();
                p
            })
            .collect();
        positions.sort_unstable();
        positions.dedup();
        self.position_of = self
            .tracked
            .iter()
            .map(|t| {
                let o = &structure.orbits[t.orbit];
                let mut of = vec![usize::MAX; o.len() * o.twists as usize];
                for (i, p) in positions.iter().enumerate() {
                    for &s in p {
                        of[s as usize] = i;
                    }
                }
                of
            })
            .collect();
        self.positions = positions;
    }

    /// The orbits whose parity the reduction must leave even, and each move's parity on them.
    fn parities(&mut self, structure: &Structure, moves: &Moves, h: &[u16]) {
        let odd = |oi: usize, m: usize| {
            let o = &structure.orbits[oi];
            let perm: Vec<u16> = (0..o.len()).map(|p| o.pos(m, p) as u16).collect();
            parity(&perm)
        };
        let mut orbits: Vec<usize> = self.tracked.iter().map(|t| t.orbit).collect();
        orbits.sort_unstable();
        orbits.dedup();
        orbits.retain(|&oi| {
            structure.orbits[oi].distinct
                && h.iter()
                    .all(|&t| !odd(oi, moves.id[t as usize][1] as usize))
        });
        orbits.truncate(64);
        self.parity_of = (0..moves.len())
            .map(|m| {
                orbits
                    .iter()
                    .enumerate()
                    .filter(|&(_, &oi)| odd(oi, m))
                    .fold(0u64, |bits, (k, _)| bits | 1 << k)
            })
            .collect();
        self.parity_orbits = orbits;
    }

    /// The tracked pieces' and left-out classes' move tables.
    fn move_tables(&mut self, structure: &Structure, moves: &Moves) {
        let mut by_orbit: HashMap<usize, std::sync::Arc<Vec<u16>>> = HashMap::new();
        let mut sets_by_orbit: HashMap<usize, std::sync::Arc<Vec<u32>>> = HashMap::new();
        for t in &self.tracked {
            let o = &structure.orbits[t.orbit];
            let slots = o.len() * o.twists as usize;
            let table = by_orbit.entry(t.orbit).or_insert_with(|| {
                let mut table = Vec::with_capacity(moves.len() * slots);
                for m in 0..moves.len() {
                    table.extend((0..slots as u16).map(|s| step(structure, t.orbit, m, s)));
                }
                std::sync::Arc::new(table)
            });
            self.slot_next.push(table.clone());
            self.slots_of.push(slots);
        }
        for c in &self.classes {
            let o = &structure.orbits[c.orbit];
            let table = sets_by_orbit.entry(c.orbit).or_insert_with(|| {
                let mut table = vec![0u32; moves.len() * 4 * 256];
                for m in 0..moves.len() {
                    for b in 0..4 {
                        for x in 0..256u32 {
                            let set = (x << (8 * b)) & ((1u64 << o.len()) - 1) as u32;
                            table[(m * 4 + b) * 256 + x as usize] = move_set(o, m, set);
                        }
                    }
                }
                std::sync::Arc::new(table)
            });
            self.set_next.push(table.clone());
        }
    }

    /// One table per colour class of the left-out pieces' orbits; `None` if such an orbit twists
    /// or is too big for a set in a word.
    fn class_tables(
        &mut self,
        structure: &Structure,
        moves: &Moves,
        left_out: &[bool],
    ) -> Option<()> {
        for (oi, o) in structure.orbits.iter().enumerate() {
            if !o.pieces.iter().any(|&p| left_out[p as usize]) {
                continue;
            }
            if o.twists != 1 || o.len() > 32 || o.pieces.iter().any(|&p| !left_out[p as usize]) {
                return None;
            }
            let classes = o.class_size.len() as u32;
            for c in 0..classes {
                let goal: u32 = (0..o.len())
                    .filter(|&p| o.class[p] == c)
                    .fold(0, |m, p| m | 1 << p);
                let dist =
                    self.set_distances(o.len(), moves.len(), goal, |set, m| move_set(o, m, set));
                let sets = all_sets(o.len(), goal.count_ones() as usize);
                let within = within(&dist, |i, m| self.rank(move_set(o, m, sets[i])), &self.in_h);
                let axes =
                    (0..moves.len())
                        .filter(|&m| moves.axis[m] < 64)
                        .fold(u64::MAX, |axes, m| {
                            if move_set(o, m, goal) == goal {
                                axes
                            } else {
                                axes & !(1 << moves.axis[m])
                            }
                        });
                self.classes.push(ClassTable {
                    within,
                    positions: o.len(),
                    members: goal.count_ones() as usize,
                    orbit: oi,
                    class: c,
                    dist,
                    axes,
                });
            }
        }
        Some(())
    }

    /// Breadth-first distances over the sets of `goal.count_ones()` of `n` positions, a set
    /// after move `m` being `next(set, m)`.
    fn set_distances(
        &self,
        n: usize,
        moves: usize,
        goal: u32,
        next: impl Fn(u32, usize) -> u32,
    ) -> Vec<u8> {
        let k = goal.count_ones() as usize;
        let mut dist = vec![u8::MAX; self.binom[n][k] as usize];
        dist[self.rank(goal)] = 0;
        let mut frontier = vec![goal];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut following = Vec::new();
            for &set in &frontier {
                for m in 0..moves {
                    let moved = next(set, m);
                    let r = self.rank(moved);
                    if dist[r] == u8::MAX {
                        dist[r] = d;
                        following.push(moved);
                    }
                }
            }
            frontier = following;
        }
        dist
    }

    /// The colex rank of a set of positions.
    fn rank(&self, set: u32) -> usize {
        let mut r = 0;
        let mut i = 1;
        let mut s = set;
        while s != 0 {
            let p = s.trailing_zeros() as usize;
            r += self.binom[p][i] as usize;
            i += 1;
            s &= s - 1;
        }
        r
    }
}

/// Blocks open when the library takes over from the search.
const LATE: usize = 4;
/// Most moves of H before a sequence of the library.
const SETUP: usize = 3;

/// Most moves not in H a sequence of the library makes.
const SLICES: usize = 3;
/// Most moves of a sequence of the library.
const LIBRARY_DEPTH: usize = 6;

/// Distances to the goals of `dist` (its zeros, a set closed under H's moves) by sequences of at
/// most `k` moves not in H, for `k = 1..=SLICES`: `k - 1`'s table, then one such move, then
/// moves of H, in order of distance (a bucket queue). Moves are their own inverses' kind, so
/// `next(i, m)` (the key after move `m`) serves backwards as well.
fn within(dist: &[u8], mut next: impl FnMut(usize, usize) -> usize, in_h: &[bool]) -> Vec<Vec<u8>> {
    let h: Vec<usize> = (0..in_h.len()).filter(|&m| in_h[m]).collect();
    let others: Vec<usize> = (0..in_h.len()).filter(|&m| !in_h[m]).collect();
    let mut prev: Vec<u8> = dist
        .iter()
        .map(|&d| if d == 0 { 0 } else { u8::MAX })
        .collect();
    let mut out = Vec::new();
    for _ in 0..SLICES {
        let mut t = prev.clone();
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 256];
        for (i, &d) in prev.iter().enumerate() {
            if d == u8::MAX {
                continue;
            }
            buckets[d as usize].push(i);
            for &m in &others {
                let j = next(i, m);
                if d + 1 < t[j] {
                    t[j] = d + 1;
                    buckets[d as usize + 1].push(j);
                }
            }
        }
        for d in 0..255 {
            let layer = std::mem::take(&mut buckets[d]);
            for i in layer {
                if t[i] as usize != d {
                    continue;
                }
                for &m in &h {
                    let j = next(i, m);
                    if (d as u8) + 1 < t[j] {
                        t[j] = d as u8 + 1;
                        buckets[d + 1].push(j);
                    }
                }
            }
        }
        out.push(t.clone());
        prev = t;
    }
    out
}

/// Every set of `k` of `n` positions, in colex order (the order of [`Reduction::rank`]).
fn all_sets(n: usize, k: usize) -> Vec<u32> {
    // Colex order is the order of the sets' bit patterns as numbers: Gosper's next pattern
    // with as many bits.
    let mut out = Vec::new();
    if k == 0 || k > n {
        return vec![0];
    }
    let mut x: u64 = (1 << k) - 1;
    while x < 1 << n {
        out.push(x as u32);
        let low = x & x.wrapping_neg();
        let ripple = x + low;
        x = ripple | (((x ^ ripple) >> 2) / low);
    }
    out
}

/// A set of positions after move `m`, by a class's table of [`Reduction::set_next`] (a byte of
/// the set at a time).
#[inline]
fn set_after(table: &[u32], m: usize, s: u32) -> u32 {
    let base = m * 4 * 256;
    table[base + (s & 255) as usize]
        | table[base + 256 + (s >> 8 & 255) as usize]
        | table[base + 512 + (s >> 16 & 255) as usize]
        | table[base + 768 + (s >> 24) as usize]
}

/// A set of positions after a move.
#[inline]
fn move_set(o: &super::structure::Orbit, m: usize, set: u32) -> u32 {
    let mut out = 0;
    let mut s = set;
    while s != 0 {
        let p = s.trailing_zeros() as usize;
        out |= 1 << o.pos(m, p);
        s &= s - 1;
    }
    out
}

fn binomials(n: usize) -> Vec<Vec<u32>> {
    let mut b = vec![vec![0u32; n + 1]; n + 1];
    for i in 0..=n {
        b[i][0] = 1;
        for j in 1..=i {
            b[i][j] = b[i - 1][j - 1].saturating_add(b[i - 1][j]);
        }
    }
    b
}

/// The turns of H: on every axis, the turns that move the most stickers; `None` when that is
/// every turn (nothing to reduce).
fn outer_turns(puzzle: &PermPuzzle) -> Option<Vec<u16>> {
    let moved = |t: &Turn| {
        t.perm
            .iter()
            .enumerate()
            .filter(|&(s, &d)| s != d as usize)
            .count()
    };
    let mut most: HashMap<u16, usize> = HashMap::new();
    for t in &puzzle.turns {
        let e = most.entry(t.axis).or_insert(0);
        *e = (*e).max(moved(t));
    }
    let h: Vec<u16> = (0..puzzle.turns.len() as u16)
        .filter(|&t| {
            let turn = &puzzle.turns[t as usize];
            moved(turn) == most[&turn.axis]
        })
        .collect();
    (h.len() < puzzle.turns.len()).then_some(h)
}

/// The table of a pair of left-out classes (where the pieces of either are, as one set).
type UnionTable = std::sync::Arc<Vec<u8>>;

/// A table of a pair of left-out classes, with the classes.
type ClassPair = ((usize, usize), UnionTable);

/// What a phase does at a goal node (see [`Goal::check`]).
type Check<'a> = &'a dyn Fn(&[MoveId], &Node) -> bool;

/// The centres' phases' result: their moves, the node after them, the classes and the tables of
/// pairs of classes they used (every later phase keeps them home).
struct Centres {
    moves: Vec<MoveId>,
    node: Node,
    classes: Vec<usize>,
    unions: Vec<ClassPair>,
}

/// Where the search stands: the tracked pieces' slots and the left-out classes' sets.
#[derive(Clone, Debug)]
struct Node {
    slots: Vec<u16>,
    sets: Vec<u32>,
    /// Bit `k`: whether `parity_orbits[k]` is odd.
    parity: u64,
    /// Moves not in H since the phase began.
    slices: u8,
}

/// One depth-first pass of IDA*: its goal, the path so far, the nodes it may still visit.
struct Dfs<'a, 'b> {
    goal: &'b Goal<'a>,
    path: &'b mut Vec<MoveId>,
    allowance: &'b std::cell::Cell<u64>,
}

/// What one phase searches for.
struct Goal<'a> {
    /// The left-out classes that must end home.
    classes: Vec<usize>,
    /// Tables of pairs of them.
    unions: Vec<ClassPair>,
    groups: Vec<std::sync::Arc<GroupTable>>,
    /// Tables of which `need` at least must read 0 (any of the blocks not done).
    any: Vec<std::sync::Arc<GroupTable>>,
    need: usize,
    /// At a node whose tables all read 0, the whole sequence so far: is it a goal?
    /// At a goal node (the path from the phase's start, the node), whether to take it; the
    /// search goes on to the next goal when it says no.
    check: Option<Check<'a>>,
    /// Whether only goals at the iteration's full depth count (each goal is met once, in the
    /// first iteration reaching it).
    exact: bool,
    /// At most this many moves not in H (the goal is kept by H's moves, so a phase is a few of
    /// those with moves of H between them); the tables read must have their `within` tables
    /// (those of single blocks).
    slices: Option<u8>,
    /// The deepest iteration.
    deepest: usize,
    /// Set when the search should stop.
    stop: std::cell::Cell<bool>,
    /// The tracked pieces the groups read (only those are moved).
    track: Vec<usize>,
    /// Whether the parity orbits must end even.
    even: bool,
    /// The moves allowed after each move (see [`next_moves`]).
    next: &'a [Vec<MoveId>],
}

impl<'a> Goal<'a> {
    fn new(
        classes: Vec<usize>,
        unions: Vec<ClassPair>,
        groups: Vec<std::sync::Arc<GroupTable>>,
        any: Vec<std::sync::Arc<GroupTable>>,
        next: &'a [Vec<MoveId>],
    ) -> Goal<'a> {
        let mut track: Vec<usize> = groups
            .iter()
            .chain(&any)
            .flat_map(|g| g.pieces.iter().copied())
            .collect();
        track.sort_unstable();
        track.dedup();
        Goal {
            classes,
            unions,
            groups,
            need: any.len().min(NEED),
            any,
            check: None,
            exact: false,
            slices: None,
            deepest: 40,
            stop: std::cell::Cell::new(false),
            track,
            even: true,
            next,
        }
    }
}

impl Reduction {
    /// A solution of the state `states` (showing `colours`): the reduction, then the reduced
    /// puzzle's solution; `None` if a phase runs out of its budget.
    pub fn solve(
        &self,
        structure: &Structure,
        moves: &Moves,
        colours: &[u16],
        states: &[OrbitState],
    ) -> Option<Vec<MoveId>> {
        let allowance = std::cell::Cell::new(self.budget);
        let centres = self.left_out(structure, moves, states, &allowance)?;
        let mut seq = centres.moves.clone();
        let at = moves.apply(colours, &seq);
        let node = &centres.node;
        seq.extend(self.pair(structure, moves, node, &at, &[], &[], &centres, &allowance)?);
        let mut after = moves.apply(colours, &seq);
        if !self.reachable(&after) {
            let fix = self.fix(structure, moves)?;
            after = moves.apply(&after, fix);
            seq.extend(fix);
            if !self.reachable(&after) {
                trace!("reduce: the parity fix does not fix this state");
                return None;
            }
        }
        let reduced_colours: Vec<u16> = self.keep.iter().map(|&s| after[s as usize]).collect();
        let sol = self.reduced.solve(&reduced_colours).ok()?;
        trace!(
            "reduce: reduction {} moves, reduced puzzle {} moves",
            seq.len(),
            sol.moves.len()
        );
        seq.extend(
            sol.moves
                .iter()
                .map(|tw| moves.id[self.turn_of[tw.turn as usize] as usize][tw.amount as usize]),
        );
        Some(moves.simplify(&seq))
    }

    /// The left-out blocks, class after class, nearest first: the moves, the node after them
    /// and the classes (all of them).
    fn left_out(
        &self,
        structure: &Structure,
        moves: &Moves,
        states: &[OrbitState],
        allowance: &std::cell::Cell<u64>,
    ) -> Option<Centres> {
        let mut node = self.node(structure, states);
        let mut seq: Vec<MoveId> = Vec::new();
        let mut classes: Vec<usize> = Vec::new();
        let mut unions: Vec<ClassPair> = Vec::new();
        while classes.len() < self.classes.len() {
            let d = |c: usize| self.classes[c].dist[self.rank(node.sets[c])];
            let open: Vec<usize> = (0..self.classes.len())
                .filter(|c| !classes.contains(c))
                .collect();
            // Two classes of one orbit kept by the same axes at a time, nearest first.
            let mut best: Option<((u8, u8), (usize, usize))> = None;
            for (i, &a) in open.iter().enumerate() {
                for &b in &open[i + 1..] {
                    let (ca, cb) = (&self.classes[a], &self.classes[b]);
                    if ca.orbit != cb.orbit || ca.axes != cb.axes {
                        continue;
                    }
                    let key = (d(a).max(d(b)), d(a) + d(b));
                    if best.is_none_or(|(k, _)| key < k) {
                        best = Some((key, (a, b)));
                    }
                }
            }
            match best {
                Some((_, (a, b))) => {
                    classes.extend([a, b]);
                    unions.push(((a, b), self.union_table(structure, moves, a, b)));
                }
                None => classes.push(open[0]),
            }
            let goal = Goal::new(
                classes.clone(),
                unions.clone(),
                Vec::new(),
                Vec::new(),
                &self.next_moves,
            );
            let found = self.ida(&node, &goal, allowance)?;
            trace!("reduce: classes {classes:?} in {} moves", found.len());
            node = self.walk(&node, &found);
            seq.extend(found);
        }
        Some(Centres {
            moves: seq,
            node,
            classes,
            unions,
        })
    }

    /// The table of the pair of classes `a`, `b` (of one orbit).
    fn union_table(&self, structure: &Structure, moves: &Moves, a: usize, b: usize) -> UnionTable {
        match self.found(structure, moves).unions.get(&(a, b)) {
            Some(t) => t.clone(),
            None => self.build_union(structure, moves, a, b),
        }
    }

    /// Builds the table of the classes `a`, `b` (of one orbit).
    fn build_union(&self, structure: &Structure, moves: &Moves, a: usize, b: usize) -> UnionTable {
        let o = &structure.orbits[self.classes[a].orbit];
        let goal = (0..o.len())
            .filter(|&p| o.class[p] == self.classes[a].class || o.class[p] == self.classes[b].class)
            .fold(0u32, |m, p| m | 1 << p);
        let table = &self.set_next[a];
        let next = |s: u32, m: usize| set_after(table, m, s);
        std::sync::Arc::new(self.set_distances(o.len(), moves.len(), goal, next))
    }

    /// The blocks of more than one piece, group after group (see the module doc): the moves
    /// from `node`, every phase's goals tried in turn (with the phases after it) until one
    /// leads to the end.
    #[allow(clippy::too_many_arguments)]
    fn pair(
        &self,
        structure: &Structure,
        moves: &Moves,
        node: &Node,
        colours: &[u16],
        done: &[usize],
        groups: &[std::sync::Arc<GroupTable>],
        centres: &Centres,
        allowance: &std::cell::Cell<u64>,
    ) -> Option<Vec<MoveId>> {
        if done.len() == self.blocks.len() {
            return Some(Vec::new());
        }
        let open: Vec<usize> = (0..self.blocks.len())
            .filter(|b| !done.contains(b))
            .collect();
        let singles: Vec<_> = open
            .iter()
            .map(|&b| self.group_table(structure, moves, &[b]))
            .collect();
        let found = std::cell::RefCell::new(None);
        let tries = std::cell::Cell::new(0);
        let phase = std::cell::Cell::new(PAIR_BUDGET.min(allowance.get()));
        // What this phase's budget lost to the phases after it (not its own nodes).
        let clamped = std::cell::Cell::new(0);
        let goal_cell: std::cell::OnceCell<&Goal> = std::cell::OnceCell::new();
        let take = |path: &[MoveId], at: &Node| {
            tries.set(tries.get() + 1);
            let paired: Vec<usize> = open
                .iter()
                .zip(&singles)
                .filter(|(_, t)| t.dist[t.index(&at.slots)] == 0)
                .map(|(&b, _)| b)
                .collect();
            trace!(
                "reduce: blocks {paired:?} in {} moves (try {})",
                path.len(),
                tries.get()
            );
            let more = [done, &paired[..]].concat();
            let tables = [groups, &self.tables_of(structure, moves, &paired)[..]].concat();
            // The phases after this one spend from the whole allowance, not this phase's.
            let left = phase.get();
            let after = moves.apply(colours, path);
            let rest = self.pair(
                structure, moves, at, &after, &more, &tables, centres, allowance,
            );
            let now = left.min(allowance.get());
            clamped.set(clamped.get() + left - now);
            phase.set(now);
            if tries.get() >= TRIES
                && let Some(goal) = goal_cell.get()
            {
                goal.stop.set(true);
            }
            match rest {
                Some(rest) => {
                    *found.borrow_mut() = Some([path, &rest].concat());
                    true
                }
                None => false,
            }
        };
        // The library's candidates, each with the phases after it, at most `TRIES` of them.
        let library = || {
            tries.set(0);
            // Setups of fewer moves first when more than two blocks are open (more positions
            // to try), all of them if that finds nothing.
            let mut found = Vec::new();
            for deepest in [if open.len() <= 2 { SETUP } else { SETUP - 1 }, SETUP] {
                if found.is_empty() {
                    found = self.by_library(structure, moves, node, colours, &open, deepest);
                }
            }
            for (path, at) in found {
                if take(&path, &at) || tries.get() >= TRIES || allowance.get() == 0 {
                    break;
                }
            }
        };
        // The last blocks by the library (search there needs 8 or 9 moves while keeping the
        // other pairs: past its budget); the others by search, then by the library if the
        // search runs out.
        if open.len() <= LATE {
            library();
            return found.into_inner();
        }
        let mut goal = Goal::new(
            centres.classes.clone(),
            centres.unions.clone(),
            groups.to_vec(),
            singles.clone(),
            &self.next_moves,
        );
        goal.check = Some(&take);
        goal.exact = true;
        let _ = goal_cell.set(&goal);
        let before = phase.get();
        let mut start = node.clone();
        start.slices = 0;
        self.ida(&start, &goal, &phase);
        let own = before - phase.get() - clamped.get();
        allowance.set(allowance.get().saturating_sub(own));
        trace!(
            "reduce: {} open, {own} nodes, found {}",
            open.len(),
            found.borrow().is_some()
        );
        if found.borrow().is_none() && allowance.get() > 0 {
            library();
        }
        found.into_inner()
    }

    /// Tables covering the blocks `blocks`: of two blocks at a time where the table fits.
    fn tables_of(
        &self,
        structure: &Structure,
        moves: &Moves,
        blocks: &[usize],
    ) -> Vec<std::sync::Arc<GroupTable>> {
        let mut out = Vec::new();
        let mut rest = blocks;
        while !rest.is_empty() {
            let take = if rest.len() >= 2 && self.table_size(structure, &rest[..2]) <= GROUP_TABLE {
                2
            } else {
                1
            };
            out.push(self.group_table(structure, moves, &rest[..take]));
            rest = &rest[take..];
        }
        out
    }

    /// Sequences pairing blocks of `open` from `node` (every other block paired) by the
    /// library: moves of H (at most `deepest`) bringing the pieces on two of the open blocks'
    /// positions to the slots of a sequence of the library, then that sequence; each keeps
    /// the other blocks paired and pairs one block of `open` at least. Those leaving an even
    /// number of blocks open first, then fewest moves a block paired (the parity fix counted
    /// when it is needed at the end).
    fn by_library(
        &self,
        structure: &Structure,
        moves: &Moves,
        node: &Node,
        colours: &[u16],
        open: &[usize],
        deepest: usize,
    ) -> Vec<(Vec<MoveId>, Node)> {
        let library = self.library(structure, moves);
        let wings: Vec<usize> = open
            .iter()
            .flat_map(|&b| self.blocks[b].iter().copied())
            .collect();
        let fix = self.fix(structure, moves).map_or(0, |f| f.len());
        let mut out: Vec<((bool, usize), Vec<MoveId>, Node)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut setups: Vec<Vec<MoveId>> = vec![Vec::new()];
        let mut at = 0;
        while at < setups.len() {
            let setup = setups[at].clone();
            at += 1;
            let mut positions: Vec<usize> = wings
                .iter()
                .map(|&id| {
                    let slot = setup.iter().fold(node.slots[id], |s, &m| {
                        self.slot_next[id][m as usize * self.slots_of[id] + s as usize]
                    });
                    self.position_of[id][slot as usize]
                })
                .filter(|&p| p != usize::MAX)
                .collect();
            positions.sort_unstable();
            positions.dedup();
            for (i, &p) in positions.iter().enumerate() {
                for &q in &positions[i + 1..] {
                    let key = [&self.positions[p][..], &self.positions[q][..]].concat();
                    for seq in library.by_slots.get(&key).into_iter().flatten() {
                        let path = moves.simplify(&[&setup[..], seq].concat());
                        if !seen.insert(path.clone()) {
                            continue;
                        }
                        let end = self.walk(node, &path);
                        let Some(paired) = self.pairs_kept(&end, open) else {
                            continue;
                        };
                        let mut cost = path.len();
                        if paired == open.len() && !self.reachable(&moves.apply(colours, &path)) {
                            cost += fix;
                        }
                        // A sequence of the library opens two blocks: one block left alone
                        // cannot be paired by it, so leaving an odd number open comes last.
                        let odd = (open.len() - paired) % 2 == 1;
                        if let Some(per_block) = (cost * 64).checked_div(paired) {
                            out.push(((odd, per_block), path, end));
                        }
                    }
                }
            }
            if setup.len() < deepest {
                let after = setup.last().map_or(0, |&m| m as usize + 1);
                setups.extend(
                    self.h_next[after]
                        .iter()
                        .map(|&m| [&setup[..], &[m]].concat()),
                );
            }
        }
        out.sort_by_key(|x| (x.0, x.1.len()));
        trace!(
            "reduce: library: {} sequences, best {:?}",
            out.len(),
            out.first().map(|x| x.1.len())
        );
        out.into_iter().map(|(_, path, end)| (path, end)).collect()
    }

    /// At `node`: if every left-out class is home, every parity orbit even and every block
    /// not in `open` paired, the number of blocks of `open` paired.
    fn pairs_kept(&self, node: &Node, open: &[usize]) -> Option<usize> {
        if node.parity != 0
            || (0..self.classes.len()).any(|c| self.classes[c].dist[self.rank(node.sets[c])] != 0)
        {
            return None;
        }
        let mut paired = 0;
        for b in 0..self.blocks.len() {
            let t = self.group_table_cached(&[b])?;
            let home = t.dist[t.index(&node.slots)] == 0;
            match (home, open.contains(&b)) {
                (false, false) => return None,
                (true, true) => paired += 1,
                _ => {}
            }
        }
        Some(paired)
    }

    fn group_table_cached(&self, group: &[usize]) -> Option<std::sync::Arc<GroupTable>> {
        self.groups
            .lock()
            .expect("no panics while held")
            .get(group)
            .cloned()
    }

    /// The library of last pairs (see [`Library`]).
    fn library(&self, structure: &Structure, moves: &Moves) -> &Library {
        &self.found(structure, moves).library
    }

    /// Finds the library (see [`Library`]).
    fn build_library(&self, structure: &Structure, moves: &Moves) -> Library {
        {
            let t = std::time::Instant::now();
            let all: Vec<usize> = (0..self.blocks.len()).collect();
            let singles: Vec<_> = all
                .iter()
                .map(|&b| self.group_table(structure, moves, &[b]))
                .collect();
            let found = std::cell::RefCell::new(Library::default());
            let count = std::cell::Cell::new(0usize);
            let keep = |path: &[MoveId], at: &Node| {
                let open: Vec<usize> = (0..self.blocks.len())
                    .filter(|&b| singles[b].dist[singles[b].index(&at.slots)] != 0)
                    .collect();
                if open.len() == 2 {
                    let mut slots: Vec<u16> = open
                        .iter()
                        .flat_map(|&b| self.blocks[b].iter().map(|&id| at.slots[id]))
                        .collect();
                    slots.sort_unstable();
                    found
                        .borrow_mut()
                        .by_slots
                        .entry(slots)
                        .or_default()
                        .push(moves.invert(path));
                    count.set(count.get() + 1);
                }
                false
            };
            let classes: Vec<usize> = (0..self.classes.len()).collect();
            // From the solved state a first move of H changes nothing that matters (the setup
            // moves before a sequence of the library are searched when it is used).
            let mut next = self.next_moves.clone();
            next[0].retain(|&m| !self.in_h[m as usize]);
            let mut goal = Goal::new(classes, Vec::new(), Vec::new(), singles.clone(), &next);
            goal.need = self.blocks.len() - 2;
            goal.slices = Some(SLICES as u8);
            goal.exact = true;
            goal.deepest = LIBRARY_DEPTH;
            goal.check = Some(&keep);
            let allowance = std::cell::Cell::new(200_000_000);
            self.ida(&self.solved.0, &goal, &allowance);
            trace!(
                "reduce: library of {} sequences, {} slot sets, {:.3}s, {} nodes",
                count.get(),
                found.borrow().by_slots.len(),
                t.elapsed().as_secs_f64(),
                200_000_000 - allowance.get()
            );
            found.into_inner()
        }
    }

    /// A sequence that keeps every reduced state reduced and changes the reduced puzzle's
    /// invariants: found once, by IDA* from the solved state, among the moves of order two
    /// first (a small tree), then among all moves.
    fn fix(&self, structure: &Structure, moves: &Moves) -> Option<&Vec<MoveId>> {
        self.found(structure, moves).fix.as_ref()
    }

    /// Finds the fix (see [`Reduction::fix`]).
    fn build_fix(&self, structure: &Structure, moves: &Moves) -> Option<Vec<MoveId>> {
        {
            {
                let t = std::time::Instant::now();
                let all: Vec<usize> = (0..self.blocks.len()).collect();
                let classes: Vec<usize> = (0..self.classes.len()).collect();
                let solved = &self.solved.1;
                let check = |path: &[MoveId], _: &Node| !self.reachable(&moves.apply(solved, path));
                let halves = next_moves(moves, |m| {
                    let tw = moves.twist[m as usize];
                    2 * tw.amount == moves.order[tw.turn as usize]
                });
                for next in [&halves, &self.next_moves] {
                    let mut goal = Goal::new(
                        classes.clone(),
                        Vec::new(),
                        all.iter()
                            .map(|&b| self.group_table(structure, moves, &[b]))
                            .collect(),
                        Vec::new(),
                        next,
                    );
                    goal.check = Some(&check);
                    let allowance = std::cell::Cell::new(FIX_BUDGET);
                    let start = &self.solved.0;
                    if let Some(found) = self.ida(start, &goal, &allowance) {
                        trace!(
                            "reduce: parity fix of {} moves, {:.3}s",
                            found.len(),
                            t.elapsed().as_secs_f64()
                        );
                        return Some(found);
                    }
                }
                None
            }
        }
    }

    /// What the reduction finds once per puzzle: read from the cache directory, else found and
    /// stored there (about 2 s on the 4x4x4: the tables of pairs of centre colours, the library,
    /// the fix).
    fn found(&self, structure: &Structure, moves: &Moves) -> &Found {
        self.found.get_or_init(|| {
            let key = self.cache_key(moves);
            let dir = self.cache_dir.as_deref();
            if let Some(found) = dir
                .and_then(|d| cache::load(d, key))
                .and_then(|payload| self.decode(&payload, structure, moves))
            {
                trace!("reduce: library, fix and tables read from the cache");
                return found;
            }
            let found = Found {
                unions: self
                    .class_pairs()
                    .into_iter()
                    .map(|(a, b)| ((a, b), self.build_union(structure, moves, a, b)))
                    .collect(),
                library: self.build_library(structure, moves),
                fix: self.build_fix(structure, moves),
            };
            if let Some(d) = dir {
                cache::store(d, key, &self.encode(&found));
            }
            found
        })
    }

    /// The key of the cache file: the moves, the colours, the reduced puzzle's stickers and the
    /// format.
    fn cache_key(&self, moves: &Moves) -> u64 {
        let mut h = cache::Fnv::new()
            .bytes(b"polycover reduction")
            .num(CACHE_FORMAT)
            .num(LIBRARY_DEPTH as u64)
            .num(SLICES as u64)
            .moves(moves);
        for &c in &self.solved.1 {
            h = h.num(u64::from(c));
        }
        for &s in &self.keep {
            h = h.num(u64::from(s));
        }
        h.num(self.blocks.len() as u64).0
    }

    fn encode(&self, found: &Found) -> Vec<u8> {
        let mut w = cache::Writer::default();
        let mut unions: Vec<_> = found.unions.iter().collect();
        unions.sort_by_key(|(k, _)| **k);
        w.words(&[unions.len() as u32]);
        for ((a, b), t) in unions {
            w.words(&[*a as u32, *b as u32]);
            w.bytes(t);
        }
        let mut keys: Vec<_> = found.library.by_slots.iter().collect();
        keys.sort();
        w.words(&[keys.len() as u32]);
        for (key, seqs) in keys {
            w.words(&key.iter().map(|&x| u32::from(x)).collect::<Vec<_>>());
            w.words(&[seqs.len() as u32]);
            for seq in seqs {
                w.words(&seq.iter().map(|&m| u32::from(m)).collect::<Vec<_>>());
            }
        }
        let fix = found.fix.as_deref().unwrap_or(&[]);
        w.words(&fix.iter().map(|&m| u32::from(m)).collect::<Vec<_>>());
        w.0
    }

    /// What [`Reduction::encode`] wrote, if it reads back whole and fits this puzzle (tables of
    /// the right sizes, moves that exist, a fix that still does its job).
    fn decode(&self, payload: &[u8], structure: &Structure, moves: &Moves) -> Option<Found> {
        let mut r = cache::Reader { rest: payload };
        let seq = |words: Vec<u32>| -> Option<Vec<MoveId>> {
            words
                .into_iter()
                .map(|m| (m < moves.len() as u32).then_some(m as MoveId))
                .collect()
        };
        let mut unions = HashMap::new();
        let pairs = self.class_pairs();
        for _ in 0..*r.words()?.first()? {
            let ab = r.words()?;
            let (a, b) = (*ab.first()? as usize, *ab.get(1)? as usize);
            let table = r.bytes()?;
            (pairs.contains(&(a, b)) && table.len() == self.union_size(a, b)).then_some(())?;
            unions.insert((a, b), std::sync::Arc::new(table));
        }
        (unions.len() == pairs.len()).then_some(())?;
        let mut library = Library::default();
        for _ in 0..*r.words()?.first()? {
            let key: Vec<u16> = r.words()?.into_iter().map(|x| x as u16).collect();
            let seqs = (0..*r.words()?.first()?)
                .map(|_| seq(r.words()?))
                .collect::<Option<Vec<_>>>()?;
            library.by_slots.insert(key, seqs);
        }
        // Every sequence must leave, from the solved state, two blocks open at its slots.
        for (slots, seqs) in &library.by_slots {
            for s in seqs {
                (self.opened_by(structure, moves, s).as_ref() == Some(slots)).then_some(())?;
            }
        }
        (!library.by_slots.is_empty()).then_some(())?;
        let fix = seq(r.words()?)?;
        let fix = (!fix.is_empty()).then_some(fix);
        if let Some(f) = &fix
            && self.reachable(&moves.apply(&self.solved.1, f))
        {
            return None;
        }
        r.rest.is_empty().then_some(Found {
            unions,
            library,
            fix,
        })
    }

    /// The slots of the pieces of the two blocks a sequence of the library (`undone`, stored
    /// undone) leaves open from the solved state, sorted; `None` unless it leaves exactly two
    /// open and all else home.
    fn opened_by(
        &self,
        structure: &Structure,
        moves: &Moves,
        undone: &[MoveId],
    ) -> Option<Vec<u16>> {
        let end = self.walk(&self.solved.0, &moves.invert(undone));
        let open: Vec<usize> = (0..self.blocks.len())
            .filter(|&b| {
                let t = self.group_table(structure, moves, &[b]);
                t.dist[t.index(&end.slots)] != 0
            })
            .collect();
        (open.len() == 2 && self.pairs_kept(&end, &open) == Some(0)).then_some(())?;
        let mut slots: Vec<u16> = open
            .iter()
            .flat_map(|&b| self.blocks[b].iter().map(|&id| end.slots[id]))
            .collect();
        slots.sort_unstable();
        Some(slots)
    }

    /// The pairs of left-out classes phases keep together: of one orbit, kept by the same axes.
    fn class_pairs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in 0..self.classes.len() {
            for b in a + 1..self.classes.len() {
                let (ca, cb) = (&self.classes[a], &self.classes[b]);
                if ca.orbit == cb.orbit && ca.axes == cb.axes {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Entries of the table of classes `a` and `b` together.
    fn union_size(&self, a: usize, b: usize) -> usize {
        let (ca, cb) = (&self.classes[a], &self.classes[b]);
        self.binom[ca.positions][ca.members + cb.members] as usize
    }

    /// Whether the state showing `colours` is reduced and its reduced state reachable.
    fn reachable(&self, colours: &[u16]) -> bool {
        let rc: Vec<u16> = self.keep.iter().map(|&s| colours[s as usize]).collect();
        let r = &self.reduced;
        match r.structure.read(&r.puzzle, &rc) {
            Ok(states) => r
                .invariants
                .distance(r.invariants.of(&r.structure.orbits, &states))
                .is_some(),
            Err(_) => false,
        }
    }

    fn node(&self, structure: &Structure, states: &[OrbitState]) -> Node {
        let mut slots = vec![0u16; self.tracked.len()];
        for (oi, st) in states.iter().enumerate() {
            let tw = structure.orbits[oi].twists as usize;
            for p in 0..st.occ.len() {
                if let Some(&id) = self.tracked_of.get(&(oi, st.occ[p] as usize)) {
                    slots[id] = (p * tw + st.tw[p] as usize) as u16;
                }
            }
        }
        let sets = self
            .classes
            .iter()
            .map(|c| {
                let o = &structure.orbits[c.orbit];
                let st = &states[c.orbit];
                (0..o.len())
                    .filter(|&p| o.class[st.occ[p] as usize] == c.class)
                    .fold(0u32, |m, p| m | 1 << p)
            })
            .collect();
        let parity = self
            .parity_orbits
            .iter()
            .enumerate()
            .filter(|&(_, &oi)| parity(&states[oi].occ))
            .fold(0u64, |bits, (k, _)| bits | 1 << k);
        Node {
            slots,
            sets,
            parity,
            slices: 0,
        }
    }

    /// Moves the node's pieces by `m` (only those `goal` reads, all with `None`).
    #[inline]
    fn apply(&self, node: &Node, m: usize, out: &mut Node, goal: Option<&Goal>) {
        let mut move_slot = |i: usize| {
            out.slots[i] = self.slot_next[i][m * self.slots_of[i] + node.slots[i] as usize];
        };
        match goal {
            Some(g) => g.track.iter().for_each(|&i| move_slot(i)),
            None => (0..node.slots.len()).for_each(move_slot),
        }
        out.parity = node.parity ^ self.parity_of[m];
        out.slices = node.slices + u8::from(!self.in_h[m]);
        for (i, &s) in node.sets.iter().enumerate() {
            out.sets[i] = set_after(&self.set_next[i], m, s);
        }
    }

    fn walk(&self, node: &Node, seq: &[MoveId]) -> Node {
        let mut cur = node.clone();
        let mut next = node.clone();
        for &m in seq {
            self.apply(&cur, m as usize, &mut next, None);
            std::mem::swap(&mut cur, &mut next);
        }
        cur
    }

    /// A lower bound of the moves from `node` to `goal`; stops early once it exceeds `left`.
    fn bound(&self, node: &Node, goal: &Goal, left: u8) -> u8 {
        if let Some(k) = goal.slices {
            return match k.checked_sub(node.slices) {
                Some(free) => self.bound_within(node, goal, free as usize),
                None => u8::MAX,
            };
        }
        let mut b = u8::from(goal.even && node.parity != 0);
        if goal.need > 0 && !goal.any.is_empty() {
            // The `need`-th smallest.
            let mut d: [u8; 64] = [0; 64];
            let n = goal.any.len().min(64);
            for (k, g) in goal.any.iter().take(n).enumerate() {
                d[k] = g.dist[g.index(&node.slots)];
            }
            d[..n].sort_unstable();
            b = b.max(d[goal.need.min(n) - 1]);
            if b > left {
                return b;
            }
        }
        for g in goal.groups.iter().rev() {
            b = b.max(g.dist[g.index(&node.slots)]);
            if b > left {
                return b;
            }
        }
        for &c in &goal.classes {
            b = b.max(self.classes[c].dist[self.rank(node.sets[c])]);
        }
        if b > left {
            return b;
        }
        for ((x, y), t) in &goal.unions {
            b = b.max(t[self.rank(node.sets[*x] | node.sets[*y])]);
        }
        b
    }

    /// A lower bound of the moves from `node` to `goal` by sequences of at most `free` moves
    /// not in H (`u8::MAX` if there is none).
    fn bound_within(&self, node: &Node, goal: &Goal, free: usize) -> u8 {
        // With no such move left the moves of H keep everything the goal reads: done or never.
        if free == 0 {
            let home = goal
                .groups
                .iter()
                .all(|g| g.dist[g.index(&node.slots)] == 0)
                && (goal.any.is_empty() || {
                    let open = goal
                        .any
                        .iter()
                        .filter(|g| g.dist[g.index(&node.slots)] != 0);
                    open.count() <= goal.any.len() - goal.need
                })
                && goal
                    .classes
                    .iter()
                    .all(|&c| self.classes[c].dist[self.rank(node.sets[c])] == 0);
            return if home && !(goal.even && node.parity != 0) {
                0
            } else {
                u8::MAX
            };
        }
        let read = |g: &GroupTable| g.within[free - 1][g.index(&node.slots)];
        let mut b = u8::from(goal.even && node.parity != 0);
        for g in &goal.groups {
            b = b.max(read(g));
        }
        if goal.need > 0 && !goal.any.is_empty() {
            let mut d: Vec<u8> = goal.any.iter().map(|g| read(g)).collect();
            d.sort_unstable();
            b = b.max(d[goal.need.min(d.len()) - 1]);
        }
        for &c in &goal.classes {
            b = b.max(self.classes[c].within[free - 1][self.rank(node.sets[c])]);
        }
        b
    }

    /// IDA* from `node` to `goal`, at most `allowance` nodes (taken from it).
    fn ida(
        &self,
        node: &Node,
        goal: &Goal,
        allowance: &std::cell::Cell<u64>,
    ) -> Option<Vec<MoveId>> {
        let mut path = Vec::new();
        let mut depth = self.bound(node, goal, u8::MAX) as usize;
        let mut scratch: Vec<Node> = Vec::new();
        loop {
            scratch.resize(depth + 1, node.clone());
            let mut search = Dfs {
                goal,
                path: &mut path,
                allowance,
            };
            if self.dfs(node, depth, &mut scratch, &mut search) {
                return Some(path);
            }
            if allowance.get() == 0 || goal.stop.get() || depth >= goal.deepest {
                trace!("reduce: phase gave up at depth {depth}");
                return None;
            }
            depth += 1;
        }
    }

    fn dfs(&self, node: &Node, left: usize, scratch: &mut [Node], search: &mut Dfs) -> bool {
        let goal = search.goal;
        let nodes = search.allowance.get();
        if nodes == 0 || goal.stop.get() {
            return false;
        }
        search.allowance.set(nodes - 1);
        let b = self.bound(node, goal, left.min(255) as u8) as usize;
        if b > left {
            return false;
        }
        if b == 0
            && (!goal.exact || left == 0)
            && (goal.slices.is_none() || search.path.last().is_none_or(|&m| !self.in_h[m as usize]))
            && goal.check.is_none_or(|c| c(search.path, node))
        {
            return true;
        }
        if left == 0 {
            return false;
        }
        let (next, rest) = scratch.split_first_mut().expect("a frame per depth");
        let after = search.path.last().map_or(0, |&m| m as usize + 1);
        for &m in &goal.next[after] {
            self.apply(node, m as usize, next, Some(goal));
            search.path.push(m);
            if self.dfs(next, left - 1, rest, search) {
                return true;
            }
            search.path.pop();
        }
        false
    }

    fn table_size(&self, structure: &Structure, group: &[usize]) -> usize {
        group
            .iter()
            .flat_map(|&b| &self.blocks[b])
            .map(|&id| {
                let o = &structure.orbits[self.tracked[id].orbit];
                o.len() * o.twists as usize
            })
            .try_fold(1usize, |a, r| a.checked_mul(r))
            .unwrap_or(usize::MAX)
    }

    fn group_table(
        &self,
        structure: &Structure,
        moves: &Moves,
        group: &[usize],
    ) -> std::sync::Arc<GroupTable> {
        if let Some(t) = self.groups.lock().expect("no panics while held").get(group) {
            return t.clone();
        }
        let pieces: Vec<usize> = group
            .iter()
            .flat_map(|&b| self.blocks[b].iter().copied())
            .collect();
        let radix: Vec<usize> = pieces
            .iter()
            .map(|&id| {
                let o = &structure.orbits[self.tracked[id].orbit];
                o.len() * o.twists as usize
            })
            .collect();
        let size: usize = radix.iter().product();
        let mut t = GroupTable {
            pieces,
            radix,
            dist: vec![u8::MAX; size],
            within: Vec::new(),
        };
        // Goals: every combination of the blocks' placements without two pieces on one slot.
        let mut frontier: Vec<Vec<u16>> = vec![Vec::new()];
        for &b in group {
            let mut next = Vec::new();
            for partial in &frontier {
                for pl in &self.placements[b] {
                    let clash = pl.iter().enumerate().any(|(i, &s)| {
                        partial.iter().enumerate().any(|(j, &x)| {
                            x == s
                                && self.tracked[t.pieces[j]].orbit
                                    == self.tracked[self.blocks[b][i]].orbit
                        })
                    });
                    if !clash {
                        next.push([&partial[..], pl].concat());
                    }
                }
            }
            frontier = next;
        }
        let mut indices: Vec<usize> = frontier.iter().map(|tuple| t.index_of(tuple)).collect();
        for &i in &indices {
            t.dist[i] = 0;
        }
        let mut d = 0u8;
        let mut tuple = vec![0u16; t.pieces.len()];
        // The weight of each piece's slot in the index, and its move table.
        let weights: Vec<usize> = (0..t.radix.len())
            .map(|k| t.radix[k + 1..].iter().product())
            .collect();
        let tables: Vec<&[u16]> = t.pieces.iter().map(|&id| &self.slot_next[id][..]).collect();
        let slots: Vec<usize> = t.pieces.iter().map(|&id| self.slots_of[id]).collect();
        while !indices.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &i in &indices {
                t.decode(i, &mut tuple);
                for m in 0..moves.len() {
                    let j: usize = (0..tuple.len())
                        .map(|k| tables[k][m * slots[k] + tuple[k] as usize] as usize * weights[k])
                        .sum();
                    if t.dist[j] == u8::MAX {
                        t.dist[j] = d;
                        next.push(j);
                    }
                }
            }
            indices = next;
        }
        let mut scratch = vec![0u16; t.pieces.len()];
        if group.len() == 1 {
            t.within = within(
                &t.dist,
                |i, m| {
                    t.decode(i, &mut scratch);
                    for (s, &id) in scratch.iter_mut().zip(&t.pieces) {
                        *s = self.slot_next[id][m * self.slots_of[id] + *s as usize];
                    }
                    t.index_of(&scratch)
                },
                &self.in_h,
            );
        }
        let t = std::sync::Arc::new(t);
        self.groups
            .lock()
            .expect("no panics while held")
            .insert(group.to_vec(), t.clone());
        t
    }
}

impl GroupTable {
    fn index_of(&self, tuple: &[u16]) -> usize {
        tuple
            .iter()
            .zip(&self.radix)
            .fold(0, |i, (&s, &r)| i * r + s as usize)
    }

    #[inline]
    fn index(&self, slots: &[u16]) -> usize {
        self.pieces
            .iter()
            .zip(&self.radix)
            .fold(0, |i, (&id, &r)| i * r + slots[id] as usize)
    }

    fn decode(&self, mut i: usize, tuple: &mut [u16]) {
        for k in (0..self.radix.len()).rev() {
            tuple[k] = (i % self.radix[k]) as u16;
            i /= self.radix[k];
        }
    }
}

/// The moves allowed after each move in a canonical sequence (see [`Reduction::next_moves`]).
fn next_moves(moves: &Moves, allowed: impl Fn(MoveId) -> bool) -> Vec<Vec<MoveId>> {
    let all: Vec<MoveId> = (0..moves.len() as MoveId).filter(|&m| allowed(m)).collect();
    let mut out = vec![all.clone()];
    for l in 0..moves.len() {
        let lt = moves.twist[l].turn;
        out.push(
            all.iter()
                .copied()
                .filter(|&m| {
                    let t = moves.twist[m as usize].turn;
                    t != lt && !(moves.axis[m as usize] == moves.axis[l] && t < lt)
                })
                .collect(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    /// The 4x4x4's reduction, its one-time findings built (no cache directory).
    fn cube_4() -> (Solver, Reduction) {
        let perm = PermPuzzle::from_model(&crate::named("cube-4").unwrap());
        let options = Options {
            cache_dir: None,
            ..Options::default()
        };
        let solver = Solver::prepare(&perm, &options).unwrap();
        let r = Reduction::prepare(&perm, &solver.moves, &solver.structure, &options).unwrap();
        (solver, r)
    }

    /// What is cached reads back as it was written; damage is refused, not read.
    #[test]
    fn findings_round_trip_through_the_cache_format() {
        let (solver, r) = cube_4();
        let (structure, moves) = (&solver.structure, &solver.moves);
        let found = r.found(structure, moves);
        let payload = r.encode(found);
        let back = r.decode(&payload, structure, moves).expect("reads back");
        assert_eq!(back.library.by_slots, found.library.by_slots);
        assert_eq!(back.fix, found.fix);
        assert_eq!(back.unions, found.unions);
        assert_eq!(
            r.class_pairs().len(),
            3,
            "the 4x4x4's opposite centre colours"
        );
        assert!(
            r.decode(&payload[..payload.len() - 1], structure, moves)
                .is_none()
        );
        // A fix that does not change the reduced puzzle's parity (a move and its inverse) is
        // refused.
        let mut other = Found {
            unions: found.unions.clone(),
            library: found.library.clone(),
            fix: Some(vec![0, moves.inverse[0]]),
        };
        assert!(r.decode(&r.encode(&other), structure, moves).is_none());
        // A library sequence filed under slots it does not open is refused.
        other.fix = found.fix.clone();
        assert!(r.decode(&r.encode(&other), structure, moves).is_some());
        let (_, seqs) = other.library.by_slots.iter_mut().next().unwrap();
        seqs.push(vec![0, moves.inverse[0]]);
        assert!(r.decode(&r.encode(&other), structure, moves).is_none());
    }

    /// The fix keeps the solved state reduced (centres home, every pair paired, the wings even)
    /// and leaves the reduced 3x3x3 unreachable: one swap of pairs, against the corners. Every
    /// library sequence, from the solved state, leaves exactly two pairs open and all else home.
    #[test]
    fn the_fix_and_the_library_do_what_they_say() {
        let (solver, r) = cube_4();
        let (structure, moves) = (&solver.structure, &solver.moves);
        let fix = r.fix(structure, moves).expect("a fix");
        let end = r.walk(&r.solved.0, fix);
        let all: Vec<usize> = (0..r.blocks.len()).collect();
        assert_eq!(r.pairs_kept(&end, &all), Some(all.len()));
        assert!(!r.reachable(&moves.apply(&r.solved.1, fix)));
        let library = r.library(structure, moves);
        assert!(!library.by_slots.is_empty());
        for (slots, seqs) in &library.by_slots {
            for seq in seqs {
                assert_eq!(r.opened_by(structure, moves, seq).as_ref(), Some(slots));
            }
        }
    }

    /// Odd and even permutations, against a count of inversions.
    #[test]
    fn permutation_parity_is_the_inversions_parity() {
        let mut rng = crate::rng::Rng::new(7);
        for n in 1..9u16 {
            let mut perm: Vec<u16> = (0..n).collect();
            for _ in 0..20 {
                let (i, j) = (rng.below(n as usize), rng.below(n as usize));
                perm.swap(i, j);
                let inversions = (0..perm.len())
                    .flat_map(|i| (i + 1..perm.len()).map(move |j| (i, j)))
                    .filter(|&(i, j)| perm[i] > perm[j])
                    .count();
                assert_eq!(parity(&perm), inversions % 2 == 1, "{perm:?}");
            }
        }
    }

    /// Every set of `k` of `n` positions, once, in the order of their ranks.
    #[test]
    fn all_sets_are_listed_in_rank_order() {
        let (_, r) = cube_4();
        for (n, k) in [(6, 2), (8, 3), (24, 4)] {
            let sets = all_sets(n, k);
            assert_eq!(sets.len(), r.binom[n][k] as usize);
            for (i, &set) in sets.iter().enumerate() {
                assert_eq!(set.count_ones() as usize, k);
                assert_eq!(r.rank(set), i);
            }
        }
    }
}
