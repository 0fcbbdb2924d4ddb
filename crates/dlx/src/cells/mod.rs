//! The cell engine ([`EngineKind::Cells`](crate::EngineKind::Cells)): exact
//! cover on occupancy masks, for matrices of at most 256 items, such as the
//! polyform puzzles whose board has at most about 240 cells. It has its own
//! search loop; [`Solver`](crate::Solver) runs it through [`Cells`], which
//! answers the solver's primitive questions (start, run, abandon, progress,
//! path, figures, subproblems at a frontier).
//!
//! # Why
//!
//! A polyform puzzle's matrix has one item per board cell and one per piece;
//! an option is a placement. It is small (a few thousand options) and dense
//! in conflicts: committing a placement rules out a hundred others, which
//! dancing links pay for one pointer update at a time, down and up. Here
//! each primary item's options still possible are a *bit set* over the
//! item's list (a few words), and what committing option `o` does to item
//! `i`'s set is precomputed: the *kill row* `(o, i)`, the options of `i`'s
//! list that share an exact or secondary item with `o`. A commit is
//! `set & !row` for each of `o`'s rows, the sizes steering the search come
//! from `count_ones`, and the state of a level is those sets plus an
//! occupancy mask of the items covered (one, two or four words). New sets
//! go on a stack; backtracking pops them. Nothing is linked or unlinked, so
//! nothing needs restoring, and a node is a few hundred word operations
//! over contiguous memory: about 4x faster than the bitset engine on the
//! pentominoes and the Bedlam cube (docs/performance.md). The rows take
//! memory (the tables' `MAX_KILL_WORDS` bounds them; the catalog's largest
//! need a few MiB); each option's are made on its first commit, once per
//! matrix, and shared by every solver of it (a small search over many
//! options then builds only the rows it uses).
//!
//! # Which matrices (the applicability condition)
//!
//! [`suits`] accepts a matrix exactly when
//!
//! * no option gives a color to a secondary item,
//! * it has at most 256 items, primary and secondary (the mask is 64, 128 or
//!   256 bits wide, the narrowest that holds them),
//! * its kill rows fit in `MAX_KILL_WORDS` words (128 MiB), and
//! * every option holds at least one primary item with bounds `1:1`.
//!
//! Primary items with bounds `1:1` are *exact* items (cells, and pieces
//! present once); secondary items are covered at most once; primary items
//! with any other bounds `lo:hi` (a piece with `k` copies is `k:k`) are
//! *counted*: a counter per level, and their bit in the occupancy mask
//! means "used `hi` times, no more options may hold it" (then their
//! *saturation rows* rule out the options that hold them). The third condition
//! makes branching on exact items complete: once every exact item is
//! covered no option fits any more, so a set of options is reached exactly
//! once, through the option that covers each item branched on, and counted
//! items never need Algorithm M's multiset bookkeeping.
//!
//! # The search
//!
//! Each level branches on the exact item with the fewest fitting options
//! (the first in item order on ties): the most constrained cell, or the most
//! constrained piece when a piece item has fewer fits. The sizes come for
//! free from the sets. An option is given up while it is
//! committed when it leaves an exact item without options or a counted item
//! with fewer options than it still needs. Nodes are counted as one for
//! the root of a search and one per option tried, whether it leads on, to a
//! solution, or to a dead end. Without counted items this is DLX1's rule
//! (first item of minimum length; options in matrix order), so the tree,
//! the order of the solutions and the node count are DLX1's (the tests
//! check it against the other engines); with counted items the tree is this
//! engine's own (Algorithm M branches on the counted items too). Either way
//! subproblems name this engine's choices. *Early dead ends* are part of the
//! search (there is no Knuth's-moves mode), and the item rule is this one
//! (DLX1's minimum length, over the exact items): the solver's settings for
//! them do not apply here. The updates reported are the options dropped
//! from the lists of the items still to be covered.
//!
//! # Subproblems
//!
//! A [`Subproblem`]'s choice on level `l` is the index of the chosen
//! option's *first node* in the links' node array (headers `1..=N`, a spacer
//! at `N + 1`, then each option's nodes followed by a spacer; the numbering
//! of [`Solver`](crate::Solver)): stable for a given matrix, so it can be
//! written to a checkpoint (whose fingerprint names this engine, as its
//! choices mean nothing to the others). [`Cells::start`] replays the choices
//! as this engine would make them and refuses any that is not an option of
//! the item it branches on there.

mod make;
mod mask;
mod search;
pub(crate) mod tables;

use crate::{Matrix, OptionId, Outcome, Stats, Subproblem, SubproblemError, Visitor};
use search::{Phase, Search};
use tables::AnyTables;

/// Does `m` meet the applicability condition (module documentation)?
pub(crate) fn suits(m: &Matrix) -> bool {
    m.cells_suits()
}

/// Why `m` does not suit the cell engine, in words, an option it cannot
/// take named by `option`; `None` when it suits.
pub(crate) fn refusal(m: &Matrix, option: &dyn Fn(OptionId) -> String) -> Option<String> {
    if suits(m) {
        return None;
    }
    Some(if m.has_colors() {
        "its secondary items have colors".into()
    } else if m.num_items() > tables::MAX_ITEMS {
        format!(
            "it has {} items, the cell engine takes at most {}",
            m.num_items(),
            tables::MAX_ITEMS
        )
    } else {
        let exact = |e: &crate::Entry| m.is_primary(e.item) && m.bounds(e.item) == (1, 1);
        match m.options().find(|&o| !m.option(o).iter().any(exact)) {
            Some(o) => format!("{} holds no primary item with bounds 1:1", option(o)),
            None => format!(
                "its kill rows would take about {} MiB, the cell engine takes at most {} MiB",
                make::kill_words_bound(m) / (1 << 17),
                tables::MAX_KILL_WORDS / (1 << 17)
            ),
        }
    })
}

/// The cell engine's state for one [`Solver`](crate::Solver): the static
/// tables and the stack of frames, with the narrowest mask that holds the
/// matrix's items. The tables are built once per matrix and shared by
/// all its solvers (`Matrix::cells_tables`).
pub(crate) enum Cells {
    One(Box<Search<1>>),
    Two(Box<Search<2>>),
    Four(Box<Search<4>>),
}

/// Runs `$body` with `$s` bound to the search, whatever its width.
macro_rules! with_search {
    ($cells:expr, $s:ident => $body:expr) => {
        match $cells {
            Cells::One($s) => $body,
            Cells::Two($s) => $body,
            Cells::Four($s) => $body,
        }
    };
}

impl Cells {
    /// The engine for `matrix`, idle; `matrix` must [`suit`](suits) it.
    pub fn new(matrix: &Matrix) -> Cells {
        debug_assert!(suits(matrix));
        match matrix.cells_tables() {
            AnyTables::One(t) => Cells::One(Box::new(Search::new(t.clone()))),
            AnyTables::Two(t) => Cells::Two(Box::new(Search::new(t.clone()))),
            AnyTables::Four(t) => Cells::Four(Box::new(Search::new(t.clone()))),
        }
    }

    /// The width of the masks in bits: 64, 128 or 256.
    #[cfg(test)]
    pub fn mask_bits(&self) -> usize {
        match self {
            Cells::One(_) => 64,
            Cells::Two(_) => 128,
            Cells::Four(_) => 256,
        }
    }

    /// Solutions, nodes of this engine's tree (the root of each search, and
    /// one per option tried) and, as updates, the options dropped from the
    /// lists of the items still to be covered.
    pub fn stats(&self) -> Stats {
        with_search!(self, s => s.stats)
    }

    /// Sets the figures (to zero, or back to saved ones).
    pub fn set_stats(&mut self, stats: Stats) {
        with_search!(self, s => s.stats = stats)
    }

    /// Is a search under way (started or paused)?
    pub fn is_busy(&self) -> bool {
        with_search!(self, s => s.phase != Phase::Idle)
    }

    /// Emit subproblems at this level instead of entering it
    /// (`usize::MAX`: never); see `Solver::subproblems_below`.
    pub fn set_frontier(&mut self, frontier: usize) {
        with_search!(self, s => s.frontier = frontier)
    }

    /// The subproblems emitted so far, taken out.
    pub fn take_found(&mut self) -> Vec<Subproblem> {
        with_search!(self, s => std::mem::take(&mut s.found))
    }

    /// Prepares to search `sub`: replays its choices as this engine makes
    /// them (each the first node of an option, module documentation),
    /// counting nothing. Any search under way is abandoned first.
    pub fn start(&mut self, sub: &Subproblem) -> Result<(), SubproblemError> {
        self.abandon();
        with_search!(self, s => s.start(sub))
    }

    /// Searches on until the (sub)problem is done, the visitor says stop,
    /// or about `node_budget` more nodes have been searched.
    pub fn run<V: Visitor>(&mut self, visitor: &mut V, node_budget: u64) -> Outcome {
        with_search!(self, s => s.run(visitor, node_budget))
    }

    /// Abandons any search under way (free: there is nothing to restore)
    /// and forgets any frontier and the subproblems found.
    pub fn abandon(&mut self) {
        with_search!(self, s => {
            s.abandon();
            s.found.clear();
            s.frontier = usize::MAX;
        })
    }

    /// Knuth's estimate of the share of the current (sub)problem's tree
    /// searched.
    pub fn progress(&self) -> f64 {
        with_search!(self, s => s.progress())
    }

    /// For each level from the subproblem's base to the current one, the
    /// branch taken and the branching degree.
    pub fn path(&self) -> Vec<(u32, u32)> {
        with_search!(self, s => s.path())
    }

    /// The length of `path` and its last step, in constant time.
    pub fn path_tip(&self) -> (usize, Option<(u32, u32)>) {
        with_search!(self, s => s.path_tip())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(m: &Matrix) -> Option<String> {
        crate::EngineKind::Cells.refusal(m)
    }

    /// A matrix of `n` primary items, one option each.
    fn items(n: usize) -> Matrix {
        let mut text = (0..n).map(|i| format!("i{i} ")).collect::<String>();
        text.push('\n');
        for i in 0..n {
            text += &format!("i{i}\n");
        }
        crate::format::parse(&text).unwrap()
    }

    #[test]
    fn masks_are_the_narrowest_that_hold_the_items() {
        for (n, bits) in [
            (1, 64),
            (64, 64),
            (65, 128),
            (128, 128),
            (129, 256),
            (256, 256),
        ] {
            let m = items(n);
            assert!(suits(&m), "{n} items");
            assert_eq!(Cells::new(&m).mask_bits(), bits, "{n} items");
        }
        let m = items(257);
        assert!(!suits(&m));
        assert_eq!(
            refusal(&m).unwrap(),
            "it has 257 items, the cell engine takes at most 256"
        );
    }

    #[test]
    fn refusals_say_why() {
        let colors = crate::format::parse("a | x\na x:red\na x:blue\n").unwrap();
        assert!(refusal(&colors).unwrap().contains("colors"));
        let loose = crate::format::parse("a 0:2|b\na b\nb\n").unwrap();
        assert_eq!(
            refusal(&loose).unwrap(),
            "option 2 holds no primary item with bounds 1:1"
        );
        let fine = crate::format::parse("a 0:2|b\na b\n").unwrap();
        assert_eq!(refusal(&fine), None);
    }
}
