//! The notation cubers write beyond the move set: any layers of an axis turned together.
//!
//! [`crate::notation`] reads turns of the puzzle's own moves, which keeps a sequence in the
//! puzzle's group. Cubers also write turns that are no move of the set: slices `M E S`, whole
//! rotations `x y z`, wide turns `Rw` (SiGN `r`), `3Rw`, inner layers `2R` and ranges `1-2U`
//! on a 3x3x3 whose move set is its six faces. [`Puzzle::parse_steps`] reads them all, each
//! a [`Step`]: a move of the set when the turn is one, otherwise the layers of one axis turned
//! together, found from the geometry (the layers along the named face's axis):
//!
//! * `Rw`, `r`: the two outer layers at `R`; `3Rw`: the three outer layers; `2-3Rw` layers 2-3;
//! * `2R`, `1-2U`: those layers (as [`crate::notation`] reads them);
//! * `x`, `y`, `z`: every layer of the axis of `R`, `U`, `F`, turned as that face;
//! * `M`, `E`, `S`: every layer but the outer two on the axis of `L`, `D`, `F` (the middle of
//!   a 3x3x3), turned as that face (the WCA's directions);
//! * `R++`, `R--` (Pochmann's Megaminx notation, used in WCA scrambles): every layer of the
//!   axis at `R` but the far face, turned two steps clockwise (`++`) or anticlockwise (`--`)
//!   seen from `R`. Any face, vertex or edge name that ends an axis may stand before `++`;
//!   on the catalog's Megaminx the face opposite `R` is `DBL` and the one opposite `D` is `U`.
//!
//! `x y z` and `M E S` need the faces a cube's notation names; on other solids they are
//! refused.
//! A whole rotation is a rotation of the solid, so the turned layers are the solid's rotation
//! about the axis restricted to them: every sticker in those layers lands on a sticker of them.

use crate::error::{Error, clip};
use crate::notation::Turn;
use crate::perm::Perm;
use crate::puzzle::{End, Puzzle};
use crate::state::State;
use crate::token::split_token;

/// One turn of a sequence in the notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A turn of a move of the move set.
    Turn(Turn),
    /// Layers of one axis that no move turns alone, turned together.
    Layers {
        /// The axis: an index into [`Puzzle::axes`].
        axis: usize,
        /// Its slices turned (indices from the axis's positive end), increasing, not empty.
        slices: Vec<usize>,
        /// Steps clockwise about the axis's positive end, `1..order`.
        amount: u8,
        /// The turn as it was written (`Rw2`, `M'`), for printing it back.
        text: String,
    },
}

impl Puzzle {
    /// Reads a sequence of turns in the notation of [`crate::notation`] and the wider turns
    /// of this module, separated by white space or commas. Errors name the bad token and its
    /// position (`move 3 of the sequence`).
    pub fn parse_steps(&self, text: &str) -> Result<Vec<Step>, Error> {
        let mut out = Vec::new();
        for (i, t) in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            match self.parse_step(t) {
                Ok(Some(s)) => out.push(s),
                Ok(None) => {}
                Err(Error::Notation(m)) => {
                    return Err(Error::Notation(format!(
                        "move {} of the sequence, {m}",
                        i + 1
                    )));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// Reads one turn: a move of the set if it is one, else layers of an axis.
    pub fn parse_step(&self, text: &str) -> Result<Option<Step>, Error> {
        if let Some((axis, end, slices, power)) = self.pochmann(text)? {
            return Ok(self.layers_step(axis, end, slices, power, text));
        }
        let first = match self.parse_turn(text) {
            Ok(t) => return Ok(t.map(Step::Turn)),
            Err(e) => e,
        };
        let Some((axis, end, slices)) = self.wide_layers(text)? else {
            return Err(first);
        };
        let tok = split_token(text).expect("wide_layers read it");
        Ok(self.layers_step(axis, end, slices, tok.power, text))
    }

    /// `R++` and `R--`: every layer of the axis at `R` but the far one, `power` 2 or -2; `None`
    /// when the token does not end in `++` or `--`.
    #[allow(clippy::type_complexity)]
    fn pochmann(&self, text: &str) -> Result<Option<(usize, End, Vec<usize>, i64)>, Error> {
        let (name, power) = match (text.strip_suffix("++"), text.strip_suffix("--")) {
            (Some(n), _) => (n, 2),
            (_, Some(n)) => (n, -2),
            _ => return Ok(None),
        };
        let (axis, end) = self.axis_end(name).ok_or_else(|| {
            Error::Notation(format!(
                "{}: {:?} ends no axis of {} (R++ turns all but the far layer at R)",
                clip(text),
                clip(name),
                self.name()
            ))
        })?;
        let n = self.axes[axis].slices();
        let mut slices: Vec<usize> = (1..n)
            .map(|l| self.axes[axis].slice_of_layer(end, l))
            .collect();
        slices.sort();
        Ok(Some((axis, end, slices, power)))
    }

    /// `slices` of `axis` turned `power` steps clockwise seen from `end`: a move of the set when
    /// one turns exactly them, else [`Step::Layers`]; `None` when it turns nothing.
    fn layers_step(
        &self,
        axis: usize,
        end: End,
        slices: Vec<usize>,
        power: i64,
        text: &str,
    ) -> Option<Step> {
        let order = self.axes[axis].order as i64;
        let sign = if end == End::Positive { 1 } else { -1 };
        let amount = (sign * power).rem_euclid(order) as u8;
        if amount == 0 {
            return None;
        }
        // Layers some move turns alone are that move.
        if let Some(mv) = self
            .moves
            .iter()
            .position(|m| m.axis == axis && m.slices == slices)
        {
            let m = &self.moves[mv];
            let amount = if m.end == End::Positive {
                amount
            } else {
                m.order - amount
            };
            return Some(Step::Turn(Turn { mv, amount }));
        }
        Some(Step::Layers {
            axis,
            slices,
            amount,
            text: text.to_string(),
        })
    }

    /// The axis, end and slices a turn names outside the move set, or `None` when it is no
    /// such turn (the caller then reports the move set's error).
    fn wide_layers(&self, text: &str) -> Result<Option<(usize, End, Vec<usize>)>, Error> {
        let Ok(tok) = split_token(text) else {
            return Ok(None);
        };
        let text = clip(text);
        let cube = |face: &str| -> Result<(usize, End), Error> {
            let on_cube = self.spec.solid == crate::solid::Solid::Cube;
            self.axis_end(face).filter(|_| on_cube).ok_or_else(|| {
                Error::Notation(format!(
                    "{text}: {} is cube notation; the {} has no turning face {face}",
                    tok.name,
                    self.spec.solid.name()
                ))
            })
        };
        let whole = |face: &str| -> Result<(usize, End, Vec<usize>), Error> {
            let (axis, end) = cube(face)?;
            Ok((axis, end, (0..self.axes[axis].slices()).collect()))
        };
        let no_layers = |tok_layers: Option<(usize, usize)>| -> Result<(), Error> {
            match tok_layers {
                Some(_) => Err(Error::Notation(format!(
                    "{text}: {} takes no layer count",
                    tok.name
                ))),
                None => Ok(()),
            }
        };
        match tok.name {
            "x" | "y" | "z" => {
                no_layers(tok.layers)?;
                let face = ["R", "U", "F"]["xyz".find(tok.name).expect("x, y or z")];
                return whole(face).map(Some);
            }
            "M" | "E" | "S" => {
                no_layers(tok.layers)?;
                let face = ["L", "D", "F"]["MES".find(tok.name).expect("M, E or S")];
                let (axis, end) = cube(face)?;
                let n = self.axes[axis].slices();
                if n < 3 {
                    return Err(Error::Notation(format!(
                        "{text}: the axis of {face} has {n} layers, no middle"
                    )));
                }
                return Ok(Some((axis, end, (1..n - 1).collect())));
            }
            _ => {}
        }
        // `Rw`, `3Rw`, `2-3Rw`, and SiGN's `r` for `Rw`.
        let (face, wide) = match tok.name.strip_suffix('w') {
            Some(f) if self.axis_end(f).is_some() => (f.to_string(), true),
            _ if tok.name.len() == 1 && tok.name.chars().all(|c| c.is_ascii_lowercase()) => {
                let f = tok.name.to_ascii_uppercase();
                if self.axis_end(&f).is_none() {
                    return Ok(None);
                }
                (f, true)
            }
            _ => (tok.name.to_string(), false),
        };
        let Some((axis, end)) = self.axis_end(&face) else {
            return Ok(None);
        };
        let n = self.axes[axis].slices();
        // `3Rw` is layers 1-3; a range written out (`2-2Rw`) is what it says.
        let range = tok.base[..tok.base.len() - tok.name.len()].contains('-');
        let (lo, hi) = match (wide, tok.layers) {
            (true, None) => (1, 2),
            (true, Some((l, h))) if l == h && !range => (1, h),
            (_, Some((l, h))) => (l, h),
            (false, None) => (1, 1),
        };
        if lo == 0 || hi < lo || hi > n {
            return Err(Error::Notation(format!(
                "{text}: layers {lo}-{hi} do not exist (the axis at {face} has {n} layers)"
            )));
        }
        let mut slices: Vec<usize> = (lo..=hi)
            .map(|l| self.axes[axis].slice_of_layer(end, l))
            .collect();
        slices.sort();
        Ok(Some((axis, end, slices)))
    }

    /// The sticker permutation of a step.
    pub fn step_perm(&self, step: &Step) -> Perm {
        match step {
            Step::Turn(t) => self.turn_perm(*t),
            Step::Layers {
                axis,
                slices,
                amount,
                ..
            } => self.layers_perm(*axis, slices).pow(*amount as i64),
        }
    }

    /// One step (clockwise about the positive end) of `slices` of `axis`: the solid's rotation
    /// about the axis, restricted to the stickers in those slices.
    fn layers_perm(&self, axis: usize, slices: &[usize]) -> Perm {
        let a = &self.axes[axis];
        let rot = crate::geom::Mat3::rotation(a.dir, -2.0 * std::f64::consts::PI / a.order as f64);
        let r = self
            .geometry
            .rotations
            .iter()
            .position(|m| m.close(&rot, 1e-6))
            .expect("an axis's turn is a rotation of the solid");
        let whole = &self.rotations[r];
        let img: Vec<u16> = (0..self.degree())
            .map(|s| {
                let here = crate::puzzle::slice_of(a, self.stickers[s].centre);
                if slices.contains(&here) {
                    whole.image(s) as u16
                } else {
                    s as u16
                }
            })
            .collect();
        Perm::from_images(img).expect("a rotation maps a slice onto itself")
    }

    /// Writes steps: moves as [`Puzzle::format_turn`] does, other layers as written.
    pub fn format_steps(&self, steps: &[Step]) -> String {
        steps
            .iter()
            .map(|s| match s {
                Step::Turn(t) => self.format_turn(*t),
                Step::Layers { text, .. } => text.clone(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl State {
    /// Applies steps in order.
    pub fn apply_steps(&mut self, puzzle: &Puzzle, steps: &[Step]) {
        for s in steps {
            self.apply_perm(&puzzle.step_perm(s));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{State, named};

    fn state(p: &crate::Puzzle, moves: &str) -> State {
        let mut s = State::solved(p);
        s.apply_steps(p, &p.parse_steps(moves).unwrap());
        s
    }

    #[test]
    fn cube_notation_means_what_cubers_mean() {
        let p = named("3x3x3").unwrap();
        // Identities from the WCA regulations' definitions (article 12a).
        for (a, b) in [
            ("M", "R L' x'"),
            ("x", "R M' L'"),
            ("Rw", "R M'"),
            ("r", "Rw"),
            ("E", "U D' y'"),
            ("S", "F' B z"),
            ("y", "U E' D'"),
            ("z", "F S B'"),
            ("2R", "M'"),
            ("1-2U", "Uw"),
            ("3Rw", "x"),
            ("Rw2", "R2 M2"),
        ] {
            assert_eq!(state(&p, a), state(&p, b), "{a} = {b}");
        }
        assert_ne!(state(&p, "M"), state(&p, "M'"));
        assert_eq!(state(&p, "M M M M"), State::solved(&p));
    }

    #[test]
    fn wide_turns_of_a_4x4x4_and_errors_name_the_token() {
        let p = named("4x4x4").unwrap();
        // 4x4x4 moves turn single layers: Rw is R with the second layer.
        assert_eq!(state(&p, "Rw"), state(&p, "R 2R"));
        assert_eq!(state(&p, "3Rw"), state(&p, "R 2R 3R"));
        // A range written out is those layers, even with `w`.
        assert_eq!(state(&p, "2-2Rw"), state(&p, "2R"));
        assert_eq!(state(&p, "2-3Rw"), state(&p, "2R 3R"));
        assert_eq!(state(&p, "x"), state(&p, "R 2R 3R L'"));
        for (bad, says) in [("Q", "Q"), ("5Rw", "5Rw"), ("2x", "2x"), ("Rw3x", "Rw3x")] {
            let e = p
                .parse_steps(&format!("R {bad} U"))
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let e = p.parse_steps("R U 5Rw").unwrap_err().to_string();
        assert!(
            e.contains("move 3 of the sequence") && e.contains("5Rw"),
            "{e}"
        );
        let pyra = named("pyraminx").unwrap();
        let e = pyra.parse_steps("M").unwrap_err().to_string();
        assert!(e.contains("cube notation"), "{e}");
        // The Pyraminx's own tips come first.
        assert!(matches!(
            pyra.parse_steps("u").unwrap()[0],
            super::Step::Turn(_)
        ));
    }

    /// The whole puzzle turned `steps` clockwise seen from the element `name`: the solid's
    /// rotation found from the geometry alone.
    fn rotation(p: &crate::Puzzle, name: &str, steps: i64) -> crate::perm::Perm {
        let dir = p.geometry.element(name).unwrap().dir;
        let (axis, _) = p.axis_end(name).unwrap();
        let angle = -2.0 * std::f64::consts::PI / p.axes[axis].order as f64 * steps as f64;
        let m = crate::geom::Mat3::rotation(dir, angle);
        let r = p
            .geometry
            .rotations
            .iter()
            .position(|g| g.close(&m, 1e-6))
            .unwrap();
        p.rotations[r].clone()
    }

    #[test]
    fn pochmann_megaminx_turns_are_a_rotation_and_the_far_face() {
        let p = named("megaminx").unwrap();
        // R++ holds the face opposite R (DBL) and turns the rest two fifths: the whole puzzle
        // turned two fifths about R, then DBL turned back (two fifths clockwise seen from DBL).
        let face_turns = |moves: &str| {
            let mut s = State::solved(&p);
            for w in moves.split_whitespace() {
                match w {
                    "R++" | "R--" | "D++" | "D--" => {
                        let (face, far) = if w.starts_with('R') {
                            ("R", "DBL")
                        } else {
                            ("D", "U")
                        };
                        let k = if w.ends_with("++") { 2 } else { -2 };
                        s.apply_perm(&rotation(&p, face, k));
                        let back = if k == 2 {
                            format!("{far}2")
                        } else {
                            format!("{far}2'")
                        };
                        s.apply(&p, &p.parse_turns(&back).unwrap());
                    }
                    _ => s.apply(&p, &p.parse_turns(w).unwrap()),
                }
            }
            s
        };
        // A WCA scramble's first line (the form TNoodle prints).
        let line = "R-- D++ R++ D++ R-- D-- R++ D-- R-- D++ U'";
        assert_eq!(state(&p, line), face_turns(line));
        assert_eq!(state(&p, "R++ R--"), State::solved(&p));
        assert_eq!(state(&p, "D++ D++ D++ D++ D++"), State::solved(&p));
        assert_ne!(state(&p, "R++"), state(&p, "R--"));
        // On the catalog's 3x3x3 the same words mean all but the far face, by a half turn.
        let c = named("3x3x3").unwrap();
        assert_eq!(state(&c, "R++"), state(&c, "x2 L2"));
        for bad in ["Q++", "R+", "R+-"] {
            let e = p.parse_steps(&format!("U {bad}")).unwrap_err().to_string();
            assert!(e.contains(bad) && e.contains("move 2"), "{bad}: {e}");
        }
    }

    #[test]
    fn pyraminx_tips_and_skewb_corners_read_as_in_wca_scrambles() {
        let p = named("pyraminx").unwrap();
        // Tips turn alone: four of a tip's turns (three when one is `'`) cancel.
        assert_eq!(state(&p, "u u u"), State::solved(&p));
        assert_eq!(state(&p, "U L' R B' u' l r b'"), {
            let mut s = state(&p, "U L' R B'");
            s.apply_steps(&p, &p.parse_steps("u' l r b'").unwrap());
            s
        });
        // A tip is the outer layer of its corner's turn: U = u with the second layer.
        assert_eq!(state(&p, "U"), state(&p, "u 2U"));
        // The Skewb's R U L B turn the corners DBR, UBL, DFL, DBL (WCA regulations 12a).
        let s = named("skewb").unwrap();
        for (mv, corner) in [("R", "DBR"), ("U", "UBL"), ("L", "DFL"), ("B", "DBL")] {
            let t = s.parse_turn(mv).unwrap().unwrap();
            let (axis, _) = s.axis_end(corner).unwrap();
            assert_eq!(s.moves[t.mv].axis, axis, "{mv}");
            assert_eq!(state(&s, &format!("{mv} {mv} {mv}")), State::solved(&s));
        }
    }
}
