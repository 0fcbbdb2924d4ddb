//! The on-disk cache of the two-phase solver's tables.
//!
//! A file holds one puzzle's tables, named by a 64-bit key hashed from the puzzle's moves, the
//! chain and the table format's version ([`VERSION`]). Layout: the magic `PCTP`, the version, the
//! key, the payload's length and the checksum of the payload ([`checksum`]; little-endian `u32`,
//! `u64`, `u64`, `u64`), then the payload. A file that is short, too long, of another version or key, or
//! whose checksum fails is ignored (and rewritten by the caller): damage costs a rebuild, never a
//! wrong table. Writes go to a temporary file renamed into place, so readers never see half a file.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The table format's version: part of every key, so a new format never reads an old file.
pub const VERSION: u32 = 2;
const MAGIC: &[u8; 4] = b"PCTP";
const HEADER: usize = 4 + 4 + 8 + 8 + 8;
/// No cache file is read beyond this size (the tables of the catalog's puzzles take a few MB).
pub const MAX_BYTES: u64 = 256 << 20;

/// The cache directory: `$POLYCOVER_CACHE_DIR`, else `$XDG_CACHE_HOME/polycover`, else
/// `$HOME/.cache/polycover`; `None` if none of them is set.
pub fn default_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(d) = var("POLYCOVER_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = var("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("polycover"));
    }
    var("HOME").map(|h| PathBuf::from(h).join(".cache").join("polycover"))
}

/// FNV-1a, 64 bits: a hash that is the same on every machine and run.
#[derive(Clone, Copy)]
pub struct Fnv(pub u64);

impl Fnv {
    /// The empty hash.
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Hashes more bytes.
    pub fn bytes(mut self, data: &[u8]) -> Fnv {
        for &b in data {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        self
    }

    /// Hashes a number.
    pub fn num(self, x: u64) -> Fnv {
        self.bytes(&x.to_le_bytes())
    }

    /// Hashes a puzzle's moves: their number, then every move's permutation.
    pub fn moves(self, moves: &crate::solve::moves::Moves) -> Fnv {
        let mut h = self.num(moves.len() as u64);
        for p in &moves.perm {
            for &s in p {
                h = h.num(s as u64);
            }
        }
        h
    }
}

impl Default for Fnv {
    fn default() -> Self {
        Fnv::new()
    }
}

/// The checksum of a payload: eight bytes at a time, each step `h -> (h ^ word) * odd, h ^= h >>
/// 29` a bijection of `h` for a given word, so any one changed word changes the result (and the
/// length is mixed in, so truncation does too). Eight times fewer steps than FNV-1a byte by byte:
/// the cache is read at every preparation.
pub fn checksum(data: &[u8]) -> u64 {
    let step = |h: u64, w: u64| {
        let h = (h ^ w).wrapping_mul(0x0100_0000_01b3);
        h ^ (h >> 29)
    };
    let mut chunks = data.chunks_exact(8);
    let mut h = Fnv::new().0;
    for c in &mut chunks {
        h = step(h, u64::from_le_bytes(c.try_into().unwrap()));
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = step(h, u64::from_le_bytes(tail));
    step(h, data.len() as u64)
}

/// The file of key `key` in `dir`.
pub fn path(dir: &Path, key: u64) -> PathBuf {
    dir.join(format!("twophase-{key:016x}.bin"))
}

/// The cached payload of `key`, if a sound file holds it.
pub fn load(dir: &Path, key: u64) -> Option<Vec<u8>> {
    // Only a regular file: opening a named pipe would wait for a writer forever.
    let at = path(dir, key);
    if !fs::metadata(&at).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let file = fs::File::open(at).ok()?;
    let len = file.metadata().ok()?.len();
    if !(HEADER as u64..=MAX_BYTES).contains(&len) {
        return None;
    }
    let mut data = Vec::with_capacity(len as usize);
    file.take(len).read_to_end(&mut data).ok()?;
    if data.len() as u64 != len || &data[..4] != MAGIC {
        return None;
    }
    let word = |at: usize| u64::from_le_bytes(data[at..at + 8].try_into().unwrap());
    let version = u32::from_le_bytes(data[4..8].try_into().unwrap());
    if version != VERSION || word(8) != key || word(16) != len - HEADER as u64 {
        return None;
    }
    let sum = word(24);
    let payload = data.split_off(HEADER);
    (checksum(&payload) == sum).then_some(payload)
}

/// Stores `payload` under `key`; failures (no directory, read-only, disk full) are ignored.
pub fn store(dir: &Path, key: u64, payload: &[u8]) {
    let _ = try_store(dir, key, payload);
}

fn try_store(dir: &Path, key: u64, payload: &[u8]) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let mut data = Vec::with_capacity(HEADER + payload.len());
    data.extend_from_slice(MAGIC);
    data.extend_from_slice(&VERSION.to_le_bytes());
    data.extend_from_slice(&key.to_le_bytes());
    data.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    data.extend_from_slice(&checksum(payload).to_le_bytes());
    data.extend_from_slice(payload);
    let target = path(dir, key);
    let tmp = target.with_extension(format!("tmp{}", std::process::id()));
    fs::write(&tmp, &data)?;
    fs::rename(&tmp, &target).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

/// Length-prefixed blobs: the payload's building blocks.
#[derive(Default)]
pub struct Writer(pub Vec<u8>);

impl Writer {
    /// Appends bytes, after their length.
    pub fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(&(b.len() as u64).to_le_bytes());
        self.0.extend_from_slice(b);
    }

    /// Appends numbers, after their count.
    pub fn words(&mut self, w: &[u32]) {
        self.0.extend_from_slice(&(w.len() as u64).to_le_bytes());
        for x in w {
            self.0.extend_from_slice(&x.to_le_bytes());
        }
    }
}

/// Reads what a [`Writer`] wrote, refusing lengths beyond the data.
pub struct Reader<'a> {
    /// The data not yet read.
    pub rest: &'a [u8],
}

impl Reader<'_> {
    fn len(&mut self, unit: usize) -> Option<usize> {
        let (head, rest) = self.rest.split_at_checked(8)?;
        self.rest = rest;
        let n = u64::from_le_bytes(head.try_into().ok()?);
        let n = usize::try_from(n).ok()?;
        (n.checked_mul(unit)? <= self.rest.len()).then_some(n)
    }

    /// The next bytes.
    pub fn bytes(&mut self) -> Option<Vec<u8>> {
        let n = self.len(1)?;
        let (b, rest) = self.rest.split_at(n);
        self.rest = rest;
        Some(b.to_vec())
    }

    /// The next numbers.
    pub fn words(&mut self) -> Option<Vec<u32>> {
        let n = self.len(4)?;
        let (b, rest) = self.rest.split_at(n * 4);
        self.rest = rest;
        Some(
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let dir = std::env::temp_dir().join(format!("polycover-cache-test-{}", std::process::id()));
        let mut w = Writer::default();
        w.bytes(b"abc");
        w.words(&[1, 2, 70000]);
        store(&dir, 7, &w.0);
        let got = load(&dir, 7).unwrap();
        let mut r = Reader { rest: &got };
        assert_eq!(r.bytes().unwrap(), b"abc");
        assert_eq!(r.words().unwrap(), vec![1, 2, 70000]);
        assert!(r.words().is_none());
        assert!(load(&dir, 8).is_none());
        // A flipped byte, then a truncated file: both refused.
        let p = path(&dir, 7);
        let mut data = fs::read(&p).unwrap();
        let last = data.len() - 1;
        data[last] ^= 1;
        fs::write(&p, &data).unwrap();
        assert!(load(&dir, 7).is_none());
        fs::write(&p, &data[..data.len() - 3]).unwrap();
        assert!(load(&dir, 7).is_none());
        // A directory, then a named pipe, in the file's place: refused at once (opening the pipe
        // would wait for a writer forever), and storing replaces the pipe.
        fs::remove_file(&p).unwrap();
        fs::create_dir(&p).unwrap();
        assert!(load(&dir, 7).is_none());
        fs::remove_dir(&p).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&p).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(load(&dir, 7).is_none());
            store(&dir, 7, &w.0);
            assert_eq!(load(&dir, 7).unwrap(), w.0);
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
