//! Counting solutions by disassembly level: every solution the count's
//! big search finds is weighed (how many solutions and classes it stands
//! for, [`orbits`]) and taken apart, and its weight goes to its
//! level.
//!
//! Solutions equal up to the group come apart the same way (the motion
//! models are symmetric), except where the search breaks a tie between
//! equally short moves by its fixed order of directions. So that a class
//! of solutions gets one level whichever member the search finds, a
//! solution is taken apart in one chosen form: the image under the group
//! whose sorted option numbers come first.

use super::{DisassemblyError, Level, PuzzleDisassembler, Separation};
use dlx::{Matrix, OptionId};
use orbits::{Action, Plan, Weight};
use std::collections::BTreeMap;

/// What the count's fingerprint says of the classification (bump when the
/// rules change what a solution's level is; v2: prisms keep their kinds in
/// the movement cache, which changed the levels of prism puzzles).
pub const CLASSES: &str = "disassembly-level-v2";

/// Weighs and classifies the solutions of a plan's big search.
pub struct Classifier<'a> {
    plan: &'a Plan<'a>,
    perms: &'a [Vec<u32>],
    disassembler: &'a PuzzleDisassembler<'a>,
}

impl<'a> Classifier<'a> {
    /// A classifier for `plan` (made with
    /// [`Plan::weighing_every_solution`] from `action`), taking solutions
    /// apart with `disassembler`.
    pub fn new(
        plan: &'a Plan<'a>,
        action: &'a Action,
        disassembler: &'a PuzzleDisassembler<'a>,
    ) -> Self {
        Classifier {
            plan,
            perms: &action.perms,
            disassembler,
        }
    }

    /// The form in which a solution (options of the plan's matrix) is
    /// taken apart: options of the original matrix, the smallest image
    /// under the group.
    pub fn canonical(&self, options: &[OptionId]) -> Vec<OptionId> {
        let mine = self.plan.original(options);
        let mut best = mine.clone();
        let mut image = Vec::with_capacity(mine.len());
        for p in self.perms {
            image.clear();
            image.extend(mine.iter().map(|&o| p[o as usize]));
            image.sort_unstable();
            if image < best {
                std::mem::swap(&mut image, &mut best);
            }
        }
        best.into_iter()
            .map(|o| OptionId::from_index(o as usize))
            .collect()
    }

    /// A solution's weight, and the weight its level gets with how it
    /// comes apart.
    ///
    /// Where the big search finds several members of a class (every
    /// solution, or a representative with symmetries), the class is taken
    /// apart once, for the member whose options come first, which carries
    /// the whole class's weight; the others carry none.
    pub fn classify(&self, options: &[OptionId]) -> Result<Classified, DisassemblyError> {
        let weight = self.plan.weigh(options);
        // The search finds this solution's images under these elements too:
        // the first of them stands for them all.
        let mine = self.plan.original(options);
        let mut image = Vec::with_capacity(mine.len());
        for &g in &self.plan.also_found(options) {
            image.clear();
            image.extend(mine.iter().map(|&o| self.perms[g][o as usize]));
            image.sort_unstable();
            if image < mine {
                return Ok(Classified {
                    weight,
                    class_weight: Weight::default(),
                    separation: None,
                });
            }
        }
        // The class: |G| / |Stab| solutions, one class (kept times |G|).
        let order = self.plan.group_order() as u128;
        let stabilizer = (weight.distinct / weight.total.max(1)).max(1);
        let class_weight = Weight {
            total: order / stabilizer,
            distinct: order,
        };
        let canonical = self.canonical(options);
        let separation = self.disassembler.analyse(&canonical)?.separation;
        Ok(Classified {
            weight,
            class_weight,
            separation,
        })
    }
}

/// A solution weighed and taken apart ([`Classifier::classify`]).
#[derive(Clone, Debug)]
pub struct Classified {
    /// What the solution is worth in the count ([`Plan::weigh`]).
    pub weight: Weight,
    /// What its level gets: its class's weight when it is the member that
    /// stands for the class, else nothing.
    pub class_weight: Weight,
    /// How it comes apart (`None`: it does not, or another member of its
    /// class stands for it).
    pub separation: Option<Separation>,
}

/// Solutions counted by level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelCount {
    /// All solutions.
    pub solutions: u128,
    /// Solutions up to the group.
    pub distinct: u128,
    /// By level of those that come apart: (solutions, up to the group).
    pub levels: BTreeMap<Level, (u128, u128)>,
}

impl LevelCount {
    /// Solutions that come apart: (all, up to the group).
    pub fn disassemblable(&self) -> (u128, u128) {
        self.levels
            .values()
            .fold((0, 0), |(a, b), &(x, y)| (a + x, b + y))
    }
}

/// Counts the solutions of a puzzle by level on one thread (the command
/// line runs the same weighing on the parallel driver). `m` is the
/// puzzle's matrix, `action` its group.
pub fn count_levels(
    m: &Matrix,
    action: &Action,
    disassembler: &PuzzleDisassembler<'_>,
) -> Result<LevelCount, DisassemblyError> {
    let plan = Plan::weighing_every_solution(m, action, CLASSES)
        .expect("the group's permutations match the matrix");
    let classifier = Classifier::new(&plan, action, disassembler);
    let mut sums: BTreeMap<Level, (u128, u128)> = BTreeMap::new();
    let (mut total, mut distinct) = (0u128, 0u128);
    let mut error = None;
    let mut solver = dlx::Solver::new(plan.matrix());
    solver.solve(&mut |o: &[OptionId]| match classifier.classify(o) {
        Ok(c) => {
            total += c.weight.total;
            distinct += c.weight.distinct;
            if let Some(s) = c.separation {
                let e = sums.entry(s.level()).or_default();
                e.0 += c.class_weight.total;
                e.1 += c.class_weight.distinct;
            }
            dlx::Control::Continue
        }
        Err(e) => {
            error = Some(e);
            dlx::Control::Stop
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    let order = plan.group_order() as u128;
    Ok(LevelCount {
        solutions: total,
        distinct: distinct / order,
        levels: sums
            .into_iter()
            .map(|(l, (t, d))| (l, (t, d / order)))
            .collect(),
    })
}
