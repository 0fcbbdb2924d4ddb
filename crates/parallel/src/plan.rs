//! Planning: the list of branches a run is to search, apart from running
//! them ([`execute`](crate::execute)).
//!
//! A [`Plan`] is a list of disjoint branches in search order, plus the
//! branches an earlier run already finished (when resuming). It comes from
//! the root of the tree cut for a thread count ([`root`]) or from a
//! checkpoint ([`resume`]).

use crate::checkpoint::Checkpoint;
use crate::split::{self, Branch, Walk};
use crate::{Error, Options};
use dlx::Matrix;
use std::path::{Path, PathBuf};

/// What a run is to search.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The branches to search, disjoint, in search order.
    pub(crate) branches: Vec<Branch>,
    /// What earlier runs finished (empty for a fresh count); the run adds
    /// its own finished branches and writes the result as its checkpoint.
    pub(crate) earlier: Checkpoint,
    /// The walks made to list the branches: the tree's figures for the
    /// nodes above them, and all that was walked.
    pub(crate) walk: Walk,
    /// The checkpoint it was made from, to name it in errors.
    pub(crate) source: Option<PathBuf>,
}

impl Plan {
    /// The branches to search, in search order.
    pub fn branches(&self) -> &[Branch] {
        &self.branches
    }

    /// What earlier runs finished.
    pub fn earlier(&self) -> &Checkpoint {
        &self.earlier
    }
}

/// The whole tree, cut for `options`: at depth `options.split_depth` if set,
/// otherwise deep enough for `options.per_thread` branches per thread.
pub fn root(matrix: &Matrix, options: &Options) -> Result<Plan, Error> {
    options.checked_threads()?;
    let mut solver = options.solver(matrix);
    let mut walk = Walk::default();
    let root = vec![Branch::root()];
    let branches = cut(&mut solver, &mut walk, root, options.split_depth, options)?;
    Ok(Plan {
        branches,
        earlier: Checkpoint::new(matrix),
        walk,
        source: None,
    })
}

/// What is left of the count recorded in the checkpoint at `path`: the tree
/// minus its finished branches, cut for `options`' thread count.
pub fn resume(matrix: &Matrix, path: &Path, options: &Options) -> Result<Plan, Error> {
    options.checked_threads()?;
    let earlier = Checkpoint::load(path, matrix)?;
    let mut solver = options.solver(matrix);
    let mut walk = Walk::default();
    let roots = vec![Branch::root()];
    let left =
        split::unfinished(&mut solver, &mut walk, roots, &earlier.finished)?.map_err(|reason| {
            Error::CheckpointMismatch {
                path: path.to_path_buf(),
                reason,
            }
        })?;
    // A depth means nothing below the parts already split.
    let branches = cut(&mut solver, &mut walk, left, None, options)?;
    Ok(Plan {
        branches,
        earlier,
        walk,
        source: Some(path.to_path_buf()),
    })
}

/// Splits `branches` to `depth`, or until there are `per_thread` per thread.
fn cut(
    solver: &mut dlx::Solver,
    walk: &mut Walk,
    branches: Vec<Branch>,
    depth: Option<usize>,
    options: &Options,
) -> Result<Vec<Branch>, Error> {
    let target = options
        .checked_threads()?
        .saturating_mul(options.per_thread.max(1));
    Ok(split::initial(solver, walk, branches, depth, target)?)
}
