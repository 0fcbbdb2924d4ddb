//! Short solutions by meeting in the middle.
//!
//! The stages of the solver are built for random states: on a state a few moves from solved they
//! still insert 3-cycles orbit by orbit (a 3-move Teraminx scramble came back as 52 moves, a
//! 5-move `cube-4` scramble as 44). So before them, [`ShortTable::find`] looks for a solution of
//! at most `t + s` moves: the table holds the colourings of every state at most `t` moves from
//! solved (with the moves back), and the search applies every sequence of at most `s` moves to the
//! state and looks its colouring up. A sequence of at most `t + s` moves splits into a first part
//! of at most `s` moves and a rest of at most `t`, so the shortest solution of that length is
//! found if there is one.
//!
//! Sequences are enumerated in the canonical form of [`Moves`]: after a move, only moves of
//! another axis, or of the same axis and a later turn (turns of one axis commute). The depths are
//! the largest whose canonical sequences stay under bounds on their number and on the sticker
//! moves they cost ([`Depths::new`]): on puzzles the exact stage solves alone (its solutions are
//! already shortest or nearly) both halves stay at a few tens of thousands of sequences; on
//! puzzles finished by operators the table goes deeper (a million sequences: 7 moves on `cube-4`,
//! 6 on the Megaminx) while each search stays at milliseconds. On puzzles the two-phase search
//! takes, a solution it has not proved shortest is compared with one of a table and a search of
//! up to 300,000 sequences each, made the first time one is needed (4 + 4 moves on the seed's
//! `cube-3`, which turns slices, 4 + 4 on the 3x3x3).

/// Canonical sequences each half may enumerate on puzzles finished by the exact stage alone, and
/// the depth both halves stop at there.
const SHALLOW_SEQUENCES: f64 = 30_000.0;
const SHALLOW_DEPTH: usize = 2;
/// On puzzles finished by operators: the most canonical sequences (and sticker moves: sequences
/// times stickers) of the table, made once...
const TABLE_SEQUENCES: f64 = 1_000_000.0;
const TABLE_WORK: f64 = 1.0e8;
/// ... and of the search, made for every state.
const SEARCH_SEQUENCES: f64 = 150_000.0;
const SEARCH_WORK: f64 = 2.0e7;
/// On puzzles the two-phase search takes, each half (the same depth) when that search has not
/// proved its solution shortest: the seed's `cube-3`, with slice moves, then goes 4 + 4 moves
/// deep, where the two-phase search sometimes finds only 17 moves within its budget.
const NEARER_SEQUENCES: f64 = 300_000.0;
/// The deepest table considered (small move sets could otherwise go on for long).
const MAX_DEPTH: usize = 8;

use super::moves::{MoveId, Moves};

/// How far the halves reach (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// On puzzles the exact stage solves alone: a few tens of thousands of sequences a half.
    Shallow,
    /// On puzzles finished by operators: a table of up to a million sequences, searched from
    /// every state.
    Deep,
    /// On puzzles the two-phase search takes, for the states whose solution it does not prove
    /// shortest: two halves of up to 300,000 sequences.
    Nearer,
}

/// The depths of the two halves (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depths {
    /// The table's depth `t`: every state at most `t` moves from solved is in it.
    pub table: usize,
    /// The search's depth `s`: every sequence of at most `s` moves is applied to the state.
    pub search: usize,
}

impl Depths {
    /// The depths for a puzzle with these moves and `stickers` stickers.
    pub fn new(moves: &Moves, stickers: usize, reach: Reach) -> Depths {
        let counts = sequences(moves, MAX_DEPTH);
        let largest = |most: usize, seqs: f64, work: f64| {
            (0..=most)
                .take_while(|&d| counts[d] <= seqs && counts[d] * stickers as f64 <= work)
                .last()
                .unwrap_or(0)
        };
        let (table, search) = match reach {
            Reach::Shallow => {
                let d = largest(SHALLOW_DEPTH, SHALLOW_SEQUENCES, f64::INFINITY);
                (d, d)
            }
            Reach::Deep => {
                let table = largest(MAX_DEPTH, TABLE_SEQUENCES, TABLE_WORK);
                (table, largest(table, SEARCH_SEQUENCES, SEARCH_WORK))
            }
            Reach::Nearer => {
                let d = largest(MAX_DEPTH, NEARER_SEQUENCES, TABLE_WORK);
                (d, d)
            }
        };
        Depths { table, search }
    }
}

/// Whether move `next` may follow move `last` in a canonical sequence.
fn may_follow(moves: &Moves, last: MoveId, next: MoveId) -> bool {
    let (a, b) = (moves.axis[last as usize], moves.axis[next as usize]);
    a != b || moves.twist[next as usize].turn > moves.twist[last as usize].turn
}

/// `counts[d]`: how many canonical sequences have at most `d` moves, for `d` up to `depth`.
fn sequences(moves: &Moves, depth: usize) -> Vec<f64> {
    let n = moves.len();
    // `ending[m]`: sequences of the current length ending with move `m`.
    let mut ending = vec![1.0f64; n];
    let mut counts = vec![1.0, 1.0 + n as f64];
    while counts.len() <= depth {
        ending = (0..n)
            .map(|next| {
                (0..n)
                    .filter(|&last| may_follow(moves, last as MoveId, next as MoveId))
                    .map(|last| ending[last])
                    .sum()
            })
            .collect();
        let total = counts.last().unwrap() + ending.iter().sum::<f64>();
        counts.push(total);
    }
    counts.truncate(depth + 1);
    counts
}

/// The colourings of the states near solved (see the [module docs](self)).
///
/// Invariant: for every colouring `c` of a state `s` at most `depths.table` moves from solved,
/// some entry `(hash(c), at)` of `entries` (sorted by hash, found through `start`) points at a
/// canonical sequence of at most `depths.table` moves taking `s` to solved: `arena[at]` holds its
/// length and the moves follow it. Hashes may collide: candidates are checked by applying them.
#[derive(Clone, Debug)]
pub struct ShortTable {
    depths: Depths,
    /// `(hash of a colouring, index into arena)`, sorted.
    entries: Vec<(u64, u32)>,
    /// `start[p]`: the first entry whose hash's top `bits` bits are at least `p` (so the entries
    /// of a hash are found with one or two cache misses, not a binary search's twenty).
    start: Vec<u32>,
    /// How many top bits of a hash index `start`.
    bits: u32,
    /// The sequences back to solved, each as its length followed by its moves.
    arena: Vec<MoveId>,
}

/// A hash of a colouring (multiplicative, four colours to a word: fast, and collisions only cost
/// a check).
fn hash(colours: &[u16]) -> u64 {
    let mut chunks = colours.chunks_exact(4);
    let mix = |h: u64, w: u64| (h ^ w).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(29);
    let word = |c: &[u16]| c.iter().fold(0u64, |w, &x| (w << 16) | u64::from(x));
    let h = chunks
        .by_ref()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, c| mix(h, word(c)));
    mix(h, word(chunks.remainder()))
}

/// Calls `f(seq, hash)` for every canonical sequence of at most `depth` moves applied to `start`
/// (the empty sequence first), with the hash of the colouring it leads to.
fn walk(moves: &Moves, start: &[u16], depth: usize, f: &mut dyn FnMut(&[MoveId], u64)) {
    /// `states[k]`: the colouring after the first `k` moves of `seq` (one buffer per depth, so
    /// the walk allocates nothing).
    fn go(
        moves: &Moves,
        states: &mut [Vec<u16>],
        seq: &mut Vec<MoveId>,
        depth: usize,
        f: &mut dyn FnMut(&[MoveId], u64),
    ) {
        let k = seq.len();
        for m in 0..moves.len() as MoveId {
            if seq.last().is_some_and(|&last| !may_follow(moves, last, m)) {
                continue;
            }
            // Gathering by the inverse move: `next[d] = state[from[d]]`.
            let from = &moves.perm[moves.inverse[m as usize] as usize];
            let (done, rest) = states.split_at_mut(k + 1);
            let (state, next) = (&done[k], &mut rest[0]);
            for (n, &s) in next.iter_mut().zip(from) {
                *n = state[s as usize];
            }
            seq.push(m);
            f(seq, hash(next));
            if k + 1 < depth {
                go(moves, states, seq, depth, f);
            }
            seq.pop();
        }
    }
    f(&[], hash(start));
    if depth > 0 {
        let mut states = vec![start.to_vec(); depth + 1];
        go(moves, &mut states, &mut Vec::with_capacity(depth), depth, f);
    }
}

impl ShortTable {
    /// The table of `solved` for these depths.
    pub fn new(moves: &Moves, solved: &[u16], depths: Depths) -> ShortTable {
        let mut entries = Vec::new();
        let mut arena = Vec::new();
        walk(moves, solved, depths.table, &mut |seq, h| {
            let at = u32::try_from(arena.len()).expect("the table's sequences fit in u32");
            entries.push((h, at));
            arena.push(seq.len() as MoveId);
            arena.extend(seq.iter().rev().map(|&m| moves.inverse[m as usize]));
        });
        // The count that chose the depths is the walk's (checked in tests).
        debug_assert_eq!(
            entries.len() as f64,
            sequences(moves, depths.table)[depths.table]
        );
        entries.sort_unstable();
        // About one entry per bucket (hashes are uniform).
        let bits = entries
            .len()
            .next_power_of_two()
            .trailing_zeros()
            .clamp(1, 24);
        let mut start = Vec::with_capacity((1 << bits) + 1);
        for (i, &(h, _)) in entries.iter().enumerate() {
            while start.len() <= (h >> (64 - bits)) as usize {
                start.push(i as u32);
            }
        }
        start.resize((1 << bits) + 1, entries.len() as u32);
        ShortTable {
            depths,
            entries,
            start,
            bits,
            arena,
        }
    }

    /// The depths of the two halves.
    pub fn depths(&self) -> Depths {
        self.depths
    }

    /// The sequences back to solved stored under colourings of hash `h`.
    fn rests(&self, h: u64) -> impl Iterator<Item = &[MoveId]> {
        let p = (h >> (64 - self.bits)) as usize;
        self.entries[self.start[p] as usize..self.start[p + 1] as usize]
            .iter()
            .filter(move |e| e.0 == h)
            .map(|&(_, at)| {
                let at = at as usize;
                let len = self.arena[at] as usize;
                &self.arena[at + 1..at + 1 + len]
            })
    }

    /// A shortest solution of at most `t + s` moves of the state showing `colours`, if there is
    /// one (`solved` is the solved colouring).
    pub fn find(&self, moves: &Moves, colours: &[u16], solved: &[u16]) -> Option<Vec<MoveId>> {
        let mut best: Option<Vec<MoveId>> = None;
        walk(moves, colours, self.depths.search, &mut |first, h| {
            for rest in self.rests(h) {
                let len = first.len() + rest.len();
                if best.as_ref().is_some_and(|b| b.len() <= len) {
                    continue;
                }
                // A shorter simplified form is itself a split of at most `t + s` moves: skipping
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
