//! Weighted counting: what each solution is worth.
//!
//! A count up to symmetry is one search in which a solution found stands
//! for several: the caller's weigher looks at the solution's options and
//! says how many solutions it stands for (`total`) and how many classes of
//! solutions it contributes (`distinct`). The driver sums the weights of
//! each branch with checked arithmetic, keeps them in checkpoints and
//! progress, and reports the sums next to the raw number of solutions.
//!
//! A weigher may also sort solutions into named classes (a disassembly
//! level, for instance): [`Weight::classes`] then carries the weights of
//! each class, summed like the rest, so that a resumed or distributed run
//! ends with the same histogram as a single one.

use dlx::OptionId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The weight of one class of solutions. Both figures are decimal strings
/// in files.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClassWeight {
    /// Solutions of the class.
    #[serde(with = "crate::decimal")]
    pub total: u128,
    /// Distinct solutions (as the weigher counts them) of the class.
    #[serde(with = "crate::decimal")]
    pub distinct: u128,
}

/// What one solution (or a set of them, summed) is worth. Both figures are
/// decimal strings in files; `classes` is left out of a file when empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Weight {
    /// Solutions it stands for.
    #[serde(with = "crate::decimal")]
    pub total: u128,
    /// Distinct solutions (classes) it contributes.
    #[serde(with = "crate::decimal")]
    pub distinct: u128,
    /// The part of the weight that goes to named classes of solutions (a
    /// solution in no class adds nothing here).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub classes: BTreeMap<String, ClassWeight>,
}

impl Weight {
    /// Weighs nothing.
    pub const ZERO: Weight = Weight {
        total: 0,
        distinct: 0,
        classes: BTreeMap::new(),
    };

    /// A weight with no classes.
    pub fn new(total: u128, distinct: u128) -> Weight {
        Weight {
            total,
            distinct,
            classes: BTreeMap::new(),
        }
    }

    /// The sum, or `None` if a figure overflows.
    pub fn checked_add(mut self, o: Weight) -> Option<Weight> {
        self.add(&o).then_some(self)
    }

    /// Adds `o`; false (and `self` unspecified) if a figure overflows.
    pub fn add(&mut self, o: &Weight) -> bool {
        let Some(total) = self.total.checked_add(o.total) else {
            return false;
        };
        let Some(distinct) = self.distinct.checked_add(o.distinct) else {
            return false;
        };
        self.total = total;
        self.distinct = distinct;
        for (k, w) in &o.classes {
            let c = self.classes.entry(k.clone()).or_default();
            match (
                c.total.checked_add(w.total),
                c.distinct.checked_add(w.distinct),
            ) {
                (Some(t), Some(d)) => {
                    *c = ClassWeight {
                        total: t,
                        distinct: d,
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// The sum for display: saturates rather than fail.
    pub fn saturating_add(mut self, o: &Weight) -> Weight {
        self.total = self.total.saturating_add(o.total);
        self.distinct = self.distinct.saturating_add(o.distinct);
        for (k, w) in &o.classes {
            let c = self.classes.entry(k.clone()).or_default();
            c.total = c.total.saturating_add(w.total);
            c.distinct = c.distinct.saturating_add(w.distinct);
        }
        self
    }
}

/// The caller's weigher: from a solution's options (in the order chosen) to
/// its weight, or `None` when it cannot weigh that solution (the caller
/// keeps the reason): the run then stops with [`Error::Unweighed`], and
/// the branch of that solution is neither summed nor checkpointed as done,
/// so a resume searches it again. A weigher may also give up because the
/// stop flag ([`Options::stop`](crate::Options::stop)) is set (a long
/// weighing that polls it): `None` with the flag set is an interruption,
/// and the run ends as interrupted, that branch given back whole. Called
/// on the worker threads, so it must be `Sync`.
///
/// [`Error::Unweighed`]: crate::Error::Unweighed
pub type Weigher<'a> = &'a (dyn Fn(&[OptionId]) -> Option<Weight> + Sync);

#[cfg(test)]
mod tests {
    use super::*;

    fn w(total: u128, distinct: u128, classes: &[(&str, u128, u128)]) -> Weight {
        Weight {
            total,
            distinct,
            classes: classes
                .iter()
                .map(|&(k, t, d)| {
                    (
                        k.to_string(),
                        ClassWeight {
                            total: t,
                            distinct: d,
                        },
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn classes_add_up_by_name() {
        let a = w(3, 2, &[("1", 1, 1), ("1.2", 2, 1)]);
        let b = w(4, 1, &[("1", 4, 1)]);
        assert_eq!(
            a.checked_add(b),
            Some(w(7, 3, &[("1", 5, 2), ("1.2", 2, 1)]))
        );
        let big = w(0, 0, &[("1", u128::MAX, 0)]);
        assert_eq!(big.clone().checked_add(w(0, 0, &[("1", 1, 0)])), None);
        assert_eq!(
            big.checked_add(w(0, 0, &[("2", 1, 0)]))
                .map(|x| x.classes.len()),
            Some(2)
        );
    }

    #[test]
    fn empty_classes_leave_the_file_as_it_was() {
        let text = serde_json::to_string(&w(5, 1, &[])).unwrap();
        assert_eq!(text, r#"{"total":"5","distinct":"1"}"#);
        let back: Weight = serde_json::from_str(&text).unwrap();
        assert_eq!(back, w(5, 1, &[]));
        let with = w(5, 1, &[("4.9.3", 1, 1)]);
        let text = serde_json::to_string(&with).unwrap();
        assert_eq!(serde_json::from_str::<Weight>(&text).unwrap(), with);
    }
}
