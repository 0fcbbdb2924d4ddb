//! Weighted counting: the weights of every solution, summed on all cores,
//! equal a one-thread enumeration's sum, through interruptions and resumes.

use super::common::*;
use dlx::{Matrix, OptionId};
use parallel::{Error, NoProgress, Options, Weight};
use std::sync::atomic::Ordering;

const THREADS: [usize; 4] = [1, 2, 3, 8];

fn one(_: &[OptionId]) -> Option<Weight> {
    Some(Weight::new(1, 1))
}

/// A weight that depends on the solution: the sum of its options' indices
/// plus one, and 1 distinct when its smallest option's index is even; the
/// whole weight also goes to a class named for that index modulo 3 (as a
/// disassembling count puts a solution's weight under its level).
fn known_weight(opts: &[OptionId]) -> Weight {
    let mut w = Weight::new(
        opts.iter().map(|o| o.index() as u128 + 1).sum(),
        u128::from(opts.iter().min().is_some_and(|o| o.index() % 2 == 0)),
    );
    let class = opts.iter().min().map_or(0, |o| o.index() % 3);
    w.classes.insert(
        format!("class {class}"),
        parallel::ClassWeight {
            total: w.total,
            distinct: w.distinct,
        },
    );
    w
}

/// [`known_weight`] as a weigher.
fn known(opts: &[OptionId]) -> Option<Weight> {
    Some(known_weight(opts))
}

/// The sum of `known` over a one-thread enumeration.
fn oracle(m: &Matrix) -> Weight {
    all_solutions(m)
        .iter()
        .fold(Weight::ZERO, |s, o| s.checked_add(known_weight(o)).unwrap())
}

fn cases() -> Vec<Matrix> {
    vec![
        queens(8),
        langford(8),
        planted(1, 24, 40, false),
        planted(2, 24, 40, true),
    ]
}

fn stressed(threads: usize) -> Options {
    Options {
        split_depth: Some(1),
        slice_nodes: Some(16),
        ..Options::with_threads(threads)
    }
}

#[test]
fn weight_one_is_the_plain_count() {
    for m in cases() {
        let want = dlx::Solver::new(&m).count();
        for t in THREADS {
            let r = parallel::count_weighted(&m, &stressed(t), &mut NoProgress, &one).unwrap();
            assert_eq!(r.solutions, want);
            assert_eq!(r.weights, Some(Weight::new(want, want)));
            let plain = parallel::count(&m, &Options::with_threads(t), &mut NoProgress).unwrap();
            assert_eq!(plain.weights, None);
        }
    }
}

#[test]
fn weights_are_a_one_thread_enumerations_sum() {
    for m in cases() {
        let want = oracle(&m);
        assert!(want.total > 0 && want.distinct > 0);
        // The classes share out the whole weight.
        let sum = want
            .classes
            .values()
            .fold((0, 0), |(t, d), c| (t + c.total, d + c.distinct));
        assert_eq!(sum, (want.total, want.distinct));
        for t in THREADS {
            for o in [Options::with_threads(t), stressed(t)] {
                let r = parallel::count_weighted(&m, &o, &mut NoProgress, &known).unwrap();
                assert_eq!(r.weights, Some(want.clone()), "{t} threads");
            }
        }
    }
}

#[test]
fn interrupted_and_resumed_weights_are_exact() {
    let dir = std::env::temp_dir().join(format!("polycover-weighted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    for m in cases() {
        let want = oracle(&m);
        for (first, second) in [(1, 3), (8, 2)] {
            // A whole run, then half its finished branches forgotten.
            let o = Options {
                checkpoint: Some(path.clone()),
                ..stressed(first)
            };
            parallel::count_weighted(&m, &o, &mut NoProgress, &known).unwrap();
            let mut c = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
            assert!(c.weighted);
            forget_half(&mut c, &path);
            // Stopped at once, then finished; snapshots show the weights.
            let o = resuming(&path, second);
            o.stop.store(true, Ordering::Relaxed);
            let r = parallel::count_weighted(&m, &o, &mut NoProgress, &known).unwrap();
            assert!(r.interrupted);
            assert_eq!(
                r.weights,
                parallel::Checkpoint::load(&path, &m, auto_engine(&m))
                    .unwrap()
                    .weights()
            );
            o.stop.store(false, Ordering::Relaxed);
            let mut last = None;
            let r = parallel::count_weighted(
                &m,
                &o,
                &mut |s: &parallel::Snapshot| last = s.weights.clone(),
                &known,
            )
            .unwrap();
            assert!(!r.interrupted);
            assert_eq!(r.weights, Some(want.clone()));
            assert_eq!(last, Some(want.clone()));
            // A weighted checkpoint does not finish a plain count, nor the
            // other way round.
            let e = parallel::count(&m, &o, &mut NoProgress).unwrap_err();
            assert!(matches!(e, Error::CheckpointMismatch { .. }), "{e}");
        }
    }
    let m = queens(8);
    let o = Options {
        checkpoint: Some(path.clone()),
        ..Options::with_threads(2)
    };
    parallel::count(&m, &o, &mut NoProgress).unwrap();
    let o = Options {
        resume: Some(path.clone()),
        ..o
    };
    let e = parallel::count_weighted(&m, &o, &mut NoProgress, &known).unwrap_err();
    assert!(matches!(e, Error::CheckpointMismatch { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn weights_that_overflow_are_an_error() {
    let m = queens(6); // 4 solutions
    let heavy = |_: &[OptionId]| Some(Weight::new(u128::MAX / 3, 1));
    for t in THREADS {
        let e = parallel::count_weighted(&m, &stressed(t), &mut NoProgress, &heavy).unwrap_err();
        assert!(matches!(e, Error::Overflow(_)), "{e}");
    }
}

/// The options of a run as a set (a split search may choose them in
/// another order).
fn sorted(o: &[OptionId]) -> Vec<OptionId> {
    let mut s = o.to_vec();
    s.sort();
    s
}

/// On every case and thread count: `first` makes a run (with a checkpoint
/// after every finished branch) that gives up on `last`, the last solution
/// a one-thread search finds, and checks how it ended. Then the checkpoint,
/// when there is one, holds exact weights without `last`, and resuming it
/// with a weigher that takes every solution gives the one-thread sum.
fn give_up_on_the_last_solution(name: &str, first: impl Fn(&Matrix, &Options, &[OptionId])) {
    let dir = std::env::temp_dir().join(format!("polycover-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    // Checkpoints that held finished branches (the test must see some).
    let mut held = 0;
    for m in cases() {
        let want = oracle(&m);
        let last = sorted(all_solutions(&m).last().unwrap());
        for t in THREADS {
            let _ = std::fs::remove_file(&path);
            let o = Options {
                checkpoint: Some(path.clone()),
                checkpoint_every: std::time::Duration::ZERO,
                ..stressed(t)
            };
            first(&m, &o, &last);
            if path.exists() {
                let c = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
                let w = c.weights().unwrap();
                held += usize::from(!c.finished.is_empty());
                assert!(
                    w.total + known_weight(&last).total <= want.total,
                    "{t} threads: {w:?} of {want:?}"
                );
            }
            let o = Options {
                resume: path.exists().then(|| path.clone()),
                stop: Default::default(),
                ..o
            };
            let r = parallel::count_weighted(&m, &o, &mut NoProgress, &known).unwrap();
            assert!(!r.interrupted);
            assert_eq!(r.weights, Some(want.clone()), "{t} threads");
        }
    }
    assert!(held > 0, "no checkpoint held a finished branch");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A solution the weigher cannot weigh stops the run with
/// `Error::Unweighed`; the branches finished before it are checkpointed
/// with their exact weights and the refused one is not, so a resume with a
/// weigher that takes every solution gives the one-thread sum.
#[test]
fn an_unweighable_solution_stops_the_run_and_is_searched_again() {
    give_up_on_the_last_solution("unweighed", |m, o, last| {
        let picky = |opts: &[OptionId]| (sorted(opts) != last).then(|| known_weight(opts));
        let e = parallel::count_weighted(m, o, &mut NoProgress, &picky).unwrap_err();
        assert!(matches!(e, Error::Unweighed), "{e}");
    });
}

/// A weigher that gives up because the stop flag is set (a long weighing
/// that polls it, as a disassembly does) interrupts the run rather than
/// failing it: the run ends as interrupted, its checkpoint leaves out the
/// branch being weighed, and the resume gives the one-thread sum.
#[test]
fn a_weigher_stopped_midway_interrupts_the_run() {
    give_up_on_the_last_solution("stopweigh", |m, o, last| {
        // Ctrl-C arrives while the last solution is being weighed.
        let stopping = |opts: &[OptionId]| {
            if sorted(opts) == last {
                o.stop.store(true, Ordering::Relaxed);
                return None;
            }
            known(opts)
        };
        let r = parallel::count_weighted(m, o, &mut NoProgress, &stopping).unwrap();
        assert!(r.interrupted);
        // An interrupted count always writes its checkpoint.
        let path = o.checkpoint.as_ref().unwrap();
        assert!(path.exists(), "no checkpoint at {}", path.display());
    });
}

/// Every solution weighs 4 (as a representative of an orbit of 4 under a
/// group of order 4).
fn four(_: &[OptionId]) -> Option<Weight> {
    Some(Weight::new(4, 4))
}

#[test]
fn a_checkpoint_whose_weights_do_not_match_its_solutions_is_refused_untouched() {
    let dir = std::env::temp_dir().join(format!("polycover-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    let m = queens(8);
    let o = Options {
        checkpoint: Some(path.clone()),
        split_depth: Some(2),
        ..Options::with_threads(2)
    };
    parallel::count_weighted(&m, &o, &mut NoProgress, &four).unwrap();
    let good = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    let k = good.finished.iter().position(|f| f.solutions > 0).unwrap();
    let resume = |per: Option<u128>| Options {
        resume: Some(path.clone()),
        checkpoint: Some(path.clone()),
        solution_weight: per,
        ..Options::with_threads(2)
    };
    // Edits made with the checksum recomputed (`save`): only the
    // consistency of the figures can tell.
    type Edit = fn(&mut parallel::checkpoint::Finished);
    let edits: [(&str, Option<u128>, Edit); 3] = [
        ("no solutions", None, |f| f.solutions = 0),
        ("more than 4 per solution", Some(4), |f| {
            let w = f.weights.as_mut().unwrap();
            w.distinct = 4 * f.solutions + 1;
        }),
        ("less than one per solution", Some(4), |f| {
            f.solutions = 10 * f.weights.as_ref().unwrap().total
        }),
    ];
    for (why, per, edit) in edits {
        let mut c = good.clone();
        edit(&mut c.finished[k]);
        c.save(&path).unwrap();
        let before = std::fs::read(&path).unwrap();
        let e = parallel::count_weighted(&m, &resume(per), &mut NoProgress, &four).unwrap_err();
        assert!(matches!(e, Error::CheckpointDamaged { .. }), "{why}: {e}");
        let text = e.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains(why), "{text}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{why}: rewritten");
    }
    // The unedited checkpoint is within the bounds.
    good.save(&path).unwrap();
    let r = parallel::count_weighted(&m, &resume(Some(4)), &mut NoProgress, &four).unwrap();
    assert_eq!(r.solutions, 92);
    assert_eq!(r.weights, Some(Weight::new(4 * 92, 4 * 92)));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 8-queens up to the 8 symmetries of the board, weighed as Burnside's
/// lemma by stabilizers does: 1 solution, distinct weight the number of
/// symmetries that fix it, all of it also in the class "all". Option
/// `8r + c` is the queen at row `r`, column `c` (`queens`).
fn queens_by_stabilizer(opts: &[OptionId]) -> Option<Weight> {
    let cells: Vec<(usize, usize)> = opts
        .iter()
        .map(|o| (o.index() / 8, o.index() % 8))
        .collect();
    // The 8 symmetries: a transpose or not, then a flip of rows or
    // columns or both, or neither.
    let image = |g: usize, (r, c): (usize, usize)| {
        let (r, c) = if g & 4 != 0 { (c, r) } else { (r, c) };
        (
            if g & 1 != 0 { 7 - r } else { r },
            if g & 2 != 0 { 7 - c } else { c },
        )
    };
    let fixed = (0..8)
        .filter(|&g| cells.iter().all(|&x| cells.contains(&image(g, x))))
        .count() as u128;
    let mut w = Weight::new(1, fixed);
    w.classes.insert(
        "all".into(),
        parallel::ClassWeight {
            total: 1,
            distinct: fixed,
        },
    );
    Some(w)
}

/// Leaves out of `c` a finished subproblem other than `k`, and takes one
/// from subproblem `k`'s distinct weight.
fn edit_part(c: &mut parallel::Checkpoint, k: usize) {
    let drop = if k + 1 == c.finished.len() { 0 } else { k + 1 };
    c.finished[k].weights.as_mut().unwrap().distinct -= 1;
    c.finished.remove(drop);
}

/// The distinct sums of a whole count up to a group are multiples of its
/// order, but a part's need not be: a checkpoint that has finished the
/// whole tree with other sums is refused before any search and left
/// untouched; one that has finished a part with such sums resumes, and is
/// refused at the end if the whole count's sums come out wrong.
#[test]
fn a_finished_checkpoint_whose_distinct_sum_is_no_multiple_of_the_group_is_refused() {
    let dir = std::env::temp_dir().join(format!("polycover-whole-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    let m = queens(8);
    let weigh = &queens_by_stabilizer;
    let o = Options {
        checkpoint: Some(path.clone()),
        split_depth: Some(2),
        ..Options::with_threads(2)
    };
    parallel::count_weighted(&m, &o, &mut NoProgress, weigh).unwrap();
    let good = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    // 12 classes: 11 of 8 solutions, one of 4 fixed by a half-turn.
    assert_eq!(
        good.weights().map(|w| (w.total, w.distinct)),
        Some((92, 96))
    );
    let resume = Options {
        resume: Some(path.clone()),
        checkpoint: Some(path.clone()),
        solution_weight: Some(8),
        distinct_multiple: Some(8),
        ..Options::with_threads(2)
    };
    let expect = |r: parallel::Report| {
        let w = r.weights.unwrap();
        assert_eq!((r.solutions, w.total, w.distinct), (92, 92, 96));
        assert_eq!(w.classes["all"].distinct, 96);
    };
    // A part whose sum is no multiple of 8: a valid checkpoint.
    let mut part = good.clone();
    while part.weights().unwrap().distinct.is_multiple_of(8) {
        part.finished.pop();
    }
    assert!(!part.finished.is_empty());
    part.save(&path).unwrap();
    expect(parallel::count_weighted(&m, &resume, &mut NoProgress, weigh).unwrap());
    // The whole tree with one subproblem's distinct weight, or its
    // class's, one less (within the bounds of its solutions).
    let k = good
        .finished
        .iter()
        .position(|f| f.weights.as_ref().is_some_and(|w| w.distinct > w.total))
        .unwrap();
    type Edit = fn(&mut Weight);
    let edits: [(&str, Edit); 2] = [
        ("add up to 95, not a multiple of 8", |w| w.distinct -= 1),
        ("in class `all` add up to 95", |w| {
            w.classes.get_mut("all").unwrap().distinct -= 1
        }),
    ];
    for (why, edit) in edits {
        let mut c = good.clone();
        edit(c.finished[k].weights.as_mut().unwrap());
        c.save(&path).unwrap();
        let before = std::fs::read(&path).unwrap();
        let e = parallel::count_weighted(&m, &resume, &mut NoProgress, weigh).unwrap_err();
        assert!(matches!(e, Error::CheckpointDamaged { .. }), "{why}: {e}");
        let text = e.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("finished the whole search"), "{text}");
        assert!(text.contains(why), "{text}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{why}: rewritten");
    }
    // A part with that edit resumes, and its count is refused at the end,
    // the checkpoint named.
    let mut c = good.clone();
    edit_part(&mut c, k);
    c.save(&path).unwrap();
    let e = parallel::count_weighted(&m, &resume, &mut NoProgress, weigh).unwrap_err();
    assert!(matches!(e, Error::CheckpointDamaged { .. }), "{e}");
    let text = e.to_string();
    assert!(text.contains(&path.display().to_string()), "{text}");
    assert!(text.contains("add up to 95, not a multiple of 8"), "{text}");
    assert!(text.contains("once the resumed count finished"), "{text}");
    // Without the promise the sums are not checked; the unedited
    // checkpoint passes the check.
    let unchecked = Options {
        distinct_multiple: None,
        ..resume.clone()
    };
    assert!(parallel::count_weighted(&m, &unchecked, &mut NoProgress, weigh).is_ok());
    good.save(&path).unwrap();
    expect(parallel::count_weighted(&m, &resume, &mut NoProgress, weigh).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}
