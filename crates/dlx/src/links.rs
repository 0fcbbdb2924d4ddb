//! The dancing links: Knuth's item and node arrays, and the dance steps that
//! change them (cover, hide, purify, tweak and their inverses).
//! Submodule `dance` holds the node index type, the link and the hot
//! loop's unchecked view of the node arrays (hide, unhide); `mult` the steps
//! of Algorithm M.
//!
//! # Layout
//!
//! Item `k` of the [`Matrix`] (0-based [`ItemId`](crate::ItemId)) is item
//! `k + 1` here; index 0 is the *root*. With `N` items of which `N1` are
//! primary, the node indices are: `1..=N` the item *headers*, `N+1` the first
//! *spacer*, then the options back to back, each followed by a spacer.
//!
//! Knuth keeps each node's fields together in one struct; we keep them in
//! parallel arrays ("structure of arrays"), because the inner loop reads
//! `top` along an option but writes `up`/`down` all over the array: splitting
//! them packs twice as many links into each cache line. Indices are `u16`
//! when the matrix has fewer than 65,536 nodes, `u32` otherwise (the [`Index`]
//! type): half the bytes again. Measured in `docs/performance.md`.
//!
//! * `link[x] = (up, down)`: node `x`'s neighbours in its item's vertical
//!   list, circular through the header. For a spacer, `up` is the first node
//!   of the option before it and `down` the last node of the option after
//!   it, so a walk along an option wraps around without knowing its length.
//! * `top[x]`: the item of option node `x`; 0 for spacers (and headers).
//! * `len[i]`: the number of nodes in item `i`'s list.
//!   Invariant: `len[i]` equals the number of nodes reached from header `i`
//!   by `down` before coming back to `i`, and each of them has `top == i`.
//! * `color[x]`: the color of option node `x` (0 for none); a spacer holds
//!   the number of the option before it. Never changed by the search.
//! * `settled[i]`: for a secondary item whose color a chosen option has
//!   fixed, the node of that option (the one `purify` started from); 0 while
//!   the item is free.
//! * `items[i] = (prev, next)`: the doubly linked list of *active* items.
//!   The primary items `1..=N1` start out in a circular list through the root
//!   `0`; the secondary items `N1+1..=N` in one through `N+1`, so covering a
//!   secondary item never touches the root's list. Invariant: following
//!   `next` from the root visits exactly the primary items still to be
//!   covered, in their original order.
//!
//! "Pointers" are array indices, not references: small, and the whole
//! structure can be copied for another thread.
//!
//! # Multiplicities (Algorithm M)
//!
//! `bound[i]` is how many more options may still use primary item `i`, and
//! `slack[i]` its upper bound minus its lower bound, fixed. An item whose
//! bound drops to zero is covered. Branching on an item whose bound stays
//! positive *tweaks* its options one by one (removes each tried option from
//! every list, its own item's included) so that deeper levels can only add
//! later options of the same item: each multiset is reached once, never in
//! k! orders.
//!
//! # Why undoing must mirror doing
//!
//! A removed node keeps its own `up`/`down`, so it can be put back in O(1),
//! but only if the nodes around it are back where they were when it left.
//! Undoing the steps in exactly the reverse order (items right to left,
//! options bottom to top, nodes right to left) guarantees that.
//! [`Links::sanity`] checks the result.

mod dance;
mod mult;

use crate::engine::{Engine, Multiplicities};
use crate::matrix::Matrix;
use dance::{Dance, EMPTIED_MANY};
pub(crate) use dance::{Index, Link};
use std::ops::ControlFlow;

/// The index of the root of the active-item list.
pub(crate) const ROOT: u32 = 0;

/// A link in the list of active items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct ItemLink {
    pub prev: u32,
    pub next: u32,
}

/// Knuth's arrays for one search. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Links<I: Index> {
    pub link: Vec<Link<I>>,
    pub top: Vec<I>,
    pub len: Vec<u32>,
    pub color: Vec<u32>,
    pub items: Vec<ItemLink>,
    /// Remaining capacity of each primary item (Algorithm M only).
    pub bound: Vec<u32>,
    /// Upper minus lower bound of each primary item (Algorithm M only).
    pub slack: Vec<u32>,
    /// `N1`: items `1..=N1` are primary.
    pub num_primary: u32,
    /// `N`: the number of items.
    pub num_items: u32,
    /// Removals made so far (Knuth's *updates*).
    pub updates: u64,
    /// A primary item whose list a hide has just emptied (0: none since the
    /// flag was last cleared). See [`Links::commit_others`].
    pub emptied: u32,
    /// Has a hide emptied a primary item's list since the flag was last
    /// cleared? Unlike `emptied`, nothing but [`Engine::clear_zeroed`]
    /// clears it: the solver's choice rule learns from it that no item can
    /// have an empty list (see `State::none_empty`).
    pub zeroed: bool,
    /// See the module documentation.
    pub settled: Vec<u32>,
}

/// The number of nodes the links of `m` need: headers, option nodes, spacers.
pub(crate) fn node_count(m: &Matrix) -> usize {
    m.num_items() + 1 + m.num_entries() + m.num_options() + 1
}

impl<I: Index> Links<I> {
    /// Lays the matrix out in Knuth's arrays. The caller checks that
    /// `node_count(m) <= I::CAPACITY`.
    pub fn new(m: &Matrix) -> Links<I> {
        let n = m.num_items() as u32;
        let n1 = m.num_primary() as u32;
        let count = node_count(m);
        assert!(count <= I::CAPACITY, "index type too small for the matrix");
        let mut items = vec![ItemLink::default(); n as usize + 2];
        // Primary items: a circular list through the root.
        for i in 0..=n1 {
            items[i as usize].next = if i == n1 { ROOT } else { i + 1 };
            items[i as usize].prev = if i == 0 { n1 } else { i - 1 };
        }
        // Secondary items: a circular list through n + 1.
        let head = n + 1;
        let mut prev = head;
        for i in n1 + 1..=n {
            items[prev as usize].next = i;
            items[i as usize].prev = prev;
            prev = i;
        }
        items[prev as usize].next = head;
        items[head as usize].prev = prev;

        let mut link = Vec::with_capacity(count);
        let mut top = Vec::with_capacity(count);
        let mut color = Vec::with_capacity(count);
        let mut len = vec![0u32; n as usize + 1];
        for i in 0..=n {
            link.push(Link {
                up: I::new(i),
                down: I::new(i),
            });
            top.push(I::new(0));
            color.push(0);
        }
        let mut spacer = link.len();
        link.push(Link::default());
        top.push(I::new(0));
        color.push(0);
        for opt in m.options() {
            let first = link.len() as u32;
            for e in m.option(opt) {
                let x = link.len() as u32;
                let i = e.item.index() as u32 + 1;
                let last = link[i as usize].up;
                link.push(Link {
                    up: last,
                    down: I::new(i),
                });
                top.push(I::new(i));
                color.push(e.color.map_or(0, |c| c.get()));
                link[last.get() as usize].down = I::new(x);
                link[i as usize].up = I::new(x);
                len[i as usize] += 1;
            }
            link[spacer].down = I::new(link.len() as u32 - 1);
            spacer = link.len();
            link.push(Link {
                up: I::new(first),
                down: I::new(0),
            });
            top.push(I::new(0));
            color.push(opt.index() as u32);
        }
        debug_assert_eq!(link.len(), count);
        let mut bound = vec![0; n1 as usize + 1];
        let mut slack = vec![0; n1 as usize + 1];
        for i in 0..n1 as usize {
            let (lo, hi) = m.bounds(crate::ItemId(i as u32));
            bound[i + 1] = hi;
            slack[i + 1] = hi - lo;
        }
        Links {
            link,
            top,
            len,
            color,
            items,
            bound,
            slack,
            num_primary: n1,
            num_items: n,
            updates: 0,
            emptied: 0,
            zeroed: true,
            settled: vec![0; n as usize + 2],
        }
    }

    #[inline(always)]
    pub fn up(&self, x: u32) -> u32 {
        self.link[x as usize].up.get()
    }

    #[inline(always)]
    pub fn top(&self, x: u32) -> u32 {
        self.top[x as usize].get()
    }

    /// The node after option node `p` in its option, the last one's
    /// after being the first: the spacer that ends an option points `up` to
    /// its first node.
    #[inline(always)]
    fn right_of(&self, p: u32) -> u32 {
        let q = p + 1;
        if self.top(q) == 0 { self.up(q) } else { q }
    }

    /// The node before option node `p` in its option, the first one's
    /// before being the last: the spacer before an option points `down` to
    /// its last node.
    #[inline(always)]
    fn left_of(&self, p: u32) -> u32 {
        let q = p - 1;
        if self.top(q) == 0 { self.down(q) } else { q }
    }

    #[inline(always)]
    pub fn item(&self, i: u32) -> ItemLink {
        self.items[i as usize]
    }

    /// The arrays the hot loop works on, as plain slices.
    #[inline(always)]
    fn dance(&mut self) -> Dance<'_, I> {
        Dance {
            link: &mut self.link,
            top: &self.top,
            len: &mut self.len,
            color: &mut self.color,
            num_primary: self.num_primary,
            emptied: 0,
        }
    }

    #[inline(always)]
    fn note_emptied(&mut self, emptied: u32) {
        if emptied != 0 {
            self.emptied = emptied;
            self.zeroed = true;
        }
    }

    // ---- Algorithm C: purify and unpurify.

    /// Node `p` gives its secondary item color `c`: hide every option that
    /// gives the item another color, and record in `settled` that the item's
    /// color is fixed, so that the other options of color `c` leave it alone
    /// when they are committed.
    ///
    /// Knuth's DLX2 instead marks each agreeing node (color `-1`) and makes
    /// `hide` skip marked nodes; that costs a read of the color array for
    /// every node hidden anywhere, and a write and a restore per agreeing
    /// node. Our hides unlink agreeing nodes like any other, which keeps the
    /// item's list exact, and `unpurify` finds the hidden options by their
    /// color alone. 6% faster on Another Tough Puzzle (docs/performance.md).
    pub fn purify(&mut self, p: u32) {
        let i = self.top(p);
        let c = self.color[p as usize];
        self.settled[i as usize] = p;
        let mut dance = self.dance();
        let mut updates = 0;
        let mut q = dance.down(i);
        while q != i {
            if dance.color[q as usize] != c {
                updates += dance.hide(q);
            }
            q = dance.down(q);
        }
        let emptied = dance.emptied;
        self.note_emptied(emptied);
        self.updates += updates;
    }

    /// Undoes `purify(p)`, bottom to top.
    pub fn unpurify(&mut self, p: u32) {
        let i = self.top(p);
        let c = self.color[p as usize];
        let mut dance = self.dance();
        let mut q = dance.up(i);
        while q != i {
            if dance.color[q as usize] != c {
                dance.unhide(q);
            }
            q = dance.up(q);
        }
        self.settled[i as usize] = 0;
    }

    // ---- Committing the other items of a chosen option.

    /// Settles item `j` of a chosen option through node `p` (Knuth's
    /// `commit`): cover it, or purify it if the node has a color, or for an
    /// item with multiplicity use up one unit of its bound.
    #[inline(always)]
    fn commit_item<const COLORS: bool, const MULT: bool>(&mut self, p: u32, j: u32) {
        if MULT && j <= self.num_primary {
            self.bound[j as usize] -= 1;
            if self.bound[j as usize] == 0 {
                self.cover(j);
            }
        } else if !COLORS {
            self.cover(j);
        } else {
            if self.color[p as usize] == 0 {
                self.cover(j);
            } else if self.settled[j as usize] == 0 {
                self.purify(p);
            }
        }
    }

    /// Undoes `commit_item(p, j)`.
    #[inline(always)]
    fn uncommit_item<const COLORS: bool, const MULT: bool>(&mut self, p: u32, j: u32) {
        if MULT && j <= self.num_primary {
            if self.bound[j as usize] == 0 {
                self.uncover(j);
            }
            self.bound[j as usize] += 1;
        } else if !COLORS {
            self.uncover(j);
        } else {
            if self.color[p as usize] == 0 {
                self.uncover(j);
            } else if self.settled[j as usize] == p {
                self.unpurify(p);
            }
        }
    }

    /// Commits every item of `x`'s option except `x`'s own, left to right.
    ///
    /// With `EARLY`, gives up as soon as the choice is seen to be a dead end:
    /// when a commit empties the list of a primary item that the option
    /// itself does not cover, no solution lies below, and the rest of the
    /// option need not be committed. Returns the last node committed in that
    /// case (undo with [`uncommit_through`](Self::uncommit_through)), `None`
    /// when all were. Algorithms X and C only: under M an empty list may be
    /// fine.
    ///
    /// An item covered earlier never loses nodes (its options are hidden
    /// from every other list), so an emptied item is still to be covered:
    /// either by this option (then it is no dead end) or by nothing. Every
    /// list a commit empties is looked at, several emptied by one cover
    /// included ([`EMPTIED_MANY`]): the option is given up exactly when the
    /// bitset engine gives it up (an item still to be covered is left
    /// without options), so that both list the same subproblems below a
    /// node and a checkpoint of one resumes on the other. (The cover of the
    /// level's own item, before the commit, leaves no such item under
    /// DLX1's rule: the item it empties has no option but those of the
    /// item covered, which it ties with on length, so it has them all, and
    /// every option of the level holds it.)
    #[inline(always)]
    pub fn commit_others<const COLORS: bool, const MULT: bool, const EARLY: bool>(
        &mut self,
        x: u32,
    ) -> Option<u32> {
        debug_assert!(
            !(EARLY && MULT),
            "early dead ends are for Algorithms X and C"
        );
        self.emptied = 0;
        // The hot loop of every commit: steps of `right_of` written out,
        // reading each node's `top` once.
        let mut p = x + 1;
        while p != x {
            let j = self.top(p);
            if j == 0 {
                p = self.up(p);
            } else {
                self.commit_item::<COLORS, MULT>(p, j);
                if EARLY && self.emptied != 0 {
                    let dead = if self.emptied == EMPTIED_MANY {
                        self.emptied_elsewhere(x)
                    } else {
                        !self.option_has(x, self.emptied)
                    };
                    if dead {
                        return Some(p);
                    }
                    self.emptied = 0;
                }
                p += 1;
            }
        }
        None
    }

    /// Is the list of an active primary item that `x`'s option does not
    /// hold empty? What an early dead-end check asks when one cover emptied
    /// several lists ([`EMPTIED_MANY`]): a rare case, so a scan of the
    /// active items is cheap enough.
    fn emptied_elsewhere(&self, x: u32) -> bool {
        let mut k = self.items[ROOT as usize].next;
        while k != ROOT {
            if self.len[k as usize] == 0 && !self.option_has(x, k) {
                return true;
            }
            k = self.items[k as usize].next;
        }
        false
    }

    /// Does the option of node `x` contain item `k`?
    pub fn option_has(&self, x: u32, k: u32) -> bool {
        let mut p = self.right_of(x);
        while p != x {
            if self.top(p) == k {
                return true;
            }
            p = self.right_of(p);
        }
        false
    }

    /// Undoes `commit_others(x)` in full, right to left.
    #[inline(always)]
    pub fn uncommit_others<const COLORS: bool, const MULT: bool>(&mut self, x: u32) {
        let last = self.left_of(x);
        if last != x {
            self.uncommit_through::<COLORS, MULT>(x, last);
        }
    }

    /// Undoes a `commit_others(x)` that committed up to node `last`, right to
    /// left back to the first node it committed.
    #[inline(always)]
    pub fn uncommit_through<const COLORS: bool, const MULT: bool>(&mut self, x: u32, last: u32) {
        let first = self.right_of(x);
        // Steps of `left_of` written out, as in `commit_others`.
        let mut p = last;
        loop {
            let j = self.top(p);
            if j == 0 {
                p = self.down(p);
                continue;
            }
            self.uncommit_item::<COLORS, MULT>(p, j);
            if p == first {
                break;
            }
            p -= 1;
        }
    }

    // ---- Checking.

    /// Checks every redundant field (Knuth's `sanity`): the active lists are
    /// doubly linked, every vertical list is doubly linked through its header
    /// with the right `len`, and every node in it belongs to that item.
    pub fn sanity(&self) -> Result<(), String> {
        for head in [ROOT, self.num_items + 1] {
            let mut q = head;
            let mut p = self.item(q).next;
            let mut steps = 0;
            loop {
                if self.item(p).prev != q {
                    return Err(format!("bad prev link at item {p}"));
                }
                if p == head {
                    break;
                }
                if head == ROOT && p > self.num_primary || head != ROOT && p <= self.num_primary {
                    return Err(format!("item {p} is in the wrong active list"));
                }
                steps += 1;
                if steps > self.num_items {
                    return Err("active list does not close".into());
                }
                q = p;
                p = self.item(p).next;
            }
        }
        for i in 1..=self.num_items {
            let mut q = i;
            let mut p = self.down(i);
            let mut k = 0;
            loop {
                if self.up(p) != q {
                    return Err(format!("bad up link at node {p} in item {i}"));
                }
                if p == i {
                    break;
                }
                if self.top(p) != i {
                    return Err(format!(
                        "node {p} in the list of item {i} belongs elsewhere"
                    ));
                }
                k += 1;
                if k > self.num_nodes() {
                    return Err(format!("list of item {i} does not close"));
                }
                q = p;
                p = self.down(p);
            }
            if self.len(i) != k {
                return Err(format!(
                    "len of item {i} is {} but its list has {k}",
                    self.len(i)
                ));
            }
        }
        Ok(())
    }
}

impl<I: Index> Engine for Links<I> {
    fn num_nodes(&self) -> u32 {
        self.link.len() as u32
    }

    /// Is `x` the header of an item rather than a node of an option?
    #[inline(always)]
    fn is_header(&self, x: u32) -> bool {
        x <= self.num_items
    }

    /// The number of the option that node `x` belongs to: the color field of
    /// the spacer that ends it.
    fn option_of(&self, mut x: u32) -> u32 {
        while self.top(x) != 0 {
            x += 1;
        }
        self.color[x as usize]
    }

    /// The first item still to be covered, or [`ROOT`] if none is left.
    #[inline(always)]
    fn first_active(&self) -> u32 {
        self.items[ROOT as usize].next
    }

    #[inline(always)]
    fn zeroed(&self) -> bool {
        self.zeroed
    }

    #[inline(always)]
    fn clear_zeroed(&mut self) {
        self.zeroed = false;
    }

    /// Walks the list of active primary items from the root: covered items
    /// are not on it.
    #[inline(always)]
    fn scan_items(&self, mut f: impl FnMut(u32, u32) -> ControlFlow<()>) {
        let mut k = self.first_active();
        while k != ROOT {
            if f(k, self.len[k as usize]).is_break() {
                return;
            }
            k = self.items[k as usize].next;
        }
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.link[x as usize].down.get()
    }

    /// Removes item `i` from the active list and hides every option in its
    /// list from the other items' lists.
    #[inline(always)]
    fn cover(&mut self, i: u32) {
        self.deactivate(i);
        let mut dance = self.dance();
        let mut updates = 1;
        let mut p = dance.down(i);
        while p != i {
            updates += dance.hide(p);
            p = dance.down(p);
        }
        let emptied = dance.emptied;
        self.note_emptied(emptied);
        self.updates += updates;
    }

    /// Undoes `cover(i)`: options bottom to top, then the item itself.
    #[inline(always)]
    fn uncover(&mut self, i: u32) {
        let mut dance = self.dance();
        let mut p = dance.up(i);
        while p != i {
            dance.unhide(p);
            p = dance.up(p);
        }
        self.reactivate(i);
    }

    #[inline(always)]
    fn commit<const COLORS: bool, const EARLY: bool>(&mut self, x: u32) -> bool {
        match self.commit_others::<COLORS, false, EARLY>(x) {
            None => true,
            Some(last) => {
                self.uncommit_through::<COLORS, false>(x, last);
                false
            }
        }
    }

    #[inline(always)]
    fn uncommit<const COLORS: bool>(&mut self, x: u32) {
        self.uncommit_others::<COLORS, false>(x)
    }
}
