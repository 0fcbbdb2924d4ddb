//! # polycover's exact-cover core
//!
//! An exact-cover problem is a set of *items* and a family of *options*, each
//! a subset of the items; a solution is a set of options that covers every
//! *primary* item exactly once and every *secondary* item at most once.
//! This crate solves such problems with Knuth's dancing links (TAOCP
//! 7.2.2.1) and knows nothing about puzzles.
//!
//! ## Design
//!
//! * [`Matrix`] (built by [`MatrixBuilder`], or read by [`format::parse`]) is
//!   the problem: immutable, shared by every thread.
//! * [`Solver`] (module `solver`, the loop) holds one search's mutable
//!   state: the data structure of its engine ([`EngineKind`], module
//!   `state`) and an explicit choice stack. Two engines answer the same
//!   questions (the traits of module `engine`: `Engine` for Algorithms X
//!   and C, `Multiplicities` for M): Knuth's node and item arrays, linked by
//!   `u16`/`u32` indices (module `links`), for any matrix; and sets of
//!   options as bit vectors with a precomputed conflict matrix (module
//!   `bits`), for matrices without multiplicities and with at most 8192
//!   options, where it is 1.5-2x faster (every puzzle of the catalog but
//!   the largest). The bitset engine's tables are built once per matrix and
//!   shared by all its solvers. Both engines walk the same tree, node for
//!   node, and give the same solutions in the same order. The search is a loop over
//!   that stack, not a recursion, so it can pause after a node budget and
//!   resume, and it can start below a fixed prefix of choices, a
//!   [`Subproblem`] (module `subproblem`).
//! * A third engine with a loop of its own, the cell engine
//!   ([`EngineKind::Cells`], module `cells`), for matrices of at most 256
//!   items without colors whose options each hold an item with bounds
//!   `1:1` (polyform puzzles of up to ~240 cells): options are masks of
//!   one, two or four words, a level is an occupancy mask with each item's
//!   fitting options filtered from its parent's, and items with other
//!   bounds are counted. [`Solver::with_engine`] runs it behind the same
//!   methods (start, run, pause, subproblems, progress). Same solutions;
//!   without counted items DLX1's tree and node counts, with them its own
//!   tree; its subproblems name options its own way, so a checkpoint must
//!   say which engine made it.
//! * Which engine: [`Solver::new`] takes [`EngineKind::best_for`]: the cell
//!   engine for the matrices it suits that have at least 512 options (the
//!   polyform puzzles, where it is the fastest: `docs/performance.md`),
//!   else the bitset engine where it applies, else the links.
//! * One engine runs three algorithms: X (plain exact cover), C (secondary
//!   items with colors: options that agree on an item's color may share it)
//!   and M (primary items with multiplicities `lo:hi`, each multiset of
//!   options reached once). The matrix decides which; each is a separate
//!   monomorphised copy of the loop, so plain exact cover pays nothing for
//!   the others.
//! * Solutions are pushed to a [`Visitor`] (module `visit`), which may stop
//!   the search;
//!   [`Solver::count`] is the fast path. [`Stats`] counts nodes and updates
//!   exactly as DLX1/DLX2 do, so runs compare one to one with Knuth's.
//! * The search chooses the item to branch on by a [`ChoiceRule`] (module
//!   `choose`, where a new heuristic goes): by default
//!   [`ChoiceRule::MinLen`], the primary item with the fewest options left,
//!   the first one on ties, as DLX1 does, so it walks the same tree. The
//!   rule shapes the tree, so a checkpoint's fingerprint includes
//!   [`ChoiceRule::name`].
//! * One departure from Knuth's moves, on by default: *early dead ends*. An
//!   option whose commit empties the list of a primary item it does not
//!   cover is given up on the spot, half committed, instead of being
//!   committed in full for the next level to find the empty list and back
//!   up. The tree and the node count stay DLX1's (each option given up counts
//!   as the dead-end node it would have led to); on the links, updates fall
//!   by 3-16% and time by 1-17% on the bench instances
//!   (`docs/performance.md`). [`Solver::set_early_dead_ends`]`(false)`
//!   restores Knuth's exact moves and update counts. The bitset engine
//!   always reports the updates of Knuth's moves.
//!
//! * Every file the program reads goes through [`read::read_bounded`],
//!   which never holds more than the limit of the file's kind
//!   ([`read::FileLimit`]), whatever the file is (`/dev/zero`, a pipe).
//!
//! ## Example
//!
//! ```
//! // Knuth's example from DLX1: one solution, options 4, 1 and 5 (1-based).
//! let m = dlx::format::parse(
//!     "a b c d e f g\n c e\n a d g\n b c f\n a d f\n b g\n d e g\n",
//! ).unwrap();
//! let mut solver = dlx::Solver::new(&m);
//! let sols = solver.first(10);
//! assert_eq!(sols.len(), 1);
//! let mut opts: Vec<_> = sols[0].iter().map(|o| o.index()).collect();
//! opts.sort();
//! assert_eq!(opts, [0, 3, 4]);
//! ```

#![deny(missing_docs)]

mod bits;
mod bits_tables;
mod cells;
mod choose;
mod count;
mod engine;
pub mod format;
mod links;
mod matrix;
pub mod memo;
pub mod read;
mod solver;
mod state;
mod subproblem;
mod visit;

pub use choose::ChoiceRule;
pub use count::{Count, ParseCountError};
pub use matrix::{Color, Entry, ItemId, MAX_INDEX, Matrix, MatrixBuilder, MatrixError, OptionId};
pub use solver::Solver;
pub use state::{CELLS_MIN_OPTIONS, EngineKind};
pub use subproblem::{Subproblem, SubproblemError};
pub use visit::{Control, CountOnly, Outcome, Stats, Visitor};
