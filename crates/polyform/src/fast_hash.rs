//! A fast hasher for maps keyed by small integers and cell lists (option
//! permutations, the movement cache, ...): keys there are not chosen by an
//! adversary, and the standard SipHash costs more than the work around it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiplicative hashing of 64-bit words: each word is mixed into the
/// state with a rotation, an exclusive or and a multiplication by an odd
/// constant (the golden ratio's); bytes are taken eight at a time.
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_i32(&mut self, x: i32) {
        self.write_u64(u64::from(x as u32));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// A hash map with [`WordHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// A hash set with [`WordHasher`].
pub type FastSet<T> = std::collections::HashSet<T, BuildHasherDefault<WordHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_lists_that_differ_hash_apart() {
        let h = |cells: &[[i32; 3]]| {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<WordHasher>::default().hash_one(cells)
        };
        assert_ne!(h(&[[0, 0, 0]]), h(&[[0, 0, 1]]));
        assert_ne!(h(&[[1, 2, 3]]), h(&[[1, 2, 3], [0, 0, 0]]));
        assert_ne!(h(&[[1, 0, 0], [0, 1, 0]]), h(&[[0, 1, 0], [1, 0, 0]]));
    }
}
