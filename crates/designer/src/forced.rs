//! What every solution shares, and where a search would start: the
//! placements common to all solutions ([`common_options`]) and the
//! option a search tries first ([`first_choice`]).

use dlx::{ItemId, Matrix, OptionId};

/// A search for one solution of a matrix (`None`: it has none), failing
/// with `E` (e.g. when interrupted).
pub type Find<'a, E> = dyn FnMut(&Matrix) -> Result<Option<Vec<OptionId>>, E> + 'a;

/// The options of `m` common to every solution, in their order, or `None`
/// when `m` has no solution. `find` returns one solution of a matrix (or
/// `None`); it is called at most once more than the options of the first
/// solution.
///
/// The candidates start as the first solution's options. For a candidate
/// `o`, a solution of `m` without `o` either exists (then every candidate
/// it lacks is not common either, and drops out with `o`), or not (then
/// `o` is in every solution). Each search settles at least one candidate.
pub fn common_options<E>(m: &Matrix, find: &mut Find<'_, E>) -> Result<Option<Vec<OptionId>>, E> {
    let Some(first) = find(m)? else {
        return Ok(None);
    };
    let mut candidates: Vec<OptionId> = first;
    candidates.sort();
    let mut common = vec![];
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
    Ok(Some(common))
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
