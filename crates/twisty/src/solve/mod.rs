//! A generic solver for permutation puzzles.
//!
//! The solver knows a puzzle only as sticker permutations ([`PermPuzzle`]): no per-puzzle code.
//! [`Solver::prepare`] reads the puzzle's structure and precomputes; [`Solver::solve`] then turns
//! any reachable coloured state into a move sequence, solving by colour (look-alike pieces are
//! interchangeable).
//!
//! # Design
//! 1. *Structure* ([`structure`]): pieces fall into orbits; a piece sits at a position with a
//!    twist; colour classes group look-alike pieces.
//! 2. *Small operators* ([`ops`]): for every orbit, 3-cycles and pure twists found by searching
//!    commutators `A B A' B'`, transported by the solid's rotations, and spread to every position
//!    by a Dijkstra over conjugations that keeps each effect's shortest (simplified) sequence.
//!    Orbits with no pure 3-cycle of that size (the midges and middle-line centres of a 7x7x7
//!    without its middle slice, a Teraminx's edges) get operators from a wider search that may
//!    disturb orbits finished after them.
//! 3. *Exact stage* ([`exact`]): orbits without small operators (the centres of a cube with slice
//!    moves, the tips of a Pyraminx...) and small orbits, together with the abelian invariants that
//!    operators cannot change (permutation parities, twist sums: [`invariants`]), are solved first
//!    by IDA* over pattern databases. With [`Options::optimal`] every orbit is solved this way, and
//!    the result is a shortest solution. When a state exhausts the stage's node budget, a second
//!    solver (prepared on first need) sends only the orbits without operators to its exact stage
//!    and finishes the small ones with operators: a longer solution rather than none. A second,
//!    short attempt also solves exactly the orbit of look-alike pieces with fewest arrangements
//!    (a centre orbit of the face-turning octahedron) and keeps the shorter solution
//!    ([`Options::colour_budget`]). The order of the exact orbits, stage by stage, is the plan
//!    (module `plan`).
//! 4. *Insertion* ([`insert`]): the remaining orbits are finished by operators, each inserted at
//!    the point of the current sequence where it costs least after merging with its neighbours.
//!
//! 5. *More routes* (puzzles whose operator orbits are small enough that a route costs
//!    milliseconds): the state after each prefix of the block-building chain ([`blocks`]: solve
//!    the pieces no remaining turn touches, turn after turn taken away), on the state seen
//!    turned by the puzzle's symmetries, go through stages 3 and 4 as well; the shortest
//!    solution is kept. The chain is searched on many views ([`Options::scout`]) and the few
//!    that go furthest for fewest moves are finished ([`Options::views`]).
//!
//! Before the stages, a state a few moves from solved gets a shortest solution by meeting in the
//! middle ([`short`]: up to 4 moves, 7 on `cube-4`, 6 on the Megaminx). Then, on puzzles with a
//! subgroup chain whose exact stage leaves orbits to operators (the 3x3x3), the two-phase search
//! ([`twophase`]) gives a near-optimal solution within its node budget
//! ([`Options::two_phase_budget`]), compared, when it is not proved shortest, with a deeper
//! meeting in the middle (8 moves); the stages above are the route for the other puzzles and for
//! states it does not solve in time.
//!
//! Sequences are kept canonical throughout ([`moves`]): moves of one axis commute and merge.
//! Every solution is checked by applying it to the state before it is returned.

pub mod blocks;
pub mod exact;
pub mod insert;
pub mod invariants;
pub mod model;
pub mod moves;
pub mod ops;
mod plan;
pub mod puzzle;
pub mod reduce;
pub mod short;
pub mod structure;
pub mod twophase;
mod views;

use crate::trace::trace;
use std::fmt;
use std::time::Instant;

pub use exact::Limits;
pub use moves::{MoveId, Moves};
pub use puzzle::{PermPuzzle, PuzzleError, Slot, Turn, Twist};
pub use structure::{OrbitState, StateError, Structure};

use std::sync::Arc;

use exact::{Cache, Found, OrbitTables, Stage};
use invariants::Invariants;
use ops::{OpSearch, OpTable, Symmetry};
use plan::{Orders, Planner};
use views::View;

/// How to prepare and solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// Solve every orbit by exact search: shortest solutions, for small puzzles only.
    pub optimal: bool,
    /// Orbits of at most this many positions go to the exact stage (when not optimal).
    pub exact_positions: usize,
    /// Node budget of the exact stage. When a state exhausts it, the state is solved again by a
    /// solver that sends to the exact stage only the orbits operators cannot finish
    /// (`exact_positions` 0, at least the default budget, prepared on first need): a longer
    /// solution rather than none.
    pub budget: u64,
    /// Node budget of a second, short attempt whose exact stage also solves one orbit otherwise
    /// finished by operators: the orbit of look-alike pieces (that never twist) with the fewest
    /// arrangements, if they are at most `limits.database`. A few moves of search can replace
    /// many inserted 3-cycles (a centre orbit of the face-turning octahedron: about 20 moves of
    /// 3-cycles, at most 7 moves solve it alone), but not always, so the shorter of the two
    /// solutions is kept; a state that exhausts this budget keeps the first. 0: no such attempt.
    pub colour_budget: u64,
    /// Table sizes of the exact stage.
    pub limits: Limits,
    /// Node budget of the two-phase search ([`twophase`]), used on puzzles that have a subgroup
    /// chain and orbits the exact stage leaves to operators; it keeps the best solution found
    /// within the budget. 0: no two-phase search.
    pub two_phase_budget: u64,
    /// A wall-clock cap in seconds on the two-phase search, on top of its node budget, once it
    /// has a solution (the first comes within milliseconds on the 3x3x3): the solution found may
    /// then depend on the machine and its load.
    pub time: Option<f64>,
    /// The two-phase search stops at the first solution of at most this many moves (0: none).
    pub target_moves: usize,
    /// Node budget of each phase of the block-building chain ([`blocks`]), on puzzles the
    /// two-phase search does not take whose operator orbits hold at most 120 positions: the state
    /// after each number of phases is finished by the exact stage and operators, and the shortest
    /// solution kept. 0: no chain.
    pub block_budget: u64,
    /// How many views of a state the operator route solves: the state itself, then the state
    /// seen turned by each of the puzzle's symmetries in turn (their solutions turned back); the
    /// shortest solution is kept. Insertion is greedy, so a turned state often comes out
    /// shorter. At least 1; more than 1 only on puzzles whose operator orbits hold at most 120
    /// positions.
    pub views: usize,
    /// On puzzles with a block-building chain: how many views of a state (the state itself,
    /// then turned ones) have their chain's phases searched before the `views` that go furthest
    /// for fewest moves are finished. The chain's phases cost little beside finishing a route.
    pub scout: usize,
    /// Node budget of the reduction's searches ([`reduce`]), on puzzles the two-phase search
    /// does not take that have one (the 4x4x4: centres, then edge pairs, then the 3x3x3 by the
    /// two-phase search); a state it gives up on goes the operator route. 0: no reduction.
    pub reduction_budget: u64,
    /// Where the two-phase tables are cached ([`twophase::cache::default_dir`] by default;
    /// `None`: built every time).
    pub cache_dir: Option<std::path::PathBuf>,
}

/// The instant `seconds` after `t0`, or `None` when no instant is that far (`1e300` seconds,
/// past the clock's range): a cap so far away caps nothing. Negative and NaN are 0.
fn deadline(t0: Instant, seconds: f64) -> Option<Instant> {
    let d = std::time::Duration::try_from_secs_f64(seconds.max(0.0)).ok()?;
    t0.checked_add(d)
}

/// The name the preparation's progress is reported under ([`crate::progress`]), and its
/// number of parts.
pub const PREPARE_STEP: &str = "preparing the solver";
const PREPARE_LAPS: u64 = 8;
/// The steps a solve reports: its exact searches, then the insertion of operators.
pub const SOLVE_STEP: &str = "solving: exact stage";
/// The step a solve reports while it inserts operators.
pub const INSERT_STEP: &str = "solving: operators";

impl Default for Options {
    fn default() -> Self {
        Options {
            optimal: false,
            exact_positions: 8,
            budget: 50_000_000,
            colour_budget: 250_000,
            limits: Limits::default(),
            two_phase_budget: TWO_PHASE_BUDGET,
            time: None,
            target_moves: 0,
            block_budget: BLOCK_BUDGET,
            views: VIEWS,
            scout: SCOUT,
            reduction_budget: REDUCTION_BUDGET,
            cache_dir: twophase::cache::default_dir(),
        }
    }
}

/// The default node budget of the two-phase search: well under a second for a 3x3x3 state on
/// one core of the reference machine (docs/performance.md).
pub const TWO_PHASE_BUDGET: u64 = 2_000_000;
/// The default node budget of the reduction's searches: a few seconds on the reference machine.
pub const REDUCTION_BUDGET: u64 = 60_000_000;
/// The default node budget of each phase of the block-building chain.
pub const BLOCK_BUDGET: u64 = 200_000;
/// The most positions in the orbits finished by operators for which the solver tries more than
/// one route (block-building prefixes, views): on bigger puzzles one insertion takes a good part
/// of a second.
const EXTRA_POSITIONS: usize = 120;
/// The default number of views of a state the operator route solves ([`Options::views`]).
pub const VIEWS: usize = 4;
/// The default number of views whose block-building chains are searched ([`Options::scout`]).
pub const SCOUT: usize = 120;
/// The longest solution the two-phase search considers.
const TWO_PHASE_DEPTH: usize = 40;

/// A prepared solver for one puzzle.
pub struct Solver {
    /// The puzzle, as sticker permutations.
    pub puzzle: PermPuzzle,
    /// Its moves, and how they commute and merge.
    pub moves: Moves,
    /// Its orbits and pieces.
    pub structure: Structure,
    /// The abelian invariants operators cannot change.
    pub invariants: Invariants,
    /// Operator tables, one per orbit.
    pub tables: Vec<OpTable>,
    /// Orbits finished by operators.
    pub op_orbits: Vec<usize>,
    /// The same, in two groups: those whose operators may disturb the second group, then the
    /// second group (pure operators).
    op_levels: Vec<Vec<usize>>,
    /// Orbits solved by the exact stage.
    pub exact_orbits: Vec<usize>,
    /// The exact stages, in one or two orders (see `prepare`), then the plan that also solves an
    /// orbit of look-alike pieces (see [`Options::colour_budget`]).
    plans: Vec<Vec<Stage>>,
    /// The index of that last plan, if there is one.
    colour_plan: Option<usize>,
    /// The colourings near solved, for states a few moves from it ([`short`]).
    short: short::ShortTable,
    /// On a puzzle the two-phase search takes, the depths of a deeper table (as on puzzles
    /// finished by operators), when deeper than `short`'s: a two-phase solution not proved
    /// shortest and longer than `short` reaches is compared with it. Made on first need.
    deeper: Option<(short::Depths, std::sync::OnceLock<short::ShortTable>)>,
    /// The two-phase solver, when the puzzle has a subgroup chain that fits ([`twophase`]).
    pub two_phase: Option<twophase::TwoPhase>,
    /// The block-building chain, for puzzles finished by operators without a two-phase chain
    /// ([`blocks`]).
    pub blocks: Option<blocks::Blocks>,
    /// The symmetries a state is also seen turned by ([`Options::views`]).
    views: Vec<View>,
    options: Options,
    /// The solver used when the exact stage gives up (see [`Options::budget`]).
    fallback: std::sync::OnceLock<Option<Box<Solver>>>,
    /// For a solver prepared for the two-phase search only (no operators, no stages: `plans`
    /// empty): the same puzzle prepared with the other route, built the first time a state's
    /// two-phase search finds nothing.
    full: std::sync::OnceLock<Option<Box<Solver>>>,
    /// The reduction, prepared the first time a state goes past the two-phase search.
    reduction: std::sync::OnceLock<Option<Box<reduce::Reduction>>>,
    /// Seconds spent preparing.
    pub prepare_seconds: f64,
}

/// A solution.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves.
    pub moves: Vec<Twist>,
    /// Length in basic twists the shorter way round (quarter turns on a cube).
    pub quarter_turns: u32,
    /// Moves found by the exact stage (a prefix of the solution before insertions).
    pub exact_moves: usize,
    /// Seconds spent solving.
    pub solve_seconds: f64,
    /// Whether the exact stage gave up and the fallback solver found this solution.
    pub fell_back: bool,
}

/// A view of a state, for the extra routes ([`Solver::scout`]).
struct Scouted<'a> {
    /// The symmetry it is seen turned by (`None`: the state itself).
    view: Option<&'a View>,
    /// The state seen so.
    states: Vec<OrbitState>,
    /// The block-building chain's sequences from it, one a phase, each extending the one before.
    prefixes: Vec<Vec<MoveId>>,
}

/// Why a state could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The state cannot be read as this puzzle's state.
    State(StateError),
    /// The state cannot be reached from the solved state by the puzzle's moves.
    Unreachable(String),
    /// The exact stage ran out of its node budget.
    Budget,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::State(e) => write!(f, "{e}"),
            SolveError::Unreachable(why) => write!(f, "unreachable state: {why}"),
            SolveError::Budget => write!(f, "the exact search ran out of its node budget"),
        }
    }
}

impl std::error::Error for SolveError {}

impl Solver {
    /// Reads the puzzle's structure and precomputes operators and pattern databases.
    pub fn prepare(puzzle: &PermPuzzle, options: &Options) -> Result<Solver, PuzzleError> {
        let t0 = Instant::now();
        puzzle.validate()?;
        let moves = Moves::new(puzzle);
        let structure = Structure::new(puzzle, &moves)?;
        let laps = std::cell::Cell::new(0u64);
        let lap = |what: &str| {
            trace!("prepare: {what} at {:.3}s", t0.elapsed().as_secs_f64());
            laps.set(laps.get() + 1);
            crate::progress::report(PREPARE_STEP, laps.get(), PREPARE_LAPS);
        };
        lap("structure");
        trace_orbits(&structure);
        let invariants = Invariants::new(&structure.orbits, &moves);
        lap("invariants");
        let sym = Symmetry::new(&puzzle.symmetries, &moves, puzzle.stickers);
        // Small orbits of distinct pieces are always solved exactly; operators for the others.
        let wanted: Vec<bool> = structure
            .orbits
            .iter()
            .map(|o| !(options.optimal || o.distinct && o.len() <= options.exact_positions))
            .collect();
        // A puzzle the two-phase search takes needs nothing more now: the other route (operators,
        // pattern databases) is prepared only if a state ever needs it ([`Solver::full`]).
        // The short-solutions table, made once: here when the two-phase search is tried.
        let mut short_table = None;
        if !options.optimal && options.two_phase_budget > 0 && wanted.iter().any(|&w| w) {
            // The two-phase search finds short solutions itself: the shallow table.
            let depths = short::Depths::new(&moves, puzzle.stickers, short::Reach::Shallow);
            let short = short::ShortTable::new(&moves, &puzzle.colours, depths);
            lap("short solutions");
            if let Some(tp) = twophase::TwoPhase::prepare(
                &structure,
                &moves,
                twophase::Limits::default(),
                options.cache_dir.as_deref(),
            ) {
                lap("two-phase tables");
                let deep = short::Depths::new(&moves, puzzle.stickers, short::Reach::Nearer);
                let deeper = (deep.table + deep.search > depths.table + depths.search)
                    .then(|| (deep, std::sync::OnceLock::new()));
                return Ok(Solver {
                    short,
                    deeper,
                    two_phase: Some(tp),
                    blocks: None,
                    views: Vec::new(),
                    puzzle: puzzle.clone(),
                    moves,
                    structure,
                    invariants,
                    tables: Vec::new(),
                    op_orbits: Vec::new(),
                    op_levels: Vec::new(),
                    exact_orbits: Vec::new(),
                    plans: Vec::new(),
                    colour_plan: None,
                    options: options.clone(),
                    fallback: std::sync::OnceLock::new(),
                    full: std::sync::OnceLock::new(),
                    reduction: std::sync::OnceLock::new(),
                    prepare_seconds: t0.elapsed().as_secs_f64(),
                });
            }
            short_table = Some(short);
        }
        // The short-solutions table of this route (deeper on puzzles finished by operators, so
        // that states a few more moves from solved come back as short) is made on a thread of its
        // own while operators and pattern databases are prepared: it needs nothing they compute.
        let reach = if wanted.iter().any(|&w| w) {
            short::Reach::Deep
        } else {
            short::Reach::Shallow
        };
        let depths = short::Depths::new(&moves, puzzle.stickers, reach);
        let made_before = short_table.is_some();
        let short_job = match short_table {
            Some(short) if short.depths() == depths => Ok(short),
            _ => {
                trace!(
                    "prepare: short solutions up to {} + {} moves",
                    depths.table, depths.search
                );
                let (m, solved) = (moves.clone(), puzzle.colours.clone());
                let job = std::thread::Builder::new()
                    .name("short solutions".into())
                    .spawn(move || short::ShortTable::new(&m, &solved, depths));
                match job {
                    Ok(job) => Err(job),
                    // No thread to be had: made here.
                    Err(_) => Ok(short::ShortTable::new(&moves, &puzzle.colours, depths)),
                }
            }
        };
        let built = ops::build_tables(
            &structure,
            &moves,
            &puzzle.pieces,
            &sym,
            &wanted,
            OpSearch::default(),
        );
        lap("operators");
        let (op_levels, exact_orbits) = by_level(&built.level);
        let op_orbits: Vec<usize> = op_levels.concat();
        let tables = built.tables;
        let orders = Orders::new(&structure, &moves, &exact_orbits);
        let colour_orbit = Self::colour_orbit(&structure, &op_orbits, options);
        let mut tables_of: Vec<Option<Arc<OrbitTables>>> = vec![None; structure.orbits.len()];
        for &oi in exact_orbits.iter().chain(&colour_orbit) {
            tables_of[oi] = Some(Arc::new(OrbitTables::new(&structure.orbits, oi, &moves)));
        }
        lap("pattern databases");
        let mut planner = Planner {
            moves: &moves,
            invariants: &invariants,
            tables_of,
            optimal: options.optimal,
            limits: options.limits,
            cache: Cache::default(),
        };
        let (plans, colour_plan) = planner.plans(&structure, &orders, colour_orbit);
        let exact_orbits: Vec<usize> = orders.big_first.iter().map(|x| x.2).collect();
        lap("stages");
        // The two-phase search was tried above (puzzles solved wholly by the exact stage keep
        // it: its solutions are already short).
        let two_phase = None;
        lap("two-phase tables");
        let (blocks, views) =
            Self::extra_routes(&structure, &moves, &sym, puzzle, &op_orbits, options);
        lap("block-building tables");
        let short = match short_job {
            Ok(short) => short,
            Err(job) => job.join().expect("the short-solutions table is made"),
        };
        // One lap for the table, however many times it was made.
        if !made_before {
            lap("short solutions");
        }
        Ok(Solver {
            short,
            deeper: None,
            two_phase,
            blocks,
            views,
            puzzle: puzzle.clone(),
            moves,
            structure,
            invariants,
            tables,
            op_orbits,
            op_levels,
            exact_orbits,
            plans,
            colour_plan,
            options: options.clone(),
            fallback: std::sync::OnceLock::new(),
            full: std::sync::OnceLock::new(),
            reduction: std::sync::OnceLock::new(),
            prepare_seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// The block-building chain and the views, for the routes tried after the first: only
    /// where a route costs milliseconds (operator orbits of at most [`EXTRA_POSITIONS`]).
    fn extra_routes(
        structure: &Structure,
        moves: &Moves,
        sym: &Symmetry,
        puzzle: &PermPuzzle,
        op_orbits: &[usize],
        options: &Options,
    ) -> (Option<blocks::Blocks>, Vec<View>) {
        let op_positions: usize = op_orbits.iter().map(|&oi| structure.orbits[oi].len()).sum();
        if options.optimal || op_orbits.is_empty() || op_positions > EXTRA_POSITIONS {
            return (None, Vec::new());
        }
        let blocks = (options.block_budget > 0)
            .then(|| {
                let limits = blocks::Limits::default();
                blocks::Blocks::prepare(structure, moves, limits, options.cache_dir.as_deref())
            })
            .flatten();
        let wanted = options.views.max(options.scout * blocks.is_some() as usize);
        let views = View::all(sym, &puzzle.colours, wanted.saturating_sub(1));
        (blocks, views)
    }

    /// The orbit of look-alike pieces the first attempt also solves exactly (see
    /// [`Options::colour_budget`]): among those finished by operators whose pieces never twist,
    /// the one with the fewest arrangements, if they fit one pattern database.
    fn colour_orbit(
        structure: &Structure,
        op_orbits: &[usize],
        options: &Options,
    ) -> Option<usize> {
        if options.optimal || options.colour_budget == 0 {
            return None;
        }
        op_orbits
            .iter()
            .filter_map(|&oi| {
                let o = &structure.orbits[oi];
                let lookalike = !o.distinct && o.twists == 1;
                lookalike
                    .then(|| exact::arrangements(&o.class_size, options.limits.database))
                    .flatten()
                    .map(|size| (size, oi))
            })
            .min()
            .map(|(_, oi)| oi)
    }

    /// Solves a coloured state (`colours[s]`: the colour shown at slot `s`).
    pub fn solve(&self, colours: &[u16]) -> Result<Solution, SolveError> {
        let t0 = Instant::now();
        let orbits = &self.structure.orbits;
        let states = self
            .structure
            .read(&self.puzzle, colours)
            .map_err(SolveError::State)?;
        let code = self.invariants.of(orbits, &states);
        if self.invariants.distance(code).is_none() {
            return Err(SolveError::Unreachable(
                "an orbit's parity or twist sum cannot be reached".to_string(),
            ));
        }
        // A state a few moves from solved: its shortest solution, by meeting in the middle (the
        // stages below would insert operators orbit by orbit).
        if let Some(seq) = self.short.find(&self.moves, colours, &self.puzzle.colours) {
            let exact = seq.len();
            return Ok(self.solution(&seq, exact, t0));
        }
        if let Some((seq, optimal)) = self.two_phase(colours, &states, t0) {
            let seq = if optimal {
                seq
            } else {
                self.nearer(colours, seq)
            };
            let exact = seq.len();
            return Ok(self.solution(&seq, exact, t0));
        }
        if self.plans.is_empty() {
            return self.full().ok_or(SolveError::Budget)?.solve(colours);
        }
        if let Some(seq) = self.reduce(colours, &states) {
            let exact = seq.len();
            return Ok(self.solution(&seq, exact, t0));
        }
        let Some((seq, mut exact_moves)) = self.route(&states, &[], self.options.budget)? else {
            return self.fall_back(colours, t0);
        };
        let mut seq = self.moves.simplify(&seq);
        // The views whose chains go furthest for fewest moves, each finished from every prefix
        // of its chain (and from none, the identity's route being the one above).
        for scouted in self.scout(colours, states) {
            let mut other = Vec::new();
            let mut moves = 0;
            if scouted.view.is_some()
                && let Ok(Some((o, m))) = self.route(&scouted.states, &[], self.extra_budget())
            {
                (other, moves) = (self.moves.simplify(&o), m);
            }
            self.improve(&scouted, &mut other, &mut moves);
            let back: Vec<MoveId> = match scouted.view {
                Some(view) => other.iter().map(|&m| view.back[m as usize]).collect(),
                None => other,
            };
            let solves = self.moves.apply(colours, &back) == self.puzzle.colours;
            trace!("view: {} moves, solves {solves}", back.len());
            if solves && !back.is_empty() && back.len() < seq.len() {
                (seq, exact_moves) = (back, moves);
            }
        }
        let seq = self.moves.simplify(&seq);
        let end = self.moves.apply(colours, &seq);
        if end != self.puzzle.colours {
            return Err(SolveError::Unreachable(
                "the state is not reachable (no sequence restores every sticker)".to_string(),
            ));
        }
        Ok(self.solution(&seq, exact_moves, t0))
    }

    /// The exact stage's budget in the routes tried after the first (prefixes, views): a tenth
    /// of the first's, so that a hard exact stage is not searched many times over.
    fn extra_budget(&self) -> u64 {
        self.options.budget / 10
    }

    /// The views of a state the extra routes finish: the state itself and up to
    /// [`Options::scout`]` - 1` of its turned views, each with the prefixes of its block-building
    /// chain; the [`Options::views`] whose chains went furthest (ties: the shortest) are kept, in
    /// that order. Without a chain, the state and the first views, in the symmetries' order.
    fn scout(&self, colours: &[u16], states: Vec<OrbitState>) -> Vec<Scouted<'_>> {
        let identity = std::iter::once((None, states));
        let turned = self.views.iter().filter_map(|view| {
            let states = self
                .structure
                .read(&self.puzzle, &view.turn(colours))
                .ok()?;
            Some((Some(view), states))
        });
        let Some(blocks) = &self.blocks else {
            let all = identity.chain(turned).take(self.options.views.max(1));
            return all
                .map(|(view, states)| Scouted {
                    view,
                    states,
                    prefixes: Vec::new(),
                })
                .collect();
        };
        let budget = self.options.block_budget;
        let scout = self.options.scout.max(self.options.views).max(1);
        let mut all: Vec<Scouted> = identity
            .chain(turned)
            .take(scout)
            .map(|(view, states)| {
                let prefixes = blocks.prefixes(&self.structure, &self.moves, &states, budget);
                Scouted {
                    view,
                    states,
                    prefixes,
                }
            })
            .collect();
        // Stable: among equals, the identity and the symmetries' order first.
        all.sort_by_key(|s| {
            let deepest = s.prefixes.last().map_or(0, Vec::len);
            (std::cmp::Reverse(s.prefixes.len()), deepest)
        });
        all.truncate(self.options.views.max(1));
        all
    }

    /// Replaces `seq` (with `exact_moves`) by a shorter solution of the scouted state from a
    /// prefix of its block-building chain, each finished by [`Solver::route`], if one is shorter
    /// (an empty `seq`: none yet).
    fn improve(&self, scouted: &Scouted, seq: &mut Vec<MoveId>, exact_moves: &mut usize) {
        for prefix in &scouted.prefixes {
            if let Ok(Some((other, moves))) =
                self.route(&scouted.states, prefix, self.extra_budget())
            {
                let other = self.moves.simplify(&other);
                trace!(
                    "blocks{}: prefix of {} moves: {} moves",
                    if scouted.view.is_some() {
                        " (turned)"
                    } else {
                        ""
                    },
                    prefix.len(),
                    other.len()
                );
                if seq.is_empty() || other.len() < seq.len() {
                    (*seq, *exact_moves) = (other, moves);
                }
            }
        }
    }

    /// The exact stages and operators from the state `start` after the moves `prefix`: the whole
    /// sequence (the prefix first) and how many of its moves precede the insertions; `None` when
    /// every plan ran out of its budget.
    fn route(
        &self,
        start: &[OrbitState],
        prefix: &[MoveId],
        budget: u64,
    ) -> Result<Option<(Vec<MoveId>, usize)>, SolveError> {
        let mut states = start.to_vec();
        self.apply(&mut states, prefix);
        let after = states.clone();
        // The plans in turn, each with a tenth of the budget, then the first with all of it.
        let plans = self.plans.len() - self.colour_plan.is_some() as usize;
        let attempts: Vec<(usize, u64)> = if plans > 1 {
            vec![(0, budget / 10), (1, budget / 10), (0, budget)]
        } else {
            vec![(0, budget)]
        };
        let mut found = None;
        let tries = attempts.len() as u64;
        for (i, (plan, budget)) in attempts.into_iter().enumerate() {
            crate::progress::report(SOLVE_STEP, i as u64, tries);
            let mut tried = after.clone();
            if let Some(seq) = self.run_plan(plan, &mut tried, budget)? {
                found = Some(seq);
                states = tried;
                break;
            }
        }
        let Some(seq) = found else {
            return Ok(None);
        };
        let whole = |exact: Vec<MoveId>| [prefix, &exact].concat();
        let (mut seq, mut exact_moves) = self.finish(start, whole(seq), states)?;
        // The plan solving a look-alike orbit exactly too, within its short budget: often much
        // shorter, but not always (the other orbits' operators may cancel less).
        if let Some(plan) = self.colour_plan {
            let mut tried = after.clone();
            if let Some(exact) = self.run_plan(plan, &mut tried, self.options.colour_budget)? {
                let (other, moves) = self.finish(start, whole(exact), tried)?;
                if other.len() < seq.len() {
                    (seq, exact_moves) = (other, moves);
                }
            }
        }
        Ok(Some((seq, exact_moves)))
    }

    /// The solver with the other route (operators and stages), for a solver prepared for the
    /// two-phase search only: prepared on first need.
    fn full(&self) -> Option<&Solver> {
        self.full
            .get_or_init(|| {
                let options = Options {
                    two_phase_budget: 0,
                    ..self.options.clone()
                };
                Solver::prepare(&self.puzzle, &options).ok().map(Box::new)
            })
            .as_deref()
    }

    /// The two-phase search's solution of a state (`states`, coloured `colours`), checked by
    /// applying it; `None` without a chain or when the search finds nothing within its budget.
    fn two_phase(
        &self,
        colours: &[u16],
        states: &[OrbitState],
        t0: Instant,
    ) -> Option<(Vec<MoveId>, bool)> {
        let tp = self.two_phase.as_ref()?;
        let limits = twophase::SearchLimits {
            nodes: self.options.two_phase_budget,
            deadline: self.options.time.and_then(|s| deadline(t0, s)),
            target: self.options.target_moves,
            max_depth: TWO_PHASE_DEPTH,
        };
        let Some(found) = tp.search(&self.structure, &self.moves, states, &limits) else {
            trace!("two-phase: no solution within the budget");
            return None;
        };
        trace!(
            "two-phase: {} moves, {} nodes, optimal {}",
            found.seq.len(),
            found.nodes,
            found.optimal
        );
        let seq = self.moves.simplify(&found.seq);
        let solves = self.moves.apply(colours, &seq) == self.puzzle.colours;
        if !solves {
            trace!("two-phase: the solution found does not solve the state");
        }
        solves.then_some((seq, found.optimal))
    }

    /// `seq`, a solution of the state showing `colours` not proved shortest, or a shorter one
    /// from the deeper table ([`Solver::deeper`]) if one is within its reach. The shallow table
    /// found nothing, so the state is more than its `t + s` moves from solved: only a `seq` at
    /// least two moves longer than that can be beaten.
    fn nearer(&self, colours: &[u16], seq: Vec<MoveId>) -> Vec<MoveId> {
        let Some((depths, table)) = &self.deeper else {
            return seq;
        };
        let shallow = self.short.depths();
        if seq.len() < shallow.table + shallow.search + 2 {
            return seq;
        }
        let table = table
            .get_or_init(|| short::ShortTable::new(&self.moves, &self.puzzle.colours, *depths));
        match table.find(&self.moves, colours, &self.puzzle.colours) {
            Some(found) if found.len() < seq.len() => {
                trace!(
                    "short solutions: {} moves where two-phase gave {}",
                    found.len(),
                    seq.len()
                );
                found
            }
            _ => seq,
        }
    }

    /// The solution `seq` (checked), of which the exact stage found the first `exact_moves`, found
    /// since `t0`.
    /// The reduction's solution, if the puzzle has a reduction and it finds one.
    fn reduce(&self, colours: &[u16], states: &[OrbitState]) -> Option<Vec<MoveId>> {
        if self.options.optimal || self.options.reduction_budget == 0 {
            return None;
        }
        let reduction = self
            .reduction
            .get_or_init(|| {
                reduce::Reduction::prepare(
                    &self.puzzle,
                    &self.moves,
                    &self.structure,
                    &self.options,
                )
                .map(Box::new)
            })
            .as_ref()?;
        let seq = reduction.solve(&self.structure, &self.moves, colours, states)?;
        (self.moves.apply(colours, &seq) == self.puzzle.colours).then_some(seq)
    }

    fn solution(&self, seq: &[MoveId], exact_moves: usize, t0: Instant) -> Solution {
        Solution {
            quarter_turns: seq.iter().map(|&m| self.moves.quarter_turns(m)).sum(),
            moves: seq.iter().map(|&m| self.moves.twist[m as usize]).collect(),
            exact_moves,
            solve_seconds: t0.elapsed().as_secs_f64(),
            fell_back: false,
        }
    }

    /// Finishes an exact stage's solution `exact` (leaving `states`, from the state `start`) by
    /// inserting operators; returns the sequence and the exact stage's share of it.
    fn finish(
        &self,
        start: &[OrbitState],
        exact: Vec<MoveId>,
        mut states: Vec<OrbitState>,
    ) -> Result<(Vec<MoveId>, usize), SolveError> {
        let orbits = &self.structure.orbits;
        let mut seq = self.moves.simplify(&exact);
        let exact_moves = seq.len();
        for (level, group) in self.op_levels.iter().enumerate() {
            if group.is_empty() {
                continue;
            }
            // Operators of a group disturb the later groups: re-read the end state each time.
            let recompute = |seq: &[MoveId]| {
                let mut st = start.to_vec();
                self.apply(&mut st, seq);
                st
            };
            let recompute: Option<insert::Recompute<'_>> = if level + 1 < self.op_levels.len() {
                Some(&recompute)
            } else {
                None
            };
            crate::progress::report(INSERT_STEP, level as u64, self.op_levels.len() as u64);
            if !insert::insert_all(
                &self.moves,
                orbits,
                &self.tables,
                group,
                &mut seq,
                &mut states,
                recompute,
            ) {
                return Err(SolveError::Unreachable(
                    "the pieces left cannot be solved by the puzzle's moves".to_string(),
                ));
            }
            trace!(
                "level {level} (orbits {group:?}): {} moves so far",
                seq.len()
            );
        }
        Ok((seq, exact_moves))
    }

    /// Runs the exact stages of one plan from `states` (updated); `None` when one of them runs
    /// out of `budget` nodes.
    fn run_plan(
        &self,
        plan: usize,
        states: &mut [OrbitState],
        budget: u64,
    ) -> Result<Option<Vec<MoveId>>, SolveError> {
        let orbits = &self.structure.orbits;
        let mut seq: Vec<MoveId> = Vec::new();
        for stage in &self.plans[plan] {
            let code = self.invariants.of(orbits, states);
            match stage.search(&self.moves, &self.invariants, states, code, budget, 60) {
                Found::Solution(s) => {
                    self.apply(states, &s);
                    seq.extend(s);
                }
                Found::Budget => return Ok(None),
                Found::Impossible => {
                    return Err(SolveError::Unreachable(
                        "some orbit cannot be brought home".to_string(),
                    ));
                }
            }
        }
        Ok(Some(seq))
    }

    /// Solves with the fallback solver (fewer orbits solved exactly), when this one's exact
    /// stage ran out of its budget; the time includes the attempt that gave up.
    fn fall_back(&self, colours: &[u16], t0: Instant) -> Result<Solution, SolveError> {
        let can = !self.options.optimal && self.options.exact_positions > 0;
        let fallback = self.fallback.get_or_init(|| {
            // Its exact stage is small (parities, orbits without operators): the default
            // budget, even when this solver's was cut short to answer quickly.
            let options = Options {
                exact_positions: 0,
                budget: self.options.budget.max(Options::default().budget),
                // This solver's two-phase search, if any, has been tried already.
                two_phase_budget: 0,
                ..self.options.clone()
            };
            can.then(|| Solver::prepare(&self.puzzle, &options).ok().map(Box::new))
                .flatten()
        });
        match fallback {
            Some(f) => {
                let mut sol = f.solve(colours)?;
                sol.solve_seconds = t0.elapsed().as_secs_f64();
                sol.fell_back = true;
                Ok(sol)
            }
            None => Err(SolveError::Budget),
        }
    }

    fn apply(&self, states: &mut [OrbitState], seq: &[MoveId]) {
        let orbits = &self.structure.orbits;
        for (oi, st) in states.iter_mut().enumerate() {
            let mut scratch = st.clone();
            for &m in seq {
                if orbits[oi].touched_by[m as usize] {
                    st.apply(&orbits[oi], m as usize, &mut scratch);
                }
            }
        }
    }

    /// The move id of a twist.
    pub fn move_id(&self, tw: Twist) -> Option<MoveId> {
        let ids = self.moves.id.get(tw.turn as usize)?;
        ids.get(tw.amount as usize)
            .copied()
            .filter(|&m| m != MoveId::MAX)
    }
}

/// Traces each orbit's size and first sticker.
fn trace_orbits(structure: &Structure) {
    for (oi, o) in structure.orbits.iter().enumerate() {
        trace!(
            "orbit {oi}: {}x{} of {} stickers, first sticker {}",
            o.len(),
            o.twists,
            o.size,
            o.placement[0]
        );
    }
}

/// The orbits finished by operators, level by level (each increasing), and those the exact
/// stage solves (increasing), from each orbit's operator level ([`ops::Tables::level`]).
fn by_level(level: &[Option<u8>]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut op_orbits = Vec::new();
    let mut exact_orbits: Vec<usize> = Vec::new();
    for (oi, l) in level.iter().enumerate() {
        match l {
            Some(l) => op_orbits.push((*l, oi)),
            None => exact_orbits.push(oi),
        }
    }
    op_orbits.sort_unstable();
    let mut levels: Vec<u8> = op_orbits.iter().map(|x| x.0).collect();
    levels.dedup();
    let op_levels: Vec<Vec<usize>> = levels
        .iter()
        .map(|&l| op_orbits.iter().filter(|x| x.0 == l).map(|x| x.1).collect())
        .collect();
    (op_levels, exact_orbits)
}
