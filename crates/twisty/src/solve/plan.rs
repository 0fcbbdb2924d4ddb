//! The exact stage's plans: the orders in which the orbits the exact stage solves are brought
//! home, stage by stage, each stage keeping the orbits of the earlier ones.
//!
//! Two orders are tried in turn at solve time: orbits that some move turns without touching the
//! other exact orbits (tips) last, as they are often fixed cheaply at the end, and otherwise the
//! largest first; or simply the smallest first (a tetrahedron whose face layers turn carries its
//! tips around: placing them after the edges needs long searches, before them short ones).

use std::sync::Arc;

use super::exact::{Cache, Limits, OrbitTables, Stage};
use super::invariants::Invariants;
use super::moves::Moves;
use super::structure::Structure;

/// An exact orbit's place in an order: whether some move turns it without touching the other
/// exact orbits, its size ([`orbit_size`]), and its index; orders sort by these in turn.
pub type Key = (bool, f64, usize);

/// The orders of the exact orbits.
pub struct Orders {
    /// Isolated orbits last, otherwise the largest first.
    pub big_first: Vec<Key>,
    /// The smallest first.
    pub small_first: Vec<Key>,
}

/// An orbit's size for ordering: its pieces times the log of its slots.
pub fn orbit_size(structure: &Structure, oi: usize) -> f64 {
    let o = &structure.orbits[oi];
    o.len() as f64 * ((o.len() * o.twists as usize) as f64).ln()
}

impl Orders {
    /// The two orders of the orbits `exact`.
    pub fn new(structure: &Structure, moves: &Moves, exact: &[usize]) -> Orders {
        let isolated = |oi: usize| {
            (0..moves.len()).any(|m| {
                structure.orbits[oi].touched_by[m]
                    && exact
                        .iter()
                        .all(|&o2| o2 == oi || !structure.orbits[o2].touched_by[m])
            })
        };
        let size = |oi: usize| orbit_size(structure, oi);
        let sorted = |key: &dyn Fn(usize) -> (bool, f64)| {
            let mut order: Vec<Key> = exact
                .iter()
                .map(|&oi| {
                    let (isolated, size) = key(oi);
                    (isolated, size, oi)
                })
                .collect();
            // Sizes are finite (orbits are never empty), and `total_cmp` orders
            // them as `partial_cmp` would: every key of one order has the same sign.
            order.sort_by(|a, b| {
                (a.0.cmp(&b.0))
                    .then(a.1.total_cmp(&b.1))
                    .then(a.2.cmp(&b.2))
            });
            order
        };
        Orders {
            big_first: sorted(&|oi| (isolated(oi), -size(oi))),
            small_first: sorted(&|oi| (false, size(oi))),
        }
    }
}

/// Makes the stages of plans, sharing tables between them.
pub struct Planner<'a> {
    /// The puzzle's moves.
    pub moves: &'a Moves,
    /// The abelian invariants the last stage brings to zero.
    pub invariants: &'a Invariants,
    /// The slot tables of every orbit a plan may solve (`None` for the others).
    pub tables_of: Vec<Option<Arc<OrbitTables>>>,
    /// One stage solving every orbit and the invariants at once (shortest solutions).
    pub optimal: bool,
    /// Table sizes of the stages.
    pub limits: Limits,
    /// Move tables and databases already made.
    pub cache: Cache,
}

impl Planner<'_> {
    /// The plans, tried in turn at solve time: the big-first order, then the small-first one if
    /// it differs, then (with `colour_orbit`) the big-first order after that orbit alone, whose
    /// index is returned too (see `Options::colour_budget`).
    pub fn plans(
        &mut self,
        structure: &Structure,
        orders: &Orders,
        colour_orbit: Option<usize>,
    ) -> (Vec<Vec<Stage>>, Option<usize>) {
        let big_first = &orders.big_first;
        let mut plans: Vec<Vec<Stage>> = Vec::new();
        // The orbits no move isolates are solved together in the first stage; then each
        // isolated orbit in turn.
        let together = big_first.iter().take_while(|x| !x.0).count().max(1);
        plans.push(self.plan(big_first, together));
        let same = |a: &[Key], b: &[Key]| a.iter().map(|x| x.2).eq(b.iter().map(|x| x.2));
        let one_order = same(big_first, &orders.small_first) && together == 1;
        if !self.optimal && !one_order {
            plans.push(self.plan(&orders.small_first, 1));
        }
        // The look-alike orbit first, alone (its search is short), then the usual order: solved
        // last, every earlier orbit would have to be kept while it is (a long search).
        let colour_plan = colour_orbit.map(|oi| {
            let mut order = big_first.clone();
            order.insert(0, (false, orbit_size(structure, oi), oi));
            plans.push(self.plan(&order, 1));
            plans.len() - 1
        });
        (plans, colour_plan)
    }

    /// The stages of one order: the first `together` orbits at once, then one more orbit per
    /// stage; the invariants in a last stage (when they are not trivial). Optimal: one stage,
    /// every orbit and the invariants at once.
    fn plan(&mut self, order: &[Key], together: usize) -> Vec<Stage> {
        let orbit_tables: Vec<Arc<OrbitTables>> = order
            .iter()
            .map(|x| self.tables_of[x.2].clone().expect("an exact orbit"))
            .collect();
        let mut stages = Vec::new();
        let growing = if self.optimal {
            0..0
        } else {
            together.min(orbit_tables.len()).max(1)..orbit_tables.len() + 1
        };
        for i in growing {
            stages.push(Stage::new(
                orbit_tables[..i].to_vec(),
                self.moves,
                self.invariants,
                false,
                self.limits,
                &mut self.cache,
            ));
        }
        if self.optimal || !self.invariants.is_trivial() {
            stages.push(Stage::new(
                orbit_tables,
                self.moves,
                self.invariants,
                true,
                self.limits,
                &mut self.cache,
            ));
        }
        stages
    }
}
