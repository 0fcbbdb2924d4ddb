//! `polycover count`: the number of solutions, and up to symmetry; one
//! shard of a distributed count.
//!
//! One counting entry for every command ([`Job`], also used by `verify`,
//! `dlx`, `merge` and `plan`): the problem's group action, a plan from
//! `orbits` (the whole tree, one piece at one placement per
//! orbit, or Burnside), the plan's one big search on the runner (whole,
//! resumed from a checkpoint, or one shard of it), and the plan's finish.

use super::{GroupArg, group_choice, load};
use crate::failure::Failure;
use crate::output::{self, CountInfo, JsonArg, Levels};
use crate::search::{CheckpointArgs, Runner, SearchArgs};
use clap::Args;
use disassembly::levels::{self, Classifier};
use disassembly::{DisassemblyError, Level};
pub use orbits::Want;
use orbits::{Action, CountError, Counted, Plan, Tally, Weigher};
use parallel::ClassWeight;
use polyform::symmetry::GroupChoice;
use problem::Problem;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

#[derive(Args)]
pub struct CountArgs {
    /// The problem file: a puzzle (TOML), a tile puzzle, or DLX text (`-`:
    /// standard input)
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// Also count solutions up to symmetry (see --group)
    #[arg(long)]
    distinct: bool,
    /// The symmetries that make two solutions the same: full (rotations and
    /// reflections of the board), rotations, or none. Default: the file's
    /// own `[expect] group`, else full for puzzles and none for DLX files
    #[arg(long, value_enum)]
    group: Option<GroupArg>,
    /// Search the whole tree. By default a board with symmetries is searched
    /// with one piece at one placement per orbit (|G| times less work, the
    /// same exact total); nodes and updates are then those of that search.
    /// Not with --distinct (nor --disassemble or --shard): distinct
    /// solutions are counted from the symmetry-reduced search
    #[arg(long, conflicts_with = "distinct")]
    full_search: bool,
    /// Also take every solution apart by sliding pieces (BurrTools' rules,
    /// see docs/burrtools.md): how many come apart (BurrTools' "solutions")
    /// and how many at each level. Implies --distinct
    #[arg(long, conflicts_with = "full_search")]
    disassemble: bool,
    /// Count only shard I of N (1-based) of the search and write the result
    /// to --out, for `polycover merge`. `auto/N` takes I from
    /// SLURM_ARRAY_TASK_ID (as is: submit --array=1-N) or
    /// JOB_COMPLETION_INDEX (Kubernetes, 0-based: 1 is added). With
    /// --engine memo: the memo engine's own parts (docs/distributed.md)
    #[arg(
        long,
        value_name = "I/N",
        requires = "out",
        conflicts_with = "full_search"
    )]
    shard: Option<String>,
    /// With --shard: the result file to write
    #[arg(long, value_name = "RESULT", requires = "shard")]
    out: Option<PathBuf>,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

/// A planned count of a problem: the group acting on it and how to count.
pub struct Job<'p> {
    /// The group, as option permutations.
    pub action: Action,
    /// The plan: the big search's matrix and weigher, and the finish.
    pub plan: Plan<'p>,
    path: PathBuf,
}

impl<'p> Job<'p> {
    /// Plans a count of `problem`: `want` the total or also the distinct
    /// ones under `group`; `reduce` lets a total come from the
    /// symmetry-reduced search.
    pub fn new(
        problem: &'p dyn Problem,
        group: GroupChoice,
        want: Want,
        reduce: bool,
    ) -> Result<Job<'p>, Failure> {
        let action = problem.action(group)?;
        let path = problem.path().to_path_buf();
        let plan =
            Plan::new(problem.matrix(), &action, want, reduce).map_err(|m| internal(&path, m))?;
        Ok(Job { action, plan, path })
    }

    /// Plans a count by disassembly level under `group`: every solution the
    /// big search finds is weighed and taken apart
    /// ([`Plan::weighing_every_solution`]; its checkpoints and shard results
    /// are a disassembling count's own).
    pub fn classified(problem: &'p dyn Problem, group: GroupChoice) -> Result<Job<'p>, Failure> {
        let action = problem.action(group)?;
        let path = problem.path().to_path_buf();
        let plan = Plan::weighing_every_solution(problem.matrix(), &action, levels::CLASSES)
            .map_err(|m| internal(&path, m))?;
        Ok(Job { action, plan, path })
    }

    /// Runs `f` with a weigher that also takes each solution apart and puts
    /// its weight under its level (for a job made by [`Job::classified`]).
    /// A solution that cannot be analysed is an error: the weigher keeps
    /// it and says so, which stops the run without counting (or
    /// checkpointing as done) the branch of that solution. The
    /// disassembly polls the Ctrl-C flag, so a long one ends soon after
    /// Ctrl-C, and the driver takes its giving up as an interruption (the
    /// branch is searched again on resume).
    pub fn with_classifier<T>(
        &self,
        problem: &dyn Problem,
        f: impl FnOnce(parallel::Weigher<'_>) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        let dis = super::disassembler_of(problem)?;
        let refused = |e: DisassemblyError| {
            Failure::input(format!("{}: --disassemble: {e}", self.path.display()))
        };
        let classifier = Classifier::new(&self.plan, &self.action, &dis);
        let error = Mutex::new(None);
        let weigh = |o: &[dlx::OptionId]| match classifier.classify(o) {
            Ok(c) => Some(parallel::Weight {
                total: c.weight.total,
                distinct: c.weight.distinct,
                classes: c
                    .separation
                    .map(|s| {
                        let w = ClassWeight {
                            total: c.class_weight.total,
                            distinct: c.class_weight.distinct,
                        };
                        BTreeMap::from([(s.level().to_string(), w)])
                    })
                    .unwrap_or_default(),
            }),
            // Ctrl-C: the run is being stopped, and says so itself.
            Err(DisassemblyError::Stopped) => None,
            Err(e) => {
                error
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(e);
                None
            }
        };
        let out = f(&weigh);
        // The disassembly's own error, rather than the driver's word that
        // the run stopped on it.
        match error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(refused(e)),
            None => out,
        }
    }

    /// The solutions by level from the sums of a classified count: each
    /// level with its solutions and distinct ones, in level order.
    pub fn levels(&self, weights: Option<&parallel::Weight>) -> Result<Levels, Failure> {
        let order = self.plan.group_order() as u128;
        let mut out = Vec::new();
        for (name, w) in weights.map(|w| &w.classes).into_iter().flatten() {
            let level: Level = name.parse().map_err(|m: String| internal(&self.path, m))?;
            if w.distinct % order != 0 {
                return Err(internal(
                    &self.path,
                    format!(
                        "level {name}: the distinct sum {} is not a multiple of the group order {order}",
                        w.distinct
                    ),
                ));
            }
            out.push((level, w.total, w.distinct / order));
        }
        out.sort();
        Ok(Levels(out))
    }

    /// Runs `f` with the plan's weigher (`None` for a plain count).
    pub fn with_weigher<T>(&self, f: impl FnOnce(Option<&Weigher<'_>>) -> T) -> T {
        let weigh = |o: &[dlx::OptionId]| self.plan.weigh(o);
        f(if self.plan.is_weighted() {
            Some(&weigh)
        } else {
            None
        })
    }

    /// The counts from the big search's tally (Burnside's small searches
    /// run on `runner`).
    pub fn finish(&self, tally: Tally, runner: &Runner) -> Result<Counted, Failure> {
        self.plan.finish(tally, &mut &*runner).map_err(|e| match e {
            CountError::Search(f) => f,
            CountError::Internal(m) => internal(&self.path, m),
        })
    }
}

fn internal(path: &std::path::Path, m: String) -> Failure {
    Failure::check(format!("{}: internal error: {m}", path.display()))
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
    /// The memo engine's figures, when it counted (`crate::memo`).
    pub memo: Option<dlx::memo::MemoStats>,
}

/// Counts a problem's solutions on the runner (see [`Job::new`]), or with
/// the memo engine where its pieces repeat and the runner leaves the
/// engine to polycover ([`crate::memo::auto`]). Ctrl-C gives exit 130
/// with the partial count.
pub fn count_problem(
    problem: &dyn Problem,
    runner: &Runner,
    want: Want,
    group: GroupChoice,
    reduce: bool,
) -> Result<Outcome, Failure> {
    if let Some(c) = crate::memo::auto(problem, runner, want, group)? {
        return Ok(Outcome {
            counted: c.counted,
            group,
            group_description: c.group_description,
            split_nodes: 0,
            threads: 1,
            memo: Some(c.stats),
        });
    }
    let job = Job::new(problem, group, want, reduce)?;
    runner.engine_for(problem, job.plan.matrix())?;
    runner.weighing_up_to(job.plan.group_order());
    let (tally, report) = job.with_weigher(|w| runner.count(job.plan.matrix(), w))?;
    let counted = job.finish(tally, runner)?;
    Ok(Outcome {
        counted,
        group,
        group_description: job.action.description.clone(),
        split_nodes: report.split_nodes + report.wasted_nodes,
        threads: report.threads,
        memo: None,
    })
}

pub fn run(args: CountArgs) -> Result<u8, Failure> {
    // Everything that can be refused is refused before the search.
    if crate::memo::asked(&args.search) {
        return run_memo(&args);
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let problem = load(&args.file, &args.input)?;
    let group = group_choice(args.group, &*problem);
    let file = args.file.as_path();
    let runner =
        Runner::new(&args.search, args.json.json)?.with_checkpoints(&args.checkpoint, &[file])?;
    if let Some((index, n)) = shard {
        let out = args.out.as_ref().expect("clap requires --out with --shard");
        let mut inputs = vec![file];
        inputs.extend(args.checkpoint.checkpoint.as_deref());
        inputs.extend(args.checkpoint.resume.as_deref());
        crate::paths::refuse_overwriting(out, &inputs)?;
        crate::paths::check_writable(out, "a shard result")?;
        return run_shard(
            &*problem,
            group,
            &runner,
            (index, n),
            out,
            args.json.json,
            args.disassemble,
        );
    }
    let start = Instant::now();
    if args.disassemble {
        return run_disassemble(&*problem, group, &runner, args.json.json, start);
    }
    // A resumable count plans as for the distinct count, so that `count
    // --resume` takes the checkpoint of any count (and of `merge
    // --checkpoint`) of the same file and group; --full-search asks for
    // the whole tree, which only a plain total searches.
    let want = if args.distinct || (args.checkpoint.any() && !args.full_search) {
        Want::Distinct
    } else {
        Want::Total
    };
    let o = count_problem(&*problem, &runner, want, group, !args.full_search)?;
    let info = CountInfo {
        group: o.group.name(),
        group_description: &o.group_description,
        split_nodes: o.split_nodes,
        seconds: start.elapsed().as_secs_f64(),
        threads: o.threads,
    };
    if let Some(stats) = o.memo {
        let c = crate::memo::MemoCount {
            counted: o.counted,
            stats,
            group_description: o.group_description.clone(),
        };
        let shown = (group, args.distinct);
        crate::memo::print(
            &*problem,
            &c,
            shown,
            (args.json.json, true),
            (info.seconds, 1),
        )?;
        return Ok(0);
    }
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

/// `count --engine memo`: the total, and the distinct solutions with
/// `--distinct`; refused with what it cannot do before the file is read.
fn run_memo(args: &CountArgs) -> Result<u8, Failure> {
    let mut flags = crate::memo::checkpoint_flags(&args.checkpoint).to_vec();
    let split = args.search.threads.is_some_and(|n| n != 1) || args.shard.is_some();
    flags.extend([
        (
            split && args.distinct,
            "--distinct",
            "split by -j or --shard it counts the total only",
        ),
        (
            args.shard.is_some() && args.search.memo_order != crate::search::MemoOrder::Auto,
            "--memo-order",
            "in shards, the parts follow the engine's own order (every shard and the merge make the same plan)",
        ),
        (
            args.disassemble,
            "--disassemble",
            "it does not list the solutions to take apart",
        ),
    ]);
    crate::memo::refuse(&args.search, &flags)?;
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let problem = load(&args.file, &args.input)?;
    if let (Some(shard), Some(out)) = (shard, &args.out) {
        return crate::memo_split::shard(&*problem, shard, out, &args.search, args.json.json);
    }
    let group = group_choice(args.group, &*problem);
    let shown = (group, args.distinct);
    crate::memo::run(&*problem, &args.search, shown, args.json.json, true)
}

/// `count --disassemble`: the counts, and the solutions by level.
fn run_disassemble(
    problem: &dyn Problem,
    group: GroupChoice,
    runner: &Runner,
    json: bool,
    start: Instant,
) -> Result<u8, Failure> {
    let job = Job::classified(problem, group)?;
    runner.engine_for(problem, job.plan.matrix())?;
    runner.weighing_up_to(job.plan.group_order());
    let (tally, report) =
        job.with_classifier(problem, |w| runner.count_classes(job.plan.matrix(), w))?;
    let counted = job.finish(tally, runner)?;
    let levels = job.levels(report.weights.as_ref())?;
    let info = CountInfo {
        group: group.name(),
        group_description: &job.action.description,
        split_nodes: report.split_nodes + report.wasted_nodes,
        seconds: start.elapsed().as_secs_f64(),
        threads: report.threads,
    };
    let mut out = std::io::stdout().lock();
    if json {
        let mut v = output::count_json(problem, &counted, &info);
        output::add_levels_json(&mut v, &levels);
        output::print_json(&mut out, &v)?;
    } else {
        writeln!(
            out,
            "{}",
            output::count_text(problem, &counted, &info, true)
        )?;
        writeln!(out, "{}", output::levels_text(&levels))?;
    }
    Ok(0)
}

/// `I/N`, or `auto/N` from the environment of a Slurm array task or a
/// Kubernetes Indexed Job.
fn parse_shard(s: &str) -> Result<(usize, usize), Failure> {
    let bad = || {
        Failure::input(format!(
            "--shard {s}: write I/N with 1 <= I <= N (or auto/N inside a Slurm array or a Kubernetes Indexed Job)"
        ))
    };
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    check_shard_count(n, &format!("--shard {s}"))?;
    let i = if i.trim() == "auto" {
        let from = |var: &str| std::env::var(var).ok().filter(|v| !v.is_empty());
        if let Some(v) = from("SLURM_ARRAY_TASK_ID") {
            eprintln!("polycover: shard {v}/{n} from SLURM_ARRAY_TASK_ID");
            v.parse().map_err(|_| bad())?
        } else if let Some(v) = from("JOB_COMPLETION_INDEX") {
            let k: usize = v.parse().map_err(|_| bad())?;
            eprintln!(
                "polycover: shard {}/{n} from JOB_COMPLETION_INDEX={v} (0-based)",
                k + 1
            );
            k + 1
        } else {
            return Err(Failure::input(format!(
                "--shard {s}: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set"
            )));
        }
    } else {
        i.trim().parse().map_err(|_| bad())?
    };
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Refuses a plan of no shard or more than [`parallel::MAX_SHARDS`]
/// (`what`: the option that asked for `n`).
pub fn check_shard_count(n: usize, what: &str) -> Result<(), Failure> {
    if n == 0 {
        return Err(Failure::input(format!(
            "{what}: a plan has at least one shard"
        )));
    }
    if n > parallel::MAX_SHARDS {
        return Err(Failure::input(format!(
            "{what}: a plan has at most {} shards (the shard limit, see docs/distributed.md)",
            parallel::MAX_SHARDS
        )));
    }
    Ok(())
}

/// Counts shard `index` of `n` and writes its result file.
fn run_shard(
    problem: &dyn Problem,
    group: GroupChoice,
    runner: &Runner,
    (index, n): (usize, usize),
    out: &std::path::Path,
    json: bool,
    disassemble: bool,
) -> Result<u8, Failure> {
    let start = Instant::now();
    let job = if disassemble {
        Job::classified(problem, group)?
    } else {
        Job::new(problem, group, Want::Distinct, true)?
    };
    let engine = runner.engine_for(problem, job.plan.matrix())?;
    let shards = parallel::Shards::new(job.plan.matrix(), n, engine)
        .map_err(|e| Failure::input(e.to_string()))?;
    runner.weighing_up_to(job.plan.group_order());
    let m = job.plan.matrix();
    let result = if disassemble {
        job.with_classifier(problem, |w| runner.shard_classes(m, &shards, index, w))?
    } else {
        job.with_weigher(|w| runner.shard(m, &shards, index, w))?
    };
    result
        .save(out)
        .map_err(|e| Failure::input(e.to_string()))?;
    let mut stdout = std::io::stdout().lock();
    if json {
        let seconds = start.elapsed().as_secs_f64();
        let v = output::shards::shard(problem, (index, n), &result, disassemble, seconds, out);
        output::print_json(&mut stdout, &v)?;
    } else {
        // The solutions as the progress bar and the merge count them: a
        // weighted (symmetry-reduced) shard's weighted total, not the
        // representatives it searched.
        let found = match result.weights() {
            Some(w) if result.weighted => w.total,
            _ => result.solutions().unwrap_or(0),
        };
        writeln!(
            stdout,
            "{}: shard {index}/{n}: {}, {} found, {} nodes, {:.3} seconds; result in {}",
            problem.name(),
            output::plural(result.parts.len(), "part", "parts"),
            output::plural(found, "solution", "solutions"),
            result.nodes,
            start.elapsed().as_secs_f64(),
            out.display()
        )?;
    }
    Ok(0)
}
