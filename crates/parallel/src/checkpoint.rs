//! Checkpoint files: the finished subproblems of a count and what each one
//! counted, so that an interrupted run can be finished later (see
//! `docs/checkpoint.md` for the format).
//!
//! A checkpoint never stores the matrix; it stores a fingerprint of it (and
//! of the search tree: the engine's, when it is not DLX1's) and refuses to be
//! used with another one. The body carries a checksum so that a damaged file
//! is refused rather than silently giving a wrong count.

use crate::decimal;
use crate::error::Error;
use crate::shards::ShardId;
use crate::weight::Weight;

use dlx::read::FileLimit;
use dlx::{EngineKind, Matrix};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::Write;
use std::path::Path;

/// The `format` field of every checkpoint file.
pub const FORMAT: &str = "polycover-checkpoint";
/// The format version this crate writes and reads.
pub const VERSION: u32 = 2;
/// The most bytes a checkpoint file may have by default
/// ([`Options::max_checkpoint_bytes`](crate::Options::max_checkpoint_bytes);
/// the CLI's `--max-checkpoint-bytes`): 256 MiB, about two million
/// finished subproblems. Reading one takes a few times its size in memory.
pub const DEFAULT_MAX_BYTES: u64 = 256 << 20;

/// The limit of a checkpoint file of at most `bytes` bytes.
pub fn file_limit(bytes: u64) -> FileLimit {
    FileLimit {
        what: "a checkpoint file",
        bytes,
        flag: Some("--max-checkpoint-bytes"),
    }
}

/// FNV-1a, 64 bits: stable across Rust versions and platforms (unlike
/// `DefaultHasher`), which a file format needs.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The fingerprint of a search of `matrix` with `engine` (the engine
/// `dlx::Solver::with_engine` gives: [`EngineKind::resolve`]): FNV-1a of
/// the item-choice rule's name (`dlx::ChoiceRule::name`, the rule every
/// solver of the driver uses: it shapes the tree, so subproblems mean
/// nothing under another rule) and of the matrix's DLX text
/// (`dlx::format::write`), which names every item and option in order;
/// for the cell engine, whose tree and subproblems are its own, the text
/// begins with `cells ` (`"cells min-len\n..."`). The links and the bitset
/// engine walk one tree, DLX1's, so their fingerprint is the same (and the
/// same as before there was a cell engine). Two searches with the same
/// fingerprint walk the same tree.
pub fn fingerprint(matrix: &Matrix, engine: EngineKind) -> u64 {
    let rule = dlx::ChoiceRule::default().name();
    let text = dlx::format::write(matrix);
    match engine.resolve(matrix) {
        EngineKind::Links | EngineKind::Bits => fnv1a64(format!("{rule}\n{text}").as_bytes()),
        EngineKind::Cells => fnv1a64(format!("cells {rule}\n{text}").as_bytes()),
    }
}

/// The engines whose trees differ, each named once: one per fingerprint.
const TREES: [EngineKind; 2] = [EngineKind::Links, EngineKind::Cells];

/// The engine of [`TREES`] that walks the tree `engine` walks on `matrix`.
pub(crate) fn tree(engine: EngineKind, matrix: &Matrix) -> EngineKind {
    match engine.resolve(matrix) {
        EngineKind::Links | EngineKind::Bits => EngineKind::Links,
        EngineKind::Cells => EngineKind::Cells,
    }
}

/// The engine (one of [`TREES`]) whose search of `matrix` has the
/// fingerprint `found` (16 hex digits), if any: to say which engine made a
/// checkpoint or result that the run's engine cannot use.
pub(crate) fn made_with(found: &str, matrix: &Matrix) -> Option<EngineKind> {
    TREES
        .into_iter()
        .find(|&e| tree(e, matrix) == e && hex(fingerprint(matrix, e)) == found)
}

/// The search tree of `engine` on `matrix`, in words, for messages.
pub(crate) fn tree_words(engine: EngineKind, matrix: &Matrix) -> &'static str {
    match engine.resolve(matrix) {
        EngineKind::Links | EngineKind::Bits => {
            "the links or bitset engine (links, bits: one tree)"
        }
        EngineKind::Cells => "the cell engine (cells)",
    }
}

/// One finished subproblem: where it is in the search tree and what it cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// The subproblem's choices ([`dlx::Subproblem::choices`]).
    pub choices: Vec<u32>,
    /// Its branching degrees ([`dlx::Subproblem::degrees`]).
    pub degrees: Vec<u32>,
    /// Solutions below it (a decimal string in the file: JSON readers in
    /// other languages lose precision above 2^53).
    #[serde(with = "decimal")]
    pub solutions: u128,
    /// A weighted count's: the sums of its solutions' weights (absent in
    /// the file for a plain count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Weight>,
    /// Nodes and updates of its own search.
    pub nodes: u64,
    pub updates: u64,
}

/// What a checkpoint says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// [`fingerprint`] of the matrix and engine, as 16 hex digits.
    pub fingerprint: String,
    /// Shape of the matrix, only to make the "another puzzle" error helpful.
    pub items: usize,
    pub options: usize,
    /// Made by a weighted count: every finished subproblem carries weights.
    pub weighted: bool,
    /// The shard of a distributed count this checkpoint belongs to (absent
    /// in the file for a whole count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardId>,
    /// The cost of splitting and the work thrown away, all runs so far
    /// (see [`Report`](crate::Report); the search figures are the
    /// finished subproblems' own).
    pub split_nodes: u64,
    pub split_updates: u64,
    pub wasted_nodes: u64,
    pub wasted_updates: u64,
    /// Wall-clock time of all runs so far, in milliseconds (an integer, so
    /// that the checksum survives a round trip).
    pub millis: u64,
    /// Time the worker threads spent searching and splitting, summed over
    /// threads, all runs so far, in milliseconds.
    pub cpu_millis: u64,
    /// The finished subproblems; their counts add up to the count so far.
    pub finished: Vec<Finished>,
}

/// The file: a header, then the body and its checksum.
#[derive(Serialize, Deserialize)]
struct FileRepr {
    format: String,
    version: u32,
    /// `fnv1a64:` and 16 hex digits: FNV-1a of the body serialised compactly.
    checksum: String,
    body: Checkpoint,
}

/// The largest node, update or time figure a checkpoint or shard result
/// may hold (2^63 - 1): half of `u64`, room for the figures of one more
/// run, whose sums are checked.
pub const MAX_FIGURE: u64 = u64::MAX / 2;

/// `a + b`, held at [`MAX_FIGURE`]: a figure written to a checkpoint, so
/// that what a run writes it can read back (a resumed run with a figure
/// at the bound once wrote one beyond it, refused by the next resume).
pub(crate) fn add_figure(a: u64, b: u64) -> u64 {
    a.saturating_add(b).min(MAX_FIGURE)
}

impl Checkpoint {
    /// An empty checkpoint for a search of `matrix` with `engine`.
    pub fn new(matrix: &Matrix, engine: EngineKind) -> Checkpoint {
        Checkpoint {
            fingerprint: hex(fingerprint(matrix, engine)),
            ..Checkpoint::unnamed(matrix)
        }
    }

    /// An empty checkpoint for a search of `matrix` whose fingerprint is
    /// not computed yet (an empty string; [`name`](Self::name) fills it).
    /// The fingerprint writes out and hashes the whole matrix, which is a
    /// good part of a small count's run time, and only a checkpoint or
    /// result file needs it.
    pub(crate) fn unnamed(matrix: &Matrix) -> Checkpoint {
        Checkpoint {
            fingerprint: String::new(),
            items: matrix.num_items(),
            options: matrix.num_options(),
            weighted: false,
            shard: None,
            split_nodes: 0,
            split_updates: 0,
            wasted_nodes: 0,
            wasted_updates: 0,
            millis: 0,
            cpu_millis: 0,
            finished: Vec::new(),
        }
    }

    /// Computes the fingerprint of a checkpoint made by
    /// [`unnamed`](Self::unnamed), for a search of `matrix` with `engine`;
    /// one already named is left as it is.
    pub(crate) fn name(&mut self, matrix: &Matrix, engine: EngineKind) {
        if self.fingerprint.is_empty() {
            self.fingerprint = hex(fingerprint(matrix, engine));
        }
    }

    /// The solutions counted so far; `None` if they add up to more than a
    /// u128 holds (a checkpoint that [`load`](Self::load) accepts never
    /// does).
    pub fn solutions(&self) -> Option<u128> {
        self.finished
            .iter()
            .try_fold(0u128, |s, f| s.checked_add(f.solutions))
    }

    /// The weights counted so far (zero for a plain count; `None`:
    /// overflow).
    pub fn weights(&self) -> Option<Weight> {
        self.finished.iter().try_fold(Weight::ZERO, |mut s, f| {
            f.weights.as_ref().is_none_or(|w| s.add(w)).then_some(s)
        })
    }

    /// The search nodes of the finished subproblems (`None`: overflow).
    pub fn finished_nodes(&self) -> Option<u64> {
        self.finished
            .iter()
            .try_fold(0u64, |s, f| s.checked_add(f.nodes))
    }

    /// The search updates of the finished subproblems (`None`: overflow).
    pub fn finished_updates(&self) -> Option<u64> {
        self.finished
            .iter()
            .try_fold(0u64, |s, f| s.checked_add(f.updates))
    }

    /// Checks that every total the driver makes from this checkpoint fits
    /// its type, leaving room for the figures of one more run; returns what
    /// does not.
    pub fn check_totals(&self) -> Result<(), String> {
        let fits = |x: Option<u64>| x.is_some_and(|x| x <= MAX_FIGURE);
        if self.solutions().is_none() || self.weights().is_none() {
            return Err("its subproblems' solutions or weights add up to more than 2^128".into());
        }
        if self
            .finished
            .iter()
            .any(|f| f.weights.is_some() != self.weighted)
        {
            return Err(if self.weighted {
                "a subproblem of a weighted count has no weights".into()
            } else {
                "a subproblem of a plain count has weights".into()
            });
        }
        self.check_weights(None)?;
        if !fits(self.finished_nodes())
            || !fits(self.finished_updates())
            || !fits(self.split_nodes.checked_add(self.wasted_nodes))
            || !fits(self.split_updates.checked_add(self.wasted_updates))
            || !fits(Some(self.millis))
            || !fits(Some(self.cpu_millis))
        {
            return Err("its node, update or time figures overflow".into());
        }
        Ok(())
    }

    /// Checks each finished subproblem's weights against its solutions: a
    /// subproblem with no solutions weighs nothing, and, given `per` (the
    /// most one solution weighs, [`Options::solution_weight`](crate::Options::solution_weight)),
    /// its total weight is at least its solutions and its total, distinct
    /// and class weights at most its solutions times `per`. Returns what
    /// is wrong, naming the subproblem.
    pub fn check_weights(&self, per: Option<u128>) -> Result<(), String> {
        for f in &self.finished {
            let Some(w) = &f.weights else { continue };
            let n = f.solutions;
            let figures = || {
                std::iter::once((w.total, w.distinct))
                    .chain(w.classes.values().map(|c| (c.total, c.distinct)))
            };
            let weighs = figures().any(|(t, d)| t != 0 || d != 0);
            let bad = if n == 0 {
                weighs.then(|| "no solutions but a weight".to_string())
            } else if let Some(per) = per {
                let most = n.saturating_mul(per);
                if w.total < n {
                    Some(format!(
                        "{n} solutions but a total weight of {}, less than one per solution",
                        w.total
                    ))
                } else if figures().any(|(t, d)| t > most || d > most) {
                    Some(format!(
                        "{n} solutions but a weight of {} ({} distinct), more than {per} per solution",
                        w.total, w.distinct
                    ))
                } else {
                    None
                }
            } else {
                None
            };
            if let Some(bad) = bad {
                return Err(format!(
                    "finished subproblem {:?} has {bad}: its weights do not match its solutions",
                    f.choices
                ));
            }
        }
        Ok(())
    }

    /// Checks the sums of a checkpoint that has finished the whole search:
    /// its distinct weights, and each class's, add up to a multiple of
    /// `multiple` ([`Options::distinct_multiple`](crate::Options::distinct_multiple)).
    /// Only the whole search is checked: a part may hold part of a class of
    /// solutions, whose sums are then no multiple. Returns what is wrong.
    pub fn check_whole(&self, multiple: u128) -> Result<(), String> {
        let Some(sum) = self.weights() else {
            return Err("its subproblems' weights add up to more than 2^128".into());
        };
        let off = |d: u128| d.checked_rem(multiple).is_some_and(|r| r != 0);
        let bad = std::iter::once(("", sum.distinct))
            .chain(sum.classes.iter().map(|(k, c)| (k.as_str(), c.distinct)))
            .find(|&(_, d)| off(d));
        match bad {
            None => Ok(()),
            Some((class, d)) => Err(format!(
                "it has finished the whole search, but the distinct weights of its subproblems{} add up to {d}, not a multiple of {multiple}",
                if class.is_empty() {
                    String::new()
                } else {
                    format!(" in class `{class}`")
                }
            )),
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let file = FileRepr {
            format: FORMAT.to_string(),
            version: VERSION,
            checksum: checksum(self),
            body: self.clone(),
        };
        let mut s = serde_json::to_string(&file).expect("a checkpoint always serialises");
        s.push('\n');
        s
    }

    /// Reads a checkpoint's text and checks it: format, version, checksum,
    /// and that it was made for a search of `matrix` with `engine` (or an
    /// engine that walks the same tree). `path` only labels errors.
    pub fn from_text(
        text: &str,
        matrix: &Matrix,
        engine: EngineKind,
        path: &Path,
    ) -> Result<Checkpoint, Error> {
        let damaged = |reason: String| Error::CheckpointDamaged {
            path: path.to_path_buf(),
            reason,
        };
        let header = Header::of(text).map_err(damaged)?;
        if header.format() != Some(FORMAT) {
            return Err(damaged(format!("no `\"format\": \"{FORMAT}\"` header")));
        }
        match header.version() {
            Some(v) if v == u64::from(VERSION) => {}
            Some(found) => {
                return Err(Error::CheckpointVersion {
                    path: path.to_path_buf(),
                    found: found.to_string(),
                    expected: VERSION,
                });
            }
            None => return Err(damaged("no `\"version\"` number".into())),
        }
        // Straight into the types: a parse through `serde_json::Value`
        // takes some twenty times the file's size.
        let file: FileRepr =
            serde_json::from_str(text).map_err(|e| damaged(format!("bad field ({e})")))?;
        if file.checksum != checksum(&file.body) {
            return Err(damaged("the checksum does not match the content".into()));
        }
        file.body.check_totals().map_err(damaged)?;
        let expected = hex(fingerprint(matrix, engine));
        if file.body.fingerprint != expected {
            if let Some(other) = made_with(&file.body.fingerprint, matrix) {
                return Err(Error::CheckpointEngine {
                    path: path.to_path_buf(),
                    found: tree_words(other, matrix),
                    expected: tree_words(engine, matrix),
                });
            }
            return Err(Error::CheckpointForeign {
                path: path.to_path_buf(),
                found: format!(
                    "{} ({} items, {} options)",
                    file.body.fingerprint, file.body.items, file.body.options
                ),
                expected: format!(
                    "{expected} ({} items, {} options)",
                    matrix.num_items(),
                    matrix.num_options()
                ),
            });
        }
        Ok(file.body)
    }

    /// Loads and checks the checkpoint at `path` (see
    /// [`from_text`](Self::from_text)). A file that cannot be opened or read
    /// is [`Error::CheckpointRead`]; one that is read but is not UTF-8 is
    /// damaged like any other altered file.
    pub fn load(path: &Path, matrix: &Matrix, engine: EngineKind) -> Result<Checkpoint, Error> {
        Checkpoint::load_bounded(path, matrix, engine, DEFAULT_MAX_BYTES)
    }

    /// [`load`](Self::load) of a file of at most `max_bytes` bytes: a
    /// larger one is [`Error::TooLarge`], after reading no more than that.
    pub fn load_bounded(
        path: &Path,
        matrix: &Matrix,
        engine: EngineKind,
        max_bytes: u64,
    ) -> Result<Checkpoint, Error> {
        let bytes = read_bytes(path, file_limit(max_bytes))?;
        Checkpoint::from_bytes(&bytes, matrix, engine, path)
    }

    /// [`from_text`](Self::from_text) of bytes that must be UTF-8 (if not,
    /// the file is damaged).
    pub fn from_bytes(
        bytes: &[u8],
        matrix: &Matrix,
        engine: EngineKind,
        path: &Path,
    ) -> Result<Checkpoint, Error> {
        Checkpoint::from_text(utf8(bytes, path)?, matrix, engine, path)
    }

    /// Writes the checkpoint atomically: a temporary file in the same
    /// directory, fsync, rename over `path`, then fsync the directory. A
    /// crash at any moment leaves either the old file or the new one.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        write_atomically(path, self.to_text().as_bytes()).map_err(|source| Error::CheckpointWrite {
            path: path.to_path_buf(),
            source,
        })
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory, fsync, rename over `path`, then fsync the directory.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let write = || -> std::io::Result<()> {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        // Make the rename itself durable; not every platform can open a
        // directory, so this step is best effort.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    };
    write().inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// The bytes of a checkpoint file, at most `limit`'s; unreadable is
/// [`Error::CheckpointRead`], too long [`Error::TooLarge`].
pub(crate) fn read_bytes(path: &Path, limit: FileLimit) -> Result<Vec<u8>, Error> {
    read_json(path, limit).map_err(|e| match e {
        dlx::read::ReadError::Io { path, source } => Error::CheckpointRead { path, source },
        too_large => Error::TooLarge(too_large),
    })
}

/// Reads a checkpoint or result file within `limit`, refusing at once, from
/// its first bytes, one that is not JSON text (`/dev/zero`, a binary file),
/// rather than after reading up to the limit.
pub(crate) fn read_json(path: &Path, limit: FileLimit) -> Result<Vec<u8>, dlx::read::ReadError> {
    dlx::read::read_sniffed(path, 64, |head| {
        match head.iter().find(|b| !b.is_ascii_whitespace()) {
            None | Some(b'{') => Ok(limit),
            Some(_) => {
                let shown: Vec<String> = head.iter().take(8).map(|b| format!("{b:02x}")).collect();
                Err(dlx::read::ReadError::Io {
                    path: path.to_path_buf(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!(
                            "not {} (JSON text): it starts with the bytes {}",
                            limit.what,
                            shown.join(" ")
                        ),
                    ),
                })
            }
        }
    })
}

/// The head of a checkpoint or result file: what is read before the body,
/// to tell another format or version from damage. Other fields are skipped
/// without being kept.
#[derive(Deserialize)]
pub(crate) struct Header {
    #[serde(default)]
    format: Option<serde_json::Value>,
    #[serde(default)]
    version: Option<serde_json::Value>,
}

impl Header {
    /// The header of `text`; not JSON is the reason why.
    pub fn of(text: &str) -> Result<Header, String> {
        serde_json::from_str(text).map_err(|e| format!("not valid JSON ({e})"))
    }

    /// The format's name, if it is a string.
    pub fn format(&self) -> Option<&str> {
        self.format.as_ref().and_then(|f| f.as_str())
    }

    /// The version, if it is a whole number.
    pub fn version(&self) -> Option<u64> {
        self.version.as_ref().and_then(|v| v.as_u64())
    }
}

/// The bytes as text; not UTF-8 is [`Error::CheckpointDamaged`].
pub(crate) fn utf8<'a>(bytes: &'a [u8], path: &Path) -> Result<&'a str, Error> {
    std::str::from_utf8(bytes).map_err(|e| Error::CheckpointDamaged {
        path: path.to_path_buf(),
        reason: format!("not UTF-8 text (byte {})", e.valid_up_to()),
    })
}

pub(crate) fn hex(x: u64) -> String {
    format!("{x:016x}")
}

fn checksum(body: &Checkpoint) -> String {
    checksum_of(body)
}

/// `fnv1a64:` and the FNV-1a of `body` serialised compactly, hashed as it
/// is serialised: no copy of a big file's text is made to check it.
pub(crate) fn checksum_of<T: Serialize>(body: &T) -> String {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    serde_json::to_writer(&mut h, body).expect("a checkpoint always serialises");
    format!("fnv1a64:{}", hex(h.0))
}

/// FNV-1a ([`fnv1a64`]) as a writer.
struct Fnv(u64);

impl Write for Fnv {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine of these tests (any but the cell engine: one tree).
    const E: EngineKind = EngineKind::Links;

    fn matrix(text: &str) -> Matrix {
        dlx::format::parse(text).unwrap()
    }

    fn sample(m: &Matrix) -> Checkpoint {
        let mut c = Checkpoint::new(m, E);
        c.split_nodes = 10;

        c.millis = 5;
        c.finished.push(Finished {
            choices: vec![7, 12],
            degrees: vec![2, 3],
            solutions: u128::MAX - 1,
            weights: None,
            nodes: 4,
            updates: 9,
        });
        c
    }

    #[test]
    fn fnv_known_values() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        // Hashed while serialised: the hash of the compact text.
        let m = matrix("a b\na\nb\na b\n");
        let c = sample(&m);
        let text = serde_json::to_string(&c).unwrap();
        assert_eq!(
            checksum(&c),
            format!("fnv1a64:{}", hex(fnv1a64(text.as_bytes())))
        );
    }

    /// The bytes hashed are those of the documented format
    /// (`docs/checkpoint.md`), so checkpoints and shard results of the
    /// links and the bitset engine made before the cell engine existed
    /// still load; the cell engine's are told apart.
    #[test]
    fn fingerprints_hash_the_rule_the_engine_and_the_dlx_text() {
        let m = matrix("a b\na\nb\na b\n");
        let text = "a b\na\nb\na b\n";
        assert_eq!(dlx::format::write(&m), text);
        let dlx1 = fnv1a64(format!("min-len\n{text}").as_bytes());
        let cells = fnv1a64(format!("cells min-len\n{text}").as_bytes());
        assert_ne!(dlx1, cells);
        assert_eq!(fingerprint(&m, EngineKind::Links), dlx1);
        assert_eq!(fingerprint(&m, EngineKind::Bits), dlx1);
        assert_eq!(fingerprint(&m, EngineKind::Cells), cells);
        // A matrix the cell engine does not take is searched by another
        // engine, and fingerprinted as that one.
        let colors = matrix("a | x\na x:red\na x:blue\n");
        assert_eq!(
            fingerprint(&colors, EngineKind::Cells),
            fingerprint(&colors, EngineKind::Bits)
        );
    }

    #[test]
    fn a_checkpoint_of_one_tree_is_refused_by_the_other() {
        let m = matrix("a b\na\nb\na b\n");
        let p = Path::new("cells.ckpt");
        let text = Checkpoint::new(&m, EngineKind::Cells).to_text();
        assert!(Checkpoint::from_text(&text, &m, EngineKind::Cells, p).is_ok());
        for other in [EngineKind::Links, EngineKind::Bits] {
            let e = Checkpoint::from_text(&text, &m, other, p).unwrap_err();
            assert!(matches!(e, Error::CheckpointEngine { .. }), "{e}");
            let msg = e.to_string();
            assert!(msg.contains("cells.ckpt"), "{msg}");
            assert!(msg.contains("made with the cell engine (cells)"), "{msg}");
            assert!(
                msg.contains("searches with the links or bitset engine"),
                "{msg}"
            );
        }
        // And the other way round; links and bits share theirs.
        let text = Checkpoint::new(&m, EngineKind::Bits).to_text();
        assert!(Checkpoint::from_text(&text, &m, EngineKind::Links, p).is_ok());
        let e = Checkpoint::from_text(&text, &m, EngineKind::Cells, p).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("made with the links or bitset engine"),
            "{msg}"
        );
        assert!(
            msg.contains("searches with the cell engine (cells)"),
            "{msg}"
        );
    }

    #[test]
    fn round_trip() {
        let m = matrix("a b\na\nb\na b\n");
        let c = sample(&m);
        let back = Checkpoint::from_text(&c.to_text(), &m, E, Path::new("x")).unwrap();
        assert_eq!(back, c);
        assert_eq!(back.solutions(), Some(u128::MAX - 1));
    }

    #[test]
    fn refuses_damage_versions_and_strangers() {
        let m = matrix("a b\na\nb\na b\n");
        let text = sample(&m).to_text();
        let p = Path::new("x");
        let damaged = |t: &str| {
            matches!(
                Checkpoint::from_text(t, &m, E, p),
                Err(Error::CheckpointDamaged { .. })
            )
        };
        assert!(damaged(&text[..text.len() / 2]), "truncated");
        assert!(damaged(&text.replace("\"4\"", "\"5\"")) || !text.contains("\"4\""));
        assert!(
            damaged(&text.replace("\"nodes\":4", "\"nodes\":5")),
            "edited"
        );
        assert!(damaged(""), "empty");
        assert!(damaged("{\"format\":\"something-else\",\"version\":2}"));
        let v1 = text.replace("\"version\":2", "\"version\":1");
        assert!(matches!(
            Checkpoint::from_text(&v1, &m, E, p),
            Err(Error::CheckpointVersion { .. })
        ));
        let other = matrix("a b\na\nb\n");
        let e = Checkpoint::from_text(&text, &other, E, p).unwrap_err();
        assert!(matches!(e, Error::CheckpointForeign { .. }));
        assert!(e.to_string().contains("another puzzle"), "{e}");
    }

    #[test]
    fn counts_that_overflow_are_damage_not_a_wrap() {
        let m = matrix("a b\na\nb\na b\n");
        let mut c = sample(&m);
        c.finished[0].solutions = u128::MAX;
        let mut other = c.finished[0].clone();
        other.choices = vec![7, 13];
        c.finished.push(other);
        assert_eq!(c.solutions(), None);
        // The checksum is right: only the sum is wrong.
        let e = Checkpoint::from_text(&c.to_text(), &m, E, Path::new("big.ckpt")).unwrap_err();
        assert!(matches!(e, Error::CheckpointDamaged { .. }), "{e}");
        assert!(e.to_string().contains("big.ckpt"), "{e}");
        assert!(e.to_string().contains("2^128"), "{e}");
        // Node figures too.
        let mut c = sample(&m);
        c.finished[0].nodes = u64::MAX;
        let e = Checkpoint::from_text(&c.to_text(), &m, E, Path::new("x")).unwrap_err();
        assert!(matches!(e, Error::CheckpointDamaged { .. }), "{e}");
    }

    #[test]
    fn every_flipped_bit_is_refused() {
        let m = matrix("a b\na\nb\na b\n");
        let text = sample(&m).to_text();
        let path = Path::new("flipped.ckpt");
        let version_at = text.find("\"version\":").unwrap() + "\"version\":".len();
        for i in 0..text.len() {
            for bit in [0, 3, 7] {
                let mut bytes = text.clone().into_bytes();
                bytes[i] ^= 1 << bit;
                match Checkpoint::from_bytes(&bytes, &m, E, path) {
                    Err(Error::CheckpointDamaged { path: p, .. }) => assert_eq!(p, path),
                    // The version digit itself: refused as another version.
                    Err(Error::CheckpointVersion { .. }) if i == version_at => {}
                    // Whitespace that JSON also accepts leaves the file intact.
                    Ok(c) if bytes[i].is_ascii_whitespace() => {
                        assert_eq!(c, sample(&m));
                    }
                    other => panic!("byte {i} bit {bit}: {other:?}"),
                }
            }
        }
        // Through a file too: a high bit flipped is damage, not a read error.
        let dir = std::env::temp_dir().join(format!("polycover-flip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("flipped.ckpt");
        let mut bytes = text.into_bytes();
        bytes[40] ^= 0x80;
        std::fs::write(&file, &bytes).unwrap();
        let e = Checkpoint::load(&file, &m, E).unwrap_err();
        assert!(matches!(e, Error::CheckpointDamaged { .. }), "{e}");
        assert!(e.to_string().contains("flipped.ckpt"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn save_is_atomic_and_loads_back() {
        let m = matrix("a b\na\nb\na b\n");
        let dir = std::env::temp_dir().join(format!("polycover-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.ckpt");
        let c = sample(&m);
        c.save(&path).unwrap();
        c.save(&path).unwrap();
        assert_eq!(Checkpoint::load(&path, &m, E).unwrap(), c);
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name() != "run.ckpt")
            .collect();
        assert!(leftovers.is_empty(), "temporary files left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
