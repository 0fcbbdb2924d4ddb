//! The memo engine's counts on threads and in shards: on random small
//! matrices of every kind (1:1 and 0:1 items, multiplicities, colours) the
//! parts partition the solutions found by `dlx::Solver`, and the counts on
//! 1 to 4 threads and of 1 to 5 shards merged equal `Solver::count` and
//! `Memo::count`; the merge refuses what does not belong.

use dlx::memo::{Memo, MemoError, MemoOptions};
use dlx::{Count, ItemId, Matrix, MatrixBuilder, OptionId, Solver};
use parallel::Error;
use parallel::memo::{
    MemoShardResult, MemoShards, count_parts, memo_count, memo_merge, memo_merge_all, memo_parts,
};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// xorshift64*: a fixed sequence per seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as usize % n
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A random matrix of 5 to 12 primary items (mostly 1:1, some 0:1, some
/// counters 2:2, 1:3, 0:2), up to 3 secondary items with or without
/// colours, and 4 to 40 options of 1 to 4 items, each holding a 1:1 or 0:1
/// item (the memo engine's requirement).
fn random_matrix(rng: &mut Rng) -> Matrix {
    let mut b = MatrixBuilder::new();
    let mut sweep = Vec::new();
    let mut counters = Vec::new();
    for i in 0..5 + rng.below(8) {
        let name = format!("p{i}");
        match rng.below(10) {
            0 => sweep.push(b.primary_bounds(&name, 0, 1).unwrap()),
            1 => {
                let (lo, hi) = [(2, 2), (1, 3), (0, 2)][rng.below(3)];
                counters.push(b.primary_bounds(&name, lo, hi).unwrap());
            }
            _ => sweep.push(b.primary(&name).unwrap()),
        }
    }
    let secondary: Vec<ItemId> = (0..rng.below(4))
        .map(|i| b.secondary(&format!("s{i}")).unwrap())
        .collect();
    let colors = ["red", "blue"];
    for _ in 0..4 + rng.below(37) {
        let mut opt = vec![(sweep[rng.below(sweep.len())], None)];
        for _ in 0..rng.below(4) {
            let pool = match !counters.is_empty() && rng.chance(25) {
                true => &counters,
                false => &sweep,
            };
            let item = pool[rng.below(pool.len())];
            if opt.iter().all(|&(j, _)| j != item) {
                opt.push((item, None));
            }
        }
        for &s in &secondary {
            if rng.chance(30) {
                let color = rng.chance(60).then(|| b.color(colors[rng.below(2)]));
                opt.push((s, color));
            }
        }
        b.option(&opt).unwrap();
    }
    b.build().unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polycover-memo-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Each solution the solver finds holds the options of exactly one part.
fn assert_partition(m: &Matrix, parts: &[Vec<OptionId>], text: &str) {
    for s in Solver::new(m).first(usize::MAX) {
        let holding = parts
            .iter()
            .filter(|p| p.iter().all(|o| s.contains(o)))
            .count();
        assert_eq!(holding, 1, "solution {s:?}, parts {parts:?}:\n{text}");
    }
}

/// Counts every shard of a plan of `n`, saves the results in `dir`.
fn shard_files(m: &Matrix, n: usize, dir: &std::path::Path) -> Vec<PathBuf> {
    let options = MemoOptions::default();
    let plan = MemoShards::new(m, &options, n).unwrap();
    (1..=n)
        .map(|i| {
            let mine: Vec<Vec<OptionId>> = plan
                .parts_of(i)
                .unwrap()
                .iter()
                .map(|&k| plan.parts()[k].clone())
                .collect();
            let run = count_parts(m, &options, &mine, 1 + i % 2, None, &mut |_| {}).unwrap();
            let r = plan
                .result(m, i, &run.counts, run.stats.states, 0, "test")
                .unwrap();
            let path = dir.join(format!("memo-{n}-{i}.json"));
            r.save(&path).unwrap();
            path
        })
        .collect()
}

#[test]
fn threads_and_shards_give_the_solvers_count() {
    let dir = temp_dir("random");
    let mut rng = Rng(0x5eed_1234_abcd);
    let mut nonzero = 0;
    let trials = 60;
    for trial in 0..trials {
        let m = random_matrix(&mut rng);
        let text = dlx::format::write(&m);
        let want = Solver::new(&m).count();
        nonzero += usize::from(want > 0);
        assert_eq!(
            Memo::new(&m).unwrap().count(),
            Ok(Count::from(want)),
            "{text}"
        );
        let order = Memo::new(&m).unwrap().order().to_vec();
        for target in [1, 2, 5, 16, 64] {
            assert_partition(&m, &memo_parts(&m, &order, target), &text);
        }
        for threads in 1..=4 {
            let run = memo_count(&m, &MemoOptions::default(), threads, None, &mut |_| {}).unwrap();
            assert_eq!(
                run.solutions, want,
                "trial {trial}, {threads} threads:\n{text}"
            );
            let mut sum = Count::ZERO;
            run.counts.iter().for_each(|n| sum.add(n));
            assert_eq!(sum, want);
        }
        for n in 1..=5 {
            let files = shard_files(&m, n, &dir);
            let merged = memo_merge(&m, &MemoOptions::default(), &files).unwrap();
            assert!(merged.complete());
            assert_eq!(merged.solutions, want, "trial {trial}, {n} shards:\n{text}");
        }
    }
    assert!(
        nonzero * 4 >= trials,
        "only {nonzero} of {trials} have solutions"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Domino tilings of a `w x h` board (the memo engine's own order).
fn dominoes(w: usize, h: usize) -> Matrix {
    let mut b = MatrixBuilder::new();
    let cells: Vec<ItemId> = (0..w * h)
        .map(|k| b.primary(&format!("c{k}")).unwrap())
        .collect();
    for y in 0..h {
        for x in 0..w {
            if x + 1 < w {
                b.option(&[(cells[y * w + x], None), (cells[y * w + x + 1], None)])
                    .unwrap();
            }
            if y + 1 < h {
                b.option(&[(cells[y * w + x], None), (cells[(y + 1) * w + x], None)])
                    .unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// 6x6: 6,728 domino tilings (OEIS A004003), on 1 to 4 threads and in
/// 1 to 5 shards.
#[test]
fn domino_tilings_of_6x6() {
    let m = dominoes(6, 6);
    for threads in 1..=4 {
        let run = memo_count(&m, &MemoOptions::default(), threads, None, &mut |_| {}).unwrap();
        assert_eq!(run.solutions, 6728);
        assert!(run.counts.len() >= 8 * threads, "{}", run.counts.len());
    }
    let dir = temp_dir("dominoes");
    for n in 1..=5 {
        let files = shard_files(&m, n, &dir);
        assert_eq!(
            memo_merge(&m, &MemoOptions::default(), &files)
                .unwrap()
                .solutions,
            6728
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A matrix with no 1:1 primary item: one part, the empty one.
#[test]
fn no_exact_item_gives_one_part() {
    let m = dlx::format::parse("0:1|a 0:1|b\na\nb\na b\n").unwrap();
    let order = Memo::new(&m).unwrap().order().to_vec();
    assert_eq!(memo_parts(&m, &order, 100), vec![Vec::<OptionId>::new()]);
    // {}, {a}, {b}, {a b}, {a, b}.
    let run = memo_count(&m, &MemoOptions::default(), 3, None, &mut |_| {}).unwrap();
    assert_eq!(run.solutions, 5);
    assert_eq!(Solver::new(&m).count(), 5);
}

#[test]
fn a_raised_stop_flag_interrupts() {
    let m = dominoes(6, 6);
    let stop = AtomicBool::new(true);
    let r = memo_count(&m, &MemoOptions::default(), 2, Some(&stop), &mut |_| {});
    assert!(
        matches!(r, Err(Error::Memo(MemoError::Interrupted))),
        "{r:?}"
    );
}

/// A sum past 2^128 - 1 is exact: 129 independent choices of two options
/// each make 2^129 solutions.
#[test]
fn a_sum_past_u128_is_exact() {
    let mut text = String::new();
    for i in 0..129 {
        text += &format!("0:1|a{i} ");
    }
    text += "\n";
    for i in 0..129 {
        text += &format!("a{i}\n");
    }
    let m = dlx::format::parse(&text).unwrap();
    let r = memo_count(&m, &MemoOptions::default(), 2, None, &mut |_| {}).unwrap();
    assert_eq!(
        r.solutions.to_string(),
        "680564733841876926926749214863536422912"
    );
}

#[test]
fn the_merge_refuses_what_does_not_belong() {
    let dir = temp_dir("refuse");
    let m = dominoes(4, 6);
    let options = MemoOptions::default();
    let three = shard_files(&m, 3, &dir);
    // Complete: 281 domino tilings of 4x6 (OEIS A005178).
    assert_eq!(memo_merge(&m, &options, &three).unwrap().solutions, 281);
    // Missing.
    let merged = memo_merge(&m, &options, &three[..2]).unwrap();
    assert!(!merged.complete());
    assert_eq!(merged.missing, vec![3]);
    // Another puzzle.
    let err = memo_merge(&dominoes(6, 4), &options, &three).unwrap_err();
    assert!(err.to_string().contains("another puzzle"), "{err}");
    // Another N.
    let two = dir.join("memo-2-1.json");
    std::fs::rename(&shard_files(&m, 2, &dir)[0], &two).unwrap();
    let mut mixed = three.clone();
    mixed.push(two);
    let (merged, refused) = memo_merge_all(&m, &options, &mixed, 1 << 20).unwrap();
    assert_eq!(merged.solutions, 281);
    assert_eq!(refused.len(), 1);
    assert!(refused[0].to_string().contains("of 2"), "{}", refused[0]);
    // Damaged: a count changed.
    let text = std::fs::read_to_string(&three[0]).unwrap();
    let r = MemoShardResult::load(&three[0], &m, 1 << 20).unwrap();
    let n = r.parts[0].solutions.clone();
    let mut more = n.clone();
    more.add(&Count::ONE);
    let bad = text.replacen(&format!("\"{n}\""), &format!("\"{more}\""), 1);
    assert_ne!(bad, text);
    let path = dir.join("bad.json");
    std::fs::write(&path, bad).unwrap();
    let err = memo_merge(
        &m,
        &options,
        &[path.clone(), three[1].clone(), three[2].clone()],
    )
    .unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    // Shard 1's parts relabelled as shard 2's, with a valid checksum.
    let mut r = MemoShardResult::load(&three[0], &m, 1 << 20).unwrap();
    r.shard = 2;
    r.save(&path).unwrap();
    let err = memo_merge(
        &m,
        &options,
        &[three[0].clone(), path.clone(), three[2].clone()],
    )
    .unwrap_err();
    assert!(err.to_string().contains("not those of shard 2/3"), "{err}");
    // A duplicate that agrees counts once.
    let mut twice = three.clone();
    twice.push(three[0].clone());
    assert_eq!(memo_merge(&m, &options, &twice).unwrap().solutions, 281);
    // Not a result at all, and too large.
    std::fs::write(&path, "{}").unwrap();
    let err = memo_merge(&m, &options, std::slice::from_ref(&path)).unwrap_err();
    assert!(err.to_string().contains("bad.json"), "{err}");
    let (_, refused) = memo_merge_all(&m, &options, &three, 10).unwrap();
    assert_eq!(refused.len(), 3);
    std::fs::remove_dir_all(&dir).ok();
}

/// Each engine's merge refuses the other engine's result file, saying
/// what it is (not that the file is damaged).
#[test]
fn each_engine_refuses_the_others_results() {
    let dir = temp_dir("kinds");
    let m = dominoes(4, 4);
    let memo_file = shard_files(&m, 1, &dir).remove(0);
    let e = dlx::EngineKind::Links;
    let bytes = std::fs::read(&memo_file).unwrap();
    let err = parallel::ShardResult::from_bytes(&bytes, &m, e, &memo_file).unwrap_err();
    assert!(matches!(err, Error::ResultRefused { .. }), "{err}");
    assert!(
        err.to_string().contains("memo engine's shard result"),
        "{err}"
    );
    let shards = parallel::Shards::new(&m, 1, e).unwrap();
    let o = parallel::Options::with_threads(1);
    let mut quiet = parallel::NoProgress;
    let run = parallel::shard::run(&m, &shards, 1, &o, &mut quiet, None, "test").unwrap();
    let search_file = dir.join("search.json");
    run.result.unwrap().save(&search_file).unwrap();
    let err = MemoShardResult::load(&search_file, &m, 1 << 20).unwrap_err();
    assert!(matches!(err, Error::ResultRefused { .. }), "{err}");
    assert!(
        err.to_string().contains("search engine's shard result"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
