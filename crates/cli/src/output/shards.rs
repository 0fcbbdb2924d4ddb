//! The JSON objects of a count cut into shards (docs/json.md,
//! docs/distributed.md): the plan (`plan`), one shard's count (`count
//! --shard`) and the merge of their results (`merge`).

use super::{CountInfo, Levels, add_levels_json, count_json, method_name, problem_keys};
use orbits::{Counted, Method};
use problem::Problem;
use serde_json::{Map, Value, json};
use std::path::Path;

/// How a count is dealt to shards, for [`plan`].
pub struct PlanInfo<'a> {
    /// The group's name on the command line.
    pub group: &'a str,
    pub method: Method,
    /// How many times smaller symmetry makes the search.
    pub reduced: usize,
    /// The plan's parts and the depth of the tree they are cut at.
    pub parts: usize,
    pub depth: usize,
    /// For each shard in order: its parts and Knuth's estimate of its
    /// share of the tree.
    pub per_shard: &'a [(usize, f64)],
}

/// `plan --json`.
pub fn plan(problem: &dyn Problem, p: &PlanInfo) -> Value {
    let mut m = problem_keys(problem, "plan");
    m.insert("shards".into(), json!(p.per_shard.len()));
    m.insert("depth".into(), json!(p.depth));
    m.insert("version".into(), json!(parallel::shard::PLAN_VERSION));
    m.insert("parts".into(), json!(p.parts));
    m.insert("group".into(), json!(p.group));
    m.insert("method".into(), json!(method_name(p.method)));
    m.insert("reduced".into(), json!(p.reduced));
    let per_shard: Vec<Value> = p
        .per_shard
        .iter()
        .enumerate()
        .map(|(i, (n, w))| json!({"shard": i + 1, "parts": n, "estimated_share": w}))
        .collect();
    m.insert("per_shard".into(), json!(per_shard));
    Value::Object(m)
}

/// `count --shard I/N --json`: shard `index` of `n`, its `result` written
/// to `out` in `seconds`; `disassemble` adds the weights by level.
pub fn shard(
    problem: &dyn Problem,
    (index, n): (usize, usize),
    result: &parallel::ShardResult,
    disassemble: bool,
    seconds: f64,
    out: &Path,
) -> Value {
    let mut m = problem_keys(problem, "shard");
    m.insert("shard".into(), json!(index));
    m.insert("shards".into(), json!(n));
    m.insert("parts".into(), json!(result.parts.len()));
    m.insert("found".into(), json!(result.solutions()));
    let weights = result.weights().map(|w| {
        let mut v = json!({"total": w.total, "distinct_times_group_order": w.distinct});
        if disassemble {
            let levels: Map<String, Value> = w
                .classes
                .iter()
                .map(|(k, c)| (k.clone(), json!({"total": c.total, "distinct": c.distinct})))
                .collect();
            v["levels_times_group_order"] = Value::Object(levels);
        }
        v
    });
    m.insert("weights".into(), json!(weights));
    m.insert("nodes".into(), json!(result.nodes));
    m.insert("cpu_seconds".into(), json!(result.cpu_seconds()));
    m.insert("seconds".into(), json!(seconds));
    m.insert("out".into(), json!(out.display().to_string()));
    Value::Object(m)
}

/// `merge --json` with shards missing: which, and no counts.
pub fn merge_incomplete(problem: &dyn Problem, merged: &parallel::Merged) -> Value {
    let mut m = problem_keys(problem, "merge");
    m.insert("complete".into(), json!(false));
    m.insert("shards".into(), json!(merged.shards));
    m.insert("missing".into(), json!(merged.missing));
    m.insert("solutions".into(), Value::Null);
    m.insert("distinct".into(), Value::Null);
    Value::Object(m)
}

/// `merge --json` with every shard there: the count's keys, the shards'
/// CPU time, and the counts by level with `--disassemble`.
pub fn merge(
    problem: &dyn Problem,
    counted: &Counted,
    info: &CountInfo,
    merged: &parallel::Merged,
    levels: Option<&Levels>,
) -> Value {
    let mut v = count_json(problem, counted, info);
    if let Some(m) = v.as_object_mut() {
        m.insert("type".into(), json!("merge"));
        m.insert("complete".into(), json!(true));
        m.insert("shards".into(), json!(merged.shards));
        m.insert("missing".into(), json!(merged.missing));
        m.insert("cpu_seconds".into(), json!(merged.cpu_seconds));
    }
    if let Some(l) = levels {
        add_levels_json(&mut v, l);
    }
    v
}
