//! BurrTools' own example files against BurrTools' own answers: the
//! assemblies, the solutions that come apart and their levels, for every
//! problem BurrTools' solver can take apart. The expected figures, with
//! where they come from, are in `crates/burrtools/tests/burr/burrtools-examples.toml`; the
//! files are BurrTools' and are not in this repository.

use disassembly::levels::count_levels;
use polyform::symmetry::GroupChoice;
use problem::{LoadOptions, load};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The variable naming the directory of BurrTools' `examples/`.
const VAR: &str = "POLYCOVER_BURRTOOLS_EXAMPLES";

#[derive(serde::Deserialize)]
struct Expected {
    problem: Vec<ExpectedProblem>,
}

#[derive(serde::Deserialize)]
struct ExpectedProblem {
    file: String,
    problem: usize,
    assemblies: u128,
    solutions: u128,
    levels: BTreeMap<String, u128>,
}

fn expected() -> Expected {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../burrtools/tests/burr/burrtools-examples.toml");
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// What polycover says of one problem, or why it cannot say.
fn ours(dir: &Path, e: &ExpectedProblem) -> Result<(u128, u128, BTreeMap<String, u128>), String> {
    let path: PathBuf = dir.join(&e.file);
    let options = LoadOptions {
        problem: Some(e.problem.to_string()),
        ..Default::default()
    };
    let problem = load(&path, &options).map_err(|x| x.to_string())?;
    let action = problem
        .action(GroupChoice::Full)
        .map_err(|x| x.to_string())?;
    let dis = problem.disassembler().map_err(|x| x.to_string())?;
    let c = count_levels(problem.matrix(), &action, &dis).map_err(|x| x.to_string())?;
    let levels = c
        .levels
        .iter()
        .map(|(l, &(_, d))| (l.to_string(), d))
        .collect();
    Ok((c.distinct, c.disassemblable().1, levels))
}

#[test]
#[ignore = "needs BurrTools' example files: set POLYCOVER_BURRTOOLS_EXAMPLES to the directory holding them (BurrTools' examples/), then run with --ignored (under a second in release)"]
fn burrtools_examples_disassemble_as_burrtools_does() {
    let dir = PathBuf::from(std::env::var_os(VAR).unwrap_or_else(|| {
        panic!("{VAR} is not set: it must name the directory of BurrTools' example files")
    }));
    let mut wrong = Vec::new();
    for e in expected().problem {
        let label = format!("{} problem {}", e.file, e.problem);
        let start = std::time::Instant::now();
        match ours(&dir, &e) {
            Ok((assemblies, solutions, levels)) => {
                eprintln!(
                    "{label}: {assemblies} assemblies, {solutions} solutions, levels {levels:?} ({:.2} s)",
                    start.elapsed().as_secs_f64()
                );
                if (assemblies, solutions, &levels) != (e.assemblies, e.solutions, &e.levels) {
                    wrong.push(format!(
                        "{label}: polycover {assemblies} assemblies, {solutions} solutions, levels {levels:?}; BurrTools {} / {} / {:?}",
                        e.assemblies, e.solutions, e.levels
                    ));
                }
            }
            Err(m) => wrong.push(format!("{label}: {m}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
