//! The memoized counting engine (`dlx::memo`): against `Solver::count` on
//! random matrices of every kind (multiplicities, `0:1` items, secondary
//! items, colors), with the default order and random orders; against
//! published tiling counts (OEIS A099390, Project Euler 161, Fibonacci);
//! and its limits: overflow, a tiny cache, the stop flag, refused matrices.

use super::oracle::Rng;
use dlx::memo::{Memo, MemoError, MemoOptions, frontier, sweep_order};
use dlx::{Count, ItemId, Matrix, MatrixBuilder, OptionId, Solver};
use std::sync::atomic::{AtomicBool, Ordering};

/// Knobs of a random matrix.
#[derive(Clone, Copy)]
struct Kind {
    /// Per cent of primary items with other bounds than 1:1.
    bounds: u64,
    /// Number of secondary items at most.
    secondary: u64,
    /// Colors on secondary items?
    colors: bool,
}

/// A random matrix over 6 to 14 primary items: bounds among 1:1, 0:1, 2:2,
/// 1:3, 0:2, 2:3 as `kind` says; options of 1 to 4 primary items (at least
/// one 1:1 or 0:1) and maybe secondary items.
fn random_matrix(rng: &mut Rng, kind: Kind) -> Matrix {
    let np = 6 + rng.below(9) as usize;
    let ns = rng.below(kind.secondary + 1) as usize;
    let mut b = MatrixBuilder::new();
    let mut sweep = Vec::new();
    let mut counters = Vec::new();
    for i in 0..np {
        let name = format!("p{i}");
        if rng.chance(kind.bounds) {
            let (lo, hi) = [(0, 1), (2, 2), (1, 3), (0, 2), (2, 3), (1, 2)][rng.below(6) as usize];
            let id = b.primary_bounds(&name, lo, hi).unwrap();
            if hi == 1 {
                sweep.push(id)
            } else {
                counters.push(id)
            }
        } else {
            sweep.push(b.primary(&name).unwrap());
        }
    }
    let sec: Vec<ItemId> = (0..ns)
        .map(|i| b.secondary(&format!("s{i}")).unwrap())
        .collect();
    let colors = ["red", "blue", "green"];
    let options = 4 + rng.below(40);
    for _ in 0..options {
        let mut opt = vec![(sweep[rng.below(sweep.len() as u64) as usize], None)];
        let extra = rng.below(4);
        for _ in 0..extra {
            let pool = if !counters.is_empty() && rng.chance(30) {
                &counters
            } else {
                &sweep
            };
            let it = pool[rng.below(pool.len() as u64) as usize];
            if opt.iter().all(|&(j, _)| j != it) {
                opt.push((it, None));
            }
        }
        for &s in &sec {
            if rng.chance(30) {
                let color = if kind.colors && rng.chance(70) {
                    Some(b.color(colors[rng.below(3) as usize]))
                } else {
                    None
                };
                opt.push((s, color));
            }
        }
        // Shuffle, so that options do not list their items in item order.
        for k in (1..opt.len()).rev() {
            opt.swap(k, rng.below(k as u64 + 1) as usize);
        }
        b.option(&opt).unwrap();
    }
    b.build().unwrap()
}

/// A random order of the primary items.
fn random_order(rng: &mut Rng, m: &Matrix) -> Vec<ItemId> {
    let mut order: Vec<ItemId> = m.items().take(m.num_primary()).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, rng.below(k as u64 + 1) as usize);
    }
    order
}

/// `trials` random matrices of `kind`: the memo's count, with the default
/// order and a random one, equals the solver's.
fn check_random(kind: Kind, seed: u64, trials: usize) {
    let mut rng = Rng(seed);
    let mut nonzero = 0;
    for trial in 0..trials {
        let m = random_matrix(&mut rng, kind);
        let want = Solver::new(&m).count();
        nonzero += usize::from(want > 0);
        let text = dlx::format::write(&m);
        let got = Memo::new(&m).unwrap().count();
        assert_eq!(got, ok(want), "trial {trial}, default order:\n{text}");
        let order = random_order(&mut rng, &m);
        let options = MemoOptions {
            order: Some(order.clone()),
            ..MemoOptions::default()
        };
        let got = Memo::with_options(&m, options).unwrap().count();
        assert_eq!(got, ok(want), "trial {trial}, order {order:?}:\n{text}");
    }
    // The generator must give matrices with solutions, or the test is idle.
    assert!(
        nonzero * 4 >= trials,
        "only {nonzero} of {trials} have solutions"
    );
}

#[test]
fn exact_cover_matches_the_solver() {
    let kind = Kind {
        bounds: 0,
        secondary: 0,
        colors: false,
    };
    check_random(kind, 0x5eed_0001, 400);
}

#[test]
fn multiplicities_and_optional_items_match_the_solver() {
    let kind = Kind {
        bounds: 35,
        secondary: 0,
        colors: false,
    };
    check_random(kind, 0x5eed_0002, 400);
}

#[test]
fn secondary_items_match_the_solver() {
    let kind = Kind {
        bounds: 0,
        secondary: 4,
        colors: false,
    };
    check_random(kind, 0x5eed_0003, 300);
}

#[test]
fn colors_match_the_solver() {
    let kind = Kind {
        bounds: 0,
        secondary: 4,
        colors: true,
    };
    check_random(kind, 0x5eed_0004, 300);
}

#[test]
fn everything_together_matches_the_solver() {
    let kind = Kind {
        bounds: 30,
        secondary: 3,
        colors: true,
    };
    check_random(kind, 0x5eed_0005, 400);
}

/// A `rows x cols` board, cells primary in row-major order, with an option
/// for every placement of every shape (cell offsets `(dr, dc)`).
fn board(rows: usize, cols: usize, shapes: &[&[(usize, usize)]]) -> Matrix {
    let mut b = MatrixBuilder::new();
    let cells: Vec<ItemId> = (0..rows * cols)
        .map(|k| b.primary(&format!("{}_{}", k / cols, k % cols)).unwrap())
        .collect();
    for shape in shapes {
        let h = shape.iter().map(|c| c.0).max().unwrap() + 1;
        let w = shape.iter().map(|c| c.1).max().unwrap() + 1;
        for r in 0..=rows.saturating_sub(h) {
            for c in 0..=cols.saturating_sub(w) {
                if r + h > rows || c + w > cols {
                    continue;
                }
                let opt: Vec<_> = shape
                    .iter()
                    .map(|&(dr, dc)| (cells[(r + dr) * cols + c + dc], None))
                    .collect();
                b.option(&opt).unwrap();
            }
        }
    }
    b.build().unwrap()
}

const DOMINOES: &[&[(usize, usize)]] = &[&[(0, 0), (0, 1)], &[(0, 0), (1, 0)]];

/// The straight tromino both ways and the L tromino in its four orientations.
const TROMINOES: &[&[(usize, usize)]] = &[
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
];

/// The sweep along the longer side of a `rows x cols` board built by
/// `board`: line by line across it, the cells of the short side first.
fn column_sweep(m: &Matrix, rows: usize, cols: usize) -> Vec<ItemId> {
    let items: Vec<ItemId> = m.items().collect();
    let mut order = Vec::with_capacity(rows * cols);
    if rows <= cols {
        for c in 0..cols {
            order.extend((0..rows).map(|r| items[r * cols + c]));
        }
    } else {
        order.extend_from_slice(&items[..rows * cols]);
    }
    order
}

fn count_with_order(m: &Matrix, order: Option<Vec<ItemId>>) -> u128 {
    let options = MemoOptions {
        order,
        ..MemoOptions::default()
    };
    let n = Memo::with_options(m, options).unwrap().count().unwrap();
    n.to_u128().expect("a small count")
}

/// A count as the memo engine gives it.
fn ok(n: u128) -> Result<Count, MemoError> {
    Ok(Count::from(n))
}

/// Domino tilings of rectangles, OEIS A099390 (7 x 2n: A028469), both orders.
#[test]
fn domino_tilings_match_oeis_a099390() {
    let known: &[(usize, usize, u128)] = &[
        (2, 2, 2),
        (3, 4, 11),
        (4, 3, 11),
        (4, 4, 36),
        (5, 5, 0),
        (2, 9, 55),
        (6, 6, 6728),
        (8, 8, 12_988_816),
        (10, 10, 258_584_046_368),
        (12, 12, 53_060_477_521_960_000),
        (7, 8, 1_292_697),
        (7, 10, 53_175_517),
    ];
    for &(r, c, want) in known {
        let m = board(r, c, DOMINOES);
        assert_eq!(
            count_with_order(&m, Some(column_sweep(&m, r, c))),
            want,
            "{r}x{c}, sweep"
        );
        assert_eq!(count_with_order(&m, None), want, "{r}x{c}, heuristic");
    }
}

/// Project Euler 161: tilings of 9x12 by the straight and L trominoes in
/// every orientation; and the example there, 2x9 with 41 tilings.
#[test]
fn trominoes_match_project_euler_161() {
    let m = board(2, 9, TROMINOES);
    assert_eq!(Solver::new(&m).count(), 41);
    assert_eq!(count_with_order(&m, Some(column_sweep(&m, 2, 9))), 41);
    assert_eq!(count_with_order(&m, None), 41);
    let m = board(9, 12, TROMINOES);
    let want = 20_574_308_184_277_971;
    assert_eq!(count_with_order(&m, Some(column_sweep(&m, 9, 12))), want);
    assert_eq!(count_with_order(&m, None), want);
}

/// Domino tilings of a 2 x n strip are Fibonacci numbers: F(n + 1). F(186)
/// fits in a u128, F(187) does not: the counts go on exactly (the digits
/// of F(187) and F(301) from Python's integers).
#[test]
fn counts_past_u128_are_exact() {
    let mut fib = vec![0u128, 1];
    for k in 2..=186 {
        fib.push(fib[k - 1] + fib[k - 2]);
    }
    for n in [1, 2, 10, 100, 184, 185] {
        let m = board(2, n, DOMINOES);
        assert_eq!(Memo::new(&m).unwrap().count(), ok(fib[n + 1]), "2x{n}");
    }
    assert_eq!(fib[186].checked_add(fib[185]), None);
    let count = |n| Memo::new(&board(2, n, DOMINOES)).unwrap().count().unwrap();
    assert_eq!(
        count(186).to_string(),
        "538522340430300790495419781092981030533"
    );
    assert_eq!(
        count(300).to_string(),
        "359579325206583560961765665172189099052367214309267232255589801"
    );
}

/// Four identical L tetrominoes in a 4x4 square: one piece item 4:4, every
/// placement of every orientation; the same count as the solver's. And the
/// same with copies given as two items 2:2 (L and its mirror image).
#[test]
fn pieces_with_copies_match_the_solver() {
    let shapes: [&[(usize, usize)]; 8] = [
        &[(0, 0), (1, 0), (2, 0), (2, 1)],
        &[(0, 1), (1, 1), (2, 1), (2, 0)],
        &[(0, 0), (0, 1), (1, 1), (2, 1)],
        &[(0, 0), (0, 1), (1, 0), (2, 0)],
        &[(0, 0), (1, 0), (1, 1), (1, 2)],
        &[(0, 2), (1, 0), (1, 1), (1, 2)],
        &[(0, 0), (0, 1), (0, 2), (1, 2)],
        &[(0, 0), (0, 1), (0, 2), (1, 0)],
    ];
    for split in [false, true] {
        let mut b = MatrixBuilder::new();
        let cells: Vec<ItemId> = (0..16)
            .map(|k| b.primary(&format!("c{k}")).unwrap())
            .collect();
        let pieces = if split {
            vec![
                b.primary_bounds("L", 2, 2).unwrap(),
                b.primary_bounds("J", 2, 2).unwrap(),
            ]
        } else {
            vec![b.primary_bounds("L", 4, 4).unwrap()]
        };
        for (s, shape) in shapes.iter().enumerate() {
            // Shapes 0, 2, 4, 6 are one chirality, 1, 3, 5, 7 the other.
            let piece = pieces[if split { s % 2 } else { 0 }];
            for r in 0..4 {
                for c in 0..4 {
                    if shape.iter().all(|&(dr, dc)| r + dr < 4 && c + dc < 4) {
                        let mut opt: Vec<_> = shape
                            .iter()
                            .map(|&(dr, dc)| (cells[(r + dr) * 4 + c + dc], None))
                            .collect();
                        opt.push((piece, None));
                        b.option(&opt).unwrap();
                    }
                }
            }
        }
        let m = b.build().unwrap();
        let want = Solver::new(&m).count();
        assert!(want > 0);
        assert_eq!(Memo::new(&m).unwrap().count(), ok(want), "split {split}");
        let order = column_sweep(&m, 4, 4);
        let options = MemoOptions {
            order: Some(order),
            ..MemoOptions::default()
        };
        assert_eq!(
            Memo::with_options(&m, options).unwrap().count(),
            ok(want),
            "split {split}"
        );
    }
}

/// A cache of a few states gives the same counts, evicting as it goes; the
/// default cache never evicts on these.
#[test]
fn a_tiny_cache_gives_the_same_count() {
    for (r, c, want) in [(4, 4, 36u128), (6, 6, 6728), (2, 20, 10_946)] {
        let m = board(r, c, DOMINOES);
        for limit in [2, 3, 10, 20] {
            let options = MemoOptions {
                max_states: Some(limit),
                ..MemoOptions::default()
            };
            let mut memo = Memo::with_options(&m, options).unwrap();
            assert_eq!(memo.count(), ok(want), "{r}x{c}, limit {limit}");
            let stats = memo.stats();
            assert!(stats.cached <= limit as u64, "{stats:?}");
            assert!(stats.evictions > 0, "{r}x{c}, limit {limit}: {stats:?}");
        }
        let mut memo = Memo::new(&m).unwrap();
        assert_eq!(memo.count(), ok(want));
        assert_eq!(memo.stats().evictions, 0);
    }
}

/// A raised stop flag interrupts at once; raised by the progress hook, soon
/// after; the engine counts right afterwards.
#[test]
fn the_stop_flag_interrupts() {
    let m = board(9, 12, TROMINOES);
    let mut memo = Memo::new(&m).unwrap();
    let stop = AtomicBool::new(true);
    assert_eq!(
        memo.count_with(Some(&stop), &mut |_| {}),
        Err(MemoError::Interrupted)
    );
    stop.store(false, Ordering::Relaxed);
    let options = MemoOptions {
        progress_every: Some(4096),
        ..MemoOptions::default()
    };
    let mut memo = Memo::with_options(&m, options).unwrap();
    let mut calls = 0;
    let got = memo.count_with(Some(&stop), &mut |s| {
        calls += 1;
        assert!(s.states >= 4096 * calls);
        if calls == 3 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(got, Err(MemoError::Interrupted));
    assert_eq!(calls, 3);
    assert!(memo.stats().states < 4096 * 3 + 2048, "{:?}", memo.stats());
    let m = board(6, 6, DOMINOES);
    let mut memo = Memo::new(&m).unwrap();
    assert_eq!(memo.count(), ok(6728));
}

/// A budget in bytes bounds the cache: a small one holds few states, evicts,
/// and the count is still exact (domino tilings of 8x8, OEIS A004003).
#[test]
fn a_byte_budget_bounds_the_cache() {
    let m = board(8, 8, DOMINOES);
    let full = Memo::new(&m).unwrap().max_states();
    let options = MemoOptions {
        max_bytes: Some(16 << 10),
        ..MemoOptions::default()
    };
    let mut memo = Memo::with_options(&m, options).unwrap();
    assert!(memo.max_states() < 1000 && memo.max_states() * 1000 < full);
    assert_eq!(memo.count(), ok(12_988_816));
    let s = memo.stats();
    assert!(
        s.evictions > 0 && s.cached as usize <= memo.max_states(),
        "{s:?}"
    );
}

/// Counting below chosen options: the counts of the options of one item add
/// up to the whole.
#[test]
fn counts_given_options_add_up() {
    let m = board(6, 6, DOMINOES);
    let mut memo = Memo::new(&m).unwrap();
    let corner = m.items().next().unwrap();
    let mut sum = 0;
    for opt in m.options() {
        if m.option(opt).iter().any(|e| e.item == corner) {
            sum += memo
                .count_given(&[opt], None, &mut |_| {})
                .unwrap()
                .to_u128()
                .unwrap();
        }
    }
    assert_eq!(sum, 6728);
    let clash = [OptionId::from_index(0), OptionId::from_index(1)];
    assert_eq!(memo.count_given(&clash, None, &mut |_| {}), ok(0));
    let bad = [OptionId::from_index(m.num_options())];
    assert!(matches!(
        memo.count_given(&bad, None, &mut |_| {}),
        Err(MemoError::UnknownOption(_))
    ));
}

/// Matrices the engine refuses, with the reason.
#[test]
fn refusals_are_typed() {
    let mut b = MatrixBuilder::new();
    let a = b.primary("a").unwrap();
    let k = b.primary_bounds("k", 1, 2).unwrap();
    let s = b.secondary("s").unwrap();
    b.option(&[(a, None), (k, None)]).unwrap();
    b.option(&[(k, None), (s, None)]).unwrap();
    let m = b.build().unwrap();
    assert_eq!(
        Memo::new(&m).err(),
        Some(MemoError::NoSweepItem(OptionId::from_index(1)))
    );
    let m = board(2, 2, DOMINOES);
    let order = |o: Vec<ItemId>| MemoOptions {
        order: Some(o),
        ..MemoOptions::default()
    };
    let a = m.items().next().unwrap();
    assert_eq!(
        Memo::with_options(&m, order(vec![a, a])).err(),
        Some(MemoError::Repeated(a))
    );
    let mut b = MatrixBuilder::new();
    let p = b.primary("p").unwrap();
    let s = b.secondary("s").unwrap();
    b.option(&[(p, None), (s, None)]).unwrap();
    let m = b.build().unwrap();
    let order = MemoOptions {
        order: Some(vec![s]),
        ..MemoOptions::default()
    };
    assert_eq!(
        Memo::with_options(&m, order).err(),
        Some(MemoError::NotPrimary(s))
    );
}

/// The heuristic order's frontier is at most twice the short side on
/// domino rectangles, and at most twice the column sweep's with trominoes.
#[test]
fn the_heuristic_keeps_the_frontier_small() {
    for (r, c) in [
        (1, 7),
        (2, 9),
        (3, 10),
        (4, 4),
        (5, 8),
        (8, 3),
        (6, 6),
        (7, 20),
        (12, 12),
        (10, 30),
    ] {
        let m = board(r, c, DOMINOES);
        let short = r.min(c);
        assert_eq!(
            frontier(&m, &column_sweep(&m, r, c)).unwrap(),
            short,
            "{r}x{c}"
        );
        let h = frontier(&m, &sweep_order(&m)).unwrap();
        assert!(h <= 2 * short, "{r}x{c}: heuristic frontier {h}");
        let m = board(r, c, TROMINOES);
        let sweep = frontier(&m, &column_sweep(&m, r, c)).unwrap();
        let h = frontier(&m, &sweep_order(&m)).unwrap();
        assert!(
            h <= 2 * sweep.max(1),
            "{r}x{c} trominoes: heuristic {h}, sweep {sweep}"
        );
    }
}

/// A sweep of thousands of positions runs on a small thread stack: the
/// walk keeps its stack in vectors, not in Rust frames.
#[test]
fn long_sweeps_need_no_deep_recursion() {
    let child = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let even = board(1, 6000, DOMINOES);
            let odd = board(1, 5999, DOMINOES);
            let count = |m: &Matrix| Memo::new(m).unwrap().count();
            (count(&even), count(&odd))
        })
        .unwrap();
    assert_eq!(child.join().unwrap(), (ok(1), ok(0)));
}
