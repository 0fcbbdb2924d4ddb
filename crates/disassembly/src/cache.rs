//! The movement cache: how far one piece can move relative to another, by
//! pair of shapes and offset, computed once and looked up at every
//! position of every assembly (the idea of BurrTools' movement cache).
//!
//! A piece in an assembly is a *shape* (its cells up to translation, in one
//! orientation: an id into [`Cache::shapes`]) at a *position* (where its
//! local origin lies). Two pieces interact only through their shapes and
//! the difference of their positions, so the limits of a pair are keyed by
//! `(shape a, shape b, position b - position a)`. Pieces keep their
//! orientation while they move, and most pairs meet again and again at the
//! same offsets (in the many positions a search visits, and in the many
//! assemblies of one puzzle): after a short warm-up nearly every lookup
//! hits.

use super::motion::{FREE, Lines, Motion};
pub use polyform::fast_hash::FastMap;
use polyform::lattice::Cell;

/// A pair's key in two words: the shape ids, and the offset's coordinates
/// in 21 bits each (offsets stay far below a million: pieces start on a
/// board of at most a few thousand cells a side and move at most 16,383
/// steps).
fn key(a: u32, b: u32, delta: Cell) -> (u64, u64) {
    let c = |x: i32| u64::from(x as u32 & 0x1f_ffff);
    (
        u64::from(a) | u64::from(b) << 32,
        c(delta[0]) | c(delta[1]) << 21 | c(delta[2]) << 42,
    )
}

/// One worker's cache (they are not shared: each thread takes one from the
/// disassembler's pool).
///
/// Invariant: `shapes[s]` and `lines[s]` describe the same cells, and
/// `ids[&cells] == s` for them; every entry of `pairs` was computed from
/// them with the cache's own motion model, and `limits` holds, for the
/// pair `pairs[key] = p`, its limits in each of the model's `n` directions
/// at `limits[p n..(p + 1) n]`; `masks[p]` sums them up ([`Masks`]).
pub struct Cache {
    /// The cells of each shape, relative to its local origin (a lattice
    /// translation, see [`Cache::shape_of`]).
    pub shapes: Vec<Vec<Cell>>,
    /// The same cells by line along each axis of the motion model.
    lines: Vec<Vec<Lines>>,
    /// Shape ids by cells.
    ids: FastMap<Vec<Cell>, u32>,
    /// The pairs by (shape a, shape b, position of b minus position of
    /// a), packed ([`key`]): their numbers, in the order they were met.
    pairs: FastMap<(u64, u64), u32>,
    /// For each pair and direction `d`, how many unit steps the first
    /// shape can make in direction `d` while the second stays put
    /// ([`FREE`](super::motion::FREE): any number).
    limits: Vec<u16>,
    /// For each pair, which directions its limits are 0 and finite in.
    masks: Vec<Masks>,
}

/// Which directions a pair's limits are small in, as bits by direction
/// (the search builds its blocking relations from these, without
/// reading the limits one by one).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Masks {
    /// Bit `d`: the first shape cannot make a single step in direction
    /// `d` (limit 0).
    pub touch: u64,
    /// Bit `d`: the first shape cannot make two steps in direction `d`
    /// (limit 0 or 1).
    pub near: u64,
    /// Bit `d`: the first shape cannot leave in direction `d` (a finite
    /// limit).
    pub stuck: u64,
}

impl Masks {
    /// The masks of the pair the other way round (the second shape
    /// moving): direction `d`'s limit is the first's in the opposite
    /// direction `d ^ 1`, so the bits of each pair of directions swap.
    pub fn reversed(self) -> Masks {
        let swap = |m: u64| (m & EVEN) << 1 | (m >> 1) & EVEN;
        Masks {
            touch: swap(self.touch),
            near: swap(self.near),
            stuck: swap(self.stuck),
        }
    }
}

/// The bits of the directions along the axes (`2a`).
const EVEN: u64 = 0x5555_5555_5555_5555;

impl Cache {
    /// An empty cache.
    pub fn new() -> Cache {
        Cache {
            shapes: Vec::new(),
            lines: Vec::new(),
            ids: FastMap::default(),
            pairs: FastMap::default(),
            limits: Vec::new(),
            masks: Vec::new(),
        }
    }

    /// The shape id of a piece's cells and the position of its local
    /// origin. `cells` must not be empty.
    ///
    /// The origin is a translation of `motion`'s lattice (where its
    /// smallest cell goes to its class's canonical cell), so that the
    /// local cells are cells of the lattice of the same kinds as the
    /// piece's: a triangle pointing up still points up, and the model's
    /// swept cells for its kind apply to it.
    pub fn shape_of(&mut self, motion: &Motion, cells: &[Cell]) -> (u32, Cell) {
        let least = *cells.iter().min().expect("a piece has cells");
        let origin = motion.origin(least);
        let mut local: Vec<Cell> = cells
            .iter()
            .map(|c| [c[0] - origin[0], c[1] - origin[1], c[2] - origin[2]])
            .collect();
        // In reading order, as placements keep their cells (so that
        // sorting a placement's cells finds them sorted).
        polyform::board::sort_cells(&mut local, polyform::board::CellOrder::Reading);
        if let Some(&id) = self.ids.get(&local) {
            return (id, origin);
        }
        let id = self.shapes.len() as u32;
        self.lines.push(motion.lines(&local));
        self.shapes.push(local.clone());
        self.ids.insert(local, id);
        (id, origin)
    }

    /// The pair of shape `a` and shape `b` placed `delta` from it: its
    /// number, for [`limit`](Self::limit) and [`masks`](Self::masks).
    pub fn pair(&mut self, motion: &Motion, a: u32, b: u32, delta: Cell) -> u32 {
        let n = motion.directions();
        debug_assert!(n <= 64, "direction masks hold 64 directions");
        let next = self.pairs.len() as u32;
        let p = *self.pairs.entry(key(a, b, delta)).or_insert(next);
        if p == next {
            let (a, b) = (a as usize, b as usize);
            let back = [-delta[0], -delta[1], -delta[2]];
            let mut masks = Masks::default();
            for axis in 0..n / 2 {
                // Along the axis: a moves, b stays; against it: the same
                // as b moving along it with a held (a is at -delta from b).
                let (along, against) = if motion.target_only() {
                    motion.limits_both(&self.lines[a], &self.lines[b], delta, axis)
                } else {
                    (
                        motion.limit(&self.lines[a], &self.lines[b], delta, axis),
                        motion.limit(&self.lines[b], &self.lines[a], back, axis),
                    )
                };
                for (d, l) in [(2 * axis, along), (2 * axis + 1, against)] {
                    self.limits.push(l);
                    masks.touch |= u64::from(l == 0) << d;
                    masks.near |= u64::from(l <= 1) << d;
                    masks.stuck |= u64::from(l != FREE) << d;
                }
            }
            self.masks.push(masks);
        }
        p
    }

    /// The limit of pair `p` ([`pair`](Self::pair)) in direction `d` of
    /// `dirs`: how many unit steps its first shape can make in direction
    /// `d` while the second stays put ([`FREE`]: any number).
    pub fn limit(&self, p: u32, d: usize, dirs: usize) -> u16 {
        self.limits[p as usize * dirs + d]
    }

    /// Which directions pair `p`'s limits are 0, at most 1 and finite in.
    pub fn masks(&self, p: u32) -> Masks {
        self.masks[p as usize]
    }

    /// The number of pairs cached (for statistics).
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Is the cache empty?
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

impl Default for Cache {
    fn default() -> Cache {
        Cache::new()
    }
}
