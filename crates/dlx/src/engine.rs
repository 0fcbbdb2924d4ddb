//! What the search loop asks of the data structure under it: the steps of
//! Knuth's algorithms, implemented twice, by the dancing links
//! ([`Links`]) and by bit vectors ([`Bits`]).
//!
//! Nodes are named as in the links' node array (headers `1..=N`, then the
//! options' nodes and spacers), whatever the engine, so a [`Subproblem`]
//! (crate::Subproblem) means the same thing to both.

use crate::bits::Bits;
use crate::links::{Index, Links};

/// The steps of Algorithms X, C and M. The steps of Algorithm M (bounds
/// and tweaks) have no default meaning: only the links override them, and
/// the solver gives no other engine a matrix with multiplicities.
pub(crate) trait Steps {
    /// The number of nodes (headers, option nodes, spacers).
    fn num_nodes(&self) -> u32;
    /// Is `x` an item header?
    fn is_header(&self, x: u32) -> bool;
    /// The option of node `x`.
    fn option_of(&self, x: u32) -> u32;
    /// The first primary item still to be covered, or `ROOT` when none.
    fn first_active(&self) -> u32;
    /// Algorithms X and C: the first active primary item with the fewest
    /// options, and that number.
    fn choose_min_len(&self) -> (u32, u32);
    /// The node after `x` in its item's list (the header after the last).
    fn down(&self, x: u32) -> u32;
    fn cover(&mut self, i: u32);
    fn uncover(&mut self, i: u32);
    /// Commits the items of `x`'s option other than `x`'s own. With `EARLY`
    /// (Algorithms X and C), may find the option a dead end: then it undoes
    /// what it did and returns false.
    fn commit<const COLORS: bool, const MULT: bool, const EARLY: bool>(&mut self, x: u32) -> bool;
    /// Undoes a `commit(x)` that returned true.
    fn uncommit<const COLORS: bool, const MULT: bool>(&mut self, x: u32);

    // ---- Algorithm M only.

    fn len(&self, _i: u32) -> u32 {
        unreachable!("Algorithm M runs on the links")
    }
    fn bound(&self, _i: u32) -> u32 {
        unreachable!("Algorithm M runs on the links")
    }
    fn set_bound(&mut self, _i: u32, _b: u32) {
        unreachable!("Algorithm M runs on the links")
    }
    fn slack(&self, _i: u32) -> u32 {
        unreachable!("Algorithm M runs on the links")
    }
    fn choose_mult(&self) -> (u32, i64) {
        unreachable!("Algorithm M runs on the links")
    }
    fn tweak(&mut self, _x: u32) {
        unreachable!("Algorithm M runs on the links")
    }
    fn tweak_covered(&mut self, _x: u32) {
        unreachable!("Algorithm M runs on the links")
    }
    fn untweak<const COVERED: bool>(&mut self, _i: u32, _x: u32) {
        unreachable!("Algorithm M runs on the links")
    }
    fn deactivate(&mut self, _i: u32) {
        unreachable!("Algorithm M runs on the links")
    }
    fn reactivate(&mut self, _i: u32) {
        unreachable!("Algorithm M runs on the links")
    }
}

impl<I: Index> Steps for Links<I> {
    #[inline(always)]
    fn num_nodes(&self) -> u32 {
        Links::num_nodes(self)
    }
    #[inline(always)]
    fn is_header(&self, x: u32) -> bool {
        Links::is_header(self, x)
    }
    #[inline(always)]
    fn option_of(&self, x: u32) -> u32 {
        Links::option_of(self, x)
    }
    #[inline(always)]
    fn first_active(&self) -> u32 {
        Links::first_active(self)
    }
    #[inline(always)]
    fn choose_min_len(&self) -> (u32, u32) {
        Links::choose_min_len(self)
    }
    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        Links::down(self, x)
    }
    #[inline(always)]
    fn cover(&mut self, i: u32) {
        Links::cover(self, i)
    }
    #[inline(always)]
    fn uncover(&mut self, i: u32) {
        Links::uncover(self, i)
    }
    #[inline(always)]
    fn commit<const COLORS: bool, const MULT: bool, const EARLY: bool>(&mut self, x: u32) -> bool {
        match self.commit_others::<COLORS, MULT, EARLY>(x) {
            None => true,
            Some(last) => {
                self.uncommit_through::<COLORS, MULT>(x, last);
                false
            }
        }
    }
    #[inline(always)]
    fn uncommit<const COLORS: bool, const MULT: bool>(&mut self, x: u32) {
        self.uncommit_others::<COLORS, MULT>(x)
    }
    #[inline(always)]
    fn len(&self, i: u32) -> u32 {
        Links::len(self, i)
    }
    #[inline(always)]
    fn bound(&self, i: u32) -> u32 {
        self.bound[i as usize]
    }
    #[inline(always)]
    fn set_bound(&mut self, i: u32, b: u32) {
        self.bound[i as usize] = b;
    }
    #[inline(always)]
    fn slack(&self, i: u32) -> u32 {
        self.slack[i as usize]
    }
    fn choose_mult(&self) -> (u32, i64) {
        Links::choose_mult(self)
    }
    fn tweak(&mut self, x: u32) {
        Links::tweak(self, x)
    }
    fn tweak_covered(&mut self, x: u32) {
        Links::tweak_covered(self, x)
    }
    fn untweak<const COVERED: bool>(&mut self, i: u32, x: u32) {
        Links::untweak::<COVERED>(self, i, x)
    }
    fn deactivate(&mut self, i: u32) {
        Links::deactivate(self, i)
    }
    fn reactivate(&mut self, i: u32) {
        Links::reactivate(self, i)
    }
}

impl Steps for Bits {
    #[inline(always)]
    fn num_nodes(&self) -> u32 {
        Bits::num_nodes(self)
    }
    #[inline(always)]
    fn is_header(&self, x: u32) -> bool {
        Bits::is_header(self, x)
    }
    #[inline(always)]
    fn option_of(&self, x: u32) -> u32 {
        Bits::option_of(self, x)
    }
    #[inline(always)]
    fn first_active(&self) -> u32 {
        Bits::first_active(self)
    }
    #[inline(always)]
    fn choose_min_len(&self) -> (u32, u32) {
        Bits::choose_min_len(self)
    }
    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        Bits::down(self, x)
    }
    #[inline(always)]
    fn cover(&mut self, i: u32) {
        Bits::cover(self, i)
    }
    #[inline(always)]
    fn uncover(&mut self, i: u32) {
        Bits::uncover(self, i)
    }
    #[inline(always)]
    fn commit<const COLORS: bool, const MULT: bool, const EARLY: bool>(&mut self, x: u32) -> bool {
        debug_assert!(!MULT);
        Bits::commit::<EARLY>(self, x)
    }
    #[inline(always)]
    fn uncommit<const COLORS: bool, const MULT: bool>(&mut self, x: u32) {
        Bits::uncommit(self, x)
    }
}
