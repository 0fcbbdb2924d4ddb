//! The dancing links: Knuth's item and node arrays, and the dance steps that
//! change them (cover, hide, purify, tweak and their inverses).
//!
//! # Layout
//!
//! Item `k` of the [`Matrix`] (0-based [`ItemId`](crate::ItemId)) lives at
//! index `k + 1` of both arrays below; index 0 is the *root*. With `N` items of
//! which `N1` are primary:
//!
//! * `items[i].prev`, `items[i].next`: the doubly linked list of *active*
//!   items. The primary items `1..=N1` start out in a circular list through
//!   the root `0`; the secondary items `N1+1..=N` in a circular list through
//!   `N+1`, so that covering a secondary item never touches the root's list.
//!   Invariant: following `next` from the root visits exactly the primary items
//!   that still need covering, in their original order.
//! * `nodes[i]` for `1 <= i <= N` is the *header* of item `i`'s vertical list;
//!   its `top` field holds `len`, the number of nodes in the list.
//! * `nodes[N+1]` is the first *spacer*. Then come the options, back to back,
//!   each followed by a spacer. A spacer has `top == 0`; its `up` is the first
//!   node of the option before it and its `down` the last node of the option
//!   after it, so a walk along an option wraps around without knowing its
//!   length. A spacer's `color` holds the number of the option before it.
//! * Every other node `x` belongs to one option: `top` is its item, `up` and
//!   `down` link it into that item's vertical list (circular through the
//!   header), and `color` is its color (`0` for none, [`PURIFIED`] once an
//!   equal color has been fixed for its item by `purify`).
//!   Invariant: `nodes[i].top` (len) equals the number of nodes reachable from
//!   header `i` by `down` before returning to `i`.
//!
//! "Pointers" are `u32` array indices, not references: half the cache, and
//! the whole structure can be copied for another thread.
//!
//! # Multiplicities (Algorithm M)
//!
//! `bound[i]` is how many more options may still use primary item `i`, and
//! `slack[i]` is its upper bound minus its lower bound, fixed. An item whose
//! bound drops to zero is covered. Branching on an item whose bound stays
//! positive *tweaks* its rows one by one (removes each tried option from
//! every list, its own included) so that deeper levels can only add later
//! options of the same item: each multiset is reached once, never in k!
//! orders.
//!
//! # Why `uncover` must mirror `cover`
//!
//! Every removal leaves the removed node's own `up`/`down` untouched, so it
//! can be put back in O(1); but only if the nodes around it are back where
//! they were when it left. Undoing the steps in exactly the reverse order
//! (items right to left, rows bottom to top, nodes right to left) guarantees
//! that. [`Links::sanity`] checks the result.

use crate::matrix::Matrix;

/// The index of the root of the active-item list.
pub(crate) const ROOT: u32 = 0;

/// The color of a node whose option agrees with a color already chosen for
/// its item (Knuth's `-1`): such nodes are left in place by `hide`.
pub(crate) const PURIFIED: u32 = u32::MAX;

/// One node: a header, a spacer, or an item of an option (see the module
/// documentation for which field means what in each case).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    /// The item of an option's node; `len` in a header; `0` in a spacer.
    pub top: u32,
    /// The node's color; the option number in a spacer.
    pub color: u32,
}

/// A link in the list of active items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct ItemLink {
    pub prev: u32,
    pub next: u32,
}

/// Knuth's arrays for one search. See the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    pub nodes: Vec<Node>,
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
}

impl Links {
    /// Lays the matrix out in Knuth's arrays.
    pub fn new(m: &Matrix) -> Links {
        let n = m.num_items() as u32;
        let n1 = m.num_primary() as u32;
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

        let mut nodes = Vec::with_capacity(n as usize + 2 + m.num_entries() + m.num_options());
        for i in 0..=n {
            nodes.push(Node {
                up: i,
                down: i,
                top: 0,
                color: 0,
            });
        }
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        for opt in m.options() {
            let first = nodes.len() as u32;
            for e in m.option(opt) {
                let x = nodes.len() as u32;
                let i = e.item.index() as u32 + 1;
                let last = nodes[i as usize].up;
                nodes.push(Node {
                    up: last,
                    down: i,
                    top: i,
                    // Without colors the field holds the option's first node
                    // instead, for the branch-free `hide` of Algorithm X.
                    color: if m.has_colors() {
                        e.color.map_or(0, |c| c.get())
                    } else {
                        first
                    },
                });
                nodes[last as usize].down = x;
                nodes[i as usize].up = x;
                nodes[i as usize].top += 1;
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            spacer = nodes.len();
            nodes.push(Node {
                up: first,
                down: 0,
                top: 0,
                color: opt.index() as u32,
            });
        }
        let mut bound = vec![0; n1 as usize + 1];
        let mut slack = vec![0; n1 as usize + 1];
        for i in 0..n1 as usize {
            let (lo, hi) = m.bounds(crate::ItemId(i as u32));
            bound[i + 1] = hi;
            slack[i + 1] = hi - lo;
        }
        Links {
            nodes,
            items,
            bound,
            slack,
            num_primary: n1,
            num_items: n,
            updates: 0,
        }
    }

    // ---- Access to the arrays. The hot loop goes through these four
    // functions only, so that their bounds checks can be reasoned about in
    // one place.

    #[inline(always)]
    pub fn node(&self, x: u32) -> &Node {
        &self.nodes[x as usize]
    }

    #[inline(always)]
    pub fn node_mut(&mut self, x: u32) -> &mut Node {
        &mut self.nodes[x as usize]
    }

    #[inline(always)]
    pub fn item(&self, i: u32) -> &ItemLink {
        &self.items[i as usize]
    }

    #[inline(always)]
    pub fn item_mut(&mut self, i: u32) -> &mut ItemLink {
        &mut self.items[i as usize]
    }

    /// `len`: the number of options left in item `i`'s list.
    #[inline(always)]
    pub fn len(&self, i: u32) -> u32 {
        self.node(i).top
    }

    /// The first item still to be covered, or [`ROOT`] if none is left.
    #[inline(always)]
    pub fn first_active(&self) -> u32 {
        self.item(ROOT).next
    }

    /// Is `x` the header of an item rather than a node of an option?
    #[inline(always)]
    pub fn is_header(&self, x: u32) -> bool {
        x <= self.num_items
    }

    /// The number of the option that node `x` belongs to: the color field of
    /// the spacer that ends it.
    pub fn option_of(&self, mut x: u32) -> u32 {
        while self.node(x).top != 0 {
            x += 1;
        }
        self.node(x).color
    }

    // ---- The active-item list.

    #[inline(always)]
    pub fn deactivate(&mut self, i: u32) {
        let ItemLink { prev, next } = *self.item(i);
        self.item_mut(prev).next = next;
        self.item_mut(next).prev = prev;
    }

    #[inline(always)]
    pub fn reactivate(&mut self, i: u32) {
        let ItemLink { prev, next } = *self.item(i);
        self.item_mut(prev).next = i;
        self.item_mut(next).prev = i;
    }

    // ---- Algorithm X: cover and uncover.

    /// Removes item `i` from the active list and hides every option in its
    /// list from the other items' lists.
    #[inline(always)]
    pub fn cover<const COLORS: bool>(&mut self, i: u32) {
        self.deactivate(i);
        let nodes = &mut self.nodes[..];
        let mut updates = 1;
        let mut p = at(nodes, i).down;
        while p != i {
            updates += hide::<COLORS>(nodes, p);
            p = at(nodes, p).down;
        }
        self.updates += updates;
    }

    /// Undoes `cover(i)`: rows bottom to top, then the item itself.
    #[inline(always)]
    pub fn uncover<const COLORS: bool>(&mut self, i: u32) {
        let nodes = &mut self.nodes[..];
        let mut p = at(nodes, i).up;
        while p != i {
            unhide::<COLORS>(nodes, p);
            p = at(nodes, p).up;
        }
        self.reactivate(i);
    }

    /// Hides `p`'s option from the other lists (see [`hide`]).
    #[inline(always)]
    pub fn hide<const COLORS: bool>(&mut self, p: u32) {
        self.updates += hide::<COLORS>(&mut self.nodes, p);
    }

    /// Undoes [`Links::hide`].
    #[inline(always)]
    pub fn unhide<const COLORS: bool>(&mut self, p: u32) {
        unhide::<COLORS>(&mut self.nodes, p);
    }

    // ---- Algorithm C: purify and unpurify.

    /// Node `p` gives its secondary item color `c`: hide every option that
    /// gives the item another color, and mark the ones that agree, so that
    /// later hides leave them alone.
    pub fn purify(&mut self, p: u32) {
        let Node { top: i, color, .. } = *self.node(p);
        let mut q = self.node(i).down;
        while q != i {
            if self.node(q).color != color {
                self.hide::<true>(q);
            } else if q != p {
                self.node_mut(q).color = PURIFIED;
            }
            q = self.node(q).down;
        }
    }

    /// Undoes `purify(p)`, bottom to top.
    pub fn unpurify(&mut self, p: u32) {
        let Node { top: i, color, .. } = *self.node(p);
        let mut q = self.node(i).up;
        while q != i {
            if self.node(q).color == PURIFIED {
                self.node_mut(q).color = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.node(q).up;
        }
    }

    // ---- Algorithm M: tweak and untweak.

    /// Hides the option of node `n`, the first in its item's list, from every
    /// list including that item's own (Knuth's `tweak`).
    pub fn tweak<const COLORS: bool>(&mut self, n: u32) {
        let mut q = n + 1;
        loop {
            let Node {
                up,
                down,
                top,
                color,
            } = *self.node(q);
            if top == 0 {
                q = up;
                continue;
            }
            if !COLORS || color != PURIFIED {
                self.node_mut(up).down = down;
                self.node_mut(down).up = up;
                self.node_mut(top).top -= 1;
                self.updates += 1;
            }
            if q == n {
                break;
            }
            q += 1;
        }
    }

    /// Undoes all tweaks of item `i` made since its list began at node `x`.
    /// The tweaked nodes kept their `down` links, so the chain from `x` leads
    /// back to the node now first in the list.
    pub fn untweak<const COLORS: bool>(&mut self, i: u32, x: u32) {
        let z = self.node(i).down;
        self.node_mut(i).down = x;
        let mut k = 0;
        let mut prev = i;
        let mut r = x;
        while r != z {
            self.node_mut(r).up = prev;
            k += 1;
            let mut q = r + 1;
            while q != r {
                let Node {
                    up,
                    down,
                    top,
                    color,
                } = *self.node(q);
                if top == 0 {
                    q = up;
                    continue;
                }
                if !COLORS || color != PURIFIED {
                    self.node_mut(up).down = q;
                    self.node_mut(down).up = q;
                    self.node_mut(top).top += 1;
                }
                q += 1;
            }
            prev = r;
            r = self.node(r).down;
        }
        self.node_mut(z).up = prev;
        self.node_mut(i).top += k;
    }

    /// Removes node `n`, the first in the list of a *covered* item `i`, from
    /// that list only: its option is already hidden from the other lists
    /// (TAOCP's `tweak'`, used once an item's bound has reached zero).
    pub fn tweak_covered(&mut self, i: u32, n: u32) {
        let d = self.node(n).down;
        self.node_mut(i).down = d;
        self.node_mut(d).up = i;
        self.node_mut(i).top -= 1;
        self.updates += 1;
    }

    /// Undoes all `tweak_covered` calls on item `i` since its list began at
    /// node `x` (TAOCP's `untweak'`); the item stays covered.
    pub fn untweak_covered(&mut self, i: u32, x: u32) {
        let z = self.node(i).down;
        self.node_mut(i).down = x;
        let mut k = 0;
        let mut prev = i;
        let mut r = x;
        while r != z {
            self.node_mut(r).up = prev;
            k += 1;
            prev = r;
            r = self.node(r).down;
        }
        self.node_mut(z).up = prev;
        self.node_mut(i).top += k;
    }

    // ---- Committing the other items of a chosen option.

    /// Settles item `j` of a chosen option through node `p` (Knuth's
    /// `commit`): cover it, or purify it if the node has a color, or for an
    /// item with multiplicity use up one unit of its bound.
    #[inline(always)]
    pub fn commit<const COLORS: bool, const MULT: bool>(&mut self, p: u32, j: u32) {
        if MULT && j <= self.num_primary {
            self.bound[j as usize] -= 1;
            if self.bound[j as usize] == 0 {
                self.cover::<COLORS>(j);
            }
        } else if !COLORS {
            self.cover::<COLORS>(j);
        } else {
            let c = self.node(p).color;
            if c == 0 {
                self.cover::<COLORS>(j);
            } else if c != PURIFIED {
                self.purify(p);
            }
        }
    }

    /// Undoes `commit(p, j)`.
    #[inline(always)]
    pub fn uncommit<const COLORS: bool, const MULT: bool>(&mut self, p: u32, j: u32) {
        if MULT && j <= self.num_primary {
            if self.bound[j as usize] == 0 {
                self.uncover::<COLORS>(j);
            }
            self.bound[j as usize] += 1;
        } else if !COLORS {
            self.uncover::<COLORS>(j);
        } else {
            let c = self.node(p).color;
            if c == 0 {
                self.uncover::<COLORS>(j);
            } else if c != PURIFIED {
                self.unpurify(p);
            }
        }
    }

    /// Commits every item of `x`'s option except `x`'s own, left to right.
    #[inline(always)]
    pub fn commit_others<const COLORS: bool, const MULT: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let j = self.node(p).top;
            if j == 0 {
                p = self.node(p).up;
            } else {
                self.commit::<COLORS, MULT>(p, j);
                p += 1;
            }
        }
    }

    /// Undoes `commit_others(x)`, right to left.
    #[inline(always)]
    pub fn uncommit_others<const COLORS: bool, const MULT: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.node(p).top;
            if j == 0 {
                p = self.node(p).down;
            } else {
                self.uncommit::<COLORS, MULT>(p, j);
                p -= 1;
            }
        }
    }

    // ---- Choosing the item to branch on.

    /// Algorithms X and C: the first active primary item with the fewest
    /// options, as DLX1 and DLX2 choose (the scan stops at a length of 0).
    /// Returns the item and its length; the root list must not be empty.
    #[inline(always)]
    pub fn choose_min_len(&self) -> (u32, u32) {
        let mut best = ROOT;
        let mut min = u32::MAX;
        let mut k = self.first_active();
        while k != ROOT {
            let l = self.len(k);
            if l < min {
                best = k;
                min = l;
                if l == 0 {
                    break;
                }
            }
            k = self.item(k).next;
        }
        (best, min)
    }

    /// Algorithm M: the active primary item with the smallest branching
    /// degree `len + s - bound + 1` where `s = min(slack, bound)` (DLX3's
    /// rule: ties to the smaller `s`, then to the longer list, then to the
    /// first). Items that constrain nothing (`s == bound >= len`) come last:
    /// DLX3 stops there and reports a "core" solution, we branch on them so
    /// that every solution is counted exactly. Returns the item and its
    /// degree, which may be `<= 0` when the item can no longer be satisfied.
    pub fn choose_mult(&self) -> (u32, i64) {
        let mut best = ROOT;
        let mut best_key = (true, i64::MAX, u32::MAX, 0i64);
        let mut k = self.first_active();
        while k != ROOT {
            let len = self.len(k);
            let b = self.bound[k as usize];
            let s = self.slack[k as usize].min(b);
            let score = len as i64 + s as i64 - b as i64 + 1;
            let free = s == b && len <= b;
            let key = (free, score, s, -(len as i64));
            if key < best_key {
                best = k;
                best_key = key;
            }
            k = self.item(k).next;
        }
        (best, best_key.1)
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
            let mut p = self.node(i).down;
            let mut k = 0;
            loop {
                if self.node(p).up != q {
                    return Err(format!("bad up link at node {p} in item {i}"));
                }
                if p == i {
                    break;
                }
                if self.node(p).top != i {
                    return Err(format!(
                        "node {p} in the list of item {i} belongs elsewhere"
                    ));
                }
                k += 1;
                if k as usize > self.nodes.len() {
                    return Err(format!("list of item {i} does not close"));
                }
                q = p;
                p = self.node(p).down;
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

// ---- The hot loop.
//
// `hide` and `unhide` run for almost every update of a search, so they work
// on a plain slice (no reloading of the vector through `self`) and keep their
// update count in a register.

/// The node at index `x`.
#[inline(always)]
fn at(nodes: &[Node], x: u32) -> &Node {
    debug_assert!((x as usize) < nodes.len(), "node {x} out of bounds");
    // SAFETY: every `up`, `down` and `top` field holds the index of a node
    // (checked by `Links::new`, which builds them from the matrix), and the
    // dance steps only ever copy such fields into each other, so every index
    // reached by following links is below `nodes.len()`. `p + 1` and `p - 1`
    // from a node of an option stay inside its option or reach the spacers
    // that bound it. The debug assertion checks this in every test run.
    unsafe { nodes.get_unchecked(x as usize) }
}

/// The node at index `x`, to change.
#[inline(always)]
fn at_mut(nodes: &mut [Node], x: u32) -> &mut Node {
    debug_assert!((x as usize) < nodes.len(), "node {x} out of bounds");
    // SAFETY: as for `at`.
    unsafe { nodes.get_unchecked_mut(x as usize) }
}

/// Unlinks the nodes of `p`'s option, except `p` itself, from their items'
/// lists, and returns how many it unlinked. Purified nodes stay: their items
/// are settled.
#[inline(always)]
fn hide<const COLORS: bool>(nodes: &mut [Node], p: u32) -> u64 {
    if !COLORS {
        return hide_plain(nodes, p);
    }
    let mut updates = 0;
    let mut q = p + 1;
    while q != p {
        let Node {
            up,
            down,
            top,
            color,
        } = *at(nodes, q);
        if top == 0 {
            q = up; // a spacer: wrap to the option's first node
            continue;
        }
        if color != PURIFIED {
            at_mut(nodes, up).down = down;
            at_mut(nodes, down).up = up;
            at_mut(nodes, top).top -= 1;
            updates += 1;
        }
        q += 1;
    }
    updates
}

/// `hide` without colors, where every option node holds the index of its
/// option's first node in `color`. It walks the whole option from first to
/// last node with no test for spacers, and sends the writes for `p` itself to
/// the unused node 0 instead of branching around them: the loop then runs a
/// fixed number of times for options of one length, which the processor
/// predicts perfectly (Knuth's loop mispredicts where it meets the spacer).
#[inline(always)]
fn hide_plain(nodes: &mut [Node], p: u32) -> u64 {
    let first = at(nodes, p).color;
    let last = at(nodes, first - 1).down;
    for q in first..=last {
        let Node { up, down, top, .. } = *at(nodes, q);
        // All ones, except all zeros for `p` itself: its writes go to node 0.
        let keep = u32::from(q == p).wrapping_sub(1);
        let (up, down, top) = (up & keep, down & keep, top & keep);
        at_mut(nodes, up).down = down;
        at_mut(nodes, down).up = up;
        let len = &mut at_mut(nodes, top).top;
        *len = len.wrapping_sub(1);
    }
    u64::from(last - first)
}

/// Undoes `hide(p)`, walking the option right to left.
#[inline(always)]
fn unhide<const COLORS: bool>(nodes: &mut [Node], p: u32) {
    if !COLORS {
        return unhide_plain(nodes, p);
    }
    let mut q = p - 1;
    while q != p {
        let Node {
            up,
            down,
            top,
            color,
        } = *at(nodes, q);
        if top == 0 {
            q = down; // a spacer: wrap to the option's last node
            continue;
        }
        if color != PURIFIED {
            at_mut(nodes, up).down = q;
            at_mut(nodes, down).up = q;
            at_mut(nodes, top).top += 1;
        }
        q -= 1;
    }
}

/// Undoes `hide_plain(p)`, last node to first.
#[inline(always)]
fn unhide_plain(nodes: &mut [Node], p: u32) {
    let first = at(nodes, p).color;
    let last = at(nodes, first - 1).down;
    for q in (first..=last).rev() {
        let Node { up, down, top, .. } = *at(nodes, q);
        let keep = u32::from(q == p).wrapping_sub(1);
        let (up, down, top) = (up & keep, down & keep, top & keep);
        at_mut(nodes, up).down = q & keep;
        at_mut(nodes, down).up = q & keep;
        let len = &mut at_mut(nodes, top).top;
        *len = len.wrapping_add(1);
    }
}
