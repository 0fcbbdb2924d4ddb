//! `polycover verify`: run every puzzle that carries expected counts and
//! compare.

use crate::Failure;
use crate::puzzle_cmd::CountMode;
use crate::run::{Runner, SearchArgs};
use crate::tiles_cmd::Loaded;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Puzzles whose `[expect] seconds` estimate is above this are skipped
/// unless `--all` or `--max-seconds` says otherwise.
pub const DEFAULT_MAX_SECONDS: f64 = 10.0;

#[derive(Args)]
pub struct VerifyArgs {
    /// Puzzle files or directories (searched recursively); none: the bundled catalog
    paths: Vec<PathBuf>,
    /// Skip puzzles whose `[expect] seconds` estimate is above S (default 10)
    #[arg(long, value_name = "S", conflicts_with = "all")]
    max_seconds: Option<f64>,
    /// Run every puzzle, however slow
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// The bundled catalog: `$POLYCOVER_DATA`, else `./data`, else the `data/`
/// directory of the source tree polycover was built from.
pub fn catalog_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("POLYCOVER_DATA").filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    let here = PathBuf::from("data");
    if here.is_dir() {
        return here;
    }
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"))
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), Failure> {
    let meta =
        std::fs::metadata(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "toml") {
                collect(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

struct Row {
    puzzle: String,
    expected: String,
    got: String,
    distinct: String,
    got_distinct: String,
    result: &'static str,
    seconds: String,
}

pub fn run(args: VerifyArgs) -> Result<u8, Failure> {
    let roots = if args.paths.is_empty() {
        vec![catalog_dir()]
    } else {
        args.paths.clone()
    };
    let max = if args.all {
        f64::INFINITY
    } else {
        args.max_seconds.unwrap_or(DEFAULT_MAX_SECONDS)
    };
    let runner = Runner::new(&args.search, false);
    let mut files = vec![];
    for r in &roots {
        collect(r, &mut files)?;
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:<40} {:>12} {:>12} {:>9} {:>6} {:>7} {:>9}",
        "puzzle", "expected", "got", "distinct", "got", "result", "seconds"
    )?;
    let (mut passed, mut failed, mut errors, mut skipped) = (0, 0, 0, 0);
    let total = Instant::now();
    for f in &files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                errors += 1;
                writeln!(out, "{}: {e}", f.display())?;
                continue;
            }
        };
        if polyform::file::is_piece_set(&text) {
            continue;
        }
        let shown = roots
            .iter()
            .find_map(|r| f.strip_prefix(r).ok().filter(|p| !p.as_os_str().is_empty()))
            .unwrap_or(f)
            .display()
            .to_string();
        let loaded = match Loaded::load(f) {
            Ok(x) => x,
            Err(e) => {
                errors += 1;
                print_row(
                    &mut out,
                    &Row {
                        puzzle: shown,
                        expected: "-".into(),
                        got: "-".into(),
                        distinct: "-".into(),
                        got_distinct: "-".into(),
                        result: "ERROR",
                        seconds: "-".into(),
                    },
                )?;
                writeln!(out, "  {}", e.message)?;
                continue;
            }
        };
        let Some(expect) = loaded.expect() else {
            continue;
        };
        let Some(want) = expect.solutions else {
            continue;
        };
        let distinct = expect.distinct.map_or("-".to_string(), |d| d.to_string());
        if expect.seconds.unwrap_or(0.0) > max {
            skipped += 1;
            print_row(
                &mut out,
                &Row {
                    puzzle: shown,
                    expected: want.to_string(),
                    got: "-".into(),
                    distinct,
                    got_distinct: "-".into(),
                    result: "skip",
                    seconds: format!("~{}", expect.seconds.unwrap_or(0.0)),
                },
            )?;
            continue;
        }
        let start = Instant::now();
        // One symmetry-reduced search gives both numbers (no slower than the
        // plain count); the distinct count is shown even where no published
        // number is there to check it against.
        let counted = loaded.count(&runner, CountMode::Distinct)?;
        let secs = start.elapsed().as_secs_f64();
        let stats = counted.stats;
        let got_distinct = counted.distinct.as_ref().map(|d| d.distinct);
        let ok = stats.solutions == want && expect.distinct.is_none_or(|d| got_distinct == Some(d));
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
        print_row(
            &mut out,
            &Row {
                puzzle: shown,
                expected: want.to_string(),
                got: stats.solutions.to_string(),
                distinct,
                got_distinct: got_distinct.map_or("-".to_string(), |d| d.to_string()),
                result: if ok { "pass" } else { "FAIL" },
                seconds: format!("{secs:.3}"),
            },
        )?;
    }
    writeln!(
        out,
        "{passed} passed, {failed} failed, {errors} errors, {skipped} skipped (estimated over {max} s; --all runs them) in {:.1} s",
        total.elapsed().as_secs_f64()
    )?;
    Ok(if errors > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    })
}

fn print_row(out: &mut impl Write, r: &Row) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<40} {:>12} {:>12} {:>9} {:>6} {:>7} {:>9}",
        r.puzzle, r.expected, r.got, r.distinct, r.got_distinct, r.result, r.seconds
    )
}
