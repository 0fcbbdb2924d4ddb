//! The run: workers on a rayon pool taking subproblems from one ordered
//! queue, and a monitor on the caller's thread that reports progress, writes
//! checkpoints and hands solutions over in order.
//!
//! Each worker owns one `Solver` and searches its subproblem in node-budget
//! slices with no lock held. Between slices (every ~20 ms) it takes the state
//! lock once to publish its progress, and checks the stop flag. If some
//! thread is idle and nothing is queued, it gives up its subproblem and puts
//! its children back in the queue instead (see [`Shared::should_split`]).
//!
//! The queue is a `BTreeMap` keyed by position in the search order, and
//! workers always take the first entry. So the earliest unfinished
//! subproblem is always running or next in line, which lets enumeration hold
//! back only a bounded number of solutions.

use crate::checkpoint::{Checkpoint, Finished, tree, tree_words};
use crate::plan::Plan;
use crate::progress::{Eta, Progress, Snapshot};
use crate::split::{self, Branch, Key, Walk};

use crate::weight::{Weigher, Weight};
use crate::{Error, Options, Report};
use dlx::{Control, CountOnly, Matrix, OptionId, Outcome, Solver, Stats, Subproblem};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A subproblem at the head of the order streams its solutions in chunks of
/// this many instead of holding them all.
const CHUNK: usize = 1024;

/// How long a waiting thread sleeps before it looks at the stop flag again
/// (nobody notifies when the user sets it).
const NAP: Duration = Duration::from_millis(50);

struct Task {
    sub: Subproblem,
    weight: f64,
    /// Nothing below it branches: never split.
    forced: bool,
}

impl Task {
    fn new(b: Branch) -> (Key, Task) {
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
struct Running {
    key: Key,
    weight: f64,
    progress: f64,
    solutions: u128,
    weights: Weight,
}

/// Everything the threads share, behind one lock taken between slices only.
struct State {
    /// Subproblems waiting for a thread, in search order.
    pending: BTreeMap<Key, Task>,
    /// `running[w]`: worker `w`'s subproblem.
    running: Vec<Option<Running>>,
    /// Workers waiting for work, and workers gone.
    idle: usize,
    exited: usize,
    /// Finished subproblems (those of the resumed checkpoint included).
    finished: Vec<Finished>,
    solutions: u128,
    /// Weighted counting: the weights of the finished branches.
    weights: Weight,
    /// The search figures of the finished branches (earlier runs' too).
    tree_nodes: u64,
    tree_updates: u64,
    subproblems: usize,
    splits: usize,
    /// Enumeration: solutions of finished subproblems (and chunks streamed
    /// by the head), waiting for every earlier subproblem to finish.
    results: BTreeMap<(Key, u32), Vec<Box<[OptionId]>>>,
    /// Solutions held back, in `results` and in workers' buffers.
    buffered: usize,
    error: Option<Error>,
}

impl State {
    /// The earliest subproblem not finished: the only one whose solutions
    /// may be handed over while it runs.
    fn head(&self) -> Option<&Key> {
        let queued = self.pending.keys().next();
        let running = self.running.iter().flatten().map(|r| &r.key).min();
        match (queued, running) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Knuth's estimate of the share of the tree done.
    fn fraction_done(&self) -> f64 {
        let open: f64 = self.pending.values().map(|t| t.weight).sum::<f64>()
            + self
                .running
                .iter()
                .flatten()
                .map(|r| r.weight * (1.0 - r.progress))
                .sum::<f64>();
        (1.0 - open).clamp(0.0, 1.0)
    }

    /// Takes the solutions that no unfinished subproblem precedes.
    fn release(&mut self) -> Vec<Box<[OptionId]>> {
        let head = self.head().cloned();
        let mut out = Vec::new();
        while let Some(e) = self.results.first_entry() {
            if head.as_ref().is_some_and(|h| e.key().0 > *h) {
                break;
            }
            out.extend(e.remove());
        }
        self.buffered -= out.len();
        out
    }
}

/// The slice length of one worker.
struct Budget {
    fixed: Option<u64>,
    target: Duration,
    nodes: u64,
}

impl Budget {
    fn new(o: &Options) -> Budget {
        Budget {
            fixed: o.slice_nodes,
            target: o.slice_time,
            nodes: o.slice_nodes.unwrap_or(1024).max(1),
        }
    }

    /// Aims at `target` per slice: node costs differ twentyfold between
    /// puzzles, and a slice bounds both the reaction to the stop flag and the
    /// work lost when a running subproblem is split.
    fn after(&mut self, took: Duration) {
        if self.fixed.is_none() {
            if took < self.target / 2 {
                self.nodes = (self.nodes * 2).min(1 << 24);
            } else if took > self.target * 2 {
                self.nodes = (self.nodes / 2).max(64);
            }
        }
    }
}

struct Shared<'m> {
    matrix: &'m Matrix,
    threads: usize,
    ordered: bool,
    /// Weighted counting: each solution's weight, summed per branch.
    weigh: Option<Weigher<'m>>,
    options: &'m Options,
    /// Set on an error or when the visitor says stop.
    halt: AtomicBool,
    /// Subproblems finished by earlier runs (a resumed checkpoint's).
    earlier_done: usize,
    /// Set once `Options::hold_after` subproblems have finished in this
    /// run: workers take no more work and give theirs back, as on a stop,
    /// but wait for the stop flag instead of ending the run.
    holding: AtomicBool,
    /// Everything walked by this run's solvers, for the rate of progress.
    walked: AtomicU64,
    walked_updates: AtomicU64,
    /// The walks of splits in this run (`Walk::tree_*`: nodes above the
    /// branches, the tree's; the rest is the cost of splitting).
    split_tree_nodes: AtomicU64,
    split_tree_updates: AtomicU64,
    split_nodes: AtomicU64,
    split_updates: AtomicU64,
    /// Time the workers spent searching and splitting, summed.
    busy_nanos: AtomicU64,
    /// Slices thrown away: searches of branches split or given back.
    wasted_nodes: AtomicU64,
    wasted_updates: AtomicU64,
    state: Mutex<State>,
    /// Workers wait here for work (or for room to buffer).
    work: Condvar,
    /// The monitor waits here for results and for the end.
    monitor: Condvar,
}

/// Marks a worker gone even if it panics, so that the others and the
/// monitor do not wait for it forever.
struct ExitGuard<'a, 'm>(&'a Shared<'m>, usize);

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
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panicking worker poisons the lock; the state stays consistent
        // enough to wind down, and the panic resurfaces at the join.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn halted(&self) -> bool {
        self.halt.load(Relaxed) || self.options.stop.load(Relaxed)
    }

    /// Should a running subproblem be given back: stopped or held?
    fn pausing(&self) -> bool {
        self.halted() || self.holding.load(Relaxed)
    }

    /// Called under the lock when a subproblem has finished: starts the
    /// hold once `Options::hold_after` have finished in this run.
    fn count_finished(&self, st: &mut State) {
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
    fn monitor_wants_each_part(&self) -> bool {
        let o = self.options;
        self.ordered
            || self.holding.load(Relaxed)
            || (o.checkpoint.is_some() && o.checkpoint_every.is_zero())
    }

    fn add_walked(&self, from: Stats, to: Stats) {
        self.walked.fetch_add(to.nodes - from.nodes, Relaxed);
        self.walked_updates
            .fetch_add(to.updates - from.updates, Relaxed);
    }

    fn add_busy(&self, since: Instant) {
        let nanos = since.elapsed().as_nanos().try_into().unwrap_or(u64::MAX);
        self.busy_nanos.fetch_add(nanos, Relaxed);
    }

    fn add_wasted(&self, from: Stats, to: Stats) {
        self.wasted_nodes.fetch_add(to.nodes - from.nodes, Relaxed);
        self.wasted_updates
            .fetch_add(to.updates - from.updates, Relaxed);
    }

    fn add_split(&self, walk: Walk) {
        self.split_tree_nodes.fetch_add(walk.tree_nodes, Relaxed);
        self.split_tree_updates
            .fetch_add(walk.tree_updates, Relaxed);
        self.split_nodes.fetch_add(walk.nodes, Relaxed);
        self.split_updates.fetch_add(walk.updates, Relaxed);
        self.walked.fetch_add(walk.nodes, Relaxed);
        self.walked_updates.fetch_add(walk.updates, Relaxed);
    }

    fn worker(&self, w: usize) {
        let _guard = ExitGuard(self, w);
        let mut solver = self.options.solver(self.matrix);
        let mut budget = Budget::new(self.options);
        while let Some((key, task)) = self.next_task(w) {
            if let Err(e) = self.run_task(&mut solver, &mut budget, w, key, task) {
                solver.abandon();
                self.halt.store(true, Relaxed);
                let mut st = self.lock();
                st.running[w] = None;
                st.error.get_or_insert(e);
                drop(st);
                self.work.notify_all();
                self.monitor.notify_all();
            }
        }
    }

    /// The first subproblem in line; `None` when the run is over (nothing
    /// queued and nothing running that could be split) or stopped. A held
    /// run hands out nothing and waits for the stop flag.
    fn next_task(&self, w: usize) -> Option<(Key, Task)> {
        let mut st = self.lock();
        loop {
            if self.halted() {
                return None;
            }
            if st.pending.is_empty() && st.running.iter().all(Option::is_none) {
                return None;
            }
            if !self.holding.load(Relaxed)
                && let Some((key, task)) = st.pending.pop_first()
            {
                st.running[w] = Some(Running {
                    key: key.clone(),
                    weight: task.weight,
                    progress: 0.0,
                    solutions: 0,
                    weights: Weight::ZERO,
                });
                return Some((key, task));
            }
            st.idle += 1;
            st = self
                .work
                .wait_timeout(st, NAP)
                .unwrap_or_else(|e| e.into_inner())
                .0;
            st.idle -= 1;
        }
    }

    /// Splitting throws away the work done in the subproblem so far. Do it
    /// when a thread is idle with nothing queued, and either the subproblem
    /// has run a single slice (little to lose) or its solver estimates it
    /// under a third done, so that the work left (≈ 2× the work lost, by
    /// the estimate) is worth sharing.
    fn should_split(&self, st: &State, slices: u32, progress: f64) -> bool {
        st.idle > 0 && st.pending.is_empty() && (slices == 1 || progress < 1.0 / 3.0)
    }

    fn run_task(
        &self,
        solver: &mut Solver<'m>,
        budget: &mut Budget,
        w: usize,
        key: Key,
        task: Task,
    ) -> Result<(), Error> {
        solver.start(&task.sub)?;
        let start = solver.stats();
        let mut last = start;
        let mut buf: Vec<Box<[OptionId]>> = Vec::new();
        // Solutions of `buf` already counted in `State::buffered`.
        let mut counted = 0;
        let mut seq = 0;
        // Once some solutions are handed over the subproblem cannot be split.
        let mut streamed = false;
        let mut slices = 0;
        // The branch's weights so far (`None`: overflow, or a solution the
        // weigher could not weigh, then `unweighed`).
        let mut weights = Some(Weight::ZERO);
        let mut unweighed = false;
        loop {
            let t0 = Instant::now();
            let outcome = if self.ordered {
                let mut collect = |o: &[OptionId]| {
                    buf.push(o.into());
                    Control::Continue
                };
                solver.run(&mut collect, budget.nodes)
            } else if let Some(weigh) = self.weigh {
                let mut add = |o: &[OptionId]| {
                    let Some(x) = weigh(o) else {
                        unweighed = true;
                        weights = None;
                        return Control::Stop;
                    };
                    if let Some(w) = weights.as_mut()
                        && w.add(&x)
                    {
                        return Control::Continue;
                    }
                    weights = None;
                    Control::Stop
                };
                solver.run(&mut add, budget.nodes)
            } else {
                solver.run(&mut CountOnly, budget.nodes)
            };
            if unweighed {
                // A weigher that gives up once the stop flag is set was
                // interrupted: the branch goes back whole, as a paused one
                // would, and is searched again on resume.
                if !self.options.stop.load(Relaxed) {
                    return Err(Error::Unweighed);
                }
                let now = solver.stats();
                self.add_walked(last, now);
                self.add_wasted(start, now);
                self.give_back(solver, w, key, task, counted);
                return Ok(());
            }
            let Some(weights) = weights.as_ref() else {
                return Err(Error::Overflow("the weights of a branch exceed 2^128"));
            };
            slices += 1;
            self.add_busy(t0);
            let now = solver.stats();
            self.add_walked(last, now);
            last = now;
            let solutions = now.solutions - start.solutions;

            if outcome != Outcome::Paused {
                let mut st = self.lock();
                st.running[w] = None;
                st.solutions = st
                    .solutions
                    .checked_add(solutions)
                    .ok_or(Error::Overflow("the count of solutions exceeds 2^128"))?;
                if self.weigh.is_some() && !st.weights.add(weights) {
                    return Err(Error::Overflow("the weights exceed 2^128"));
                }
                st.tree_nodes += now.nodes - start.nodes;
                st.tree_updates += now.updates - start.updates;
                self.count_finished(&mut st);
                if self.ordered {
                    st.buffered += buf.len() - counted;
                    if !buf.is_empty() {
                        st.results.insert((key, seq), buf);
                    }
                } else {
                    st.finished.push(Finished {
                        choices: task.sub.choices().to_vec(),
                        degrees: task.sub.degrees().to_vec(),
                        solutions,
                        weights: self.weigh.map(|_| weights.clone()),
                        nodes: now.nodes - start.nodes,
                        updates: now.updates - start.updates,
                    });
                }
                drop(st);
                self.work.notify_all();
                if self.monitor_wants_each_part() {
                    self.monitor.notify_all();
                }
                return Ok(());
            }
            budget.after(t0.elapsed());

            if self.pausing() {
                self.add_wasted(start, now);
                self.give_back(solver, w, key, task, counted);
                return Ok(());
            }

            let progress = solver.progress();
            let mut st = self.lock();
            if let Some(r) = st.running[w].as_mut() {
                r.progress = progress;
                r.solutions = solutions;
                r.weights = weights.clone();
            }
            if self.ordered {
                st.buffered += buf.len() - counted;
                counted = buf.len();
                if st.head() == Some(&key) {
                    if buf.len() >= CHUNK {
                        st.results
                            .insert((key.clone(), seq), std::mem::take(&mut buf));
                        counted = 0;
                        seq += 1;
                        streamed = true;
                        self.monitor.notify_all();
                    }
                } else {
                    while st.buffered > self.options.buffer_limit
                        && st.head() != Some(&key)
                        && !self.halted()
                    {
                        if st.pending.keys().next().is_some_and(|k| *k < key) {
                            // An earlier subproblem waits for a thread while
                            // every thread may be waiting like this one: give
                            // this one back so that the earlier one can run.
                            drop(st);
                            self.add_wasted(start, now);
                            self.give_back(solver, w, key, task, counted);
                            return Ok(());
                        }
                        st = self
                            .work
                            .wait_timeout(st, NAP)
                            .unwrap_or_else(|e| e.into_inner())
                            .0;
                    }
                }
            }
            if !streamed && !task.forced && self.should_split(&st, slices, progress) {
                st.splits += 1;
                st.buffered -= counted;
                drop(st);
                solver.abandon();
                self.add_wasted(start, now);
                let target = 2 * self.threads;
                let t0 = Instant::now();
                let mut walk = Walk::default();
                let branch = Branch {
                    key,
                    sub: task.sub,
                    forced: false,
                };
                let branches =
                    split::refine(solver, &mut walk, vec![branch], |b| b.len() >= target)?;
                self.add_split(walk);
                self.add_busy(t0);
                let mut st = self.lock();
                st.running[w] = None;
                for b in branches {
                    let (key, task) = Task::new(b);
                    st.pending.insert(key, task);
                }
                drop(st);
                self.work.notify_all();
                return Ok(());
            }
        }
    }

    /// Abandons a paused branch and queues it again, unfinished (the
    /// caller counts its slices as wasted).
    fn give_back(&self, solver: &mut Solver<'m>, w: usize, key: Key, task: Task, counted: usize) {
        solver.abandon();
        let mut st = self.lock();
        st.running[w] = None;
        st.buffered -= counted;
        st.pending.insert(key, task);
        drop(st);
        self.work.notify_all();
        self.monitor.notify_all();
    }
}

/// Where enumerated solutions go, on the caller's thread.
pub type Deliver<'a> = &'a mut dyn FnMut(&[OptionId]) -> Control;

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
    if !plan.earlier.finished.is_empty() && plan.earlier.weighted != weigh.is_some() {
        return Err(Error::CheckpointMismatch {
            path: plan.source.clone().unwrap_or_default(),
            reason: if plan.earlier.weighted {
                "it was made by a weighted count (up to symmetry); finish it with one".into()
            } else {
                "it was made by a plain count; finish it with one".into()
            },
        });
    }
    let clock = Instant::now();
    let threads = options.checked_threads()?;
    let overflow = || Error::Overflow("the checkpoint's totals overflow");
    let Plan {
        branches,
        mut earlier,
        walk: top,
        engine: plan_engine,
        ..
    } = plan;
    earlier.weighted = weigh.is_some();
    // A fresh plan's checkpoint is named only now, and only if it is to be
    // written (see `Checkpoint::unnamed`).
    if options.checkpoint.is_some() {
        earlier.name(matrix, plan_engine);
    }

    let shared = Shared {
        matrix,
        threads,
        ordered,
        weigh,
        options,
        halt: AtomicBool::new(false),
        earlier_done: earlier.finished.len(),
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
        state: Mutex::new(State {
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
            error: None,
        }),
        work: Condvar::new(),
        monitor: Condvar::new(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("polycover-{i}"))
        .build()?;

    let mut monitor = Monitor {
        shared: &shared,
        earlier: &earlier,
        clock,
        eta: Eta::new(),
        shown: 0.0,
        delivered: 0,
        visitor_stopped: false,
    };
    // The workers go to the pool; this thread watches them, and the scope
    // ends when they have all returned.
    let watched = pool.in_place_scope(|ps| {
        let sh = &shared;
        for w in 0..threads {
            ps.spawn(move |_| sh.worker(w));
        }
        monitor.watch(progress, &mut deliver)
    });

    let st = shared.lock();
    let interrupted = !st.pending.is_empty() || monitor.visitor_stopped;
    let report = Report {
        solutions: if ordered {
            monitor.delivered
        } else {
            st.solutions
        },
        weights: weigh.map(|_| st.weights.clone()),
        nodes: st.tree_nodes + shared.split_tree_nodes.load(Relaxed),
        updates: st.tree_updates + shared.split_tree_updates.load(Relaxed),
        split_nodes: earlier.split_nodes + shared.split_nodes.load(Relaxed),
        split_updates: earlier.split_updates + shared.split_updates.load(Relaxed),
        wasted_nodes: earlier.wasted_nodes + shared.wasted_nodes.load(Relaxed),
        wasted_updates: earlier.wasted_updates + shared.wasted_updates.load(Relaxed),
        seconds: earlier.millis as f64 / 1000.0 + clock.elapsed().as_secs_f64(),
        cpu_seconds: (earlier.cpu_millis as f64 + shared.busy_nanos.load(Relaxed) as f64 / 1e6)
            / 1000.0,
        fraction_done: if interrupted { st.fraction_done() } else { 1.0 },
        interrupted,
        subproblems: st.subproblems,
        splits: st.splits,
        threads,
    };
    drop(st);
    if let Some(e) = shared.lock().error.take() {
        return Err(e);
    }
    watched?;
    let last = monitor.checkpoint();
    progress.finish(&report);
    Ok((report, last))
}

/// The caller's side of a run.
struct Monitor<'a, 'm> {
    shared: &'a Shared<'m>,
    earlier: &'a Checkpoint,
    clock: Instant,
    eta: Eta,
    shown: f64,
    delivered: u128,
    visitor_stopped: bool,
}

impl Monitor<'_, '_> {
    /// Runs until every worker is gone: hands solutions over, reports
    /// progress, writes checkpoints (and a last one at the end).
    fn watch(
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
        loop {
            let mut st = sh.lock();
            let mut batch = if sh.ordered { st.release() } else { Vec::new() };
            if batch.is_empty() && st.exited < sh.threads {
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
            if !batch.is_empty() {
                sh.work.notify_all(); // room in the buffer again
                if let Some(visit) = deliver.as_mut() {
                    for s in &batch {
                        if self.visitor_stopped {
                            break;
                        }
                        self.delivered += 1;
                        if visit(s) == Control::Stop {
                            self.visitor_stopped = true;
                            sh.halt.store(true, Relaxed);
                        }
                    }
                }
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

    fn checkpoint(&self) -> Checkpoint {
        let sh = self.shared;
        let st = sh.lock();
        Checkpoint {
            split_nodes: self.earlier.split_nodes + sh.split_nodes.load(Relaxed),
            split_updates: self.earlier.split_updates + sh.split_updates.load(Relaxed),
            wasted_nodes: self.earlier.wasted_nodes + sh.wasted_nodes.load(Relaxed),
            wasted_updates: self.earlier.wasted_updates + sh.wasted_updates.load(Relaxed),

            millis: (self.earlier.millis).saturating_add(
                self.clock
                    .elapsed()
                    .as_millis()
                    .try_into()
                    .unwrap_or(u64::MAX),
            ),
            cpu_millis: (self.earlier.cpu_millis)
                .saturating_add(sh.busy_nanos.load(Relaxed) / 1_000_000),

            finished: st.finished.clone(),
            ..self.earlier.clone()
        }
    }
}
