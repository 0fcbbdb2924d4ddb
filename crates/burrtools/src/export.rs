//! A [`Puzzle`] written as a BurrTools file, for its 3D viewer and its
//! solver: square and cubic puzzles on the brick grid, FCC ones on the
//! sphere grid, triangle and prism ones on the triangular-prism grid,
//! rhombic dodecahedra and rhombic units on the rhombic grid (a
//! dodecahedron as the 48 units around a cube corner, as BurrTools' users
//! build it from a 2x2x2 cube), tetrahedra and octahedra and their units
//! on the tetra-octa grid (an octahedron as its 8 eighths).
//! The coordinates are the inverse of [`import`](super::import)'s, moved
//! so that every voxel position is non-negative (by a shift that keeps
//! sphere and triangle parities), so exporting and importing gives the
//! same exact-cover matrix.
//!
//! Pieces placed in advance are left out, and their cells taken out of the
//! result: the same free cells and counts, so the same matrix. A one-sided
//! puzzle is refused (a BurrTools piece can always be turned over), as is
//! the hex lattice (BurrTools has no hexagon grid).

use super::xml::GridType;
use super::{error, unbounded_max};
use picture::markup::escape;
use polyform::board::CellKind;
use polyform::error::Error;
use polyform::lattice::{Cell, LatticeKind};
use polyform::puzzle::Puzzle;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;

/// A set of cells as a BurrTools voxel space: its size and the voxel at
/// each position (`None`: empty).
struct Space {
    size: [u32; 3],
    voxels: Vec<Option<char>>,
}

/// The lattice whose cells are BurrTools' voxels, and the cells in it: a
/// dodecahedron becomes its 48 units, an octahedron its 8 eighths.
fn voxel_cells(lattice: LatticeKind, cells: &[(Cell, char)]) -> (LatticeKind, Vec<(Cell, char)>) {
    let units = match lattice {
        LatticeKind::Rhombic => LatticeKind::RhombicUnits,
        LatticeKind::TetraOcta => LatticeKind::TetraOctaUnits,
        other => return (other, cells.to_vec()),
    };
    let out = cells
        .iter()
        .flat_map(|&(c, ch)| {
            units
                .lattice()
                .embed(lattice, &[c])
                .expect("solids embed in their units")
                .into_iter()
                .map(move |u| (u, ch))
        })
        .collect();
    (units, out)
}

/// The BurrTools position of a cell before shifting (see the module docs
/// of [`import`](super::import), read backwards).
fn raw_position(lattice: LatticeKind, c: Cell) -> [i64; 3] {
    let l = lattice.lattice();
    let c64 = c.map(i64::from);
    match lattice {
        LatticeKind::RhombicUnits => [c64[0] + 2, 2 - c64[1], 2 - c64[2]],
        LatticeKind::TetraOctaUnits => [(c64[0] + 5) / 2, (5 - c64[1]) / 2, (5 - c64[2]) / 2],
        LatticeKind::Square => [c[0] as i64, -(c[1] as i64), 0],
        LatticeKind::Triangle => {
            let (_, row, col) = l.grid_position(c);
            [col as i64, -(row as i64), 0]
        }
        LatticeKind::Prism => {
            let (layer, row, col) = l.grid_position(c);
            [col as i64, -(row as i64), -(layer as i64)]
        }
        _ => [c[0] as i64, -(c[1] as i64), -(c[2] as i64)],
    }
}

/// Where the voxel space starts for a shape whose least positions are
/// `lo`: at or below `lo`, by a shift that keeps the grid, i.e. keeps
/// `x + y + z` (spheres) or `x + y` (prisms) even where it was, and for
/// the cut-cube grids whole blocks of voxels (5 per cube for rhombic; 3
/// for tetra-octa, an even number of them in all, since the blocks
/// alternate).
fn aligned(lattice: LatticeKind, mut lo: [i64; 3]) -> [i64; 3] {
    let parity_axes = match lattice {
        LatticeKind::FccSquare | LatticeKind::FccTriangle => 3,
        LatticeKind::Triangle | LatticeKind::Prism => 2,
        LatticeKind::RhombicUnits => return lo.map(|v| 5 * v.div_euclid(5)),
        LatticeKind::TetraOctaUnits => {
            let mut b = lo.map(|v| v.div_euclid(3));
            if (b[0] + b[1] + b[2]).rem_euclid(2) != 0 {
                b[0] -= 1;
            }
            return b.map(|v| 3 * v);
        }
        _ => 0,
    };
    if parity_axes > 0 && lo[..parity_axes].iter().sum::<i64>() % 2 != 0 {
        // Shift one more along x: the x side grows by one empty column.
        lo[0] -= 1;
    }
    lo
}

/// Lays cells out in a voxel space, shifted to non-negative positions
/// ([`aligned`]); solids become their units ([`voxel_cells`]).
fn space(lattice: LatticeKind, cells: &[(Cell, char)], what: &str) -> Result<Space, String> {
    let (lattice, cells) = voxel_cells(lattice, cells);
    let cells = &cells[..];
    let pos: Vec<[i64; 3]> = cells
        .iter()
        .map(|(c, _)| raw_position(lattice, *c))
        .collect();
    let mut lo = [i64::MAX; 3];
    for p in &pos {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
        }
    }
    let lo = aligned(lattice, lo);
    let mut size = [1u32; 3];
    let shifted: Vec<[u32; 3]> = pos
        .iter()
        .map(|p| {
            let q = [p[0] - lo[0], p[1] - lo[1], p[2] - lo[2]].map(|v| v as u32);
            for a in 0..3 {
                size[a] = size[a].max(q[a] + 1);
            }
            q
        })
        .collect();
    let volume: u64 = size.iter().map(|&s| s as u64).product();
    let max = super::Limits::default().voxel_volume;
    let side = super::Limits::default().voxel_side;
    if volume > max || size.iter().any(|&s| u64::from(s) > side) {
        return Err(format!(
            "{what} spans {}x{}x{} voxels; BurrTools files read here hold at most {max}",
            size[0], size[1], size[2]
        ));
    }
    let mut voxels = vec![None; volume as usize];
    for (q, (_, ch)) in shifted.iter().zip(cells) {
        let i =
            q[0] as usize + size[0] as usize * (q[1] as usize + size[1] as usize * q[2] as usize);
        voxels[i] = Some(*ch);
    }
    Ok(Space { size, voxels })
}

fn write_voxel(out: &mut String, s: &Space, name: &str) {
    let _ = write!(
        out,
        "    <voxel x=\"{}\" y=\"{}\" z=\"{}\" type=\"0\" name=\"{}\">",
        s.size[0],
        s.size[1],
        s.size[2],
        escape(name)
    );
    out.extend(s.voxels.iter().map(|v| v.unwrap_or('_')));
    out.push_str("</voxel>\n");
}

/// The grid a lattice is exported to.
fn grid(puzzle: &Puzzle) -> Result<GridType, Error> {
    let refuse = |m: String| error(&puzzle.path, None, m);
    if puzzle.one_sided {
        return Err(refuse(
            "a one-sided puzzle cannot be written for BurrTools: its pieces can always be turned over".into(),
        ));
    }
    if puzzle.colors.is_some() {
        return Err(refuse(
            "the puzzle has colour constraints, which export does not write yet".into(),
        ));
    }
    match puzzle.lattice {
        LatticeKind::Square | LatticeKind::Cubic => Ok(GridType::Brick),
        LatticeKind::FccSquare | LatticeKind::FccTriangle => Ok(GridType::Sphere),
        LatticeKind::Triangle | LatticeKind::Prism => Ok(GridType::TriangularPrism),
        LatticeKind::Rhombic | LatticeKind::RhombicUnits => Ok(GridType::Rhombic),
        LatticeKind::TetraOcta | LatticeKind::TetraOctaUnits => Ok(GridType::TetraOcta),
        LatticeKind::Hex
        | LatticeKind::Polysticks
        | LatticeKind::Polytrigs
        | LatticeKind::Polytwigs => Err(refuse(format!(
            "the {} lattice has no BurrTools grid (it has cubes, spheres, triangular prisms, rhombic dodecahedra and tetrahedra-octahedra; `polycover matrix` writes any puzzle in Knuth's DLX format)",
            puzzle.lattice
        ))),
    }
}

/// The puzzle as BurrTools XML (one problem; shape 0 is the result, shape
/// `i + 1` the puzzle's piece `i`).
pub fn export_xml(puzzle: &Puzzle) -> Result<String, Error> {
    let grid = grid(puzzle)?;
    let free = puzzle.free_cells();
    if free.is_empty() {
        return Err(error(&puzzle.path, None, "the board has no free cells"));
    }
    let taken: HashSet<Cell> = puzzle
        .fixed
        .iter()
        .flat_map(|p| p.cells.iter().copied())
        .collect();
    let result: Vec<(Cell, char)> = puzzle
        .board
        .cells()
        .iter()
        .filter(|(c, _)| !taken.contains(c))
        .map(|&(c, k)| (c, if k == CellKind::Fill { '#' } else { '+' }))
        .collect();
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n");
    let _ = writeln!(out, "  <gridType type=\"{}\"/>", grid.number());
    out.push_str("  <colors/>\n  <shapes>\n");
    let err = |m: String| error(&puzzle.path, None, m);
    write_voxel(
        &mut out,
        &space(puzzle.lattice, &result, "the board").map_err(err)?,
        "Result",
    );
    let used: Vec<usize> = (0..puzzle.pieces.len())
        .filter(|&i| !puzzle.pieces[i].count.is_none())
        .collect();
    for &i in &used {
        let p = &puzzle.pieces[i];
        let cells: Vec<(Cell, char)> = p.cells.cells().iter().map(|&c| (c, '#')).collect();
        let s = space(puzzle.lattice, &cells, &format!("piece `{}`", p.name)).map_err(err)?;
        write_voxel(&mut out, &s, &p.name);
    }
    out.push_str("  </shapes>\n  <problems>\n");
    let _ = writeln!(
        out,
        "    <problem name=\"{}\" state=\"0\">",
        escape(&puzzle.name)
    );
    out.push_str("      <shapes>\n");
    for (k, &i) in used.iter().enumerate() {
        let p = &puzzle.pieces[i];
        let hi = p
            .count
            .hi
            .unwrap_or_else(|| unbounded_max(p.count, p.size(), free.len()));
        if p.count.lo == hi {
            let _ = writeln!(out, "        <shape id=\"{}\" count=\"{hi}\"/>", k + 1);
        } else {
            let _ = writeln!(
                out,
                "        <shape id=\"{}\" min=\"{}\" max=\"{hi}\"/>",
                k + 1,
                p.count.lo
            );
        }
    }
    out.push_str("      </shapes>\n      <result id=\"0\"/>\n      <bitmap/>\n    </problem>\n");
    out.push_str("  </problems>\n  <comment>written by polycover</comment>\n</puzzle>\n");
    Ok(out)
}

/// The puzzle as a gzip-compressed `.xmpuzzle`, as BurrTools saves them.
pub fn export(puzzle: &Puzzle) -> Result<Vec<u8>, Error> {
    let xml = export_xml(puzzle)?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(xml.as_bytes())
        .and_then(|_| gz.finish())
        .map_err(|e| error(&puzzle.path, None, format!("cannot compress: {e}")))
}
