//! Small operators: short move sequences whose whole effect is on at most three positions of one
//! orbit (3-cycles, pure twists of two or three pieces), found by search and spread to every
//! position by conjugation.
//!
//! *Search.* A commutator `A B A' B'` moves only pieces near where the supports of `A` and `B`
//! meet; when they share one piece it is a 3-cycle. We try every `B` (one move, one representative
//! per symmetry class) against every canonical `A` of three to five moves (as deep as
//! [`OpSearch::max_nodes`] allows: five on the face-turning 3x3x3, whose edge 3-cycles need it),
//! keep those whose supports meet in at most three pieces, and keep each effect's shortest
//! sequence. `A` never starts or ends with a move that moves nothing `B` moves (that gives a
//! conjugate, or the same commutator). Orbits left without a full set of 3-cycles are searched
//! again more widely: supports meeting in up to `WIDE_DISPLACED` pieces (a whole row of a big
//! cube's face, an edge made of a midge and its wings), where the commutator 3-cycles one piece of
//! the orbit and disturbs other orbits, which must then be finished after it (level 0 below).
//!
//! *Spreading.* Every found operator, its inverse and its images under the solid's rotations seed a
//! per-orbit Dijkstra over effects: conjugating by a move `m` (`m' C m`) gives the operator on the
//! positions `m` carries there, at the cost of the simplified sequence (setups often merge into the
//! commutator). The result, [`OpTable`], gives for each effect the shortest sequence found.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::moves::{MoveId, Moves};
use super::puzzle::Slot;
use super::structure::{Orbit, OrbitState, Structure};
use crate::trace::trace;

/// A small, fast hasher for integer keys (Fibonacci multiply).
#[derive(Default, Clone, Copy)]
pub struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64)
    }
}

/// A hash map keyed by integers.
pub type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

/// The effect of an operator on one orbit: the piece at `(src[i], t)` goes to
/// `(dst[i], t + delta[i])`; sources are sorted and form the same set as the destinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// Pieces moved: the first `len` entries of `src`, `dst`, `delta` are used.
    pub len: u8,
    /// Source positions, sorted.
    pub src: [u16; 3],
    /// Where the piece at `src[i]` goes.
    pub dst: [u16; 3],
    /// The twist the piece at `src[i]` gains.
    pub delta: [u16; 3],
}

impl Effect {
    /// A key unique to the effect: the destination slots in source order.
    #[inline]
    pub fn key(&self, twists: u16) -> u64 {
        let mut k = 0u64;
        for i in 0..self.len as usize {
            k = (k << 21) | (self.dst[i] as u64 * twists as u64 + self.delta[i] as u64 + 1);
        }
        k
    }

    /// Sorts the entries by source.
    #[inline]
    pub fn normalize(&mut self) {
        let n = self.len as usize;
        for i in 1..n {
            let mut j = i;
            while j > 0 && self.src[j - 1] > self.src[j] {
                self.src.swap(j - 1, j);
                self.dst.swap(j - 1, j);
                self.delta.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The effect of `m ∘ self ∘ m⁻¹` (the sequence `m' C m`): the same operator where `m`
    /// carries its pieces.
    #[inline]
    pub fn conjugate(&self, orbit: &Orbit, m: usize) -> Effect {
        let o = orbit.twists;
        let mut e = *self;
        for i in 0..self.len as usize {
            let (s, d) = (self.src[i] as usize, self.dst[i] as usize);
            e.src[i] = orbit.pos(m, s) as u16;
            e.dst[i] = orbit.pos(m, d) as u16;
            e.delta[i] = (self.delta[i] + orbit.shift(m, d) + o - orbit.shift(m, s)) % o;
        }
        e.normalize();
        e
    }

    /// The inverse operator's effect.
    pub fn inverse(&self, twists: u16) -> Effect {
        let mut e = *self;
        for i in 0..self.len as usize {
            e.src[i] = self.dst[i];
            e.dst[i] = self.src[i];
            e.delta[i] = (twists - self.delta[i]) % twists;
        }
        e.normalize();
        e
    }

    /// The effect of `self` followed by `next`, if its support is at most three positions.
    pub fn then(&self, next: &Effect, twists: u16) -> Option<Effect> {
        let mut pos: Vec<u16> = Vec::with_capacity(6);
        for i in 0..self.len as usize {
            pos.push(self.src[i]);
        }
        for i in 0..next.len as usize {
            if !pos.contains(&next.src[i]) {
                pos.push(next.src[i]);
            }
        }
        let step = |e: &Effect, p: u16| -> (u16, u16) {
            match (0..e.len as usize).find(|&i| e.src[i] == p) {
                Some(i) => (e.dst[i], e.delta[i]),
                None => (p, 0),
            }
        };
        let mut out = Effect {
            len: 0,
            src: [0; 3],
            dst: [0; 3],
            delta: [0; 3],
        };
        for &p in &pos {
            let (q, d1) = step(self, p);
            let (r, d2) = step(next, q);
            let d = (d1 + d2) % twists;
            if r != p || d != 0 {
                if out.len == 3 {
                    return None;
                }
                let i = out.len as usize;
                out.src[i] = p;
                out.dst[i] = r;
                out.delta[i] = d;
                out.len += 1;
            }
        }
        if out.len == 0 {
            return None;
        }
        out.normalize();
        Some(out)
    }

    /// The effect of `g C g⁻¹`: the same operator where the symmetry `g` carries its pieces.
    #[inline]
    pub fn image(&self, twists: u16, g: &OrbitSym) -> Effect {
        let o = twists as usize;
        let mut e = *self;
        for i in 0..self.len as usize {
            let a = g.slot[self.src[i] as usize * o] as usize;
            let b = g.slot[self.dst[i] as usize * o + self.delta[i] as usize] as usize;
            e.src[i] = (a / o) as u16;
            e.dst[i] = (b / o) as u16;
            e.delta[i] = ((b % o + o - a % o) % o) as u16;
        }
        e.normalize();
        e
    }

    /// Whether move `m` touches any position of the support.
    #[inline]
    pub fn touched_by(&self, orbit: &Orbit, m: usize) -> bool {
        (0..self.len as usize).any(|i| {
            let p = self.src[i] as usize;
            orbit.pos(m, p) != p || orbit.shift(m, p) != 0
        })
    }

    /// Applies the effect to an orbit state.
    #[inline]
    pub fn apply(&self, st: &mut OrbitState, twists: u16) {
        let mut occ = [0u16; 3];
        let mut tw = [0u16; 3];
        let n = self.len as usize;
        for i in 0..n {
            occ[i] = st.occ[self.src[i] as usize];
            tw[i] = st.tw[self.src[i] as usize];
        }
        for i in 0..n {
            let d = self.dst[i] as usize;
            st.occ[d] = occ[i];
            st.tw[d] = (tw[i] + self.delta[i]) % twists;
        }
    }
}

/// A symmetry of the puzzle that maps an orbit onto itself, as it acts on the orbit's slots
/// (`slot[p * twists + t]`: where the piece at `p` with twist `t` goes) and on moves
/// (`moves[m]`: the move `g m g⁻¹`).
#[derive(Clone, Debug)]
pub struct OrbitSym {
    slot: Vec<u16>,
    moves: Vec<MoveId>,
}

/// One tabulated operator.
#[derive(Clone, Copy, Debug)]
pub struct OpEntry {
    /// What it does to its orbit.
    pub effect: Effect,
    start: u32,
    len: u16,
}

/// What the index keeps for an effect: its entry, and what scoring an insertion reads (the
/// sequence's length and end moves), so that scoring reads the map and nothing else (the
/// insertion scores millions of effects on big puzzles, each a cache miss or more).
#[derive(Clone, Copy, Debug)]
pub struct Brief {
    entry: u32,
    /// The sequence's length.
    pub len: u16,
    /// Its first move.
    pub first: MoveId,
    /// Its last move.
    pub last: MoveId,
}

impl Brief {
    fn new(entry: u32, seq: &[MoveId]) -> Brief {
        Brief {
            entry,
            len: seq.len() as u16,
            first: seq.first().copied().unwrap_or(0),
            last: seq.last().copied().unwrap_or(0),
        }
    }
}

/// The shortest known sequence for every small effect on one orbit.
#[derive(Clone, Debug, Default)]
pub struct OpTable {
    /// Effect key -> its entry, with the entry's length and end moves.
    index: IntMap<u64, Brief>,
    entries: Vec<OpEntry>,
    seqs: Vec<MoveId>,
}

/// How many of the pieces `B` moves the wider commutator search lets `A` displace.
const WIDE_DISPLACED: usize = 8;

/// Effects cheaper than this are kept (longer sequences are never worth inserting).
const MAX_COST: usize = 40;

impl OpTable {
    /// Number of effects tabulated.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no operator is known.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The sequence for an effect's key, if tabulated.
    #[inline]
    pub fn get(&self, key: u64) -> Option<&[MoveId]> {
        self.index.get(&key).map(|b| self.seq(b.entry as usize))
    }

    /// The length and end moves of the sequence for an effect's key.
    #[inline]
    pub fn brief(&self, key: u64) -> Option<Brief> {
        self.index.get(&key).copied()
    }

    /// The length of the sequence for an effect's key.
    #[inline]
    pub fn cost(&self, key: u64) -> Option<usize> {
        self.index.get(&key).map(|b| b.len as usize)
    }

    fn seq(&self, i: usize) -> &[MoveId] {
        let e = &self.entries[i];
        &self.seqs[e.start as usize..e.start as usize + e.len as usize]
    }

    /// All entries.
    pub fn entries(&self) -> impl Iterator<Item = (&Effect, &[MoveId])> {
        (0..self.entries.len()).map(move |i| (&self.entries[i].effect, self.seq(i)))
    }

    /// Inserts or improves; returns whether the table changed.
    fn offer(&mut self, twists: u16, effect: Effect, seq: &[MoveId]) -> Option<u32> {
        let key = effect.key(twists);
        let start = self.seqs.len() as u32;
        match self.index.get(&key).copied() {
            Some(b) if b.len as usize <= seq.len() => None,
            Some(b) => {
                let i = b.entry;
                self.seqs.extend_from_slice(seq);
                self.entries[i as usize] = OpEntry {
                    effect,
                    start,
                    len: seq.len() as u16,
                };
                self.index.insert(key, Brief::new(i, seq));
                Some(i)
            }
            None => {
                let i = self.entries.len() as u32;
                self.seqs.extend_from_slice(seq);
                self.entries.push(OpEntry {
                    effect,
                    start,
                    len: seq.len() as u16,
                });
                self.index.insert(key, Brief::new(i, seq));
                Some(i)
            }
        }
    }

    /// Adds pure twists made of two 3-cycles on the same positions (`C₁ C₂` where `C₂` undoes
    /// `C₁`'s permutation with other twists). Returns whether any was added.
    fn add_twists(&mut self, orbit: &Orbit, moves: &Moves) -> bool {
        let o = orbit.twists;
        let mut by_set: IntMap<u64, Vec<u32>> = IntMap::default();
        for (i, e) in self.entries.iter().enumerate() {
            if e.effect.len == 3 && e.effect.src != e.effect.dst {
                let set = e.effect.src.iter().fold(0u64, |k, &p| (k << 21) | p as u64);
                by_set.entry(set).or_default().push(i as u32);
            }
        }
        let mut found: Vec<(Effect, Vec<MoveId>)> = Vec::new();
        let mut best: IntMap<u64, usize> = IntMap::default();
        for list in by_set.values() {
            for &i in list {
                for &j in list {
                    let (a, b) = (&self.entries[i as usize], &self.entries[j as usize]);
                    let Some(e) = a.effect.then(&b.effect, o) else {
                        continue;
                    };
                    if e.src != e.dst || e.len > 2 {
                        continue;
                    }
                    let len = a.len as usize + b.len as usize;
                    let key = e.key(o);
                    if best.get(&key).is_some_and(|&l| l <= len) {
                        continue;
                    }
                    let mut s = self.seq(i as usize).to_vec();
                    s.extend_from_slice(self.seq(j as usize));
                    let s = moves.simplify(&s);
                    best.insert(key, s.len());
                    found.push((e, s));
                }
            }
        }
        let mut added = false;
        for (e, s) in found {
            added |= self.offer(o, e, &s).is_some();
        }
        added
    }

    /// Spreads the seeds to every effect reachable by conjugation (Dijkstra on sequence length).
    ///
    /// The conjugation graph is invariant under the puzzle's symmetries `syms` (those mapping the
    /// orbit onto itself), and so are the costs: an entry, once final, gives its images under
    /// every symmetry at the same cost, and an entry that is such an image is not expanded (its
    /// neighbours are the images of its original's neighbours, which give their own images).
    /// This divides the expansions by the order of the symmetry group.
    fn spread(&mut self, orbit: &Orbit, moves: &Moves, max_entries: usize, syms: &[OrbitSym]) {
        let o = orbit.twists;
        // `image[i]`: entry `i` holds a symmetry image, not expanded.
        let mut image: Vec<bool> = vec![false; self.entries.len()];
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); MAX_COST + 1];
        for (i, e) in self.entries.iter().enumerate() {
            buckets[e.len as usize].push(i as u32);
        }
        let touching: Vec<usize> = (0..moves.len()).filter(|&m| orbit.touched_by[m]).collect();
        let mut buf: Vec<MoveId> = Vec::new();
        let (mut s, mut runs): (Vec<MoveId>, Vec<usize>) = (Vec::new(), Vec::new());
        for cost in 0..=MAX_COST {
            let mut bi = 0;
            while bi < buckets[cost].len() {
                let i = buckets[cost][bi] as usize;
                bi += 1;
                if self.entries[i].len as usize != cost || image[i] {
                    continue; // improved since queued, or an image
                }
                let effect = self.entries[i].effect;
                for g in syms {
                    let e2 = effect.image(o, g);
                    match self.index.get(&e2.key(o)) {
                        Some(b) if b.len as usize <= cost => {
                            // Found directly at this cost too: its expansion is still skipped.
                            image[b.entry as usize] = true;
                            continue;
                        }
                        None if self.entries.len() >= max_entries => continue,
                        _ => {}
                    }
                    buf.clear();
                    buf.extend(self.seq(i).iter().map(|&m| g.moves[m as usize]));
                    moves.simplify_into(&buf, &mut s, &mut runs);
                    if let Some(j) = self.offer(o, e2, &s) {
                        image.resize(self.entries.len(), false);
                        image[j as usize] = true;
                        buckets[s.len()].push(j);
                    }
                }
                for &m in &touching {
                    if !effect.touched_by(orbit, m) {
                        continue;
                    }
                    let e2 = effect.conjugate(orbit, m);
                    let key = e2.key(o);
                    if let Some(b) = self.index.get(&key) {
                        if b.len as usize <= cost {
                            continue;
                        }
                    } else if self.entries.len() >= max_entries {
                        continue;
                    }
                    buf.clear();
                    buf.push(moves.inverse[m]);
                    buf.extend_from_slice(self.seq(i));
                    buf.push(m as MoveId);
                    moves.simplify_into(&buf, &mut s, &mut runs);
                    if s.len() > MAX_COST {
                        continue;
                    }
                    if let Some(j) = self.offer(o, e2, &s) {
                        image.resize(self.entries.len(), false);
                        image[j as usize] = false;
                        buckets[s.len()].push(j);
                    }
                }
            }
        }
    }
}

/// Symmetries of the puzzle as they act on moves and stickers.
#[derive(Clone, Debug, Default)]
pub struct Symmetry {
    /// Sticker permutations (`perm[s]` is where `s` goes).
    pub perm: Vec<Vec<Slot>>,
    /// `moves[g][m]`: the move `g m g⁻¹`.
    pub moves: Vec<Vec<MoveId>>,
}

impl Symmetry {
    /// The symmetries (given as sticker permutations) that map every move to a move.
    pub fn new(perms: &[Vec<Slot>], moves: &Moves, stickers: usize) -> Symmetry {
        let mut by_perm: HashMap<&[Slot], MoveId> = HashMap::new();
        for (m, p) in moves.perm.iter().enumerate() {
            by_perm.insert(p, m as MoveId);
        }
        let mut sym = Symmetry::default();
        for g in perms {
            if !super::puzzle::is_permutation(g, stickers) {
                continue;
            }
            let mut inv = vec![0 as Slot; stickers];
            for (s, &d) in g.iter().enumerate() {
                inv[d as usize] = s as Slot;
            }
            // g m g⁻¹ as "where does the sticker at s go": s -> g⁻¹ -> m -> g.
            let mapped: Option<Vec<MoveId>> = moves
                .perm
                .iter()
                .map(|p| {
                    let q: Vec<Slot> = (0..stickers)
                        .map(|s| g[p[inv[s] as usize] as usize])
                        .collect();
                    by_perm.get(q.as_slice()).copied()
                })
                .collect();
            if let Some(mapped) = mapped {
                sym.perm.push(g.clone());
                sym.moves.push(mapped);
            }
        }
        sym
    }
}

/// Where each reference sticker sits: `(orbit, slot)`.
fn ref_slots(structure: &Structure, stickers: usize) -> Vec<Option<(u32, u32)>> {
    let mut slot = vec![None; stickers];
    for (oi, orbit) in structure.orbits.iter().enumerate() {
        for s in 0..orbit.len() * orbit.twists as usize {
            slot[orbit.stickers_at(s)[0] as usize] = Some((oi as u32, s as u32));
        }
    }
    slot
}

/// The effect of a sticker permutation (`perm[s]`: where the sticker at `s` goes) if it moves at
/// most three positions, all of one orbit.
fn effect_of(
    structure: &Structure,
    refs: &[Option<(u32, u32)>],
    perm: &[Slot],
    moved_pieces: &[(u32, u32)],
) -> Option<(usize, Effect)> {
    let orbit_i = moved_pieces.first()?.0 as usize;
    if moved_pieces.len() > 3 || moved_pieces.iter().any(|&(o, _)| o as usize != orbit_i) {
        return None;
    }
    let orbit = &structure.orbits[orbit_i];
    let o = orbit.twists as usize;
    let mut e = Effect {
        len: 0,
        src: [0; 3],
        dst: [0; 3],
        delta: [0; 3],
    };
    for &(_, p) in moved_pieces {
        let r = orbit.stickers_at(p as usize * o)[0];
        let (_, slot) = refs[perm[r as usize] as usize]?;
        let i = e.len as usize;
        e.src[i] = p as u16;
        e.dst[i] = (slot as usize / o) as u16;
        e.delta[i] = (slot as usize % o) as u16;
        e.len += 1;
    }
    e.normalize();
    // Sources and destinations must be the same set.
    let mut a = e.src[..e.len as usize].to_vec();
    let mut b = e.dst[..e.len as usize].to_vec();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return None;
    }
    Some((orbit_i, e))
}

/// Settings of the operator search.
#[derive(Clone, Copy, Debug)]
pub struct OpSearch {
    /// Upper bound on table entries per orbit.
    pub max_entries: usize,
    /// Longest `A` of the commutators `A B A' B'` tried (at least 3).
    pub max_depth: usize,
    /// About how many sequences `A` are tried per move `B` (the depth is chosen to fit).
    pub max_nodes: usize,
    /// Whether the spreading expands one effect per symmetry class (the same costs, many times
    /// faster); off only to check that claim.
    pub spread_symmetry: bool,
}

impl Default for OpSearch {
    fn default() -> Self {
        OpSearch {
            max_entries: 4_000_000,
            max_depth: 5,
            max_nodes: 400_000,
            spread_symmetry: true,
        }
    }
}

/// A found operator: its sequence and the other orbits it disturbs (sorted).
#[derive(Clone, Debug)]
struct Candidate {
    seq: Vec<MoveId>,
    side: Vec<u16>,
}

/// Found operators by orbit and effect key, the shortest for each set of disturbed orbits.
type FoundOps = Vec<IntMap<u64, Vec<Candidate>>>;

/// Depth-first enumeration of the sequences `A`, following the pieces `B` moves: when `A` moves
/// one or two of them, `A B A' B'` has a small support and is evaluated.
struct CommutatorSearch<'a> {
    structure: &'a Structure,
    moves: &'a Moves,
    refs: &'a [Option<(u32, u32)>],
    pieces_of: &'a [u32],
    piece_pos: &'a [Option<(u32, u32)>],
    wanted: &'a [bool],
    /// The orbits whose operators are recorded (the others may only be disturbed).
    targets: Vec<bool>,
    /// Sequences `A` are evaluated when they displace between one and this many of the pieces
    /// `B` moves (the commutator's support is at most three times as many pieces).
    max_displaced: usize,
    /// Commutators moving more pieces than this are not recorded.
    max_moved: usize,
    found: &'a mut FoundOps,
    /// `(orbit, position, twist)` of every piece `B` moves after the first `d` moves of `A`, for
    /// each depth `d`.
    tokens: Vec<Vec<(u32, u16, u16)>>,
    /// `(orbit, start, end)`: the tokens `start..end` are that orbit's.
    spans: Vec<(usize, usize, usize)>,
    path: Vec<MoveId>,
    b: usize,
    /// `apart[m]`: move `m` moves no sticker `B` moves (so it commutes with `B` and leaves the
    /// tokens alone). `A` never starts with such a move (then `[X A, B] = X [A, B] X'`, a
    /// conjugate the spreading finds, and `A` alone displaces the same tokens) and is not
    /// evaluated when it ends with one (then `[A Z, B] = [A, B]`, evaluated at `A`).
    apart: Vec<bool>,
    /// The stickers `B` moves.
    support: Vec<Slot>,
    /// The commutator as a permutation of stickers: the identity between evaluations (each
    /// evaluation writes its support and restores it).
    perm: Vec<Slot>,
    /// `stamp[s] == clock`: sticker `s` is in the support being evaluated.
    stamp: Vec<u32>,
    clock: u32,
    /// The stickers where the commutator may differ from the identity, increasing.
    touched: Vec<Slot>,
}

impl CommutatorSearch<'_> {
    fn dfs(&mut self, depth: usize, left: usize, last: Option<usize>) {
        if left == 0 {
            return;
        }
        let moves = self.moves;
        for m in 0..moves.len() {
            match last {
                Some(l) => {
                    let (tl, tm) = (moves.twist[l].turn, moves.twist[m].turn);
                    if tl == tm || (moves.axis[l] == moves.axis[m] && tm < tl) {
                        continue;
                    }
                }
                None if self.apart[m] => continue,
                None => {}
            }
            let mut displaced = 0;
            {
                let (lo, hi) = self.tokens.split_at_mut(depth + 1);
                let (cur, next) = (&lo[depth], &mut hi[0]);
                let home = &lo[0];
                // Orbit by orbit (the tokens are sorted by orbit): each orbit's rows of move
                // `m` looked up once.
                for &(oi, start, end) in &self.spans {
                    let orbit = &self.structure.orbits[oi];
                    let n = orbit.len();
                    let (pos, shift) = (
                        &orbit.mv_pos[m * n..(m + 1) * n],
                        &orbit.mv_shift[m * n..(m + 1) * n],
                    );
                    let o = orbit.twists;
                    for i in start..end {
                        let (oi, p, t) = cur[i];
                        let q = pos[p as usize];
                        // Twists and shifts are below `twists`: a subtraction, not a division
                        // (this loop is most of the operator search).
                        let t2 = t + shift[p as usize] as u16;
                        debug_assert!(t2 < 2 * o);
                        let t2 = if t2 >= o { t2 - o } else { t2 };
                        next[i] = (oi, q, t2);
                        displaced += ((q, t2) != (home[i].1, home[i].2)) as usize;
                    }
                }
            }
            self.path.push(m as MoveId);
            if (1..=self.max_displaced).contains(&displaced) && !self.apart[m] {
                self.evaluate();
            }
            self.dfs(depth + 1, left - 1, Some(m));
            self.path.pop();
        }
    }

    /// Records `A B A' B'` for every wanted orbit where it moves at most three positions, if the
    /// other orbits it moves are wanted too (never an orbit the exact stage solves).
    ///
    /// `C = A B A' B'` fixes every sticker `s` outside `supp(B)` whose image under `A` is
    /// outside it too (`C` sends it through `A`, `A'`, `B'` untouched), so only the stickers in
    /// `supp(B)` and `A⁻¹(supp(B))` are followed through `C`, not all of them.
    fn evaluate(&mut self) {
        let moves = self.moves;
        let mut seq = self.path.clone();
        seq.push(self.b as MoveId);
        seq.extend(moves.invert(&self.path));
        seq.push(moves.inverse[self.b]);
        self.clock = self.clock.wrapping_add(1);
        if self.clock == 0 {
            self.stamp.fill(0);
            self.clock = 1;
        }
        self.touched.clear();
        for i in 0..self.support.len() {
            let s = self.support[i];
            // `A⁻¹(s)`: the inverse moves of `A`, last first.
            let mut x = s;
            for &m in self.path.iter().rev() {
                x = moves.perm[moves.inverse[m as usize] as usize][x as usize];
            }
            for y in [s, x] {
                if self.stamp[y as usize] != self.clock {
                    self.stamp[y as usize] = self.clock;
                    self.touched.push(y);
                }
            }
        }
        self.touched.sort_unstable();
        for &s in &self.touched {
            let mut x = s;
            for &m in &seq {
                x = moves.perm[m as usize][x as usize];
            }
            self.perm[s as usize] = x;
        }
        self.record(&seq);
        for &s in &self.touched {
            self.perm[s as usize] = s;
        }
    }

    /// The recording part of [`CommutatorSearch::evaluate`], with `self.perm` the commutator.
    fn record(&mut self, seq: &[MoveId]) {
        let moves = self.moves;
        let perm = &self.perm;
        let mut moved: Vec<(u32, u32)> = Vec::new();
        for &s in &self.touched {
            let (s, d) = (s as usize, perm[s as usize]);
            if d as usize != s {
                let Some(pp) = self.piece_pos[self.pieces_of[s] as usize] else {
                    return;
                };
                if !self.wanted[pp.0 as usize] {
                    return;
                }
                if !moved.contains(&pp) {
                    moved.push(pp);
                    if moved.len() > self.max_moved {
                        return;
                    }
                }
            }
        }
        let mut orbits: Vec<u32> = moved.iter().map(|pp| pp.0).collect();
        orbits.sort_unstable();
        orbits.dedup();
        let mut simplified: Option<Vec<MoveId>> = None;
        for &oi in &orbits {
            if !self.targets[oi as usize] {
                continue;
            }
            let mine: Vec<(u32, u32)> = moved.iter().copied().filter(|pp| pp.0 == oi).collect();
            if mine.len() > 3 {
                continue;
            }
            let Some((_, e)) = effect_of(self.structure, self.refs, perm, &mine) else {
                continue;
            };
            let side: Vec<u16> = orbits
                .iter()
                .filter(|&&o| o != oi)
                .map(|&o| o as u16)
                .collect();
            let seq = simplified
                .get_or_insert_with(|| moves.simplify(seq))
                .clone();
            let key = e.key(self.structure.orbits[oi as usize].twists);
            let list = self.found[oi as usize].entry(key).or_default();
            match list.iter_mut().find(|c| c.side == side) {
                Some(c) if c.seq.len() <= seq.len() => {}
                Some(c) => c.seq = seq,
                None => list.push(Candidate { seq, side }),
            }
        }
    }
}

/// The operator tables, and how each orbit is to be finished.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    /// One table per orbit.
    pub tables: Vec<OpTable>,
    /// `Some(l)`: finished by operators at level `l`, lowest level first, which disturb only
    /// orbits of higher levels (the highest level's operators are pure); `None`: not covered
    /// (the exact stage solves it).
    pub level: Vec<Option<u8>>,
}

/// The name the operator search's progress is reported under ([`crate::progress`]).
pub const OPS_STEP: &str = "preparing the solver: operators";

/// Finds small operators for every wanted orbit and spreads them.
pub fn build_tables(
    structure: &Structure,
    moves: &Moves,
    pieces_of: &[u32],
    sym: &Symmetry,
    wanted: &[bool],
    settings: OpSearch,
) -> Tables {
    let norbits = structure.orbits.len();
    let mut out = Tables {
        tables: vec![OpTable::default(); norbits],
        level: vec![None; norbits],
    };
    if !wanted.iter().any(|&w| w) {
        return out;
    }
    let stickers = pieces_of.len();
    let npieces = pieces_of.iter().map(|&p| p as usize + 1).max().unwrap_or(0);
    let refs = ref_slots(structure, stickers);
    // Piece -> (orbit, position).
    let mut piece_pos: Vec<Option<(u32, u32)>> = vec![None; npieces];
    for (oi, orbit) in structure.orbits.iter().enumerate() {
        for (p, &piece) in orbit.pieces.iter().enumerate() {
            piece_pos[piece as usize] = Some((oi as u32, p as u32));
        }
    }
    // B: one move per symmetry class.
    let nm = moves.len();
    let mut rep = vec![true; nm];
    for m in 0..nm {
        if !rep[m] {
            continue;
        }
        for g in &sym.moves {
            let img = g[m] as usize;
            if img != m {
                rep[img] = false;
            }
        }
    }
    let bs: Vec<usize> = (0..nm).filter(|&m| rep[m]).collect();
    // A: every canonical sequence up to the depth the node budget allows (at least 3: X Y X').
    let per_axis = (0..nm).filter(|&m| moves.axis[m] == moves.axis[0]).count();
    let branch = (nm - per_axis).max(1) as f64;
    let mut depth = 1;
    let mut nodes = nm as f64;
    while depth < 3 || (depth < settings.max_depth && nodes * branch <= settings.max_nodes as f64) {
        nodes *= branch;
        depth += 1;
    }
    let mut found: FoundOps = vec![IntMap::default(); norbits];
    // Runs the commutator search, recording operators for the `targets` orbits.
    let run_search = |found: &mut FoundOps, targets: Vec<bool>, wide: bool| {
        let mut search = CommutatorSearch {
            structure,
            moves,
            refs: &refs,
            pieces_of,
            piece_pos: &piece_pos,
            wanted,
            targets,
            max_displaced: if wide { WIDE_DISPLACED } else { 2 },
            max_moved: if wide { 3 * WIDE_DISPLACED } else { 12 },
            found,
            tokens: Vec::new(),
            spans: Vec::new(),
            path: Vec::new(),
            b: 0,
            apart: Vec::new(),
            support: Vec::new(),
            perm: (0..stickers as Slot).collect(),
            stamp: vec![0; stickers],
            clock: 0,
            touched: Vec::new(),
        };
        for (i, &b) in bs.iter().enumerate() {
            crate::progress::report(OPS_STEP, i as u64, bs.len() as u64);
            // The pieces B moves, followed through A.
            let mut home = Vec::new();
            for (oi, orbit) in structure.orbits.iter().enumerate() {
                for p in 0..orbit.len() {
                    if orbit.pos(b, p) != p || orbit.shift(b, p) != 0 {
                        home.push((oi as u32, p as u16, 0));
                    }
                }
            }
            search.spans.clear();
            for (i, &(oi, _, _)) in home.iter().enumerate() {
                match search.spans.last_mut() {
                    Some(span) if span.0 == oi as usize => span.2 = i + 1,
                    _ => search.spans.push((oi as usize, i, i + 1)),
                }
            }
            search.tokens = vec![home; depth + 1];
            search.b = b;
            let pb = &moves.perm[b];
            search.support = (0..stickers as Slot)
                .filter(|&s| pb[s as usize] != s)
                .collect();
            search.apart = moves
                .perm
                .iter()
                .map(|pm| (0..stickers).all(|s| pb[s] as usize == s || pm[s] as usize == s))
                .collect();
            search.dfs(0, depth, None);
        }
    };
    run_search(&mut found, wanted.to_vec(), false);
    // Where each symmetry sends each orbit.
    let orbit_map: Vec<Vec<u16>> = sym
        .perm
        .iter()
        .map(|g| {
            structure
                .orbits
                .iter()
                .map(|o| {
                    let s = g[o.stickers_at(0)[0] as usize];
                    piece_pos[pieces_of[s as usize] as usize].map_or(u16::MAX, |pp| pp.0 as u16)
                })
                .collect()
        })
        .collect();
    let mut inv_sym: Vec<Vec<Slot>> = Vec::new();
    for g in &sym.perm {
        let mut inv = vec![0 as Slot; stickers];
        for (s, &d) in g.iter().enumerate() {
            inv[d as usize] = s as Slot;
        }
        inv_sym.push(inv);
    }
    // Seeds each orbit's table with the operators whose disturbed orbits pass `allowed`: each
    // operator, its inverse and their images under the symmetries.
    let seed =
        |tables: &mut Vec<OpTable>, found: &FoundOps, allowed: &dyn Fn(usize, &[u16]) -> bool| {
            for (oi, by_key) in found.iter().enumerate() {
                let orbit = &structure.orbits[oi];
                for cands in by_key.values() {
                    for c in cands {
                        let perm = seq_perm(moves, &c.seq, stickers);
                        let mine: Vec<(u32, u32)> = (0..orbit.len())
                            .filter(|&p| {
                                let r = orbit.stickers_at(p * orbit.twists as usize)[0];
                                perm[r as usize] != r
                            })
                            .map(|p| (oi as u32, p as u32))
                            .collect();
                        let Some((_, e)) = effect_of(structure, &refs, &perm, &mine) else {
                            continue;
                        };
                        let inv_seq = moves.invert(&c.seq);
                        for (e, s) in [(e, c.seq.clone()), (e.inverse(orbit.twists), inv_seq)] {
                            if allowed(oi, &c.side) {
                                tables[oi].offer(orbit.twists, e, &s);
                            }
                            for (gi, g) in sym.perm.iter().enumerate() {
                                let Some((oj, e2)) = transport(
                                    structure,
                                    &refs,
                                    &e,
                                    oi,
                                    g,
                                    &inv_sym[gi],
                                    pieces_of,
                                    &piece_pos,
                                ) else {
                                    continue;
                                };
                                let mut side: Vec<u16> =
                                    c.side.iter().map(|&x| orbit_map[gi][x as usize]).collect();
                                side.sort_unstable();
                                if !wanted[oj] || side.contains(&u16::MAX) || !allowed(oj, &side) {
                                    continue;
                                }
                                let mapped: Vec<MoveId> =
                                    s.iter().map(|&m| sym.moves[gi][m as usize]).collect();
                                let mapped = moves.simplify(&mapped);
                                tables[oj].offer(structure.orbits[oj].twists, e2, &mapped);
                            }
                        }
                    }
                }
            }
        };
    // The symmetries mapping each orbit onto itself, on its slots.
    let orbit_syms: Vec<Vec<OrbitSym>> = (0..norbits)
        .map(|oi| {
            let orbit = &structure.orbits[oi];
            (0..sym.perm.len())
                .filter_map(|gi| {
                    let slot: Option<Vec<u16>> = (0..orbit.len() * orbit.twists as usize)
                        .map(|sl| {
                            let r = orbit.stickers_at(sl)[0];
                            match refs[sym.perm[gi][r as usize] as usize] {
                                Some((oj, sl2)) if oj as usize == oi => Some(sl2 as u16),
                                _ => None,
                            }
                        })
                        .collect();
                    Some(OrbitSym {
                        slot: slot?,
                        moves: sym.moves[gi].clone(),
                    })
                })
                .collect()
        })
        .collect();
    let finish = |tables: &mut Vec<OpTable>, which: &[usize]| {
        for &oi in which {
            let orbit = &structure.orbits[oi];
            let syms: &[OrbitSym] = if settings.spread_symmetry {
                &orbit_syms[oi]
            } else {
                &[]
            };
            tables[oi].spread(orbit, moves, settings.max_entries, syms);
            if orbit.twists > 1 && tables[oi].add_twists(orbit, moves) {
                tables[oi].spread(orbit, moves, settings.max_entries, syms);
            }
        }
    };
    // Pure operators first: the orbits they cover are finished last.
    let mut tables: Vec<OpTable> = vec![OpTable::default(); norbits];
    seed(&mut tables, &found, &|_, side| side.is_empty());
    let all: Vec<usize> = (0..norbits).filter(|&oi| wanted[oi]).collect();
    finish(&mut tables, &all);
    for &oi in &all {
        if covers(&structure.orbits[oi], &tables[oi]) {
            out.level[oi] = Some(1);
        }
    }
    // Then operators that may disturb those orbits, for the others.
    let late: Vec<bool> = out.level.iter().map(|l| *l == Some(1)).collect();
    let rest: Vec<usize> = all.iter().copied().filter(|&oi| !late[oi]).collect();
    if !rest.is_empty() {
        // A wider search for these orbits: commutators whose supports meet in several pieces
        // (a whole row of a big cube's face, a 3x3x3-like edge made of a midge and its wings)
        // 3-cycle one piece of the orbit and disturb only orbits finished later.
        let mut targets = vec![false; norbits];
        for &oi in &rest {
            targets[oi] = true;
        }
        run_search(&mut found, targets, true);
        let mut impure: Vec<OpTable> = vec![OpTable::default(); norbits];
        seed(&mut impure, &found, &|oi, side| {
            !late[oi] && side.iter().all(|&x| late[x as usize])
        });
        finish(&mut impure, &rest);
        for &oi in &rest {
            if covers(&structure.orbits[oi], &impure[oi]) {
                out.level[oi] = Some(0);
                tables[oi] = std::mem::take(&mut impure[oi]);
            }
        }
    } else if all.len() > 1 {
        // Every orbit is covered by pure operators. Some may still be finished earlier, and more
        // cheaply, by operators that also disturb orbits finished after them (an octahedron's
        // wings by commutators that also cycle its centres). The candidates are those the
        // search recorded already. Greedily: the orbit whose mean 3-cycle cost drops the most
        // (below `DEMOTE` times its pure one) goes first, its operators disturbing only orbits
        // still pure; then the next, among those left; the pure orbits last.
        let mut pure = late.clone();
        let mut level = 0u8;
        // Each orbit's impure table with its mean-cost ratio and the orbits its operators
        // disturb, kept while valid: it changes only when one of those stops being pure (the
        // operators disturbing it are then left out). An orbit that gains too little never
        // gains more later (fewer orbits are left to disturb), so it is not tried again.
        let mut tried: Vec<Option<(f64, OpTable, Vec<bool>)>> = vec![None; norbits];
        let mut hopeful: Vec<usize> = all.clone();
        loop {
            let mut still = Vec::new();
            for &x in hopeful.iter().filter(|&&x| pure[x]) {
                let valid = tried[x]
                    .as_ref()
                    .is_some_and(|t| (0..norbits).all(|o| !t.2[o] || pure[o]));
                if !valid {
                    let disturbed = std::cell::RefCell::new(vec![false; norbits]);
                    let mut impure: Vec<OpTable> = vec![OpTable::default(); norbits];
                    seed(&mut impure, &found, &|oi, side| {
                        let ok =
                            oi == x && side.iter().all(|&o| o as usize != x && pure[o as usize]);
                        if ok {
                            for &o in side {
                                disturbed.borrow_mut()[o as usize] = true;
                            }
                        }
                        ok
                    });
                    tried[x] = None;
                    // Spreading is the costly part: only when some operator found is shorter
                    // than every pure 3-cycle (a heuristic gate: without one the mean cost has
                    // not been seen to drop by a fifth).
                    if cycle_costs(&impure[x]).min() >= cycle_costs(&tables[x]).min() {
                        continue;
                    }
                    finish(&mut impure, &[x]);
                    if !covers(&structure.orbits[x], &impure[x]) {
                        continue;
                    }
                    let (before, after) =
                        (mean_cycle_cost(&tables[x]), mean_cycle_cost(&impure[x]));
                    trace!(
                        "orbit {x}: mean 3-cycle cost {before:.2} pure, {after:.2} disturbing later orbits"
                    );
                    let table = std::mem::take(&mut impure[x]);
                    tried[x] = Some((after / before, table, disturbed.into_inner()));
                }
                if tried[x].as_ref().is_some_and(|t| t.0 < DEMOTE) {
                    still.push(x);
                }
            }
            hopeful = still;
            // The lowest ratio; the first orbit of equal ones.
            let ratio = |x: &usize| tried[*x].as_ref().map_or(f64::INFINITY, |t| t.0);
            let Some(x) = hopeful
                .iter()
                .copied()
                .min_by(|a, b| ratio(a).total_cmp(&ratio(b)))
            else {
                break;
            };
            let (_, table, _) = tried[x].take().expect("a tried orbit");
            out.level[x] = Some(level);
            level += 1;
            pure[x] = false;
            tables[x] = table;
        }
        for &oi in &all {
            if pure[oi] {
                out.level[oi] = Some(level);
            }
        }
    }
    out.tables = tables;
    out
}

/// An orbit covered by pure operators is finished first with operators disturbing the others
/// when they make its 3-cycles cheaper than this fraction of the pure ones on average.
const DEMOTE: f64 = 0.8;

/// The lengths of a table's 3-cycles.
fn cycle_costs(table: &OpTable) -> impl Iterator<Item = usize> + '_ {
    table
        .entries()
        .filter(|(e, _)| e.len == 3 && (0..3).all(|i| e.src[i] != e.dst[i]))
        .map(|(_, seq)| seq.len())
}

/// Mean length of a table's 3-cycles.
fn mean_cycle_cost(table: &OpTable) -> f64 {
    let (sum, count) = cycle_costs(table).fold((0, 0), |(s, c), l| (s + l, c + 1));
    sum as f64 / count.max(1) as f64
}

/// Whether the operator table can finish the orbit from any state with zero invariants: a 3-cycle
/// for every triple of positions (both directions) and, where pieces twist, pure twists.
pub fn covers(orbit: &Orbit, table: &OpTable) -> bool {
    let n = orbit.len();
    if n < 3 {
        return false;
    }
    let mut cycles = std::collections::HashSet::new();
    let mut twists = std::collections::HashSet::new();
    for (e, _) in table.entries() {
        let moved = (0..e.len as usize)
            .filter(|&i| e.src[i] != e.dst[i])
            .count();
        if moved == 3 && e.len == 3 {
            cycles.insert((e.src, e.dst));
        } else if moved == 0 {
            twists.insert((e.src[0], e.src[1]));
        }
    }
    let triples = n * (n - 1) * (n - 2) / 3;
    trace!(
        "orbit of {n}x{}: {} operators, {} of {triples} 3-cycles, {} twist pairs",
        orbit.twists,
        table.len(),
        cycles.len(),
        twists.len()
    );
    cycles.len() >= triples && (orbit.twists == 1 || !twists.is_empty())
}

/// The sticker permutation of a sequence.
pub fn seq_perm(moves: &Moves, seq: &[MoveId], stickers: usize) -> Vec<Slot> {
    let mut perm: Vec<Slot> = (0..stickers as Slot).collect();
    for &m in seq {
        let p = &moves.perm[m as usize];
        for x in perm.iter_mut() {
            *x = p[*x as usize];
        }
    }
    perm
}

/// The effect `g C g⁻¹` of the operator `C` (effect `e` on orbit `oi`) transported by the symmetry
/// `g`, with the orbit it lands on.
#[allow(clippy::too_many_arguments)]
fn transport(
    structure: &Structure,
    refs: &[Option<(u32, u32)>],
    e: &Effect,
    oi: usize,
    g: &[Slot],
    g_inv: &[Slot],
    pieces_of: &[u32],
    piece_pos: &[Option<(u32, u32)>],
) -> Option<(usize, Effect)> {
    let orbit = &structure.orbits[oi];
    let o = orbit.twists as usize;
    let k = orbit.size as usize;
    // Where C sends each sticker of its support: index i of slot (src, t) -> index i of
    // (dst, t + delta). The conjugate sends g(x) to g(C(x)).
    let mut perm: Vec<(Slot, Slot)> = Vec::new();
    for i in 0..e.len as usize {
        for t in 0..o {
            let from = orbit.stickers_at(e.src[i] as usize * o + t);
            let to = orbit.stickers_at(e.dst[i] as usize * o + (t + e.delta[i] as usize) % o);
            for j in 0..k {
                perm.push((g[from[j] as usize], g[to[j] as usize]));
            }
        }
    }
    let _ = g_inv;
    let mut moved: Vec<(u32, u32)> = Vec::new();
    for &(x, _) in &perm {
        let pp = piece_pos[pieces_of[x as usize] as usize]?;
        if !moved.contains(&pp) {
            moved.push(pp);
        }
    }
    let oj = moved.first()?.0 as usize;
    let target = &structure.orbits[oj];
    let ot = target.twists as usize;
    let mut out = Effect {
        len: 0,
        src: [0; 3],
        dst: [0; 3],
        delta: [0; 3],
    };
    for &(_, p) in &moved {
        let r = target.stickers_at(p as usize * ot)[0];
        let img = perm.iter().find(|&&(x, _)| x == r)?.1;
        let (oo, slot) = refs[img as usize]?;
        if oo as usize != oj {
            return None;
        }
        let i = out.len as usize;
        out.src[i] = p as u16;
        out.dst[i] = (slot as usize / ot) as u16;
        out.delta[i] = (slot as usize % ot) as u16;
        out.len += 1;
    }
    out.normalize();
    Some((oj, out))
}
