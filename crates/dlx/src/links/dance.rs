//! The node arrays' index type ([`Index`]) and link ([`Link`]), and the
//! hot loop's view of the arrays ([`Dance`]): the one place that reads and
//! writes them unchecked, with the steps made of those reads and writes
//! (unlink a node, hide and unhide an option).

use std::fmt::Debug;

/// The integer type of node indices: `u16` for small matrices, `u32` for the
/// others.
pub(crate) trait Index: Copy + Eq + Default + Debug + Send + Sync + 'static {
    /// The largest number of nodes this type can index.
    const CAPACITY: usize;
    /// `x`, which the caller keeps below `CAPACITY`.
    fn new(x: u32) -> Self;
    fn get(self) -> u32;
}

impl Index for u16 {
    const CAPACITY: usize = u16::MAX as usize;
    #[inline(always)]
    fn new(x: u32) -> u16 {
        debug_assert!(x <= u16::MAX as u32);
        x as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self as u32
    }
}

impl Index for u32 {
    const CAPACITY: usize = u32::MAX as usize;
    #[inline(always)]
    fn new(x: u32) -> u32 {
        x
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// [`Dance::emptied`] (and `Links::emptied`) when one cover or purify
/// emptied the lists of several primary items: an early dead-end check must
/// then look at every item still to be covered, not just the last emptied
/// (which may be one the option holds while another is not).
pub(crate) const EMPTIED_MANY: u32 = u32::MAX;

/// A node's neighbours in its item's list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Link<I> {
    pub up: I,
    pub down: I,
}

/// The hot loop's view of the links: plain slices, so that the vectors are
/// not reloaded through `self` after every store, and the update count stays
/// in a register.
pub(super) struct Dance<'a, I> {
    pub(super) link: &'a mut [Link<I>],
    pub(super) top: &'a [I],
    pub(super) len: &'a mut [u32],
    pub(super) color: &'a mut [u32],
    pub(super) num_primary: u32,
    /// The primary item whose list a hide emptied, 0 when none was, or
    /// [`EMPTIED_MANY`] when more than one was.
    pub(super) emptied: u32,
}

impl<I: Index> Dance<'_, I> {
    // The four accessors below are the only places where the hot loop reads
    // or writes the node arrays. They skip the bounds checks: with them the
    // links run 10-22% slower and execute 45% more instructions
    // (docs/performance.md, "Unchecked indexing").

    #[inline(always)]
    fn link(&self, x: u32) -> Link<I> {
        debug_assert!((x as usize) < self.link.len(), "node {x} out of bounds");
        // SAFETY: every index followed here comes from `up`, `down` or `top`
        // fields, which `Links::new` sets to indices of existing nodes and the
        // dance steps only copy into each other, or from `p + 1` / `p - 1`
        // along an option, which the spacers bound. So `x < link.len()`; the
        // debug assertion checks it in every test run.
        unsafe { *self.link.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn link_mut(&mut self, x: u32) -> &mut Link<I> {
        debug_assert!((x as usize) < self.link.len(), "node {x} out of bounds");
        // SAFETY: as for `link`.
        unsafe { self.link.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    fn top(&self, x: u32) -> u32 {
        debug_assert!((x as usize) < self.top.len(), "node {x} out of bounds");
        // SAFETY: as for `link`; `top` has one entry per node.
        unsafe { self.top.get_unchecked(x as usize).get() }
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.len.len(), "item {i} out of bounds");
        // SAFETY: `i` is a `top` field of an option node, an item index
        // `1..=N` by construction, and `len` has `N + 1` entries.
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    pub(super) fn up(&self, x: u32) -> u32 {
        self.link(x).up.get()
    }

    #[inline(always)]
    pub(super) fn down(&self, x: u32) -> u32 {
        self.link(x).down.get()
    }

    #[inline(always)]
    pub(super) fn set_up(&mut self, x: u32, v: u32) {
        self.link_mut(x).up = I::new(v);
    }

    #[inline(always)]
    pub(super) fn set_down(&mut self, x: u32, v: u32) {
        self.link_mut(x).down = I::new(v);
    }

    /// Unlinks node `q` from its item's list.
    #[inline(always)]
    pub(super) fn unlink(&mut self, q: u32) {
        let Link { up, down } = self.link(q);
        self.link_mut(up.get()).down = down;
        self.link_mut(down.get()).up = up;
        *self.len_mut(self.top(q)) -= 1;
    }

    /// Calls `step(self, q, t)` for each node `q` of `p`'s option other
    /// than `p`, with `t` its item: from `p` to the right when `RIGHT`,
    /// else to the left. A spacer wraps the walk around the option: its
    /// `up` is the option's first node, its `down` the last.
    #[inline(always)]
    fn each_other<const RIGHT: bool>(&mut self, p: u32, mut step: impl FnMut(&mut Self, u32, u32)) {
        let mut q = if RIGHT { p + 1 } else { p - 1 };
        while q != p {
            let t = self.top(q);
            if t == 0 {
                q = if RIGHT { self.up(q) } else { self.down(q) };
                continue;
            }
            step(self, q, t);
            q = if RIGHT { q + 1 } else { q - 1 };
        }
    }

    /// Unlinks the nodes of `p`'s option, except `p` itself, from their
    /// items' lists, and returns how many it unlinked.
    #[inline(always)]
    pub(super) fn hide(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        self.each_other::<true>(p, |d, q, t| {
            let Link { up, down } = d.link(q);
            d.link_mut(up.get()).down = down;
            d.link_mut(down.get()).up = up;
            let len = d.len_mut(t);
            *len -= 1;
            if *len == 0 && t <= d.num_primary {
                d.emptied = if d.emptied == 0 { t } else { EMPTIED_MANY };
            }
            updates += 1;
        });
        updates
    }

    /// Undoes `hide(p)`, walking the option right to left.
    #[inline(always)]
    pub(super) fn unhide(&mut self, p: u32) {
        self.each_other::<false>(p, |d, q, t| {
            let Link { up, down } = d.link(q);
            let me = I::new(q);
            d.link_mut(up.get()).down = me;
            d.link_mut(down.get()).up = me;
            *d.len_mut(t) += 1;
        });
    }
}
