//! The timing loop the benches share.

use std::time::Instant;

/// Runs `run` `runs` times (at least once), each time on a fresh value of
/// `setup` made outside the timing, and returns the fastest run's wall
/// seconds with its value and its result. Each bench checks the result
/// inside `run` (a wrong count panics before any time is reported).
pub fn best_of<S, T>(
    runs: usize,
    mut setup: impl FnMut() -> S,
    mut run: impl FnMut(&mut S) -> T,
) -> (f64, S, T) {
    let mut best: Option<(f64, S, T)> = None;
    for _ in 0..runs.max(1) {
        let mut s = setup();
        let t = Instant::now();
        let out = run(&mut s);
        let secs = t.elapsed().as_secs_f64();
        if best.as_ref().is_none_or(|b| secs < b.0) {
            best = Some((secs, s, out));
        }
    }
    best.expect("at least one run")
}

/// Runs per instance: `POLYCOVER_BENCH_RUNS`, default 3.
pub fn runs() -> usize {
    std::env::var("POLYCOVER_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
}

#[cfg(test)]
mod tests {
    use super::best_of;

    #[test]
    fn every_run_gets_a_fresh_setup_and_one_is_returned() {
        let mut made = 0;
        let (secs, s, out) = best_of(
            4,
            || {
                made += 1;
                made
            },
            |s: &mut i32| *s * 10,
        );
        assert_eq!(made, 4);
        assert!(secs >= 0.0);
        assert_eq!(out, s * 10);
        assert!((1..=4).contains(&s));
    }

    #[test]
    fn zero_runs_still_run_once() {
        let (_, s, out) = best_of(0, || 7, |s: &mut i32| *s + 1);
        assert_eq!((s, out), (7, 8));
    }
}
