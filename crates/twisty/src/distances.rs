//! God's algorithm: the number of positions at each distance from solved,
//! by breadth-first search over the whole group, two bits per position.
//!
//! # Ranking
//!
//! Every element `g` of the group is `u_{k-1} ... u_0` for unique
//! transversal elements of the stabilizer chain ([`crate::schreier`]), so
//! the indices `(i_0, ..., i_{k-1})` of those elements, read as a
//! mixed-radix number, rank the group onto `0 .. |G|`. A state is held as
//! its base images `t_j = g(b_j)` (they determine `g`): a move `m` makes
//! them `m(t_j)`, ranking strips one level at a time (`i_0` is the index of
//! `t_0`, then every later `t_j` is moved back by `u_{i_0}⁻¹`, ...), and
//! unranking multiplies the chosen transversal elements out on the base
//! points only; both cost `k²/2` table lookups.
//!
//! # The search
//!
//! One array of two-bit cells, one per rank: unseen, `A`, `B` and done.
//! The frontier (the positions found at the current depth) is marked `A`
//! in even rounds and `B` in odd ones: a round expands every frontier cell
//! (marking it done) and marks its unseen neighbours with the other code,
//! the next round's frontier.
//! Memory is `|G| / 4` bytes; the search refuses groups above a limit.
//!
//! The positions counted are group elements: the search refuses puzzles
//! whose colours cannot tell some elements apart (identical stickers), so
//! that every position is counted once. Metrics: `htm` counts every turn of
//! a move (any amount) as one move, `qtm` only single turns either way.

use crate::count::Group;
use crate::error::Error;
use crate::notation::Turn;
use crate::puzzle::Puzzle;
use crate::schreier::Chain;
use crate::search;

/// The default limit on positions: 4·10⁹ (1 GB of cells).
pub const DEFAULT_MAX_POSITIONS: u64 = 4_000_000_000;

/// How moves are counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Every turn of a move, of any amount, is one move.
    Htm,
    /// Only single turns (either way) are one move.
    Qtm,
}

/// The result: `counts[d]` positions at distance `d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distances {
    /// `counts[d]`: positions at distance `d` from solved.
    pub counts: Vec<u64>,
    /// All positions: the sum of `counts`.
    pub positions: u64,
    /// The turns used, in notation.
    pub turns: Vec<String>,
}

const UNSEEN: u8 = 0;
const A: u8 = 1;
const B: u8 = 2;
const DONE: u8 = 3;

/// Two bits per position.
struct Cells(Vec<u8>);

impl Cells {
    fn new(n: u64) -> Cells {
        Cells(vec![0; n.div_ceil(4) as usize])
    }
    #[inline]
    fn get(&self, i: u64) -> u8 {
        (self.0[(i >> 2) as usize] >> ((i & 3) * 2)) & 3
    }
    #[inline]
    fn set(&mut self, i: u64, v: u8) {
        let b = &mut self.0[(i >> 2) as usize];
        let sh = (i & 3) * 2;
        *b = (*b & !(3 << sh)) | (v << sh);
    }
}

/// Ranks and unranks group elements through a chain. Tables are flat,
/// `n` entries per transversal element, for speed.
struct Ranker {
    n: usize,
    base: Vec<u16>,
    /// `sizes[j] = |Δ_j|`.
    sizes: Vec<u64>,
    /// `index[j * n + p]`: position of `p` in `Δ_j`.
    index: Vec<u32>,
    /// `inv[j][i * n + x]`: the inverse of transversal element `i` of
    /// level `j`, applied to `x`.
    inv: Vec<Vec<u16>>,
    /// `rep[j][i * n + x]`: transversal element `i` of level `j` at `x`.
    rep: Vec<Vec<u16>>,
}

impl Ranker {
    fn new(chain: &Chain) -> Ranker {
        let flat = |v: &[crate::perm::Perm]| v.iter().flat_map(|p| p.0.iter().copied()).collect();
        Ranker {
            n: chain.n,
            base: chain.base(),
            sizes: chain.levels.iter().map(|l| l.orbit.len() as u64).collect(),
            index: chain
                .levels
                .iter()
                .flat_map(|l| l.index.iter().copied())
                .collect(),
            inv: chain.levels.iter().map(|l| flat(&l.inv)).collect(),
            rep: chain.levels.iter().map(|l| flat(&l.reps)).collect(),
        }
    }

    /// The rank of the element with base images `t` (destroys `t`).
    #[inline]
    fn rank(&self, t: &mut [u16]) -> u64 {
        let (n, k) = (self.n, t.len());
        let mut r = 0u64;
        for j in 0..k {
            let i = self.index[j * n + t[j] as usize] as usize;
            r = r * self.sizes[j] + i as u64;
            if i != 0 {
                let inv = &self.inv[j][i * n..(i + 1) * n];
                for x in &mut t[j + 1..] {
                    *x = inv[*x as usize];
                }
            }
        }
        r
    }

    /// The base images of the element of rank `r`.
    fn unrank(&self, mut r: u64, t: &mut [u16], digits: &mut [usize]) {
        let (n, k) = (self.n, t.len());
        for j in (0..k).rev() {
            digits[j] = (r % self.sizes[j]) as usize;
            r /= self.sizes[j];
        }
        for j in 0..k {
            let mut x = self.rep[j][digits[j] * n + self.base[j] as usize];
            for l in (0..j).rev() {
                x = self.rep[l][digits[l] * n + x as usize];
            }
            t[j] = x;
        }
    }
}

/// The turns a metric allows from generating turns: every power of each
/// (`htm`), or each and its inverse (`qtm`). `U2` generates only `U2`.
pub fn generated_turns(puzzle: &Puzzle, gens: &[Turn], metric: Metric) -> Vec<Turn> {
    let mut v: Vec<Turn> = Vec::new();
    for g in gens {
        let k = puzzle.moves[g.mv].order;
        let inverse = (k - g.amount % k) % k;
        let mut amount = g.amount % k;
        while amount != 0 {
            let turn = Turn { mv: g.mv, amount };
            if (metric == Metric::Htm || amount == g.amount || amount == inverse)
                && !v.contains(&turn)
            {
                v.push(turn);
            }
            amount = (amount + g.amount) % k;
        }
    }
    v
}

/// Breadth-first search over the group generated by `moves` (indices into
/// the puzzle's moves; all of them when empty). `progress(depth, seen,
/// total)` is called as the search goes.
pub fn distances(
    puzzle: &Puzzle,
    moves: &[usize],
    metric: Metric,
    max_positions: u64,
    progress: &mut dyn FnMut(usize, u64, u64),
) -> Result<Distances, Error> {
    distances_of_turns(
        puzzle,
        &quarter_turns(moves),
        metric,
        max_positions,
        progress,
    )
}

/// [`distances`] over the group the turns `gens` generate (`U2 R2`: only
/// half turns), every power of a generator a move in `htm`.
pub fn distances_of_turns(
    puzzle: &Puzzle,
    gens: &[Turn],
    metric: Metric,
    max_positions: u64,
    progress: &mut dyn FnMut(usize, u64, u64),
) -> Result<Distances, Error> {
    Ok(search_from_solved(puzzle, gens, metric, max_positions, &[], progress)?.0)
}

/// A single turn of each of `moves`.
fn quarter_turns(moves: &[usize]) -> Vec<Turn> {
    moves.iter().map(|&mv| Turn { mv, amount: 1 }).collect()
}

/// The same search, also reading off the distance of each of `targets` (group elements as
/// sticker permutations, as [`crate::State::perm`] gives them): `None` for an element outside
/// the group the moves generate. The distance of an element is the length of a shortest
/// sequence of the metric's turns producing it, which is also the length of its shortest
/// solution (the turns are closed under inverses).
pub fn distances_of(
    puzzle: &Puzzle,
    moves: &[usize],
    metric: Metric,
    max_positions: u64,
    targets: &[crate::perm::Perm],
) -> Result<(Distances, Vec<Option<usize>>), Error> {
    search_from_solved(
        puzzle,
        &quarter_turns(moves),
        metric,
        max_positions,
        targets,
        &mut |_, _, _| {},
    )
}

/// The search over the group the turns `gens` generate (every move's
/// single turn when empty).
fn search_from_solved(
    puzzle: &Puzzle,
    gens: &[Turn],
    metric: Metric,
    max_positions: u64,
    targets: &[crate::perm::Perm],
    progress: &mut dyn FnMut(usize, u64, u64),
) -> Result<(Distances, Vec<Option<usize>>), Error> {
    let every: Vec<usize> = (0..puzzle.moves.len()).collect();
    let gens = match gens {
        [] => &quarter_turns(&every)[..],
        _ => gens,
    };
    let turns = generated_turns(puzzle, gens, metric);
    let gens: Vec<_> = gens.iter().map(|&t| puzzle.turn_perm(t)).collect();
    let sub = Group {
        chain: Chain::new(
            puzzle.degree(),
            &gens,
            &crate::count::base_priority(puzzle),
            crate::count::CHAIN_SEED,
        ),
    };
    let (h, _) = search::colour_stabilizer(&sub.chain, &puzzle.colours())?;
    if h != num_bigint::BigUint::from(1u32) {
        return Err(Error::Unsupported(format!(
            "{} has identical-looking stickers ({h} arrangements look alike): distances are computed only for puzzles whose stickers all look different",
            puzzle.name()
        )));
    }
    let order = sub.order();
    let total: u64 = match u64::try_from(&order) {
        Ok(t) if t <= max_positions => t,
        _ => {
            return Err(Error::TooLarge(format!(
                "{} has {order} positions with these moves: too many for a breadth-first search (limit {max_positions}, two bits each; --max-positions N raises it)",
                puzzle.name()
            )));
        }
    };
    let perms: Vec<Vec<u16>> = turns.iter().map(|&t| puzzle.turn_perm(t).0).collect();
    let ranker = Ranker::new(&sub.chain);
    let k = ranker.base.len();
    let mut cells = Cells::new(total);
    let mut t = vec![0u16; k];
    let mut u = vec![0u16; k];
    let mut digits = vec![0usize; k];
    let mut start = ranker.base.clone();
    // The solved state: base images are the base points themselves.
    let r0 = ranker.rank(&mut start);
    cells.set(r0, A);
    // The targets' ranks (members only), and their depths once found.
    let ranks: Vec<Option<u64>> = targets
        .iter()
        .map(|g| {
            sub.contains(g).then(|| {
                let mut b: Vec<u16> = ranker.base.iter().map(|&x| g.0[x as usize]).collect();
                ranker.rank(&mut b)
            })
        })
        .collect();
    let mut depths: Vec<Option<usize>> = ranks
        .iter()
        .map(|r| r.filter(|&r| r == r0).map(|_| 0))
        .collect();
    let mut counts = vec![1u64];
    let mut seen = 1u64;
    // The frontier's code alternates between A and B; expanded cells
    // become DONE, so no pass is needed between rounds.
    let (mut frontier, mut next_code) = (A, B);
    let mut walk = Walk {
        ranker: &ranker,
        perms: &perms,
        t: &mut t,
        u: &mut u,
        digits: &mut digits,
    };
    loop {
        progress(counts.len() - 1, seen, total);
        let last = *counts.last().expect("the solved state's count");
        let next = if total - seen < last {
            walk.backward(&mut cells, total, frontier, next_code)
        } else {
            walk.forward(&mut cells, total, frontier, next_code)
        };
        if next == 0 {
            break;
        }
        seen += next;
        counts.push(next);
        for (d, r) in depths.iter_mut().zip(&ranks) {
            if let (None, Some(r)) = (*d, *r)
                && cells.get(r) == next_code
            {
                *d = Some(counts.len() - 1);
            }
        }
        std::mem::swap(&mut frontier, &mut next_code);
    }
    progress(counts.len() - 1, seen, total);
    Ok((
        Distances {
            counts,
            positions: seen,
            turns: turns.iter().map(|&t| puzzle.format_turn(t)).collect(),
        },
        depths,
    ))
}

/// One round of the search, two ways. Forward expands every frontier cell
/// (marking it done) and marks its unseen neighbours; backward, cheaper
/// once fewer cells are unseen than in the frontier, marks every unseen
/// cell that has a neighbour in the frontier (the turns are closed under
/// inverses, so that is the same set), then marks the frontier done.
struct Walk<'a> {
    ranker: &'a Ranker,
    perms: &'a [Vec<u16>],
    /// Scratch: base images of the cell, of its neighbour, and digits.
    t: &'a mut [u16],
    u: &'a mut [u16],
    digits: &'a mut [usize],
}

impl Walk<'_> {
    /// The rank of the neighbour of the cell whose base images are in `t`
    /// by the turn `p`.
    #[inline]
    fn neighbour(&mut self, p: &[u16]) -> u64 {
        for (u, &t) in self.u.iter_mut().zip(self.t.iter()) {
            *u = p[t as usize];
        }
        self.ranker.rank(self.u)
    }

    /// The forward round: the cells it marks `next_code`.
    fn forward(&mut self, cells: &mut Cells, total: u64, frontier: u8, next_code: u8) -> u64 {
        let mut next = 0;
        for i in 0..total {
            if cells.get(i) != frontier {
                continue;
            }
            cells.set(i, DONE);
            self.ranker.unrank(i, self.t, self.digits);
            for p in self.perms {
                let r = self.neighbour(p);
                if cells.get(r) == UNSEEN {
                    cells.set(r, next_code);
                    next += 1;
                }
            }
        }
        next
    }

    /// The backward round: the cells it marks `next_code`.
    fn backward(&mut self, cells: &mut Cells, total: u64, frontier: u8, next_code: u8) -> u64 {
        let mut next = 0;
        for i in 0..total {
            if cells.get(i) != UNSEEN {
                continue;
            }
            self.ranker.unrank(i, self.t, self.digits);
            for p in self.perms {
                if cells.get(self.neighbour(p)) == frontier {
                    cells.set(i, next_code);
                    next += 1;
                    break;
                }
            }
        }
        for i in 0..total {
            if cells.get(i) == frontier {
                cells.set(i, DONE);
            }
        }
        next
    }
}
