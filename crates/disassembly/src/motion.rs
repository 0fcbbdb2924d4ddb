//! How pieces move, lattice by lattice: the unit steps a piece may make
//! and, for each step, the cells a moving cell sweeps through.
//!
//! A piece moves by whole unit steps along one of the lattice's *axes*, in
//! either sense. One unit step of a cell `c` along axis `a` is allowed when
//! the cells `c + o` for every offset `o` of `sweep(a, class(c))` are free:
//! the step's target and, on lattices where a cell brushes past others on
//! its way, those too. Steps are lattice translations, so a cell keeps its
//! class (a triangle pointing up still points up) however far it moves.
//!
//! The models (`docs/burrtools.md`, "Disassembly: how pieces move"):
//!
//! * **cubes** (`cubic`, and `square` read as one layer of cubes): the 3
//!   axes, a step sweeps only its target. In BurrTools' order: x, then y
//!   and z of BurrTools' own coordinates, which are polycover's `-y` and
//!   `-z` (`burr::import`);
//! * **triangular prisms** (`triangle`, one layer of prisms): the prism
//!   axis z, and the three in-plane directions of the triangle rows; an
//!   in-plane step of one triangle (two art columns along a row, or a
//!   row and a column diagonally) passes over the neighbouring triangle
//!   it shares an edge with, which must be free as well as the target
//!   (BurrTools' own table of checks for its prism grid);
//! * **triangular prisms in layers** (`prism`): the one-layer model, the
//!   z axis now crossing layers.
//! * **hexagons** (`hex`): pieces only lift out of the plane (axis z).
//! * **the lattices of the cube's symmetry**: spheres (`fcc-square`,
//!   `fcc-triangle`), rhombic dodecahedra (`rhombic`, and BurrTools' units
//!   of them, `rhombic-units`), tetrahedra and octahedra (`tetra-octa`, and
//!   BurrTools' units of them, `tetra-octa-units`). A piece slides along
//!   any of the 13 rotation axes of the cube: the 6 face diagonals (the
//!   dodecahedra's face normals, the planes of tetrahedra and octahedra
//!   sliding past each other), the 3 cube axes and the 4 body diagonals
//!   (the dodecahedron stellations come apart along those, a tetrahedron
//!   split in two along a cube axis). A unit step is the lattice's shortest
//!   translation along the axis, and the cells it sweeps are computed from
//!   the solids (module `disassembly::sweep`), class by class: those whose
//!   interiors the moving cell passes through. For spheres that is the
//!   target and, along a face diagonal, the 4 spheres touching both start
//!   and end (the tests check it). BurrTools does not disassemble these
//!   grids; these models are polycover's own.
//!
//! Moving against an axis is handled by symmetry: how far `A` can move
//! along `-a` with `B` held is how far `B` can move along `+a` with `A`
//! held.

use std::collections::HashMap;

use super::sweep::Sweeper;
use polyform::lattice::{Cell, LatticeKind, points_up};

/// The longest move the limits record: a pair that never collides along
/// an axis has this limit ("free"); finite limits are smaller.
pub const FREE: u16 = u16::MAX;

/// How pieces move on one lattice (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Motion {
    /// The lattice this model is for.
    lattice: LatticeKind,
    /// `axes[a]`: one unit step along axis `a`, positive sense. Directions
    /// are numbered `2a` (along `axes[a]`) and `2a + 1` (against it), in
    /// the order moves are tried.
    axes: Vec<Cell>,
    /// `sweeps[a][k]`: the offsets, from a cell of class `k`, that must be
    /// free for the cell to make one unit step along `axes[a]`; the step's
    /// target `axes[a]` is among them.
    sweeps: Vec<Vec<Vec<Cell>>>,
    /// Where the swept cells are computed from the solids: the class of
    /// each representative cell (`c + canonical_translation(c)`); empty
    /// for the hand-written models, whose classes [`Motion::class`] knows.
    classes: HashMap<Cell, usize>,
    /// One class, whose step sweeps only its target (cubes, squares,
    /// hexagons): [`limits_both`](Self::limits_both) applies.
    target_only: bool,
}

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Cell, b: Cell) -> Cell {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

impl Motion {
    /// The model of `lattice` (see the [module docs](self)).
    pub fn of(lattice: LatticeKind) -> Motion {
        let plain = |axes: Vec<Cell>| {
            let sweeps = axes.iter().map(|&a| vec![vec![a]]).collect();
            Motion {
                lattice,
                axes,
                sweeps,
                classes: HashMap::new(),
                target_only: true,
            }
        };
        match lattice {
            // BurrTools' x, y, z: polycover's x, -y, -z.
            LatticeKind::Square | LatticeKind::Cubic => {
                plain(vec![[1, 0, 0], [0, -1, 0], [0, 0, -1]])
            }
            // Flat pieces lift off the plane.
            LatticeKind::Hex
            | LatticeKind::Polysticks
            | LatticeKind::Polytrigs
            | LatticeKind::Polytwigs => plain(vec![[0, 0, -1]]),
            LatticeKind::Triangle | LatticeKind::Prism => triangle_motion(lattice),
            LatticeKind::FccSquare
            | LatticeKind::FccTriangle
            | LatticeKind::Rhombic
            | LatticeKind::RhombicUnits
            | LatticeKind::TetraOcta
            | LatticeKind::TetraOctaUnits => solid_motion(lattice),
        }
    }

    /// The lattice this model is for.
    pub fn lattice(&self) -> LatticeKind {
        self.lattice
    }

    /// The number of directions (two per axis).
    pub fn directions(&self) -> usize {
        2 * self.axes.len()
    }

    /// The unit step of direction `d` (`2a`: along axis `a`, `2a + 1`:
    /// against it).
    pub fn step(&self, d: usize) -> Cell {
        let a = self.axes[d / 2];
        if d.is_multiple_of(2) {
            a
        } else {
            [-a[0], -a[1], -a[2]]
        }
    }

    /// A translation of the lattice near `c`: the one that takes the
    /// canonical cell of `c`'s class to `c`. Pieces are cached relative
    /// to such origins, so that their cells keep their kinds (moves are
    /// translations, and so are the differences of origins).
    pub fn origin(&self, c: Cell) -> Cell {
        let t = self.lattice.lattice().canonical_translation(c);
        [-t[0], -t[1], -t[2]]
    }

    /// The direction opposite to `d`.
    pub fn opposite(d: usize) -> usize {
        d ^ 1
    }

    /// A cell's class: which list of swept offsets applies to it.
    fn class(&self, c: Cell) -> usize {
        match self.lattice {
            LatticeKind::Triangle | LatticeKind::Prism => usize::from(!points_up(c)),
            LatticeKind::Square | LatticeKind::Cubic | LatticeKind::Hex => 0,
            _ if self.classes.len() > 1 => self.classes[&representative(self.lattice, c)],
            _ => 0,
        }
    }

    /// The cells `cells` grouped by line along each axis
    /// ([`limit`](Self::limit)'s view of a piece that stays put).
    pub fn lines(&self, cells: &[Cell]) -> Vec<Lines> {
        self.axes.iter().map(|&d| Lines::new(cells, d)).collect()
    }

    /// How many unit steps the cells `a` can make along axis `axis`
    /// (positive sense) while the cells `b` placed at `b_at` stay put,
    /// without any cell of `a` sweeping through a cell of `b`: [`FREE`] if
    /// no number of steps makes them collide. Both are given by line
    /// ([`lines`](Self::lines)).
    ///
    /// A line of `a` along the axis holds cells of one class (the step is
    /// a translation of the lattice), so each of the class's swept offsets
    /// takes the whole line onto one line of `b`'s lattice: the cell at
    /// position `t` of `a`'s line sweeps, at its step `m + 1`, the point at
    /// position `t + shift + m` of that line, and is blocked at the first
    /// `m` where `b` has a cell. One walk along both lines' positions
    /// finds the least over the line.
    pub fn limit(&self, a: &[Lines], b: &[Lines], b_at: Cell, axis: usize) -> u16 {
        let (a, b) = (&a[axis], &b[axis]);
        let mut best = u32::from(FREE);
        for &(r, from, to) in &a.list {
            let ts = &a.pos[from as usize..to as usize];
            for &o in &self.sweeps[axis][self.class(r)] {
                let (line, shift) = b.name(sub(add(r, o), b_at));
                let Some(us) = b.line(line) else {
                    continue;
                };
                best = best.min(least_gap(ts, shift, us));
                if best == 0 {
                    return 0;
                }
            }
        }
        best.min(u32::from(FREE)) as u16
    }

    /// The limits along and against axis `axis` at once:
    /// `(limit(a, b, b_at, axis), limit(b, a, -b_at, axis))`, for a model
    /// whose step sweeps only its target ([`target_only`](Self::target_only)).
    /// Then the lines that meet are the same both ways, and one name
    /// lookup per line of `a` serves both walks (the pairs of a movement
    /// cache ask for both, on every axis).
    ///
    /// On a line pair, with `a`'s positions moved into `b`'s by the shift
    /// `s` of its step's target (`x = t + s`), a cell of `a` is blocked at
    /// the first of `b`'s positions `u >= x`, after `u - x` steps; a cell of
    /// `b` stepping against `a` reaches `a`'s position `x` after `x - u - 2`
    /// steps (its own step is a second unit), at the first `x >= u + 2`.
    pub fn limits_both(&self, a: &[Lines], b: &[Lines], b_at: Cell, axis: usize) -> (u16, u16) {
        debug_assert!(self.target_only);
        let (a, b, step) = (&a[axis], &b[axis], self.axes[axis]);
        let (mut along, mut against) = (u32::from(FREE), u32::from(FREE));
        for &(r, from, to) in &a.list {
            let ts = &a.pos[from as usize..to as usize];
            let (line, s) = b.name(sub(add(r, step), b_at));
            let Some(us) = b.line(line) else {
                continue;
            };
            along = along.min(least_gap(ts, s, us));
            // `x >= u + 2` is `t >= u + 2 - s`.
            against = against.min(least_gap(us, 2 - s, ts));
            if along == 0 && against == 0 {
                break;
            }
        }
        let cap = |l: u32| l.min(u32::from(FREE)) as u16;
        (cap(along), cap(against))
    }

    /// Does every step sweep only its target, in a single class of cells?
    pub fn target_only(&self) -> bool {
        self.target_only
    }
}

/// One line's walk for [`Motion::limit`]: over the increasing positions
/// `from`, each moved by `shift`, the least distance to the first of the
/// increasing positions `to` at or after it ([`FREE`] and more when none
/// is; 0 as soon as one is met at once).
#[inline]
fn least_gap(from: &[i32], shift: i32, to: &[i32]) -> u32 {
    let (mut best, mut k) = (u32::MAX, 0);
    for &t in from {
        let x = t + shift;
        while k < to.len() && to[k] < x {
            k += 1;
        }
        let Some(&u) = to.get(k) else {
            break;
        };
        best = best.min((u - x) as u32);
        if best == 0 {
            break;
        }
    }
    best
}

/// The 13 rotation axes of the cube, one direction each: the 6 face
/// diagonals, the 3 cube axes, the 4 body diagonals (the order moves are
/// tried in).
const CUBE_AXES: [Cell; 13] = [
    [1, 1, 0],
    [1, -1, 0],
    [1, 0, 1],
    [1, 0, -1],
    [0, 1, 1],
    [0, 1, -1],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 1, 1],
    [1, 1, -1],
    [1, -1, 1],
    [-1, 1, 1],
];

/// The lattices of the cube's symmetry repeat within this many units along
/// every axis (the tetra-octa tilings' `12 e_i`; 5 for rhombic units, 2
/// for the FCC lattices).
const PERIOD: i32 = 12;

/// The representative of `c`'s class: the cell a translation of the
/// lattice moves it to, the same for all cells related by translations.
fn representative(lattice: LatticeKind, c: Cell) -> Cell {
    add(c, lattice.lattice().canonical_translation(c))
}

/// The representatives of the lattice's classes of cells, sorted.
fn class_representatives(lattice: LatticeKind) -> Vec<Cell> {
    let l = lattice.lattice();
    // Every class has a cell within a period of the translations.
    let mut reps: Vec<Cell> = Vec::new();
    for x in 0..PERIOD {
        for y in 0..PERIOD {
            for z in 0..PERIOD {
                if l.is_cell([x, y, z]) {
                    reps.push(representative(lattice, [x, y, z]));
                }
            }
        }
    }
    reps.sort_unstable();
    reps.dedup();
    reps
}

/// The model of a lattice of the cube's symmetry: along each of
/// [`CUBE_AXES`], the shortest translation of the lattice as the unit step,
/// and the swept cells from the solids ([`Sweeper`]), for every class of
/// cells.
fn solid_motion(lattice: LatticeKind) -> Motion {
    let l = lattice.lattice();
    let axes: Vec<Cell> = CUBE_AXES
        .iter()
        .map(|&u| {
            (1..=PERIOD)
                .map(|k| u.map(|x| k * x))
                .find(|&v| l.is_translation(v))
                .expect("these lattices repeat within PERIOD units along every axis")
        })
        .collect();
    let reps = class_representatives(lattice);
    let sweeper = Sweeper::new(lattice, &reps);
    let sweeps = axes
        .iter()
        .map(|&a| reps.iter().map(|&r| sweeper.offsets(r, a)).collect())
        .collect();
    Motion {
        lattice,
        axes,
        sweeps,
        classes: reps.iter().enumerate().map(|(k, &r)| (r, k)).collect(),
        target_only: false,
    }
}

/// Triangular prisms (one layer, `triangle`, or several, `prism`, whose
/// cells are triangle cells with a layer `z`): BurrTools' prism grid. Its voxel `(x, y)`
/// is polycover's triangle at art row `-y`, column `x` (`burr::import`);
/// its moves are along z and along `(2, 0)`, `(1, 1)`, `(-1, 1)` in its
/// `(x, y)`, and a step of a triangle of either kind must find free the
/// voxels BurrTools' table lists (the target and the triangle passed
/// over).
fn triangle_motion(lattice: LatticeKind) -> Motion {
    use polyform::lattice::Lattice;
    let t = polyform::lattice::Triangle;
    // BurrTools (dx, dy) offsets -> polycover cells, from a triangle at art
    // (row 0, column k): k = 0 points up (BurrTools' voxel kind 0), k = 1
    // points down (kind 1).
    let at = |k: i32, (dx, dy): (i32, i32)| -> Cell {
        let from = t.cell_at(0, 0, k).expect("a triangle");
        let to = t.cell_at(0, -dy, k + dx).expect("a triangle");
        sub(to, from)
    };
    // (axis, checks for kind 0, checks for kind 1), BurrTools' directions
    // 1 to 3; direction 0 is z.
    type Checks = [(i32, i32); 2];
    let plane: [((i32, i32), Checks, Checks); 3] = [
        ((2, 0), [(1, 0), (2, 0)], [(1, 0), (2, 0)]),
        ((1, 1), [(1, 0), (1, 1)], [(0, 1), (1, 1)]),
        ((-1, 1), [(-1, 0), (-1, 1)], [(0, 1), (-1, 1)]),
    ];
    let mut axes = vec![[0, 0, -1]];
    let mut sweeps = vec![vec![vec![[0, 0, -1]], vec![[0, 0, -1]]]];
    for (axis, up, down) in plane {
        let step = at(0, axis);
        debug_assert_eq!(step, at(1, axis), "a step is a translation");
        axes.push(step);
        sweeps.push(vec![
            up.iter().map(|&o| at(0, o)).collect(),
            down.iter().map(|&o| at(1, o)).collect(),
        ]);
    }
    Motion {
        lattice,
        axes,
        sweeps,
        classes: HashMap::new(),
        target_only: false,
    }
}

/// A piece's cells grouped by the lines along one step `d`: for any
/// point, how far along `d` the first cell on its line is.
///
/// A point `p` lies on the line `r + t d` with `t = p_k div d_k` (`k` the
/// first coordinate where `d` is not 0, floor division) and `r = p - t d`
/// (so `0 <= r_k < |d_k|`): `r` names the line, `t` is the position on it.
/// `start` is dense over the box `lo ..= lo + dims - 1` of the lines'
/// names: the cells of the line with name index `q` have the positions
/// `pos[start[q] .. start[q + 1]]`, increasing. `list` names the lines
/// that hold cells, with their ranges of `pos`.
#[derive(Clone, Debug)]
pub struct Lines {
    d: Cell,
    k: usize,
    lo: Cell,
    dims: [usize; 3],
    start: Vec<u32>,
    pos: Vec<i32>,
    list: Vec<(Cell, u32, u32)>,
}

impl Lines {
    /// The lines of `cells` along `d` (not 0).
    pub fn new(cells: &[Cell], d: Cell) -> Lines {
        let k = (0..3).find(|&i| d[i] != 0).expect("a step is not 0");
        let mut lines = Lines {
            d,
            k,
            lo: [0; 3],
            dims: [0; 3],
            start: vec![0],
            pos: Vec::new(),
            list: Vec::new(),
        };
        if cells.is_empty() {
            return lines;
        }
        let named: Vec<(Cell, i32)> = cells.iter().map(|&c| lines.name(c)).collect();
        let (mut lo, mut hi) = (named[0].0, named[0].0);
        for (r, _) in &named {
            for i in 0..3 {
                lo[i] = lo[i].min(r[i]);
                hi[i] = hi[i].max(r[i]);
            }
        }
        lines.lo = lo;
        lines.dims = [0, 1, 2].map(|i| (hi[i] - lo[i] + 1) as usize);
        // (line index, position, line name), by line and position.
        let mut keyed: Vec<(usize, i32, Cell)> = named
            .iter()
            .map(|&(r, t)| (lines.index(r).expect("in the box"), t, r))
            .collect();
        keyed.sort_unstable();
        let size = lines.dims.iter().product::<usize>();
        lines.start = Vec::with_capacity(size + 1);
        let mut at = 0;
        for q in 0..=size {
            while at < keyed.len() && keyed[at].0 < q {
                at += 1;
            }
            lines.start.push(at as u32);
        }
        lines.pos = keyed.iter().map(|&(_, t, _)| t).collect();
        lines.list = keyed
            .chunk_by(|a, b| a.0 == b.0)
            .map(|run| (run[0].2, lines.start[run[0].0], lines.start[run[0].0 + 1]))
            .collect();
        lines
    }

    /// The positions of the cells on line `r`, if it has any.
    fn line(&self, r: Cell) -> Option<&[i32]> {
        let q = self.index(r)?;
        let line = &self.pos[self.start[q] as usize..self.start[q + 1] as usize];
        (!line.is_empty()).then_some(line)
    }

    /// The line through `p` and `p`'s position on it.
    fn name(&self, p: Cell) -> (Cell, i32) {
        // Most steps are unit vectors: no division for them (`limit`
        // names a line of the other piece for every line of the moving one).
        let (x, dk) = (p[self.k], self.d[self.k]);
        let t = if dk == 1 { x } else { x.div_euclid(dk) };
        let d = self.d;
        ([p[0] - t * d[0], p[1] - t * d[1], p[2] - t * d[2]], t)
    }

    /// The index of line `r` in the box, if inside.
    fn index(&self, r: Cell) -> Option<usize> {
        let mut q = 0;
        for i in [2, 1, 0] {
            let x = usize::try_from(r[i] - self.lo[i]).ok()?;
            if x >= self.dims[i] {
                return None;
            }
            q = q * self.dims[i] + x;
        }
        Some(q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of `kind`'s lattice with every coordinate within `r` of 0.
    fn cells_within(kind: LatticeKind, r: i32) -> Vec<Cell> {
        let l = kind.lattice();
        let mut v = Vec::new();
        for x in -r..=r {
            for y in -r..=r {
                for z in -r..=r {
                    if l.is_cell([x, y, z]) {
                        v.push([x, y, z]);
                    }
                }
            }
        }
        v
    }

    /// The limit of `a` against `b` (both in place) along `axis`.
    fn lim(m: &Motion, a: &[Cell], b: &[Cell], axis: usize) -> u16 {
        m.limit(&m.lines(a), &m.lines(b), [0; 3], axis)
    }

    /// A fixed pseudo-random sequence (Knuth's MMIX linear congruential
    /// generator), for reproducible samples.
    fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        }
    }

    /// Limits by line equal limits found by stepping each swept cell one
    /// unit at a time, along every axis of every lattice's model, for
    /// random pieces of lattice cells at random lattice translations.
    #[test]
    fn limits_by_line_are_limits_by_stepping() {
        let mut raw = lcg(11);
        let mut next = |n: i32| ((raw() >> 33) % n as u64) as i32 - n / 2;
        for kind in LatticeKind::ALL {
            let (m, l) = (Motion::of(kind), kind.lattice());
            let span = 2 * m.axes.iter().flatten().map(|x| x.abs()).max().unwrap_or(1);
            let mut cells = |count: usize| -> Vec<Cell> {
                let mut out = Vec::new();
                while out.len() < count {
                    let c = [next(4 * span), next(4 * span), next(4 * span)];
                    if l.is_cell(c) && !out.contains(&c) {
                        out.push(c);
                    }
                }
                out
            };
            let mut met = 0;
            for _ in 0..60 {
                let (a, b) = (cells(6), cells(20));
                // A translation of the lattice: the difference of two
                // cells of one class.
                let (p, q) = (
                    a[0],
                    b.iter().copied().find(|&c| l.is_translation(sub(c, a[0]))),
                );
                let at = q.map_or([0; 3], |q| sub(q, p));
                let placed: std::collections::HashSet<Cell> =
                    b.iter().map(|&c| add(c, at)).collect();
                let (la, lb) = (m.lines(&a), m.lines(&b));
                for (axis, &d) in m.axes.iter().enumerate() {
                    let mut want = FREE;
                    for &x in &a {
                        for &o in &m.sweeps[axis][m.class(x)] {
                            let hit = (0..200).find(|&k: &i32| {
                                placed.contains(&add(add(x, o), d.map(|c| k * c)))
                            });
                            if let Some(k) = hit {
                                want = want.min(k as u16);
                            }
                        }
                    }
                    met += usize::from(want != FREE);
                    assert_eq!(
                        m.limit(&la, &lb, at, axis),
                        want,
                        "{kind} {a:?} {b:?} {at:?} {axis}"
                    );
                    if m.target_only() {
                        let back = [-at[0], -at[1], -at[2]];
                        assert_eq!(
                            m.limits_both(&la, &lb, at, axis),
                            (want, m.limit(&lb, &la, back, axis)),
                            "{kind} {a:?} {b:?} {at:?} {axis}"
                        );
                    }
                }
            }
            // Hexagons and sticks of one layer only move out of it: they
            // never meet.
            assert!(
                met > 10
                    || matches!(
                        kind,
                        LatticeKind::Hex
                            | LatticeKind::Polysticks
                            | LatticeKind::Polytrigs
                            | LatticeKind::Polytwigs
                    ),
                "{kind}: only {met} collisions"
            );
        }
    }

    #[test]
    fn cubes_slide_until_they_touch() {
        let m = Motion::of(LatticeKind::Cubic);
        // A at x = 0, B at x = 3 on the same line: A moves 2 along +x.
        let b = [[3, 0, 0]];
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 0), 2);
        // Not along y or z (polycover's -y and -z are BurrTools' +y, +z).
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 1), FREE);
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 2), FREE);
        // B behind A: free forwards.
        let b = [[-1, 0, 0]];
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 0), FREE);
        // The nearest of several cells counts.
        let b = [[5, 0, 0], [2, 1, 0], [4, 1, 0]];
        assert_eq!(lim(&m, &[[0, 0, 0], [0, 1, 0]], &b, 0), 1);
    }

    #[test]
    fn spheres_brush_past_the_four_common_neighbours() {
        let m = Motion::of(LatticeKind::FccSquare);
        assert_eq!(m.directions(), 26);
        for a in 0..6 {
            let step = m.step(2 * a);
            assert_eq!(m.sweeps[a][0].len(), 5);
            for &o in &m.sweeps[a][0] {
                // The target, or a common neighbour of start and target.
                let n2 = |v: Cell| v.iter().map(|x| x * x).sum::<i32>();
                assert!(o == step || (n2(o) == 2 && n2(sub(step, o)) == 2));
            }
        }
        // A sphere at (1, 0, 1) blocks the roll from 0 to (1, 1, 0)...
        let b = [[1, 0, 1]];
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 0), 0);
        // ...but one at (2, 0, 0), a neighbour of the target, does not.
        let b = [[2, 0, 0]];
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 0), FREE);
        // Two rolls and then the sphere at (3, 3, 0) is the next target.
        let b = [[3, 3, 0]];
        assert_eq!(lim(&m, &[[0, 0, 0]], &b, 0), 2);
    }

    #[test]
    fn triangle_steps_are_translations_that_pass_a_neighbour() {
        use polyform::lattice::{Lattice, Triangle};
        let m = Motion::of(LatticeKind::Triangle);
        assert_eq!(m.directions(), 8);
        for a in 1..4 {
            let step = m.axes[a];
            assert!(Triangle.is_translation(step));
            for k in 0..2 {
                assert_eq!(m.sweeps[a][k].len(), 2);
                assert!(m.sweeps[a][k].contains(&step));
                // The other offset is an edge neighbour: a triangle of the
                // other kind.
                let from = Triangle.cell_at(0, 0, k as i32).unwrap();
                let other = m.sweeps[a][k].iter().find(|&&o| o != step).unwrap();
                let c = add(from, *other);
                assert!(Triangle.is_cell(c));
                assert_ne!(points_up(c), points_up(from));
            }
        }
        // Along a row: an up triangle at column 0 and a down one at column 3
        // (the one after the next up triangle): one step of two columns, then
        // the swept neighbour is column 3.
        let up = Triangle.cell_at(0, 0, 0).unwrap();
        let far = Triangle.cell_at(0, 0, 3).unwrap();
        assert_eq!(lim(&m, &[up], &[far], 1), 1);
        let next = Triangle.cell_at(0, 0, 1).unwrap();
        assert_eq!(lim(&m, &[up], &[next], 1), 0);
    }

    /// The rhombic model against the solids themselves: points sampled in
    /// the dodecahedron at the origin (`|x| + |y|`, `|y| + |z|`, `|x| + |z|`
    /// all below 1), moved part of a step, fall inside exactly the cells
    /// the model lists besides the start.
    #[test]
    fn rhombic_dodecahedra_sweep_what_the_solids_overlap() {
        let m = Motion::of(LatticeKind::Rhombic);
        let inside = |p: [f64; 3], c: Cell| {
            let d = [0, 1, 2].map(|i| p[i] - c[i] as f64);
            (d[0].abs() + d[1].abs())
                .max(d[1].abs() + d[2].abs())
                .max(d[0].abs() + d[2].abs())
                < 1.0 - 1e-9
        };
        let near: Vec<Cell> = (-3..=3)
            .flat_map(|x| (-3..=3).flat_map(move |y| (-3..=3).map(move |z| [x, y, z])))
            .filter(|c| (c[0] + c[1] + c[2]) % 2 == 0 && *c != [0, 0, 0])
            .collect();
        // A fixed quasi-random walk over the cube [-1, 1]^3 and t in (0, 1].
        let mut raw = lcg(12345);
        let mut next = || (raw() >> 11) as f64 / (1u64 << 53) as f64;
        for a in 0..m.directions() / 2 {
            let d = m.step(2 * a);
            let mut hit: Vec<Cell> = Vec::new();
            for _ in 0..40_000 {
                let p = [0; 3].map(|_| 2.0 * next() - 1.0);
                if !inside(p, [0, 0, 0]) {
                    continue;
                }
                let t = next();
                let q = [0, 1, 2].map(|i| p[i] + t * d[i] as f64);
                for &c in &near {
                    if inside(q, c) && !hit.contains(&c) {
                        hit.push(c);
                    }
                }
            }
            hit.sort();
            let mut want = m.sweeps[a][0].clone();
            want.sort();
            assert_eq!(hit, want, "axis {d:?}");
        }
    }

    #[test]
    fn prisms_in_layers_move_as_one_layer_does_and_along_the_stack() {
        use polyform::lattice::{Lattice, Prism};
        let m = Motion::of(LatticeKind::Prism);
        let up = Prism.cell_at(0, 0, 0).unwrap();
        let above = Prism.cell_at(2, 0, 0).unwrap();
        // The stack axis is BurrTools' z, polycover's -z: the prism two
        // layers up is met after one step against the axis, never along it.
        assert_eq!(lim(&m, &[up], &[above], 0), FREE);
        assert_eq!(lim(&m, &[above], &[up], 0), 1);
        // In the plane, a prism in another layer is never in the way.
        let next = Prism.cell_at(1, 0, 1).unwrap();
        assert_eq!(lim(&m, &[up], &[next], 1), FREE);
        let next = Prism.cell_at(0, 0, 1).unwrap();
        assert_eq!(lim(&m, &[up], &[next], 1), 0);
    }

    /// Is a cell at `c` stopped by a cell at `b` when it makes one unit
    /// step along `v` (an axis or its opposite)? Against an axis, `c`
    /// stepping along `-a` is `b` stepping along `a` with `c` held.
    fn blocked(m: &Motion, c: Cell, b: Cell, v: Cell) -> Option<bool> {
        let neg = |x: Cell| [-x[0], -x[1], -x[2]];
        for (a, &axis) in m.axes.iter().enumerate() {
            if axis == v {
                return Some(m.sweeps[a][m.class(c)].contains(&sub(b, c)));
            }
            if neg(axis) == v {
                return Some(m.sweeps[a][m.class(b)].contains(&sub(c, b)));
            }
        }
        None
    }

    /// The models are the lattice's own: every symmetry of the lattice
    /// maps the directions to directions and a blocked step to a blocked
    /// step, so that an assembly and its mirror images or turns come
    /// apart alike.
    #[test]
    fn models_are_invariant_under_the_lattice_symmetries() {
        for kind in LatticeKind::ALL {
            let m = Motion::of(kind);
            let l = kind.lattice();
            let starts: Vec<Cell> = cells_within(kind, 1);
            let others: Vec<Cell> = cells_within(kind, 5);
            for g in l.symmetries() {
                let lin = |v: Cell| {
                    let o = g.apply([0, 0, 0]);
                    sub(g.apply(v), o)
                };
                for d in 0..m.directions() {
                    let v = m.step(d);
                    let w = lin(v);
                    for &c in &starts {
                        for &b in &others {
                            let here = blocked(&m, c, b, v).unwrap();
                            let there = blocked(&m, g.apply(c), g.apply(b), w);
                            assert_eq!(
                                there,
                                Some(here),
                                "{kind}: {g:?} maps the step {v:?} of {c:?} (blocked by {b:?}: {here}) to {w:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The sweeps computed from the solids are the hand-written ones:
    /// cubes sweep their target, prisms what BurrTools' table of checks
    /// lists.
    #[test]
    fn computed_sweeps_match_the_written_models() {
        for kind in [LatticeKind::Cubic, LatticeKind::Prism] {
            let m = Motion::of(kind);
            let reps = class_representatives(kind);
            let sweeper = Sweeper::new(kind, &reps);
            for (a, &axis) in m.axes.iter().enumerate() {
                for &r in &reps {
                    let mut want = m.sweeps[a][m.class(r)].clone();
                    want.sort_unstable();
                    assert_eq!(sweeper.offsets(r, axis), want, "{kind} {axis:?} {r:?}");
                }
            }
        }
    }

    /// A piece made of whole cells moves on the units as on the whole
    /// cells: random pairs of pieces of tetrahedra and octahedra (every
    /// axis: the units have the same translations) and of dodecahedra
    /// (the face diagonals, the steps both lattices share).
    #[test]
    fn units_move_as_the_whole_cells_they_make() {
        let mut raw = lcg(7);
        let mut next = |n: i32| ((raw() >> 33) % n as u64) as i32;
        for (whole, units, axes) in [
            (LatticeKind::TetraOcta, LatticeKind::TetraOctaUnits, 13),
            (LatticeKind::Rhombic, LatticeKind::RhombicUnits, 6),
        ] {
            let (mw, mu) = (Motion::of(whole), Motion::of(units));
            let lu = units.lattice();
            // The cells of `whole` within a box of 5 steps.
            let cells = cells_within(whole, mw.axes[0][0] * 5);
            let mut pick = |k: usize| -> Vec<Cell> {
                (0..k)
                    .map(|_| cells[next(cells.len() as i32) as usize])
                    .collect()
            };
            let mut met = 0;
            for _ in 0..300 {
                let (a, b) = (pick(3), pick(6));
                if a.iter().any(|c| b.contains(c)) {
                    continue;
                }
                let ua = lu.embed(whole, &a).unwrap();
                let ub = lu.embed(whole, &b).unwrap();
                let (wa, wb) = (mw.lines(&a), mw.lines(&b));
                let (ua, ub) = (mu.lines(&ua), mu.lines(&ub));
                for axis in 0..axes {
                    let w = mw.limit(&wa, &wb, [0; 3], axis);
                    assert_eq!(
                        w,
                        mu.limit(&ua, &ub, [0; 3], axis),
                        "{whole} {a:?} {b:?} {axis}"
                    );
                    met += usize::from(w != FREE);
                }
            }
            assert!(met > 100, "{whole}: only {met} collisions");
        }
    }
}
