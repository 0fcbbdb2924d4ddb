//! What every solution shares, and where a search would start: the
//! placements common to all solutions ([`common_options`]) and the
//! option a search tries first ([`first_choice`]).

use dlx::{Entry, ItemId, Matrix, OptionId};

/// A search for one solution of a matrix (`None`: it has none), failing
/// with `E` (e.g. when interrupted).
pub type Find<'a, E> = dyn FnMut(&Matrix) -> Result<Option<Vec<OptionId>>, E> + 'a;

/// The options of `m` common to every solution, in their order, or `None`
/// when `m` has no solution. `find` returns one solution of a matrix (or
/// `None`); it is called once, plus at most once per option of the first
/// solution that [`propagated`] does not prove common.
///
/// The candidates start as the first solution's options; those that
/// propagation forces are common at once (a search each would cost the
/// whole board per placement: quadratic on a board where every placement
/// is forced). For another candidate `o`, a solution of `m` without `o`
/// either exists (then every candidate it lacks is not common either, and
/// drops out with `o`), or not (then `o` is in every solution). Each
/// search settles at least one candidate.
pub fn common_options<E>(m: &Matrix, find: &mut Find<'_, E>) -> Result<Option<Vec<OptionId>>, E> {
    let Some(first) = find(m)? else {
        return Ok(None);
    };
    let mut forced = vec![false; m.num_options()];
    for o in propagated(m) {
        forced[o.index()] = true;
    }
    let (mut common, mut candidates): (Vec<OptionId>, Vec<OptionId>) =
        first.into_iter().partition(|o| forced[o.index()]);
    candidates.sort();
    while let Some(&o) = candidates.first() {
        let (without, ids) = m.retain_options(|x| x != o);
        match find(&without)? {
            None => {
                common.push(o);
                candidates.remove(0);
            }
            Some(other) => {
                let held: Vec<OptionId> = other.iter().map(|x| ids[x.index()]).collect();
                candidates.retain(|c| *c != o && held.contains(c));
            }
        }
    }
    common.sort();
    Ok(Some(common))
}

/// The options unit propagation forces from the root of `m`, in the order
/// taken: while some primary item that must be covered (lower bound at
/// least 1), and that no taken option covers yet, lies in one live option,
/// take that option and kill every option that clashes with it. When `m`
/// has a solution, each one holds every option taken (none it holds is
/// ever killed, so it holds each item's last live option).
///
/// Clashes, kept sound for every matrix: sharing a primary item that at
/// most one option may cover, or a secondary item with another colour (or
/// no colour). Items that take several options (pieces with many copies)
/// never kill, so they force only while untouched. Linear in the matrix:
/// each option dies once, each item is scanned once when it forces.
pub fn propagated(m: &Matrix) -> Vec<OptionId> {
    let by_item = options_by_item(m);
    let mut live: Vec<usize> = by_item.iter().map(Vec::len).collect();
    let mut alive = vec![true; m.num_options()];
    let mut touched = vec![false; m.num_items()];
    let must: Vec<bool> = m
        .items()
        .map(|i| m.is_primary(i) && m.bounds(i).0 >= 1)
        .collect();
    let mut queue: Vec<usize> = (0..m.num_items())
        .filter(|&i| must[i] && live[i] == 1)
        .collect();
    let mut taken = vec![];
    while let Some(i) = queue.pop() {
        if touched[i] {
            continue;
        }
        let Some(&o) = by_item[i].iter().find(|&&o| alive[o.index()]) else {
            continue; // no live option: `m` has no solution
        };
        taken.push(o);
        for e in m.option(o) {
            touched[e.item.index()] = true;
        }
        for e in m.option(o) {
            for &p in &by_item[e.item.index()] {
                if p != o && alive[p.index()] && clashes(m, e, p) {
                    alive[p.index()] = false;
                    for f in m.option(p) {
                        let j = f.item.index();
                        live[j] -= 1;
                        if live[j] == 1 && must[j] && !touched[j] {
                            queue.push(j);
                        }
                    }
                }
            }
        }
    }
    taken
}

/// Each item's options, in order.
fn options_by_item(m: &Matrix) -> Vec<Vec<OptionId>> {
    let mut by_item: Vec<Vec<OptionId>> = vec![Vec::new(); m.num_items()];
    for o in m.options() {
        for e in m.option(o) {
            by_item[e.item.index()].push(o);
        }
    }
    by_item
}

/// Can option `p` not be chosen with the option holding entry `e`, whose
/// item `p` holds too?
fn clashes(m: &Matrix, e: &Entry, p: OptionId) -> bool {
    if m.is_primary(e.item) {
        return m.bounds(e.item).1 <= 1;
    }
    let theirs = m.option(p).iter().find(|f| f.item == e.item);
    e.color.is_none() || theirs.is_none_or(|f| f.color != e.color)
}

/// The option a search of `m` tries first: the first option of the
/// primary item in the fewest options (the first such item), as Knuth's
/// Algorithm X chooses; `None` when some primary item that must be
/// covered is in no option, or there is no primary item.
pub fn first_choice(m: &Matrix) -> Option<(ItemId, usize, OptionId)> {
    let mut count = vec![0usize; m.num_items()];
    let mut first: Vec<Option<OptionId>> = vec![None; m.num_items()];
    for o in m.options() {
        for e in m.option(o) {
            let i = e.item.index();
            count[i] += 1;
            first[i].get_or_insert(o);
        }
    }
    let best = m
        .items()
        .filter(|&i| m.is_primary(i) && m.bounds(i).0 > 0)
        .min_by_key(|i| count[i.index()])?;
    Some((best, count[best.index()], first[best.index()]?))
}
