//! A puzzle: a board, pieces, pieces placed in advance, expected counts.

use crate::board::{Board, CellKind, reading_key};
use crate::error::ErrorKind;
use crate::lattice::{Cell, Lattice, LatticeKind};
use crate::piece::Piece;
use crate::placement::{Placement, fits};
use std::collections::HashSet;
use std::path::PathBuf;

/// Published (or independently computed) counts a puzzle file carries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expect {
    /// All solutions, every symmetric image counted.
    pub solutions: Option<dlx::Count>,
    /// Solutions up to the symmetries of `group`.
    pub distinct: Option<dlx::Count>,
    /// The group the distinct count is taken under (default: the full
    /// group, rotations and reflections).
    pub group: crate::group_choice::GroupChoice,
    /// Where the numbers come from.
    pub source: Option<String>,
    /// The size of the search tree `polycover verify` walks for the file:
    /// the nodes of its count (symmetry-reduced, under `group`) on the
    /// default engine's tree (DLX1's, which the links and bitset engines
    /// walk, or the cell engine's own where that engine is the default and
    /// the tree differs). Exact, so verify and the catalog tests fail when
    /// it differs (`verify --update` rewrites it), and verify derives each
    /// puzzle's time from it and a rate measured on the machine it runs on.
    pub nodes: Option<u64>,
    /// The same for a file whose count verify makes with the memo engine
    /// (pieces that repeat): the states it visits, exact in the same way.
    pub states: Option<u64>,
}

/// A puzzle ready to be encoded.
///
/// Invariants: every piece's orientations live in `lattice`; `fixed`
/// placements lie on board cells, cover no cell twice, and have been taken
/// out of their pieces' counts; piece names and symbols are unique.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// A name for messages and output.
    pub name: String,
    /// The file it was read from (empty for puzzles built in code).
    pub path: PathBuf,
    /// The lattice of its cells.
    pub lattice: LatticeKind,
    /// May 2D pieces not be turned over?
    pub one_sided: bool,
    /// The cells to fill and those that may stay empty.
    pub board: Board,
    /// The pieces, with their counts after the fixed ones are taken out.
    pub pieces: Vec<Piece>,
    /// Pieces placed in advance (a booklet challenge's given pieces).
    pub fixed: Vec<Placement>,
    /// The counts the file expects, if any.
    pub expect: Option<Expect>,
    /// Colour constraints on where piece cells may go (read from BurrTools
    /// files; `None`: none).
    pub colors: Option<crate::color_rules::Colors>,
}

impl Puzzle {
    /// The puzzle's lattice.
    pub fn lattice(&self) -> &'static dyn Lattice {
        self.lattice.lattice()
    }

    /// The cells no fixed piece covers, with their kinds, in reading order.
    pub fn free_cells(&self) -> Vec<(Cell, CellKind)> {
        let taken: HashSet<Cell> = self
            .fixed
            .iter()
            .flat_map(|p| p.cells.iter().copied())
            .collect();
        self.board
            .cells()
            .iter()
            .filter(|(c, _)| !taken.contains(c))
            .copied()
            .collect()
    }

    /// Checks that the pieces' total area can cover the cells to fill and
    /// fit into the free cells: [`ErrorKind::AreaTooLarge`] or
    /// [`ErrorKind::AreaTooSmall`] otherwise.
    pub fn check_area(&self) -> Result<(), ErrorKind> {
        let free = self.free_cells();
        // Saturating sums: a puzzle built in code may have any counts, and
        // a saturated bound still compares correctly with a board's size.
        let fill = free.iter().filter(|(_, k)| *k == CellKind::Fill).count() as u64;
        let all = free.len() as u64;
        let mut min = 0u64;
        let mut max = Some(0u64);
        for p in &self.pieces {
            let size = p.size() as u64;
            min = min.saturating_add(u64::from(p.count.lo).saturating_mul(size));
            max = match (max, p.count.hi) {
                (Some(m), Some(h)) => Some(m.saturating_add(u64::from(h).saturating_mul(size))),
                _ => None,
            };
        }
        if min > all {
            return Err(ErrorKind::AreaTooLarge {
                least: min,
                free: all,
                fill,
            });
        }
        if let Some(max) = max
            && max < fill
        {
            return Err(ErrorKind::AreaTooSmall { most: max, fill });
        }
        Ok(())
    }
}

/// Splits the cells drawn with one piece's symbol into placements of that
/// piece: the only way to do so, or an explanation ([`ErrorKind::Fixed`]).
pub fn resolve_fixed(
    lattice: &dyn Lattice,
    piece: &Piece,
    piece_index: usize,
    cells: &[Cell],
) -> Result<Vec<Placement>, ErrorKind> {
    let describe = |n: usize| {
        format!(
            "the {n} cells drawn with `{}` are not {} of piece `{}` ({} cells)",
            piece.symbol,
            if n > piece.size() {
                "copies"
            } else {
                "a placement"
            },
            piece.name,
            piece.size()
        )
    };
    if !cells.len().is_multiple_of(piece.size()) {
        return Err(ErrorKind::Fixed(format!(
            "{}: draw exactly the piece's cells with its symbol",
            describe(cells.len())
        )));
    }
    let mut sorted = cells.to_vec();
    sorted.sort_by_key(reading_key);
    let set = crate::placement::CellSet::new(cells);
    // An exact cover of the drawn cells by placements of the piece.
    let mut b = dlx::MatrixBuilder::new();
    let mut items = std::collections::HashMap::new();
    for (i, c) in sorted.iter().enumerate() {
        let id = b.primary(&format!("c{i}"))?;
        items.insert(*c, id);
    }
    let mut options = vec![];
    for (o, orient) in piece.orientations.iter().enumerate() {
        for pc in fits(lattice, orient, &sorted, &set) {
            let row: Vec<_> = pc.iter().map(|c| (items[c], None)).collect();
            b.option(&row)?;
            options.push(Placement {
                piece: piece_index,
                orientation: o,
                cells: pc,
            });
        }
    }
    let m = b.build()?;
    let sols = dlx::Solver::new(&m).first(2);
    match sols.len() {
        0 => Err(ErrorKind::Fixed(format!(
            "{}: their shape matches no orientation of the piece",
            describe(cells.len())
        ))),
        1 => Ok(sols[0].iter().map(|o| options[o.index()].clone()).collect()),
        _ => Err(ErrorKind::Fixed(format!(
            "the cells drawn with `{}` can be split into copies of piece `{}` in more than one way: leave a gap between copies",
            piece.symbol, piece.name
        ))),
    }
}
