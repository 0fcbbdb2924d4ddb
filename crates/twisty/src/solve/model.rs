//! The bridge from the puzzle model ([`crate::Puzzle`]) to the solver's view ([`PermPuzzle`]),
//! and back from the solver's twists to the notation's turns.
//!
//! The model's moves become the solver's turns one for one (turn `i` is `puzzle.moves[i]`, a
//! basic twist is one step clockwise seen from the end the move is named after), so a
//! [`Twist`] `{turn, amount}` is the notation's [`crate::Turn`] `{mv: turn, amount}`. Moves of
//! one axis turn parallel slices and commute; the solid's rotations are passed on as the
//! solver's symmetries.

use super::puzzle::{PermPuzzle, Turn, Twist};
use crate::Puzzle;

impl PermPuzzle {
    /// The solver's view of a model puzzle: stickers coloured by face, the model's pieces, one
    /// turn per move, the rotations of the solid.
    pub fn from_model(puzzle: &Puzzle) -> PermPuzzle {
        PermPuzzle {
            stickers: puzzle.degree(),
            pieces: puzzle.stickers.iter().map(|s| s.piece as u32).collect(),
            colours: puzzle.colours(),
            turns: puzzle
                .moves
                .iter()
                .map(|m| Turn {
                    perm: m.perm.0.clone(),
                    axis: m.axis as u16,
                })
                .collect(),
            symmetries: puzzle.rotations.iter().map(|r| r.0.clone()).collect(),
        }
    }

    /// The same puzzle restricted to some of its turns (e.g. `U R F` on the 2x2x2, one corner
    /// fixed). Turn indices in solutions are positions in `keep`.
    pub fn restricted(&self, keep: &[usize]) -> PermPuzzle {
        PermPuzzle {
            turns: keep.iter().map(|&t| self.turns[t].clone()).collect(),
            ..self.clone()
        }
    }
}

/// A solver twist as a turn of the model's notation.
pub fn to_turn(tw: Twist) -> crate::Turn {
    crate::Turn {
        mv: tw.turn as usize,
        amount: tw.amount as u8,
    }
}
