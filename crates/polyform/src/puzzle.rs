//! A puzzle: a board, pieces, pieces placed in advance, expected counts.

use crate::board::{Board, CellKind, reading_key};
use crate::lattice::{Cell, Lattice, LatticeKind};
use crate::piece::Piece;
use crate::placement::{Placement, fits};
use std::collections::HashSet;
use std::path::PathBuf;

/// Published (or independently computed) counts a puzzle file carries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expect {
    /// All solutions, every symmetric image counted.
    pub solutions: Option<u128>,
    /// Solutions up to the board's symmetries (checked by a later issue).
    pub distinct: Option<u128>,
    /// Where the numbers come from.
    pub source: Option<String>,
    /// About how long a count takes (seconds, release build, one core);
    /// `verify --max-seconds` skips puzzles estimated to take longer.
    pub seconds: Option<f64>,
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
    pub lattice: LatticeKind,
    /// May 2D pieces not be turned over?
    pub one_sided: bool,
    pub board: Board,
    pub pieces: Vec<Piece>,
    /// Pieces placed in advance (a booklet challenge's given pieces).
    pub fixed: Vec<Placement>,
    pub expect: Option<Expect>,
    /// Colour constraints on where piece cells may go (read from BurrTools
    /// files; `None`: none).
    pub colors: Option<crate::colors::Colors>,
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
    /// fit into the free cells; returns an explanation otherwise.
    pub fn check_area(&self) -> Result<(), String> {
        let free = self.free_cells();
        let fill = free.iter().filter(|(_, k)| *k == CellKind::Fill).count() as u128;
        let all = free.len() as u128;
        let mut min = 0u128;
        let mut max = Some(0u128);
        for p in &self.pieces {
            let size = p.size() as u128;
            min += p.count.lo as u128 * size;
            max = match (max, p.count.hi) {
                (Some(m), Some(h)) => Some(m + h as u128 * size),
                _ => None,
            };
        }
        let optional = all - fill;
        if min > all {
            return Err(format!(
                "the pieces cover at least {min} cells but the board has only {all} free cells{}: remove pieces or enlarge the board",
                if optional > 0 {
                    format!(" ({fill} to fill, {optional} that may stay empty)")
                } else {
                    String::new()
                }
            ));
        }
        if let Some(max) = max
            && max < fill
        {
            return Err(format!(
                "the pieces cover at most {max} cells but the board has {fill} cells to fill: add pieces, or mark cells that may stay empty with `+`"
            ));
        }
        Ok(())
    }
}

/// Splits the cells drawn with one piece's symbol into placements of that
/// piece: the only way to do so, or an explanation.
pub fn resolve_fixed(
    lattice: &dyn Lattice,
    piece: &Piece,
    piece_index: usize,
    cells: &[Cell],
) -> Result<Vec<Placement>, String> {
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
    if cells.len() % piece.size() != 0 {
        return Err(format!(
            "{}: draw exactly the piece's cells with its symbol",
            describe(cells.len())
        ));
    }
    let mut sorted = cells.to_vec();
    sorted.sort_by_key(reading_key);
    let set: HashSet<Cell> = cells.iter().copied().collect();
    // An exact cover of the drawn cells by placements of the piece.
    let mut b = dlx::MatrixBuilder::new();
    let mut items = std::collections::HashMap::new();
    for (i, c) in sorted.iter().enumerate() {
        let id = b.primary(&format!("c{i}")).map_err(|e| e.to_string())?;
        items.insert(*c, id);
    }
    let mut options = vec![];
    for (o, orient) in piece.orientations.iter().enumerate() {
        for pc in fits(lattice, orient, &sorted, &set) {
            let row: Vec<_> = pc.iter().map(|c| (items[c], None)).collect();
            b.option(&row).map_err(|e| e.to_string())?;
            options.push(Placement {
                piece: piece_index,
                orientation: o,
                cells: pc,
            });
        }
    }
    let m = b.build().map_err(|e| e.to_string())?;
    let sols = dlx::Solver::new(&m).first(2);
    match sols.len() {
        0 => Err(format!(
            "{}: their shape matches no orientation of the piece",
            describe(cells.len())
        )),
        1 => Ok(sols[0].iter().map(|o| options[o.index()].clone()).collect()),
        _ => Err(format!(
            "the cells drawn with `{}` can be split into copies of piece `{}` in more than one way: leave a gap between copies",
            piece.symbol, piece.name
        )),
    }
}
