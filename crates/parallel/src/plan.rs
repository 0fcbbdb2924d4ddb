//! Planning: the list of branches a run is to search, apart from running
//! them ([`execute`](crate::execute)).
//!
//! A [`Plan`] is a list of disjoint branches in search order, plus the
//! branches an earlier run already finished (when resuming). It comes from
//! the root of the tree cut for a thread count ([`root`]), from a
//! checkpoint ([`resume`]), or from a shard of a distributed count
//! ([`shard`], [`resume_shard`]; see [`Shards`]).

use crate::checkpoint::{Checkpoint, tree, tree_words};
use crate::shards::Shards;
use crate::split::{self, Branch, Walk};
use crate::{Error, Options};
use dlx::{EngineKind, Matrix};
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
    /// The engine whose tree the branches are in: a run must search them
    /// with an engine that walks the same tree.
    pub(crate) engine: EngineKind,
    /// The share of the tree (Knuth's estimate) this plan's count covers,
    /// finished or not: 1 for the whole tree, the parts' weights for a
    /// shard. Progress is reported as a fraction of it.
    pub(crate) scope: f64,
}

impl Plan {
    /// The branches to search, in search order.
    pub fn branches(&self) -> &[Branch] {
        &self.branches
    }

    /// What earlier runs finished. The fingerprint of a fresh plan of the
    /// whole tree ([`root`]) is left empty: it is computed by the run, if
    /// it writes a checkpoint (the whole matrix is written out and hashed
    /// for it, a good part of a small count's time).
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
    let scope = scope(&root);
    let branches = cut(&mut solver, &mut walk, root, options.split_depth, options)?;
    Ok(Plan {
        branches,
        earlier: Checkpoint::unnamed(matrix),
        walk,
        source: None,
        engine: options.engine_for(matrix),
        scope,
    })
}

/// What is left of the count recorded in the checkpoint at `path`: the tree
/// minus its finished branches, cut for `options`' thread count.
pub fn resume(matrix: &Matrix, path: &Path, options: &Options) -> Result<Plan, Error> {
    options.checked_threads()?;
    let earlier = Checkpoint::load_bounded(
        path,
        matrix,
        options.engine_for(matrix),
        options.max_checkpoint_bytes,
    )?;
    check_weights(&earlier, path, options)?;
    if let Some(id) = earlier.shard {
        return Err(Error::CheckpointMismatch {
            path: path.to_path_buf(),
            reason: format!("it is the checkpoint of {id}; resume it as that shard"),
        });
    }
    let plan = left(matrix, path, vec![Branch::root()], earlier, options)?;
    check_whole(&plan, path, options)?;
    Ok(plan)
}

/// Shard `index` (1-based) of `shards`: its parts, cut for `options`'
/// thread count. Its figures are those of its parts' subtrees. The options'
/// engine must walk the tree the shards were cut from
/// ([`Error::EngineMismatch`] otherwise).
pub fn shard(
    matrix: &Matrix,
    shards: &Shards,
    index: usize,
    options: &Options,
) -> Result<Plan, Error> {
    let id = shards.id(index)?;
    options.checked_threads()?;
    same_tree(matrix, shards, options)?;
    let mut solver = options.solver(matrix);
    let mut walk = Walk::default();
    let roots = shard_roots(shards, index);
    let scope = scope(&roots);
    let branches = cut(&mut solver, &mut walk, roots, None, options)?;
    Ok(Plan {
        branches,
        earlier: Checkpoint {
            shard: Some(id),
            ..Checkpoint::new(matrix, shards.engine())
        },
        walk,
        source: None,
        engine: options.engine_for(matrix),
        scope,
    })
}

/// What is left of shard `index` given its checkpoint at `path` (which
/// must be that shard's).
pub fn resume_shard(
    matrix: &Matrix,
    shards: &Shards,
    index: usize,
    path: &Path,
    options: &Options,
) -> Result<Plan, Error> {
    let id = shards.id(index)?;
    options.checked_threads()?;
    same_tree(matrix, shards, options)?;
    let earlier =
        Checkpoint::load_bounded(path, matrix, shards.engine(), options.max_checkpoint_bytes)?;
    check_weights(&earlier, path, options)?;
    if earlier.shard != Some(id) {
        return Err(Error::CheckpointMismatch {
            path: path.to_path_buf(),
            reason: match earlier.shard {
                Some(other) => format!("it is the checkpoint of {other}, not of {id}"),
                None => format!("it is the checkpoint of a whole count, not of {id}"),
            },
        });
    }
    left(matrix, path, shard_roots(shards, index), earlier, options)
}

/// The share of the tree below `roots` (disjoint branches).
fn scope(roots: &[Branch]) -> f64 {
    roots.iter().map(|b| b.sub.weight()).sum()
}

/// Refuses as damaged a checkpoint whose subproblems weigh more or less
/// than their solutions can ([`Options::solution_weight`]).
fn check_weights(earlier: &Checkpoint, path: &Path, options: &Options) -> Result<(), Error> {
    earlier
        .check_weights(options.solution_weight)
        .map_err(|reason| Error::CheckpointDamaged {
            path: path.to_path_buf(),
            reason,
        })
}

/// Refuses as damaged a whole count's checkpoint that leaves nothing to
/// search but whose distinct sums the whole tree cannot have
/// ([`Options::distinct_multiple`]). A shard's are partial sums, never
/// checked.
fn check_whole(plan: &Plan, path: &Path, options: &Options) -> Result<(), Error> {
    match options.distinct_multiple {
        Some(k) if plan.branches.is_empty() => {
            plan.earlier
                .check_whole(k)
                .map_err(|reason| Error::CheckpointDamaged {
                    path: path.to_path_buf(),
                    reason,
                })
        }
        _ => Ok(()),
    }
}

/// Checks that the options' engine walks the tree `shards` was cut from.
fn same_tree(matrix: &Matrix, shards: &Shards, options: &Options) -> Result<(), Error> {
    let (planned, asked) = (shards.engine(), options.engine_for(matrix));
    if tree(planned, matrix) != tree(asked, matrix) {
        return Err(Error::EngineMismatch {
            planned: tree_words(planned, matrix),
            asked: tree_words(asked, matrix),
        });
    }
    Ok(())
}

/// The parts of shard `index` as branches, keyed by part index.
fn shard_roots(shards: &Shards, index: usize) -> Vec<Branch> {
    shards
        .parts_of(index)
        .into_iter()
        .map(|j| Branch {
            key: vec![j as u32],
            sub: shards.parts()[j].clone(),
            forced: false,
        })
        .collect()
}

/// The plan of what is left below `roots` given `earlier`, the checkpoint
/// read from `path`: the branches it has not finished, cut for the thread
/// count.
fn left(
    matrix: &Matrix,
    path: &Path,
    roots: Vec<Branch>,
    earlier: Checkpoint,
    options: &Options,
) -> Result<Plan, Error> {
    let mut solver = options.solver(matrix);
    let mut walk = Walk::default();
    let scope = scope(&roots);
    let done: Vec<split::Done> = earlier
        .finished
        .iter()
        .map(|f| split::Done {
            choices: &f.choices,
            degrees: &f.degrees,
        })
        .collect();
    let left = split::unfinished(&mut solver, &mut walk, roots, &done)?.map_err(|reason| {
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
        engine: options.engine_for(matrix),
        scope,
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
    Ok(split::initial(
        solver,
        walk,
        branches,
        depth,
        target,
        &options.stop,
    )?)
}
