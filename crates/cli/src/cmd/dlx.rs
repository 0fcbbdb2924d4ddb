//! `polycover dlx`: Knuth's DLX format in, the count and its cost out
//! (and the first solutions, as the option lines chosen).

use super::{count, load_as};
use crate::failure::Failure;
use crate::output::{self, CountInfo, Format, Solutions, SvgArgs};
use crate::search::{CheckpointArgs, Runner, SearchArgs};
use clap::Args;
use dlx::{Control, Count, OptionId};
use orbits::{Counted, Method, Want};
use polyform::symmetry::GroupChoice;
use problem::Kind;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct DlxArgs {
    /// The DLX file; `-` or nothing reads standard input
    file: Option<PathBuf>,
    /// Also print the first N solutions, each as the option lines chosen
    #[arg(long, value_name = "N", conflicts_with = "all", alias = "print")]
    limit: Option<u64>,
    /// Also print every solution
    #[arg(long)]
    all: bool,
    /// Print JSON: the solutions printed (one object per line) and the
    /// count (see docs/json.md)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
    /// Bytes of the DLX file [default: 1073741824]
    #[arg(long, value_name = "N", value_parser = super::positive)]
    max_dlx_bytes: Option<u64>,
}

pub fn run(args: DlxArgs) -> Result<u8, Failure> {
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let mut input = super::InputArgs::default();
    input.limits.max_dlx_bytes = args.max_dlx_bytes;
    let mut flags = crate::memo::checkpoint_flags(&args.checkpoint).to_vec();
    flags.extend([
        (
            args.limit.is_some(),
            "--limit",
            "it counts without listing solutions",
        ),
        (args.all, "--all", "it counts without listing solutions"),
    ]);
    crate::memo::refuse(&args.search, &flags)?;
    let problem = load_as(&path, Some(Kind::Dlx), &input)?;
    if crate::memo::asked(&args.search) {
        let shown = (GroupChoice::None, false);
        return crate::memo::run(&*problem, &args.search, shown, args.json, false);
    }
    let limit = if args.all {
        u64::MAX
    } else {
        args.limit.unwrap_or(0)
    };
    if limit > 0 && args.checkpoint.any() {
        return Err(Failure::input(
            "checkpoints are for counting: drop --limit/--all, or --checkpoint/--resume",
        ));
    }
    let runner =
        Runner::new(&args.search, args.json)?.with_checkpoints(&args.checkpoint, &[&path])?;
    let start = Instant::now();
    let (counted, split_nodes, threads) = if limit == 0 {
        let o = count::count_problem(&*problem, &runner, Want::Total, GroupChoice::None, false)?;
        if let Some(stats) = o.memo {
            let c = crate::memo::MemoCount {
                counted: o.counted,
                stats,
                group_description: o.group_description,
            };
            let seconds = start.elapsed().as_secs_f64();
            let shown = (GroupChoice::None, false);
            crate::memo::print(&*problem, &c, shown, (args.json, false), (seconds, 1))?;
            return Ok(0);
        }
        (o.counted, o.split_nodes, o.threads)
    } else {
        // Print the first `limit` solutions, count them all.
        let format = if args.json {
            Format::Json
        } else {
            Format::Text
        };
        let mut sink = Solutions::new(&*problem, format, &SvgArgs::default(), true)?;
        let mut error = None;
        runner.engine_for(&*problem, problem.matrix())?;
        let report = runner.solve(problem.matrix(), &mut |opts: &[OptionId]| {
            if sink.shown < limit
                && let Err(e) = sink.push(opts)
            {
                error = Some(e);
                return Control::Stop;
            }
            Control::Continue
        })?;
        if let Some(e) = error {
            return Err(e);
        }
        sink.finish(0, false, true)?;
        if report.interrupted {
            return Err(Failure {
                code: crate::failure::INTERRUPTED,
                message: format!(
                    "interrupted: {} so far, {:.1}% of the search tree covered",
                    output::plural(report.solutions, "solution", "solutions"),
                    100.0 * report.fraction_done
                ),
            });
        }
        let counted = Counted {
            solutions: Count::from(report.solutions),
            distinct: Some(Count::from(report.solutions)),
            group_order: 1,
            method: Method::Full,
            reduced: 1,
            stats: dlx::Stats {
                solutions: report.solutions,
                nodes: report.nodes,
                updates: report.updates,
            },
        };
        (
            counted,
            report.split_nodes + report.wasted_nodes,
            report.threads,
        )
    };
    let info = CountInfo {
        group: GroupChoice::None.name(),
        group_description: "no symmetry",
        split_nodes,
        seconds: start.elapsed().as_secs_f64(),
        threads,
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        output::print_json(&mut out, &output::count_json(&*problem, &counted, &info))?;
    } else {
        writeln!(
            out,
            "{}, {} nodes, {} updates, {:.3} seconds",
            output::plural(counted.solutions, "solution", "solutions"),
            counted.stats.nodes,
            counted.stats.updates,
            info.seconds
        )?;
    }
    Ok(0)
}
