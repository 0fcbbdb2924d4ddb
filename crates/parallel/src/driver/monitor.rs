//! The caller's side of a run ([`Monitor`]): it hands solutions over in
//! order, reports progress, writes checkpoints, and makes the report.

use super::shared::{Chunk, NAP, Shared};
use crate::checkpoint::{Checkpoint, add_figure};
use crate::progress::{Eta, Progress, Snapshot};
use crate::{Error, Report};
use dlx::{Control, OptionId};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Where enumerated solutions go, on the caller's thread.
pub type Deliver<'a> = &'a mut dyn FnMut(&[OptionId]) -> Control;

/// The caller's side of a run.
pub(super) struct Monitor<'a, 'm> {
    shared: &'a Shared<'m>,
    earlier: &'a Checkpoint,
    clock: Instant,
    eta: Eta,
    shown: f64,
    delivered: u128,
    visitor_stopped: bool,
    /// The stop flag came while solutions were still on their way to the
    /// visitor: they were dropped, so the enumeration is not complete.
    dropped: bool,
}

impl<'a, 'm> Monitor<'a, 'm> {
    /// The monitor of a run started at `clock` from `earlier`.
    pub(super) fn new(shared: &'a Shared<'m>, earlier: &'a Checkpoint, clock: Instant) -> Self {
        Monitor {
            shared,
            earlier,
            clock,
            eta: Eta::new(),
            shown: 0.0,
            delivered: 0,
            visitor_stopped: false,
            dropped: false,
        }
    }

    /// The run's report, once every worker is gone.
    pub(super) fn report(&self) -> Report {
        let sh = self.shared;
        let earlier = self.earlier;
        let st = sh.lock();
        let interrupted = !st.pending.is_empty() || self.visitor_stopped || self.dropped;
        Report {
            solutions: if sh.ordered {
                self.delivered
            } else {
                st.solutions
            },
            weights: sh.weigh.map(|_| st.weights.clone()),
            nodes: st.tree_nodes + sh.split_tree_nodes.load(Relaxed),
            updates: st.tree_updates + sh.split_tree_updates.load(Relaxed),
            split_nodes: earlier.split_nodes + sh.split_nodes.load(Relaxed),
            split_updates: earlier.split_updates + sh.split_updates.load(Relaxed),
            wasted_nodes: earlier.wasted_nodes + sh.wasted_nodes.load(Relaxed),
            wasted_updates: earlier.wasted_updates + sh.wasted_updates.load(Relaxed),
            seconds: earlier.millis as f64 / 1000.0 + self.clock.elapsed().as_secs_f64(),
            cpu_seconds: (earlier.cpu_millis as f64 + sh.busy_nanos.load(Relaxed) as f64 / 1e6)
                / 1000.0,
            fraction_done: if interrupted { st.fraction_done() } else { 1.0 },
            interrupted,
            subproblems: st.subproblems,
            splits: st.splits,
            threads: sh.threads,
            held_peak: st.held_peak,
        }
    }

    /// Runs until every worker is gone: hands solutions over, reports
    /// progress, writes checkpoints (and a last one at the end).
    pub(super) fn watch(
        &mut self,
        progress: &mut dyn Progress,
        deliver: &mut Option<Deliver<'_>>,
    ) -> Result<(), Error> {
        let sh = self.shared;
        let o = sh.options;
        let mut next_progress = self.clock + o.progress_every;
        // No deadline without a checkpoint file: a deadline never moved on
        // would leave the monitor waiting for nothing, spinning on a core.
        let mut next_checkpoint = o
            .checkpoint
            .as_ref()
            .map(|_| self.clock + o.checkpoint_every);
        // Finished subproblems at the last checkpoint written: an unchanged
        // checkpoint is not written again.
        let mut saved: Option<usize> = None;
        // The hold has been reported (`Options::hold_after`).
        let mut held = false;
        // Workers may be waiting for the visitor: if it panics, they must
        // end for the panic to come out.
        let _halt = HaltOnPanic(sh);
        loop {
            let mut st = sh.lock();
            let mut batch = if sh.ordered {
                st.release()
            } else {
                Chunk::default()
            };
            if batch.solutions.is_empty() && st.exited < sh.threads {
                let wake = next_checkpoint.map_or(next_progress, |c| next_progress.min(c));
                let nap = wake.saturating_duration_since(Instant::now()).min(NAP);
                st = sh
                    .monitor
                    .wait_timeout(st, nap)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
                if sh.ordered {
                    batch = st.release();
                }
            }
            let over = st.exited == sh.threads;
            let done = st.subproblems;
            // Held: every worker has given its subproblem back.
            let hold_now = !held
                && !over
                && sh.holding.load(Relaxed)
                && st.running.iter().all(Option::is_none);
            drop(st);
            if !batch.solutions.is_empty() {
                sh.work.notify_all(); // the head may stream again
                if let Some(visit) = deliver.as_mut() {
                    self.deliver(&batch, *visit);
                }
                drop(std::mem::take(&mut batch.solutions));
                sh.lock().delivered(&batch);
                sh.work.notify_all(); // room in the buffer again
            }
            let now = Instant::now();
            if let (Some(path), Some(due)) = (&o.checkpoint, next_checkpoint)
                && (over || hold_now || (now >= due && saved != Some(done)))
            {
                if let Err(e) = self.checkpoint().save(path) {
                    // A run that was asked to keep checkpoints must not
                    // go on silently without them.
                    sh.halt.store(true, Relaxed);
                    if over {
                        return Err(e);
                    }
                    sh.lock().error.get_or_insert(e);
                }
                saved = Some(done);
                next_checkpoint = Some(now + o.checkpoint_every);
            }
            // Progress after the checkpoint, so that a hold is reported
            // with its checkpoint on disk.
            if over || hold_now || now >= next_progress {
                let mut snap = self.snapshot();
                snap.held = hold_now || (held && !over);
                held |= hold_now;
                progress.update(&snap);
                next_progress = now + o.progress_every;
            }
            if over {
                return Ok(());
            }
        }
    }

    /// Hands `batch` to the visitor until it says stop or the stop flag is
    /// set. The flag is looked at before every solution: the workers may
    /// have held back up to `Options::buffer_limit` entries (hundreds of
    /// thousands of solutions) for a slow visitor, and handing them all over
    /// after a Ctrl-C kept `solve --all --json` writing for half a minute.
    fn deliver(&mut self, batch: &Chunk, visit: &mut dyn FnMut(&[OptionId]) -> Control) {
        for s in &batch.solutions {
            if self.visitor_stopped || self.dropped {
                break;
            }
            if self.shared.options.stop.load(Relaxed) {
                self.dropped = true;
                break;
            }
            self.delivered += 1;
            if visit(s) == Control::Stop {
                self.visitor_stopped = true;
                self.shared.halt.store(true, Relaxed);
            }
        }
    }

    fn snapshot(&mut self) -> Snapshot {
        let sh = self.shared;
        let st = sh.lock();
        let elapsed = self.clock.elapsed();
        // Splitting a running subproblem discards its partial progress;
        // the bar must not go back for that.
        self.shown = self.shown.max(st.fraction_done());
        let eta = self.eta.update(elapsed.as_secs_f64(), self.shown);
        Snapshot {
            fraction_done: self.shown,
            solutions: if sh.ordered {
                self.delivered
            } else {
                // For display: saturates rather than fail.
                st.running
                    .iter()
                    .flatten()
                    .fold(st.solutions, |s, r| s.saturating_add(r.solutions))
            },
            weights: sh.weigh.map(|_| {
                st.running
                    .iter()
                    .flatten()
                    .fold(st.weights.clone(), |s, r| s.saturating_add(&r.weights))
            }),

            nodes: sh.walked.load(Relaxed),
            updates: sh.walked_updates.load(Relaxed),
            elapsed,
            eta,
            subproblems_done: st.subproblems,
            subproblems_left: st.pending.len() + st.running.iter().flatten().count(),
            splits: st.splits,
            threads: sh.threads,
            // Set by `watch`, which knows whether the hold's checkpoint is
            // written.
            held: false,
        }
    }

    pub(super) fn checkpoint(&self) -> Checkpoint {
        let sh = self.shared;
        let st = sh.lock();
        Checkpoint {
            split_nodes: add_figure(self.earlier.split_nodes, sh.split_nodes.load(Relaxed)),
            split_updates: add_figure(self.earlier.split_updates, sh.split_updates.load(Relaxed)),
            wasted_nodes: add_figure(self.earlier.wasted_nodes, sh.wasted_nodes.load(Relaxed)),
            wasted_updates: add_figure(
                self.earlier.wasted_updates,
                sh.wasted_updates.load(Relaxed),
            ),

            millis: add_figure(
                self.earlier.millis,
                self.clock
                    .elapsed()
                    .as_millis()
                    .try_into()
                    .unwrap_or(u64::MAX),
            ),
            cpu_millis: add_figure(
                self.earlier.cpu_millis,
                sh.busy_nanos.load(Relaxed) / 1_000_000,
            ),

            finished: st.finished.clone(),
            ..self.earlier.clone()
        }
    }
}

/// Halts the run if the monitor's thread panics (in the visitor, say), so
/// that no worker waits for it forever.
struct HaltOnPanic<'a, 'm>(&'a Shared<'m>);

impl Drop for HaltOnPanic<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt.store(true, Relaxed);
        }
    }
}
