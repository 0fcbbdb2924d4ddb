//! Pieces: a named shape with a symbol, its orientations, and how many
//! copies the puzzle has.

use crate::color::Rgb;
use crate::error::ErrorKind;
use crate::lattice::{Lattice, LatticeKind, Symmetry};
use crate::shape::Shape;
use std::fmt;

/// How many copies of a piece a solution uses: between `lo` and `hi`
/// (`None`: no upper limit). Copies are identical, so swapping two of them
/// is not a new solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The fewest copies a solution uses.
    pub lo: u32,
    /// The most copies a solution uses; `None`: any number.
    pub hi: Option<u32>,
}

impl Count {
    /// Exactly `k` copies.
    pub const fn exactly(k: u32) -> Count {
        Count { lo: k, hi: Some(k) }
    }

    /// Any number of copies (an unlimited supply, e.g. dominoes).
    pub const UNLIMITED: Count = Count { lo: 0, hi: None };

    /// Is the piece exactly once in every solution?
    pub fn is_one(self) -> bool {
        self == Count::exactly(1)
    }

    /// Can no copy be placed at all (all used up)?
    pub fn is_none(self) -> bool {
        self.hi == Some(0)
    }

    /// The count after `used` copies were placed in advance (`None` when
    /// that is more than the upper bound).
    pub fn after_using(self, used: u32) -> Option<Count> {
        let hi = match self.hi {
            Some(h) => Some(h.checked_sub(used)?),
            None => None,
        };
        Some(Count {
            lo: self.lo.saturating_sub(used),
            hi,
        })
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (lo, Some(hi)) if lo == hi => write!(f, "{lo}"),
            (0, None) => write!(f, "unlimited"),
            (lo, None) => write!(f, "{lo}.."),
            (lo, Some(hi)) => write!(f, "{lo}..{hi}"),
        }
    }
}

/// A piece of a puzzle.
///
/// Invariants: `cells` is `shape` embedded in the puzzle's lattice and
/// normalized; `orientations` are the distinct normalized images of `cells`
/// under the piece's symmetry group ([`orientation_group`]), `cells`' own
/// orientation first; `symbol` is not a character that drawings reserve.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The piece's name, unique in its puzzle.
    pub name: String,
    /// The one character that draws it, unique in its puzzle.
    pub symbol: char,
    /// The lattice the piece was drawn in (square art for a flat piece).
    pub drawn_in: LatticeKind,
    /// The shape as drawn, normalized in `drawn_in`.
    pub shape: Shape,
    /// The shape in the puzzle's lattice, normalized.
    pub cells: Shape,
    /// Every distinct orientation in the puzzle's lattice.
    pub orientations: Vec<Shape>,
    /// For each symmetry of the lattice (in the order of
    /// [`Lattice::symmetries`]), the index in `orientations` of the
    /// orientation it turns the piece into; `None` for the reflections of
    /// a piece that may not turn over.
    pub orientation_of: Vec<Option<u32>>,
    /// How many copies the puzzle has (after pre-placed ones are taken out).
    pub count: Count,
    /// Its color in pictures (the file's `color` key); `None`: a palette
    /// color.
    pub color: Option<Rgb>,
    /// May it take its mirror image, i.e. every symmetry of the lattice
    /// rather than the rotations only ([`turns_over`])? `orientations`
    /// follow it.
    pub turn_over: bool,
}

impl Piece {
    /// A piece drawn in `drawn_in` as `shape`, for a puzzle on `lattice`.
    /// `one_sided` forbids turning pieces over (2D puzzles only); `mirror`
    /// is the piece's own `mirror` key, which overrides the puzzle's rule
    /// ([`turns_over`]). Errors are [`ErrorKind::InPiece`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: String,
        symbol: char,
        drawn_in: LatticeKind,
        shape: Shape,
        count: Count,
        lattice: &dyn Lattice,
        one_sided: bool,
        mirror: Option<bool>,
    ) -> Result<Piece, ErrorKind> {
        if shape.is_empty() {
            return Err(ErrorKind::InPiece {
                piece: name,
                error: Box::new(ErrorKind::Invalid("it has no cells".into())),
            });
        }
        let from = drawn_in.lattice();
        let shape = shape.normalized(from);
        let embedded = lattice
            .embed(drawn_in, shape.cells())
            .map_err(|e| ErrorKind::InPiece {
                piece: name.clone(),
                error: Box::new(e),
            })?;
        let cells = Shape::new(embedded).normalized(lattice);
        let turn_over = turns_over(lattice, cells.cells(), one_sided, mirror);
        let (orientations, orientation_of) =
            cells.orientations_by_symmetry(lattice, |s| takes(turn_over, s));
        Ok(Piece {
            name,
            symbol,
            drawn_in,
            shape,
            cells,
            orientations,
            orientation_of,
            count,
            color: None,
            turn_over,
        })
    }

    /// May the piece be turned over (take its mirror image)? The symmetry
    /// code uses this as the piece's group: every symmetry when true, the
    /// rotations only when false.
    pub fn may_turn_over(&self) -> bool {
        self.turn_over
    }

    /// The number of cells.
    pub fn size(&self) -> usize {
        self.cells.len()
    }
}

/// May a piece with these cells take its mirror image? Its own `mirror`
/// key decides when it has one. Otherwise physics does: in 2D it may be
/// turned over unless the puzzle is one-sided; in 3D it only rotates,
/// except that a flat piece can be turned over, so it takes every symmetry.
///
/// In 3D, `mirror = true` lets a solid piece be replaced by its mirror
/// image, and `mirror = false` keeps a piece to the rotations (a rotation
/// can still turn a flat piece over where the lattice has one, as the
/// cubic lattice does).
pub fn turns_over(
    lattice: &dyn Lattice,
    cells: &[crate::lattice::Cell],
    one_sided: bool,
    mirror: Option<bool>,
) -> bool {
    mirror.unwrap_or(if lattice.dimension() == 2 {
        !one_sided
    } else {
        lattice.is_flat(cells)
    })
}

/// The symmetries a piece takes: every symmetry of the lattice if it may
/// be turned over ([`turns_over`]), else the rotations.
pub fn orientation_group(
    lattice: &dyn Lattice,
    turn_over: bool,
) -> impl Iterator<Item = &Symmetry> {
    lattice
        .symmetries()
        .iter()
        .filter(move |s| takes(turn_over, s))
}

/// Does a piece take the symmetry `s` ([`orientation_group`])?
pub fn takes(turn_over: bool, s: &Symmetry) -> bool {
    turn_over || s.proper
}
