//! `polycover verify`: count every problem file found and compare with the
//! counts it says to expect.
//!
//! Every file found is listed: checked ones pass or fail, files without an
//! `[expect]` are marked `unchecked` (`--strict` fails on them), piece-set
//! files are marked `set`, slow ones are `skip`ped unless asked for.
//!
//! **Slow ones.** A file's `[expect] nodes` is the size of the search tree
//! verify walks for it (exact for the default engine's tree). Verify first
//! counts a small built-in puzzle ([`CALIBRATION`]) to measure the nodes
//! this machine searches per second, and skips the files whose recorded
//! nodes at that rate would take over `--max-seconds` (default a minute),
//! saying how long they would take. No time is ever checked: the node
//! count is, so a file whose search no longer has its recorded size fails
//! (`--update` records the new size). A file that the automatic choice
//! gives to the memo engine (`crate::memo`: its pieces repeat and the
//! sweep is narrow) records `[expect] states`, the states it visits, in the
//! same way. Each figure estimates only its own engine's time: under
//! `--engine` or `--knuth` a file that records `states` but no `nodes` is
//! skipped with that reason (its search has no estimate, and the solutions
//! of such files are often far too many to visit), unless `--all`.

use super::count;
use crate::failure::{BAD_INPUT, CHECK_FAILED, Failure};
use crate::output::verify::{Asked, Row, Summary, UPDATED, Verdict};
use crate::output::{self, JsonArg};
use crate::search::{Runner, SearchArgs};
use clap::Args;
use orbits::Want;
use polyform::symmetry::GroupChoice;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Puzzles estimated to take longer than this many seconds on this machine
/// are skipped unless `--all` or `--max-seconds` says otherwise.
pub const DEFAULT_MAX_SECONDS: f64 = 60.0;

/// The puzzle whose count measures the machine's rate (nodes per second):
/// the 12 pentominoes in a 4x15 box, 1472 solutions (Knuth, "Dancing
/// Links", 2000), a few hundred thousand nodes: a polyform search of the
/// catalog's kind, under a second.
const CALIBRATION: &str =
    "name = \"calibration: pentominoes 4x15\"\nlattice = \"square\"\n[board]\nsize = [15, 4]\n";

/// The solutions of [`CALIBRATION`].
const CALIBRATION_SOLUTIONS: u128 = 1472;

#[derive(Args)]
pub struct VerifyArgs {
    /// Problem files or directories (searched recursively for .toml and
    /// .xmpuzzle files);
    /// none: the bundled catalog
    paths: Vec<PathBuf>,
    /// Skip puzzles estimated to take over S seconds on this machine
    /// (default 60): their `[expect] nodes` over the rate (nodes per second)
    /// measured at the start on a small built-in puzzle
    #[arg(long, value_name = "S", conflicts_with = "all", value_parser = seconds)]
    max_seconds: Option<f64>,
    /// Run every puzzle, however slow
    #[arg(long)]
    all: bool,
    /// Record the size of each search made in its file's `[expect] nodes`
    /// (rewrites the files whose number is missing or differs; a stale
    /// `seconds` estimate there is removed)
    #[arg(long)]
    update: bool,
    /// Fail (exit 1) when a puzzle file has no expected count to check
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    search: SearchArgs,
    /// Directory entries looked through for problem files [default: 100000]
    #[arg(long, value_name = "N", value_parser = super::positive)]
    max_entries: Option<u64>,
    #[command(flatten)]
    limits: super::LimitArgs,
}

/// A `--max-seconds` value: a finite number of seconds, 0 or more (0 skips
/// every file with recorded nodes).
fn seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        Ok(_) => Err("seconds must be a finite number, 0 or more".into()),
        Err(e) => Err(format!("not a number ({e})")),
    }
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

/// The default of `--max-entries`: directory entries looked through.
const DEFAULT_MAX_ENTRIES: u64 = 100_000;

/// The problem files under `roots`, each once, in the order of a sorted
/// depth-first walk. Symbolic links are followed, but a directory or file
/// already reached (by its device and inode) is not entered or listed
/// again, so a link loop ends the walk of that branch. At most
/// `max_entries` directory entries are looked through, and Ctrl-C or
/// SIGTERM stops the walk at the next entry.
fn collect(roots: &[PathBuf], max_entries: u64) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut entries = 0u64;
    // A stack rather than recursion: a deep tree cannot exhaust the stack.
    let mut stack: Vec<PathBuf> = roots.iter().rev().cloned().collect();
    while let Some(path) = stack.pop() {
        if crate::search::interrupted() {
            return Err(Failure {
                code: crate::failure::INTERRUPTED,
                message: format!(
                    "interrupted while looking for problem files ({} found so far)",
                    files.len()
                ),
            });
        }
        let cannot = |e: std::io::Error| Failure::input(format!("{}: {e}", path.display()));
        let meta = std::fs::metadata(&path).map_err(cannot)?;
        if !seen.insert(file_id(&path, &meta)) {
            continue;
        }
        if !meta.is_dir() {
            // Found in a directory, only a regular file is read (opening a
            // named pipe would wait for a writer).
            if meta.is_file() || roots.contains(&path) {
                files.push(path);
            }
            continue;
        }
        let mut found = Vec::new();
        for e in std::fs::read_dir(&path).map_err(cannot)? {
            entries += 1;
            if entries > max_entries {
                return Err(Failure::input(format!(
                    "{}: verify looks through at most {max_entries} directory entries, and there are more (--max-entries N raises the limit)",
                    path.display()
                )));
            }
            let Ok(e) = e else { continue };
            let p = e.path();
            if p.is_dir() || is_problem_file(&p) {
                found.push(p);
            }
        }
        found.sort();
        stack.extend(found.into_iter().rev());
    }
    Ok(files)
}

/// What tells two paths to the same file or directory apart: its device
/// and inode (elsewhere than Unix, its canonical path).
#[cfg(unix)]
fn file_id(_: &Path, meta: &std::fs::Metadata) -> (u64, u64, PathBuf) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino(), PathBuf::new())
}

#[cfg(not(unix))]
fn file_id(path: &Path, _: &std::fs::Metadata) -> (u64, u64, PathBuf) {
    (
        0,
        0,
        std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
    )
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
    // Ctrl-C and SIGTERM stop the walk too, not only the searches.
    crate::search::stop_flag();
    let files = collect(&roots, args.max_entries.unwrap_or(DEFAULT_MAX_ENTRIES))?;
    // Node (and state) counts are recorded for the default engine choice.
    let default_engine = args.search.engine == crate::search::EngineArg::Auto && !args.search.knuth;
    let rate = if max.is_finite() {
        Some(calibrate(&runner).map_err(|e| before_any(e, &files))?)
    } else {
        None
    };
    let twisty_rate = if max.is_finite() {
        Some(super::twisty::calibrate_work().map_err(Failure::check)?)
    } else {
        None
    };
    let ctx = Context {
        runner: &runner,
        max,
        rate,
        twisty_rate,
        check_nodes: default_engine,
        update: args.update,
    };
    let input = super::InputArgs {
        problem: None,
        limits: args.limits.clone(),
    };
    let mut out = std::io::stdout().lock();
    if !json {
        output::verify::header(&mut out)?;
    }
    let total = Instant::now();
    let mut rows = Vec::new();
    for f in &files {
        if crate::search::interrupted() {
            return Err(Failure {
                code: crate::failure::INTERRUPTED,
                message: format!("interrupted after {} of {} files", rows.len(), files.len()),
            });
        }
        let row = check(f, shown_path(f, &roots), &ctx, &input).map_err(|e| named(e, f))?;
        if !json {
            row.text(&mut out)?;
        }
        rows.push(row);
    }
    let summary = Summary::of(&rows);
    let seconds = total.elapsed().as_secs_f64();
    let asked = Asked {
        strict: args.strict,
        update: args.update,
        max,
        rate,
    };
    if json {
        output::print_json(&mut out, &summary.json(&asked, &rows, seconds))?;
    } else {
        summary.text(&asked, seconds, &mut out)?;
    }
    Ok(if summary.errors > 0 {
        BAD_INPUT
    } else if summary.failed > 0 || (args.strict && summary.unchecked > 0) {
        CHECK_FAILED
    } else {
        0
    })
}

/// A file as shown: relative to the root it was found under (itself
/// where it is a root).
fn shown_path(f: &Path, roots: &[PathBuf]) -> String {
    roots
        .iter()
        .find_map(|r| f.strip_prefix(r).ok().filter(|p| !p.as_os_str().is_empty()))
        .unwrap_or(f)
        .display()
        .to_string()
}

/// What every file's check needs.
struct Context<'a> {
    runner: &'a Runner,
    /// Skip files estimated over this many seconds.
    max: f64,
    /// The machine's rate, nodes per second (`None` with `--all`).
    rate: Option<f64>,
    /// The machine's rate of twisty counting work per second (`None` with `--all`).
    twisty_rate: Option<f64>,
    /// Compare the nodes with the recorded ones (the default engine).
    check_nodes: bool,
    /// Record the nodes in the files (`--update`).
    update: bool,
}

/// Counts [`CALIBRATION`] on the runner: this machine's nodes per second.
fn calibrate(runner: &Runner) -> Result<f64, Failure> {
    let set = include_str!("../../../../data/sets/pentominoes.toml");
    let pieces = &set[set.find("[[piece]]").expect("the pentominoes")..];
    let text = format!("{CALIBRATION}{pieces}");
    let problem = problem::load_bytes(
        Path::new("<calibration>"),
        text.as_bytes(),
        &problem::LoadOptions {
            kind: Some(problem::Kind::Polyform),
            ..Default::default()
        },
    )?;
    let start = Instant::now();
    let o = count::count_problem(&*problem, runner, Want::Distinct, GroupChoice::Full, true)?;
    let seconds = start.elapsed().as_secs_f64().max(1e-3);
    if o.counted.solutions != CALIBRATION_SOLUTIONS {
        return Err(Failure::check(format!(
            "internal error: the calibration puzzle has {} solutions, not {CALIBRATION_SOLUTIONS}",
            o.counted.solutions
        )));
    }
    Ok(o.counted.stats.nodes as f64 / seconds)
}

/// The text of a puzzle file with `name = value` in its `[expect]` table
/// (in place of the one there, or as its last key) and neither a `seconds`
/// estimate nor any key of `dropped` there; `None` if the file has no
/// `[expect]` table.
fn with_key(text: &str, name: &str, value: u64, dropped: &[&str]) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.trim() == "[expect]")?;
    // The table ends at the next table header.
    let end = lines[start + 1..]
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .map_or(lines.len(), |k| start + 1 + k);
    let key = |l: &str, k: &str| {
        l.trim_start()
            .strip_prefix(k)
            .is_some_and(|r| r.trim_start().starts_with('='))
    };
    let mut out: Vec<String> = Vec::with_capacity(lines.len() + 1);
    out.extend(lines[..=start].iter().map(|l| l.to_string()));
    let mut body: Vec<String> = lines[start + 1..end]
        .iter()
        .filter(|l| !key(l, "seconds") && !key(l, name) && !dropped.iter().any(|d| key(l, d)))
        .map(|l| l.to_string())
        .collect();
    // After the table's last key, before the blank lines that end it.
    let last = body
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |k| k + 1);
    body.insert(last, format!("{name} = {value}"));
    out.extend(body);
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    let mut s = out.join("\n");
    if text.ends_with('\n') {
        s.push('\n');
    }
    Some(s)
}

/// An interrupted count of the file `f` says which file it was, and how to
/// make a count of it that can be resumed (`verify` keeps no checkpoint).
/// (A twisty check is stopped at once, by `twisty_row`'s own message.)
fn named(e: Failure, f: &Path) -> Failure {
    if e.code != crate::failure::INTERRUPTED {
        return e;
    }
    Failure {
        message: format!(
            "interrupted while {}; `polycover count {} --checkpoint CK` makes a count that can be resumed",
            checking(f),
            f.display()
        ),
        ..e
    }
}

/// An interrupted calibration says that no file of `files` was checked.
fn before_any(e: Failure, files: &[std::path::PathBuf]) -> Failure {
    if e.code != crate::failure::INTERRUPTED {
        return e;
    }
    Failure {
        message: format!(
            "interrupted while measuring this machine's search rate, before {} was checked",
            match files.len() {
                1 => "the file".to_string(),
                n => format!("any of the {n} files"),
            }
        ),
        ..e
    }
}

/// What verify was doing when stopped during the file `f`.
fn checking(f: &Path) -> String {
    format!(
        "checking {} (the files before it were checked; it and the ones after it were not)",
        f.display()
    )
}

/// Checks one file.
fn check(f: &Path, shown: String, ctx: &Context, input: &super::InputArgs) -> Result<Row, Failure> {
    let runner = ctx.runner;
    let error = |shown: String, message: String| {
        let mut row = Row::new(shown, Verdict::Error);
        row.note = Some(message);
        Ok(row)
    };
    // The file is read once: the piece-set test and the problem share it.
    let bytes = match problem::read_input(f, None, &input.limits.limits()) {
        Ok(b) => b,
        Err(e) => return error(shown, e.to_string()),
    };
    if let Ok(text) = std::str::from_utf8(&bytes)
        && twisty::file::is_twisty_file(text)
    {
        return twisty_row(f, shown, text, ctx);
    }
    if std::str::from_utf8(&bytes).is_ok_and(polyform::file::is_piece_set) {
        return Ok(Row::new(shown, Verdict::Set));
    }
    let problem = match super::load_bytes(f, &bytes, None, input) {
        Ok(p) => p,
        Err(e) => return error(shown, e.message),
    };
    let mut row = Row::new(shown, Verdict::Unchecked);
    row.puzzle = problem.name().to_string();
    row.group = super::group_choice(None, &*problem);
    let Some(expect) = problem.expect().filter(|e| e.solutions.is_some()) else {
        return Ok(row);
    };
    row.expected = expect.solutions.clone();
    row.distinct = expect.distinct.clone();
    if problem.kind() != problem::Kind::Dlx {
        row.group = expect.group;
    }
    // A file counted by the memo engine records its states instead of
    // nodes: the time's measure is the figure of the engine that counts
    // (the memo's `states` say nothing of a search of the tree, which
    // `--engine` or `--knuth` asks for).
    let memo = crate::memo::chooses(&*problem, runner);
    let recorded = if memo {
        expect.states.or(expect.nodes)
    } else {
        expect.nodes
    };
    row.estimate = ctx.rate.zip(recorded).map(|(r, n)| n as f64 / r);
    if row.estimate.is_some_and(|s| s > ctx.max) {
        row.verdict = Verdict::Skip;
        return Ok(row);
    }
    if let (false, None, Some(states), true) =
        (memo, expect.nodes, expect.states, ctx.max.is_finite())
    {
        row.verdict = Verdict::Skip;
        row.note = Some(format!(
            "no estimate for a search of the tree: [expect] states = {states} measures the memo engine, which {} leaves out; its solutions may take far over {} s to visit (--all runs it)",
            if runner.may_choose_memo() {
                "the automatic choice"
            } else {
                "--engine or --knuth"
            },
            ctx.max
        ));
        return Ok(row);
    }
    if let Err(e) = runner.engine_for(&*problem, problem.matrix()) {
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
    row.got = Some(o.counted.solutions.clone());
    row.got_distinct = o.counted.distinct.clone();
    let nodes = o.counted.stats.nodes;
    row.nodes = Some(nodes);
    let ok = row.got == row.expected
        && (expect.distinct.is_none() || row.got_distinct == expect.distinct);
    row.verdict = if ok { Verdict::Pass } else { Verdict::Fail };
    // The search's size, or the memo engine's (the other key is dropped
    // when the size is recorded: it would go stale unchecked).
    let (key, other, took) = match o.memo {
        Some(_) => (
            "states",
            "nodes",
            format!("the memo engine visited {nodes} states"),
        ),
        None => ("nodes", "states", format!("the search took {nodes} nodes")),
    };
    row.recorded_nodes = if o.memo.is_some() {
        expect.states
    } else {
        expect.nodes
    };
    if !ctx.check_nodes || row.recorded_nodes == Some(nodes) {
        return Ok(row);
    }
    if ctx.update {
        let text = std::str::from_utf8(&bytes)
            .ok()
            .and_then(|t| with_key(t, key, nodes, &[other]));
        match text {
            Some(t) => {
                std::fs::write(f, t)
                    .map_err(|e| Failure::input(format!("{}: cannot write: {e}", f.display())))?;
                row.note = Some(format!("{UPDATED} [expect] {key} = {nodes}"));
            }
            None => row.note = Some(format!("{took}; no [expect] table to record it in")),
        }
    } else if let Some(recorded) = row.recorded_nodes {
        row.verdict = Verdict::Fail;
        row.note = Some(format!(
            "{took}; [expect] {key} says {recorded} (`polycover verify --update` records the new size)"
        ));
    } else {
        row.note = Some(format!(
            "{took}; `polycover verify --update` records them in [expect] {key}"
        ));
    }
    Ok(row)
}

/// Checks a twisty puzzle file (`[twisty]`): its expected counts. The
/// twisty count polls no stop flag, so Ctrl-C or SIGTERM during it ends
/// verify at once (exit 130), as `polycover twisty count` ends.
fn twisty_row(f: &Path, shown: String, text: &str, ctx: &Context) -> Result<Row, Failure> {
    use super::twisty::{short, verify_file};
    let mut row = Row::new(shown, Verdict::Unchecked);
    let verified = crate::search::at_once(&checking(f), || {
        verify_file(f, text, ctx.max, ctx.twisty_rate)
    })?;
    match verified {
        Err(message) => {
            row.verdict = Verdict::Error;
            row.note = Some(message);
        }
        Ok((name, estimate, result)) => {
            row.puzzle = name;
            row.estimate = estimate;
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
                    // The recorded work, as the nodes of a polyform file.
                    let work = r.work;
                    if r.recorded_work != Some(work) {
                        if ctx.update {
                            match with_key(text, "work", work, &[]).map(|t| std::fs::write(f, t)) {
                                Some(Ok(())) => {
                                    row.note = Some(format!("{UPDATED} [expect] work = {work}"))
                                }
                                Some(Err(e)) => {
                                    row.verdict = Verdict::Error;
                                    row.note = Some(format!("{}: cannot write: {e}", f.display()));
                                }
                                None => {}
                            }
                        } else if let Some(recorded) = r.recorded_work {
                            row.verdict = Verdict::Fail;
                            row.note = Some(format!(
                                "the count took {work} work; [expect] work says {recorded} (`polycover verify --update` records the new one)"
                            ));
                        } else if row.note.is_none() {
                            row.note = Some(format!(
                                "the count took {work} work; `polycover verify --update` records it in [expect] work"
                            ));
                        }
                    }
                    row.big = Some((
                        fmt(first.map(|c| &c.expected)),
                        fmt(first.and_then(|c| c.got.as_ref())),
                        output::twisty::checks(&r.checked),
                    ));
                }
            }
        }
    }
    Ok(row)
}
