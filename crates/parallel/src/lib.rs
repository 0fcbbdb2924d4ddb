//! # polycover's parallel driver
//!
//! Counts or lists every solution of an exact-cover problem on all cores,
//! with an honest progress estimate, a clean stop, and checkpoints to resume
//! an interrupted count (with any thread count).
//!
//! ## Design
//!
//! * **Branches.** The unit of work is a [`Branch`]: a [`dlx::Subproblem`]
//!   (the options chosen on the first levels) with its key, its place in
//!   the search order.
//! * **Planning apart from executing.** The [`plan`] module makes the list
//!   of branches to search ([`Plan`]): [`plan::root`] cuts the tree one
//!   level at a time until there are at least [`Options::per_thread`] (32)
//!   branches per thread, so the depth grows with the thread count (2
//!   threads: 64 branches; 64 threads: 2048), or down to a fixed
//!   [`Options::split_depth`]; [`plan::resume`] lists what a checkpoint
//!   has not finished. [`execute`] searches a given plan; [`count`] and
//!   [`solve`] are the two steps together.
//! * **Workers.** One rayon worker per thread (at most [`max_threads`], 4
//!   per core: a larger thread count is refused with
//!   [`Error::TooManyThreads`] before anything is split or spawned), each
//!   with its own [`dlx::Solver`] on the engine of [`Options::engine`] (the
//!   [`dlx::Matrix`] is shared). A worker takes the
//!   first queued branch in search order and searches it in node-budget
//!   slices of about 20 ms, holding no lock; between slices it takes the
//!   state lock once, to publish its progress, check the stop flag and,
//!   when a thread is idle with nothing queued, split its branch: it
//!   abandons it (losing at most the work of its slices so far, see
//!   `Shared::should_split` in `driver::worker`) and queues its children,
//!   as many levels down as it takes to give every thread two. So no core
//!   waits for one big subtree at the end.
//! * **Order.** Every branch has a key, the path of child indices from the
//!   root; keys in order are the order in which a one-thread search meets
//!   the solutions. [`solve`] hands solutions over in exactly that order,
//!   the same as `dlx::Solver::solve`, whatever the thread count: a
//!   branch's solutions are held until every earlier branch is finished,
//!   and the earliest unfinished branch streams its own. Memory is bounded
//!   by size, not by a number of solutions: [`Options::buffer_limit`]
//!   counts option entries (a solution's length plus a small overhead);
//!   workers wait once that much is held back, the earliest branch waits
//!   once that much of what it streamed is not yet taken by the visitor,
//!   and a slice of the search pauses once it has collected 1024 solutions.
//!   [`Report::held_peak`] says how much was held at most.
//! * **Progress.** Knuth's estimate: a branch whose path branches d1, d2, …
//!   ways weighs 1/(d1·d2·…); done = 1 − weight of unfinished branches +
//!   each running branch's weight × its solver's own estimate. Dead
//!   branches above the cut are never listed, so count as done. The time
//!   left comes from a smoothed rate ([`Eta`]), given once it has settled. The monitor calls your
//!   [`Progress`] on the calling thread; the library never prints.
//! * **Figures.** [`Report::nodes`] and [`Report::updates`] are the search
//!   tree's: exactly one [`dlx::Solver`]'s on the whole problem, whatever
//!   the thread count, splitting and resumed runs. They add each finished
//!   branch's own search figures and those of the nodes above the branches
//!   (each listed once in the final cut). The cost of splitting (the top
//!   levels walked again, probes down forced chains) and the slices thrown
//!   away are reported apart ([`Report::split_nodes`],
//!   [`Report::wasted_nodes`], …).
//! * **Forced chains.** A branch with a single child is followed down to the
//!   first level that branches, from where the solver stands, in linear
//!   work; a subtree that never branches is never split (`split` module).
//! * **Weighted counting.** [`count_weighted`] takes a [`Weigher`]: what
//!   each solution is worth ([`Weight`]: the solutions it stands for and
//!   the distinct ones it contributes), computed by the caller from its
//!   options, so that a count up to symmetry is one resumable search.
//!   Workers then visit the solutions (plain counts keep the solver's
//!   count-only path) and sum the weights per branch with checked
//!   arithmetic; reports, snapshots and checkpoints carry the sums next to
//!   the raw number of solutions. A weigher that cannot weigh a solution
//!   (a disassembly too big for its limit) says so, and the run stops
//!   without counting that solution's branch ([`Error::Unweighed`]): a
//!   checkpoint never holds a branch with a solution left out.
//! * **Shards.** A distributed count cuts the tree into many small parts
//!   dealt round-robin to N shards ([`Shards`], the same on every machine
//!   and thread count); each shard is a plan ([`plan::shard`],
//!   [`plan::resume_shard`]) run by the same driver on all its cores
//!   ([`shard::run`]), and ends in a checksummed [`ShardResult`] file;
//!   [`merge`] sums them exactly, lists missing shards and refuses results
//!   of another puzzle, plan or version, damaged or overlapping ones.
//! * **Stopping.** Setting [`Options::stop`] ends the run within one slice;
//!   the report says `interrupted` and carries the count and the fraction of
//!   the finished branches.
//! * **Checkpoints.** The finished branches, with their counts, are written
//!   every [`Options::checkpoint_every`] and at the end, atomically; a
//!   resumed count walks down from the root splitting exactly the nodes that
//!   have finished descendants, runs the rest, and ends with the exact total.
//!   Checkpoints of another matrix, of another format version, or damaged
//!   (unreadable, altered, or with sums that overflow: every sum made from
//!   a file is checked), are refused. Format: `docs/checkpoint.md` and
//!   [`checkpoint`].
//! * **Engines.** The links and the bitset engine walk one tree (DLX1's);
//!   the cell engine ([`dlx::EngineKind::Cells`]) walks its own where the
//!   matrix has counted items, and names subproblems its own way. So the
//!   [`fingerprint`] of a checkpoint or shard result names the tree: one of
//!   the cell engine's is refused by a run on the others and the other way
//!   round ([`Error::CheckpointEngine`], or a refused result, naming both),
//!   and a plan is only run with an engine of its tree
//!   ([`Error::EngineMismatch`]). [`Shards::new`] and [`merge`] take the
//!   engine; [`Options::engine_for`] says which one a run uses.
//! * **The memo engine.** [`dlx::memo`] counts without a search tree; the
//!   [`memo`] module cuts its solutions into parts (sets of options) and
//!   counts them on a rayon pool ([`memo_count`]) or in shards
//!   ([`MemoShards`], [`MemoShardResult`], [`memo_merge`]).
//!
//! ## Example
//!
//! ```
//! use parallel::{Options, NoProgress};
//! // The 4-queens problem: rows and columns primary, diagonals secondary.
//! let mut text = String::from("r0 r1 r2 r3 c0 c1 c2 c3 |");
//! for d in 0..7 { text += &format!(" a{d} b{d}"); }
//! text += "\n";
//! for r in 0..4 {
//!     for c in 0..4 {
//!         text += &format!("r{r} c{c} a{} b{}\n", r + c, r + 3 - c);
//!     }
//! }
//! let m = dlx::format::parse(&text).unwrap();
//! let report = parallel::count(&m, &Options::with_threads(2), &mut NoProgress).unwrap();
//! assert_eq!(report.solutions, 2);
//! assert!(!report.interrupted);
//!
//! // In the order of a one-thread search, whatever the thread count.
//! let mut first = Vec::new();
//! parallel::solve(&m, &Options::with_threads(3), &mut NoProgress, |opts: &[dlx::OptionId]| {
//!     first.push(opts.to_vec());
//!     dlx::Control::Continue
//! }).unwrap();
//! assert_eq!(first, dlx::Solver::new(&m).first(10));
//! ```

pub mod checkpoint;
mod decimal;
mod driver;
mod error;
pub mod memo;
mod options;
pub mod plan;
mod progress;
mod result_file;
pub mod shard;
mod shards;
mod split;
mod weight;

pub use checkpoint::{Checkpoint, fingerprint};
pub use driver::{Deliver, Job, execute};
pub use error::Error;
pub use memo::{MemoProgress, MemoRun, MemoShardResult, MemoShards, memo_count, memo_merge};
pub use options::{Options, Report, max_threads, over_max_threads};
pub use plan::Plan;
pub use progress::{Eta, NoProgress, Progress, Snapshot};
pub use shard::{MAX_SHARDS, Merged, ShardId, ShardResult, Shards, merge, merge_all};
pub use split::{Branch, Key};
pub use weight::{ClassWeight, Weigher, Weight};

use dlx::{Control, Matrix, OptionId};

/// Counts every solution on `options.threads` threads; resumes from
/// `options.resume` and writes `options.checkpoint` when asked. The same as
/// [`plan::resume`] or [`plan::root`], then [`execute`].
pub fn count(
    matrix: &Matrix,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<Report, Error> {
    let plan = match &options.resume {
        Some(path) => plan::resume(matrix, path, options)?,
        None => plan::root(matrix, options)?,
    };
    execute(matrix, plan, options, progress, Job::Count)
}

/// Counts every solution and sums their weights (`weigh` says what each
/// one is worth, from its options): [`Report::weights`]. Like [`count`]
/// otherwise, checkpoints included (a weighted count's checkpoint resumes
/// only as a weighted count; the weigher must be the same, which the
/// checkpoint cannot check).
pub fn count_weighted(
    matrix: &Matrix,
    options: &Options,
    progress: &mut dyn Progress,
    weigh: Weigher<'_>,
) -> Result<Report, Error> {
    let plan = match &options.resume {
        Some(path) => plan::resume(matrix, path, options)?,
        None => plan::root(matrix, options)?,
    };
    execute(matrix, plan, options, progress, Job::Weigh(weigh))
}

/// Hands every solution to `visit` in the order a one-thread search finds
/// them, until `visit` says stop (a pause, which only a one-thread
/// [`dlx::Solver::run`] has a use for, goes straight on). `visit` runs on
/// the calling thread.
/// Checkpoints are not supported here ([`Error::CheckpointWhileEnumerating`]).
pub fn solve<F>(
    matrix: &Matrix,
    options: &Options,
    progress: &mut dyn Progress,
    mut visit: F,
) -> Result<Report, Error>
where
    F: FnMut(&[OptionId]) -> Control,
{
    if options.checkpoint.is_some() || options.resume.is_some() {
        return Err(Error::CheckpointWhileEnumerating);
    }
    let plan = plan::root(matrix, options)?;
    execute(matrix, plan, options, progress, Job::Enumerate(&mut visit))
}
