//! What the search loop asks of the data structure under it: the steps of
//! Knuth's algorithms, as two traits. [`Engine`] holds the steps of
//! Algorithms X and C, which every engine implements: the dancing links
//! (`impl Engine for Links` in module `links`) and the bit vectors (`impl
//! Engine for Bits` in module `bits`). [`Multiplicities`] adds the steps of
//! Algorithm M (bounds, tweaks); only the links implement it, and the
//! solver gives no other engine a matrix with multiplicities.
//!
//! Nodes are named as in the links' node array (headers `1..=N`, then the
//! options' nodes and spacers), whatever the engine, so a
//! [`Subproblem`](crate::Subproblem) means the same thing to both. (The
//! cell engine, with a loop of its own and not these traits, names options
//! by their first node in that array.)
//! Items are 1-based (item `k` of the matrix is `k + 1` here), and 0 is the
//! root: [`ROOT`](crate::links::ROOT) when no primary item is left.

use std::ops::ControlFlow;

/// The `len` that [`Engine::scan_items`] reports for an item already
/// covered: above every real count.
pub(crate) const COVERED: u32 = u32::MAX;

/// The steps of Algorithms X and C on one engine's data structure.
pub(crate) trait Engine {
    /// The number of nodes (headers, option nodes, spacers).
    fn num_nodes(&self) -> u32;
    /// Is `x` an item header?
    fn is_header(&self, x: u32) -> bool;
    /// The option of node `x`.
    fn option_of(&self, x: u32) -> u32;
    /// The first primary item still to be covered, or `ROOT` when none.
    fn first_active(&self) -> u32;
    /// Calls `f(i, len)` for the primary items `i` in the matrix's order,
    /// until `f` breaks: every item still to be covered, with the number of
    /// options left in its list, and perhaps (as the engine finds cheaper)
    /// covered items, with `len` [`COVERED`], which a rule must pass over.
    /// What a [`ChoiceRule`](crate::ChoiceRule) looks at.
    fn scan_items(&self, f: impl FnMut(u32, u32) -> ControlFlow<()>);
    /// May a primary item's list have been emptied since
    /// [`clear_zeroed`](Self::clear_zeroed)? An engine that does not keep
    /// track says yes.
    #[inline(always)]
    fn zeroed(&self) -> bool {
        true
    }
    /// Starts watching for emptied lists afresh.
    #[inline(always)]
    fn clear_zeroed(&mut self) {}
    /// The node after `x` in its item's list, or the item's header after the
    /// last; `x` may be the header itself.
    fn down(&self, x: u32) -> u32;
    /// Takes item `i` out of the active list and hides its options.
    fn cover(&mut self, i: u32);
    /// Undoes `cover(i)`.
    fn uncover(&mut self, i: u32);
    /// Commits the items of `x`'s option other than `x`'s own. With `EARLY`,
    /// may find the option a dead end (it empties a primary item it does not
    /// cover): then it undoes what it did and returns false.
    fn commit<const COLORS: bool, const EARLY: bool>(&mut self, x: u32) -> bool;
    /// Undoes a `commit(x)` that returned true.
    fn uncommit<const COLORS: bool>(&mut self, x: u32);
}

/// The steps Algorithm M adds: primary items with multiplicities, each
/// multiset of options reached once (TAOCP 7.2.2.1, exercise 8 and DLX3).
pub(crate) trait Multiplicities: Engine {
    /// The number of options left in item `i`'s list.
    fn len(&self, i: u32) -> u32;
    /// How many more options may use primary item `i`.
    fn bound(&self, i: u32) -> u32;
    /// Sets item `i`'s bound.
    fn set_bound(&mut self, i: u32, b: u32);
    /// Upper minus lower bound of item `i`, fixed.
    fn slack(&self, i: u32) -> u32;
    /// DLX3's choice: the active primary item with the smallest branching
    /// degree, and that degree, which is `<= 0` when the item can no longer
    /// be satisfied.
    fn choose_mult(&self) -> (u32, i64);
    /// Commits the items of `x`'s option other than `x`'s own, using up one
    /// unit of each primary item's bound.
    fn commit_mult<const COLORS: bool>(&mut self, x: u32);
    /// Undoes `commit_mult(x)`.
    fn uncommit_mult<const COLORS: bool>(&mut self, x: u32);
    /// Hides the option of node `x`, the first in its item's list, from
    /// every list including that item's own (Knuth's `tweak`).
    fn tweak(&mut self, x: u32);
    /// Removes node `x`, the first in the list of a covered item, from that
    /// list only (Knuth's `tweak'`).
    fn tweak_covered(&mut self, x: u32);
    /// Undoes the tweaks of item `i` made since its list began at node `x`;
    /// with `COVERED`, those of `tweak_covered`.
    fn untweak<const COVERED: bool>(&mut self, i: u32, x: u32);
    /// Takes item `i` out of the active list (Algorithm M's null move).
    fn deactivate(&mut self, i: u32);
    /// Undoes `deactivate(i)`.
    fn reactivate(&mut self, i: u32);
}
