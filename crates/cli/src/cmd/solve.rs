//! `polycover solve`: solutions as pictures, JSON Lines or SVG files.

use super::disassemble::{DisassembleArgs, Verdict};
use super::{Distinct, GroupArg, group_choice, load};
use crate::failure::Failure;
use crate::output::disassembly::note;
use crate::output::{Format, FormatArgs, Solutions, SvgArgs};
use crate::search::{self, Runner, SearchArgs};
use clap::Args;
use disassembly::{Level, Separation};
use dlx::{Control, OptionId};
use std::path::PathBuf;

/// The help of `solve --disassemble`.
const DISASSEMBLE_HELP: &str = "Take each solution apart by sliding pieces (BurrTools' rules, see docs/burrtools.md) and print only those that come apart, each with its level and its moves step by step (JSON: `level` and `disassembly`). With --distinct, each class is taken apart in the form `count --disassemble` takes, so the levels are the count's";

#[derive(Args)]
#[command(mut_arg("disassemble", |a| a.help(DISASSEMBLE_HELP)))]
pub struct SolveArgs {
    /// The problem file (`-`: standard input)
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// Solve from a position: the whole board drawn as in `[board] art`, pieces placed
    /// drawn with their symbols (polyform puzzles; see `polycover hint`)
    #[arg(long, value_name = "FILE")]
    given: Option<PathBuf>,
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
    apart: DisassembleArgs,
    /// With --disassemble: search every solution, then print the highest
    /// levels first (with --limit N, the N highest)
    #[arg(long, requires = "disassemble")]
    by_level: bool,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    svg: SvgArgs,
    #[command(flatten)]
    search: SearchArgs,
}

/// A solution that came apart, kept for sorting by level.
struct Apart {
    level: Level,
    /// Its options as sorted numbers (ties between levels go by these).
    key: Vec<usize>,
    options: Vec<OptionId>,
    separation: Separation,
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
    let problem: Box<dyn problem::Problem> = match &args.given {
        Some(g) => Box::new(super::hint::load_position(
            &args.file,
            Some(g),
            &args.input.limits,
            "solve --given",
        )?),
        None => load(&args.file, &args.input)?,
    };
    let group = group_choice(args.group, &*problem);
    // With --distinct, a solution is printed when it is the smallest of its
    // images under the group (options as sorted ids): one per class.
    let mut distinct = Distinct::new(&*problem, group, args.distinct)?;
    let runner = Runner::new(&args.search, format != Format::Text)?;
    runner.engine_for(&*problem, problem.matrix())?;
    let sieve = args.apart.sieve(&*problem)?;
    let mut sink = Solutions::new(&*problem, format, &args.svg, limit > 1)?;
    let mut visited = 0u64;
    let mut error = None;
    let mut kept: Vec<Apart> = Vec::new();
    let report = runner.solve(problem.matrix(), &mut |opts: &[OptionId]| {
        visited += 1;
        if !distinct.keeps(opts) {
            return Control::Continue;
        }
        let pushed = match &sieve {
            None => sink.push(opts),
            Some(sieve) => match sieve.judge(opts) {
                Verdict::Stop => return Control::Stop,
                Verdict::Skip => return Control::Continue,
                Verdict::Failed(e) => Err(e),
                Verdict::Apart(s) if args.by_level => {
                    let mut key: Vec<usize> = opts.iter().map(|o| o.index()).collect();
                    key.sort_unstable();
                    kept.push(Apart {
                        level: s.level(),
                        key,
                        options: opts.to_vec(),
                        separation: s,
                    });
                    return Control::Continue;
                }
                Verdict::Apart(s) => {
                    sink.push_noted(opts, Some(&note(sieve.disassembler(), opts, &s)))
                }
            },
        };
        if let Err(e) = pushed {
            error = Some(e);
            return Control::Stop;
        }
        super::until_limit(sink.shown, limit)
    })?;
    if let Some(e) = error {
        return Err(e);
    }
    if let Some(sieve) = &sieve {
        let d = sieve.disassembler();
        // Highest level first; equal levels by their options.
        kept.sort_by(|a, b| b.level.cmp(&a.level).then_with(|| a.key.cmp(&b.key)));
        for a in kept
            .iter()
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
        {
            sink.push_noted(&a.options, Some(&note(d, &a.options, &a.separation)))?;
        }
    }
    let shown = sink.shown;
    let complete = !report.interrupted && (shown < limit || args.by_level);
    let stopped_by_user = report.interrupted && shown < limit && search::interrupted();
    if let Some(index) = sink.finish(visited, args.distinct, complete)? {
        eprintln!(
            "polycover: {} and {} written",
            crate::output::plural(shown, "picture", "pictures"),
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
        args.apart.say_none(&*problem);
    }
    Ok(0)
}
