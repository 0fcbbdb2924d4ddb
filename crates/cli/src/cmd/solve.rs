//! `polycover solve`: solutions as pictures, JSON Lines or SVG files.

use super::{Distinct, GroupArg, group_choice, load};
use crate::failure::Failure;
use crate::output::{Format, FormatArgs, Solutions, SvgArgs};
use crate::search::{self, Runner, SearchArgs};
use clap::Args;
use dlx::{Control, OptionId};
use std::path::PathBuf;

#[derive(Args)]
pub struct SolveArgs {
    /// The problem file (`-`: standard input)
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// Print the first N solutions (default 1)
    #[arg(long, value_name = "N", conflicts_with = "all")]
    limit: Option<u64>,
    /// Print every solution
    #[arg(long)]
    all: bool,
    /// Print one solution per class of solutions equal up to symmetry (the
    /// one whose options, as sorted numbers, come first among its images)
    #[arg(long)]
    distinct: bool,
    /// The symmetries for --distinct: full, rotations or none (default:
    /// the file's own `[expect] group`, else full for puzzles and none for
    /// DLX files)
    #[arg(long, value_enum)]
    group: Option<GroupArg>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    svg: SvgArgs,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: SolveArgs) -> Result<u8, Failure> {
    let limit = if args.all {
        u64::MAX
    } else {
        args.limit.unwrap_or(1)
    };
    if limit == 0 {
        return Err(Failure::input(
            "--limit 0 would print nothing: give N of at least 1 (or use `count` for the number of solutions)",
        ));
    }
    let format = args.format.format();
    let problem = load(&args.file, &args.input)?;
    let group = group_choice(args.group, &*problem);
    // With --distinct, a solution is printed when it is the smallest of its
    // images under the group (options as sorted ids): one per class.
    let mut distinct = Distinct::new(&*problem, group, args.distinct)?;
    let runner = Runner::new(&args.search, format != Format::Text)?;
    runner.engine_for(problem.path(), problem.matrix())?;
    let mut sink = Solutions::new(&*problem, format, &args.svg, limit > 1)?;
    let mut visited = 0u64;
    let mut error = None;
    let report = runner.solve(problem.matrix(), &mut |opts: &[OptionId]| {
        visited += 1;
        if !distinct.keeps(opts) {
            return Control::Continue;
        }
        if let Err(e) = sink.push(opts) {
            error = Some(e);
            return Control::Stop;
        }
        if sink.shown >= limit {
            Control::Stop
        } else {
            Control::Continue
        }
    })?;
    if let Some(e) = error {
        return Err(e);
    }
    let shown = sink.shown;
    let complete = !report.interrupted && shown < limit;
    let stopped_by_user = report.interrupted && shown < limit && search::interrupted();
    if let Some(index) = sink.finish(visited, args.distinct, complete)? {
        eprintln!(
            "polycover: {shown} pictures and {} written",
            index.display()
        );
    }
    if stopped_by_user {
        return Err(Failure {
            code: crate::failure::INTERRUPTED,
            message: format!(
                "interrupted: {shown} solutions printed, {:.1}% of the search tree covered",
                100.0 * report.fraction_done
            ),
        });
    }
    if shown == 0 {
        eprintln!("polycover: {}: no solution", problem.name());
    }
    Ok(0)
}
