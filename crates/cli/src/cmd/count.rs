//! `polycover count`: the number of solutions, and up to symmetry.
//!
//! One counting entry ([`count_problem`], also used by `verify` and `dlx`):
//! the problem's group action, a plan from `polyform::orbits` (the whole
//! tree, one piece at one placement per orbit, or Burnside), the plan's one
//! big search on the runner, and the plan's finish.

use super::{GroupArg, group_choice, load};
use crate::failure::Failure;
use crate::output::{self, CountInfo, JsonArg};
use crate::search::{CheckpointArgs, Runner, SearchArgs};
use clap::Args;
use polyform::orbits::{CountError, Counted, Plan, Want};
use polyform::problem::Problem;
use polyform::symmetry::GroupChoice;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct CountArgs {
    /// The problem file: a puzzle (TOML), a tile puzzle, or DLX text (`-`:
    /// standard input)
    file: PathBuf,
    /// Also count solutions up to symmetry (see --group)
    #[arg(long)]
    distinct: bool,
    /// The symmetries that make two solutions the same: full (rotations and
    /// reflections of the board), rotations, or none. Default: full for
    /// puzzles, none for DLX files
    #[arg(long, value_enum)]
    group: Option<GroupArg>,
    /// Search the whole tree. By default a board with symmetries is searched
    /// with one piece at one placement per orbit (|G| times less work, the
    /// same exact total); nodes and updates are then those of that search
    #[arg(long, conflicts_with = "distinct")]
    full_search: bool,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

/// A finished count with what is needed to print it.
pub struct Outcome {
    /// The counts.
    pub counted: Counted,
    /// The group used.
    pub group: GroupChoice,
    /// The group in words.
    pub group_description: String,
    /// Overhead of splitting (nodes).
    pub split_nodes: u64,
    /// Worker threads.
    pub threads: usize,
}

/// Counts a problem's solutions on the runner: `want` the total or also
/// the distinct ones under `group`; `reduce` lets a total come from the
/// symmetry-reduced search. Ctrl-C gives exit 130 with the partial count.
pub fn count_problem(
    problem: &dyn Problem,
    runner: &Runner,
    want: Want,
    group: GroupChoice,
    reduce: bool,
) -> Result<Outcome, Failure> {
    let action = problem.action(group)?;
    let internal =
        |m: String| Failure::check(format!("{}: internal error: {m}", problem.path().display()));
    let plan = Plan::new(problem.matrix(), &action, want, reduce).map_err(internal)?;
    let weigh = |o: &[dlx::OptionId]| plan.weigh(o);
    let weigher: Option<&polyform::orbits::Weigher> = if plan.is_weighted() {
        Some(&weigh)
    } else {
        None
    };
    let (tally, report) = runner.count(plan.matrix(), weigher)?;
    let counted = plan.finish(tally, &mut &*runner).map_err(|e| match e {
        CountError::Search(f) => f,
        CountError::Internal(m) => internal(m),
    })?;
    Ok(Outcome {
        counted,
        group,
        group_description: action.description,
        split_nodes: report.wasted_nodes,
        threads: report.threads,
    })
}

pub fn run(args: CountArgs) -> Result<u8, Failure> {
    let problem = load(&args.file)?;
    let group = group_choice(args.group, &*problem);
    if args.distinct && args.checkpoint.any() {
        return Err(Failure::input(
            "--distinct runs several searches and cannot be checkpointed yet: drop --checkpoint/--resume, or count without --distinct",
        ));
    }
    let runner = Runner::new(&args.search, args.json.json)?.with_checkpoints(&args.checkpoint)?;
    let start = Instant::now();
    let want = if args.distinct {
        Want::Distinct
    } else {
        Want::Total
    };
    // A checkpoint records a plain count of one matrix.
    let reduce = !args.full_search && !args.checkpoint.any();
    let o = count_problem(&*problem, &runner, want, group, reduce)?;
    let info = CountInfo {
        group: o.group.name(),
        group_description: &o.group_description,
        split_nodes: o.split_nodes,
        seconds: start.elapsed().as_secs_f64(),
        threads: o.threads,
    };
    let mut out = std::io::stdout().lock();
    if args.json.json {
        output::print_json(&mut out, &output::count_json(&*problem, &o.counted, &info))?;
    } else {
        writeln!(
            out,
            "{}",
            output::count_text(&*problem, &o.counted, &info, args.distinct)
        )?;
    }
    Ok(0)
}
