//! The JSON objects of `polycover show` (docs/json.md): a problem, or the
//! list of the problems of a file that holds several.

use super::problem_keys;
use burrtools::{GridType, ProblemInfo};
use problem::{Kind, Problem};
use serde_json::{Value, json};

/// `show --json`: the problem's own description and what its file
/// expects.
pub fn problem(problem: &dyn Problem) -> Value {
    let mut m = problem_keys(problem, "problem");
    if let Value::Object(o) = problem.describe_json() {
        m.extend(o);
    }
    let expect = problem.expect().map(|e| {
        json!({
            "solutions": super::maybe_count_json(e.solutions.as_ref()),
            "distinct": super::maybe_count_json(e.distinct.as_ref()),
            "group": e.group.name(),
            "source": e.source,
            "nodes": e.nodes,
        })
    });
    m.insert("expect".into(), json!(expect));
    Value::Object(m)
}

/// `show --json` on a BurrTools file of several problems (and no
/// `--problem`): each problem's number, name, pieces and result size.
pub fn problems(file: &str, grid: GridType, list: &[ProblemInfo]) -> Value {
    let problems: Vec<Value> = list
        .iter()
        .map(|p| {
            json!({
                "index": p.index,
                "name": p.name,
                "pieces": p.pieces,
                "result": p.result.map(|(fill, optional)| json!({
                    "fill": fill,
                    "optional": optional,
                })),
                "saved_assemblies": p.saved_assemblies,
                "line": p.line,
            })
        })
        .collect();
    json!({
        "type": "problems",
        "file": file,
        "kind": Kind::Burr.name(),
        "grid": grid.name(),
        "problems": problems,
    })
}
