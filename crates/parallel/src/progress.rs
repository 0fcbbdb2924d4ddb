//! Progress reports and the time-left estimator.
//!
//! The fraction done is Knuth's estimate: a subproblem whose path has
//! branching degrees d1, d2, ... stands for 1/(d1·d2·…) of the tree. The
//! driver computes 1 − (weight of the subproblems not finished) + (weight of
//! each running one × its solver's own estimate of how far it has got).
//! Branches that die above the split depth are never listed, so they count as
//! done from the start; a finished run is at exactly 1.
//!
//! The estimate is fair on average but uneven: subtrees of equal weight can
//! differ a hundredfold in size. So the time left is not `elapsed × (1−f)/f`
//! on the latest figures, which jumps whenever a big subtree finishes, but
//! comes from a smoothed rate; see [`Eta`].

use crate::Report;
use crate::weight::Weight;

use std::time::Duration;

/// A picture of a run, handed to [`Progress::update`] a few times a second.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Estimated fraction of the search tree done, in 0..=1; never goes
    /// down from one snapshot to the next.
    pub fraction_done: f64,
    /// Solutions so far: counted by finished subproblems plus those found
    /// so far in running ones (when enumerating: delivered so far).
    pub solutions: u128,
    /// Weighted counting: the weights of those solutions, summed (the count
    /// the user will get); `None` for other runs.
    pub weights: Option<Weight>,
    /// Search-tree nodes and link updates so far, this run only (for nodes
    /// per second).
    pub nodes: u64,
    pub updates: u64,
    /// Wall-clock time of this run.
    pub elapsed: Duration,
    /// Estimated time left; `None` until there is a rate to go on.
    pub eta: Option<Duration>,
    /// Subproblems finished (this run and, when resuming, earlier ones) and
    /// subproblems left (waiting or running).
    pub subproblems_done: usize,
    pub subproblems_left: usize,
    /// Subproblems split further because threads had nothing to do.
    pub splits: usize,
    /// Worker threads.
    pub threads: usize,
    /// The run is held ([`Options::hold_after`](crate::Options::hold_after)):
    /// nothing is searched, the checkpoint (if any) is written, and the run
    /// waits for the stop flag.
    pub held: bool,
}

/// Receives progress. All hooks are called on the thread that called
/// [`count`](crate::count) or [`solve`](crate::solve), never from a worker,
/// and default to doing nothing. The library itself never prints.
pub trait Progress {
    /// Called every `Options::progress_every`, and once more at the end.
    fn update(&mut self, _snapshot: &Snapshot) {}
    /// Called once with the final report.
    fn finish(&mut self, _report: &Report) {}
}

/// No progress reports.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// Any closure over a snapshot is a progress hook.
impl<F: FnMut(&Snapshot)> Progress for F {
    fn update(&mut self, snapshot: &Snapshot) {
        self(snapshot)
    }
}

/// Time left, smoothed.
///
/// The raw estimate is (1 − f) / r, where r is the average rate of this run
/// so far, (f − f₀)/(t − t₀) from the first snapshot (so a resumed run,
/// which starts well above 0, is not misjudged). What is smoothed is the
/// predicted finish time t + raw: an exponentially weighted average with
/// time constant τ = elapsed/8, kept between 0.5 s and 30 s. When the
/// prediction holds, the finish time stands still and the shown time left
/// counts down in step with the clock; when a big subtree finishes early (f
/// leaps), the finish time glides to its new value over a few τ instead of
/// jumping. The raw estimate steadies as the average covers more of the
/// run, and the shown one converges to it.
#[derive(Clone, Debug, Default)]
pub struct Eta {
    first: Option<(f64, f64)>,
    /// Last snapshot time and smoothed finish time.
    finish: Option<(f64, f64)>,
}

impl Eta {
    pub fn new() -> Eta {
        Eta::default()
    }

    /// Takes the fraction `f` done after `t` seconds; returns the time left.
    pub fn update(&mut self, t: f64, f: f64) -> Option<Duration> {
        if f >= 1.0 {
            self.finish = Some((t, t));
            return Some(Duration::ZERO);
        }
        let (t0, f0) = *self.first.get_or_insert((t, f));
        if t - t0 < 0.5 || f <= f0 {
            return None;
        }
        let raw = t + (1.0 - f) * (t - t0) / (f - f0);
        let finish = match self.finish {
            Some((ts, old)) if t > ts => {
                let alpha = 1.0 - (-(t - ts) / (t / 8.0).clamp(0.5, 30.0)).exp();
                old + alpha * (raw - old)
            }
            Some((_, old)) => old,
            None => raw,
        };
        self.finish = Some((t, finish));
        let left = (finish - t).max(0.0);
        (left < 1e9).then(|| Duration::from_secs_f64(left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converges_on_a_steady_run() {
        // 100 s of work at an even pace: the estimate ends close to the truth.
        let mut eta = Eta::new();
        let mut last = None;
        for i in 1..=90 {
            let t = i as f64;
            last = eta.update(t, t / 100.0);
        }
        let left = last.unwrap().as_secs_f64();
        assert!((left - 10.0).abs() < 0.5, "{left}");
    }

    #[test]
    fn does_not_jump_when_a_big_subtree_finishes() {
        // Even pace, then the fraction leaps by 0.15 in one snapshot (a
        // subtree much smaller than its weight): the estimate moves by less
        // than the leap would suggest and keeps moving smoothly.
        let mut eta = Eta::new();
        let mut f = 0.0;
        let mut before = Duration::ZERO;
        for i in 1..=40 {
            f += 0.01;
            before = eta.update(i as f64 / 4.0, f).unwrap_or_default();
        }
        let after = eta.update(10.25, f + 0.15).unwrap();
        let naive = (1.0 - (f + 0.15)) / ((f + 0.15) / 10.25);
        let naive_before = (1.0 - f) / (f / 10.0);
        let moved = before.as_secs_f64() - after.as_secs_f64();
        assert!(
            moved < (naive_before - naive) / 3.0,
            "before {before:?} after {after:?}"
        );
        // ... and glides there: after the rest of the run it
        // agrees with the raw estimate again.
        let mut f = f + 0.15;
        let mut t = 10.25;
        let mut left = after;
        while f < 0.9 {
            t += 0.25;
            f += 0.01;
            left = eta.update(t, f).unwrap();
        }
        let raw = (1.0 - f) * (t - 0.25) / (f - 0.01);
        assert!(
            (left.as_secs_f64() - raw).abs() < 0.2 * raw,
            "{left:?} vs {raw}"
        );
        assert_eq!(eta.update(t + 1.0, 1.0), Some(Duration::ZERO));
    }

    #[test]
    fn no_estimate_without_progress() {
        let mut eta = Eta::new();
        assert_eq!(eta.update(1.0, 0.0), None);
        assert_eq!(eta.update(2.0, 0.0), None);
    }
}
