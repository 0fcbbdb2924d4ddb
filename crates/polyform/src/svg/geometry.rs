//! Where each cell is drawn, in *units* (the distance between neighbouring
//! cells is 1; x to the right, y down the page), within its layer's panel.
//!
//! * square: unit squares; hex: hexagons (pointy top) around the sites of
//!   the triangular lattice; triangle: up and down triangles;
//! * cubic: an isometric cube per cell (top face and the two faces seen
//!   from the front), one panel per layer `z`;
//! * FCC: a ball per sphere, one panel per layer as the art draws it
//!   ([`Lattice::grid_position`](crate::lattice::Lattice::grid_position)), shifted by where the layer rests on the
//!   one below, so the layers of a pyramid line up as they do in the hand.

use crate::lattice::{Cell, LatticeKind, points_up};

/// A point in units.
pub type Pt = (f64, f64);

const H: f64 = 0.866_025_403_784_438_6; // sqrt(3) / 2

/// What a cell looks like.
#[derive(Clone, Debug)]
pub enum Form {
    /// A flat polygon (square, hexagon, triangle).
    Poly(Vec<Pt>),
    /// An isometric cube: its top face, and the two side faces seen from
    /// the front (towards +y, left on the page; towards +x, right).
    Cube {
        /// The top face.
        top: [Pt; 4],
        /// The face towards +y (left on the page).
        left: [Pt; 4],
        /// The face towards +x (right on the page).
        right: [Pt; 4],
    },
    /// A ball around the centre.
    Ball {
        /// Its radius.
        r: f64,
    },
}

/// A cell's drawing: its panel (layer), centre and form, in units.
#[derive(Clone, Debug)]
pub struct CellGeom {
    /// The panel (layer) it is drawn in.
    pub layer: i32,
    /// Its centre in the panel.
    pub centre: Pt,
    /// What is drawn.
    pub form: Form,
}

/// Pixels per unit for a lattice.
pub fn unit(kind: LatticeKind) -> f64 {
    match kind {
        LatticeKind::Square | LatticeKind::Hex => 30.0,
        LatticeKind::Triangle | LatticeKind::Prism => 36.0,
        LatticeKind::Cubic => 26.0,
        LatticeKind::FccSquare | LatticeKind::FccTriangle => 28.0,
    }
}

/// The isometric image of the point `(x, y)` at height `w` in a layer.
fn iso(x: f64, y: f64, w: f64) -> Pt {
    ((x - y) * H, (x + y) * 0.5 - w)
}

/// Where and how cell `c` of lattice `kind` is drawn.
pub fn cell_geom(kind: LatticeKind, c: Cell) -> CellGeom {
    let (x, y) = (c[0] as f64, c[1] as f64);
    match kind {
        LatticeKind::Square => CellGeom {
            layer: 0,
            centre: (x + 0.5, y + 0.5),
            form: Form::Poly(vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]),
        },
        LatticeKind::Hex => {
            let centre = (x + 0.5 * y, H * y);
            let r = 1.0 / 3f64.sqrt();
            let pts = (0..6)
                .map(|k| {
                    let a = (30.0 + 60.0 * k as f64).to_radians();
                    (centre.0 + r * a.cos(), centre.1 + r * a.sin())
                })
                .collect();
            CellGeom {
                layer: 0,
                centre,
                form: Form::Poly(pts),
            }
        }
        LatticeKind::Prism => CellGeom {
            // Each layer is a panel of triangles.
            layer: c[2],
            ..cell_geom(LatticeKind::Triangle, [c[0], c[1], 0])
        },
        LatticeKind::Triangle => {
            // Corners are lattice points i * e1 + j * e2, e1 = (1, 0),
            // e2 = (1/2, H).
            let p = |i: f64, j: f64| (i + 0.5 * j, H * j);
            let pts = if points_up(c) {
                let (i, j) = ((c[0] - 2) as f64 / 3.0, (c[1] - 2) as f64 / 3.0);
                vec![p(i + 1.0, j), p(i + 1.0, j + 1.0), p(i, j + 1.0)]
            } else {
                let (i, j) = ((c[0] - 1) as f64 / 3.0, (c[1] - 1) as f64 / 3.0);
                vec![p(i, j), p(i + 1.0, j), p(i, j + 1.0)]
            };
            let centre = p(x / 3.0, y / 3.0);
            CellGeom {
                layer: 0,
                centre,
                form: Form::Poly(pts),
            }
        }
        LatticeKind::Cubic => {
            let top = [
                iso(x, y, 1.0),
                iso(x + 1.0, y, 1.0),
                iso(x + 1.0, y + 1.0, 1.0),
                iso(x, y + 1.0, 1.0),
            ];
            let left = [
                iso(x, y + 1.0, 1.0),
                iso(x + 1.0, y + 1.0, 1.0),
                iso(x + 1.0, y + 1.0, 0.0),
                iso(x, y + 1.0, 0.0),
            ];
            let right = [
                iso(x + 1.0, y, 1.0),
                iso(x + 1.0, y + 1.0, 1.0),
                iso(x + 1.0, y + 1.0, 0.0),
                iso(x + 1.0, y, 0.0),
            ];
            CellGeom {
                layer: c[2],
                centre: iso(x + 0.5, y + 0.5, 1.0),
                form: Form::Cube { top, left, right },
            }
        }
        LatticeKind::FccSquare => {
            let (layer, row, col) = kind.lattice().grid_position(c);
            let l = layer as f64 / 2.0;
            CellGeom {
                layer,
                centre: (col as f64 + l, row as f64 + l),
                form: Form::Ball { r: 0.41 },
            }
        }
        LatticeKind::FccTriangle => {
            let (layer, row, col) = kind.lattice().grid_position(c);
            CellGeom {
                layer,
                centre: (
                    col as f64 * 0.5,
                    (row as f64 + 2.0 * layer as f64 / 3.0) * H,
                ),
                form: Form::Ball { r: 0.41 },
            }
        }
    }
}

/// Do two cells touch (share a face, an edge of a polygon, or touch as
/// spheres)? Used to give touching pieces different colors.
pub fn adjacent(kind: LatticeKind, a: Cell, b: Cell) -> bool {
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    match kind {
        LatticeKind::Square | LatticeKind::Cubic => d[0].abs() + d[1].abs() + d[2].abs() == 1,
        LatticeKind::Hex => matches!(
            (d[0], d[1]),
            (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
        ),
        LatticeKind::Triangle => matches!(
            (d[0], d[1]),
            (1, 1) | (-1, -1) | (-2, 1) | (2, -1) | (1, -2) | (-1, 2)
        ),
        LatticeKind::Prism => {
            (d[2] == 0 && adjacent(LatticeKind::Triangle, [a[0], a[1], 0], [b[0], b[1], 0]))
                || (d[0] == 0 && d[1] == 0 && d[2].abs() == 1)
        }
        LatticeKind::FccSquare | LatticeKind::FccTriangle => {
            d[0] * d[0] + d[1] * d[1] + d[2] * d[2] == 2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Neighbouring cells are drawn one unit apart (centres of flat
    /// cells; balls in one layer), for every lattice.
    #[test]
    fn neighbours_are_one_unit_apart() {
        for kind in LatticeKind::ALL {
            let l = kind.lattice();
            let cells: Vec<Cell> = (-3..=3)
                .flat_map(|x| (-3..=3).flat_map(move |y| (-1..=1).map(move |z| [x, y, z])))
                .filter(|&c| l.is_cell(c))
                .collect();
            for &a in &cells {
                for &b in &cells {
                    let (ga, gb) = (cell_geom(kind, a), cell_geom(kind, b));
                    if !adjacent(kind, a, b) || ga.layer != gb.layer {
                        continue;
                    }
                    let d = ((ga.centre.0 - gb.centre.0).powi(2)
                        + (ga.centre.1 - gb.centre.1).powi(2))
                    .sqrt();
                    let want = if matches!(kind, LatticeKind::Triangle | LatticeKind::Prism) {
                        1.0 / 3f64.sqrt()
                    } else {
                        1.0
                    };
                    assert!((d - want).abs() < 1e-9, "{kind}: {a:?} {b:?} at {d}");
                }
            }
        }
    }
}
