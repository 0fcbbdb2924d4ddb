//! The solver's view of a puzzle: stickers, rigid pieces, turns as sticker permutations, the
//! solved colouring and (optionally) the rotations of the solid.
//!
//! This is the whole interface between the solver and the puzzle model: anything that can say
//! where each sticker goes under each turn can be solved, whatever built it.

use std::fmt;

/// A sticker slot (an index into the puzzle's stickers).
pub type Slot = u16;

/// One basic twist of one layer (or block of layers) about one axis.
#[derive(Clone, Debug)]
pub struct Turn {
    /// `perm[s]` is the slot the sticker at slot `s` moves to under one basic twist.
    pub perm: Vec<Slot>,
    /// Turns that share an axis move parallel layers and therefore commute; the solver merges and
    /// reorders them freely. Turns on different axes need not commute.
    pub axis: u16,
}

/// A permutation puzzle as the solver sees it.
#[derive(Clone, Debug)]
pub struct PermPuzzle {
    /// Number of sticker slots.
    pub stickers: usize,
    /// `pieces[s]` is the rigid piece sticker `s` belongs to (stickers of one piece always move
    /// together, and a turn maps a piece onto a piece).
    pub pieces: Vec<u32>,
    /// The solved colouring: `colours[s]` is the colour of slot `s` when the puzzle is solved.
    /// Stickers of equal colour look alike; the solver solves by colour, so pieces whose stickers
    /// carry the same colours (the centres of a 4x4x4) are interchangeable.
    pub colours: Vec<u16>,
    /// The turns. A move is a turn by an amount `1..order`, `order` being the turn's order.
    pub turns: Vec<Turn>,
    /// Rotations of the solid as sticker permutations (`sym[s]` is where sticker `s` goes). Each
    /// must map every turn to some turn by some amount; those that do not are ignored. Optional:
    /// they only make preparation faster.
    pub symmetries: Vec<Vec<Slot>>,
}

/// A move of a solution: turn `turn` by `amount` basic twists (`1..order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Twist {
    /// Index of the turn in the puzzle's turns.
    pub turn: u16,
    /// Basic twists, `1..order` of the turn's axis.
    pub amount: u16,
}

/// Why a puzzle description cannot be used by the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// More stickers than the solver's 16-bit slots hold.
    TooManyStickers(usize),
    /// A per-sticker list has the wrong length.
    Length {
        /// Which list.
        what: &'static str,
        /// Its length.
        len: usize,
        /// The number of stickers it should have.
        stickers: usize,
    },
    /// A turn's list is not a permutation of the slots.
    NotPermutation {
        /// The turn's index.
        turn: usize,
    },
    /// Two turns declared on the same axis do not commute.
    AxisNotCommuting {
        /// One turn's index.
        first: usize,
        /// The other's.
        second: usize,
    },
    /// A turn splits a piece or maps it onto several pieces.
    NotRigid {
        /// The turn's index.
        turn: usize,
        /// The piece.
        piece: u32,
    },
    /// A turn does nothing.
    Identity {
        /// The turn's index.
        turn: usize,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::TooManyStickers(n) => {
                write!(f, "{n} stickers: the solver handles at most {}", u16::MAX)
            }
            PuzzleError::Length {
                what,
                len,
                stickers,
            } => {
                write!(f, "{what} has {len} entries for {stickers} stickers")
            }
            PuzzleError::NotPermutation { turn } => {
                write!(f, "turn {turn} is not a permutation of the stickers")
            }
            PuzzleError::AxisNotCommuting { first, second } => write!(
                f,
                "turns {first} and {second} share an axis but do not commute"
            ),
            PuzzleError::NotRigid { turn, piece } => {
                write!(f, "turn {turn} does not move piece {piece} as one body")
            }
            PuzzleError::Identity { turn } => write!(f, "turn {turn} moves nothing"),
        }
    }
}

impl std::error::Error for PuzzleError {}

impl PermPuzzle {
    /// Checks the description: lengths, permutations, rigid pieces, commuting axes.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        let n = self.stickers;
        if n > u16::MAX as usize {
            return Err(PuzzleError::TooManyStickers(n));
        }
        for (what, len) in [
            ("pieces", self.pieces.len()),
            ("colours", self.colours.len()),
        ] {
            if len != n {
                return Err(PuzzleError::Length {
                    what,
                    len,
                    stickers: n,
                });
            }
        }
        for (t, turn) in self.turns.iter().enumerate() {
            if !is_permutation(&turn.perm, n) {
                return Err(PuzzleError::NotPermutation { turn: t });
            }
            if turn.perm.iter().enumerate().all(|(s, &d)| s == d as usize) {
                return Err(PuzzleError::Identity { turn: t });
            }
            // Rigid: the image of a piece is one piece.
            let mut image: Vec<Option<u32>> = vec![None; piece_count(&self.pieces)];
            for s in 0..n {
                let p = self.pieces[s];
                let q = self.pieces[turn.perm[s] as usize];
                match image[p as usize] {
                    None => image[p as usize] = Some(q),
                    Some(q0) if q0 == q => {}
                    Some(_) => return Err(PuzzleError::NotRigid { turn: t, piece: p }),
                }
            }
        }
        for a in 0..self.turns.len() {
            for b in a + 1..self.turns.len() {
                if self.turns[a].axis != self.turns[b].axis {
                    continue;
                }
                let (pa, pb) = (&self.turns[a].perm, &self.turns[b].perm);
                if (0..n).any(|s| pa[pb[s] as usize] != pb[pa[s] as usize]) {
                    return Err(PuzzleError::AxisNotCommuting {
                        first: a,
                        second: b,
                    });
                }
            }
        }
        Ok(())
    }
}

fn piece_count(pieces: &[u32]) -> usize {
    pieces.iter().map(|&p| p as usize + 1).max().unwrap_or(0)
}

pub(crate) fn is_permutation(perm: &[Slot], n: usize) -> bool {
    if perm.len() != n {
        return false;
    }
    let mut seen = vec![false; n];
    for &d in perm {
        let d = d as usize;
        if d >= n || seen[d] {
            return false;
        }
        seen[d] = true;
    }
    true
}
