//! Ranks: partial permutations as mixed-radix numbers, and the arrangements of look-alike
//! pieces in lexicographic order.

pub(super) fn group_size(n: usize, o: usize, k: usize) -> Option<usize> {
    let mut s = 1usize;
    for i in 0..k {
        s = s.checked_mul(n - i)?.checked_mul(o)?;
    }
    Some(s)
}

pub(super) fn factorial(n: usize) -> Option<usize> {
    (1..=n).try_fold(1usize, |a, x| a.checked_mul(x))
}

/// Ranks the arrangements of an orbit's look-alike pieces (classes numbered densely): the class
/// at every position, in lexicographic order. A *state* counts the pieces of each class still to
/// place (mixed radix, class `c` weighing `unit[c]`); placing class `c` at the next position skips
/// the arrangements that place a smaller class there, `skip[state * classes + c]` of them, and
/// takes `unit[c]` from the state. Ranking is then a lookup and a subtraction per position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Arrangements {
    /// The weight of each class in a state.
    pub(super) unit: Vec<usize>,
    /// The state before the first position: every piece still to place.
    pub(super) full: usize,
    /// `skip[state * classes + c]`: arrangements of the state's pieces starting with a class
    /// below `c`; `usize::MAX` when the state has no piece of class `c`.
    pub(super) skip: Vec<usize>,
    /// Number of arrangements (saturating).
    pub(super) size: usize,
}

impl Arrangements {
    /// The ranks of an orbit with `class_size[c]` positions of class `c`, if its states are few
    /// (at most `max_states`).
    pub(super) fn new(class_size: &[u32], max_states: usize) -> Option<Arrangements> {
        let classes = class_size.len();
        let mut unit = Vec::with_capacity(classes);
        let mut states = 1usize;
        for &k in class_size {
            unit.push(states);
            states = states
                .checked_mul(k as usize + 1)
                .filter(|&s| s <= max_states)?;
        }
        let full = class_size
            .iter()
            .zip(&unit)
            .map(|(&k, &u)| k as usize * u)
            .sum();
        let left = |s: usize, c: usize| s / unit[c] % (class_size[c] as usize + 1);
        // `count[s]`: arrangements of the pieces of state `s`; a state minus one piece is smaller.
        let mut count = vec![1usize; states];
        let mut skip = vec![usize::MAX; states * classes];
        for s in 0..states {
            let mut below = 0usize;
            for c in 0..classes {
                if left(s, c) > 0 {
                    skip[s * classes + c] = below;
                    below = below.saturating_add(count[s - unit[c]]);
                }
            }
            if s > 0 {
                count[s] = below;
            }
        }
        Some(Arrangements {
            unit,
            full,
            skip,
            size: count[full],
        })
    }

    /// The rank of the arrangement with class `arr[p]` at position `p`.
    #[inline]
    pub(super) fn rank(&self, arr: &[u32]) -> usize {
        let classes = self.unit.len();
        let (mut s, mut r) = (self.full, 0);
        for &c in arr {
            r += self.skip[s * classes + c as usize];
            s -= self.unit[c as usize];
        }
        r
    }

    /// The arrangement of rank `r`, into `arr`: at each position the largest class whose skip
    /// is at most what is left of the rank.
    pub(super) fn unrank(&self, mut r: usize, arr: &mut [u32]) {
        let classes = self.unit.len();
        let mut s = self.full;
        for a in arr.iter_mut() {
            let row = &self.skip[s * classes..(s + 1) * classes];
            let c = (0..classes)
                .rev()
                .find(|&c| row[c] <= r)
                .expect("a rank below the number of arrangements");
            r -= row[c];
            s -= self.unit[c];
            *a = c as u32;
        }
    }
}

/// Some classes of an orbit of look-alike pieces, the others seen as one blank class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ColourGroup {
    /// The group's class of each class of the orbit (the blank class last).
    pub(super) map: Vec<u32>,
    pub(super) ranks: Arrangements,
}

impl ColourGroup {
    /// The rank of the arrangement with (orbit) class `class[p]` at position `p`.
    pub(super) fn rank(&self, class: impl Iterator<Item = u32>, scratch: &mut Vec<u32>) -> usize {
        scratch.clear();
        scratch.extend(class.map(|c| self.map[c as usize]));
        self.ranks.rank(scratch)
    }
}

/// Groups of consecutive classes covering an orbit with `class_size[c]` positions of class `c`,
/// each with at most `limit` arrangements (the others blank); `None` when one class alone has
/// more.
pub(super) fn colour_groups(class_size: &[u32], limit: usize) -> Option<Vec<ColourGroup>> {
    let n: u32 = class_size.iter().sum();
    let group = |classes: std::ops::Range<usize>| {
        let blank = n - class_size[classes.clone()].iter().sum::<u32>();
        let mut sizes = class_size[classes.clone()].to_vec();
        sizes.push(blank);
        let ranks = Arrangements::new(&sizes, limit).filter(|a| a.size <= limit)?;
        let k = classes.len() as u32;
        let map = (0..class_size.len() as u32)
            .map(|c| {
                c.checked_sub(classes.start as u32)
                    .filter(|&i| i < k)
                    .unwrap_or(k)
            })
            .collect();
        Some(ColourGroup { map, ranks })
    };
    let mut groups = Vec::new();
    let mut start = 0;
    while start < class_size.len() {
        let mut end = start + 1;
        let mut best = group(start..end)?;
        while let Some(g) = (end < class_size.len())
            .then(|| group(start..end + 1))
            .flatten()
        {
            best = g;
            end += 1;
        }
        groups.push(best);
        start = end;
    }
    Some(groups)
}

/// The number of arrangements of an orbit's look-alike pieces (`class_size[c]` positions of class
/// `c`), if at most `limit`.
pub fn arrangements(class_size: &[u32], limit: usize) -> Option<usize> {
    Arrangements::new(class_size, limit)
        .map(|a| a.size)
        .filter(|&s| s <= limit)
}

/// Rank of distinct positions `p` (each `< n <= 256`) as a partial permutation: the mixed-radix
/// number whose `i`-th digit (radix `n - i`) counts the positions below `p[i]` not taken by
/// `p[..i]`.
pub(super) fn partial_rank(p: &[usize], n: usize) -> usize {
    if n <= 64 {
        // One word of positions, kept in a register (the common case, and the hot one).
        let mut used = 0u64;
        let mut r = 0;
        for (i, &x) in p.iter().enumerate() {
            let below = (used & ((1u64 << x) - 1)).count_ones() as usize;
            r = r * (n - i) + (x - below);
            used |= 1 << x;
        }
        return r;
    }
    let mut used = [0u64; 4];
    let mut r = 0;
    for (i, &x) in p.iter().enumerate() {
        let w = x / 64;
        let mut below = (used[w] & ((1u64 << (x % 64)) - 1)).count_ones() as usize;
        for u in &used[..w] {
            below += u.count_ones() as usize;
        }
        r = r * (n - i) + (x - below);
        used[w] |= 1 << (x % 64);
    }
    r
}

/// Inverse of [`partial_rank`]: the `out.len()` positions of rank `r`.
pub(super) fn partial_unrank(mut r: usize, n: usize, out: &mut [usize]) {
    let k = out.len();
    // The digits first (in `out`), then each digit replaced by the free position it counts.
    for i in (0..k).rev() {
        out[i] = r % (n - i);
        r /= n - i;
    }
    if n <= 64 {
        let mut used = 0u64;
        for slot in out.iter_mut() {
            let mut bits = !used;
            for _ in 0..*slot {
                bits &= bits - 1;
            }
            let x = bits.trailing_zeros() as usize;
            used |= 1 << x;
            *slot = x;
        }
        return;
    }
    let mut used = [0u64; 4];
    for slot in out.iter_mut() {
        // The `c`-th free position: free positions below `n` come before any at or above it,
        // and `c < n - i` of them are free, so the one found is below `n`.
        let mut c = *slot;
        let mut w = 0;
        loop {
            let free = (!used[w]).count_ones() as usize;
            if c < free {
                break;
            }
            c -= free;
            w += 1;
        }
        let mut bits = !used[w];
        for _ in 0..c {
            bits &= bits - 1;
        }
        let x = w * 64 + bits.trailing_zeros() as usize;
        used[w] |= 1 << (x % 64);
        *slot = x;
    }
}

/// Rank of positions in one word (`n <= 64`), with place values `weight` (the same number as
/// [`partial_rank`], whose Horner form chains a multiplication through every digit).
pub(super) fn rank_in_word(p: &[usize], weight: &[usize]) -> usize {
    let mut used = 0u64;
    let mut r = 0;
    for (&x, &w) in p.iter().zip(weight) {
        r += (x - (used & ((1u64 << x) - 1)).count_ones() as usize) * w;
        used |= 1 << x;
    }
    r
}

/// Turns `arr` into its lexicographic successor among the arrangements of the same values
/// (unchanged after the last).
pub(super) fn next_arrangement(arr: &mut [u32]) {
    let Some(i) = (1..arr.len()).rev().find(|&i| arr[i - 1] < arr[i]) else {
        return;
    };
    let j = (i..arr.len()).rev().find(|&j| arr[j] > arr[i - 1]).unwrap();
    arr.swap(i - 1, j);
    arr[i..].reverse();
}
