//! The memo engine in the commands: counting with `dlx::memo`, which caches
//! the count of each subproblem met instead of visiting every solution.
//!
//! **When.** `--engine memo` asks for it (`count`, and `dlx` without
//! `--limit`). Without `--engine` (or with `auto`), unless `--knuth`, a
//! checkpoint or a shard asks for a search of the tree
//! ([`Runner::may_choose_memo`]), a count takes it too ([`chooses`]) when
//! both
//!
//! * its pieces repeat ([`Problem::pieces_repeat`]: copies, an unlimited
//!   supply): puzzles with distinct pieces keep the search engines, which
//!   are faster on them; and
//! * the engine's sweep is narrow ([`narrow`]): its frontier
//!   ([`dlx::memo::frontier`], in the order the engine would take) is at
//!   most [`AUTO_MAX_FRONTIER`] = 32 items. The memo only pays when states
//!   repeat, and the states at a step of the sweep differ only on the
//!   frontier: up to `2^frontier` of them. Board tilings by repeated
//!   pieces sweep with a frontier about as wide as the board (the
//!   catalog's memo files: 2 to 24); a puzzle where one piece spans the
//!   whole space (a box, a tray, a burr's frame) joins nearly every cell
//!   to every other, its frontier is most of the problem (a tray with a
//!   3x4x2 well and two each of three tetracubes: 78 of 91 items; a
//!   BurrTools box puzzle with four copies each of three pieces: 154 of
//!   181), the states hardly repeat, and the memo engine fills its 1 GiB
//!   cache for minutes where a search takes milliseconds; and
//! * its stack fits the cache's budget ([`dlx::memo::MemoError::TooDeep`]:
//!   a state of every sweep position; a board of a million cells filled by
//!   monominoes has a frontier of one cell and a stack of hundreds of GB).
//!
//! The rule is decided before any count, from the matrix alone (the order
//! measured is the one the engine then takes), so a file always goes to
//! the same engine, and `verify` knows which of its `[expect] nodes` or
//! `states` measures the count it makes.
//!
//! **Up to symmetry.** The counts are plain counts only: the total, and
//! for the distinct ones Burnside's lemma, whose fixed-point counts are
//! themselves counts of small orbit matrices, memoized too
//! ([`orbits::Plan::unweighted`]). Where the orbit matrices cannot express
//! the problem, the memo engine cannot count it up to symmetry: auto goes
//! to the search engines, `--engine memo` says so.
//!
//! **Runs.** One thread, a progress line on a terminal (states visited,
//! states cached), a clean stop on Ctrl-C or SIGTERM (exit 130), counts
//! exact at any size ([`dlx::Count`]: 2^128 is no limit).
//!
//! **Threads and shards.** `-j N` and `count --shard` split the solutions
//! into parts counted apart (module `memo_split`): plain totals only.

use crate::failure::{Failure, INTERRUPTED};
use crate::output::{self, CountInfo};
use crate::search::{CheckpointArgs, EngineArg, Runner, SearchArgs, stop_flag};
use dlx::memo::{Memo, MemoError, MemoOptions, MemoStats};
use dlx::{Count, Matrix, OptionId};
use orbits::{Counted, Plan, Search, Tally, Want, Weigher};
use polyform::symmetry::GroupChoice;
use problem::Problem;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// Is the memo engine asked for?
pub fn asked(search: &SearchArgs) -> bool {
    search.engine == EngineArg::Memo
}

/// Refuses `--engine memo` with the first flag that cannot work with it:
/// `--knuth` (checked for every command), then
/// the command's own `flags`, each (given, flag, why). Nothing is
/// refused when the memo engine is not asked for.
pub fn refuse(search: &SearchArgs, flags: &[(bool, &str, &str)]) -> Result<(), Failure> {
    if !asked(search) {
        return Ok(());
    }
    let common = [(search.knuth, "--knuth", "it makes no DLX1 moves")];
    match common.iter().chain(flags).find(|f| f.0) {
        Some((_, flag, why)) => Err(Failure::input(format!(
            "--engine memo cannot be used with {flag}: {why}"
        ))),
        None => Ok(()),
    }
}

/// The checkpoint flags, which `--engine memo` refuses, for [`refuse`].
pub fn checkpoint_flags(c: &CheckpointArgs) -> [(bool, &'static str, &'static str); 4] {
    let why = "it writes and reads no checkpoints";
    [
        (c.checkpoint.is_some(), "--checkpoint", why),
        (c.resume.is_some(), "--resume", why),
        (c.checkpoint_every.is_some(), "--checkpoint-every", why),
        (
            c.max_checkpoint_bytes.is_some(),
            "--max-checkpoint-bytes",
            why,
        ),
    ]
}

/// A finished memoized count.
pub struct MemoCount {
    /// The counts, as the other engines' counts are reported (the states
    /// entered stand for the nodes; no updates).
    pub counted: Counted,
    /// The engine's figures, summed over every count made (the big one
    /// and Burnside's small ones).
    pub stats: MemoStats,
    /// The group, in words.
    pub group_description: String,
}

/// Why a memoized count was not made.
pub enum NotCounted {
    /// The memo engine cannot take this problem (the reason, in words):
    /// the search engines can.
    Cannot(String),
    /// The count failed (interrupted, overflow, a broken invariant).
    Failed(Failure),
}

impl From<Failure> for NotCounted {
    fn from(f: Failure) -> NotCounted {
        NotCounted::Failed(f)
    }
}

/// How the memo engine runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct MemoRun {
    /// Draw the progress line.
    pub bar: bool,
    /// The cache's budget in bytes (`--max-memo-bytes`; `None`: the
    /// engine's default).
    pub max_bytes: Option<u64>,
    /// Decide the items in the problem's own order (`--memo-order items`)
    /// rather than the engine's heuristic one.
    pub items_order: bool,
    /// For tests ([`crate::search::HOLD_AFTER_VAR`]): after this many
    /// progress calls (of 2^16 states each), say so and wait for Ctrl-C or
    /// SIGTERM, so that a test interrupts a count at a known point.
    pub hold: Option<usize>,
}

impl MemoRun {
    /// The engine's options for counting `m` on `workers` threads: each
    /// worker's cache takes its share of the budget, and progress comes
    /// often enough for the line on a terminal.
    pub fn options(&self, m: &Matrix, workers: usize) -> MemoOptions {
        let workers = workers.max(1) as u64;
        MemoOptions {
            progress_every: Some(1 << 16),
            // Beyond the address space: as much as the machine can give.
            max_bytes: self
                .max_bytes
                .map(|b| usize::try_from(b / workers).unwrap_or(usize::MAX)),
            // The engine skips the counters among them.
            order: self
                .items_order
                .then(|| m.items().filter(|&i| m.is_primary(i)).collect()),
            ..MemoOptions::default()
        }
    }
}

/// Counts `problem` with the memo engine: the total, and with
/// [`Want::Distinct`] the solutions up to `group` by Burnside's lemma.
pub fn count(
    problem: &dyn Problem,
    want: Want,
    group: GroupChoice,
    run: MemoRun,
) -> Result<MemoCount, NotCounted> {
    let path = problem.path();
    let m = problem.matrix();
    // Refused matrices are refused before any group is built. The refusal
    // does not depend on the order, so the items' own order (no sweep order
    // worked out) is enough to check.
    let check = MemoOptions {
        order: Some(Vec::new()),
        ..run.options(m, 1)
    };
    dlx::memo::check(m, &check).map_err(|e| NotCounted::Cannot(refusal(problem, e)))?;
    let action = problem.action(group).map_err(Failure::from)?;
    let internal = |m: String| {
        NotCounted::Failed(Failure::check(format!(
            "{}: internal error: {m}",
            path.display()
        )))
    };
    let plan = Plan::unweighted(m, &action, want)
        .map_err(internal)?
        .ok_or_else(|| {
            NotCounted::Cannot(format!(
                "counting up to {} needs every solution visited (an orbit of placements covers no cell alone)",
                action.description
            ))
        })?;
    let mut search = MemoSearch {
        path,
        run,
        stats: MemoStats::default(),
    };
    let tally = search.count(plan.matrix(), None)?;
    let counted = plan.finish(tally, &mut search).map_err(|e| match e {
        orbits::CountError::Search(f) => NotCounted::Failed(f),
        orbits::CountError::Internal(m) => internal(m),
    })?;
    Ok(MemoCount {
        counted,
        stats: search.stats,
        group_description: action.description,
    })
}

/// Why the memo engine refuses `problem`'s matrix, naming an option as the
/// file does (its number and line in DLX text).
fn refusal(problem: &dyn Problem, e: MemoError) -> String {
    match e {
        MemoError::NoSweepItem(o) => match problem.option_place(o) {
            Some(place) => e
                .to_string()
                .replacen(&format!("option {}", o.index() + 1), &place, 1),
            None => e.to_string(),
        },
        _ => e.to_string(),
    }
}

/// The memo engine as the backend of a plan made by
/// [`Plan::unweighted`]: every count memoized; solutions are visited only
/// for an orbit matrix whose bounds on copies must be checked solution by
/// solution ([`Search::each`], on the one-thread solver).
struct MemoSearch<'a> {
    /// The problem's file, for messages.
    path: &'a Path,
    /// The progress line and the cache's budget.
    run: MemoRun,
    /// The figures of every memoized count so far, summed.
    stats: MemoStats,
}

impl MemoSearch<'_> {
    /// Counts `m`, with the progress line and the stop flag; `Ok(None)`
    /// when the memo engine cannot take `m`.
    fn memo(&mut self, m: &Matrix) -> Result<Option<Count>, Failure> {
        let options = self.run.options(m, 1);
        let Ok(mut memo) = Memo::with_options(m, options) else {
            return Ok(None);
        };
        let stop = stop_flag();
        let start = Instant::now();
        let mut line: Option<indicatif::ProgressBar> = None;
        let before = self.stats;
        let mut calls = 0;
        let result = memo.count_with(Some(&stop), &mut |s: &MemoStats| {
            calls += 1;
            if self.run.hold == Some(calls) {
                hold(&stop, before.states + s.states);
            }
            if self.run.bar && start.elapsed() >= Duration::from_secs(1) {
                let b = line.get_or_insert_with(crate::progress::spinner);
                let states = before.states + s.states;
                b.set_message(format!("{states} states visited, {} cached", s.cached));
                b.tick();
            }
        });
        if let Some(b) = line {
            b.finish_and_clear();
        }
        add(&mut self.stats, &memo.stats());
        match result {
            Ok(n) => Ok(Some(n)),
            Err(MemoError::Interrupted) => Err(Failure {
                code: INTERRUPTED,
                message: format!(
                    "interrupted: the memo engine has no partial count ({} states visited)",
                    self.stats.states
                ),
            }),
            Err(e) => Err(Failure::check(format!(
                "{}: internal error: the memo engine failed: {e}",
                self.path.display()
            ))),
        }
    }
}

/// The test hold ([`MemoRun::hold`]): says so on standard error and waits
/// for the stop flag.
fn hold(stop: &std::sync::atomic::AtomicBool, states: u64) {
    eprintln!(
        "polycover: held after {states} states ({}): waiting for Ctrl-C or SIGTERM",
        crate::search::HOLD_AFTER_VAR
    );
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Adds the figures of one count to a sum.
fn add(sum: &mut MemoStats, s: &MemoStats) {
    sum.states += s.states;
    sum.hits += s.hits;
    sum.cached += s.cached;
    sum.evictions += s.evictions;
    sum.evicted += s.evicted;
}

impl Search for MemoSearch<'_> {
    type Error = Failure;
    fn count(&mut self, m: &Matrix, weigh: Option<&Weigher<'_>>) -> Result<Tally, Failure> {
        if weigh.is_some() {
            return Err(Failure::check(
                "internal error: the memo engine cannot weigh solutions",
            ));
        }
        let (found, stats) = self.count_small(m)?;
        Ok(Tally {
            found,
            ..Tally::of(stats)
        })
    }
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<dlx::Stats, Failure> {
        let stop = stop_flag();
        let mut s = dlx::Solver::new(m);
        let mut stopped = false;
        s.solve(&mut |o: &[OptionId]| {
            f(o);
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                stopped = true;
                return dlx::Control::Stop;
            }
            dlx::Control::Continue
        });
        if stopped {
            return Err(Failure {
                code: INTERRUPTED,
                message: "interrupted while counting the solutions a symmetry fixes".into(),
            });
        }
        Ok(s.stats())
    }
    fn count_small(&mut self, m: &Matrix) -> Result<(Count, dlx::Stats), Failure> {
        let before = self.stats.states;
        match self.memo(m)? {
            Some(n) => {
                let stats = dlx::Stats {
                    solutions: n.to_u128().unwrap_or(u128::MAX),
                    nodes: self.stats.states - before,
                    updates: 0,
                };
                Ok((n, stats))
            }
            // A small matrix the memo engine cannot sweep: visit.
            None => {
                let stats = self.each(m, &mut |_| {})?;
                Ok((Count::from(stats.solutions), stats))
            }
        }
    }
}

/// A memoized count as one line of text (after the problem's name): the
/// distinct solutions too when `distinct`.
pub fn text(c: &MemoCount, distinct: bool, seconds: f64) -> String {
    let d = match &c.counted.distinct {
        Some(d) if distinct => format!(" ({d} distinct under {})", c.group_description),
        _ => String::new(),
    };
    format!(
        "{}{d} (memo engine: {} states visited, {} from the cache, {} cached), {seconds:.3} seconds",
        crate::output::plural(&c.counted.solutions, "solution", "solutions"),
        c.stats.states,
        c.stats.hits,
        c.stats.cached
    )
}

/// Prints a memoized count as `count` and `dlx` print theirs (`named`: the
/// line starts with the problem's name; `distinct`: with the distinct
/// count, under `group`), with the seconds and threads it took.
pub fn print(
    problem: &dyn Problem,
    c: &MemoCount,
    (group, distinct): (GroupChoice, bool),
    (json, named): (bool, bool),
    (seconds, threads): (f64, usize),
) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    if json {
        let info = CountInfo {
            group: group.name(),
            group_description: &c.group_description,
            split_nodes: 0,
            seconds,
            threads,
        };
        let mut v = output::count_json(problem, &c.counted, &info);
        output::add_memo_json(&mut v, &c.stats);
        output::print_json(&mut out, &v)?;
    } else if named {
        writeln!(out, "{}: {}", problem.name(), text(c, distinct, seconds))?;
    } else {
        writeln!(out, "{}", text(c, distinct, seconds))?;
    }
    Ok(())
}

/// `--engine memo`: counts `problem` (up to `group` when `distinct`) and
/// prints the count; a problem the engine cannot take is an error naming
/// the file and the reason.
pub fn run(
    problem: &dyn Problem,
    search: &SearchArgs,
    (group, distinct): (GroupChoice, bool),
    json: bool,
    named: bool,
) -> Result<u8, Failure> {
    let start = Instant::now();
    let run = MemoRun {
        bar: crate::progress::wanted(search.quiet, json),
        max_bytes: search.max_memo_bytes,
        items_order: search.memo_order == crate::search::MemoOrder::Items,
        hold: crate::search::hold_after()?,
    };
    // More than one thread only when asked for (module `memo_split`).
    let threads = crate::memo_split::threads(search)?;
    crate::search::check_memo_share(search.max_memo_bytes, threads)?;
    if threads > 1 {
        let (counted, stats) =
            crate::memo_split::count(problem.path(), problem.matrix(), threads, &run)?;
        let c = MemoCount {
            counted,
            stats,
            group_description: "no symmetry".into(),
        };
        let seconds = start.elapsed().as_secs_f64();
        let shown = (GroupChoice::None, false);
        print(problem, &c, shown, (json, named), (seconds, threads))?;
        return Ok(0);
    }
    let want = if distinct {
        Want::Distinct
    } else {
        Want::Total
    };
    let c = count(problem, want, group, run).map_err(|e| match e {
        NotCounted::Cannot(why) => Failure::input(format!(
            "{}: --engine memo cannot count this problem: {why}",
            problem.path().display()
        )),
        NotCounted::Failed(f) => f,
    })?;
    let seconds = start.elapsed().as_secs_f64();
    print(problem, &c, (group, distinct), (json, named), (seconds, 1))?;
    Ok(0)
}

/// The widest frontier ([`dlx::memo::frontier`]) of a problem that the
/// automatic choice gives to the memo engine (module doc, **When**).
pub const AUTO_MAX_FRONTIER: usize = 32;

/// Is the memo engine's sweep of `m`, in the order it would take under
/// `run` (its heuristic order, or the items' with `--memo-order items`),
/// narrow: a frontier of at most [`AUTO_MAX_FRONTIER`] items, and a stack
/// within the budget ([`dlx::memo::MemoError::TooDeep`])?
pub fn narrow(m: &Matrix, run: &MemoRun) -> bool {
    let options = run.options(m, 1);
    // The stack's size does not depend on the order: checked in the items'.
    let fits = MemoOptions {
        order: Some(Vec::new()),
        ..options.clone()
    };
    if dlx::memo::check(m, &fits).is_err() {
        return false;
    }
    let order = options.order.unwrap_or_else(|| dlx::memo::sweep_order(m));
    dlx::memo::frontier(m, &order).is_ok_and(|f| f <= AUTO_MAX_FRONTIER)
}

/// Does the automatic choice give `problem` to the memo engine on this
/// runner? Yes when the runner leaves the engine to polycover, the
/// problem's pieces repeat, and the sweep is [`narrow`] (module doc).
pub fn chooses(problem: &dyn Problem, runner: &Runner) -> bool {
    runner.may_choose_memo()
        && problem.pieces_repeat()
        && narrow(problem.matrix(), &runner.memo_run())
}

/// The automatic choice: a memoized count of `problem` when [`chooses`]
/// says so; `Ok(None)` when the search engines are to count it (distinct
/// pieces, a wide frontier, an engine asked for, or a problem the memo
/// engine cannot take).
pub fn auto(
    problem: &dyn Problem,
    runner: &Runner,
    want: Want,
    group: GroupChoice,
) -> Result<Option<MemoCount>, Failure> {
    if !chooses(problem, runner) {
        return Ok(None);
    }
    match count(problem, want, group, runner.memo_run()) {
        Ok(c) => Ok(Some(c)),
        Err(NotCounted::Cannot(_)) => Ok(None),
        Err(NotCounted::Failed(f)) => Err(f),
    }
}
