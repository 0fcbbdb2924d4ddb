//! The puzzle's symmetries as they act on moves and stickers, and on each orbit's slots.

use std::collections::HashMap;

use super::super::moves::{MoveId, Moves};
use super::super::puzzle::Slot;
use super::super::structure::Structure;
use super::effect::{OrbitSym, Sites};

/// Symmetries of the puzzle as they act on moves and stickers.
#[derive(Clone, Debug, Default)]
pub struct Symmetry {
    /// Sticker permutations (`perm[s]` is where `s` goes).
    pub perm: Vec<Vec<Slot>>,
    /// `moves[g][m]`: the move `g m g⁻¹`.
    pub moves: Vec<Vec<MoveId>>,
}

impl Symmetry {
    /// The symmetries (given as sticker permutations) that map every move to a move.
    pub fn new(perms: &[Vec<Slot>], moves: &Moves, stickers: usize) -> Symmetry {
        let mut by_perm: HashMap<&[Slot], MoveId> = HashMap::new();
        for (m, p) in moves.perm.iter().enumerate() {
            by_perm.insert(p, m as MoveId);
        }
        let mut sym = Symmetry::default();
        for g in perms {
            if !super::super::puzzle::is_permutation(g, stickers) {
                continue;
            }
            let mut inv = vec![0 as Slot; stickers];
            for (s, &d) in g.iter().enumerate() {
                inv[d as usize] = s as Slot;
            }
            // g m g⁻¹ as "where does the sticker at s go": s -> g⁻¹ -> m -> g.
            let mapped: Option<Vec<MoveId>> = moves
                .perm
                .iter()
                .map(|p| {
                    let q: Vec<Slot> = (0..stickers)
                        .map(|s| g[p[inv[s] as usize] as usize])
                        .collect();
                    by_perm.get(q.as_slice()).copied()
                })
                .collect();
            if let Some(mapped) = mapped {
                sym.perm.push(g.clone());
                sym.moves.push(mapped);
            }
        }
        sym
    }
}

impl Symmetry {
    /// Where each symmetry sends each orbit: `[g][orbit]`, `u16::MAX` for an orbit sent outside
    /// the orbits.
    pub(super) fn orbit_map(&self, structure: &Structure, sites: &Sites) -> Vec<Vec<u16>> {
        self.perm
            .iter()
            .map(|g| {
                structure
                    .orbits
                    .iter()
                    .map(|o| {
                        let s = g[o.stickers_at(0)[0] as usize];
                        sites.piece(s as usize).map_or(u16::MAX, |pp| pp.0 as u16)
                    })
                    .collect()
            })
            .collect()
    }

    /// The symmetries mapping each orbit onto itself, on its slots.
    pub(super) fn orbit_syms(&self, structure: &Structure, sites: &Sites) -> Vec<Vec<OrbitSym>> {
        (0..structure.orbits.len())
            .map(|oi| {
                let orbit = &structure.orbits[oi];
                (0..self.perm.len())
                    .filter_map(|gi| {
                        let slot: Option<Vec<u16>> = (0..orbit.len() * orbit.twists as usize)
                            .map(|sl| {
                                let r = orbit.stickers_at(sl)[0];
                                match sites.refs[self.perm[gi][r as usize] as usize] {
                                    Some((oj, sl2)) if oj as usize == oi => Some(sl2 as u16),
                                    _ => None,
                                }
                            })
                            .collect();
                        Some(OrbitSym {
                            slot: slot?,
                            moves: self.moves[gi].clone(),
                        })
                    })
                    .collect()
            })
            .collect()
    }
}
