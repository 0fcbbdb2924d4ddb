//! Move tables: how each move acts on one orbit's slots ([`OrbitTables`]) and on the values of
//! each kind of coordinate ([`Kind`]).

use super::super::moves::Moves;
use super::super::structure::Orbit;
use super::rank::{ColourGroup, next_arrangement, partial_rank, partial_unrank, rank_in_word};

/// One orbit's tables for exact search: its moves on slots.
#[derive(Clone, Debug)]
pub struct OrbitTables {
    /// Index of the orbit in the puzzle.
    pub(super) orbit: usize,
    /// Positions.
    pub(super) n: usize,
    /// Slots: `n * twists`.
    pub(super) slots: usize,
    /// Twists a piece can show at one position.
    pub(super) twists: u16,
    /// `mv[m * slots + s]`: the slot move `m` sends slot `s` to.
    pub(super) mv: Vec<u16>,
    /// Class of each position.
    pub(super) class: Vec<u32>,
    /// Moves touching the orbit, increasing.
    pub(super) touching: Vec<usize>,
    /// Whether all pieces look different.
    pub(super) distinct: bool,
    /// Number of positions of each class.
    pub(super) class_size: Vec<u32>,
}

impl OrbitTables {
    /// Slot tables for one orbit.
    pub fn new(orbits: &[Orbit], oi: usize, moves: &Moves) -> OrbitTables {
        let orbit = &orbits[oi];
        let o = orbit.twists as usize;
        let n = orbit.len();
        let slots = n * o;
        let mut mv = vec![0u16; moves.len() * slots];
        for m in 0..moves.len() {
            for p in 0..n {
                let q = orbit.pos(m, p);
                let sh = orbit.shift(m, p) as usize;
                for t in 0..o {
                    mv[m * slots + p * o + t] = (q * o + (t + sh) % o) as u16;
                }
            }
        }
        let touching = (0..moves.len()).filter(|&m| orbit.touched_by[m]).collect();
        OrbitTables {
            orbit: oi,
            n,
            slots,
            twists: orbit.twists,
            mv,
            class: orbit.class.clone(),
            touching,
            distinct: orbit.distinct,
            class_size: orbit.class_size.clone(),
        }
    }

    /// Index of the orbit in the puzzle.
    pub fn orbit(&self) -> usize {
        self.orbit
    }

    /// Moves touching the orbit.
    pub fn touching(&self) -> &[usize] {
        &self.touching
    }
}

/// What a coordinate ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Where these pieces (home positions) are, with their twists.
    Group(Vec<u16>),
    /// The twist at every position.
    Twists,
    /// Where every piece is.
    Perm,
    /// Which class of a group is at every position, the other classes seen as one (look-alike
    /// pieces that never twist): much smaller than the pieces' permutation, as look-alike pieces
    /// are not told apart.
    Colours(Box<ColourGroup>),
}

/// The move table of a coordinate of kind `kind` on the orbit `t`, with `size` values:
/// `table[v * moves + m]` is the value after move `m`.
pub(super) fn move_table(t: &OrbitTables, kind: &Kind, size: usize, moves: &Moves) -> Vec<u32> {
    let nmoves = moves.len();
    let n = t.n;
    let mut table = vec![0u32; nmoves * size];
    for m in 0..nmoves {
        if t.touching.binary_search(&m).is_err() {
            for v in 0..size {
                table[v * nmoves + m] = v as u32;
            }
        }
    }
    // Where each touching move sends each position (`to`), and the twist it adds (`add`).
    let o = t.twists as usize;
    let mut to = vec![0usize; nmoves * n];
    let mut add = vec![0usize; nmoves * n];
    for &m in &t.touching {
        for p in 0..n {
            let s = t.mv[m * t.slots + p * o] as usize;
            to[m * n + p] = s / o;
            add[m * n + p] = s % o;
        }
    }
    let shifts = Shifts { to, add };
    match kind {
        Kind::Group(p) => group_rows(t, p.len(), &shifts, nmoves, &mut table),
        Kind::Twists | Kind::Perm => whole_rows(t, kind, moves, &shifts, &mut table),
        Kind::Colours(g) => colour_rows(t, g, moves, &shifts, &mut table),
    }
    table
}

/// The moves of one orbit on positions: move `m` sends position `p` to `to[m * n + p]` and adds
/// `add[m * n + p]` to the twist of the piece there (rows of moves not touching the orbit unset).
struct Shifts {
    to: Vec<usize>,
    add: Vec<usize>,
}

/// Fills a group coordinate's move table (`k` pieces; value `rank * twists^k + their twists`).
///
/// A move sends the pieces' positions to new positions whatever their twists, and adds to each
/// twist an amount that depends on its position only: so each position rank is ranked once per
/// move, and its `twists^k` values are mapped by adding those amounts digit by digit, the
/// digits kept as an odometer (no divisions).
fn group_rows(t: &OrbitTables, k: usize, sh: &Shifts, nmoves: usize, table: &mut [u32]) {
    let (n, o) = (t.n, t.twists as usize);
    let ok = o.pow(k as u32);
    let ranks = (0..k).map(|i| n - i).product::<usize>();
    let weight: Vec<usize> = (0..k)
        .map(|i| (i + 1..k).map(|j| n - j).product())
        .collect();
    // `place[i]`: the place value of twist digit `i` (the last digit is the least significant).
    let place: Vec<usize> = (0..k).map(|i| o.pow((k - 1 - i) as u32)).collect();
    let mut pos = vec![0usize; k];
    let mut img = vec![0usize; k];
    let mut shift = vec![0usize; k];
    let mut digit = vec![0usize; k];
    for r in 0..ranks {
        partial_unrank(r, n, &mut pos);
        for &m in &t.touching {
            let (to, add) = (&sh.to[m * n..(m + 1) * n], &sh.add[m * n..(m + 1) * n]);
            for i in 0..k {
                img[i] = to[pos[i]];
                shift[i] = add[pos[i]];
            }
            let base = if n <= 64 {
                rank_in_word(&img, &weight)
            } else {
                partial_rank(&img, n)
            } * ok;
            // `mapped`: the twists after the move, for twists `digit` before it.
            digit.fill(0);
            let mut mapped: usize = (0..k).map(|i| shift[i] * place[i]).sum();
            for tw in 0..ok {
                table[(r * ok + tw) * nmoves + m] = (base + mapped) as u32;
                // Next twists: the odometer's last digit up by one, carrying.
                let mut i = k;
                while i > 0 {
                    i -= 1;
                    let before = (digit[i] + shift[i]) % o;
                    digit[i] += 1;
                    if digit[i] == o {
                        digit[i] = 0;
                    }
                    let after = (digit[i] + shift[i]) % o;
                    mapped = mapped + after * place[i] - before * place[i];
                    if digit[i] != 0 {
                        break;
                    }
                }
            }
        }
    }
}

/// Fills the move table of a permutation or twists coordinate (every piece of the orbit).
///
/// The values are visited in order, as an odometer of their mixed-radix digits (most significant
/// first; no divisions): for a permutation, its rank's `n` digits (radices `n, n - 1, ...`, see
/// [`partial_rank`]); for twists, the twist at each position, the last position first. Only
/// the single turns (amount 1) are computed by moving the pieces; a turn by `a` is its turn by
/// `a - 1` followed by one more, two lookups (the moves act on the values, so tables compose).
fn whole_rows(t: &OrbitTables, kind: &Kind, moves: &Moves, sh: &Shifts, table: &mut [u32]) {
    let nmoves = moves.len();
    let (n, o) = (t.n, t.twists as usize);
    let size = table.len() / nmoves;
    let singles = single_turns(t, moves);
    let (ranked, radix): (usize, Vec<usize>) = match kind {
        Kind::Perm => (n, (0..n).map(|i| n - i).collect()),
        _ => (0, vec![o; n]),
    };
    let weight: Vec<usize> = (0..ranked)
        .map(|i| (i + 1..ranked).map(|j| n - j).product())
        .collect();
    let mut digit = vec![0usize; radix.len()];
    // `pos`: where each piece is (permutations); `tw`: the twist at each position (twists).
    let mut pos = vec![0usize; n];
    let mut tw = vec![0usize; n];
    let mut img = vec![0usize; n];
    for v in 0..size {
        match kind {
            Kind::Perm => {
                if n <= 64 {
                    let mut used = 0u64;
                    for (p, &d) in pos.iter_mut().zip(&digit) {
                        let mut free = !used;
                        for _ in 0..d {
                            free &= free - 1;
                        }
                        *p = free.trailing_zeros() as usize;
                        used |= 1 << *p;
                    }
                } else {
                    partial_unrank(v, n, &mut pos);
                }
            }
            _ => {
                for (t, &d) in tw.iter_mut().zip(digit.iter().rev()) {
                    *t = d;
                }
            }
        }
        for &m in &singles {
            let (to, add) = (&sh.to[m * n..(m + 1) * n], &sh.add[m * n..(m + 1) * n]);
            let w = match kind {
                Kind::Perm => {
                    for i in 0..n {
                        img[i] = to[pos[i]];
                    }
                    if n <= 64 {
                        rank_in_word(&img, &weight)
                    } else {
                        partial_rank(&img, n)
                    }
                }
                _ => {
                    // Position-major: the twist at p moves to the image of p.
                    for p in 0..n {
                        let x = tw[p] + add[p];
                        img[to[p]] = if x >= o { x - o } else { x };
                    }
                    img.iter().rev().fold(0, |a, &x| a * o + x)
                }
            };
            table[v * nmoves + m] = w as u32;
        }
        // Next value: the odometer's last digit up by one, carrying.
        let mut i = digit.len();
        while i > 0 {
            i -= 1;
            digit[i] += 1;
            if digit[i] < radix[i] {
                break;
            }
            digit[i] = 0;
        }
    }
    compose_powers(t, moves, table);
}

/// Fills the colours coordinate's move table: the arrangements are visited in rank order (each
/// the lexicographic successor of the one before), their classes moved by every single turn and
/// ranked; other powers by composition.
fn colour_rows(t: &OrbitTables, g: &ColourGroup, moves: &Moves, sh: &Shifts, table: &mut [u32]) {
    let nmoves = moves.len();
    let n = t.n;
    let arrangements = &g.ranks;
    let mut arr = vec![0u32; n];
    let mut img = vec![0u32; n];
    let singles = single_turns(t, moves);
    arrangements.unrank(0, &mut arr);
    for v in 0..table.len() / nmoves {
        for &m in &singles {
            let to = &sh.to[m * n..(m + 1) * n];
            for p in 0..n {
                img[to[p]] = arr[p];
            }
            table[v * nmoves + m] = arrangements.rank(&img) as u32;
        }
        next_arrangement(&mut arr);
    }
    compose_powers(t, moves, table);
}

/// The single-step turns touching an orbit. A power of a move that leaves the orbit alone leaves
/// it alone too, so every touching move's single step is touching.
fn single_turns(t: &OrbitTables, moves: &Moves) -> Vec<usize> {
    t.touching
        .iter()
        .copied()
        .filter(|&m| moves.twist[m].amount == 1)
        .collect()
}

/// Fills the rows of the turns by more than one step from those by one step less and by one.
fn compose_powers(t: &OrbitTables, moves: &Moves, table: &mut [u32]) {
    let nmoves = moves.len();
    let size = table.len() / nmoves;
    // Moves are numbered turn by turn with increasing amounts, so the turn by `a - 1` is done
    // when the turn by `a` is reached.
    for &m in &t.touching {
        let tw = moves.twist[m];
        if tw.amount == 1 {
            continue;
        }
        let one = moves.id[tw.turn as usize][1] as usize;
        let inverse = moves.inverse[m] as usize;
        if moves.twist[inverse].amount == 1 {
            // The move undoes a single step (done): its row is that step's, read backwards; the
            // reads in order, the writes scattered (no chain of dependent lookups).
            for v in 0..size {
                let w = table[v * nmoves + inverse] as usize;
                table[w * nmoves + m] = v as u32;
            }
            continue;
        }
        let before = moves.id[tw.turn as usize][tw.amount as usize - 1] as usize;
        debug_assert!(before < m && one < m);
        for v in 0..size {
            let w = table[v * nmoves + before] as usize;
            table[v * nmoves + m] = table[w * nmoves + one];
        }
    }
}
