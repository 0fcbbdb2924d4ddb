//! # Pictures of puzzles and solutions
//!
//! Everything polycover draws, from a puzzle ([`polyform::Puzzle`]) and
//! solutions as placements. The last step of the data flow: file ->
//! problem -> matrix -> engine -> solutions -> pictures.
//!
//! * [`text`]: text pictures of boards and solutions (one character per
//!   cell, ANSI colours optional) and their JSON.
//! * [`tiles`]: text pictures of solved edge-matching puzzles.
//! * [`markup`]: names and captions as XML and HTML text (the one escaper
//!   of every SVG, page and BurrTools file).
//! * [`svg`]: SVG pictures of every lattice (cells, isometric cubes,
//!   shaded balls), each piece in its own colour with its outline.
//! * [`solid`]: pieces as closed meshes and STL files, sized for printing;
//!   the cells' geometry is [`polyform::space`]'s.
//! * [`view`]: the data of the 3D page: piece meshes once, solutions as
//!   rotations and translations of them, disassemblies as moves.

#![deny(missing_docs)]

pub mod markup;
pub mod solid;
pub mod svg;
pub mod text;
pub mod tiles;
pub mod view;
