//! `polycover verify`: count every problem file found and compare with the
//! counts it says to expect.
//!
//! Every file found is listed: checked ones pass or fail, files without an
//! `[expect]` are marked `unchecked` (`--strict` fails on them), piece-set
//! files are marked `set`, slow ones are `skip`ped unless asked for.

use super::count;
use crate::failure::{BAD_INPUT, CHECK_FAILED, Failure};
use crate::output::{self, JsonArg};
use crate::search::{Runner, SearchArgs};
use clap::Args;
use polyform::orbits::Want;
use polyform::symmetry::GroupChoice;
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Puzzles whose `[expect] seconds` estimate is above this are skipped
/// unless `--all` or `--max-seconds` says otherwise.
pub const DEFAULT_MAX_SECONDS: f64 = 10.0;

#[derive(Args)]
pub struct VerifyArgs {
    /// Problem files or directories (searched recursively for .toml and
    /// .xmpuzzle files);
    /// none: the bundled catalog
    paths: Vec<PathBuf>,
    /// Skip puzzles whose `[expect] seconds` estimate is above S (default 10)
    #[arg(long, value_name = "S", conflicts_with = "all")]
    max_seconds: Option<f64>,
    /// Run every puzzle, however slow
    #[arg(long)]
    all: bool,
    /// Fail (exit 1) when a puzzle file has no expected count to check
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    json: JsonArg,
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

/// Is this a file `verify` reads in a directory?
fn is_problem_file(p: &Path) -> bool {
    p.extension()
        .is_some_and(|x| x == "toml" || x == "xmpuzzle")
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
            if e.is_dir() || is_problem_file(&e) {
                collect(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// The verdict on one file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Pass,
    Fail,
    Error,
    Skip,
    Unchecked,
    Set,
}

impl Verdict {
    fn name(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "FAIL",
            Verdict::Error => "ERROR",
            Verdict::Skip => "skip",
            Verdict::Unchecked => "unchecked",
            Verdict::Set => "set",
        }
    }
}

/// One row of the table.
struct Row {
    file: String,
    puzzle: String,
    expected: Option<u128>,
    got: Option<u128>,
    distinct: Option<u128>,
    got_distinct: Option<u128>,
    group: GroupChoice,
    verdict: Verdict,
    seconds: Option<f64>,
    note: Option<String>,
    /// Twisty puzzles: the first expected and counted numbers as shown
    /// (they outgrow `u128`), and every check for JSON.
    big: Option<(String, String, Value)>,
}

impl Row {
    fn new(file: String, verdict: Verdict) -> Row {
        Row {
            puzzle: String::new(),
            file,
            expected: None,
            got: None,
            distinct: None,
            got_distinct: None,
            group: GroupChoice::Full,
            verdict,
            seconds: None,
            note: None,
            big: None,
        }
    }

    fn json(&self) -> Value {
        if let Some((_, _, checks)) = &self.big {
            return json!({
                "type": "verify",
                "file": self.file,
                "puzzle": self.puzzle,
                "kind": "twisty",
                "checks": checks,
                "result": self.verdict.name().to_lowercase(),
                "seconds": self.seconds,
                "message": self.note,
            });
        }
        json!({
            "type": "verify",
            "file": self.file,
            "puzzle": self.puzzle,
            "expected": self.expected,
            "solutions": self.got,
            "expected_distinct": self.distinct,
            "distinct": self.got_distinct,
            "group": self.group.name(),
            "result": self.verdict.name().to_lowercase(),
            "seconds": self.seconds,
            "message": self.note,
        })
    }

    fn text(&self, out: &mut impl Write) -> std::io::Result<()> {
        let n = |v: Option<u128>| v.map_or("-".to_string(), |v| v.to_string());
        let secs = match (self.verdict, self.seconds) {
            (Verdict::Skip, Some(s)) => format!("~{s}"),
            (_, Some(s)) => format!("{s:.3}"),
            _ => "-".into(),
        };
        let (expected, got) = match &self.big {
            Some((e, g, _)) => (e.clone(), g.clone()),
            None => (n(self.expected), n(self.got)),
        };
        writeln!(
            out,
            "{:<40} {:>12} {:>12} {:>9} {:>6} {:>9} {:>9}",
            self.file,
            expected,
            got,
            n(self.distinct),
            n(self.got_distinct),
            self.verdict.name(),
            secs
        )?;
        if let Some(m) = &self.note {
            writeln!(out, "  {m}")?;
        }
        Ok(())
    }
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
    let json = args.json.json;
    let runner = Runner::new(&args.search, json)?;
    let mut files = vec![];
    for r in &roots {
        collect(r, &mut files)?;
    }
    let mut out = std::io::stdout().lock();
    if !json {
        writeln!(
            out,
            "{:<40} {:>12} {:>12} {:>9} {:>6} {:>9} {:>9}",
            "puzzle", "expected", "got", "distinct", "got", "result", "seconds"
        )?;
    }
    let total = Instant::now();
    let mut rows = Vec::new();
    for f in &files {
        let shown = roots
            .iter()
            .find_map(|r| f.strip_prefix(r).ok().filter(|p| !p.as_os_str().is_empty()))
            .unwrap_or(f)
            .display()
            .to_string();
        let row = check(f, shown, &runner, max)?;
        if !json {
            row.text(&mut out)?;
        }
        rows.push(row);
    }
    let tally = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
    let (passed, failed, errors) = (
        tally(Verdict::Pass),
        tally(Verdict::Fail),
        tally(Verdict::Error),
    );
    let (skipped, unchecked) = (tally(Verdict::Skip), tally(Verdict::Unchecked));
    let seconds = total.elapsed().as_secs_f64();
    if json {
        let v = json!({
            "type": "verify-summary",
            "passed": passed,
            "failed": failed,
            "errors": errors,
            "skipped": skipped,
            "unchecked": unchecked,
            "sets": tally(Verdict::Set),
            "strict": args.strict,
            "max_seconds": if max.is_finite() { json!(max) } else { Value::Null },
            "seconds": seconds,
            "files": rows.iter().map(Row::json).collect::<Vec<_>>(),
        });
        output::print_json(&mut out, &v)?;
    } else {
        writeln!(
            out,
            "{passed} passed, {failed} failed, {errors} errors, {skipped} skipped (estimated over {max} s; --all runs them), {unchecked} unchecked (no [expect]{}) in {seconds:.1} s",
            if args.strict {
                "; --strict fails on them"
            } else {
                ""
            }
        )?;
    }
    Ok(if errors > 0 {
        BAD_INPUT
    } else if failed > 0 || (args.strict && unchecked > 0) {
        CHECK_FAILED
    } else {
        0
    })
}

/// Checks one file.
fn check(f: &Path, shown: String, runner: &Runner, max: f64) -> Result<Row, Failure> {
    let error = |shown: String, message: String| {
        let mut row = Row::new(shown, Verdict::Error);
        row.note = Some(message);
        Ok(row)
    };
    // The file is read once: the piece-set test and the problem share it.
    let bytes = match polyform::problem::read_bounded(f) {
        Ok(b) => b,
        Err(e) => return error(shown, e.to_string()),
    };
    if let Ok(text) = std::str::from_utf8(&bytes)
        && twisty::file::is_twisty_file(text)
    {
        return Ok(twisty_row(f, shown, text, max));
    }
    if std::str::from_utf8(&bytes).is_ok_and(polyform::file::is_piece_set) {
        return Ok(Row::new(shown, Verdict::Set));
    }
    let problem = match super::load_bytes(f, &bytes, None) {
        Ok(p) => p,
        Err(e) => return error(shown, e.message),
    };
    let mut row = Row::new(shown, Verdict::Unchecked);
    row.puzzle = problem.name().to_string();
    row.group = super::group_choice(None, &*problem);
    let Some(expect) = problem.expect().filter(|e| e.solutions.is_some()) else {
        return Ok(row);
    };
    row.expected = expect.solutions;
    row.distinct = expect.distinct;
    if problem.kind() != polyform::problem::Kind::Dlx {
        row.group = expect.group;
    }
    if expect.seconds.unwrap_or(0.0) > max {
        row.verdict = Verdict::Skip;
        row.seconds = expect.seconds;
        return Ok(row);
    }
    if let Err(e) = runner.engine_for(f, problem.matrix()) {
        row.verdict = Verdict::Error;
        row.note = Some(e.message);
        return Ok(row);
    }
    let start = Instant::now();
    // One symmetry-reduced search gives both numbers (no slower than the
    // plain count); the distinct count is shown even where no published
    // number is there to check it against.
    let o = count::count_problem(&*problem, runner, Want::Distinct, row.group, true)?;
    row.seconds = Some(start.elapsed().as_secs_f64());
    row.got = Some(o.counted.solutions);
    row.got_distinct = o.counted.distinct;
    let ok = row.got == row.expected && expect.distinct.is_none_or(|d| row.got_distinct == Some(d));
    row.verdict = if ok { Verdict::Pass } else { Verdict::Fail };
    Ok(row)
}

/// Checks a twisty puzzle file (`[twisty]`): its expected counts.
fn twisty_row(f: &Path, shown: String, text: &str, max: f64) -> Row {
    use super::twisty::{json_count, short, verify_file};
    let mut row = Row::new(shown, Verdict::Unchecked);
    match verify_file(f, text, max) {
        Err(message) => {
            row.verdict = Verdict::Error;
            row.note = Some(message);
        }
        Ok((name, estimate, result)) => {
            row.puzzle = name;
            row.seconds = estimate;
            match result {
                None if estimate.is_some() => row.verdict = Verdict::Skip,
                None => {}
                Some(r) => {
                    row.seconds = Some(r.seconds);
                    let ok = r.checked.iter().all(|c| c.ok());
                    row.verdict = if ok { Verdict::Pass } else { Verdict::Fail };
                    let first = r.checked.first();
                    let fmt = |v: Option<&num_bigint::BigUint>| v.map_or("-".to_string(), short);
                    let bad: Vec<String> = r
                        .checked
                        .iter()
                        .filter(|c| !c.ok())
                        .map(|c| {
                            format!(
                                "{}: expected {}, got {}",
                                c.key,
                                c.expected,
                                c.got.as_ref().map_or("none".into(), |g| g.to_string())
                            )
                        })
                        .collect();
                    if !bad.is_empty() {
                        row.note = Some(bad.join("; "));
                    }
                    let checks: Vec<Value> = r
                        .checked
                        .iter()
                        .map(|c| {
                            json!({
                                "key": c.key,
                                "expected": json_count(&c.expected),
                                "got": c.got.as_ref().map(json_count),
                                "ok": c.ok(),
                            })
                        })
                        .collect();
                    row.big = Some((
                        fmt(first.map(|c| &c.expected)),
                        fmt(first.and_then(|c| c.got.as_ref())),
                        Value::Array(checks),
                    ));
                }
            }
        }
    }
    row
}
