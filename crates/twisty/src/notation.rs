//! The move notation.
//!
//! A sequence is turns separated by white space (and optional commas or
//! parentheses-free; no grouping). A turn is
//!
//! ```text
//! [LAYERS] NAME [POWER] [']
//! ```
//!
//! * `NAME` is a move of the puzzle's move set (`U`, `u`, `2U`: the move
//!   set's own names are tried first), or the name of a face, vertex or
//!   edge at the end of an axis (`U`, `UFR`, `UF`, `U-F-R`);
//! * `LAYERS` counts layers from that end: `2U` is the second layer,
//!   `1-2U` the two outermost layers together (default: the outermost);
//! * `POWER` turns that many times (`U2`), `'` turns the other way
//!   (`U'`, `U2'`; the typographic `’` and `′` of pasted text read as `'`). A power is a
//!   positive whole number up to [`crate::token::MAX_NUMBER`], taken modulo the axis's
//!   order: `U4` turns nothing on a 4-fold axis; `U0` and `U-1` are refused (write `U'`).
//!
//! One turn is clockwise seen from the named end, by the axis's angle
//! (90 degrees about a cube face, 120 about a vertex, 72 about a
//! dodecahedron face, 180 about an edge). Naming a slice from its other end
//! turns it the other way: on a 3x3x3 with every slice `D` is the same
//! slice as `3U`, turned the opposite way. A turn must be one of the move
//! set's moves (in either direction and any power): sequences stay in the
//! puzzle's group. [`crate::steps`] reads the wider cube notation (`M`,
//! `x`, `Rw`) as layers turned together, outside the group when they are
//! no move.
//!
//! Formatting writes each turn with its move's name and the shortest
//! power: on a 4-fold axis `U`, `U2`, `U'`; on a 5-fold one `U`, `U2`,
//! `U2'`, `U'`.

use crate::error::{Error, clip};
use crate::perm::Perm;
use crate::puzzle::Puzzle;
pub use crate::token::{Token, split_token};

/// One turn of a move: `amount` steps clockwise (`1..order`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Index into `Puzzle::moves`.
    pub mv: usize,
    /// Steps, `1 ..= order - 1`.
    pub amount: u8,
}

impl Turn {
    /// The inverse turn.
    pub fn inverse(self, puzzle: &Puzzle) -> Turn {
        Turn {
            mv: self.mv,
            amount: puzzle.moves[self.mv].order - self.amount,
        }
    }
}

impl Puzzle {
    /// Reads one turn.
    pub fn parse_turn(&self, text: &str) -> Result<Option<Turn>, Error> {
        let tok = split_token(text).map_err(|e| Error::Notation(e.message(text)))?;
        let (mv, sign) = match self.move_named(tok.base) {
            Some(m) => (m, 1),
            None => {
                let (axis, end, slices) = self.resolve_layers(&tok)?;
                let m = self
                    .moves
                    .iter()
                    .position(|m| m.axis == axis && m.slices == slices)
                    .ok_or_else(|| {
                        Error::Notation(format!(
                            "{}: not a move of {} (its moves: {})",
                            clip(text),
                            self.name(),
                            self.moves
                                .iter()
                                .map(|m| m.name.as_str())
                                .collect::<Vec<_>>()
                                .join(" ")
                        ))
                    })?;
                (m, if self.moves[m].end == end { 1 } else { -1 })
            }
        };
        let order = self.moves[mv].order as i64;
        let amount = (sign * tok.power).rem_euclid(order) as u8;
        Ok((amount != 0).then_some(Turn { mv, amount }))
    }

    /// Reads a sequence of turns separated by white space or commas.
    pub fn parse_turns(&self, text: &str) -> Result<Vec<Turn>, Error> {
        let mut out = Vec::new();
        for t in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            if let Some(turn) = self.parse_turn(t)? {
                out.push(turn);
            }
        }
        Ok(out)
    }

    /// Writes one turn.
    pub fn format_turn(&self, t: Turn) -> String {
        let m = &self.moves[t.mv];
        let (k, a) = (m.order, t.amount);
        if a == 1 {
            m.name.clone()
        } else if a == k - 1 {
            format!("{}'", m.name)
        } else if 2 * a <= k {
            format!("{}{a}", m.name)
        } else {
            format!("{}{}'", m.name, k - a)
        }
    }

    /// Writes a sequence.
    pub fn format_turns(&self, turns: &[Turn]) -> String {
        turns
            .iter()
            .map(|&t| self.format_turn(t))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The permutation of a turn.
    pub fn turn_perm(&self, t: Turn) -> Perm {
        self.moves[t.mv].perm.pow(t.amount as i64)
    }

    /// The inverse of a sequence.
    pub fn invert_turns(&self, turns: &[Turn]) -> Vec<Turn> {
        turns.iter().rev().map(|t| t.inverse(self)).collect()
    }

    /// Every turn of the move set: each move at every amount.
    pub fn all_turns(&self) -> Vec<Turn> {
        let mut v = Vec::new();
        for (mv, m) in self.moves.iter().enumerate() {
            for amount in 1..m.order {
                v.push(Turn { mv, amount });
            }
        }
        v
    }
}
