//! The run: workers on a rayon pool taking subproblems from one ordered
//! queue, and a monitor on the caller's thread that reports progress, writes
//! checkpoints and hands solutions over in order.
//!
//! Each worker owns one `Solver` and searches its subproblem in node-budget
//! slices with no lock held. Between slices (every ~20 ms) it takes the state
//! lock once to publish its progress, and checks the stop flag. If some
//! thread is idle and nothing is queued, it gives up its subproblem and puts
//! its children back in the queue instead (see `Shared::should_split`).
//!
//! Module `shared` holds what the threads share (the queue and figures
//! behind one lock, the flags and counters beside it), `worker` a worker's
//! loop, `monitor` the caller's side; this one checks the plan, starts the
//! threads and returns the report.
//!
//! The queue is a `BTreeMap` keyed by position in the search order, and
//! workers always take the first entry. So the earliest unfinished
//! subproblem is always running or next in line, which lets enumeration hold
//! back only a bounded number of solutions.

mod monitor;
mod shared;
mod worker;

use crate::checkpoint::{Checkpoint, tree, tree_words};
use crate::plan::Plan;
use crate::progress::Progress;
use crate::weight::Weigher;
use crate::{Error, Options, Report};
use dlx::Matrix;
pub use monitor::Deliver;
use monitor::Monitor;
use shared::{Shared, State};
use std::time::Instant;

/// What a run does with the solutions of its branches.
pub enum Job<'a> {
    /// Counts them (the solvers do not even collect their options).
    Count,
    /// Counts them and sums their weights.
    Weigh(Weigher<'a>),
    /// Hands them to the visitor in search order, on the calling thread.
    Enumerate(Deliver<'a>),
}

/// Searches the branches of `plan` on `options.threads` threads and does
/// `job` with their solutions. The options' engine must walk the tree the
/// plan was made in ([`Error::EngineMismatch`] otherwise). When counting (weighted or not), a
/// checkpoint of the plan's earlier branches and the ones finished now is
/// written to `options.checkpoint`. `options.resume` and
/// `options.split_depth` are planning's business and are not looked at
/// here.
pub fn execute(
    matrix: &Matrix,
    plan: Plan,
    options: &Options,
    progress: &mut dyn Progress,
    job: Job<'_>,
) -> Result<Report, Error> {
    run(matrix, plan, options, progress, job).map(|(report, _)| report)
}

/// [`execute`], also returning the final checkpoint (every finished branch,
/// earlier runs' included), written or not. Its fingerprint is empty when
/// the plan's was ([`plan::root`](crate::plan::root)) and no checkpoint
/// file was asked for.
pub(crate) fn run(
    matrix: &Matrix,
    plan: Plan,
    options: &Options,
    progress: &mut dyn Progress,
    job: Job<'_>,
) -> Result<(Report, Checkpoint), Error> {
    let (mut deliver, weigh) = match job {
        Job::Count => (None, None),
        Job::Weigh(w) => (None, Some(w)),
        Job::Enumerate(d) => (Some(d), None),
    };
    let ordered = deliver.is_some();
    check(matrix, &plan, options, ordered, weigh.is_some())?;
    let clock = Instant::now();
    let threads = options.checked_threads()?;
    let Plan {
        branches,
        mut earlier,
        walk: top,
        engine: plan_engine,
        scope,
        source,
    } = plan;
    earlier.weighted = weigh.is_some();
    // A fresh plan's checkpoint is named only now, and only if it is to be
    // written (see `Checkpoint::unnamed`).
    if options.checkpoint.is_some() {
        earlier.name(matrix, plan_engine);
    }
    let state = State::new(branches, threads, scope, &mut earlier)?;
    let shared = Shared::new(matrix, options, threads, ordered, weigh, &top, state);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("polycover-{i}"))
        .build()?;

    let mut monitor = Monitor::new(&shared, &earlier, clock);
    // The workers go to the pool; this thread watches them, and the scope
    // ends when they have all returned.
    let watched = pool.in_place_scope(|ps| {
        let sh = &shared;
        for w in 0..threads {
            ps.spawn(move |_| sh.worker(w));
        }
        monitor.watch(progress, &mut deliver)
    });

    let report = monitor.report();
    if let Some(e) = shared.lock().error.take() {
        return Err(e);
    }
    watched?;
    let last = monitor.checkpoint();
    if !report.interrupted {
        check_resumed(&last, source, options)?;
    }
    progress.finish(&report);
    Ok((report, last))
}

/// Refuses the result of a whole count resumed from the checkpoint
/// `source` when its distinct sums are no multiple of the group order
/// ([`Options::distinct_multiple`]): the checkpoint's figures were edited
/// in a way no check of a part can see (within every subproblem's bounds).
/// A fresh count never gets here; a shard's sums are partial.
fn check_resumed(
    last: &Checkpoint,
    source: Option<std::path::PathBuf>,
    options: &Options,
) -> Result<(), Error> {
    let (Some(path), Some(k)) = (source, options.distinct_multiple) else {
        return Ok(());
    };
    if last.shard.is_some() || !last.weighted {
        return Ok(());
    }
    last.check_whole(k)
        .map_err(|reason| Error::CheckpointDamaged {
            path,
            reason: format!(
                "{reason} (seen once the resumed count finished: figures were changed)"
            ),
        })
}

/// Refuses to run `plan` as asked: on an engine that walks another tree,
/// enumerating with a checkpoint, or finishing a checkpoint of the other
/// kind of count (weighted or plain).
fn check(
    matrix: &Matrix,
    plan: &Plan,
    options: &Options,
    ordered: bool,
    weighted: bool,
) -> Result<(), Error> {
    let asked = options.engine_for(matrix);
    if tree(plan.engine, matrix) != tree(asked, matrix) {
        return Err(Error::EngineMismatch {
            planned: tree_words(plan.engine, matrix),
            asked: tree_words(asked, matrix),
        });
    }
    if ordered && (options.checkpoint.is_some() || !plan.earlier.finished.is_empty()) {
        return Err(Error::CheckpointWhileEnumerating);
    }
    if !plan.earlier.finished.is_empty() && plan.earlier.weighted != weighted {
        return Err(Error::CheckpointMismatch {
            path: plan.source.clone().unwrap_or_default(),
            reason: if plan.earlier.weighted {
                "it was made by a weighted count (up to symmetry); finish it with one".into()
            } else {
                "it was made by a plain count; finish it with one".into()
            },
        });
    }
    Ok(())
}
