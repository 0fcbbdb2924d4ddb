//! What the workers and the monitor share: the queue and the figures
//! behind one lock ([`State`]), the flags and counters beside it
//! ([`Shared`]), and the subproblems in the queue ([`Task`]) and running
//! ([`Running`]).

use crate::checkpoint::{Checkpoint, Finished};
use crate::split::{Branch, Key, Walk};
use crate::weight::{Weigher, Weight};
use crate::{Error, Options};
use dlx::{Matrix, OptionId, Stats, Subproblem};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a waiting thread sleeps before it looks at the stop flag again
/// (nobody notifies when the user sets it).
pub(super) const NAP: Duration = Duration::from_millis(50);

/// What a solution of `len` options counts for in `Options::buffer_limit`:
/// its options, plus the pointer, length and allocation that hold them
/// (about 32 bytes: 8 options' worth).
pub(super) fn entries(len: usize) -> usize {
    len + 8
}

/// Solutions on their way to the visitor, with their size ([`entries`]).
#[derive(Default)]
pub(super) struct Chunk {
    pub(super) solutions: Vec<Box<[OptionId]>>,
    pub(super) entries: usize,
    /// Streamed by the head of the order (counted in `State::streamed`).
    pub(super) streamed: bool,
}

/// A subproblem waiting in the queue.
pub(super) struct Task {
    pub(super) sub: Subproblem,
    /// Its share of the whole tree, by Knuth's estimate (its path's
    /// degrees): for progress.
    pub(super) weight: f64,
    /// Nothing below it branches: never split.
    pub(super) forced: bool,
}

impl Task {
    pub(super) fn new(b: Branch) -> (Key, Task) {
        let weight = b.sub.weight();
        (
            b.key,
            Task {
                sub: b.sub,
                weight,
                forced: b.forced,
            },
        )
    }
}

/// What a worker is doing, for progress.
pub(super) struct Running {
    /// Its subproblem's place in the search order, and share of the tree.
    pub(super) key: Key,
    pub(super) weight: f64,
    /// The share of the subproblem searched, by its solver's estimate.
    pub(super) progress: f64,
    /// The solutions and weights found in it so far.
    pub(super) solutions: u128,
    pub(super) weights: Weight,
}

/// Everything the threads share, behind one lock taken between slices only.
pub(super) struct State {
    /// Subproblems waiting for a thread, in search order.
    pub(super) pending: BTreeMap<Key, Task>,
    /// `running[w]`: worker `w`'s subproblem.
    pub(super) running: Vec<Option<Running>>,
    /// Workers waiting for work, and workers gone.
    pub(super) idle: usize,
    pub(super) exited: usize,
    /// Finished subproblems (those of the resumed checkpoint included).
    pub(super) finished: Vec<Finished>,
    pub(super) solutions: u128,
    /// Weighted counting: the weights of the finished branches.
    pub(super) weights: Weight,
    /// The search figures of the finished branches (earlier runs' too).
    pub(super) tree_nodes: u64,
    pub(super) tree_updates: u64,
    pub(super) subproblems: usize,
    pub(super) splits: usize,
    /// Enumeration: solutions of finished subproblems (and chunks streamed
    /// by the head), waiting for every earlier subproblem to finish.
    pub(super) results: BTreeMap<(Key, u32), Chunk>,
    /// Enumeration: the size ([`entries`]) of the solutions found and not
    /// yet delivered: in `results`, in workers' buffers (as counted between
    /// slices) and in the batch the monitor is delivering.
    pub(super) buffered: usize,
    /// The part of `buffered` streamed by the head of the order and not
    /// yet taken by the monitor: the head waits while it is over
    /// `Options::buffer_limit`, so a slow visitor holds back the search
    /// (what the monitor delivers is at most about as much again).
    pub(super) streamed: usize,
    /// The most `buffered` has been ([`Report::held_peak`](crate::Report::held_peak)).
    pub(super) held_peak: usize,
    pub(super) error: Option<Error>,
    /// The share of the tree the run's count covers (its plan's scope):
    /// progress is the part of it done, so that a shard's is of its own
    /// parts, not the whole tree's.
    pub(super) scope: f64,
}

impl State {
    /// The state at the start of a run of `threads` workers over
    /// `branches`, with the finished branches of `earlier` (taken from it),
    /// the count covering the share `scope` of the tree.
    pub(super) fn new(
        branches: Vec<Branch>,
        threads: usize,
        scope: f64,
        earlier: &mut Checkpoint,
    ) -> Result<State, Error> {
        let overflow = || Error::Overflow("the checkpoint's totals overflow");
        Ok(State {
            pending: branches.into_iter().map(Task::new).collect(),
            running: (0..threads).map(|_| None).collect(),
            idle: 0,
            exited: 0,
            solutions: earlier.solutions().ok_or_else(overflow)?,
            weights: earlier.weights().ok_or_else(overflow)?,

            tree_nodes: earlier.finished_nodes().ok_or_else(overflow)?,
            tree_updates: earlier.finished_updates().ok_or_else(overflow)?,

            subproblems: earlier.finished.len(),
            finished: std::mem::take(&mut earlier.finished),
            splits: 0,
            results: BTreeMap::new(),
            buffered: 0,
            streamed: 0,
            held_peak: 0,
            error: None,
            scope,
        })
    }

    /// The earliest subproblem not finished: the only one whose solutions
    /// may be handed over while it runs.
    pub(super) fn head(&self) -> Option<&Key> {
        let queued = self.pending.keys().next();
        let running = self.running.iter().flatten().map(|r| &r.key).min();
        match (queued, running) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Knuth's estimate of the share of the run's count done: of the
    /// whole tree, or of a shard's parts (the rest of the tree, other
    /// shards' parts, is not this count's work).
    pub(super) fn fraction_done(&self) -> f64 {
        let open: f64 = self.pending.values().map(|t| t.weight).sum::<f64>()
            + self
                .running
                .iter()
                .flatten()
                .map(|r| r.weight * (1.0 - r.progress))
                .sum::<f64>();
        if self.scope <= 0.0 {
            return 1.0;
        }
        (1.0 - open / self.scope).clamp(0.0, 1.0)
    }

    /// Counts `entries` more as held back.
    pub(super) fn hold(&mut self, entries: usize) {
        self.buffered += entries;
        self.held_peak = self.held_peak.max(self.buffered);
    }

    /// Takes the solutions that no unfinished subproblem precedes; they
    /// stay counted as held until [`delivered`](Self::delivered).
    pub(super) fn release(&mut self) -> Chunk {
        let head = self.head().cloned();
        let mut out = Chunk::default();
        while let Some(e) = self.results.first_entry() {
            if head.as_ref().is_some_and(|h| e.key().0 > *h) {
                break;
            }
            let c = e.remove();
            out.solutions.extend(c.solutions);
            out.entries += c.entries;
            if c.streamed {
                self.streamed -= c.entries;
            }
        }
        out
    }

    /// The monitor has handed `batch` (from [`release`](Self::release))
    /// to the visitor, or dropped it on a stop.
    pub(super) fn delivered(&mut self, batch: &Chunk) {
        self.buffered -= batch.entries;
    }
}

/// What the workers and the monitor share: the run's settings, flags and
/// counters (atomics, read without the lock), and the [`State`] behind the
/// lock.
pub(super) struct Shared<'m> {
    pub(super) matrix: &'m Matrix,
    /// The number of workers.
    pub(super) threads: usize,
    /// Enumerating: solutions are handed over in search order.
    pub(super) ordered: bool,
    /// Weighted counting: each solution's weight, summed per branch.
    pub(super) weigh: Option<Weigher<'m>>,
    pub(super) options: &'m Options,
    /// Set on an error or when the visitor says stop.
    pub(super) halt: AtomicBool,
    /// Subproblems finished by earlier runs (a resumed checkpoint's).
    pub(super) earlier_done: usize,
    /// Set once `Options::hold_after` subproblems have finished in this
    /// run: workers take no more work and give theirs back, as on a stop,
    /// but wait for the stop flag instead of ending the run.
    pub(super) holding: AtomicBool,
    /// Everything walked by this run's solvers, for the rate of progress.
    pub(super) walked: AtomicU64,
    pub(super) walked_updates: AtomicU64,
    /// The walks of splits in this run (`Walk::tree_*`: nodes above the
    /// branches, the tree's; the rest is the cost of splitting).
    pub(super) split_tree_nodes: AtomicU64,
    pub(super) split_tree_updates: AtomicU64,
    pub(super) split_nodes: AtomicU64,
    pub(super) split_updates: AtomicU64,
    /// Time the workers spent searching and splitting, summed.
    pub(super) busy_nanos: AtomicU64,
    /// Slices thrown away: searches of branches split or given back.
    pub(super) wasted_nodes: AtomicU64,
    pub(super) wasted_updates: AtomicU64,
    pub(super) state: Mutex<State>,
    /// Workers wait here for work (or for room to buffer).
    pub(super) work: Condvar,
    /// The monitor waits here for results and for the end.
    pub(super) monitor: Condvar,
}

/// Marks a worker gone even if it panics, so that the others and the
/// monitor do not wait for it forever.
pub(super) struct ExitGuard<'a, 'm>(pub(super) &'a Shared<'m>, pub(super) usize);

impl Drop for ExitGuard<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt.store(true, Relaxed);
        }
        let mut st = self.0.lock();
        st.exited += 1;
        st.running[self.1] = None;
        drop(st);
        self.0.work.notify_all();
        self.0.monitor.notify_all();
    }
}

impl<'m> Shared<'m> {
    /// The shared part of a run of `threads` workers from `state`, the
    /// plan's walk `top` counted as walked and as splitting's.
    pub(super) fn new(
        matrix: &'m Matrix,
        options: &'m Options,
        threads: usize,
        ordered: bool,
        weigh: Option<Weigher<'m>>,
        top: &Walk,
        state: State,
    ) -> Shared<'m> {
        Shared {
            matrix,
            threads,
            ordered,
            weigh,
            options,
            halt: AtomicBool::new(false),
            earlier_done: state.subproblems,
            holding: AtomicBool::new(false),
            walked: AtomicU64::new(top.nodes),
            walked_updates: AtomicU64::new(top.updates),
            split_tree_nodes: AtomicU64::new(top.tree_nodes),
            split_tree_updates: AtomicU64::new(top.tree_updates),
            split_nodes: AtomicU64::new(top.nodes),
            split_updates: AtomicU64::new(top.updates),
            wasted_nodes: AtomicU64::new(0),
            wasted_updates: AtomicU64::new(0),
            busy_nanos: AtomicU64::new(0),
            state: Mutex::new(state),
            work: Condvar::new(),
            monitor: Condvar::new(),
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        // A panicking worker poisons the lock; the state stays consistent
        // enough to wind down, and the panic resurfaces at the join.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn halted(&self) -> bool {
        self.halt.load(Relaxed) || self.options.stop.load(Relaxed)
    }

    /// Should a running subproblem be given back: stopped or held?
    pub(super) fn pausing(&self) -> bool {
        self.halted() || self.holding.load(Relaxed)
    }

    /// Called under the lock when a subproblem has finished: starts the
    /// hold once `Options::hold_after` have finished in this run.
    pub(super) fn count_finished(&self, st: &mut State) {
        st.subproblems += 1;
        if let Some(n) = self.options.hold_after
            && st.subproblems - self.earlier_done >= n
        {
            self.holding.store(true, Relaxed);
        }
    }

    /// Must the monitor wake when a subproblem finishes? Only to hand
    /// over results in order, to see a hold complete, or to write a
    /// checkpoint after every part (`checkpoint_every` zero): the rest of
    /// what it does (progress, timed checkpoints, the end) is on its own
    /// clock or woken otherwise, and waking it costs the worker a system
    /// call and the monitor a context switch per part (a hundred per
    /// second on small burr puzzles).
    pub(super) fn monitor_wants_each_part(&self) -> bool {
        let o = self.options;
        self.ordered
            || self.holding.load(Relaxed)
            || (o.checkpoint.is_some() && o.checkpoint_every.is_zero())
    }

    pub(super) fn add_walked(&self, from: Stats, to: Stats) {
        self.walked.fetch_add(to.nodes - from.nodes, Relaxed);
        self.walked_updates
            .fetch_add(to.updates - from.updates, Relaxed);
    }

    pub(super) fn add_busy(&self, since: Instant) {
        let nanos = since.elapsed().as_nanos().try_into().unwrap_or(u64::MAX);
        self.busy_nanos.fetch_add(nanos, Relaxed);
    }

    pub(super) fn add_wasted(&self, from: Stats, to: Stats) {
        self.wasted_nodes.fetch_add(to.nodes - from.nodes, Relaxed);
        self.wasted_updates
            .fetch_add(to.updates - from.updates, Relaxed);
    }

    pub(super) fn add_split(&self, walk: Walk) {
        self.split_tree_nodes.fetch_add(walk.tree_nodes, Relaxed);
        self.split_tree_updates
            .fetch_add(walk.tree_updates, Relaxed);
        self.split_nodes.fetch_add(walk.nodes, Relaxed);
        self.split_updates.fetch_add(walk.updates, Relaxed);
        self.walked.fetch_add(walk.nodes, Relaxed);
        self.walked_updates.fetch_add(walk.updates, Relaxed);
    }
}
