//! The cell engine (through `Solver` with `EngineKind::Cells`) against a
//! brute-force oracle on small random matrices, against the dancing links on
//! larger ones (masks of one, two and four words), and on the standard
//! instances with their published counts.

use super::oracle::{Rng, brute_force};
use dlx::{
    Control, CountOnly, EngineKind, Matrix, MatrixBuilder, OptionId, Outcome, Solver, Subproblem,
};
use std::collections::BTreeSet;

/// A solver on the cell engine; the matrix must suit it.
fn cells(m: &Matrix) -> Solver<'_> {
    let s = Solver::with_engine(m, EngineKind::Cells);
    assert_eq!(
        s.engine(),
        EngineKind::Cells,
        "the matrix suits the cell engine"
    );
    s
}

/// A random matrix with up to 13 options (the oracle tries all 2^13
/// subsets): some primary items with bounds other than 1:1 when `bounds`,
/// some secondary items when `secondary`. Most options hold an item with
/// bounds 1:1, as the cell engine needs; a few may not (`new` must then
/// not take the matrix).
fn random_matrix(rng: &mut Rng, secondary: bool, bounds: bool) -> Matrix {
    let np = 1 + rng.below(6) as usize;
    let ns = if secondary { rng.below(4) as usize } else { 0 };
    let mut b = MatrixBuilder::new();
    let mut items = Vec::new();
    let mut exact = Vec::new();
    for i in 0..np {
        let name = format!("p{i}");
        let id = if bounds && rng.chance(40) {
            let hi = 1 + rng.below(3) as u32;
            let lo = rng.below(hi as u64 + 1) as u32;
            b.primary_bounds(&name, lo, hi).unwrap()
        } else {
            exact.push(items.len());
            b.primary(&name).unwrap()
        };
        items.push(id);
    }
    for i in 0..ns {
        items.push(b.secondary(&format!("s{i}")).unwrap());
    }
    let options = 1 + rng.below(13);
    for _ in 0..options {
        loop {
            let mut opt = Vec::new();
            for &item in &items {
                if rng.chance(35) {
                    opt.push((item, None));
                }
            }
            if !exact.is_empty() && rng.chance(90) {
                let e = items[exact[rng.below(exact.len() as u64) as usize]];
                if !opt.iter().any(|&(i, _)| i == e) {
                    opt.push((e, None));
                }
            }
            for k in (1..opt.len()).rev() {
                opt.swap(k, rng.below(k as u64 + 1) as usize);
            }
            if opt.iter().any(|(i, _)| i.index() < np) {
                b.option(&opt).unwrap();
                break;
            }
        }
    }
    b.build().unwrap()
}

/// The condition of the cell engine, checked here independently.
fn suits(m: &Matrix) -> bool {
    !m.has_colors()
        && m.num_items() <= 256
        && m.options().all(|o| {
            m.option(o)
                .iter()
                .any(|e| m.is_primary(e.item) && m.bounds(e.item) == (1, 1))
        })
}

fn sorted(opts: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = opts.iter().map(|o| o.index()).collect();
    v.sort();
    v
}

/// The set of solutions of the cell engine; no solution twice.
fn cell_solutions(s: &mut Solver) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    for sol in s.first(usize::MAX) {
        assert!(out.insert(sorted(&sol)), "a solution was visited twice");
    }
    out
}

/// Everything a driver relies on, for one matrix whose solutions are
/// `expected`: the solutions, the count from a used solver, subproblems of
/// depths 0-3 adding up to the count (and their nodes to the full search's).
fn check(m: &Matrix, expected: &BTreeSet<Vec<usize>>, what: &str) {
    let text = dlx::format::write(m);
    let mut s = cells(m);
    assert_eq!(&cell_solutions(&mut s), expected, "{what}\n{text}");
    assert!(!s.is_busy());
    assert_eq!(s.count(), expected.len() as u128, "{what}\n{text}");
    let full_nodes = {
        let before = s.stats().nodes;
        s.count();
        s.stats().nodes - before
    };
    for depth in 0..4 {
        let before = s.stats().nodes;
        let subs = s.subproblems(depth);
        let mut total = 0;
        for sub in &subs {
            assert!(sub.depth() <= depth);
            let n = count_sub(&mut s, sub);
            total += n;
            if depth == 1 {
                // Splitting a subproblem one level further loses nothing.
                let below = s.subproblems_below(sub, 1).unwrap();
                let split: u128 = below.iter().map(|b| count_sub(&mut s, b)).sum();
                assert_eq!(split, n, "{what}\n{text}");
            }
        }
        assert_eq!(
            total,
            expected.len() as u128,
            "{what}, depth {depth}\n{text}"
        );
        if depth != 1 {
            // The listing's nodes and the subproblems' add up to the tree's.
            assert_eq!(
                s.stats().nodes - before,
                full_nodes,
                "{what}, depth {depth}\n{text}"
            );
        }
    }
}

/// Solutions of one subproblem.
fn count_sub(s: &mut Solver, sub: &Subproblem) -> u128 {
    s.start(sub).unwrap();
    let before = s.stats().solutions;
    assert_eq!(s.run(&mut CountOnly, u64::MAX), Outcome::Finished);
    s.stats().solutions - before
}

#[test]
fn random_matrices_match_brute_force_and_the_links() {
    let mut rng = Rng(11);
    let mut checked = [0usize; 4];
    for trial in 0..3000 {
        let secondary = trial % 2 == 1;
        let bounds = trial % 4 >= 2;
        let m = random_matrix(&mut rng, secondary, bounds);
        assert_eq!(EngineKind::Cells.suits(&m), suits(&m), "trial {trial}");
        if !suits(&m) {
            // The solver falls back to the engine it would pick anyway.
            let s = Solver::with_engine(&m, EngineKind::Cells);
            assert_eq!(s.engine(), EngineKind::best_for(&m), "trial {trial}");
            assert!(EngineKind::Cells.refusal(&m).is_some(), "trial {trial}");
            continue;
        }
        checked[trial % 4] += 1;
        let expected = brute_force(&m);
        let what = format!("trial {trial}");
        check(&m, &expected, &what);
        let mut links = Solver::new(&m);
        if m.has_multiplicities() {
            // The links agree on the set of solutions (Algorithm M's tree
            // is another).
            let mut got = BTreeSet::new();
            links.solve(&mut |o: &[OptionId]| {
                got.insert(sorted(o));
                Control::Continue
            });
            assert_eq!(got, expected, "{what}");
        } else {
            // Without counted items the cell engine makes DLX1's choices:
            // the same solutions in the same order, the same nodes.
            let mut c = cells(&m);
            assert_eq!(c.first(usize::MAX), links.first(usize::MAX), "{what}");
            assert_eq!(c.stats().nodes, links.stats().nodes, "{what}");
        }
    }
    // Every kind was exercised many times.
    assert!(checked.iter().all(|&c| c > 400), "{checked:?}");
}

/// A matrix with `n` items (the first `np` primary, the rest secondary) and a
/// few planted solutions: each of `k` random partitions of the primary items
/// into blocks of two to four, each block an option with a random secondary
/// item or none; mixing blocks of different partitions gives more solutions.
fn planted(rng: &mut Rng, np: usize, n: usize, k: usize, bounds: bool) -> Matrix {
    let mut b = MatrixBuilder::new();
    // A few primary items may be counted (bounds lo:hi around their use).
    let counted: Vec<bool> = (0..np).map(|_| bounds && rng.chance(5)).collect();
    let items: Vec<_> = (0..n)
        .map(|i| {
            if i >= np {
                b.secondary(&format!("s{i}")).unwrap()
            } else if counted[i] {
                b.primary_bounds(&format!("p{i}"), 0, 2).unwrap()
            } else {
                b.primary(&format!("p{i}")).unwrap()
            }
        })
        .collect();
    let mut seen = BTreeSet::new();
    for _ in 0..k {
        let mut order: Vec<usize> = (0..np).filter(|&i| !counted[i]).collect();
        for j in (1..order.len()).rev() {
            order.swap(j, rng.below(j as u64 + 1) as usize);
        }
        let mut rest = &order[..];
        // Within a partition a secondary item is used once, a counted item
        // at most twice, so every partition is a solution.
        let mut free: Vec<usize> = (np..n).collect();
        let mut uses = vec![0; np];
        while !rest.is_empty() {
            let size = (2 + rng.below(3) as usize).min(rest.len());
            let mut opt: Vec<usize> = rest[..size].to_vec();
            rest = &rest[size..];
            if !free.is_empty() && rng.chance(30) {
                let j = rng.below(free.len() as u64) as usize;
                opt.push(free.swap_remove(j));
            }
            if rng.chance(20)
                && let Some(c) = (0..np).find(|&i| counted[i] && uses[i] < 2 && rng.chance(30))
            {
                uses[c] += 1;
                opt.push(c);
            }
            opt.sort();
            if seen.insert(opt.clone()) {
                let entries: Vec<_> = opt.iter().map(|&i| (items[i], None)).collect();
                b.option(&entries).unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// Solutions of the links, as sorted option lists.
fn links_solutions(m: &Matrix) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    Solver::new(m).solve(&mut |o: &[OptionId]| {
        out.insert(sorted(o));
        Control::Continue
    });
    out
}

/// Masks of one, two and four words, with secondary and counted items.
#[test]
fn wide_matrices_match_the_links() {
    let mut rng = Rng(12);
    for (trial, &(np, n)) in [
        (40, 60),
        (60, 64),
        (70, 100),
        (100, 128),
        (120, 200),
        (200, 256),
    ]
    .iter()
    .cycle()
    .take(36)
    .enumerate()
    {
        let m = planted(&mut rng, np, n, 4, trial % 2 == 1);
        // Few enough solutions to list them all.
        let count = Solver::new(&m).count();
        assert!(count < 100_000, "trial {trial}: {count} solutions");
        let expected = links_solutions(&m);
        assert!(!expected.is_empty(), "trial {trial}: a planted solution");
        check(&m, &expected, &format!("trial {trial}"));
    }
    // One item too many.
    let m = planted(&mut rng, 200, 257, 1, false);
    assert!(!EngineKind::Cells.suits(&m));
    assert_eq!(
        EngineKind::Cells.refusal(&m).unwrap(),
        "it has 257 items, the cell engine takes at most 256"
    );
}

/// Matrices the cell engine cannot take are left to another engine (the
/// one `Solver::new` picks), not solved wrongly, and the refusal says why.
#[test]
fn unsuitable_matrices_fall_back() {
    // Colors.
    let m = dlx::format::parse("a | x\na x:red\na x:blue\n").unwrap();
    assert!(!EngineKind::Cells.suits(&m));
    assert!(EngineKind::Cells.refusal(&m).unwrap().contains("colors"));
    let mut s = Solver::with_engine(&m, EngineKind::Cells);
    assert_eq!(s.engine(), EngineKind::Bits);
    assert_eq!(s.count(), 2);
    // An option without an item of bounds 1:1 (the links: multiplicities).
    let m = dlx::format::parse("a 0:2|b\na\nb\n").unwrap();
    assert_eq!(
        EngineKind::Cells.refusal(&m).unwrap(),
        "option 2 holds no primary item with bounds 1:1"
    );
    // A caller names the option its own way (a file's line).
    let place = |o: dlx::OptionId| format!("the option of line {}", o.index() + 2);
    assert_eq!(
        EngineKind::Cells.refusal_naming(&m, &place).unwrap(),
        "the option of line 3 holds no primary item with bounds 1:1"
    );
    let mut s = Solver::with_engine(&m, EngineKind::Cells);
    assert_eq!(s.engine(), EngineKind::Links);
    assert_eq!(EngineKind::Cells.resolve(&m), EngineKind::Links);
    // {a}, {a, b}, {a, b, b} is not a set: {a} and {a, b}.
    assert_eq!(s.count(), 2);
    let m = dlx::format::parse("a 0:2|b\na b\n").unwrap();
    assert_eq!(EngineKind::Cells.refusal(&m), None);
    assert_eq!(cells(&m).count(), 1);
}

/// Pausing after every node (or every few) and resuming gives the same
/// solutions in the same order; progress never goes back.
#[test]
fn pause_and_resume_is_invisible() {
    let mut rng = Rng(13);
    let mut rounds = 0;
    while rounds < 300 {
        let (sec, bnd) = (rng.chance(50), rng.chance(50));
        let m = random_matrix(&mut rng, sec, bnd);
        if !EngineKind::Cells.suits(&m) {
            continue;
        }
        let mut s = cells(&m);
        rounds += 1;
        let straight = s.first(usize::MAX);
        let nodes = {
            let before = s.stats().nodes;
            s.count();
            s.stats().nodes - before
        };
        let budget = 1 + rng.below(2);
        let mut paused = Vec::new();
        s.start(&Subproblem::root()).unwrap();
        let mut pauses = 0;
        let mut last = 0.0;
        let before = s.stats().nodes;
        loop {
            let outcome = s.run(
                &mut |o: &[OptionId]| {
                    paused.push(o.to_vec());
                    Control::Continue
                },
                budget,
            );
            let p = s.progress();
            assert!(p >= last - 1e-12 && p <= 1.0);
            last = p;
            match outcome {
                Outcome::Paused => pauses += 1,
                Outcome::Finished => break,
                Outcome::Stopped => unreachable!(),
            }
            assert!(pauses < 100_000);
        }
        assert_eq!(straight, paused);
        assert_eq!(s.stats().nodes - before, nodes);
        assert!(!s.is_busy());
    }
}

/// Stopping early or abandoning leaves the solver ready for a new search.
#[test]
fn stopping_early_then_reuse() {
    let mut rng = Rng(14);
    let mut rounds = 0;
    while rounds < 300 {
        let bnd = rng.chance(50);
        let m = random_matrix(&mut rng, true, bnd);
        if !EngineKind::Cells.suits(&m) {
            continue;
        }
        let mut s = cells(&m);
        rounds += 1;
        let all = s.first(usize::MAX);
        for n in 0..=all.len() {
            assert_eq!(s.first(n), all[..n].to_vec());
        }
        s.start(&Subproblem::root()).unwrap();
        let _ = s.run(&mut CountOnly, 1 + rng.below(4));
        s.abandon();
        assert!(!s.is_busy());
        assert_eq!(s.count(), all.len() as u128);
    }
}

/// Subproblems that this engine did not make are refused.
#[test]
fn foreign_subproblems_are_refused() {
    let m = dlx::format::parse("a b c\na b\nc\na\nb c\n").unwrap();
    let mut s = cells(&m);
    let subs = s.subproblems(1);
    assert_eq!(subs.len(), 2);
    // Options' first nodes: 5 (a b), 8 (c), 10 (a), 12 (b c).
    let mut firsts: Vec<u32> = subs.iter().map(|s| s.choices()[0]).collect();
    firsts.sort();
    assert_eq!(firsts, [5, 10]);
    for bad in [vec![1_000_000], vec![1], vec![6], vec![8]] {
        assert!(s.start(&Subproblem::from_parts(bad, vec![1])).is_err());
    }
    // Too deep: a whole solution, then one more choice.
    let sol = s.subproblems(5);
    let mut deep = sol[0].choices().to_vec();
    deep.push(deep[0]);
    assert!(s.start(&Subproblem::from_parts(deep, vec![1; 3])).is_err());
    assert_eq!(s.count(), 2);
}

/// The standard instances (`benches/instances`, made by code independent of
/// this crate), with their published counts.
fn instance(name: &str) -> Matrix {
    let path = format!(
        "{}/../../benches/instances/{name}.dlx",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    dlx::format::parse(&text).unwrap()
}

#[test]
fn standard_instances() {
    // Soma cube: 240 distinct x 48; 3x20 pentominoes: 2 x 4.
    for (name, count) in [("soma", 11520), ("pent3x20", 8)] {
        let m = instance(name);
        let mut s = cells(&m);
        assert_eq!(s.count(), count, "{name}");
        // Split at depth 2, the subproblems add up.
        let total: u128 = s
            .subproblems(2)
            .iter()
            .map(|sub| count_sub(&mut s, sub))
            .sum();
        assert_eq!(total, count, "{name}");
    }
}

/// Slower: `cargo test --release -p polycover-dlx --test cells -- --ignored`.
#[test]
#[ignore]
fn standard_instances_slow() {
    for (name, count) in [
        ("pent6x10", 9356),
        ("pent6x10x", 2339),
        ("pent5x12", 4040),
        ("pent2x5x6", 2112),
        ("queens13", 73712),
        ("langford12", 216288),
    ] {
        let m = instance(name);
        assert_eq!(cells(&m).count(), count, "{name}");
    }
}
