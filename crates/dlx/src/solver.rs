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
//! All state lives in the [`Solver`] (the links and the choice stack), never
//! on the Rust call stack, so a search can stop after any number of nodes and
//! resume later ([`Solver::run`] with a budget), and it can begin below a
//! fixed prefix of choices: a [`Subproblem`].
//!
//! The variant is picked once per run from the matrix: colors or not,
//! multiplicities or not. Each combination is a separate monomorphised copy of
//! the loop, so plain exact cover pays nothing for the others.

use crate::bits::Bits;
use crate::engine::Steps;
use crate::links::{Index, Links, ROOT};
use crate::matrix::{Matrix, OptionId};
use std::fmt;

/// What a [`Visitor`] wants after seeing a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep searching.
    Continue,
    /// Stop the search now; the solver restores its links.
    Stop,
}

/// Receives the solutions of a search.
pub trait Visitor {
    /// Does the visitor look at the options of each solution? A visitor that
    /// only counts says `false`, and the solver does not collect them.
    const WANTS_OPTIONS: bool = true;

    /// Called once per solution with its options in the order chosen (level
    /// by level). `options` is empty when `WANTS_OPTIONS` is false.
    fn solution(&mut self, options: &[OptionId]) -> Control;
}

/// Any closure over a solution's options is a visitor.
impl<F: FnMut(&[OptionId]) -> Control> Visitor for F {
    fn solution(&mut self, options: &[OptionId]) -> Control {
        self(options)
    }
}

/// A visitor that only counts (the solver counts for it).
#[derive(Copy, Clone, Debug, Default)]
pub struct CountOnly;

impl Visitor for CountOnly {
    const WANTS_OPTIONS: bool = false;
    fn solution(&mut self, _: &[OptionId]) -> Control {
        Control::Continue
    }
}

/// How a call to [`Solver::run`] ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole (sub)problem was searched; the solver is idle again.
    Finished,
    /// The visitor said stop; the solver is idle again.
    Stopped,
    /// The node budget ran out; call `run` again to go on.
    Paused,
}

/// Cost figures, counted the way Knuth's DLX programs count them so that a
/// run compares one to one with theirs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u128,
    /// Search-tree nodes: one per level entered, the root and every
    /// solution's leaf included.
    pub nodes: u64,
    /// Link updates: one per item taken out of the active list by `cover`,
    /// one per node taken out of a vertical list.
    pub updates: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.solutions += o.solutions;
        self.nodes += o.nodes;
        self.updates += o.updates;
    }
}

/// A node of the search tree, given by the choices that lead to it: the
/// options taken on the first levels, following exactly the items the search
/// chooses. Solving every subproblem of a given depth and adding the counts
/// gives the full count; this is the unit of parallel and distributed work.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subproblem {
    /// `choices[l]`: the node chosen on level `l`, an index into the solver's
    /// node array (or an item header for Algorithm M's null move). Stable for
    /// a given matrix, so it can be written to a checkpoint.
    choices: Vec<u32>,
    /// `degrees[l]`: the branching degree of level `l` when it was chosen.
    degrees: Vec<u32>,
}

impl Subproblem {
    /// The whole problem.
    pub fn root() -> Subproblem {
        Subproblem {
            choices: Vec::new(),
            degrees: Vec::new(),
        }
    }

    /// Rebuilds a subproblem from its parts (as written by a checkpoint).
    /// [`Solver::start`] checks that the choices are real.
    pub fn from_parts(choices: Vec<u32>, degrees: Vec<u32>) -> Subproblem {
        Subproblem { choices, degrees }
    }

    /// The number of fixed levels.
    pub fn depth(&self) -> usize {
        self.choices.len()
    }

    /// The chosen nodes, level by level.
    pub fn choices(&self) -> &[u32] {
        &self.choices
    }

    /// The branching degree at each fixed level.
    pub fn degrees(&self) -> &[u32] {
        &self.degrees
    }

    /// Knuth's estimate of the share of the search tree below this node: the
    /// product of 1/degree over its levels.
    pub fn weight(&self) -> f64 {
        self.degrees
            .iter()
            .fold(1.0, |w, &d| if d > 0 { w / d as f64 } else { w })
    }
}

/// Why a subproblem could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubproblemError {
    /// A choice is not an option of the item the search chooses at that
    /// level: the subproblem comes from another matrix.
    NotAChoice { level: usize },
    /// The search reaches a solution or a dead end before the last choice.
    TooDeep { level: usize },
}

impl fmt::Display for SubproblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubproblemError::NotAChoice { level } => write!(
                f,
                "choice {level} of the subproblem is not an option the search can take there (was it made for another problem?)"
            ),
            SubproblemError::TooDeep { level } => write!(
                f,
                "the search ends at level {level}, before the subproblem's last choice"
            ),
        }
    }
}

impl std::error::Error for SubproblemError {}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Enter,
    Try,
    Leave,
}

/// The mutable state of one search: the links and the choice stack. Build
/// one per thread; they can share one [`Matrix`].
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
    links: AnyLinks,
    st: State,
}

/// The data structure a [`Solver`] searches with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Knuth's dancing links: any matrix.
    Links,
    /// Sets of options as bit vectors (module `bits`): matrices without
    /// multiplicities and with at most 8192 options; faster there.
    Bits,
}

/// The engine's state: the links with the narrowest index type that holds
/// the matrix, or the bitset engine.
enum AnyLinks {
    Small(Links<u16>),
    Large(Links<u32>),
    Bits(Bits),
}

/// Runs `$body` with `$l` bound to the engine's state, whatever it is.
macro_rules! with_links {
    ($links:expr, $l:ident => $body:expr) => {
        match $links {
            AnyLinks::Small($l) => $body,
            AnyLinks::Large($l) => $body,
            AnyLinks::Bits($l) => $body,
        }
    };
}

/// Runs `$st.$method::<E, COLORS, MULT>(links, args)` for the solver's engine
/// and algorithm: one monomorphised copy per combination (the bitset engine
/// never sees multiplicities).
macro_rules! dispatch {
    ($solver:expr, $method:ident $([$g:ty])? $(, $arg:expr)*) => {{
        let st = &mut $solver.st;
        match &mut $solver.links {
            AnyLinks::Small(l) => dispatch!(@algo st, l, $method $([$g])? $(, $arg)*),
            AnyLinks::Large(l) => dispatch!(@algo st, l, $method $([$g])? $(, $arg)*),
            AnyLinks::Bits(l) => match st.colors {
                false => st.$method::<_, false, false $(, $g)?>(l $(, $arg)*),
                true => st.$method::<_, true, false $(, $g)?>(l $(, $arg)*),
            },
        }
    }};
    (@algo $st:ident, $l:ident, $method:ident $([$g:ty])? $(, $arg:expr)*) => {
        match ($st.colors, $st.mult) {
            (false, false) => $st.$method::<_, false, false $(, $g)?>($l $(, $arg)*),
            (true, false) => $st.$method::<_, true, false $(, $g)?>($l $(, $arg)*),
            (false, true) => $st.$method::<_, false, true $(, $g)?>($l $(, $arg)*),
            (true, true) => $st.$method::<_, true, true $(, $g)?>($l $(, $arg)*),
        }
    };
}

/// Everything about a search but the links: the choice stack and the
/// figures.
struct State {
    colors: bool,
    mult: bool,
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
    /// Solutions and nodes (updates are counted in the links).
    stats: Stats,
    /// Node count at which `run` pauses.
    budget: u64,
    /// Give up on an option as soon as committing it empties a primary
    /// item's list (Algorithms X and C)?
    early: bool,
}

impl<'m> Solver<'m> {
    /// A solver for `matrix`, idle, with its own copy of the engine's
    /// state: the bitset engine when the matrix suits it, the links
    /// otherwise.
    pub fn new(matrix: &'m Matrix) -> Solver<'m> {
        let engine = if Bits::suits(matrix) {
            Engine::Bits
        } else {
            Engine::Links
        };
        Solver::with_engine(matrix, engine)
    }

    /// A solver for `matrix` that searches with `engine`, or with the links
    /// if the matrix does not suit the bitset engine. Both walk the same
    /// tree and report the same solutions, in the same order, and the same
    /// nodes; see [`Engine`].
    pub fn with_engine(matrix: &'m Matrix, engine: Engine) -> Solver<'m> {
        let cap = (matrix.num_primary() + 2).min(1 << 12);
        let links = if engine == Engine::Bits && Bits::suits(matrix) {
            AnyLinks::Bits(Bits::new(matrix))
        } else if crate::links::node_count(matrix) <= u16::CAPACITY {
            AnyLinks::Small(Links::new(matrix))
        } else {
            AnyLinks::Large(Links::new(matrix))
        };
        Solver {
            matrix,
            links,
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
            },
        }
    }

    /// The engine this solver searches with.
    pub fn engine(&self) -> Engine {
        match self.links {
            AnyLinks::Bits(_) => Engine::Bits,
            _ => Engine::Links,
        }
    }

    /// The matrix being solved.
    pub fn matrix(&self) -> &'m Matrix {
        self.matrix
    }

    fn updates(&mut self) -> &mut u64 {
        with_links!(&mut self.links, l => &mut l.updates)
    }

    /// Cost figures since the solver was made (or since `reset_stats`).
    pub fn stats(&self) -> Stats {
        Stats {
            updates: with_links!(&self.links, l => l.updates),
            ..self.st.stats
        }
    }

    /// Sets the cost figures back to zero.
    pub fn reset_stats(&mut self) {
        self.st.stats = Stats::default();
        *self.updates() = 0;
    }

    /// Is a search under way (started or paused)?
    pub fn is_busy(&self) -> bool {
        self.st.phase != Phase::Idle
    }

    /// Early dead ends (on by default): an option is given up as soon as
    /// committing it empties the list of a primary item it does not cover,
    /// instead of being committed in full only for the next level to find
    /// the empty item. The search tree and the node count are the same
    /// either way (each option given up counts as the dead-end node it would
    /// have led to); updates are fewer with it on. Off, the solver makes
    /// exactly the moves of Knuth's DLX1/DLX2 and its updates equal theirs.
    /// Takes effect at the next [`start`](Self::start).
    pub fn set_early_dead_ends(&mut self, on: bool) {
        self.st.early = on;
    }

    /// Counts all solutions.
    pub fn count(&mut self) -> u128 {
        let before = self.st.stats.solutions;
        self.solve(&mut CountOnly);
        self.st.stats.solutions - before
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
        self.st.frontier = sub.depth() + extra;
        let outcome = self.run(&mut CountOnly, u64::MAX);
        debug_assert_eq!(outcome, Outcome::Finished);
        self.st.frontier = usize::MAX;
        Ok(std::mem::take(&mut self.st.found))
    }

    /// Prepares to search `sub`: replays its choices exactly as the search
    /// would make them. Any search under way is abandoned first. Call
    /// [`run`](Self::run) next.
    pub fn start(&mut self, sub: &Subproblem) -> Result<(), SubproblemError> {
        self.abandon();
        let saved_updates = *self.updates();
        let result = dispatch!(self, replay, &sub.choices);
        *self.updates() = saved_updates;
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

    /// Searches on from where the solver stands until the (sub)problem is
    /// done, the visitor says stop, or about `node_budget` more nodes have
    /// been entered.
    pub fn run<V: Visitor>(&mut self, visitor: &mut V, node_budget: u64) -> Outcome {
        if self.st.phase == Phase::Idle {
            return Outcome::Finished;
        }
        self.st.budget = self.st.stats.nodes.saturating_add(node_budget);
        dispatch!(self, search[V], visitor)
    }

    /// Abandons any search under way and restores the links.
    pub fn abandon(&mut self) {
        if self.st.phase != Phase::Idle {
            dispatch!(self, unwind);
        }
        self.st.found.clear();
        self.st.frontier = usize::MAX;
    }

    /// Knuth's estimate of the share of the current (sub)problem's tree that
    /// has been searched: each branch already finished at level `l` counts
    /// for 1/degree of its parent's share. 0 before the search, 1 after.
    pub fn progress(&self) -> f64 {
        let st = &self.st;
        if st.phase == Phase::Idle {
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

    /// For each level from the subproblem's base to the current one, the
    /// branch taken and the branching degree: Knuth's "k of d" progress line.
    pub fn path(&self) -> Vec<(u32, u32)> {
        let st = &self.st;
        let top = st.level.min(st.degree.len());
        (st.base..top)
            .map(|l| (st.position[l], st.degree[l]))
            .collect()
    }

    /// Checks the links (Knuth's `sanity`). When the solver is idle they must
    /// be exactly as built.
    pub fn sanity(&self) -> Result<(), String> {
        let idle = self.st.phase == Phase::Idle;
        match &self.links {
            AnyLinks::Small(l) => links_sanity(l, self.matrix, idle)?,
            AnyLinks::Large(l) => links_sanity(l, self.matrix, idle)?,
            AnyLinks::Bits(b) => {
                if idle {
                    b.sanity_idle(self.matrix)?;
                }
            }
        }
        Ok(())
    }
}

/// Checks links (Knuth's `sanity`), and when the solver is idle that they
/// are exactly as built.
fn links_sanity<I: Index>(l: &Links<I>, m: &Matrix, idle: bool) -> Result<(), String> {
    l.sanity()?;
    if idle {
        let mut fresh = Links::new(m);
        fresh.updates = l.updates;
        fresh.emptied = l.emptied;
        if fresh != *l {
            return Err("links differ from their initial state after the search".into());
        }
    }
    Ok(())
}

impl State {
    // ---- The engine. Each step is generic over the index type and the
    // algorithm, and takes the links it works on.

    fn push_level(&mut self) {
        if self.best.len() <= self.level {
            self.best.push(0);
            self.choice.push(0);
            self.first_tweak.push(0);
            self.tweaking.push(false);
            self.degree.push(0);
            self.position.push(0);
        }
    }

    /// Chooses the item for the current level and prepares it. Returns false
    /// at a dead end (Algorithm M: the item cannot reach its lower bound),
    /// where nothing was prepared.
    #[inline(always)]
    fn prepare<E: Steps, const COLORS: bool, const MULT: bool>(&mut self, links: &mut E) -> bool {
        self.push_level();
        let l = self.level;
        let (i, degree) = if MULT {
            let (i, score) = links.choose_mult();
            if score <= 0 {
                return false;
            }
            (i, score as u32)
        } else {
            links.choose_min_len()
        };
        self.best[l] = i;
        self.degree[l] = degree;
        self.position[l] = 0;
        // Covering leaves the item's own list as it was: read it after.
        if MULT {
            let b = links.bound(i) - 1;
            links.set_bound(i, b);
            if b == 0 {
                links.cover(i);
            }
            self.tweaking[l] = b != 0 || links.slack(i) != 0;
        } else {
            links.cover(i);
        }
        let first = links.down(i);
        self.choice[l] = first;
        self.first_tweak[l] = first;
        true
    }

    /// Takes the current choice of the current level, or the next one that
    /// is not seen to be a dead end while it is committed (when `early` is
    /// set): returns false when the level is exhausted (the item is then
    /// restored).
    #[inline(always)]
    fn take<E: Steps, const COLORS: bool, const MULT: bool>(&mut self, links: &mut E) -> bool {
        loop {
            match self.take_one::<E, COLORS, MULT>(links) {
                Some(taken) => return taken,
                None => {
                    // Given up: the dead-end node it would have led to.
                    self.stats.nodes += 1;
                    let l = self.level;
                    self.choice[l] = links.down(self.choice[l]);
                }
            }
        }
    }

    /// One step of `take`: `Some(true)` taken, `Some(false)` exhausted,
    /// `None` given up as a dead end (and undone).
    #[inline(always)]
    fn take_one<E: Steps, const COLORS: bool, const MULT: bool>(
        &mut self,
        links: &mut E,
    ) -> Option<bool> {
        let l = self.level;
        let i = self.best[l];
        let x = self.choice[l];
        if MULT && self.tweaking[l] {
            let b = links.bound(i);
            let s = links.slack(i);
            if links.len(i) as i64 <= b as i64 - s as i64 {
                self.restore::<E, COLORS, MULT>(links, l);
                return Some(false);
            }
            if x != i {
                if b == 0 {
                    links.tweak_covered(x);
                } else {
                    links.tweak(x);
                }
            } else if b != 0 {
                links.deactivate(i); // the null move: use no more of i
            }
        } else if x == i {
            self.restore::<E, COLORS, MULT>(links, l);
            return Some(false);
        }
        self.position[l] += 1;
        if x != i {
            let taken = if !MULT && self.early {
                links.commit::<COLORS, false, true>(x)
            } else {
                links.commit::<COLORS, MULT, false>(x)
            };
            if !taken {
                return None;
            }
        }
        Some(true)
    }

    /// Undoes the choice made on level `l` (whose deeper levels are undone).
    #[inline(always)]
    fn untake<E: Steps, const COLORS: bool, const MULT: bool>(&mut self, links: &mut E, l: usize) {
        let x = self.choice[l];
        let i = self.best[l];
        if x == i {
            // Only Algorithm M chooses a header: the null move.
            if links.bound(i) != 0 {
                links.reactivate(i);
            }
        } else {
            links.uncommit::<COLORS, MULT>(x);
        }
    }

    /// Restores the item of level `l` once all its branches are done.
    #[inline(always)]
    fn restore<E: Steps, const COLORS: bool, const MULT: bool>(&mut self, links: &mut E, l: usize) {
        let i = self.best[l];
        if MULT {
            let b = links.bound(i);
            if !self.tweaking[l] {
                links.uncover(i);
            } else if b == 0 {
                links.untweak::<true>(i, self.first_tweak[l]);
                links.uncover(i);
            } else {
                links.untweak::<false>(i, self.first_tweak[l]);
            }
            links.set_bound(i, b + 1);
        } else {
            links.uncover(i);
        }
    }

    /// The options chosen so far, level by level (null moves left out).
    fn collect_solution<E: Steps>(&mut self, links: &E) {
        self.solution.clear();
        for l in 0..self.level {
            let x = self.choice[l];
            if !links.is_header(x) {
                self.solution.push(OptionId(links.option_of(x)));
            }
        }
    }

    fn emit_subproblem(&mut self) {
        self.found.push(Subproblem {
            choices: self.choice[..self.level].to_vec(),
            degrees: self.degree[..self.level].to_vec(),
        });
    }

    fn search<E: Steps, const COLORS: bool, const MULT: bool, V: Visitor>(
        &mut self,
        links: &mut E,
        visitor: &mut V,
    ) -> Outcome {
        loop {
            match self.phase {
                Phase::Enter => {
                    if self.stats.nodes >= self.budget {
                        return Outcome::Paused;
                    }
                    if links.first_active() == ROOT {
                        // When listing subproblems, a solution above the
                        // frontier is a subproblem of its own.
                        if self.frontier == usize::MAX {
                            self.stats.nodes += 1;
                            self.stats.solutions += 1;
                            if V::WANTS_OPTIONS {
                                self.collect_solution(links);
                            }
                            if visitor.solution(&self.solution) == Control::Stop {
                                self.unwind::<E, COLORS, MULT>(links);
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
                        self.phase = if self.prepare::<E, COLORS, MULT>(links) {
                            Phase::Try
                        } else {
                            Phase::Leave
                        };
                    }
                }
                Phase::Try => {
                    if self.take::<E, COLORS, MULT>(links) {
                        self.level += 1;
                        self.phase = Phase::Enter;
                    } else {
                        self.phase = Phase::Leave;
                    }
                }
                Phase::Leave => {
                    if self.level == self.base {
                        self.unwind::<E, COLORS, MULT>(links);
                        return Outcome::Finished;
                    }
                    self.level -= 1;
                    let l = self.level;
                    self.untake::<E, COLORS, MULT>(links, l);
                    if self.choice[l] == self.best[l] {
                        // After Algorithm M's null move there is nothing left.
                        self.restore::<E, COLORS, MULT>(links, l);
                    } else {
                        self.choice[l] = links.down(self.choice[l]);
                        self.phase = Phase::Try;
                    }
                }
                Phase::Idle => return Outcome::Finished,
            }
        }
    }

    /// Undoes every level on the stack, the subproblem's prefix included,
    /// whatever step the search stands at; the solver becomes idle.
    fn unwind<E: Steps, const COLORS: bool, const MULT: bool>(&mut self, links: &mut E) {
        if self.phase == Phase::Try {
            self.restore::<E, COLORS, MULT>(links, self.level);
        }
        while self.level > 0 {
            self.level -= 1;
            let l = self.level;
            self.untake::<E, COLORS, MULT>(links, l);
            self.restore::<E, COLORS, MULT>(links, l);
        }
        self.phase = Phase::Idle;
        self.base = 0;
    }

    /// Makes the choices of a subproblem as the search would: at each level
    /// choose the item, prepare it, pass over (and, when tweaking, tweak) the
    /// options before the wanted one, then take it.
    fn replay<E: Steps, const COLORS: bool, const MULT: bool>(
        &mut self,
        links: &mut E,
        choices: &[u32],
    ) -> Result<(), SubproblemError> {
        debug_assert!(self.phase == Phase::Idle && self.level == 0);
        let node_count = links.num_nodes();
        for (l, &target) in choices.iter().enumerate() {
            self.level = l;
            self.phase = Phase::Enter;
            if target >= node_count {
                return Err(SubproblemError::NotAChoice { level: l });
            }
            if links.first_active() == ROOT || !self.prepare::<E, COLORS, MULT>(links) {
                return Err(SubproblemError::TooDeep { level: l });
            }
            self.phase = Phase::Try;
            let i = self.best[l];
            while self.choice[l] != target {
                let x = self.choice[l];
                if x == i {
                    return Err(SubproblemError::NotAChoice { level: l });
                }
                if MULT && self.tweaking[l] {
                    if links.bound(i) == 0 {
                        links.tweak_covered(x);
                    } else {
                        links.tweak(x);
                    }
                }
                self.position[l] += 1;
                self.choice[l] = links.down(x);
            }
            match self.take_one::<E, COLORS, MULT>(links) {
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
