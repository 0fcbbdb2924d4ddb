//! Weighted counting: what each solution is worth.
//!
//! A count up to symmetry is one search in which a solution found stands
//! for several: the caller's weigher looks at the solution's options and
//! says how many solutions it stands for (`total`) and how many classes of
//! solutions it contributes (`distinct`). The driver sums the weights of
//! each branch with checked arithmetic, keeps them in checkpoints and
//! progress, and reports the sums next to the raw number of solutions.

use dlx::OptionId;
use serde::{Deserialize, Serialize};

/// What one solution (or a set of them, summed) is worth. Both figures are
/// decimal strings in files.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Weight {
    /// Solutions it stands for.
    #[serde(with = "crate::checkpoint::decimal")]
    pub total: u128,
    /// Distinct solutions (classes) it contributes.
    #[serde(with = "crate::checkpoint::decimal")]
    pub distinct: u128,
}

impl Weight {
    /// Weighs nothing.
    pub const ZERO: Weight = Weight {
        total: 0,
        distinct: 0,
    };

    /// The sum, or `None` if either figure overflows.
    pub fn checked_add(self, o: Weight) -> Option<Weight> {
        Some(Weight {
            total: self.total.checked_add(o.total)?,
            distinct: self.distinct.checked_add(o.distinct)?,
        })
    }
}

/// The caller's weigher: from a solution's options (in the order chosen) to
/// its weight. Called on the worker threads, so it must be `Sync`.
pub type Weigher<'a> = &'a (dyn Fn(&[OptionId]) -> Weight + Sync);
