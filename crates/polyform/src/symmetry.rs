//! A puzzle's symmetry group, and counting solutions up to it.
//!
//! # The group
//!
//! A symmetry of a puzzle is a map of the lattice (a point-group element
//! followed by a translation) that carries the board onto itself (cells to
//! fill onto cells to fill, optional cells onto optional cells, pre-placed
//! pieces onto pre-placed pieces) and the piece set onto itself. Rotations
//! always carry a piece to itself. A reflection carries a piece to itself
//! when the piece may be turned over (2D pieces, flat 3D pieces, and 3D
//! pieces that are their own mirror image); otherwise to its mirror twin,
//! which must then be in the set with the same count (Soma's two screws,
//! one-sided pentominoes); otherwise the reflection is not a symmetry.
//!
//! Each symmetry permutes the options of the encoded matrix, and so maps
//! solutions to solutions. Solutions up to symmetry are the orbits of this
//! action ("distinct" solutions).
//!
//! # Counting orbits fast: one piece, one placement per orbit
//!
//! Choose a piece `P` that is present exactly once and that every symmetry
//! carries to itself. Its placements fall into orbits; keep one
//! representative `r` per orbit, and count the solutions with `P` at `r`.
//! For a solution `S` with `P` at `r`, its stabilizer `Stab(S)` fixes `P`'s
//! placement, so it lies in `H = Stab(r)`; the orbit of `S` holds
//! `|H| / |Stab(S)|` solutions with `P` at `r`. Hence
//!
//! * distinct = sum over solutions `S` found of `|Stab(S)| / |H_r|`, which is
//!   simply the number found when `H_r` is trivial (most placements), and
//! * total = sum over representatives of `N_r * |G| / |H_r|`,
//!
//! both exact, from a search about `|G|` times smaller than the full one.
//! Placements with a trivial stabilizer are counted together in one run
//! (the fast path, no solution visited); each symmetric placement gets a run
//! of its own whose solutions are visited to find their stabilizers.
//!
//! # The general fallback: Burnside's lemma
//!
//! When no piece qualifies (every piece has copies, or is swapped with its
//! twin), distinct = the average over `g` of the number of solutions `g`
//! fixes, from one enumeration of all solutions.
//!
//! Both are tested against the definition (canonical forms of all solutions)
//! on random puzzles with planted solutions, identical copies and symmetric
//! solutions.

use crate::board::reading_key;
use crate::encode::Encoding;
use crate::lattice::{Cell, Symmetry};
use crate::puzzle::Puzzle;
use crate::shape::Shape;
use dlx::{Matrix, OptionId, Stats};
use std::collections::{HashMap, HashSet};

/// One symmetry of a puzzle: `c -> point(c) + shift`, and the piece it
/// carries each piece to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSymmetry {
    pub point: Symmetry,
    pub shift: Cell,
    /// `pieces[i]`: the index of the piece that piece `i` becomes.
    pub pieces: Vec<usize>,
}

impl PuzzleSymmetry {
    /// The image of a cell.
    pub fn apply(&self, c: Cell) -> Cell {
        let p = self.point.apply(c);
        [
            p[0] + self.shift[0],
            p[1] + self.shift[1],
            p[2] + self.shift[2],
        ]
    }

    /// The image of a set of cells, sorted in reading order.
    pub fn apply_cells(&self, cells: &[Cell]) -> Vec<Cell> {
        let mut v: Vec<Cell> = cells.iter().map(|&c| self.apply(c)).collect();
        v.sort_by_key(reading_key);
        v
    }

    /// Does it leave every cell where it is?
    pub fn is_identity(&self) -> bool {
        self.point == Symmetry::identity() && self.shift == [0, 0, 0]
    }
}

/// The symmetry group of a puzzle, identity first.
#[derive(Clone, Debug)]
pub struct Group {
    pub elements: Vec<PuzzleSymmetry>,
}

impl Group {
    /// The number of symmetries.
    pub fn order(&self) -> usize {
        self.elements.len()
    }
}

/// Sorted cells as a key for a placement.
fn key(cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    v.sort_by_key(reading_key);
    v
}

/// The symmetries of a puzzle (see the module documentation).
pub fn puzzle_group(puzzle: &Puzzle) -> Group {
    let lattice = puzzle.lattice();
    let board = puzzle.board.cells();
    let mut elements = Vec::new();
    let Some(first) = board.iter().map(|(c, _)| *c).min_by_key(reading_key) else {
        return Group {
            elements: vec![PuzzleSymmetry {
                point: Symmetry::identity(),
                shift: [0, 0, 0],
                pieces: (0..puzzle.pieces.len()).collect(),
            }],
        };
    };
    let kinds: HashMap<Cell, _> = board.iter().copied().collect();
    let fixed: HashSet<(usize, Vec<Cell>)> = puzzle
        .fixed
        .iter()
        .map(|p| (p.piece, key(&p.cells)))
        .collect();
    'point: for &point in lattice.symmetries() {
        // A translation keeps the reading order, so the image's first cell
        // must go to the board's first cell.
        let image_first = board
            .iter()
            .map(|(c, _)| point.apply(*c))
            .min_by_key(reading_key)
            .expect("the board has cells");
        let shift = [
            first[0] - image_first[0],
            first[1] - image_first[1],
            first[2] - image_first[2],
        ];
        if !lattice.is_translation(shift) {
            continue;
        }
        let mut g = PuzzleSymmetry {
            point,
            shift,
            pieces: Vec::new(),
        };
        for &(c, k) in board {
            if kinds.get(&g.apply(c)) != Some(&k) {
                continue 'point;
            }
        }
        // The piece permutation.
        let mut taken = vec![false; puzzle.pieces.len()];
        for p in &puzzle.pieces {
            let image = Shape::new(p.cells.cells().iter().map(|&c| point.apply(c)).collect())
                .normalized(lattice);
            let target = if p.orientations.contains(&image) {
                puzzle.pieces.iter().position(|q| std::ptr::eq(q, p))
            } else {
                puzzle.pieces.iter().enumerate().position(|(j, q)| {
                    !taken[j]
                        && q.count == p.count
                        && q.size() == p.size()
                        && q.orientations.contains(&image)
                })
            };
            match target {
                Some(j) if !taken[j] => {
                    taken[j] = true;
                    g.pieces.push(j);
                }
                _ => continue 'point,
            }
        }
        for f in &puzzle.fixed {
            if !fixed.contains(&(g.pieces[f.piece], g.apply_cells(&f.cells))) {
                continue 'point;
            }
        }
        elements.push(g);
    }
    debug_assert!(elements.first().is_some_and(|g| g.is_identity()));
    Group { elements }
}

/// How each symmetry permutes the options of an encoding: `perm[g][o]` is
/// the option that symmetry `g` makes of option `o`.
pub fn option_permutations(group: &Group, enc: &Encoding) -> Result<Vec<Vec<u32>>, String> {
    let index: HashMap<(usize, &[Cell]), u32> = enc
        .placements
        .iter()
        .enumerate()
        .map(|(k, p)| ((p.piece, p.cells.as_slice()), k as u32))
        .collect();
    let mut perms = Vec::with_capacity(group.order());
    for g in &group.elements {
        let mut perm = Vec::with_capacity(enc.placements.len());
        for p in &enc.placements {
            let cells = g.apply_cells(&p.cells);
            let piece = g.pieces[p.piece];
            match index.get(&(piece, cells.as_slice())) {
                Some(&o) => perm.push(o),
                None => {
                    return Err(format!(
                        "internal error: a symmetry maps a placement of piece {} to no placement",
                        p.piece
                    ));
                }
            }
        }
        perms.push(perm);
    }
    Ok(perms)
}

/// What a search backend must do for the distinct count: count the
/// solutions of a matrix, or hand each one over. The CLI plugs the parallel
/// driver in here; [`SerialSearch`] is the plain one-thread solver.
pub trait Search {
    type Error;
    /// Counts all solutions of `m`.
    fn count(&mut self, m: &Matrix) -> Result<Stats, Self::Error>;
    /// Calls `f` with every solution of `m`.
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<Stats, Self::Error>;
}

/// The one-thread solver as a [`Search`].
#[derive(Debug, Default)]
pub struct SerialSearch;

impl Search for SerialSearch {
    type Error = std::convert::Infallible;
    fn count(&mut self, m: &Matrix) -> Result<Stats, Self::Error> {
        let mut s = dlx::Solver::new(m);
        s.count();
        Ok(s.stats())
    }
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<Stats, Self::Error> {
        let mut s = dlx::Solver::new(m);
        s.solve(&mut |o: &[OptionId]| {
            f(o);
            dlx::Control::Continue
        });
        Ok(s.stats())
    }
}

/// How the distinct count was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Piece `piece` (a puzzle's piece index; for
    /// [`count_distinct_by_action`], an index into its candidates) kept to
    /// one placement per orbit: `orbits` orbits, of
    /// which `symmetric` have placements with a nontrivial stabilizer.
    Representatives {
        piece: usize,
        orbits: usize,
        symmetric: usize,
    },
    /// All solutions enumerated, Burnside's lemma.
    Burnside,
}

/// Solutions in all and up to symmetry, with the cost of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistinctCount {
    pub solutions: u128,
    pub distinct: u128,
    pub group_order: usize,
    pub method: Method,
    pub stats: Stats,
}

/// The orbits of a piece's options under the group, each as (representative,
/// stabilizer size); the representative is the orbit's option that comes
/// first in `options`.
fn orbits(perms: &[Vec<u32>], options: &[u32]) -> Vec<(u32, usize)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for &rep in options {
        if seen.contains(&rep) {
            continue;
        }
        seen.extend(perms.iter().map(|p| p[rep as usize]));
        let stab = perms.iter().filter(|p| p[rep as usize] == rep).count();
        out.push((rep, stab));
    }
    out
}

/// The stabilizer size of a solution (given as sorted option ids) among the
/// symmetries `candidates`.
fn stabilizer(
    perms: &[Vec<u32>],
    candidates: &[usize],
    sorted: &[u32],
    buf: &mut Vec<u32>,
) -> usize {
    candidates
        .iter()
        .filter(|&&g| {
            buf.clear();
            buf.extend(sorted.iter().map(|&o| perms[g][o as usize]));
            buf.sort_unstable();
            buf == sorted
        })
        .count()
}

/// Counts the solutions of `puzzle` in all and up to its symmetry group.
pub fn count_distinct<S: Search>(
    puzzle: &Puzzle,
    enc: &Encoding,
    search: &mut S,
) -> Result<DistinctCount, DistinctError<S::Error>> {
    let d = count_on_puzzle(puzzle, enc, search, false)?;
    Ok(d.expect("Burnside's lemma always gives a count"))
}

/// Both counts of `puzzle` from the search reduced to one placement per
/// orbit, when that is possible and smaller than the whole search
/// ([`count_reduced_by_action`]); `None` otherwise. A fast way to the total
/// alone.
pub fn count_reduced<S: Search>(
    puzzle: &Puzzle,
    enc: &Encoding,
    search: &mut S,
) -> Result<Option<DistinctCount>, DistinctError<S::Error>> {
    count_on_puzzle(puzzle, enc, search, true)
}

/// [`count_reduced_by_action`] (`reduced_only`) or
/// [`count_distinct_by_action`] on the puzzle's group, with the piece of the
/// representatives named by its number in the puzzle.
fn count_on_puzzle<S: Search>(
    puzzle: &Puzzle,
    enc: &Encoding,
    search: &mut S,
    reduced_only: bool,
) -> Result<Option<DistinctCount>, DistinctError<S::Error>> {
    let (perms, candidates) = action(puzzle, enc)?;
    let lists: Vec<Vec<u32>> = candidates.iter().map(|c| c.1.clone()).collect();
    let mut d = if reduced_only {
        count_reduced_by_action(&enc.matrix, &perms, &lists, search)?
    } else {
        Some(count_distinct_by_action(
            &enc.matrix,
            &perms,
            &lists,
            search,
        )?)
    };
    if let Some(Method::Representatives { piece, .. }) = d.as_mut().map(|d| &mut d.method) {
        *piece = candidates[*piece].0;
    }
    Ok(d)
}

/// Options permuted by each symmetry of `puzzle`, and the pieces eligible for
/// representatives with their options.
#[allow(clippy::type_complexity)]
fn action<E>(
    puzzle: &Puzzle,
    enc: &Encoding,
) -> Result<(Vec<Vec<u32>>, Vec<(usize, Vec<u32>)>), DistinctError<E>> {
    let group = puzzle_group(puzzle);
    let perms = option_permutations(&group, enc).map_err(DistinctError::Internal)?;
    // Pieces present exactly once that every symmetry keeps, each with its
    // options in the reading order of their cells (so that a piece's
    // representative placements lie towards the top left, as in Knuth's
    // X-in-a-quadrant).
    let mut by_piece: Vec<Vec<u32>> = vec![Vec::new(); puzzle.pieces.len()];
    for (k, p) in enc.placements.iter().enumerate() {
        by_piece[p.piece].push(k as u32);
    }
    let mut candidates = Vec::new();
    for (i, p) in puzzle.pieces.iter().enumerate() {
        if p.count.is_one() && group.elements.iter().all(|g| g.pieces[i] == i) {
            let mut opts = std::mem::take(&mut by_piece[i]);
            opts.sort_by_key(|&o| {
                enc.placements[o as usize]
                    .cells
                    .iter()
                    .map(reading_key)
                    .collect::<Vec<_>>()
            });
            candidates.push((i, opts));
        }
    }
    Ok((perms, candidates))
}

/// Counts the solutions of `m` in all and up to a group acting on its
/// options, given by one permutation of the options per group element
/// (`perms[g][o]`, identity first, mapping solutions to solutions).
///
/// `candidates` lists, for each piece eligible for the fast method, its
/// options in order of preference for representatives: a set of options of
/// which every solution holds exactly one, and which the group maps onto
/// itself (a piece present once, carried to itself by every symmetry). The
/// candidate with the fewest orbits is used; with no candidate, Burnside's
/// lemma. This is the whole method, free of puzzles: polyform puzzles and
/// edge-matching puzzles both come here.
pub fn count_distinct_by_action<S: Search>(
    m: &Matrix,
    perms: &[Vec<u32>],
    candidates: &[Vec<u32>],
    search: &mut S,
) -> Result<DistinctCount, DistinctError<S::Error>> {
    match count_by_representatives(m, perms, candidates, search)? {
        Some(d) => Ok(d),
        None => burnside(perms, m, search),
    }
}

/// The fast method of [`count_distinct_by_action`] alone, when it pays: `None`
/// when the group is trivial (nothing to reduce) or no candidate is given.
pub fn count_reduced_by_action<S: Search>(
    m: &Matrix,
    perms: &[Vec<u32>],
    candidates: &[Vec<u32>],
    search: &mut S,
) -> Result<Option<DistinctCount>, DistinctError<S::Error>> {
    if perms.len() < 2 {
        return Ok(None);
    }
    count_by_representatives(m, perms, candidates, search)
}

/// The fast method of [`count_distinct_by_action`]: `None` when no candidate
/// is given.
fn count_by_representatives<S: Search>(
    m: &Matrix,
    perms: &[Vec<u32>],
    candidates: &[Vec<u32>],
    search: &mut S,
) -> Result<Option<DistinctCount>, DistinctError<S::Error>> {
    let order = perms.len() as u128;
    let mut best: Option<(usize, Vec<(u32, usize)>)> = None;
    for (i, opts) in candidates.iter().enumerate() {
        let orbits = orbits(perms, opts);
        // Fewest orbits first (the smallest first level of the search),
        // then fewest symmetric ones.
        let score = |o: &[(u32, usize)]| (o.len(), o.iter().filter(|x| x.1 > 1).count());
        if best.as_ref().is_none_or(|(_, b)| score(&orbits) < score(b)) {
            best = Some((i, orbits));
        }
    }
    let Some((piece, orbits)) = best else {
        return Ok(None);
    };
    let members: HashSet<u32> = candidates[piece].iter().copied().collect();
    let mut stats = Stats::default();
    // Placements with a trivial stabilizer: one counting run.
    let plain: HashSet<u32> = orbits.iter().filter(|o| o.1 == 1).map(|o| o.0).collect();
    let (restricted, _) = m.retain_options(|o| {
        let o = o.index() as u32;
        !members.contains(&o) || plain.contains(&o)
    });
    let mut solutions = 0u128;
    let mut distinct_times_order = 0u128;
    if !plain.is_empty() {
        let st = search.count(&restricted).map_err(DistinctError::Search)?;
        solutions += st.solutions * order;
        distinct_times_order += st.solutions * order;
        stats += st;
    }
    // Each symmetric placement: visit its solutions for their stabilizers.
    let mut symmetric = 0;
    for &(rep, stab) in orbits.iter().filter(|o| o.1 > 1) {
        symmetric += 1;
        let h: Vec<usize> = (0..perms.len())
            .filter(|&g| perms[g][rep as usize] == rep)
            .collect();
        debug_assert_eq!(h.len(), stab);
        let (restricted, old) = m.retain_options(|o| {
            let o = o.index() as u32;
            !members.contains(&o) || o == rep
        });
        let mut found = 0u128;
        let mut stab_sum = 0u128;
        let mut sorted = Vec::new();
        let mut buf = Vec::new();
        let st = search
            .each(&restricted, &mut |opts: &[OptionId]| {
                sorted.clear();
                sorted.extend(opts.iter().map(|o| old[o.index()].index() as u32));
                sorted.sort_unstable();
                found += 1;
                stab_sum += stabilizer(perms, &h, &sorted, &mut buf) as u128;
            })
            .map_err(DistinctError::Search)?;
        stats += st;
        let h = stab as u128;
        solutions += found * (order / h);
        // sum |Stab(S)| / |H|, kept over the denominator |G|.
        distinct_times_order += stab_sum * (order / h);
    }
    debug_assert_eq!(distinct_times_order % order, 0);
    stats.solutions = solutions;
    Ok(Some(DistinctCount {
        solutions,
        distinct: distinct_times_order / order,
        group_order: perms.len(),
        method: Method::Representatives {
            piece,
            orbits: orbits.len(),
            symmetric,
        },
        stats,
    }))
}

/// Burnside's lemma: distinct = (1/|G|) sum over `g` of the number of
/// solutions `g` fixes. The identity fixes all of them (one counting run);
/// any other `g` fixes exactly the solutions made of whole orbits of `g`'s
/// action on the options, which are the solutions of a much smaller matrix
/// ([`fixed_solutions`]).
fn burnside<S: Search>(
    perms: &[Vec<u32>],
    m: &Matrix,
    search: &mut S,
) -> Result<DistinctCount, DistinctError<S::Error>> {
    let mut stats = search.count(m).map_err(DistinctError::Search)?;
    let found = stats.solutions;
    let mut total = found;
    for perm in &perms[1..] {
        match fixed_solutions(m, perm, search)? {
            Some((fixed, st)) => {
                total += fixed;
                stats += st;
            }
            None => return burnside_by_enumeration(perms, m, search),
        }
    }
    burnside_result(found, total, perms.len(), stats)
}

/// The number of solutions of `m` that the option permutation `perm` maps
/// to themselves; `None` when the reduction below cannot express the
/// problem.
///
/// Such a solution is a union of orbits of the cyclic group generated by
/// `perm`, each orbit made of options with no item in common. So: one option
/// per such orbit, covering the union of its items. Items with bounds other
/// than `1:1` (identical copies) cannot be covered several times by one
/// option; they are left out of the orbit matrix and their bounds checked on
/// each of its solutions instead.
pub fn fixed_solutions<S: Search>(
    m: &Matrix,
    perm: &[u32],
    search: &mut S,
) -> Result<Option<(u128, Stats)>, DistinctError<S::Error>> {
    let plain = |i: dlx::ItemId| m.bounds(i) == (1, 1) || !m.is_primary(i);
    let mut b = dlx::MatrixBuilder::new();
    let mut ids = vec![None; m.num_items()];
    for item in m.items() {
        if m.is_primary(item) && plain(item) {
            ids[item.index()] = Some(b.primary(m.item_name(item)).map_err(internal)?);
        }
    }
    for item in m.items() {
        if !m.is_primary(item) {
            ids[item.index()] = Some(b.secondary(m.item_name(item)).map_err(internal)?);
        }
    }
    let counted: Vec<dlx::ItemId> = m.items().filter(|&i| !plain(i)).collect();
    // uses[k][j]: how many times orbit option k uses counted item j.
    let mut uses: Vec<Vec<u32>> = Vec::new();
    let mut seen = vec![false; m.num_options()];
    let mut in_orbit = vec![0u32; m.num_items()];
    let mut stamp = 0u32;
    for start in 0..m.num_options() {
        if seen[start] {
            continue;
        }
        let mut orbit = vec![start];
        seen[start] = true;
        let mut o = perm[start] as usize;
        while o != start {
            seen[o] = true;
            orbit.push(o);
            o = perm[o] as usize;
        }
        stamp += 1;
        let mut row = Vec::new();
        let mut used = vec![0u32; counted.len()];
        let mut clash = false;
        for &o in &orbit {
            for e in m.option(OptionId::from_index(o)) {
                let i = e.item.index();
                if let Some(id) = ids[i] {
                    if in_orbit[i] == stamp {
                        clash = true;
                    }
                    in_orbit[i] = stamp;
                    row.push((id, e.color.map(|c| b.color(m.color_name(c)))));
                } else if let Some(j) = counted.iter().position(|&c| c == e.item) {
                    used[j] += 1;
                }
            }
        }
        // An orbit whose options overlap cannot be part of a solution.
        if clash {
            continue;
        }
        // An orbit covering no plain primary item would be an option with
        // no primary item (only copies of a piece on cells that may stay
        // empty): the reduction cannot express it.
        if !row.iter().any(|(id, _)| b.is_primary(*id)) {
            return Ok(None);
        }
        b.option(&row).map_err(internal)?;
        uses.push(used);
    }
    let reduced = b.build().map_err(internal)?;
    let mut fixed = 0u128;
    let mut total = vec![0u32; counted.len()];
    let stats = search
        .each(&reduced, &mut |opts: &[OptionId]| {
            total.iter_mut().for_each(|t| *t = 0);
            for o in opts {
                for (t, u) in total.iter_mut().zip(&uses[o.index()]) {
                    *t += u;
                }
            }
            let ok = counted.iter().zip(&total).all(|(&item, &t)| {
                let (lo, hi) = m.bounds(item);
                lo <= t && t <= hi
            });
            fixed += u128::from(ok);
        })
        .map_err(DistinctError::Search)?;
    Ok(Some((fixed, stats)))
}

fn internal<E>(e: dlx::MatrixError) -> DistinctError<E> {
    DistinctError::Internal(e.to_string())
}

/// Burnside's lemma over one enumeration of all solutions: slower, but
/// needs no reduction.
fn burnside_by_enumeration<S: Search>(
    perms: &[Vec<u32>],
    m: &Matrix,
    search: &mut S,
) -> Result<DistinctCount, DistinctError<S::Error>> {
    let others: Vec<usize> = (1..perms.len()).collect();
    let mut fixed = 0u128;
    let mut found = 0u128;
    let mut sorted = Vec::new();
    let mut buf = Vec::new();
    let stats = search
        .each(m, &mut |opts: &[OptionId]| {
            sorted.clear();
            sorted.extend(opts.iter().map(|o| o.index() as u32));
            sorted.sort_unstable();
            found += 1;
            fixed += stabilizer(perms, &others, &sorted, &mut buf) as u128;
        })
        .map_err(DistinctError::Search)?;
    burnside_result(found, found + fixed, perms.len(), stats)
}

/// Burnside's average: `sum` (the fixed points of every group element, the
/// identity's `found` included) over the group order, which must divide it.
fn burnside_result<E>(
    found: u128,
    sum: u128,
    order: usize,
    mut stats: Stats,
) -> Result<DistinctCount, DistinctError<E>> {
    let o = order as u128;
    if sum % o != 0 {
        return Err(DistinctError::Internal(format!(
            "Burnside's sum {sum} is not a multiple of the group order {order}"
        )));
    }
    stats.solutions = found;
    Ok(DistinctCount {
        solutions: found,
        distinct: sum / o,
        group_order: order,
        method: Method::Burnside,
        stats,
    })
}

/// Why a distinct count failed.
#[derive(Debug)]
pub enum DistinctError<E> {
    /// The search backend failed (e.g. it was interrupted).
    Search(E),
    /// A broken invariant (a bug), with an explanation.
    Internal(String),
}

impl<E: std::fmt::Display> std::fmt::Display for DistinctError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DistinctError::Search(e) => write!(f, "{e}"),
            DistinctError::Internal(m) => write!(f, "{m}"),
        }
    }
}

/// The number of distinct solutions by the definition: the canonical form
/// (smallest image under the group) of every solution, deduplicated. Slow
/// and memory-hungry; for tests of the fast methods.
pub fn count_distinct_by_definition(puzzle: &Puzzle, enc: &Encoding) -> (u128, u128) {
    let group = puzzle_group(puzzle);
    let perms = option_permutations(&group, enc).expect("the group permutes the options");
    let mut seen = HashSet::new();
    let mut total = 0u128;
    let mut s = dlx::Solver::new(&enc.matrix);
    s.solve(&mut |opts: &[OptionId]| {
        total += 1;
        let canon = perms
            .iter()
            .map(|p| {
                let mut v: Vec<u32> = opts.iter().map(|o| p[o.index()]).collect();
                v.sort_unstable();
                v
            })
            .min()
            .expect("the group has the identity");
        seen.insert(canon);
        dlx::Control::Continue
    });
    (total, seen.len() as u128)
}
