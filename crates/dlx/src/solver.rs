//! The search: Algorithms X, C and M as one iterative backtracking loop.
//!
//! The loop is a state machine over three steps, Knuth's labels in brackets:
//!
//! * `Enter` [forward]: a new level begins. If no primary item is left, the
//!   chosen options are a solution. Otherwise choose the item `i` to branch
//!   on and prepare it (cover it, or for an item with multiplicity lower its
//!   bound and get ready to tweak).
//! * `Try` [advance]: take the next option of `i` (or, under Algorithm M,
//!   the "null" move that uses no more of `i`), commit its other items and
//!   enter the next level; when `i` has no options left, restore `i` and leave.
//! * `Leave` [backup/backdown]: go back one level, uncommit the option chosen
//!   there, and try its successor.
//!
//! All state lives in the [`Solver`] (the engine's and the choice stack), never
//! on the Rust call stack, so a search can stop after any number of nodes and
//! resume later ([`Solver::run`] with a budget), and it can begin below a
//! fixed prefix of choices: a [`Subproblem`].
//!
//! The loop is generic over the engine (trait
//! [`Engine`](crate::engine::Engine)), over the algorithm's moves (`Exact`
//! for X and C, `Mult` for M, which only engines with
//! [`Multiplicities`](crate::engine::Multiplicities) run; module `moves`)
//! and over colors; `dispatch!` picks the copy once per call from the
//! engine and the matrix. Each combination is a separate monomorphised copy
//! of the loop, so plain exact cover pays nothing for the others. The loop
//! and its choice stack are module `search`; this one holds the solver and
//! the loop's primitive steps (`Xcm`).
//!
//! The cell engine has a loop of its own (module `cells`), with the same
//! primitive steps (start, run, abandon, progress, path, figures, a frontier
//! for subproblems). A solver's `Core` is either this loop with its engine
//! (`Xcm`) or the cell engine (`cells::Cells`); every public method is
//! written once, on those primitives, and `with_core!` sends each primitive
//! to the one the solver holds.

mod moves;
mod search;

use crate::cells::Cells;
use crate::choose::ChoiceRule;
use crate::matrix::{Matrix, OptionId};
use crate::state::{EngineKind, EngineState};
use crate::subproblem::{Subproblem, SubproblemError};
use crate::visit::{Control, CountOnly, Outcome, Stats, Visitor};
use moves::{Exact, Mult};
use search::{Phase, State};

/// The mutable state of one search: the engine's data structure and the
/// choice stack. Build one per thread; they can share one [`Matrix`].
///
/// ```
/// use dlx::{MatrixBuilder, Solver};
/// let mut b = MatrixBuilder::new();
/// for n in ["a", "b", "c"] { b.primary(n).unwrap(); }
/// for o in [&["a", "b"][..], &["c"], &["a"], &["b", "c"]] { b.option_by_names(o).unwrap(); }
/// let m = b.build().unwrap();
/// assert_eq!(Solver::new(&m).count(), 2);
/// ```
pub struct Solver<'m> {
    matrix: &'m Matrix,
    core: Core<'m>,
    /// Early dead ends, handed to the loop at each `start`.
    early: bool,
    /// The item rule, handed to the loop at each `start`.
    rule: ChoiceRule,
}

/// What a solver searches with: this module's loop over the links or the
/// bitset engine, or the cell engine with its own loop.
enum Core<'m> {
    Loop(Box<Xcm<'m>>),
    Cells(Cells),
}

/// Runs `$body` with `$c` bound to the solver's core, whatever it is: both
/// kinds answer the same primitive methods.
macro_rules! with_core {
    ($core:expr, $c:ident => $body:expr) => {
        match $core {
            Core::Loop($c) => $body,
            Core::Cells($c) => $body,
        }
    };
}

/// This module's loop (Algorithms X, C and M): the engine's data structure
/// and the choice stack.
struct Xcm<'m> {
    engine: EngineState<'m>,
    st: State,
}

/// Runs `$st.$method::<E, A, COLORS>(engine, args)` for the loop's engine
/// and algorithm: one monomorphised copy per combination. The bitset engine
/// has no multiplicities, so it runs `Exact` only, and its conflict matrix
/// already holds the colors, so one copy serves with and without them.
macro_rules! dispatch {
    ($xcm:expr, $method:ident $([$g:ty])? $(, $arg:expr)*) => {{
        let st = &mut $xcm.st;
        match &mut $xcm.engine {
            EngineState::Small(e) => dispatch!(@algo st, e, $method $([$g])? $(, $arg)*),
            EngineState::Large(e) => dispatch!(@algo st, e, $method $([$g])? $(, $arg)*),
            EngineState::Bits(e) => st.$method::<_, Exact, false $(, $g)?>(e $(, $arg)*),
        }
    }};
    (@algo $st:ident, $e:ident, $method:ident $([$g:ty])? $(, $arg:expr)*) => {
        match ($st.colors, $st.mult) {
            (false, false) => $st.$method::<_, Exact, false $(, $g)?>($e $(, $arg)*),
            (true, false) => $st.$method::<_, Exact, true $(, $g)?>($e $(, $arg)*),
            (false, true) => $st.$method::<_, Mult, false $(, $g)?>($e $(, $arg)*),
            (true, true) => $st.$method::<_, Mult, true $(, $g)?>($e $(, $arg)*),
        }
    };
}

impl<'m> Solver<'m> {
    /// A solver for `matrix`, idle, with its own copy of the engine's
    /// state, on the engine [`EngineKind::best_for`] picks: the cell engine
    /// for polyform-like matrices of at least [`CELLS_MIN_OPTIONS`]
    /// options, else the bitset engine when the matrix suits it, else the
    /// links.
    ///
    /// [`CELLS_MIN_OPTIONS`]: crate::CELLS_MIN_OPTIONS
    pub fn new(matrix: &'m Matrix) -> Solver<'m> {
        Solver::with_engine(matrix, EngineKind::best_for(matrix))
    }

    /// A solver for `matrix` that searches with `engine` when the matrix
    /// suits it, and otherwise with [`EngineKind::resolve`]'s fallback: the
    /// links for the bitset engine, [`EngineKind::best_for`] for the cell
    /// engine. [`engine`](Self::engine) says which it got. The links and the
    /// bitset engine walk the same tree and report the same solutions, in
    /// the same order, and the same nodes; the cell engine's tree is its
    /// own where there are counted items (see [`EngineKind`]). The bitset
    /// engine's tables are built once per matrix and shared by all its
    /// solvers; the cell engine's are built per solver.
    pub fn with_engine(matrix: &'m Matrix, engine: EngineKind) -> Solver<'m> {
        let core = match engine.resolve(matrix) {
            EngineKind::Cells => Core::Cells(Cells::new(matrix)),
            kind => Core::Loop(Box::new(Xcm::new(matrix, kind))),
        };
        Solver {
            matrix,
            core,
            early: true,
            rule: ChoiceRule::default(),
        }
    }

    /// The engine this solver searches with.
    pub fn engine(&self) -> EngineKind {
        match &self.core {
            Core::Loop(x) => x.engine.kind(),
            Core::Cells(_) => EngineKind::Cells,
        }
    }

    /// The matrix being solved.
    pub fn matrix(&self) -> &'m Matrix {
        self.matrix
    }

    /// Cost figures since the solver was made (or since `reset_stats`):
    /// solutions, nodes of the search tree, and updates. The links count
    /// their link updates as DLX1/DLX2 do, the bitset engine the updates
    /// Knuth's moves would make, the cell engine the options dropped from
    /// the lists of the items still to be covered.
    pub fn stats(&self) -> Stats {
        with_core!(&self.core, c => c.stats())
    }

    /// Sets the cost figures back to zero.
    pub fn reset_stats(&mut self) {
        with_core!(&mut self.core, c => c.set_stats(Stats::default()))
    }

    /// Is a search under way (started or paused)?
    pub fn is_busy(&self) -> bool {
        with_core!(&self.core, c => c.is_busy())
    }

    /// Early dead ends (on by default): an option is given up as soon as
    /// committing it empties the list of a primary item it does not cover,
    /// instead of being committed in full only for the next level to find
    /// the empty item. The search tree and the node count are the same
    /// either way (each option given up counts as the dead-end node it would
    /// have led to); updates are fewer with it on. Off, the links make
    /// exactly the moves of Knuth's DLX1/DLX2 and their updates equal
    /// theirs; the bitset engine reports Knuth's updates either way. The
    /// cell engine always finds dead ends early (it has no other mode), so
    /// it ignores this setting. Takes effect at the next
    /// [`start`](Self::start).
    pub fn set_early_dead_ends(&mut self, on: bool) {
        self.early = on;
    }

    /// Sets the rule that chooses the item to branch on (Algorithms X and
    /// C; Algorithm M keeps DLX3's rule, and the cell engine its own: the
    /// first item of bounds `1:1` with the fewest options that fit, DLX1's
    /// rule over the items it branches on). The rule shapes the tree, so
    /// subproblems listed under one rule can only be searched under it.
    /// Takes effect at the next [`start`](Self::start).
    pub fn set_choice_rule(&mut self, rule: ChoiceRule) {
        self.rule = rule;
    }

    /// The rule that chooses the item to branch on (as set; see
    /// [`set_choice_rule`](Self::set_choice_rule) for the engines and
    /// algorithms that keep their own); its [`name`](ChoiceRule::name)
    /// belongs in a checkpoint's fingerprint.
    pub fn choice_rule(&self) -> ChoiceRule {
        self.rule
    }

    /// Counts all solutions.
    pub fn count(&mut self) -> u128 {
        let before = self.stats().solutions;
        self.solve(&mut CountOnly);
        self.stats().solutions - before
    }

    /// Visits every solution until the visitor says stop.
    pub fn solve<V: Visitor>(&mut self, visitor: &mut V) -> Outcome {
        self.start(&Subproblem::root())
            .expect("the root subproblem always starts");
        loop {
            // Only a visitor's `Control::Pause` pauses a run without a budget.
            let outcome = self.run(visitor, u64::MAX);
            if outcome != Outcome::Paused {
                return outcome;
            }
        }
    }

    /// The first `n` solutions, each as its options in the order chosen.
    pub fn first(&mut self, n: usize) -> Vec<Vec<OptionId>> {
        let mut out = Vec::new();
        if n > 0 {
            self.solve(&mut |opts: &[OptionId]| {
                out.push(opts.to_vec());
                if out.len() >= n {
                    Control::Stop
                } else {
                    Control::Continue
                }
            });
        }
        out
    }

    /// Lists the subproblems at depth `depth`: the partial solutions made of
    /// the options chosen on the first `depth` levels. Branches that end
    /// sooner in a solution are listed with fewer levels (solving them gives
    /// that one solution); branches that die sooner are left out. The nodes
    /// above depth `depth` count in this solver's stats.
    pub fn subproblems(&mut self, depth: usize) -> Vec<Subproblem> {
        self.subproblems_below(&Subproblem::root(), depth)
            .expect("the root subproblem always starts")
    }

    /// Lists the subproblems `extra` levels below `sub` (to split a big one).
    pub fn subproblems_below(
        &mut self,
        sub: &Subproblem,
        extra: usize,
    ) -> Result<Vec<Subproblem>, SubproblemError> {
        self.start(sub)?;
        with_core!(&mut self.core, c => {
            c.set_frontier(sub.depth() + extra);
            let outcome = c.run(&mut CountOnly, u64::MAX);
            debug_assert_eq!(outcome, Outcome::Finished);
            c.set_frontier(usize::MAX);
            Ok(c.take_found())
        })
    }

    /// Prepares to search `sub`: replays its choices exactly as the search
    /// would make them (under this solver's engine: the cell engine names
    /// its choices its own way, see [`EngineKind`]). Any search under way is
    /// abandoned first. After a subproblem searched to the end, the links
    /// and the bitset engine undo only the levels the new one does not
    /// share with it: parts taken in search order cost a level or two each
    /// instead of their whole depth. Call [`run`](Self::run) next.
    pub fn start(&mut self, sub: &Subproblem) -> Result<(), SubproblemError> {
        match &mut self.core {
            Core::Loop(x) => {
                if (x.st.early, x.st.rule) != (self.early, self.rule) {
                    // A prefix made under other settings is not this one's.
                    x.abandon();
                    x.st.early = self.early;
                    x.st.rule = self.rule;
                }
                x.start(sub)
            }
            Core::Cells(c) => c.start(sub),
        }
    }

    /// Searches on from where the solver stands until the (sub)problem is
    /// done, the visitor says stop, or about `node_budget` more nodes have
    /// been entered.
    pub fn run<V: Visitor>(&mut self, visitor: &mut V, node_budget: u64) -> Outcome {
        with_core!(&mut self.core, c => c.run(visitor, node_budget))
    }

    /// Abandons any search under way and restores the engine's state.
    pub fn abandon(&mut self) {
        with_core!(&mut self.core, c => c.abandon())
    }

    /// Knuth's estimate of the share of the current (sub)problem's tree that
    /// has been searched: each branch already finished at level `l` counts
    /// for 1/degree of its parent's share. 0 before the search, 1 after.
    pub fn progress(&self) -> f64 {
        with_core!(&self.core, c => c.progress())
    }

    /// For each level from the subproblem's base to the current one, the
    /// branch taken and the branching degree: Knuth's "k of d" progress line.
    pub fn path(&self) -> Vec<(u32, u32)> {
        with_core!(&self.core, c => c.path())
    }

    /// The length of [`path`](Self::path) and its last step, in constant
    /// time: what a probe that steps a node at a time reads (building the
    /// whole path at each step would cost the square of the depth).
    pub fn path_tip(&self) -> (usize, Option<(u32, u32)>) {
        with_core!(&self.core, c => c.path_tip())
    }

    /// Checks the engine's data structure (Knuth's `sanity` for the
    /// links). When the solver is idle it must be exactly as built. The
    /// cell engine restores nothing (backtracking pops its stack), so there
    /// is nothing to check there.
    pub fn sanity(&self) -> Result<(), String> {
        match &self.core {
            Core::Loop(x) => x.engine.sanity(self.matrix, x.st.phase == Phase::Idle),
            Core::Cells(_) => Ok(()),
        }
    }

    /// The bitset engine's tables this solver reads, if it runs that engine.
    #[cfg(test)]
    fn bits_tables(&self) -> Option<*const crate::bits_tables::BitsTables> {
        match &self.core {
            Core::Loop(x) => match &x.engine {
                EngineState::Bits(b) => Some(b.tables()),
                _ => None,
            },
            Core::Cells(_) => None,
        }
    }
}

/// The primitive steps of this module's loop, as `Cells` has them for its
/// own (the solver's methods are made of these).
impl<'m> Xcm<'m> {
    fn new(matrix: &'m Matrix, kind: EngineKind) -> Xcm<'m> {
        Xcm {
            engine: EngineState::new(matrix, kind),
            st: State::new(matrix),
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            updates: self.engine.updates(),
            ..self.st.stats
        }
    }

    fn set_stats(&mut self, stats: Stats) {
        self.st.stats = stats;
        self.engine.set_updates(stats.updates);
    }

    fn is_busy(&self) -> bool {
        !matches!(self.st.phase, Phase::Idle | Phase::Done)
    }

    fn set_frontier(&mut self, frontier: usize) {
        self.st.frontier = frontier;
    }

    fn take_found(&mut self) -> Vec<Subproblem> {
        std::mem::take(&mut self.st.found)
    }

    fn start(&mut self, sub: &Subproblem) -> Result<(), SubproblemError> {
        let saved_updates = self.engine.updates();
        let keep = self.st.shared_prefix(sub.choices());
        let next = sub.choices().get(keep).copied();
        dispatch!(self, rewind, keep, next);
        self.st.found.clear();
        self.st.frontier = usize::MAX;
        let result = dispatch!(self, replay, sub.choices());
        self.engine.set_updates(saved_updates);
        match result {
            Ok(()) => {
                self.st.base = sub.depth();
                self.st.level = self.st.base;
                self.st.phase = Phase::Enter;
                Ok(())
            }
            Err(e) => {
                self.abandon();
                Err(e)
            }
        }
    }

    fn run<V: Visitor>(&mut self, visitor: &mut V, node_budget: u64) -> Outcome {
        if matches!(self.st.phase, Phase::Idle | Phase::Done) {
            return Outcome::Finished;
        }
        self.st.budget = self.st.stats.nodes.saturating_add(node_budget);
        dispatch!(self, search[V], visitor)
    }

    fn abandon(&mut self) {
        if self.st.phase != Phase::Idle {
            dispatch!(self, unwind);
        }
        self.st.found.clear();
        self.st.frontier = usize::MAX;
    }

    fn progress(&self) -> f64 {
        let st = &self.st;
        if matches!(st.phase, Phase::Idle | Phase::Done) {
            return 1.0;
        }
        let top = if st.phase == Phase::Try {
            st.level + 1
        } else {
            st.level
        };
        let mut done = 0.0;
        let mut share = 1.0;
        for l in st.base..top.min(st.degree.len()) {
            let d = st.degree[l].max(1) as f64;
            // Below the current level one branch is still open; on the level
            // being tried, every branch entered so far is finished.
            let open = u32::from(l < st.level);
            let p = st.position[l].saturating_sub(open) as f64;
            done += share * p / d;
            share /= d;
        }
        done.min(1.0)
    }

    fn path(&self) -> Vec<(u32, u32)> {
        let st = &self.st;
        let top = st.level.min(st.degree.len());
        (st.base..top)
            .map(|l| (st.position[l], st.degree[l]))
            .collect()
    }

    fn path_tip(&self) -> (usize, Option<(u32, u32)>) {
        let st = &self.st;
        let top = st.level.min(st.degree.len());
        let last = (top > st.base).then(|| (st.position[top - 1], st.degree[top - 1]));
        (top.saturating_sub(st.base), last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `path_tip` is `path`'s length and last step, node by node, on every
    /// engine.
    #[test]
    fn path_tip_is_the_end_of_the_path() {
        let mut text = String::from("a b c d e f g h\n");
        for (x, y) in [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")] {
            text += &format!("{x}\n{y}\n{x} {y}\n");
        }
        let m = crate::format::parse(&text).unwrap();
        for engine in EngineKind::ALL {
            let mut s = Solver::with_engine(&m, engine);
            s.start(&Subproblem::root()).unwrap();
            let mut steps = 0;
            while s.run(&mut crate::CountOnly, 1) == Outcome::Paused {
                let path = s.path();
                assert_eq!(s.path_tip(), (path.len(), path.last().copied()));
                steps += 1;
            }
            assert!(steps > 8, "{engine:?}");
            assert_eq!(s.stats().solutions, 16);
        }
    }

    #[test]
    fn solvers_of_one_matrix_share_the_bitset_tables() {
        let m = crate::format::parse("a b c\na b\nc\na\nb c\n").unwrap();
        let a = Solver::new(&m);
        let b = Solver::new(&m);
        assert_eq!(a.engine(), EngineKind::Bits);
        let (ta, tb) = (a.bits_tables().unwrap(), b.bits_tables().unwrap());
        assert!(std::ptr::eq(ta, tb));
        // From another thread too.
        let tc = std::thread::scope(|s| {
            s.spawn(|| Solver::new(&m).bits_tables().unwrap() as usize)
                .join()
                .unwrap()
        });
        assert_eq!(tc, ta as usize);
        assert!(
            Solver::with_engine(&m, EngineKind::Links)
                .bits_tables()
                .is_none()
        );
    }
}
