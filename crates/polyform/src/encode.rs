//! From a puzzle to an exact-cover matrix, and from a solution back.
//!
//! Items, in this order (as in Knuth's generators: piece names, then
//! cells):
//! 1. one primary item per piece with a limited supply, named after the
//!    piece, with bounds `lo:hi` when the count is not exactly 1 (Algorithm M
//!    then visits each multiset of identical copies once);
//! 2. one primary item per free cell to fill, named `x,y` (2D) or `x,y,z`;
//! 3. instead of 1, one secondary item per piece used at most once (`"0..1"`)
//!    whose every placement covers a cell to fill (`at_most_once`);
//! 4. one secondary item per free cell that may stay empty;
//! 5. on stick lattices, one secondary item per joint some placement
//!    claims ([`Lattice::joints`](crate::Lattice::joints): where pieces
//!    would cross), named `x,y/k` after the grid point and item number.
//!
//! Options, piece by piece, orientation by orientation, position by
//! position (reading order of the cell the orientation's first cell lands
//! on): the piece's item (if any), then the covered cells in reading order.
//! A piece with an unlimited supply has no item, unless some placement covers
//! only optional cells: an option needs a primary item, so the piece then
//! has one, with bounds `0:n` (`n` the copies that fit in the free cells). With colour constraints ([`Puzzle::colors`]), a placement is kept
//! when some colouring of the piece with those cells fits the board.

use crate::board::CellKind;
use crate::error::{Error, ErrorKind};
use crate::fast_hash::FastMap;
use crate::lattice::{Cell, Joint};
use crate::limits::{Limits, Resource};
use crate::piece::Count;
use crate::placement::{CellSet, Placement, count_fits, fit_translations, placed_at};
use crate::puzzle::Puzzle;
use crate::shape::Shape;
use dlx::{ItemId, Matrix, MatrixBuilder, OptionId};

/// How a piece fared in the encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceStats {
    /// Distinct orientations of the piece.
    pub orientations: usize,
    /// Placements that fit in the free cells (options of the matrix).
    pub placements: usize,
    /// The copies the matrix allows: the puzzle's count, raised where the
    /// board forces copies ([`forced_counts`]).
    pub count: Count,
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
/// counts the placements that fit the free cells and their entries (the
/// piece's cells, and its item, counted for every piece that may have one:
/// an unlimited piece only when some cells may stay empty)
/// without making them, and stops counting once either passes its limit.
/// Errors are [`ErrorKind::OverLimit`] on [`Resource::Placements`] or
/// [`Resource::MatrixEntries`] (with the count, or `None`: more than the
/// limit). Colour constraints can only lower the real count.
pub fn check_budget(puzzle: &Puzzle, limits: &Limits) -> Result<(), ErrorKind> {
    let lattice = puzzle.lattice();
    let free = puzzle.free_cells();
    let anchors: Vec<Cell> = free.iter().map(|(c, _)| *c).collect();
    let free_set = CellSet::new(&anchors);
    budget(puzzle, limits, |_, _, o, enough| {
        count_fits(lattice, o, &anchors, &free_set, enough)
    })
}

/// [`check_budget`]'s count: `found(piece, orientation, shape, enough)`
/// gives the placements of each orientation of each piece in use, or
/// `enough + 1` once there are more than `enough`.
fn budget(
    puzzle: &Puzzle,
    limits: &Limits,
    mut found: impl FnMut(usize, usize, &Shape, usize) -> usize,
) -> Result<(), ErrorKind> {
    let (max_placements, max_entries) = (
        u128::from(limits.placements),
        u128::from(limits.matrix_entries),
    );
    let (mut placements, mut entries) = (0u128, 0u128);
    let optional = puzzle
        .free_cells()
        .iter()
        .any(|(_, k)| *k != CellKind::Fill);
    for (pi, p) in puzzle.pieces.iter().enumerate() {
        if p.count.is_none() {
            continue;
        }
        // An unlimited piece has an item when it can lie on optional cells alone.
        let per = p.size() as u128 + u128::from(has_item(p.count) || optional);
        for (oi, o) in p.orientations.iter().enumerate() {
            // Count no further than the limits allow.
            let room = (max_placements - placements).min((max_entries - entries) / per.max(1));
            let enough = usize::try_from(room).unwrap_or(usize::MAX);
            let n = found(pi, oi, o, enough) as u128;
            placements += n;
            entries += n * per;
            if placements > max_placements {
                return limits.check(Resource::Placements, None);
            }
            if entries > max_entries {
                return limits.check(Resource::MatrixEntries, None);
            }
        }
    }
    Ok(())
}

/// `always_fills[i]`: whether every placement of piece `i` covers a cell to
/// fill (so that its options have a primary item without an item of the
/// piece's own).
fn always_fills(
    puzzle: &Puzzle,
    free: &[(Cell, CellKind)],
    translations: &[Vec<Vec<Cell>>],
) -> Vec<bool> {
    let fill: std::collections::HashSet<Cell> = free
        .iter()
        .filter(|(_, k)| *k == CellKind::Fill)
        .map(|(c, _)| *c)
        .collect();
    let optional = fill.len() < free.len();
    puzzle
        .pieces
        .iter()
        .enumerate()
        .map(|(pi, p)| {
            !optional
                || p.orientations.iter().zip(&translations[pi]).all(|(o, ts)| {
                    placed_at(o, ts)
                        .iter()
                        .all(|cells| cells.iter().any(|c| fill.contains(c)))
                })
        })
        .collect()
}

/// The counts the board forces. When every free cell is to be filled, the
/// pieces cover exactly the free cells; if every supply is bounded, the
/// supplies cover `slack` cells more than the board has, so a piece of `s`
/// cells leaves at most `slack / s` copies unused and needs at least
/// `hi - slack / s` (the twelve pentominoes `"0..1"` in a 6x10 box: slack 0,
/// each exactly once, which also lets a count use the board's symmetry).
/// Otherwise, and where that is no tighter, the puzzle's counts.
pub fn forced_counts(puzzle: &Puzzle, free: &[(Cell, CellKind)]) -> Vec<Count> {
    let counts: Vec<Count> = puzzle.pieces.iter().map(|p| p.count).collect();
    if free.iter().any(|(_, k)| *k != CellKind::Fill) {
        return counts;
    }
    let supply: Option<u128> = puzzle
        .pieces
        .iter()
        .map(|p| Some(u128::from(p.count.hi?) * p.size() as u128))
        .sum();
    let Some(slack) = supply.and_then(|s| s.checked_sub(free.len() as u128)) else {
        return counts;
    };
    puzzle
        .pieces
        .iter()
        .zip(counts)
        .map(|(p, c)| match c.hi {
            Some(hi) if p.size() > 0 => {
                let spare = u32::try_from(slack / p.size() as u128).unwrap_or(u32::MAX);
                Count {
                    lo: c.lo.max(hi.saturating_sub(spare)),
                    hi: Some(hi),
                }
            }
            _ => c,
        })
        .collect()
}

/// Does the piece have an item of its own (a limited supply)?
fn has_item(c: Count) -> bool {
    !(c.is_none() || (c.lo == 0 && c.hi.is_none()))
}

/// Builds the exact-cover matrix of a puzzle within the default
/// [`Limits`]. Errors name the puzzle's file.
pub fn encode(puzzle: &Puzzle) -> Result<Encoding, Error> {
    encode_with(puzzle, &Limits::default())
}

/// Builds the exact-cover matrix of a puzzle, first checking its size
/// against `limits` ([`check_budget`]).
pub fn encode_with(puzzle: &Puzzle, limits: &Limits) -> Result<Encoding, Error> {
    let lattice = puzzle.lattice();
    let dim = lattice.dimension();
    let free = puzzle.free_cells();
    let anchors: Vec<Cell> = free.iter().map(|(c, _)| *c).collect();
    let free_set = CellSet::new(&anchors);
    // The budget check's search for the placements, kept (a translation per
    // placement, within the limits) rather than made again below.
    let mut translations: Vec<Vec<Vec<Cell>>> = vec![Vec::new(); puzzle.pieces.len()];
    budget(puzzle, limits, |pi, oi, o, enough| {
        let ts: Vec<Cell> = fit_translations(lattice, o, &anchors, &free_set)
            .take(enough.saturating_add(1))
            .collect();
        let n = ts.len();
        translations[pi].resize(oi + 1, Vec::new());
        translations[pi][oi] = ts;
        n
    })
    .map_err(|k| Error::at(&puzzle.path, None, k))?;
    let mut b = MatrixBuilder::new();
    let err = |e: dlx::MatrixError| Error::at(&puzzle.path, None, ErrorKind::Matrix(e));

    let counts = forced_counts(puzzle, &free);
    let fills = always_fills(puzzle, &free, &translations);
    // The pieces used at most once (`"0..1"`) whose every placement covers a cell to fill: their
    // items are secondary (covered at most once), which says what bounds `0:1` say, since every
    // option keeps a primary item, and keeps the matrix to Algorithms X and C and their engines.
    let secondary: Vec<bool> = (0..counts.len())
        .map(|pi| counts[pi] == Count { lo: 0, hi: Some(1) } && fills[pi])
        .collect();
    let mut piece_items: Vec<Option<ItemId>> = vec![];
    for (pi, p) in puzzle.pieces.iter().enumerate() {
        let (c, sec) = (counts[pi], secondary[pi]);
        // An unlimited piece needs an item (bounds `0:n`) only for the placements on optional
        // cells alone, which would otherwise have no primary item.
        let item = if sec || !(has_item(c) || (!c.is_none() && !fills[pi])) {
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
    // Looked up for every cell of every placement: the fast hasher, not SipHash.
    let mut cell_items: FastMap<Cell, (ItemId, bool)> = FastMap::default();
    for kind in [CellKind::Fill, CellKind::Optional] {
        if kind == CellKind::Optional {
            // The pieces used at most once follow the primary items.
            for (pi, p) in puzzle.pieces.iter().enumerate() {
                if secondary[pi] {
                    piece_items[pi] = Some(b.secondary(&piece_item_name(&p.name)).map_err(err)?);
                }
            }
        }
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

    let (joint_items, placement_joints) =
        joint_items(puzzle, &translations, &mut b).map_err(err)?;
    // The placements in the order `joint_items` met them.
    let mut placement_index = 0;
    let fixed_joints: std::collections::HashSet<Joint> = puzzle
        .fixed
        .iter()
        .flat_map(|p| lattice.joints(&p.cells))
        .collect();
    let mut placements = vec![];
    let mut stats = vec![];
    for (pi, p) in puzzle.pieces.iter().enumerate() {
        let mut n = 0;
        let colorings = puzzle
            .colors
            .as_ref()
            .and_then(|c| Some((c, c.colorings(lattice, pi, p)?)));
        if !p.count.is_none() {
            for (oi, o) in p.orientations.iter().enumerate() {
                for cells in placed_at(o, &translations[pi][oi]) {
                    placement_index += 1;
                    if let Some((colors, list)) = &colorings {
                        // The orientation's first (smallest) cell lands on
                        // the placement's smallest cell.
                        let (a, b) = (o.cells()[0], *cells.iter().min().expect("cells"));
                        let t = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
                        if !colors.fits(o.cells(), &list[oi], t) {
                            continue;
                        }
                    }
                    let has_primary = piece_items[pi].is_some_and(|i| b.is_primary(i))
                        || cells.iter().any(|c| cell_items[c].1);
                    if !has_primary {
                        continue;
                    }
                    let mut row = Vec::with_capacity(cells.len() + 1);
                    if let Some(item) = piece_items[pi] {
                        row.push((item, None));
                    }
                    row.extend(cells.iter().map(|c| (cell_items[c].0, None)));
                    if let Some(js) = placement_joints.get(placement_index - 1) {
                        // A piece placed in advance has its joints already.
                        if js.iter().any(|j| fixed_joints.contains(j)) {
                            continue;
                        }
                        row.extend(js.iter().map(|j| (joint_items[j], None)));
                    }
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
            count: counts[pi],
        });
    }
    Ok(Encoding {
        matrix: b.build().map_err(err)?,
        placements,
        pieces: stats,
    })
}

/// The joints each placement claims (see
/// [`Lattice::joints`](crate::Lattice::joints)), placement by placement in
/// the order [`encode_with`] makes them, and their secondary items,
/// declared in the order of their points; both empty on lattices without
/// joints.
type JointItems = (FastMap<Joint, ItemId>, Vec<Vec<Joint>>);
fn joint_items(
    puzzle: &Puzzle,
    translations: &[Vec<Vec<Cell>>],
    b: &mut MatrixBuilder,
) -> Result<JointItems, dlx::MatrixError> {
    let lattice = puzzle.lattice();
    let mut per_placement = vec![];
    if lattice.has_joints() {
        for (pi, p) in puzzle.pieces.iter().enumerate() {
            if p.count.is_none() {
                continue;
            }
            for (oi, o) in p.orientations.iter().enumerate() {
                for cells in placed_at(o, &translations[pi][oi]) {
                    per_placement.push(lattice.joints(&cells));
                }
            }
        }
    }
    let all: std::collections::BTreeSet<Joint> = per_placement.iter().flatten().copied().collect();
    let mut items = FastMap::default();
    for j in all {
        let id = b.secondary(&format!("{},{}/{}", j.0[0], j.0[1], j.1))?;
        items.insert(j, id);
    }
    Ok((items, per_placement))
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
