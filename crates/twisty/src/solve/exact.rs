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

use crate::trace::trace;
use std::collections::HashMap;
use std::sync::Arc;

use super::invariants::Invariants;
use super::moves::{MoveId, Moves};
use super::structure::{Orbit, OrbitState};

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

/// One orbit's tables for exact search: its moves on slots.
#[derive(Clone, Debug)]
pub struct OrbitTables {
    orbit: usize,
    n: usize,
    slots: usize,
    twists: u16,
    /// `mv[m * slots + s]`: the slot move `m` sends slot `s` to.
    mv: Vec<u16>,
    /// Class of each position.
    class: Vec<u32>,
    /// Moves touching the orbit, increasing.
    touching: Vec<usize>,
    distinct: bool,
    /// Number of positions of each class.
    class_size: Vec<u32>,
}

impl OrbitTables {
    /// Slot tables for one orbit.
    pub fn new(orbits: &[Orbit], oi: usize, moves: &Moves) -> OrbitTables {
        let orbit = &orbits[oi];
        let o = orbit.twists as usize;
        let n = orbit.len();
        let slots = n * o;
        let mut mv = vec![0u16; moves.len() * slots];
        for m in 0..moves.len() {
            for p in 0..n {
                let q = orbit.pos(m, p);
                let sh = orbit.shift(m, p) as usize;
                for t in 0..o {
                    mv[m * slots + p * o + t] = (q * o + (t + sh) % o) as u16;
                }
            }
        }
        let touching = (0..moves.len()).filter(|&m| orbit.touched_by[m]).collect();
        OrbitTables {
            orbit: oi,
            n,
            slots,
            twists: orbit.twists,
            mv,
            class: orbit.class.clone(),
            touching,
            distinct: orbit.distinct,
            class_size: orbit.class_size.clone(),
        }
    }

    /// Index of the orbit in the puzzle.
    pub fn orbit(&self) -> usize {
        self.orbit
    }

    /// Moves touching the orbit.
    pub fn touching(&self) -> &[usize] {
        &self.touching
    }
}

/// What a coordinate ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Where these pieces (home positions) are, with their twists.
    Group(Vec<u16>),
    /// The twist at every position.
    Twists,
    /// Where every piece is.
    Perm,
    /// Which class of a group is at every position, the other classes seen as one (look-alike
    /// pieces that never twist): much smaller than the pieces' permutation, as look-alike pieces
    /// are not told apart.
    Colours(Box<ColourGroup>),
}

/// A coordinate of one orbit of the stage, with its move table.
#[derive(Clone, Debug)]
struct Coord {
    /// Index into the stage's orbits.
    orbit: usize,
    kind: Kind,
    size: usize,
    /// `table[v * moves + m]`: the value after move `m` (every move of the puzzle), the moves of
    /// one value side by side (a search or a breadth-first step reads them together).
    table: Arc<Vec<u32>>,
}

/// A pattern database over some coordinates (mixed radix, the first coordinate most
/// significant): `dist[index]` moves are needed to bring them to the goal.
#[derive(Clone, Debug)]
struct Pdb {
    coords: Vec<usize>,
    dist: Arc<Vec<u8>>,
}

fn group_size(n: usize, o: usize, k: usize) -> Option<usize> {
    let mut s = 1usize;
    for i in 0..k {
        s = s.checked_mul(n - i)?.checked_mul(o)?;
    }
    Some(s)
}

fn factorial(n: usize) -> Option<usize> {
    (1..=n).try_fold(1usize, |a, x| a.checked_mul(x))
}

/// Ranks the arrangements of an orbit's look-alike pieces (classes numbered densely): the class
/// at every position, in lexicographic order. A *state* counts the pieces of each class still to
/// place (mixed radix, class `c` weighing `unit[c]`); placing class `c` at the next position skips
/// the arrangements that place a smaller class there, `skip[state * classes + c]` of them, and
/// takes `unit[c]` from the state. Ranking is then a lookup and a subtraction per position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Arrangements {
    /// The weight of each class in a state.
    unit: Vec<usize>,
    /// The state before the first position: every piece still to place.
    full: usize,
    /// `skip[state * classes + c]`: arrangements of the state's pieces starting with a class
    /// below `c`; `usize::MAX` when the state has no piece of class `c`.
    skip: Vec<usize>,
    /// Number of arrangements (saturating).
    size: usize,
}

impl Arrangements {
    /// The ranks of an orbit with `class_size[c]` positions of class `c`, if its states are few
    /// (at most `max_states`).
    fn new(class_size: &[u32], max_states: usize) -> Option<Arrangements> {
        let classes = class_size.len();
        let mut unit = Vec::with_capacity(classes);
        let mut states = 1usize;
        for &k in class_size {
            unit.push(states);
            states = states
                .checked_mul(k as usize + 1)
                .filter(|&s| s <= max_states)?;
        }
        let full = class_size
            .iter()
            .zip(&unit)
            .map(|(&k, &u)| k as usize * u)
            .sum();
        let left = |s: usize, c: usize| s / unit[c] % (class_size[c] as usize + 1);
        // `count[s]`: arrangements of the pieces of state `s`; a state minus one piece is smaller.
        let mut count = vec![1usize; states];
        let mut skip = vec![usize::MAX; states * classes];
        for s in 0..states {
            let mut below = 0usize;
            for c in 0..classes {
                if left(s, c) > 0 {
                    skip[s * classes + c] = below;
                    below = below.saturating_add(count[s - unit[c]]);
                }
            }
            if s > 0 {
                count[s] = below;
            }
        }
        Some(Arrangements {
            unit,
            full,
            skip,
            size: count[full],
        })
    }

    /// The rank of the arrangement with class `arr[p]` at position `p`.
    #[inline]
    fn rank(&self, arr: &[u32]) -> usize {
        let classes = self.unit.len();
        let (mut s, mut r) = (self.full, 0);
        for &c in arr {
            r += self.skip[s * classes + c as usize];
            s -= self.unit[c as usize];
        }
        r
    }

    /// The arrangement of rank `r`, into `arr`: at each position the largest class whose skip
    /// is at most what is left of the rank.
    fn unrank(&self, mut r: usize, arr: &mut [u32]) {
        let classes = self.unit.len();
        let mut s = self.full;
        for a in arr.iter_mut() {
            let row = &self.skip[s * classes..(s + 1) * classes];
            let c = (0..classes)
                .rev()
                .find(|&c| row[c] <= r)
                .expect("a rank below the number of arrangements");
            r -= row[c];
            s -= self.unit[c];
            *a = c as u32;
        }
    }
}

/// Some classes of an orbit of look-alike pieces, the others seen as one blank class.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ColourGroup {
    /// The group's class of each class of the orbit (the blank class last).
    map: Vec<u32>,
    ranks: Arrangements,
}

impl ColourGroup {
    /// The rank of the arrangement with (orbit) class `class[p]` at position `p`.
    fn rank(&self, class: impl Iterator<Item = u32>, scratch: &mut Vec<u32>) -> usize {
        scratch.clear();
        scratch.extend(class.map(|c| self.map[c as usize]));
        self.ranks.rank(scratch)
    }
}

/// Groups of consecutive classes covering an orbit with `class_size[c]` positions of class `c`,
/// each with at most `limit` arrangements (the others blank); `None` when one class alone has
/// more.
fn colour_groups(class_size: &[u32], limit: usize) -> Option<Vec<ColourGroup>> {
    let n: u32 = class_size.iter().sum();
    let group = |classes: std::ops::Range<usize>| {
        let blank = n - class_size[classes.clone()].iter().sum::<u32>();
        let mut sizes = class_size[classes.clone()].to_vec();
        sizes.push(blank);
        let ranks = Arrangements::new(&sizes, limit).filter(|a| a.size <= limit)?;
        let k = classes.len() as u32;
        let map = (0..class_size.len() as u32)
            .map(|c| {
                c.checked_sub(classes.start as u32)
                    .filter(|&i| i < k)
                    .unwrap_or(k)
            })
            .collect();
        Some(ColourGroup { map, ranks })
    };
    let mut groups = Vec::new();
    let mut start = 0;
    while start < class_size.len() {
        let mut end = start + 1;
        let mut best = group(start..end)?;
        while let Some(g) = (end < class_size.len())
            .then(|| group(start..end + 1))
            .flatten()
        {
            best = g;
            end += 1;
        }
        groups.push(best);
        start = end;
    }
    Some(groups)
}

/// The number of arrangements of an orbit's look-alike pieces (`class_size[c]` positions of class
/// `c`), if at most `limit`.
pub fn arrangements(class_size: &[u32], limit: usize) -> Option<usize> {
    Arrangements::new(class_size, limit)
        .map(|a| a.size)
        .filter(|&s| s <= limit)
}

/// Rank of distinct positions `p` (each `< n <= 256`) as a partial permutation: the mixed-radix
/// number whose `i`-th digit (radix `n - i`) counts the positions below `p[i]` not taken by
/// `p[..i]`.
fn partial_rank(p: &[usize], n: usize) -> usize {
    if n <= 64 {
        // One word of positions, kept in a register (the common case, and the hot one).
        let mut used = 0u64;
        let mut r = 0;
        for (i, &x) in p.iter().enumerate() {
            let below = (used & ((1u64 << x) - 1)).count_ones() as usize;
            r = r * (n - i) + (x - below);
            used |= 1 << x;
        }
        return r;
    }
    let mut used = [0u64; 4];
    let mut r = 0;
    for (i, &x) in p.iter().enumerate() {
        let w = x / 64;
        let mut below = (used[w] & ((1u64 << (x % 64)) - 1)).count_ones() as usize;
        for u in &used[..w] {
            below += u.count_ones() as usize;
        }
        r = r * (n - i) + (x - below);
        used[w] |= 1 << (x % 64);
    }
    r
}

/// Inverse of [`partial_rank`]: the `out.len()` positions of rank `r`.
fn partial_unrank(mut r: usize, n: usize, out: &mut [usize]) {
    let k = out.len();
    // The digits first (in `out`), then each digit replaced by the free position it counts.
    for i in (0..k).rev() {
        out[i] = r % (n - i);
        r /= n - i;
    }
    if n <= 64 {
        let mut used = 0u64;
        for slot in out.iter_mut() {
            let mut bits = !used;
            for _ in 0..*slot {
                bits &= bits - 1;
            }
            let x = bits.trailing_zeros() as usize;
            used |= 1 << x;
            *slot = x;
        }
        return;
    }
    let mut used = [0u64; 4];
    for slot in out.iter_mut() {
        // The `c`-th free position: free positions below `n` come before any at or above it,
        // and `c < n - i` of them are free, so the one found is below `n`.
        let mut c = *slot;
        let mut w = 0;
        loop {
            let free = (!used[w]).count_ones() as usize;
            if c < free {
                break;
            }
            c -= free;
            w += 1;
        }
        let mut bits = !used[w];
        for _ in 0..c {
            bits &= bits - 1;
        }
        let x = w * 64 + bits.trailing_zeros() as usize;
        used[w] |= 1 << (x % 64);
        *slot = x;
    }
}

/// Tables shared between stages: coordinate move tables and pattern databases by description.
#[derive(Default)]
pub struct Cache {
    tables: HashMap<String, Arc<Vec<u32>>>,
    dists: HashMap<String, Arc<Vec<u8>>>,
}

/// A prepared exact stage: orbits to bring home (all of them, by colour) and whether the
/// invariants must reach zero.
#[derive(Clone, Debug)]
pub struct Stage {
    orbits: Vec<Arc<OrbitTables>>,
    coords: Vec<Coord>,
    pdbs: Vec<Pdb>,
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
        let nmoves = moves.len();
        let n = t.n;
        let mut table = vec![0u32; nmoves * size];
        for m in 0..nmoves {
            if t.touching.binary_search(&m).is_err() {
                for v in 0..size {
                    table[v * nmoves + m] = v as u32;
                }
            }
        }
        // Where each touching move sends each position (`to`), and the twist it adds (`add`).
        let o = t.twists as usize;
        let mut to = vec![0usize; nmoves * n];
        let mut add = vec![0usize; nmoves * n];
        for &m in &t.touching {
            for p in 0..n {
                let s = t.mv[m * t.slots + p * o] as usize;
                to[m * n + p] = s / o;
                add[m * n + p] = s % o;
            }
        }
        let shifts = Shifts { to, add };
        match kind {
            Kind::Group(p) => group_rows(t, p.len(), &shifts, nmoves, &mut table),
            Kind::Twists | Kind::Perm => whole_rows(t, kind, moves, &shifts, &mut table),
            Kind::Colours(g) => colour_rows(t, g, moves, &shifts, &mut table),
        }
        let table = Arc::new(table);
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

struct Ctx<'a> {
    moves: &'a Moves,
    inv: &'a Invariants,
    nodes: u64,
    budget: u64,
    path: Vec<MoveId>,
    /// The coordinates at each depth.
    bufs: Vec<Vec<u32>>,
}

enum Step {
    Found,
    Budget,
    NotFound,
}

/// The moves of one orbit on positions: move `m` sends position `p` to `to[m * n + p]` and adds
/// `add[m * n + p]` to the twist of the piece there (rows of moves not touching the orbit unset).
struct Shifts {
    to: Vec<usize>,
    add: Vec<usize>,
}

/// Rank of positions in one word (`n <= 64`), with place values `weight` (the same number as
/// [`partial_rank`], whose Horner form chains a multiplication through every digit).
fn rank_in_word(p: &[usize], weight: &[usize]) -> usize {
    let mut used = 0u64;
    let mut r = 0;
    for (&x, &w) in p.iter().zip(weight) {
        r += (x - (used & ((1u64 << x) - 1)).count_ones() as usize) * w;
        used |= 1 << x;
    }
    r
}

/// Fills a group coordinate's move table (`k` pieces; value `rank * twists^k + their twists`).
///
/// A move sends the pieces' positions to new positions whatever their twists, and adds to each
/// twist an amount that depends on its position only: so each position rank is ranked once per
/// move, and its `twists^k` values are mapped by adding those amounts digit by digit, the
/// digits kept as an odometer (no divisions).
fn group_rows(t: &OrbitTables, k: usize, sh: &Shifts, nmoves: usize, table: &mut [u32]) {
    let (n, o) = (t.n, t.twists as usize);
    let ok = o.pow(k as u32);
    let ranks = (0..k).map(|i| n - i).product::<usize>();
    let weight: Vec<usize> = (0..k)
        .map(|i| (i + 1..k).map(|j| n - j).product())
        .collect();
    // `place[i]`: the place value of twist digit `i` (the last digit is the least significant).
    let place: Vec<usize> = (0..k).map(|i| o.pow((k - 1 - i) as u32)).collect();
    let mut pos = vec![0usize; k];
    let mut img = vec![0usize; k];
    let mut shift = vec![0usize; k];
    let mut digit = vec![0usize; k];
    for r in 0..ranks {
        partial_unrank(r, n, &mut pos);
        for &m in &t.touching {
            let (to, add) = (&sh.to[m * n..(m + 1) * n], &sh.add[m * n..(m + 1) * n]);
            for i in 0..k {
                img[i] = to[pos[i]];
                shift[i] = add[pos[i]];
            }
            let base = if n <= 64 {
                rank_in_word(&img, &weight)
            } else {
                partial_rank(&img, n)
            } * ok;
            // `mapped`: the twists after the move, for twists `digit` before it.
            digit.fill(0);
            let mut mapped: usize = (0..k).map(|i| shift[i] * place[i]).sum();
            for tw in 0..ok {
                table[(r * ok + tw) * nmoves + m] = (base + mapped) as u32;
                // Next twists: the odometer's last digit up by one, carrying.
                let mut i = k;
                while i > 0 {
                    i -= 1;
                    let before = (digit[i] + shift[i]) % o;
                    digit[i] += 1;
                    if digit[i] == o {
                        digit[i] = 0;
                    }
                    let after = (digit[i] + shift[i]) % o;
                    mapped = mapped + after * place[i] - before * place[i];
                    if digit[i] != 0 {
                        break;
                    }
                }
            }
        }
    }
}

/// Fills the move table of a permutation or twists coordinate (every piece of the orbit).
///
/// The values are visited in order, as an odometer of their mixed-radix digits (most significant
/// first; no divisions): for a permutation, its rank's `n` digits (radices `n, n - 1, ...`, see
/// [`partial_rank`]); for twists, the twist at each position, the last position first. Only
/// the single turns (amount 1) are computed by moving the pieces; a turn by `a` is its turn by
/// `a - 1` followed by one more, two lookups (the moves act on the values, so tables compose).
fn whole_rows(t: &OrbitTables, kind: &Kind, moves: &Moves, sh: &Shifts, table: &mut [u32]) {
    let nmoves = moves.len();
    let (n, o) = (t.n, t.twists as usize);
    let size = table.len() / nmoves;
    let singles = single_turns(t, moves);
    let (ranked, radix): (usize, Vec<usize>) = match kind {
        Kind::Perm => (n, (0..n).map(|i| n - i).collect()),
        _ => (0, vec![o; n]),
    };
    let weight: Vec<usize> = (0..ranked)
        .map(|i| (i + 1..ranked).map(|j| n - j).product())
        .collect();
    let mut digit = vec![0usize; radix.len()];
    // `pos`: where each piece is (permutations); `tw`: the twist at each position (twists).
    let mut pos = vec![0usize; n];
    let mut tw = vec![0usize; n];
    let mut img = vec![0usize; n];
    for v in 0..size {
        match kind {
            Kind::Perm => {
                if n <= 64 {
                    let mut used = 0u64;
                    for (p, &d) in pos.iter_mut().zip(&digit) {
                        let mut free = !used;
                        for _ in 0..d {
                            free &= free - 1;
                        }
                        *p = free.trailing_zeros() as usize;
                        used |= 1 << *p;
                    }
                } else {
                    partial_unrank(v, n, &mut pos);
                }
            }
            _ => {
                for (t, &d) in tw.iter_mut().zip(digit.iter().rev()) {
                    *t = d;
                }
            }
        }
        for &m in &singles {
            let (to, add) = (&sh.to[m * n..(m + 1) * n], &sh.add[m * n..(m + 1) * n]);
            let w = match kind {
                Kind::Perm => {
                    for i in 0..n {
                        img[i] = to[pos[i]];
                    }
                    if n <= 64 {
                        rank_in_word(&img, &weight)
                    } else {
                        partial_rank(&img, n)
                    }
                }
                _ => {
                    // Position-major: the twist at p moves to the image of p.
                    for p in 0..n {
                        let x = tw[p] + add[p];
                        img[to[p]] = if x >= o { x - o } else { x };
                    }
                    img.iter().rev().fold(0, |a, &x| a * o + x)
                }
            };
            table[v * nmoves + m] = w as u32;
        }
        // Next value: the odometer's last digit up by one, carrying.
        let mut i = digit.len();
        while i > 0 {
            i -= 1;
            digit[i] += 1;
            if digit[i] < radix[i] {
                break;
            }
            digit[i] = 0;
        }
    }
    compose_powers(t, moves, table);
}

/// Fills the colours coordinate's move table: the arrangements are visited in rank order (each
/// the lexicographic successor of the one before), their classes moved by every single turn and
/// ranked; other powers by composition.
fn colour_rows(t: &OrbitTables, g: &ColourGroup, moves: &Moves, sh: &Shifts, table: &mut [u32]) {
    let nmoves = moves.len();
    let n = t.n;
    let arrangements = &g.ranks;
    let mut arr = vec![0u32; n];
    let mut img = vec![0u32; n];
    let singles = single_turns(t, moves);
    arrangements.unrank(0, &mut arr);
    for v in 0..table.len() / nmoves {
        for &m in &singles {
            let to = &sh.to[m * n..(m + 1) * n];
            for p in 0..n {
                img[to[p]] = arr[p];
            }
            table[v * nmoves + m] = arrangements.rank(&img) as u32;
        }
        next_arrangement(&mut arr);
    }
    compose_powers(t, moves, table);
}

/// Turns `arr` into its lexicographic successor among the arrangements of the same values
/// (unchanged after the last).
fn next_arrangement(arr: &mut [u32]) {
    let Some(i) = (1..arr.len()).rev().find(|&i| arr[i - 1] < arr[i]) else {
        return;
    };
    let j = (i..arr.len()).rev().find(|&j| arr[j] > arr[i - 1]).unwrap();
    arr.swap(i - 1, j);
    arr[i..].reverse();
}

/// The single-step turns touching an orbit. A power of a move that leaves the orbit alone leaves
/// it alone too, so every touching move's single step is touching.
fn single_turns(t: &OrbitTables, moves: &Moves) -> Vec<usize> {
    t.touching
        .iter()
        .copied()
        .filter(|&m| moves.twist[m].amount == 1)
        .collect()
}

/// Fills the rows of the turns by more than one step from those by one step less and by one.
fn compose_powers(t: &OrbitTables, moves: &Moves, table: &mut [u32]) {
    let nmoves = moves.len();
    let size = table.len() / nmoves;
    // Moves are numbered turn by turn with increasing amounts, so the turn by `a - 1` is done
    // when the turn by `a` is reached.
    for &m in &t.touching {
        let tw = moves.twist[m];
        if tw.amount == 1 {
            continue;
        }
        let one = moves.id[tw.turn as usize][1] as usize;
        let inverse = moves.inverse[m] as usize;
        if moves.twist[inverse].amount == 1 {
            // The move undoes a single step (done): its row is that step's, read backwards; the
            // reads in order, the writes scattered (no chain of dependent lookups).
            for v in 0..size {
                let w = table[v * nmoves + inverse] as usize;
                table[w * nmoves + m] = v as u32;
            }
            continue;
        }
        let before = moves.id[tw.turn as usize][tw.amount as usize - 1] as usize;
        debug_assert!(before < m && one < m);
        for v in 0..size {
            let w = table[v * nmoves + before] as usize;
            table[v * nmoves + m] = table[w * nmoves + one];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solve::puzzle::PermPuzzle;
    use crate::solve::structure::Structure;

    #[test]
    fn ranks_round_trip_in_one_word_and_in_several() {
        let mut rng = Rng::new(5);
        for (n, k) in [
            (1, 1),
            (8, 8),
            (12, 5),
            (20, 20),
            (64, 9),
            (65, 4),
            (130, 7),
            (256, 7),
        ] {
            let mut out = vec![0usize; k];
            for _ in 0..200 {
                let count = (0..k).map(|i| n - i).product::<usize>();
                let r = rng.below(count);
                partial_unrank(r, n, &mut out);
                assert!(out.iter().all(|&x| x < n), "{n} {k} {out:?}");
                let mut sorted = out.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), k, "{n} {k}: {out:?} repeats a position");
                assert_eq!(partial_rank(&out, n), r, "{n} {k} {out:?}");
            }
        }
        // Every rank of a small case, in order: ranks are a bijection onto 0..count.
        let mut out = [0usize; 3];
        for r in 0..5 * 4 * 3 {
            partial_unrank(r, 5, &mut out);
            assert_eq!(partial_rank(&out, 5), r);
        }
    }

    /// Arrangement ranks are a bijection onto `0..size` in lexicographic order (the order
    /// [`next_arrangement`] walks), with and without an empty class, and with one class alone.
    #[test]
    fn arrangements_rank_in_lexicographic_order() {
        for sizes in [
            vec![3u32, 3, 3, 3],
            vec![2, 0, 3, 1],
            vec![5],
            vec![1, 1, 1, 1, 1],
        ] {
            let a = Arrangements::new(&sizes, 1 << 16).unwrap();
            let n: u32 = sizes.iter().sum();
            let multinomial = (1..=n as usize).product::<usize>()
                / sizes
                    .iter()
                    .map(|&k| (1..=k as usize).product::<usize>())
                    .product::<usize>();
            assert_eq!(a.size, multinomial, "{sizes:?}");
            let mut walked = vec![0u32; n as usize];
            let mut arr = vec![0u32; n as usize];
            a.unrank(0, &mut walked);
            for r in 0..a.size {
                a.unrank(r, &mut arr);
                assert_eq!(arr, walked, "{sizes:?} rank {r}");
                assert_eq!(a.rank(&arr), r, "{sizes:?} {arr:?}");
                for (c, &k) in sizes.iter().enumerate() {
                    assert_eq!(arr.iter().filter(|&&x| x == c as u32).count(), k as usize);
                }
                next_arrangement(&mut walked);
            }
        }
    }

    /// Colour groups cover every class once, each within the limit.
    #[test]
    fn colour_groups_cover_the_classes() {
        let sizes = [3u32, 3, 3, 3];
        let groups = colour_groups(&sizes, 1 << 18).unwrap();
        // 12!/(3!^4) = 369600 arrangements: more than the limit, so two groups of two classes
        // (and a blank of six), 18480 each.
        assert_eq!(groups.len(), 2);
        for g in &groups {
            assert_eq!(g.ranks.size, 18480);
        }
        let mut seen = [0; 4];
        for g in &groups {
            let blank = *g.map.iter().max().unwrap();
            for (c, &x) in g.map.iter().enumerate() {
                seen[c] += (x != blank) as u32;
            }
        }
        assert_eq!(seen, [1; 4]);
        assert!(colour_groups(&[3, 3, 3, 3], 100).is_none());
    }

    /// The stages of a catalog puzzle over all its orbits, with and without the invariants.
    fn stages(name: &str, limits: Limits) -> (Moves, Vec<Stage>) {
        let puzzle = PermPuzzle::from_model(&crate::named(name).unwrap());
        let moves = Moves::new(&puzzle);
        let structure = Structure::new(&puzzle, &moves).unwrap();
        let invariants = Invariants::new(&structure.orbits, &moves);
        let tables: Vec<Arc<OrbitTables>> = (0..structure.orbits.len())
            .map(|oi| Arc::new(OrbitTables::new(&structure.orbits, oi, &moves)))
            .collect();
        let mut cache = Cache::default();
        let stages = (1..=tables.len())
            .map(|i| {
                Stage::new(
                    tables[..i].to_vec(),
                    &moves,
                    &invariants,
                    false,
                    limits,
                    &mut cache,
                )
            })
            .collect();
        (moves, stages)
    }

    /// Every move table entry against decoding the value, moving its pieces slot by slot and
    /// encoding the result (the definitions, without the tables' shortcuts: powers by
    /// composition, odometer decoding, one-word ranks).
    #[test]
    fn move_tables_move_the_pieces() {
        for name in [
            "cube-2",
            "octahedron-2",
            "pyraminx",
            "3x3x3",
            "octahedron-3",
        ] {
            let (moves, stages) = stages(name, Limits::default());
            for stage in &stages {
                for co in &stage.coords {
                    let t = &stage.orbits[co.orbit];
                    let (n, o) = (t.n, t.twists as usize);
                    let mut cur = vec![0usize; n];
                    let mut img = vec![0usize; n];
                    let mut scratch = vec![0usize; n];
                    let step = (co.size / 997).max(1);
                    for v in (0..co.size).step_by(step) {
                        for m in 0..moves.len() {
                            let base = m * t.slots;
                            let want = match &co.kind {
                                Kind::Group(p) => {
                                    Stage::group_decode(t, p.len(), v, &mut cur);
                                    for i in 0..p.len() {
                                        img[i] = t.mv[base + cur[i]] as usize;
                                    }
                                    Stage::group_value(t, &img[..p.len()], &mut scratch)
                                }
                                Kind::Twists => {
                                    let mut x = v;
                                    let mut out = vec![0usize; n];
                                    for p in 0..n {
                                        let s = t.mv[base + p * o + x % o] as usize;
                                        out[s / o] = s % o;
                                        x /= o;
                                    }
                                    out.iter().rev().fold(0, |a, &x| a * o + x)
                                }
                                Kind::Perm => {
                                    partial_unrank(v, n, &mut cur);
                                    for i in 0..n {
                                        img[i] = t.mv[base + cur[i] * o] as usize / o;
                                    }
                                    partial_rank(&img, n)
                                }
                                Kind::Colours(g) => {
                                    let a = &g.ranks;
                                    let mut arr = vec![0u32; n];
                                    let mut moved = vec![0u32; n];
                                    a.unrank(v, &mut arr);
                                    for p in 0..n {
                                        moved[t.mv[base + p] as usize] = arr[p];
                                    }
                                    a.rank(&moved)
                                }
                            };
                            let got = co.table[v * moves.len() + m] as usize;
                            assert_eq!(got, want, "{name} {:?} value {v} move {m}", co.kind);
                        }
                    }
                }
            }
        }
    }

    /// The enumerated goal values are exactly the values the goal test accepts.
    #[test]
    fn goal_values_are_the_goal() {
        for name in ["octahedron-2", "octahedron-3", "3x3x3", "4x4x4"] {
            let (_, stages) = stages(name, Limits::default());
            let stage = stages.last().unwrap();
            let mut cur = vec![0usize; 256];
            for c in 0..stage.coords.len() {
                let want: Vec<usize> = (0..stage.coords[c].size)
                    .filter(|&v| stage.goal(c, v, &mut cur))
                    .collect();
                assert_eq!(
                    stage.goal_values(c),
                    want,
                    "{name} {:?}",
                    stage.coords[c].kind
                );
            }
        }
    }

    /// Every pattern database is a breadth-first distance table: 0 exactly on the goal values,
    /// and elsewhere one more than the least distance one move away (unreached values have no
    /// reached neighbour). With a small database limit the coordinates are packed differently,
    /// and the large tables are scanned rather than listed layer by layer.
    #[test]
    fn pattern_databases_are_distance_tables() {
        let small = Limits {
            database: 1 << 12,
            ..Limits::default()
        };
        for (name, limits) in [
            ("cube-2", Limits::default()),
            ("octahedron-2", Limits::default()),
            ("octahedron-2", small),
            ("pyraminx", Limits::default()),
            ("skewb", Limits::default()),
        ] {
            let (moves, stages) = stages(name, limits);
            let nm = moves.len();
            let stage = stages.last().unwrap();
            let mut cur = vec![0usize; 64];
            for pdb in &stage.pdbs {
                let sizes: Vec<usize> = pdb.coords.iter().map(|&c| stage.coords[c].size).collect();
                let total = pdb.dist.len();
                assert_eq!(total, sizes.iter().product::<usize>());
                let mut vals = vec![0usize; sizes.len()];
                for j in 0..total {
                    let mut x = j;
                    for i in (0..sizes.len()).rev() {
                        vals[i] = x % sizes[i];
                        x /= sizes[i];
                    }
                    let goal = pdb
                        .coords
                        .iter()
                        .zip(&vals)
                        .all(|(&c, &v)| stage.goal(c, v, &mut cur));
                    let best = (0..nm)
                        .map(|m| {
                            let mut k = 0;
                            for (i, &c) in pdb.coords.iter().enumerate() {
                                k = k * sizes[i] + stage.coords[c].table[vals[i] * nm + m] as usize;
                            }
                            pdb.dist[k]
                        })
                        .min()
                        .unwrap();
                    let d = pdb.dist[j];
                    if goal {
                        assert_eq!(d, 0, "{name}: goal value {j}");
                    } else if best == u8::MAX {
                        assert_eq!(d, u8::MAX, "{name}: value {j} has no reached neighbour");
                    } else {
                        assert_eq!(d, best + 1, "{name}: value {j}");
                    }
                }
            }
        }
    }
}
