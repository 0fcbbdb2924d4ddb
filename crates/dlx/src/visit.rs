//! What a search reports: solutions go to a [`Visitor`], which says whether
//! to go on ([`Control`]); a run ends with an [`Outcome`]; the cost of the
//! search is counted in [`Stats`].

use crate::matrix::OptionId;

/// What a [`Visitor`] wants after seeing a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep searching.
    Continue,
    /// Stop the search now; the solver restores its links.
    Stop,
    /// Pause after this solution: [`Solver::run`](crate::Solver::run) returns
    /// [`Outcome::Paused`] before the next node, as when its node budget runs
    /// out (or [`Outcome::Finished`] if no node is left), and the next call
    /// goes on from there. A caller that holds the
    /// solutions of a slice bounds them so, whatever the slice's budget.
    /// [`Solver::solve`](crate::Solver::solve) goes straight on.
    Pause,
}

/// Receives the solutions of a search.
pub trait Visitor {
    /// Does the visitor look at the options of each solution? A visitor that
    /// only counts says `false`, and the solver does not collect them.
    const WANTS_OPTIONS: bool = true;

    /// Called once per solution with its options in the order chosen (level
    /// by level). `options` is empty when `WANTS_OPTIONS` is false.
    fn solution(&mut self, options: &[OptionId]) -> Control;
}

/// Any closure over a solution's options is a visitor.
impl<F: FnMut(&[OptionId]) -> Control> Visitor for F {
    fn solution(&mut self, options: &[OptionId]) -> Control {
        self(options)
    }
}

/// A visitor that only counts (the solver counts for it).
#[derive(Copy, Clone, Debug, Default)]
pub struct CountOnly;

impl Visitor for CountOnly {
    const WANTS_OPTIONS: bool = false;
    fn solution(&mut self, _: &[OptionId]) -> Control {
        Control::Continue
    }
}

/// How a call to [`Solver::run`](crate::Solver::run) ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole (sub)problem was searched; the solver is idle again.
    Finished,
    /// The visitor said stop; the solver is idle again.
    Stopped,
    /// The node budget ran out or the visitor said pause; call `run` again to
    /// go on.
    Paused,
}

/// Cost figures, counted the way Knuth's DLX programs count them so that a
/// run compares one to one with theirs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u128,
    /// Search-tree nodes: one per level entered, the root and every
    /// solution's leaf included.
    pub nodes: u64,
    /// Link updates: one per item taken out of the active list by `cover`,
    /// one per node taken out of a vertical list.
    pub updates: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.solutions += o.solutions;
        self.nodes += o.nodes;
        self.updates += o.updates;
    }
}
