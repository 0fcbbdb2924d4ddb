//! Coordinates and pruning tables of the two-phase solver.
//!
//! A *coordinate* reads one symbol per position of some positions of one orbit (which class of
//! piece sits there, its orientation, or which piece) and numbers the symbol strings reachable
//! from the goal under a phase's moves, in the order a breadth-first search meets them (the goal
//! is 0). Its move table then turns a value and a move into a value without looking at pieces.
//! A *projection* combines a few coordinates (a mixed-radix number) and stores, for every
//! combined value, its distance from the goal under the phase's moves: a lower bound for IDA*.

use std::collections::HashMap;

/// Distance of a combined value no search from the goal reached.
pub const FAR: u8 = u8::MAX;

/// How a phase's move acts on the symbols of a coordinate: the symbol at position `j` goes to
/// position `dest[k][j]` and, if `modulus > 1` (orientations), gains `add[k][j]` modulo
/// `modulus`.
pub struct Action {
    /// `dest[k][j]`: where the phase's `k`-th move sends the coordinate's `j`-th position.
    pub dest: Vec<Vec<u16>>,
    /// `add[k][j]`: what it adds to the symbol there (modulo `modulus`).
    pub add: Vec<Vec<u8>>,
    /// Orientations are counted modulo this (at most 128; 1: symbols only move).
    pub modulus: u8,
}

/// A coordinate: the symbol strings reachable from the goal, numbered, with their move table.
/// Invariants: `keys.len() == width * size()`; `index[keys[i*width..(i+1)*width]] == i`; value 0
/// is the goal; `mv.len() == size() * moves`.
#[derive(Clone, Debug)]
pub struct Coord {
    /// Symbols per value (the positions read).
    pub width: usize,
    /// The values' symbol strings, value after value.
    pub keys: Vec<u8>,
    /// The value of each symbol string.
    pub index: HashMap<Vec<u8>, u32>,
    /// `mv[v * moves + k]`: the value after the phase's `k`-th move.
    pub mv: Vec<u32>,
    /// Number of the phase's moves.
    pub moves: usize,
}

impl Coord {
    /// Enumerates the values reachable from `goal` under `action`; `None` beyond `limit` values.
    pub fn build(goal: Vec<u8>, action: &Action, limit: usize) -> Option<Coord> {
        let width = goal.len();
        let moves = action.dest.len();
        let mut index: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut keys = goal.clone();
        index.insert(goal, 0);
        let mut mv = Vec::new();
        let mut next = vec![0u8; width];
        let mut v = 0;
        while v * width < keys.len() {
            for k in 0..moves {
                let key = &keys[v * width..(v + 1) * width];
                for (j, &s) in key.iter().enumerate() {
                    let t = if action.modulus > 1 {
                        (s + action.add[k][j]) % action.modulus
                    } else {
                        s
                    };
                    next[action.dest[k][j] as usize] = t;
                }
                let size = index.len() as u32;
                let id = *index.entry(next.clone()).or_insert(size);
                if id == size {
                    if index.len() > limit {
                        return None;
                    }
                    keys.extend_from_slice(&next);
                }
                mv.push(id);
            }
            v += 1;
        }
        Some(Coord {
            width,
            keys,
            index,
            mv,
            moves,
        })
    }

    /// Rebuilds a coordinate from its cached keys and move table; `None` if they do not fit.
    pub fn from_parts(width: usize, keys: Vec<u8>, mv: Vec<u32>, moves: usize) -> Option<Coord> {
        if width == 0 || !keys.len().is_multiple_of(width) {
            return None;
        }
        let size = keys.len() / width;
        if mv.len() != size * moves || mv.iter().any(|&v| v as usize >= size) {
            return None;
        }
        let index: HashMap<Vec<u8>, u32> = keys
            .chunks(width)
            .enumerate()
            .map(|(i, k)| (k.to_vec(), i as u32))
            .collect();
        (index.len() == size).then_some(Coord {
            width,
            keys,
            index,
            mv,
            moves,
        })
    }

    /// Number of values.
    pub fn size(&self) -> usize {
        self.keys.len() / self.width.max(1)
    }

    /// The value after move `k`.
    #[inline]
    pub fn step(&self, v: u32, k: usize) -> u32 {
        self.mv[v as usize * self.moves + k]
    }
}

/// Coordinates combined into one number, with the distance of every combined value from the
/// goal. Invariants: `stride[i]` is the product of the sizes of the coordinates after `i`;
/// `dist.len()` is the product of all sizes; `dist[0] == 0` (the goal).
#[derive(Clone, Debug)]
pub struct Projection {
    /// The coordinates combined (indices into the phase's coordinates), most significant first.
    pub coords: Vec<usize>,
    /// Place value of each.
    pub stride: Vec<usize>,
    /// Distance from the goal of every combined value ([`FAR`]: not reached).
    pub dist: Vec<u8>,
}

impl Projection {
    /// The combined value of the coordinates' values `c`.
    #[inline]
    pub fn at(&self, c: &[u32]) -> usize {
        self.coords
            .iter()
            .zip(&self.stride)
            .map(|(&i, &s)| c[i] as usize * s)
            .sum()
    }

    /// The places of `coords` (sizes `sizes`), with an empty distance table.
    pub fn shape(coords: Vec<usize>, sizes: &[usize]) -> Projection {
        let mut stride = vec![1; coords.len()];
        for i in (0..coords.len().saturating_sub(1)).rev() {
            stride[i] = stride[i + 1] * sizes[coords[i + 1]];
        }
        Projection {
            coords,
            stride,
            dist: Vec::new(),
        }
    }

    /// The number of combined values.
    pub fn len(&self, sizes: &[usize]) -> usize {
        self.coords.iter().map(|&i| sizes[i]).product()
    }

    /// Whether it combines no coordinate.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Fills the distance table by a breadth-first search from the goal, layer by layer.
    pub fn fill(&mut self, coords: &[Coord]) {
        let sizes: Vec<usize> = coords.iter().map(Coord::size).collect();
        let n = self.len(&sizes);
        let moves = coords[self.coords[0]].moves;
        let mut dist = vec![FAR; n];
        dist[0] = 0;
        let mut vals = vec![0u32; self.coords.len()];
        let mut depth = 0u8;
        let mut found = true;
        while found && depth < FAR - 1 {
            found = false;
            for x in 0..n {
                if dist[x] != depth {
                    continue;
                }
                for (i, v) in vals.iter_mut().enumerate() {
                    *v = ((x / self.stride[i]) % sizes[self.coords[i]]) as u32;
                }
                for k in 0..moves {
                    let y: usize = self
                        .coords
                        .iter()
                        .zip(&vals)
                        .zip(&self.stride)
                        .map(|((&ci, &v), &s)| coords[ci].step(v, k) as usize * s)
                        .sum();
                    if dist[y] == FAR {
                        dist[y] = depth + 1;
                        found = true;
                    }
                }
            }
            depth += 1;
        }
        self.dist = dist;
    }
}

/// Groups coordinates (sizes `sizes`) into projections of at most `limit` combined values: the
/// biggest first, each starting a projection unless it fits into one already made; a coordinate
/// joins every projection it fits into, so a small one sharpens several bounds.
pub fn group(sizes: &[usize], limit: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
    let mut groups: Vec<(Vec<usize>, usize)> = Vec::new();
    for i in order {
        let mut joined = false;
        for (g, len) in groups.iter_mut() {
            if len.saturating_mul(sizes[i]) <= limit {
                g.push(i);
                *len *= sizes[i];
                joined = true;
            }
        }
        if !joined {
            groups.push((vec![i], sizes[i]));
        }
    }
    groups.into_iter().map(|(g, _)| g).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_of_a_cycle_and_its_distances() {
        // Three positions, one marked piece, a 3-cycle and a swap: 3 values, the last 2 moves
        // from the goal.
        let action = Action {
            dest: vec![vec![1, 2, 0], vec![1, 0, 2]],
            add: vec![vec![0; 3]; 2],
            modulus: 1,
        };
        let c = Coord::build(vec![1, 0, 0], &action, 10).unwrap();
        assert_eq!(c.size(), 3);
        assert!(Coord::build(vec![1, 0, 0], &action, 2).is_none());
        let mut p = Projection::shape(vec![0], &[3]);
        p.fill(std::slice::from_ref(&c));
        assert_eq!(p.dist, vec![0, 1, 2]);
    }

    #[test]
    fn grouping_joins_small_coordinates_to_every_big_one() {
        assert_eq!(
            group(&[2187, 495, 2048], 1 << 21),
            vec![vec![0, 1], vec![2, 1]]
        );
        assert_eq!(group(&[10, 10], 50), vec![vec![0], vec![1]]);
    }
}
