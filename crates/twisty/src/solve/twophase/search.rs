//! The two-phase search: IDA* over phase-1 solutions by increasing length, each finished by the
//! shortest phase 2 that beats the best solution so far.

use std::time::Instant;

use super::TwoPhase;
use crate::solve::moves::{MoveId, Moves};
use crate::solve::structure::{OrbitState, Structure};

/// One phase 2 searches at most this fraction of the budget.
const PHASE2_SHARE: u64 = 20;

/// When the search stops.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Nodes (moves tried, both phases) before it stops with the best solution so far.
    pub nodes: u64,
    /// A wall-clock cap on top, once a solution is found (results then depend on the machine).
    pub deadline: Option<Instant>,
    /// Stop at the first solution of at most this many moves (0: none).
    pub target: usize,
    /// Longest solution considered.
    pub max_depth: usize,
}

/// A solution of the two-phase search.
#[derive(Clone, Debug)]
pub struct Found {
    /// The moves.
    pub seq: Vec<MoveId>,
    /// Whether the search proved it shortest (phase 1 reached its length).
    pub optimal: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// One search's state.
struct Run<'a> {
    tp: &'a TwoPhase,
    structure: &'a Structure,
    moves: &'a Moves,
    start: &'a [OrbitState],
    limits: &'a Limits,
    nodes: u64,
    stopped: bool,
    /// The node count at which the current phase 2 gives up (its phase-1 end is dropped).
    phase2_end: u64,
    /// Whether some phase 2 gave up (the best solution is then not proved shortest).
    phase2_cut: bool,
    best: Option<Vec<MoveId>>,
    /// The moves of the current branch: phase 1's, then phase 2's.
    seq: Vec<MoveId>,
    /// Coordinates of phase 1 (resp. 2) at every depth of the branch.
    stack: [Vec<Vec<u32>>; 2],
}

impl TwoPhase {
    /// Solves `start` (which must be in phase 1's tables), keeping the best solution found within
    /// `limits`; `None` if none was found.
    pub fn search(
        &self,
        structure: &Structure,
        moves: &Moves,
        start: &[OrbitState],
        limits: &Limits,
    ) -> Option<Found> {
        let Some(c0) = self.values(0, structure, start) else {
            crate::trace::trace!("two-phase: the state is not in phase 1's tables");
            return None;
        };
        let depth = limits.max_depth + 1;
        let mut run = Run {
            tp: self,
            structure,
            moves,
            start,
            limits,
            nodes: 0,
            stopped: false,
            phase2_end: 0,
            phase2_cut: false,
            best: None,
            seq: Vec::new(),
            stack: [
                vec![c0.clone(); depth],
                vec![vec![0; self.phases[1].coords.len()]; depth],
            ],
        };
        let mut d1 = self.phases[0].bound(&c0) as usize;
        let optimal = loop {
            let best = run.best.as_ref().map_or(depth, Vec::len);
            if d1 >= best {
                break run.best.is_some() && !run.phase2_cut;
            }
            run.phase1(0, d1);
            if run.stopped {
                break false;
            }
            d1 += 1;
        };
        run.best.map(|seq| Found {
            seq,
            optimal,
            nodes: run.nodes,
        })
    }
}

impl Run<'_> {
    /// Counts a node; true when the search must stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        // The time cap applies once a solution is in hand: a cap shorter than the search's
        // first solution would otherwise hand the state to the slow, long route.
        if self.nodes >= self.limits.nodes
            || (self.nodes.is_multiple_of(4096)
                && self.best.is_some()
                && self.limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether `m` may follow the branch's last move: not the same turn, and moves of one axis in
    /// increasing turn order (they commute).
    fn canonical(&self, m: MoveId) -> bool {
        let Some(&last) = self.seq.last() else {
            return true;
        };
        let (a, b) = (m as usize, last as usize);
        self.moves.axis[a] != self.moves.axis[b]
            || self.moves.twist[a].turn > self.moves.twist[b].turn
    }

    /// Computes phase `ph`'s coordinates after its `k`-th move into depth `level + 1`; returns
    /// their lower bound.
    fn step(&mut self, ph: usize, level: usize, k: usize) -> usize {
        let phase = &self.tp.phases[ph];
        let (lo, hi) = self.stack[ph].split_at_mut(level + 1);
        for ((n, &c), coord) in hi[0].iter_mut().zip(&lo[level]).zip(&phase.coords) {
            *n = coord.step(c, k);
        }
        phase.bound(&hi[0]) as usize
    }

    /// Phase-1 sequences of exactly `left` more moves ending in G1's coset.
    fn phase1(&mut self, level: usize, left: usize) {
        if left == 0 {
            // A last move in G1: the sequence without it was a phase-1 solution already.
            if self.seq.last().is_none_or(|&m| !self.tp.in_g1[m as usize]) {
                self.phase2();
            }
            return;
        }
        for k in 0..self.tp.phases[0].moves.len() {
            let m = self.tp.phases[0].moves[k];
            if !self.canonical(m) {
                continue;
            }
            if self.tick() {
                return;
            }
            if self.step(0, level, k) >= left {
                continue;
            }
            self.seq.push(m);
            self.phase1(level + 1, left - 1);
            self.seq.pop();
            if self.stopped {
                return;
            }
        }
    }

    /// The shortest phase 2 after the current phase-1 sequence that beats the best solution.
    fn phase2(&mut self) {
        let d1 = self.seq.len();
        let total = self
            .best
            .as_ref()
            .map_or(self.limits.max_depth + 1, Vec::len);
        if total <= d1 {
            return;
        }
        let limit = total - d1 - 1;
        let mut states = self.start.to_vec();
        for (o, st) in self.structure.orbits.iter().zip(states.iter_mut()) {
            let mut scratch = st.clone();
            for &m in &self.seq {
                if o.touched_by[m as usize] {
                    st.apply(o, m as usize, &mut scratch);
                }
            }
        }
        let Some(c) = self.tp.values(1, self.structure, &states) else {
            return;
        };
        let h = self.tp.phases[1].bound(&c) as usize;
        self.stack[1][0] = c;
        // One phase-1 end may not take the whole budget (a long or hopeless phase 2).
        self.phase2_end = self.nodes + (self.limits.nodes / PHASE2_SHARE).max(1);
        for depth in h..=limit {
            if self.dfs2(0, depth) {
                self.best = Some(self.seq.clone());
                self.seq.truncate(d1);
                if self
                    .best
                    .as_ref()
                    .is_some_and(|b| b.len() <= self.limits.target)
                {
                    self.stopped = true;
                }
                return;
            }
            if self.stopped || self.nodes >= self.phase2_end {
                self.phase2_cut = true;
                return;
            }
        }
    }

    /// Phase-2 sequences of exactly `left` more moves reaching solved; true when one is found
    /// (left in `seq`).
    fn dfs2(&mut self, level: usize, left: usize) -> bool {
        if left == 0 {
            return self.tp.phases[1].bound(&self.stack[1][level]) == 0;
        }
        for k in 0..self.tp.phases[1].moves.len() {
            let m = self.tp.phases[1].moves[k];
            if !self.canonical(m) {
                continue;
            }
            if self.tick() {
                return false;
            }
            if self.step(1, level, k) >= left {
                continue;
            }
            self.seq.push(m);
            if self.dfs2(level + 1, left - 1) {
                return true;
            }
            self.seq.pop();
            if self.stopped || self.nodes >= self.phase2_end {
                return false;
            }
        }
        false
    }
}
