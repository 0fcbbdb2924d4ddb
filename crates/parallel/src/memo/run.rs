//! Counting the parts of a memoized count on a rayon pool.

use super::memo_parts;
use crate::Error;
use dlx::memo::{Memo, MemoError, MemoOptions, MemoStats};
use dlx::{Count, Matrix, OptionId};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A count on N threads aims at this many parts per thread, so that a
/// worker that draws large parts does not hold up the end for long.
pub const PARTS_PER_THREAD: usize = 8;

/// How often the calling thread reports progress and passes the stop flag
/// on to the workers.
const POLL: Duration = Duration::from_millis(100);

/// Where a count on threads stands, for the progress hook.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoProgress {
    /// States entered by all workers so far.
    pub states: u64,
    /// States cached by all workers now (as last reported by each).
    pub cached: u64,
    /// Parts counted, of `parts`.
    pub parts_done: usize,
    pub parts: usize,
}

/// A finished count of parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoRun {
    /// The sum of the parts' counts.
    pub solutions: Count,
    /// Each part's count, in the order of the parts given.
    pub counts: Vec<Count>,
    /// The workers' figures, added up (`cached`: the states cached at the
    /// end, all caches together).
    pub stats: MemoStats,
    /// Worker threads.
    pub threads: usize,
    /// Time the workers spent counting, all together, in milliseconds.
    pub busy_millis: u64,
}

/// Counts every solution of `matrix` with the memo engine on `threads`
/// threads (at least 1): the parts of [`memo_parts`] for
/// [`PARTS_PER_THREAD`] × `threads`, then [`count_parts`].
pub fn memo_count(
    matrix: &Matrix,
    options: &MemoOptions,
    threads: usize,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&MemoProgress),
) -> Result<MemoRun, Error> {
    let memo = Memo::with_options(matrix, options.clone())?;
    let target = PARTS_PER_THREAD.saturating_mul(threads.max(1));
    let parts = memo_parts(matrix, memo.order(), target);
    count_parts(matrix, options, &parts, threads, stop, progress)
}

/// What the workers share: the next part to take, the results, the first
/// error, and each worker's latest figures.
struct Shared<'a> {
    parts: &'a [Vec<OptionId>],
    /// The index of the next part to take (past the end: none left).
    next: AtomicUsize,
    /// Raised on the caller's stop or a worker's error: every worker stops.
    halt: AtomicBool,
    /// Parts counted.
    done: AtomicUsize,
    /// Per worker: states entered and states cached, as last reported.
    states: Vec<AtomicU64>,
    cached: Vec<AtomicU64>,
    /// The counts, per part (`None`: not counted).
    counts: Mutex<Vec<Option<Count>>>,
    /// The first error other than an interruption.
    error: Mutex<Option<MemoError>>,
    /// Each worker's figures at its end, and its busy time.
    stats: Mutex<Vec<MemoStats>>,
    busy_nanos: AtomicU64,
}

/// Counts the solutions holding each of `parts` (sets of options, as
/// [`memo_parts`] makes them, whose solutions must not overlap) on a rayon
/// pool of `threads` workers (at least 1, at most
/// [`max_threads`](crate::max_threads)), each with its own `Memo` made with
/// `options` (the cache budget, unless given, is one `threads`-th of the
/// default) and reused for every part it takes. The sum is exact.
/// Raising `stop` ends the count within about 0.1 s with
/// [`MemoError::Interrupted`]; `progress` is called on the calling thread
/// about every 0.1 s.
pub fn count_parts(
    matrix: &Matrix,
    options: &MemoOptions,
    parts: &[Vec<OptionId>],
    threads: usize,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&MemoProgress),
) -> Result<MemoRun, Error> {
    let threads = threads.max(1);
    // Raised before the start: no worker starts (they poll the flag only
    // through the monitor below, which may come after a quick count).
    if stop.is_some_and(|s| s.load(Relaxed)) {
        return Err(MemoError::Interrupted.into());
    }
    if let Some(max) = crate::over_max_threads(threads) {
        return Err(Error::TooManyThreads {
            asked: threads,
            max,
        });
    }
    let mut options = options.clone();
    if options.max_states.is_none() {
        let whole = Memo::with_options(matrix, options.clone())?.max_states();
        options.max_states = Some(whole / threads);
    }
    // The matrix and order are checked once, before any thread starts.
    Memo::with_options(matrix, options.clone())?;
    let shared = Shared {
        parts,
        next: AtomicUsize::new(0),
        halt: AtomicBool::new(false),
        done: AtomicUsize::new(0),
        states: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        cached: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        counts: Mutex::new(vec![None; parts.len()]),
        error: Mutex::new(None),
        stats: Mutex::new(Vec::new()),
        busy_nanos: AtomicU64::new(0),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("polycover-memo-{i}"))
        .build()?;
    let snapshot = |sh: &Shared| MemoProgress {
        states: sh.states.iter().map(|s| s.load(Relaxed)).sum(),
        cached: sh.cached.iter().map(|s| s.load(Relaxed)).sum(),
        parts_done: sh.done.load(Relaxed),
        parts: parts.len(),
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<()>();
        let (shared, options, pool) = (&shared, &options, &pool);
        scope.spawn(move || {
            pool.scope(|s| {
                for w in 0..threads {
                    s.spawn(move |_| worker(matrix, options, shared, w));
                }
            });
            let _ = tx.send(());
        });
        loop {
            if stop.is_some_and(|s| s.load(Relaxed)) {
                shared.halt.store(true, Relaxed);
            }
            progress(&snapshot(shared));
            match rx.recv_timeout(POLL) {
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                _ => break,
            }
        }
    });
    progress(&snapshot(&shared));
    finish(shared, threads)
}

/// One worker: takes parts until none is left or the count halts.
fn worker(matrix: &Matrix, options: &MemoOptions, sh: &Shared, w: usize) {
    let start = Instant::now();
    let fail = |e: MemoError| {
        if e != MemoError::Interrupted {
            lock(&sh.error).get_or_insert(e);
        }
        sh.halt.store(true, Relaxed);
    };
    let mut memo = None;
    while !sh.halt.load(Relaxed) {
        let k = sh.next.fetch_add(1, Relaxed);
        if k >= sh.parts.len() {
            break;
        }
        if memo.is_none() {
            match Memo::with_options(matrix, options.clone()) {
                Ok(m) => memo = Some(m),
                Err(e) => {
                    fail(e);
                    break;
                }
            }
        }
        let m = memo.as_mut().expect("made above");
        let report = |s: &MemoStats| {
            sh.states[w].store(s.states, Relaxed);
            sh.cached[w].store(s.cached, Relaxed);
        };
        match m.count_given(&sh.parts[k], Some(&sh.halt), &mut { report }) {
            Ok(n) => {
                lock(&sh.counts)[k] = Some(n);
                sh.done.fetch_add(1, Relaxed);
                report(&m.stats());
            }
            Err(e) => {
                fail(e);
                break;
            }
        }
    }
    if let Some(m) = &memo {
        lock(&sh.stats).push(m.stats());
    }
    let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    sh.busy_nanos.fetch_add(nanos, Relaxed);
}

/// The run's result once every worker has ended: the first error, else an
/// interruption if a part is left, else the sum.
fn finish(sh: Shared, threads: usize) -> Result<MemoRun, Error> {
    if let Some(e) = lock(&sh.error).take() {
        return Err(e.into());
    }
    let counts: Option<Vec<Count>> = lock(&sh.counts).iter().cloned().collect();
    let counts = counts.ok_or(MemoError::Interrupted)?;
    let mut solutions = Count::ZERO;
    for n in &counts {
        solutions.add(n);
    }
    let mut stats = MemoStats::default();
    for s in lock(&sh.stats).iter() {
        stats.states += s.states;
        stats.hits += s.hits;
        stats.cached += s.cached;
        stats.evictions += s.evictions;
        stats.evicted += s.evicted;
    }
    Ok(MemoRun {
        solutions,
        counts,
        stats,
        threads,
        busy_millis: sh.busy_nanos.load(Relaxed) / 1_000_000,
    })
}

/// A lock that a panicked worker cannot poison for the others.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
