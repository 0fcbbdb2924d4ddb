//! The commutator search: operators `A B A' B'` whose supports meet in few pieces.

use super::super::moves::{MoveId, Moves};
use super::super::puzzle::Slot;
use super::super::structure::Structure;
use super::effect::{IntMap, Sites};
use super::symmetry::Symmetry;

/// The name the operator search's progress is reported under ([`crate::progress`]).
pub const OPS_STEP: &str = "preparing the solver: operators";

/// How many of the pieces `B` moves the wider commutator search lets `A` displace.
const WIDE_DISPLACED: usize = 8;

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
pub(super) struct Candidate {
    /// The operator, simplified.
    pub(super) seq: Vec<MoveId>,
    /// The other orbits it moves, sorted.
    pub(super) side: Vec<u16>,
}

/// Found operators by orbit and effect key, the shortest for each set of disturbed orbits.
pub(super) type FoundOps = Vec<IntMap<u64, Vec<Candidate>>>;

/// Depth-first enumeration of the sequences `A`, following the pieces `B` moves: when `A` moves
/// one or two of them, `A B A' B'` has a small support and is evaluated.
struct CommutatorSearch<'a> {
    structure: &'a Structure,
    moves: &'a Moves,
    sites: &'a Sites<'a>,
    /// The orbits operators may move (never one the exact stage solves).
    wanted: &'a [bool],
    /// The orbits whose operators are recorded (the others may only be disturbed).
    targets: Vec<bool>,
    /// Sequences `A` are evaluated when they displace between one and this many of the pieces
    /// `B` moves (the commutator's support is at most three times as many pieces).
    max_displaced: usize,
    /// Commutators moving more pieces than this are not recorded.
    max_moved: usize,
    /// Where the operators found are recorded.
    found: &'a mut FoundOps,
    /// `(orbit, position, twist)` of every piece `B` moves after the first `d` moves of `A`, for
    /// each depth `d`.
    tokens: Vec<Vec<(u32, u16, u16)>>,
    /// `(orbit, start, end)`: the tokens `start..end` are that orbit's.
    spans: Vec<(usize, usize, usize)>,
    /// The sequence `A` so far.
    path: Vec<MoveId>,
    /// The move `B`.
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
                let Some(pp) = self.sites.piece(s) else {
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
            let Some((_, e)) = self.sites.effect_of(self.structure, perm, &mine) else {
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

/// The commutator search of one puzzle: its moves `B` and the depth of its sequences `A`, and
/// what every run reads.
pub(super) struct Commutators<'a> {
    structure: &'a Structure,
    moves: &'a Moves,
    sites: &'a Sites<'a>,
    /// The orbits operators may move.
    wanted: &'a [bool],
    /// The moves `B`: one per symmetry class.
    bs: Vec<usize>,
    /// The longest `A`: every canonical sequence up to the depth the node budget allows (at
    /// least 3: `X Y X'`).
    depth: usize,
}

impl<'a> Commutators<'a> {
    /// The search over `structure`'s orbits, `B` one move per class of `sym`.
    pub(super) fn new(
        structure: &'a Structure,
        moves: &'a Moves,
        sites: &'a Sites<'a>,
        sym: &Symmetry,
        wanted: &'a [bool],
        settings: &OpSearch,
    ) -> Commutators<'a> {
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
        let per_axis = (0..nm).filter(|&m| moves.axis[m] == moves.axis[0]).count();
        let branch = (nm - per_axis).max(1) as f64;
        let mut depth = 1;
        let mut nodes = nm as f64;
        while depth < 3
            || (depth < settings.max_depth && nodes * branch <= settings.max_nodes as f64)
        {
            nodes *= branch;
            depth += 1;
        }
        Commutators {
            structure,
            moves,
            sites,
            wanted,
            bs,
            depth,
        }
    }

    /// Runs the search, recording into `found` the operators of the `targets` orbits; `wide`:
    /// supports meeting in up to [`WIDE_DISPLACED`] pieces.
    pub(super) fn run(&self, found: &mut FoundOps, targets: Vec<bool>, wide: bool) {
        let (structure, moves) = (self.structure, self.moves);
        let stickers = self.sites.pieces_of.len();
        let mut search = CommutatorSearch {
            structure,
            moves,
            sites: self.sites,
            wanted: self.wanted,
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
        for (i, &b) in self.bs.iter().enumerate() {
            crate::progress::report(OPS_STEP, i as u64, self.bs.len() as u64);
            search.start(b, self.depth);
            search.dfs(0, self.depth, None);
        }
    }
}

impl CommutatorSearch<'_> {
    /// Sets the search up for the move `B` = `b`, sequences `A` up to `depth` moves.
    fn start(&mut self, b: usize, depth: usize) {
        let (structure, moves) = (self.structure, self.moves);
        let stickers = self.perm.len();
        // The pieces B moves, followed through A.
        let mut home = Vec::new();
        for (oi, orbit) in structure.orbits.iter().enumerate() {
            for p in 0..orbit.len() {
                if orbit.pos(b, p) != p || orbit.shift(b, p) != 0 {
                    home.push((oi as u32, p as u16, 0));
                }
            }
        }
        self.spans.clear();
        for (i, &(oi, _, _)) in home.iter().enumerate() {
            match self.spans.last_mut() {
                Some(span) if span.0 == oi as usize => span.2 = i + 1,
                _ => self.spans.push((oi as usize, i, i + 1)),
            }
        }
        self.tokens = vec![home; depth + 1];
        self.b = b;
        let pb = &moves.perm[b];
        self.support = (0..stickers as Slot)
            .filter(|&s| pb[s as usize] != s)
            .collect();
        self.apart = moves
            .perm
            .iter()
            .map(|pm| (0..stickers).all(|s| pb[s] as usize == s || pm[s] as usize == s))
            .collect();
    }
}
