//! Why a polyform puzzle has no solution: the reasons a person can check
//! by hand, tried from the plainest to the subtlest.
//!
//! 1. a piece every solution uses that fits nowhere on the free cells;
//! 2. a cell to fill that no placement of any piece covers;
//! 3. a colouring ([`crate::colouring`]) under which the pieces' colour
//!    vectors cannot add up to the board's colour counts ([`crate::feasible`]);
//! 4. a part of the board cut off from the rest (no placement reaches
//!    across its edge) that no choice of pieces fills, the smallest such
//!    part, found by a search of at most [`REGION_NODES`] nodes per part.
//!
//! (The area, the plainest reason of all, is checked when the puzzle is
//! read: a file whose pieces cannot cover its board is refused with that
//! arithmetic, and the caller reports it as the reason.)
//!
//! [`examine`] first searches for a solution, within [`quick_nodes`]
//! nodes: the arguments cost far more than finding the solution of an
//! easy puzzle (the colourings' totals grow with the board's area), and
//! none of them can succeed on a puzzle that has one.

use crate::colouring::{self, Colouring};
use crate::feasible::{self, PieceVectors};
use polyform::{Cell, CellKind, Encoding, Puzzle};
use std::collections::{BTreeSet, HashSet};

/// Partial totals a colouring's programme may hold before it is given up.
const TOTALS_LIMIT: usize = 1 << 20;

/// The nodes a search of one part of the board may take (beyond it the
/// part is passed over: "where quick").
pub const REGION_NODES: u64 = 1_000_000;

/// A reason there is no solution.
#[derive(Clone, Debug)]
pub enum Reason {
    /// A piece of which every solution holds `copies` (at least 1) has no
    /// placement on the free cells.
    NowhereFits {
        /// The piece's name.
        piece: String,
        /// The fewest copies a solution uses.
        copies: u32,
    },
    /// A cell that must be filled lies under no placement of any piece.
    Uncovered {
        /// The cell, in the lattice's coordinates.
        cell: Cell,
    },
    /// The pieces cannot match the board's colour counts.
    Colouring(ColouringProof),
    /// These free cells are cut off from the others (every placement lies
    /// wholly inside or outside them), and no choice of pieces (each at
    /// most its count) fills them: a search of `nodes` nodes found none.
    Region {
        /// The part's cells, in the board's order.
        cells: Vec<Cell>,
        /// The nodes of the search that proved it.
        nodes: u64,
    },
}

/// The arithmetic of a colouring argument, each figure checkable alone.
///
/// Invariant: `fill`, `optional` and every vector have `colouring.modulus`
/// entries; `totals` is every sum of one vector per piece copy (within the
/// counts) that covers at most the free cells, and none of them lies
/// between `fill` and `fill + optional`, colour by colour.
#[derive(Clone, Debug)]
pub struct ColouringProof {
    /// The colouring.
    pub colouring: Colouring,
    /// Every free cell with its colour, in the board's order.
    pub cells: Vec<(Cell, usize)>,
    /// Cells to fill, per colour.
    pub fill: Vec<u32>,
    /// Optional cells, per colour.
    pub optional: Vec<u32>,
    /// Per piece: its name, its count and the distinct colour vectors of
    /// its placements.
    pub pieces: Vec<(String, PieceVectors)>,
    /// The totals the pieces can reach.
    pub totals: BTreeSet<Vec<u32>>,
}

/// What [`examine`] found.
#[derive(Clone, Debug)]
pub enum Examined {
    /// A quick search found a solution (no argument was tried).
    Solvable,
    /// The puzzle has no solution, for this reason.
    Reason(Reason),
    /// No solution within the quick search, and no argument proves there is
    /// none: only a full search can tell.
    Open,
}

/// A quick search for a solution, then, if it finds none, the arguments of
/// [`explain`].
pub fn examine(puzzle: &Puzzle, encoding: &Encoding) -> Examined {
    let m = &encoding.matrix;
    cheap_first(m, quick_nodes(m), || explain(puzzle, encoding))
}

/// The nodes of [`examine`]'s quick search: enough for an easy puzzle's
/// solution however large (a node or so per option), few next to what the
/// arguments cost.
pub fn quick_nodes(m: &dlx::Matrix) -> u64 {
    (2 * m.num_options() as u64).max(100_000)
}

/// [`Examined::Solvable`] if a search of `m` within `nodes` nodes finds a
/// solution, else what `argue` finds: the cheap search first, the costly
/// arguments only when it fails.
pub fn cheap_first(
    m: &dlx::Matrix,
    nodes: u64,
    argue: impl FnOnce() -> Option<Reason>,
) -> Examined {
    if solution_within(m, nodes) {
        return Examined::Solvable;
    }
    argue().map_or(Examined::Open, Examined::Reason)
}

/// Does a search of `m` find a solution within `nodes` nodes?
fn solution_within(m: &dlx::Matrix, nodes: u64) -> bool {
    let mut solver = dlx::Solver::new(m);
    if solver.start(&dlx::Subproblem::root()).is_err() {
        return false;
    }
    let mut found = false;
    solver.run(
        &mut |_: &[dlx::OptionId]| {
            found = true;
            dlx::Control::Stop
        },
        nodes,
    );
    found
}

/// The first reason found, or `None` when none of these arguments proves
/// there is no solution (the puzzle may still have none: only a search can
/// tell).
pub fn explain(puzzle: &Puzzle, encoding: &Encoding) -> Option<Reason> {
    nowhere_fits(puzzle, encoding)
        .or_else(|| uncovered(puzzle, encoding))
        .or_else(|| colouring_argument(puzzle, encoding))
        .or_else(|| cut_off(puzzle, encoding))
}

/// The free cells in parts no placement crosses between (union-find over
/// each placement's cells), each part in the board's order, smallest first.
fn parts(puzzle: &Puzzle, encoding: &Encoding) -> Vec<Vec<(Cell, CellKind)>> {
    let free = puzzle.free_cells();
    let index: std::collections::HashMap<Cell, usize> =
        free.iter().enumerate().map(|(i, c)| (c.0, i)).collect();
    let mut parent: Vec<usize> = (0..free.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for pl in &encoding.placements {
        let mut cells = pl.cells.iter().filter_map(|c| index.get(c).copied());
        if let Some(first) = cells.next() {
            for c in cells {
                let (a, b) = (root(&mut parent, first), root(&mut parent, c));
                parent[a] = b;
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<(Cell, CellKind)>> = Default::default();
    for (i, &c) in free.iter().enumerate() {
        let r = root(&mut parent, i);
        groups.entry(r).or_default().push(c);
    }
    let mut out: Vec<_> = groups.into_values().collect();
    out.sort_by_key(Vec::len);
    out
}

/// The smallest part of the board cut off from the rest that no choice of
/// pieces fills (each piece at most its count, any at least 0: what the
/// other parts need is not asked), if a quick search finds one.
fn cut_off(puzzle: &Puzzle, encoding: &Encoding) -> Option<Reason> {
    let parts = parts(puzzle, encoding);
    if parts.len() < 2 {
        return None;
    }
    parts.into_iter().find_map(|cells| {
        let mut part = puzzle.clone();
        part.board = polyform::Board::new(cells.iter().copied());
        part.fixed = vec![];
        for p in &mut part.pieces {
            p.count.lo = 0;
        }
        let m = polyform::encode(&part).ok()?.matrix;
        let mut solver = dlx::Solver::new(&m);
        solver.start(&dlx::Subproblem::root()).ok()?;
        let mut found = false;
        let outcome = solver.run(
            &mut |_: &[dlx::OptionId]| {
                found = true;
                dlx::Control::Stop
            },
            REGION_NODES,
        );
        (outcome == dlx::Outcome::Finished && !found).then(|| Reason::Region {
            cells: cells.iter().map(|c| c.0).collect(),
            nodes: solver.stats().nodes,
        })
    })
}

fn nowhere_fits(puzzle: &Puzzle, encoding: &Encoding) -> Option<Reason> {
    puzzle
        .pieces
        .iter()
        .zip(&encoding.pieces)
        .find(|(p, s)| p.count.lo > 0 && s.placements == 0)
        .map(|(p, _)| Reason::NowhereFits {
            piece: p.name.clone(),
            copies: p.count.lo,
        })
}

fn uncovered(puzzle: &Puzzle, encoding: &Encoding) -> Option<Reason> {
    let covered: HashSet<Cell> = encoding
        .placements
        .iter()
        .flat_map(|p| p.cells.iter().copied())
        .collect();
    puzzle
        .free_cells()
        .into_iter()
        .find(|(c, k)| *k == CellKind::Fill && !covered.contains(c))
        .map(|(cell, _)| Reason::Uncovered { cell })
}

/// The clearest colouring argument of the family: of the colourings that
/// prove there is no solution, the one whose pieces reach the fewest totals
/// (one total against the board's counts reads at a glance), the simplest
/// colouring first among equals.
fn colouring_argument(puzzle: &Puzzle, encoding: &Encoding) -> Option<Reason> {
    let cells = puzzle.free_cells();
    let coordinates = if cells.iter().any(|(c, _)| c[2] != 0) {
        3
    } else {
        2
    };
    colouring::family(coordinates)
        .into_iter()
        .filter_map(|c| proof(puzzle, encoding, &cells, c))
        .min_by_key(|p| p.totals.len())
        .map(Reason::Colouring)
}

/// The argument of colouring `c`, if it proves there is no solution.
fn proof(
    puzzle: &Puzzle,
    encoding: &Encoding,
    cells: &[(Cell, CellKind)],
    c: Colouring,
) -> Option<ColouringProof> {
    let k = c.modulus as usize;
    let mut fill = vec![0u32; k];
    let mut optional = vec![0u32; k];
    for &(cell, kind) in cells {
        match kind {
            CellKind::Fill => fill[c.colour(cell)] += 1,
            CellKind::Optional => optional[c.colour(cell)] += 1,
        }
    }
    let mut pieces: Vec<(String, PieceVectors)> = puzzle
        .pieces
        .iter()
        .map(|p| {
            let v = PieceVectors {
                lo: p.count.lo,
                hi: p.count.hi,
                vectors: vec![],
            };
            (p.name.clone(), v)
        })
        .collect();
    let mut seen: Vec<BTreeSet<Vec<u32>>> = vec![BTreeSet::new(); pieces.len()];
    for pl in &encoding.placements {
        let mut v = vec![0u32; k];
        for &cell in &pl.cells {
            v[c.colour(cell)] += 1;
        }
        seen[pl.piece].insert(v);
    }
    for (p, s) in pieces.iter_mut().zip(seen) {
        p.1.vectors = s.into_iter().collect();
    }
    let area: u32 = fill.iter().chain(&optional).sum();
    let list: Vec<PieceVectors> = pieces.iter().map(|p| p.1.clone()).collect();
    let totals = feasible::totals(&list, k, area, TOTALS_LIMIT)?;
    if totals.iter().any(|t| feasible::fits(t, &fill, &optional)) {
        return None;
    }
    let coloured = cells
        .iter()
        .map(|&(cell, _)| (cell, c.colour(cell)))
        .collect();
    Some(ColouringProof {
        colouring: c,
        cells: coloured,
        fill,
        optional,
        pieces,
        totals,
    })
}
