//! `polycover merge`: the shards of a distributed count, summed exactly.
//!
//! The plan is made again from the problem file (it is deterministic), and
//! every result file is checked against it: each part of the plan covered
//! exactly once, results of another puzzle, plan, group or version refused
//! with the file named. Exit 0 when complete, 1 when shards are missing
//! (listed, with the `--array=` list to resubmit them), 2 for bad input.

use super::{GroupArg, count, group_choice, load};
use crate::failure::{CHECK_FAILED, Failure};
use crate::output::{self, CountInfo, JsonArg};
use crate::search::{CheckpointLock, Runner, SearchArgs};
use crate::shard_ranges::{SHOWN, bounded, ranges};
use clap::Args;
use orbits::{Tally, Weight};
use problem::Problem;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct MergeArgs {
    /// The problem file the shards counted
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// The shards' result files (`count FILE --shard I/N --out RESULT`;
    /// those of `--engine memo` are merged as such, whatever --engine says)
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// The group the shards counted under (as given to `count --shard`).
    /// Default: the file's own `[expect] group`, else full for puzzles and
    /// none for DLX files (as for `count`)
    #[arg(long, value_enum)]
    group: Option<GroupArg>,
    /// The shards were counted with --disassemble: also say how many
    /// solutions come apart, at each level
    #[arg(long)]
    disassemble: bool,
    /// Also write a checkpoint of everything the results hold: `count FILE
    /// --resume CK` then counts only the missing shards' parts
    #[arg(long, value_name = "CK")]
    checkpoint: Option<PathBuf>,
    /// The most bytes a result file may have; a larger one is refused
    /// after reading that much [default: 268435456 (256 MiB)]
    #[arg(long, value_name = "N")]
    max_result_bytes: Option<u64>,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: MergeArgs) -> Result<u8, Failure> {
    let start = Instant::now();
    let max_bytes = args.max_result_bytes;
    let max_bytes = max_bytes.unwrap_or(parallel::shard::DEFAULT_MAX_RESULT_BYTES);
    if crate::memo_split::any_memo_result(&args.results, max_bytes) {
        let group = args.group.is_some_and(|g| g != GroupArg::None);
        let flags = [
            (args.disassemble, "--disassemble"),
            (args.checkpoint.is_some(), "--checkpoint"),
            (group, "--group"),
        ];
        let problem = load(&args.file, &args.input)?;
        return crate::memo_split::merge(
            &*problem,
            &args.results,
            max_bytes,
            &flags,
            args.json.json,
        );
    }
    // The merged checkpoint replaces an earlier merge's (the workflow of
    // docs/distributed.md), never one a count is writing.
    let _lock = lock_checkpoint(&args)?;
    let problem = load(&args.file, &args.input)?;
    let group = group_choice(args.group, &*problem);
    let job = if args.disassemble {
        count::Job::classified(&*problem, group)?
    } else {
        count::Job::new(&*problem, group, count::Want::Distinct, true)?
    };
    let runner = Runner::new(&args.search, args.json.json)?;
    let merged = merge_results(&args, &*problem, &job, &runner)?;
    let mut out = std::io::stdout().lock();
    if !merged.complete() {
        if args.json.json {
            let v = output::shards::merge_incomplete(&*problem, &merged);
            output::print_json(&mut out, &v)?;
        }
        return Err(Failure {
            code: CHECK_FAILED,
            message: missing_message(&merged),
        });
    }
    let counted = job.finish(tally(&merged), &runner)?;
    let levels = if args.disassemble {
        Some(job.levels(merged.weights.as_ref())?)
    } else {
        None
    };
    let info = CountInfo {
        group: group.name(),
        group_description: &job.action.description,
        split_nodes: 0,
        seconds: start.elapsed().as_secs_f64(),
        threads: runner.threads(),
    };
    if args.json.json {
        let v = output::shards::merge(&*problem, &counted, &info, &merged, levels.as_ref());
        output::print_json(&mut out, &v)?;
    } else {
        writeln!(
            out,
            "{} ({} shards, {:.1} CPU seconds)",
            output::count_text(&*problem, &counted, &info, true),
            merged.shards,
            merged.cpu_seconds
        )?;
        if let Some(l) = &levels {
            writeln!(out, "{}", output::levels_text(l))?;
        }
    }
    Ok(0)
}

/// With `--checkpoint CK`: refuses a CK that is an input or cannot be
/// written, and locks it for the merge.
fn lock_checkpoint(args: &MergeArgs) -> Result<Option<CheckpointLock>, Failure> {
    let Some(ck) = &args.checkpoint else {
        return Ok(None);
    };
    let mut inputs: Vec<&std::path::Path> = vec![&args.file];
    inputs.extend(args.results.iter().map(|r| r.as_path()));
    crate::paths::refuse_overwriting(ck, &inputs)?;
    crate::paths::check_writable(ck, "a checkpoint")?;
    crate::search::lock_checkpoint(ck).map(Some)
}

/// The result files merged against the job's plan (any refused one fails
/// the merge, naming it), and the checkpoint of them written when asked
/// for.
fn merge_results(
    args: &MergeArgs,
    problem: &dyn Problem,
    job: &count::Job,
    runner: &Runner,
) -> Result<parallel::Merged, Failure> {
    let engine = runner.engine_for(problem, job.plan.matrix())?;
    let max_bytes = args
        .max_result_bytes
        .unwrap_or(parallel::shard::DEFAULT_MAX_RESULT_BYTES);
    let (merged, refused) =
        parallel::merge_all(job.plan.matrix(), &args.results, engine, max_bytes)
            .map_err(|e| Failure::input(e.to_string()))?;
    if !refused.is_empty() {
        return Err(Failure::input(refusals(&refused, &args.results, &merged)));
    }
    if let Some(ck) = &args.checkpoint {
        merged
            .checkpoint(job.plan.matrix())
            .save(ck)
            .map_err(|e| Failure::input(e.to_string()))?;
        let resume = format!(
            "`polycover count {} --resume {}`",
            args.file.display(),
            ck.display()
        );
        if merged.missing.is_empty() {
            eprintln!(
                "polycover: {} written: the count is whole ({resume} reports it at once)",
                ck.display()
            );
        } else {
            eprintln!(
                "polycover: {} written: {resume} counts the rest",
                ck.display()
            );
        }
    }
    Ok(merged)
}

/// The message for missing shards: how many, which, and the `--array=`
/// list to resubmit them.
fn missing_message(merged: &parallel::Merged) -> String {
    let ranges = ranges(&merged.missing);
    format!(
        "{} of {} shards missing: {} (resubmit with --array={})",
        merged.missing.len(),
        merged.shards,
        bounded(&ranges, ", "),
        if ranges.len() <= SHOWN {
            ranges.join(",")
        } else {
            format!(
                "{},... (the list is long: see --json)",
                ranges[..SHOWN].join(",")
            )
        }
    )
}

/// The merged counts as the tally of one search.
fn tally(merged: &parallel::Merged) -> Tally {
    Tally {
        found: dlx::Count::from(merged.solutions),
        stats: dlx::Stats {
            solutions: merged.solutions,
            nodes: merged.nodes,
            updates: merged.updates,
        },
        weight: match merged.weights.clone() {
            Some(w) => Weight {
                total: w.total,
                distinct: w.distinct,
            },
            None => Weight {
                total: merged.solutions,
                distinct: 0,
            },
        },
    }
}

/// The message for refused result files: how many, the first few (each
/// naming its file and why), and the shards left without a result.
fn refusals(refused: &[parallel::Error], results: &[PathBuf], merged: &parallel::Merged) -> String {
    let mut message = format!(
        "{} of the {} result files refused:",
        refused.len(),
        results.len()
    );
    for e in refused.iter().take(SHOWN) {
        message += &format!("\n  {e}");
    }
    if refused.len() > SHOWN {
        message += &format!("\n  ... and {} more", refused.len() - SHOWN);
    }
    if !merged.missing.is_empty() {
        message += &format!(
            "\n  {} of {} shards have no usable result: {}",
            merged.missing.len(),
            merged.shards,
            bounded(&ranges(&merged.missing), ", ")
        );
    }
    message
}
