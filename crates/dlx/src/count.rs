//! [`Count`]: a natural number of any size, for counts that outgrow `u128`.
//!
//! The search engines visit every solution, so their counts fit in `u128`
//! forever; the memo engine adds counts of subproblems and reaches 2^128
//! on boards of a few hundred cells (the domino tilings of 20x20 have 49
//! digits). A count is kept as a `u128` while it fits, which costs the
//! memo's inner loop one overflow check per addition, and as base-2^64
//! digits (*limbs*) beyond.
//!
//! Invariant: `Repr::Big` only holds numbers above `u128::MAX`, least
//! significant limb first, with no zero limb at the top. So two equal
//! numbers have equal representations, and `==` and `Hash` are derived.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A natural number of any size (module doc).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Small(u128),
    /// Limbs, least significant first, of a number above `u128::MAX`.
    Big(Vec<u64>),
}

impl Count {
    /// Zero.
    pub const ZERO: Count = Count(Repr::Small(0));
    /// One.
    pub const ONE: Count = Count(Repr::Small(1));

    /// The number, if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(n) => Some(n),
            Repr::Big(_) => None,
        }
    }

    /// Is it zero?
    pub fn is_zero(&self) -> bool {
        self.0 == Repr::Small(0)
    }

    /// The limbs, least significant first (at least one).
    fn limbs(&self) -> Vec<u64> {
        match &self.0 {
            Repr::Small(n) => vec![*n as u64, (*n >> 64) as u64],
            Repr::Big(l) => l.clone(),
        }
    }

    /// The number whose limbs (least significant first) are `l`.
    fn from_limbs(mut l: Vec<u64>) -> Count {
        while l.last() == Some(&0) {
            l.pop();
        }
        if l.len() <= 2 {
            let lo = l.first().copied().unwrap_or(0);
            let hi = l.get(1).copied().unwrap_or(0);
            return Count(Repr::Small(u128::from(lo) | u128::from(hi) << 64));
        }
        Count(Repr::Big(l))
    }

    /// Adds `other` to this number.
    #[inline]
    pub fn add(&mut self, other: &Count) {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0)
            && let Some(s) = a.checked_add(*b)
        {
            self.0 = Repr::Small(s);
            return;
        }
        self.add_slow(other);
    }

    /// Adds a `u128`.
    #[inline]
    pub fn add_u128(&mut self, n: u128) {
        self.add(&Count::from(n));
    }

    #[cold]
    fn add_slow(&mut self, other: &Count) {
        let (mut a, b) = (self.limbs(), other.limbs());
        if a.len() < b.len() {
            a.resize(b.len(), 0);
        }
        let mut carry = false;
        for (i, x) in a.iter_mut().enumerate() {
            let y = b.get(i).copied().unwrap_or(0);
            let (s1, c1) = x.overflowing_add(y);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *x = s2;
            carry = c1 || c2;
            if !carry && i >= b.len() {
                break;
            }
        }
        if carry {
            a.push(1);
        }
        *self = Count::from_limbs(a);
    }

    /// This number times `m`.
    pub fn mul_u64(&self, m: u64) -> Count {
        if let Repr::Small(a) = self.0
            && let Some(p) = a.checked_mul(u128::from(m))
        {
            return Count(Repr::Small(p));
        }
        let mut carry = 0u128;
        let mut out: Vec<u64> = self
            .limbs()
            .iter()
            .map(|&x| {
                let p = u128::from(x) * u128::from(m) + carry;
                carry = p >> 64;
                p as u64
            })
            .collect();
        out.push(carry as u64);
        Count::from_limbs(out)
    }

    /// The quotient and remainder of this number divided by `d` (`d > 0`).
    pub fn div_rem_u64(&self, d: u64) -> (Count, u64) {
        assert!(d > 0, "division by zero");
        if let Repr::Small(a) = self.0 {
            let d = u128::from(d);
            return (Count(Repr::Small(a / d)), (a % d) as u64);
        }
        let mut l = self.limbs();
        let mut rem = 0u128;
        for x in l.iter_mut().rev() {
            let cur = rem << 64 | u128::from(*x);
            *x = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        (Count::from_limbs(l), rem as u64)
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ZERO
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Count {
        Count(Repr::Small(n))
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count(Repr::Small(u128::from(n)))
    }
}

impl PartialEq<u128> for Count {
    fn eq(&self, n: &u128) -> bool {
        self.0 == Repr::Small(*n)
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
            (Repr::Big(a), Repr::Big(b)) => a
                .len()
                .cmp(&b.len())
                .then_with(|| a.iter().rev().cmp(b.iter().rev())),
        }
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The largest power of ten in a `u64`: digits go out 19 at a time.
const TEN19: u64 = 10_000_000_000_000_000_000;

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut n = match &self.0 {
            Repr::Small(n) => return fmt::Display::fmt(n, f),
            Repr::Big(_) => self.clone(),
        };
        let mut groups = Vec::new();
        while !n.is_zero() {
            let (q, r) = n.div_rem_u64(TEN19);
            groups.push(r);
            n = q;
        }
        let mut s = groups.pop().unwrap_or(0).to_string();
        for g in groups.iter().rev() {
            s.push_str(&format!("{g:019}"));
        }
        f.pad_integral(true, "", &s)
    }
}

/// Why a text is not a [`Count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCountError;

impl fmt::Display for ParseCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a natural number (decimal digits only)")
    }
}

impl std::error::Error for ParseCountError {}

impl FromStr for Count {
    type Err = ParseCountError;

    /// Decimal digits, nothing else (no sign, no separators).
    fn from_str(s: &str) -> Result<Count, ParseCountError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCountError);
        }
        if let Ok(n) = s.parse::<u128>() {
            return Ok(Count::from(n));
        }
        let mut n = Count::ZERO;
        for chunk in s.as_bytes().chunks(18) {
            let digits = std::str::from_utf8(chunk).expect("ASCII digits");
            n = n.mul_u64(10u64.pow(chunk.len() as u32));
            n.add_u128(u128::from(
                digits.parse::<u64>().expect("at most 18 digits"),
            ));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2^128, 2^192 + 1 and the domino tilings of 20x20 (OEIS A004003).
    const TWO_128: &str = "340282366920938463463374607431768211456";
    const A004003_10: &str = "1269984011256235834242602753102293934298576249856";

    fn n(s: &str) -> Count {
        s.parse().unwrap()
    }

    #[test]
    fn small_numbers_stay_small_and_match_u128() {
        let mut c = Count::from(u128::MAX - 5);
        c.add_u128(5);
        assert_eq!(c.to_u128(), Some(u128::MAX));
        assert_eq!(c.to_string(), u128::MAX.to_string());
        assert_eq!(Count::from(12u64).mul_u64(7), 84u128);
        assert_eq!(Count::from(85u128).div_rem_u64(7), (Count::from(12u128), 1));
    }

    #[test]
    fn past_u128_the_digits_are_exact() {
        let mut c = Count::from(u128::MAX);
        c.add(&Count::ONE);
        assert_eq!(c.to_u128(), None);
        assert_eq!(c.to_string(), TWO_128);
        assert_eq!(n(TWO_128), c);
        // Fibonacci past 2^128 by additions, checked against the closed
        // digits of F(200) = 280571172992510140037611932413038677189525.
        let (mut a, mut b) = (Count::ZERO, Count::ONE);
        for _ in 0..200 {
            let mut s = a.clone();
            s.add(&b);
            a = b;
            b = s;
        }
        assert_eq!(a.to_string(), "280571172992510140037611932413038677189525");
        // Multiplying and dividing back.
        let x = n(A004003_10);
        let y = x.mul_u64(48);
        assert_eq!(y.div_rem_u64(48), (x.clone(), 0));
        let mut z = y.clone();
        z.add_u128(5);
        assert_eq!(z.div_rem_u64(48).1, 5);
        let max = Count::from(u128::MAX);
        assert!(x < y && max < x && n("0") < x);
        assert_eq!(format!("{x:>52}"), format!("   {A004003_10}"));
    }

    #[test]
    fn only_digits_parse() {
        for bad in ["", "-1", "1_000", " 12", "1e5", "x"] {
            assert_eq!(bad.parse::<Count>(), Err(ParseCountError), "{bad:?}");
        }
        assert_eq!(n("000"), Count::ZERO);
        assert_eq!(n("0000000000000000000000000000000000000000001"), Count::ONE);
    }
}
