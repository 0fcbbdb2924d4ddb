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

/// Time left, smoothed, once it has settled.
///
/// The raw estimate is (1 − f) / r, where r is the average rate of this run
/// so far, (f − f₀)/(t − t₀) from the first snapshot (so a resumed run,
/// which starts well above 0, is not misjudged). Early on it is noise: the
/// first subtrees can be far smaller or bigger than their weight says. So
/// no time is given (`None`: "estimating") until the estimate has
/// *settled*: at least 3 s of this run (`SETTLE_SECONDS`), and the predicted
/// finish time steady over the last quarter of the run (at least the last
/// 2 s): every raw prediction in that window within 10% (`SETTLE_SPREAD`)
/// of the predicted length of the run. Once settled it stays so.
///
/// What is then smoothed is the predicted finish time t + raw: an
/// exponentially weighted average with time constant τ = elapsed/8, kept
/// between 0.5 s and 30 s, starting from the raw prediction at settling.
/// When the prediction holds, the finish time stands still and the shown
/// time left counts down in step with the clock; when a big subtree
/// finishes early (f leaps), the finish time glides to its new value over a
/// few τ instead of jumping.
#[derive(Clone, Debug, Default)]
pub struct Eta {
    first: Option<(f64, f64)>,
    /// Last snapshot time and smoothed finish time, once settled.
    finish: Option<(f64, f64)>,
    /// Before settling: recent (time, raw finish time) predictions, the
    /// oldest one at or before the window's start.
    recent: std::collections::VecDeque<(f64, f64)>,
}

/// The least time, in seconds of this run, before a time left is given.
pub const SETTLE_SECONDS: f64 = 3.0;
/// How far the predicted finish may wander within the window, as a
/// fraction of the predicted length of the run, for the estimate to count
/// as settled.
pub const SETTLE_SPREAD: f64 = 0.10;

impl Eta {
    pub fn new() -> Eta {
        Eta::default()
    }

    /// Takes the fraction `f` done after `t` seconds; returns the time
    /// left, or `None` while the estimate has not settled.
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
            None => {
                if !self.settles(t, t0, raw) {
                    return None;
                }
                raw
            }
        };
        self.finish = Some((t, finish));
        let left = (finish - t).max(0.0);
        (left < 1e9).then(|| Duration::from_secs_f64(left))
    }

    /// Records the raw prediction `raw` at `t`; has the estimate settled?
    fn settles(&mut self, t: f64, t0: f64, raw: f64) -> bool {
        let window = ((t - t0) / 4.0).max(2.0);
        // At most about 64 predictions per window are kept.
        if self
            .recent
            .back()
            .is_none_or(|&(last, _)| t - last >= window / 64.0)
        {
            self.recent.push_back((t, raw));
        }
        while self.recent.len() > 1 && self.recent[1].0 <= t - window {
            self.recent.pop_front();
        }
        let covered = self.recent.front().is_some_and(|&(s, _)| s <= t - window);
        let spread = SETTLE_SPREAD * (raw - t0);
        t - t0 >= SETTLE_SECONDS
            && covered
            && self.recent.iter().all(|&(_, r)| (r - raw).abs() <= spread)
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

    /// A run whose first second covers a third of the tree, then stalls,
    /// then goes on at an even pace to finish at 20 s: early predictions
    /// are far off (2 s left at 1 s, 5.7 s at 3 s), so none is given until
    /// they settle; the ones given are near the truth, and come well
    /// before the end.
    #[test]
    fn estimating_until_the_estimate_settles() {
        let frac = |t: f64| match t {
            t if t <= 1.0 => 0.33 * t,
            t if t <= 3.0 => 0.33,
            t => 0.33 + 0.67 * (t - 3.0) / 17.0,
        };
        let mut eta = Eta::new();
        let mut first_given = None;
        for i in 1..100 {
            let t = i as f64 * 0.2;
            let left = eta.update(t, frac(t));
            if t <= SETTLE_SECONDS + 0.2 {
                assert_eq!(left, None, "at {t} s");
            }
            if let Some(left) = left {
                first_given.get_or_insert(t);
                let truth = 20.0 - t;
                let off = (left.as_secs_f64() - truth).abs();
                assert!(
                    off <= 0.35 * truth + 0.5,
                    "at {t} s: {left:?}, truly {truth}"
                );
            }
        }
        let first = first_given.expect("an estimate is given before the end");
        assert!(first < 12.0, "first estimate at {first} s");
        // A run that jumps about never settles, and says so.
        let mut eta = Eta::new();
        for i in 1..200 {
            let t = i as f64 * 0.2;
            let f = t / 100.0 + if i % 10 < 5 { 0.0 } else { t / 50.0 };
            assert_eq!(eta.update(t, f.min(0.99)), None, "at {t} s");
        }
    }

    #[test]
    fn a_steady_run_settles_soon() {
        let mut eta = Eta::new();
        let mut given = None;
        for i in 1..=40 {
            let t = i as f64 * 0.25;
            if eta.update(t, t / 100.0).is_some() {
                given.get_or_insert(t);
            }
        }
        let t = given.expect("settled");
        assert!((SETTLE_SECONDS..=SETTLE_SECONDS + 2.5).contains(&t), "{t}");
    }

    #[test]
    fn no_estimate_without_progress() {
        let mut eta = Eta::new();
        assert_eq!(eta.update(1.0, 0.0), None);
        assert_eq!(eta.update(2.0, 0.0), None);
    }
}
