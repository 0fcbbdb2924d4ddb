//! From a puzzle to an exact-cover matrix, and from a solution back.
//!
//! Items, in this order (as in Knuth's generators: piece names, then
//! cells):
//! 1. one primary item per piece with a limited supply, named after the
//!    piece, with bounds `lo:hi` when the count is not exactly 1 (Algorithm M
//!    then visits each multiset of identical copies once);
//! 2. one primary item per free cell to fill, named `x,y` (2D) or `x,y,z`;
//! 3. one secondary item per free cell that may stay empty.
//!
//! Options, piece by piece, orientation by orientation, position by
//! position (reading order of the cell the orientation's first cell lands
//! on): the piece's item (if any), then the covered cells in reading order.
//! A piece with an unlimited supply has no item; its placements that would
//! cover only optional cells are left out, since an option needs a primary
//! item.

use crate::board::CellKind;
use crate::error::{Error, ErrorKind};
use crate::lattice::Cell;
use crate::limits::{Limits, Resource};
use crate::piece::Piece;
use crate::placement::{Placement, fits};
use crate::puzzle::Puzzle;
use dlx::{ItemId, Matrix, MatrixBuilder, OptionId};
use std::collections::{HashMap, HashSet};

/// How a piece fared in the encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceStats {
    /// Distinct orientations of the piece.
    pub orientations: usize,
    /// Placements that fit in the free cells (options of the matrix).
    pub placements: usize,
}

/// A puzzle as an exact-cover problem.
///
/// Invariant: `placements[k]` is the placement option `k` of `matrix`
/// stands for; `pieces[i]` describes the puzzle's piece `i`.
#[derive(Clone, Debug)]
pub struct Encoding {
    /// The exact-cover matrix.
    pub matrix: Matrix,
    /// `placements[k]`: the placement option `k` stands for.
    pub placements: Vec<Placement>,
    /// `pieces[i]`: orientations and placements of the puzzle's piece `i`.
    pub pieces: Vec<PieceStats>,
}

/// The item name of a cell.
pub fn cell_name(c: Cell, dimension: usize) -> String {
    if dimension == 2 {
        format!("{},{}", c[0], c[1])
    } else {
        format!("{},{},{}", c[0], c[1], c[2])
    }
}

/// The item name of a piece: its name with blanks turned into `_`.
pub fn piece_item_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// Checks, before any placement is made, that the matrix fits the budget:
/// for each piece that may still be placed, at most (orientations x free
/// cells) placements, each with at most (cells + 1) entries. Errors are
/// [`ErrorKind::OverLimit`] on [`Resource::Placements`] or
/// [`Resource::MatrixEntries`].
pub fn check_budget(puzzle: &Puzzle, limits: &Limits) -> Result<(), ErrorKind> {
    check_pieces_budget(&puzzle.pieces, puzzle.free_cells().len(), limits)
}

/// [`check_budget`] for pieces on a board of `free` cells.
pub fn check_pieces_budget(
    pieces: &[Piece],
    free: usize,
    limits: &Limits,
) -> Result<(), ErrorKind> {
    let free = free as u128;
    let mut placements: Option<u128> = Some(0);
    let mut entries: Option<u128> = Some(0);
    for p in pieces.iter().filter(|p| !p.count.is_none()) {
        let n = (p.orientations.len() as u128).checked_mul(free);
        placements = placements.zip(n).and_then(|(a, b)| a.checked_add(b));
        let e = n.and_then(|n| n.checked_mul(p.size() as u128 + 1));
        entries = entries.zip(e).and_then(|(a, b)| a.checked_add(b));
    }
    limits.check(Resource::Placements, placements)?;
    limits.check(Resource::MatrixEntries, entries)
}

/// Builds the exact-cover matrix of a puzzle within the default
/// [`Limits`]. Errors name the puzzle's file.
pub fn encode(puzzle: &Puzzle) -> Result<Encoding, Error> {
    encode_with(puzzle, &Limits::default())
}

/// Builds the exact-cover matrix of a puzzle, first checking its size
/// against `limits` ([`check_budget`]).
pub fn encode_with(puzzle: &Puzzle, limits: &Limits) -> Result<Encoding, Error> {
    check_budget(puzzle, limits).map_err(|k| Error::at(&puzzle.path, None, k))?;
    let lattice = puzzle.lattice();
    let dim = lattice.dimension();
    let free = puzzle.free_cells();
    let anchors: Vec<Cell> = free.iter().map(|(c, _)| *c).collect();
    let free_set: HashSet<Cell> = anchors.iter().copied().collect();
    let mut b = MatrixBuilder::new();
    let err = |e: dlx::MatrixError| Error::at(&puzzle.path, None, ErrorKind::Matrix(e));

    let mut piece_items: Vec<Option<ItemId>> = vec![];
    for p in &puzzle.pieces {
        let c = p.count;
        let item = if c.is_none() || (c.lo == 0 && c.hi.is_none()) {
            None
        } else {
            let name = piece_item_name(&p.name);
            let most = u32::try_from(anchors.len() / p.size()).unwrap_or(u32::MAX);
            let hi = c.hi.unwrap_or_else(|| most.max(c.lo));
            Some(if c.is_one() {
                b.primary(&name).map_err(err)?
            } else {
                b.primary_bounds(&name, c.lo, hi).map_err(err)?
            })
        };
        piece_items.push(item);
    }
    let mut cell_items: HashMap<Cell, (ItemId, bool)> = HashMap::new();
    for kind in [CellKind::Fill, CellKind::Optional] {
        for &(c, k) in &free {
            if k == kind {
                let id = if kind == CellKind::Fill {
                    b.primary(&cell_name(c, dim))
                } else {
                    b.secondary(&cell_name(c, dim))
                }
                .map_err(err)?;
                cell_items.insert(c, (id, kind == CellKind::Fill));
            }
        }
    }

    let mut placements = vec![];
    let mut stats = vec![];
    for (pi, p) in puzzle.pieces.iter().enumerate() {
        let mut n = 0;
        if !p.count.is_none() {
            for (oi, o) in p.orientations.iter().enumerate() {
                for cells in fits(lattice, o, &anchors, &free_set) {
                    let has_primary =
                        piece_items[pi].is_some() || cells.iter().any(|c| cell_items[c].1);
                    if !has_primary {
                        continue;
                    }
                    let mut row = Vec::with_capacity(cells.len() + 1);
                    if let Some(item) = piece_items[pi] {
                        row.push((item, None));
                    }
                    row.extend(cells.iter().map(|c| (cell_items[c].0, None)));
                    b.option(&row).map_err(err)?;
                    placements.push(Placement {
                        piece: pi,
                        orientation: oi,
                        cells,
                    });
                    n += 1;
                }
            }
        }
        stats.push(PieceStats {
            orientations: p.orientations.len(),
            placements: n,
        });
    }
    Ok(Encoding {
        matrix: b.build().map_err(err)?,
        placements,
        pieces: stats,
    })
}

impl Encoding {
    /// A solution's placements: the puzzle's fixed pieces, then the
    /// chosen options in the order given.
    pub fn decode(&self, puzzle: &Puzzle, solution: &[OptionId]) -> Vec<Placement> {
        puzzle
            .fixed
            .iter()
            .cloned()
            .chain(solution.iter().map(|o| self.placements[o.index()].clone()))
            .collect()
    }
}
