//! Colour constraints (BurrTools'): board cells and piece cells carry
//! colours, and a piece cell may only cover a board cell whose colour its
//! own colour allows. Colour 0 is neutral: it goes anywhere, and anything
//! goes on it.
//!
//! A coloured piece can have more orientations than its shape: a turn that
//! maps the shape onto itself may move its colours. [`encode`] therefore
//! keeps a placement when **some** orientation of the coloured piece with
//! those cells fits the board's colours; it stays one option (one set of
//! cells), so two colourings of the same cells count once.
//!
//! [`encode`]: crate::encode::encode

use crate::fast_hash::{FastMap, FastSet};
use crate::lattice::{Cell, Lattice};
use crate::piece::{Piece, orientation_group};

/// The colours of a puzzle and which piece colour may go on which board
/// colour. The maps hash with the fast hasher: every cell of every
/// placement is looked up.
///
/// Invariant: `pieces[i]`'s keys are cells of the puzzle's piece `i`
/// (`Piece::cells`); cells not listed are neutral (0), as are board cells
/// not in `board`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colors {
    /// The colour of each coloured board cell.
    pub board: FastMap<Cell, u8>,
    /// For each piece, the colour of each of its coloured cells.
    pub pieces: Vec<FastMap<Cell, u8>>,
    /// The allowed (piece colour, board colour) pairs, both non-zero.
    pub allowed: FastSet<(u8, u8)>,
}

/// The colourings of one piece: for each orientation (by index in
/// `Piece::orientations`), the distinct colour lists, aligned with that
/// orientation's cells.
pub type Colorings = Vec<Vec<Vec<u8>>>;

impl Colors {
    /// May a piece cell of colour `piece` cover a board cell of colour
    /// `board`?
    pub fn allows(&self, piece: u8, board: u8) -> bool {
        piece == 0 || board == 0 || self.allowed.contains(&(piece, board))
    }

    /// The colourings of piece `index` in each orientation, or `None` when
    /// it has no coloured cell (every placement is allowed).
    pub fn colorings(
        &self,
        lattice: &dyn Lattice,
        index: usize,
        piece: &Piece,
    ) -> Option<Colorings> {
        let colors = self.pieces.get(index).filter(|c| !c.is_empty())?;
        let mut out: Colorings = vec![vec![]; piece.orientations.len()];
        let cells = piece.cells.cells();
        let index_of: FastMap<&[Cell], usize> = piece
            .orientations
            .iter()
            .enumerate()
            .map(|(o, shape)| (shape.cells(), o))
            .collect();
        for s in orientation_group(lattice, piece.may_turn_over()) {
            let mut image: Vec<(Cell, u8)> = cells
                .iter()
                .map(|&c| (s.apply(c), colors.get(&c).copied().unwrap_or(0)))
                .collect();
            // The cells are distinct: the unstable sort on the cells alone
            // gives `sort()`'s order, faster.
            image.sort_unstable_by_key(|(c, _)| (c[0], c[1], c[2]));
            let t = lattice.canonical_translation(image[0].0);
            let moved: Vec<Cell> = image
                .iter()
                .map(|(c, _)| [c[0] + t[0], c[1] + t[1], c[2] + t[2]])
                .collect();
            let Some(&o) = index_of.get(moved.as_slice()) else {
                continue;
            };
            let list: Vec<u8> = image.iter().map(|x| x.1).collect();
            if !out[o].contains(&list) {
                out[o].push(list);
            }
        }
        Some(out)
    }

    /// Does some colouring of an orientation (`cells`, with `colorings`
    /// aligned to them) fit the board's colours when moved by `t`?
    pub fn fits(&self, cells: &[Cell], colorings: &[Vec<u8>], t: Cell) -> bool {
        colorings.iter().any(|list| {
            cells.iter().zip(list).all(|(c, &pc)| {
                let b = [c[0] + t[0], c[1] + t[1], c[2] + t[2]];
                self.allows(pc, self.board.get(&b).copied().unwrap_or(0))
            })
        })
    }
}
