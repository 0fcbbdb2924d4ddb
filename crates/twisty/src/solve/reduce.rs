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
//! 1. the left-out blocks (the centres);
//! 2. then, group after group, the blocks of more than one piece (edge pairs, two at a time),
//!    the groups chosen on the way: the next group is the one nearest to done;
//!    every phase keeps what the ones before it did (at its end);
//! 3. the last phase also asks that the reduced puzzle can reach its state.
//!
//! Each phase's heuristic is the maximum of distance tables, all built by breadth-first search
//! from their goals: one per colour class of the left-out pieces (where the class's pieces are,
//! as a set), and one per group of blocks (where the group's pieces are, as a tuple). Tables of
//! groups are built when a solve first needs them and kept.

use std::collections::HashMap;
use std::sync::Mutex;

use super::moves::{MoveId, Moves};
use super::puzzle::{PermPuzzle, Slot, Turn};
use super::structure::{OrbitState, Structure};
use super::{Options, Solver};
use crate::trace::trace;

/// Most entries of one group's table.
const GROUP_TABLE: usize = 1 << 19;
/// Node budget of one phase.
const PHASE_BUDGET: u64 = 30_000_000;
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
}

/// The distances of one colour class of left-out pieces: where the class's pieces are, as a set.
struct ClassTable {
    /// The class's orbit.
    orbit: usize,
    /// The class.
    class: u32,
    /// `dist[rank of the set of positions]`.
    dist: Vec<u8>,
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
    unions: Mutex<HashMap<(usize, usize), std::sync::Arc<Vec<u8>>>>,
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
            unions: Mutex::new(HashMap::new()),
            binom: binomials(64),
            slot_next: Vec::new(),
            slots_of: Vec::new(),
            set_next: Vec::new(),
            next_moves: next_moves(moves),
        };
        r.track_blocks(structure, &h, moves, &block_of, &left_out)?;
        r.class_tables(structure, moves, &left_out)?;
        r.move_tables(structure, moves);
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
        (!self.blocks.is_empty()).then_some(())
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
                let dist = self.set_table(structure, oi, moves, goal);
                let axes = (0..moves.len())
                    .filter(|&m| moves.axis[m] < 64)
                    .fold(u64::MAX, |axes, m| {
                        if move_set(o, m, goal) == goal {
                            axes
                        } else {
                            axes & !(1 << moves.axis[m])
                        }
                    });
                self.classes.push(ClassTable {
                    orbit: oi,
                    class: c,
                    dist,
                    axes,
                });
            }
        }
        Some(())
    }

    /// Breadth-first distances over the sets of `goal.count_ones()` positions of orbit `oi`.
    fn set_table(&self, structure: &Structure, oi: usize, moves: &Moves, goal: u32) -> Vec<u8> {
        let o = &structure.orbits[oi];
        let n = o.len();
        let k = goal.count_ones() as usize;
        let size = self.binom[n][k] as usize;
        let mut dist = vec![u8::MAX; size];
        dist[self.rank(goal)] = 0;
        let mut frontier = vec![goal];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &set in &frontier {
                for m in 0..moves.len() {
                    let moved = move_set(o, m, set);
                    let r = self.rank(moved);
                    if dist[r] == u8::MAX {
                        dist[r] = d;
                        next.push(moved);
                    }
                }
            }
            frontier = next;
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

/// A table of a pair of left-out classes.
type UnionTable = ((usize, usize), std::sync::Arc<Vec<u8>>);

/// Where the search stands: the tracked pieces' slots and the left-out classes' sets.
#[derive(Clone, Debug)]
struct Node {
    slots: Vec<u16>,
    sets: Vec<u32>,
}

/// What one phase searches for.
struct Goal<'a> {
    /// The left-out classes that must end home.
    classes: Vec<usize>,
    /// Tables of pairs of them.
    unions: Vec<UnionTable>,
    groups: Vec<std::sync::Arc<GroupTable>>,
    /// Tables of which `need` at least must read 0 (any of the blocks not done).
    any: Vec<std::sync::Arc<GroupTable>>,
    need: usize,
    /// At a node whose tables all read 0, the whole sequence so far: is it a goal?
    check: Option<&'a dyn Fn(&[MoveId]) -> bool>,
    /// The tracked pieces the groups read (only those are moved).
    track: Vec<usize>,
}

impl<'a> Goal<'a> {
    fn new(
        classes: Vec<usize>,
        unions: Vec<UnionTable>,
        groups: Vec<std::sync::Arc<GroupTable>>,
        any: Vec<std::sync::Arc<GroupTable>>,
        check: Option<&'a dyn Fn(&[MoveId]) -> bool>,
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
            check,
            track,
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
        let (mut seq, mut node, classes, unions) = self.left_out(structure, moves, states)?;
        self.pair(
            structure, moves, colours, &mut seq, &mut node, classes, unions,
        )?;
        let after = moves.apply(colours, &seq);
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
    pub fn left_out_moves(
        &self,
        structure: &Structure,
        moves: &Moves,
        states: &[OrbitState],
    ) -> Option<Vec<MoveId>> {
        self.left_out(structure, moves, states).map(|x| x.0)
    }

    fn left_out(
        &self,
        structure: &Structure,
        moves: &Moves,
        states: &[OrbitState],
    ) -> Option<(Vec<MoveId>, Node, Vec<usize>, Vec<UnionTable>)> {
        let mut node = self.node(structure, states);
        let mut seq: Vec<MoveId> = Vec::new();
        let mut classes: Vec<usize> = Vec::new();
        let mut unions: Vec<UnionTable> = Vec::new();
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
            let goal = Goal::new(classes.clone(), unions.clone(), Vec::new(), Vec::new(), None);
            let found = self.ida(structure, moves, &node, &goal, PHASE_BUDGET)?;
            trace!("reduce: classes {classes:?} in {} moves", found.len());
            node = self.walk(structure, &node, &found);
            seq.extend(found);
        }
        Some((seq, node, classes, unions))
    }

    /// The table of the pair of classes `a`, `b` (of one orbit).
    fn union_table(
        &self,
        structure: &Structure,
        moves: &Moves,
        a: usize,
        b: usize,
    ) -> std::sync::Arc<Vec<u8>> {
        if let Some(t) = self
            .unions
            .lock()
            .expect("no panics while held")
            .get(&(a, b))
        {
            return t.clone();
        }
        let o = &structure.orbits[self.classes[a].orbit];
        let goal = (0..o.len())
            .filter(|&p| o.class[p] == self.classes[a].class || o.class[p] == self.classes[b].class)
            .fold(0u32, |m, p| m | 1 << p);
        let t = std::sync::Arc::new(self.fast_set_table(a, o.len(), moves, goal));
        self.unions
            .lock()
            .expect("no panics while held")
            .insert((a, b), t.clone());
        t
    }

    /// Breadth-first distances over the sets of `goal.count_ones()` of `n` positions, moved by
    /// class `c`'s move table.
    fn fast_set_table(&self, c: usize, n: usize, moves: &Moves, goal: u32) -> Vec<u8> {
        let k = goal.count_ones() as usize;
        let mut dist = vec![u8::MAX; self.binom[n][k] as usize];
        dist[self.rank(goal)] = 0;
        let mut frontier = vec![goal];
        let mut d = 0;
        let t = &self.set_next[c];
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &s in &frontier {
                for m in 0..moves.len() {
                    let base = m * 4 * 256;
                    let moved = t[base + (s & 255) as usize]
                        | t[base + 256 + (s >> 8 & 255) as usize]
                        | t[base + 512 + (s >> 16 & 255) as usize]
                        | t[base + 768 + (s >> 24) as usize];
                    let r = self.rank(moved);
                    if dist[r] == u8::MAX {
                        dist[r] = d;
                        next.push(moved);
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    /// The blocks of more than one piece, group after group (see the module doc).
    fn pair(
        &self,
        structure: &Structure,
        moves: &Moves,
        colours: &[u16],
        seq: &mut Vec<MoveId>,
        node: &mut Node,
        classes: Vec<usize>,
        unions: Vec<UnionTable>,
    ) -> Option<()> {
        let mut done: Vec<usize> = Vec::new();
        let mut groups = Vec::new();
        let singles: Vec<_> = (0..self.blocks.len())
            .map(|b| self.group_table(structure, moves, &[b]))
            .collect();
        while done.len() < self.blocks.len() {
            let open: Vec<usize> = (0..self.blocks.len()).filter(|b| !done.contains(b)).collect();
            let last = open.len() <= NEED;
            let prefix = seq.clone();
            let calls = std::cell::Cell::new(0u64);
            let check = |path: &[MoveId]| {
                calls.set(calls.get() + 1);
                let all = [&prefix[..], path].concat();
                self.reachable(moves, &moves.apply(colours, &all))
            };
            let goal = Goal::new(
                classes.clone(),
                unions.clone(),
                groups.clone(),
                open.iter().map(|&b| singles[b].clone()).collect(),
                if last { Some(&check) } else { None },
            );
            let found = self.ida(structure, moves, node, &goal, PHASE_BUDGET);
            let found = found?;
            *node = self.walk(structure, node, &found);
            let paired: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&b| singles[b].dist[singles[b].index(&node.slots)] == 0)
                .collect();
            trace!("reduce: blocks {paired:?} in {} moves ({} checks)", found.len(), calls.get());
            for b in paired {
                done.push(b);
                groups.push(singles[b].clone());
            }
            seq.extend(found);
        }
        Some(())
    }

    /// Whether the state showing `colours` is reduced and its reduced state reachable.
    fn reachable(&self, moves: &Moves, colours: &[u16]) -> bool {
        let _ = moves;
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
        Node { slots, sets }
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
        for (i, &s) in node.sets.iter().enumerate() {
            let t = &self.set_next[i];
            let base = m * 4 * 256;
            out.sets[i] = t[base + (s & 255) as usize]
                | t[base + 256 + (s >> 8 & 255) as usize]
                | t[base + 512 + (s >> 16 & 255) as usize]
                | t[base + 768 + (s >> 24) as usize];
        }
    }

    fn walk(&self, _structure: &Structure, node: &Node, seq: &[MoveId]) -> Node {
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
        let mut b = 0;
        if !goal.any.is_empty() {
            // The `need`-th smallest.
            let mut d: [u8; 64] = [0; 64];
            let n = goal.any.len().min(64);
            for (k, g) in goal.any.iter().take(n).enumerate() {
                d[k] = g.dist[g.index(&node.slots)];
            }
            d[..n].sort_unstable();
            b = d[goal.need.min(n) - 1];
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

    /// IDA* from `node` to `goal`, at most `budget` nodes.
    fn ida(
        &self,
        structure: &Structure,
        moves: &Moves,
        node: &Node,
        goal: &Goal,
        budget: u64,
    ) -> Option<Vec<MoveId>> {
        let mut nodes = 0u64;
        let mut path = Vec::new();
        let mut depth = self.bound(node, goal, u8::MAX) as usize;
        let mut scratch: Vec<Node> = Vec::new();
        loop {
            scratch.resize(depth + 1, node.clone());
            if self.dfs(
                structure,
                moves,
                node,
                goal,
                depth,
                &mut path,
                &mut scratch,
                &mut nodes,
                budget,
            ) {
                return Some(path);
            }
            if nodes >= budget || depth >= 40 {
                trace!("reduce: phase gave up at depth {depth}, {nodes} nodes");
                return None;
            }
            depth += 1;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        structure: &Structure,
        moves: &Moves,
        node: &Node,
        goal: &Goal,
        left: usize,
        path: &mut Vec<MoveId>,
        scratch: &mut [Node],
        nodes: &mut u64,
        budget: u64,
    ) -> bool {
        *nodes += 1;
        let b = self.bound(node, goal, left.min(255) as u8) as usize;
        if b > left || *nodes >= budget {
            return false;
        }
        if b == 0 && goal.check.is_none_or(|c| c(path)) {
            return true;
        }
        if left == 0 {
            return false;
        }
        let (next, rest) = scratch.split_first_mut().expect("a frame per depth");
        let after = path.last().map_or(0, |&m| m as usize + 1);
        for &m in &self.next_moves[after] {
            let m = m as usize;
            self.apply(node, m, next, Some(goal));
            path.push(m as MoveId);
            if self.dfs(
                structure,
                moves,
                next,
                goal,
                left - 1,
                path,
                rest,
                nodes,
                budget,
            ) {
                return true;
            }
            path.pop();
        }
        false
    }

    /// The next group: the blocks not done, two at a time (or whatever fits the table), nearest
    /// to done first.
    fn next_group(
        &self,
        structure: &Structure,
        moves: &Moves,
        node: &Node,
        done: &[usize],
    ) -> Vec<usize> {
        let open: Vec<usize> = (0..self.blocks.len())
            .filter(|b| !done.contains(b))
            .collect();
        let singles: Vec<(u8, usize)> = open
            .iter()
            .map(|&b| {
                let t = self.group_table(structure, moves, &[b]);
                (t.dist[t.index(&node.slots)], b)
            })
            .collect();
        let mut best: Option<((u8, u8), Vec<usize>)> = None;
        for (i, a) in singles.iter().enumerate() {
            for b in &singles[i + 1..] {
                let group = vec![a.1, b.1];
                if self.table_size(structure, &group) > GROUP_TABLE {
                    continue;
                }
                let key = (a.0.max(b.0), a.0 + b.0);
                if best.as_ref().is_none_or(|(k, _)| key < *k) {
                    best = Some((key, group));
                }
            }
        }
        best.map(|b| b.1).unwrap_or_else(|| vec![open[0]])
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
        while !indices.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &i in &indices {
                t.decode(i, &mut tuple);
                for m in 0..moves.len() {
                    let moved: Vec<u16> = tuple
                        .iter()
                        .zip(&t.pieces)
                        .map(|(&s, &id)| step(structure, self.tracked[id].orbit, m, s))
                        .collect();
                    let j = t.index_of(&moved);
                    if t.dist[j] == u8::MAX {
                        t.dist[j] = d;
                        next.push(j);
                    }
                }
            }
            indices = next;
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
fn next_moves(moves: &Moves) -> Vec<Vec<MoveId>> {
    let all: Vec<MoveId> = (0..moves.len() as MoveId).collect();
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
