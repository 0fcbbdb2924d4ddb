//! The hex, triangle and FCC lattices: their point groups are true groups
//! of maps of cells onto cells, art round-trips, and counting polyforms
//! up to the group reproduces OEIS (A000577 polyiamonds, A000228
//! polyhexes), with neighbours computed here from geometry.

use polyform::lattice::{Cell, Lattice, LatticeKind, compose};
use polyform::{Shape, Symmetry};
use std::collections::HashSet;

fn sample_cells(l: &dyn Lattice) -> Vec<Cell> {
    let mut v = vec![];
    for a in -4..=4 {
        for b in -4..=4 {
            for c in if l.dimension() == 2 { 0..=0 } else { -4..=4 } {
                if l.is_cell([a, b, c]) {
                    v.push([a, b, c]);
                }
            }
        }
    }
    v
}

fn check_group(kind: LatticeKind, size: usize, rotations: usize) {
    let l = kind.lattice();
    let g = l.symmetries();
    assert_eq!(g.len(), size, "{kind}");
    assert_eq!(g.iter().filter(|s| s.proper).count(), rotations, "{kind}");
    assert_eq!(g[0], Symmetry::identity());
    let set: HashSet<Symmetry> = g.iter().copied().collect();
    assert_eq!(set.len(), size, "{kind}: distinct");
    for a in g {
        for b in g {
            assert!(set.contains(&compose(a, b)), "{kind}: closed");
        }
    }
    let cells = sample_cells(l);
    for s in g {
        for &c in &cells {
            assert!(l.is_cell(s.apply(c)), "{kind}: {c:?} maps to a cell");
        }
    }
    // Descriptions tell the elements apart.
    let words: HashSet<String> = g.iter().map(|s| l.describe(s)).collect();
    assert_eq!(words.len(), size, "{kind}: {words:?}");
    assert_eq!(l.describe(&g[0]), "identity");
}

#[test]
fn point_groups() {
    check_group(LatticeKind::Hex, 12, 6);
    check_group(LatticeKind::Triangle, 12, 6);
    check_group(LatticeKind::Prism, 24, 12);
    check_group(LatticeKind::FccSquare, 48, 24);
    check_group(LatticeKind::FccTriangle, 48, 24);
    check_group(LatticeKind::Square, 8, 4);
    check_group(LatticeKind::Cubic, 48, 24);
    check_group(LatticeKind::Rhombic, 48, 24);
    check_group(LatticeKind::RhombicUnits, 48, 24);
    check_group(LatticeKind::TetraOcta, 48, 24);
    check_group(LatticeKind::TetraOctaUnits, 48, 24);
}

#[test]
fn descriptions() {
    let hex = LatticeKind::Hex.lattice();
    let words: Vec<String> = hex.symmetries().iter().map(|s| hex.describe(s)).collect();
    for d in [60, 120, 180, 240, 300] {
        assert!(words.contains(&format!("rotation by {d}°")), "{words:?}");
    }
    assert!(words.contains(&"reflection in the vertical line".to_string()));
    let cubic = LatticeKind::Cubic.lattice();
    let words: HashSet<String> = cubic
        .symmetries()
        .iter()
        .map(|s| cubic.describe(s))
        .collect();
    assert!(words.contains("inversion"));
    assert!(words.contains("rotation by 120° about [1,1,1]"));
    assert!(words.contains("reflection in the plane perpendicular to [0,0,1]"));
    assert!(words.iter().any(|w| w.starts_with("rotoreflection by 90°")));
    assert!(words.iter().any(|w| w.starts_with("rotoreflection by 60°")));
}

#[test]
fn art_positions_round_trip() {
    for kind in [
        LatticeKind::Hex,
        LatticeKind::Triangle,
        LatticeKind::Prism,
        LatticeKind::FccSquare,
        LatticeKind::FccTriangle,
        LatticeKind::Rhombic,
        LatticeKind::RhombicUnits,
        LatticeKind::TetraOcta,
        LatticeKind::TetraOctaUnits,
    ] {
        let l = kind.lattice();
        let layers = if l.dimension() == 2 { 0..=0 } else { -3..=3 };
        let mut seen = HashSet::new();
        for layer in layers {
            for r in -5..=5 {
                for c in -5..=5 {
                    if let Some(cell) = l.cell_at(layer, r, c) {
                        assert!(l.is_cell(cell), "{kind}");
                        assert_eq!(l.grid_position(cell), (layer, r, c), "{kind}");
                        assert!(seen.insert(cell), "{kind}: one cell per position");
                    }
                }
            }
        }
    }
}

/// Real positions (page coordinates, unit edge) of cells, for neighbours.
fn position(kind: LatticeKind, c: Cell) -> [f64; 3] {
    let h = 3f64.sqrt() / 2.0;
    match kind {
        // Axial: e1 = (1, 0), e2 = (1/2, √3/2).
        LatticeKind::Hex => [c[0] as f64 + c[1] as f64 / 2.0, c[1] as f64 * h, 0.0],
        // Three times the centre in the corner basis.
        LatticeKind::Triangle => {
            let (a, b) = (c[0] as f64 / 3.0, c[1] as f64 / 3.0);
            [a + b / 2.0, b * h, 0.0]
        }
        _ => unreachable!(),
    }
}

/// Number of free polyforms of each size 1..=n, by growing cells and
/// counting classes under the lattice's point group.
fn free_counts(kind: LatticeKind, start: Cell, n: usize, neighbour_distance: f64) -> Vec<usize> {
    let l = kind.lattice();
    let near: Vec<Cell> = sample_cells(l);
    let neighbours = |c: Cell| -> Vec<Cell> {
        let p = position(kind, c);
        near.iter()
            .map(|d| [c[0] + d[0], c[1] + d[1], 0])
            .filter(|e| {
                let q = position(kind, *e);
                l.is_cell(*e)
                    && ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt() - neighbour_distance
                        < 1e-9
                    && e != &c
            })
            .collect()
    };
    let mut level: HashSet<Shape> = HashSet::from([Shape::new(vec![start]).normalized(l)]);
    let mut out = vec![];
    for size in 1..=n {
        if size > 1 {
            let mut next = HashSet::new();
            for s in &level {
                for &c in s.cells() {
                    for d in neighbours(c) {
                        if !s.cells().contains(&d) {
                            let mut v = s.cells().to_vec();
                            v.push(d);
                            next.insert(Shape::new(v).normalized(l));
                        }
                    }
                }
            }
            level = next;
        }
        let classes: HashSet<Shape> = level
            .iter()
            .map(|s| s.orientations(l, |_| true).into_iter().min().unwrap())
            .collect();
        out.push(classes.len());
    }
    out
}

#[test]
fn free_polyiamonds_match_oeis_a000577() {
    // Edge-sharing triangles: centres 1/√3 apart.
    let got = free_counts(LatticeKind::Triangle, [1, 1, 0], 7, 1.0 / 3f64.sqrt());
    assert_eq!(got, [1, 1, 1, 3, 4, 12, 24]);
}

#[test]
fn free_polyhexes_match_oeis_a000228() {
    let got = free_counts(LatticeKind::Hex, [0, 0, 0], 6, 1.0);
    assert_eq!(got, [1, 1, 3, 7, 22, 82]);
}

#[test]
fn flat_pieces_take_every_plane_of_the_packing() {
    // A single sphere pair (a "domino" of spheres) has 6 orientations in
    // FCC (the 12 neighbour directions up to sign); a straight line of 3
    // spheres too; a triangle of 3 spheres lies in the 4 {111} plane
    // families and points 2 ways: 8.
    let fcc = LatticeKind::FccTriangle.lattice();
    let pair = Shape::new(
        fcc.embed(LatticeKind::Hex, &[[0, 0, 0], [1, 0, 0]])
            .unwrap(),
    );
    assert_eq!(pair.orientations(fcc, |_| true).len(), 6);
    let tri = Shape::new(
        fcc.embed(LatticeKind::Hex, &[[0, 0, 0], [1, 0, 0], [0, 1, 0]])
            .unwrap(),
    );
    assert_eq!(tri.orientations(fcc, |_| true).len(), 8);
    // A 2x2 square of spheres lies in the 3 {100} plane families.
    let sq = Shape::new(
        fcc.embed(
            LatticeKind::Square,
            &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
        )
        .unwrap(),
    );
    assert_eq!(sq.orientations(fcc, |_| true).len(), 3);
    // Embedded shapes keep their neighbours 12-fold: distance² 2.
    for c in pair.cells() {
        assert!(fcc.is_cell(*c));
    }
}
