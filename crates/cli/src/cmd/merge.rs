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
use crate::search::{Runner, SearchArgs};
use clap::Args;
use polyform::orbits::{Tally, Weight};
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct MergeArgs {
    /// The problem file the shards counted
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// The shards' result files (`count FILE --shard I/N --out RESULT`)
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
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: MergeArgs) -> Result<u8, Failure> {
    let start = Instant::now();
    let problem = load(&args.file, &args.input)?;
    let group = group_choice(args.group, &*problem);
    let job = if args.disassemble {
        count::Job::classified(&*problem, group)?
    } else {
        count::Job::new(&*problem, group, count::Want::Distinct, true)?
    };
    let runner = Runner::new(&args.search, args.json.json)?;
    let engine = runner.engine_for(problem.path(), job.plan.matrix())?;
    let merged = parallel::merge(job.plan.matrix(), &args.results, engine)
        .map_err(|e| Failure::input(e.to_string()))?;
    if let Some(ck) = &args.checkpoint {
        merged
            .checkpoint(job.plan.matrix())
            .save(ck)
            .map_err(|e| Failure::input(e.to_string()))?;
        eprintln!(
            "polycover: {} written: `polycover count {} --resume {}` counts the rest",
            ck.display(),
            args.file.display(),
            ck.display()
        );
    }
    let mut out = std::io::stdout().lock();
    if !merged.complete() {
        let missing: Vec<String> = merged.missing.iter().map(|i| i.to_string()).collect();
        let message = format!(
            "{} of {} shards missing: {} (resubmit with --array={})",
            merged.missing.len(),
            merged.shards,
            missing.join(", "),
            missing.join(",")
        );
        if args.json.json {
            let mut m = output::problem_keys(&*problem, "merge");
            m.insert("complete".into(), json!(false));
            m.insert("shards".into(), json!(merged.shards));
            m.insert("missing".into(), json!(merged.missing));
            m.insert("solutions".into(), Value::Null);
            m.insert("distinct".into(), Value::Null);
            output::print_json(&mut out, &Value::Object(m))?;
        }
        return Err(Failure {
            code: CHECK_FAILED,
            message,
        });
    }
    let tally = Tally {
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
    };
    let counted = job.finish(tally, &runner)?;
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
        let mut v = output::count_json(&*problem, &counted, &info);
        if let Some(m) = v.as_object_mut() {
            m.insert("type".into(), json!("merge"));
            m.insert("complete".into(), json!(true));
            m.insert("shards".into(), json!(merged.shards));
            m.insert("missing".into(), json!(merged.missing));
            m.insert("cpu_seconds".into(), json!(merged.cpu_seconds));
        }
        if let Some(l) = &levels {
            output::add_levels_json(&mut v, l);
        }
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
