//! A puzzle designer's workshop, on polyform puzzles as polycover reads
//! them ([`polyform::Puzzle`] and its [`polyform::Encoding`]).
//!
//! [`explain`](mod@explain) says why a puzzle has no solution ([`examine`]
//! first makes a quick search for one), with an argument a person can
//! check by hand: a piece that fits nowhere, a cell nothing covers, or
//! a colouring of the lattice under which the pieces cannot match the
//! board's colour counts (the mutilated chessboard's checkerboard). The
//! colourings are linear forms of the cells' coordinates mod 2 and 3
//! ([`colouring`]), one family for every lattice; whether the pieces can
//! match a board's counts is a small dynamic programme over the colour
//! vectors each piece's placements cover ([`feasible`]), whose reachable
//! totals are the certificate.
//!
//! [`forced`] finds what every solution shares (the placements common to
//! all of them: those propagation forces at once, then one search per
//! placement of a first solution still in doubt) and the placement a
//! search tries first: the hints a player asks for.
//!
//! The arguments are sound whatever they find: each is a necessary
//! condition for a solution, so a reason proves there is none; finding no
//! reason proves nothing (then only a search can tell).
//!
//! [`generate`](mod@generate) goes the other way: booklet challenges, the
//! puzzle with some pieces placed so that the rest fill it in exactly one
//! way, minimal, distinct up to the board's symmetry and sorted by a
//! measured difficulty; with each challenge as a catalog file and a
//! printable booklet page.

pub mod colouring;
pub mod explain;
pub mod feasible;
pub mod forced;
pub mod generate;

pub use colouring::Colouring;
pub use explain::{ColouringProof, Examined, Reason, examine, explain};
pub use feasible::PieceVectors;
pub use forced::{common_options, first_choice, propagated};
