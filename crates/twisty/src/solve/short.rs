//! Short solutions by meeting in the middle.
//!
//! The stages of the solver are built for random states: on a state a few moves from solved they
//! still insert 3-cycles orbit by orbit (a 3-move Teraminx scramble came back as 52 moves). So
//! before them, [`ShortTable::find`] looks for a solution of at most `2 d` moves: the table holds
//! the colourings of every state at most `d` moves from solved (with the moves back), and the
//! search applies every sequence of at most `d` moves to the state and looks its colouring up. A
//! sequence of at most `2 d` moves splits into a first part of at most `d` moves and a rest of at
//! most `d`, so the shortest solution of that length is found if there is one.
//!
//! Sequences are enumerated in the canonical form of [`Moves`]: after a move, only moves of
//! another axis, or of the same axis and a later turn (turns of one axis commute). `d` is the
//! largest depth whose sequences stay under a bound on their number ([`ShortTable::new`]), so the
//! table and the search cost at most a few tens of thousands of state applications.

use std::collections::HashMap;

use super::moves::{MoveId, Moves};

/// The colourings of the states near solved (see the [module docs](self)).
///
/// Invariant: for every colouring `c` of a state `s` at most `depth` moves from solved,
/// `back[hash(c)]` holds a canonical sequence of at most `depth` moves taking `s` to solved
/// (hashes may collide: candidates are checked by applying them).
#[derive(Clone, Debug)]
pub struct ShortTable {
    /// The depth `d` of both halves.
    depth: usize,
    /// Sequences back to solved, by the hash of the colouring they start from.
    back: HashMap<u64, Vec<Vec<MoveId>>>,
}

/// A hash of a colouring (multiplicative, word by word: fast, and collisions only cost a check).
fn hash(colours: &[u16]) -> u64 {
    colours.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Calls `f(seq, colouring)` for every canonical sequence of at most `depth` moves applied to
/// `start` (the empty sequence first).
fn walk(moves: &Moves, start: &[u16], depth: usize, f: &mut dyn FnMut(&[MoveId], &[u16])) {
    fn go(
        moves: &Moves,
        state: &[u16],
        seq: &mut Vec<MoveId>,
        depth: usize,
        f: &mut dyn FnMut(&[MoveId], &[u16]),
    ) {
        f(seq, state);
        if seq.len() == depth {
            return;
        }
        let mut next = state.to_vec();
        for m in 0..moves.len() as MoveId {
            if let Some(&last) = seq.last() {
                let (a, b) = (moves.axis[last as usize], moves.axis[m as usize]);
                let (ta, tb) = (
                    moves.twist[last as usize].turn,
                    moves.twist[m as usize].turn,
                );
                if a == b && tb <= ta {
                    continue;
                }
            }
            for (s, &d) in moves.perm[m as usize].iter().enumerate() {
                next[d as usize] = state[s];
            }
            seq.push(m);
            go(moves, &next, seq, depth, f);
            seq.pop();
        }
    }
    go(moves, start, &mut Vec::new(), depth, f);
}

impl ShortTable {
    /// The table of `solved` for the largest depth (at most `max_depth`) whose sequences number at
    /// most `max_states`.
    pub fn new(moves: &Moves, solved: &[u16], max_depth: usize, max_states: f64) -> ShortTable {
        let depth = (0..=max_depth)
            // At most `n^d` sequences of `d` moves.
            .take_while(|&d| (moves.len() as f64).powi(d as i32) <= max_states)
            .last()
            .unwrap_or(0);
        let mut back: HashMap<u64, Vec<Vec<MoveId>>> = HashMap::new();
        walk(moves, solved, depth, &mut |seq, colours| {
            let undo = moves.invert(seq);
            let list = back.entry(hash(colours)).or_default();
            if !list.contains(&undo) {
                list.push(undo);
            }
        });
        ShortTable { depth, back }
    }

    /// A shortest solution of at most `2 depth` moves of the state showing `colours`, if there is
    /// one (`solved` is the solved colouring).
    pub fn find(&self, moves: &Moves, colours: &[u16], solved: &[u16]) -> Option<Vec<MoveId>> {
        let mut best: Option<Vec<MoveId>> = None;
        walk(moves, colours, self.depth, &mut |first, state| {
            let Some(rests) = self.back.get(&hash(state)) else {
                return;
            };
            for rest in rests {
                let len = first.len() + rest.len();
                if best.as_ref().is_some_and(|b| b.len() <= len) {
                    continue;
                }
                // A shorter simplified form is itself a split of at most `2 d` moves: skipping
                // candidates by their unsimplified length loses nothing.
                let seq: Vec<MoveId> = first.iter().chain(rest).copied().collect();
                if moves.apply(colours, &seq) == solved {
                    let seq = moves.simplify(&seq);
                    if best.as_ref().is_none_or(|b| seq.len() < b.len()) {
                        best = Some(seq);
                    }
                }
            }
        });
        best
    }
}
