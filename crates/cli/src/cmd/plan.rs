//! `polycover plan`: the shards of a distributed count, without searching.

use super::{GroupArg, count, group_choice, load};
use crate::failure::Failure;
use crate::output::shards::PlanInfo;
use crate::output::{self, JsonArg};
use crate::search::{self, EngineArg};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args)]
pub struct PlanArgs {
    /// The problem file
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// Into how many shards to cut the search (at most 10000)
    #[arg(long, value_name = "N")]
    shards: usize,
    /// The group the count is taken under. Default: the file's own
    /// `[expect] group`, else full for puzzles and none for DLX files
    #[arg(long, value_enum)]
    group: Option<GroupArg>,
    /// The engine the shards will count with (as given to `count --shard`):
    /// the cell engine cuts its own tree, the memo engine makes its own
    /// parts (sets of options, docs/distributed.md)
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    engine: EngineArg,
    #[command(flatten)]
    json: JsonArg,
}

pub fn run(args: PlanArgs) -> Result<u8, Failure> {
    count::check_shard_count(args.shards, &format!("--shards {}", args.shards))?;
    if args.engine == EngineArg::Memo {
        let group = args.group.is_some_and(|g| g != GroupArg::None);
        let problem = load(&args.file, &args.input)?;
        return crate::memo_split::plan(&*problem, args.shards, group, args.json.json);
    }
    let problem = load(&args.file, &args.input)?;
    let group = group_choice(args.group, &*problem);
    let job = count::Job::new(&*problem, group, count::Want::Distinct, true)?;
    let engine = search::engine_for(args.engine.kind(), &*problem, job.plan.matrix())?;
    let shards = parallel::Shards::new(job.plan.matrix(), args.shards, engine)
        .map_err(|e| Failure::input(e.to_string()))?;
    // Each shard's parts, and Knuth's estimate of its share of the tree.
    let per_shard: Vec<(usize, f64)> = (1..=shards.count())
        .map(|i| {
            let parts = shards.parts_of(i);
            let share: f64 = parts.iter().map(|&p| shards.parts()[p].weight()).sum();
            (parts.len(), share)
        })
        .collect();
    let mut out = std::io::stdout().lock();
    if args.json.json {
        let info = PlanInfo {
            group: group.name(),
            method: job.plan.method(),
            reduced: job.plan.reduced(),
            parts: shards.parts().len(),
            depth: shards.depth(),
            per_shard: &per_shard,
        };
        output::print_json(&mut out, &output::shards::plan(&*problem, &info))?;
    } else {
        writeln!(
            out,
            "{}: {} parts at depth {} dealt to {} shards (plan version {}; {} search, reduced {}-fold)",
            problem.name(),
            shards.parts().len(),
            shards.depth(),
            shards.count(),
            parallel::shard::PLAN_VERSION,
            output::method_name(job.plan.method()),
            job.plan.reduced()
        )?;
        for (i, (n, w)) in per_shard.iter().enumerate() {
            writeln!(
                out,
                "  shard {:>4}: {n} parts, about {:.2}% of the tree",
                i + 1,
                100.0 * w + 0.0
            )?;
        }
    }
    Ok(0)
}
