//! Backtrack search over a stabilizer chain for colour-preserving
//! elements.
//!
//! Given colourings `source` and `target` of the points, an element `h`
//! **carries** `source` to `target` when `target[h(x)] = source[x]` for
//! every point `x`: the sticker at `x`, moved to `h(x)`, shows there the
//! colour it had. Two searches use it:
//!
//! * [`colour_stabilizer`]: the subgroup `H` of elements carrying the solved
//!   colouring to itself (rearrangements of identical-looking stickers),
//!   whose order turns the group order into the number of positions;
//! * [`transporter`]: one element carrying the solved colouring to a given
//!   one (is a coloured state reachable, and by which element).
//!
//! # The tree
//!
//! An element is `h = u_{k-1} ... u_i` (deepest first, one transversal
//! element per level, [`crate::schreier`]). The search picks `u_i`, then
//! `u_{i+1}`, ...; after level `l` the images of the points in `F_l` (moved
//! by `G_l` but fixed by `G_{l+1}`) are final: `h(x) = Q_l(x)` where `Q_l =
//! u_l ... u_i`, since deeper factors fix them. Their colours are checked
//! there, so a wrong choice is cut as soon as the points it decides are
//! known. The base lists stickers piece by piece (see [`crate::count`]):
//! the other stickers of a piece are decided with its first one, and a
//! sticker sent to the wrong piece is cut at once.
//!
//! # The subgroup, level by level (Sims' method)
//!
//! `H_i = H ∩ G_i` is found from the bottom: `H_k = 1`, and `H_i` is
//! `H_{i+1}` plus, for each point `γ` of `b_i`'s orbit with `b_i`'s
//! colour not yet in the orbit of `b_i` under the elements found, one
//! element of `H ∩ G_i` taking `b_i` to `γ` if the tree holds one. Then the
//! orbit of `b_i` under the elements found is `b_i`'s whole orbit under
//! `H_i`, and `|H_i| = |that orbit| · |H_{i+1}|`.
//!
//! The searches are exhaustive where they fail, so a node budget bounds
//! them; running out is an error, never a wrong count.

use crate::error::Error;
use crate::perm::Perm;
use crate::schreier::Chain;
use num_bigint::BigUint;

/// Nodes a search may visit before giving up.
pub const NODE_BUDGET: u64 = 200_000_000;

/// The chain and, per level, the points whose images that level decides.
struct Tree<'a> {
    chain: &'a Chain,
    /// `decided[l]`: points moved by `G_l`, fixed by `G_{l+1}`.
    decided: Vec<Vec<u16>>,
    nodes: u64,
    /// `buffers[l]` holds `Q_{l-1}` while level `l` chooses.
    buffers: Vec<Vec<u16>>,
}

impl<'a> Tree<'a> {
    fn new(chain: &'a Chain) -> Tree<'a> {
        let k = chain.levels.len();
        let moved: Vec<Vec<bool>> = (0..=k).map(|l| chain.moved(l)).collect();
        let decided = (0..k)
            .map(|l| {
                (0..chain.n)
                    .filter(|&x| moved[l][x] && !moved[l + 1][x])
                    .map(|x| x as u16)
                    .collect()
            })
            .collect();
        Tree {
            chain,
            decided,
            nodes: 0,
            buffers: vec![vec![0; chain.n]; k + 1],
        }
    }

    /// An element of `G_level` carrying `source` to `target` on the points
    /// `G_level` moves, its level-`level` factor being the transversal
    /// element of orbit index `first` if given.
    fn find(
        &mut self,
        level: usize,
        first: Option<usize>,
        source: &[u16],
        target: &[u16],
    ) -> Result<Option<Perm>, Error> {
        let n = self.chain.n;
        self.buffers[level] = (0..n as u16).collect();
        let found = self.descend(level, level, first, source, target)?;
        Ok(found.then(|| Perm(self.buffers[self.chain.levels.len()].clone())))
    }

    /// Tries every choice at level `l`, `Q_{l-1}` being in `buffers[l]`;
    /// on success `Q_{k-1}` is in `buffers[k]`.
    fn descend(
        &mut self,
        start: usize,
        l: usize,
        first: Option<usize>,
        source: &[u16],
        target: &[u16],
    ) -> Result<bool, Error> {
        let k = self.chain.levels.len();
        if l == k {
            return Ok(true);
        }
        let chain = self.chain;
        let level = &chain.levels[l];
        let want = source[level.base as usize];
        let (lo_c, hi_c) = match (l == start, first) {
            (true, Some(c)) => (c, c + 1),
            _ => (0, level.orbit.len()),
        };
        for c in lo_c..hi_c {
            let delta = level.orbit[c] as usize;
            if target[self.buffers[l][delta] as usize] != want {
                continue;
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(1 << 14) {
                crate::progress::report("colour search", self.nodes, NODE_BUDGET);
            }
            if self.nodes > NODE_BUDGET {
                return Err(Error::GaveUp(format!(
                    "the colour search gave up after {NODE_BUDGET} nodes"
                )));
            }
            // Q_l = u_l then Q_{l-1}.
            let rep = &level.reps[c];
            let (lo, hi) = self.buffers.split_at_mut(l + 1);
            let (prev, next) = (&lo[l], &mut hi[0]);
            for (x, y) in next.iter_mut().enumerate() {
                *y = prev[rep.image(x)];
            }
            let ok = self.decided[l]
                .iter()
                .all(|&x| target[next[x as usize] as usize] == source[x as usize]);
            if ok && self.descend(start, l + 1, None, source, target)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The subgroup of the chain's group preserving `colours`
/// (`colours[h(x)] = colours[x]`): its order and generators.
pub fn colour_stabilizer(chain: &Chain, colours: &[u16]) -> Result<(BigUint, Vec<Perm>), Error> {
    let mut tree = Tree::new(chain);
    let n = chain.n;
    let mut gens: Vec<Perm> = Vec::new();
    let mut order = BigUint::from(1u32);
    let close = |orbit: &mut Vec<usize>, in_orbit: &mut Vec<bool>, gens: &[Perm]| {
        let mut j = 0;
        while j < orbit.len() {
            for g in gens {
                let q = g.image(orbit[j]);
                if !in_orbit[q] {
                    in_orbit[q] = true;
                    orbit.push(q);
                }
            }
            j += 1;
        }
    };
    for i in (0..chain.levels.len()).rev() {
        let level = &chain.levels[i];
        let b = level.base as usize;
        // The orbit of b under the elements found so far (all fix b_0..b_{i-1}).
        let mut in_orbit = vec![false; n];
        let mut orbit = vec![b];
        in_orbit[b] = true;
        close(&mut orbit, &mut in_orbit, &gens);
        for c in 1..level.orbit.len() {
            let gamma = level.orbit[c] as usize;
            if in_orbit[gamma] || colours[gamma] != colours[b] {
                continue;
            }
            if let Some(h) = tree.find(i, Some(c), colours, colours)? {
                gens.push(h);
                close(&mut orbit, &mut in_orbit, &gens);
            }
        }
        order *= BigUint::from(orbit.len());
    }
    Ok((order, gens))
}

/// An element of the chain's group carrying `source` to `target`
/// (`target[g(x)] = source[x]` for every point), or `None`.
pub fn transporter(chain: &Chain, source: &[u16], target: &[u16]) -> Result<Option<Perm>, Error> {
    // Points no element moves must already agree.
    let moved = chain.moved(0);
    if (0..chain.n).any(|x| !moved[x] && source[x] != target[x]) {
        return Ok(None);
    }
    if chain.levels.is_empty() {
        return Ok(Some(Perm::identity(chain.n)));
    }
    Tree::new(chain).find(0, None, source, target)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// S_4 on 4 points coloured (0, 0, 1, 1): the stabilizer is
    /// S_2 x S_2, order 4; the colouring (1, 0, 0, 1) is reachable.
    #[test]
    fn stabilizer_and_transporter_in_s4() {
        let gens = [Perm(vec![1, 0, 2, 3]), Perm(vec![1, 2, 3, 0])];
        let chain = Chain::new(4, &gens, &[], 1);
        let (order, stab) = colour_stabilizer(&chain, &[0, 0, 1, 1]).unwrap();
        assert_eq!(order, BigUint::from(4u32));
        for h in &stab {
            assert!([0, 1].contains(&h.image(0)));
        }
        let (src, dst) = ([0, 0, 1, 1], [1, 0, 0, 1]);
        let g = transporter(&chain, &src, &dst).unwrap().unwrap();
        for x in 0..4 {
            assert_eq!(dst[g.image(x)], src[x]);
        }
        // In A_4 the same colouring's stabilizer has order 2.
        let a4 = [Perm(vec![1, 2, 0, 3]), Perm(vec![0, 2, 3, 1])];
        let chain = Chain::new(4, &a4, &[], 1);
        assert_eq!(
            colour_stabilizer(&chain, &[0, 0, 1, 1]).unwrap().0,
            BigUint::from(2u32)
        );
    }
}
