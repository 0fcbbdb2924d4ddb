//! `--engine memo` on threads and in shards: `count`/`dlx --engine memo
//! -j N`, `count --engine memo --shard I/N --out R`, and `merge` of the
//! results (the parts and their files are `parallel::memo`'s).
//!
//! One thread unless `-j`/`--threads` says otherwise: the count is exact
//! on any number of threads, but the states visited (reported as nodes)
//! depend on it, and `verify` compares nodes.

use crate::failure::{Failure, INTERRUPTED};
use crate::memo::MemoRun;
use crate::output::{self, CountInfo};
use crate::search::{SearchArgs, stop_flag};
use dlx::memo::{MemoError, MemoOptions, MemoStats};
use dlx::{Count, Matrix};
use orbits::{Counted, Method};
use parallel::memo::{self as pm, MemoProgress};
use polyform::symmetry::GroupChoice;
use problem::Problem;
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The memo engine's options for plans and merges: its own order, the
/// default budget. A plan must come out the same in every shard and in
/// the merge, so nothing a flag changes goes into it.
fn plan_options() -> MemoOptions {
    MemoOptions {
        progress_every: Some(1 << 16),
        ..MemoOptions::default()
    }
}

/// The worker threads asked for: 1 without `-j`, one per core for `-j 0`;
/// more than [`parallel::max_threads`] is refused.
pub fn threads(search: &SearchArgs) -> Result<usize, Failure> {
    let Some(n) = search.threads else {
        return Ok(1);
    };
    if let Some(max) = parallel::over_max_threads(n) {
        return Err(Failure::input(format!(
            "-j {n}: at most {max} threads (4 per core) are allowed; 0 uses one per core"
        )));
    }
    Ok(parallel::Options::with_threads(n).thread_count())
}

/// A failed memo count as the CLI reports it: exit 130 when stopped, else
/// bad input naming the file.
fn failure(path: &Path, e: parallel::Error, states: u64) -> Failure {
    match e {
        parallel::Error::Memo(MemoError::Interrupted) => Failure {
            code: INTERRUPTED,
            message: format!(
                "interrupted: the memo engine has no partial count ({states} states visited)"
            ),
        },
        parallel::Error::Memo(e) => Failure::input(format!(
            "{}: --engine memo cannot count this problem: {e}",
            path.display()
        )),
        e => Failure::input(format!("{}: --engine memo: {e}", path.display())),
    }
}

/// Counts `parts` of `m` on `threads` threads with a progress line on a
/// terminal (`bar`); Ctrl-C or SIGTERM: exit 130.
fn count_parts(
    path: &Path,
    m: &Matrix,
    parts: &[Vec<dlx::OptionId>],
    (threads, options): (usize, &MemoOptions),
    bar: bool,
) -> Result<pm::MemoRun, Failure> {
    let stop = stop_flag();
    let start = Instant::now();
    let mut line: Option<indicatif::ProgressBar> = None;
    let mut last = MemoProgress::default();
    let result = pm::count_parts(m, options, parts, threads, Some(&stop), &mut |p| {
        last = *p;
        if bar && start.elapsed() >= Duration::from_secs(1) {
            let b = line.get_or_insert_with(crate::progress::spinner);
            b.set_message(format!(
                "{} states visited, {} cached, {} of {} parts counted, {threads} threads",
                p.states, p.cached, p.parts_done, p.parts
            ));
            b.tick();
        }
    });
    if let Some(b) = line {
        b.finish_and_clear();
    }
    result.map_err(|e| failure(path, e, last.states))
}

/// The solutions of `m` (the matrix of the file at `path`) counted by the
/// memo engine on `threads` threads (more than 1) as `run` asks (each
/// worker's cache takes its share of the budget; the parts follow the
/// order asked for), as the count of the other engines, and the engine's
/// figures (all workers').
pub fn count(
    path: &Path,
    m: &Matrix,
    threads: usize,
    run: &MemoRun,
) -> Result<(Counted, MemoStats), Failure> {
    let options = run.options(m, threads);
    let memo = dlx::memo::Memo::with_options(m, options.clone())
        .map_err(|e| failure(path, e.into(), 0))?;
    let parts = pm::memo_parts(m, memo.order(), pm::PARTS_PER_THREAD * threads);
    drop(memo);
    let run = count_parts(path, m, &parts, (threads, &options), run.bar)?;
    Ok((counted(run.solutions, &run.stats), run.stats))
}

/// A memo count as the count of the other engines (the states entered
/// stand for the nodes).
fn counted(solutions: Count, stats: &MemoStats) -> Counted {
    Counted {
        stats: dlx::Stats {
            solutions: solutions.to_u128().unwrap_or(u128::MAX),
            nodes: stats.states,
            updates: 0,
        },
        solutions,
        distinct: None,
        group_order: 1,
        method: Method::Full,
        reduced: 1,
    }
}

/// `count FILE --engine memo --shard I/N --out R`: counts shard `index`
/// of `n` on the threads of `-j` (1 by default) and writes its result.
pub fn shard(
    problem: &dyn Problem,
    (index, n): (usize, usize),
    out: &Path,
    search: &SearchArgs,
    json: bool,
) -> Result<u8, Failure> {
    let start = Instant::now();
    let path = problem.path();
    crate::paths::refuse_overwriting(out, &[path])?;
    crate::paths::check_writable(out, "a shard result")?;
    let threads = threads(search)?;
    crate::search::check_memo_share(search.max_memo_bytes, threads)?;
    let m = problem.matrix();
    let plan = pm::MemoShards::new(m, &plan_options(), n).map_err(|e| failure(path, e, 0))?;
    let mine = plan.parts_of(index).map_err(|e| failure(path, e, 0))?;
    let parts: Vec<_> = mine.iter().map(|&k| plan.parts()[k].clone()).collect();
    let bar = crate::progress::wanted(search.quiet, json);
    // The budget is this process's; the order is the plan's (refused otherwise).
    let budget = MemoRun {
        max_bytes: search.max_memo_bytes,
        ..MemoRun::default()
    };
    let options = budget.options(m, threads);
    let run = count_parts(path, m, &parts, (threads, &options), bar)?;
    let host = parallel::shard::host_name();
    let result = plan
        .result(
            m,
            index,
            &run.counts,
            run.stats.states,
            run.busy_millis,
            &host,
        )
        .map_err(|e| failure(path, e, 0))?;
    result
        .save(out)
        .map_err(|e| Failure::input(e.to_string()))?;
    let seconds = start.elapsed().as_secs_f64();
    let mut stdout = std::io::stdout().lock();
    if json {
        let mut o = output::problem_keys(problem, "shard");
        o.insert("shard".into(), json!(index));
        o.insert("shards".into(), json!(n));
        o.insert("parts".into(), json!(result.parts.len()));
        o.insert("found".into(), output::count_json_number(&run.solutions));
        o.insert("weights".into(), Value::Null);
        o.insert("nodes".into(), json!(run.stats.states));
        o.insert("cpu_seconds".into(), json!(run.busy_millis as f64 / 1000.0));
        o.insert("seconds".into(), json!(seconds));
        o.insert("out".into(), json!(out.display().to_string()));
        o.insert("threads".into(), json!(threads));
        let mut v = Value::Object(o);
        output::add_memo_json(&mut v, &run.stats);
        output::print_json(&mut stdout, &v)?;
    } else {
        writeln!(
            stdout,
            "{}: shard {index}/{n}: {}, {} found (memo engine: {} states visited), {seconds:.3} seconds; result in {}",
            problem.name(),
            output::plural(result.parts.len(), "part", "parts"),
            output::plural(&run.solutions, "solution", "solutions"),
            run.stats.states,
            out.display()
        )?;
    }
    Ok(0)
}

/// `plan FILE --shards N --engine memo`: the memo engine's parts and how
/// many each shard counts (`group`: a `--group` other than none was given,
/// which is refused).
pub fn plan(problem: &dyn Problem, n: usize, group: bool, json: bool) -> Result<u8, Failure> {
    if group {
        return Err(Failure::input(
            "--engine memo cannot be used with --group: it counts all solutions, not up to symmetry (only --group none)",
        ));
    }
    let path = problem.path();
    let plan = pm::MemoShards::new(problem.matrix(), &plan_options(), n)
        .map_err(|e| failure(path, e, 0))?;
    let mut per_shard = Vec::with_capacity(n);
    for i in 1..=n {
        per_shard.push(plan.parts_of(i).map_err(|e| failure(path, e, 0))?.len());
    }
    let mut out = std::io::stdout().lock();
    if json {
        let mut o = output::problem_keys(problem, "plan");
        o.insert("shards".into(), json!(n));
        o.insert("version".into(), json!(pm::MEMO_PLAN_VERSION));
        o.insert("parts".into(), json!(plan.parts().len()));
        o.insert("group".into(), json!(GroupChoice::None.name()));
        o.insert("method".into(), json!("full"));
        o.insert("reduced".into(), json!(1));
        o.insert("engine".into(), json!("memo"));
        let shards: Vec<Value> = per_shard
            .iter()
            .enumerate()
            .map(|(i, p)| json!({"shard": i + 1, "parts": p}))
            .collect();
        o.insert("per_shard".into(), json!(shards));
        output::print_json(&mut out, &Value::Object(o))?;
    } else {
        writeln!(
            out,
            "{}: {} parts dealt to {n} shards (memo engine, plan version {})",
            problem.name(),
            plan.parts().len(),
            pm::MEMO_PLAN_VERSION
        )?;
        for (i, p) in per_shard.iter().enumerate() {
            writeln!(out, "  shard {:>4}: {p} parts", i + 1)?;
        }
    }
    Ok(0)
}

/// Are `results` the memo engine's shard results: more of them say so than
/// say they are a search engine's (a tie goes to the first that says
/// either)? Then `merge` merges them as such and refuses the others;
/// otherwise it merges the search results and refuses the memo ones, so a
/// stray file is the one refused, not every good one.
pub fn any_memo_result(results: &[PathBuf], max_bytes: u64) -> bool {
    let kinds: Vec<bool> = results
        .iter()
        .filter_map(
            |r| match parallel::shard::file_format(r, max_bytes)?.as_str() {
                pm::MEMO_RESULT_FORMAT => Some(true),
                parallel::shard::RESULT_FORMAT => Some(false),
                _ => None,
            },
        )
        .collect();
    let memo = kinds.iter().filter(|&&k| k).count();
    let search = kinds.len() - memo;
    memo > search || (memo == search && kinds.first() == Some(&true))
}

/// `merge FILE R...` of memo shard results: refuses first any of `flags`
/// given (given, flag), then merges against the plan made again from the
/// file; exit 0 with the total, 1 with shards missing, 2 for a refused
/// file.
pub fn merge(
    problem: &dyn Problem,
    results: &[PathBuf],
    max_bytes: u64,
    flags: &[(bool, &str)],
    json: bool,
) -> Result<u8, Failure> {
    if let Some((_, flag)) = flags.iter().find(|f| f.0) {
        return Err(Failure::input(format!(
            "{flag} cannot be used to merge the memo engine's shard results: it counts all solutions, with no search tree"
        )));
    }
    let start = Instant::now();
    let m = problem.matrix();
    let (merged, refused) = pm::memo_merge_all(m, &plan_options(), results, max_bytes)
        .map_err(|e| failure(problem.path(), e, 0))?;
    if !refused.is_empty() {
        return Err(Failure::input(refusals(&refused, results.len(), &merged)));
    }
    let mut out = std::io::stdout().lock();
    if !merged.complete() {
        if json {
            let mut v = output::problem_keys(problem, "merge");
            v.insert("complete".into(), json!(false));
            v.insert("shards".into(), json!(merged.shards));
            v.insert("missing".into(), json!(merged.missing));
            v.insert("solutions".into(), Value::Null);
            v.insert("distinct".into(), Value::Null);
            v.insert("engine".into(), json!("memo"));
            output::print_json(&mut out, &Value::Object(v))?;
        }
        let ranges = crate::shard_ranges::ranges(&merged.missing);
        return Err(Failure {
            code: crate::failure::CHECK_FAILED,
            message: format!(
                "{} of {} shards missing: {} (resubmit with --array={})",
                merged.missing.len(),
                merged.shards,
                crate::shard_ranges::bounded(&ranges, ", "),
                crate::shard_ranges::bounded(&ranges, ",")
            ),
        });
    }
    let stats = MemoStats {
        states: merged.states,
        ..MemoStats::default()
    };
    let c = counted(merged.solutions.clone(), &stats);
    let seconds = start.elapsed().as_secs_f64();
    if json {
        let info = CountInfo {
            group: GroupChoice::None.name(),
            group_description: "no symmetry",
            split_nodes: 0,
            seconds,
            threads: 1,
        };
        let mut v = output::count_json(problem, &c, &info);
        output::add_memo_json(&mut v, &stats);
        if let Some(o) = v.as_object_mut() {
            o.insert("type".into(), json!("merge"));
            o.insert("complete".into(), json!(true));
            o.insert("shards".into(), json!(merged.shards));
            o.insert("missing".into(), json!(merged.missing));
            o.insert("cpu_seconds".into(), json!(merged.cpu_seconds));
        }
        output::print_json(&mut out, &v)?;
    } else {
        writeln!(
            out,
            "{}: {} (memo engine: {}, {} states visited, {:.1} CPU seconds)",
            problem.name(),
            output::plural(&merged.solutions, "solution", "solutions"),
            output::plural(merged.shards, "shard", "shards"),
            merged.states,
            merged.cpu_seconds
        )?;
    }
    Ok(0)
}

/// The message for refused result files: the first few, each naming its
/// file and why, and the shards left without a result.
fn refusals(refused: &[parallel::Error], files: usize, merged: &pm::MemoMerged) -> String {
    use crate::shard_ranges::SHOWN;
    let mut message = format!("{} of the {files} result files refused:", refused.len());
    for e in refused.iter().take(SHOWN) {
        message += &format!("\n  {e}");
    }
    if refused.len() > SHOWN {
        message += &format!("\n  ... and {} more", refused.len() - SHOWN);
    }
    if !merged.missing.is_empty() {
        let ranges = crate::shard_ranges::ranges(&merged.missing);
        message += &format!(
            "\n  {} of {} shards have no usable result: {}",
            merged.missing.len(),
            merged.shards,
            crate::shard_ranges::bounded(&ranges, ", ")
        );
    }
    message
}
