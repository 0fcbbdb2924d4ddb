//! Built-in board shapes, so that common boards need no drawing:
//!
//! | key | lattices | shape |
//! | --- | --- | --- |
//! | `size = [w, h]` | hex | `h` staggered rows of `w` cells, odd rows shifted right |
//! | `parallelogram = [a, b]` | hex, triangle | `a` by `b` cells (hex) or rhombi of two triangles (triangle), sides along the two axes |
//! | `triangle = n` | hex, triangle | a triangle of side `n`, apex up (`n(n+1)/2` cells on hex, `n²` triangles) |
//! | `pyramid = n` | fcc-square, fcc-triangle | a square pyramid: layers `n x n`, ..., `1 x 1` |
//! | `tetrahedron = n` | fcc-square, fcc-triangle | a triangular pyramid of side `n` (`n(n+1)(n+2)/6` spheres) |
//!
//! (`size` on the square and cubic lattices, a rectangle or a box, is read
//! by [`file`](crate::file) directly.) Each function returns the cells, or
//! a message saying which lattices the shape is for.

use crate::error::ErrorKind;
use crate::lattice::{Cell, LatticeKind, square_layer_cell, triangle_layer_cell};

fn only(shape: &'static str, lattice: LatticeKind, lattices: &'static str) -> ErrorKind {
    ErrorKind::ShapeNotOnLattice {
        shape,
        lattice,
        lattices,
    }
}

/// `h` staggered rows of `w` hex cells.
pub fn hex_rows(lattice: LatticeKind, w: i32, h: i32) -> Result<Vec<Cell>, ErrorKind> {
    if lattice != LatticeKind::Hex {
        return Err(only(
            "size",
            lattice,
            "square, cubic, hex, polysticks and polytwigs",
        ));
    }
    let l = lattice.lattice();
    let mut cells = vec![];
    for r in 0..h {
        for k in 0..w {
            cells.extend(l.cell_at(0, r, 2 * k + (r & 1)));
        }
    }
    Ok(cells)
}

/// A parallelogram with sides along the lattice's two axes.
pub fn parallelogram(lattice: LatticeKind, a: i32, b: i32) -> Result<Vec<Cell>, ErrorKind> {
    let mut cells = vec![];
    match lattice {
        LatticeKind::Hex => {
            for y in 0..b {
                for x in 0..a {
                    cells.push([x, y, 0]);
                }
            }
        }
        LatticeKind::Triangle => {
            for j in 0..b {
                for i in 0..a {
                    cells.push([3 * i + 1, 3 * j + 1, 0]);
                    cells.push([3 * i + 2, 3 * j + 2, 0]);
                }
            }
        }
        _ => {
            return Err(only(
                "parallelogram",
                lattice,
                "hex, triangle, polytrigs and polytwigs",
            ));
        }
    }
    Ok(cells)
}

/// A triangle of side `n`, apex up.
pub fn triangle(lattice: LatticeKind, n: i32) -> Result<Vec<Cell>, ErrorKind> {
    let l = lattice.lattice();
    let mut cells = vec![];
    match lattice {
        LatticeKind::Hex => {
            // The apex must be a cell position: an even column.
            let apex = n - 1 + (n - 1) % 2;
            for r in 0..n {
                for k in 0..=r {
                    cells.extend(l.cell_at(0, r, apex - r + 2 * k));
                }
            }
        }
        LatticeKind::Triangle => {
            // The apex must be an up triangle: an even column.
            let apex = n - 1 + (n - 1) % 2;
            for r in 0..n {
                for c in apex - r..=apex + r {
                    cells.extend(l.cell_at(0, r, c));
                }
            }
        }
        _ => {
            return Err(only(
                "triangle",
                lattice,
                "hex, triangle, polytrigs and polytwigs",
            ));
        }
    }
    Ok(cells)
}

fn is_fcc(lattice: LatticeKind) -> bool {
    matches!(lattice, LatticeKind::FccSquare | LatticeKind::FccTriangle)
}

/// A square pyramid whose base has `n x n` spheres.
pub fn pyramid(lattice: LatticeKind, n: i32) -> Result<Vec<Cell>, ErrorKind> {
    if !is_fcc(lattice) {
        return Err(only("pyramid", lattice, "fcc-square and fcc-triangle"));
    }
    let mut cells = vec![];
    for layer in 0..n {
        for r in 0..n - layer {
            for c in 0..n - layer {
                cells.push(square_layer_cell(layer, r, c));
            }
        }
    }
    Ok(cells)
}

/// A tetrahedron (triangular pyramid) of side `n`.
pub fn tetrahedron(lattice: LatticeKind, n: i32) -> Result<Vec<Cell>, ErrorKind> {
    if !is_fcc(lattice) {
        return Err(only("tetrahedron", lattice, "fcc-square and fcc-triangle"));
    }
    let mut cells = vec![];
    let apex = n - 1 + (n - 1) % 2;
    for layer in 0..n {
        // Each layer is the triangle below it without its bottom row.
        for r in 0..n - layer {
            for k in 0..=r {
                cells.extend(triangle_layer_cell(layer, r, apex - r + 2 * k));
            }
        }
    }
    Ok(cells)
}

/// A hexagon of side `n`: on the triangle lattice the `6 n²` triangles
/// round a corner, on the hex lattice the cells at most `n - 1` steps
/// from one.
pub fn hexagon(lattice: LatticeKind, n: i32) -> Result<Vec<Cell>, ErrorKind> {
    let mut cells = vec![];
    // Hex distance of an axial vector from the origin.
    let dist = |x: i32, y: i32| x.abs().max(y.abs()).max((x + y).abs());
    match lattice {
        LatticeKind::Hex => {
            for y in -n + 1..n {
                for x in -n + 1..n {
                    if dist(x, y) < n {
                        cells.push([x, y, 0]);
                    }
                }
            }
        }
        LatticeKind::Triangle => {
            // A triangle is inside when its three corners are.
            for j in -n..n {
                for i in -n..n {
                    if dist(i, j) <= n && dist(i + 1, j) <= n && dist(i, j + 1) <= n {
                        cells.push([3 * i + 1, 3 * j + 1, 0]);
                    }
                    if dist(i + 1, j) <= n && dist(i, j + 1) <= n && dist(i + 1, j + 1) <= n {
                        cells.push([3 * i + 2, 3 * j + 2, 0]);
                    }
                }
            }
        }
        _ => {
            return Err(only(
                "hexagon",
                lattice,
                "hex, triangle, polytrigs and polytwigs",
            ));
        }
    }
    Ok(cells)
}

/// The Aztec diamond of order `n`: rows of 2, 4, ..., 2n, 2n, ..., 2
/// squares, centred.
pub fn aztec(lattice: LatticeKind, n: i32) -> Result<Vec<Cell>, ErrorKind> {
    if lattice != LatticeKind::Square {
        return Err(only("aztec", lattice, "square and polysticks"));
    }
    let mut cells = vec![];
    for r in 0..2 * n {
        let half = if r < n { r + 1 } else { 2 * n - r };
        for x in n - half..n + half {
            cells.push([x, r, 0]);
        }
    }
    Ok(cells)
}
