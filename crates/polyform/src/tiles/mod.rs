//! # Edge-matching puzzles (scramble squares, Eternity II, Another Tough
//! Puzzle) as exact cover with colors
//!
//! A tile puzzle is a board of positions (triangles forming a triangle,
//! squares forming a rectangle) and as many tiles, each with one label per
//! edge. A solution puts every tile on a position, turned as it likes
//! (turned over only if the puzzle says so), so that wherever two tiles
//! meet their labels *match*: equal labels meet, or the two labels of a
//! complementary pair meet (a heart's head meets a heart's tail). A puzzle
//! may also say which labels may face out of the board.
//!
//! ## Design
//!
//! * [`board`]: positions, their sides and neighbours, and the board's
//!   rotations, all derived from polygons (no per-shape adjacency tables).
//! * [`TilePuzzle`] (this module): labels with their matching rule, tiles,
//!   border constraint, expected counts. [`file`](mod@file) reads one from TOML
//!   (`kind = "tiles"`, specified in `docs/format.md`), with errors naming
//!   file and line.
//! * [`encode`](mod@encode): the exact-cover matrix (Algorithm C). Positions and tiles
//!   are primary items, each internal edge a secondary item whose color is
//!   the label seen from one side; one option per tile, orientation and
//!   position that the border allows. Why the item order and the option
//!   set make it fast is explained there (and measured in
//!   `docs/performance.md`). The symmetry of the board's rotations is given
//!   to the `orbits` crate as option permutations (by the `problem`
//!   crate's tile puzzles).

pub mod board;
pub mod encode;
pub mod file;

pub use board::{Board, Shape};
pub use encode::{TileEncoding, TilePlacement, encode};

use crate::puzzle::Expect;
use std::path::PathBuf;

/// An edge label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The name used in files and output.
    pub name: String,
    /// The label that must face this one across an internal edge: itself
    /// for the `equal` rule, its partner for `complement`; `None` for a
    /// label that may only face out of the board (declared in the border
    /// constraint and in no label set).
    pub meets: Option<usize>,
}

/// A tile: a name and its edge labels (indices into
/// [`TilePuzzle::labels`]) in clockwise order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The name used in files and output.
    pub name: String,
    /// Its labels, clockwise (indices into [`TilePuzzle::labels`]).
    pub edges: Vec<usize>,
}

/// An edge-matching puzzle ready to be encoded.
///
/// Invariants (checked by [`file`](mod@file)): as many tiles as positions; every tile
/// has as many edges as a position has sides; label indices are in range;
/// `meets` is an involution on the labels that have it; tile names are
/// unique and valid item names.
#[derive(Clone, Debug)]
pub struct TilePuzzle {
    /// A name for messages and output.
    pub name: String,
    /// The file it was read from.
    pub path: PathBuf,
    /// The positions.
    pub board: Board,
    /// The edge labels.
    pub labels: Vec<Label>,
    /// The tiles, as many as positions.
    pub tiles: Vec<Tile>,
    /// May tiles be turned over (mirror image: edges in reverse order)?
    pub turn_over: bool,
    /// Labels allowed on the border; `None`: any label.
    pub border: Option<Vec<usize>>,
    /// The counts the file expects, if any.
    pub expect: Option<Expect>,
}

impl TilePuzzle {
    /// Does label `x` match label `y` across an internal edge?
    pub fn matches(&self, x: usize, y: usize) -> bool {
        self.labels[x].meets == Some(y)
    }

    /// May label `x` face out of the board?
    pub fn allowed_on_border(&self, x: usize) -> bool {
        self.border.as_ref().is_none_or(|b| b.contains(&x))
    }
}
