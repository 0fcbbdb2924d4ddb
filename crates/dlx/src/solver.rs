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
//! The loop is generic over the engine (trait [`Engine`]), over the
//! algorithm's moves (`Exact` for X and C, `Mult` for M, which only engines
//! with [`Multiplicities`] run) and over colors; `dispatch!` picks the copy
//! once per call from the engine and the matrix. Each combination is a
//! separate monomorphised copy of the loop, so plain exact cover pays
//! nothing for the others.
//!
//! The cell engine has a loop of its own (module `cells`), with the same
//! primitive steps (start, run, abandon, progress, path, figures, a frontier
//! for subproblems). A solver's `Core` is either this loop with its engine
//! (`Xcm`) or the cell engine (`cells::Cells`); every public method is
//! written once, on those primitives, and `with_core!` sends each primitive
//! to the one the solver holds.

use crate::cells::Cells;
use crate::choose::ChoiceRule;
use crate::engine::{Engine, Multiplicities};
use crate::links::ROOT;
use crate::matrix::{Matrix, OptionId};
use crate::state::{EngineKind, EngineState};
use crate::subproblem::{Subproblem, SubproblemError};
use crate::visit::{Control, CountOnly, Outcome, Stats, Visitor};

/// Where the loop solver stands. `Idle`: exactly as built, nothing on the
/// stack. `Done`: a subproblem was searched to the end and its prefix (the
/// choices of levels `0..base`) is still made, so that the next `start`
/// only undoes the levels it does not share with it: the parts a run is cut
/// into come in search order, and each used to replay its whole prefix from
/// the root (on big burr puzzles, more work than searching the parts).
/// `Enter`, `Try`, `Leave`: a search under way, as the loop's steps say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Done,
    Enter,
    Try,
    Leave,
}

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

/// Everything about a search but the engine: the choice stack and the
/// figures.
struct State {
    /// Does the matrix have colors (Algorithm C)?
    colors: bool,
    /// Does it have multiplicities (Algorithm M)?
    mult: bool,
    /// Where the search stands.
    phase: Phase,
    /// The current level: the number of choices on the stack.
    level: usize,
    /// Levels below `base` are a fixed prefix (a subproblem).
    base: usize,
    /// Emit subproblems instead of entering this level (`usize::MAX`: never).
    frontier: usize,
    /// `best[l]`: the item branched on at level `l`.
    best: Vec<u32>,
    /// `choice[l]`: the node tried at level `l`; the header `best[l]` for a
    /// null move, or when the item's list is exhausted.
    choice: Vec<u32>,
    /// `first_tweak[l]`: the top of `best[l]`'s list before any tweak.
    first_tweak: Vec<u32>,
    /// `tweaking[l]`: does level `l` tweak (Algorithm M with bound or slack
    /// left) rather than cover?
    tweaking: Vec<bool>,
    /// `degree[l]`, `position[l]`: the branching degree of level `l` and how
    /// many of its branches have been entered, for progress estimates.
    degree: Vec<u32>,
    position: Vec<u32>,
    /// The options of the current solution, reused between solutions.
    solution: Vec<OptionId>,
    /// Subproblems found by `subproblems`.
    found: Vec<Subproblem>,
    /// Solutions and nodes (updates are counted in the engine).
    stats: Stats,
    /// Node count at which `run` pauses.
    budget: u64,
    /// Give up on an option as soon as committing it empties a primary
    /// item's list (Algorithms X and C)? The solver's setting, copied at
    /// each `start`.
    early: bool,
    /// How each level chooses its item (Algorithms X and C); copied from
    /// the solver at each `start`.
    rule: ChoiceRule,
    /// `cover_zeroed[l]`: may covering `best[l]` have emptied a primary
    /// item's list ([`Engine::zeroed`])?
    cover_zeroed: Vec<bool>,
    /// Is it known that no active primary item's list is empty at the
    /// level being entered (see [`ChoiceRule::choose`])? Set by each
    /// option taken; false at the root and where a replay starts.
    none_empty: bool,
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
        self.run(visitor, u64::MAX)
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
        let cap = (matrix.num_primary() + 2).min(1 << 12);
        Xcm {
            engine: EngineState::new(matrix, kind),
            st: State {
                colors: matrix.has_colors(),
                mult: matrix.has_multiplicities(),
                phase: Phase::Idle,
                level: 0,
                base: 0,
                frontier: usize::MAX,
                best: Vec::with_capacity(cap),
                choice: Vec::with_capacity(cap),
                first_tweak: Vec::with_capacity(cap),
                tweaking: Vec::with_capacity(cap),
                degree: Vec::with_capacity(cap),
                position: Vec::with_capacity(cap),
                solution: Vec::with_capacity(cap),
                found: Vec::new(),
                stats: Stats::default(),
                budget: u64::MAX,
                early: true,
                rule: ChoiceRule::default(),
                cover_zeroed: Vec::with_capacity(cap),
                none_empty: false,
            },
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

/// The moves in which Algorithm M differs from Algorithms X and C: how a
/// level chooses and prepares its item, takes or passes over a move, and
/// restores the item. `Exact` runs on every [`Engine`], `Mult` on engines
/// with [`Multiplicities`] only.
trait Moves<E: Engine> {
    /// The item to branch on and the branching degree, or `None` at a dead
    /// end (an item that can no longer be satisfied).
    /// `none_empty`: no active primary item's list is empty.
    fn choose(e: &E, rule: ChoiceRule, none_empty: bool) -> Option<(u32, u32)>;
    /// Prepares item `i` for branching; returns whether the level tweaks.
    fn open(e: &mut E, i: u32) -> bool;
    /// Before taking node `x` of item `i` (the header `i` itself when the
    /// list is exhausted, or for Algorithm M's null move): false when the
    /// level has no move left. A tweaking level tweaks `x` here.
    fn advance(e: &mut E, i: u32, x: u32, tweaking: bool) -> bool;
    /// Passes over option `x` of item `i` without taking it (replaying a
    /// subproblem).
    fn pass(e: &mut E, i: u32, x: u32, tweaking: bool);
    /// Commits the other items of `x`'s option; false when it was given up
    /// as an early dead end (and undone).
    fn commit<const COLORS: bool>(e: &mut E, x: u32, early: bool) -> bool;
    /// Undoes the move `x` made on item `i` (a committed option, or the
    /// null move when `x == i`).
    fn uncommit<const COLORS: bool>(e: &mut E, i: u32, x: u32);
    /// Restores item `i` once all its branches are done; `first` is the
    /// top of its list before any tweak.
    fn close(e: &mut E, i: u32, tweaking: bool, first: u32);
}

/// Algorithms X and C: cover the item, commit each option in turn.
struct Exact;

impl<E: Engine> Moves<E> for Exact {
    #[inline(always)]
    fn choose(e: &E, rule: ChoiceRule, none_empty: bool) -> Option<(u32, u32)> {
        Some(rule.choose(e, none_empty))
    }

    #[inline(always)]
    fn open(e: &mut E, i: u32) -> bool {
        e.cover(i);
        false
    }

    #[inline(always)]
    fn advance(_: &mut E, i: u32, x: u32, _: bool) -> bool {
        x != i
    }

    #[inline(always)]
    fn pass(_: &mut E, _: u32, _: u32, _: bool) {}

    #[inline(always)]
    fn commit<const COLORS: bool>(e: &mut E, x: u32, early: bool) -> bool {
        if early {
            e.commit::<COLORS, true>(x)
        } else {
            e.commit::<COLORS, false>(x)
        }
    }

    #[inline(always)]
    fn uncommit<const COLORS: bool>(e: &mut E, i: u32, x: u32) {
        debug_assert!(x != i, "only Algorithm M takes a null move");
        e.uncommit::<COLORS>(x);
    }

    #[inline(always)]
    fn close(e: &mut E, i: u32, _: bool, _: u32) {
        e.uncover(i);
    }
}

/// Algorithm M: lower the item's bound; while bound or slack is left, tweak
/// its options one by one instead of covering it, and offer the null move.
struct Mult;

impl<E: Multiplicities> Moves<E> for Mult {
    #[inline(always)]
    fn choose(e: &E, _: ChoiceRule, _: bool) -> Option<(u32, u32)> {
        let (i, score) = e.choose_mult();
        (score > 0).then_some((i, score as u32))
    }

    #[inline(always)]
    fn open(e: &mut E, i: u32) -> bool {
        let b = e.bound(i) - 1;
        e.set_bound(i, b);
        if b == 0 {
            e.cover(i);
        }
        b != 0 || e.slack(i) != 0
    }

    #[inline(always)]
    fn advance(e: &mut E, i: u32, x: u32, tweaking: bool) -> bool {
        if !tweaking {
            return x != i;
        }
        let b = e.bound(i);
        if e.len(i) as i64 <= b as i64 - e.slack(i) as i64 {
            return false;
        }
        if x != i {
            Self::pass(e, i, x, true);
        } else if b != 0 {
            e.deactivate(i); // the null move: use no more of i
        }
        true
    }

    #[inline(always)]
    fn pass(e: &mut E, i: u32, x: u32, tweaking: bool) {
        if tweaking {
            if e.bound(i) == 0 {
                e.tweak_covered(x);
            } else {
                e.tweak(x);
            }
        }
    }

    #[inline(always)]
    fn commit<const COLORS: bool>(e: &mut E, x: u32, _: bool) -> bool {
        e.commit_mult::<COLORS>(x);
        true
    }

    #[inline(always)]
    fn uncommit<const COLORS: bool>(e: &mut E, i: u32, x: u32) {
        if x == i {
            if e.bound(i) != 0 {
                e.reactivate(i);
            }
        } else {
            e.uncommit_mult::<COLORS>(x);
        }
    }

    #[inline(always)]
    fn close(e: &mut E, i: u32, tweaking: bool, first: u32) {
        let b = e.bound(i);
        if !tweaking {
            e.uncover(i);
        } else if b == 0 {
            e.untweak::<true>(i, first);
            e.uncover(i);
        } else {
            e.untweak::<false>(i, first);
        }
        e.set_bound(i, b + 1);
    }
}

impl State {
    // ---- The loop. Each step is generic over the engine `E`, the
    // algorithm's moves `A` and colors, and takes the engine it works on.

    fn push_level(&mut self) {
        if self.best.len() <= self.level {
            self.best.push(0);
            self.choice.push(0);
            self.first_tweak.push(0);
            self.tweaking.push(false);
            self.degree.push(0);
            self.position.push(0);
            self.cover_zeroed.push(true);
        }
    }

    /// Chooses the item for the current level and prepares it. Returns false
    /// at a dead end (Algorithm M: the item cannot reach its lower bound),
    /// where nothing was prepared.
    #[inline(always)]
    fn prepare<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) -> bool {
        self.push_level();
        let l = self.level;
        let Some((i, degree)) = A::choose(e, self.rule, self.none_empty) else {
            return false;
        };
        self.best[l] = i;
        self.degree[l] = degree;
        self.position[l] = 0;
        e.clear_zeroed();
        self.tweaking[l] = A::open(e, i);
        self.cover_zeroed[l] = e.zeroed();
        // Covering leaves the item's own list as it was: read it after.
        let first = e.down(i);
        self.choice[l] = first;
        self.first_tweak[l] = first;
        true
    }

    /// Takes the current choice of the current level, or the next one that
    /// is not seen to be a dead end while it is committed (when `early` is
    /// set): returns false when the level is exhausted (the item is then
    /// restored).
    #[inline(always)]
    fn take<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) -> bool {
        loop {
            match self.take_one::<E, A, COLORS>(e) {
                Some(taken) => return taken,
                None => {
                    // Given up: the dead-end node it would have led to.
                    self.stats.nodes += 1;
                    let l = self.level;
                    self.choice[l] = e.down(self.choice[l]);
                }
            }
        }
    }

    /// One step of `take`: `Some(true)` taken, `Some(false)` exhausted,
    /// `None` given up as a dead end (and undone).
    #[inline(always)]
    fn take_one<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) -> Option<bool> {
        let l = self.level;
        let i = self.best[l];
        let x = self.choice[l];
        if !A::advance(e, i, x, self.tweaking[l]) {
            self.restore::<E, A, COLORS>(e, l);
            return Some(false);
        }
        self.position[l] += 1;
        if x == i {
            self.none_empty = false;
            return Some(true);
        }
        e.clear_zeroed();
        if !A::commit::<COLORS>(e, x, self.early) {
            return None;
        }
        // The level's item had no empty list among the active ones (it had
        // options to try, and the scan that chose it saw every item or knew
        // none was empty): only its cover and this commit can have emptied
        // one.
        self.none_empty = !self.cover_zeroed[l] && !e.zeroed();
        Some(true)
    }

    /// Undoes the choice made on level `l` (whose deeper levels are undone).
    #[inline(always)]
    fn untake<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E, l: usize) {
        A::uncommit::<COLORS>(e, self.best[l], self.choice[l]);
    }

    /// Restores the item of level `l` once all its branches are done.
    #[inline(always)]
    fn restore<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E, l: usize) {
        A::close(e, self.best[l], self.tweaking[l], self.first_tweak[l]);
    }

    /// The options chosen so far, level by level (null moves left out).
    fn collect_solution<E: Engine>(&mut self, e: &E) {
        self.solution.clear();
        for l in 0..self.level {
            let x = self.choice[l];
            if !e.is_header(x) {
                self.solution.push(OptionId(e.option_of(x)));
            }
        }
    }

    fn emit_subproblem(&mut self) {
        self.found.push(Subproblem::from_parts(
            self.choice[..self.level].to_vec(),
            self.degree[..self.level].to_vec(),
        ));
    }

    fn search<E: Engine, A: Moves<E>, const COLORS: bool, V: Visitor>(
        &mut self,
        e: &mut E,
        visitor: &mut V,
    ) -> Outcome {
        loop {
            match self.phase {
                Phase::Enter => {
                    if self.stats.nodes >= self.budget {
                        return Outcome::Paused;
                    }
                    if e.first_active() == ROOT {
                        // When listing subproblems, a solution above the
                        // frontier is a subproblem of its own.
                        if self.frontier == usize::MAX {
                            self.stats.nodes += 1;
                            self.stats.solutions += 1;
                            if V::WANTS_OPTIONS {
                                self.collect_solution(e);
                            }
                            if visitor.solution(&self.solution) == Control::Stop {
                                self.unwind::<E, A, COLORS>(e);
                                return Outcome::Stopped;
                            }
                        } else {
                            self.emit_subproblem();
                        }
                        self.phase = Phase::Leave;
                    } else if self.level >= self.frontier {
                        self.emit_subproblem();
                        self.phase = Phase::Leave;
                    } else {
                        self.stats.nodes += 1;
                        self.phase = if self.prepare::<E, A, COLORS>(e) {
                            Phase::Try
                        } else {
                            Phase::Leave
                        };
                    }
                }
                Phase::Try => {
                    if self.take::<E, A, COLORS>(e) {
                        self.level += 1;
                        self.phase = Phase::Enter;
                    } else {
                        self.phase = Phase::Leave;
                    }
                }
                Phase::Leave => {
                    if self.level == self.base {
                        // The prefix stays made for the next start.
                        self.phase = Phase::Done;
                        return Outcome::Finished;
                    }
                    self.level -= 1;
                    let l = self.level;
                    self.untake::<E, A, COLORS>(e, l);
                    if self.choice[l] == self.best[l] {
                        // After Algorithm M's null move there is nothing left.
                        self.restore::<E, A, COLORS>(e, l);
                    } else {
                        self.choice[l] = e.down(self.choice[l]);
                        self.phase = Phase::Try;
                    }
                }
                Phase::Idle | Phase::Done => return Outcome::Finished,
            }
        }
    }

    /// How many of `choices`' levels the solver can keep from the prefix it
    /// stands on (`Done`: levels `0..base`); none in any other phase. The
    /// state at a level is a function of the choices above it, so a level
    /// whose own and earlier choices match is where a replay would put it.
    fn shared_prefix(&self, choices: &[u32]) -> usize {
        if self.phase != Phase::Done {
            return 0;
        }
        self.choice[..self.base]
            .iter()
            .zip(choices)
            .take_while(|(a, b)| a == b)
            .count()
    }

    /// Undoes levels until `keep` are left (all of them at 0, the solver is
    /// then idle); `keep` is at most `shared_prefix`'s answer, so it is 0
    /// unless the solver is `Done`. The solver is left entering level `keep`,
    /// or, when the next subproblem's choice there (`next`) comes after the
    /// one made (node numbers rise along an item's list), trying level
    /// `keep` just after its old choice, as the search would be: subproblems
    /// taken in search order then walk each option of a level once in all,
    /// not once per subproblem (100,000 options of one item would otherwise
    /// cost 5 billion steps).
    fn rewind<E: Engine, A: Moves<E>, const COLORS: bool>(
        &mut self,
        e: &mut E,
        keep: usize,
        next: Option<u32>,
    ) {
        let resume = self.phase == Phase::Done
            && keep < self.base
            && !e.is_header(self.choice[keep])
            && next.is_some_and(|t| t > self.choice[keep]);
        if resume {
            while self.level > keep + 1 {
                self.level -= 1;
                let l = self.level;
                self.untake::<E, A, COLORS>(e, l);
                self.restore::<E, A, COLORS>(e, l);
            }
            self.level = keep;
            self.untake::<E, A, COLORS>(e, keep);
            self.choice[keep] = e.down(self.choice[keep]);
            self.base = keep;
            self.phase = Phase::Try;
            return;
        }
        if keep == 0 {
            if self.phase != Phase::Idle {
                self.unwind::<E, A, COLORS>(e);
            }
            return;
        }
        debug_assert!(self.phase == Phase::Done && keep <= self.base);
        while self.level > keep {
            self.level -= 1;
            let l = self.level;
            self.untake::<E, A, COLORS>(e, l);
            self.restore::<E, A, COLORS>(e, l);
        }
        self.base = keep;
        self.phase = Phase::Enter;
    }

    /// Passes over (and, when tweaking, tweaks) the options of the current
    /// level from its current choice until `target`: false when the item's
    /// list ends first.
    fn walk_to<E: Engine, A: Moves<E>>(&mut self, e: &mut E, target: u32) -> bool {
        let l = self.level;
        let i = self.best[l];
        while self.choice[l] != target {
            let x = self.choice[l];
            if x == i {
                return false;
            }
            A::pass(e, i, x, self.tweaking[l]);
            self.position[l] += 1;
            self.choice[l] = e.down(x);
        }
        true
    }

    /// Undoes every level on the stack, the subproblem's prefix included,
    /// whatever step the search stands at; the solver becomes idle.
    fn unwind<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) {
        if self.phase == Phase::Try {
            self.restore::<E, A, COLORS>(e, self.level);
        }
        while self.level > 0 {
            self.level -= 1;
            let l = self.level;
            self.untake::<E, A, COLORS>(e, l);
            self.restore::<E, A, COLORS>(e, l);
        }
        self.phase = Phase::Idle;
        self.base = 0;
    }

    /// Makes the choices of a subproblem as the search would, from the
    /// level the solver stands on (the levels above are already made, by
    /// `rewind`): at each level choose the item, prepare it, pass over (and,
    /// when tweaking, tweak) the options before the wanted one, then take it.
    /// A level `rewind` left open (`Try`) goes on from where it stands; if
    /// the wanted option is not ahead, the level is prepared anew.
    fn replay<E: Engine, A: Moves<E>, const COLORS: bool>(
        &mut self,
        e: &mut E,
        choices: &[u32],
    ) -> Result<(), SubproblemError> {
        debug_assert!(matches!(
            self.phase,
            Phase::Idle | Phase::Enter | Phase::Try
        ));
        // What the levels kept from the last subproblem left empty is not
        // known here.
        self.none_empty = false;
        let node_count = e.num_nodes();
        for (l, &target) in choices.iter().enumerate().skip(self.level) {
            let open = self.phase == Phase::Try && self.level == l;
            self.level = l;
            if target >= node_count {
                return Err(SubproblemError::NotAChoice { level: l });
            }
            if !open || !self.walk_to::<E, A>(e, target) {
                if open {
                    self.restore::<E, A, COLORS>(e, l);
                }
                self.phase = Phase::Enter;
                if e.first_active() == ROOT || !self.prepare::<E, A, COLORS>(e) {
                    return Err(SubproblemError::TooDeep { level: l });
                }
                self.phase = Phase::Try;
                if !self.walk_to::<E, A>(e, target) {
                    return Err(SubproblemError::NotAChoice { level: l });
                }
            }
            match self.take_one::<E, A, COLORS>(e) {
                Some(true) => {}
                Some(false) => {
                    // The item was restored: nothing is pending on this level.
                    self.phase = Phase::Enter;
                    return Err(SubproblemError::NotAChoice { level: l });
                }
                None => {
                    // A dead end, undone; the item is still covered.
                    return Err(SubproblemError::NotAChoice { level: l });
                }
            }
            self.level = l + 1;
            self.phase = Phase::Enter;
        }
        Ok(())
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
