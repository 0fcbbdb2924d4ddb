//! The cell engine: exact cover on occupancy masks, for matrices of at most
//! 256 items, such as the polyform puzzles whose board has at most about
//! 240 cells.
//!
//! # Why
//!
//! A polyform puzzle's matrix has one item per board cell and one per piece;
//! an option is a placement. When all items fit in one, two or four machine
//! words, an option is a *mask* and "does this option still fit?" is one AND
//! against the *occupancy mask* of the items covered so far. The state of a
//! level is that mask plus, for each item still to be covered, the list of
//! its options that fit; making the next level filters only the lists the
//! chosen option can reach, and backtracking pops them off a stack. Nothing
//! is linked or unlinked, so nothing needs restoring.
//!
//! # Which matrices (the applicability condition)
//!
//! [`CellSolver::new`] accepts a matrix exactly when
//!
//! * no option gives a color to a secondary item,
//! * it has at most 256 items, primary and secondary (the mask is 64, 128 or
//!   256 bits wide, the narrowest that holds them), and
//! * every option holds at least one primary item with bounds `1:1`.
//!
//! Primary items with bounds `1:1` are *exact* items (cells, and pieces
//! present once); secondary items are covered at most once; primary items
//! with any other bounds `lo:hi` (a piece with `k` copies is `k:k`) are
//! *counted*: a counter per level, and their bit in the occupancy mask
//! means "used `hi` times, no more options may hold it". The third condition
//! makes branching on exact items complete: once every exact item is
//! covered no option fits any more, so a set of options is reached exactly
//! once, through the option that covers each item branched on, and counted
//! items never need Algorithm M's multiset bookkeeping.
//!
//! # The search
//!
//! Each level branches on the exact item with the fewest fitting options
//! (the first in item order on ties): the most constrained cell, or the most
//! constrained piece when a piece item has fewer fits. The lengths come for
//! free from the filtered lists. An option is given up while it is
//! committed when it leaves an exact item without options or a counted item
//! with fewer options than it still needs. Nodes are counted as one for
//! the root of a search and one per option tried, whether it leads on, to a
//! solution, or to a dead end. Without counted items this is DLX1's rule
//! (first item of minimum length; options in matrix order), so the tree,
//! the order of the solutions and the node count are DLX1's (the tests
//! check it against [`Solver`](crate::Solver)); with counted items the tree
//! is this engine's own (Algorithm M branches on the counted items too).
//! Either way subproblems name this engine's choices.
//!
//! # Subproblems
//!
//! A [`Subproblem`]'s choice on level `l` is the index of the chosen
//! option's *first node* in the links' node array (headers `1..=N`, a spacer
//! at `N + 1`, then each option's nodes followed by a spacer; the numbering
//! of [`Solver`](crate::Solver)): stable for a given matrix, so it can be
//! written to a checkpoint. [`CellSolver::start`] replays the choices as
//! this engine would make them and refuses any that is not an option of the
//! item it branches on there.

mod mask;
mod search;
mod tables;

use crate::Visitor;
use crate::{Control, CountOnly, Matrix, OptionId, Outcome, Stats, Subproblem, SubproblemError};
use search::{Phase, Search};
pub(crate) use tables::{AnyTables, TablesCache};

/// One search on the cell engine: the static tables and the stack of
/// frames. Build one per thread; they can share one [`Matrix`].
///
/// ```
/// use dlx::{CellSolver, MatrixBuilder};
/// let mut b = MatrixBuilder::new();
/// for n in ["a", "b", "c"] { b.primary(n).unwrap(); }
/// for o in [&["a", "b"][..], &["c"], &["a"], &["b", "c"]] { b.option_by_names(o).unwrap(); }
/// let m = b.build().unwrap();
/// assert_eq!(CellSolver::new(&m).unwrap().count(), 2);
/// ```
pub struct CellSolver<'m> {
    matrix: &'m Matrix,
    search: AnySearch,
}

/// The search with the narrowest mask that holds the matrix's items.
enum AnySearch {
    One(Box<Search<1>>),
    Two(Box<Search<2>>),
    Four(Box<Search<4>>),
}

/// Runs `$body` with `$s` bound to the search, whatever its width.
macro_rules! with_search {
    ($search:expr, $s:ident => $body:expr) => {
        match $search {
            AnySearch::One($s) => $body,
            AnySearch::Two($s) => $body,
            AnySearch::Four($s) => $body,
        }
    };
}

impl<'m> CellSolver<'m> {
    /// Does `matrix` meet the applicability condition (module
    /// documentation)?
    pub fn suits(matrix: &Matrix) -> bool {
        tables::suits(matrix)
    }

    /// A solver for `matrix`, idle; `None` when the matrix does not suit the
    /// cell engine.
    pub fn new(matrix: &'m Matrix) -> Option<CellSolver<'m>> {
        if !tables::suits(matrix) {
            return None;
        }
        let search = match matrix.cells_tables() {
            AnyTables::One(t) => AnySearch::One(Box::new(Search::new(t.clone()))),
            AnyTables::Two(t) => AnySearch::Two(Box::new(Search::new(t.clone()))),
            AnyTables::Four(t) => AnySearch::Four(Box::new(Search::new(t.clone()))),
        };
        Some(CellSolver { matrix, search })
    }

    /// The matrix being solved.
    pub fn matrix(&self) -> &'m Matrix {
        self.matrix
    }

    /// The width of the masks in bits: 64, 128 or 256.
    pub fn mask_bits(&self) -> usize {
        match self.search {
            AnySearch::One(_) => 64,
            AnySearch::Two(_) => 128,
            AnySearch::Four(_) => 256,
        }
    }

    /// Cost figures since the solver was made (or since `reset_stats`):
    /// solutions; nodes of this engine's tree (the root of each search, and
    /// one per option tried); and as updates, the options dropped from the
    /// lists of the items still to be covered.
    pub fn stats(&self) -> Stats {
        with_search!(&self.search, s => s.stats)
    }

    /// Sets the cost figures back to zero.
    pub fn reset_stats(&mut self) {
        with_search!(&mut self.search, s => s.stats = Stats::default())
    }

    /// Is a search under way (started or paused)?
    pub fn is_busy(&self) -> bool {
        with_search!(&self.search, s => s.phase != Phase::Idle)
    }

    /// Counts all solutions.
    pub fn count(&mut self) -> u128 {
        let before = self.stats().solutions;
        self.solve(&mut CountOnly);
        self.stats().solutions - before
    }

    /// Visits every solution until the visitor says stop.
    pub fn solve<V: Visitor>(&mut self, visitor: &mut V) -> Outcome {
        self.start(&Subproblem::root())
            .expect("the root subproblem always starts");
        self.run(visitor, u64::MAX)
    }

    /// The first `n` solutions, each as its options in the order chosen.
    pub fn first(&mut self, n: usize) -> Vec<Vec<OptionId>> {
        let mut out = Vec::new();
        if n > 0 {
            self.solve(&mut |opts: &[OptionId]| {
                out.push(opts.to_vec());
                if out.len() >= n {
                    Control::Stop
                } else {
                    Control::Continue
                }
            });
        }
        out
    }

    /// Lists the subproblems at depth `depth` of this engine's tree (see
    /// [`subproblems_below`](Self::subproblems_below)).
    pub fn subproblems(&mut self, depth: usize) -> Vec<Subproblem> {
        self.subproblems_below(&Subproblem::root(), depth)
            .expect("the root subproblem always starts")
    }

    /// Lists the subproblems `extra` levels below `sub`: the partial
    /// solutions made of the options chosen on the levels above. Branches
    /// that end sooner in a solution are listed with fewer levels (solving
    /// them gives that one solution); branches that die sooner are left
    /// out. The nodes above the frontier count in this solver's stats.
    pub fn subproblems_below(
        &mut self,
        sub: &Subproblem,
        extra: usize,
    ) -> Result<Vec<Subproblem>, SubproblemError> {
        self.start(sub)?;
        with_search!(&mut self.search, s => {
            s.frontier = sub.depth() + extra;
            let outcome = s.run(&mut CountOnly, u64::MAX);
            debug_assert_eq!(outcome, Outcome::Finished);
            s.frontier = usize::MAX;
            Ok(std::mem::take(&mut s.found))
        })
    }

    /// Prepares to search `sub`: replays its choices as this engine makes
    /// them (each the first node of an option, module documentation). Any
    /// search under way is abandoned first; nothing is counted. Call
    /// [`run`](Self::run) next.
    pub fn start(&mut self, sub: &Subproblem) -> Result<(), SubproblemError> {
        with_search!(&mut self.search, s => {
            s.found.clear();
            s.frontier = usize::MAX;
            s.start(sub)
        })
    }

    /// Searches on from where the solver stands until the (sub)problem is
    /// done, the visitor says stop, or about `node_budget` more nodes have
    /// been searched. Paused, the solver resumes at the next call.
    pub fn run<V: Visitor>(&mut self, visitor: &mut V, node_budget: u64) -> Outcome {
        with_search!(&mut self.search, s => s.run(visitor, node_budget))
    }

    /// Abandons any search under way (free: there is nothing to restore).
    pub fn abandon(&mut self) {
        with_search!(&mut self.search, s => {
            s.abandon();
            s.found.clear();
            s.frontier = usize::MAX;
        })
    }

    /// Knuth's estimate of the share of the current (sub)problem's tree that
    /// has been searched: each branch finished at level `l` counts for
    /// 1/degree of its parent's share. 0 before the search, 1 after.
    pub fn progress(&self) -> f64 {
        with_search!(&self.search, s => s.progress())
    }

    /// For each level from the subproblem's base to the current one, the
    /// branch taken and the branching degree.
    pub fn path(&self) -> Vec<(u32, u32)> {
        with_search!(&self.search, s => s.path())
    }
}
