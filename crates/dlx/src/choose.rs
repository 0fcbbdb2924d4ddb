//! How the search chooses the item to branch on (Algorithms X and C).
//!
//! The choice fixes the search tree: its size, its node count, the order of
//! the solutions, and which subproblems a split lists. So a
//! [`Subproblem`](crate::Subproblem) or a checkpoint is only meaningful under
//! the rule it was made with, and a checkpoint's fingerprint should include
//! [`ChoiceRule::name`].
//!
//! A rule sees the primary items still to be covered in the matrix's order
//! with the number of options left in each (what every engine keeps up to
//! date; covered items may show up too, with a length above every real one,
//! to be passed over), and names one of them. This is the one place where a new heuristic is added:
//! a variant, its name, and its arm in [`ChoiceRule::choose`]; every engine
//! of the solver's loop (the links, the bitset engine) then runs it.
//!
//! Algorithm M (items with multiplicities) keeps DLX3's own rule, which
//! weighs bounds and slack as well as lengths, and the cell engine its own
//! (DLX1's rule over the items with bounds `1:1`).

use crate::engine::{COVERED, Engine};
use crate::links::ROOT;
use std::fmt;
use std::ops::ControlFlow;

/// The rule that picks the item to branch on at each level.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChoiceRule {
    /// DLX1's rule (Knuth's "minimum remaining values"): the first active
    /// primary item with the fewest options left; a scan stops at an item
    /// with none. The default, and what Knuth's node counts assume.
    #[default]
    MinLen,
}

impl ChoiceRule {
    /// Every rule, in the order of their names.
    pub const ALL: [ChoiceRule; 1] = [ChoiceRule::MinLen];

    /// The rule's stable name, for command lines and checkpoint
    /// fingerprints: `"min-len"` for [`ChoiceRule::MinLen`]. A name never
    /// changes meaning.
    pub fn name(self) -> &'static str {
        match self {
            ChoiceRule::MinLen => "min-len",
        }
    }

    /// The rule called `name` (as given by [`name`](Self::name)), if any.
    pub fn from_name(name: &str) -> Option<ChoiceRule> {
        ChoiceRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The item to branch on and its number of options (the branching
    /// degree). Some primary item must be active. `none_empty` says that no
    /// active primary item's list is empty: the scan then stops at the
    /// first item with one option, as it would at an empty one, since no
    /// item after it can have fewer. (A board of n monominoes is n levels
    /// deep with an option per item: without it, every level would scan
    /// every item left, n^2 / 2 steps in all.)
    #[inline(always)]
    pub(crate) fn choose<E: Engine>(self, engine: &E, none_empty: bool) -> (u32, u32) {
        match self {
            ChoiceRule::MinLen => {
                let mut best = ROOT;
                // Starting at `COVERED`, a covered item is never taken.
                let mut min = COVERED;
                let floor = u32::from(none_empty);
                engine.scan_items(|i, len| {
                    if len < min {
                        best = i;
                        min = len;
                        if len <= floor {
                            return ControlFlow::Break(());
                        }
                    }
                    ControlFlow::Continue(())
                });
                debug_assert!(best != ROOT, "no item left to choose");
                (best, min)
            }
        }
    }
}

impl fmt::Display for ChoiceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;
    use crate::links::Links;

    #[test]
    fn names_are_stable_and_read_back() {
        assert_eq!(ChoiceRule::MinLen.name(), "min-len");
        assert_eq!(ChoiceRule::default(), ChoiceRule::MinLen);
        for r in ChoiceRule::ALL {
            assert_eq!(ChoiceRule::from_name(r.name()), Some(r));
            assert_eq!(r.to_string(), r.name());
        }
        assert_eq!(ChoiceRule::from_name("mrv"), None);
    }

    /// Both engines see the same lengths, so the rule picks the same item.
    fn chosen(text: &str) -> (u32, u32) {
        let m = crate::format::parse(text).unwrap();
        let links = ChoiceRule::MinLen.choose(&Links::<u16>::new(&m), false);
        let bits = ChoiceRule::MinLen.choose(&Bits::new(&m), false);
        assert_eq!(links, bits, "{text}");
        links
    }

    #[test]
    fn min_len_takes_the_first_item_of_fewest_options() {
        // a: 3 options, b: 2, c: 3.
        assert_eq!(chosen("a b c\na b\nc\na\nb c\nc a\n"), (2, 2));
        // A tie goes to the first item.
        assert_eq!(chosen("a b c\na\nb\nc\n"), (1, 1));
        assert_eq!(chosen("a b c\nc a\nb c\nb a\n"), (1, 2));
        // An item without options is a dead end, found at once.
        assert_eq!(chosen("a b c\na c\na\n"), (2, 0));
    }
}
