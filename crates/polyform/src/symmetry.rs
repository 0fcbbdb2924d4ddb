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
//! of [`orbits`], which knows no puzzles.

use crate::board::{CellOrder, reading_key, sort_cells};
use crate::encode::Encoding;
pub use crate::group_choice::GroupChoice;
use crate::lattice::{Cell, Symmetry};
use crate::puzzle::Puzzle;
use crate::shape::Shape;
use orbits::Action;
use std::collections::HashSet;

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
        // The images of distinct cells are distinct: none is dropped.
        sort_cells(&mut v, CellOrder::Reading);
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
    sort_cells(&mut v, CellOrder::Reading);
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
    // Looked up for every board cell under every point symmetry: the fast hasher.
    let kinds: crate::fast_hash::FastMap<Cell, _> = board.iter().copied().collect();
    let fixed: HashSet<(usize, Vec<Cell>)> = puzzle
        .fixed
        .iter()
        .map(|p| (p.piece, key(&p.cells)))
        .collect();
    'point: for (gi, &point) in lattice.symmetries().iter().enumerate() {
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
        for (pi, p) in puzzle.pieces.iter().enumerate() {
            // The image is one of the piece's orientations when the piece
            // takes this symmetry (known from the piece), and may be one
            // even if not (a piece that is its own mirror image).
            if p.orientation_of[gi].is_some() && !taken[pi] {
                taken[pi] = true;
                g.pieces.push(pi);
                continue;
            }
            let image = Shape::new(p.cells.cells().iter().map(|&c| point.apply(c)).collect())
                .normalized(lattice);
            let target = if p.orientations.contains(&image) {
                Some(pi)
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
/// the option that symmetry `g` makes of option `o` (see [`OptionImages`]).
pub fn option_permutations(group: &Group, enc: &Encoding) -> Result<Vec<Vec<u32>>, String> {
    OptionImages::new(enc).perms(&group.elements)
}

/// A symmetry as the affine map it is, with its piece permutation: two
/// elements with equal keys map every option alike.
type MapKey = ([[i32; 3]; 3], Cell, Vec<usize>);

impl PuzzleSymmetry {
    /// Its key: the linear part, where it takes the origin, the pieces.
    fn map_key(&self) -> MapKey {
        (self.point.m, self.apply([0, 0, 0]), self.pieces.clone())
    }

    /// The key of `self` after `h`: the linear parts multiplied, `self`'s
    /// image of where `h` takes the origin, the piece maps composed.
    fn after_key(&self, h: &PuzzleSymmetry) -> MapKey {
        let (a, b) = (self.point.m, h.point.m);
        let m: [[i32; 3]; 3] = std::array::from_fn(|i| {
            std::array::from_fn(|j| (0..3).map(|k| a[i][k] * b[k][j]).sum())
        });
        let pieces = h.pieces.iter().map(|&i| self.pieces[i]).collect();
        (m, self.apply(h.apply([0, 0, 0])), pieces)
    }
}

type FastMap<K, V> = crate::fast_hash::FastMap<K, V>;

/// The indexes of an encoding's placements that map options to options
/// under a symmetry ([`OptionImages::perm`]), made once for all the
/// symmetries asked about.
///
/// A placement is its piece, its orientation and where its first cell (in
/// reading order) lies, and a symmetry maps the placements of one
/// orientation alike: the image of orientation `o` of piece `i` is some
/// orientation `o'` of piece `g(i)`, found once per symmetry from one
/// placement of `o`, with the offset from the image of a placement's first
/// cell to the image placement's first cell. Each placement then costs one
/// cell's image and one lookup, not the image of all its cells, sorted and
/// hashed (which dominated on burr puzzles of hundreds of voxels).
pub struct OptionImages<'e> {
    placements: &'e [crate::placement::Placement],
    /// (piece, orientation, first cell) -> option.
    by_first: FastMap<(usize, usize, Cell), u32>,
    /// Each (piece, orientation) with placements, with one option of it, in
    /// the order of the options; `slot[o]` is option `o`'s entry there.
    /// The image of each entry is worked out once per symmetry, and found
    /// by index for every option.
    samples: Vec<(usize, usize)>,
    slot: Vec<u32>,
    /// (piece, cells relative to the first) -> the orientations of that shape. There may be
    /// several: on lattices with cells of several kinds, orientations that differ in the kinds
    /// of their cells (a triangle pointing up or down) have the same relative cells, and only
    /// the placements' first cells tell them apart.
    orientations_of: FastMap<(usize, Vec<Cell>), Vec<usize>>,
}

/// Cells relative to the first.
fn relative(cells: &[Cell]) -> Vec<Cell> {
    let f = cells[0];
    cells
        .iter()
        .map(|c| [c[0] - f[0], c[1] - f[1], c[2] - f[2]])
        .collect()
}

impl<'e> OptionImages<'e> {
    /// The indexes of `enc`'s placements.
    pub fn new(enc: &'e Encoding) -> OptionImages<'e> {
        let placements = &enc.placements;
        let mut by_first: FastMap<(usize, usize, Cell), u32> = FastMap::default();
        let mut slot_of: FastMap<(usize, usize), u32> = FastMap::default();
        let mut samples = Vec::new();
        let mut slot = Vec::with_capacity(placements.len());
        let mut orientations_of: FastMap<(usize, Vec<Cell>), Vec<usize>> = FastMap::default();
        for (k, p) in placements.iter().enumerate() {
            by_first.insert((p.piece, p.orientation, p.cells[0]), k as u32);
            let next = samples.len() as u32;
            let s = *slot_of.entry((p.piece, p.orientation)).or_insert(next);
            if s == next {
                samples.push((p.piece, k));
                orientations_of
                    .entry((p.piece, relative(&p.cells)))
                    .or_default()
                    .push(p.orientation);
            }
            slot.push(s);
        }
        OptionImages {
            placements,
            by_first,
            samples,
            slot,
            orientations_of,
        }
    }

    /// How each of `elements` (a group) permutes the options, as
    /// [`perm`](Self::perm) says. An element that is the product of two
    /// whose permutations are known takes the composition of theirs (a
    /// lookup per option), so only a few generators are worked out from
    /// the cells: on the 24 rotations of a burr, 3 or 4 of them.
    pub fn perms(&self, elements: &[PuzzleSymmetry]) -> Result<Vec<Vec<u32>>, String> {
        let index: FastMap<MapKey, usize> = elements
            .iter()
            .enumerate()
            .map(|(i, g)| (g.map_key(), i))
            .collect();
        let mut perms: Vec<Option<Vec<u32>>> = vec![None; elements.len()];
        for i in 0..elements.len() {
            if perms[i].is_some() {
                continue;
            }
            let g = &elements[i];
            let moves_nothing =
                g.is_identity() && g.pieces.iter().enumerate().all(|(a, &b)| a == b);
            perms[i] = Some(if moves_nothing {
                (0..self.placements.len() as u32).collect()
            } else {
                self.perm(g)?
            });
            // Close the known ones under products with the new one.
            let mut fresh = vec![i];
            while let Some(a) = fresh.pop() {
                for b in 0..elements.len() {
                    if perms[b].is_none() {
                        continue;
                    }
                    for (x, y) in [(a, b), (b, a)] {
                        let Some(&c) = index.get(&elements[x].after_key(&elements[y])) else {
                            continue;
                        };
                        if perms[c].is_some() {
                            continue;
                        }
                        let (px, py) = (
                            perms[x].as_ref().expect("known"),
                            perms[y].as_ref().expect("known"),
                        );
                        perms[c] = Some(py.iter().map(|&o| px[o as usize]).collect());
                        fresh.push(c);
                    }
                }
            }
        }
        Ok(perms
            .into_iter()
            .map(|p| p.expect("every element done"))
            .collect())
    }

    /// How `g` permutes the options: `perm[o]` is the option `g` makes of
    /// option `o`; an error if it maps some option to no option.
    pub fn perm(&self, g: &PuzzleSymmetry) -> Result<Vec<u32>, String> {
        let placements = self.placements;
        let missing = |piece: usize| {
            format!("internal error: a symmetry maps a placement of piece {piece} to no placement")
        };
        // For each entry of `samples`: the orientations the image may have, and the offset
        // from the image of a placement's first cell to the image placement's first cell.
        let mut image: Vec<Option<(&[usize], Cell)>> = Vec::with_capacity(self.samples.len());
        for &(piece, k) in &self.samples {
            let cells = &placements[k].cells;
            let img = g.apply_cells(cells);
            let from = g.apply(cells[0]);
            let offset = [
                from[0] - img[0][0],
                from[1] - img[0][1],
                from[2] - img[0][2],
            ];
            let o2 = self.orientations_of.get(&(g.pieces[piece], relative(&img)));
            image.push(o2.map(|o2| (o2.as_slice(), offset)));
        }
        let mut perm = Vec::with_capacity(placements.len());
        for (p, &s) in placements.iter().zip(&self.slot) {
            let (o2, offset) = image[s as usize].ok_or_else(|| missing(p.piece))?;
            let c = g.apply(p.cells[0]);
            let first = [c[0] - offset[0], c[1] - offset[1], c[2] - offset[2]];
            // The image's cells are `first` plus the relative cells of each candidate: the one
            // with a placement there is it.
            match o2
                .iter()
                .find_map(|&o| self.by_first.get(&(g.pieces[p.piece], o, first)))
            {
                Some(&o) => {
                    debug_assert_eq!(placements[o as usize].cells, g.apply_cells(&p.cells));
                    perm.push(o);
                }
                None => return Err(missing(p.piece)),
            }
        }
        Ok(perm)
    }
}

impl GroupChoice {
    /// Does the choice keep this symmetry?
    pub fn keeps(self, g: &PuzzleSymmetry) -> bool {
        match self {
            GroupChoice::Full => true,
            GroupChoice::Rotations => g.point.proper,
            GroupChoice::None => g.is_identity(),
        }
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
    for (i, (stats, opts)) in enc.pieces.iter().zip(&mut by_piece).enumerate() {
        if stats.count.is_one() && group.elements.iter().all(|g| g.pieces[i] == i) {
            let mut opts = std::mem::take(opts);
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
