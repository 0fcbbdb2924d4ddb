//! A worker ([`Shared::worker`]): it takes subproblems from the queue and
//! searches each in node-budget slices ([`TaskRun`]); between slices it
//! publishes its progress, streams or holds back its solutions, and gives
//! its subproblem back or splits it.

use super::shared::{Chunk, ExitGuard, NAP, Running, Shared, State, Task, entries};
use crate::checkpoint::Finished;
use crate::split::{self, Branch, Key, Walk};
use crate::weight::Weight;
use crate::{Error, Options};
use dlx::{Control, CountOnly, OptionId, Outcome, Solver, Stats};
use std::sync::MutexGuard;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// A subproblem at the head of the order streams its solutions in chunks of
/// this many (or fewer, if large: see [`Shared::chunk_ready`]) instead of
/// holding them all; and in enumeration a slice collects at most this many
/// (it pauses there, and [`Budget::after`] shortens the next slices).
const CHUNK: usize = 1024;

/// The slice length of one worker.
struct Budget {
    /// The length the options fix (`Options::slice_nodes`), if any.
    fixed: Option<u64>,
    /// Otherwise the time a slice aims at (`Options::slice_time`).
    target: Duration,
    /// The nodes of the next slice: at least 1; between 64 and 2^24 once
    /// `after` has adjusted it.
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
    ///
    /// Enumerating, `found` is the last slice's nodes and solutions: the
    /// next slice gets at most [`CHUNK`] times its nodes per solution, so
    /// that where solutions are dense a slice ends on its budget, about when
    /// it holds a chunk (it pauses there in any case: `Shared::slice`).
    fn after(&mut self, took: Duration, found: Option<(u64, u128)>) {
        if self.fixed.is_some() {
            return;
        }
        if took < self.target / 2 {
            self.nodes = (self.nodes * 2).min(1 << 24);
        } else if took > self.target * 2 {
            self.nodes = (self.nodes / 2).max(64);
        }
        if let Some((nodes, solutions)) = found
            && solutions > 0
        {
            let per_solution = (u128::from(nodes) / solutions).max(1) as u64;
            self.nodes = self.nodes.min(per_solution.saturating_mul(CHUNK as u64));
        }
    }
}

/// A subproblem under way on one worker, between its slices.
struct TaskRun {
    /// The subproblem and its place in the search order.
    key: Key,
    task: Task,
    /// The solver's figures when the subproblem started, and after its
    /// last slice.
    start: Stats,
    last: Stats,
    /// Enumeration: solutions found and not yet handed over, and their
    /// size ([`entries`]).
    buf: Vec<Box<[OptionId]>>,
    entries: usize,
    /// The part of `entries` already counted in `State::buffered`.
    counted: usize,
    /// The number of the next chunk streamed to `State::results`.
    seq: u32,
    /// Once some solutions are handed over the subproblem cannot be split.
    streamed: bool,
    /// Slices searched so far.
    slices: u32,
    /// The branch's weights so far (`None`: overflow, or a solution the
    /// weigher could not weigh, then `unweighed`).
    weights: Option<Weight>,
    unweighed: bool,
}

impl TaskRun {
    fn new(key: Key, task: Task, start: Stats) -> TaskRun {
        TaskRun {
            key,
            task,
            start,
            last: start,
            buf: Vec::new(),
            entries: 0,
            counted: 0,
            seq: 0,
            streamed: false,
            slices: 0,
            weights: Some(Weight::ZERO),
            unweighed: false,
        }
    }

    /// The branch's weights so far, unless they overflowed.
    fn weights(&self) -> Result<&Weight, Error> {
        self.weights
            .as_ref()
            .ok_or(Error::Overflow("the weights of a branch exceed 2^128"))
    }
}

/// What a worker does after a slice that left its subproblem unfinished.
enum Next {
    /// Searches the next slice.
    Search,
    /// Queues the subproblem again, unfinished.
    GiveBack,
    /// Splits it into its children (the split is counted already).
    Split,
}

impl<'m> Shared<'m> {
    pub(super) fn worker(&self, w: usize) {
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
                && self.room_for_next(&st)
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

    /// Enumerating, a subproblem starts only while no more than the buffer
    /// limit is held back: one that finishes within its first slice never
    /// waits between slices, and a worker going through many such would
    /// hold all their solutions (a slow visitor, or one that does not
    /// head the order). Over the limit, the head still starts once the
    /// solutions before it have gone to the monitor (never waiting for
    /// later ones, which wait for it).
    fn room_for_next(&self, st: &State) -> bool {
        if !self.ordered || st.buffered <= self.options.buffer_limit {
            return true;
        }
        let Some(first) = st.pending.keys().next() else {
            return true;
        };
        st.head() == Some(first) && st.results.keys().next().is_none_or(|(k, _)| k > first)
    }

    /// Splitting throws away the work done in the subproblem so far. Do it
    /// when a thread is idle with nothing queued, and either the subproblem
    /// has run a single slice (little to lose) or its solver estimates it
    /// under a third done, so that the work left (≈ 2× the work lost, by
    /// the estimate) is worth sharing.
    fn should_split(&self, st: &State, slices: u32, progress: f64) -> bool {
        st.idle > 0 && st.pending.is_empty() && (slices == 1 || progress < 1.0 / 3.0)
    }

    /// Searches subproblem `key` in slices until it is finished, given
    /// back (stopped, held, or making way for an earlier one) or split.
    fn run_task(
        &self,
        solver: &mut Solver<'m>,
        budget: &mut Budget,
        w: usize,
        key: Key,
        task: Task,
    ) -> Result<(), Error> {
        solver.start(&task.sub)?;
        let mut run = TaskRun::new(key, task, solver.stats());
        loop {
            let t0 = Instant::now();
            let outcome = self.slice(solver, budget.nodes, &mut run);
            if run.unweighed {
                // A weigher that gives up once the stop flag is set was
                // interrupted: the branch goes back whole, as a paused one
                // would, and is searched again on resume.
                if !self.options.stop.load(Relaxed) {
                    return Err(Error::Unweighed);
                }
                let now = solver.stats();
                self.add_walked(run.last, now);
                self.give_back(solver, w, run, now);
                return Ok(());
            }
            run.weights()?;
            run.slices += 1;
            self.add_busy(t0);
            let now = solver.stats();
            self.add_walked(run.last, now);
            let found = (
                now.nodes - run.last.nodes,
                now.solutions - run.last.solutions,
            );
            run.last = now;
            if outcome != Outcome::Paused {
                return self.finish(w, run, now);
            }
            budget.after(t0.elapsed(), self.ordered.then_some(found));
            let next = if self.pausing() {
                Next::GiveBack
            } else {
                self.between_slices(w, &mut run, solver.progress())?
            };
            match next {
                Next::Search => {}
                Next::GiveBack => {
                    self.give_back(solver, w, run, now);
                    return Ok(());
                }
                Next::Split => return self.split(solver, w, run, now),
            }
        }
    }

    /// Searches one slice of `run`'s subproblem, about `nodes` nodes,
    /// collecting its solutions (enumeration), weighing them, or counting.
    fn slice(&self, solver: &mut Solver<'m>, nodes: u64, run: &mut TaskRun) -> Outcome {
        if self.ordered {
            // The slice ends once it holds a chunk, however long its budget:
            // a slice that met no solution for millions of nodes may enter a
            // region dense with them.
            let held = run.buf.len();
            let mut collect = |o: &[OptionId]| {
                run.buf.push(o.into());
                run.entries += entries(o.len());
                if run.buf.len() - held >= CHUNK {
                    Control::Pause
                } else {
                    Control::Continue
                }
            };
            solver.run(&mut collect, nodes)
        } else if let Some(weigh) = self.weigh {
            let mut add = |o: &[OptionId]| {
                let Some(x) = weigh(o) else {
                    run.unweighed = true;
                    run.weights = None;
                    return Control::Stop;
                };
                if let Some(w) = run.weights.as_mut()
                    && w.add(&x)
                {
                    return Control::Continue;
                }
                run.weights = None;
                Control::Stop
            };
            solver.run(&mut add, nodes)
        } else {
            solver.run(&mut CountOnly, nodes)
        }
    }

    /// Records `run`'s subproblem as finished: its figures, and its
    /// solutions (enumeration) or its entry for the checkpoint (counting).
    fn finish(&self, w: usize, run: TaskRun, now: Stats) -> Result<(), Error> {
        let solutions = now.solutions - run.start.solutions;
        let weights = run.weights()?;
        let mut st = self.lock();
        st.running[w] = None;
        st.solutions = st
            .solutions
            .checked_add(solutions)
            .ok_or(Error::Overflow("the count of solutions exceeds 2^128"))?;
        if self.weigh.is_some() && !st.weights.add(weights) {
            return Err(Error::Overflow("the weights exceed 2^128"));
        }
        st.tree_nodes += now.nodes - run.start.nodes;
        st.tree_updates += now.updates - run.start.updates;
        self.count_finished(&mut st);
        if self.ordered {
            st.hold(run.entries - run.counted);
            if !run.buf.is_empty() {
                let chunk = Chunk {
                    solutions: run.buf,
                    entries: run.entries,
                    streamed: false,
                };
                st.results.insert((run.key, run.seq), chunk);
            }
        } else {
            st.finished.push(Finished {
                choices: run.task.sub.choices().to_vec(),
                degrees: run.task.sub.degrees().to_vec(),
                solutions,
                weights: self.weigh.map(|_| weights.clone()),
                nodes: now.nodes - run.start.nodes,
                updates: now.updates - run.start.updates,
            });
        }
        drop(st);
        self.work.notify_all();
        if self.monitor_wants_each_part() {
            self.monitor.notify_all();
        }
        Ok(())
    }

    /// Between two slices of `run`'s subproblem: publishes its progress
    /// and, when enumerating, hands its solutions over or holds them back;
    /// then says whether to search on, give it back, or split it.
    fn between_slices(&self, w: usize, run: &mut TaskRun, progress: f64) -> Result<Next, Error> {
        let mut st = self.lock();
        if let Some(r) = st.running[w].as_mut() {
            r.progress = progress;
            r.solutions = run.last.solutions - run.start.solutions;
            r.weights = run.weights()?.clone();
        }
        if self.ordered {
            match self.hand_over(st, run) {
                Some(kept) => st = kept,
                None => return Ok(Next::GiveBack),
            }
        }
        if !run.streamed && !run.task.forced && self.should_split(&st, run.slices, progress) {
            st.splits += 1;
            st.buffered -= run.counted;
            return Ok(Next::Split);
        }
        Ok(Next::Search)
    }

    /// Enumeration, between slices: counts `run`'s new solutions as held
    /// back; when its subproblem heads the order, streams them in chunks
    /// and waits while the visitor lags too far behind, else waits while
    /// too much is held back. `None` (the lock released) when the
    /// subproblem must be given back.
    fn hand_over<'s>(
        &'s self,
        mut st: MutexGuard<'s, State>,
        run: &mut TaskRun,
    ) -> Option<MutexGuard<'s, State>> {
        st.hold(run.entries - run.counted);
        run.counted = run.entries;
        if st.head() == Some(&run.key) {
            if self.chunk_ready(run) {
                self.stream(&mut st, run);
            }
            return Some(self.wait_for_visitor(st));
        }
        self.wait_for_room(st, run)
    }

    /// Does the head stream its buffer now: [`CHUNK`] solutions, or a
    /// quarter of the buffer limit (long solutions)?
    fn chunk_ready(&self, run: &TaskRun) -> bool {
        run.buf.len() >= CHUNK || run.entries >= self.options.buffer_limit / 4
    }

    /// Puts the head's buffer in the results, for the monitor to deliver.
    fn stream(&self, st: &mut State, run: &mut TaskRun) {
        let chunk = Chunk {
            solutions: std::mem::take(&mut run.buf),
            entries: std::mem::take(&mut run.entries),
            streamed: true,
        };
        st.streamed += chunk.entries;
        st.results.insert((run.key.clone(), run.seq), chunk);
        run.counted = 0;
        run.seq += 1;
        run.streamed = true;
        self.monitor.notify_all();
    }

    /// The head waits while its streamed solutions not yet taken by the
    /// monitor exceed the buffer limit. The monitor can always take them
    /// (nothing precedes the head), and what other subproblems hold is not
    /// looked at, so this wait always ends (or the run halts).
    fn wait_for_visitor<'s>(&'s self, mut st: MutexGuard<'s, State>) -> MutexGuard<'s, State> {
        while st.streamed > self.options.buffer_limit && !self.halted() {
            st = self
                .work
                .wait_timeout(st, NAP)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        st
    }

    /// A subproblem that does not head the order waits while more than
    /// the buffer limit is held back, until it heads the order. `None`
    /// (the lock released) when it must be given back.
    fn wait_for_room<'s>(
        &'s self,
        mut st: MutexGuard<'s, State>,
        run: &TaskRun,
    ) -> Option<MutexGuard<'s, State>> {
        while st.buffered > self.options.buffer_limit
            && st.head() != Some(&run.key)
            && !self.halted()
        {
            if st.pending.keys().next().is_some_and(|k| *k < run.key) {
                // An earlier subproblem waits for a thread while every
                // thread may be waiting like this one: give this one back
                // so that the earlier one can run.
                return None;
            }
            st = self
                .work
                .wait_timeout(st, NAP)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        Some(st)
    }

    /// Splits `run`'s subproblem (its search so far thrown away) and queues
    /// its branches.
    fn split(
        &self,
        solver: &mut Solver<'m>,
        w: usize,
        run: TaskRun,
        now: Stats,
    ) -> Result<(), Error> {
        solver.abandon();
        self.add_wasted(run.start, now);
        let target = 2 * self.threads;
        let t0 = Instant::now();
        let mut walk = Walk::default();
        let branch = Branch {
            key: run.key,
            sub: run.task.sub,
            forced: false,
        };
        let stop = &self.options.stop;
        let branches = split::refine(solver, &mut walk, vec![branch], stop, |b| b.len() >= target)?;
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
        Ok(())
    }

    /// Abandons a paused subproblem and queues it again, unfinished; its
    /// slices (up to `now`) count as wasted.
    fn give_back(&self, solver: &mut Solver<'m>, w: usize, run: TaskRun, now: Stats) {
        self.add_wasted(run.start, now);
        solver.abandon();
        let mut st = self.lock();
        st.running[w] = None;
        st.buffered -= run.counted;
        st.pending.insert(run.key, run.task);
        drop(st);
        self.work.notify_all();
        self.monitor.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerating_slices_collect_about_a_chunk() {
        let fast = Duration::ZERO;
        let mut b = Budget::new(&Options::default());
        assert_eq!(b.nodes, CHUNK as u64);
        // Fast slices double, but no further than a chunk of solutions at
        // the density seen: 3 nodes per solution.
        for _ in 0..30 {
            b.after(fast, Some((b.nodes, u128::from(b.nodes / 3))));
        }
        assert_eq!(b.nodes, 3 * CHUNK as u64);
        // Without solutions they grow as when counting.
        for _ in 0..30 {
            b.after(fast, Some((b.nodes, 0)));
        }
        assert_eq!(b.nodes, 1 << 24);
        // A node per solution: back to a chunk at once.
        b.after(fast, Some((1 << 24, 1 << 24)));
        assert_eq!(b.nodes, CHUNK as u64);
    }
}
