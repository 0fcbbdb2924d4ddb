//! Memoized counts cut into shards: the plan ([`MemoShards`]), a shard's
//! result file ([`MemoShardResult`]) and the merge ([`memo_merge`]).
//!
//! The file discipline is the search engines' (`crate::shard`): written
//! atomically, read with a size limit, a format name and version, an
//! FNV-1a checksum of the body; errors name the file. The memo engine's
//! results have their own format name, so a search engine's result is never
//! taken for one (nor the other way round).

use super::memo_parts;
use crate::checkpoint::{self, fnv1a64, hex};
use crate::result_file;
use crate::shard::DEFAULT_MAX_RESULT_BYTES;
use crate::{Error, MAX_SHARDS, decimal};
use dlx::memo::{Memo, MemoOptions};
use dlx::{Count, Matrix, OptionId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The `format` field of a memo shard result.
pub const MEMO_RESULT_FORMAT: &str = "polycover-memo-shard-result";
/// The result format version this crate writes and reads.
const MEMO_RESULT_VERSION: u32 = 1;
/// The memo engine's result files, told apart from the search engines'.
const MEMO_RESULT_KIND: result_file::Kind = result_file::Kind {
    format: MEMO_RESULT_FORMAT,
    version: MEMO_RESULT_VERSION,
    other: (
        crate::shard::RESULT_FORMAT,
        "it is a search engine's shard result, not the memo engine's: merge each engine's results apart",
    ),
};
/// The version of the rule that makes and deals the parts (with the memo
/// engine's sweep order): results of another version are refused.
pub const MEMO_PLAN_VERSION: u32 = 1;
/// The split aims at this many parts per shard, at least.
pub const MEMO_PARTS_PER_SHARD: usize = 16;

/// The fingerprint of `matrix` counted by the memo engine: FNV-1a of the
/// matrix's text, marked as the memo engine's (so it differs from every
/// search engine's [`fingerprint`](crate::fingerprint)).
pub fn memo_fingerprint(matrix: &Matrix) -> u64 {
    fnv1a64(format!("memo\n{}", dlx::format::write(matrix)).as_bytes())
}

/// The plan of a memoized count in N shards: the parts, each dealt to one
/// shard.
#[derive(Clone, Debug)]
pub struct MemoShards {
    /// N, in `1..=MAX_SHARDS`.
    count: usize,
    /// The parts ([`memo_parts`] for [`MEMO_PARTS_PER_SHARD`] × N), in the
    /// order made; part `k` is shard `k mod N + 1`'s.
    parts: Vec<Vec<OptionId>>,
}

impl MemoShards {
    /// The plan of `matrix`, swept in the memo engine's order for `options`
    /// (the CLI uses the default), in `count` shards.
    pub fn new(matrix: &Matrix, options: &MemoOptions, count: usize) -> Result<MemoShards, Error> {
        result_file::check_shard_count(count)?;
        let memo = Memo::with_options(matrix, options.clone())?;
        let target = count.saturating_mul(MEMO_PARTS_PER_SHARD);
        Ok(MemoShards {
            count,
            parts: memo_parts(matrix, memo.order(), target),
        })
    }

    /// N.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Every part.
    pub fn parts(&self) -> &[Vec<OptionId>] {
        &self.parts
    }

    /// The parts (indices into [`parts`](Self::parts)) of shard `index`
    /// (1-based), or [`Error::ShardIndex`] if it is not in `1..=N`.
    pub fn parts_of(&self, index: usize) -> Result<Vec<usize>, Error> {
        if index == 0 || index > self.count {
            return Err(Error::ShardIndex {
                index,
                count: self.count,
            });
        }
        Ok((index - 1..self.parts.len()).step_by(self.count).collect())
    }

    /// The result of shard `index` whose parts (those of
    /// [`parts_of`](Self::parts_of), in order) counted `counts`.
    pub fn result(
        &self,
        matrix: &Matrix,
        index: usize,
        counts: &[Count],
        states: u64,
        cpu_millis: u64,
        host: &str,
    ) -> Result<MemoShardResult, Error> {
        let mine = self.parts_of(index)?;
        assert_eq!(mine.len(), counts.len(), "one count per part of the shard");
        Ok(MemoShardResult {
            fingerprint: hex(memo_fingerprint(matrix)),
            items: matrix.num_items(),
            options: matrix.num_options(),
            shard: index,
            shards: self.count,
            plan_version: MEMO_PLAN_VERSION,
            parts: mine
                .iter()
                .zip(counts)
                .map(|(&k, n)| MemoPartCount {
                    part: k,
                    options: self.parts[k].iter().map(|o| o.index() as u32).collect(),
                    solutions: n.clone(),
                })
                .collect(),
            states,
            cpu_millis,
            host: host.to_string(),
        })
    }
}

/// One part of a memo shard and its count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoPartCount {
    /// Its index in [`MemoShards::parts`].
    pub part: usize,
    /// Its options (indices), to check them against the plan.
    pub options: Vec<u32>,
    /// The solutions holding them, a decimal string in the file.
    #[serde(with = "decimal")]
    pub solutions: Count,
}

/// What a finished memo shard counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoShardResult {
    /// [`memo_fingerprint`], 16 hex digits, and the matrix's shape.
    pub fingerprint: String,
    pub items: usize,
    pub options: usize,
    /// The shard, 1-based, of `shards`, and [`MEMO_PLAN_VERSION`].
    pub shard: usize,
    pub shards: usize,
    pub plan_version: u32,
    /// Every part of the shard, in order, with its count.
    pub parts: Vec<MemoPartCount>,
    /// States the memo engine entered for the shard.
    pub states: u64,
    /// The workers' busy time, in milliseconds.
    pub cpu_millis: u64,
    /// The machine that counted it.
    pub host: String,
}

#[derive(Serialize, Deserialize)]
struct MemoResultFile {
    format: String,
    version: u32,
    /// `fnv1a64:` and 16 hex digits of the body serialised compactly.
    checksum: String,
    body: MemoShardResult,
}

impl MemoShardResult {
    /// The shard's solutions.
    pub fn solutions(&self) -> Count {
        let mut n = Count::ZERO;
        for p in &self.parts {
            n.add(&p.solutions);
        }
        n
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let file = MemoResultFile {
            format: MEMO_RESULT_FORMAT.into(),
            version: MEMO_RESULT_VERSION,
            checksum: checkpoint::checksum_of(self),
            body: self.clone(),
        };
        let mut s = serde_json::to_string(&file).expect("a result always serialises");
        s.push('\n');
        s
    }

    /// Writes the result atomically.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        checkpoint::write_atomically(path, self.to_text().as_bytes()).map_err(|source| {
            Error::ResultWrite {
                path: path.to_path_buf(),
                source,
            }
        })
    }

    /// Loads a result file of at most `max_bytes` bytes and checks what it
    /// can alone: format, version, checksum, sums, and that it was made
    /// for `matrix`. The plan is checked by [`memo_merge`].
    pub fn load(path: &Path, matrix: &Matrix, max_bytes: u64) -> Result<MemoShardResult, Error> {
        let bytes = result_file::read(path, max_bytes)?;
        MemoShardResult::from_bytes(&bytes, matrix, path)
    }

    /// [`load`](Self::load) of bytes; `path` labels errors.
    pub fn from_bytes(
        bytes: &[u8],
        matrix: &Matrix,
        path: &Path,
    ) -> Result<MemoShardResult, Error> {
        let damaged = |reason: String| Error::ResultDamaged {
            path: path.to_path_buf(),
            reason,
        };
        let refused = |reason: String| Error::ResultRefused {
            path: path.to_path_buf(),
            reason,
        };
        let text = result_file::text(bytes, path, &MEMO_RESULT_KIND)?;
        let file: MemoResultFile =
            serde_json::from_str(text).map_err(|e| damaged(format!("bad field ({e})")))?;
        let r = file.body;
        if file.checksum != checkpoint::checksum_of(&r) {
            return Err(damaged("the checksum does not match the content".into()));
        }
        let expected = hex(memo_fingerprint(matrix));
        if r.fingerprint != expected {
            return Err(refused(format!(
                "made for another puzzle (matrix {}, {} items, {} options; this one is {expected}, {} items, {} options)",
                r.fingerprint,
                r.items,
                r.options,
                matrix.num_items(),
                matrix.num_options()
            )));
        }
        if r.plan_version != MEMO_PLAN_VERSION {
            return Err(refused(format!(
                "made with plan version {}, this polycover makes version {MEMO_PLAN_VERSION}",
                r.plan_version
            )));
        }
        if r.shards == 0 || r.shards > MAX_SHARDS || r.shard == 0 || r.shard > r.shards {
            return Err(damaged(format!(
                "shard {}/{} is not a shard of a plan (1 <= I <= N <= {MAX_SHARDS})",
                r.shard, r.shards
            )));
        }
        Ok(r)
    }

    /// Checks the result against the plan: its shard's parts, in order,
    /// with their options. Returns what is wrong.
    fn check_against(&self, plan: &MemoShards) -> Result<(), String> {
        if self.shards != plan.count() {
            return Err(format!(
                "it is shard {} of {}, the other results are of {} shards",
                self.shard,
                self.shards,
                plan.count()
            ));
        }
        let mine = plan.parts_of(self.shard).map_err(|e| e.to_string())?;
        let same = self.parts.len() == mine.len()
            && self.parts.iter().zip(&mine).all(|(p, &k)| {
                p.part == k
                    && p.options.len() == plan.parts()[k].len()
                    && p.options
                        .iter()
                        .zip(&plan.parts()[k])
                        .all(|(&a, b)| a as usize == b.index())
            });
        match same {
            true => Ok(()),
            false => Err(format!(
                "its parts are not those of shard {}/{} (another plan)",
                self.shard, self.shards
            )),
        }
    }
}

/// Is the file at `path` a memo shard result (by its `format` field)? A
/// file that cannot be read or is not JSON is not.
pub fn is_memo_result(path: &Path, max_bytes: u64) -> bool {
    result_file::read(path, max_bytes)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| checkpoint::Header::of(&t).ok())
        .is_some_and(|h| h.format() == Some(MEMO_RESULT_FORMAT))
}

/// The merge of memo shard results.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoMerged {
    /// N (0 when no result was usable).
    pub shards: usize,
    /// The solutions of the shards present: the whole count when `missing`
    /// is empty.
    pub solutions: Count,
    /// Shards without a result, 1-based, in order.
    pub missing: Vec<usize>,
    /// States entered, all shards present.
    pub states: u64,
    /// Busy time of all shards present, in seconds.
    pub cpu_seconds: f64,
    /// Per shard present: its index, file and host.
    pub sources: Vec<(usize, PathBuf, String)>,
}

impl MemoMerged {
    /// Is every shard in? (Never for the merge of no usable file.)
    pub fn complete(&self) -> bool {
        self.shards > 0 && self.missing.is_empty()
    }
}

/// Merges the memo results at `paths`: the first refused file is the
/// error (see [`memo_merge_all`]).
pub fn memo_merge(
    matrix: &Matrix,
    options: &MemoOptions,
    paths: &[PathBuf],
) -> Result<MemoMerged, Error> {
    let (merged, refused) = memo_merge_all(matrix, options, paths, DEFAULT_MAX_RESULT_BYTES)?;
    match refused.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(merged),
    }
}

/// Merges every usable memo result at `paths` (each read with at most
/// `max_bytes` bytes) against the plan of `matrix` for the first usable
/// file's N, and returns the errors of the others, each naming its file:
/// damaged, of another puzzle, plan or engine, of another N, or a
/// duplicate that disagrees (one that agrees counts once). A refused
/// file's shard is missing unless another file has it. An error only when
/// there is no file or the plan cannot be made.
pub fn memo_merge_all(
    matrix: &Matrix,
    options: &MemoOptions,
    paths: &[PathBuf],
    max_bytes: u64,
) -> Result<(MemoMerged, Vec<Error>), Error> {
    if paths.is_empty() {
        return Err(Error::NoResults);
    }
    let mut refused = Vec::new();
    let mut results = Vec::new();
    for p in paths {
        match MemoShardResult::load(p, matrix, max_bytes) {
            Ok(r) => results.push((p.clone(), r)),
            Err(e) => refused.push(e),
        }
    }
    let Some((_, first)) = results.first() else {
        let empty = MemoMerged {
            shards: 0,
            solutions: Count::ZERO,
            missing: Vec::new(),
            states: 0,
            cpu_seconds: 0.0,
            sources: Vec::new(),
        };
        return Ok((empty, refused));
    };
    let plan = MemoShards::new(matrix, options, first.shards)?;
    let mut seen: HashMap<usize, (PathBuf, MemoShardResult)> = HashMap::new();
    for (path, r) in results {
        let why = r
            .check_against(&plan)
            .and_then(|()| match seen.get(&r.shard) {
                Some((other, earlier)) if earlier.parts != r.parts => Err(format!(
                    "shard {}/{} again, with other counts than {}",
                    r.shard,
                    r.shards,
                    other.display()
                )),
                _ => Ok(()),
            });
        match why {
            Err(reason) => refused.push(Error::ResultRefused { path, reason }),
            Ok(()) if seen.contains_key(&r.shard) => {}
            Ok(()) => {
                seen.insert(r.shard, (path, r));
            }
        }
    }
    Ok((sum(plan.count(), seen)?, refused))
}

/// The sum of the accepted results, shard by shard.
fn sum(
    shards: usize,
    mut seen: HashMap<usize, (PathBuf, MemoShardResult)>,
) -> Result<MemoMerged, Error> {
    let mut merged = MemoMerged {
        shards,
        solutions: Count::ZERO,
        missing: Vec::new(),
        states: 0,
        cpu_seconds: 0.0,
        sources: Vec::new(),
    };
    for i in 1..=shards {
        let Some((path, r)) = seen.remove(&i) else {
            merged.missing.push(i);
            continue;
        };
        merged.solutions.add(&r.solutions());
        merged.states = merged.states.saturating_add(r.states);
        merged.cpu_seconds += r.cpu_millis as f64 / 1000.0;
        merged.sources.push((i, path, r.host));
    }
    Ok(merged)
}
