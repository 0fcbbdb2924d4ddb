//! Booklet challenges with exactly one solution: a puzzle with some pieces
//! placed in advance where they are in some solution, so that the loose
//! pieces fill the rest in one way only.
//!
//! A challenge comes from a random solution (the first one of the matrix
//! with its options shuffled by a seeded generator) and a random order of
//! its pieces: the pieces are made loose one at a time in that order,
//! each kept only if the challenge stays unique (a search stopped at the
//! second solution), until `loose` pieces are loose (`fixed`) or the order
//! is exhausted (the default). Loosening can only add solutions (the
//! completions of a challenge are completions of any challenge with fewer
//! pieces placed), so a piece refused once would be refused later too: one
//! pass leaves a *minimal* challenge, where no placed piece can be made
//! loose while the solution stays unique.
//!
//! Copies of a piece share its symbol in a file's drawing, so a challenge
//! whose placed copies could be split into copies in more than one way
//! cannot be written, and is skipped.
//!
//! Two challenges are the same when a symmetry of the board maps one's
//! placed pieces onto the other's; each is known by its canonical form,
//! the smallest sorted image of its placed options.
//!
//! The [`Difficulty`] is measured on the challenge as a file states it
//! (the puzzle with its pieces placed, encoded again): the nodes of the
//! search that proves the solution unique, and the placements forced by
//! propagation alone.

use dlx::{Color, Control, ItemId, Matrix, MatrixBuilder, MatrixError, OptionId, Solver};
use polyform::encode::{Encoding, encode_with};
use polyform::puzzle::resolve_fixed;
use polyform::symmetry::{self, GroupChoice};
use polyform::{Limits, Placement, Puzzle};
use std::collections::HashSet;
use std::fmt;

#[path = "generate_booklet.rs"]
pub mod booklet;
#[path = "generate_file.rs"]
pub mod file;

/// What to generate.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    /// The fewest loose pieces of a challenge (exactly this many with `fixed`).
    pub loose: usize,
    /// How many challenges (1 to [`MAX_COUNT`]).
    pub count: usize,
    /// The seed of every random choice: the same seed, the same challenges.
    pub seed: u64,
    /// Stop loosening at `loose` pieces instead of making the challenge minimal.
    pub fixed: bool,
}

/// How hard a challenge is, measured on its own matrix.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Nodes of the DLX search (DLX1's tree, the fewest-options item first)
    /// that finds the solution and proves there is no other.
    pub nodes: u64,
    /// Placements forced by propagation alone from the start: a cell or a
    /// piece left with one possible placement is given it, repeatedly.
    pub forced: usize,
}

/// One challenge.
///
/// Invariants: `given` and `loose` are disjoint, sorted, and together one
/// solution of the puzzle (options of the puzzle's encoding); with `given`
/// placed, `loose` is the only way to finish.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// The options placed in advance.
    pub given: Vec<usize>,
    /// The options the player places: the only completion.
    pub loose: Vec<usize>,
    /// The smallest sorted image of `given` under the board's symmetries.
    pub canonical: Vec<u32>,
    /// How hard it is.
    pub difficulty: Difficulty,
}

impl Challenge {
    /// The pieces on the challenge's board: those `base` (the puzzle file)
    /// places itself, and those the challenge adds. `given` alone would say
    /// "0 placed" of a challenge made from a puzzle whose board already
    /// holds pieces.
    pub fn placed(&self, base: &Puzzle) -> usize {
        base.fixed.len() + self.given.len()
    }

    /// The puzzle of this challenge: `base` with the given options placed
    /// and their pieces' counts lowered.
    pub fn puzzle(&self, base: &Puzzle, encoding: &Encoding) -> Puzzle {
        let mut p = base.clone();
        for &o in &self.given {
            let pl = &encoding.placements[o];
            let c = &mut p.pieces[pl.piece].count;
            // A solution uses a piece within its count, so this never fails.
            *c = c.after_using(1).unwrap_or(*c);
            p.fixed.push(pl.clone());
        }
        p
    }

    /// The placements of the given pieces (as drawn on the board).
    pub fn given_placements(&self, encoding: &Encoding) -> Vec<Placement> {
        self.given
            .iter()
            .map(|&o| encoding.placements[o].clone())
            .collect()
    }

    /// The placements of the loose pieces in the only solution.
    pub fn loose_placements(&self, encoding: &Encoding) -> Vec<Placement> {
        self.loose
            .iter()
            .map(|&o| encoding.placements[o].clone())
            .collect()
    }
}

/// What [`generate`] made.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The challenges, easiest first (level `i + 1` is `challenges[i]`).
    pub challenges: Vec<Challenge>,
    /// Random solutions tried.
    pub attempts: usize,
}

/// Why no challenge could be made.
#[derive(Debug)]
pub enum GenerateError {
    /// `loose` is 0: nothing left to the player.
    NoLoose,
    /// `count` is 0.
    NoCount,
    /// `count` is more than [`MAX_COUNT`].
    CountTooLarge(usize),
    /// More loose pieces asked for than a solution has.
    TooManyLoose {
        /// The loose pieces asked for.
        loose: usize,
        /// The pieces of a solution.
        pieces: usize,
    },
    /// The puzzle has no solution.
    NoSolution,
    /// Encoding a challenge, or building a matrix, failed.
    Polyform(polyform::Error),
    /// A generated challenge does not have exactly one solution once
    /// encoded on its own (a bug).
    NotUnique {
        /// The solutions found (at most 2).
        solutions: u128,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::NoLoose => write!(f, "--loose must be at least 1"),
            GenerateError::NoCount => write!(f, "--count must be at least 1"),
            GenerateError::CountTooLarge(n) => write!(
                f,
                "--count {n} is more than the {MAX_COUNT} challenges one run makes at most"
            ),
            GenerateError::TooManyLoose { loose, pieces } => write!(
                f,
                "--loose {loose} is more than the {pieces} pieces of a solution"
            ),
            GenerateError::NoSolution => write!(
                f,
                "the puzzle has no solution, so it has no challenges (`polycover explain` tells why)"
            ),
            GenerateError::Polyform(e) => write!(f, "{e}"),
            GenerateError::NotUnique { solutions } => write!(
                f,
                "internal error: a generated challenge has {solutions} solutions once encoded"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<polyform::Error> for GenerateError {
    fn from(e: polyform::Error) -> Self {
        GenerateError::Polyform(e)
    }
}

/// A small seeded generator (SplitMix64): the same seed, the same choices
/// on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        // Multiply-shift: unbiased enough for shuffling small lists.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `v` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// Random solutions tried per challenge asked for before giving up on the
/// rest (a small board may have fewer distinct challenges than asked).
const ATTEMPTS_PER_CHALLENGE: usize = 20;

/// The most challenges one run makes: a booklet of a million levels is
/// already far past any use, and a bound keeps the attempt budget (20 per
/// challenge) and the files written within reason.
pub const MAX_COUNT: usize = 1_000_000;

impl Settings {
    /// Refuses settings no puzzle could satisfy (no loose piece, no
    /// challenge, more than [`MAX_COUNT`] challenges), so that a caller can
    /// check them before reading the puzzle.
    pub fn check(&self) -> Result<(), GenerateError> {
        if self.loose == 0 {
            return Err(GenerateError::NoLoose);
        }
        match self.count {
            0 => Err(GenerateError::NoCount),
            n if n > MAX_COUNT => Err(GenerateError::CountTooLarge(n)),
            _ => Ok(()),
        }
    }
}

/// Random solutions tried for `count` challenges before giving up on the
/// rest: `ATTEMPTS_PER_CHALLENGE * count + 100`, saturating (never wrapping
/// round to a small budget).
pub fn attempt_budget(count: usize) -> usize {
    ATTEMPTS_PER_CHALLENGE
        .saturating_mul(count)
        .saturating_add(100)
}

/// Makes `settings.count` challenges of `puzzle` (encoded as `encoding`),
/// or as many distinct ones as turn up in [`attempt_budget`] random
/// solutions, easiest first.
pub fn generate(
    puzzle: &Puzzle,
    encoding: &Encoding,
    limits: &Limits,
    settings: &Settings,
) -> Result<Generated, GenerateError> {
    settings.check()?;
    let most = most_pieces(puzzle);
    if most.is_some_and(|m| settings.loose > m) {
        return Err(GenerateError::TooManyLoose {
            loose: settings.loose,
            pieces: most.unwrap_or(0),
        });
    }
    let m = &encoding.matrix;
    let perms = symmetry::action(puzzle, encoding, GroupChoice::Full)
        .map(|a| a.perms)
        .map_err(|e| polyform::Error::new(&puzzle.path, None, e))?;
    let mut rng = Rng::new(settings.seed);
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut found: Vec<Challenge> = Vec::new();
    let budget = attempt_budget(settings.count);
    let mut attempts = 0;
    while found.len() < settings.count && attempts < budget {
        attempts += 1;
        let Some(solution) = random_solution(m, &mut rng).map_err(|e| matrix_error(puzzle, e))?
        else {
            return Err(GenerateError::NoSolution);
        };
        if solution.len() < settings.loose {
            if most.is_none() {
                continue;
            }
            return Err(GenerateError::TooManyLoose {
                loose: settings.loose,
                pieces: solution.len(),
            });
        }
        let Some((mut given, mut loose)) = loosen(m, &solution, settings, &mut rng) else {
            continue;
        };
        given.sort_unstable();
        loose.sort_unstable();
        if !drawable(puzzle, encoding, &given) {
            continue;
        }
        let canonical = canonical(&given, &perms);
        if !seen.insert(canonical.clone()) {
            continue;
        }
        let mut c = Challenge {
            given,
            loose,
            canonical,
            difficulty: Difficulty {
                nodes: 0,
                forced: 0,
            },
        };
        c.difficulty = measure(&c.puzzle(puzzle, encoding), limits)?;
        found.push(c);
    }
    found.sort_by(|a, b| {
        (a.difficulty.nodes, b.difficulty.forced, &a.canonical).cmp(&(
            b.difficulty.nodes,
            a.difficulty.forced,
            &b.canonical,
        ))
    });
    Ok(Generated {
        challenges: found,
        attempts,
    })
}

/// Can a file draw these placed pieces? Copies of one piece share its
/// symbol, so their cells must split into copies in one way only (the
/// file format's rule).
fn drawable(puzzle: &Puzzle, encoding: &Encoding, given: &[usize]) -> bool {
    let mut cells: Vec<Vec<polyform::Cell>> = vec![Vec::new(); puzzle.pieces.len()];
    let mut copies = vec![0usize; puzzle.pieces.len()];
    for pl in puzzle
        .fixed
        .iter()
        .chain(given.iter().map(|&o| &encoding.placements[o]))
    {
        cells[pl.piece].extend(&pl.cells);
        copies[pl.piece] += 1;
    }
    (0..puzzle.pieces.len()).all(|i| {
        copies[i] < 2
            || resolve_fixed(puzzle.lattice(), &puzzle.pieces[i], i, &cells[i])
                .is_ok_and(|ps| ps.len() == copies[i])
    })
}

/// The most pieces a solution can have (copies counted), if bounded.
fn most_pieces(puzzle: &Puzzle) -> Option<usize> {
    puzzle
        .pieces
        .iter()
        .try_fold(0usize, |s, p| Some(s.saturating_add(p.count.hi? as usize)))
}

fn matrix_error(puzzle: &Puzzle, e: MatrixError) -> GenerateError {
    GenerateError::Polyform(polyform::Error::at(
        &puzzle.path,
        None,
        polyform::ErrorKind::Matrix(e),
    ))
}

/// The first solution of `m` with its options in a random order (options
/// of `m`), or `None` when `m` has no solution.
pub fn random_solution(m: &Matrix, rng: &mut Rng) -> Result<Option<Vec<usize>>, MatrixError> {
    let mut order: Vec<usize> = (0..m.num_options()).collect();
    rng.shuffle(&mut order);
    let shuffled = reordered(m, &order)?;
    let first = Solver::new(&shuffled).first(1);
    Ok(first
        .first()
        .map(|s| s.iter().map(|o| order[o.index()]).collect()))
}

/// `m` with option `k` of the result being option `order[k]` of `m`.
fn reordered(m: &Matrix, order: &[usize]) -> Result<Matrix, MatrixError> {
    let mut b = MatrixBuilder::new();
    let mut ids: Vec<ItemId> = Vec::with_capacity(m.num_items());
    for item in m.items() {
        let name = m.item_name(item);
        ids.push(if !m.is_primary(item) {
            b.secondary(name)?
        } else if m.bounds(item) == (1, 1) {
            b.primary(name)?
        } else {
            let (lo, hi) = m.bounds(item);
            b.primary_bounds(name, lo, hi)?
        });
    }
    let mut row: Vec<(ItemId, Option<Color>)> = Vec::new();
    for &o in order {
        row.clear();
        for e in m.option(OptionId::from_index(o)) {
            let color = e.color.map(|c| b.color(m.color_name(c)));
            row.push((ids[e.item.index()], color));
        }
        b.option(&row)?;
    }
    b.build()
}

/// Makes pieces of `solution` loose one at a time in a random order while
/// the challenge stays unique; `(given, loose)` when at least
/// `settings.loose` end up loose.
fn loosen(
    m: &Matrix,
    solution: &[usize],
    settings: &Settings,
    rng: &mut Rng,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let mut order = solution.to_vec();
    rng.shuffle(&mut order);
    let mut given = solution.to_vec();
    let mut loose = Vec::new();
    for o in order {
        if settings.fixed && loose.len() == settings.loose {
            break;
        }
        let trial: Vec<usize> = given.iter().copied().filter(|&g| g != o).collect();
        // One loose piece fills its own hole: nothing to search.
        if loose.is_empty() || completions(m, &trial, 2) == 1 {
            given = trial;
            loose.push(o);
        }
    }
    (loose.len() >= settings.loose).then_some((given, loose))
}

/// The solutions of `m` that contain every option of `given`, counted up
/// to `limit`: the search runs on the options that agree with `given`
/// (and `given` itself, which alone covers its cells).
pub fn completions(m: &Matrix, given: &[usize], limit: u64) -> u64 {
    let mut taken = vec![false; m.num_items()];
    let mut is_given = vec![false; m.num_options()];
    for &g in given {
        is_given[g] = true;
        for e in m.option(OptionId::from_index(g)) {
            // A piece item with room for more copies stays open to them.
            if !m.is_primary(e.item) || m.bounds(e.item).1 == 1 {
                taken[e.item.index()] = true;
            }
        }
    }
    let (r, _) = m.retain_options(|o| {
        is_given[o.index()] || m.option(o).iter().all(|e| !taken[e.item.index()])
    });
    let mut n = 0;
    Solver::new(&r).solve(&mut |_: &[OptionId]| {
        n += 1;
        if n >= limit {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    n
}

/// The smallest sorted image of `given` under `perms` (the identity among them).
pub fn canonical(given: &[usize], perms: &[Vec<u32>]) -> Vec<u32> {
    let mut best: Vec<u32> = given.iter().map(|&o| o as u32).collect();
    best.sort_unstable();
    let mut image = Vec::with_capacity(best.len());
    for p in perms {
        image.clear();
        image.extend(given.iter().map(|&o| p[o]));
        image.sort_unstable();
        if image < best {
            best.clone_from(&image);
        }
    }
    best
}

/// The difficulty of a challenge puzzle, checking on the way that it has
/// exactly one solution.
pub fn measure(challenge: &Puzzle, limits: &Limits) -> Result<Difficulty, GenerateError> {
    let e = encode_with(challenge, limits)?;
    let mut s = Solver::new(&e.matrix);
    let solutions = s.count();
    if solutions != 1 {
        return Err(GenerateError::NotUnique { solutions });
    }
    Ok(Difficulty {
        nodes: s.stats().nodes,
        forced: forced(&e.matrix),
    })
}

/// Placements forced by propagation alone: while some uncovered item that
/// must be covered exactly once has one option left, take that option
/// (removing every option that clashes with it). Items with other bounds
/// (pieces with several copies) never force.
pub fn forced(m: &Matrix) -> usize {
    let mut by_item: Vec<Vec<usize>> = vec![Vec::new(); m.num_items()];
    for o in m.options() {
        for e in m.option(o) {
            by_item[e.item.index()].push(o.index());
        }
    }
    let mut alive = vec![true; m.num_options()];
    let mut covered = vec![false; m.num_items()];
    let items: Vec<ItemId> = m.items().collect();
    let mut n = 0;
    loop {
        let pick = (0..m.num_primary()).find_map(|i| {
            if covered[i] || m.bounds(items[i]) != (1, 1) {
                return None;
            }
            let mut left = by_item[i].iter().filter(|&&o| alive[o]);
            let first = *left.next()?;
            left.next().is_none().then_some(first)
        });
        let Some(o) = pick else { break };
        n += 1;
        for e in m.option(OptionId::from_index(o)) {
            covered[e.item.index()] = true;
            for &p in &by_item[e.item.index()] {
                alive[p] = false;
            }
        }
    }
    n
}
