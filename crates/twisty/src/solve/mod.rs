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
//! 3. *Exact stage* ([`exact`]): orbits without small operators (the centres of a cube with slice
//!    moves, the tips of a Pyraminx...) and small orbits, together with the abelian invariants that
//!    operators cannot change (permutation parities, twist sums: [`invariants`]), are solved first
//!    by IDA* over pattern databases. With [`Options::optimal`] every orbit is solved this way, and
//!    the result is a shortest solution.
//! 4. *Insertion* ([`insert`]): the remaining orbits are finished by operators, each inserted at
//!    the point of the current sequence where it costs least after merging with its neighbours.
//!
//! Sequences are kept canonical throughout ([`moves`]): moves of one axis commute and merge.
//! Every solution is checked by applying it to the state before it is returned.

pub mod exact;
pub mod insert;
pub mod invariants;
pub mod moves;
pub mod ops;
pub mod puzzle;
pub mod structure;

use std::fmt;
use std::time::Instant;

pub use moves::{MoveId, Moves};
pub use puzzle::{PermPuzzle, PuzzleError, Slot, Turn, Twist};
pub use structure::{OrbitState, StateError, Structure};

use std::sync::Arc;

use exact::{Found, OrbitTables, Stage};
use invariants::Invariants;
use ops::{OpSearch, OpTable, Symmetry};

/// How to prepare and solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// Solve every orbit by exact search: shortest solutions, for small puzzles only.
    pub optimal: bool,
    /// Orbits of at most this many positions go to the exact stage (when not optimal).
    pub exact_positions: usize,
    /// Node budget of the exact stage.
    pub budget: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            optimal: false,
            exact_positions: 8,
            budget: 200_000_000,
        }
    }
}

/// A prepared solver for one puzzle.
pub struct Solver {
    pub puzzle: PermPuzzle,
    pub moves: Moves,
    pub structure: Structure,
    pub invariants: Invariants,
    /// Operator tables, one per orbit.
    pub tables: Vec<OpTable>,
    /// Orbits finished by operators.
    pub op_orbits: Vec<usize>,
    /// Orbits solved by the exact stage.
    pub exact_orbits: Vec<usize>,
    stages: Vec<Stage>,
    options: Options,
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
        let invariants = Invariants::new(&structure.orbits, &moves);
        let sym = Symmetry::new(&puzzle.symmetries, &moves, puzzle.stickers);
        let tables = if options.optimal {
            vec![OpTable::default(); structure.orbits.len()]
        } else {
            ops::build_tables(
                &structure,
                &moves,
                &puzzle.pieces,
                &sym,
                OpSearch::default(),
            )
        };
        let mut op_orbits = Vec::new();
        let mut exact_orbits = Vec::new();
        for (oi, orbit) in structure.orbits.iter().enumerate() {
            let covered = !options.optimal && covers(orbit, &tables[oi]);
            // Small orbits of distinct pieces, and orbits no table covers:
            // exact search.
            if covered && (orbit.len() > options.exact_positions || !orbit.distinct) {
                op_orbits.push(oi);
            } else {
                exact_orbits.push(oi);
            }
        }
        // Exact stages: the hardest orbit first, each later stage keeping the earlier orbits; the
        // invariants in the last stage. Optimal: one stage for everything.
        exact_orbits.sort_by(|&a, &b| {
            let size = |oi: usize| {
                let o = &structure.orbits[oi];
                o.len() as f64 * ((o.len() * o.twists as usize) as f64).ln()
            };
            size(b).partial_cmp(&size(a)).unwrap()
        });
        let orbit_tables: Vec<Arc<OrbitTables>> = exact_orbits
            .iter()
            .map(|&oi| Arc::new(OrbitTables::new(&structure.orbits, oi, &moves)))
            .collect();
        let mut stages = Vec::new();
        if options.optimal {
            stages.push(Stage::new(orbit_tables, &moves, &invariants, true));
        } else {
            for i in 1..=orbit_tables.len() {
                stages.push(Stage::new(
                    orbit_tables[..i].to_vec(),
                    &moves,
                    &invariants,
                    false,
                ));
            }
            if !invariants.is_trivial() {
                stages.push(Stage::new(orbit_tables, &moves, &invariants, true));
            }
        }
        Ok(Solver {
            puzzle: puzzle.clone(),
            moves,
            structure,
            invariants,
            tables,
            op_orbits,
            exact_orbits,
            stages,
            options: options.clone(),
            prepare_seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// Solves a coloured state (`colours[s]`: the colour shown at slot `s`).
    pub fn solve(&self, colours: &[u16]) -> Result<Solution, SolveError> {
        let t0 = Instant::now();
        let orbits = &self.structure.orbits;
        let mut states = self
            .structure
            .read(&self.puzzle, colours)
            .map_err(SolveError::State)?;
        let code = self.invariants.of(orbits, &states);
        if self.invariants.distance(code).is_none() {
            return Err(SolveError::Unreachable(
                "an orbit's parity or twist sum cannot be reached".to_string(),
            ));
        }
        let mut seq: Vec<MoveId> = Vec::new();
        for stage in &self.stages {
            let code = self.invariants.of(orbits, &states);
            match stage.search(
                &self.moves,
                &self.invariants,
                &states,
                code,
                self.options.budget,
                60,
            ) {
                Found::Solution(s) => {
                    self.apply(&mut states, &s);
                    seq.extend(s);
                }
                Found::Budget => return Err(SolveError::Budget),
                Found::Impossible => {
                    return Err(SolveError::Unreachable(
                        "some orbit cannot be brought home".to_string(),
                    ));
                }
            }
        }
        let seq = self.moves.simplify(&seq);
        let exact_moves = seq.len();
        let mut seq = seq;
        if !insert::insert_all(
            &self.moves,
            orbits,
            &self.tables,
            &self.op_orbits,
            &mut seq,
            &mut states,
        ) {
            return Err(SolveError::Unreachable(
                "the pieces left cannot be solved by the puzzle's moves".to_string(),
            ));
        }
        let seq = self.moves.simplify(&seq);
        let end = self.moves.apply(colours, &seq);
        if end != self.puzzle.colours {
            return Err(SolveError::Unreachable(
                "the state is not reachable (no sequence restores every sticker)".to_string(),
            ));
        }
        Ok(Solution {
            quarter_turns: seq.iter().map(|&m| self.moves.quarter_turns(m)).sum(),
            moves: seq.iter().map(|&m| self.moves.twist[m as usize]).collect(),
            exact_moves,
            solve_seconds: t0.elapsed().as_secs_f64(),
        })
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

/// Whether the operator table can finish the orbit from any even state: a 3-cycle for every
/// triple of positions (both directions) and, where pieces twist, a pure twist for every pair.
fn covers(orbit: &structure::Orbit, table: &OpTable) -> bool {
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
    let pairs = n * (n - 1) / 2;
    cycles.len() >= triples && (orbit.twists == 1 || twists.len() >= pairs.min(1))
}
