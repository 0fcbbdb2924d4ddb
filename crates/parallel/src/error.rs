//! Errors of the parallel driver.

use std::path::PathBuf;

/// Why a run could not start or finish.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read checkpoint {}: {source}", path.display())]
    CheckpointRead {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write checkpoint {}: {source}", path.display())]
    CheckpointWrite {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("checkpoint {} is damaged or not a checkpoint: {reason}; delete it to start afresh", path.display())]
    CheckpointDamaged { path: PathBuf, reason: String },
    #[error("checkpoint {} has format version {found}, this polycover reads version {expected}; finish it with the version that wrote it, or delete it", path.display())]
    CheckpointVersion {
        path: PathBuf,
        found: String,
        expected: u32,
    },
    #[error("checkpoint {} was made for another puzzle, or another kind of count of it (matrix {found}; this one is {expected}): resume it with the file and the options that made it (--group, --disassemble, --full-search ...)", path.display())]
    CheckpointForeign {
        path: PathBuf,
        found: String,
        expected: String,
    },
    #[error("checkpoint {} was made with {found}, this run searches with {expected}: their search trees differ; finish it with the engine that made it", path.display())]
    CheckpointEngine {
        path: PathBuf,
        found: &'static str,
        expected: &'static str,
    },
    #[error(
        "the plan was made for {planned}, the run's options ask for {asked}: their search trees differ"
    )]
    EngineMismatch {
        planned: &'static str,
        asked: &'static str,
    },
    #[error("checkpoint {} does not fit this puzzle's search tree: {reason}", path.display())]
    CheckpointMismatch { path: PathBuf, reason: String },
    #[error("{asked} threads asked, at most {max} are allowed on this machine (4 per core)")]
    TooManyThreads { asked: usize, max: usize },
    #[error("checkpoints are only supported when counting, not when enumerating solutions")]
    CheckpointWhileEnumerating,
    #[error("there is no shard {index} of {count} (shards are numbered 1 to {count})")]
    ShardIndex { index: usize, count: usize },
    #[error("cannot read shard result {}: {source}", path.display())]
    ResultRead {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write shard result {}: {source}", path.display())]
    ResultWrite {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("shard result {} is damaged or not a shard result: {reason}", path.display())]
    ResultDamaged { path: PathBuf, reason: String },
    #[error("shard result {} refused: {reason}", path.display())]
    ResultRefused { path: PathBuf, reason: String },
    /// A file over its size limit (the message names the limit and the
    /// flag that raises it).
    #[error("{0}")]
    TooLarge(dlx::read::ReadError),
    #[error(
        "{asked} shards asked: a plan has at most {max} shards (the shard limit, see docs/distributed.md)"
    )]
    TooManyShards { asked: usize, max: usize },
    #[error("no shard results to merge")]
    NoResults,
    #[error("arithmetic overflow: {0}")]
    Overflow(&'static str),
    #[error("a solution could not be weighed (the weigher knows why); the run stopped")]
    Unweighed,
    #[error("cannot start the thread pool: {0}")]
    ThreadPool(#[from] rayon::ThreadPoolBuildError),
    /// The memo engine's error (a refused matrix, an overflow, a stop).
    #[error("{0}")]
    Memo(#[from] dlx::memo::MemoError),
    #[error("internal error: {0}")]
    Subproblem(#[from] dlx::SubproblemError),
}
