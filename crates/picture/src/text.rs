//! Pictures of boards and solutions: plain text, ANSI colors, JSON.
//!
//! Text pictures draw each cell as one character at its grid position
//! ([`Lattice::grid_position`]):
//! a piece's symbol, `#` for a cell still to fill, `+` for a cell that may
//! stay empty, `.` off the board. 3D pictures put the layers side by side,
//! bottom layer first. Staggered lattices (hex, spheres in triangular
//! layers) draw every position without a board cell blank, so rows look
//! like a honeycomb and a pyramid's layers like triangles; a 2D picture
//! ends each line in a non-blank (`.` if need be) so that rows stay equally
//! wide. Pictures start where the lattice's art
//! requires ([`Lattice::art_align`]): an even `row + column`
//! for staggered and triangle art, a block of voxels for BurrTools' units. A picture of a solution is itself valid board art:
//! pasted into a puzzle file, it pre-places every piece.

use polyform::board::CellKind;
use polyform::error::{Error, ErrorKind};
use polyform::lattice::{Cell, Lattice, LatticeKind};
use polyform::limits::Limits;
use polyform::placement::Placement;
use polyform::puzzle::Puzzle;
use serde_json::{Value, json};
use std::collections::HashMap;

/// Background colors (xterm 256-color numbers) given to pieces in turn.
const PALETTE: [u8; 16] = [
    196, 46, 21, 226, 201, 51, 208, 93, 118, 33, 214, 160, 40, 129, 220, 39,
];

/// What to draw at a grid position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Glyph {
    Off,
    Empty(CellKind),
    Piece(usize, char),
}

/// Draws glyphs at cells; layers side by side. A picture over the
/// `limits` picture size is refused before it is drawn.
fn draw(
    lattice: &dyn Lattice,
    cells: &[(Cell, Glyph)],
    color: bool,
    limits: &Limits,
) -> Result<String, ErrorKind> {
    if cells.is_empty() {
        return Ok(String::new());
    }
    let mut grid: HashMap<(i32, i32, i32), Glyph> = HashMap::new();
    let (mut lo, mut hi) = ([i32::MAX; 3], [i32::MIN; 3]);
    for &(c, g) in cells {
        let p = lattice.grid_position(c);
        let p3 = [p.0, p.1, p.2];
        for a in 0..3 {
            lo[a] = lo[a].min(p3[a]);
            hi[a] = hi[a].max(p3[a]);
        }
        grid.insert(p, g);
    }
    let kind = lattice.kind();
    let staggered = matches!(kind, LatticeKind::Hex | LatticeKind::FccTriangle);
    // Start where the art reads back as the same cells (a row + column
    // parity, a block of voxels).
    lo = lattice.art_align(lo);
    // Characters per line (layers two apart) and lines, in i64: no wrap.
    let span = |a: usize| i64::from(hi[a]) - i64::from(lo[a]) + 1;
    let width = span(0) * (span(2) + 2);
    limits.check_picture(width as f64, span(1) as f64)?;
    let mut out = String::new();
    for row in lo[1]..=hi[1] {
        let mut line = String::new();
        for layer in lo[0]..=hi[0] {
            if layer > lo[0] {
                line.push_str("  ");
            }
            for col in lo[2]..=hi[2] {
                match grid.get(&(layer, row, col)).copied().unwrap_or(Glyph::Off) {
                    Glyph::Off if staggered => line.push(' '),
                    Glyph::Off => line.push('.'),
                    Glyph::Empty(CellKind::Fill) => line.push('#'),
                    Glyph::Empty(CellKind::Optional) => line.push('+'),
                    Glyph::Piece(i, ch) => {
                        if color {
                            let bg = PALETTE[i % PALETTE.len()];
                            line.push_str(&format!("\x1b[30;48;5;{bg}m{ch}\x1b[0m"));
                        } else {
                            line.push(ch);
                        }
                    }
                }
            }
        }
        if staggered {
            // Blanks at the end of a line: trimmed in 3D; in 2D, where a
            // picture is board art, the last one becomes a `.`.
            let trimmed = line.trim_end().len();
            if lo[0] != hi[0] {
                line.truncate(trimmed);
            } else if trimmed < line.len() {
                line.pop();
                line.push('.');
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

fn glyphs(puzzle: &Puzzle, placements: &[Placement]) -> Vec<(Cell, Glyph)> {
    let mut by_cell: HashMap<Cell, Glyph> = HashMap::new();
    for (k, p) in placements.iter().enumerate() {
        let piece = &puzzle.pieces[p.piece];
        // Copies of one piece share its symbol; colors follow the piece
        // (or the copy, for pieces with several copies).
        let shade = if piece.count.is_one() { p.piece } else { k };
        for &c in &p.cells {
            by_cell.insert(c, Glyph::Piece(shade, piece.symbol));
        }
    }
    puzzle
        .board
        .cells()
        .iter()
        .map(|&(c, k)| (c, by_cell.get(&c).copied().unwrap_or(Glyph::Empty(k))))
        .collect()
}

/// The board with some pieces on it (e.g. a solution), as text; refused
/// ([`ErrorKind::OverLimit`]) when it would be over the default
/// [`Limits`] picture size.
pub fn picture(puzzle: &Puzzle, placements: &[Placement], color: bool) -> Result<String, Error> {
    picture_with(puzzle, placements, color, &Limits::default())
}

/// [`picture`] within the picture size of `limits`.
pub fn picture_with(
    puzzle: &Puzzle,
    placements: &[Placement],
    color: bool,
    limits: &Limits,
) -> Result<String, Error> {
    draw(puzzle.lattice(), &glyphs(puzzle, placements), color, limits)
        .map_err(|k| Error::at(&puzzle.path, None, k))
}

/// One shape (a piece's cells) drawn with a symbol; refused like
/// [`picture`].
pub fn shape_picture(
    lattice: &dyn Lattice,
    cells: &[Cell],
    symbol: char,
) -> Result<String, ErrorKind> {
    let g: Vec<(Cell, Glyph)> = cells
        .iter()
        .map(|&c| (c, Glyph::Piece(0, symbol)))
        .collect();
    draw(lattice, &g, false, &Limits::default())
}

/// A solution as JSON: the puzzle's name, the solution's number, each
/// placed piece with its cells, and the picture's rows (`null` when the
/// picture would be over the picture size limit).
pub fn solution_json(puzzle: &Puzzle, number: u64, placements: &[Placement]) -> Value {
    let dim = puzzle.lattice().dimension();
    let pieces: Vec<Value> = placements
        .iter()
        .map(|p| {
            let piece = &puzzle.pieces[p.piece];
            let cells: Vec<Value> = p.cells.iter().map(|c| json!(&c[..dim])).collect();
            json!({
                "piece": piece.name,
                "symbol": piece.symbol.to_string(),
                "orientation": p.orientation,
                "cells": cells,
            })
        })
        .collect();
    let rows = picture(puzzle, placements, false)
        .ok()
        .map(|text| text.lines().map(str::to_string).collect::<Vec<_>>());
    json!({
        "puzzle": puzzle.name,
        "solution": number,
        "placements": pieces,
        "picture": rows,
    })
}
