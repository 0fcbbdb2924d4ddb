//! The plan of a distributed count: the search tree cut into parts, dealt
//! to N shards ([`Shards`]), and the name of one shard ([`ShardId`]). No
//! search is run here: running a shard, its result file and the merge are
//! [`shard`](crate::shard)'s; a shard's plan is
//! [`plan::shard`](crate::plan::shard)'s. The rule is described in
//! [`shard`](crate::shard)'s documentation.

use crate::Error;
use crate::split::Walk;
use dlx::{EngineKind, Matrix, Subproblem};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// The version of the rule that cuts and deals the parts.
pub const PLAN_VERSION: u32 = 1;
/// The cut aims at this many parts per shard, at least.
pub const PARTS_PER_SHARD: usize = 16;
/// The cut goes no deeper than this.
pub const MAX_CUT_DEPTH: usize = 48;
/// The most shards a plan may have ([`Error::TooManyShards`] beyond): far
/// more than any cluster runs at once, and small enough that a plan's
/// parts ([`PARTS_PER_SHARD`] per shard), its listing and the list of its
/// missing shards stay small.
pub const MAX_SHARDS: usize = 10_000;

/// Which shard of which plan.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShardId {
    /// 1-based: `1..=count`.
    pub index: usize,
    /// N, the number of shards.
    pub count: usize,
    /// The cut depth of the plan.
    pub depth: usize,
    /// [`PLAN_VERSION`] of the plan.
    pub version: u32,
}

impl fmt::Display for ShardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "shard {}/{} (cut depth {}, plan version {})",
            self.index, self.count, self.depth, self.version
        )
    }
}

/// The plan of a distributed count: N shards of the parts of a cut.
#[derive(Clone, Debug)]
pub struct Shards {
    count: usize,
    depth: usize,
    /// The parts, in search order, disjoint, covering every solution.
    parts: Vec<Subproblem>,
    /// The tree's figures for the nodes above the parts.
    top: Walk,
    /// The engine the tree was cut with (resolved for the matrix).
    engine: EngineKind,
}

impl Shards {
    /// Cuts the tree of `matrix` searched with `engine` (as
    /// [`Options::engine_for`](crate::Options::engine_for) gives it) into parts for `count` shards (see
    /// the module doc). `count` must be at least 1 and at most
    /// [`MAX_SHARDS`].
    pub fn new(matrix: &Matrix, count: usize, engine: EngineKind) -> Result<Shards, Error> {
        crate::result_file::check_shard_count(count)?;
        let mut solver = dlx::Solver::with_engine(matrix, engine);
        solver.set_early_dead_ends(true);
        let target = count.saturating_mul(PARTS_PER_SHARD);
        let mut parts = vec![Subproblem::root()];
        let mut top = Walk::default();
        let mut depth = 0;
        while parts.len() < target && depth < MAX_CUT_DEPTH {
            let before = solver.stats();
            let next = solver.subproblems(depth + 1);
            let after = solver.stats();
            if next == parts {
                break; // only solutions left
            }
            parts = next;
            depth += 1;
            top = Walk {
                tree_nodes: after.nodes - before.nodes,
                tree_updates: after.updates - before.updates,
                nodes: after.nodes - before.nodes,
                updates: after.updates - before.updates,
            };
        }
        Ok(Shards {
            count,
            depth,
            parts,
            top,
            engine: solver.engine(),
        })
    }

    /// The tree's figures for the nodes above the parts.
    pub(crate) fn top(&self) -> Walk {
        self.top
    }

    /// The engine the tree was cut with.
    pub fn engine(&self) -> EngineKind {
        self.engine
    }

    /// N.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The cut depth.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Every part, in search order.
    pub fn parts(&self) -> &[Subproblem] {
        &self.parts
    }

    /// The shard (1-based) that part `part` is dealt to.
    pub fn owner(&self, part: usize) -> usize {
        part % self.count + 1
    }

    /// The parts (indices into [`parts`](Self::parts)) of shard `index`.
    pub fn parts_of(&self, index: usize) -> Vec<usize> {
        if index == 0 {
            return Vec::new();
        }
        (index - 1..self.parts.len()).step_by(self.count).collect()
    }

    /// The id of shard `index`, or [`Error::ShardIndex`] if it is not in
    /// `1..=N`.
    pub fn id(&self, index: usize) -> Result<ShardId, Error> {
        if index == 0 || index > self.count {
            return Err(Error::ShardIndex {
                index,
                count: self.count,
            });
        }
        Ok(ShardId {
            index,
            count: self.count,
            depth: self.depth,
            version: PLAN_VERSION,
        })
    }

    /// The part a subproblem lies in (its choices extend the part's).
    pub(crate) fn part_of(&self, index: &HashMap<&[u32], usize>, choices: &[u32]) -> Option<usize> {
        (0..=choices.len().min(self.depth)).find_map(|l| index.get(&choices[..l]).copied())
    }

    pub(crate) fn index(&self) -> HashMap<&[u32], usize> {
        self.parts
            .iter()
            .enumerate()
            .map(|(j, p)| (p.choices(), j))
            .collect()
    }
}
