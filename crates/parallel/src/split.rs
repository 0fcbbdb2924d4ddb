//! Cutting the search tree into branches (subproblems with their place in
//! the search order), one level at a time.
//!
//! Every branch carries a *key*: the path of child indices from the root, in
//! the order the search tries the branches. Branches never overlap, and their
//! keys in lexicographic order are the order in which a one-thread search
//! meets their solutions; that is what orders enumeration.
//!
//! Expansion goes one level at a time through
//! `Solver::subproblems_below(sub, 1)`. A node that is itself a solution is
//! a *leaf*: the solver lists it as its own only child (or, in earlier
//! versions of dlx, counted it without listing it; both are recognised).

use crate::checkpoint::Finished;
use dlx::{Solver, Subproblem, SubproblemError};
use std::collections::{HashMap, HashSet};

/// Path of child indices from the root; lexicographic order = search order.
pub type Key = Vec<u32>;

/// A unit of work: a subproblem with its place in the search order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The path of child indices from the root (or from the branch it was
    /// split from): keys of disjoint branches are never prefixes of one
    /// another, and their lexicographic order is the search order.
    pub key: Key,
    /// The options chosen on the levels above it.
    pub sub: Subproblem,
}

impl Branch {
    /// The whole search tree.
    pub fn root() -> Branch {
        Branch {
            key: Vec::new(),
            sub: Subproblem::root(),
        }
    }
}

/// What lies one level below a subproblem.
pub(crate) enum Expansion {
    /// The subproblem is itself a solution: nothing to split.
    Leaf,
    /// Its children in search order (none: a dead end).
    Children(Vec<Subproblem>),
}

/// Lists the children of `sub`.
pub(crate) fn expand(solver: &mut Solver, sub: &Subproblem) -> Result<Expansion, SubproblemError> {
    let before = solver.stats().solutions;
    let children = solver.subproblems_below(sub, 1)?;
    let counted = solver.stats().solutions > before;
    let itself = children.len() == 1 && children[0].depth() == sub.depth();
    if counted || itself {
        Ok(Expansion::Leaf)
    } else {
        Ok(Expansion::Children(children))
    }
}

/// Splits every branch one level further, round after round, until `enough`
/// says so or nothing can be split (only solutions left). Dead ends vanish:
/// they hold no solutions, and progress counts them as done.
pub(crate) fn refine(
    solver: &mut Solver,
    mut branches: Vec<Branch>,
    mut enough: impl FnMut(&[Branch], usize) -> bool,
) -> Result<Vec<Branch>, SubproblemError> {
    let mut rounds = 0;
    while !enough(&branches, rounds) {
        let mut next = Vec::with_capacity(branches.len() * 4);
        let mut changed = false;
        for p in branches {
            match expand(solver, &p.sub)? {
                Expansion::Leaf => next.push(p),
                Expansion::Children(children) => {
                    changed = true;
                    next.extend(children.into_iter().enumerate().map(|(i, sub)| {
                        let mut key = p.key.clone();
                        key.push(i as u32);
                        Branch { key, sub }
                    }));
                }
            }
        }
        branches = next;
        rounds += 1;
        if !changed {
            break;
        }
    }
    Ok(branches)
}

/// Splits so that there are at least `target` branches (or `depth` levels when
/// a depth is forced).
pub(crate) fn initial(
    solver: &mut Solver,
    branches: Vec<Branch>,
    depth: Option<usize>,
    target: usize,
) -> Result<Vec<Branch>, SubproblemError> {
    match depth {
        Some(d) => refine(solver, branches, |_, rounds| rounds >= d),
        None => refine(solver, branches, |b, _| b.len() >= target),
    }
}

/// The unfinished part of the tree given the finished subproblems of a
/// checkpoint: walks down from the root, splitting exactly the nodes that
/// have finished descendants. Returns the branches left to solve, in order.
/// Every finished entry must be met exactly once; anything else means the
/// checkpoint does not describe this tree, and the reason is returned.
pub(crate) fn unfinished(
    solver: &mut Solver,
    finished: &[Finished],
) -> Result<Result<Vec<Branch>, String>, SubproblemError> {
    let done: HashMap<&[u32], &Finished> =
        finished.iter().map(|f| (f.choices.as_slice(), f)).collect();
    if done.len() != finished.len() {
        return Ok(Err("a subproblem is listed twice".into()));
    }
    let mut ancestors: HashSet<&[u32]> = HashSet::new();
    for f in finished {
        for l in 0..f.choices.len() {
            ancestors.insert(&f.choices[..l]);
        }
    }
    let mut met = 0;
    let mut out = Vec::new();
    // Depth-first, children pushed in reverse so they come out in order.
    let mut stack = vec![Branch::root()];
    while let Some(p) = stack.pop() {
        if let Some(f) = done.get(p.sub.choices()) {
            if f.degrees != p.sub.degrees() {
                return Ok(Err(format!(
                    "subproblem {:?} has other branching degrees here",
                    f.choices
                )));
            }
            met += 1;
        } else if ancestors.contains(p.sub.choices()) {
            match expand(solver, &p.sub)? {
                Expansion::Leaf => {
                    return Ok(Err(format!(
                        "subproblem {:?} is a solution, yet has finished parts",
                        p.sub.choices()
                    )));
                }
                Expansion::Children(children) => {
                    for (i, sub) in children.into_iter().enumerate().rev() {
                        let mut key = p.key.clone();
                        key.push(i as u32);
                        stack.push(Branch { key, sub });
                    }
                }
            }
        } else {
            out.push(p);
        }
    }
    if met != finished.len() {
        return Ok(Err(format!(
            "{} finished subproblems are not in this search tree or overlap others",
            finished.len() - met
        )));
    }
    Ok(Ok(out))
}
