//! Stick lattices: the cells are the unit segments of a plane grid.
//! Polysticks live on the square grid, polytrigs on the triangular grid,
//! polytwigs on the hexagonal (honeycomb) grid.
//!
//! ## Coordinates
//!
//! A segment is named by twice its midpoint, so every coordinate is an
//! integer and every symmetry of the grid fixing a grid point is linear:
//!
//! * polysticks: the square grid's points are `[2x, 2y]`; a horizontal
//!   segment is `[odd, even]`, a vertical one `[even, odd]`. The square
//!   lattice's 8 matrices act on these coordinates.
//! * polytrigs: the triangular grid's points are `[2i, 2j]` in the basis of
//!   the [`Triangle`](super::Triangle) lattice (`e1` to the right, `e2` 60°
//!   down and to the right); segments are the points with at least one odd
//!   coordinate: `[odd, even]` along `e1`, `[even, odd]` along `e2`,
//!   `[odd, odd]` along `e2 - e1`. The hexagonal lattice's 12 matrices act.
//! * polytwigs: each honeycomb edge crosses exactly one edge of the
//!   triangular grid whose points are the hexagons' centres, so it takes
//!   that edge's coordinates. The grid point `[0, 0]` is a hexagon's
//!   centre, and the same 12 matrices act.
//!
//! In all three, translations are the vectors with both coordinates even.
//!
//! ## Where pieces meet
//!
//! Two pieces may touch at a point but never cross there. At a point with
//! `n` directions (4 on the square grid, 6 on the triangular one), a piece
//! that uses directions `D` divides the others into gaps; another piece
//! crosses it when it uses directions in two different gaps. [`joints`]
//! turns this into secondary items: for each pair of cyclically consecutive
//! directions of `D` with 2 to `n / 2` steps between them, the piece claims
//! the items of every direction from the first to the second. Two pieces
//! claim a common item exactly when they cross (tested against the
//! definition on every pair of direction sets). On the square grid only a
//! piece passing straight through a point claims anything, and then all
//! four items, so they merge into one item per point (as in Knuth's
//! polystick generator); on the honeycomb, with 3 directions, no two pieces
//! can cross and there are no joint items.
//!
//! ## Art
//!
//! One character per grid position; the drawing's top-left position is a
//! grid point (rows of twigs: see below). Points are drawn with `+`, `*`,
//! `o` or left blank; segments with `-`, `|`, `/`, `\` (or `#`, or a
//! piece's symbol on a board), which must match the segment's direction.
//!
//! ```text
//! polysticks       polytrigs          polytwigs
//! +-+-+            *---*---*           / \ / \
//! |   |             \ / \ /           |   |   |
//! +-+ +              *---*             \ / \ /
//!   | |
//!   +-+
//! ```
//!
//! Polysticks: points at even rows and columns, `-` between two points of a
//! row, `|` between two points of a column. Polytrigs: points on even rows,
//! four columns apart, each row of points shifted two columns to the right
//! of the one above (so row `r` has points at columns `c` with `c - r`
//! divisible by 4); `-` in the middle of `*---*` (the other `-` are
//! decoration), `\` and `/` on the rows between. Polytwigs are drawn on
//! the polytrigs' positions one row down: row 0 holds slanted twigs, `|`
//! twigs sit on odd rows.

use super::hex::{PAGE_BASIS, hexagonal_group};
use super::{Cell, Lattice, LatticeKind, Symmetry, describe};
use crate::art::{ArtError, Drawing};
use crate::error::ErrorKind;

/// A stick lattice: the segments of one grid (`kind` is `Polysticks`,
/// `Polytrigs` or `Polytwigs`). The three share one implementation; where
/// they differ (the point group, which points are segments, the art) it
/// asks `kind`.
#[derive(Copy, Clone, Debug)]
pub struct Sticks {
    kind: LatticeKind,
}

/// Polysticks: unit segments of the square grid.
pub const POLYSTICKS: Sticks = Sticks {
    kind: LatticeKind::Polysticks,
};

/// Polytrigs: unit segments of the triangular grid.
pub const POLYTRIGS: Sticks = Sticks {
    kind: LatticeKind::Polytrigs,
};

/// Polytwigs: edges of the honeycomb.
pub const POLYTWIGS: Sticks = Sticks {
    kind: LatticeKind::Polytwigs,
};

/// A secondary item a placement claims at a grid point: the point (twice
/// its coordinates) and an item number at that point.
pub type Joint = (Cell, u8);

/// The unit steps from a grid point, in cyclic order, in point
/// coordinates (half the segment coordinates' units).
const SQUARE_STEPS: [[i32; 2]; 4] = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const TRIANGLE_STEPS: [[i32; 2]; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/// The grid a stick lattice's joints live on: the steps around a point,
/// and which item each claimed direction stands for (equivalent items
/// merged).
struct PointStar {
    steps: &'static [[i32; 2]],
    item_of: &'static [u8],
}

const SQUARE_STAR: PointStar = PointStar {
    steps: &SQUARE_STEPS,
    // Only straight passages claim, always all four directions: one item.
    item_of: &[0, 0, 0, 0],
};
const TRIANGLE_STAR: PointStar = PointStar {
    steps: &TRIANGLE_STEPS,
    item_of: &[0, 1, 2, 3, 4, 5],
};

/// The directions claimed at a point by a piece using the directions of
/// `mask` (bit `d` for direction `d` of `n`): for each direction, the arc
/// to the next used one going round, when it spans 2 to `n / 2` steps.
pub(crate) fn claimed(mask: u32, n: usize) -> u32 {
    let mut out = 0;
    for d in 0..n {
        if mask >> d & 1 == 0 {
            continue;
        }
        let next = (1..n).find(|&s| mask >> ((d + s) % n) & 1 == 1);
        if let Some(s) = next
            && (2..=n / 2).contains(&s)
        {
            for k in 0..=s {
                out |= 1 << ((d + k) % n);
            }
        }
    }
    out
}

/// The endpoints of segment `c` (both in segment coordinates, so even)
/// on the square or triangular grid.
fn endpoints(c: Cell) -> [[i32; 2]; 2] {
    let (a, b) = (c[0], c[1]);
    match (a.rem_euclid(2), b.rem_euclid(2)) {
        (1, 0) => [[a - 1, b], [a + 1, b]],
        (0, 1) => [[a, b - 1], [a, b + 1]],
        _ => [[a + 1, b - 1], [a - 1, b + 1]],
    }
}

/// The joint items a piece covering `cells` claims (see the module doc).
fn star_joints(star: &PointStar, cells: &[Cell]) -> Vec<Joint> {
    let n = star.steps.len();
    let mut at: Vec<([i32; 2], u32)> = Vec::with_capacity(2 * cells.len());
    for &c in cells {
        for p in endpoints(c) {
            let step = [(c[0] - p[0]), (c[1] - p[1])];
            let d = star.steps.iter().position(|&s| s == step);
            let d = d.expect("a segment's endpoint is one step away");
            match at.iter_mut().find(|(q, _)| *q == p) {
                Some((_, m)) => *m |= 1 << d,
                None => at.push((p, 1 << d)),
            }
        }
    }
    let mut out = vec![];
    for (p, mask) in at {
        let claims = claimed(mask, n);
        let mut items = 0u32;
        for d in 0..n {
            if claims >> d & 1 == 1 {
                items |= 1 << star.item_of[d];
            }
        }
        for k in 0..n as u8 {
            if items >> k & 1 == 1 {
                out.push(([p[0], p[1], 0], k));
            }
        }
    }
    out.sort_unstable();
    out
}

/// Is `c` a segment of the square grid?
fn is_square_segment(c: Cell) -> bool {
    c[2] == 0 && (c[0] + c[1]).rem_euclid(2) == 1
}

/// Is `c` a segment of the triangular grid (or a honeycomb edge)?
fn is_triangle_segment(c: Cell) -> bool {
    c[2] == 0 && !(c[0].rem_euclid(2) == 0 && c[1].rem_euclid(2) == 0)
}

/// Both coordinates even: a translation of every stick lattice.
fn even_translation(v: Cell) -> bool {
    v[2] == 0 && v[0].rem_euclid(2) == 0 && v[1].rem_euclid(2) == 0
}

fn to_class(c: Cell) -> Cell {
    [c[0].rem_euclid(2) - c[0], c[1].rem_euclid(2) - c[1], 0]
}

fn only_own(kind: LatticeKind, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
    if from == kind {
        Ok(cells.to_vec())
    } else {
        Err(ErrorKind::Embed(format!(
            "a shape drawn on the {from} lattice cannot be placed on a {kind} board: draw it in {kind} art (see docs/format.md)"
        )))
    }
}

/// The triangular grid's art position of segment coordinates: row `b`,
/// column `2a + b`.
fn triangle_cell_at(row: i32, col: i32) -> Option<Cell> {
    if (col - row).rem_euclid(2) != 0 {
        return None;
    }
    let c = [(col - row) / 2, row, 0];
    is_triangle_segment(c).then_some(c)
}

/// [`Lattice::art_align`] for the triangular and honeycomb art: rows of
/// points two apart, the pattern repeating every four columns.
fn triangle_align(lo: [i32; 3]) -> [i32; 3] {
    let r = lo[1] - lo[1].rem_euclid(2);
    [lo[0], r, lo[2] - (lo[2] - r).rem_euclid(4)]
}

impl Lattice for Sticks {
    fn kind(&self) -> LatticeKind {
        self.kind
    }
    fn symmetries(&self) -> &'static [Symmetry] {
        match self.kind {
            LatticeKind::Polysticks => super::Square.symmetries(),
            _ => hexagonal_group(),
        }
    }
    fn is_cell(&self, c: Cell) -> bool {
        match self.kind {
            LatticeKind::Polysticks => is_square_segment(c),
            _ => is_triangle_segment(c),
        }
    }
    fn is_translation(&self, v: Cell) -> bool {
        even_translation(v)
    }
    fn canonical_translation(&self, c: Cell) -> Cell {
        to_class(c)
    }
    fn embed(&self, from: LatticeKind, cells: &[Cell]) -> Result<Vec<Cell>, ErrorKind> {
        only_own(self.kind, from, cells)
    }
    fn is_flat(&self, _: &[Cell]) -> bool {
        false
    }
    fn cell_at(&self, layer: i32, row: i32, col: i32) -> Option<Cell> {
        if layer != 0 {
            return None;
        }
        match self.kind {
            LatticeKind::Polysticks => is_square_segment([col, row, 0]).then_some([col, row, 0]),
            // Twig art is the triangle art one row down.
            LatticeKind::Polytwigs => triangle_cell_at(row + 1, col),
            _ => triangle_cell_at(row, col),
        }
    }
    fn grid_position(&self, c: Cell) -> (i32, i32, i32) {
        match self.kind {
            LatticeKind::Polysticks => (0, c[1], c[0]),
            LatticeKind::Polytwigs => (0, c[1] - 1, 2 * c[0] + c[1]),
            _ => (0, c[1], 2 * c[0] + c[1]),
        }
    }
    fn art_align(&self, lo: [i32; 3]) -> [i32; 3] {
        match self.kind {
            LatticeKind::Polysticks => [
                lo[0],
                lo[1] - lo[1].rem_euclid(2),
                lo[2] - lo[2].rem_euclid(2),
            ],
            // Twig art is the triangle art moved one row: the same translations.
            _ => triangle_align(lo),
        }
    }
    fn describe(&self, s: &Symmetry) -> String {
        match self.kind {
            LatticeKind::Polysticks => describe::plane(s, [[1.0, 0.0], [0.0, 1.0]]),
            _ => describe::plane(s, PAGE_BASIS),
        }
    }
    fn joints(&self, cells: &[Cell]) -> Vec<Joint> {
        match self.kind {
            LatticeKind::Polysticks => star_joints(&SQUARE_STAR, cells),
            LatticeKind::Polytrigs => star_joints(&TRIANGLE_STAR, cells),
            // Three directions at a point: no two pieces can cross.
            _ => Vec::new(),
        }
    }
    fn has_joints(&self) -> bool {
        self.kind != LatticeKind::Polytwigs
    }
}

/// The direction class of a segment: 0, 1 or 2 by which coordinates are
/// odd (`[odd, even]`, `[even, odd]`, `[odd, odd]`).
pub fn direction(c: Cell) -> usize {
    match (c[0].rem_euclid(2), c[1].rem_euclid(2)) {
        (1, 0) => 0,
        (0, 1) => 1,
        _ => 2,
    }
}

/// The character that draws a segment of direction class `d` on `kind`.
pub fn segment_char(kind: LatticeKind, d: usize) -> char {
    match kind {
        LatticeKind::Polysticks => ['-', '|', '#'][d],
        LatticeKind::Polytwigs => ['|', '/', '\\'][d],
        _ => ['-', '\\', '/'][d],
    }
}

/// Is `kind` a stick lattice?
pub fn is_stick(kind: LatticeKind) -> bool {
    matches!(
        kind,
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs
    )
}

/// The lattice whose cells are the faces of a stick lattice's grid
/// (squares, triangles, hexagons): boards are given as sets of faces.
pub fn face_lattice(kind: LatticeKind) -> Option<LatticeKind> {
    match kind {
        LatticeKind::Polysticks => Some(LatticeKind::Square),
        LatticeKind::Polytrigs => Some(LatticeKind::Triangle),
        LatticeKind::Polytwigs => Some(LatticeKind::Hex),
        _ => None,
    }
}

/// The segments bounding faces of the [`face_lattice`], each once, in
/// order: the board made of a region of squares, triangles or hexagons.
pub fn face_edges(kind: LatticeKind, faces: &[Cell]) -> Vec<Cell> {
    let mut out = vec![];
    for &f in faces {
        let (x, y) = (f[0], f[1]);
        match kind {
            LatticeKind::Polysticks => out.extend([
                [2 * x + 1, 2 * y, 0],
                [2 * x + 1, 2 * y + 2, 0],
                [2 * x, 2 * y + 1, 0],
                [2 * x + 2, 2 * y + 1, 0],
            ]),
            LatticeKind::Polytrigs => {
                let (i, j) = (x.div_euclid(3), y.div_euclid(3));
                let (a, b) = (2 * i, 2 * j);
                if super::points_up(f) {
                    out.extend([[a + 1, b + 1, 0], [a + 2, b + 1, 0], [a + 1, b + 2, 0]]);
                } else {
                    out.extend([[a + 1, b, 0], [a, b + 1, 0], [a + 1, b + 1, 0]]);
                }
            }
            LatticeKind::Polytwigs => {
                let (a, b) = (2 * x, 2 * y);
                for s in TRIANGLE_STEPS {
                    out.push([a + s[0], b + s[1], 0]);
                }
            }
            _ => {}
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A stick drawing read for `kind`: segment characters become `#` after
/// their direction is checked, decoration at grid points (`+ * o`, the
/// outer `-` of `*---*`) is dropped; anything else stays, for the reader
/// to accept (a piece's symbol) or refuse.
pub fn read_stick_art(kind: LatticeKind, mut d: Drawing) -> Result<Drawing, ArtError> {
    let l = kind.lattice();
    let mut kept = Vec::with_capacity(d.marks.len());
    for mut m in d.marks {
        let cell = l.cell_at(m.layer, m.row, m.col);
        let segment = matches!(m.ch, '-' | '|' | '/' | '\\');
        match cell {
            Some(c) if segment => {
                let want = segment_char(kind, direction(c));
                if m.ch != want && !(kind == LatticeKind::Polysticks && direction(c) == 2) {
                    return Err(ArtError {
                        line: m.line,
                        message: format!(
                            "`{}` at column {} is where a `{want}` segment goes on the {kind} grid: is the drawing aligned (see docs/format.md, \"Sticks\")?",
                            m.ch,
                            m.col + 1
                        ),
                    });
                }
                m.ch = '#';
                kept.push(m);
            }
            Some(_) => kept.push(m),
            None if matches!(m.ch, '+' | '*' | 'o') => {}
            None if m.ch == '-' && kind == LatticeKind::Polytrigs && m.row % 2 == 0 => {}
            None => kept.push(m),
        }
    }
    d.marks = kept;
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Do two pieces using direction sets `a` and `b` (disjoint) at a point
    /// of `n` directions cross? Yes when `b` has directions in two gaps of `a`.
    fn cross(a: u32, b: u32, n: usize) -> bool {
        if a.count_ones() < 2 || b.count_ones() < 2 {
            return false;
        }
        let first = (0..n).find(|&d| a >> d & 1 == 1).unwrap();
        let mut gaps = std::collections::HashSet::new();
        let mut gap = 0;
        for k in 1..=n {
            let d = (first + k) % n;
            if a >> d & 1 == 1 {
                gap += 1;
            } else if b >> d & 1 == 1 {
                gaps.insert(gap);
            }
        }
        gaps.len() >= 2
    }

    #[test]
    fn claims_overlap_exactly_when_pieces_cross() {
        for (n, star) in [(4, &SQUARE_STAR), (6, &TRIANGLE_STAR)] {
            let items = |m: u32| {
                let c = claimed(m, n);
                (0..n)
                    .filter(|&d| c >> d & 1 == 1)
                    .fold(0u32, |s, d| s | 1 << star.item_of[d])
            };
            for a in 0..1u32 << n {
                for b in 0..1u32 << n {
                    if a & b != 0 {
                        continue;
                    }
                    assert_eq!(
                        items(a) & items(b) != 0,
                        cross(a, b, n),
                        "n={n} a={a:b} b={b:b}"
                    );
                }
            }
        }
    }

    #[test]
    fn symmetries_map_segments_to_segments() {
        for l in [&POLYSTICKS as &dyn Lattice, &POLYTRIGS, &POLYTWIGS] {
            for s in l.symmetries() {
                for a in -4..5 {
                    for b in -4..5 {
                        let c = [a, b, 0];
                        assert_eq!(l.is_cell(c), l.is_cell(s.apply(c)), "{l:?} {c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn art_positions_round_trip() {
        for l in [&POLYSTICKS as &dyn Lattice, &POLYTRIGS, &POLYTWIGS] {
            for r in -5..6 {
                for col in -9..10 {
                    if let Some(c) = l.cell_at(0, r, col) {
                        assert_eq!(l.grid_position(c), (0, r, col), "{l:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn faces_have_their_edges() {
        // A unit square has 4 sides, two squares side by side 7.
        assert_eq!(face_edges(LatticeKind::Polysticks, &[[0, 0, 0]]).len(), 4);
        assert_eq!(
            face_edges(LatticeKind::Polysticks, &[[0, 0, 0], [1, 0, 0]]).len(),
            7
        );
        // The 6 triangles round a point: 12 edges; a hexagon 6, two 11.
        let hexagon: Vec<Cell> = vec![
            [1, 1, 0],
            [-1, 2, 0],
            [2, -1, 0],
            [-1, -1, 0],
            [-2, 1, 0],
            [1, -2, 0],
        ];
        let e = face_edges(LatticeKind::Polytrigs, &hexagon);
        assert!(e.iter().all(|&c| is_triangle_segment(c)));
        assert_eq!(e.len(), 12);
        // All six directions at [0, 0] are taken: no gap is left for
        // another piece, nothing to claim. A straight line through it
        // claims all six items.
        assert!(POLYTRIGS.joints(&e).iter().all(|j| j.0 != [0, 0, 0]));
        assert_eq!(POLYTRIGS.joints(&[[-1, 0, 0], [1, 0, 0]]).len(), 6);
        assert_eq!(face_edges(LatticeKind::Polytwigs, &[[0, 0, 0]]).len(), 6);
        assert_eq!(
            face_edges(LatticeKind::Polytwigs, &[[0, 0, 0], [1, 0, 0]]).len(),
            11
        );
    }

    #[test]
    fn a_straight_stick_claims_the_point_it_passes() {
        // Two horizontal sticks in a row pass straight through [2, 0].
        let j = POLYSTICKS.joints(&[[1, 0, 0], [3, 0, 0]]);
        assert_eq!(j, vec![([2, 0, 0], 0)]);
        // An L turns there and claims nothing.
        assert!(POLYSTICKS.joints(&[[1, 0, 0], [2, 1, 0]]).is_empty());
    }
}
