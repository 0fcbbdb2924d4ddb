//! The dense sweep order as it was before the graph was kept as cliques
//! (`adj` lists of every pair): the reference the tests hold
//! [`super::sweep_order`] to, order for order.

use super::super::state::is_sweep;
use crate::matrix::{ItemId, Matrix};

/// The co-occurrence graph of the sweep items: `adj[a]` lists the
/// neighbours of sweep item `a` (numbered `0..` in item order) without
/// repeats; and the item of each number.
fn graph(matrix: &Matrix) -> (Vec<Vec<u32>>, Vec<ItemId>) {
    let items: Vec<ItemId> = (0..matrix.num_primary())
        .map(|i| ItemId(i as u32))
        .filter(|&i| is_sweep(matrix.bounds(i)))
        .collect();
    let mut num = vec![u32::MAX; matrix.num_items()];
    for (a, &i) in items.iter().enumerate() {
        num[i.index()] = a as u32;
    }
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); items.len()];
    let mut here: Vec<u32> = Vec::new();
    for opt in matrix.options() {
        here.clear();
        here.extend(
            matrix
                .option(opt)
                .iter()
                .map(|e| num[e.item.index()])
                .filter(|&a| a != u32::MAX),
        );
        for &a in &here {
            adj[a as usize].extend(here.iter().copied().filter(|&b| b != a));
        }
    }
    for list in &mut adj {
        list.sort_unstable();
        list.dedup();
    }
    (adj, items)
}

/// Breadth-first levels from `root`: each reached item's distance in
/// `dist` (which must be all `u32::MAX` on entry for this component), and
/// the items in the order reached.
fn bfs(adj: &[Vec<u32>], root: u32, dist: &mut [u32]) -> Vec<u32> {
    let mut seen = vec![root];
    dist[root as usize] = 0;
    let mut k = 0;
    while k < seen.len() {
        let a = seen[k] as usize;
        k += 1;
        for &b in &adj[a] {
            if dist[b as usize] == u32::MAX {
                dist[b as usize] = dist[a] + 1;
                seen.push(b);
            }
        }
    }
    seen
}

/// A pseudo-peripheral item of the component of `start` (module doc).
fn peripheral(adj: &[Vec<u32>], start: u32) -> u32 {
    let mut dist = vec![u32::MAX; adj.len()];
    let mut root = start;
    let mut reached = bfs(adj, root, &mut dist);
    let mut ecc = dist[*reached.last().expect("the root") as usize];
    // The George-Liu iteration ends in a few rounds; 16 is a safe cap.
    for _ in 0..16 {
        let far = reached
            .iter()
            .copied()
            .filter(|&b| dist[b as usize] == ecc)
            .min_by_key(|&b| (adj[b as usize].len(), b))
            .expect("the last level is not empty");
        for &b in &reached {
            dist[b as usize] = u32::MAX;
        }
        let next = bfs(adj, far, &mut dist);
        let e = dist[*next.last().expect("the root") as usize];
        for &b in &next {
            dist[b as usize] = u32::MAX;
        }
        if e <= ecc {
            break;
        }
        root = far;
        ecc = e;
        reached = bfs(adj, root, &mut dist);
    }
    root
}

/// The heuristic sweep order of `matrix`'s sweep items (module doc): of
/// the Cuthill-McKee and the Sloan orders, the one with the smaller
/// frontier, or on a tie the smaller sum of frontier sizes over all steps
/// (fewer states to cache).
pub fn sweep_order(matrix: &Matrix) -> Vec<ItemId> {
    let (adj, items) = graph(matrix);
    let candidates = [cuthill_mckee(&adj), sloan(&adj)];
    let best = candidates
        .into_iter()
        .min_by_key(|order| profile(&adj, order))
        .expect("two candidates");
    best.into_iter().map(|a| items[a as usize]).collect()
}

/// The components of the graph, each as a pseudo-peripheral item (module
/// doc) of it; components taken by their item of least degree, first in
/// item order.
fn roots(adj: &[Vec<u32>]) -> Vec<u32> {
    let n = adj.len();
    let mut by_degree: Vec<u32> = (0..n as u32).collect();
    by_degree.sort_by_key(|&a| (adj[a as usize].len(), a));
    let mut dist = vec![u32::MAX; n];
    let mut out = Vec::new();
    for &start in &by_degree {
        if dist[start as usize] == u32::MAX {
            bfs(adj, start, &mut dist);
            out.push(peripheral(adj, start));
        }
    }
    out
}

/// Cuthill-McKee, component by component: breadth-first from each root,
/// each item's new neighbours by increasing degree.
fn cuthill_mckee(adj: &[Vec<u32>]) -> Vec<u32> {
    let mut placed = vec![false; adj.len()];
    let mut order = Vec::with_capacity(adj.len());
    let mut fresh: Vec<u32> = Vec::new();
    for root in roots(adj) {
        placed[root as usize] = true;
        let mut k = order.len();
        order.push(root);
        while k < order.len() {
            let a = order[k] as usize;
            k += 1;
            fresh.clear();
            fresh.extend(adj[a].iter().copied().filter(|&b| !placed[b as usize]));
            fresh.sort_by_key(|&b| (adj[b as usize].len(), b));
            for &b in &fresh {
                placed[b as usize] = true;
                order.push(b);
            }
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
/// narrow.
fn sloan(adj: &[Vec<u32>]) -> Vec<u32> {
    #[derive(Copy, Clone, PartialEq)]
    enum Status {
        Inactive,
        Preactive,
        Active,
        Placed,
    }
    use Status::*;
    let n = adj.len();
    let mut status = vec![Inactive; n];
    let mut prio = vec![0i64; n];
    let mut dist = vec![u32::MAX; n];
    let mut order = Vec::with_capacity(n);
    let mut heap = std::collections::BinaryHeap::new();
    for s in roots(adj) {
        // Distances from the far end: the last item reached from s.
        let reached = bfs(adj, s, &mut dist);
        let far = *reached.last().expect("the root");
        for &b in &reached {
            dist[b as usize] = u32::MAX;
        }
        let reached = bfs(adj, far, &mut dist);
        for &b in &reached {
            prio[b as usize] = i64::from(dist[b as usize]) - 2 * (adj[b as usize].len() as i64 + 1);
        }
        status[s as usize] = Preactive;
        heap.push((prio[s as usize], std::cmp::Reverse(s)));
        while let Some((p, std::cmp::Reverse(i))) = heap.pop() {
            let iu = i as usize;
            if p != prio[iu] || status[iu] == Placed {
                continue; // a stale entry
            }
            if status[iu] == Preactive {
                for &j in &adj[iu] {
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
            for &j in &adj[iu] {
                let j = j as usize;
                if status[j] != Preactive {
                    continue;
                }
                status[j] = Active;
                prio[j] += 2;
                heap.push((prio[j], std::cmp::Reverse(j as u32)));
                for &k in &adj[j] {
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
/// all steps, and the sum of its sizes.
fn profile(adj: &[Vec<u32>], order: &[u32]) -> (usize, usize) {
    let mut pos = vec![0usize; adj.len()];
    for (p, &a) in order.iter().enumerate() {
        pos[a as usize] = p;
    }
    // The item at position q is in the frontier at steps t with e < t <= q,
    // e its smallest neighbour position: a difference array over t.
    let n = order.len();
    let mut diff = vec![0i64; n + 2];
    for (a, list) in adj.iter().enumerate() {
        let q = pos[a];
        if let Some(e) = list
            .iter()
            .map(|&b| pos[b as usize])
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
