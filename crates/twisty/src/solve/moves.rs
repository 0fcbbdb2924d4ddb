//! Moves (a turn by an amount) and move sequences kept in canonical form.
//!
//! Turns on one axis commute, so a sequence is a list of *runs*: maximal stretches of moves on
//! one axis. Inside a run the order does not matter, and two moves of the same turn merge into one
//! (or vanish). [`Moves::push`] keeps a sequence canonical as it grows: no two moves of one turn
//! in a run, the moves of a run sorted by turn, empty runs removed (which may bring two runs of
//! one axis together, and they merge). The seed's metric (one twist of one layer by any amount
//! counts one) is then simply the length.

use super::puzzle::{PermPuzzle, Slot, Twist};

/// A move id: an index into [`Moves`].
pub type MoveId = u16;

/// Every move of a puzzle, with its permutation and its place in the turn/axis structure.
#[derive(Clone, Debug)]
pub struct Moves {
    /// `perm[m][s]`: where move `m` sends the sticker at slot `s`.
    pub perm: Vec<Vec<Slot>>,
    /// The turn and amount of each move.
    pub twist: Vec<Twist>,
    /// The axis of each move.
    pub axis: Vec<u16>,
    /// The inverse of each move.
    pub inverse: Vec<MoveId>,
    /// Order of each turn (the number of basic twists making a full turn).
    pub order: Vec<u16>,
    /// `id[t][a]`: the move turning `t` by `a` (`id[t][0]` unused).
    pub id: Vec<Vec<MoveId>>,
}

impl Moves {
    /// Every turn of `puzzle` by every amount `1..order`.
    pub fn new(puzzle: &PermPuzzle) -> Moves {
        let n = puzzle.stickers;
        let mut moves = Moves {
            perm: Vec::new(),
            twist: Vec::new(),
            axis: Vec::new(),
            inverse: Vec::new(),
            order: Vec::new(),
            id: Vec::new(),
        };
        for (t, turn) in puzzle.turns.iter().enumerate() {
            let mut ids = vec![MoveId::MAX];
            let mut power: Vec<Slot> = turn.perm.clone();
            let mut amount = 1u16;
            loop {
                ids.push(moves.perm.len() as MoveId);
                moves.perm.push(power.clone());
                moves.twist.push(Twist {
                    turn: t as u16,
                    amount,
                });
                moves.axis.push(turn.axis);
                // Next power: apply the turn once more.
                let next: Vec<Slot> = (0..n).map(|s| turn.perm[power[s] as usize]).collect();
                amount += 1;
                if next.iter().enumerate().all(|(s, &d)| s == d as usize) {
                    break;
                }
                power = next;
            }
            moves.order.push(amount);
            moves.id.push(ids);
        }
        moves.inverse = moves
            .twist
            .iter()
            .map(|tw| {
                moves.id[tw.turn as usize][(moves.order[tw.turn as usize] - tw.amount) as usize]
            })
            .collect();
        moves
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.perm.len()
    }

    /// Whether the puzzle has no moves.
    pub fn is_empty(&self) -> bool {
        self.perm.is_empty()
    }

    /// Appends `m` to the canonical sequence `seq`, keeping it canonical. `runs` holds the start
    /// of each run of `seq` (so `seq[runs.last()..]` is the last run).
    pub fn push(&self, seq: &mut Vec<MoveId>, runs: &mut Vec<usize>, m: MoveId) {
        let tw = self.twist[m as usize];
        let axis = self.axis[m as usize];
        if let Some(&start) = runs.last()
            && self.axis[seq[start] as usize] == axis
        {
            let order = self.order[tw.turn as usize];
            let mut at = start;
            while at < seq.len() && self.twist[seq[at] as usize].turn < tw.turn {
                at += 1;
            }
            if at < seq.len() && self.twist[seq[at] as usize].turn == tw.turn {
                let amount = (self.twist[seq[at] as usize].amount + tw.amount) % order;
                if amount == 0 {
                    seq.remove(at);
                    if seq.len() == start {
                        runs.pop();
                    }
                } else {
                    seq[at] = self.id[tw.turn as usize][amount as usize];
                }
            } else {
                seq.insert(at, m);
            }
            return;
        }
        runs.push(seq.len());
        seq.push(m);
    }

    /// The canonical form of a move sequence.
    pub fn simplify(&self, moves: &[MoveId]) -> Vec<MoveId> {
        let mut seq = Vec::with_capacity(moves.len());
        self.simplify_into(moves, &mut seq, &mut Vec::new());
        seq
    }

    /// The canonical form of a move sequence, written to `out` (cleared first); `runs` is
    /// scratch space. For hot loops: no allocation once the buffers have grown.
    pub fn simplify_into(&self, moves: &[MoveId], out: &mut Vec<MoveId>, runs: &mut Vec<usize>) {
        out.clear();
        runs.clear();
        for &m in moves {
            self.push(out, runs, m);
        }
    }

    /// The inverse of a sequence (reversed, each move inverted).
    pub fn invert(&self, moves: &[MoveId]) -> Vec<MoveId> {
        moves
            .iter()
            .rev()
            .map(|&m| self.inverse[m as usize])
            .collect()
    }

    /// Applies a sequence to a labelled state: `state[s]` is what sits at slot `s`.
    pub fn apply<T: Copy>(&self, state: &[T], moves: &[MoveId]) -> Vec<T> {
        let mut cur = state.to_vec();
        let mut next = state.to_vec();
        for &m in moves {
            let perm = &self.perm[m as usize];
            for (s, &d) in perm.iter().enumerate() {
                next[d as usize] = cur[s];
            }
            std::mem::swap(&mut cur, &mut next);
        }
        cur
    }

    /// The number of basic twists of a move, the shorter way round (a quarter turn of a cube
    /// counts 1, a half turn 2; a 144-degree dodecahedron turn counts 2).
    pub fn quarter_turns(&self, m: MoveId) -> u32 {
        let tw = self.twist[m as usize];
        let order = self.order[tw.turn as usize];
        tw.amount.min(order - tw.amount) as u32
    }
}
