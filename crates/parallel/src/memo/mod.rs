//! # Memoized counts on threads and shards (issue 41)
//!
//! [`dlx::memo::Memo`] counts a whole problem on one thread. To divide the
//! work, the solutions are cut into *parts*: sets of options such that
//! every solution holds the options of exactly one part
//! ([`memo_parts`]). Each part is counted with
//! [`Memo::count_given`](dlx::memo::Memo::count_given) and the counts are
//! summed exactly ([`dlx::Count`]: any size).
//!
//! **The split.** Start from the empty part. A part is split on the first
//! primary item with bounds `1:1`, in the memo engine's sweep order
//! ([`Memo::order`](dlx::memo::Memo::order)), that none of its options
//! covers: every solution of the part holds exactly one option with that
//! item, so the part's children (the part plus one such option each,
//! leaving out options that conflict with the part, which complete
//! nothing) share its solutions out without overlap or loss. All parts are
//! split one level at a time, until there are at least the target number
//! of parts or no part has an uncovered `1:1` item (a matrix without one
//! gives the single empty part). The parts depend on the matrix, the order
//! and the target only, never on the machine or the thread count.
//!
//! **Threads** ([`count_parts`], [`memo_count`]). A rayon pool of N
//! workers takes the parts in turn; each worker keeps one `Memo` for all
//! the parts it takes (their subproblems repeat: the sweep soon forgets
//! how the first items were covered), with a cache budget of one N-th of
//! the default. A count on threads is exact whatever N, but the states
//! visited differ from a one-thread count's (each worker fills its own
//! cache).
//!
//! **Shards** ([`MemoShards`], module `shard`). For N shards the target is
//! [`MEMO_PARTS_PER_SHARD`] × N; part `k` (0-based) belongs to shard
//! `k mod N + 1`. A shard counts its parts (on threads, if asked) and
//! writes a [`MemoShardResult`] file, checksummed, naming the matrix's
//! [`memo_fingerprint`], the shard, N, the plan version and each part's
//! options and count. [`memo_merge`] checks every result against the plan
//! made again from the matrix and sums them.

mod run;
mod shard;

pub use run::{MemoProgress, MemoRun, PARTS_PER_THREAD, count_parts, memo_count};
pub use shard::{
    MEMO_PARTS_PER_SHARD, MEMO_PLAN_VERSION, MEMO_RESULT_FORMAT, MemoMerged, MemoPartCount,
    MemoShardResult, MemoShards, is_memo_result, memo_fingerprint, memo_merge, memo_merge_all,
};

use dlx::{Color, ItemId, Matrix, OptionId};
use std::collections::HashMap;

/// The parts of a memoized count of `matrix` swept in `order` (see the
/// module doc): disjoint sets of options whose solutions, together, are
/// all the solutions. At least `target` parts unless the split runs out of
/// `1:1` items; parts that can complete nothing (no option fits) are left
/// out, so a matrix without solutions may give no part at all. Each part
/// lists its options in the order they were chosen.
pub fn memo_parts(matrix: &Matrix, order: &[ItemId], target: usize) -> Vec<Vec<OptionId>> {
    let exact = |i: ItemId| matrix.is_primary(i) && matrix.bounds(i) == (1, 1);
    // The options of each `1:1` item of the order, in option order.
    let mut holders: HashMap<ItemId, Vec<OptionId>> = order
        .iter()
        .filter(|&&i| exact(i))
        .map(|&i| (i, Vec::new()))
        .collect();
    for o in matrix.options() {
        for e in matrix.option(o) {
            if let Some(h) = holders.get_mut(&e.item) {
                h.push(o);
            }
        }
    }
    let mut parts = vec![Vec::new()];
    while parts.len() < target {
        let mut next = Vec::new();
        let mut grew = false;
        for part in parts {
            let usage = Usage::of(matrix, &part);
            let Some(item) = order
                .iter()
                .copied()
                .find(|&i| exact(i) && !usage.covers(i))
            else {
                next.push(part);
                continue;
            };
            grew = true;
            for &o in &holders[&item] {
                if usage.fits(matrix, o) {
                    let mut child = part.clone();
                    child.push(o);
                    next.push(child);
                }
            }
        }
        parts = next;
        if !grew {
            break;
        }
    }
    parts
}

/// How the options of a part use the items: for each item held, how many
/// options hold it and, for a secondary item, the color they agree on
/// (`None`: held without a color, so no other option may hold it).
struct Usage(HashMap<ItemId, (u32, Option<Color>)>);

impl Usage {
    fn of(matrix: &Matrix, part: &[OptionId]) -> Usage {
        let mut u = HashMap::new();
        for &o in part {
            for e in matrix.option(o) {
                let slot = u.entry(e.item).or_insert((0, e.color));
                slot.0 += 1;
            }
        }
        Usage(u)
    }

    fn covers(&self, item: ItemId) -> bool {
        self.0.contains_key(&item)
    }

    /// Can option `o` join the part: no primary item beyond its upper
    /// bound, no secondary item taken twice unless both agree on a color.
    fn fits(&self, matrix: &Matrix, o: OptionId) -> bool {
        matrix.option(o).iter().all(|e| match self.0.get(&e.item) {
            None => true,
            Some(&(n, _)) if matrix.is_primary(e.item) => n < matrix.bounds(e.item).1,
            Some(&(_, color)) => color.is_some() && color == e.color,
        })
    }
}
