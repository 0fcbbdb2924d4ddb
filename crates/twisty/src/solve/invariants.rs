//! The abelian invariants a commutator cannot change: the permutation parity of every orbit of
//! distinct-looking pieces and the twist sum of every orbit whose pieces turn in place.
//!
//! Every move adds a fixed vector to them (its parity on the orbit, its twist shifts summed), so
//! the invariants of a state live in a small abelian group in which the moves act as translations.
//! Small-support operators (commutators, their conjugates) add zero: before the operator phase the
//! exact search must bring the invariants to zero, and [`Invariants::distance`] (a breadth-first
//! table over the reachable vectors) is its admissible heuristic for that part of the goal.

use std::collections::HashMap;

use super::moves::Moves;
use super::structure::{Orbit, OrbitState};

/// One component of the invariant vector.
#[derive(Clone, Copy, Debug)]
struct Component {
    orbit: usize,
    /// 2 for a parity, the orbit's twist count for a twist sum.
    modulus: u16,
    parity: bool,
}

/// The invariants of a puzzle and the distance of each reachable invariant vector from zero.
#[derive(Clone, Debug)]
pub struct Invariants {
    components: Vec<Component>,
    /// `delta[m][i]`: what move `m` adds to component `i`.
    delta: Vec<Vec<u16>>,
    /// Moves needed to bring each reachable vector (encoded) back to zero.
    dist: HashMap<u64, u8>,
}

/// Largest number of reachable invariant vectors tabulated.
const MAX_VECTORS: usize = 1 << 22;

fn parity_of(perm: impl Fn(usize) -> usize, n: usize) -> u16 {
    let mut seen = vec![false; n];
    let mut parity = 0;
    for s in 0..n {
        if seen[s] {
            continue;
        }
        let mut len = 0;
        let mut x = s;
        while !seen[x] {
            seen[x] = true;
            x = perm(x);
            len += 1;
        }
        parity ^= (len + 1) & 1;
    }
    parity
}

impl Invariants {
    /// The invariants of the given orbits, and their distance table.
    pub fn new(orbits: &[Orbit], moves: &Moves) -> Invariants {
        let mut components = Vec::new();
        for (i, orbit) in orbits.iter().enumerate() {
            if orbit.distinct && orbit.len() > 1 {
                components.push(Component {
                    orbit: i,
                    modulus: 2,
                    parity: true,
                });
            }
            if orbit.twists > 1 {
                components.push(Component {
                    orbit: i,
                    modulus: orbit.twists,
                    parity: false,
                });
            }
        }
        let delta: Vec<Vec<u16>> = (0..moves.len())
            .map(|m| {
                components
                    .iter()
                    .map(|c| {
                        let orbit = &orbits[c.orbit];
                        if c.parity {
                            parity_of(|p| orbit.pos(m, p), orbit.len())
                        } else {
                            ((0..orbit.len())
                                .map(|p| orbit.shift(m, p) as u32)
                                .sum::<u32>()
                                % c.modulus as u32) as u16
                        }
                    })
                    .collect()
            })
            .collect();
        // Components no move changes are always zero on reachable states: drop them.
        let keep: Vec<bool> = (0..components.len())
            .map(|i| delta.iter().any(|d| d[i] != 0))
            .collect();
        let components: Vec<Component> = components
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(c, _)| *c)
            .collect();
        let delta: Vec<Vec<u16>> = delta
            .into_iter()
            .map(|d| {
                d.into_iter()
                    .zip(&keep)
                    .filter(|(_, k)| **k)
                    .map(|(v, _)| v)
                    .collect()
            })
            .collect();
        let mut inv = Invariants {
            components,
            delta,
            dist: HashMap::new(),
        };
        inv.tabulate();
        inv
    }

    fn encode(&self, v: &[u16]) -> u64 {
        v.iter()
            .zip(&self.components)
            .fold(0u64, |k, (&x, c)| k * c.modulus as u64 + x as u64)
    }

    fn decode(&self, mut k: u64) -> Vec<u16> {
        let mut v = vec![0u16; self.components.len()];
        for i in (0..v.len()).rev() {
            let m = self.components[i].modulus as u64;
            v[i] = (k % m) as u16;
            k /= m;
        }
        v
    }

    fn tabulate(&mut self) {
        let zero = self.encode(&vec![0; self.components.len()]);
        self.dist.insert(zero, 0);
        let mut frontier = vec![zero];
        let mut depth = 0u8;
        while !frontier.is_empty() && self.dist.len() < MAX_VECTORS && depth < u8::MAX - 1 {
            depth += 1;
            let mut next = Vec::new();
            for &k in &frontier {
                let v = self.decode(k);
                for d in &self.delta {
                    let w: Vec<u16> = v
                        .iter()
                        .zip(d)
                        .zip(&self.components)
                        .map(|((&a, &b), c)| (a + b) % c.modulus)
                        .collect();
                    let kw = self.encode(&w);
                    if let std::collections::hash_map::Entry::Vacant(e) = self.dist.entry(kw) {
                        e.insert(depth);
                        next.push(kw);
                    }
                }
            }
            frontier = next;
        }
    }

    /// Whether there are any invariants at all.
    pub fn is_trivial(&self) -> bool {
        self.components.is_empty()
    }

    /// The invariant vector of a state, encoded.
    pub fn of(&self, orbits: &[Orbit], states: &[OrbitState]) -> u64 {
        let v: Vec<u16> = self
            .components
            .iter()
            .map(|c| {
                let st = &states[c.orbit];
                let n = orbits[c.orbit].len();
                if c.parity {
                    parity_of(|p| st.occ[p] as usize, n)
                } else {
                    (st.tw.iter().map(|&t| t as u32).sum::<u32>() % c.modulus as u32) as u16
                }
            })
            .collect();
        self.encode(&v)
    }

    /// The encoded vector after a move.
    pub fn step(&self, k: u64, m: usize) -> u64 {
        if self.components.is_empty() {
            return 0;
        }
        let mut v = self.decode(k);
        for (i, c) in self.components.iter().enumerate() {
            v[i] = (v[i] + self.delta[m][i]) % c.modulus;
        }
        self.encode(&v)
    }

    /// Moves needed to bring the invariants back to zero (`None`: unreachable vector).
    pub fn distance(&self, k: u64) -> Option<u8> {
        if self.components.is_empty() {
            return Some(0);
        }
        self.dist.get(&k).copied()
    }
}
