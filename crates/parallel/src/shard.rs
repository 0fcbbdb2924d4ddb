//! Distributed counts: the search cut into N disjoint shards, one result
//! file per shard, and the merge of the results.
//!
//! **The plan.** [`Shards::new`] cuts the tree at the shallowest depth with
//! at least [`PARTS_PER_SHARD`] × N subproblems (the *parts*), at most
//! [`MAX_CUT_DEPTH`] levels down, with a solver of fixed settings (early
//! dead ends on) on the given engine's tree: the depth and the parts depend
//! on the matrix, the tree (DLX1's for the links and the bitset engine, the
//! cell engine's own) and N only, so the same file and version give the
//! same parts on any machine and any thread count. Part `j` (0-based, in search order) goes to shard
//! `j mod N + 1`: dealt round-robin, so every shard gets parts from all over
//! the tree and subtrees of similar sizes, which neighbours in search order
//! tend to be, end up in different shards. [`PLAN_VERSION`] changes whenever
//! this rule does.
//!
//! **A shard** is a [`Plan`] of its parts
//! ([`plan::shard`](crate::plan::shard)), searched by the same driver on all
//! cores, checkpointed and resumed like a whole count (its checkpoint names
//! the shard, [`ShardId`]). [`run`] returns, when the shard is done, its
//! [`ShardResult`]: every part with its count, the finished subproblems
//! below them, the search figures, CPU time and host. Result files are
//! atomic and checksummed (`docs/checkpoint.md`).
//!
//! **Merging** ([`merge`]) checks every result against the plan recomputed
//! from the matrix and engine (a result's fingerprint names the tree it was
//! counted in, so a result of another engine's tree is refused), sums exactly, lists the missing shards, accepts a
//! duplicate that agrees once and refuses anything else, naming the file;
//! [`Merged::checkpoint`] turns what is finished into a checkpoint so that a
//! resumed count runs only the rest.

use crate::checkpoint::{self, Checkpoint, Finished, fingerprint, hex, made_with, tree_words};
use crate::decimal;
use crate::plan::Plan;
use crate::result_file;
pub use crate::shards::{
    MAX_CUT_DEPTH, MAX_SHARDS, PARTS_PER_SHARD, PLAN_VERSION, ShardId, Shards,
};
use crate::weight::{Weigher, Weight};
use crate::{Error, Job, Options, Progress, Report};
use dlx::{EngineKind, Matrix};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The `format` field of every result file.
pub const RESULT_FORMAT: &str = "polycover-shard-result";
/// The result format version this crate writes and reads.
pub const RESULT_VERSION: u32 = 1;
/// The search engines' result files, told apart from the memo engine's.
const RESULT_KIND: result_file::Kind = result_file::Kind {
    format: RESULT_FORMAT,
    version: RESULT_VERSION,
    other: (
        crate::memo::MEMO_RESULT_FORMAT,
        "it is the memo engine's shard result, among search engines' results: merge each engine's results apart",
    ),
};
/// The most bytes a result file may have by default (the CLI's
/// `--max-result-bytes`): 256 MiB, like a checkpoint.
pub const DEFAULT_MAX_RESULT_BYTES: u64 = checkpoint::DEFAULT_MAX_BYTES;

/// The limit of a shard result file of at most `bytes` bytes.
pub fn result_limit(bytes: u64) -> dlx::read::FileLimit {
    dlx::read::FileLimit {
        what: "a shard result file",
        bytes,
        flag: Some("--max-result-bytes"),
    }
}

/// The `format` field of the JSON file at `path` (read up to `max_bytes`),
/// if it can be read and has one: tells the search engines' results
/// ([`RESULT_FORMAT`]), the memo engine's and checkpoints apart before
/// they are merged or resumed. A file that cannot be read, is not JSON or
/// names no format gives `None`.
pub fn file_format(path: &Path, max_bytes: u64) -> Option<String> {
    let bytes = result_file::read(path, max_bytes).ok()?;
    let text = std::str::from_utf8(&bytes).ok()?;
    checkpoint::Header::of(text)
        .ok()?
        .format()
        .map(str::to_string)
}

/// One part of a shard and what it counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartCount {
    /// Its index in [`Shards::parts`].
    pub part: usize,
    /// Its subproblem's choices (to check them against the plan).
    pub choices: Vec<u32>,
    /// Solutions below it, a decimal string in the file.
    #[serde(with = "decimal")]
    pub solutions: u128,
    /// A weighted count's weights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Weight>,
}

/// What a finished shard found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardResult {
    /// The [`fingerprint`] of the matrix and engine, 16 hex digits, and the
    /// matrix's shape.
    pub fingerprint: String,
    pub items: usize,
    pub options: usize,
    /// The plan and the shard.
    pub shard: ShardId,
    /// Made by a weighted count.
    pub weighted: bool,
    /// Every part of the shard, in order, with its count.
    pub parts: Vec<PartCount>,
    /// The finished subproblems below the parts (for a checkpoint of the
    /// merge); their counts add up to the parts'.
    pub finished: Vec<Finished>,
    /// The search figures of the shard's parts (their subtrees, every
    /// node once).
    pub nodes: u64,
    pub updates: u64,
    /// CPU time of the worker threads, all runs of the shard, in
    /// milliseconds.
    pub cpu_millis: u64,
    /// The machine that finished it.
    pub host: String,
}

#[derive(Serialize, Deserialize)]
struct ResultFile {
    format: String,
    version: u32,
    /// `fnv1a64:` and 16 hex digits of the body serialised compactly.
    checksum: String,
    body: ShardResult,
}

impl ShardResult {
    /// The solutions of the shard (`None`: overflow).
    pub fn solutions(&self) -> Option<u128> {
        self.parts
            .iter()
            .try_fold(0u128, |s, p| s.checked_add(p.solutions))
    }

    /// The weights of the shard (`None`: overflow; zero unless weighted).
    pub fn weights(&self) -> Option<Weight> {
        self.parts.iter().try_fold(Weight::ZERO, |mut s, p| {
            p.weights.as_ref().is_none_or(|w| s.add(w)).then_some(s)
        })
    }

    /// CPU seconds.
    pub fn cpu_seconds(&self) -> f64 {
        self.cpu_millis as f64 / 1000.0
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let file = ResultFile {
            format: RESULT_FORMAT.into(),
            version: RESULT_VERSION,
            checksum: result_checksum(self),
            body: self.clone(),
        };
        let mut s = serde_json::to_string(&file).expect("a result always serialises");
        s.push('\n');
        s
    }

    /// Writes the result atomically (like a checkpoint).
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        checkpoint::write_atomically(path, self.to_text().as_bytes()).map_err(|source| {
            Error::ResultWrite {
                path: path.to_path_buf(),
                source,
            }
        })
    }

    /// Loads a result file and checks what it can alone: format, version,
    /// checksum, totals, made for a search of `matrix` with `engine` (or
    /// an engine that walks the same tree). The plan is checked by
    /// [`merge`].
    pub fn load(path: &Path, matrix: &Matrix, engine: EngineKind) -> Result<ShardResult, Error> {
        ShardResult::load_bounded(path, matrix, engine, DEFAULT_MAX_RESULT_BYTES)
    }

    /// [`load`](Self::load) of a file of at most `max_bytes` bytes: a
    /// larger one is [`Error::TooLarge`], after reading no more than that.
    pub fn load_bounded(
        path: &Path,
        matrix: &Matrix,
        engine: EngineKind,
        max_bytes: u64,
    ) -> Result<ShardResult, Error> {
        let bytes = result_file::read(path, max_bytes)?;
        ShardResult::from_bytes(&bytes, matrix, engine, path)
    }

    /// [`load`](Self::load) of bytes; `path` labels errors.
    pub fn from_bytes(
        bytes: &[u8],
        matrix: &Matrix,
        engine: EngineKind,
        path: &Path,
    ) -> Result<ShardResult, Error> {
        let damaged = |reason: String| Error::ResultDamaged {
            path: path.to_path_buf(),
            reason,
        };
        let refused = |reason: String| Error::ResultRefused {
            path: path.to_path_buf(),
            reason,
        };
        let text = result_file::text(bytes, path, &RESULT_KIND)?;
        // Straight into the types, not through `serde_json::Value`.
        let file: ResultFile =
            serde_json::from_str(text).map_err(|e| damaged(format!("bad field ({e})")))?;
        let r = file.body;
        if file.checksum != result_checksum(&r) {
            return Err(damaged("the checksum does not match the content".into()));
        }
        if r.shard.count > MAX_SHARDS {
            return Err(refused(format!(
                "it is of a plan of {} shards, and polycover makes plans of at most {MAX_SHARDS}",
                r.shard.count
            )));
        }
        if r.solutions().is_none() || r.weights().is_none() {
            return Err(damaged("its counts add up to more than 2^128".into()));
        }
        // The bound a checkpoint's figures keep (the merge's checkpoint
        // holds these subproblems).
        let fits = |x: Option<u64>| x.is_some_and(|x| x <= checkpoint::MAX_FIGURE);
        let finished_nodes = r
            .finished
            .iter()
            .try_fold(0u64, |s, f| s.checked_add(f.nodes));
        let finished_updates = r
            .finished
            .iter()
            .try_fold(0u64, |s, f| s.checked_add(f.updates));
        if !fits(Some(r.nodes))
            || !fits(Some(r.updates))
            || !fits(Some(r.cpu_millis))
            || !fits(finished_nodes)
            || !fits(finished_updates)
        {
            return Err(damaged(
                "its node, update or time figures overflow (beyond 2^63)".into(),
            ));
        }
        if r.parts.iter().any(|p| p.weights.is_some() != r.weighted)
            || r.finished.iter().any(|f| f.weights.is_some() != r.weighted)
        {
            return Err(damaged("weights missing or out of place".into()));
        }
        r.check_fingerprint(&hex(fingerprint(matrix, engine)), matrix, engine)
            .map_err(refused)?;
        Ok(r)
    }

    /// Checks that the result was made for a search of `matrix` with
    /// `engine`, whose fingerprint is `expected`; returns what is wrong.
    fn check_fingerprint(
        &self,
        expected: &str,
        matrix: &Matrix,
        engine: EngineKind,
    ) -> Result<(), String> {
        if self.fingerprint == expected {
            return Ok(());
        }
        Err(match made_with(&self.fingerprint, matrix) {
            Some(other) => format!(
                "made with {}, this run uses {}: their search trees differ",
                tree_words(other, matrix),
                tree_words(engine, matrix)
            ),
            // The same options, and the items but for the one naming a
            // count's weighing: the same puzzle, counted another way.
            None if self.options == matrix.num_options()
                && self.items.abs_diff(matrix.num_items()) <= 1 =>
            {
                format!(
                    "made for another kind of count of this puzzle (matrix {}; this one is {expected}): merge with the options the shards were counted with (--group, --disassemble)",
                    self.fingerprint,
                )
            }
            None => format!(
                "made for another puzzle, or another kind of count of it (matrix {}, {} items, {} options; this one is {expected}, {} items, {} options): merge with the file and the options the shards were counted with (--group, --disassemble)",
                self.fingerprint,
                self.items,
                self.options,
                matrix.num_items(),
                matrix.num_options()
            ),
        })
    }

    /// Checks the result against the plan: its shard's parts, each once, in
    /// order, and finished subproblems that lie in them and add up to their
    /// counts. Returns what is wrong.
    fn check_against(&self, shards: &Shards) -> Result<(), String> {
        let want = shards.id(self.shard.index).map_err(|e| e.to_string())?;
        if self.shard != want {
            return Err(format!("it is {}, the plan is {want}", self.shard));
        }
        let mine = shards.parts_of(self.shard.index);
        if self.parts.len() != mine.len()
            || self
                .parts
                .iter()
                .zip(&mine)
                .any(|(p, &j)| p.part != j || p.choices != shards.parts()[j].choices())
        {
            return Err(format!(
                "its parts are not those of {} (overlapping or another plan)",
                self.shard
            ));
        }
        let index = shards.index();
        let mut sums: HashMap<usize, (u128, Weight)> = HashMap::new();
        for f in &self.finished {
            let j = shards
                .part_of(&index, &f.choices)
                .filter(|j| shards.owner(*j) == self.shard.index)
                .ok_or_else(|| {
                    format!(
                        "finished subproblem {:?} is not in its shard's parts",
                        f.choices
                    )
                })?;
            let s = sums.entry(j).or_insert((0, Weight::ZERO));
            s.0 = s.0.checked_add(f.solutions).ok_or("counts overflow")?;
            if !f.weights.as_ref().is_none_or(|w| s.1.add(w)) {
                return Err("weights overflow".into());
            }
        }
        for p in &self.parts {
            let (n, w) = sums.get(&p.part).cloned().unwrap_or((0, Weight::ZERO));
            if n != p.solutions {
                return Err(format!(
                    "part {} counts {} solutions but its subproblems add up to {n}",
                    p.part, p.solutions
                ));
            }
            let pw = p.weights.clone().unwrap_or(Weight::ZERO);
            if (pw.total, pw.distinct) != (w.total, w.distinct) {
                return Err(format!(
                    "part {} weighs {} ({} distinct) but its subproblems' weights add up to {} ({} distinct)",
                    p.part, pw.total, pw.distinct, w.total, w.distinct
                ));
            }
            if pw.classes != w.classes {
                return Err(format!(
                    "part {}'s weights by class are not the sums of its subproblems'",
                    p.part
                ));
            }
        }
        Ok(())
    }
}

fn result_checksum(body: &ShardResult) -> String {
    checkpoint::checksum_of(body)
}

/// A shard's run: the report, and the result when the shard is done.
#[derive(Clone, Debug)]
pub struct ShardRun {
    pub report: Report,
    /// `None` when the run was interrupted (resume it from its checkpoint).
    pub result: Option<ShardResult>,
}

/// Searches shard `index` (1-based) of `shards` on all `options.threads`,
/// resuming from `options.resume` (a checkpoint of this shard) and writing
/// `options.checkpoint` as a count does; weighs the solutions if `weigh` is
/// given. `host` is recorded in the result.
pub fn run(
    matrix: &Matrix,
    shards: &Shards,
    index: usize,
    options: &Options,
    progress: &mut dyn Progress,
    weigh: Option<Weigher<'_>>,
    host: &str,
) -> Result<ShardRun, Error> {
    let id = shards.id(index)?;
    let plan: Plan = match &options.resume {
        Some(path) => crate::plan::resume_shard(matrix, shards, index, path, options)?,
        None => crate::plan::shard(matrix, shards, index, options)?,
    };
    let job = match weigh {
        Some(w) => Job::Weigh(w),
        None => Job::Count,
    };
    let (report, last) = crate::driver::run(matrix, plan, options, progress, job)?;
    if report.interrupted {
        return Ok(ShardRun {
            report,
            result: None,
        });
    }
    let index_of = shards.index();
    let mine = shards.parts_of(index);
    let mut parts: Vec<PartCount> = mine
        .iter()
        .map(|&j| PartCount {
            part: j,
            choices: shards.parts()[j].choices().to_vec(),
            solutions: 0,
            weights: weigh.map(|_| Weight::ZERO),
        })
        .collect();
    let slot: HashMap<usize, usize> = mine.iter().enumerate().map(|(k, &j)| (j, k)).collect();
    let overflow = || Error::Overflow("a part's count exceeds 2^128");
    for f in &last.finished {
        let k = shards
            .part_of(&index_of, &f.choices)
            .and_then(|j| slot.get(&j).copied())
            .ok_or_else(|| Error::CheckpointMismatch {
                path: options.resume.clone().unwrap_or_default(),
                reason: format!("subproblem {:?} is not in {id}", f.choices),
            })?;
        let p = &mut parts[k];
        p.solutions = p.solutions.checked_add(f.solutions).ok_or_else(overflow)?;
        if let (Some(w), Some(fw)) = (p.weights.as_mut(), f.weights.as_ref())
            && !w.add(fw)
        {
            return Err(overflow());
        }
    }
    let result = ShardResult {
        fingerprint: last.fingerprint.clone(),
        items: last.items,
        options: last.options,
        shard: id,
        weighted: weigh.is_some(),
        parts,
        finished: last.finished,
        nodes: report.nodes,
        updates: report.updates,
        cpu_millis: last.cpu_millis,
        host: host.to_string(),
    };
    Ok(ShardRun {
        report,
        result: Some(result),
    })
}

/// This machine's name, for [`ShardResult::host`]: the kernel's host name
/// on Linux, else `$HOSTNAME` or `$COMPUTERNAME`, else `unknown`.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .unwrap_or_else(|| "unknown".into())
}

/// The merge of shard results.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The plan: N, cut depth (version [`PLAN_VERSION`]).
    pub shards: usize,
    pub depth: usize,
    /// Solutions (and weights, if weighted) of the shards present; the
    /// whole count when `missing` is empty.
    pub solutions: u128,
    pub weights: Option<Weight>,
    /// Shards without a result, 1-based, in order.
    pub missing: Vec<usize>,
    /// Search figures: the shards' plus the nodes above the cut. When no
    /// shard is missing and every shard ran with early dead ends (the
    /// default), exactly one `dlx::Solver`'s on the whole problem.
    pub nodes: u64,
    pub updates: u64,
    /// CPU seconds of all shards.
    pub cpu_seconds: f64,
    /// Per shard present: its index, file and host.
    pub sources: Vec<(usize, PathBuf, String)>,
    /// The finished subproblems of every shard present.
    finished: Vec<Finished>,
    weighted: bool,
    /// The engine of the plan.
    engine: EngineKind,
}

impl Merged {
    /// The merge of no usable result: no plan, nothing counted.
    fn empty(engine: EngineKind) -> Merged {
        Merged {
            shards: 0,
            depth: 0,
            solutions: 0,
            weights: None,
            missing: Vec::new(),
            nodes: 0,
            updates: 0,
            cpu_seconds: 0.0,
            sources: Vec::new(),
            finished: Vec::new(),
            weighted: false,
            engine,
        }
    }

    /// Is every shard in? (Never for the merge of no usable file.)
    pub fn complete(&self) -> bool {
        self.shards > 0 && self.missing.is_empty()
    }

    /// A checkpoint of everything finished: resuming a count (weighted if
    /// the shards were) from it runs only the missing shards' parts.
    pub fn checkpoint(&self, matrix: &Matrix) -> Checkpoint {
        Checkpoint {
            weighted: self.weighted,
            cpu_millis: (self.cpu_seconds * 1000.0) as u64,
            finished: self.finished.clone(),
            ..Checkpoint::new(matrix, self.engine)
        }
    }
}

/// Merges the result files at `paths` (see the module doc). Every file is
/// checked against the plan recomputed from `matrix`, `engine` and the
/// first file's N; a file that is damaged, of another puzzle, engine's
/// tree, plan or version, overlapping others, or a duplicate that disagrees
/// is refused, naming it: the first such file is the error ([`merge_all`]
/// reports them all).
pub fn merge(matrix: &Matrix, paths: &[PathBuf], engine: EngineKind) -> Result<Merged, Error> {
    let (merged, refused) = merge_all(matrix, paths, engine, DEFAULT_MAX_RESULT_BYTES)?;
    match refused.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(merged),
    }
}

/// Merges every usable result file at `paths` (each read with at most
/// `max_bytes` bytes), whatever is wrong with the others: their errors
/// come second, in the order of `paths` (files that cannot be read or
/// parsed first), each naming its file, so that one run reports every
/// problem; a refused file's shard is missing unless another file has it.
/// The plan is the first usable file's (none: a merge of no shards). An
/// error only when there is no file at all or a sum overflows.
pub fn merge_all(
    matrix: &Matrix,
    paths: &[PathBuf],
    engine: EngineKind,
    max_bytes: u64,
) -> Result<(Merged, Vec<Error>), Error> {
    if paths.is_empty() {
        return Err(Error::NoResults);
    }
    let mut results = Vec::with_capacity(paths.len());
    let mut refused = Vec::new();
    for p in paths {
        match ShardResult::load_bounded(p, matrix, engine, max_bytes) {
            Ok(r) => results.push((p.clone(), r)),
            Err(e) => refused.push(e),
        }
    }
    let merged = combine(matrix, results, engine, &mut refused)?;
    Ok((merged, refused))
}

/// [`merge`] of results already loaded (each with the file it came from).
pub fn merge_results(
    matrix: &Matrix,
    results: Vec<(PathBuf, ShardResult)>,
    engine: EngineKind,
) -> Result<Merged, Error> {
    if results.is_empty() {
        return Err(Error::NoResults);
    }
    let mut refused = Vec::new();
    let merged = combine(matrix, results, engine, &mut refused)?;
    match refused.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(merged),
    }
}

/// Sums the results that agree with the plan of the first one; those that
/// do not go to `refused`.
fn combine(
    matrix: &Matrix,
    results: Vec<(PathBuf, ShardResult)>,
    engine: EngineKind,
    refused: &mut Vec<Error>,
) -> Result<Merged, Error> {
    let Some((_, first)) = results.first() else {
        return Ok(Merged::empty(engine));
    };
    let shards = Shards::new(matrix, first.shard.count, engine)?;
    let expected = hex(fingerprint(matrix, engine));
    let weighted = first.weighted;
    let mut seen: HashMap<usize, (PathBuf, ShardResult)> = HashMap::new();
    for (path, r) in results {
        let why = r
            .check_fingerprint(&expected, matrix, engine)
            .and_then(|()| r.check_against(&shards))
            .and_then(|()| match r.weighted == weighted {
                true => Ok(()),
                false => Err("weighted and plain results cannot be merged".to_string()),
            })
            .and_then(|()| match seen.get(&r.shard.index) {
                Some((other, earlier)) if earlier.parts != r.parts => Err(format!(
                    "{} again, with other counts than {}",
                    r.shard,
                    other.display()
                )),
                _ => Ok(()),
            });
        match why {
            Err(reason) => refused.push(Error::ResultRefused { path, reason }),
            // A duplicate that agrees counts once.
            Ok(()) if seen.contains_key(&r.shard.index) => {}
            Ok(()) => {
                seen.insert(r.shard.index, (path, r));
            }
        }
    }
    let mut merged = Merged {
        shards: shards.count(),
        depth: shards.depth(),
        solutions: 0,
        weights: weighted.then_some(Weight::ZERO),
        missing: Vec::new(),
        nodes: shards.top().tree_nodes,
        updates: shards.top().tree_updates,
        cpu_seconds: 0.0,
        sources: Vec::new(),
        finished: Vec::new(),
        weighted,
        engine: shards.engine(),
    };
    let overflow = || Error::Overflow("the merged count exceeds 2^128");
    for i in 1..=shards.count() {
        let Some((path, r)) = seen.remove(&i) else {
            merged.missing.push(i);
            continue;
        };
        merged.solutions = merged
            .solutions
            .checked_add(r.solutions().ok_or_else(overflow)?)
            .ok_or_else(overflow)?;
        if let Some(w) = merged.weights.as_mut()
            && !w.add(&r.weights().ok_or_else(overflow)?)
        {
            return Err(overflow());
        }
        merged.nodes = merged.nodes.saturating_add(r.nodes);
        merged.updates = merged.updates.saturating_add(r.updates);
        // Whole milliseconds, as the results hold them (no float noise).
        merged.cpu_seconds = ((merged.cpu_seconds + r.cpu_seconds()) * 1000.0).round() / 1000.0;
        merged.sources.push((i, path, r.host.clone()));
        merged.finished.extend(r.finished);
    }
    Ok(merged)
}
