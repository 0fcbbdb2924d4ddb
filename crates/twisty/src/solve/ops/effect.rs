//! What an operator does to its orbit ([`Effect`]), read from sticker permutations by way of
//! where every sticker and piece sits ([`Sites`]), and moved by the puzzle's symmetries
//! ([`OrbitSym`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::moves::MoveId;
use super::super::puzzle::Slot;
use super::super::structure::{Orbit, OrbitState, Structure};

/// A small, fast hasher for integer keys (Fibonacci multiply).
#[derive(Default, Clone, Copy)]
pub struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64)
    }
}

/// A hash map keyed by integers.
pub type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

/// The effect of an operator on one orbit: the piece at `(src[i], t)` goes to
/// `(dst[i], t + delta[i])`; sources are sorted and form the same set as the destinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// Pieces moved: the first `len` entries of `src`, `dst`, `delta` are used.
    pub len: u8,
    /// Source positions, sorted.
    pub src: [u16; 3],
    /// Where the piece at `src[i]` goes.
    pub dst: [u16; 3],
    /// The twist the piece at `src[i]` gains.
    pub delta: [u16; 3],
}

impl Effect {
    /// The effect moving nothing, to which [`Effect::push`] adds pieces.
    const EMPTY: Effect = Effect {
        len: 0,
        src: [0; 3],
        dst: [0; 3],
        delta: [0; 3],
    };

    /// Adds the piece at position `p`, going to slot `slot` (position and twist) of an orbit whose
    /// pieces have `twists` twists.
    #[inline]
    fn push(&mut self, p: u32, slot: u32, twists: usize) {
        let i = self.len as usize;
        self.src[i] = p as u16;
        self.dst[i] = (slot as usize / twists) as u16;
        self.delta[i] = (slot as usize % twists) as u16;
        self.len += 1;
    }

    /// A key unique to the effect: the destination slots in source order.
    #[inline]
    pub fn key(&self, twists: u16) -> u64 {
        let mut k = 0u64;
        for i in 0..self.len as usize {
            k = (k << 21) | (self.dst[i] as u64 * twists as u64 + self.delta[i] as u64 + 1);
        }
        k
    }

    /// Sorts the entries by source.
    #[inline]
    pub fn normalize(&mut self) {
        let n = self.len as usize;
        for i in 1..n {
            let mut j = i;
            while j > 0 && self.src[j - 1] > self.src[j] {
                self.src.swap(j - 1, j);
                self.dst.swap(j - 1, j);
                self.delta.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The effect of `m ∘ self ∘ m⁻¹` (the sequence `m' C m`): the same operator where `m`
    /// carries its pieces.
    #[inline]
    pub fn conjugate(&self, orbit: &Orbit, m: usize) -> Effect {
        let o = orbit.twists;
        let mut e = *self;
        for i in 0..self.len as usize {
            let (s, d) = (self.src[i] as usize, self.dst[i] as usize);
            e.src[i] = orbit.pos(m, s) as u16;
            e.dst[i] = orbit.pos(m, d) as u16;
            e.delta[i] = (self.delta[i] + orbit.shift(m, d) + o - orbit.shift(m, s)) % o;
        }
        e.normalize();
        e
    }

    /// The inverse operator's effect.
    pub fn inverse(&self, twists: u16) -> Effect {
        let mut e = *self;
        for i in 0..self.len as usize {
            e.src[i] = self.dst[i];
            e.dst[i] = self.src[i];
            e.delta[i] = (twists - self.delta[i]) % twists;
        }
        e.normalize();
        e
    }

    /// The effect of `self` followed by `next`, if its support is at most three positions.
    pub fn then(&self, next: &Effect, twists: u16) -> Option<Effect> {
        let mut pos: Vec<u16> = Vec::with_capacity(6);
        for i in 0..self.len as usize {
            pos.push(self.src[i]);
        }
        for i in 0..next.len as usize {
            if !pos.contains(&next.src[i]) {
                pos.push(next.src[i]);
            }
        }
        let step = |e: &Effect, p: u16| -> (u16, u16) {
            match (0..e.len as usize).find(|&i| e.src[i] == p) {
                Some(i) => (e.dst[i], e.delta[i]),
                None => (p, 0),
            }
        };
        let mut out = Effect::EMPTY;
        for &p in &pos {
            let (q, d1) = step(self, p);
            let (r, d2) = step(next, q);
            let d = (d1 + d2) % twists;
            if r != p || d != 0 {
                if out.len == 3 {
                    return None;
                }
                let i = out.len as usize;
                out.src[i] = p;
                out.dst[i] = r;
                out.delta[i] = d;
                out.len += 1;
            }
        }
        if out.len == 0 {
            return None;
        }
        out.normalize();
        Some(out)
    }

    /// The effect of `g C g⁻¹`: the same operator where the symmetry `g` carries its pieces.
    #[inline]
    pub fn image(&self, twists: u16, g: &OrbitSym) -> Effect {
        let o = twists as usize;
        let mut e = *self;
        for i in 0..self.len as usize {
            let a = g.slot[self.src[i] as usize * o] as usize;
            let b = g.slot[self.dst[i] as usize * o + self.delta[i] as usize] as usize;
            e.src[i] = (a / o) as u16;
            e.dst[i] = (b / o) as u16;
            e.delta[i] = ((b % o + o - a % o) % o) as u16;
        }
        e.normalize();
        e
    }

    /// Whether move `m` touches any position of the support.
    #[inline]
    pub fn touched_by(&self, orbit: &Orbit, m: usize) -> bool {
        (0..self.len as usize).any(|i| {
            let p = self.src[i] as usize;
            orbit.pos(m, p) != p || orbit.shift(m, p) != 0
        })
    }

    /// Applies the effect to an orbit state.
    #[inline]
    pub fn apply(&self, st: &mut OrbitState, twists: u16) {
        let mut occ = [0u16; 3];
        let mut tw = [0u16; 3];
        let n = self.len as usize;
        for i in 0..n {
            occ[i] = st.occ[self.src[i] as usize];
            tw[i] = st.tw[self.src[i] as usize];
        }
        for i in 0..n {
            let d = self.dst[i] as usize;
            st.occ[d] = occ[i];
            st.tw[d] = (tw[i] + self.delta[i]) % twists;
        }
    }
}

/// A symmetry of the puzzle that maps an orbit onto itself, as it acts on the orbit's slots
/// (`slot[p * twists + t]`: where the piece at `p` with twist `t` goes) and on moves
/// (`moves[m]`: the move `g m g⁻¹`).
#[derive(Clone, Debug)]
pub struct OrbitSym {
    pub(super) slot: Vec<u16>,
    pub(super) moves: Vec<MoveId>,
}

/// Where every sticker and piece sits in the orbits: what reading an operator's effect from its
/// sticker permutation needs.
pub struct Sites<'a> {
    /// `refs[s]`: `(orbit, slot)` when sticker `s` is the reference sticker of that slot (the first
    /// sticker of the piece at its position with its twist), `None` for the others.
    pub refs: Vec<Option<(u32, u32)>>,
    /// The piece of every sticker.
    pub pieces_of: &'a [u32],
    /// `piece_pos[piece]`: the `(orbit, position)` of the piece at home, `None` for a piece in no
    /// orbit.
    pub piece_pos: Vec<Option<(u32, u32)>>,
}

impl<'a> Sites<'a> {
    /// The sites of a puzzle's `pieces_of` (the piece of each sticker) in its orbits.
    pub fn new(structure: &Structure, pieces_of: &'a [u32]) -> Sites<'a> {
        let stickers = pieces_of.len();
        let npieces = pieces_of.iter().map(|&p| p as usize + 1).max().unwrap_or(0);
        let mut refs = vec![None; stickers];
        let mut piece_pos = vec![None; npieces];
        for (oi, orbit) in structure.orbits.iter().enumerate() {
            for s in 0..orbit.len() * orbit.twists as usize {
                refs[orbit.stickers_at(s)[0] as usize] = Some((oi as u32, s as u32));
            }
            for (p, &piece) in orbit.pieces.iter().enumerate() {
                piece_pos[piece as usize] = Some((oi as u32, p as u32));
            }
        }
        Sites {
            refs,
            pieces_of,
            piece_pos,
        }
    }

    /// The `(orbit, position)` of the piece sticker `s` belongs to.
    #[inline]
    pub fn piece(&self, s: usize) -> Option<(u32, u32)> {
        self.piece_pos[self.pieces_of[s] as usize]
    }

    /// The effect of a sticker permutation (`perm[s]`: where the sticker at `s` goes) if it moves
    /// at most three positions (`moved_pieces`: `(orbit, position)`), all of one orbit.
    pub fn effect_of(
        &self,
        structure: &Structure,
        perm: &[Slot],
        moved_pieces: &[(u32, u32)],
    ) -> Option<(usize, Effect)> {
        let orbit_i = moved_pieces.first()?.0 as usize;
        if moved_pieces.len() > 3 || moved_pieces.iter().any(|&(o, _)| o as usize != orbit_i) {
            return None;
        }
        let orbit = &structure.orbits[orbit_i];
        let o = orbit.twists as usize;
        let mut e = Effect::EMPTY;
        for &(_, p) in moved_pieces {
            let r = orbit.stickers_at(p as usize * o)[0];
            let (_, slot) = self.refs[perm[r as usize] as usize]?;
            e.push(p, slot, o);
        }
        e.normalize();
        // Sources and destinations must be the same set.
        let mut a = e.src[..e.len as usize].to_vec();
        let mut b = e.dst[..e.len as usize].to_vec();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return None;
        }
        Some((orbit_i, e))
    }

    /// The effect `g C g⁻¹` of the operator `C` (effect `e` on orbit `oi`) transported by the
    /// symmetry `g` (a sticker permutation), with the orbit it lands on.
    pub fn transport(
        &self,
        structure: &Structure,
        e: &Effect,
        oi: usize,
        g: &[Slot],
    ) -> Option<(usize, Effect)> {
        let orbit = &structure.orbits[oi];
        let o = orbit.twists as usize;
        let k = orbit.size as usize;
        // Where C sends each sticker of its support: index i of slot (src, t) -> index i of
        // (dst, t + delta). The conjugate sends g(x) to g(C(x)).
        let mut perm: Vec<(Slot, Slot)> = Vec::new();
        for i in 0..e.len as usize {
            for t in 0..o {
                let from = orbit.stickers_at(e.src[i] as usize * o + t);
                let to = orbit.stickers_at(e.dst[i] as usize * o + (t + e.delta[i] as usize) % o);
                for j in 0..k {
                    perm.push((g[from[j] as usize], g[to[j] as usize]));
                }
            }
        }
        let mut moved: Vec<(u32, u32)> = Vec::new();
        for &(x, _) in &perm {
            let pp = self.piece(x as usize)?;
            if !moved.contains(&pp) {
                moved.push(pp);
            }
        }
        let oj = moved.first()?.0 as usize;
        let target = &structure.orbits[oj];
        let ot = target.twists as usize;
        let mut out = Effect::EMPTY;
        for &(_, p) in &moved {
            let r = target.stickers_at(p as usize * ot)[0];
            let img = perm.iter().find(|&&(x, _)| x == r)?.1;
            let (oo, slot) = self.refs[img as usize]?;
            if oo as usize != oj {
                return None;
            }
            out.push(p, slot, ot);
        }
        out.normalize();
        Some((oj, out))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::moves::Moves;
    use super::super::super::puzzle::PermPuzzle;
    use super::*;
    use crate::rng::Rng;

    /// Random 3-cycles and pure twists on the twisting orbits of a 3x3x3 and a Megaminx, with the
    /// orbit and the moves.
    fn effects(name: &str) -> (Structure, Moves, Vec<(usize, Effect)>) {
        let puzzle = PermPuzzle::from_model(&crate::named(name).unwrap());
        let moves = Moves::new(&puzzle);
        let structure = Structure::new(&puzzle, &moves).unwrap();
        let mut rng = Rng::new(9);
        let mut out = Vec::new();
        for (oi, orbit) in structure.orbits.iter().enumerate() {
            let (n, o) = (orbit.len(), orbit.twists);
            for _ in 0..40 {
                let mut p = [0usize; 3];
                p[0] = rng.below(n);
                p[1] = (p[0] + 1 + rng.below(n - 1)) % n;
                p[2] = (0..n).find(|&x| x != p[0] && x != p[1]).unwrap();
                let delta = [0, 1, 2].map(|_| rng.below(o as usize) as u16);
                let mut cycle = Effect::EMPTY;
                let mut twist = Effect::EMPTY;
                for i in 0..3 {
                    cycle.push(
                        p[i] as u32,
                        (p[(i + 1) % 3] * o as usize) as u32 + delta[i] as u32,
                        o as usize,
                    );
                    twist.push(
                        p[i] as u32,
                        (p[i] * o as usize) as u32 + delta[i] as u32,
                        o as usize,
                    );
                }
                cycle.normalize();
                twist.normalize();
                out.push((oi, cycle));
                if o > 1 && twist.delta.iter().any(|&d| d != 0) {
                    out.push((oi, twist));
                }
            }
        }
        (structure, moves, out)
    }

    /// The state an effect leaves from solved.
    fn applied(orbit: &Orbit, e: &Effect) -> OrbitState {
        let mut st = OrbitState {
            occ: (0..orbit.len() as u16).collect(),
            tw: vec![0; orbit.len()],
        };
        e.apply(&mut st, orbit.twists);
        st
    }

    #[test]
    fn inverses_undo_and_compose_to_nothing() {
        for name in ["3x3x3", "megaminx"] {
            let (structure, _, effects) = effects(name);
            for (oi, e) in effects {
                let orbit = &structure.orbits[oi];
                let o = orbit.twists;
                let inv = e.inverse(o);
                assert_eq!(inv.inverse(o), e, "{name} {e:?}");
                // Nothing is left of an effect followed by its inverse.
                assert_eq!(e.then(&inv, o), None, "{name} {e:?}");
                let mut st = applied(orbit, &e);
                inv.apply(&mut st, o);
                assert!(st.wrong(orbit) == 0, "{name} {e:?}");
                // `then` is the effect of applying one after the other.
                if let Some(twice) = e.then(&e, o) {
                    let mut st = applied(orbit, &e);
                    e.apply(&mut st, o);
                    assert_eq!(applied(orbit, &twice), st, "{name} {e:?}");
                }
            }
        }
    }

    #[test]
    fn conjugating_by_a_move_and_back_is_the_same_effect() {
        for name in ["3x3x3", "megaminx"] {
            let (structure, moves, effects) = effects(name);
            for (oi, e) in effects {
                let orbit = &structure.orbits[oi];
                for m in 0..moves.len() {
                    let c = e.conjugate(orbit, m);
                    assert_eq!(
                        c.conjugate(orbit, moves.inverse[m] as usize),
                        e,
                        "{name} {m}"
                    );
                    assert_eq!(c.key(orbit.twists) == e.key(orbit.twists), c == e);
                    // A move that touches none of its positions leaves it where it is.
                    if !e.touched_by(orbit, m) {
                        assert_eq!(c, e, "{name} {m}");
                    }
                }
            }
        }
    }
}
