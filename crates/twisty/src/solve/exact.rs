//! Exact search: iterative-deepening A* over the pieces of chosen orbits, pruned by pattern
//! databases, for the parts of a puzzle that small operators cannot (or should not) solve.
//!
//! A *stage* names the orbits to solve (whole orbits, by colour) and whether the abelian
//! invariants must end at zero. The search state is the slot of every piece of those orbits
//! ("piece-major": `slot = position * twists + twist`). Each pattern database tabulates, by
//! breadth-first search from the goal, the exact number of moves needed to bring a few pieces of
//! one orbit home; the heuristic is the maximum of the databases and of the invariants' distance,
//! all admissible, so the first solution found at each depth bound is a shortest one for the
//! stage's goal. Moves that touch none of the stage's orbits and change no invariant are skipped,
//! and sequences are canonical (no two moves of one turn in a row, turns of one axis in order).

use std::sync::Arc;

use super::invariants::Invariants;
use super::moves::{MoveId, Moves};
use super::structure::{Orbit, OrbitState};

/// Entries in one pattern database at most.
pub const PDB_CAP: usize = 1 << 21;

/// What a pattern database looks at.
#[derive(Clone, Debug)]
enum PdbKind {
    /// The slots of some pieces (home positions): `index = Σ slot_i · slots^i`.
    Pieces(Vec<u16>),
    /// The twist at every position: `index = Σ twist(p) · twists^p`.
    Twists,
    /// Where every piece is, ignoring twists (distinct pieces): the Lehmer rank.
    Perm,
}

/// A pattern database over one orbit: `dist[index]` is the exact number of moves needed to solve
/// what it looks at (a lower bound for solving the orbit).
#[derive(Clone, Debug)]
struct Pdb {
    kind: PdbKind,
    dist: Vec<u8>,
}

/// One orbit's tables for exact search: its moves on slots and its pattern databases.
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
    /// Moves touching the orbit.
    touching: Vec<usize>,
    pdbs: Vec<Pdb>,
}

fn pow_fits(base: usize, k: usize, cap: usize) -> bool {
    let mut x = 1usize;
    for _ in 0..k {
        x = match x.checked_mul(base) {
            Some(v) if v <= cap => v,
            _ => return false,
        };
    }
    true
}

fn factorial_fits(n: usize, cap: usize) -> bool {
    (1..=n)
        .try_fold(1usize, |a, x| a.checked_mul(x).filter(|&v| v <= cap))
        .is_some()
}

/// Lehmer rank of a permutation of `0..n`.
fn perm_rank(p: &[usize]) -> usize {
    let n = p.len();
    let mut r = 0;
    for i in 0..n {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (n - i) + smaller;
    }
    r
}

fn perm_unrank(mut r: usize, n: usize, out: &mut [usize]) {
    let mut digits = vec![0usize; n];
    for i in (0..n).rev() {
        let base = n - i;
        digits[i] = r % base;
        r /= base;
    }
    let mut avail: Vec<usize> = (0..n).collect();
    for i in 0..n {
        out[i] = avail.remove(digits[i]);
    }
}

impl OrbitTables {
    /// Slot tables and pattern databases for one orbit.
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
        let mut t = OrbitTables {
            orbit: oi,
            n,
            slots,
            twists: orbit.twists,
            mv,
            class: orbit.class.clone(),
            touching,
            pdbs: Vec::new(),
        };
        // The pieces in groups as large as the cap allows, balanced.
        let mut k = 1;
        while k < n && pow_fits(slots, k + 1, PDB_CAP) {
            k += 1;
        }
        let groups = n.div_ceil(k);
        for g in 0..groups {
            let pieces: Vec<u16> = (g * n / groups..(g + 1) * n / groups)
                .map(|p| p as u16)
                .collect();
            let pdb = t.build(PdbKind::Pieces(pieces));
            t.pdbs.push(pdb);
        }
        if k < n {
            if o > 1 && pow_fits(o, n, PDB_CAP) {
                let pdb = t.build(PdbKind::Twists);
                t.pdbs.push(pdb);
            }
            if orbit.distinct && factorial_fits(n, PDB_CAP) {
                let pdb = t.build(PdbKind::Perm);
                t.pdbs.push(pdb);
            }
        }
        t
    }

    fn size(&self, kind: &PdbKind) -> usize {
        match kind {
            PdbKind::Pieces(p) => self.slots.pow(p.len() as u32),
            PdbKind::Twists => (self.twists as usize).pow(self.n as u32),
            PdbKind::Perm => (1..=self.n).product(),
        }
    }

    /// Breadth-first search from the goal over the abstraction.
    fn build(&self, kind: PdbKind) -> Pdb {
        let size = self.size(&kind);
        let o = self.twists as usize;
        let r = self.slots;
        let n = self.n;
        let mut dist = vec![u8::MAX; size];
        let width = match &kind {
            PdbKind::Pieces(p) => p.len(),
            _ => n,
        };
        let mut cur = vec![0usize; width];
        let mut img = vec![0usize; width];
        let decode = |idx: usize, out: &mut [usize]| match &kind {
            PdbKind::Pieces(_) => {
                let mut idx = idx;
                for x in out.iter_mut() {
                    *x = idx % r;
                    idx /= r;
                }
            }
            PdbKind::Twists => {
                let mut idx = idx;
                for x in out.iter_mut() {
                    *x = idx % o;
                    idx /= o;
                }
            }
            PdbKind::Perm => perm_unrank(idx, n, out),
        };
        let encode = |v: &[usize]| -> usize {
            match &kind {
                PdbKind::Pieces(_) => v.iter().rev().fold(0, |a, &x| a * r + x),
                PdbKind::Twists => v.iter().rev().fold(0, |a, &x| a * o + x),
                PdbKind::Perm => perm_rank(v),
            }
        };
        // Goal states.
        let mut frontier = Vec::new();
        match &kind {
            PdbKind::Pieces(pieces) => {
                for (idx, d) in dist.iter_mut().enumerate() {
                    decode(idx, &mut cur);
                    let home = cur
                        .iter()
                        .zip(pieces)
                        .all(|(&s, &q)| s % o == 0 && self.class[s / o] == self.class[q as usize]);
                    if home && (1..width).all(|i| !cur[..i].contains(&cur[i])) {
                        *d = 0;
                        frontier.push(idx);
                    }
                }
            }
            PdbKind::Twists | PdbKind::Perm => {
                let id: Vec<usize> = (0..n).collect();
                let idx = if matches!(kind, PdbKind::Perm) {
                    perm_rank(&id)
                } else {
                    0
                };
                dist[idx] = 0;
                frontier.push(idx);
            }
        }
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &idx in &frontier {
                decode(idx, &mut cur);
                for &m in &self.touching {
                    let base = m * r;
                    match &kind {
                        PdbKind::Pieces(_) => {
                            for (x, &s) in img.iter_mut().zip(cur.iter()) {
                                *x = self.mv[base + s] as usize;
                            }
                        }
                        PdbKind::Twists => {
                            // Position-major: the twist at p moves to the image of p.
                            for (p, &c) in cur.iter().enumerate().take(n) {
                                let s = self.mv[base + p * o + c] as usize;
                                img[s / o] = s % o;
                            }
                        }
                        PdbKind::Perm => {
                            // cur[q] = position of piece q.
                            for (x, &p) in img.iter_mut().zip(cur.iter()) {
                                *x = self.mv[base + p * o] as usize / o;
                            }
                        }
                    }
                    let j = encode(&img);
                    if dist[j] == u8::MAX {
                        dist[j] = depth;
                        next.push(j);
                    }
                }
            }
            frontier = next;
        }
        Pdb { kind, dist }
    }

    /// The largest database value for the orbit's tokens (`None`: unreachable).
    #[inline]
    fn heuristic(&self, tokens: &[u16], scratch: &mut [usize]) -> Option<u8> {
        let o = self.twists as usize;
        let mut h = 0u8;
        for pdb in &self.pdbs {
            let idx = match &pdb.kind {
                PdbKind::Pieces(pieces) => pieces
                    .iter()
                    .rev()
                    .fold(0usize, |a, &q| a * self.slots + tokens[q as usize] as usize),
                PdbKind::Twists => {
                    for &s in &tokens[..self.n] {
                        scratch[s as usize / o] = s as usize % o;
                    }
                    scratch[..self.n]
                        .iter()
                        .rev()
                        .fold(0usize, |a, &x| a * o + x)
                }
                PdbKind::Perm => {
                    for (q, &s) in tokens[..self.n].iter().enumerate() {
                        scratch[q] = s as usize / o;
                    }
                    perm_rank(&scratch[..self.n])
                }
            };
            h = h.max(pdb.dist[idx]);
        }
        if h == u8::MAX { None } else { Some(h) }
    }

    /// Total database entries.
    pub fn entries(&self) -> usize {
        self.pdbs.iter().map(|p| p.dist.len()).sum()
    }
}

/// A prepared exact stage: orbits to bring home (all of them, by colour) and whether the
/// invariants must reach zero.
#[derive(Clone, Debug)]
pub struct Stage {
    orbits: Vec<(Arc<OrbitTables>, usize)>,
    tokens: usize,
    invariants: bool,
    /// Moves worth trying.
    useful: Vec<MoveId>,
    widest: usize,
}

/// Outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
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
    ) -> Stage {
        let mut orbits = Vec::new();
        let mut offset = 0;
        let mut widest = 0;
        for t in tables {
            let n = t.n;
            widest = widest.max(n);
            orbits.push((t, offset));
            offset += n;
        }
        let useful = (0..moves.len())
            .filter(|&m| {
                orbits
                    .iter()
                    .any(|(t, _)| t.touching.binary_search(&m).is_ok())
                    || (with_invariants && invariants.step(0, m) != 0)
            })
            .map(|m| m as MoveId)
            .collect();
        Stage {
            orbits,
            tokens: offset,
            invariants: with_invariants,
            useful,
            widest,
        }
    }

    /// The search state of orbit states: the slot of every followed piece.
    fn encode_state(&self, states: &[OrbitState]) -> Vec<u16> {
        let mut tokens = vec![0u16; self.tokens];
        for (t, offset) in &self.orbits {
            let st = &states[t.orbit];
            let o = t.twists as usize;
            for p in 0..st.occ.len() {
                tokens[offset + st.occ[p] as usize] = (p * o + st.tw[p] as usize) as u16;
            }
        }
        tokens
    }

    #[inline]
    fn heuristic(
        &self,
        tokens: &[u16],
        inv: &Invariants,
        code: u64,
        scratch: &mut [usize],
    ) -> Option<u8> {
        let mut h = 0u8;
        for (t, offset) in &self.orbits {
            h = h.max(t.heuristic(&tokens[*offset..], scratch)?);
        }
        if self.invariants {
            h = h.max(inv.distance(code)?);
        }
        Some(h)
    }

    fn solved(&self, tokens: &[u16], code: u64) -> bool {
        if self.invariants && code != 0 {
            return false;
        }
        self.orbits.iter().all(|(t, offset)| {
            let o = t.twists as usize;
            (0..t.n).all(|q| {
                let s = tokens[offset + q] as usize;
                s % o == 0 && t.class[s / o] == t.class[q]
            })
        })
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
        let tokens = self.encode_state(states);
        let mut scratch = vec![0usize; self.widest];
        let Some(h0) = self.heuristic(&tokens, inv, code, &mut scratch) else {
            return Found::Impossible;
        };
        let mut ctx = Ctx {
            moves,
            inv,
            nodes: 0,
            budget,
            path: Vec::new(),
            bufs: vec![tokens.clone(); max_depth + 2],
            scratch,
        };
        let mut bound = h0 as usize;
        while bound <= max_depth {
            match self.dfs(&mut ctx, 0, code, bound, None) {
                Step::Found => return Found::Solution(ctx.path),
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
        last: Option<MoveId>,
    ) -> Step {
        if self.solved(&ctx.bufs[depth], code) {
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
                let (tokens, next) = (&lo[depth], &mut hi[0]);
                for (t, offset) in &self.orbits {
                    let base = m as usize * t.slots;
                    for q in *offset..offset + t.n {
                        next[q] = t.mv[base + tokens[q] as usize];
                    }
                }
            }
            let code2 = if self.invariants {
                ctx.inv.step(code, m as usize)
            } else {
                code
            };
            let Some(h) = self.heuristic(&ctx.bufs[depth + 1], ctx.inv, code2, &mut ctx.scratch)
            else {
                continue;
            };
            if h as usize > left - 1 {
                continue;
            }
            ctx.path.push(m);
            match self.dfs(ctx, depth + 1, code2, left - 1, Some(m)) {
                Step::Found => return Step::Found,
                Step::Budget => return Step::Budget,
                Step::NotFound => {}
            }
            ctx.path.pop();
        }
        Step::NotFound
    }
}

struct Ctx<'a> {
    moves: &'a Moves,
    inv: &'a Invariants,
    nodes: u64,
    budget: u64,
    path: Vec<MoveId>,
    /// The search state at each depth.
    bufs: Vec<Vec<u16>>,
    scratch: Vec<usize>,
}

enum Step {
    Found,
    Budget,
    NotFound,
}
