//! Assemblies of a puzzle's solutions: from the options of its matrix to
//! pieces as cell sets, in BurrTools' piece order, with the pieces'
//! weights and groups.
//!
//! BurrTools numbers the pieces of an assembly by the order of the
//! problem's shapes, copies of one shape together; the order decides
//! which of several equally short moves the search tries first, so it is
//! kept: pieces in the puzzle's order (which is the file's order for a
//! BurrTools file), copies of one piece by orientation and then position,
//! and pieces placed in advance among them as pieces of their kind.

use super::{AssemblyPiece, Disassembler, DisassemblyError, Motion, Outcome, Separation};
use dlx::OptionId;
use polyform::encode::Encoding;
use polyform::lattice::Cell;
use polyform::placement::Placement;
use polyform::puzzle::Puzzle;

/// BurrTools' per-piece extras, by piece of the puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceTraits {
    /// `weights[i]`: the weight of piece `i` (missing: 1).
    pub weights: Vec<u32>,
    /// `groups[i]`: the group every copy of piece `i` belongs to (missing
    /// or `None`: no group).
    pub groups: Vec<Option<u16>>,
}

/// Disassembles the solutions of one puzzle.
pub struct PuzzleDisassembler<'p> {
    puzzle: &'p Puzzle,
    placements: &'p [Placement],
    traits: PieceTraits,
    disassembler: Disassembler,
}

impl<'p> PuzzleDisassembler<'p> {
    /// A disassembler for the solutions of `puzzle` (options of
    /// `encoding`'s matrix), with the motion model of its lattice.
    pub fn new(puzzle: &'p Puzzle, encoding: &'p Encoding, traits: PieceTraits) -> Self {
        PuzzleDisassembler {
            puzzle,
            placements: &encoding.placements,
            traits,
            disassembler: Disassembler::with_motion(Motion::of(puzzle.lattice)),
        }
    }

    /// Bounds the positions one search may hold
    /// ([`Disassembler::with_max_positions`]).
    pub fn with_max_positions(mut self, max: u64) -> Self {
        self.disassembler = self.disassembler.with_max_positions(max);
        self
    }

    /// Gives up with [`DisassemblyError::Stopped`] once `stop` is set
    /// ([`Disassembler::with_stop`]).
    pub fn with_stop(mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Self {
        self.disassembler = self.disassembler.with_stop(stop);
        self
    }

    /// The disassembler (its motion model names the directions).
    pub fn disassembler(&self) -> &Disassembler {
        &self.disassembler
    }

    /// The placements of a solution's pieces, fixed ones included, in
    /// BurrTools' piece order (see the module docs).
    pub fn placements(&self, solution: &[OptionId]) -> Vec<&'p Placement> {
        let mut out: Vec<&Placement> = self
            .puzzle
            .fixed
            .iter()
            .chain(solution.iter().map(|o| &self.placements[o.index()]))
            .collect();
        out.sort_by(|a, b| {
            (a.piece, a.orientation, &a.cells).cmp(&(b.piece, b.orientation, &b.cells))
        });
        out
    }

    /// The assembly of a solution: its pieces as cell sets, with their
    /// weights and groups, in the order of [`placements`](Self::placements).
    pub fn assembly(&self, solution: &[OptionId]) -> Vec<AssemblyPiece> {
        self.placements(solution)
            .into_iter()
            .map(|p| AssemblyPiece {
                cells: p.cells.clone(),
                weight: self.traits.weights.get(p.piece).copied().unwrap_or(1),
                group: self.traits.groups.get(p.piece).copied().flatten(),
            })
            .collect()
    }

    /// How a solution comes apart, with the cost of finding out.
    pub fn analyse(&self, solution: &[OptionId]) -> Result<Outcome, DisassemblyError> {
        self.disassembler.analyse(&self.assembly(solution))
    }

    /// The most pieces a solution can have (pieces placed in advance
    /// included): at most [`MAX_PIECES`](super::MAX_PIECES) for the
    /// disassembler to take it.
    pub fn max_pieces(&self) -> u64 {
        let cells = self.puzzle.board.len() as u64;
        let placed: u64 = self
            .puzzle
            .pieces
            .iter()
            .map(|p| match p.count.hi {
                Some(hi) => u64::from(hi),
                None => cells / p.size().max(1) as u64,
            })
            .sum();
        // And no more than the smallest piece fits into the board.
        let smallest = self
            .puzzle
            .pieces
            .iter()
            .map(|p| p.size())
            .min()
            .unwrap_or(1);
        placed.min(cells / smallest.max(1) as u64) + self.puzzle.fixed.len() as u64
    }

    /// Refuses a puzzle whose solutions may have more pieces than the
    /// disassembler takes.
    pub fn check(&self) -> Result<(), DisassemblyError> {
        let n = self.max_pieces();
        if n > super::MAX_PIECES as u64 {
            return Err(DisassemblyError::TooManyPieces(n as usize));
        }
        Ok(())
    }

    /// The name of a piece of the puzzle.
    pub fn piece_name(&self, piece: usize) -> &str {
        &self.puzzle.pieces[piece].name
    }

    /// Labels for the pieces of a solution's assembly, in the order of
    /// [`placements`](Self::placements): the piece's symbol, followed by
    /// the copy's number (from 1, in that order) when the assembly holds
    /// several copies of the piece.
    pub fn labels(&self, solution: &[OptionId]) -> Vec<String> {
        let placements = self.placements(solution);
        let mut copies = vec![0usize; self.puzzle.pieces.len()];
        for p in &placements {
            copies[p.piece] += 1;
        }
        let mut seen = vec![0usize; self.puzzle.pieces.len()];
        placements
            .iter()
            .map(|p| {
                let symbol = self.puzzle.pieces[p.piece].symbol;
                seen[p.piece] += 1;
                if copies[p.piece] > 1 {
                    format!("{symbol}{}", seen[p.piece])
                } else {
                    symbol.to_string()
                }
            })
            .collect()
    }

    /// The moves of a disassembly of `solution`, step by step as a user
    /// reads them: the pieces that move (by [`labels`](Self::labels)), the
    /// unit step, and how many steps (`None`: the pieces leave).
    pub fn steps(&self, solution: &[OptionId], separation: &Separation) -> Vec<Step> {
        let labels = self.labels(solution);
        let motion = self.disassembler.motion();
        separation
            .all_moves()
            .into_iter()
            .map(|m| Step {
                pieces: m.pieces.iter().map(|&i| labels[i].clone()).collect(),
                step: motion.step(m.direction),
                steps: m.steps,
            })
            .collect()
    }
}

impl PuzzleDisassembler<'_> {
    /// The moves of a disassembly of `solution` as the 3D page animates them
    /// (the page's `set_disassembly` in the picture crate): each move's pieces by their index in the
    /// page's solution (the order of [`Encoding::decode`], pieces placed in advance first, not
    /// the order of [`placements`](Self::placements)), and how far they go in cell coordinates;
    /// pieces that leave go twice the board's largest extent plus one, out of everything.
    pub fn page_moves(&self, solution: &[OptionId], separation: &Separation) -> PageMoves {
        let decoded: Vec<&Placement> = self
            .puzzle
            .fixed
            .iter()
            .chain(solution.iter().map(|o| &self.placements[o.index()]))
            .collect();
        // Placement `i` of `placements` is placement `index[i]` of the page.
        let index: Vec<usize> = self
            .placements(solution)
            .iter()
            .map(|p| {
                decoded
                    .iter()
                    .position(|q| std::ptr::eq(*q, *p))
                    .expect("the same placements in another order")
            })
            .collect();
        let far = self.puzzle.board.bounds().map_or(1, |(lo, hi)| {
            (0..3).map(|i| hi[i] - lo[i] + 1).max().unwrap_or(1)
        }) * 2
            + 1;
        let motion = self.disassembler.motion();
        let moves = separation
            .all_moves()
            .into_iter()
            .map(|m| {
                let step = motion.step(m.direction);
                let n = m.steps.map_or(far, |n| n as i32);
                let mut pieces: Vec<usize> = m.pieces.iter().map(|&i| index[i]).collect();
                pieces.sort_unstable();
                PageMove {
                    pieces,
                    by: [step[0] * n, step[1] * n, step[2] * n],
                    leaves: m.steps.is_none(),
                }
            })
            .collect();
        PageMoves {
            level: separation.level().to_string(),
            moves,
        }
    }
}

/// One move of a disassembly as the 3D page animates it: some placements of a solution slide
/// together by a lattice vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageMove {
    /// The placements that move, by their index in the solution (pieces
    /// placed in advance first, as [`Encoding::decode`] lists them).
    pub pieces: Vec<usize>,
    /// How far, in cell coordinates (a piece leaving the puzzle: a long
    /// vector).
    pub by: Cell,
    /// The pieces leave the rest for good (BurrTools' last move of a
    /// separation): the page lays them just clear of everything else,
    /// along `by`, instead of the whole way.
    pub leaves: bool,
}

/// How a solution comes apart on the 3D page: BurrTools' level string and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageMoves {
    /// The level, e.g. `4.9.3`.
    pub level: String,
    /// The moves, in order.
    pub moves: Vec<PageMove>,
}

/// One move of a disassembly, as [`PuzzleDisassembler::steps`] tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The labels of the pieces that move.
    pub pieces: Vec<String>,
    /// One unit step of the move, in the lattice's cell coordinates.
    pub step: Cell,
    /// How many unit steps; `None` when the pieces leave (the last move
    /// of each separation).
    pub steps: Option<u32>,
}
