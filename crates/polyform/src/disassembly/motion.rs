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
//! * **spheres** (`fcc-square`, `fcc-triangle`): the 6 axes through a
//!   sphere's 12 neighbours. A sphere rolling to a neighbouring site
//!   passes between the 4 spheres that touch both its start and its end
//!   (their centres come within 1.22 of its path, less than the diameter
//!   1.41), so those 4 sites must be free too. BurrTools does not
//!   disassemble spheres; this model is polycover's own.
//! * **rhombic dodecahedra** (`rhombic`): the spheres' model. A
//!   dodecahedron stepping to a neighbour's place overlaps on its way the
//!   same 4 cells a sphere brushes past, and no other (a test samples the
//!   solids to check it).
//! * **triangular prisms in layers** (`prism`): the one-layer model, the
//!   z axis now crossing layers.
//! * **hexagons** (`hex`): pieces only lift out of the plane (axis z).
//! * BurrTools' rhombic units and the tetrahedra-octahedra lattices have no
//!   model yet ([`Motion::of`] is `None`; `--disassemble` says so).
//!
//! Moving against an axis is handled by symmetry: how far `A` can move
//! along `-a` with `B` held is how far `B` can move along `+a` with `A`
//! held.

use crate::lattice::{Cell, LatticeKind, points_up};

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
    sweeps: Vec<[Vec<Cell>; 2]>,
}

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Cell, b: Cell) -> Cell {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

impl Motion {
    /// The model of `lattice`, or `None` where polycover has no motion
    /// model (tetrahedra and octahedra, and BurrTools' units of the
    /// rhombic and tetra-octa grids, whose cells are not all translates
    /// of one solid).
    pub fn of(lattice: LatticeKind) -> Option<Motion> {
        let plain = |axes: Vec<Cell>| {
            let sweeps = axes.iter().map(|&a| [vec![a], vec![a]]).collect();
            Motion {
                lattice,
                axes,
                sweeps,
            }
        };
        Some(match lattice {
            // BurrTools' x, y, z: polycover's x, -y, -z.
            LatticeKind::Square | LatticeKind::Cubic => {
                plain(vec![[1, 0, 0], [0, -1, 0], [0, 0, -1]])
            }
            LatticeKind::Hex => plain(vec![[0, 0, -1]]),
            // A rhombic dodecahedron stepping to a neighbour's place
            // overlaps, on its way, exactly the 4 cells a sphere brushes
            // past (a test samples the solids to check it).
            LatticeKind::FccSquare | LatticeKind::FccTriangle | LatticeKind::Rhombic => {
                let axes: Vec<Cell> = vec![
                    [1, 1, 0],
                    [1, -1, 0],
                    [1, 0, 1],
                    [1, 0, -1],
                    [0, 1, 1],
                    [0, 1, -1],
                ];
                let sweeps = axes
                    .iter()
                    .map(|&a| {
                        let mut s = vec![a];
                        s.extend(fcc_neighbours().filter(|&v| {
                            let w = sub(a, v);
                            w.iter().map(|x| x * x).sum::<i32>() == 2
                        }));
                        [s.clone(), s]
                    })
                    .collect();
                Motion {
                    lattice,
                    axes,
                    sweeps,
                }
            }
            LatticeKind::Triangle | LatticeKind::Prism => triangle_motion(lattice),
            LatticeKind::RhombicUnits | LatticeKind::TetraOcta | LatticeKind::TetraOctaUnits => {
                return None;
            }
        })
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
        if d % 2 == 0 { a } else { [-a[0], -a[1], -a[2]] }
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
            _ => 0,
        }
    }

    /// How many unit steps the cells `a` can make along axis `axis`
    /// (positive sense) while the cells `b` stay put, without any cell of
    /// `a` sweeping through a cell of `b`: [`FREE`] if no number of steps
    /// makes them collide. `b` is given as a [`Grid`] for quick tests.
    pub fn limit(&self, a: &[Cell], b: &Grid, axis: usize) -> u16 {
        let d = self.axes[axis];
        let mut best = FREE;
        for &x in a {
            for &o in &self.sweeps[axis][self.class(x)] {
                // The cell at x + m d (m = 0, 1, ...) takes its step m + 1
                // into x + m d + o: blocked at the first m that hits b.
                let mut p = add(x, o);
                let mut m: u16 = 0;
                while m < best && b.may_reach(p, d) {
                    if b.contains(p) {
                        best = m;
                        break;
                    }
                    p = add(p, d);
                    m += 1;
                }
            }
        }
        best
    }
}

/// The 12 neighbours of a sphere in the FCC lattice.
fn fcc_neighbours() -> impl Iterator<Item = Cell> {
    let mut out = Vec::with_capacity(12);
    for i in 0..3 {
        for j in i + 1..3 {
            for si in [-1, 1] {
                for sj in [-1, 1] {
                    let mut v = [0; 3];
                    v[i] = si;
                    v[j] = sj;
                    out.push(v);
                }
            }
        }
    }
    out.into_iter()
}

/// Triangular prisms (one layer, `triangle`, or several, `prism`, whose
/// cells are triangle cells with a layer `z`): BurrTools' prism grid. Its voxel `(x, y)`
/// is polycover's triangle at art row `-y`, column `x` (`burr::import`);
/// its moves are along z and along `(2, 0)`, `(1, 1)`, `(-1, 1)` in its
/// `(x, y)`, and a step of a triangle of either kind must find free the
/// voxels BurrTools' table lists (the target and the triangle passed
/// over).
fn triangle_motion(lattice: LatticeKind) -> Motion {
    use crate::lattice::Lattice;
    let t = crate::lattice::Triangle;
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
    let mut sweeps = vec![[vec![[0, 0, -1]], vec![[0, 0, -1]]]];
    for (axis, up, down) in plane {
        let step = at(0, axis);
        debug_assert_eq!(step, at(1, axis), "a step is a translation");
        axes.push(step);
        sweeps.push([
            up.iter().map(|&o| at(0, o)).collect(),
            down.iter().map(|&o| at(1, o)).collect(),
        ]);
    }
    Motion {
        lattice,
        axes,
        sweeps,
    }
}

/// A piece's cells as a bit grid over their bounding box, for quick
/// membership tests while stepping along a line.
#[derive(Clone, Debug)]
pub struct Grid {
    lo: Cell,
    hi: Cell,
    dims: [usize; 3],
    bits: Vec<u64>,
}

impl Grid {
    /// The grid of `cells` (not empty).
    pub fn new(cells: &[Cell]) -> Grid {
        let mut lo = cells[0];
        let mut hi = cells[0];
        for c in cells {
            for i in 0..3 {
                lo[i] = lo[i].min(c[i]);
                hi[i] = hi[i].max(c[i]);
            }
        }
        let dims = [0, 1, 2].map(|i| (hi[i] - lo[i] + 1) as usize);
        let mut g = Grid {
            lo,
            hi,
            dims,
            bits: vec![0; (dims[0] * dims[1] * dims[2]).div_ceil(64)],
        };
        for &c in cells {
            let k = g.index(c);
            g.bits[k / 64] |= 1 << (k % 64);
        }
        g
    }

    fn index(&self, c: Cell) -> usize {
        let [x, y, z] = [0, 1, 2].map(|i| (c[i] - self.lo[i]) as usize);
        (z * self.dims[1] + y) * self.dims[0] + x
    }

    /// Is `c` one of the cells?
    pub fn contains(&self, c: Cell) -> bool {
        if (0..3).any(|i| c[i] < self.lo[i] || c[i] > self.hi[i]) {
            return false;
        }
        let k = self.index(c);
        self.bits[k / 64] >> (k % 64) & 1 == 1
    }

    /// Can `p + m d` be in the bounding box for some `m >= 0`?
    fn may_reach(&self, p: Cell, d: Cell) -> bool {
        (0..3).all(|i| match d[i].signum() {
            1 => p[i] <= self.hi[i],
            -1 => p[i] >= self.lo[i],
            _ => p[i] >= self.lo[i] && p[i] <= self.hi[i],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(cells: &[Cell]) -> Grid {
        Grid::new(cells)
    }

    #[test]
    fn cubes_slide_until_they_touch() {
        let m = Motion::of(LatticeKind::Cubic).unwrap();
        // A at x = 0, B at x = 3 on the same line: A moves 2 along +x.
        let b = grid(&[[3, 0, 0]]);
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 0), 2);
        // Not along y or z (polycover's -y and -z are BurrTools' +y, +z).
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 1), FREE);
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 2), FREE);
        // B behind A: free forwards.
        let b = grid(&[[-1, 0, 0]]);
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 0), FREE);
        // The nearest of several cells counts.
        let b = grid(&[[5, 0, 0], [2, 1, 0], [4, 1, 0]]);
        assert_eq!(m.limit(&[[0, 0, 0], [0, 1, 0]], &b, 0), 1);
    }

    #[test]
    fn spheres_brush_past_the_four_common_neighbours() {
        let m = Motion::of(LatticeKind::FccSquare).unwrap();
        assert_eq!(m.directions(), 12);
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
        let b = grid(&[[1, 0, 1]]);
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 0), 0);
        // ...but one at (2, 0, 0), a neighbour of the target, does not.
        let b = grid(&[[2, 0, 0]]);
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 0), FREE);
        // Two rolls and then the sphere at (3, 3, 0) is the next target.
        let b = grid(&[[3, 3, 0]]);
        assert_eq!(m.limit(&[[0, 0, 0]], &b, 0), 2);
    }

    #[test]
    fn triangle_steps_are_translations_that_pass_a_neighbour() {
        use crate::lattice::{Lattice, Triangle};
        let m = Motion::of(LatticeKind::Triangle).unwrap();
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
        assert_eq!(m.limit(&[up], &grid(&[far]), 1), 1);
        let next = Triangle.cell_at(0, 0, 1).unwrap();
        assert_eq!(m.limit(&[up], &grid(&[next]), 1), 0);
    }

    /// The rhombic model against the solids themselves: points sampled in
    /// the dodecahedron at the origin (`|x| + |y|`, `|y| + |z|`, `|x| + |z|`
    /// all below 1), moved part of a step, fall inside exactly the cells
    /// the model lists besides the start.
    #[test]
    fn rhombic_dodecahedra_sweep_what_the_solids_overlap() {
        let m = Motion::of(LatticeKind::Rhombic).unwrap();
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
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for a in 0..6 {
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
        use crate::lattice::{Lattice, Prism};
        let m = Motion::of(LatticeKind::Prism).unwrap();
        let up = Prism.cell_at(0, 0, 0).unwrap();
        let above = Prism.cell_at(2, 0, 0).unwrap();
        // The stack axis is BurrTools' z, polycover's -z: the prism two
        // layers up is met after one step against the axis, never along it.
        assert_eq!(m.limit(&[up], &grid(&[above]), 0), FREE);
        assert_eq!(m.limit(&[above], &grid(&[up]), 0), 1);
        // In the plane, a prism in another layer is never in the way.
        let next = Prism.cell_at(1, 0, 1).unwrap();
        assert_eq!(m.limit(&[up], &grid(&[next]), 1), FREE);
        let next = Prism.cell_at(0, 0, 1).unwrap();
        assert_eq!(m.limit(&[up], &grid(&[next]), 1), 0);
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
            let Some(m) = Motion::of(kind) else { continue };
            let l = kind.lattice();
            let near = |r: i32| {
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
            };
            let starts: Vec<Cell> = near(1);
            let others: Vec<Cell> = near(5);
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

    #[test]
    fn lattices_without_a_model_say_so() {
        for kind in [
            LatticeKind::RhombicUnits,
            LatticeKind::TetraOcta,
            LatticeKind::TetraOctaUnits,
        ] {
            assert!(Motion::of(kind).is_none(), "{kind}");
        }
    }
}
