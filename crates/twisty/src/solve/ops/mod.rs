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
//!
//! *Modules.* `effect` holds what an operator does to its orbit and how it is read from sticker
//! permutations; `search` the commutator search; `symmetry` the symmetries on moves, stickers
//! and orbits; `table` the per-orbit tables and their spreading. This module decides which
//! operators seed which table and in which order the orbits are finished ([`Tables::level`]).

mod effect;
mod search;
mod symmetry;
mod table;

use std::cell::RefCell;

use super::moves::{MoveId, Moves};
use super::puzzle::Slot;
use super::structure::{Orbit, Structure};
use crate::trace::trace;

pub use effect::{Effect, IntHasher, IntMap, OrbitSym, Sites};
pub use search::{OPS_STEP, OpSearch};
pub use symmetry::Symmetry;
pub use table::{Brief, OpEntry, OpTable};

use search::{Candidate, Commutators, FoundOps};

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
    let sites = Sites::new(structure, pieces_of);
    let search = Commutators::new(structure, moves, &sites, sym, wanted, &settings);
    let mut found: FoundOps = vec![IntMap::default(); norbits];
    search.run(&mut found, wanted.to_vec(), false);
    let builder = Builder {
        structure,
        moves,
        sym,
        sites: &sites,
        wanted,
        settings,
        orbit_map: sym.orbit_map(structure, &sites),
        orbit_syms: sym.orbit_syms(structure, &sites),
    };
    // Pure operators first: the orbits they cover are finished last.
    builder.seed(&mut out.tables, &found, &|_, side| side.is_empty());
    let all: Vec<usize> = (0..norbits).filter(|&oi| wanted[oi]).collect();
    builder.finish(&mut out.tables, &all);
    for &oi in &all {
        if covers(&structure.orbits[oi], &out.tables[oi]) {
            out.level[oi] = Some(1);
        }
    }
    // Then operators that may disturb those orbits, for the others.
    let late: Vec<bool> = out.level.iter().map(|l| *l == Some(1)).collect();
    let rest: Vec<usize> = all.iter().copied().filter(|&oi| !late[oi]).collect();
    if !rest.is_empty() {
        builder.widen(&search, &mut found, &rest, &late, &mut out);
    } else if all.len() > 1 {
        builder.demote(&found, &all, &late, &mut out);
    }
    out
}

/// What seeding and spreading the tables read, shared by every round of [`build_tables`].
struct Builder<'a> {
    structure: &'a Structure,
    moves: &'a Moves,
    sym: &'a Symmetry,
    sites: &'a Sites<'a>,
    /// The orbits operators may move.
    wanted: &'a [bool],
    settings: OpSearch,
    /// `orbit_map[g][o]`: the orbit symmetry `g` sends orbit `o` to ([`Symmetry::orbit_map`]).
    orbit_map: Vec<Vec<u16>>,
    /// The symmetries mapping each orbit onto itself ([`Symmetry::orbit_syms`]).
    orbit_syms: Vec<Vec<OrbitSym>>,
}

/// An orbit's trial of operators that disturb other orbits: its mean 3-cycle cost over the pure
/// one's, its table, and the orbits its operators disturb.
type Trial = (f64, OpTable, Vec<bool>);

impl Builder<'_> {
    /// Seeds each orbit's table with the operators whose disturbed orbits pass `allowed`: each
    /// operator, its inverse and their images under the symmetries.
    fn seed(
        &self,
        tables: &mut [OpTable],
        found: &FoundOps,
        allowed: &dyn Fn(usize, &[u16]) -> bool,
    ) {
        for (oi, by_key) in found.iter().enumerate() {
            for cands in by_key.values() {
                for c in cands {
                    self.seed_one(tables, oi, c, allowed);
                }
            }
        }
    }

    /// Seeds the tables with one found operator `c` of orbit `oi` (see [`Builder::seed`]).
    fn seed_one(
        &self,
        tables: &mut [OpTable],
        oi: usize,
        c: &Candidate,
        allowed: &dyn Fn(usize, &[u16]) -> bool,
    ) {
        let (structure, moves, sym) = (self.structure, self.moves, self.sym);
        let orbit = &structure.orbits[oi];
        let perm = seq_perm(moves, &c.seq, self.sites.pieces_of.len());
        let mine: Vec<(u32, u32)> = (0..orbit.len())
            .filter(|&p| {
                let r = orbit.stickers_at(p * orbit.twists as usize)[0];
                perm[r as usize] != r
            })
            .map(|p| (oi as u32, p as u32))
            .collect();
        let Some((_, e)) = self.sites.effect_of(structure, &perm, &mine) else {
            return;
        };
        let inv_seq = moves.invert(&c.seq);
        for (e, s) in [(e, c.seq.clone()), (e.inverse(orbit.twists), inv_seq)] {
            if allowed(oi, &c.side) {
                tables[oi].offer(orbit.twists, e, &s);
            }
            for (gi, g) in sym.perm.iter().enumerate() {
                let Some((oj, e2)) = self.sites.transport(structure, &e, oi, g) else {
                    continue;
                };
                let mut side: Vec<u16> = c
                    .side
                    .iter()
                    .map(|&x| self.orbit_map[gi][x as usize])
                    .collect();
                side.sort_unstable();
                if !self.wanted[oj] || side.contains(&u16::MAX) || !allowed(oj, &side) {
                    continue;
                }
                let mapped: Vec<MoveId> = s.iter().map(|&m| sym.moves[gi][m as usize]).collect();
                let mapped = moves.simplify(&mapped);
                tables[oj].offer(structure.orbits[oj].twists, e2, &mapped);
            }
        }
    }

    /// Spreads the seeded tables of the orbits `which`, with pure twists where pieces twist.
    fn finish(&self, tables: &mut [OpTable], which: &[usize]) {
        for &oi in which {
            let orbit = &self.structure.orbits[oi];
            let syms: &[OrbitSym] = if self.settings.spread_symmetry {
                &self.orbit_syms[oi]
            } else {
                &[]
            };
            let max = self.settings.max_entries;
            tables[oi].spread(orbit, self.moves, max, syms);
            if orbit.twists > 1 && tables[oi].add_twists(orbit, self.moves) {
                tables[oi].spread(orbit, self.moves, max, syms);
            }
        }
    }

    /// Some orbits (`rest`) are not covered by pure operators: a wider search for them, whose
    /// commutators have supports meeting in several pieces (a whole row of a big cube's face, a
    /// 3x3x3-like edge made of a midge and its wings), 3-cycle one piece of the orbit and disturb
    /// only orbits finished later (`late`). The orbits it covers are finished at level 0.
    fn widen(
        &self,
        search: &Commutators,
        found: &mut FoundOps,
        rest: &[usize],
        late: &[bool],
        out: &mut Tables,
    ) {
        let norbits = self.structure.orbits.len();
        let mut targets = vec![false; norbits];
        for &oi in rest {
            targets[oi] = true;
        }
        search.run(found, targets, true);
        let mut impure: Vec<OpTable> = vec![OpTable::default(); norbits];
        self.seed(&mut impure, found, &|oi, side| {
            !late[oi] && side.iter().all(|&x| late[x as usize])
        });
        self.finish(&mut impure, rest);
        for &oi in rest {
            if covers(&self.structure.orbits[oi], &impure[oi]) {
                out.level[oi] = Some(0);
                out.tables[oi] = std::mem::take(&mut impure[oi]);
            }
        }
    }

    /// Every orbit is covered by pure operators. Some may still be finished earlier, and more
    /// cheaply, by operators that also disturb orbits finished after them (an octahedron's
    /// wings by commutators that also cycle its centres). The candidates are those the search
    /// recorded already. Greedily: the orbit whose mean 3-cycle cost drops the most (below
    /// `DEMOTE` times its pure one) goes first, its operators disturbing only orbits still pure;
    /// then the next, among those left; the pure orbits (`late`) last.
    fn demote(&self, found: &FoundOps, all: &[usize], late: &[bool], out: &mut Tables) {
        let norbits = self.structure.orbits.len();
        let mut pure = late.to_vec();
        let mut level = 0u8;
        // Each orbit's trial, kept while valid: it changes only when one of the orbits it
        // disturbs stops being pure (the operators disturbing it are then left out). An orbit
        // that gains too little never gains more later (fewer orbits are left to disturb), so it
        // is not tried again.
        let mut tried: Vec<Option<Trial>> = vec![None; norbits];
        let mut hopeful: Vec<usize> = all.to_vec();
        loop {
            let mut still = Vec::new();
            for &x in hopeful.iter().filter(|&&x| pure[x]) {
                let valid = tried[x]
                    .as_ref()
                    .is_some_and(|t| (0..norbits).all(|o| !t.2[o] || pure[o]));
                if !valid {
                    tried[x] = self.trial(x, found, &pure, &out.tables[x]);
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
            out.tables[x] = table;
        }
        for &oi in all {
            if pure[oi] {
                out.level[oi] = Some(level);
            }
        }
    }

    /// The trial of orbit `x` (whose pure table is `table`) with operators disturbing only orbits
    /// still `pure`; `None` when they cover it no more cheaply.
    fn trial(&self, x: usize, found: &FoundOps, pure: &[bool], table: &OpTable) -> Option<Trial> {
        let norbits = self.structure.orbits.len();
        let disturbed = RefCell::new(vec![false; norbits]);
        let mut impure: Vec<OpTable> = vec![OpTable::default(); norbits];
        self.seed(&mut impure, found, &|oi, side| {
            let ok = oi == x && side.iter().all(|&o| o as usize != x && pure[o as usize]);
            if ok {
                for &o in side {
                    disturbed.borrow_mut()[o as usize] = true;
                }
            }
            ok
        });
        // Spreading is the costly part: only when some operator found is shorter than every
        // pure 3-cycle (a heuristic gate: without one the mean cost has not been seen to drop by
        // a fifth).
        if cycle_costs(&impure[x]).min() >= cycle_costs(table).min() {
            return None;
        }
        self.finish(&mut impure, &[x]);
        if !covers(&self.structure.orbits[x], &impure[x]) {
            return None;
        }
        let (before, after) = (mean_cycle_cost(table), mean_cycle_cost(&impure[x]));
        trace!("orbit {x}: mean 3-cycle cost {before:.2} pure, {after:.2} disturbing later orbits");
        let t = std::mem::take(&mut impure[x]);
        Some((after / before, t, disturbed.into_inner()))
    }
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
