//! The moves in which the algorithms differ: [`Exact`] (Algorithms X and
//! C: cover the item, commit each option) and [`Mult`] (Algorithm M:
//! bounds, tweaks and the null move), both over any engine that has the
//! steps they need. The loop in `search` is generic over them.

use crate::choose::ChoiceRule;
use crate::engine::{Engine, Multiplicities};

/// The moves in which Algorithm M differs from Algorithms X and C: how a
/// level chooses and prepares its item, takes or passes over a move, and
/// restores the item. `Exact` runs on every [`Engine`], `Mult` on engines
/// with [`Multiplicities`] only.
pub(super) trait Moves<E: Engine> {
    /// The item to branch on and the branching degree, or `None` at a dead
    /// end (an item that can no longer be satisfied).
    /// `none_empty`: no active primary item's list is empty.
    fn choose(e: &E, rule: ChoiceRule, none_empty: bool) -> Option<(u32, u32)>;
    /// Prepares item `i` for branching; returns whether the level tweaks.
    fn open(e: &mut E, i: u32) -> bool;
    /// Before taking node `x` of item `i` (the header `i` itself when the
    /// list is exhausted, or for Algorithm M's null move): false when the
    /// level has no move left. A tweaking level tweaks `x` here.
    fn advance(e: &mut E, i: u32, x: u32, tweaking: bool) -> bool;
    /// Passes over option `x` of item `i` without taking it (replaying a
    /// subproblem).
    fn pass(e: &mut E, i: u32, x: u32, tweaking: bool);
    /// Commits the other items of `x`'s option; false when it was given up
    /// as an early dead end (and undone).
    fn commit<const COLORS: bool>(e: &mut E, x: u32, early: bool) -> bool;
    /// Undoes the move `x` made on item `i` (a committed option, or the
    /// null move when `x == i`).
    fn uncommit<const COLORS: bool>(e: &mut E, i: u32, x: u32);
    /// Restores item `i` once all its branches are done; `first` is the
    /// top of its list before any tweak.
    fn close(e: &mut E, i: u32, tweaking: bool, first: u32);
}

/// Algorithms X and C: cover the item, commit each option in turn.
pub(super) struct Exact;

impl<E: Engine> Moves<E> for Exact {
    #[inline(always)]
    fn choose(e: &E, rule: ChoiceRule, none_empty: bool) -> Option<(u32, u32)> {
        Some(rule.choose(e, none_empty))
    }

    #[inline(always)]
    fn open(e: &mut E, i: u32) -> bool {
        e.cover(i);
        false
    }

    #[inline(always)]
    fn advance(_: &mut E, i: u32, x: u32, _: bool) -> bool {
        x != i
    }

    #[inline(always)]
    fn pass(_: &mut E, _: u32, _: u32, _: bool) {}

    #[inline(always)]
    fn commit<const COLORS: bool>(e: &mut E, x: u32, early: bool) -> bool {
        if early {
            e.commit::<COLORS, true>(x)
        } else {
            e.commit::<COLORS, false>(x)
        }
    }

    #[inline(always)]
    fn uncommit<const COLORS: bool>(e: &mut E, i: u32, x: u32) {
        debug_assert!(x != i, "only Algorithm M takes a null move");
        e.uncommit::<COLORS>(x);
    }

    #[inline(always)]
    fn close(e: &mut E, i: u32, _: bool, _: u32) {
        e.uncover(i);
    }
}

/// Algorithm M: lower the item's bound; while bound or slack is left, tweak
/// its options one by one instead of covering it, and offer the null move.
pub(super) struct Mult;

impl<E: Multiplicities> Moves<E> for Mult {
    #[inline(always)]
    fn choose(e: &E, _: ChoiceRule, _: bool) -> Option<(u32, u32)> {
        let (i, score) = e.choose_mult();
        (score > 0).then_some((i, score as u32))
    }

    #[inline(always)]
    fn open(e: &mut E, i: u32) -> bool {
        let b = e.bound(i) - 1;
        e.set_bound(i, b);
        if b == 0 {
            e.cover(i);
        }
        b != 0 || e.slack(i) != 0
    }

    #[inline(always)]
    fn advance(e: &mut E, i: u32, x: u32, tweaking: bool) -> bool {
        if !tweaking {
            return x != i;
        }
        let b = e.bound(i);
        if e.len(i) as i64 <= b as i64 - e.slack(i) as i64 {
            return false;
        }
        if x != i {
            Self::pass(e, i, x, true);
        } else if b != 0 {
            e.deactivate(i); // the null move: use no more of i
        }
        true
    }

    #[inline(always)]
    fn pass(e: &mut E, i: u32, x: u32, tweaking: bool) {
        if tweaking {
            if e.bound(i) == 0 {
                e.tweak_covered(x);
            } else {
                e.tweak(x);
            }
        }
    }

    #[inline(always)]
    fn commit<const COLORS: bool>(e: &mut E, x: u32, _: bool) -> bool {
        e.commit_mult::<COLORS>(x);
        true
    }

    #[inline(always)]
    fn uncommit<const COLORS: bool>(e: &mut E, i: u32, x: u32) {
        if x == i {
            if e.bound(i) != 0 {
                e.reactivate(i);
            }
        } else {
            e.uncommit_mult::<COLORS>(x);
        }
    }

    #[inline(always)]
    fn close(e: &mut E, i: u32, tweaking: bool, first: u32) {
        let b = e.bound(i);
        if !tweaking {
            e.uncover(i);
        } else if b == 0 {
            e.untweak::<true>(i, first);
            e.uncover(i);
        } else {
            e.untweak::<false>(i, first);
        }
        e.set_bound(i, b + 1);
    }
}
