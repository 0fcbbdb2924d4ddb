//! Stick lattices in space (see [`space`](crate::space)): where a segment
//! lies, the bar it is drawn and printed as, which segments touch.
//!
//! A segment's coordinates are twice its midpoint in the grid's basis, so
//! the frame is half the square or triangle lattice's. A honeycomb edge
//! has the coordinates of the triangle-grid edge it crosses: the same
//! midpoint, turned a quarter turn, a third as long times `sqrt(3)`.

use crate::lattice::{Cell, LatticeKind};
use crate::space::{CellSolid, M3, Polyhedron, V3, centre, prism};
use std::f64::consts::PI;

/// The width and height of a bar, in units of the segment's length.
pub const BAR_WIDTH: f64 = 0.25;

const H: f64 = 0.866_025_403_784_438_6; // sqrt(3) / 2

/// The frame of a stick lattice (see [`space::frame`](crate::space::frame)).
pub fn frame(kind: LatticeKind) -> M3 {
    match kind {
        LatticeKind::Polysticks => [[0.5, 0.0, 0.0], [0.0, -0.5, 0.0], [0.0, 0.0, 1.0]],
        _ => [[0.5, 0.25, 0.0], [0.0, -H / 2.0, 0.0], [0.0, 0.0, 1.0]],
    }
}

/// The segment's two ends in world coordinates.
pub fn ends(kind: LatticeKind, c: Cell) -> [V3; 2] {
    let o = centre(kind, c);
    let along = match (c[0].rem_euclid(2), c[1].rem_euclid(2)) {
        (1, 0) => [1, 0],
        (0, 1) => [0, 1],
        _ => [-1, 1],
    };
    // Half the segment in world coordinates.
    let h = crate::space::apply(&frame(kind), [along[0] as f64, along[1] as f64, 0.0]);
    let h = if kind == LatticeKind::Polytwigs {
        // A quarter turn, and 1/sqrt(3) as long.
        let k = 1.0 / 3f64.sqrt();
        [-h[1] * k, h[0] * k, 0.0]
    } else {
        h
    };
    [
        [o[0] - h[0], o[1] - h[1], 0.0],
        [o[0] + h[0], o[1] + h[1], 0.0],
    ]
}

/// The length of a segment in world coordinates.
pub fn length(kind: LatticeKind) -> f64 {
    if kind == LatticeKind::Polytwigs {
        1.0 / 3f64.sqrt()
    } else {
        1.0
    }
}

/// The bar a segment is drawn as: a flat stadium (the segment widened to
/// [`BAR_WIDTH`] with rounded ends, so that the bars of a piece overlap
/// at its joints), [`BAR_WIDTH`] thick, centred on `z = 0`.
pub fn solid(kind: LatticeKind, c: Cell) -> CellSolid {
    let [p, q] = ends(kind, c);
    let r = BAR_WIDTH * length(kind) / 2.0;
    let a = (q[1] - p[1]).atan2(q[0] - p[0]);
    // Half circles of 5 points round each end, anticlockwise.
    let mut base = Vec::with_capacity(10);
    for (end, from) in [
        (q, a - std::f64::consts::FRAC_PI_2),
        (p, a + std::f64::consts::FRAC_PI_2),
    ] {
        for k in 0..5 {
            let t = from + std::f64::consts::PI * k as f64 / 4.0;
            base.push([end[0] + r * t.cos(), end[1] + r * t.sin()]);
        }
    }
    CellSolid::Polyhedron(prism(&base, -r, r))
}

/// How many grid directions meet at a point: 4 on the square grid, 6 on
/// the triangular one, 3 on the honeycomb.
pub fn directions(kind: LatticeKind) -> usize {
    match kind {
        LatticeKind::Polysticks => 4,
        LatticeKind::Polytwigs => 3,
        _ => 6,
    }
}

/// The solids a piece of sticks is printed as, meeting face to face so
/// that their union is one closed surface (faces shared by two of them
/// are inside): at each grid point of the piece a *hub*, the prism over
/// the regular polygon whose sides face the grid's directions there, each
/// side as wide as a bar; along each segment a box from hub to hub. Bars
/// are `2 (r - shrink)` wide and `2 r` thick, `r` being half of
/// [`BAR_WIDTH`] times the segment's [`length`], centred on `z = 0`. A
/// hub reaches `r - shrink` past the point on the square grid, `sqrt(3)`
/// times that on the triangular one (where bars 60° apart must both meet
/// it with a whole face) and `1 / sqrt(3)` times that on the honeycomb, so
/// a piece's ends are flat.
pub fn piece_solids(kind: LatticeKind, cells: &[Cell], shrink: f64) -> Vec<Polyhedron> {
    let r = BAR_WIDTH * length(kind) / 2.0;
    let w = r - shrink;
    let n = directions(kind);
    // Apothem of the hub: its sides, 2 w wide, subtend 2 pi / n each.
    let a = w / (PI / n as f64).tan();
    let key = |p: V3| ((p[0] * 1e6).round() as i64, (p[1] * 1e6).round() as i64);
    // Each grid point of the piece, with the angle of one segment leaving
    // it (the grid's other directions there are turns of 2 pi / n).
    let mut points: Vec<((i64, i64), V3, f64)> = vec![];
    let mut out = Vec::with_capacity(2 * cells.len() + 1);
    for &c in cells {
        let [p, q] = ends(kind, c);
        let u = [q[0] - p[0], q[1] - p[1]];
        let l = u[0].hypot(u[1]);
        let u = [u[0] / l, u[1] / l];
        for (x, dir) in [(p, u), (q, [-u[0], -u[1]])] {
            if !points.iter().any(|e| e.0 == key(x)) {
                points.push((key(x), x, dir[1].atan2(dir[0])));
            }
        }
        let (s, e) = (
            [p[0] + a * u[0], p[1] + a * u[1]],
            [q[0] - a * u[0], q[1] - a * u[1]],
        );
        let side = [-u[1] * w, u[0] * w];
        let base = [
            [s[0] - side[0], s[1] - side[1]],
            [e[0] - side[0], e[1] - side[1]],
            [e[0] + side[0], e[1] + side[1]],
            [s[0] + side[0], s[1] + side[1]],
        ];
        out.push(prism(&base, -r, r));
    }
    let corner = a / (PI / n as f64).cos();
    for (_, x, angle) in points {
        let base: Vec<[f64; 2]> = (0..n)
            .map(|k| {
                let t = angle + (2 * k + 1) as f64 * PI / n as f64;
                [x[0] + corner * t.cos(), x[1] + corner * t.sin()]
            })
            .collect();
        out.push(prism(&base, -r, r));
    }
    out
}

/// Do two segments touch (share an end)?
pub fn adjacent(kind: LatticeKind, a: Cell, b: Cell) -> bool {
    if a == b {
        return false;
    }
    let (ea, eb) = (ends(kind, a), ends(kind, b));
    let near = |u: V3, v: V3| (u[0] - v[0]).abs() + (u[1] - v[1]).abs() < 1e-6;
    ea.iter().any(|&u| eb.iter().any(|&v| near(u, v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_have_their_length_and_meet_at_points() {
        for kind in [
            LatticeKind::Polysticks,
            LatticeKind::Polytrigs,
            LatticeKind::Polytwigs,
        ] {
            let l = kind.lattice();
            for a in -3..4 {
                for b in -3..4 {
                    let c = [a, b, 0];
                    if !l.is_cell(c) {
                        continue;
                    }
                    let [p, q] = ends(kind, c);
                    let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                    assert!((d - length(kind)).abs() < 1e-9, "{kind} {c:?}: {d}");
                }
            }
            // Every segment touches 2 (n - 1) others: n = 4, 6, 3.
            let n = match kind {
                LatticeKind::Polysticks => 4,
                LatticeKind::Polytrigs => 6,
                _ => 3,
            };
            let c = [1, 0, 0];
            let touching = (-4..5)
                .flat_map(|a| (-4..5).map(move |b| [a, b, 0]))
                .filter(|&d| l.is_cell(d) && adjacent(kind, c, d))
                .count();
            assert_eq!(touching, 2 * (n - 1), "{kind}");
        }
    }
}
