//! The `[board]` table: a drawing, a size, coordinates or a built-in shape.

use super::piece::{coordinate_list, position_hint};
use super::raw::{RawBoard, RawCells};
use super::source::Source;
use crate::board::{Board, CellKind};
use crate::board_shapes;
use crate::error::{Error, ErrorKind};
use crate::lattice::{Cell, LatticeKind, face_edges, face_lattice};
use crate::limits::Resource;
use crate::piece::Piece;
use std::collections::BTreeMap;
use toml::Spanned;

/// The cells of a built-in board shape other than a square or cubic
/// `size` (see [`board_shapes`](crate::board_shapes)); none if the board
/// has no such key.
fn builtin_shape(
    src: &Source,
    b: &RawBoard,
    lattice: LatticeKind,
) -> Result<Vec<(Cell, CellKind)>, Error> {
    // Limits keep every shape near the cell limit: 1000 for flat shapes,
    // 140 for pyramids (a pyramid of side 140 has 924,490 spheres).
    let side = |n: &Spanned<i64>, max: i64| -> Result<i32, Error> {
        match *n.get_ref() {
            v if (1..=max).contains(&v) => Ok(v as i32),
            v => Err(src.err(n.span(), format!("side {v} is out of range: 1 to {max}"))),
        }
    };
    let pair = |v: &Spanned<Vec<i64>>, what: &str| -> Result<(i32, i32), Error> {
        match v.get_ref()[..] {
            [a @ 1..=1000, b @ 1..=1000] => Ok((a as i32, b as i32)),
            _ => Err(src.err(
                v.span(),
                format!("`{what}` takes two sides from 1 to 1000, e.g. [6, 6]"),
            )),
        }
    };
    let faces = face_lattice(lattice);
    // Stick boards are the edges of a region of faces (squares, triangles,
    // hexagons): the shapes are the face lattice's.
    let on = faces.unwrap_or(lattice);
    let (cells, span) = if let Some(size) = &b.size {
        if matches!(on, LatticeKind::Square | LatticeKind::Cubic) && faces.is_none() {
            return Ok(vec![]);
        }
        let (w, h) = pair(size, "size")?;
        let cells = if on == LatticeKind::Square {
            Ok((0..h)
                .flat_map(|y| (0..w).map(move |x| [x, y, 0]))
                .collect())
        } else {
            board_shapes::hex_rows(on, w, h)
        };
        (cells, size.span())
    } else if let Some(p) = &b.parallelogram {
        let (x, y) = pair(p, "parallelogram")?;
        (board_shapes::parallelogram(on, x, y), p.span())
    } else if let Some(n) = &b.triangle {
        (board_shapes::triangle(on, side(n, 1000)?), n.span())
    } else if let Some(n) = &b.hexagon {
        (board_shapes::hexagon(on, side(n, 100)?), n.span())
    } else if let Some(n) = &b.aztec {
        (board_shapes::aztec(on, side(n, 100)?), n.span())
    } else if let Some(n) = &b.pyramid {
        (board_shapes::pyramid(lattice, side(n, 140)?), n.span())
    } else if let Some(n) = &b.tetrahedron {
        (board_shapes::tetrahedron(lattice, side(n, 140)?), n.span())
    } else if let Some(art) = &b.region {
        (Ok(region_faces(src, art, lattice)?), art.span())
    } else {
        return Ok(vec![]);
    };
    let cells = match faces {
        // Errors name the stick lattice, not its faces'.
        Some(_) => cells
            .map(|fs| face_edges(lattice, &fs))
            .map_err(|e| match e {
                ErrorKind::ShapeNotOnLattice {
                    shape, lattices, ..
                } => ErrorKind::ShapeNotOnLattice {
                    shape,
                    lattice,
                    lattices,
                },
                e => e,
            }),
        None => cells,
    };
    let cells = cells.map_err(|kind| src.at(span.clone(), kind))?;
    src.check(span, Resource::BoardCells, Some(cells.len() as u128))?;
    Ok(cells.into_iter().map(|c| (c, CellKind::Fill)).collect())
}

/// The faces drawn in a stick board's `region`: a drawing in the art of
/// the face lattice (square, triangle or hex art), whose every mark is a
/// face.
fn region_faces(
    src: &Source,
    art: &Spanned<String>,
    lattice: LatticeKind,
) -> Result<Vec<Cell>, Error> {
    let Some(faces) = face_lattice(lattice) else {
        return Err(src.err(
            art.span(),
            format!("`region` draws the faces of a stick board (polysticks, polytrigs, polytwigs), not a {lattice} board: use `art`"),
        ));
    };
    let d = src.art(art, "region", faces)?;
    src.check(
        art.span(),
        Resource::BoardCells,
        Some(4 * d.marks.len() as u128),
    )?;
    let l = faces.lattice();
    let mut cells = Vec::with_capacity(d.marks.len());
    for m in &d.marks {
        let Some(c) = l.cell_at(m.layer, m.row, m.col) else {
            return Err(Error::new(
                src.path,
                Some(src.line_in_string(art.span().start, m.line)),
                format!(
                    "region: no {faces} cell at this position (column {}){}",
                    m.col + 1,
                    position_hint(faces)
                ),
            ));
        };
        cells.push(c);
    }
    Ok(cells)
}

/// Cells drawn with a piece's symbol on the board: cells and first line.
pub(super) type Drawn = BTreeMap<char, (Vec<Cell>, usize)>;

/// The board: its cells (from exactly one of a drawing, a size, a
/// coordinate list or a built-in shape, then the `optional` ones), and the
/// cells drawn with a symbol of one of `pieces`.
pub(super) fn parse_board(
    src: &Source,
    b: &RawBoard,
    span: std::ops::Range<usize>,
    lattice: LatticeKind,
    pieces: &[Piece],
) -> Result<(Board, Drawn), Error> {
    let given = [
        b.art.is_some(),
        b.size.is_some(),
        b.cells.is_some(),
        b.parallelogram.is_some(),
        b.triangle.is_some(),
        b.pyramid.is_some(),
        b.tetrahedron.is_some(),
        b.hexagon.is_some(),
        b.aztec.is_some(),
        b.region.is_some(),
    ]
    .iter()
    .filter(|&&x| x)
    .count();
    if given != 1 {
        return Err(src.err(
            span,
            "[board] needs exactly one of `art` (a drawing), `cells` (coordinates) or a built-in shape: `size` (a rectangle or box), `parallelogram`, `triangle`, `hexagon`, `aztec`, `pyramid`, `tetrahedron`, or (stick lattices) `region`",
        ));
    }
    let mut cells: Vec<(Cell, CellKind)> = builtin_shape(src, b, lattice)?;
    let mut drawn: Drawn = BTreeMap::new();
    if let Some(art) = &b.art {
        art_cells(src, art, lattice, pieces, &mut cells, &mut drawn)?;
    }
    if let Some(size) = &b.size
        && matches!(lattice, LatticeKind::Square | LatticeKind::Cubic)
    {
        cells.extend(box_cells(src, size, lattice)?);
    }
    // Coordinate lists: the board's cells, then the optional ones.
    if let Some(list) = &b.cells {
        let cs = board_list(src, list, lattice, "board", cells.len())?;
        cells.extend(cs.into_iter().map(|c| (c, CellKind::Fill)));
    }
    if let Some(list) = &b.optional {
        let cs = board_list(src, list, lattice, "`optional`", cells.len())?;
        // Optional cells override their kind, or join the board.
        let set: std::collections::HashSet<Cell> = cs.iter().copied().collect();
        cells.retain(|(c, _)| !set.contains(c));
        cells.extend(cs.into_iter().map(|c| (c, CellKind::Optional)));
    }
    if cells.is_empty() {
        return Err(Error::new(src.path, None, "the board has no cells"));
    }
    Ok((Board::new(cells), drawn))
}

/// The cells of a board drawing, added to `cells`; those drawn with a
/// piece's symbol also go to `drawn`.
fn art_cells(
    src: &Source,
    art: &Spanned<String>,
    lattice: LatticeKind,
    pieces: &[Piece],
    cells: &mut Vec<(Cell, CellKind)>,
    drawn: &mut Drawn,
) -> Result<(), Error> {
    let l = lattice.lattice();
    let d = src.art(art, "board", lattice)?;
    src.check(
        art.span(),
        Resource::BoardCells,
        Some(d.marks.len() as u128),
    )?;
    if d.layers > 1 && l.dimension() == 2 {
        return Err(src.err(
            art.span(),
            format!(
                "the board drawing has {} layers but the {lattice} lattice is 2D: use lattice = \"cubic\", \"fcc-square\" or \"fcc-triangle\" for a 3D board",
                d.layers
            ),
        ));
    }
    let line_of = |k: usize| src.line_in_string(art.span().start, k);
    drawing_cells(src.path, &d, &line_of, lattice, pieces, cells, drawn)
}

/// The cells of a board drawing `d` of the file at `path` (`line_of`
/// turns a line of the drawing into the file's), added to `cells`; those
/// drawn with a piece's symbol also go to `drawn`.
pub(super) fn drawing_cells(
    path: &std::path::Path,
    d: &crate::art::Drawing,
    line_of: &dyn Fn(usize) -> usize,
    lattice: LatticeKind,
    pieces: &[Piece],
    cells: &mut Vec<(Cell, CellKind)>,
    drawn: &mut Drawn,
) -> Result<(), Error> {
    let l = lattice.lattice();
    for m in &d.marks {
        let line = line_of(m.line);
        let Some(c) = l.cell_at(m.layer, m.row, m.col) else {
            return Err(Error::new(
                path,
                Some(line),
                format!(
                    "board: no cell of the {lattice} lattice at this position (column {}){}",
                    m.col + 1,
                    position_hint(lattice)
                ),
            ));
        };
        let kind = match m.ch {
            '#' => CellKind::Fill,
            '+' => CellKind::Optional,
            ch => {
                if !pieces.iter().any(|p| p.symbol == ch) {
                    return Err(Error::new(
                        path,
                        Some(line),
                        format!(
                            "board: `{ch}` is not `#` (a cell to fill), `+` (a cell that may stay empty), `.` (no cell) or the symbol of a piece of this puzzle"
                        ),
                    ));
                }
                let e = drawn.entry(ch).or_insert((vec![], line));
                e.0.push(c);
                CellKind::Fill
            }
        };
        cells.push((c, kind));
    }
    Ok(())
}

/// The cells of a square or cubic board's `size`: a rectangle or a box
/// from the origin, within the cell and coordinate limits.
fn box_cells(
    src: &Source,
    size: &Spanned<Vec<i64>>,
    lattice: LatticeKind,
) -> Result<Vec<(Cell, CellKind)>, Error> {
    let dim = lattice.lattice().dimension();
    let s = size.get_ref();
    if s.len() != dim {
        return Err(src.err(
            size.span(),
            format!(
                "size {s:?} has {} numbers but the {lattice} lattice has {dim} dimensions",
                s.len()
            ),
        ));
    }
    // The product in u128, checked: `None` when it overflows.
    let mut total: Option<u128> = Some(1);
    for &n in s {
        if n < 1 {
            return Err(src.err(
                size.span(),
                format!("size {s:?}: every side must be at least 1"),
            ));
        }
        total = total.and_then(|t| t.checked_mul(u128::from(n.unsigned_abs())));
    }
    src.check(size.span(), Resource::BoardCells, total)?;
    // Every side is now at most the cell limit; as coordinates they
    // must also be within the coordinate limit and an i32.
    let mut side = [1; 3];
    for (k, &n) in s.iter().enumerate() {
        side[k] = src.coordinate(size.span(), n - 1)? + 1;
    }
    let mut cells = vec![];
    for z in 0..side[2] {
        for y in 0..side[1] {
            for x in 0..side[0] {
                cells.push(([x, y, z], CellKind::Fill));
            }
        }
    }
    Ok(cells)
}

/// A coordinate list of the board (`what` names it), counted against the
/// board limit with the `so_far` cells before it is read.
fn board_list(
    src: &Source,
    list: &RawCells,
    lattice: LatticeKind,
    what: &str,
    so_far: usize,
) -> Result<Vec<Cell>, Error> {
    let dim = lattice.lattice().dimension();
    let total = (so_far + list.get_ref().len()) as u128;
    src.check(list.span(), Resource::BoardCells, Some(total))?;
    let (kind, cs) = coordinate_list(src, list, lattice)?;
    if kind.lattice().dimension() != dim {
        return Err(src.err(
            list.span(),
            format!("{what} coordinates must have {dim} numbers on the {lattice} lattice"),
        ));
    }
    Ok(cs)
}
