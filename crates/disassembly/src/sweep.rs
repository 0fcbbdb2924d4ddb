//! The cells a moving cell sweeps through, computed from the solids.
//!
//! Which cells must be free for a cell to make one step `w`? Exactly those
//! whose solids' interiors meet the solid swept by the moving one: the
//! Minkowski sum `C + [0, 1] w` of the cell and the segment of the step
//! (cells may touch; they may not overlap).
//!
//! * Polyhedra: the sum is convex, and two convex polyhedra have disjoint
//!   interiors exactly when some plane separates them. By the separating
//!   axis theorem it is enough to try the planes normal to a face of either
//!   solid and to the cross product of an edge of one with an edge of the
//!   other. The swept solid's faces are the cell's faces and the
//!   parallelograms `e × w` for its edges `e`, and its edges are the cell's
//!   and `w`: every candidate plane comes from the cell, the step and the
//!   other cell.
//! * Balls (spheres of radius `r`): the sum is a capsule, which meets
//!   another ball's interior when that ball's centre lies closer than `2r`
//!   to the segment of centres.
//!
//! A [`Sweeper`] holds one solid per class of cells (cells related by a
//! translation of the lattice share one, moved) and answers for any cell
//! and step: [`motion`](super::motion) builds its models of the 3D lattices
//! with it, and its tests check that it gives the hand-written models of
//! cubes, prisms and spheres.

use std::collections::HashMap;

use polyform::lattice::{Cell, LatticeKind};
use polyform::space::{self, CellSolid, M3, V3};

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Lengths below this (world units: neighbouring cells are about 1 apart)
/// are zero: parallel edges give no plane, and solids that overlap by less
/// only touch.
const EPS: f64 = 1e-9;

/// Adds `v` to `dirs` unless a parallel direction is there already.
fn push_direction(dirs: &mut Vec<V3>, v: V3) {
    let len = dot(v, v).sqrt();
    if len < EPS {
        return;
    }
    let v = v.map(|x| x / len);
    if !dirs.iter().any(|&d| dot(cross(d, v), cross(d, v)) < EPS) {
        dirs.push(v);
    }
}

/// A convex polyhedron as the separating axis test needs it.
#[derive(Clone, Debug)]
struct Convex {
    /// The corners.
    vertices: Vec<V3>,
    /// The faces' normals, one per direction (unit length, either sense).
    normals: Vec<V3>,
    /// The edges' directions, one per direction (unit length, either sense).
    edges: Vec<V3>,
}

impl Convex {
    fn new(p: space::Polyhedron) -> Convex {
        let (mut normals, mut edges) = (Vec::new(), Vec::new());
        for f in &p.faces {
            let pts: Vec<V3> = f.iter().map(|&i| p.vertices[i]).collect();
            push_direction(&mut normals, space::normal(&pts));
            for (k, &a) in pts.iter().enumerate() {
                push_direction(&mut edges, sub(pts[(k + 1) % pts.len()], a));
            }
        }
        Convex {
            vertices: p.vertices,
            normals,
            edges,
        }
    }

    /// The same solid moved by `t`.
    fn moved(&self, t: V3) -> Convex {
        Convex {
            vertices: self.vertices.iter().map(|&v| add(v, t)).collect(),
            ..self.clone()
        }
    }

    /// The solid swept by this one moving along `w`: `self + [0, 1] w`.
    fn swept(&self, w: V3) -> Convex {
        let mut s = self.clone();
        s.vertices.extend(self.vertices.iter().map(|&v| add(v, w)));
        for &e in &self.edges {
            push_direction(&mut s.normals, cross(e, w));
        }
        push_direction(&mut s.edges, w);
        s
    }

    /// The interval of the solid's projection on `n`.
    fn project(&self, n: V3) -> (f64, f64) {
        self.vertices
            .iter()
            .map(|&v| dot(v, n))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            })
    }

    /// Do the interiors of `self` and `other` meet? No plane normal to a
    /// face of either, or to an edge of each, separates them.
    fn overlaps(&self, other: &Convex) -> bool {
        let separates = |n: V3| {
            let len = dot(n, n).sqrt();
            if len < EPS {
                return false;
            }
            let (a0, a1) = self.project(n);
            let (b0, b1) = other.project(n);
            a1 <= b0 + EPS * len || b1 <= a0 + EPS * len
        };
        let faces = self.normals.iter().chain(&other.normals);
        if faces.copied().any(separates) {
            return false;
        }
        !self
            .edges
            .iter()
            .any(|&a| other.edges.iter().any(|&b| separates(cross(a, b))))
    }
}

/// What a class of cells occupies, placed at its representative.
#[derive(Clone, Debug)]
enum Solid {
    Convex(Convex),
    Ball { centre: V3, radius: f64 },
}

/// The swept cells of any cell and step on one lattice (see the [module
/// docs](self)).
///
/// Invariant: `solids` holds the solid of every representative the
/// lattice's `canonical_translation` leads to, and `radius` bounds the
/// distance from any cell's centre to any point of its solid.
pub(super) struct Sweeper {
    kind: LatticeKind,
    frame: M3,
    /// The solid of each class's representative cell.
    solids: HashMap<Cell, Solid>,
    radius: f64,
}

impl Sweeper {
    /// The sweeper of lattice `kind`, whose classes' representatives are
    /// `reps`.
    pub(super) fn new(kind: LatticeKind, reps: &[Cell]) -> Sweeper {
        let mut radius: f64 = 0.0;
        let solids = reps
            .iter()
            .map(|&r| {
                let centre = space::centre(kind, r);
                let s = match space::cell_solid(kind, r) {
                    CellSolid::Polyhedron(p) => {
                        for &v in &p.vertices {
                            radius = radius.max(dot(sub(v, centre), sub(v, centre)).sqrt());
                        }
                        Solid::Convex(Convex::new(p))
                    }
                    CellSolid::Ball { centre, radius: r } => {
                        radius = radius.max(r);
                        Solid::Ball { centre, radius: r }
                    }
                };
                (r, s)
            })
            .collect();
        Sweeper {
            kind,
            frame: space::frame(kind),
            solids,
            radius,
        }
    }

    /// The solid of cell `c`: its class's, moved.
    fn solid(&self, c: Cell) -> Solid {
        let t = self.kind.lattice().canonical_translation(c);
        let rep = [c[0] + t[0], c[1] + t[1], c[2] + t[2]];
        let back = space::apply(&self.frame, t.map(|x| -f64::from(x)));
        match &self.solids[&rep] {
            Solid::Convex(p) => Solid::Convex(p.moved(back)),
            Solid::Ball { centre, radius } => Solid::Ball {
                centre: add(*centre, back),
                radius: *radius,
            },
        }
    }

    /// The offsets from `from` of the cells, other than `from`, whose
    /// interiors the solid of `from` passes through as it makes one step
    /// along `step` (a translation of the lattice, in cell coordinates):
    /// the step's target and the cells brushed past on the way, sorted.
    pub(super) fn offsets(&self, from: Cell, step: Cell) -> Vec<Cell> {
        let lattice = self.kind.lattice();
        let w = space::apply(&self.frame, step.map(f64::from));
        let a = space::centre(self.kind, from);
        // Candidates: cells whose centres lie within two radii of the
        // segment's box, found through the inverse frame.
        let reach = 2.0 * self.radius + EPS;
        let inv = space::inverse(&self.frame);
        let (mut lo, mut hi) = ([i32::MAX; 3], [i32::MIN; 3]);
        for corner in 0..8 {
            let p: V3 = std::array::from_fn(|i| {
                let (x, y) = (a[i].min(a[i] + w[i]), a[i].max(a[i] + w[i]));
                if corner >> i & 1 == 0 {
                    x - reach
                } else {
                    y + reach
                }
            });
            let c = space::apply(&inv, p);
            for i in 0..3 {
                lo[i] = lo[i].min(c[i].floor() as i32);
                hi[i] = hi[i].max(c[i].ceil() as i32);
            }
        }
        let moving = match self.solid(from) {
            Solid::Convex(p) => Solid::Convex(p.swept(w)),
            ball => ball,
        };
        let mut out = Vec::new();
        for x in lo[0]..=hi[0] {
            for y in lo[1]..=hi[1] {
                for z in lo[2]..=hi[2] {
                    let c = [x, y, z];
                    if c == from || !lattice.is_cell(c) {
                        continue;
                    }
                    let hit = match (&moving, self.solid(c)) {
                        (Solid::Convex(m), Solid::Convex(o)) => m.overlaps(&o),
                        (
                            Solid::Ball { centre, radius },
                            Solid::Ball {
                                centre: q,
                                radius: s,
                            },
                        ) => {
                            // The distance from q to the segment centre .. centre + w.
                            let t = (dot(sub(q, *centre), w) / dot(w, w)).clamp(0.0, 1.0);
                            let d = sub(q, add(*centre, w.map(|x| x * t)));
                            dot(d, d).sqrt() < radius + s - EPS
                        }
                        _ => unreachable!("a lattice's cells are all balls or all polyhedra"),
                    };
                    if hit {
                        out.push([x - from[0], y - from[1], z - from[2]]);
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cubes() -> Sweeper {
        Sweeper::new(LatticeKind::Cubic, &[[0, 0, 0]])
    }

    #[test]
    fn a_cube_sweeps_only_its_target() {
        let s = cubes();
        let steps: [Cell; 4] = [[1, 0, 0], [0, -1, 0], [0, 0, 1], [0, 0, -3]];
        for step in steps {
            let mut want: Vec<Cell> = (1..=step.iter().map(|x| x.abs()).sum::<i32>())
                .map(|k| step.map(|x| x.signum() * k))
                .collect();
            want.sort_unstable();
            assert_eq!(s.offsets([3, -2, 7], step), want);
        }
        // Along a face diagonal: the two cubes beside the path too.
        assert_eq!(
            s.offsets([0, 0, 0], [1, 1, 0]),
            vec![[0, 1, 0], [1, 0, 0], [1, 1, 0]]
        );
    }

    #[test]
    fn touching_is_not_overlapping() {
        let Solid::Convex(a) = cubes().solid([0, 0, 0]) else {
            panic!()
        };
        let Solid::Convex(b) = cubes().solid([1, 0, 0]) else {
            panic!()
        };
        assert!(!a.overlaps(&b));
        assert!(a.overlaps(&a));
        // Moved a hair along x, it overlaps its neighbour; along y, not.
        assert!(a.swept([1e-3, 0.0, 0.0]).overlaps(&b));
        assert!(!a.swept([0.0, 1e-3, 0.0]).overlaps(&b));
    }
}
