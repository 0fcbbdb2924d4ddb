//! Interrupting, checkpointing and resuming.

use super::common::*;
use dlx::Matrix;
use parallel::{Checkpoint, Error, NoProgress, Options, Snapshot, checkpoint::Finished};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polycover-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Counts with a checkpoint, held once `hold_after` subproblems have
/// finished in this run (`Options::hold_after`), then stopped: an
/// interruption at a known point, whatever the speed of the machine.
fn interrupted_run(
    m: &Matrix,
    threads: usize,
    resume: Option<PathBuf>,
    path: &Path,
    hold_after: usize,
) -> parallel::Report {
    let o = Options {
        checkpoint: Some(path.to_path_buf()),
        resume,
        checkpoint_every: Duration::ZERO,
        slice_nodes: Some(256),
        hold_after: Some(hold_after),
        ..Options::with_threads(threads)
    };
    let stop = o.stop.clone();
    let mut held = 0;
    let r = parallel::count(m, &o, &mut |s: &Snapshot| {
        if s.held {
            held += 1;
            stop.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert_eq!(held, 1, "the hold is reported once");
    r
}

#[test]
fn interrupted_then_resumed_gives_the_exact_count() {
    let m = langford(11);
    let path = temp("langford.ckpt");
    let first = interrupted_run(&m, 2, None, &path, 5);
    let saved = Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    assert_eq!(saved.solutions(), Some(first.solutions));
    assert!(first.interrupted);
    // Held after 5 (or, with the other thread's, 6) finished subproblems.
    assert!(
        (5..=6).contains(&first.subproblems),
        "{}",
        first.subproblems
    );
    assert_eq!(saved.finished.len(), first.subproblems);
    assert!(first.fraction_done < 1.0);
    assert!(first.solutions < langford_count(11));
    // Interrupt the resumed run again, with another thread count, then finish.
    let second = interrupted_run(&m, 3, Some(path.clone()), &path, 40);
    assert!(second.interrupted);
    assert!(second.subproblems >= first.subproblems + 40);
    assert!(second.solutions >= first.solutions);
    let o = Options {
        checkpoint: Some(path.to_path_buf()),
        resume: Some(path.clone()),
        ..Options::with_threads(8)
    };
    let last = parallel::count(&m, &o, &mut NoProgress).unwrap();
    assert!(!last.interrupted);
    assert_eq!(last.solutions, langford_count(11));
    assert_eq!(last.fraction_done, 1.0);
    // A complete checkpoint resumes to the same count at once.
    let again = parallel::count(
        &m,
        &Options {
            resume: Some(path.clone()),
            ..Options::with_threads(1)
        },
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(again.solutions, langford_count(11));
    assert_eq!(again.subproblems, last.subproblems);
}

#[test]
fn a_run_with_fewer_subproblems_than_the_hold_finishes() {
    let m = queens(8);
    let o = Options {
        hold_after: Some(1 << 20),
        ..Options::with_threads(2)
    };
    let r = parallel::count(&m, &o, &mut |s: &Snapshot| assert!(!s.held)).unwrap();
    assert!(!r.interrupted);
    assert_eq!(r.solutions, QUEENS[8]);
}

#[test]
fn stopped_before_the_start_resumes_to_the_full_count() {
    let m = queens(9);
    let path = temp("queens9.ckpt");
    let o = Options {
        checkpoint: Some(path.to_path_buf()),
        ..Options::with_threads(2)
    };
    o.stop.store(true, Ordering::Relaxed);
    let r = parallel::count(&m, &o, &mut NoProgress).unwrap();
    assert!(r.interrupted);
    assert_eq!(r.solutions, 0);
    assert!(r.fraction_done < 1.0);
    let o = Options {
        resume: Some(path.clone()),
        ..Options::with_threads(3)
    };
    assert_eq!(
        parallel::count(&m, &o, &mut NoProgress).unwrap().solutions,
        QUEENS[9]
    );
}

#[test]
fn a_partial_checkpoint_is_completed() {
    // Drop every other finished subproblem: the resumed run redoes them.
    let m = queens(10);
    let path = temp("queens10.ckpt");
    let o = Options {
        checkpoint: Some(path.to_path_buf()),
        slice_nodes: Some(32),
        ..Options::with_threads(3)
    };
    parallel::count(&m, &o, &mut NoProgress).unwrap();
    let mut c = Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    assert_eq!(c.solutions(), Some(QUEENS[10]));
    forget_half(&mut c, &path);
    let o = Options {
        resume: Some(path.clone()),
        ..Options::with_threads(2)
    };
    assert_eq!(
        parallel::count(&m, &o, &mut NoProgress).unwrap().solutions,
        QUEENS[10]
    );
}

fn resume_error(m: &Matrix, path: &Path) -> Error {
    let o = Options {
        resume: Some(path.to_path_buf()),
        ..Options::with_threads(2)
    };
    parallel::count(m, &o, &mut NoProgress).unwrap_err()
}

#[test]
fn bad_checkpoints_are_refused() {
    let m = queens(8);
    let path = temp("queens8.ckpt");
    let o = Options {
        checkpoint: Some(path.to_path_buf()),
        ..Options::with_threads(2)
    };
    parallel::count(&m, &o, &mut NoProgress).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let bad = temp("bad.ckpt");

    std::fs::write(&bad, &text[..text.len() * 2 / 3]).unwrap();
    assert!(
        matches!(resume_error(&m, &bad), Error::CheckpointDamaged { .. }),
        "truncated"
    );

    let edited = text.replacen("\"solutions\":\"", "\"solutions\":\"1", 1);
    assert_ne!(edited, text);
    std::fs::write(&bad, &edited).unwrap();
    assert!(
        matches!(resume_error(&m, &bad), Error::CheckpointDamaged { .. }),
        "edited count"
    );

    std::fs::write(&bad, text.replace("\"version\":2", "\"version\":7")).unwrap();
    assert!(matches!(
        resume_error(&m, &bad),
        Error::CheckpointVersion { .. }
    ));

    let e = resume_error(&queens(9), &path);
    assert!(matches!(e, Error::CheckpointForeign { .. }), "{e}");

    assert!(matches!(
        resume_error(&m, &temp("missing.ckpt")),
        Error::CheckpointRead { .. }
    ));

    // Checksum fine, fingerprint fine, but the subproblems are not in the tree.
    let mut c = Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    c.finished.push(Finished {
        choices: vec![1, 2, 3],
        degrees: vec![1, 1, 1],
        solutions: 5,
        weights: None,
        nodes: 0,
        updates: 0,
    });
    c.save(&bad).unwrap();
    assert!(matches!(
        resume_error(&m, &bad),
        Error::CheckpointMismatch { .. }
    ));
    let mut c = Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    let dup = c.finished[0].clone();
    c.finished.push(dup);
    c.save(&bad).unwrap();
    assert!(matches!(
        resume_error(&m, &bad),
        Error::CheckpointMismatch { .. }
    ));
}

#[test]
fn enumeration_refuses_checkpoints() {
    let m = queens(6);
    let o = Options {
        checkpoint: Some(temp("x.ckpt")),
        ..Options::default()
    };
    let e = parallel::solve(&m, &o, &mut NoProgress, |_: &[dlx::OptionId]| {
        dlx::Control::Continue
    });
    assert!(matches!(e, Err(Error::CheckpointWhileEnumerating)));
}

/// A split that finds a branch dead (its children all die at once) keeps
/// it as a branch, searched and recorded like any other. It used to drop
/// it unrecorded, so a run resumed from the *complete* checkpoint found it
/// open and searched it again: the 8-queens cut for 256 branches has 43
/// such branches, and the resumed run reported 275 subproblems for the 199
/// of the run that wrote the checkpoint (the count and the nodes stayed
/// right). Deterministic: one thread, so no split happens while running;
/// the cut is the splitting code the running splits use (`split::refine`),
/// and a forced depth is cut one level at a time for the same reason.
#[test]
fn a_complete_checkpoint_resumes_to_the_same_figures() {
    let m = queens(8);
    let mut solver = dlx::Solver::new(&m);
    assert_eq!(solver.count(), QUEENS[8]);
    let one_thread = solver.stats().nodes;
    for (per_thread, split_depth) in [(256, None), (2000, None), (1, Some(3))] {
        let path = temp(&format!("queens8-{per_thread}.ckpt"));
        let o = Options {
            checkpoint: Some(path.clone()),
            per_thread,
            split_depth,
            ..Options::with_threads(1)
        };
        let first = parallel::count(&m, &o, &mut NoProgress).unwrap();
        let again = parallel::count(&m, &resuming(&path, 1), &mut NoProgress).unwrap();
        let case = format!("per thread {per_thread}, depth {split_depth:?}");
        assert_eq!(first.solutions, QUEENS[8], "{case}");
        assert_eq!(again.solutions, QUEENS[8], "{case}");
        assert_eq!(again.subproblems, first.subproblems, "{case}");
        assert_eq!(again.nodes, first.nodes, "{case}");
        assert_eq!(first.nodes, one_thread, "{case}");
        assert_eq!(again.updates, first.updates, "{case}");
    }
}

/// A checkpoint whose time is at the bound a load accepts (2^63 - 1, a
/// hand edit) is resumed, and what the run writes loads again: the sums
/// are held at the bound instead of going beyond it (the next resume
/// refused the checkpoint the run had written).
#[test]
fn a_resumed_checkpoint_at_the_bounds_is_written_within_them() {
    let m = queens(8);
    let path = temp("bounds.ckpt");
    let o = Options {
        checkpoint: Some(path.to_path_buf()),
        ..Options::with_threads(2)
    };
    o.stop.store(true, Ordering::Relaxed);
    assert!(
        parallel::count(&m, &o, &mut NoProgress)
            .unwrap()
            .interrupted
    );
    let mut c = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    c.millis = parallel::checkpoint::MAX_FIGURE;
    c.cpu_millis = parallel::checkpoint::MAX_FIGURE;
    c.split_nodes = parallel::checkpoint::MAX_FIGURE;
    c.save(&path).unwrap();
    let o = Options {
        resume: Some(path.clone()),
        checkpoint: Some(path.clone()),
        ..Options::with_threads(2)
    };
    assert_eq!(
        parallel::count(&m, &o, &mut NoProgress).unwrap().solutions,
        QUEENS[8]
    );
    let c = parallel::Checkpoint::load(&path, &m, auto_engine(&m)).unwrap();
    assert_eq!(c.millis, parallel::checkpoint::MAX_FIGURE);
    assert_eq!(c.split_nodes, parallel::checkpoint::MAX_FIGURE);
    assert_eq!(
        parallel::count(&m, &o, &mut NoProgress).unwrap().solutions,
        QUEENS[8]
    );
}
