//! Greedy insertion of small operators into the current sequence.
//!
//! The sequence `S` solves part of the puzzle; what is left is read at the end, as the state
//! `X·S`. An operator `D` that fixes two or three pieces there can be inserted at any point `j`
//! of `S` instead of appended: inserting `C` between `S₁` and `S₂` changes the end state by
//! `S₂⁻¹ C S₂`, so `C` must be `D` carried back through `S₂` (a conjugation per move, three
//! positions each), and its cost is the tabulated length of that effect minus what merges with
//! the moves around `j`. Each round scores every candidate at every point by pieces fixed per
//! move added, refines the best few by splicing them for real, and keeps the best.

use super::moves::{MoveId, Moves};
use super::ops::{Brief, Effect, OpTable};
use super::structure::{Orbit, OrbitState};

/// Recomputes the orbit states a whole move sequence leaves (from the
/// state being solved), for insertions that rewrite the sequence.
pub type Recompute<'a> = &'a dyn Fn(&[MoveId]) -> Vec<OrbitState>;

/// Candidates refined by a real splice in each round (24 rather than 6: 2-4% shorter solutions
/// on the octahedra and the icosahedron-2, at no measurable cost).
const REFINE: usize = 24;

/// Candidates scored at every point in one round at most: on big puzzles (tens of thousands of
/// candidate 3-cycles over a sequence of a thousand moves) the ones fixing the most pieces are
/// kept, which bounds a round's work without changing small puzzles' solutions.
const MAX_CANDIDATES: usize = 2000;

/// A candidate operator at the end of the sequence, with the pieces it fixes.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    orbit: usize,
    effect: Effect,
    gain: i32,
}

/// A scored insertion.
#[derive(Clone, Copy, Debug)]
struct Scored {
    cand: Candidate,
    point: usize,
    key: u64,
    est: i32,
}

/// Pieces an effect puts right, minus those it puts wrong.
fn gain(orbit: &Orbit, st: &OrbitState, e: &Effect) -> i32 {
    let o = orbit.twists;
    let mut g = 0;
    for i in 0..e.len as usize {
        let (s, d) = (e.src[i] as usize, e.dst[i] as usize);
        let before = st.correct(orbit, d);
        let occ = st.occ[s] as usize;
        let tw = (st.tw[s] + e.delta[i]) % o;
        let after = tw == 0 && orbit.class[occ] == orbit.class[d];
        g += after as i32 - before as i32;
    }
    g
}

/// Candidate effects at the end state of one orbit: 3-cycles moving a wrong piece towards a
/// position of its class, then pure twists of pieces already in place, each once.
fn candidates(oi: usize, orbit: &Orbit, st: &OrbitState, out: &mut Vec<Candidate>) {
    let wrong: Vec<usize> = (0..orbit.len())
        .filter(|&p| !st.correct(orbit, p))
        .collect();
    if wrong.is_empty() {
        return;
    }
    let start = out.len();
    let mut keep = Keep { oi, orbit, st, out };
    keep.cycles(&wrong);
    if orbit.twists > 1 {
        keep.twists(&wrong);
    }
    // Drop duplicates (the same effect reached from different starting pieces).
    let mut seen = std::collections::HashSet::new();
    let mut i = start;
    while i < out.len() {
        if seen.insert(out[i].effect) {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
}

/// Collects the candidates of one orbit's end state `st` into `out`.
struct Keep<'a> {
    /// The orbit's index, recorded in each candidate.
    oi: usize,
    orbit: &'a Orbit,
    st: &'a OrbitState,
    out: &'a mut Vec<Candidate>,
}

impl Keep<'_> {
    /// Keeps the effect on `src` (to `dst`, adding `delta`: the first `len` entries) if it puts
    /// more pieces right than wrong.
    fn offer(&mut self, len: u8, src: [usize; 3], dst: [usize; 3], delta: [u16; 3]) {
        let mut e = Effect {
            len,
            src: src.map(|p| p as u16),
            dst: dst.map(|p| p as u16),
            delta,
        };
        e.normalize();
        let g = gain(self.orbit, self.st, &e);
        if g > 0 {
            self.out.push(Candidate {
                orbit: self.oi,
                effect: e,
                gain: g,
            });
        }
    }

    /// The 3-cycles `a -> b -> c -> a` where `a`'s piece goes to a wrong position `b` of its
    /// class, untwisted, and `b`'s to `c` likewise (or anywhere, with any twist, when no such `c`
    /// exists: a swap, or `b` only twisted); `c`'s piece with any twist.
    fn cycles(&mut self, wrong: &[usize]) {
        let (orbit, st) = (self.orbit, self.st);
        let (n, o) = (orbit.len(), orbit.twists);
        // Wrong positions of each class (where a piece of that class is wanted).
        let mut wanted: Vec<Vec<usize>> = vec![Vec::new(); orbit.class_size.len()];
        for &p in wrong {
            wanted[orbit.class[p] as usize].push(p);
        }
        for &a in wrong {
            let qa = st.occ[a] as usize;
            let da = (o - st.tw[a]) % o;
            for &b in &wanted[orbit.class[qa] as usize] {
                if b == a {
                    continue;
                }
                let qb = st.occ[b] as usize;
                let db = (o - st.tw[b]) % o;
                let mut any = false;
                for &c in &wanted[orbit.class[qb] as usize] {
                    if c != a && c != b {
                        self.cycle([a, b, c], da, db);
                        any = true;
                    }
                }
                if !any {
                    for c in (0..n).filter(|&c| c != a && c != b) {
                        for d1 in 0..o {
                            self.cycle([a, b, c], da, d1);
                        }
                    }
                }
            }
        }
    }

    /// The 3-cycle `a -> b -> c -> a` adding `d0` and `d1` to the first two pieces' twists, with
    /// every twist of the third.
    fn cycle(&mut self, [a, b, c]: [usize; 3], d0: u16, d1: u16) {
        for d2 in 0..self.orbit.twists {
            self.offer(3, [a, b, c], [b, c, a], [d0, d1, d2]);
        }
    }

    /// Pure twists of two or three wrong pieces already at a position of their class: the first
    /// untwisted, and for two the second by any amount, for three each untwisted.
    fn twists(&mut self, wrong: &[usize]) {
        let (orbit, st) = (self.orbit, self.st);
        let o = orbit.twists;
        let untwist = |p: usize| (o - st.tw[p]) % o;
        let twisted: Vec<usize> = wrong
            .iter()
            .copied()
            .filter(|&p| orbit.class[st.occ[p] as usize] == orbit.class[p])
            .collect();
        for (i, &a) in twisted.iter().enumerate() {
            for &b in &twisted[i + 1..] {
                for db in 0..o {
                    self.offer(2, [a, b, 0], [a, b, 0], [untwist(a), db, 0]);
                }
            }
            for (j, &b) in twisted.iter().enumerate().skip(i + 1) {
                for &c in &twisted[j + 1..] {
                    let delta = [untwist(a), untwist(b), untwist(c)];
                    self.offer(3, [a, b, c], [a, b, c], delta);
                }
            }
        }
    }
}

/// Moves saved when `op` is spliced between `before` and `after` (first/last moves only).
fn saving(moves: &Moves, before: Option<MoveId>, op: &Brief, after: Option<MoveId>) -> i32 {
    let merge = |x: MoveId, y: MoveId| -> i32 {
        let (tx, ty) = (moves.twist[x as usize], moves.twist[y as usize]);
        if tx.turn != ty.turn {
            return 0;
        }
        if (tx.amount + ty.amount) % moves.order[tx.turn as usize] == 0 {
            2
        } else {
            1
        }
    };
    let mut s = 0;
    if op.len == 0 {
        return 0;
    }
    if let Some(b) = before {
        s += merge(b, op.first);
    }
    if let Some(a) = after {
        s += merge(op.last, a);
    }
    s
}

/// Inserts operators into `seq` until every orbit in `orbits` is solved; `states` are the end
/// states of all orbits (updated). Returns false if some orbit cannot be finished.
pub fn insert_all(
    moves: &Moves,
    all: &[Orbit],
    tables: &[OpTable],
    orbits: &[usize],
    seq: &mut Vec<MoveId>,
    states: &mut [OrbitState],
    recompute: Option<Recompute<'_>>,
) -> bool {
    let mut cands: Vec<Candidate> = Vec::new();
    loop {
        cands.clear();
        for &oi in orbits {
            candidates(oi, &all[oi], &states[oi], &mut cands);
        }
        if cands.is_empty() {
            return orbits.iter().all(|&oi| states[oi].wrong(&all[oi]) == 0);
        }
        if cands.len() > MAX_CANDIDATES {
            // Stable: ties keep the orbit order, so the result is deterministic.
            cands.sort_by_key(|c| std::cmp::Reverse(c.gain));
            cands.truncate(MAX_CANDIDATES);
        }
        // Score every candidate at every insertion point, walking back from the end.
        let mut best: Vec<Scored> = Vec::new();
        let mut worst_kept = f64::NEG_INFINITY;
        let mut cur: Vec<Effect> = cands.iter().map(|c| c.effect).collect();
        // Each candidate's key and tabulated sequence where it stands now; looked up again only
        // when a move changes the effect (most moves do not touch its three positions).
        let lookup = |e: &Effect, c: &Candidate| {
            let key = e.key(all[c.orbit].twists);
            (key, tables[c.orbit].brief(key))
        };
        let mut ops: Vec<(u64, Option<Brief>)> =
            cur.iter().zip(&cands).map(|(e, c)| lookup(e, c)).collect();
        for point in (0..=seq.len()).rev() {
            if point < seq.len() {
                // Carry every candidate back through seq[point]: conjugate by its inverse.
                let inv = moves.inverse[seq[point] as usize] as usize;
                for ((e, c), op) in cur.iter_mut().zip(&cands).zip(ops.iter_mut()) {
                    let moved = e.conjugate(&all[c.orbit], inv);
                    if moved != *e {
                        *e = moved;
                        *op = lookup(e, c);
                    }
                }
            }
            let before = point.checked_sub(1).map(|i| seq[i]);
            let after = seq.get(point).copied();
            for (c, &(key, op)) in cands.iter().zip(&ops) {
                let Some(op) = op else {
                    continue;
                };
                let est = (op.len as i32 - saving(moves, before, &op, after)).max(1);
                let score = c.gain as f64 / est as f64;
                if best.len() < REFINE || score > worst_kept {
                    best.push(Scored {
                        cand: *c,
                        point,
                        key,
                        est,
                    });
                    best.sort_by(|x, y| {
                        let sx = x.cand.gain as f64 / x.est as f64;
                        let sy = y.cand.gain as f64 / y.est as f64;
                        sy.total_cmp(&sx).then(x.est.cmp(&y.est))
                    });
                    best.truncate(REFINE);
                    let w = best.last().unwrap();
                    worst_kept = w.cand.gain as f64 / w.est as f64;
                }
            }
        }
        if best.is_empty() {
            return false;
        }
        // Refine: splice for real and measure.
        let mut chosen: Option<(f64, usize, Vec<MoveId>, Candidate)> = None;
        for sc in &best {
            let op = tables[sc.cand.orbit].get(sc.key).unwrap();
            let mut spliced = Vec::with_capacity(seq.len() + op.len());
            spliced.extend_from_slice(&seq[..sc.point]);
            spliced.extend_from_slice(op);
            spliced.extend_from_slice(&seq[sc.point..]);
            let s = moves.simplify(&spliced);
            let added = (s.len() as i64 - seq.len() as i64).max(1) as f64;
            let score = sc.cand.gain as f64 / added;
            let better = match &chosen {
                None => true,
                Some((bs, bl, _, _)) => score > *bs || (score == *bs && s.len() < *bl),
            };
            if better {
                chosen = Some((score, s.len(), s, sc.cand));
            }
        }
        let (_, _, s, cand) = chosen.unwrap();
        *seq = s;
        match recompute {
            Some(f) => states.clone_from_slice(&f(seq)),
            None => cand
                .effect
                .apply(&mut states[cand.orbit], all[cand.orbit].twists),
        }
    }
}
