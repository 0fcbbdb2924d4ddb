//! The solver against a brute-force oracle on many small random matrices:
//! plain exact cover, secondary items, colors and multiplicities, on every
//! engine (`EngineKind::ALL`; the cell engine on the matrices it takes). The
//! oracle tries every subset of the options and checks the definition
//! directly, so it shares no code or idea with dancing links.

use dlx::{Control, EngineKind, Matrix, MatrixBuilder, OptionId, Outcome, Solver, Subproblem};
use std::collections::BTreeSet;

/// xorshift64*: a small deterministic generator, so failures reproduce.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub(super) fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

#[derive(Clone, Copy)]
struct Kind {
    secondary: bool,
    colors: bool,
    bounds: bool,
}

/// A random matrix with up to 13 options, so the oracle's 2^13 subsets stay cheap.
fn random_matrix(rng: &mut Rng, kind: Kind) -> Matrix {
    let np = 1 + rng.below(6) as usize;
    let ns = if kind.secondary {
        rng.below(4) as usize
    } else {
        0
    };
    let mut b = MatrixBuilder::new();
    let mut items = Vec::new();
    for i in 0..np {
        let name = format!("p{i}");
        let id = if kind.bounds && rng.chance(40) {
            let hi = 1 + rng.below(3) as u32;
            let lo = rng.below(hi as u64 + 1) as u32;
            b.primary_bounds(&name, lo, hi).unwrap()
        } else {
            b.primary(&name).unwrap()
        };
        items.push(id);
    }
    for i in 0..ns {
        items.push(b.secondary(&format!("s{i}")).unwrap());
    }
    let colors = ["red", "blue"];
    let options = 1 + rng.below(13);
    for _ in 0..options {
        loop {
            let mut opt = Vec::new();
            for (k, &item) in items.iter().enumerate() {
                if rng.chance(35) {
                    let color = if k >= np && kind.colors && rng.chance(60) {
                        Some(b.color(colors[rng.below(2) as usize]))
                    } else {
                        None
                    };
                    opt.push((item, color));
                }
            }
            // Shuffle so that options do not list their items in item order.
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

/// Every subset of options that satisfies the definition, as sorted option lists.
pub(super) fn brute_force(m: &Matrix) -> BTreeSet<Vec<usize>> {
    let n = m.num_options();
    let mut out = BTreeSet::new();
    'subset: for mask in 0u32..(1 << n) {
        let mut uses = vec![0u32; m.num_items()];
        let mut color = vec![None; m.num_items()];
        let mut plain = vec![false; m.num_items()];
        for k in 0..n {
            if mask & (1 << k) == 0 {
                continue;
            }
            for e in m.option(OptionId::from_index(k)) {
                let i = e.item.index();
                uses[i] += 1;
                if !m.is_primary(e.item) {
                    match e.color {
                        None => plain[i] = true,
                        Some(c) => {
                            if color[i].is_some_and(|d| d != c) {
                                continue 'subset;
                            }
                            color[i] = Some(c);
                        }
                    }
                    // Uncolored: at most once; colored: never with an uncolored use.
                    if plain[i] && uses[i] > 1 {
                        continue 'subset;
                    }
                }
            }
        }
        for item in m.items() {
            if m.is_primary(item) {
                let (lo, hi) = m.bounds(item);
                let u = uses[item.index()];
                if u < lo || u > hi {
                    continue 'subset;
                }
            }
        }
        out.insert((0..n).filter(|k| mask & (1 << k) != 0).collect());
    }
    out
}

fn solutions(solver: &mut Solver) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    let mut dup = false;
    solver.solve(&mut |opts: &[OptionId]| {
        let mut v: Vec<usize> = opts.iter().map(|o| o.index()).collect();
        v.sort();
        dup |= !out.insert(v);
        Control::Continue
    });
    assert!(!dup, "a solution was visited twice");
    out
}

/// Every solution in the order visited.
fn ordered(solver: &mut Solver) -> Vec<Vec<OptionId>> {
    solver.first(usize::MAX)
}

/// Checks `trials` random matrices of `kind` on every engine; returns how
/// many with counted items (bounds other than 1:1) the cell engine took.
fn check_kind(kind: Kind, seed: u64, trials: usize) -> usize {
    let mut rng = Rng(seed);
    let mut counted = 0;
    for trial in 0..trials {
        let m = random_matrix(&mut rng, kind);
        let expected = brute_force(&m);
        // The bitset engine walks the links' tree with Knuth's moves: the
        // same solutions in the same order, the same nodes and updates.
        let mut bits = Solver::with_engine(&m, EngineKind::Bits);
        let mut links = Solver::with_engine(&m, EngineKind::Links);
        links.set_early_dead_ends(false);
        let want = if m.has_multiplicities() {
            EngineKind::Links
        } else {
            EngineKind::Bits
        };
        assert_eq!(bits.engine(), want);
        assert_eq!(ordered(&mut bits), ordered(&mut links), "trial {trial}");
        assert_eq!(bits.stats(), links.stats(), "trial {trial}");
        bits.sanity().unwrap();
        same_subproblems(&m, &format!("trial {trial}"));
        for engine in EngineKind::ALL {
            let s = Solver::with_engine(&m, engine);
            assert_eq!(s.engine(), engine.resolve(&m), "trial {trial}");
            if engine.suits(&m) {
                check_engine(&m, &expected, engine, trial);
            }
        }
        counted += usize::from(EngineKind::Cells.suits(&m) && m.has_multiplicities());
        if EngineKind::Cells.suits(&m) && !m.has_multiplicities() {
            // Without counted items the cell engine walks DLX1's tree: the
            // same solutions in the same order, the same nodes.
            let mut cells = Solver::with_engine(&m, EngineKind::Cells);
            let mut dlx1 = Solver::with_engine(&m, EngineKind::Links);
            assert_eq!(ordered(&mut cells), ordered(&mut dlx1), "trial {trial}");
            assert_eq!(cells.stats().nodes, dlx1.stats().nodes, "trial {trial}");
        }
    }
    counted
}

fn check_engine(m: &Matrix, expected: &BTreeSet<Vec<usize>>, engine: EngineKind, trial: usize) {
    {
        let mut s = Solver::with_engine(m, engine);
        let got = solutions(&mut s);
        let text = dlx::format::write(m);
        assert_eq!(&got, expected, "trial {trial}, {engine:?}, matrix:\n{text}");
        assert_eq!(s.stats().solutions, expected.len() as u128);
        s.sanity()
            .unwrap_or_else(|e| panic!("trial {trial}: {e}\n{text}"));
        // Without early dead ends: the same solutions, the same tree (so the
        // same nodes), and no fewer updates.
        let mut knuth = Solver::with_engine(m, engine);
        knuth.set_early_dead_ends(false);
        assert_eq!(&solutions(&mut knuth), expected, "trial {trial}\n{text}");
        assert_eq!(knuth.stats().nodes, s.stats().nodes, "{text}");
        assert!(knuth.stats().updates >= s.stats().updates, "{text}");
        knuth.sanity().unwrap();
        // The same count through the fast path, from a used solver.
        assert_eq!(s.count(), expected.len() as u128, "{text}");
        let full_nodes = {
            let before = s.stats().nodes;
            s.count();
            s.stats().nodes - before
        };
        // Subproblems of every depth add up to the full count, and the nodes
        // of the listing and of the subproblems to the full search's nodes.
        for depth in 0..4 {
            let before = s.stats().nodes;
            let subs = s.subproblems(depth);
            let mut total = 0;
            for sub in &subs {
                assert!(sub.depth() <= depth);
                s.start(sub).unwrap();
                let before = s.stats().solutions;
                assert_eq!(s.run(&mut dlx::CountOnly, u64::MAX), Outcome::Finished);
                total += s.stats().solutions - before;
            }
            assert_eq!(total, expected.len() as u128, "depth {depth}\n{text}");
            assert_eq!(
                s.stats().nodes - before,
                full_nodes,
                "depth {depth}\n{text}"
            );
            s.sanity().unwrap();
            // In reverse order too: a solver keeps the levels one
            // subproblem shares with the one before, whatever their order.
            let mut back = 0;
            for sub in subs.iter().rev() {
                s.start(sub).unwrap();
                let before = s.stats().solutions;
                assert_eq!(s.run(&mut dlx::CountOnly, u64::MAX), Outcome::Finished);
                back += s.stats().solutions - before;
            }
            assert_eq!(back, expected.len() as u128, "depth {depth}\n{text}");
            // Abandoned, it is exactly as built again.
            s.abandon();
            assert!(!s.is_busy());
            s.sanity().unwrap();
        }
    }
}

#[test]
fn exact_cover_matches_brute_force() {
    let kind = Kind {
        secondary: false,
        colors: false,
        bounds: false,
    };
    check_kind(kind, 1, 400);
}

#[test]
fn secondary_items_match_brute_force() {
    let kind = Kind {
        secondary: true,
        colors: false,
        bounds: false,
    };
    check_kind(kind, 2, 400);
}

#[test]
fn colors_match_brute_force() {
    let kind = Kind {
        secondary: true,
        colors: true,
        bounds: false,
    };
    check_kind(kind, 3, 500);
}

#[test]
fn multiplicities_match_brute_force() {
    let kind = Kind {
        secondary: true,
        colors: false,
        bounds: true,
    };
    // The cell engine's own tree (counted items) was checked many times.
    assert!(check_kind(kind, 4, 500) > 80);
}

#[test]
fn multiplicities_with_colors_match_brute_force() {
    let kind = Kind {
        secondary: true,
        colors: true,
        bounds: true,
    };
    check_kind(kind, 5, 500);
}

/// A random matrix with secondary items (colors and bounds at random), and
/// the engine of round `round`: every engine in turn (the cell engine where
/// it applies).
fn random_case(rng: &mut Rng, round: usize) -> (Matrix, EngineKind) {
    let kind = Kind {
        secondary: true,
        colors: rng.chance(50),
        bounds: rng.chance(50),
    };
    (random_matrix(rng, kind), EngineKind::ALL[round % 3])
}

/// A solver of `m` on `engine` after a whole search, and its solutions.
fn straight_solutions(m: &Matrix, engine: EngineKind) -> (Solver<'_>, Vec<Vec<OptionId>>) {
    let mut s = Solver::with_engine(m, engine);
    let mut straight = Vec::new();
    s.solve(&mut |o: &[OptionId]| {
        straight.push(o.to_vec());
        Control::Continue
    });
    (s, straight)
}

/// Pausing after every few nodes and resuming gives the same solutions in the
/// same order, and the links come back whole.
#[test]
fn pause_and_resume_is_invisible() {
    let mut rng = Rng(6);
    for round in 0..200 {
        let (m, engine) = random_case(&mut rng, round);
        let (mut s, straight) = straight_solutions(&m, engine);
        let budget = 1 + rng.below(3);
        let mut paused = Vec::new();
        s.start(&Subproblem::root()).unwrap();
        let mut pauses = 0;
        loop {
            let outcome = s.run(
                &mut |o: &[OptionId]| {
                    paused.push(o.to_vec());
                    Control::Continue
                },
                budget,
            );
            match outcome {
                Outcome::Paused => pauses += 1,
                Outcome::Finished => break,
                Outcome::Stopped => unreachable!(),
            }
            assert!(pauses < 100_000);
        }
        assert_eq!(straight, paused);
        s.sanity().unwrap();
    }
}

/// A visitor that says pause after every `k`-th solution: each run ends
/// right after that solution (no more nodes searched), the runs together
/// give the straight search's solutions, nodes and updates, and `solve`
/// goes straight on through such pauses.
#[test]
fn visitor_pauses_are_invisible() {
    let mut rng = Rng(16);
    for round in 0..200 {
        let (m, engine) = random_case(&mut rng, round);
        let (s, straight) = straight_solutions(&m, engine);
        let figures = s.stats();
        let k = 1 + rng.below(3) as usize;
        let pause_every = |got: &mut Vec<Vec<OptionId>>, o: &[OptionId]| {
            got.push(o.to_vec());
            if got.len().is_multiple_of(k) {
                Control::Pause
            } else {
                Control::Continue
            }
        };
        // Through `solve`: the pauses are passed over.
        let mut through = Vec::new();
        let mut s = Solver::with_engine(&m, engine);
        assert_eq!(
            s.solve(&mut |o: &[OptionId]| pause_every(&mut through, o)),
            Outcome::Finished
        );
        assert_eq!(through, straight);
        assert_eq!(s.stats(), figures);
        // Through `run` with an unbounded budget: a run per pause.
        let mut paused = Vec::new();
        let mut s = Solver::with_engine(&m, engine);
        s.start(&Subproblem::root()).unwrap();
        let mut pauses = 0;
        loop {
            let before = paused.len();
            match s.run(&mut |o: &[OptionId]| pause_every(&mut paused, o), u64::MAX) {
                Outcome::Paused => {
                    pauses += 1;
                    assert_eq!(paused.len() - before, k - before % k, "round {round}");
                    assert!(paused.len().is_multiple_of(k));
                }
                Outcome::Finished => break,
                Outcome::Stopped => unreachable!(),
            }
        }
        // A pause after the last solution finds no node left: finished.
        let most = straight.len() / k;
        assert!(
            pauses == most || (straight.len().is_multiple_of(k) && pauses + 1 == most),
            "round {round}: {pauses} pauses, {} solutions",
            straight.len()
        );
        assert_eq!(paused, straight);
        assert_eq!(s.stats(), figures);
        s.sanity().unwrap();
    }
}

/// Stopping early restores the links, and `first(n)` gives a prefix of the
/// full list of solutions.
#[test]
fn stopping_early_restores_the_links() {
    let mut rng = Rng(7);
    for round in 0..200 {
        let kind = Kind {
            secondary: true,
            colors: rng.chance(50),
            bounds: rng.chance(50),
        };
        let m = random_matrix(&mut rng, kind);
        // Every engine, in turn (the cell engine where it applies).
        let mut s = Solver::with_engine(&m, EngineKind::ALL[round % 3]);
        let all = s.first(usize::MAX);
        for n in 0..=all.len() {
            assert_eq!(s.first(n), all[..n].to_vec());
            s.sanity().unwrap();
        }
        // Abandoning a search half way also restores the links.
        s.start(&Subproblem::root()).unwrap();
        let _ = s.run(&mut dlx::CountOnly, 1 + rng.below(4));
        s.abandon();
        s.sanity().unwrap();
    }
}

/// With early dead ends on (the default), the links and the bitset engine
/// give up the same options, so they list the same subproblems at every
/// depth: what lets a checkpoint of one resume on the other.
fn same_subproblems(m: &Matrix, what: &str) {
    if m.has_multiplicities() {
        return; // the links only
    }
    let mut bits = Solver::with_engine(m, EngineKind::Bits);
    let mut links = Solver::with_engine(m, EngineKind::Links);
    for depth in 0..4 {
        let b = bits.subproblems(depth);
        assert_eq!(b, links.subproblems(depth), "{what}, depth {depth}");
        for sub in &b {
            assert_eq!(
                bits.subproblems_below(sub, 1).unwrap(),
                links.subproblems_below(sub, 1).unwrap(),
                "{what}, below {sub:?}"
            );
        }
    }
    assert_eq!(bits.stats().nodes, links.stats().nodes, "{what}");
}

/// One commit empties two lists: `j`'s cover leaves `t1` and `t2` without
/// options, and the option holds `t2` (emptied last) but not `t1`. The
/// links used to look at the last list emptied only, took the option, and
/// listed a subproblem the bitset engine gives up (a checkpoint of the
/// links then did not resume on the bitset engine).
#[test]
fn links_and_bits_give_up_the_same_options() {
    let m = dlx::format::parse("i j t1 t2 t3\ni j t2\nj t1\nj t1 t3\nj t2\nt3\n").unwrap();
    for engine in [EngineKind::Links, EngineKind::Bits] {
        let mut s = Solver::with_engine(&m, engine);
        assert_eq!(s.subproblems(1), Vec::<Subproblem>::new(), "{engine}");
        assert_eq!(s.count(), 0);
        s.sanity().unwrap();
    }
    same_subproblems(&m, "two lists emptied by one cover");
}

/// A subproblem made for one matrix is refused by another.
#[test]
fn foreign_subproblems_are_refused() {
    let m = dlx::format::parse("a b c\na b\nc\na\nb c\n").unwrap();
    let mut s = Solver::new(&m);
    let subs = s.subproblems(1);
    assert_eq!(subs.len(), 2);
    let bogus = Subproblem::from_parts(vec![1_000_000], vec![1]);
    assert!(s.start(&bogus).is_err());
    // Node 1 is a header, not an option of the item chosen at level 0.
    let header = Subproblem::from_parts(vec![1], vec![1]);
    assert!(s.start(&header).is_err());
    s.sanity().unwrap();
    // Too deep: both levels of the first solution, then one more.
    let mut deep = subs[0].choices().to_vec();
    let next = s.subproblems_below(&subs[0], 1).unwrap();
    deep.extend_from_slice(next[0].choices());
    deep.push(deep[0]);
    assert!(
        s.start(&Subproblem::from_parts(deep.clone(), vec![1; deep.len()]))
            .is_err()
    );
    s.sanity().unwrap();
}
