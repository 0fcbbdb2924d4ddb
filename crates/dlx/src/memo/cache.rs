//! The memo: counts of states, keyed by their encoding as `u64` words, in
//! open-addressing hash tables with a bounded number of entries.
//!
//! # One table
//!
//! A [`Table`] of capacity `cap` (a power of two) holds three parallel
//! arrays, slot by slot:
//!
//! * `tags[s]`: 0 if slot `s` is empty, else 32 bits of the key's hash with
//!   the lowest bit set (so never 0). Comparing tags first skips almost every
//!   other key without reading it.
//! * `keys[s * width..(s + 1) * width]`: the key, `width` words.
//! * `vals[s]`: the count of the state it encodes, if below 2^127; else
//!   2^127 plus an index into `bigs`, which holds the larger counts (rare:
//!   a count that large is the sum of counts almost as large).
//!
//! A key lives in the first empty-or-matching slot at or after its home slot
//! (the top bits of its hash), cyclically: linear probing. Invariant: between
//! a key's home slot and its slot there is no empty slot, and at most 3/4 of
//! the slots are full (the table doubles past that), so a miss stops at the
//! first empty slot after a few probes. Entries are never removed one by one,
//! so that invariant never needs repair.
//!
//! # Two generations
//!
//! The [`Cache`] bounds the number of entries by `limit`: a *young* table
//! takes every new entry until it holds `limit / 2` of them; then the *old*
//! table is dropped, the young one becomes the old one, and a new young
//! table starts. A lookup tries the young table, then the old one (a hit
//! there is copied to the young table, so states in use stay). The cache
//! thus always keeps the most recent half of its limit and more, and a count
//! never fails for lack of room: it only recomputes what was dropped.

use crate::count::Count;

/// A multiply-fold hash of a key, written here: per word, xor it in and
/// replace the hash by the two halves of its 128-bit product with an odd
/// constant, xored together. Unlike a plain multiply (FxHash), whose low
/// bits never see the high bits of its input, the fold sends every input
/// bit to every output bit; that matters here, where the keys of one sweep
/// position differ only in a dozen neighbouring bits.
#[inline]
pub(super) fn hash(key: &[u64]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    const L: u64 = 0x517c_c1b7_2722_0a95;
    let fold = |a: u64, b: u64| {
        let p = u128::from(a) * u128::from(b);
        (p as u64) ^ ((p >> 64) as u64)
    };
    let mut h = key.len() as u64;
    for &w in key {
        h = fold(h ^ w, K);
    }
    fold(h, L)
}

/// The tag of a hash: never 0, the mark of an empty slot.
#[inline]
fn tag(h: u64) -> u32 {
    (h as u32 >> 1 << 1) | 1
}

/// One open-addressing table (module doc).
#[derive(Clone, Debug)]
pub(super) struct Table {
    width: usize,
    /// `64 - log2(capacity)`: the home slot is `hash >> shift`.
    shift: u32,
    tags: Vec<u32>,
    keys: Vec<u64>,
    vals: Vec<u128>,
    bigs: Vec<Count>,
    len: usize,
}

/// The bit of `vals` entries that marks an index into `bigs`.
const BIG: u128 = 1 << 127;

impl Table {
    /// An empty table of `1 << log` slots for keys of `width` words.
    fn new(width: usize, log: u32) -> Table {
        let cap = 1usize << log;
        Table {
            width,
            shift: 64 - log,
            tags: vec![0; cap],
            keys: vec![0; cap * width],
            vals: vec![0; cap],
            bigs: Vec::new(),
            len: 0,
        }
    }

    fn capacity(&self) -> usize {
        self.tags.len()
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn slot(&self, key: &[u64], h: u64) -> (usize, bool) {
        let mask = self.capacity() - 1;
        let t = tag(h);
        let w = self.width;
        let mut s = (h >> self.shift) as usize;
        loop {
            let ts = self.tags[s];
            if ts == 0 {
                return (s, false);
            }
            if ts == t && self.keys[s * w..(s + 1) * w] == *key {
                return (s, true);
            }
            s = (s + 1) & mask;
        }
    }

    /// The count stored for `key` (of hash `h`), if any.
    #[inline]
    pub fn get(&self, key: &[u64], h: u64) -> Option<Count> {
        let (s, found) = self.slot(key, h);
        found.then(|| self.value(s))
    }

    /// The count in slot `s`.
    #[inline]
    fn value(&self, s: usize) -> Count {
        match self.vals[s] {
            v if v & BIG == 0 => Count::from(v),
            v => self.bigs[(v ^ BIG) as usize].clone(),
        }
    }

    /// Stores `val` for `key` (of hash `h`), replacing any count it had.
    pub fn insert(&mut self, key: &[u64], h: u64, val: &Count) {
        if (self.len + 1) * 4 > self.capacity() * 3 {
            self.grow();
        }
        let (s, found) = self.slot(key, h);
        if !found {
            let w = self.width;
            self.tags[s] = tag(h);
            self.keys[s * w..(s + 1) * w].copy_from_slice(key);
            self.len += 1;
        }
        self.vals[s] = match val.to_u128() {
            Some(v) if v & BIG == 0 => v,
            _ => {
                self.bigs.push(val.clone());
                BIG | (self.bigs.len() - 1) as u128
            }
        };
    }

    /// Doubles the capacity and puts every entry back.
    fn grow(&mut self) {
        let log = 64 - self.shift + 1;
        let w = self.width;
        let old = std::mem::replace(self, Table::new(w, log));
        for s in 0..old.capacity() {
            if old.tags[s] != 0 {
                let key = &old.keys[s * w..(s + 1) * w];
                self.insert(key, hash(key), &old.value(s));
            }
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.len
    }
}

/// The bytes one entry may take at most, counting empty slots and both
/// generations, for keys of `width` words: a table is at least 3/8 full
/// once it has grown, each generation holds up to `limit / 2` entries.
pub(super) fn bytes_per_entry(width: usize) -> usize {
    (4 + 8 * width + 16) * 8 / 3
}

/// The two generations (module doc), with the figures the statistics show.
#[derive(Clone, Debug)]
pub(super) struct Cache {
    width: usize,
    /// Entries a generation may hold: `max(1, limit / 2)`.
    half: usize,
    young: Table,
    old: Table,
    /// How many times the old generation was dropped, and how many entries
    /// it held in all.
    pub evictions: u64,
    pub evicted: u64,
}

/// The first tables' size: 2^10 slots.
const FIRST_LOG: u32 = 10;

impl Cache {
    /// An empty cache for keys of `width` words holding at most `limit`
    /// entries.
    pub fn new(width: usize, limit: usize) -> Cache {
        Cache {
            width,
            half: (limit / 2).max(1),
            young: Table::new(width, FIRST_LOG),
            old: Table::new(width, 1),
            evictions: 0,
            evicted: 0,
        }
    }

    /// The count of `key` (of hash `h`), if cached.
    #[inline]
    pub fn get(&mut self, key: &[u64], h: u64) -> Option<Count> {
        if let Some(v) = self.young.get(key, h) {
            return Some(v);
        }
        let v = if self.old.len() > 0 {
            self.old.get(key, h)?
        } else {
            return None;
        };
        self.insert(key, h, &v);
        Some(v)
    }

    /// Caches `val` as the count of `key` (of hash `h`), dropping the old
    /// generation first if the young one is full.
    pub fn insert(&mut self, key: &[u64], h: u64, val: &Count) {
        if self.young.len() >= self.half {
            let young = std::mem::replace(&mut self.young, Table::new(self.width, FIRST_LOG));
            let old = std::mem::replace(&mut self.old, young);
            self.evictions += 1;
            self.evicted += old.len() as u64;
        }
        self.young.insert(key, h, val);
    }

    /// The number of entries held.
    pub fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }

    /// Drops every entry (the figures stay).
    pub fn clear(&mut self) {
        self.young = Table::new(self.width, FIRST_LOG);
        self.old = Table::new(self.width, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every third value past `u128::MAX`, the others from 2^64 up.
    fn val(k: u64) -> Count {
        let v = Count::from(u128::from(k) << 64);
        if k.is_multiple_of(3) {
            v.mul_u64(u64::MAX)
        } else {
            v
        }
    }

    fn put(c: &mut Cache, k: u64) {
        let key = [k, !k];
        c.insert(&key, hash(&key), &val(k));
    }

    fn get(c: &mut Cache, k: u64) -> Option<Count> {
        let key = [k, !k];
        c.get(&key, hash(&key))
    }

    #[test]
    fn a_table_grows_and_keeps_every_entry() {
        let mut c = Cache::new(2, usize::MAX);
        for k in 0..10_000 {
            put(&mut c, k);
        }
        assert_eq!(c.len(), 10_000);
        assert!((0..10_000).all(|k| get(&mut c, k) == Some(val(k))));
        assert_eq!(get(&mut c, 10_000), None);
        assert_eq!(c.evictions, 0);
    }

    #[test]
    fn a_full_cache_drops_the_older_half_and_keeps_the_recent_one() {
        let mut c = Cache::new(2, 100);
        for k in 0..1_000 {
            put(&mut c, k);
            assert!(c.len() <= 100);
        }
        // The last 50 entries at least are there; the first ones are gone.
        assert!((950..1_000).all(|k| get(&mut c, k) == Some(val(k))));
        assert_eq!(get(&mut c, 0), None);
        assert_eq!(c.evictions, 19);
        assert_eq!(c.evicted, 18 * 50);
        // A hit in the old half is copied to the young one, and so survives
        // the next eviction.
        let c_old = 905;
        assert_eq!(get(&mut c, c_old), Some(val(c_old)));
        for k in 1_000..1_049 {
            put(&mut c, k);
        }
        assert_eq!(get(&mut c, c_old), Some(val(c_old)));
    }
}
