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
//!   `row + col` even points up and has its third neighbour at `row + 1`;
//!   in several layers, the prism lattice, BurrTools' layer `z` being
//!   polycover's layer `-z`;
//! * rhombic (grid 3): BurrTools' voxel `(x, y, z)` is the rhombic unit
//!   `[x - 2, 2 - y, 2 - z]` (`lattice/rhombic.rs`); tetra-octa (grid 4):
//!   the unit `[2x - 5, 5 - 2y, 5 - 2z]` (`lattice/tetra_octa.rs`). A
//!   problem made of whole rhombic dodecahedra, or of whole octahedra and
//!   tetrahedra, is read on the coarser lattice (see module `burr::coarse`).

use super::coarse::{Coarsening, Units, coarsen};
use super::xml::{BurrFile, GridType, Part, ProblemDef, VoxelSpace, VoxelState};
use super::{BurrError, Loc};
use polyform::board::{Board, CellKind};
use polyform::fast_hash::FastMap;
use polyform::lattice::{Cell, Lattice, LatticeKind, RhombicUnits, TetraOctaUnits};
use polyform::piece::{Count, Piece};
use polyform::puzzle::Puzzle;
use polyform::shape::Shape;
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

/// The lattice a problem maps to, and how its voxels become solids (for
/// the cut-cube grids), or why it cannot be read.
fn lattice_for(
    file: &BurrFile,
    prob: &ProblemDef,
    result: &VoxelSpace,
) -> Result<(LatticeKind, Option<Coarsening>), (Loc, String)> {
    let used = || std::iter::once(result).chain(prob.parts.iter().map(|p| &file.shapes[p.shape]));
    Ok(match file.grid {
        GridType::Brick => (
            if used().all(one_layer) {
                LatticeKind::Square
            } else {
                LatticeKind::Cubic
            },
            None,
        ),
        GridType::Sphere => (LatticeKind::FccSquare, None),
        GridType::TriangularPrism => (
            if used().all(one_layer) {
                LatticeKind::Triangle
            } else {
                LatticeKind::Prism
            },
            None,
        ),
        GridType::Rhombic | GridType::TetraOcta => {
            let (units, ways, coarse): (_, &[Coarsening], _) = if file.grid == GridType::Rhombic {
                (
                    LatticeKind::RhombicUnits,
                    &[Coarsening::CornerDodecahedra, Coarsening::CentreDodecahedra],
                    LatticeKind::Rhombic,
                )
            } else {
                (
                    LatticeKind::TetraOctaUnits,
                    &[Coarsening::Octahedra],
                    LatticeKind::TetraOcta,
                )
            };
            // The units each shape contributes (the result's all, a
            // piece's filled ones), colours ignored when the file has
            // none; a voxel off the grid is reported later.
            let shapes: Option<Vec<Units>> = std::iter::once((result, None))
                .chain(
                    prob.parts
                        .iter()
                        .map(|p| (&file.shapes[p.shape], Some(VoxelState::Filled))),
                )
                .map(|(s, state)| voxel_units(units, s, state, file.colors > 0).ok())
                .collect();
            // Dodecahedra need a result without optional voxels (see
            // `coarse`); octahedra do not.
            let optional = result
                .voxels
                .iter()
                .any(|v| v.state == VoxelState::Variable);
            let way = shapes.and_then(|shapes| {
                ways.iter().copied().find(|&w| {
                    (w == Coarsening::Octahedra || !optional)
                        && shapes.iter().all(|u| coarsen(w, u).is_some())
                })
            });
            match way {
                Some(w) => (coarse, Some(w)),
                None => (units, None),
            }
        }
    })
}

/// A shape's voxels (those of `state`, or all) as cells of `lattice`,
/// with their states and colours (0 when `colors` is false).
fn voxel_units(
    lattice: LatticeKind,
    s: &VoxelSpace,
    state: Option<VoxelState>,
    colors: bool,
) -> Result<Units, String> {
    s.voxels
        .iter()
        .filter(|v| state.is_none_or(|st| v.state == st))
        .map(|v| cell(lattice, v.pos).map(|c| (c, v.state, if colors { v.color } else { 0 })))
        .collect()
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
        LatticeKind::RhombicUnits | LatticeKind::Rhombic => {
            let c = [x - 2, 2 - y, 2 - z];
            if RhombicUnits.is_cell(c) {
                Ok(c)
            } else {
                Err(format!(
                    "voxel ({x}, {y}, {z}) is not a unit of the rhombic grid (in each 5x5x5 block only the 24 voxels on the faces of the block, in diamonds around the faces' centres, are)"
                ))
            }
        }
        LatticeKind::TetraOctaUnits | LatticeKind::TetraOcta => {
            let c = [2 * x - 5, 5 - 2 * y, 5 - 2 * z];
            if TetraOctaUnits.is_cell(c) {
                Ok(c)
            } else {
                Err(format!(
                    "voxel ({x}, {y}, {z}) is not a unit of the tetra-octa grid (in each 3x3x3 block only the middle and 4 corners, chosen by the block's parity, are)"
                ))
            }
        }
        LatticeKind::Hex
        | LatticeKind::Polysticks
        | LatticeKind::Polytrigs
        | LatticeKind::Polytwigs => Err(format!("the {lattice} lattice has no BurrTools grid")),
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
    let at = |loc: &Loc, msg: String| located(&label, loc, msg);
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
    let (lattice, coarse) = lattice_for(file, prob, result).map_err(|(l, m)| at(&l, m))?;
    let map = ProblemMap {
        file,
        prob,
        label: &label,
        lattice,
        coarse,
    };

    // Colours matter only when the puzzle defines some (BurrTools allows
    // everything otherwise).
    let result_cells = map.cells_of(result, None)?;
    let use_colors = file.colors > 0;
    let mut colors = polyform::color_rules::Colors {
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
        let (piece, colored) = map.piece(k, part, &mut names, board_cells)?;
        if use_colors {
            colors.pieces.push(piece_colors(&piece, &colored));
        }
        pieces.push(piece);
    }
    map.check_holes(&pieces, board_cells)?;

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
        // Coloured result voxels matter even when every piece is neutral:
        // BurrTools' result symmetries keep them (`burr::assemblies`).
        colors: (use_colors && !colors.board.is_empty()).then_some(colors),
    };
    puzzle
        .check_area()
        .map_err(|k| at(&prob.loc, k.to_string()))?;
    Ok(puzzle)
}

/// A mistake in a problem: at `loc`, the message after the problem's label.
fn located(label: &str, loc: &Loc, msg: String) -> BurrError {
    BurrError(Some(loc.clone()), format!("{label}: {msg}"))
}

/// A problem being mapped, once its lattice is known.
struct ProblemMap<'f> {
    file: &'f BurrFile,
    prob: &'f ProblemDef,
    /// The problem as messages name it (`problem 2 `name``).
    label: &'f str,
    /// The lattice its voxels map to.
    lattice: LatticeKind,
    /// How units make whole solids, when `lattice` is a coarse one.
    coarse: Option<Coarsening>,
}

impl ProblemMap<'_> {
    fn at(&self, loc: &Loc, msg: String) -> BurrError {
        located(self.label, loc, msg)
    }

    /// A shape's voxels (those of `state`, or all) as cells of the lattice.
    fn cells_of(&self, s: &VoxelSpace, state: Option<VoxelState>) -> Result<Units, BurrError> {
        let units = voxel_units(self.lattice, s, state, self.file.colors > 0)
            .map_err(|m| self.at(&s.loc, format!("{}: {m}", describe(s))))?;
        match self.coarse {
            None => Ok(units),
            // The lattice was chosen because every used shape makes whole
            // solids of one state and colour.
            Some(how) => coarsen(how, &units).ok_or_else(|| {
                self.at(
                    &s.loc,
                    format!("{}: its units do not make whole solids", describe(s)),
                )
            }),
        }
    }

    /// Part `k` as a piece named apart from `names` (which gets its name),
    /// with its coloured units; it must fit `board_cells` cells.
    fn piece(
        &self,
        k: usize,
        part: &Part,
        names: &mut HashSet<String>,
        board_cells: u64,
    ) -> Result<(Piece, Units), BurrError> {
        let s = &self.file.shapes[part.shape];
        // BurrTools places a piece's filled voxels; its variable voxels
        // take no part in assemblies.
        let colored = self.cells_of(s, Some(VoxelState::Filled))?;
        let cells: Vec<Cell> = colored.iter().map(|c| c.0).collect();
        if cells.is_empty() {
            return Err(self.at(
                &part.loc,
                format!("the piece {} has no filled voxels", describe(s)),
            ));
        }
        if cells.len() as u64 > board_cells {
            return Err(self.at(
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
            return Err(self.at(
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
            self.lattice,
            Shape::new(cells),
            count,
            self.lattice.lattice(),
            false,
            None,
        )
        .map_err(|k| self.at(&part.loc, k.to_string()))?;
        Ok((piece, colored))
    }

    /// With `maxHoles`, the result's voxels no piece covers (fixed, as
    /// every count must be) are at most that many.
    fn check_holes(&self, pieces: &[Piece], board_cells: u64) -> Result<(), BurrError> {
        let Some(h) = self.prob.max_holes else {
            return Ok(());
        };
        if self.prob.parts.iter().any(|p| p.min != p.max) {
            return Err(self.at(
                &self.prob.loc,
                format!("maxHoles=\"{h}\" with piece count ranges is not supported"),
            ));
        }
        let area: u64 = pieces
            .iter()
            .map(|p| p.count.lo as u64 * p.size() as u64)
            .sum();
        let holes = board_cells.saturating_sub(area);
        if holes > h as u64 {
            return Err(self.at(
                &self.prob.loc,
                format!(
                    "the pieces leave {holes} voxels of the result empty but maxHoles is {h}: no assembly exists"
                ),
            ));
        }
        Ok(())
    }
}

/// The coloured cells of `piece`, made from `colored` (its units as read):
/// the piece's cells are those units moved by one translation.
fn piece_colors(piece: &Piece, colored: &Units) -> FastMap<Cell, u8> {
    let low = colored.iter().map(|c| c.0).min().expect("cells");
    let first = piece.cells.cells()[0];
    let t = [first[0] - low[0], first[1] - low[1], first[2] - low[2]];
    colored
        .iter()
        .filter(|c| c.2 != 0)
        .map(|c| ([c.0[0] + t[0], c.0[1] + t[1], c.0[2] + t[2]], c.2 as u8))
        .collect()
}
