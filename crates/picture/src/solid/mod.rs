//! Pieces as solids: closed meshes for the 3D page and STL files.
//!
//! The cells' geometry (each lattice's frame, the solid each cell
//! occupies, the unit of printing) is [`polyform::space`]'s; this module
//! builds a piece's surface from its cells ([`mesh`]), checks print options
//! against a lattice ([`build_for`]), sizes every piece of a puzzle in
//! millimetres ([`piece_meshes`]) and lays them out side by side
//! ([`lay_out`]) for one STL file ([`stl`]).

pub mod mesh;
pub mod stl;

use polyform::lattice::LatticeKind;
use polyform::space::{BALL_RADIUS, thinnest, unit_length};

/// The smallest `--unit`, in millimetres. ASCII STL writes coordinates
/// to six decimals (a nanometre); at this unit a cell's finest detail (a
/// sphere's triangles, a twentieth of a unit for the necks' ends, a tile's
/// quarter unit) still has three significant digits, where a smaller unit
/// would collapse triangles to nothing. Nothing printable is that small.
pub const MIN_UNIT: f64 = 0.01;

/// The largest `--unit`, in millimetres: a metre a cell.
pub const MAX_UNIT: f64 = 1000.0;

/// The smallest clearance a nonzero `--gap` may ask for and the thinnest
/// neck `--neck` may make, in millimetres: a micrometre, three
/// significant digits in ASCII STL's six decimals (a smaller one would be
/// lost in the rounding of the file, and is far below any printer's).
pub const MIN_FEATURE: f64 = 0.001;

/// Checks `--unit`: between [`MIN_UNIT`] and [`MAX_UNIT`] millimetres.
pub fn check_unit(unit: f64) -> Result<(), String> {
    if unit.is_finite() && (MIN_UNIT..=MAX_UNIT).contains(&unit) {
        Ok(())
    } else {
        Err(format!(
            "--unit {unit}: give the millimetres between neighbouring cells' centres, at least {MIN_UNIT} (ASCII STL writes six decimals, so smaller cells would lose their shape) and at most {MAX_UNIT}"
        ))
    }
}

/// The largest clearance `--gap` takes, in units: faces move in by a
/// quarter of the thinnest cell's half-width at most, so no cell is eaten.
pub fn max_gap(kind: LatticeKind) -> f64 {
    thinnest(kind) / 2.0
}

/// The thickest neck between two balls, as a fraction of their radius,
/// when faces move in by `shrink` (world units): the balls of other pieces
/// that touch both ends have centres `sqrt(3)/2` from the neck's axis, and
/// must stay `2 shrink` clear of it.
pub fn max_neck(shrink: f64) -> f64 {
    (3f64.sqrt() / 2.0 - BALL_RADIUS - shrink) / BALL_RADIUS
}

/// Checks print options against a lattice and turns them into world
/// coordinates; the error names the option.
pub fn build_for(kind: LatticeKind, o: &mesh::MeshOptions) -> Result<mesh::Build, String> {
    check_unit(o.unit)?;
    let per_world = o.unit / unit_length(kind);
    let max = max_gap(kind) * o.unit;
    if !(o.gap.is_finite() && o.gap >= 0.0 && o.gap <= max + 1e-12) {
        return Err(format!(
            "--gap {}: give a clearance of at least 0 and at most {:.2} mm on the {kind} lattice at --unit {} (a larger one would eat its thinnest cells)",
            o.gap,
            (max * 100.0).floor() / 100.0,
            o.unit
        ));
    }
    if o.gap > 0.0 && o.gap < MIN_FEATURE {
        return Err(format!(
            "--gap {}: give 0 or a clearance of at least {MIN_FEATURE} mm (ASCII STL writes six decimals, so a smaller gap would be lost)",
            o.gap
        ));
    }
    let shrink = o.gap / 2.0 / per_world;
    let balls = matches!(kind, LatticeKind::FccSquare | LatticeKind::FccTriangle);
    let neck = match (o.neck, balls) {
        (Some(_), false) => {
            return Err(format!(
                "--neck is for pieces of balls (the fcc-square and fcc-triangle lattices), not for the {kind} lattice"
            ));
        }
        (None, false) => 0.0,
        (n, true) => {
            let n = n.unwrap_or(mesh::DEFAULT_NECK);
            let most = max_neck(shrink);
            if !(n.is_finite() && n > 0.0 && n <= most) {
                return Err(format!(
                    "--neck {n}: give the necks' radius as a fraction of the balls' radius, more than 0 and at most {:.2} with --gap {} (a thicker neck would come within the gap of other pieces' balls)",
                    (most * 100.0).floor() / 100.0,
                    o.gap
                ));
            }
            let thinnest = MIN_FEATURE / (BALL_RADIUS * per_world);
            if n < thinnest {
                return Err(format!(
                    "--neck {n}: the necks would be thinner than {MIN_FEATURE} mm at --unit {}: give a fraction of at least {thinnest:.2e} of the balls' radius",
                    o.unit
                ));
            }
            n * BALL_RADIUS
        }
    };
    Ok(mesh::Build {
        shrink,
        neck,
        ball_subdivisions: o.ball_subdivisions,
    })
}

/// A piece ready to print: its name, how many copies the puzzle has, and
/// its mesh in millimetres, resting on the plane `z = 0` in the positive
/// octant.
#[derive(Clone, Debug)]
pub struct PieceMesh {
    /// The piece's name.
    pub name: String,
    /// How many copies the puzzle has.
    pub count: polyform::piece::Count,
    /// The most copies the board has room for (its cells over the
    /// piece's): what an unlimited supply comes to.
    pub room: usize,
    /// Its surface.
    pub mesh: mesh::Mesh,
}

/// Every piece of a puzzle as a mesh in millimetres, as drawn in the file
/// (flat pieces lying flat), each moved to the positive octant. Options
/// that do not fit the lattice are refused before any mesh is built.
///
/// Sizes: `options.unit` millimetres for each unit ([`unit_length`]); the
/// tiles of 2D lattices are [`TILE_THICKNESS`](polyform::space::TILE_THICKNESS) units thick;
/// sticks are scaled alike in all three directions (a stick of length
/// `unit` is [`BAR_WIDTH`](polyform::stick_space::BAR_WIDTH) times that
/// wide and thick).
pub fn piece_meshes(
    puzzle: &polyform::puzzle::Puzzle,
    options: &mesh::MeshOptions,
) -> Result<Vec<PieceMesh>, polyform::error::Error> {
    let kind = puzzle.lattice;
    let build =
        build_for(kind, options).map_err(|e| polyform::error::Error::new(&puzzle.path, None, e))?;
    let per_world = options.unit / unit_length(kind);
    // Tiles: thickness in units, whatever the cells' size in the plane
    // (sticks: as thick as wide, in proportion to their length).
    let z_scale = if kind.lattice().dimension() == 2 && !polyform::lattice::is_stick(kind) {
        options.unit
    } else {
        per_world
    };
    let board = puzzle.board.len();
    Ok(puzzle
        .pieces
        .iter()
        .map(|p| {
            let cells = p.cells.cells();
            let mut m = mesh::Mesh::piece(kind, cells, &build);
            for v in &mut m.vertices {
                *v = [v[0] * per_world, v[1] * per_world, v[2] * z_scale];
            }
            let (lo, _) = m.bounds();
            m.translate(lo.map(|x| -x));
            PieceMesh {
                name: p.name.clone(),
                count: p.count,
                room: board / cells.len().max(1),
                mesh: m,
            }
        })
        .collect())
}

/// Lays pieces out side by side (rows along `x`, `gap` apart, rows about
/// as long as the layout is deep), so that one file prints them all
/// without overlaps. Each mesh must start at the origin
/// ([`piece_meshes`]).
pub fn lay_out(pieces: &mut [PieceMesh], gap: f64) {
    let area: f64 = pieces
        .iter()
        .map(|p| {
            let (_, hi) = p.mesh.bounds();
            (hi[0] + gap) * (hi[1] + gap)
        })
        .sum();
    let width = area.sqrt();
    let (mut x, mut y, mut row_depth) = (0.0f64, 0.0f64, 0.0f64);
    for p in pieces.iter_mut() {
        let (_, hi) = p.mesh.bounds();
        if x > 0.0 && x + hi[0] > width {
            y += row_depth + gap;
            x = 0.0;
            row_depth = 0.0;
        }
        p.mesh.translate([x, y, 0.0]);
        x += hi[0] + gap;
        row_depth = row_depth.max(hi[1]);
    }
}
