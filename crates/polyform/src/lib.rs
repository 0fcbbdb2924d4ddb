//! # Polyform puzzles as exact-cover problems
//!
//! This crate turns packing puzzles (pieces made of cells, a board made of
//! cells) into exact-cover matrices for the [`dlx`] crate. It knows pieces and boards; `dlx` knows only items
//! and options, and does not depend on this crate.
//!
//! ## Design
//!
//! * [`lattice`]: where cells live. A [`Lattice`] gives cell coordinates
//!   ([`Cell`], three integers), its point group as exact integer maps
//!   ([`Symmetry`], rotations marked `proper`), its translations, and how
//!   drawings map to cells. `square` and `cubic` are here; `hex`,
//!   `triangle` and `fcc` (spheres, drawn in square or triangular layers)
//!   are further implementations of the trait, in `lattice/`.
//! * [`shape`]: a [`Shape`] is a set of cells up to translation;
//!   orientations are the distinct normalized images under a set of
//!   symmetries.
//! * [`piece`]: a [`Piece`] is a named shape with a one-character symbol and
//!   a [`Count`] of identical copies (exactly `k`, a range, or unlimited).
//!   The shape is kept as drawn (in its own lattice, e.g. square art) apart
//!   from its embedding in the puzzle's lattice, so one drawing serves a 2D
//!   board and a 3D box. Its orientations follow physics: in 2D it may be
//!   turned over (unless the puzzle is one-sided), in 3D it only rotates,
//!   except that a flat piece can always be turned over; a piece's own
//!   `mirror` key overrides the rule ([`Piece::may_turn_over`]).
//! * [`board`]: a [`Board`] is any set of cells, each to fill or optional
//!   (may stay empty).
//! * [`puzzle`]: a [`Puzzle`] gathers the lattice, board, pieces, pieces
//!   placed in advance and expected counts. [`file`](mod@file) reads one from TOML
//!   (format in `docs/format.md`), with errors naming file, line and
//!   column ([`Error`], whose [`ErrorKind`] says what is wrong).
//! * [`limits`]: the resource budget ([`Limits`]). Every size a file gives
//!   or implies (cells, placements, matrix entries, pictures, BurrTools
//!   voxels) is checked with checked arithmetic before anything that size
//!   is allocated; the matrix is measured by counting the placements that
//!   fit, without making them. Each bound has a command-line flag
//!   ([`Resource::flag`]).
//! * [`encode`](mod@encode): [`encode()`](encode::encode) builds the matrix: a primary
//!   item per piece (bounds `k:k` for `k` identical copies, so Algorithm M
//!   counts each multiset once; none for an unlimited supply) and per cell
//!   to fill, a secondary item per optional cell, an option per
//!   [`Placement`]. The [`Encoding`] maps options back to placements.
//! * [`color_rules`]: colour constraints (a piece cell of colour `c` only on
//!   board cells whose colour `c` allows), from BurrTools files.
//! * [`color`]: a piece's colour as the file gives it, and the palette.
//! * [`space`]: cells as solids in space (each lattice's frame, a convex
//!   polyhedron or a ball per cell, which cells touch): the geometry that
//!   disassembly, the 3D page and printing share.
//! * [`tiles`]: edge-matching puzzles (tiles with labelled edges).
//! * [`symmetry`]: the board's symmetry group acting on the options, for
//!   counting up to symmetry (the counting itself is the `orbits` crate's).
//! * [`kind`]: which kind of puzzle file a text is (polyform or tile TOML,
//!   BurrTools, DLX), from its name and first bytes.
//!
//! ## Beside this crate
//!
//! The crates after this one in the data flow: `problem` reads a file of any
//! kind into one problem, `burrtools` reads and writes BurrTools files,
//! `disassembly` takes solutions apart, `picture` draws them (text, SVG, the
//! 3D page, STL), and `orbits` counts solutions up to symmetry.
//!
//! ## Example
//!
//! ```
//! use polyform::{encode, file};
//! use std::path::Path;
//! let text = r###"
//! lattice = "square"
//! [board]
//! size = [2, 2]
//! [[piece]]
//! name = "domino"
//! symbol = "D"
//! art = "##"
//! count = 2
//! "###;
//! let puzzle = file::parse_puzzle(Path::new("two-dominoes.toml"), text).unwrap();
//! let enc = encode::encode(&puzzle).unwrap();
//! // Two identical dominoes fill a 2x2 square in 2 ways, not 4.
//! assert_eq!(dlx::Solver::new(&enc.matrix).count(), 2);
//! ```

#![deny(missing_docs)]

pub mod art;
pub mod board;
pub mod board_shapes;
pub mod color;
pub mod color_rules;
pub mod encode;
pub mod error;
pub mod fast_hash;
pub mod file;
mod group_choice;
pub mod kind;
pub mod lattice;
mod lattice_kind;
pub mod limits;
pub mod piece;
pub mod placement;
pub mod puzzle;
mod resource;
pub mod shape;
pub mod space;
pub mod stick_space;
pub mod symmetry;
pub mod tiles;

pub use board::{Board, CellKind};
pub use encode::{Encoding, PieceStats, encode, encode_with};
pub use error::{Error, ErrorKind};
pub use file::{load, load_with};
pub use lattice::{Cell, Lattice, LatticeKind, Symmetry};
pub use limits::{Limits, Resource};
pub use piece::{Count, Piece};
pub use placement::Placement;
pub use puzzle::{Expect, Puzzle};
pub use shape::Shape;
