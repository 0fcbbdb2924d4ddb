//! The operator table of one orbit: the shortest known sequence for every small effect, seeded
//! by the search and spread to every position by conjugation.

use super::super::moves::{MoveId, Moves};
use super::super::structure::Orbit;
use super::effect::{Effect, IntMap, OrbitSym};

/// One tabulated operator.
#[derive(Clone, Copy, Debug)]
pub struct OpEntry {
    /// What it does to its orbit.
    pub effect: Effect,
    /// Where its sequence starts in [`OpTable`]'s sequences.
    start: u32,
    /// The sequence's length.
    len: u16,
}

/// What the index keeps for an effect: its entry, and what scoring an insertion reads (the
/// sequence's length and end moves), so that scoring reads the map and nothing else (the
/// insertion scores millions of effects on big puzzles, each a cache miss or more).
#[derive(Clone, Copy, Debug)]
pub struct Brief {
    /// The index of its entry.
    entry: u32,
    /// The sequence's length.
    pub len: u16,
    /// Its first move.
    pub first: MoveId,
    /// Its last move.
    pub last: MoveId,
}

impl Brief {
    fn new(entry: u32, seq: &[MoveId]) -> Brief {
        Brief {
            entry,
            len: seq.len() as u16,
            first: seq.first().copied().unwrap_or(0),
            last: seq.last().copied().unwrap_or(0),
        }
    }
}

/// The shortest known sequence for every small effect on one orbit.
#[derive(Clone, Debug, Default)]
pub struct OpTable {
    /// Effect key -> its entry, with the entry's length and end moves.
    index: IntMap<u64, Brief>,
    /// The operators, each effect once (an improved one replaces its entry in place).
    entries: Vec<OpEntry>,
    /// The entries' sequences, end to end (an improved sequence is appended, the old one left).
    seqs: Vec<MoveId>,
}

/// Effects cheaper than this are kept (longer sequences are never worth inserting).
const MAX_COST: usize = 40;

impl OpTable {
    /// Number of effects tabulated.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no operator is known.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The sequence for an effect's key, if tabulated.
    #[inline]
    pub fn get(&self, key: u64) -> Option<&[MoveId]> {
        self.index.get(&key).map(|b| self.seq(b.entry as usize))
    }

    /// The length and end moves of the sequence for an effect's key.
    #[inline]
    pub fn brief(&self, key: u64) -> Option<Brief> {
        self.index.get(&key).copied()
    }

    /// The length of the sequence for an effect's key.
    #[inline]
    pub fn cost(&self, key: u64) -> Option<usize> {
        self.index.get(&key).map(|b| b.len as usize)
    }

    fn seq(&self, i: usize) -> &[MoveId] {
        let e = &self.entries[i];
        &self.seqs[e.start as usize..e.start as usize + e.len as usize]
    }

    /// All entries.
    pub fn entries(&self) -> impl Iterator<Item = (&Effect, &[MoveId])> {
        (0..self.entries.len()).map(move |i| (&self.entries[i].effect, self.seq(i)))
    }

    /// Inserts or improves; returns whether the table changed.
    pub(super) fn offer(&mut self, twists: u16, effect: Effect, seq: &[MoveId]) -> Option<u32> {
        let key = effect.key(twists);
        let start = self.seqs.len() as u32;
        match self.index.get(&key).copied() {
            Some(b) if b.len as usize <= seq.len() => None,
            Some(b) => {
                let i = b.entry;
                self.seqs.extend_from_slice(seq);
                self.entries[i as usize] = OpEntry {
                    effect,
                    start,
                    len: seq.len() as u16,
                };
                self.index.insert(key, Brief::new(i, seq));
                Some(i)
            }
            None => {
                let i = self.entries.len() as u32;
                self.seqs.extend_from_slice(seq);
                self.entries.push(OpEntry {
                    effect,
                    start,
                    len: seq.len() as u16,
                });
                self.index.insert(key, Brief::new(i, seq));
                Some(i)
            }
        }
    }

    /// Adds pure twists made of two 3-cycles on the same positions (`C₁ C₂` where `C₂` undoes
    /// `C₁`'s permutation with other twists). Returns whether any was added.
    pub(super) fn add_twists(&mut self, orbit: &Orbit, moves: &Moves) -> bool {
        let o = orbit.twists;
        let mut by_set: IntMap<u64, Vec<u32>> = IntMap::default();
        for (i, e) in self.entries.iter().enumerate() {
            if e.effect.len == 3 && e.effect.src != e.effect.dst {
                let set = e.effect.src.iter().fold(0u64, |k, &p| (k << 21) | p as u64);
                by_set.entry(set).or_default().push(i as u32);
            }
        }
        let mut found: Vec<(Effect, Vec<MoveId>)> = Vec::new();
        let mut best: IntMap<u64, usize> = IntMap::default();
        for list in by_set.values() {
            for &i in list {
                for &j in list {
                    let (a, b) = (&self.entries[i as usize], &self.entries[j as usize]);
                    let Some(e) = a.effect.then(&b.effect, o) else {
                        continue;
                    };
                    if e.src != e.dst || e.len > 2 {
                        continue;
                    }
                    let len = a.len as usize + b.len as usize;
                    let key = e.key(o);
                    if best.get(&key).is_some_and(|&l| l <= len) {
                        continue;
                    }
                    let mut s = self.seq(i as usize).to_vec();
                    s.extend_from_slice(self.seq(j as usize));
                    let s = moves.simplify(&s);
                    best.insert(key, s.len());
                    found.push((e, s));
                }
            }
        }
        let mut added = false;
        for (e, s) in found {
            added |= self.offer(o, e, &s).is_some();
        }
        added
    }

    /// Spreads the seeds to every effect reachable by conjugation (Dijkstra on sequence length).
    ///
    /// The conjugation graph is invariant under the puzzle's symmetries `syms` (those mapping the
    /// orbit onto itself), and so are the costs: an entry, once final, gives its images under
    /// every symmetry at the same cost, and an entry that is such an image is not expanded (its
    /// neighbours are the images of its original's neighbours, which give their own images).
    /// This divides the expansions by the order of the symmetry group.
    pub(super) fn spread(
        &mut self,
        orbit: &Orbit,
        moves: &Moves,
        max_entries: usize,
        syms: &[OrbitSym],
    ) {
        let o = orbit.twists;
        // `image[i]`: entry `i` holds a symmetry image, not expanded.
        let mut image: Vec<bool> = vec![false; self.entries.len()];
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); MAX_COST + 1];
        for (i, e) in self.entries.iter().enumerate() {
            buckets[e.len as usize].push(i as u32);
        }
        let touching: Vec<usize> = (0..moves.len()).filter(|&m| orbit.touched_by[m]).collect();
        let mut buf: Vec<MoveId> = Vec::new();
        let (mut s, mut runs): (Vec<MoveId>, Vec<usize>) = (Vec::new(), Vec::new());
        for cost in 0..=MAX_COST {
            let mut bi = 0;
            while bi < buckets[cost].len() {
                let i = buckets[cost][bi] as usize;
                bi += 1;
                if self.entries[i].len as usize != cost || image[i] {
                    continue; // improved since queued, or an image
                }
                let effect = self.entries[i].effect;
                for g in syms {
                    let e2 = effect.image(o, g);
                    match self.index.get(&e2.key(o)) {
                        Some(b) if b.len as usize <= cost => {
                            // Found directly at this cost too: its expansion is still skipped.
                            image[b.entry as usize] = true;
                            continue;
                        }
                        None if self.entries.len() >= max_entries => continue,
                        _ => {}
                    }
                    buf.clear();
                    buf.extend(self.seq(i).iter().map(|&m| g.moves[m as usize]));
                    moves.simplify_into(&buf, &mut s, &mut runs);
                    if let Some(j) = self.offer(o, e2, &s) {
                        image.resize(self.entries.len(), false);
                        image[j as usize] = true;
                        buckets[s.len()].push(j);
                    }
                }
                for &m in &touching {
                    if !effect.touched_by(orbit, m) {
                        continue;
                    }
                    let e2 = effect.conjugate(orbit, m);
                    let key = e2.key(o);
                    if let Some(b) = self.index.get(&key) {
                        if b.len as usize <= cost {
                            continue;
                        }
                    } else if self.entries.len() >= max_entries {
                        continue;
                    }
                    buf.clear();
                    buf.push(moves.inverse[m]);
                    buf.extend_from_slice(self.seq(i));
                    buf.push(m as MoveId);
                    moves.simplify_into(&buf, &mut s, &mut runs);
                    if s.len() > MAX_COST {
                        continue;
                    }
                    if let Some(j) = self.offer(o, e2, &s) {
                        image.resize(self.entries.len(), false);
                        image[j as usize] = false;
                        buckets[s.len()].push(j);
                    }
                }
            }
        }
    }
}
