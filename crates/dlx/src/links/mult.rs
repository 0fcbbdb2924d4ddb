//! Algorithm M's steps on the links ([`Multiplicities`]): bounds, DLX3's
//! choice of item, the null move and tweaks (see the module documentation
//! of `links`).

use super::dance::Index;
use super::{ItemLink, Links, ROOT};
use crate::engine::{Engine, Multiplicities};

impl<I: Index> Multiplicities for Links<I> {
    /// `len`: the number of options left in item `i`'s list.
    #[inline(always)]
    fn len(&self, i: u32) -> u32 {
        self.len[i as usize]
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

    /// Algorithm M: the active primary item with the smallest branching
    /// degree `len + s - bound + 1` where `s = min(slack, bound)` (DLX3's
    /// rule: ties to the smaller `s`, then to the longer list, then to the
    /// first). Items that constrain nothing (`s == bound >= len`) come last:
    /// DLX3 stops there and reports a "core" solution, we branch on them so
    /// that every solution is counted exactly. Returns the item and its
    /// degree, which may be `<= 0` when the item can no longer be satisfied.
    fn choose_mult(&self) -> (u32, i64) {
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
            k = self.items[k as usize].next;
        }
        (best, best_key.1)
    }

    fn commit_mult<const COLORS: bool>(&mut self, x: u32) {
        let done = self.commit_others::<COLORS, true, false>(x);
        debug_assert!(done.is_none(), "Algorithm M never gives up an option");
    }

    fn uncommit_mult<const COLORS: bool>(&mut self, x: u32) {
        self.uncommit_others::<COLORS, true>(x)
    }

    /// Hides the option of node `n`, the first in its item's list, from every
    /// list including that item's own (Knuth's `tweak`).
    fn tweak(&mut self, n: u32) {
        let mut dance = self.dance();
        let updates = dance.hide(n) + 1;
        dance.unlink(n);
        self.updates += updates;
    }

    /// Undoes all tweaks of item `i` made since its list began at node `x`.
    /// The tweaked nodes kept their `down` links, so the chain from `x` leads
    /// back to the node now first in the list. With `COVERED` (TAOCP's
    /// `untweak'`) the item is covered and its options stay hidden from the
    /// other lists: only its own list is restored.
    fn untweak<const COVERED: bool>(&mut self, i: u32, x: u32) {
        let mut dance = self.dance();
        let z = dance.down(i);
        dance.set_down(i, x);
        let mut k = 0;
        let mut prev = i;
        let mut r = x;
        while r != z {
            dance.set_up(r, prev);
            k += 1;
            if !COVERED {
                dance.unhide(r);
            }
            prev = r;
            r = dance.down(r);
        }
        dance.set_up(z, prev);
        self.len[i as usize] += k;
    }

    /// Removes node `n`, the first in the list of a *covered* item `i`, from
    /// that list only: its option is already hidden from the other lists
    /// (TAOCP's `tweak'`, used once an item's bound has reached zero).
    fn tweak_covered(&mut self, n: u32) {
        self.dance().unlink(n);
        self.updates += 1;
    }

    #[inline(always)]
    fn deactivate(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    #[inline(always)]
    fn reactivate(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
    }
}
