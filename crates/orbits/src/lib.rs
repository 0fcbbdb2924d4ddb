//! # Counting up to symmetry
//!
//! Counting the solutions of an exact-cover problem in all and up to a group
//! acting on its options. This crate knows no puzzles: a polyform puzzle,
//! an edge-matching puzzle or any other kind hands it an [`Action`] (one
//! permutation of the options per group element) and gets counts back.
//!
//! # One entry point, planned then executed
//!
//! [`count`] is the whole method: [`Plan::new`] decides how to count,
//! a [`Search`] runs the plan's one big search ([`Plan::matrix`], weighed by
//! [`Plan::weigh`] when [`Plan::is_weighted`]), and [`Plan::finish`] turns
//! its tally into a [`Counted`], running the few small searches Burnside's
//! lemma may still need. The split lets a caller run the big search its own
//! way (on all cores, resumed from a checkpoint, as shards on many
//! machines) and still get exact counts: the big search is always one
//! search of one matrix, so whatever can checkpoint, split or merge a plain
//! count can do the same for a count up to symmetry.
//!
//! # Representatives: one piece, one placement per orbit
//!
//! A *candidate* is a set of options of which every solution holds exactly
//! one and which the group maps onto itself (in a polyform puzzle: the
//! placements of a piece present once that every symmetry carries to
//! itself). Keep one representative `r` per orbit of the candidate's
//! options, drop the other options of the candidate, and search. A solution
//! `S` found with `r` has its stabilizer inside `H_r = Stab(r)`, and its
//! orbit holds `|H_r| / |Stab(S)|` solutions with the candidate at `r`.
//! Each solution found is therefore worth
//!
//! * `|G| / |H_r|` solutions of the whole problem, and
//! * `|Stab(S)| / |H_r|` distinct solutions,
//!
//! both exact. The plan's weigher says so for each solution; distinct
//! weights are kept multiplied by `|G|` so that they stay integers. Most
//! representatives have a trivial `H_r`, and then a solution is simply worth
//! `|G|` and one. The search is about `|G|` times smaller than the whole.
//!
//! # Burnside's lemma
//!
//! Without a candidate, distinct = the average over `g` of the number of
//! solutions `g` fixes. The identity fixes them all (the big search, a plain
//! count); any other `g` fixes exactly the solutions made of whole orbits of
//! `g`'s action on the options, which are the solutions of a much smaller
//! matrix of orbits ([`fixed_solutions`]), searched by [`Plan::finish`].
//! When an orbit matrix cannot express the problem, the big search weighs
//! each solution by the size of its stabilizer instead.

#![deny(missing_docs)]

use dlx::{Count, ItemId, Matrix, MatrixBuilder, OptionId, Stats};
use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

/// A group acting on the options of a matrix.
#[derive(Clone, Debug)]
pub struct Action {
    /// What the group is, in words a user understands (e.g. "rotations and
    /// reflections of the board").
    pub description: String,
    /// `perms[g][o]`: the option that element `g` makes of option `o`. The
    /// identity comes first; every element maps solutions to solutions.
    pub perms: Vec<Vec<u32>>,
    /// Candidates for representatives (see the module documentation), each
    /// listing its options in order of preference: the first option of an
    /// orbit in the list becomes its representative.
    pub candidates: Vec<Vec<u32>>,
}

impl Action {
    /// The trivial group on `num_options` options.
    pub fn trivial(num_options: usize) -> Action {
        Action {
            description: "no symmetry".into(),
            perms: vec![(0..num_options as u32).collect()],
            candidates: Vec::new(),
        }
    }

    /// The number of group elements.
    pub fn order(&self) -> usize {
        self.perms.len()
    }
}

/// What a count is asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// The number of solutions.
    Total,
    /// The number of solutions and of orbits of solutions (distinct ones).
    Distinct,
}

/// How the solutions are counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The whole tree, no symmetry used.
    Full,
    /// One candidate at one representative per orbit (weighted search):
    /// `candidate` is its index in [`Action::candidates`]; `orbits` orbits,
    /// `symmetric` of them with a nontrivial stabilizer.
    Representatives {
        /// The candidate's index in [`Action::candidates`].
        candidate: usize,
        /// Its orbits: the representatives kept.
        orbits: usize,
        /// Orbits whose representative has a nontrivial stabilizer.
        symmetric: usize,
    },
    /// Burnside's lemma: the whole tree plus one orbit matrix per
    /// non-identity element.
    Burnside,
    /// Burnside's lemma over the whole tree, each solution weighed by its
    /// stabilizer (when an orbit matrix cannot express the problem).
    BurnsideByStabilizers,
}

/// What one solution of the big search is worth.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Weight {
    /// Solutions of the whole problem.
    pub total: u128,
    /// Distinct solutions, multiplied by the group order.
    pub distinct: u128,
}

impl Weight {
    /// Adds `o`, or `None` on overflow.
    pub fn checked_add(self, o: Weight) -> Option<Weight> {
        Some(Weight {
            total: self.total.checked_add(o.total)?,
            distinct: self.distinct.checked_add(o.distinct)?,
        })
    }
}

/// The outcome of the big search: its figures and, for a weighted search,
/// the sum of its solutions' weights.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Nodes and updates, and `solutions` (`u128::MAX` for a count past
    /// it: `found` holds every count exactly).
    pub stats: Stats,
    /// Solutions found (of the searched matrix), exact at any size.
    pub found: Count,
    /// The sum of the weights (zero for an unweighted search).
    pub weight: Weight,
}

impl Tally {
    /// The tally of a search whose figures are `stats`, unweighted.
    pub fn of(stats: Stats) -> Tally {
        Tally {
            stats,
            found: Count::from(stats.solutions),
            weight: Weight::default(),
        }
    }
}

/// Solutions in all and up to the group, with the cost of the searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// All solutions.
    pub solutions: Count,
    /// Orbits of solutions, when asked for or known at no cost.
    pub distinct: Option<Count>,
    /// The order of the group.
    pub group_order: usize,
    /// How the count was made.
    pub method: Method,
    /// The factor by which the big search was smaller than the whole tree
    /// (the group order for representatives, 1 otherwise).
    pub reduced: usize,
    /// Nodes and updates of every search made (`stats.solutions` is the
    /// big search's own count of its matrix).
    pub stats: Stats,
}

impl Counted {
    /// The solutions and distinct solutions as `u128`s, where they fit
    /// (a count made by visiting solutions always does; only the memo
    /// engine's can outgrow them).
    pub fn small(&self) -> Option<(u128, Option<u128>)> {
        let distinct = match &self.distinct {
            Some(d) => Some(d.to_u128()?),
            None => None,
        };
        Some((self.solutions.to_u128()?, distinct))
    }
}

/// Why a count failed.
#[derive(Debug)]
pub enum CountError<E> {
    /// The search backend failed (e.g. it was interrupted).
    Search(E),
    /// A broken invariant (a bug), with an explanation.
    Internal(String),
}

impl<E: fmt::Display> fmt::Display for CountError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Search(e) => write!(f, "{e}"),
            CountError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for CountError<E> {}

/// A weigher: what a solution (options of [`Plan::matrix`]) is worth.
pub type Weigher<'a> = dyn Fn(&[OptionId]) -> Weight + Sync + 'a;

/// What a search backend does for a count: the big search (counted, or
/// weighed solution by solution) and small searches visiting solutions.
/// [`SerialSearch`] is the plain one-thread solver; the command line plugs
/// in the parallel driver.
pub trait Search {
    /// The backend's error (e.g. an interruption).
    type Error;
    /// Counts the solutions of `m`, summing `weigh` over them when given.
    fn count(&mut self, m: &Matrix, weigh: Option<&Weigher<'_>>) -> Result<Tally, Self::Error>;
    /// Calls `f` with every solution of `m`.
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<Stats, Self::Error>;
    /// Counts the solutions of a small matrix of the plan's finish (an
    /// orbit matrix of Burnside's lemma): by default by visiting them with
    /// [`Search::each`], never checkpointed. A backend that counts without
    /// visiting solutions (a memoizing counter) does better.
    fn count_small(&mut self, m: &Matrix) -> Result<(Count, Stats), Self::Error> {
        let stats = self.each(m, &mut |_| {})?;
        Ok((Count::from(stats.solutions), stats))
    }
}

/// The one-thread solver as a [`Search`].
#[derive(Debug, Default)]
pub struct SerialSearch;

impl Search for SerialSearch {
    type Error = std::convert::Infallible;
    fn count(&mut self, m: &Matrix, weigh: Option<&Weigher<'_>>) -> Result<Tally, Self::Error> {
        let mut s = dlx::Solver::new(m);
        let mut weight = Weight::default();
        match weigh {
            None => {
                s.count();
            }
            Some(w) => {
                s.solve(&mut |o: &[OptionId]| {
                    weight = weight
                        .checked_add(w(o))
                        .expect("a weight sum overflows u128");
                    dlx::Control::Continue
                });
            }
        }
        Ok(Tally {
            weight,
            ..Tally::of(s.stats())
        })
    }
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<Stats, Self::Error> {
        let mut s = dlx::Solver::new(m);
        s.solve(&mut |o: &[OptionId]| {
            f(o);
            dlx::Control::Continue
        });
        Ok(s.stats())
    }
}

/// What a representative option is worth, by option of the plan's matrix.
#[derive(Clone, Debug)]
enum Rep {
    /// Not a candidate option.
    No,
    /// A representative with a trivial stabilizer.
    Plain,
    /// A representative with stabilizer `h` (element indices, identity
    /// first).
    Symmetric(Vec<usize>),
}

/// How to count: the big search's matrix and weigher, and what to do with
/// its tally. Built by [`Plan::new`]; see the module documentation.
pub struct Plan<'m> {
    /// The matrix of the big search: the original, or the one restricted to
    /// representatives.
    matrix: Cow<'m, Matrix>,
    /// `old[o]`: the original option of option `o` of `matrix`.
    old: Vec<OptionId>,
    /// Representatives: per option of `matrix`.
    reps: Vec<Rep>,
    method: Method,
    /// The order of the group.
    order: usize,
    /// The group, as option permutations of the original matrix (empty
    /// when the plan does not need them).
    perms: Vec<Vec<u32>>,
    /// Burnside: the orbit matrix of each non-identity element, with the
    /// multiplicity bookkeeping of [`OrbitMatrix`].
    orbit_matrices: Vec<OrbitMatrix>,
}

impl<'m> Plan<'m> {
    /// Plans a count of `m` under `action`. With `reduce` false, a total is
    /// counted on the whole tree even where representatives would be
    /// faster. Fails only on a broken invariant of the action.
    pub fn new(
        m: &'m Matrix,
        action: &Action,
        want: Want,
        reduce: bool,
    ) -> Result<Plan<'m>, String> {
        Plan::build(m, action, want, reduce, None)
    }

    /// Plans a count whose searches are all plain counts, never weighed
    /// solution by solution: the whole tree when the total alone is wanted
    /// (or the group is trivial), else Burnside's lemma with its orbit
    /// matrices. For a backend that counts without visiting solutions (a
    /// memoizing counter). `None` when the orbit matrices cannot express
    /// the problem, so that counting up to the group needs every solution
    /// visited.
    pub fn unweighted(
        m: &'m Matrix,
        action: &Action,
        want: Want,
    ) -> Result<Option<Plan<'m>>, String> {
        if want == Want::Total || action.order() == 1 {
            return Plan::build(m, action, Want::Total, false, None).map(Some);
        }
        check_perms(m, action)?;
        Ok(orbit_matrices(m, action)?.map(|orbit_matrices| Plan {
            orbit_matrices,
            ..Plan::whole(m, action, Method::Burnside, action.perms.clone())
        }))
    }

    /// The plan of a search of the whole of `m`.
    fn whole(m: &'m Matrix, action: &Action, method: Method, perms: Vec<Vec<u32>>) -> Plan<'m> {
        Plan {
            matrix: Cow::Borrowed(m),
            old: Vec::new(),
            reps: Vec::new(),
            method,
            order: action.order(),
            perms,
            orbit_matrices: Vec::new(),
        }
    }

    /// Plans a count up to the group in which the big search weighs every
    /// solution it finds (representatives, or else every solution weighed
    /// by its stabilizer; never Burnside's plain count), so that a caller
    /// can sort the solutions into classes as they come, e.g. by
    /// disassembly level. `classes` names the classification: it is part
    /// of the big search's matrix (and so of its checkpoints'
    /// fingerprints), so that a run of one classification never resumes
    /// another's, nor a plain count's.
    pub fn weighing_every_solution(
        m: &'m Matrix,
        action: &Action,
        classes: &str,
    ) -> Result<Plan<'m>, String> {
        Plan::build(m, action, Want::Distinct, true, Some(classes))
    }

    fn build(
        m: &'m Matrix,
        action: &Action,
        want: Want,
        reduce: bool,
        classes: Option<&str>,
    ) -> Result<Plan<'m>, String> {
        check_perms(m, action)?;
        let order = action.order();
        let full = |method: Method, perms: Vec<Vec<u32>>| Plan::whole(m, action, method, perms);
        // The method's name in the matrix's tag, with the classification.
        let named = |method: &str| match classes {
            Some(c) => format!("{method}-classified-by-{c}"),
            None => method.to_string(),
        };
        if classes.is_none() && (order == 1 || (want == Want::Total && !reduce)) {
            return Ok(full(Method::Full, Vec::new()));
        }
        if let Some((candidate, orbits)) = best_candidate(&action.perms, &action.candidates) {
            let members: HashSet<u32> = action.candidates[candidate].iter().copied().collect();
            let rep_of: std::collections::HashMap<u32, usize> =
                orbits.iter().map(|&(r, s)| (r, s)).collect();
            let (matrix, old) = m.retain_options(|o| {
                let o = o.index() as u32;
                !members.contains(&o) || rep_of.contains_key(&o)
            });
            let reps = old
                .iter()
                .map(|o| {
                    let o = o.index() as u32;
                    match rep_of.get(&o) {
                        None => Rep::No,
                        Some(1) => Rep::Plain,
                        Some(_) => Rep::Symmetric(
                            (0..order)
                                .filter(|&g| action.perms[g][o as usize] == o)
                                .collect(),
                        ),
                    }
                })
                .collect();
            let symmetric = orbits.iter().filter(|o| o.1 > 1).count();
            let matrix = tagged(&matrix, &named("representatives"), &action.perms)?;
            return Ok(Plan {
                matrix: Cow::Owned(matrix),
                old,
                reps,
                method: Method::Representatives {
                    candidate,
                    orbits: orbits.len(),
                    symmetric,
                },
                order,
                perms: action.perms.clone(),
                orbit_matrices: Vec::new(),
            });
        }
        if want == Want::Total {
            return Ok(full(Method::Full, Vec::new()));
        }
        if classes.is_some() {
            let mut plan = full(Method::BurnsideByStabilizers, action.perms.clone());
            plan.matrix = Cow::Owned(tagged(m, &named("stabilizers"), &action.perms)?);
            return Ok(plan);
        }
        match orbit_matrices(m, action)? {
            Some(orbit_matrices) => {
                let mut plan = full(Method::Burnside, action.perms.clone());
                plan.orbit_matrices = orbit_matrices;
                Ok(plan)
            }
            None => {
                let mut plan = full(Method::BurnsideByStabilizers, action.perms.clone());
                plan.matrix = Cow::Owned(tagged(m, &named("stabilizers"), &action.perms)?);
                Ok(plan)
            }
        }
    }

    /// The matrix of the big search.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// How the count is made.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The factor by which the big search is smaller than the whole tree.
    pub fn reduced(&self) -> usize {
        match self.method {
            Method::Representatives { .. } => self.order,
            _ => 1,
        }
    }

    /// Must the big search weigh its solutions ([`Plan::weigh`])? Otherwise
    /// a plain count is all it needs.
    pub fn is_weighted(&self) -> bool {
        matches!(
            self.method,
            Method::Representatives { .. } | Method::BurnsideByStabilizers
        )
    }

    /// What one solution of the big search (options of [`Plan::matrix`]) is
    /// worth. For an unweighted plan, one solution and no distinct weight.
    pub fn weigh(&self, options: &[OptionId]) -> Weight {
        let order = self.order as u128;
        match self.method {
            Method::Representatives { .. } => {
                for o in options {
                    match &self.reps[o.index()] {
                        Rep::No => {}
                        // Worth |G| solutions and one orbit (kept times |G|).
                        Rep::Plain => {
                            return Weight {
                                total: order,
                                distinct: order,
                            };
                        }
                        Rep::Symmetric(h) => {
                            let sorted = self.sorted_original(options);
                            let stab = stabilizer(&self.perms, h, &sorted) as u128;
                            let per = order / h.len() as u128;
                            return Weight {
                                total: per,
                                distinct: stab * per,
                            };
                        }
                    }
                }
                // Every solution holds exactly one option of the candidate.
                Weight::default()
            }
            Method::BurnsideByStabilizers => {
                let sorted = self.sorted_original(options);
                let all: Vec<usize> = (0..self.perms.len()).collect();
                Weight {
                    total: 1,
                    distinct: stabilizer(&self.perms, &all, &sorted) as u128,
                }
            }
            Method::Full | Method::Burnside => Weight {
                total: 1,
                distinct: 0,
            },
        }
    }

    /// The group elements (indices into the action's permutations) whose
    /// images of a solution of the big search (options of
    /// [`Plan::matrix`]) the big search finds too: the stabilizer of its
    /// representative (representatives), every element (Burnside), the
    /// identity alone for a plain search. One member of each class of
    /// solutions found is the one whose sorted original options come first
    /// among its images under these.
    pub fn also_found(&self, options: &[OptionId]) -> Vec<usize> {
        match self.method {
            Method::Representatives { .. } => options
                .iter()
                .find_map(|o| match &self.reps[o.index()] {
                    Rep::Symmetric(h) => Some(h.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| vec![0]),
            Method::Burnside | Method::BurnsideByStabilizers => (0..self.order).collect(),
            Method::Full => vec![0],
        }
    }

    /// The order of the group.
    pub fn group_order(&self) -> usize {
        self.order
    }

    /// A solution of the big search (options of [`Plan::matrix`]) as
    /// sorted option numbers of the original matrix.
    pub fn original(&self, options: &[OptionId]) -> Vec<u32> {
        self.sorted_original(options)
    }

    /// A solution's options as sorted original option numbers.
    fn sorted_original(&self, options: &[OptionId]) -> Vec<u32> {
        let mut v: Vec<u32> = options
            .iter()
            .map(|o| {
                if self.old.is_empty() {
                    o.index() as u32
                } else {
                    self.old[o.index()].index() as u32
                }
            })
            .collect();
        v.sort_unstable();
        v
    }

    /// The counts from the big search's tally; Burnside's small searches run
    /// on `search`.
    pub fn finish<S: Search>(
        &self,
        main: Tally,
        search: &mut S,
    ) -> Result<Counted, CountError<S::Error>> {
        let order = self.order;
        let mut stats = main.stats;
        let found = main.found;
        let (solutions, distinct_times_order) = match self.method {
            Method::Full => (found.clone(), (order == 1).then_some(found)),
            Method::Representatives { .. } | Method::BurnsideByStabilizers => (
                Count::from(main.weight.total),
                Some(Count::from(main.weight.distinct)),
            ),
            Method::Burnside => {
                let mut sum = found.clone();
                for om in &self.orbit_matrices {
                    let (fixed, st) = om.fixed(search)?;
                    sum.add(&fixed);
                    stats.nodes += st.nodes;
                    stats.updates += st.updates;
                }
                (found, Some(sum))
            }
        };
        let distinct = match distinct_times_order {
            Some(d) if self.method == Method::Full => Some(d),
            Some(d) => {
                let (q, r) = d.div_rem_u64(order as u64);
                if r != 0 {
                    return Err(CountError::Internal(format!(
                        "the distinct sum {d} is not a multiple of the group order {order}"
                    )));
                }
                Some(q)
            }
            None => None,
        };
        Ok(Counted {
            solutions,
            distinct,
            group_order: order,
            method: self.method,
            reduced: self.reduced(),
            stats,
        })
    }
}

/// Refuses an action whose permutations do not act on `m`'s options.
fn check_perms(m: &Matrix, action: &Action) -> Result<(), String> {
    let n = m.num_options();
    if action.perms.is_empty() || action.perms.iter().any(|p| p.len() != n) {
        return Err("the group's permutations do not match the matrix".into());
    }
    Ok(())
}

/// The orbit matrix of each non-identity element, or `None` when one
/// cannot express the problem.
fn orbit_matrices(m: &Matrix, action: &Action) -> Result<Option<Vec<OrbitMatrix>>, String> {
    let mut out = Vec::with_capacity(action.order().saturating_sub(1));
    for perm in &action.perms[1..] {
        match OrbitMatrix::new(m, perm)? {
            Some(om) => out.push(om),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// `m` with one more secondary item, used by no option, that names how its
/// solutions are weighed: the method and the group (its order and a hash of
/// its permutations). The search is unchanged, but the matrix's
/// fingerprint, and so every checkpoint and shard result of the weighted
/// search, now tells one weighing from another: a count under the rotations
/// cannot resume one under the full group even where both keep the same
/// options.
fn tagged(m: &Matrix, method: &str, perms: &[Vec<u32>]) -> Result<Matrix, String> {
    let internal = |e: dlx::MatrixError| e.to_string();
    // FNV-1a over the permutations.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for x in perms.iter().flatten() {
        for b in x.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    m.with_secondary(&format!(
        "weighed-by-{method}-of-group-{}-{h:016x}",
        perms.len()
    ))
    .map_err(internal)
}

/// Counts the solutions of `m` in all (and up to `action` when `want` is
/// [`Want::Distinct`]): plans, runs the big search on `search`, finishes.
/// `reduce` allows the representatives method for a total alone.
pub fn count<S: Search>(
    m: &Matrix,
    action: &Action,
    want: Want,
    reduce: bool,
    search: &mut S,
) -> Result<Counted, CountError<S::Error>> {
    let plan = Plan::new(m, action, want, reduce).map_err(CountError::Internal)?;
    let weigh = |o: &[OptionId]| plan.weigh(o);
    let tally = search
        .count(
            plan.matrix(),
            if plan.is_weighted() {
                Some(&weigh)
            } else {
                None
            },
        )
        .map_err(CountError::Search)?;
    plan.finish(tally, search)
}

/// The candidate with the fewest orbits (then fewest symmetric ones), with
/// its orbits as (representative, stabilizer size); `None` without one.
fn best_candidate(
    perms: &[Vec<u32>],
    candidates: &[Vec<u32>],
) -> Option<(usize, Vec<(u32, usize)>)> {
    let mut best: Option<(usize, Vec<(u32, usize)>)> = None;
    for (i, opts) in candidates.iter().enumerate() {
        let orbits = orbits(perms, opts);
        let score = |o: &[(u32, usize)]| (o.len(), o.iter().filter(|x| x.1 > 1).count());
        if best.as_ref().is_none_or(|(_, b)| score(&orbits) < score(b)) {
            best = Some((i, orbits));
        }
    }
    best
}

/// The orbits of a set of options under the group, each as (representative,
/// stabilizer size); the representative is the orbit's option that comes
/// first in `options`.
fn orbits(perms: &[Vec<u32>], options: &[u32]) -> Vec<(u32, usize)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for &rep in options {
        if seen.contains(&rep) {
            continue;
        }
        seen.extend(perms.iter().map(|p| p[rep as usize]));
        let stab = perms.iter().filter(|p| p[rep as usize] == rep).count();
        out.push((rep, stab));
    }
    out
}

/// The number of elements among `candidates` that map the solution `sorted`
/// (sorted option numbers) onto itself.
fn stabilizer(perms: &[Vec<u32>], candidates: &[usize], sorted: &[u32]) -> usize {
    let mut buf = Vec::with_capacity(sorted.len());
    candidates
        .iter()
        .filter(|&&g| {
            buf.clear();
            buf.extend(sorted.iter().map(|&o| perms[g][o as usize]));
            buf.sort_unstable();
            buf == sorted
        })
        .count()
}

/// The solutions a permutation fixes, as the solutions of a matrix of its
/// orbits (see [`fixed_solutions`]).
struct OrbitMatrix {
    /// One option per orbit of options whose members share no item.
    matrix: Matrix,
    /// The items with bounds other than `1:1` (identical copies), left out
    /// of `matrix`: their bounds are checked on each of its solutions.
    counted: Vec<(u32, u32)>,
    /// `uses[k][j]`: how many times orbit option `k` uses counted item `j`.
    uses: Vec<Vec<u32>>,
}

impl OrbitMatrix {
    /// The orbit matrix of `perm` on `m`, or `None` when it cannot express
    /// the problem (an orbit covering no plain primary item).
    ///
    /// A solution fixed by `perm` is a union of orbits of the cyclic group it
    /// generates, each orbit made of options with no item in common. So: one
    /// option per such orbit, covering the union of its items.
    fn new(m: &Matrix, perm: &[u32]) -> Result<Option<OrbitMatrix>, String> {
        let internal = |e: dlx::MatrixError| e.to_string();
        let plain = |i: ItemId| m.bounds(i) == (1, 1) || !m.is_primary(i);
        let mut b = MatrixBuilder::new();
        let mut ids = vec![None; m.num_items()];
        for item in m.items() {
            if m.is_primary(item) && plain(item) {
                ids[item.index()] = Some(b.primary(m.item_name(item)).map_err(internal)?);
            }
        }
        for item in m.items() {
            if !m.is_primary(item) {
                ids[item.index()] = Some(b.secondary(m.item_name(item)).map_err(internal)?);
            }
        }
        let counted_items: Vec<ItemId> = m.items().filter(|&i| !plain(i)).collect();
        let mut uses: Vec<Vec<u32>> = Vec::new();
        let mut seen = vec![false; m.num_options()];
        let mut in_orbit = vec![0u32; m.num_items()];
        let mut stamp = 0u32;
        for start in 0..m.num_options() {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut o = perm[start] as usize;
            while o != start {
                seen[o] = true;
                orbit.push(o);
                o = perm[o] as usize;
            }
            stamp += 1;
            let mut row = Vec::new();
            let mut used = vec![0u32; counted_items.len()];
            let mut clash = false;
            for &o in &orbit {
                for e in m.option(OptionId::from_index(o)) {
                    let i = e.item.index();
                    if let Some(id) = ids[i] {
                        if in_orbit[i] == stamp {
                            clash = true;
                        }
                        in_orbit[i] = stamp;
                        row.push((id, e.color.map(|c| b.color(m.color_name(c)))));
                    } else if let Some(j) = counted_items.iter().position(|&c| c == e.item) {
                        used[j] += 1;
                    }
                }
            }
            // An orbit whose options overlap cannot be part of a solution.
            if clash {
                continue;
            }
            if !row.iter().any(|(id, _)| b.is_primary(*id)) {
                return Ok(None);
            }
            b.option(&row).map_err(internal)?;
            uses.push(used);
        }
        Ok(Some(OrbitMatrix {
            matrix: b.build().map_err(internal)?,
            counted: counted_items.iter().map(|&i| m.bounds(i)).collect(),
            uses,
        }))
    }

    /// The number of fixed solutions, and the cost of finding them.
    fn fixed<S: Search>(&self, search: &mut S) -> Result<(Count, Stats), CountError<S::Error>> {
        if self.counted.is_empty() {
            // No bounds to check: each solution is one fixed solution.
            return search.count_small(&self.matrix).map_err(CountError::Search);
        }
        let mut fixed = 0u128;
        let mut total = vec![0u32; self.counted.len()];
        let stats = search
            .each(&self.matrix, &mut |opts: &[OptionId]| {
                total.iter_mut().for_each(|t| *t = 0);
                for o in opts {
                    for (t, u) in total.iter_mut().zip(&self.uses[o.index()]) {
                        *t += u;
                    }
                }
                let ok = self
                    .counted
                    .iter()
                    .zip(&total)
                    .all(|(&(lo, hi), &t)| lo <= t && t <= hi);
                fixed += u128::from(ok);
            })
            .map_err(CountError::Search)?;
        Ok((Count::from(fixed), stats))
    }
}

/// The number of solutions of `m` that the option permutation `perm` maps
/// to themselves, or `None` when the orbit matrix cannot express the
/// problem (an orbit of options covering no plain primary item).
pub fn fixed_solutions<S: Search>(
    m: &Matrix,
    perm: &[u32],
    search: &mut S,
) -> Result<Option<(Count, Stats)>, CountError<S::Error>> {
    match OrbitMatrix::new(m, perm).map_err(CountError::Internal)? {
        Some(om) => om.fixed(search).map(Some),
        None => Ok(None),
    }
}

/// The number of solutions and of orbits by the definition: the canonical
/// form (smallest image) of every solution, deduplicated. Slow and
/// memory-hungry; for tests of the fast methods.
pub fn count_by_definition(m: &Matrix, perms: &[Vec<u32>]) -> (u128, u128) {
    let mut seen = HashSet::new();
    let mut total = 0u128;
    let mut s = dlx::Solver::new(m);
    s.solve(&mut |opts: &[OptionId]| {
        total += 1;
        let canon = perms
            .iter()
            .map(|p| {
                let mut v: Vec<u32> = opts.iter().map(|o| p[o.index()]).collect();
                v.sort_unstable();
                v
            })
            .min()
            .expect("the group has the identity");
        seen.insert(canon);
        dlx::Control::Continue
    });
    (total, seen.len() as u128)
}
