//! Permutations of stickers.
//!
//! A [`Perm`] is stored as its images: `p[i]` is where point `i` goes
//! ("active" convention: sticker `i` moves to position `p[i]`). Points are
//! `u16` (the Teraminx has 732 stickers; a 33x33x33 cube 6,534).
//! Products read left to right in the order things happen:
//! `a.then(&b)` is "first `a`, then `b`", `(a.then(b))[i] = b[a[i]]`.

use num_bigint::BigUint;

/// A permutation of `0..n`, by images.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Perm(pub Vec<u16>);

thread_local! {
    /// Points visited by permutation products and inverses on this thread (see [`work`]).
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Points visited by permutation products and inverses on this thread so far. The difference
/// over a computation is its work: exact and the same on every machine and run (the group
/// algorithms are deterministic), so `verify` records it in a file's `[expect] work` and
/// estimates the time from it (at a rate it measures) instead of recording seconds.
pub fn work() -> u64 {
    WORK.with(|w| w.get())
}

#[inline]
fn add_work(points: usize) {
    WORK.with(|w| w.set(w.get() + points as u64));
}

impl Perm {
    /// The identity on `n` points.
    pub fn identity(n: usize) -> Perm {
        Perm((0..n as u16).collect())
    }

    /// The permutation with these images, or `None` if they are not a
    /// permutation of `0..images.len()`.
    pub fn from_images(images: Vec<u16>) -> Option<Perm> {
        let mut seen = vec![false; images.len()];
        for &x in &images {
            let x = x as usize;
            if x >= images.len() || seen[x] {
                return None;
            }
            seen[x] = true;
        }
        Some(Perm(images))
    }

    /// The degree: how many points it permutes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it permutes no points (degree 0).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Where `i` goes.
    #[inline]
    pub fn image(&self, i: usize) -> usize {
        self.0[i] as usize
    }

    /// Whether it moves no point.
    pub fn is_identity(&self) -> bool {
        self.0.iter().enumerate().all(|(i, &x)| i == x as usize)
    }

    /// First `self`, then `o`.
    pub fn then(&self, o: &Perm) -> Perm {
        add_work(self.0.len());
        Perm(self.0.iter().map(|&x| o.0[x as usize]).collect())
    }

    /// `self` replaced by first `self`, then `o` (no allocation).
    pub fn then_assign(&mut self, o: &Perm) {
        add_work(self.0.len());
        for x in self.0.iter_mut() {
            *x = o.0[*x as usize];
        }
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Perm {
        add_work(self.0.len());
        let mut r = vec![0u16; self.0.len()];
        for (i, &x) in self.0.iter().enumerate() {
            r[x as usize] = i as u16;
        }
        Perm(r)
    }

    /// `self` applied `k` times (`k` may be negative).
    pub fn pow(&self, k: i64) -> Perm {
        let base = if k < 0 { self.inverse() } else { self.clone() };
        let mut r = Perm::identity(self.len());
        for _ in 0..k.unsigned_abs() {
            r.then_assign(&base);
        }
        r
    }

    /// The cycles of length 2 or more, each starting at its least point.
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for i in 0..self.len() {
            if seen[i] || self.image(i) == i {
                continue;
            }
            let mut c = vec![];
            let mut j = i;
            while !seen[j] {
                seen[j] = true;
                c.push(j);
                j = self.image(j);
            }
            out.push(c);
        }
        out
    }

    /// The order (least `k > 0` with `self^k` the identity).
    pub fn order(&self) -> BigUint {
        let mut o = BigUint::from(1u32);
        for c in self.cycles() {
            o = num_integer::Integer::lcm(&o, &BigUint::from(c.len()));
        }
        o
    }

    /// Is the permutation odd?
    pub fn is_odd(&self) -> bool {
        self.cycles().iter().map(|c| c.len() - 1).sum::<usize>() % 2 == 1
    }

    /// The points moved.
    pub fn support(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.image(i) != i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_read_left_to_right() {
        let a = Perm(vec![1, 2, 0]); // 0->1->2->0
        let b = Perm(vec![1, 0, 2]); // swap 0,1
        assert_eq!(a.then(&b).0, vec![0, 2, 1]);
        assert!(a.then(&a.inverse()).is_identity());
        assert_eq!(a.pow(3), Perm::identity(3));
        assert_eq!(a.pow(-1), a.inverse());
        assert_eq!(a.order(), BigUint::from(3u32));
        assert!(b.is_odd() && !a.is_odd());
        assert!(Perm::from_images(vec![0, 0]).is_none());
    }
}
