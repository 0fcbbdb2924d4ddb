//! Twisty puzzles on the five platonic solids, built from their geometry,
//! with exact counts of their positions.
//!
//! # Design
//!
//! A puzzle is a solid plus **cuts**; nothing is written per puzzle
//! ([`puzzle`] has the construction). A cut (`f 0.333`: parallel to every
//! face at a third of the way out) stands for the planes normal to every
//! face, vertex or edge direction at that depth ([`spec`]). The planes cut
//! each face into convex **stickers**; stickers on the same side of every
//! plane form a **piece**; parallel planes share an **axis** and cut space
//! into **slices**, and a **move** turns some slices of an axis by the
//! axis's angle. Everything downstream sees only the moves' permutations
//! of the stickers ([`perm::Perm`], `u16` points): the group they generate
//! is the puzzle.
//!
//! ```text
//! solid + cuts ──► planes ──► stickers, pieces, axes ──► moves (sticker permutations)
//!                                                          │
//!          notation (U R2 2F') ◄── states ◄────────────────┤
//!                                                          ▼
//!                    stabilizer chain (Schreier–Sims) ──► group order, membership, random states
//!                                                          │
//!                    colour search (backtrack) ──────────► positions, with identical stickers merged
//! ```
//!
//! **Solving** ([`solve`]) sees the puzzle the same way, as sticker
//! permutations ([`solve::PermPuzzle`]), with no per-puzzle code.
//! [`solve::Solver::prepare`] reads the structure once: pieces fall into
//! orbits, each piece at a position with a twist, look-alike pieces in
//! colour classes. It then finds small operators (3-cycles and pure twists
//! from commutators `A B A' B'`, transported by the solid's rotations and
//! spread to every position by a Dijkstra over conjugations) and builds
//! pattern databases for the orbits operators cannot finish and for the
//! abelian invariants they cannot change (parities, twist sums).
//! [`solve::Solver::solve`] turns a reachable coloured state into a move
//! sequence: a state a few moves from solved gets a shortest solution by
//! meeting in the middle; otherwise an exact stage (IDA* over the pattern
//! databases) solves those orbits and invariants, and the other orbits are
//! finished by inserting operators where they cost least after merging
//! with their neighbours. Sequences stay canonical (moves of one axis
//! commute and merge), node budgets bound the searches (with a longer
//! fallback when the exact stage exhausts it), and every solution is
//! checked by applying it before it is returned. With
//! [`solve::Options::optimal`] every orbit goes to the exact stage and the
//! solution is a shortest one, for small puzzles.
//!
//! Geometry is in `f64` with an absolute tolerance ([`geom::EPS`]); the
//! construction checks that every turned sticker lands on a sticker of the
//! turned face, so a tolerance problem shows up as an error, never as a
//! wrong permutation.
//!
//! # Modules
//!
//! * [`solid`]: the five solids at inradius 1, named faces, vertices and
//!   edges, rotation groups.
//! * [`spec`]: cuts and move sets; [`file`](mod@file): the TOML puzzle format;
//!   [`catalog`]: named puzzles (the seed project's families and the
//!   classics).
//! * [`puzzle`]: the construction and the [`Puzzle`] model.
//! * [`token`]: the grammar of one turn, split before any puzzle is
//!   consulted (the construction reads move sets with it, the notation
//!   turns).
//! * [`notation`]: turns (`U`, `U2'`, `2U`, `1-2U`), sequences, inverses.
//! * [`steps`]: the notation beyond the move set (`M E S`, `x y z`, `Rw`,
//!   `r`, `2R`, `1-2U`), read as layers of an axis turned together.
//! * [`spelling`]: how turns are written (`--notation`): the move set's names, WCA or SiGN.
//! * [`facelets`]: cube states as facelet strings (`UUUUUUUUURRR...`), with colour schemes.
//! * [`state`]: states, and the text and JSON forms of a coloured state.
//! * [`schreier`]: a verified Schreier–Sims stabilizer chain.
//! * [`search`]: backtrack search for colour-preserving elements (the
//!   stabilizer of the colouring, and a group element producing a given
//!   colouring).
//! * [`count`]: the counts (group order, positions, positions up to
//!   whole-puzzle rotations, positions in every orientation) and tips.
//! * [`check`]: is a coloured state reachable, and if not, why.
//! * [`solve`]: the generic solver (above): structure, operators, exact
//!   stage, insertion.
//! * [`distances`]: God's algorithm by breadth-first search in two bits
//!   per position.
//! * [`progress`]: progress of the long steps, for a caller that shows it.
//! * [`error`]: the one error type, a variant per kind of failure.
//! * [`rng`]: a small seeded generator for reproducible scrambles.
//! * [`scramble`]: random-move scrambles in which no turn cancels or merges
//!   with one before it.
//! * [`geom`]: vectors, rotations, planes and convex polygons.
//! * [`trace`]: diagnostics on standard error for tuning the solver and
//!   the chain, off unless `POLYCOVER_TRACE` is set.
//!
//! # Example
//!
//! ```
//! use polycover_twisty::{catalog, count::Counts, puzzle::Puzzle, state::State};
//!
//! let cube = Puzzle::build(&catalog::spec("3x3x3").unwrap()).unwrap();
//! assert_eq!((cube.stickers.len(), cube.pieces.len(), cube.moves.len()), (54, 26, 6));
//! let turns = cube.parse_turns("R U R' U'").unwrap();
//! let mut s = State::solved(&cube);
//! for _ in 0..6 {
//!     s.apply(&cube, &turns);
//! }
//! assert!(s.is_solved()); // the "sexy move" has order 6
//! let counts = Counts::new(&cube).unwrap();
//! assert_eq!(counts.group_order.to_string(), "43252003274489856000");
//! ```

#![deny(missing_docs)]

pub mod catalog;
pub mod check;
pub mod count;
pub mod distances;
pub mod error;
pub mod facelets;
pub mod file;
pub mod geom;
pub mod notation;
pub mod perm;
pub mod progress;
pub mod puzzle;
pub mod rng;
pub mod schreier;
pub mod scramble;
pub mod search;
pub mod solid;
pub mod solve;
pub mod spec;
pub mod spelling;
pub mod state;
pub mod steps;
pub mod token;
pub mod trace;

pub use error::Error;
pub use notation::Turn;
pub use puzzle::Puzzle;
pub use state::State;

/// Builds a catalog puzzle by name.
pub fn named(name: &str) -> Result<Puzzle, Error> {
    Puzzle::build(&catalog::spec(name)?)
}
