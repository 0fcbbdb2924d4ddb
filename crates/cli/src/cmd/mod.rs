//! One module per command. Each takes its arguments, loads its problem
//! through [`load`] (never asking which kind it is), and prints through
//! [`crate::output`].

pub mod count;
pub mod dlx;
pub mod export;
pub mod matrix;
pub mod merge;
pub mod plan;
pub mod show;
pub mod solve;
pub mod twisty;
pub mod verify;

use crate::failure::Failure;
use clap::ValueEnum;
use polyform::problem::{self, Kind, LoadOptions, Problem};
use polyform::symmetry::GroupChoice;
use std::path::Path;

/// Reads a problem file of any kind (standard input for `-`); errors are
/// bad input (exit 2).
pub fn load(path: &Path) -> Result<Box<dyn Problem>, Failure> {
    load_as(path, None)
}

/// `--problem`, given once for the whole command line.
static PROBLEM: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();

/// Records `--problem` for every file the command loads.
pub fn set_problem_selector(selector: Option<String>) {
    let _ = PROBLEM.set(selector);
}

/// Reads a problem file as `kind`, or of the kind its name and content say.
pub fn load_as(path: &Path, kind: Option<Kind>) -> Result<Box<dyn Problem>, Failure> {
    let bytes = problem::read_bounded(path)?;
    load_bytes(path, &bytes, kind)
}

/// Builds a problem from a file's bytes already read (standard input for
/// `-`), as `kind` or of the kind its name and content say.
pub fn load_bytes(
    path: &Path,
    bytes: &[u8],
    kind: Option<Kind>,
) -> Result<Box<dyn Problem>, Failure> {
    let problem = PROBLEM.get().cloned().flatten();
    let p = problem::load_bytes(path, bytes, &LoadOptions { kind, problem })?;
    for w in p.warnings() {
        eprintln!("polycover: warning: {w}");
    }
    Ok(p)
}

/// `--group`: which symmetries make two solutions the same.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GroupArg {
    /// Rotations and reflections (the default for puzzles)
    Full,
    /// Rotations only (proper motions, 2D and 3D alike)
    Rotations,
    /// No symmetry (the default for DLX files)
    None,
}

/// The group asked for, or the problem kind's default: the full group for
/// puzzles, none for DLX text (which has no geometry).
pub fn group_choice(arg: Option<GroupArg>, problem: &dyn Problem) -> GroupChoice {
    match arg {
        Some(GroupArg::Full) => GroupChoice::Full,
        Some(GroupArg::Rotations) => GroupChoice::Rotations,
        Some(GroupArg::None) => GroupChoice::None,
        None if problem.kind() == Kind::Dlx => GroupChoice::None,
        None => GroupChoice::Full,
    }
}
