//! A puzzle's symmetry group, as maps of the lattice and as permutations
//! of the puzzle's options.
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
//! solutions to solutions: [`action`] gives that permutation action, for
//! the whole group or a [`GroupChoice`] of it, with the pieces that can
//! serve as representatives. Counting orbits of solutions is the business
//! of [`crate::orbits`], which knows no puzzles.

use crate::board::reading_key;
use crate::encode::Encoding;
use crate::lattice::{Cell, Symmetry};
use crate::orbits::Action;
use crate::puzzle::Puzzle;
use crate::shape::Shape;
use std::collections::{HashMap, HashSet};

/// One symmetry of a puzzle: `c -> point(c) + shift`, and the piece it
/// carries each piece to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSymmetry {
    /// The point-group element (a map of the lattice fixing the origin).
    pub point: Symmetry,
    /// The translation after it.
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
    /// The symmetries, the identity first.
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
    let index: crate::fast_hash::FastMap<(usize, &[Cell]), u32> = enc
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

/// Which symmetries count as "the same solution".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GroupChoice {
    /// Every symmetry of the puzzle: rotations and reflections.
    #[default]
    Full,
    /// Proper motions only: rotations (in 2D and 3D alike), no reflection.
    Rotations,
    /// No symmetry: every solution is distinct.
    None,
}

impl GroupChoice {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            GroupChoice::Full => "full",
            GroupChoice::Rotations => "rotations",
            GroupChoice::None => "none",
        }
    }

    /// The choice of a name, if it is one.
    pub fn from_name(name: &str) -> Option<GroupChoice> {
        match name {
            "full" => Some(GroupChoice::Full),
            "rotations" => Some(GroupChoice::Rotations),
            "none" => Some(GroupChoice::None),
            _ => None,
        }
    }

    /// Does the choice keep this symmetry?
    pub fn keeps(self, g: &PuzzleSymmetry) -> bool {
        match self {
            GroupChoice::Full => true,
            GroupChoice::Rotations => g.point.proper,
            GroupChoice::None => g.is_identity(),
        }
    }
}

impl std::fmt::Display for GroupChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The symmetries of `puzzle` that `choice` keeps (identity first).
pub fn chosen_group(puzzle: &Puzzle, choice: GroupChoice) -> Group {
    let mut g = puzzle_group(puzzle);
    g.elements.retain(|e| choice.keeps(e));
    g
}

/// How the symmetries of `puzzle` kept by `choice` act on the options of
/// its encoding, with the candidates for representatives: the pieces
/// present exactly once that every kept symmetry carries to itself, each
/// with its options in the reading order of their cells (so that a piece's
/// representative placements lie towards the top left, as in Knuth's
/// X-in-a-quadrant).
pub fn action(puzzle: &Puzzle, enc: &Encoding, choice: GroupChoice) -> Result<Action, String> {
    let group = chosen_group(puzzle, choice);
    let perms = option_permutations(&group, enc)?;
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
            candidates.push(opts);
        }
    }
    let description = match (choice, group.order()) {
        (_, 1) => "no symmetry".to_string(),
        (GroupChoice::Rotations, n) => format!("the {n} rotations of the board"),
        (_, n) if group.elements.iter().all(|g| g.point.proper) => {
            format!("the {n} rotations of the board")
        }
        (_, n) => format!("the {n} rotations and reflections of the board"),
    };
    Ok(Action {
        description,
        perms,
        candidates,
    })
}
