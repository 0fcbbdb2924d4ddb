//! Random-move scrambles with no move wasted.
//!
//! A scramble of random turns is only as good as its moves are independent: `R R'` cancels,
//! `R R` is one `R2`, and `R L R'` is `L` because `R` and `L` commute. The rule, derived from
//! the puzzle's moves and nothing written per puzzle:
//!
//! * the **block** of a new turn `t` is the longest end of the sequence whose moves all commute
//!   with `t`'s move (as sticker permutations): `t` could be moved back through it;
//! * `t` is refused if its move is already in the block (it would cancel or merge with it);
//! * on an axis whose moves overlap (a move turning some slice another move turns too, as in a
//!   listed move set with `U` and `1-2U`), `t` is also refused if the block's turns of that
//!   axis that could be brought next to it, together with `t`, make an effect that fewer turns
//!   of the axis make.
//!
//! On axes whose moves turn disjoint slices (every catalog move set but the listed ones), the
//! first rule is exact: a block with each move once is as short as its effect allows. A move
//! that commutes with every other (a Pyraminx tip) thus turns at most once.

use crate::notation::Turn;
use crate::puzzle::{End, Puzzle};
use crate::rng::Rng;
use std::collections::HashMap;

/// Draws random-move scrambles for one puzzle, remembering which moves commute.
pub struct Scrambler<'a> {
    puzzle: &'a Puzzle,
    /// `commutes[(a, b)]` with `a < b`: do moves `a` and `b` commute? Filled as pairs are met.
    commutes: HashMap<(usize, usize), bool>,
    /// For each axis: do two of its moves turn a common slice?
    overlapping: Vec<bool>,
    /// `against[m]`: the moves that do not commute with move `m`, found when first needed.
    against: Vec<Option<Vec<usize>>>,
}

impl<'a> Scrambler<'a> {
    /// A scrambler for `puzzle`.
    pub fn new(puzzle: &'a Puzzle) -> Scrambler<'a> {
        let overlapping = (0..puzzle.axes.len())
            .map(|a| {
                let mut seen = vec![false; puzzle.axes[a].slices()];
                let mut overlap = false;
                for m in puzzle.moves.iter().filter(|m| m.axis == a) {
                    for &s in &m.slices {
                        overlap |= std::mem::replace(&mut seen[s], true);
                    }
                }
                overlap
            })
            .collect();
        Scrambler {
            puzzle,
            commutes: HashMap::new(),
            overlapping,
            against: vec![None; puzzle.moves.len()],
        }
    }

    /// Do moves `a` and `b` commute?
    fn commute(&mut self, a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        let moves = &self.puzzle.moves;
        *self
            .commutes
            .entry((a.min(b), a.max(b)))
            .or_insert_with(|| {
                // Moves of one axis turn about the same line: they always commute.
                let (p, q) = (&moves[a].perm, &moves[b].perm);
                moves[a].axis == moves[b].axis
                    || (0..p.len()).all(|i| q.image(p.image(i)) == p.image(q.image(i)))
            })
    }

    /// May `t` follow `seq` without cancelling or merging with a turn before it?
    pub fn allowed(&mut self, seq: &[Turn], t: Turn) -> bool {
        let mut last = vec![0; self.puzzle.moves.len()];
        for (i, u) in seq.iter().enumerate() {
            last[u.mv] = i + 1;
        }
        self.allowed_after(seq, &last, t)
    }

    /// [`Scrambler::allowed`], given `last[m]`: one more than the index of move `m`'s last turn
    /// in `seq` (0: none). The work is bounded by the moves, not by the length of `seq`.
    fn allowed_after(&mut self, seq: &[Turn], last: &[usize], t: Turn) -> bool {
        if self.against[t.mv].is_none() {
            let against = (0..self.puzzle.moves.len())
                .filter(|&m| !self.commute(t.mv, m))
                .collect();
            self.against[t.mv] = Some(against);
        }
        // The block starts after the last turn that does not commute with t.
        let start = self.against[t.mv]
            .as_ref()
            .expect("just filled")
            .iter()
            .map(|&m| last[m])
            .max()
            .unwrap_or(0);
        if last[t.mv] > start {
            return false;
        }
        let axis = self.puzzle.moves[t.mv].axis;
        if !self.overlapping[axis] {
            return true;
        }
        // The turns of t's axis in the block that could be brought next to t: walking back,
        // until every move of the axis has met a turn it does not commute with.
        let mut open: Vec<usize> = (0..self.puzzle.moves.len())
            .filter(|&m| self.puzzle.moves[m].axis == axis)
            .collect();
        let mut run = vec![t];
        for (i, &u) in seq.iter().enumerate().rev() {
            if i < start || open.is_empty() {
                break;
            }
            if open.contains(&u.mv) {
                run.push(u);
            }
            open.retain(|&m| self.commute(m, u.mv));
        }
        !self.shorter_exists(axis, &run)
    }

    /// The turn of every slice of `axis` (steps clockwise about its positive end) that `turns`
    /// make together.
    fn effect(&self, axis: usize, turns: &[Turn]) -> Vec<u8> {
        let a = &self.puzzle.axes[axis];
        let mut v = vec![0u8; a.slices()];
        for t in turns {
            let m = &self.puzzle.moves[t.mv];
            let step = match m.end {
                End::Positive => t.amount,
                End::Negative => m.order - t.amount,
            };
            for &s in &m.slices {
                v[s] = (v[s] + step) % a.order;
            }
        }
        v
    }

    /// Do fewer turns of `axis` than `run` make the same effect? A search over the effects of
    /// up to `run.len() - 1` turns of the axis's moves (the runs are short: each move once).
    fn shorter_exists(&self, axis: usize, run: &[Turn]) -> bool {
        let goal = self.effect(axis, run);
        let turns: Vec<Turn> = self
            .puzzle
            .all_turns()
            .into_iter()
            .filter(|t| self.puzzle.moves[t.mv].axis == axis)
            .collect();
        let mut level: Vec<Vec<u8>> = vec![self.effect(axis, &[])];
        let mut seen: std::collections::HashSet<Vec<u8>> = level.iter().cloned().collect();
        for _ in 0..run.len() {
            if level.contains(&goal) {
                return true;
            }
            let mut next = Vec::new();
            for v in &level {
                for t in &turns {
                    let mut w = v.clone();
                    let e = self.effect(axis, &[*t]);
                    for (x, y) in w.iter_mut().zip(e) {
                        *x = (*x + y) % self.puzzle.axes[axis].order;
                    }
                    if seen.insert(w.clone()) {
                        next.push(w);
                    }
                }
            }
            level = next;
        }
        false
    }

    /// A scramble of `length` random turns (fewer only when no turn may follow: a puzzle of
    /// one axis), each drawn uniformly from the turns allowed after the ones before.
    pub fn random_moves(&mut self, rng: &mut Rng, length: usize) -> Vec<Turn> {
        let turns = self.puzzle.all_turns();
        let mut seq: Vec<Turn> = Vec::with_capacity(length);
        let mut last = vec![0; self.puzzle.moves.len()];
        while seq.len() < length {
            // Drawing until a turn is allowed is uniform over the allowed ones, and quick: most
            // turns are. Only after many refusals are they all listed.
            let mut pick = None;
            for _ in 0..64 {
                let t = turns[rng.below(turns.len())];
                if self.allowed_after(&seq, &last, t) {
                    pick = Some(t);
                    break;
                }
            }
            if pick.is_none() {
                let allowed: Vec<Turn> = turns
                    .iter()
                    .copied()
                    .filter(|&t| self.allowed_after(&seq, &last, t))
                    .collect();
                if allowed.is_empty() {
                    break;
                }
                pick = Some(allowed[rng.below(allowed.len())]);
            }
            let t = pick.expect("one was picked");
            seq.push(t);
            last[t.mv] = seq.len();
        }
        seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::named;

    #[test]
    fn cancelling_and_merging_turns_are_refused() {
        let p = named("3x3x3").unwrap();
        let mut s = Scrambler::new(&p);
        let t = |x: &str| p.parse_turns(x).unwrap();
        for (before, next, ok) in [
            ("R", "R'", false),
            ("R", "R", false),
            ("R L", "R'", false),
            ("R L", "R2", false),
            ("R L", "U", true),
            ("R U", "R", true),
            ("R L U", "L", true),
        ] {
            assert_eq!(
                s.allowed(&t(before), t(next)[0]),
                ok,
                "{before} then {next}"
            );
        }
    }

    #[test]
    fn overlapping_moves_that_merge_are_refused() {
        // u is the tip, U the tip with its corners: u U' turns the corners alone, not a move.
        let p = named("pyraminx").unwrap();
        let mut s = Scrambler::new(&p);
        let t = |x: &str| p.parse_turns(x).unwrap();
        assert!(s.allowed(&t("u"), t("U'")[0]));
        assert!(!s.allowed(&t("u U'"), t("u")[0]));
        // A set where `U` and `2U` together are the move `1-2U`.
        let spec = crate::spec::PuzzleSpec {
            name: "t".into(),
            solid: crate::solid::Solid::Cube,
            cuts: vec![crate::spec::Cut::face(1.0 / 3.0)],
            moves: crate::spec::Moves::list(&["U", "2U", "w=1-2U", "R"]),
        };
        let p = Puzzle::build(&spec).unwrap();
        let mut s = Scrambler::new(&p);
        let t = |x: &str| p.parse_turns(x).unwrap();
        assert!(!s.allowed(&t("U"), t("2U")[0]), "U 2U is w");
        assert!(s.allowed(&t("U"), t("2U'")[0]));
        assert!(s.allowed(&t("U R"), t("U")[0]), "R does not commute with U");
    }
}
