//! # Taking assemblies apart
//!
//! Disassembly: which assemblies come apart by sliding pieces, and in how
//! many moves.
//!
//! An *assembly* is a found solution seen as pieces: each piece a set of
//! cells. It *comes apart* when the pieces can be taken out by moves: a
//! group of pieces slides by whole unit steps along one of the lattice's
//! directions ([`Motion`]: which directions, and which cells a moving
//! cell sweeps), never through a piece that stays. A group that can slide
//! on forever leaves: a *separation*. Each part is then taken apart the
//! same way, until every part is a single piece (or pieces glued into one
//! group). This is BurrTools' model, and polycover follows its rules to
//! the letter where BurrTools has them (cubes and triangular prisms), so
//! that the answers are BurrTools' own:
//!
//! * moves are searched breadth first over the pieces' relative
//!   positions, so each separation takes the fewest moves; a move is one
//!   group going any number of steps in one direction, and counts one;
//! * the first separation found is taken, in BurrTools' order of trying
//!   moves ([`search`]); if one of its parts does not come apart, the
//!   assembly does not (no other separation is tried);
//! * the *level* is BurrTools' string of move counts: the moves of the
//!   first separation, then (depth first, the part left behind before the
//!   part removed) the counts of the later separations, leaving out every
//!   branch where each separation takes a single move ([`Level`]).
//!
//! ## Design
//!
//! * [`motion`]: the motion model of each lattice.
//! * `sweep`: the cells a step sweeps through, from the solids (for the
//!   models not written by hand).
//! * [`cache`]: the movement cache, how far each piece can go relative to
//!   each other piece, by pair of shapes and offset; one per worker
//!   thread, kept from assembly to assembly.
//! * [`search`]: the breadth-first search over positions and the
//!   recursion over parts; its arrays are kept from search to search, as
//!   the cache is (most puzzles' searches are small and many). Its parts:
//!   `positions` (packed offsets, the positions found, the walk over
//!   them) and `limits` (what blocks what at one position).
//! * [`Disassembler`]: the entry point, shared by threads: it lends each
//!   call a cache and a search's arrays from its pool. A search holds every position it finds,
//!   so it is bounded ([`Disassembler::with_max_positions`], from
//!   [`Limits::disassembly_positions`](polyform::Limits::disassembly_positions))
//!   and can be stopped from outside ([`Disassembler::with_stop`], polled
//!   every [`STOP_POLL`] positions): each ends the call with an error,
//!   never with a wrong answer.
//! * [`levels`]: counting solutions by level, one level per class of
//!   solutions equal up to the group.
//! * [`puzzle`]: assemblies of a [`Puzzle`](polyform::Puzzle)'s solutions
//!   (options of its matrix) with BurrTools' piece weights and groups.
//!
//! ## Example
//!
//! ```
//! use disassembly::{AssemblyPiece, Disassembler};
//! use polyform::LatticeKind;
//! // Two bars side by side come apart in one move.
//! let d = Disassembler::new(LatticeKind::Cubic);
//! let bar = |y| AssemblyPiece::new((0..3).map(|x| [x, y, 0]).collect());
//! let s = d.disassemble(&[bar(0), bar(1)]).unwrap().expect("comes apart");
//! assert_eq!(s.level().to_string(), "1");
//! ```

#![deny(missing_docs)]

pub mod cache;
pub mod levels;
mod limits;
pub mod motion;
mod positions;
pub mod puzzle;
pub mod search;
mod sweep;

pub use motion::Motion;
pub use puzzle::{PuzzleDisassembler, Step};

use cache::Cache;
use polyform::lattice::{Cell, LatticeKind};
use std::cmp::Ordering;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The most pieces one assembly may have for disassembly.
pub const MAX_PIECES: usize = 64;

/// A search looks at its stop flag once every this many positions.
pub const STOP_POLL: u64 = 1024;

/// Why an assembly could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisassemblyError {
    /// More pieces than [`MAX_PIECES`].
    TooManyPieces(usize),
    /// A piece wandered more than 16,383 cells (along a coordinate) from
    /// where it started.
    TooFar,
    /// A piece without cells.
    EmptyPiece(usize),
    /// A search found more positions than its limit
    /// ([`Limits::disassembly_positions`](polyform::Limits::disassembly_positions)).
    TooManyPositions(u64),
    /// The stop flag ([`Disassembler::with_stop`]) was set before the
    /// assembly was taken apart.
    Stopped,
}

impl fmt::Display for DisassemblyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DisassemblyError::TooManyPieces(n) => write!(
                f,
                "an assembly of {n} pieces: disassembly handles at most {MAX_PIECES}"
            ),
            DisassemblyError::TooFar => {
                f.write_str(
                    "a piece moved more than 16383 cells away from where it started while searching moves",
                )
            }
            DisassemblyError::EmptyPiece(i) => write!(f, "piece {i} of the assembly has no cells"),
            DisassemblyError::Stopped => f.write_str("stopped before the assembly was taken apart"),
            DisassemblyError::TooManyPositions(n) => {
                let what = polyform::Resource::DisassemblyPositions;
                write!(
                    f,
                    "too large: taking an assembly apart needs more than {n} positions ({what}: the `{}` limit; raise it with {})",
                    what.field(),
                    what.flag()
                )
            }
        }
    }
}

impl std::error::Error for DisassemblyError {}

/// A piece of an assembly: where its cells are, and BurrTools' extras.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssemblyPiece {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// Its weight (1 by default): when a move would carry a heavier piece
    /// than any that stays, it is recorded the other way round.
    pub weight: u32,
    /// Its group: pieces of one group need not be separated from each
    /// other (a frame made of several pieces, for instance).
    pub group: Option<u16>,
}

impl AssemblyPiece {
    /// A piece of weight 1 in no group.
    pub fn new(cells: Vec<Cell>) -> AssemblyPiece {
        AssemblyPiece {
            cells,
            weight: 1,
            group: None,
        }
    }
}

/// One move: some pieces slide in one direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The pieces that move, by index in the assembly.
    pub pieces: Vec<usize>,
    /// The direction (numbered by the [`Motion`]).
    pub direction: usize,
    /// How many unit steps; `None` for the last move of a separation, in
    /// which the pieces leave (slide on forever).
    pub steps: Option<u32>,
}

/// How a (sub)assembly comes apart: the moves up to the first separation,
/// then how each part comes apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separation {
    /// Its pieces, by index in the assembly.
    pub pieces: Vec<usize>,
    /// The moves; the last one is the removal.
    pub moves: Vec<Move>,
    /// How the pieces left behind come apart (`None`: one piece, or one
    /// group, nothing to do).
    pub left: Option<Box<Separation>>,
    /// How the pieces removed come apart (`None` likewise).
    pub removed: Option<Box<Separation>>,
}

impl Separation {
    /// The pieces that leave in the last move.
    pub fn removed_pieces(&self) -> &[usize] {
        &self.moves.last().expect("a separation has a move").pieces
    }

    /// Does this separation, or one below it, take more than one move?
    fn has_multi_moves(&self) -> bool {
        self.moves.len() > 1
            || self.left.as_ref().is_some_and(|s| s.has_multi_moves())
            || self.removed.as_ref().is_some_and(|s| s.has_multi_moves())
    }

    /// The level: see [`Level`].
    pub fn level(&self) -> Level {
        let mut out = Vec::new();
        self.level_into(&mut out);
        Level(out)
    }

    fn level_into(&self, out: &mut Vec<u32>) {
        out.push(self.moves.len() as u32);
        for part in [&self.left, &self.removed].into_iter().flatten() {
            if part.has_multi_moves() {
                part.level_into(out);
            }
        }
    }

    /// Every move of the whole disassembly in order: this separation's,
    /// then the left part's, then the removed part's.
    pub fn all_moves(&self) -> Vec<&Move> {
        let mut out: Vec<&Move> = self.moves.iter().collect();
        for part in [&self.left, &self.removed].into_iter().flatten() {
            out.extend(part.all_moves());
        }
        out
    }
}

/// BurrTools' level of a disassembly, e.g. `98.2.4.2`: the number of moves
/// of the first separation, then those of the later separations in depth-
/// first order (the part left behind before the part removed), where a
/// branch in which every separation takes one move is left out. So `1`
/// means that every separation takes a single move.
///
/// Levels compare number by number (`4.9.3 < 10 < 98.2.4.2`), as
/// designers rank burrs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level(pub Vec<u32>);

impl Ord for Level {
    fn cmp(&self, o: &Level) -> Ordering {
        self.0.cmp(&o.0)
    }
}

impl PartialOrd for Level {
    fn partial_cmp(&self, o: &Level) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    /// `98.2.4.2`: positive numbers separated by dots.
    fn from_str(s: &str) -> Result<Level, String> {
        let parts: Result<Vec<u32>, _> = s.trim().split('.').map(|p| p.parse::<u32>()).collect();
        match parts {
            Ok(v) if v.iter().all(|&x| x > 0) => Ok(Level(v)),
            _ => Err(format!(
                "`{s}` is not a level: write move counts separated by dots, e.g. 5 or 4.9.3"
            )),
        }
    }
}

/// Takes assemblies apart on one lattice; shared by threads (see the
/// [module docs](self)).
pub struct Disassembler {
    motion: Motion,
    /// Movement caches and search arrays not lent out (a thread takes
    /// one pair for each assembly and gives it back).
    pool: Mutex<Vec<(Cache, search::Buffers)>>,
    /// The most positions one search may hold.
    max_positions: u64,
    /// Set from outside to give up the assembly being taken apart.
    stop: Option<Arc<AtomicBool>>,
}

/// The outcome of one disassembly, with its cost.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it comes apart; `None` if it does not.
    pub separation: Option<Separation>,
    /// Positions expanded by the searches.
    pub positions: u64,
}

impl Disassembler {
    /// A disassembler with the motion model of `lattice` ([`Motion::of`]).
    pub fn new(lattice: LatticeKind) -> Disassembler {
        Disassembler::with_motion(Motion::of(lattice))
    }

    /// A disassembler with a given motion model.
    pub fn with_motion(motion: Motion) -> Disassembler {
        Disassembler {
            motion,
            pool: Mutex::new(Vec::new()),
            max_positions: polyform::Limits::default().disassembly_positions,
            stop: None,
        }
    }

    /// Polls `stop` while taking an assembly apart (every
    /// [`STOP_POLL`] positions, and at the start), and gives up with
    /// [`DisassemblyError::Stopped`] once it is set: a long search ends
    /// soon after Ctrl-C.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Disassembler {
        self.stop = Some(stop);
        self
    }

    /// Bounds the positions one search may hold (the default is
    /// [`Limits::disassembly_positions`](polyform::Limits::disassembly_positions)'s):
    /// a search that finds more fails with
    /// [`DisassemblyError::TooManyPositions`].
    pub fn with_max_positions(mut self, max: u64) -> Disassembler {
        self.max_positions = max.max(1);
        self
    }

    /// The motion model.
    pub fn motion(&self) -> &Motion {
        &self.motion
    }

    /// How the assembly `pieces` comes apart (`None`: it does not). An
    /// assembly of fewer than two pieces does not come apart (there is
    /// nothing to separate), as in BurrTools.
    pub fn disassemble(
        &self,
        pieces: &[AssemblyPiece],
    ) -> Result<Option<Separation>, DisassemblyError> {
        self.analyse(pieces).map(|o| o.separation)
    }

    /// [`disassemble`](Disassembler::disassemble), with the search's cost.
    pub fn analyse(&self, pieces: &[AssemblyPiece]) -> Result<Outcome, DisassemblyError> {
        if pieces.len() > MAX_PIECES {
            return Err(DisassemblyError::TooManyPieces(pieces.len()));
        }
        if let Some(i) = pieces.iter().position(|p| p.cells.is_empty()) {
            return Err(DisassemblyError::EmptyPiece(i));
        }
        if pieces.len() < 2 {
            return Ok(Outcome {
                separation: None,
                positions: 0,
            });
        }
        let (mut cache, mut buffers) = self
            .pool
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop()
            .unwrap_or_default();
        let members: Vec<search::Member> = pieces
            .iter()
            .enumerate()
            .map(|(index, p)| {
                let (shape, start) = cache.shape_of(&self.motion, &p.cells);
                search::Member {
                    index,
                    shape,
                    start,
                    weight: p.weight,
                    group: p.group,
                }
            })
            .collect();
        let mut s = search::Search {
            motion: &self.motion,
            cache: &mut cache,
            buffers: &mut buffers,
            max_positions: self.max_positions,
            stop: self.stop.as_deref(),
            visited: 0,
        };
        let result = s.separate(&members);
        let positions = s.visited;
        self.pool
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((cache, buffers));
        Ok(Outcome {
            separation: result?,
            positions,
        })
    }
}

#[cfg(test)]
mod tests;
