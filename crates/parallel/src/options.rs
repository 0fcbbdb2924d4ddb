//! What a run is asked to do, and what it reports.

use crate::Error;
use crate::weight::Weight;
use std::path::PathBuf;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Settings of a parallel run. `Options::default()` uses every core, no
/// checkpoint, and a fresh stop flag.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads; 0 means one per core. At most [`max_threads`]: more
    /// is refused with [`Error::TooManyThreads`] before anything starts.
    pub threads: usize,
    /// Split the tree at exactly this depth instead of choosing the depth
    /// from the thread count (handy to reproduce a run; huge subproblems are
    /// still split further on demand).
    pub split_depth: Option<usize>,
    /// Without `split_depth`: split until there are at least this many
    /// subproblems per thread, so that the uneven sizes of subtrees even out.
    pub per_thread: usize,
    /// Search in slices of this many nodes (fixed), or `None` to let each
    /// worker adapt its slices to last about `slice_time`. Between slices a
    /// worker checks the stop flag, publishes progress and may split.
    pub slice_nodes: Option<u64>,
    pub slice_time: Duration,
    /// Write a checkpoint here every `checkpoint_every`, and at the end.
    /// A checkpoint is only rewritten when a subproblem has finished since
    /// the last one, so `Duration::ZERO` means "after every finished
    /// subproblem" (as often as the monitor wakes, which it does when a
    /// subproblem finishes).
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Duration,
    /// Finish the run recorded in this checkpoint (may be the same path as
    /// `checkpoint`). Counting only.
    pub resume: Option<PathBuf>,
    /// The most bytes the checkpoint to resume may have
    /// ([`checkpoint::DEFAULT_MAX_BYTES`](crate::checkpoint::DEFAULT_MAX_BYTES)
    /// by default): a larger file is refused after reading that much.
    pub max_checkpoint_bytes: u64,
    /// Set it (from a Ctrl-C handler, say) to stop cleanly: the run returns
    /// what it has, marked as interrupted, after at most one slice.
    pub stop: Arc<AtomicBool>,
    /// How often [`Progress::update`](crate::Progress::update) is called.
    pub progress_every: Duration,
    /// Enumeration only: the most solutions held in memory on their way to
    /// the visitor, measured in option entries: a solution of n options
    /// counts n + 8 (8 for the pointer, length and allocation that hold
    /// it), so the bound is on their size, whatever their length. A
    /// worker whose subproblem waits for earlier ones to finish waits
    /// while more than this is held back; the subproblem at the head of
    /// the order streams its solutions to the visitor and waits while more
    /// than this of them is not yet taken. Held solutions can go over it
    /// by at most 1024 solutions per thread: a slice of the search pauses
    /// once it has collected that many, and a worker looks at the bound
    /// between slices. The default, 2^22 entries
    /// (16 MiB of options), keeps a run's held solutions to tens of MB.
    pub buffer_limit: usize,
    /// Give up an option as soon as its commit empties a primary item
    /// ([`dlx::Solver::set_early_dead_ends`]; on by default). Off, every
    /// solver makes exactly the moves of Knuth's DLX1/DLX2, so the updates
    /// reported equal theirs.
    pub early_dead_ends: bool,
    /// The solvers' engine, or `None` for [`dlx::Solver::new`]'s choice
    /// (the bitset engine for matrices that suit it). An engine that does
    /// not suit the matrix is replaced as [`dlx::EngineKind::resolve`]
    /// says ([`engine_for`](Self::engine_for)). The engine's tree is named
    /// in checkpoints and shard results, so a run resumes or merges only
    /// those of an engine that walks the same tree (the cell engine's is
    /// its own).
    pub engine: Option<dlx::EngineKind>,
    /// A testing aid that makes interrupting a run deterministic: once this
    /// many subproblems have finished in this run, no subproblem is started
    /// and running ones are given back at their next slice, as on a stop,
    /// but the run does not end: a checkpoint is written (with a checkpoint
    /// file), [`Snapshot::held`](crate::Snapshot::held) turns true, and the
    /// run waits for the stop flag (Ctrl-C, SIGTERM), then ends as
    /// interrupted. So a test can wait for the hold and then interrupt,
    /// whatever the speed of the machine or the engine (docs/checkpoint.md;
    /// the CLI reads it from `POLYCOVER_HOLD_AFTER`). A run with fewer
    /// subproblems than this simply finishes.
    pub hold_after: Option<usize>,
    /// Weighted counting: the most one solution weighs (its total, its
    /// distinct weight and its weight in any class), each solution
    /// weighing at least 1 in total; for a count up to symmetry, the group
    /// order. A resumed checkpoint with a finished subproblem outside these
    /// bounds for its solutions is refused as damaged before anything is
    /// searched ([`Checkpoint::check_weights`](crate::Checkpoint::check_weights)).
    /// `None`: the weigher promises nothing, and only a subproblem with no
    /// solutions but some weight is refused.
    pub solution_weight: Option<u128>,
    /// Weighted counting: what the distinct weights of the whole tree (their
    /// sum, and each class's) are a multiple of; for a count up to symmetry,
    /// the group order (each class of solutions weighs that much in all).
    /// A resumed checkpoint that has finished the whole tree with other
    /// sums is refused as damaged before anything is searched
    /// ([`Checkpoint::check_whole`](crate::Checkpoint::check_whole)). The
    /// sums of a part are not checked: a branch may hold part of a class.
    pub distinct_multiple: Option<u128>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 0,
            split_depth: None,
            per_thread: 32,
            slice_nodes: None,
            slice_time: Duration::from_millis(20),
            checkpoint: None,
            checkpoint_every: Duration::from_secs(5),
            resume: None,
            max_checkpoint_bytes: crate::checkpoint::DEFAULT_MAX_BYTES,
            stop: Arc::new(AtomicBool::new(false)),
            progress_every: Duration::from_millis(200),
            buffer_limit: 1 << 22,
            early_dead_ends: true,
            engine: None,
            hold_after: None,
            solution_weight: None,
            distinct_multiple: None,
        }
    }
}

impl Options {
    /// A solver for `matrix` as these options ask (engine, early dead ends).
    pub fn solver<'m>(&self, matrix: &'m dlx::Matrix) -> dlx::Solver<'m> {
        let mut solver = dlx::Solver::with_engine(matrix, self.engine_for(matrix));
        solver.set_early_dead_ends(self.early_dead_ends);
        solver
    }

    /// The engine the solvers of this run search `matrix` with: the one
    /// asked for, else [`dlx::EngineKind::best_for`]'s, except that without
    /// early dead ends (Knuth's exact moves, which only the links and the
    /// bitset engine make) the default is the bitset engine.
    pub fn engine_for(&self, matrix: &dlx::Matrix) -> dlx::EngineKind {
        let default = || {
            if self.early_dead_ends {
                dlx::EngineKind::best_for(matrix)
            } else {
                dlx::EngineKind::Bits
            }
        };
        self.engine.unwrap_or_else(default).resolve(matrix)
    }

    /// Options for `threads` threads (0: all cores), the rest by default.
    pub fn with_threads(threads: usize) -> Options {
        Options {
            threads,
            ..Options::default()
        }
    }

    /// The number of worker threads this run will use (unchecked; see
    /// [`checked_threads`](Self::checked_threads)).
    pub fn thread_count(&self) -> usize {
        if self.threads > 0 {
            self.threads
        } else {
            cores()
        }
    }

    /// The number of worker threads, or [`Error::TooManyThreads`] above
    /// [`max_threads`]. Planning and [`execute`](crate::execute) call it
    /// before splitting or spawning anything.
    pub fn checked_threads(&self) -> Result<usize, Error> {
        let asked = self.thread_count();
        match over_max_threads(asked) {
            Some(max) => Err(Error::TooManyThreads { asked, max }),
            None => Ok(asked),
        }
    }
}

/// The available cores (1 if unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most worker threads a run accepts: 4 per available core, at least 4,
/// at most 1024. More threads than cores gain nothing for a search that
/// never waits on I/O; far more only exhaust the system (each thread has
/// its own solver and stack), so a larger `Options::threads` is refused.
pub fn max_threads() -> usize {
    cores().saturating_mul(4).clamp(MIN_MAX_THREADS, 1024)
}

/// The least [`max_threads`] can be.
const MIN_MAX_THREADS: usize = 4;

/// [`max_threads`] when `threads` is more, else `None`. Up to 4 threads
/// are always allowed, so the system is not asked for its cores (which
/// reads several files under /proc and /sys: about 0.2 ms, as long as
/// some small puzzles' whole search).
pub fn over_max_threads(threads: usize) -> Option<usize> {
    if threads <= MIN_MAX_THREADS {
        return None;
    }
    let max = max_threads();
    (threads > max).then_some(max)
}

/// The result of a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Solutions: counted (all runs of a resumed count included), or
    /// delivered to the visitor when enumerating. Exact only when not
    /// interrupted; otherwise those of the finished subproblems.
    pub solutions: u128,
    /// Weighted counting ([`count_weighted`](crate::count_weighted)): the
    /// sums of the solutions' weights, like `solutions` (exact when not
    /// interrupted); `None` for other runs.
    pub weights: Option<Weight>,
    /// The search tree's nodes and updates: exactly those of one
    /// [`dlx::Solver`] searching the whole problem, whatever the thread
    /// count, the splitting, and the runs of a resumed count (when
    /// interrupted: those of the part searched, the finished branches and
    /// the nodes above them).
    pub nodes: u64,
    pub updates: u64,
    /// The cost of splitting, all runs: every walk made to list branches
    /// (the nodes above the branches, also counted in `nodes` once, but
    /// walked again by each resumed run and each split of a running
    /// branch) and the probes down chains of forced levels.
    pub split_nodes: u64,
    pub split_updates: u64,
    /// Work thrown away, all runs: the slices searched in branches that
    /// were then split, or given back unfinished (stop, enumeration
    /// buffer full).
    pub wasted_nodes: u64,
    pub wasted_updates: u64,

    /// Wall-clock seconds of all runs.
    pub seconds: f64,
    /// Seconds the worker threads spent searching and splitting, summed
    /// over the threads, all runs (CPU time, less what the system took).
    pub cpu_seconds: f64,

    /// Share of the search tree whose solutions are in `solutions`
    /// (Knuth's estimate; exactly 1 when the run finished).
    pub fraction_done: f64,
    /// The stop flag was set (or the visitor said stop) before the end.
    pub interrupted: bool,
    /// Finished subproblems (including those of earlier runs) and splits.
    pub subproblems: usize,
    pub splits: usize,
    /// Worker threads used.
    pub threads: usize,
    /// Enumeration: the most solutions held at once on their way to the
    /// visitor, in option entries as [`Options::buffer_limit`] counts them
    /// (found by the workers and not yet delivered); 0 for counts.
    pub held_peak: usize,
}
