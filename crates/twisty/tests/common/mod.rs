//! Test support: n×n×n cubes built by hand (coordinates and quarter-turn rotations), random-move
//! scrambles, random moves of a catalog puzzle.
#![allow(dead_code)]

use std::collections::HashMap;

use polycover_twisty::solve::{PermPuzzle, Slot, Turn};

type P = [i32; 3];

fn rot(a: usize, p: P) -> P {
    let [x, y, z] = p;
    match a {
        0 => [x, -z, y],
        1 => [z, y, -x],
        _ => [-y, x, z],
    }
}

/// An n×n×n cube; `all_layers`: every layer turns (the seed's cube family), else outer faces only.
pub fn cube(n: i32, all_layers: bool) -> PermPuzzle {
    let mut pos: Vec<P> = Vec::new();
    let mut colours = Vec::new();
    for a in 0..3 {
        for sign in [-1, 1] {
            for u in 0..n {
                for v in 0..n {
                    let mut p = [0; 3];
                    p[a] = sign * n;
                    p[(a + 1) % 3] = -(n - 1) + 2 * u;
                    p[(a + 2) % 3] = -(n - 1) + 2 * v;
                    pos.push(p);
                    colours.push((a * 2 + (sign > 0) as usize) as u16);
                }
            }
        }
    }
    let index: HashMap<P, usize> = pos.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let cubie = |p: P| -> P { p.map(|c| c.clamp(-(n - 1), n - 1)) };
    let mut piece_ids: HashMap<P, u32> = HashMap::new();
    let pieces: Vec<u32> = pos
        .iter()
        .map(|&p| {
            let k = piece_ids.len() as u32;
            *piece_ids.entry(cubie(p)).or_insert(k)
        })
        .collect();
    let mut turns = Vec::new();
    for a in 0..3 {
        for l in 0..n {
            if !all_layers && l != 0 && l != n - 1 {
                continue;
            }
            let c = -(n - 1) + 2 * l;
            let perm: Vec<Slot> = pos
                .iter()
                .map(|&p| {
                    let q = if cubie(p)[a] == c { rot(a, p) } else { p };
                    index[&q] as Slot
                })
                .collect();
            turns.push(Turn {
                perm,
                axis: a as u16,
            });
        }
    }
    // The 24 rotations, as closure of quarter turns about x and y.
    let whole =
        |a: usize| -> Vec<Slot> { pos.iter().map(|&p| index[&rot(a, p)] as Slot).collect() };
    let gens = [whole(0), whole(1)];
    let mut syms: Vec<Vec<Slot>> = vec![(0..pos.len() as Slot).collect()];
    let mut i = 0;
    while i < syms.len() {
        for g in &gens {
            let h: Vec<Slot> = syms[i].iter().map(|&s| g[s as usize]).collect();
            if !syms.contains(&h) {
                syms.push(h);
            }
        }
        i += 1;
    }
    PermPuzzle {
        stickers: pos.len(),
        pieces,
        colours,
        turns,
        symmetries: syms,
    }
}

pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A state reached by `len` random turns.
pub fn scramble(p: &PermPuzzle, seed: u64, len: usize) -> Vec<u16> {
    let mut rng = Rng(seed * 0x9E37_79B9 + 1);
    let mut c = p.colours.clone();
    for _ in 0..len {
        let t = &p.turns[(rng.next() % p.turns.len() as u64) as usize];
        let mut next = c.clone();
        for (s, &d) in t.perm.iter().enumerate() {
            next[d as usize] = c[s];
        }
        c = next;
    }
    c
}

/// `k` random moves of a catalog puzzle (any turn, any amount; a turn may come twice in a row, so
/// the state they lead to is at most `k` moves from solved, which is what tests assert).
pub fn random_moves(
    p: &polycover_twisty::Puzzle,
    k: usize,
    rng: &mut polycover_twisty::rng::Rng,
) -> Vec<polycover_twisty::Turn> {
    (0..k)
        .map(|_| {
            let mv = rng.below(p.moves.len());
            let order = p.moves[mv].order as usize;
            polycover_twisty::Turn {
                mv,
                amount: 1 + rng.below(order - 1) as u8,
            }
        })
        .collect()
}
