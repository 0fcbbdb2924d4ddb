//! A position: a puzzle with some pieces placed by a player, read from a
//! drawing of the whole board in the grammar of `[board] art` (a picture
//! printed by `polycover solve` is one): `#` a free cell to fill, `+` a free
//! cell that may stay empty, a piece's symbol a cell that piece covers.

use super::board::{Drawn, drawing_cells};
use crate::board::CellKind;
use crate::error::Error;
use crate::lattice::Cell;
use crate::placement::Placement;
use crate::puzzle::{Puzzle, resolve_fixed};
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// `puzzle` with the pieces drawn in `text` (the file at `path`, named in
/// messages with its lines) placed. The drawing must show exactly the
/// board's cells and every piece the puzzle places in advance where it
/// is; the pieces drawn besides are used up like pieces placed in advance.
pub fn place_drawing(puzzle: &Puzzle, path: &Path, text: &str) -> Result<Puzzle, Error> {
    let lattice = puzzle.lattice;
    let d = crate::art::parse_for(text, lattice)
        .map_err(|e| Error::new(path, Some(e.line + 1), format!("position: {}", e.message)))?;
    if d.marks.len() != puzzle.board.cells().len() {
        return Err(Error::new(
            path,
            None,
            format!(
                "the drawing has {} but the puzzle's board has {}: draw the whole board, with `#` for the free cells",
                match d.marks.len() {
                    1 => "1 cell".to_string(),
                    n => format!("{n} cells"),
                },
                puzzle.board.cells().len()
            ),
        ));
    }
    let mut cells: Vec<(Cell, CellKind)> = vec![];
    let mut drawn: Drawn = Default::default();
    drawing_cells(
        path,
        &d,
        &|k| k + 1,
        lattice,
        &puzzle.pieces,
        &mut cells,
        &mut drawn,
    )?;
    let board: HashSet<Cell> = puzzle.board.cells().iter().map(|c| c.0).collect();
    // A picture starts at its own top-left: move it onto the board (boards
    // built round the origin, `hexagon = n`, have negative coordinates).
    let lo_board = board.iter().min().copied();
    let lo_drawn = cells.iter().map(|c| c.0).min();
    if let (Some(b), Some(a)) = (lo_board, lo_drawn) {
        let t = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let moved = |c: Cell| [c[0] + t[0], c[1] + t[1], c[2] + t[2]];
        if t != [0, 0, 0]
            && lattice.lattice().is_translation(t)
            && cells.iter().all(|&(c, _)| board.contains(&moved(c)))
        {
            for (c, _) in &mut cells {
                *c = moved(*c);
            }
            for (cs, _) in drawn.values_mut() {
                for c in cs.iter_mut() {
                    *c = moved(*c);
                }
            }
        }
    }
    if let Some((c, _)) = cells.iter().find(|(c, _)| !board.contains(c)) {
        return Err(Error::new(
            path,
            None,
            format!("the drawing has cell {c:?}, which is not on the puzzle's board"),
        ));
    }
    let mut pieces = puzzle.pieces.clone();
    let mut fixed: Vec<Placement> = vec![];
    let mut lines = vec![];
    let given: HashSet<(usize, BTreeSet<Cell>)> = puzzle.fixed.iter().map(key).collect();
    for (sym, (cells, line)) in drawn {
        let pi = pieces
            .iter()
            .position(|p| p.symbol == sym)
            .expect("drawing_cells only accepts piece symbols");
        let placed = resolve_fixed(lattice.lattice(), &pieces[pi], pi, &cells)
            .map_err(|kind| Error::at(path, Some(line), kind))?;
        let added = placed.iter().filter(|p| !given.contains(&key(p))).count() as u32;
        pieces[pi].count = pieces[pi].count.after_using(added).ok_or_else(|| {
            Error::new(
                path,
                Some(line),
                format!(
                    "the drawing places {added} more copies of piece `{}` but the puzzle leaves only {}",
                    pieces[pi].name, pieces[pi].count
                ),
            )
        })?;
        lines.extend(std::iter::repeat_n(line, placed.len()));
        fixed.extend(placed);
    }
    super::refuse_crossings(path, lattice, &pieces, &fixed, &lines)?;
    let now: HashSet<(usize, BTreeSet<Cell>)> = fixed.iter().map(key).collect();
    if let Some(p) = puzzle.fixed.iter().find(|p| !now.contains(&key(p))) {
        return Err(Error::new(
            path,
            None,
            format!(
                "the puzzle places piece `{}` in advance at {:?}; the drawing must show it there",
                puzzle.pieces[p.piece].name, p.cells
            ),
        ));
    }
    Ok(Puzzle {
        pieces,
        fixed,
        ..puzzle.clone()
    })
}

/// A placement as its piece and cell set (orientations aside).
fn key(p: &Placement) -> (usize, BTreeSet<Cell>) {
    (p.piece, p.cells.iter().copied().collect())
}
