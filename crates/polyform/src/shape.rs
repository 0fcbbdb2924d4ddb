//! Cell sets up to translation, and their orientations.

use crate::fast_hash::WordHasher;
use crate::lattice::{Cell, Lattice, Symmetry};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A set of cells in some lattice.
///
/// Invariant: `cells` is sorted (by `Cell`'s lexicographic order) and holds
/// no cell twice. A *normalized* shape has also been translated so that its
/// first cell is the canonical representative of its translation class
/// ([`Lattice::canonical_translation`]); two shapes are equal up to
/// translation exactly when their normalized forms are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// The shape made of `cells` (sorted, duplicates dropped), not moved.
    pub fn new(mut cells: Vec<Cell>) -> Shape {
        // Every orientation of every piece is made here: the fast sort.
        crate::board::sort_cells(&mut cells, crate::board::CellOrder::Lexicographic);
        Shape { cells }
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Has the shape no cells?
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The shape moved by `t`.
    pub fn translated(&self, t: Cell) -> Shape {
        // Adding a constant keeps the lexicographic order.
        Shape {
            cells: self
                .cells
                .iter()
                .map(|c| [c[0] + t[0], c[1] + t[1], c[2] + t[2]])
                .collect(),
        }
    }

    /// The shape translated to its canonical position in `lattice`, using
    /// only the lattice's translations.
    pub fn normalized(&self, lattice: &dyn Lattice) -> Shape {
        match self.cells.first() {
            None => self.clone(),
            Some(&c) => self.translated(lattice.canonical_translation(c)),
        }
    }

    /// The image of the shape under a symmetry (not normalized).
    pub fn transformed(&self, s: &Symmetry) -> Shape {
        Shape::new(self.cells.iter().map(|&c| s.apply(c)).collect())
    }

    /// Every distinct orientation of the shape under the symmetries of
    /// `lattice` that `allowed` accepts, normalized, in the order of the
    /// first symmetry that produces each (the identity comes first, so the
    /// shape as drawn does).
    pub fn orientations(
        &self,
        lattice: &dyn Lattice,
        allowed: impl Fn(&Symmetry) -> bool,
    ) -> Vec<Shape> {
        self.orientations_by_symmetry(lattice, allowed).0
    }

    /// [`orientations`](Self::orientations), and for each symmetry of the
    /// lattice (in the order of [`Lattice::symmetries`]) the index of the
    /// orientation it turns the shape into (`None` where not allowed): a
    /// piece's map from symmetries to orientations, made once. The fast
    /// hasher: SipHash over big pieces' cells cost more than the rest of
    /// the piece's setup.
    pub fn orientations_by_symmetry(
        &self,
        lattice: &dyn Lattice,
        allowed: impl Fn(&Symmetry) -> bool,
    ) -> (Vec<Shape>, Vec<Option<u32>>) {
        let mut index: HashMap<Shape, u32, BuildHasherDefault<WordHasher>> = HashMap::default();
        let mut out = Vec::new();
        let by = lattice
            .symmetries()
            .iter()
            .map(|s| {
                allowed(s).then(|| {
                    let o = self.transformed(s).normalized(lattice);
                    *index.entry(o).or_insert_with_key(|o| {
                        out.push(o.clone());
                        out.len() as u32 - 1
                    })
                })
            })
            .collect();
        (out, by)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lattice::{Cubic, Square};
    use std::collections::HashSet;

    /// The distinct orientations under `allowed`, the plain way: every
    /// image, normalized, kept the first time it is met.
    fn plain_orientations(
        shape: &Shape,
        lattice: &dyn Lattice,
        allowed: impl Fn(&Symmetry) -> bool,
    ) -> Vec<Shape> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for s in lattice.symmetries().iter().filter(|s| allowed(s)) {
            let o = shape.transformed(s).normalized(lattice);
            if seen.insert(o.clone()) {
                out.push(o);
            }
        }
        out
    }

    const ALL: fn(&Symmetry) -> bool = |_| true;
    const ROTATIONS: fn(&Symmetry) -> bool = |s| s.proper;

    fn sq(cells: &[(i32, i32)]) -> Shape {
        Shape::new(cells.iter().map(|&(x, y)| [x, y, 0]).collect())
    }

    #[test]
    fn tetromino_orientations() {
        let o = sq(&[(0, 0), (1, 0), (0, 1), (1, 1)]);
        assert_eq!(o.orientations(&Square, ALL).len(), 1);
        let t = sq(&[(0, 0), (1, 0), (2, 0), (1, 1)]);
        assert_eq!(t.orientations(&Square, ALL).len(), 4);
        let s = sq(&[(1, 0), (2, 0), (0, 1), (1, 1)]);
        assert_eq!(s.orientations(&Square, ALL).len(), 4);
        assert_eq!(s.orientations(&Square, ROTATIONS).len(), 2);
        let l = sq(&[(0, 0), (0, 1), (0, 2), (1, 2)]);
        assert_eq!(l.orientations(&Square, ALL).len(), 8);
    }

    /// The map from symmetries to orientations: the same orientations as
    /// `orientations` (counts known for the Soma screw: 12 rotations, 24
    /// with its mirror), and each symmetry's entry is its own image.
    #[test]
    fn orientations_by_symmetry_name_each_image() {
        let g = Cubic.symmetries();
        let screw = Shape::new(vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]]);
        for (proper_only, count) in [(true, 12), (false, 24)] {
            let allowed = |s: &Symmetry| s.proper || !proper_only;
            let (all, by) = screw.orientations_by_symmetry(&Cubic, allowed);
            assert_eq!(all.len(), count);
            assert_eq!(all, plain_orientations(&screw, &Cubic, allowed));
            assert_eq!(by.len(), g.len());
            for (s, o) in g.iter().zip(&by) {
                match o {
                    Some(o) => {
                        assert_eq!(all[*o as usize], screw.transformed(s).normalized(&Cubic));
                    }
                    None => assert!(!allowed(s)),
                }
            }
        }
    }

    #[test]
    fn normalization_is_translation_invariant() {
        let a = sq(&[(3, 4), (4, 4), (3, 5)]);
        let b = a.translated([-10, 7, 0]);
        assert_eq!(a.normalized(&Square), b.normalized(&Square));
        assert_eq!(a.normalized(&Square).cells()[0], [0, 0, 0]);
    }

    #[test]
    fn cube_orientations() {
        // Soma branch: 8 rotations; a screw: 12 rotations, 12 for its mirror.
        let branch = Shape::new(vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        assert_eq!(branch.orientations(&Cubic, ROTATIONS).len(), 8);
        let screw = Shape::new(vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]]);
        assert_eq!(screw.orientations(&Cubic, ROTATIONS).len(), 12);
        assert_eq!(screw.orientations(&Cubic, ALL).len(), 24);
        // A flat L tetromino: 24 orientations, the same with or without
        // reflections (turning it over is a rotation in space).
        let l = Shape::new(vec![[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 2, 0]]);
        assert_eq!(l.orientations(&Cubic, ROTATIONS).len(), 24);
        assert_eq!(l.orientations(&Cubic, ALL).len(), 24);
    }
}
