//! What the two kinds of shard result files (the search engines' and the
//! memo engine's) check alike: a bounded read, the header's format name
//! and version, and the number of shards of a plan.

use crate::checkpoint;
use crate::{Error, MAX_SHARDS};
use std::path::Path;

/// One kind of result file, as its header names it.
pub(crate) struct Kind {
    /// The `format` field it is written with.
    pub format: &'static str,
    /// The format version this polycover writes and reads.
    pub version: u32,
    /// The other kind's `format` field, and why a file of that kind is
    /// refused here.
    pub other: (&'static str, &'static str),
}

/// The bytes of a result file, read with at most `max_bytes` bytes.
pub(crate) fn read(path: &Path, max_bytes: u64) -> Result<Vec<u8>, Error> {
    checkpoint::read_json(path, crate::shard::result_limit(max_bytes)).map_err(|e| match e {
        dlx::read::ReadError::Io { path, source } => Error::ResultRead { path, source },
        too_large => Error::TooLarge(too_large),
    })
}

/// The text of a result file of `kind`: UTF-8 whose header names the
/// kind's format at its version. A file of the other kind, or of another
/// version, is refused; anything else is damaged.
pub(crate) fn text<'a>(bytes: &'a [u8], path: &Path, kind: &Kind) -> Result<&'a str, Error> {
    let damaged = |reason: String| Error::ResultDamaged {
        path: path.to_path_buf(),
        reason,
    };
    let refused = |reason: String| Error::ResultRefused {
        path: path.to_path_buf(),
        reason,
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|e| damaged(format!("not UTF-8 text (byte {})", e.valid_up_to())))?;
    let header = checkpoint::Header::of(text).map_err(damaged)?;
    match header.format() {
        Some(f) if f == kind.format => {}
        Some(f) if f == kind.other.0 => return Err(refused(kind.other.1.into())),
        _ => {
            return Err(damaged(format!(
                "no `\"format\": \"{}\"` header",
                kind.format
            )));
        }
    }
    match header.version() {
        Some(v) if v == u64::from(kind.version) => Ok(text),
        Some(v) => Err(refused(format!(
            "result format version {v}, this polycover reads version {}",
            kind.version
        ))),
        None => Err(damaged("no `\"version\"` number".into())),
    }
}

/// Checks that a plan may have `count` shards: at least 1, at most
/// [`MAX_SHARDS`].
pub(crate) fn check_shard_count(count: usize) -> Result<(), Error> {
    if count == 0 {
        return Err(Error::ShardIndex { index: 0, count });
    }
    if count > MAX_SHARDS {
        return Err(Error::TooManyShards {
            asked: count,
            max: MAX_SHARDS,
        });
    }
    Ok(())
}
