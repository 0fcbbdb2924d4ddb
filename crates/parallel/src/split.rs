//! Cutting the search tree into branches (subproblems with their place in
//! the search order).
//!
//! Every branch carries a *key*: the path of child indices from the root, in
//! the order the search tries the branches. Branches never overlap, and their
//! keys in lexicographic order are the order in which a one-thread search
//! meets their solutions; that is what orders enumeration.
//!
//! Expansion lists the children of a branch through
//! `Solver::subproblems_below`. A node that is itself a solution is a
//! *leaf*: the solver lists it as its own only child.
//!
//! **Forced chains.** A node with a single child is not split level by
//! level (each level would replay the whole path from the root: cubic work
//! on a chain of forced levels). [`expand`] probes down the chain instead,
//! one node at a time from where the solver stands, until a level branches,
//! then lists that level's children in one walk; a chain that never
//! branches is a branch of its own, marked `forced` and never split again.
//!
//! **Figures.** Every walk here is measured into a [`Walk`]: the nodes and
//! updates a one-thread search spends on the nodes *above* the branches
//! (each such node is listed exactly once, so these are the tree's own
//! figures for them), and everything walked (probes included), the cost of
//! splitting.

use dlx::{CountOnly, Outcome, Solver, Stats, Subproblem, SubproblemError};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;

/// A finished subproblem, as [`unfinished`] reads it from a checkpoint: its
/// choices and branching degrees ([`dlx::Subproblem::choices`],
/// [`dlx::Subproblem::degrees`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Done<'a> {
    pub choices: &'a [u32],
    pub degrees: &'a [u32],
}

/// Path of child indices; lexicographic order = search order.
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
    /// No level below it branches (a forced chain, a solution or a dead
    /// end): splitting it would only give it back.
    pub forced: bool,
}

impl Branch {
    /// The whole search tree.
    pub fn root() -> Branch {
        Branch {
            key: Vec::new(),
            sub: Subproblem::root(),
            forced: false,
        }
    }

    fn child(&self, i: usize, sub: Subproblem, forced: bool) -> Branch {
        let mut key = self.key.clone();
        key.push(i as u32);
        Branch { key, sub, forced }
    }
}

/// Nodes and updates of the walks made to split.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The tree's figures for the nodes listed above the branches: what a
    /// one-thread search spends on those nodes (their own covers and
    /// commits, their early dead ends), counted once each.
    pub tree_nodes: u64,
    pub tree_updates: u64,
    /// Everything walked, the above and the probes of forced chains.
    pub nodes: u64,
    pub updates: u64,
}

impl Walk {
    fn add(&mut self, tree: bool, from: Stats, to: Stats) {
        let (n, u) = (to.nodes - from.nodes, to.updates - from.updates);
        self.nodes += n;
        self.updates += u;
        if tree {
            self.tree_nodes += n;
            self.tree_updates += u;
        }
    }
}

/// `solver.subproblems_below(sub, extra)`, measured as tree figures.
fn below(
    solver: &mut Solver,
    walk: &mut Walk,
    sub: &Subproblem,
    extra: usize,
) -> Result<Vec<Subproblem>, SubproblemError> {
    let before = solver.stats();
    let found = solver.subproblems_below(sub, extra)?;
    walk.add(true, before, solver.stats());
    Ok(found)
}

/// What lies below a branch.
pub(crate) enum Expansion {
    /// Nothing to split: a solution, or a subtree that never branches.
    Forced,
    /// Its children in search order (none: a dead end), possibly several
    /// levels down when a chain of forced levels was followed.
    Children(Vec<Branch>),
}

/// Lists the children of `b`; a single child is followed down its chain of
/// forced levels to the first level that branches.
///
/// The probe down a chain of forced levels (a node at a time; a board of
/// monominoes is one chain as long as its cells) stops when `stop` is set:
/// the branch is then split into its one child, a split like any other.
pub(crate) fn expand(
    solver: &mut Solver,
    walk: &mut Walk,
    b: &Branch,
    stop: &AtomicBool,
) -> Result<Expansion, SubproblemError> {
    if b.forced {
        return Ok(Expansion::Forced);
    }
    let depth = b.sub.depth();
    let kids = below(solver, walk, &b.sub, 1)?;
    if kids.len() == 1 && kids[0].depth() == depth {
        return Ok(Expansion::Forced); // a solution
    }
    if kids.len() != 1 {
        let out = kids.into_iter().enumerate();
        return Ok(Expansion::Children(
            out.map(|(i, s)| b.child(i, s, false)).collect(),
        ));
    }
    // One child: probe down from it, a node at a time, for the first level
    // with another degree than 1.
    let child = kids.into_iter().next().unwrap();
    let before = solver.stats();
    solver.start(&child)?;
    let forced_levels = loop {
        if solver.run(&mut CountOnly, 1) != Outcome::Paused {
            // Searched to the end without branching.
            break None;
        }
        let (depth, last) = solver.path_tip();
        if last.is_some_and(|(_, degree)| degree != 1) {
            break Some(Some(depth - 1));
        }
        if stop.load(Relaxed) {
            break Some(None);
        }
    };
    solver.abandon();
    walk.add(false, before, solver.stats());
    match forced_levels {
        None => Ok(Expansion::Children(vec![b.child(0, child, true)])),
        // Stopped: the branch's one child, unsearched (walking down again
        // to where the probe was would take as long as the probe).
        Some(None) => Ok(Expansion::Children(vec![b.child(0, child, false)])),
        Some(Some(k)) => {
            let grand = below(solver, walk, &child, k + 1)?;
            let out = grand.into_iter().enumerate();
            Ok(Expansion::Children(
                out.map(|(i, s)| b.child(i, s, false)).collect(),
            ))
        }
    }
}

/// A branch found dead by a split (its children all die at once) stays a
/// branch, marked forced: it is searched (in a few nodes) and recorded as
/// finished like any other. Dropped instead, it would be recorded nowhere,
/// and a run resumed from a checkpoint, which lists the children of every
/// node split before ([`unfinished`]), would find it open and search it
/// (and count it) a second time. The walk that found it dead is then the
/// cost of splitting, not the tree's: the search counts those nodes.
fn keep_dead(mut b: Branch, walk: &mut Walk, before: Walk) -> Branch {
    walk.tree_nodes = before.tree_nodes;
    walk.tree_updates = before.tree_updates;
    b.forced = true;
    b
}

/// Splits every branch further, round after round, until `enough` says so
/// or nothing can be split. Dead ends are kept as forced branches
/// ([`keep_dead`]). When `stop` is set (Ctrl-C) it ends with the branches
/// as far as they are split: they still cover the tree, each once.
pub(crate) fn refine(
    solver: &mut Solver,
    walk: &mut Walk,
    mut branches: Vec<Branch>,
    stop: &AtomicBool,
    mut enough: impl FnMut(&[Branch]) -> bool,
) -> Result<Vec<Branch>, SubproblemError> {
    while !enough(&branches) && !stop.load(Relaxed) {
        let mut next = Vec::with_capacity(branches.len() * 4);
        let mut changed = false;
        for mut b in branches {
            if stop.load(Relaxed) {
                next.push(b);
                continue;
            }
            let before = *walk;
            match expand(solver, walk, &b, stop)? {
                Expansion::Forced => {
                    b.forced = true;
                    next.push(b);
                }
                Expansion::Children(children) if children.is_empty() => {
                    next.push(keep_dead(b, walk, before));
                }
                Expansion::Children(children) => {
                    changed = true;
                    next.extend(children);
                }
            }
        }
        branches = next;
        if !changed {
            break;
        }
    }
    Ok(branches)
}

/// Splits so that there are at least `target` branches, or every branch
/// `depth` levels down when a depth is forced. A forced depth is cut one
/// level at a time, as [`unfinished`] lists the levels again on resuming,
/// so that a node whose children all die is kept ([`keep_dead`]) rather
/// than lost between two levels.
pub(crate) fn initial(
    solver: &mut Solver,
    walk: &mut Walk,
    mut branches: Vec<Branch>,
    depth: Option<usize>,
    target: usize,
    stop: &AtomicBool,
) -> Result<Vec<Branch>, SubproblemError> {
    let Some(d) = depth else {
        return refine(solver, walk, branches, stop, |b| b.len() >= target);
    };
    for _ in 0..d {
        let mut next = Vec::with_capacity(branches.len() * 4);
        for b in branches {
            if b.forced {
                next.push(b);
                continue;
            }
            let before = *walk;
            let found = below(solver, walk, &b.sub, 1)?;
            if found.is_empty() {
                next.push(keep_dead(b, walk, before));
            } else if found.len() == 1 && found[0].depth() == b.sub.depth() {
                next.push(Branch { forced: true, ..b }); // a solution
            } else {
                let kids = found.into_iter().enumerate();
                next.extend(kids.map(|(i, s)| b.child(i, s, false)));
            }
        }
        branches = next;
    }
    Ok(branches)
}

/// The unfinished part of the trees below `roots` given finished
/// subproblems (of a checkpoint): walks down, splitting exactly the nodes
/// that have finished descendants (following chains of forced levels, as
/// the finished subproblems' degrees record them, in one walk). Returns the
/// branches left to solve, in order. Every finished entry must be met
/// exactly once; anything else means the checkpoint does not describe these
/// trees, and the reason is returned.
pub(crate) fn unfinished(
    solver: &mut Solver,
    walk: &mut Walk,
    roots: Vec<Branch>,
    finished: &[Done],
) -> Result<Result<Vec<Branch>, String>, SubproblemError> {
    let mut sorted: Vec<&Done> = finished.iter().collect();
    sorted.sort_by(|a, b| a.choices.cmp(b.choices));
    if sorted.windows(2).any(|w| w[0].choices == w[1].choices) {
        return Ok(Err("a subproblem is listed twice".into()));
    }
    let mut met = 0;
    let mut out = Vec::new();
    // Depth-first, children pushed in reverse so they come out in order.
    let mut stack: Vec<Branch> = roots.into_iter().rev().collect();
    while let Some(b) = stack.pop() {
        let prefix = b.sub.choices();
        let d = prefix.len();
        let lo = sorted.partition_point(|f| f.choices < prefix);
        let n = sorted[lo..]
            .iter()
            .take_while(|f| f.choices.starts_with(prefix))
            .count();
        let here = &sorted[lo..lo + n];
        if here.is_empty() {
            out.push(b);
            continue;
        }
        if here[0].choices.len() == d {
            if n > 1 {
                return Ok(Err(format!(
                    "subproblem {prefix:?} is listed as finished and so are parts of it"
                )));
            }
            if here[0].degrees != b.sub.degrees() {
                return Ok(Err(format!(
                    "subproblem {prefix:?} has other branching degrees here"
                )));
            }
            met += 1;
            continue;
        }
        // Follow the forced levels recorded above the shallowest entry.
        let m = here.iter().map(|f| f.choices.len()).min().unwrap_or(d + 1);
        let f = here[0];
        let mut j = d;
        while j + 1 < m && f.degrees.get(j) == Some(&1) {
            j += 1;
        }
        let kids = below(solver, walk, &b.sub, j + 1 - d)?;
        if kids.len() == 1 && kids[0].depth() == d {
            return Ok(Err(format!(
                "subproblem {prefix:?} is a solution, yet has finished parts"
            )));
        }
        for (i, sub) in kids.into_iter().enumerate().rev() {
            stack.push(b.child(i, sub, false));
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
