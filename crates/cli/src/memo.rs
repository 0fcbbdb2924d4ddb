//! `--engine memo`: counting with `dlx::memo`, which caches the count of
//! each subproblem met instead of visiting every solution (issue 41).
//!
//! Only plain counts: `count` and `dlx` without `--limit`. Everything it
//! cannot do is refused before any work ([`refuse`]), and a matrix the
//! engine cannot take is an error naming the file and the reason. The count
//! runs on one thread unless `-j` is given (then, and for shards, module
//! `memo_split`), with a progress line on a terminal (states visited,
//! states cached) and a clean stop on Ctrl-C or SIGTERM (exit 130).

use crate::failure::{Failure, INTERRUPTED};
use crate::output::{self, CountInfo};
use crate::search::{CheckpointArgs, EngineArg, SearchArgs, stop_flag};
use dlx::Matrix;
use dlx::memo::{Memo, MemoError, MemoOptions, MemoStats};
use orbits::{Counted, Method};
use polyform::symmetry::GroupChoice;
use problem::Problem;
use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// Is the memo engine asked for?
pub fn asked(search: &SearchArgs) -> bool {
    search.engine == EngineArg::Memo
}

/// Refuses `--engine memo` with the first flag that cannot work with it:
/// `--knuth` (checked for every command), then
/// the command's own `flags`, each (given, flag, why). Nothing is
/// refused when the memo engine is not asked for.
pub fn refuse(search: &SearchArgs, flags: &[(bool, &str, &str)]) -> Result<(), Failure> {
    if !asked(search) {
        return Ok(());
    }
    let common = [(search.knuth, "--knuth", "it makes no DLX1 moves")];
    match common.iter().chain(flags).find(|f| f.0) {
        Some((_, flag, why)) => Err(Failure::input(format!(
            "--engine memo cannot be used with {flag}: {why}"
        ))),
        None => Ok(()),
    }
}

/// The checkpoint flags, which `--engine memo` refuses, for [`refuse`].
pub fn checkpoint_flags(c: &CheckpointArgs) -> [(bool, &'static str, &'static str); 4] {
    let why = "it writes and reads no checkpoints";
    [
        (c.checkpoint.is_some(), "--checkpoint", why),
        (c.resume.is_some(), "--resume", why),
        (c.checkpoint_every.is_some(), "--checkpoint-every", why),
        (
            c.max_checkpoint_bytes.is_some(),
            "--max-checkpoint-bytes",
            why,
        ),
    ]
}

/// A finished memoized count.
pub struct MemoCount {
    /// The count, as the other engines' counts are reported (the states
    /// entered stand for the nodes; no updates).
    pub counted: Counted,
    /// The engine's figures.
    pub stats: MemoStats,
}

/// Counts the solutions of `m` (the matrix of the problem at `path`) with
/// the memo engine, in the order of its own heuristic.
/// `bar`: draw the progress line. Ctrl-C or SIGTERM: exit 130.
pub fn count(path: &Path, m: &Matrix, bar: bool) -> Result<MemoCount, Failure> {
    // The engine's own order: a board swept along its longest dimension
    // visits more states (docs/performance.md, "The memo engine").
    let options = MemoOptions {
        progress_every: Some(1 << 16),
        ..MemoOptions::default()
    };
    let refused = |e: MemoError| {
        Failure::input(format!(
            "{}: --engine memo cannot count this problem: {e}",
            path.display()
        ))
    };
    let mut memo = Memo::with_options(m, options).map_err(refused)?;
    let stop = stop_flag();
    let start = Instant::now();
    let mut line: Option<indicatif::ProgressBar> = None;
    let result = memo.count_with(Some(&stop), &mut |s: &MemoStats| {
        if bar && start.elapsed() >= Duration::from_secs(1) {
            let b = line.get_or_insert_with(crate::progress::spinner);
            b.set_message(format!("{} states visited, {} cached", s.states, s.cached));
            b.tick();
        }
    });
    if let Some(b) = line {
        b.finish_and_clear();
    }
    let stats = memo.stats();
    let solutions = match result {
        Ok(n) => n,
        Err(MemoError::Interrupted) => {
            return Err(Failure {
                code: INTERRUPTED,
                message: format!(
                    "interrupted: the memo engine has no partial count ({} states visited)",
                    stats.states
                ),
            });
        }
        Err(MemoError::Overflow) => {
            return Err(Failure::input(format!(
                "{}: --engine memo: the count exceeds 2^128 - 1, the largest count polycover holds",
                path.display()
            )));
        }
        Err(e) => return Err(refused(e)),
    };
    let counted = Counted {
        solutions,
        distinct: None,
        group_order: 1,
        method: Method::Full,
        reduced: 1,
        stats: dlx::Stats {
            solutions,
            nodes: stats.states,
            updates: 0,
        },
    };
    Ok(MemoCount { counted, stats })
}

/// Adds the engine and its figures to a count's JSON: `engine` (`memo`)
/// and `memo` (`states`, `hits`, `cached`, `evictions`, `evicted`).
pub fn add_json(v: &mut Value, s: &MemoStats) {
    if let Some(m) = v.as_object_mut() {
        m.insert("engine".into(), json!("memo"));
        m.insert(
            "memo".into(),
            json!({
                "states": s.states,
                "hits": s.hits,
                "cached": s.cached,
                "evictions": s.evictions,
                "evicted": s.evicted,
            }),
        );
    }
}

/// A memoized count as one line of text (after the problem's name).
pub fn text(c: &MemoCount, seconds: f64) -> String {
    format!(
        "{} solutions (memo engine: {} states visited, {} from the cache, {} cached), {seconds:.3} seconds",
        c.counted.solutions, c.stats.states, c.stats.hits, c.stats.cached
    )
}

/// Counts `problem` with the memo engine, sweeping in its own order where
/// it has one, and prints the count as `count` and `dlx` print theirs
/// (`named`: the line starts with the problem's name).
pub fn run(
    problem: &dyn Problem,
    search: &SearchArgs,
    json: bool,
    named: bool,
) -> Result<u8, Failure> {
    let start = Instant::now();
    let bar = crate::progress::wanted(search.quiet, json);
    // More than one thread only when asked for (module `memo_split`).
    let threads = crate::memo_split::threads(search)?;
    let c = match threads {
        1 => count(problem.path(), problem.matrix(), bar)?,
        n => {
            let (counted, stats) =
                crate::memo_split::count(problem.path(), problem.matrix(), n, bar)?;
            MemoCount { counted, stats }
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    if json {
        let info = CountInfo {
            group: GroupChoice::None.name(),
            group_description: "no symmetry",
            split_nodes: 0,
            seconds,
            threads,
        };
        let mut v = output::count_json(problem, &c.counted, &info);
        add_json(&mut v, &c.stats);
        output::print_json(&mut out, &v)?;
    } else if named {
        writeln!(out, "{}: {}", problem.name(), text(&c, seconds))?;
    } else {
        writeln!(out, "{}", text(&c, seconds))?;
    }
    Ok(0)
}
