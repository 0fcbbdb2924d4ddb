//! From the XML model to a [`Puzzle`]: one problem's result shape becomes
//! the board, its pieces become pieces with [`Count`] ranges.
//!
//! Coordinates: BurrTools' `(x, y, z)` (y up, as its editor draws it)
//! become polycover cells with y negated so that pictures are not upside
//! down:
//! * bricks: `[x, -y, -z]` in the cubic lattice (a half turn about the x
//!   axis, so chiral pieces keep their hand), or `[x, -y, 0]` in the square
//!   lattice when the result and every piece are one layer thick in z;
//! * spheres: `[x, -y, -z]` in the FCC lattice. BurrTools' sphere grid is
//!   exactly polycover's FCC cells (points with `x + y + z` even, the 12
//!   neighbours at the permutations of `(±1, ±1, 0)`), and its z layers
//!   are the square layers, so the puzzle is drawn as `fcc-square`;
//! * triangular prisms, one layer thick: the triangle at art row `-y`,
//!   column `x`. BurrTools' prism `(x, y)` with `x + y` even has its third
//!   neighbour at `y - 1`; polycover's triangle at `(row, col)` with
//!   `row + col` even points up and has its third neighbour at `row + 1`.

use super::xml::{BurrFile, GridType, ProblemDef, VoxelSpace, VoxelState};
use super::{BurrError, Loc};
use crate::board::{Board, CellKind};
use crate::lattice::{Cell, LatticeKind};
use crate::piece::{Count, Piece};
use crate::puzzle::Puzzle;
use crate::shape::Shape;
use std::collections::HashSet;
use std::path::Path;

/// The symbols pieces get, in order; past these, letters from Unicode's
/// Latin Extended block.
const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

fn symbol(i: usize) -> char {
    SYMBOLS
        .chars()
        .nth(i)
        .or_else(|| char::from_u32(0x100 + (i - SYMBOLS.len()) as u32))
        .unwrap_or('?')
}

/// The extent of a shape's non-empty voxels in z (`None` if it has none).
fn z_layers(s: &VoxelSpace) -> Option<(u32, u32)> {
    let lo = s.voxels.iter().map(|v| v.pos[2]).min()?;
    let hi = s.voxels.iter().map(|v| v.pos[2]).max()?;
    Some((lo, hi))
}

fn one_layer(s: &VoxelSpace) -> bool {
    z_layers(s).is_none_or(|(lo, hi)| lo == hi)
}

/// The lattice a problem maps to, or why it cannot.
fn lattice_for(
    file: &BurrFile,
    prob: &ProblemDef,
    result: &VoxelSpace,
) -> Result<LatticeKind, (Loc, String)> {
    let used = || std::iter::once(result).chain(prob.parts.iter().map(|p| &file.shapes[p.shape]));
    match file.grid {
        GridType::Brick => Ok(if used().all(one_layer) {
            LatticeKind::Square
        } else {
            LatticeKind::Cubic
        }),
        GridType::Sphere => Ok(LatticeKind::FccSquare),
        GridType::TriangularPrism => Ok(if used().all(one_layer) {
            LatticeKind::Triangle
        } else {
            LatticeKind::Prism
        }),
        GridType::Rhombic | GridType::TetraOcta => Err((
            prob.loc.clone(),
            format!(
                "grid type {} ({}) has no polycover lattice: only bricks, spheres and triangular prisms are read",
                file.grid.number(),
                file.grid.name()
            ),
        )),
    }
}

fn describe(s: &VoxelSpace) -> String {
    match &s.name {
        Some(n) => format!("shape `{n}`"),
        None => format!("the shape at line {}", s.loc.line),
    }
}

/// The polycover cell of a BurrTools voxel position (see the module docs).
fn cell(lattice: LatticeKind, p: [u32; 3]) -> Result<Cell, String> {
    let [x, y, z] = p.map(|v| v as i32);
    match lattice {
        LatticeKind::Square => Ok([x, -y, 0]),
        LatticeKind::Cubic => Ok([x, -y, -z]),
        LatticeKind::FccSquare | LatticeKind::FccTriangle => {
            if (x + y + z) % 2 == 0 {
                Ok([x, -y, -z])
            } else {
                Err(format!(
                    "voxel ({x}, {y}, {z}) is not a sphere of the grid (x + y + z must be even)"
                ))
            }
        }
        LatticeKind::Triangle => lattice
            .lattice()
            .cell_at(0, -y, x)
            .ok_or_else(|| format!("voxel ({x}, {y}) is not a triangle")),
        LatticeKind::Prism => lattice
            .lattice()
            .cell_at(-z, -y, x)
            .ok_or_else(|| format!("voxel ({x}, {y}, {z}) is not a triangular prism")),
        LatticeKind::Hex => Err("the hex lattice has no BurrTools grid".into()),
    }
}

/// Maps problem `prob` of `file` (read from `path`) to a puzzle.
pub(super) fn problem_to_puzzle(
    path: &Path,
    file: &BurrFile,
    index: usize,
) -> Result<Puzzle, BurrError> {
    let prob = &file.problems[index];
    let label = super::problem_label(prob, index);
    let at = |loc: &Loc, msg: String| BurrError(Some(loc.clone()), format!("{label}: {msg}"));
    let result_id = prob.result.ok_or_else(|| {
        at(
            &prob.loc,
            "it has no result shape (<result id=\"...\"/>)".into(),
        )
    })?;
    let result = &file.shapes[result_id];
    if result.voxels.is_empty() {
        return Err(at(
            &result.loc,
            format!("its result, {}, is empty", describe(result)),
        ));
    }
    if prob.parts.is_empty() {
        return Err(at(&prob.loc, "it has no pieces".into()));
    }
    let lattice = lattice_for(file, prob, result).map_err(|(l, m)| at(&l, m))?;
    let lat = lattice.lattice();
    let cells_of = |s: &VoxelSpace,
                    state: Option<VoxelState>|
     -> Result<Vec<(Cell, VoxelState, u32)>, BurrError> {
        s.voxels
            .iter()
            .filter(|v| state.is_none_or(|st| v.state == st))
            .map(|v| {
                cell(lattice, v.pos)
                    .map(|c| (c, v.state, v.color))
                    .map_err(|m| at(&s.loc, format!("{}: {m}", describe(s))))
            })
            .collect()
    };

    // Colours matter only when the puzzle defines some (BurrTools allows
    // everything otherwise).
    let result_cells = cells_of(result, None)?;
    let use_colors = file.colors > 0;
    let mut colors = crate::colors::Colors {
        allowed: prob
            .color_pairs
            .iter()
            .map(|&(p, r)| (p as u8, r as u8))
            .collect(),
        ..Default::default()
    };
    if use_colors {
        colors.board = result_cells
            .iter()
            .filter(|c| c.2 != 0)
            .map(|c| (c.0, c.2 as u8))
            .collect();
    }

    let board = Board::new(result_cells.iter().map(|&(c, st, _)| {
        (
            c,
            match st {
                VoxelState::Filled => CellKind::Fill,
                VoxelState::Variable => CellKind::Optional,
            },
        )
    }));
    let board_cells = board.len() as u64;

    let mut pieces: Vec<Piece> = vec![];
    let mut names = HashSet::new();
    for (k, part) in prob.parts.iter().enumerate() {
        let s = &file.shapes[part.shape];
        // BurrTools places a piece's filled voxels; its variable voxels
        // take no part in assemblies.
        let colored = cells_of(s, Some(VoxelState::Filled))?;
        let cells: Vec<Cell> = colored.iter().map(|c| c.0).collect();
        if cells.is_empty() {
            return Err(at(
                &part.loc,
                format!("the piece {} has no filled voxels", describe(s)),
            ));
        }
        if cells.len() as u64 > board_cells {
            return Err(at(
                &part.loc,
                format!(
                    "the piece {} has {} voxels, more than the {board_cells} of the result",
                    describe(s),
                    cells.len()
                ),
            ));
        }
        let base = s
            .name
            .clone()
            .unwrap_or_else(|| format!("S{}", part.shape + 1));
        let mut name = base.clone();
        let mut n = 2;
        while !names.insert(name.clone()) {
            name = format!("{base}-{n}");
            n += 1;
        }
        // More copies than the result can hold is no upper bound: the same
        // matrix as an unlimited supply (which is how one is exported), and
        // no huge bound from a huge `max`.
        let size = cells.len() as u64;
        let hi = (part.max as u64 * size <= board_cells).then_some(part.max);
        if part.min as u64 * size > board_cells {
            return Err(at(
                &part.loc,
                format!(
                    "at least {} copies of {} ({size} voxels each) do not fit in the {board_cells} voxels of the result",
                    part.min,
                    describe(s)
                ),
            ));
        }
        let count = Count { lo: part.min, hi };
        let piece = Piece::new(
            name,
            symbol(k),
            lattice,
            Shape::new(cells.clone()),
            count,
            lat,
            false,
            None,
        )
        .map_err(|k| at(&part.loc, k.to_string()))?;
        if use_colors {
            // The piece's cells are its voxels moved by one translation.
            let low = *cells.iter().min().expect("cells");
            let first = piece.cells.cells()[0];
            let t = [first[0] - low[0], first[1] - low[1], first[2] - low[2]];
            colors.pieces.push(
                colored
                    .iter()
                    .filter(|c| c.2 != 0)
                    .map(|c| ([c.0[0] + t[0], c.0[1] + t[1], c.0[2] + t[2]], c.2 as u8))
                    .collect(),
            );
        }
        pieces.push(piece);
    }

    if let Some(h) = prob.max_holes {
        // The holes are the result's voxels no piece covers; with every
        // count fixed their number is fixed too.
        if prob.parts.iter().any(|p| p.min != p.max) {
            return Err(at(
                &prob.loc,
                format!("maxHoles=\"{h}\" with piece count ranges is not supported"),
            ));
        }
        let area: u64 = pieces
            .iter()
            .map(|p| p.count.lo as u64 * p.size() as u64)
            .sum();
        let holes = board_cells.saturating_sub(area);
        if holes > h as u64 {
            return Err(at(
                &prob.loc,
                format!(
                    "the pieces leave {holes} voxels of the result empty but maxHoles is {h}: no assembly exists"
                ),
            ));
        }
    }

    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".into());
    let name = match &prob.name {
        Some(n) if !n.is_empty() => format!("{stem}: {n}"),
        _ => format!("{stem}: problem {}", index + 1),
    };
    let puzzle = Puzzle {
        name,
        path: path.to_path_buf(),
        lattice,
        one_sided: false,
        board,
        pieces,
        fixed: vec![],
        expect: None,
        colors: (use_colors
            && !colors.board.is_empty()
            && colors.pieces.iter().any(|p| !p.is_empty()))
        .then_some(colors),
    };
    puzzle
        .check_area()
        .map_err(|k| at(&prob.loc, k.to_string()))?;
    Ok(puzzle)
}
