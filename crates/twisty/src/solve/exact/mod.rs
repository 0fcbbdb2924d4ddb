//! Exact search: iterative-deepening A* over chosen orbits, pruned by pattern databases, for the
//! parts of a puzzle that small operators cannot (or should not) solve.
//!
//! A *stage* names the orbits to solve (whole orbits, by colour) and whether the abelian
//! invariants must end at zero. The search does not move pieces: it moves *coordinates*, small
//! integers that each rank one aspect of the stage's orbits, through move tables:
//!
//! - a *group* coordinate ranks where `k` pieces of one orbit are: their positions as a partial
//!   permutation (`n (n-1) ... (n-k+1)` values) times their twists (`twists^k`);
//! - a *twist* coordinate ranks the twist at every position of one orbit (`twists^n`);
//! - a *permutation* coordinate ranks where every piece of one orbit is, ignoring twists (`n!`).
//!
//! The coordinates of a stage determine its orbits completely (each orbit is covered by a
//! permutation and a twist coordinate, or by groups partitioning its pieces). A pattern database
//! packs one or more coordinates and tabulates, by breadth-first search from the goal, the exact
//! number of moves their joint value needs; the heuristic is the maximum over the databases and
//! the invariants' distance, all admissible, so the first solution found at each depth bound is a
//! shortest one for the stage's goal, and the goal is reached exactly when every database reads 0
//! (and the invariants are zero). Moves that touch none of the stage's orbits and change no
//! invariant are skipped, and sequences are canonical (no two moves of one turn in a row, turns of
//! one axis in increasing order).
//!
//! `rank` holds the rankings of positions and arrangements, `tables` the move tables of orbits
//! and coordinates; this module chooses a stage's coordinates and databases and searches.

mod rank;
mod tables;
#[cfg(test)]
mod tests;

use crate::trace::trace;
use std::collections::HashMap;
use std::sync::Arc;

use super::invariants::Invariants;
use super::moves::{MoveId, Moves};
use super::structure::OrbitState;
#[cfg(test)]
use rank::partial_unrank;
use rank::{colour_groups, factorial, group_size, partial_rank};
use tables::Kind;

pub use rank::arrangements;
pub use tables::OrbitTables;

/// Size limits of the exact stage's tables.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Values of one coordinate at most (its move table has this many entries per move).
    pub coordinate: usize,
    /// Entries of one pattern database at most (a byte each).
    pub database: usize,
    /// Total entries of the optional group databases (beyond what covering the orbits needs).
    pub budget: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            coordinate: 1 << 18,
            database: 1 << 21,
            budget: 1 << 17,
        }
    }
}

/// A coordinate of one orbit of the stage, with its move table.
#[derive(Clone, Debug)]
struct Coord {
    /// Index into the stage's orbits.
    orbit: usize,
    /// What it ranks.
    kind: Kind,
    /// Its number of values.
    size: usize,
    /// `table[v * moves + m]`: the value after move `m` (every move of the puzzle), the moves of
    /// one value side by side (a search or a breadth-first step reads them together).
    table: Arc<Vec<u32>>,
}

/// A pattern database over some coordinates (mixed radix, the first coordinate most
/// significant): `dist[index]` moves are needed to bring them to the goal.
#[derive(Clone, Debug)]
struct Pdb {
    /// Indices into the stage's coordinates.
    coords: Vec<usize>,
    /// Moves to the goal of every joint value (`u8::MAX`: unreachable).
    dist: Arc<Vec<u8>>,
}

/// Tables shared between stages: coordinate move tables and pattern databases by description.
#[derive(Default)]
pub struct Cache {
    /// Coordinate move tables, by a description of the coordinate.
    tables: HashMap<String, Arc<Vec<u32>>>,
    /// Pattern databases, by the descriptions of their coordinates.
    dists: HashMap<String, Arc<Vec<u8>>>,
}

/// A prepared exact stage: orbits to bring home (all of them, by colour) and whether the
/// invariants must reach zero.
#[derive(Clone, Debug)]
pub struct Stage {
    /// The orbits brought home, in the plan's order.
    orbits: Vec<Arc<OrbitTables>>,
    /// Coordinates covering every orbit (each determines its orbit's pieces together with the
    /// other coordinates of that orbit).
    coords: Vec<Coord>,
    /// Databases packing the coordinates, each coordinate in exactly one.
    pdbs: Vec<Pdb>,
    /// Whether the invariants must reach zero too.
    invariants: bool,
    /// Moves of the puzzle (the row length of the coordinates' move tables).
    nmoves: usize,
    /// Moves worth trying.
    useful: Vec<MoveId>,
}

/// Outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A solution: its moves.
    Solution(Vec<MoveId>),
    /// The node budget ran out.
    Budget,
    /// No solution exists (the goal is unreachable from this state).
    Impossible,
}

impl Stage {
    /// A stage over the orbits whose tables are given.
    pub fn new(
        tables: Vec<Arc<OrbitTables>>,
        moves: &Moves,
        invariants: &Invariants,
        with_invariants: bool,
        limits: Limits,
        cache: &mut Cache,
    ) -> Stage {
        let useful = (0..moves.len())
            .filter(|&m| {
                tables.iter().any(|t| t.touching.binary_search(&m).is_ok())
                    || (with_invariants && invariants.step(0, m) != 0)
            })
            .map(|m| m as MoveId)
            .collect();
        let mut stage = Stage {
            orbits: tables,
            coords: Vec::new(),
            pdbs: Vec::new(),
            invariants: with_invariants,
            nmoves: moves.len(),
            useful,
        };
        stage.plan(moves, limits, cache);
        stage
    }

    /// Chooses coordinates (covering every orbit) and packs them into databases.
    fn plan(&mut self, moves: &Moves, limits: Limits, cache: &mut Cache) {
        let mut kinds: Vec<(usize, Kind, usize)> = Vec::new();
        let mut optional: Vec<(usize, Kind, usize)> = Vec::new();
        for (si, t) in self.orbits.iter().enumerate() {
            let (n, o) = (t.n, t.twists as usize);
            if n > 256 {
                continue; // ranks keep positions in 256-bit sets; no heuristic for this orbit
            }
            // Look-alike pieces that never twist: their colours, a group of classes at a time.
            let colours = (!t.distinct && o == 1)
                .then(|| colour_groups(&t.class_size, limits.coordinate))
                .flatten();
            if let Some(groups) = colours {
                for g in groups {
                    let size = g.ranks.size;
                    kinds.push((si, Kind::Colours(Box::new(g)), size));
                }
                continue;
            }
            let perm = factorial(n).filter(|&s| s <= limits.coordinate && t.distinct);
            let tw = (o > 1)
                .then(|| (o as u128).checked_pow(n as u32))
                .flatten()
                .filter(|&s| s <= limits.coordinate as u128)
                .map(|s| s as usize);
            let mut chunks = 1;
            while group_size(n, o, n.div_ceil(chunks)).is_none_or(|s| s > limits.coordinate) {
                chunks += 1;
            }
            let groups: Vec<(usize, Kind, usize)> = (0..chunks)
                .map(|c| {
                    let pieces: Vec<u16> = (c * n / chunks..(c + 1) * n / chunks)
                        .map(|p| p as u16)
                        .collect();
                    let size = group_size(n, o, pieces.len()).unwrap();
                    (si, Kind::Group(pieces), size)
                })
                .collect();
            let covered = perm.is_some() && (o == 1 || tw.is_some());
            if chunks == 1 || !covered {
                kinds.extend(groups);
                if chunks > 1 {
                    kinds.extend(perm.map(|s| (si, Kind::Perm, s)));
                    kinds.extend(tw.map(|s| (si, Kind::Twists, s)));
                }
            } else {
                kinds.push((si, Kind::Perm, perm.unwrap()));
                kinds.extend(tw.map(|s| (si, Kind::Twists, s)));
                optional.extend(groups);
            }
        }
        // Optional groups while the budget lasts, smallest first.
        optional.sort_by_key(|k| k.2);
        let mut spent = 0;
        for k in optional {
            if spent + k.2 <= limits.budget {
                spent += k.2;
                kinds.push(k);
            }
        }
        for (si, kind, size) in kinds {
            let table = self.move_table(si, &kind, size, moves, cache);
            self.coords.push(Coord {
                orbit: si,
                kind,
                size,
                table,
            });
        }
        // Pack coordinates into databases: first fit, largest first.
        let mut order: Vec<usize> = (0..self.coords.len()).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(self.coords[c].size));
        let mut packs: Vec<(Vec<usize>, usize)> = Vec::new();
        for c in order {
            let size = self.coords[c].size;
            match packs
                .iter_mut()
                .find(|(_, s)| s.saturating_mul(size) <= limits.database)
            {
                Some((cs, s)) => {
                    cs.push(c);
                    *s *= size;
                }
                None => packs.push((vec![c], size)),
            }
        }
        for (coords, _) in packs {
            let key = coords
                .iter()
                .map(|&c| self.describe(c))
                .collect::<Vec<_>>()
                .join(" * ");
            let dist = match cache.dists.get(&key) {
                Some(d) => d.clone(),
                None => {
                    let d = Arc::new(self.bfs(&coords));
                    cache.dists.insert(key, d.clone());
                    d
                }
            };
            self.pdbs.push(Pdb { coords, dist });
        }
    }

    fn describe(&self, c: usize) -> String {
        let co = &self.coords[c];
        let orbit = self.orbits[co.orbit].orbit;
        match &co.kind {
            Kind::Group(p) => format!("group {orbit} {p:?}"),
            Kind::Twists => format!("twists {orbit}"),
            Kind::Perm => format!("perm {orbit}"),
            Kind::Colours(g) => format!("colours {orbit} {:?}", g.map),
        }
    }

    /// The slots of a group value.
    #[cfg(test)]
    fn group_decode(t: &OrbitTables, k: usize, v: usize, slots: &mut [usize]) {
        let o = t.twists as usize;
        let ok = o.pow(k as u32);
        let mut tw = v % ok;
        partial_unrank(v / ok, t.n, &mut slots[..k]);
        for i in (0..k).rev() {
            slots[i] = slots[i] * o + tw % o;
            tw /= o;
        }
    }

    /// The value of a group from its pieces' slots.
    fn group_value(t: &OrbitTables, slots: &[usize], scratch: &mut [usize]) -> usize {
        let o = t.twists as usize;
        let k = slots.len();
        let mut tw = 0;
        for (i, &s) in slots.iter().enumerate() {
            scratch[i] = s / o;
            tw = tw * o + s % o;
        }
        partial_rank(&scratch[..k], t.n) * o.pow(k as u32) + tw
    }

    /// The move table of a coordinate (cached: a group's table depends only on its size).
    fn move_table(
        &self,
        si: usize,
        kind: &Kind,
        size: usize,
        moves: &Moves,
        cache: &mut Cache,
    ) -> Arc<Vec<u32>> {
        let t = &self.orbits[si];
        let key = match kind {
            Kind::Group(p) => format!("group {} {}", t.orbit, p.len()),
            Kind::Twists => format!("twists {}", t.orbit),
            Kind::Perm => format!("perm {}", t.orbit),
            Kind::Colours(g) => format!("colours {} {:?}", t.orbit, g.map),
        };
        if let Some(table) = cache.tables.get(&key) {
            return table.clone();
        }
        let table = Arc::new(tables::move_table(t, kind, size, moves));
        cache.tables.insert(key, table.clone());
        table
    }

    /// Whether a coordinate value is a goal value: the definition, which the tests check
    /// [`Stage::goal_values`] against.
    #[cfg(test)]
    fn goal(&self, c: usize, v: usize, cur: &mut [usize]) -> bool {
        let co = &self.coords[c];
        let t = &self.orbits[co.orbit];
        match &co.kind {
            Kind::Group(pieces) => {
                Self::group_decode(t, pieces.len(), v, cur);
                let o = t.twists as usize;
                pieces
                    .iter()
                    .zip(cur.iter())
                    .all(|(&q, &s)| s % o == 0 && t.class[s / o] == t.class[q as usize])
            }
            Kind::Twists => v == 0,
            Kind::Perm => v == 0,
            Kind::Colours(g) => v == g.rank(t.class.iter().copied(), &mut Vec::new()),
        }
    }

    /// The goal values of a coordinate (those [`Stage::goal`] accepts), increasing: for a group,
    /// enumerated piece by piece (each at twist 0 on a free position of its own class) rather
    /// than by testing every value.
    fn goal_values(&self, c: usize) -> Vec<usize> {
        let co = &self.coords[c];
        let t = &self.orbits[co.orbit];
        let pieces = match &co.kind {
            Kind::Group(pieces) => pieces,
            Kind::Colours(g) => return vec![g.rank(t.class.iter().copied(), &mut Vec::new())],
            Kind::Twists | Kind::Perm => return vec![0],
        };
        fn place(t: &OrbitTables, pieces: &[u16], pos: &mut Vec<usize>, out: &mut Vec<usize>) {
            let i = pos.len();
            if i == pieces.len() {
                // Every twist 0: the value is the positions' rank times `twists^k`.
                let k = pieces.len();
                out.push(partial_rank(pos, t.n) * (t.twists as usize).pow(k as u32));
                return;
            }
            for p in 0..t.n {
                if t.class[p] == t.class[pieces[i] as usize] && !pos.contains(&p) {
                    pos.push(p);
                    place(t, pieces, pos, out);
                    pos.pop();
                }
            }
        }
        let mut out = Vec::new();
        place(t, pieces, &mut Vec::with_capacity(pieces.len()), &mut out);
        out.sort_unstable();
        out
    }

    /// Breadth-first search from the goal over the joint values of some coordinates.
    ///
    /// Layer by layer; a small layer is kept as a list of its values, a large one is found again
    /// by scanning `dist` in order, which also reads the move tables' rows in order (a list in
    /// discovery order reads them at random: a cache miss per value). Once fewer values are left
    /// than the last layer holds, the search goes bottom-up: each value not reached yet looks for
    /// a neighbour in the last layer (the moves are closed under inverses, so neighbours are
    /// parents), stopping at the first.
    fn bfs(&self, coords: &[usize]) -> Vec<u8> {
        let sizes: Vec<usize> = coords.iter().map(|&c| self.coords[c].size).collect();
        let total: usize = sizes.iter().product();
        let mut dist = vec![u8::MAX; total];
        // Goal values of each coordinate, then their combinations.
        let goals: Vec<Vec<usize>> = coords.iter().map(|&c| self.goal_values(c)).collect();
        let mut layer: Vec<u32> = vec![0];
        for (g, &size) in goals.iter().zip(&sizes) {
            layer = layer
                .iter()
                .flat_map(|&f| g.iter().map(move |&v| (f as usize * size + v) as u32))
                .collect();
        }
        for &f in &layer {
            dist[f as usize] = 0;
        }
        let moves: Vec<usize> = {
            let mut m: Vec<usize> = coords
                .iter()
                .flat_map(|&c| self.orbits[self.coords[c].orbit].touching.iter().copied())
                .collect();
            m.sort_unstable();
            m.dedup();
            m
        };
        let tables: Vec<&[u32]> = coords.iter().map(|&c| &self.coords[c].table[..]).collect();
        let nmoves = self.nmoves;
        // The joint value after move `m` from the joint value whose digits are `vals`.
        let step = |vals: &[usize], m: usize| -> usize {
            let mut j = 0usize;
            for i in 0..vals.len() {
                j = j * sizes[i] + tables[i][vals[i] * nmoves + m] as usize;
            }
            j
        };
        let decode = |mut x: usize, vals: &mut [usize]| {
            for i in (0..vals.len()).rev() {
                vals[i] = x % sizes[i];
                x /= sizes[i];
            }
        };
        // Layers larger than this are scanned for rather than listed.
        let listed = (total / 64).max(1024);
        let mut vals = vec![0usize; coords.len()];
        let mut count = layer.len(); // values in the last layer
        let mut listing = true; // whether `layer` lists the last layer
        let mut seen = count;
        let mut depth = 0u8;
        while count > 0 {
            depth += 1;
            let last = depth - 1;
            let mut next = Vec::new();
            let mut found = 0;
            let mut reach = |j: usize, dist: &mut [u8]| {
                dist[j] = depth;
                found += 1;
                if next.len() < listed {
                    next.push(j as u32);
                }
            };
            if total - seen < count {
                for j in 0..total {
                    if dist[j] == u8::MAX {
                        decode(j, &mut vals);
                        if moves.iter().any(|&m| dist[step(&vals, m)] == last) {
                            reach(j, &mut dist);
                        }
                    }
                }
            } else {
                let mut expand = |idx: usize, dist: &mut [u8]| {
                    decode(idx, &mut vals);
                    for &m in &moves {
                        let j = step(&vals, m);
                        if dist[j] == u8::MAX {
                            reach(j, dist);
                        }
                    }
                };
                if listing {
                    for &idx in &layer {
                        expand(idx as usize, &mut dist);
                    }
                } else {
                    // Eight distances at a time: skip the words holding no `last`.
                    let ones = u64::from_le_bytes([1; 8]);
                    let pattern = ones * last as u64;
                    for w in 0..total.div_ceil(8) {
                        let lo = w * 8;
                        let hi = (lo + 8).min(total);
                        if hi - lo == 8 {
                            let x = u64::from_le_bytes(dist[lo..hi].try_into().unwrap()) ^ pattern;
                            if x.wrapping_sub(ones) & !x & (ones << 7) == 0 {
                                continue; // no zero byte: no `last` here
                            }
                        }
                        for idx in lo..hi {
                            if dist[idx] == last {
                                expand(idx, &mut dist);
                            }
                        }
                    }
                }
            }
            listing = found < listed;
            count = found;
            seen += found;
            layer = next;
        }
        dist
    }

    /// The coordinates of orbit states.
    fn values(&self, states: &[OrbitState]) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.coords.len());
        for co in &self.coords {
            let t = &self.orbits[co.orbit];
            let st = &states[t.orbit];
            let o = t.twists as usize;
            // slot of each piece
            let mut slot = vec![0usize; t.n];
            for p in 0..t.n {
                slot[st.occ[p] as usize] = p * o + st.tw[p] as usize;
            }
            let v = match &co.kind {
                Kind::Group(pieces) => {
                    let s: Vec<usize> = pieces.iter().map(|&q| slot[q as usize]).collect();
                    let mut scratch = vec![0usize; s.len()];
                    Self::group_value(t, &s, &mut scratch)
                }
                Kind::Twists => (0..t.n).rev().fold(0, |a, p| a * o + st.tw[p] as usize),
                Kind::Perm => {
                    let pos: Vec<usize> = slot.iter().map(|&s| s / o).collect();
                    partial_rank(&pos, t.n)
                }
                Kind::Colours(g) => {
                    let class = st.occ.iter().map(|&q| t.class[q as usize]);
                    g.rank(class, &mut Vec::with_capacity(t.n))
                }
            };
            out.push(v as u32);
        }
        out
    }

    #[inline]
    fn heuristic(&self, vals: &[u32], inv: &Invariants, code: u64) -> Option<u8> {
        let mut h = 0u8;
        for pdb in &self.pdbs {
            let mut idx = 0usize;
            for &c in &pdb.coords {
                idx = idx * self.coords[c].size + vals[c] as usize;
            }
            h = h.max(pdb.dist[idx]);
        }
        if h == u8::MAX {
            return None;
        }
        if self.invariants {
            h = h.max(inv.distance(code)?);
        }
        Some(h)
    }

    /// Searches a shortest sequence reaching the stage's goal from `states` (with invariant vector
    /// `code`), within `budget` nodes and `max_depth` moves.
    pub fn search(
        &self,
        moves: &Moves,
        inv: &Invariants,
        states: &[OrbitState],
        code: u64,
        budget: u64,
        max_depth: usize,
    ) -> Found {
        let vals = self.values(states);
        let Some(h0) = self.heuristic(&vals, inv, code) else {
            return Found::Impossible;
        };
        let mut ctx = Ctx {
            moves,
            inv,
            nodes: 0,
            budget,
            path: Vec::new(),
            bufs: vec![vals; max_depth + 2],
        };
        let mut bound = h0 as usize;
        while bound <= max_depth {
            match self.dfs(&mut ctx, 0, code, bound, h0, None) {
                Step::Found => {
                    trace!("stage: {} moves, {} nodes", ctx.path.len(), ctx.nodes);
                    return Found::Solution(ctx.path);
                }
                Step::Budget => return Found::Budget,
                Step::NotFound => bound += 1,
            }
        }
        Found::Budget
    }

    fn dfs(
        &self,
        ctx: &mut Ctx,
        depth: usize,
        code: u64,
        left: usize,
        h: u8,
        last: Option<MoveId>,
    ) -> Step {
        if h == 0 && (!self.invariants || code == 0) {
            return Step::Found;
        }
        if left == 0 {
            return Step::NotFound;
        }
        for &m in &self.useful {
            if let Some(l) = last {
                let (tl, tm) = (
                    ctx.moves.twist[l as usize].turn,
                    ctx.moves.twist[m as usize].turn,
                );
                if tl == tm || (ctx.moves.axis[l as usize] == ctx.moves.axis[m as usize] && tm < tl)
                {
                    continue;
                }
            }
            ctx.nodes += 1;
            if ctx.nodes > ctx.budget {
                return Step::Budget;
            }
            {
                let (lo, hi) = ctx.bufs.split_at_mut(depth + 1);
                let (vals, next) = (&lo[depth], &mut hi[0]);
                for (i, co) in self.coords.iter().enumerate() {
                    next[i] = co.table[vals[i] as usize * self.nmoves + m as usize];
                }
            }
            let code2 = if self.invariants {
                ctx.inv.step(code, m as usize)
            } else {
                code
            };
            let Some(h2) = self.heuristic(&ctx.bufs[depth + 1], ctx.inv, code2) else {
                continue;
            };
            if h2 as usize > left - 1 {
                continue;
            }
            ctx.path.push(m);
            match self.dfs(ctx, depth + 1, code2, left - 1, h2, Some(m)) {
                Step::Found => return Step::Found,
                Step::Budget => return Step::Budget,
                Step::NotFound => {}
            }
            ctx.path.pop();
        }
        Step::NotFound
    }

    /// Total entries of the stage's pattern databases.
    pub fn entries(&self) -> usize {
        self.pdbs.iter().map(|p| p.dist.len()).sum()
    }
}

/// The state of one search: what it reads, the nodes spent and the path so far.
struct Ctx<'a> {
    moves: &'a Moves,
    inv: &'a Invariants,
    /// Nodes visited so far, at most `budget`.
    nodes: u64,
    budget: u64,
    /// The moves from the start to the current node.
    path: Vec<MoveId>,
    /// The coordinates at each depth.
    bufs: Vec<Vec<u32>>,
}

/// Outcome of a search below one node.
enum Step {
    Found,
    Budget,
    NotFound,
}
