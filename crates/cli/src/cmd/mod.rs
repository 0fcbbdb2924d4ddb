//! One module per command. Each takes its arguments, loads its problem
//! through [`load`] (never asking which kind it is), and prints through
//! [`crate::output`].

pub mod count;
pub mod disassemble;
pub mod dlx;
pub mod explain;
pub mod export;
pub mod generate;
pub mod hint;
pub mod matrix;
pub mod merge;
pub mod plan;
pub mod show;
pub mod solve;
pub mod twisty;
pub mod twisty_common;
pub mod twisty_play;
pub mod twisty_play_api;
pub mod twisty_scramble;
pub mod twisty_solve;
pub mod verify;
pub mod view;

use crate::failure::Failure;
use clap::{Args, ValueEnum};
use polyform::symmetry::GroupChoice;
use polyform::{Limits, Resource};
use problem::{self, Kind, LoadOptions, Problem};
use std::path::Path;

/// What every command that reads a problem file takes beside the file:
/// which problem of a file holding several, and the limits on what the
/// file may make the program allocate.
#[derive(Args, Clone, Debug, Default)]
pub struct InputArgs {
    /// For files holding several problems (BurrTools .xmpuzzle): the one to
    /// use, by 1-based number or by name (`polycover show FILE` lists them)
    #[arg(long, value_name = "N|NAME")]
    pub problem: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl InputArgs {
    /// The options for `problem::load`, reading as `kind` (or
    /// the kind the file's name and content say).
    pub fn load_options(&self, kind: Option<Kind>) -> LoadOptions {
        LoadOptions {
            kind,
            problem: self.problem.clone(),
            limits: self.limits.limits(),
        }
    }
}

/// The `--max-...` flags: one for each bound of `polyform::Limits`
/// (`Resource::flag` names them; docs/format.md, "Limits", lists them).
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Limits (raise them for a real giant puzzle; docs/format.md)")]
pub struct LimitArgs {
    /// Bytes of a puzzle or piece-set file [default: 2000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_file_bytes: Option<u64>,
    /// Board cells, to fill and optional together [default: 1000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_board_cells: Option<u64>,
    /// Cells of one piece [default: 10000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_piece_cells: Option<u64>,
    /// Pieces of a puzzle (kinds, not copies) [default: 10000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_pieces: Option<u64>,
    /// Copies of one piece [default: 1000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_copies: Option<u64>,
    /// A coordinate, in absolute value [default: 100000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_coordinate: Option<u64>,
    /// Placements (matrix options), counted before they are made [default: 2000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_placements: Option<u64>,
    /// Matrix entries (cells and piece items of the placements), counted
    /// before they are made; about 50 bytes each [default: 10000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_matrix_entries: Option<u64>,
    /// Width or height of a picture, in characters or pixels [default: 20000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_picture_side: Option<u64>,
    /// Area of a picture, in characters or square pixels [default: 25000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_picture_area: Option<u64>,
    /// Bytes of a BurrTools file's XML, after decompression [default: 67108864]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_xml_bytes: Option<u64>,
    /// Bytes of a DLX file [default: 1073741824]
    #[arg(long, value_name = "N", value_parser = positive)]
    pub(crate) max_dlx_bytes: Option<u64>,
    /// Voxels on a side of a BurrTools voxel space [default: 1000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_voxel_side: Option<u64>,
    /// Voxels (empty ones too) of one BurrTools voxel space [default: 1000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_voxel_volume: Option<u64>,
    /// Non-empty voxels of all the shapes of a BurrTools file [default: 10000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_voxels: Option<u64>,
    /// Positions one disassembly search holds (--disassemble); at most
    /// about 120 bytes plus 16 per piece each [default: 10000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_disassembly_positions: Option<u64>,
    /// Triangles one STL export writes (export --format stl); about 200
    /// bytes each in ASCII, 50 in binary [default: 5000000]
    #[arg(long, value_name = "N", value_parser = positive)]
    max_stl_triangles: Option<u64>,
}

/// A `--max-...` value: a whole number of at least 1 (a limit of 0 would
/// refuse every file, which no one means).
pub fn positive(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err("a limit must be at least 1 (0 would refuse everything)".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a whole number ({e})")),
    }
}

impl LimitArgs {
    /// The default limits, with those given on the command line.
    pub fn limits(&self) -> Limits {
        let given = [
            self.max_file_bytes,
            self.max_board_cells,
            self.max_piece_cells,
            self.max_pieces,
            self.max_copies,
            self.max_coordinate,
            self.max_placements,
            self.max_matrix_entries,
            self.max_picture_side,
            self.max_picture_area,
            self.max_xml_bytes,
            self.max_dlx_bytes,
            self.max_voxel_side,
            self.max_voxel_volume,
            self.max_voxels,
            self.max_disassembly_positions,
            self.max_stl_triangles,
        ];
        let mut limits = Limits::default();
        for (what, value) in Resource::ALL.into_iter().zip(given) {
            if let Some(v) = value {
                limits.set(what, v);
            }
        }
        limits
    }
}

/// Reads a problem file of any kind (standard input for `-`); errors are
/// bad input (exit 2).
pub fn load(path: &Path, input: &InputArgs) -> Result<Box<dyn Problem>, Failure> {
    load_as(path, None, input)
}

/// Reads a problem file as `kind`, or of the kind its name and content say.
pub fn load_as(
    path: &Path,
    kind: Option<Kind>,
    input: &InputArgs,
) -> Result<Box<dyn Problem>, Failure> {
    let bytes = problem::read_input(path, kind, &input.limits.limits())?;
    load_bytes(path, &bytes, kind, input)
}

/// Builds a problem from a file's bytes already read (standard input for
/// `-`), as `kind` or of the kind its name and content say.
pub fn load_bytes(
    path: &Path,
    bytes: &[u8],
    kind: Option<Kind>,
    input: &InputArgs,
) -> Result<Box<dyn Problem>, Failure> {
    let p = problem::load_bytes(path, bytes, &input.load_options(kind))?;
    for w in p.warnings() {
        eprintln!("polycover: warning: {w}");
    }
    Ok(p)
}

/// `--group`: which symmetries make two solutions the same.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GroupArg {
    /// Rotations and reflections (the default for puzzles whose file names no `[expect] group`)
    Full,
    /// Rotations only (proper motions, 2D and 3D alike)
    Rotations,
    /// No symmetry (the default for DLX files)
    None,
}

/// The group asked for; else the file's own `[expect] group` (the group
/// its expected distinct count is under); else the problem kind's default:
/// the full group for puzzles, none for DLX text (which has no geometry).
pub fn group_choice(arg: Option<GroupArg>, problem: &dyn Problem) -> GroupChoice {
    match arg {
        Some(GroupArg::Full) => GroupChoice::Full,
        Some(GroupArg::Rotations) => GroupChoice::Rotations,
        Some(GroupArg::None) => GroupChoice::None,
        None if problem.kind() == Kind::Dlx => GroupChoice::None,
        None => problem.expect().map_or(GroupChoice::Full, |e| e.group),
    }
}

/// What a visitor that lists solutions says once it has `shown` of the
/// `limit` asked for: stop at the limit, else go on.
pub fn until_limit(shown: u64, limit: u64) -> ::dlx::Control {
    if shown >= limit {
        ::dlx::Control::Stop
    } else {
        ::dlx::Control::Continue
    }
}

/// `--distinct` for commands that list solutions: keeps one solution per
/// class of solutions equal up to symmetry, the one whose options, as
/// sorted numbers, come first among its images.
pub struct Distinct {
    /// `perms[g][o]`: the option element `g` of the group makes of `o`
    /// (empty: every solution is kept).
    perms: Vec<Vec<u32>>,
    mine: Vec<u32>,
    image: Vec<u32>,
}

impl Distinct {
    /// A filter for `problem` under `group`; `on: false` keeps everything.
    pub fn new(problem: &dyn Problem, group: GroupChoice, on: bool) -> Result<Distinct, Failure> {
        Ok(Distinct {
            perms: if on {
                problem.action(group)?.perms
            } else {
                Vec::new()
            },
            mine: Vec::new(),
            image: Vec::new(),
        })
    }

    /// Is this solution the one its class keeps?
    pub fn keeps(&mut self, opts: &[::dlx::OptionId]) -> bool {
        if self.perms.is_empty() {
            return true;
        }
        self.mine.clear();
        self.mine.extend(opts.iter().map(|o| o.index() as u32));
        self.mine.sort_unstable();
        let (mine, image) = (&self.mine, &mut self.image);
        !self.perms.iter().any(|p| {
            image.clear();
            image.extend(mine.iter().map(|&o| p[o as usize]));
            image.sort_unstable();
            *image < *mine
        })
    }
}

/// The disassembler of `problem`, polling the Ctrl-C flag: on Ctrl-C a disassembly gives up
/// ([`DisassemblyError::Stopped`](disassembly::DisassemblyError::Stopped)), and the
/// visitor stops the search, which then ends as interrupted. Refused, with the file named, where
/// the lattice has no motion model or solutions may have too many pieces.
pub fn disassembler_of(
    problem: &dyn Problem,
) -> Result<disassembly::PuzzleDisassembler<'_>, Failure> {
    let d = problem
        .disassembler()?
        .with_stop(crate::search::stop_flag());
    d.check()
        .map_err(|e| Failure::input(format!("{}: --disassemble: {e}", problem.path().display())))?;
    Ok(d)
}

/// Says on standard error that nothing was shown: no solution, or none that comes apart (at
/// level `min_level` or more).
pub fn say_none(problem: &dyn Problem, disassemble: bool, min_level: Option<&disassembly::Level>) {
    if disassemble {
        eprintln!(
            "polycover: {}: no solution comes apart{}",
            problem.name(),
            min_level.map_or(String::new(), |l| format!(" at level {l} or more"))
        );
    } else {
        eprintln!("polycover: {}: no solution", problem.name());
    }
}
