//! The sweep order: which sweep item is decided first, second...
//!
//! The memo only pays if states repeat, and a state is mostly the set of
//! decided sweep items. If the order sweeps the problem like a front moving
//! across a board, every item behind the front is decided and every item
//! well ahead of it is free, so the states differ only on the items at the
//! front, the *frontier*: at most `2^frontier` decided-sets per position.
//! This is the transfer-matrix (profile) method of counting tilings, and
//! the reason DXZ's item order matters.
//!
//! The *co-occurrence graph* joins two sweep items when some option holds
//! both. At step `t` of an order (positions `0..t` decided), the frontier is
//! the set of items at positions `t..` joined to an item at a position below
//! `t`: the items a decision so far may already have touched. Its largest
//! size over all steps is [`frontier`]. Counters and secondary items are left
//! out: a piece item with copies joins every cell it may cover, which says
//! nothing about how the board should be swept.
//!
//! [`sweep_order`] keeps the frontier small the way bandwidth- and
//! wavefront-reducing orders of sparse matrices do. It builds two orders,
//! component by component, each from a *pseudo-peripheral* item (one at the
//! end of a longest shortest path, found by the George-Liu iteration: start
//! at an item of least degree, move to a farthest item of least degree
//! while that moves farther), and keeps the one with the smaller frontier
//! (on a tie, the smaller sum of frontier sizes over all steps):
//!
//! * Cuthill-McKee (1969): breadth-first, each item's new neighbours taken
//!   by increasing degree. On a rectangle the breadth-first levels of the
//!   domino graph are the board's anti-diagonals from a corner, so the order
//!   sweeps the board diagonally, along its longer side.
//! * Sloan (1986): the front moves towards an item far from the start, but
//!   each step takes, among the items next to the front, the one that
//!   brings the fewest new items into it. Where pieces reach farther than
//!   one cell (trominoes), breadth-first levels are wide and this order
//!   wins.

use super::MemoError;
use super::state::is_sweep;
use crate::matrix::{ItemId, Matrix};

/// The sweep items of `matrix` in the order `given` lists them, then the
/// ones it does not list in item order. `given` may list counters (they are
/// skipped); it may not list a secondary or unknown item, or an item twice.
pub fn complete_order(matrix: &Matrix, given: &[ItemId]) -> Result<Vec<ItemId>, MemoError> {
    let mut seen = vec![false; matrix.num_items()];
    let mut order = Vec::with_capacity(matrix.num_primary());
    for &i in given {
        if i.index() >= matrix.num_primary() {
            return Err(MemoError::NotPrimary(i));
        }
        if std::mem::replace(&mut seen[i.index()], true) {
            return Err(MemoError::Repeated(i));
        }
        if is_sweep(matrix.bounds(i)) {
            order.push(i);
        }
    }
    for i in (0..matrix.num_primary()).map(|i| ItemId(i as u32)) {
        if !seen[i.index()] && is_sweep(matrix.bounds(i)) {
            order.push(i);
        }
    }
    Ok(order)
}

/// The most pairs (sum over options of the square of their number of
/// sweep items) for which the degrees are counted exactly and the Sloan
/// order is tried: both take time in the pairs, and Sloan's heap up to two
/// entries per pair (16 bytes each: at most 32 MiB here). A matrix with
/// more gets the Cuthill-McKee order with estimated degrees, in time and
/// memory linear in its entries. Puzzles are far below: 6x10 pentominoes
/// of any shape make about 75,000 pairs.
const EXACT_PAIRS: u64 = 1 << 20;

/// The co-occurrence graph of the sweep items (numbered `0..` in item
/// order), kept as its cliques: each option's sweep items are all joined to
/// each other, so the options themselves stand for the edges, and the
/// graph takes memory linear in the matrix's entries however wide its
/// options are. Neighbours are enumerated through the cliques.
struct Graph {
    /// The item of each number.
    items: Vec<ItemId>,
    /// Clique `c`'s members: `members[mstart[c]..mstart[c + 1]]`.
    mstart: Vec<u32>,
    members: Vec<u32>,
    /// Item `a`'s cliques: `cliques[cstart[a]..cstart[a + 1]]`.
    cstart: Vec<u32>,
    cliques: Vec<u32>,
    /// Each item's number of neighbours, once [`count_degrees`](Self::count_degrees)
    /// ran: exact if `exact`, otherwise an upper bound (the sizes of its
    /// cliques, less one each, summed).
    degree: Vec<u32>,
    /// Are the degrees exact (the options are narrow enough)?
    exact: bool,
}

impl Graph {
    fn new(matrix: &Matrix) -> Graph {
        let items: Vec<ItemId> = (0..matrix.num_primary())
            .map(|i| ItemId(i as u32))
            .filter(|&i| is_sweep(matrix.bounds(i)))
            .collect();
        let n = items.len();
        let mut num = vec![u32::MAX; matrix.num_items()];
        for (a, &i) in items.iter().enumerate() {
            num[i.index()] = a as u32;
        }
        let mut mstart = vec![0u32];
        let mut members: Vec<u32> = Vec::new();
        let mut pairs = 0u64;
        for opt in matrix.options() {
            let before = members.len();
            members.extend(
                matrix
                    .option(opt)
                    .iter()
                    .map(|e| num[e.item.index()])
                    .filter(|&a| a != u32::MAX),
            );
            let k = (members.len() - before) as u64;
            if k < 2 {
                members.truncate(before); // joins nothing
            } else {
                pairs += k * k;
                mstart.push(members.len() as u32);
            }
        }
        let mut cstart = vec![0u32; n + 1];
        for &a in &members {
            cstart[a as usize + 1] += 1;
        }
        for a in 0..n {
            cstart[a + 1] += cstart[a];
        }
        let mut fill = cstart.clone();
        let mut cliques = vec![0u32; members.len()];
        for c in 0..mstart.len() - 1 {
            for &a in &members[mstart[c] as usize..mstart[c + 1] as usize] {
                cliques[fill[a as usize] as usize] = c as u32;
                fill[a as usize] += 1;
            }
        }
        Graph {
            items,
            mstart,
            members,
            cstart,
            cliques,
            degree: Vec::new(),
            exact: pairs <= EXACT_PAIRS,
        }
    }

    /// Counts the degrees (exactly if `exact`).
    fn count_degrees(&mut self) {
        let n = self.len();
        self.degree = if self.exact {
            let mut mark = vec![u32::MAX; n];
            let mut list = Vec::new();
            (0..n as u32)
                .map(|a| {
                    self.neighbours(a, &mut mark, &mut list);
                    list.len() as u32
                })
                .collect()
        } else {
            (0..n as u32)
                .map(|a| {
                    let sum: u64 = self
                        .cliques_of(a)
                        .iter()
                        .map(|&c| self.clique(c).len() as u64 - 1)
                        .sum();
                    sum.min(n as u64 - 1) as u32
                })
                .collect()
        };
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn clique(&self, c: u32) -> &[u32] {
        &self.members[self.mstart[c as usize] as usize..self.mstart[c as usize + 1] as usize]
    }

    fn cliques_of(&self, a: u32) -> &[u32] {
        &self.cliques[self.cstart[a as usize] as usize..self.cstart[a as usize + 1] as usize]
    }

    fn degree(&self, a: u32) -> usize {
        self.degree[a as usize] as usize
    }

    /// The neighbours of `a`, each once, into `out` (in no particular
    /// order); `mark` is scratch (one entry per item, never equal to `a`
    /// on entry except where set by an earlier call for `a`). Costs the
    /// sizes of `a`'s cliques.
    fn neighbours(&self, a: u32, mark: &mut [u32], out: &mut Vec<u32>) {
        out.clear();
        mark[a as usize] = a;
        for &c in self.cliques_of(a) {
            for &b in self.clique(c) {
                if mark[b as usize] != a {
                    mark[b as usize] = a;
                    out.push(b);
                }
            }
        }
        // The next call for `a` must find it unmarked again.
        for &b in out.iter() {
            mark[b as usize] = u32::MAX;
        }
        mark[a as usize] = u32::MAX;
    }
}

/// Scratch for breadth-first searches: which cliques were expanded in the
/// current search.
struct Walk {
    expanded: Vec<u32>,
    round: u32,
}

impl Walk {
    fn new(g: &Graph) -> Walk {
        Walk {
            expanded: vec![0; g.mstart.len() - 1],
            round: 0,
        }
    }

    /// Breadth-first levels from `root`: each reached item's distance in
    /// `dist` (which must be all `u32::MAX` on entry for this component),
    /// and the items in the order reached, each item's new neighbours in
    /// increasing number. A clique is expanded once: after that all its
    /// members are reached. So a search costs the component's entries.
    fn bfs(&mut self, g: &Graph, root: u32, dist: &mut [u32]) -> Vec<u32> {
        self.round += 1;
        let round = self.round;
        let mut seen = vec![root];
        dist[root as usize] = 0;
        let mut k = 0;
        while k < seen.len() {
            let a = seen[k];
            k += 1;
            let from = seen.len();
            for &c in g.cliques_of(a) {
                if std::mem::replace(&mut self.expanded[c as usize], round) == round {
                    continue;
                }
                for &b in g.clique(c) {
                    if dist[b as usize] == u32::MAX {
                        dist[b as usize] = dist[a as usize] + 1;
                        seen.push(b);
                    }
                }
            }
            seen[from..].sort_unstable();
        }
        seen
    }
}

/// A pseudo-peripheral item of the component of `start` (module doc).
/// `dist` is scratch, all `u32::MAX` on entry and on return.
fn peripheral(g: &Graph, walk: &mut Walk, start: u32, dist: &mut [u32]) -> u32 {
    let mut root = start;
    let mut reached = walk.bfs(g, root, dist);
    let mut ecc = dist[*reached.last().expect("the root") as usize];
    // The George-Liu iteration ends in a few rounds; 16 is a safe cap.
    for _ in 0..16 {
        let far = reached
            .iter()
            .copied()
            .filter(|&b| dist[b as usize] == ecc)
            .min_by_key(|&b| (g.degree(b), b))
            .expect("the last level is not empty");
        for &b in &reached {
            dist[b as usize] = u32::MAX;
        }
        let next = walk.bfs(g, far, dist);
        let e = dist[*next.last().expect("the root") as usize];
        for &b in &next {
            dist[b as usize] = u32::MAX;
        }
        if e <= ecc {
            break;
        }
        root = far;
        ecc = e;
        reached = walk.bfs(g, root, dist);
    }
    for &b in &reached {
        dist[b as usize] = u32::MAX;
    }
    root
}

/// The heuristic sweep order of `matrix`'s sweep items (module doc): of
/// the Cuthill-McKee and the Sloan orders, the one with the smaller
/// frontier, or on a tie the smaller sum of frontier sizes over all steps
/// (fewer states to cache). Where the options are so wide that the Sloan
/// order would cost more than 2^20 steps (pairs of items sharing an option), the Cuthill-McKee
/// order alone (with estimated degrees): time and memory stay linear in
/// the matrix's entries.
pub fn sweep_order(matrix: &Matrix) -> Vec<ItemId> {
    let mut g = Graph::new(matrix);
    g.count_degrees();
    let roots = roots(&g);
    let best = if g.exact {
        let candidates = [cuthill_mckee(&g, &roots), sloan(&g, &roots)];
        candidates
            .into_iter()
            .min_by_key(|order| profile(&g, order))
            .expect("two candidates")
    } else {
        cuthill_mckee(&g, &roots)
    };
    best.into_iter().map(|a| g.items[a as usize]).collect()
}

/// The components of the graph, each as a pseudo-peripheral item (module
/// doc) of it; components taken by their item of least degree, first in
/// item order.
fn roots(g: &Graph) -> Vec<u32> {
    let n = g.len();
    let mut by_degree: Vec<u32> = (0..n as u32).collect();
    by_degree.sort_by_key(|&a| (g.degree(a), a));
    let mut dist = vec![u32::MAX; n];
    let mut scratch = vec![u32::MAX; n];
    let mut walk = Walk::new(g);
    let mut out = Vec::new();
    for &start in &by_degree {
        if dist[start as usize] == u32::MAX {
            walk.bfs(g, start, &mut dist);
            out.push(peripheral(g, &mut walk, start, &mut scratch));
        }
    }
    out
}

/// Cuthill-McKee, component by component: breadth-first from each root,
/// each item's new neighbours by increasing degree. Each clique is expanded
/// once, as in [`Walk::bfs`].
fn cuthill_mckee(g: &Graph, roots: &[u32]) -> Vec<u32> {
    let mut placed = vec![false; g.len()];
    let mut expanded = vec![false; g.mstart.len() - 1];
    let mut order = Vec::with_capacity(g.len());
    for &root in roots {
        placed[root as usize] = true;
        let mut k = order.len();
        order.push(root);
        while k < order.len() {
            let a = order[k];
            k += 1;
            let from = order.len();
            for &c in g.cliques_of(a) {
                if std::mem::replace(&mut expanded[c as usize], true) {
                    continue;
                }
                for &b in g.clique(c) {
                    if !placed[b as usize] {
                        placed[b as usize] = true;
                        order.push(b);
                    }
                }
            }
            order[from..].sort_by_key(|&b| (g.degree(b), b));
        }
    }
    order
}

/// Sloan's profile and wavefront reduction (S. W. Sloan, "An algorithm for
/// profile and wavefront reduction of sparse matrices", 1986), component by
/// component: from the root `s` towards an item `e` farthest from it, each
/// step numbers, among the items next to the front, the one of largest
/// priority `dist(e) - 2 * growth`, where `growth` is how many items would
/// join the front with it. So the front moves towards `e` while staying
/// narrow. Each item's neighbours are enumerated at most twice: the cost
/// is at most twice the pairs [`Graph::new`] counts.
fn sloan(g: &Graph, roots: &[u32]) -> Vec<u32> {
    #[derive(Copy, Clone, PartialEq)]
    enum Status {
        Inactive,
        Preactive,
        Active,
        Placed,
    }
    use Status::*;
    let n = g.len();
    let mut status = vec![Inactive; n];
    let mut prio = vec![0i64; n];
    let mut dist = vec![u32::MAX; n];
    let mut order = Vec::with_capacity(n);
    let mut heap = std::collections::BinaryHeap::new();
    let mut walk = Walk::new(g);
    let mut mark = vec![u32::MAX; n];
    let (mut adj_i, mut adj_j) = (Vec::new(), Vec::new());
    for &s in roots {
        // Distances from the far end: the last item reached from s.
        let reached = walk.bfs(g, s, &mut dist);
        let far = *reached.last().expect("the root");
        for &b in &reached {
            dist[b as usize] = u32::MAX;
        }
        let reached = walk.bfs(g, far, &mut dist);
        for &b in &reached {
            prio[b as usize] = i64::from(dist[b as usize]) - 2 * (g.degree(b) as i64 + 1);
        }
        status[s as usize] = Preactive;
        heap.push((prio[s as usize], std::cmp::Reverse(s)));
        while let Some((p, std::cmp::Reverse(i))) = heap.pop() {
            let iu = i as usize;
            if p != prio[iu] || status[iu] == Placed {
                continue; // a stale entry
            }
            g.neighbours(i, &mut mark, &mut adj_i);
            if status[iu] == Preactive {
                for &j in &adj_i {
                    let j = j as usize;
                    prio[j] += 2;
                    if status[j] == Inactive {
                        status[j] = Preactive;
                    }
                    if status[j] != Placed {
                        heap.push((prio[j], std::cmp::Reverse(j as u32)));
                    }
                }
            }
            status[iu] = Placed;
            order.push(i);
            for &j in &adj_i {
                let j = j as usize;
                if status[j] != Preactive {
                    continue;
                }
                status[j] = Active;
                prio[j] += 2;
                heap.push((prio[j], std::cmp::Reverse(j as u32)));
                g.neighbours(j as u32, &mut mark, &mut adj_j);
                for &k in &adj_j {
                    let k = k as usize;
                    if status[k] == Placed {
                        continue;
                    }
                    prio[k] += 2;
                    if status[k] == Inactive {
                        status[k] = Preactive;
                    }
                    heap.push((prio[k], std::cmp::Reverse(k as u32)));
                }
            }
        }
    }
    order
}

/// The frontier of an order of the graph's items: its largest size over
/// all steps, and the sum of its sizes. Linear in the entries: an item's
/// smallest neighbour position is the smallest over its cliques of their
/// smallest position.
fn profile(g: &Graph, order: &[u32]) -> (usize, usize) {
    let mut pos = vec![0usize; g.len()];
    for (p, &a) in order.iter().enumerate() {
        pos[a as usize] = p;
    }
    let low: Vec<usize> = (0..g.mstart.len() as u32 - 1)
        .map(|c| {
            g.clique(c)
                .iter()
                .map(|&b| pos[b as usize])
                .min()
                .unwrap_or(usize::MAX)
        })
        .collect();
    // The item at position q is in the frontier at steps t with e < t <= q,
    // e its smallest neighbour position: a difference array over t. (An
    // item's own position is in its cliques' minima, but it is never
    // below q.)
    let n = order.len();
    let mut diff = vec![0i64; n + 2];
    for a in 0..g.len() as u32 {
        let q = pos[a as usize];
        if let Some(e) = g
            .cliques_of(a)
            .iter()
            .map(|&c| low[c as usize])
            .min()
            .filter(|&e| e < q)
        {
            diff[e + 1] += 1;
            diff[q + 1] -= 1;
        }
    }
    let (mut best, mut sum, mut cur) = (0, 0, 0);
    for d in diff {
        cur += d;
        best = best.max(cur);
        sum += cur;
    }
    (best as usize, sum as usize)
}

/// The frontier of an order (module doc): the largest number of sweep items
/// that are not yet decided but share an option with a decided one, over
/// all steps of the sweep. `order` is completed as [`complete_order`] does.
pub fn frontier(matrix: &Matrix, order: &[ItemId]) -> Result<usize, MemoError> {
    let order = complete_order(matrix, order)?;
    let g = Graph::new(matrix);
    let mut num = vec![0u32; matrix.num_items()];
    for (a, &i) in g.items.iter().enumerate() {
        num[i.index()] = a as u32;
    }
    let order: Vec<u32> = order.iter().map(|i| num[i.index()]).collect();
    Ok(profile(&g, &order).0)
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::MatrixBuilder;

    /// A small pseudo-random generator (xorshift), for repeatable tests.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// Random matrices: some items `0:1` or counters, some secondary.
    fn random(rng: &mut Rng) -> Matrix {
        let mut b = MatrixBuilder::new();
        let np = 1 + rng.below(40) as usize;
        let ns = rng.below(4) as usize;
        let mut items = Vec::new();
        for k in 0..np {
            let (lo, hi) = match rng.below(6) {
                0 => (0, 1),
                1 => (1, 3),
                _ => (1, 1),
            };
            items.push(b.primary_bounds(&format!("p{k}"), lo, hi).unwrap());
        }
        for k in 0..ns {
            items.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let width = 1 + rng.below(7);
        for _ in 0..rng.below(80) {
            let mut o: Vec<_> = (0..1 + rng.below(width))
                .map(|_| items[rng.below(items.len() as u64) as usize])
                .collect();
            o.sort();
            o.dedup();
            let o: Vec<_> = o.into_iter().map(|i| (i, None)).collect();
            let _ = b.option(&o); // refused without a primary item
        }
        b.build().unwrap()
    }

    /// Polyomino-style matrices: `k`-in-a-row pieces and dominoes on an
    /// `r x c` board.
    fn board(r: usize, c: usize, k: usize) -> Matrix {
        let mut b = MatrixBuilder::new();
        let cells: Vec<_> = (0..r * c)
            .map(|x| b.primary(&format!("c{x}")).unwrap())
            .collect();
        for len in [2, k] {
            for y in 0..r {
                for x in 0..c {
                    if x + len <= c {
                        let o: Vec<_> = (0..len).map(|d| (cells[y * c + x + d], None)).collect();
                        b.option(&o).unwrap();
                    }
                    if y + len <= r {
                        let o: Vec<_> = (0..len).map(|d| (cells[(y + d) * c + x], None)).collect();
                        b.option(&o).unwrap();
                    }
                }
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn the_order_is_the_dense_graphs_order() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..600 {
            let m = random(&mut rng);
            assert_eq!(sweep_order(&m), reference::sweep_order(&m));
        }
        for (r, c, k) in [
            (2, 3, 2),
            (8, 8, 2),
            (6, 10, 3),
            (9, 12, 3),
            (5, 7, 4),
            (12, 12, 2),
        ] {
            let m = board(r, c, k);
            assert_eq!(sweep_order(&m), reference::sweep_order(&m), "{r}x{c}");
        }
    }

    /// One option of 300,000 items: the dense graph would hold 9 * 10^10
    /// pairs; the cliques hold the option once.
    #[test]
    fn a_wide_option_is_not_expanded_into_pairs() {
        let mut b = MatrixBuilder::new();
        let n = 300_000;
        let items: Vec<_> = (0..n)
            .map(|k| (b.primary(&format!("i{k}")).unwrap(), None))
            .collect();
        b.option(&items).unwrap();
        b.option(&items[..n / 2]).unwrap();
        let m = b.build().unwrap();
        let g = Graph::new(&m);
        assert!(!g.exact);
        assert_eq!(g.members.len(), n + n / 2);
        let order = sweep_order(&m);
        assert_eq!(order.len(), n);
        assert_eq!(frontier(&m, &order).unwrap(), n - 1);
    }
}
