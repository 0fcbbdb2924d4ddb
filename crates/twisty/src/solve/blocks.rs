//! Block building along a chain of stabilizers: a prefix of the solution for puzzles without a
//! two-phase chain (the Megaminx), after which the operator route finishes what is left.
//!
//! # The chain
//! The turns are taken away one at a time. Once a set `R` of turns is gone, the positions no
//! remaining turn touches are fixed by every remaining move: the group the remaining turns
//! generate keeps them where they are. A step's *block* is the positions it fixes that the step
//! before did not; its phase puts the pieces belonging there home with the moves of the turns
//! still there before the step, and those moves keep every earlier block solved. The next turn
//! taken away is the one whose block is biggest (ties: the lowest turn), among those whose block
//! has at most [`Limits::pieces`] pieces, all of orbits of distinct pieces. On the Megaminx this
//! gives the edge between two faces, then a corner and two edges, and so on around the first
//! faces: G0 > G1 > ... found from the permutations alone, with nothing written for a puzzle.
//!
//! # Phases
//! A phase is an IDA* over its block's pieces (the position and twist of each, one number a
//! piece: `position * twists + twist`), bounded by distance tables of groups of those pieces
//! (each at most [`Limits::table`] entries, filled by breadth-first search under the phase's
//! moves): the maximum over the groups. A phase whose search exceeds its node budget, or whose
//! pieces its moves cannot bring home, ends the chain for that state.
//!
//! The solver hands the state after each number of phases to its exact stage and operators and
//! keeps the shortest whole solution ([`super::Solver::solve`]): the first phases cost a move or
//! two a piece, the last ones more than the 3-cycles they spare.

use std::path::Path;

use super::moves::{MoveId, Moves};
use super::structure::{OrbitState, Structure};
use super::twophase::cache;

/// Distance of a table entry no search from the goal reached.
const FAR: u8 = u8::MAX;
/// The longest phase considered.
const MAX_DEPTH: usize = 20;

/// How big the chain's phases may get.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most pieces in one block.
    pub pieces: usize,
    /// Most entries of one distance table (a byte each).
    pub table: usize,
    /// Most work for all the tables together: entries times moves (each a step of their
    /// breadth-first searches), which bounds the preparation on puzzles with many turns.
    pub work: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            pieces: 5,
            table: 250_000,
            work: 400_000_000,
        }
    }
}

/// A piece a phase brings home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its orbit.
    pub orbit: usize,
    /// Its home position in the orbit.
    pub home: usize,
}

/// A distance table over some of a phase's pieces. Invariants: `stride[i]` is the product of
/// the radices of the members after `i`; `dist.len()` is the product of all radices; the entry of
/// every member at home with twist 0 is 0.
#[derive(Clone, Debug)]
struct Table {
    /// The pieces (indices into the phase's pieces), most significant first.
    members: Vec<usize>,
    /// Place value of each member's number.
    stride: Vec<usize>,
    /// Number of entries: the product of the members' radices.
    len: usize,
    /// Moves from the goal of every combination ([`FAR`]: not reachable); empty until filled.
    dist: Vec<u8>,
}

impl Table {
    /// The table of the pieces `members` (numbers below `radix[j]`), not yet filled.
    fn shape(members: Vec<usize>, radix: &[usize]) -> Table {
        let mut stride = vec![1usize; members.len()];
        for i in (0..members.len().saturating_sub(1)).rev() {
            stride[i] = stride[i + 1] * radix[members[i + 1]];
        }
        let len = members.iter().map(|&j| radix[j]).product();
        Table {
            members,
            stride,
            len,
            dist: Vec::new(),
        }
    }
}

/// One phase: a block of pieces and the moves that keep the earlier blocks solved.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Its moves (ids into the puzzle's moves): every power of the turns not yet taken away.
    pub moves: Vec<MoveId>,
    /// The block's pieces.
    pub pieces: Vec<Piece>,
    /// `next[j][x * moves.len() + k]`: piece `j`'s number after the `k`-th move from number `x`.
    next: Vec<Vec<u16>>,
    /// The goal number of each piece (home, twist 0).
    goal: Vec<u16>,
    /// How many numbers each piece has (positions times twists of its orbit).
    radix: Vec<usize>,
    /// The distance tables, whose members partition the pieces.
    tables: Vec<Table>,
}

impl Phase {
    /// The lower bound of the pieces' numbers `c`: the maximum over the tables.
    fn bound(&self, c: &[u16]) -> u8 {
        self.tables
            .iter()
            .map(|t| {
                let i: usize = t
                    .members
                    .iter()
                    .zip(&t.stride)
                    .map(|(&j, &s)| c[j] as usize * s)
                    .sum();
                t.dist[i]
            })
            .max()
            .unwrap_or(0)
    }
}

/// The chain's phases, in order.
#[derive(Clone, Debug)]
pub struct Blocks {
    /// The phases.
    pub phases: Vec<Phase>,
}

impl Blocks {
    /// The chain of `structure`'s puzzle within `limits`, with its tables (from the cache in
    /// `cache_dir` when it holds them, else built and stored there); `None` when it has no phase.
    pub fn prepare(
        structure: &Structure,
        moves: &Moves,
        limits: Limits,
        cache_dir: Option<&Path>,
    ) -> Option<Blocks> {
        let turns = moves.id.len();
        // touch[t]: the (orbit, position) pairs turn t moves or turns in place.
        let touch: Vec<Vec<(usize, usize)>> = (0..turns)
            .map(|t| {
                let mut at = Vec::new();
                for (oi, o) in structure.orbits.iter().enumerate() {
                    for p in 0..o.len() {
                        let moved = moves.id[t][1..]
                            .iter()
                            .any(|&m| o.pos(m as usize, p) != p || o.shift(m as usize, p) != 0);
                        if moved {
                            at.push((oi, p));
                        }
                    }
                }
                at
            })
            .collect();
        // touched_by[oi][p]: how many remaining turns touch the position.
        let mut touched_by: Vec<Vec<usize>> =
            structure.orbits.iter().map(|o| vec![0; o.len()]).collect();
        for at in &touch {
            for &(oi, p) in at {
                touched_by[oi][p] += 1;
            }
        }
        let mut removed = vec![false; turns];
        let mut phases: Vec<Phase> = Vec::new();
        let mut work = 0usize;
        loop {
            let block_of = |t: usize| -> Vec<Piece> {
                touch[t]
                    .iter()
                    .filter(|&&(oi, p)| touched_by[oi][p] == 1)
                    .map(|&(orbit, home)| Piece { orbit, home })
                    .collect()
            };
            let best = (0..turns)
                .filter(|&t| !removed[t])
                .map(|t| (t, block_of(t)))
                .filter(|(_, b)| {
                    b.len() <= limits.pieces && b.iter().all(|p| structure.orbits[p.orbit].distinct)
                })
                .max_by_key(|(t, b)| (b.len(), std::cmp::Reverse(*t)));
            let Some((t, block)) = best else { break };
            let left: Vec<MoveId> = (0..moves.len() as MoveId)
                .filter(|&m| !removed[moves.twist[m as usize].turn as usize])
                .collect();
            if !block.is_empty() {
                match Phase::new(structure, left, block, limits, &mut work) {
                    Some(ph) => phases.push(ph),
                    None => break,
                }
            }
            removed[t] = true;
            for &(oi, p) in &touch[t] {
                touched_by[oi][p] -= 1;
            }
        }
        crate::trace::trace!(
            "blocks: {} phases of {:?} pieces",
            phases.len(),
            phases.iter().map(|p| p.pieces.len()).collect::<Vec<_>>()
        );
        if phases.is_empty() {
            return None;
        }
        let mut blocks = Blocks { phases };
        blocks.fill(moves, limits, cache_dir);
        Some(blocks)
    }

    /// Fills the distance tables: from the cache if it holds them, else by breadth-first search
    /// (and stored when they are big enough to be worth a file).
    fn fill(&mut self, moves: &Moves, limits: Limits, cache_dir: Option<&Path>) {
        let h = cache::Fnv::new()
            .bytes(b"blocks, cross tables by triples")
            .num(cache::VERSION as u64)
            .num(limits.pieces as u64)
            .num(limits.table as u64)
            .num(limits.work as u64)
            .moves(moves);
        let key = h.0;
        if let Some(dir) = cache_dir
            && let Some(data) = cache::load(dir, key)
            && self.read(&data)
        {
            return;
        }
        for ph in &mut self.phases {
            for i in 0..ph.tables.len() {
                ph.tables[i].dist = ph.bfs(&ph.tables[i]);
            }
        }
        let bytes: usize = self.tables().map(|t| t.dist.len()).sum();
        if bytes >= 1 << 18
            && let Some(dir) = cache_dir
        {
            let mut w = cache::Writer::default();
            for t in self.tables() {
                w.bytes(&t.dist);
            }
            cache::store(dir, key, &w.0);
        }
    }

    fn tables(&self) -> impl Iterator<Item = &Table> {
        self.phases.iter().flat_map(|p| &p.tables)
    }

    /// Reads the tables `fill` stored; false (tables left empty) if they do not fit.
    fn read(&mut self, data: &[u8]) -> bool {
        let mut r = cache::Reader { rest: data };
        let mut read = Vec::new();
        for t in self.tables() {
            match r.bytes() {
                Some(d) if d.len() == t.len && d.contains(&0) => read.push(d),
                _ => return false,
            }
        }
        if !r.rest.is_empty() {
            return false;
        }
        let all = self.phases.iter_mut().flat_map(|p| p.tables.iter_mut());
        for (t, d) in all.zip(read) {
            t.dist = d;
        }
        true
    }

    /// Solves the phases in turn from `start`: the sequence after each phase solved (each
    /// extending the one before), until a phase exceeds `budget` nodes or cannot be solved.
    pub fn prefixes(
        &self,
        structure: &Structure,
        moves: &Moves,
        start: &[OrbitState],
        budget: u64,
    ) -> Vec<Vec<MoveId>> {
        let mut states = start.to_vec();
        let mut seq: Vec<MoveId> = Vec::new();
        let mut out = Vec::new();
        for phase in &self.phases {
            let codes: Vec<u16> = phase
                .pieces
                .iter()
                .map(|pc| {
                    let o = &structure.orbits[pc.orbit];
                    let st = &states[pc.orbit];
                    let p = st
                        .occ
                        .iter()
                        .position(|&h| h as usize == pc.home)
                        .unwrap_or(0);
                    (p * o.twists as usize + st.tw[p] as usize) as u16
                })
                .collect();
            let Some(found) = phase.search(moves, codes, seq.last().copied(), budget) else {
                break;
            };
            for (o, st) in structure.orbits.iter().zip(states.iter_mut()) {
                let mut scratch = st.clone();
                for &m in &found {
                    if o.touched_by[m as usize] {
                        st.apply(o, m as usize, &mut scratch);
                    }
                }
            }
            seq.extend(found);
            out.push(seq.clone());
        }
        out
    }
}

impl Phase {
    /// The phase of `pieces` under `moves`, with its tables; `None` if a table would exceed the
    /// limit, or the tables' work (added to `work`) the limit on all of them.
    fn new(
        structure: &Structure,
        moves: Vec<MoveId>,
        pieces: Vec<Piece>,
        limits: Limits,
        work: &mut usize,
    ) -> Option<Phase> {
        let radix: Vec<usize> = pieces
            .iter()
            .map(|pc| {
                let o = &structure.orbits[pc.orbit];
                o.len() * o.twists as usize
            })
            .collect();
        let next: Vec<Vec<u16>> = pieces
            .iter()
            .map(|pc| {
                let o = &structure.orbits[pc.orbit];
                let tw = o.twists as usize;
                let mut next = Vec::with_capacity(o.len() * tw * moves.len());
                for x in 0..o.len() * tw {
                    let (p, t) = (x / tw, x % tw);
                    for &m in &moves {
                        let q = o.pos(m as usize, p);
                        let u = (t + o.shift(m as usize, p) as usize) % tw;
                        next.push((q * tw + u) as u16);
                    }
                }
                next
            })
            .collect();
        let goal: Vec<u16> = pieces
            .iter()
            .map(|pc| (pc.home * structure.orbits[pc.orbit].twists as usize) as u16)
            .collect();
        // Groups of consecutive pieces, each as big as the limit allows.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut size = usize::MAX;
        for (j, &r) in radix.iter().enumerate() {
            if r > limits.table {
                return None;
            }
            match groups.last_mut() {
                Some(g) if size * r <= limits.table => {
                    g.push(j);
                    size *= r;
                }
                _ => {
                    groups.push(vec![j]);
                    size = r;
                }
            }
        }
        // Tables across the groups too, for a sharper maximum: every pair of pieces from
        // different groups is in one of them, in as few triples as a greedy cover finds (pairs
        // where triples are over the limit).
        groups.extend(cross_tables(&groups, &radix, limits.table));
        let entries: usize = groups
            .iter()
            .map(|g| g.iter().map(|&j| radix[j]).product::<usize>())
            .sum();
        *work += entries * moves.len();
        if *work > limits.work {
            return None;
        }
        let tables = groups
            .into_iter()
            .map(|g| Table::shape(g, &radix))
            .collect();
        Some(Phase {
            moves,
            pieces,
            next,
            goal,
            radix,
            tables,
        })
    }

    /// The distances of a table's entries, by breadth-first search from the goal.
    fn bfs(&self, t: &Table) -> Vec<u8> {
        let (members, stride, radix) = (&t.members, &t.stride, &self.radix);
        let mut dist = vec![FAR; t.len];
        let start: usize = members
            .iter()
            .zip(stride)
            .map(|(&j, &s)| self.goal[j] as usize * s)
            .sum();
        dist[start] = 0;
        let nm = self.moves.len();
        let mut frontier = vec![start];
        let mut depth = 0u8;
        while !frontier.is_empty() && depth < FAR - 1 {
            let mut next_frontier = Vec::new();
            for &x in &frontier {
                for k in 0..nm {
                    let y: usize = members
                        .iter()
                        .zip(stride)
                        .map(|(&j, &s)| {
                            let c = (x / s) % radix[j];
                            self.next[j][c * nm + k] as usize * s
                        })
                        .sum();
                    if dist[y] == FAR {
                        dist[y] = depth + 1;
                        next_frontier.push(y);
                    }
                }
            }
            frontier = next_frontier;
            depth += 1;
        }
        dist
    }

    /// A shortest sequence of the phase's moves bringing the pieces (numbers `codes`) home,
    /// canonical after the move `last`; `None` beyond `budget` nodes or if they cannot be.
    fn search(
        &self,
        moves: &Moves,
        codes: Vec<u16>,
        last: Option<MoveId>,
        budget: u64,
    ) -> Option<Vec<MoveId>> {
        let h = self.bound(&codes);
        if h == FAR {
            crate::trace::trace!(
                "blocks: phase of {} pieces: out of its moves' reach",
                self.pieces.len()
            );
            return None;
        }
        let mut run = Ida {
            phase: self,
            moves,
            stack: vec![codes; MAX_DEPTH + 1],
            seq: Vec::new(),
            last,
            nodes: 0,
            budget,
        };
        for depth in h as usize..=MAX_DEPTH {
            match run.dfs(0, depth) {
                Some(true) => {
                    crate::trace::trace!(
                        "blocks: phase of {} pieces: {} moves, {} nodes",
                        self.pieces.len(),
                        run.seq.len(),
                        run.nodes
                    );
                    return Some(run.seq);
                }
                Some(false) => continue,
                None => {
                    crate::trace::trace!(
                        "blocks: phase of {} pieces: over {} nodes at depth {depth}",
                        self.pieces.len(),
                        run.nodes
                    );
                    return None;
                }
            }
        }
        None
    }
}

/// Tables joining pieces of different `groups` (numbers below `radix[j]`, at most `limit`
/// entries a table) so that every such pair is in one: triples chosen greedily, each covering the
/// most pairs not yet covered (ties: the first), then the pairs left.
fn cross_tables(groups: &[Vec<usize>], radix: &[usize], limit: usize) -> Vec<Vec<usize>> {
    let group_of = |j: usize| groups.iter().position(|g| g.contains(&j));
    let n = radix.len();
    let mut open: Vec<(usize, usize)> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if group_of(a) != group_of(b) {
                open.push((a, b));
            }
        }
    }
    let mut triples: Vec<[usize; 3]> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                if radix[a] * radix[b] * radix[c] <= limit {
                    triples.push([a, b, c]);
                }
            }
        }
    }
    let covers = |t: &[usize; 3], &(a, b): &(usize, usize)| t.contains(&a) && t.contains(&b);
    let mut out = Vec::new();
    loop {
        let best = triples
            .iter()
            .map(|t| (open.iter().filter(|p| covers(t, p)).count(), t))
            .rev()
            .max_by_key(|&(k, _)| k);
        let Some((k, &t)) = best else { break };
        if k == 0 {
            break;
        }
        open.retain(|p| !covers(&t, p));
        out.push(t.to_vec());
    }
    let pairs = open
        .into_iter()
        .filter(|&(a, b)| radix[a] * radix[b] <= limit);
    out.extend(pairs.map(|(a, b)| vec![a, b]));
    out
}

/// One phase's IDA* state.
struct Ida<'a> {
    phase: &'a Phase,
    moves: &'a Moves,
    /// The pieces' numbers at every depth of the branch.
    stack: Vec<Vec<u16>>,
    /// The branch's moves.
    seq: Vec<MoveId>,
    /// The move before the phase (for canonical order), if any.
    last: Option<MoveId>,
    nodes: u64,
    budget: u64,
}

impl Ida<'_> {
    /// Whether `m` may follow the branch: not the same turn as the move before, and moves of one
    /// axis in increasing turn order (they commute).
    fn canonical(&self, m: MoveId) -> bool {
        let Some(prev) = self.seq.last().copied().or(self.last) else {
            return true;
        };
        let (a, b) = (m as usize, prev as usize);
        self.moves.axis[a] != self.moves.axis[b]
            || self.moves.twist[a].turn > self.moves.twist[b].turn
    }

    /// Sequences of exactly `left` more moves from depth `level` bringing the pieces home:
    /// `Some(true)` when found (left in `seq`), `None` when the budget is spent.
    fn dfs(&mut self, level: usize, left: usize) -> Option<bool> {
        if left == 0 {
            return Some(self.stack[level] == self.phase.goal);
        }
        let nm = self.phase.moves.len();
        for k in 0..nm {
            let m = self.phase.moves[k];
            if !self.canonical(m) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            let (lo, hi) = self.stack.split_at_mut(level + 1);
            for ((n, &c), next) in hi[0].iter_mut().zip(&lo[level]).zip(&self.phase.next) {
                *n = next[c as usize * nm + k];
            }
            if self.phase.bound(&hi[0]) as usize >= left {
                continue;
            }
            self.seq.push(m);
            if self.dfs(level + 1, left - 1)? {
                return Some(true);
            }
            self.seq.pop();
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solve::puzzle::{PermPuzzle, Slot};
    use std::collections::{HashMap, HashSet};

    fn setup(name: &str) -> (PermPuzzle, Moves, Structure) {
        let puzzle = PermPuzzle::from_model(&crate::named(name).unwrap());
        let moves = Moves::new(&puzzle);
        let structure = Structure::new(&puzzle, &moves).unwrap();
        (puzzle, moves, structure)
    }

    /// The sticker slots of a piece at home.
    fn stickers(structure: &Structure, pc: Piece) -> Vec<Slot> {
        let o = &structure.orbits[pc.orbit];
        o.stickers_at(pc.home * o.twists as usize).to_vec()
    }

    /// Shortest number of `phase_moves` taking the stickers `from` (a slot per sticker) to
    /// `to`, by a breadth-first search on the stickers' slots, moves applied as raw permutations.
    /// `None` if no sequence does.
    fn brute_distance(
        moves: &Moves,
        phase_moves: &[MoveId],
        from: Vec<Slot>,
        to: &[Slot],
    ) -> Option<usize> {
        let mut seen: HashSet<Vec<Slot>> = HashSet::from([from.clone()]);
        let mut layer = vec![from];
        for d in 0.. {
            if layer.iter().any(|x| x == to) {
                return Some(d);
            }
            let mut next = Vec::new();
            for x in &layer {
                for &m in phase_moves {
                    let y: Vec<Slot> = x
                        .iter()
                        .map(|&s| moves.perm[m as usize][s as usize])
                        .collect();
                    if seen.insert(y.clone()) {
                        next.push(y);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            layer = next;
        }
        unreachable!()
    }

    /// Every pair of pieces from different groups shares a cross table, each within the limit
    /// and joining two groups at least; checked on random shapes.
    #[test]
    fn cross_tables_cover_every_pair_across_groups() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let n = 2 + rng.below(6);
            let radix: Vec<usize> = (0..n).map(|_| 2 + rng.below(80)).collect();
            let limit = 50 + rng.below(300_000);
            let mut groups: Vec<Vec<usize>> = vec![vec![0]];
            for j in 1..n {
                if rng.below(2) == 0 {
                    groups.last_mut().unwrap().push(j);
                } else {
                    groups.push(vec![j]);
                }
            }
            let tables = cross_tables(&groups, &radix, limit);
            let group_of = |j: usize| groups.iter().position(|g| g.contains(&j)).unwrap();
            for t in &tables {
                assert!(t.iter().map(|&j| radix[j]).product::<usize>() <= limit);
                assert!(t.iter().any(|&j| group_of(j) != group_of(t[0])), "{t:?}");
            }
            for a in 0..n {
                for b in a + 1..n {
                    let shared = tables.iter().any(|t| t.contains(&a) && t.contains(&b));
                    let fits = radix[a] * radix[b] <= limit;
                    if group_of(a) != group_of(b) {
                        assert_eq!(shared, fits, "{a} {b} {tables:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_chain_keeps_earlier_blocks_and_its_phases_are_shortest() {
        let (puzzle, moves, structure) = setup("3x3x3");
        let blocks = Blocks::prepare(&structure, &moves, Limits::default(), None).unwrap();
        assert!(blocks.phases.len() >= 3, "{} phases", blocks.phases.len());
        // Every move of a phase keeps every sticker of the earlier phases' pieces where it is.
        let mut done: Vec<Slot> = Vec::new();
        for ph in &blocks.phases {
            for &m in &ph.moves {
                assert!(
                    done.iter()
                        .all(|&s| moves.perm[m as usize][s as usize] == s)
                );
            }
            // Its pieces are fixed by the next phase's moves (that is why they form a block).
            for pc in &ph.pieces {
                done.extend(stickers(&structure, *pc));
            }
        }
        // Random states: each phase brings its pieces home in the fewest of its moves, as a
        // breadth-first search on raw sticker permutations finds.
        let mut rng = Rng::new(3);
        for _ in 0..4 {
            let scramble: Vec<MoveId> = (0..25).map(|_| rng.below(moves.len()) as MoveId).collect();
            let colours = moves.apply(&puzzle.colours, &scramble);
            let states = structure.read(&puzzle, &colours).unwrap();
            let prefixes = blocks.prefixes(&structure, &moves, &states, 10_000_000);
            assert!(!prefixes.is_empty());
            // where[s]: the slot the sticker that belongs at s sits at, after the moves so far.
            let slot_of = |seq: &[MoveId]| -> HashMap<Slot, Slot> {
                let mut at: HashMap<Slot, Slot> = HashMap::new();
                let n = puzzle.stickers;
                let mut pos: Vec<Slot> = (0..n as Slot).collect();
                for &m in scramble.iter().chain(seq) {
                    pos = pos
                        .iter()
                        .map(|&s| moves.perm[m as usize][s as usize])
                        .collect();
                }
                for (home, &s) in pos.iter().enumerate() {
                    at.insert(home as Slot, s);
                }
                at
            };
            let mut before: Vec<MoveId> = Vec::new();
            for (i, ph) in blocks.phases.iter().enumerate() {
                let goal: Vec<Slot> = ph
                    .pieces
                    .iter()
                    .flat_map(|&pc| stickers(&structure, pc))
                    .collect();
                let from: Vec<Slot> = goal.iter().map(|s| slot_of(&before)[s]).collect();
                let shortest = brute_distance(&moves, &ph.moves, from, &goal);
                // The chain stops at the first phase its moves cannot finish (the subgroup of
                // the turns left constrains what the earlier phases left).
                let Some(prefix) = prefixes.get(i) else {
                    assert_eq!(shortest, None, "phase {i} gave up on a reachable goal");
                    break;
                };
                let after: Vec<Slot> = goal.iter().map(|s| slot_of(prefix)[s]).collect();
                assert_eq!(after, goal, "the phase leaves its pieces home");
                assert_eq!(Some(prefix.len() - before.len()), shortest);
                before = prefix.clone();
            }
        }
    }
}

/// Random states solved with the chain and views, checked by applying the solutions, and never
/// longer than one route alone.
#[cfg(test)]
mod solve_tests {
    use crate::rng::Rng;
    use crate::solve::moves::{MoveId, Moves};
    use crate::solve::puzzle::PermPuzzle;
    use crate::solve::{Options, Solver};

    fn solve_random(name: &str, states: u64) {
        let puzzle = PermPuzzle::from_model(&crate::named(name).unwrap());
        let moves = Moves::new(&puzzle);
        let full = Options {
            cache_dir: None,
            ..Options::default()
        };
        let single = Options {
            block_budget: 0,
            views: 1,
            ..full.clone()
        };
        let solver = Solver::prepare(&puzzle, &full).unwrap();
        assert!(solver.blocks.is_some(), "{name} has a chain");
        let alone = Solver::prepare(&puzzle, &single).unwrap();
        for seed in 1..=states {
            let mut rng = Rng::new(seed);
            let scramble: Vec<MoveId> = (0..80).map(|_| rng.below(moves.len()) as MoveId).collect();
            let colours = moves.apply(&puzzle.colours, &scramble);
            let sol = solver.solve(&colours).unwrap();
            let seq: Vec<MoveId> = sol
                .moves
                .iter()
                .map(|&t| solver.move_id(t).unwrap())
                .collect();
            assert_eq!(moves.apply(&colours, &seq), puzzle.colours, "{name} {seed}");
            let one = alone.solve(&colours).unwrap();
            assert!(sol.moves.len() <= one.moves.len(), "{name} {seed}");
        }
    }

    /// The views kept for finishing are those whose chains go furthest for fewest moves, as
    /// found by running the chain on every scouted view directly.
    #[test]
    fn scouting_keeps_the_views_whose_chains_go_furthest() {
        let puzzle = PermPuzzle::from_model(&crate::named("dodecahedron-2").unwrap());
        let moves = Moves::new(&puzzle);
        let options = Options {
            cache_dir: None,
            scout: 12,
            ..Options::default()
        };
        let solver = Solver::prepare(&puzzle, &options).unwrap();
        let blocks = solver.blocks.as_ref().unwrap();
        let key = |prefixes: &[Vec<MoveId>]| {
            let deepest = prefixes.last().map_or(0, Vec::len);
            (std::cmp::Reverse(prefixes.len()), deepest)
        };
        let mut rng = Rng::new(7);
        let scramble: Vec<MoveId> = (0..80).map(|_| rng.below(moves.len()) as MoveId).collect();
        let colours = moves.apply(&puzzle.colours, &scramble);
        let states = solver.structure.read(&puzzle, &colours).unwrap();
        let budget = options.block_budget;
        let mut all = vec![key(&blocks.prefixes(
            &solver.structure,
            &moves,
            &states,
            budget,
        ))];
        for view in solver.views.iter().take(options.scout - 1) {
            let turned = solver
                .structure
                .read(&puzzle, &view.turn(&colours))
                .unwrap();
            all.push(key(&blocks.prefixes(
                &solver.structure,
                &moves,
                &turned,
                budget,
            )));
        }
        all.sort();
        let kept: Vec<_> = solver
            .scout(&colours, states)
            .iter()
            .map(|s| key(&s.prefixes))
            .collect();
        assert_eq!(kept, all[..options.views], "the best keys, in order");
        assert!(kept[0].0.0 >= 5, "the best chain solves several blocks");
    }

    #[test]
    fn megaminx_states_are_solved_no_longer_than_by_one_route() {
        solve_random("dodecahedron-2", 2);
    }

    #[test]
    fn cube_4_states_are_solved_no_longer_than_by_one_route() {
        solve_random("cube-4", 2);
    }
}
