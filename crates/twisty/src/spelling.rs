//! How turns are written: the move set's own names, or the notation cubers write (WCA, SiGN).
//!
//! Every turn, a move of the set or layers turned together ([`Step`]), is some slices of one
//! axis turned some steps. [`Notation::Set`] writes a move by its name (as
//! [`Puzzle::format_turn`]) and other layers as they were written. [`Notation::Wca`] and
//! [`Notation::Sign`] spell the slices from the geometry where the axis joins two faces of a
//! cube:
//!
//! * every slice: the rotation `x`, `y` or `z` (the axis of `R`, `U`, `F`);
//! * every slice but the outer two: `M`, `E` or `S` (the axis of `L`, `D`, `F`), which on a
//!   3x3x3 is its middle slice;
//! * the outer layer at a face: `R`; the `k` outer layers: `Rw`, `3Rw` (WCA) or `r`, `3r`
//!   (SiGN);
//! * one inner layer: `2R`, counted from the nearer face (`R`, `U`, `F` when both are as near);
//!   inner layers together: `2-3R`.
//!
//! On a dodecahedron every layer of a face's axis but the far face, turned two steps either
//! way, is Pochmann's `R++` / `R--`; other turns of non-cube puzzles keep the move set's names
//! (the catalog's Pyraminx, Skewb and Megaminx names are those of WCA scrambles). Every spelling
//! reads back through [`Puzzle::parse_steps`] to the same turn; a spelling whose name is a move
//! of the set meaning something else is not used (the move's own name is).

use crate::notation::Turn;
use crate::puzzle::{End, Puzzle};
use crate::solid::{ElementKind, Solid};
use crate::steps::Step;
use crate::token::split_token;

/// A way of writing turns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The move set's own names (`U`, `2U`, `u`), and other layers as written.
    #[default]
    Set,
    /// WCA notation on cubes: `Rw`, `3Rw`, `M E S`, `x y z`; `R++` on the Megaminx.
    Wca,
    /// SiGN on cubes: `r`, `3r` for wide turns, otherwise as [`Notation::Wca`].
    Sign,
}

/// The shortest power suffix of `amount` steps on an axis of `order`: `""`, `"2"`, `"'"`,
/// `"2'"` (as [`Puzzle::format_turn`] writes them).
fn power(amount: u8, order: u8) -> String {
    if amount == 1 {
        String::new()
    } else if amount == order - 1 {
        "'".into()
    } else if 2 * amount <= order {
        amount.to_string()
    } else {
        format!("{}'", order - amount)
    }
}

impl Puzzle {
    /// Writes turns of the move set in a notation (in WCA and SiGN, turns of one axis in a row
    /// as blocks where that is shorter, as `spell_run` explains).
    pub fn format_turns_as(&self, turns: &[Turn], notation: Notation) -> String {
        let mut words = Vec::new();
        let mut i = 0;
        while i < turns.len() {
            let axis = self.moves[turns[i].mv].axis;
            let j = (i..turns.len())
                .find(|&j| self.moves[turns[j].mv].axis != axis)
                .unwrap_or(turns.len());
            words.extend(self.spell_run(&turns[i..j], notation));
            i = j;
        }
        words.join(" ")
    }

    /// Turns of one axis in a row (they commute), written: in WCA and SiGN on cubes, as the
    /// blocks of neighbouring slices turned by the same amount (`R 2R` is `Rw`, every slice
    /// `x`) when that takes fewer words and each block has a spelling; otherwise turn by turn.
    fn spell_run(&self, run: &[Turn], notation: Notation) -> Vec<String> {
        let each = || run.iter().map(|&t| self.spell_turn(t, notation)).collect();
        if run.len() < 2 || notation == Notation::Set || self.spec.solid != Solid::Cube {
            return each();
        }
        let axis = self.moves[run[0].mv].axis;
        let a = &self.axes[axis];
        // `amount[s]`: steps slice `s` turns, clockwise about the axis's positive end.
        let mut amount = vec![0u8; a.slices()];
        for &t in run {
            for &s in &self.moves[t.mv].slices {
                amount[s] = (amount[s] + self.clockwise(t)) % a.order;
            }
        }
        let mut words = Vec::new();
        let mut s = 0;
        while s < amount.len() {
            if amount[s] == 0 {
                s += 1;
                continue;
            }
            let e = (s..amount.len())
                .find(|&e| amount[e] != amount[s])
                .unwrap_or(amount.len());
            let slices: Vec<usize> = (s..e).collect();
            match self.spell(axis, &slices, amount[s], notation) {
                Some(word) => words.push(word),
                None => return each(),
            }
            s = e;
        }
        if words.len() < run.len() {
            words
        } else {
            each()
        }
    }

    /// Writes steps in a notation.
    pub fn format_steps_as(&self, steps: &[Step], notation: Notation) -> String {
        steps
            .iter()
            .map(|s| match s {
                Step::Turn(t) => self.spell_turn(*t, notation),
                Step::Layers {
                    axis,
                    slices,
                    amount,
                    text,
                } => self
                    .spell(*axis, slices, *amount, notation)
                    .unwrap_or_else(|| text.clone()),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// One turn of a move in a notation.
    pub fn spell_turn(&self, t: Turn, notation: Notation) -> String {
        let m = &self.moves[t.mv];
        self.spell(m.axis, &m.slices, self.clockwise(t), notation)
            .unwrap_or_else(|| self.format_turn(t))
    }

    /// The steps a turn takes its slices, clockwise about its axis's positive end.
    fn clockwise(&self, t: Turn) -> u8 {
        let m = &self.moves[t.mv];
        match m.end {
            End::Positive => t.amount,
            End::Negative => m.order - t.amount,
        }
    }

    /// `slices` of `axis` turned `amount` steps clockwise about its positive end, in
    /// `notation`; `None` when the notation has no spelling of its own for them (the caller
    /// then writes the move's name or the text as written).
    fn spell(
        &self,
        axis: usize,
        slices: &[usize],
        amount: u8,
        notation: Notation,
    ) -> Option<String> {
        let text = match notation {
            Notation::Set => return None,
            Notation::Wca | Notation::Sign => match self.spec.solid {
                Solid::Cube => self.spell_cube(axis, slices, amount, notation)?,
                Solid::Dodecahedron => self.spell_pochmann(axis, slices, amount)?,
                _ => return None,
            },
        };
        // A move of the set with this name would be read instead: keep the move's name.
        if let Ok(tok) = split_token(&text)
            && let Some(mv) = self.move_named(tok.base)
            && (self.moves[mv].axis != axis || self.moves[mv].slices != slices)
        {
            return None;
        }
        Some(text)
    }

    /// The end of `axis` named `face` (one of a cube's faces), if it is one of its ends.
    fn end_named(&self, axis: usize, face: &str) -> Option<End> {
        let a = &self.axes[axis];
        if a.ends[0] == face {
            Some(End::Positive)
        } else if a.ends[1] == face {
            Some(End::Negative)
        } else {
            None
        }
    }

    /// The cube notation of some slices (see the module documentation).
    fn spell_cube(
        &self,
        axis: usize,
        slices: &[usize],
        amount: u8,
        notation: Notation,
    ) -> Option<String> {
        let a = &self.axes[axis];
        let is_face = |n: &str| {
            self.geometry
                .element(n)
                .is_some_and(|e| e.kind == ElementKind::Face)
        };
        if !a.ends.iter().all(|e| is_face(e)) {
            return None;
        }
        let (n, k) = (a.slices(), slices.len());
        let (lo, hi) = (*slices.first()?, *slices.last()?);
        if hi - lo + 1 != k {
            return None;
        }
        let turned = |end: End| match end {
            End::Positive => amount,
            End::Negative => a.order - amount,
        };
        // Rotations and middle slices, named after the face whose turn they follow.
        let named = |letters: [(&str, &str); 3]| {
            letters.iter().find_map(|&(letter, face)| {
                let end = self.end_named(axis, face)?;
                Some(format!("{letter}{}", power(turned(end), a.order)))
            })
        };
        if lo == 0 && hi == n - 1 {
            return named([("x", "R"), ("y", "U"), ("z", "F")]);
        }
        if n >= 3 && lo == 1 && hi == n - 2 {
            return named([("M", "L"), ("E", "D"), ("S", "F")]);
        }
        // Layers counted from each end; the outer block's end, else the nearer one.
        let from_pos = (lo + 1, hi + 1);
        let from_neg = (n - hi, n - lo);
        let preferred = ["R", "U", "F"].contains(&a.ends[0].as_str());
        let (end, (first, last)) =
            if from_pos.0 < from_neg.0 || (from_pos.0 == from_neg.0 && preferred) {
                (End::Positive, from_pos)
            } else {
                (End::Negative, from_neg)
            };
        let face = &a.ends[if end == End::Positive { 0 } else { 1 }];
        let p = power(turned(end), a.order);
        Some(match (first, last) {
            (1, 1) => format!("{face}{p}"),
            (1, 2) if notation == Notation::Sign => format!("{}{p}", face.to_lowercase()),
            (1, 2) => format!("{face}w{p}"),
            (1, l) if notation == Notation::Sign => format!("{l}{}{p}", face.to_lowercase()),
            (1, l) => format!("{l}{face}w{p}"),
            (f, l) if f == l => format!("{f}{face}{p}"),
            (f, l) => format!("{f}-{l}{face}{p}"),
        })
    }

    /// Pochmann's `R++` / `R--`: every layer but the far one, two steps either way.
    fn spell_pochmann(&self, axis: usize, slices: &[usize], amount: u8) -> Option<String> {
        let a = &self.axes[axis];
        let n = a.slices();
        if slices.len() != n - 1 {
            return None;
        }
        let end = if slices[0] == 0 {
            End::Positive
        } else {
            End::Negative
        };
        let turned = match end {
            End::Positive => amount,
            End::Negative => a.order - amount,
        };
        let face = &a.ends[if end == End::Positive { 0 } else { 1 }];
        if turned == 2 {
            Some(format!("{face}++"))
        } else if turned == a.order - 2 {
            Some(format!("{face}--"))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Notation;
    use crate::{State, named};

    fn spelled(name: &str, moves: &str, n: Notation) -> String {
        let p = named(name).unwrap();
        p.format_steps_as(&p.parse_steps(moves).unwrap(), n)
    }

    #[test]
    fn cube_turns_are_spelled_as_cubers_write_them() {
        let w = Notation::Wca;
        assert_eq!(
            spelled("3x3x3", "R U' F2 Rw x' M E2 S'", w),
            "R U' F2 Rw x' M E2 S'"
        );
        assert_eq!(spelled("3x3x3", "r 3Rw 1-2U", Notation::Sign), "r x u");
        // cube-3 turns middle slices alone: 2R is M' (M follows L).
        assert_eq!(spelled("cube-3", "2R 2U' 2F2 D", w), "M' E S2 D");
        assert_eq!(spelled("cube-3", "2R 2U' D", Notation::Set), "2R 2U' D");
        assert_eq!(spelled("4x4x4", "2R 3R Rw 3Rw'", w), "2R 2L' Rw 3Rw'");
        assert_eq!(spelled("4x4x4", "Rw 3Rw'", Notation::Sign), "r 3r'");
        assert_eq!(spelled("5x5x5", "3R 2-3L", w), "3R 2-3L");
        // A solution's turns of one axis in a row are written as blocks where that is shorter.
        let p = named("4x4x4").unwrap();
        let turns = |text: &str| p.parse_turns(text).unwrap();
        let solution = turns("F 2F U2 R' 2R' U 2U 2D' D'");
        assert_eq!(p.format_turns_as(&solution, w), "Fw U2 Rw' y");
        assert_eq!(p.format_turns_as(&solution, Notation::Sign), "f U2 r' y");
        assert_eq!(
            p.format_turns_as(&solution, Notation::Set),
            "F 2F U2 R' 2R' U 2U 2D' D'"
        );
        assert_eq!(p.format_turns_as(&turns("R 2R2 U"), w), "R 2R2 U");
        // Non-cube puzzles keep their own (WCA) names; the Megaminx's R++ stays R++.
        assert_eq!(spelled("pyraminx", "u U' r2", w), "u U' r'");
        assert_eq!(spelled("skewb", "R U' L B", w), "R U' L B");
        assert_eq!(spelled("megaminx", "R++ D-- U'", w), "R++ D-- U'");
        assert_eq!(
            spelled("megaminx", "R++ D-- U'", Notation::Set),
            "R++ D-- U'"
        );
    }

    /// Random sequences written in every notation read back to the same state.
    #[test]
    fn every_notation_reads_back_to_the_same_state() {
        for name in [
            "3x3x3", "cube-3", "4x4x4", "cube-4", "pyraminx", "megaminx", "5x5x5",
        ] {
            let p = named(name).unwrap();
            let turns = p.all_turns();
            let mut rng = crate::rng::Rng::new(7);
            for _ in 0..20 {
                let seq: Vec<_> = (0..30).map(|_| turns[rng.below(turns.len())]).collect();
                let mut want = State::solved(&p);
                want.apply(&p, &seq);
                for n in [Notation::Set, Notation::Wca, Notation::Sign] {
                    let text = p.format_turns_as(&seq, n);
                    let mut got = State::solved(&p);
                    got.apply_steps(&p, &p.parse_steps(&text).unwrap());
                    assert_eq!(got, want, "{name} {n:?}: {text}");
                }
            }
        }
        // Turns beyond the move set, as `apply` echoes them.
        for name in ["3x3x3", "4x4x4", "5x5x5", "cube-4"] {
            let p = named(name).unwrap();
            let steps = p
                .parse_steps("Rw x M' 2-3R r' 3Rw2 y z' E S 2L Dw' 1-2B u")
                .unwrap();
            let mut want = State::solved(&p);
            want.apply_steps(&p, &steps);
            for n in [Notation::Set, Notation::Wca, Notation::Sign] {
                let text = p.format_steps_as(&steps, n);
                let mut got = State::solved(&p);
                got.apply_steps(&p, &p.parse_steps(&text).unwrap());
                assert_eq!(got, want, "{name} {n:?}: {text}");
            }
        }
    }
}
