//! Views of a state: the state seen turned by one of the puzzle's symmetries, solved, and the
//! solution turned back (see [`super::Options::views`]).

use super::moves::MoveId;
use super::ops::Symmetry;
use super::puzzle::Slot;

/// A symmetry of the puzzle as a way to see a state turned: solving the turned state and
/// turning its solution back gives another solution of the state.
pub(super) struct View {
    /// Where the symmetry sends each sticker slot.
    perm: Vec<Slot>,
    /// `colour[c]`: the colour the solved puzzle shows, after the turn, where it showed `c`.
    colour: Vec<u16>,
    /// `back[m]`: the move `m` of the turned puzzle is, turned back, this move.
    pub(super) back: Vec<MoveId>,
}

impl View {
    /// Up to `count` symmetries other than the identity, in the order of `sym`, that map the
    /// solved colouring onto itself (a colour goes to one colour).
    pub(super) fn all(sym: &Symmetry, solved: &[u16], count: usize) -> Vec<View> {
        let colours = solved.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let mut views = Vec::new();
        for (g, mapped) in sym.perm.iter().zip(&sym.moves) {
            if views.len() >= count {
                break;
            }
            if g.iter().enumerate().all(|(s, &d)| s == d as usize) {
                continue;
            }
            let mut colour = vec![u16::MAX; colours];
            let consistent = solved.iter().enumerate().all(|(s, &c)| {
                let to = solved[g[s] as usize];
                let was = colour[c as usize];
                colour[c as usize] = to;
                was == u16::MAX || was == to
            });
            // mapped[m] = g m g⁻¹: the turned puzzle's move mapped[m] is m turned back.
            let mut back = vec![MoveId::MAX; mapped.len()];
            for (m, &t) in mapped.iter().enumerate() {
                back[t as usize] = m as MoveId;
            }
            if consistent && !back.contains(&MoveId::MAX) {
                views.push(View {
                    perm: g.clone(),
                    colour,
                    back,
                });
            }
        }
        views
    }

    /// The state `colours` seen turned: what sat at slot `s` now sits at `perm[s]`, recoloured.
    pub(super) fn turn(&self, colours: &[u16]) -> Vec<u16> {
        let mut out = vec![0; colours.len()];
        for (s, &c) in colours.iter().enumerate() {
            out[self.perm[s] as usize] = self.colour.get(c as usize).copied().unwrap_or(c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::moves::Moves;
    use crate::solve::puzzle::PermPuzzle;

    /// Each view maps the solved colours onto themselves, and a move then the turn is the turn
    /// then the move it maps to: checked on raw sticker permutations for every move.
    #[test]
    fn views_commute_with_the_moves_they_map() {
        for name in ["cube-3", "dodecahedron-2"] {
            let puzzle = PermPuzzle::from_model(&crate::named(name).unwrap());
            let moves = Moves::new(&puzzle);
            let sym = Symmetry::new(&puzzle.symmetries, &moves, puzzle.stickers);
            let views = View::all(&sym, &puzzle.colours, 5);
            assert_eq!(views.len(), 5, "{name}");
            // A state with every sticker its own colour: a turn sees it exactly.
            let numbered: Vec<u16> = (0..puzzle.stickers as u16).collect();
            for v in &views {
                assert_eq!(v.turn(&puzzle.colours), puzzle.colours, "{name}");
                let plain = View {
                    perm: v.perm.clone(),
                    colour: Vec::new(),
                    back: v.back.clone(),
                };
                for m in 0..moves.len() as MoveId {
                    let turned = plain.turn(&moves.apply(&numbered, &[v.back[m as usize]]));
                    assert_eq!(turned, moves.apply(&plain.turn(&numbered), &[m]), "{name}");
                }
            }
        }
    }
}
