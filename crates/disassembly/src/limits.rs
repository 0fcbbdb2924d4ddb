//! What blocks what at one position of a disassembly search: every pair
//! of pieces' limits in each direction (from the movement cache), the
//! blocking relations they make as bit rows (for one step, two steps and
//! leaving), kept from position to position, and the closures grown from
//! them (see the [`search`](super::search) module for how the moves use
//! them).

use super::cache::{Cache, Masks};
use super::motion::{FREE, Motion};
use super::positions::Packed;

/// The limits of every pair of pieces at one position, as pairs of the
/// movement cache, and the blocking relations they make.
///
/// Invariant (after `Search::fill_limits` for a position): for `i < j`,
/// `pair[i n + j]` is the cache's pair of `i`'s shape and `j`'s shape at
/// `j`'s position minus `i`'s (with masks `masks[i n + j]`), and
/// `rel[i n + j]` is `j`'s packed offset minus `i`'s, so that
/// [`lim`](Self::lim)`(d, i, j)` is how many unit steps piece `i` can
/// make in direction `d` while `j` stays put ([`FREE`]: any number); bit
/// `j` of `stuck[d n + i]` is set exactly when that limit is finite (`j`
/// blocks `i` from leaving in direction `d`), and bit `j` of
/// `touch[d n + i]` exactly when it is 0 (`i` cannot take a single step
/// without `j`; most groups are found too big at one step, from these
/// bits alone), bit `j` of `near[d n + i]` exactly when it is at most 1
/// (`i` cannot take two steps without `j`: most groups that move meet
/// their next piece after one step, found from these bits alone). Pairs
/// whose offset did not change from the position filled before are kept
/// as they are: only the others are looked up.
/// Bit `d` of `stuck_changed` is set when some `stuck[d n + i]` changed
/// since [`take_stuck_changed`](Self::take_stuck_changed) was last called
/// (all of them at first).
pub(super) struct LimitTable {
    n: usize,
    dirs: usize,
    pub(super) pair: Vec<u32>,
    pub(super) rel: Vec<Packed>,
    masks: Vec<Masks>,
    pub(super) stuck: Vec<u64>,
    touch: Vec<u64>,
    near: Vec<u64>,
    stuck_changed: u64,
}

/// Makes `v` `len` copies of `x`, in the memory it has.
fn refill<T: Clone>(v: &mut Vec<T>, len: usize, x: T) {
    v.clear();
    v.resize(len, x);
}

/// No pair yet: `rel` never matches (differences of packed offsets are
/// below `2^47` in absolute value).
const NO_REL: Packed = 1 << 63;

impl LimitTable {
    /// An empty table, to be [`restart`](Self::restart)ed before use.
    pub(super) fn empty() -> LimitTable {
        LimitTable {
            n: 0,
            dirs: 0,
            pair: Vec::new(),
            rel: Vec::new(),
            masks: Vec::new(),
            stuck: Vec::new(),
            touch: Vec::new(),
            near: Vec::new(),
            stuck_changed: 0,
        }
    }

    /// The table of `n` pieces in `dirs` directions before any position
    /// is filled (no pair known), reusing the arrays of the table before.
    pub(super) fn restart(&mut self, n: usize, dirs: usize) {
        (self.n, self.dirs) = (n, dirs);
        refill(&mut self.pair, n * n, 0);
        refill(&mut self.rel, n * n, NO_REL);
        refill(&mut self.masks, n * n, Masks::default());
        refill(&mut self.stuck, dirs * n, 0);
        refill(&mut self.touch, dirs * n, 0);
        refill(&mut self.near, dirs * n, 0);
        self.stuck_changed = u64::MAX;
    }

    /// The directions whose blocking rows for leaving changed since the
    /// last call (every direction at the first).
    pub(super) fn take_stuck_changed(&mut self) -> u64 {
        std::mem::take(&mut self.stuck_changed)
    }

    /// How many unit steps piece `i` can make in direction `d` while `j`
    /// (another piece) stays put.
    fn lim(&self, cache: &Cache, d: usize, i: usize, j: usize) -> u16 {
        if i < j {
            cache.limit(self.pair[i * self.n + j], d, self.dirs)
        } else {
            cache.limit(self.pair[j * self.n + i], Motion::opposite(d), self.dirs)
        }
    }

    /// Gives pair `(i, j)` (`i < j`) the masks `m` (of its new cache
    /// pair), flipping the bits of the directions where they differ from
    /// the masks before.
    pub(super) fn set_masks(&mut self, i: usize, j: usize, m: Masks) {
        let n = self.n;
        let old = std::mem::replace(&mut self.masks[i * n + j], m);
        let flip = |rows: &mut [u64], mut diff: u64, i: usize, j: usize| {
            while diff != 0 {
                let d = diff.trailing_zeros() as usize;
                diff &= diff - 1;
                rows[d * n + i] ^= 1 << j;
            }
        };
        let diff = Masks {
            touch: old.touch ^ m.touch,
            near: old.near ^ m.near,
            stuck: old.stuck ^ m.stuck,
        };
        let rev = diff.reversed();
        flip(&mut self.touch, diff.touch, i, j);
        flip(&mut self.touch, rev.touch, j, i);
        flip(&mut self.near, diff.near, i, j);
        flip(&mut self.near, rev.near, j, i);
        flip(&mut self.stuck, diff.stuck, i, j);
        flip(&mut self.stuck, rev.stuck, j, i);
        self.stuck_changed |= diff.stuck | rev.stuck;
    }

    /// The smallest set holding `set` such that no member `i` would hit a
    /// piece `j` outside it by moving `s` steps in direction `d`
    /// (`lim(d, i, j) < s`), as [`grow`] makes it (`big`: pieces whose
    /// own group is too big at fewer steps).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn grow(
        &self,
        cache: &Cache,
        d: usize,
        set: u64,
        todo: u64,
        s: u16,
        max: u32,
        big: u64,
    ) -> Option<u64> {
        let n = self.n;
        grow(set, todo, max, big, |i| {
            if s == 1 {
                self.touch[d * n + i]
            } else if s == 2 {
                self.near[d * n + i]
            } else {
                let mut add = 0u64;
                for j in (0..n).filter(|&j| j != i) {
                    add |= u64::from(self.lim(cache, d, i, j) < s) << j;
                }
                add
            }
        })
    }

    /// The least limit in direction `d` from a member of `set` to a piece
    /// outside it, and the pieces outside that some member meets at that
    /// limit (the ones that join the set when it moves one step more).
    /// `set` moves `s` steps without meeting a piece outside it (every
    /// such limit is at least `s`).
    pub(super) fn least(&self, cache: &Cache, d: usize, set: u64, s: u16) -> (u16, u64) {
        if s == 1 {
            // Limits of 1 are the `near` bits outside the set (none is 0).
            let mut meet = 0u64;
            let mut members = set;
            while members != 0 {
                let i = members.trailing_zeros() as usize;
                members &= members - 1;
                meet |= self.near[d * self.n + i];
            }
            meet &= !set;
            if meet != 0 {
                return (1, meet);
            }
        }
        let (mut least, mut meet) = (FREE, 0u64);
        let mut members = set;
        while members != 0 {
            let i = members.trailing_zeros() as usize;
            members &= members - 1;
            for j in (0..self.n).filter(|&j| set >> j & 1 == 0) {
                // Without branches (they would mispredict): a smaller
                // limit clears the pieces met before, an equal one adds j.
                let l = self.lim(cache, d, i, j);
                let below = u64::from(l < least);
                meet = meet & below.wrapping_sub(1) | u64::from(l <= least) << j;
                least = least.min(l);
            }
        }
        (least, meet)
    }
}

/// The smallest set holding `set` such that bit `j` of `row(i)` for a
/// member `i` (`i` cannot move without `j`) is a member, given that only
/// the members `todo` may have such pieces outside; `None` when it would
/// hold more than `max` pieces, which it does as soon as it holds one of
/// `big` (pieces whose own set is known to be too big: it would be part
/// of this one).
pub(super) fn grow(
    set: u64,
    todo: u64,
    max: u32,
    big: u64,
    row: impl Fn(usize) -> u64,
) -> Option<u64> {
    if set.count_ones() > max || set & big != 0 {
        return None;
    }
    let (mut set, mut todo) = (set, todo);
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let add = row(i) & !set;
        if add != 0 {
            set |= add;
            if set.count_ones() > max || add & big != 0 {
                return None;
            }
            todo |= add;
        }
    }
    Some(set)
}
