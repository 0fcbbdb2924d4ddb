//! Running searches for the commands: the parallel driver with its options,
//! a progress bar on a terminal, and a clean stop on Ctrl-C.
//!
//! Every command that searches (`count`, `solve`, `verify`, `dlx`) goes
//! through a [`Runner`], so they share `--threads`, `--quiet`, `--engine`,
//! the progress bar and the Ctrl-C behaviour: the first Ctrl-C asks the
//! driver to stop (it returns within one search slice with what it has; a
//! checkpoint, if asked for, is written, and the command to resume is
//! printed), the second one exits at once.

use crate::failure::{Failure, INTERRUPTED};
use clap::Args;
use dlx::{Control, Matrix, OptionId, Stats};
use indicatif::ProgressBar;
use orbits::{Search, Tally, Weigher, Weight};
use parallel::{Options, Report, Snapshot};
use problem::Problem;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Options every searching command takes.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchArgs {
    /// Worker threads (default, or 0: one per core; at most 4 per core,
    /// refused beyond). `--engine memo` counts on one thread unless -j is
    /// given
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// No progress bar
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Make exactly the moves of Knuth's DLX1/DLX2, so that the updates
    /// reported equal theirs (by default an option is given up as soon as
    /// committing it leaves a primary item without options: the same tree
    /// and nodes, fewer updates). Searches with the bitset engine or the
    /// links (with `--engine auto`, the default), never the cell engine
    #[arg(long)]
    pub knuth: bool,
    /// The solver's engine: `bits` (sets of options as bit vectors, for
    /// matrices without multiplicities and with at most 8192 options; links
    /// on others; a matrix whose search frames could need more than 64 MiB
    /// per thread, many primary items and a deep search, is an error), `links` (Knuth's dancing links, any matrix), `cells`
    /// (bit sets per item and precomputed kill rows, for matrices of at
    /// most 256 items, without colors, every option holding a primary item
    /// with bounds 1:1: a problem it cannot take is an error, exit 2), or
    /// `auto`: memo for counts where pieces repeat, else cells where it
    /// applies and the matrix has at least 512 options (the polyform
    /// puzzles), else bits where it applies, else links.
    /// Links and bits walk DLX1's tree: the same nodes, subproblems and
    /// checkpoints; bits reports the updates DLX1/DLX2 would make. Cells
    /// walks its own tree where pieces have copies, and reports its own
    /// updates (options dropped); its checkpoints and shard results are
    /// refused by the others and theirs by it. Solutions and counts are the
    /// same on every engine.
    /// `memo` counts without listing solutions (`count`, and `dlx` without
    /// --limit): each distinct subproblem is counted once and cached, so a
    /// puzzle whose pieces repeat (dominoes, copies) is counted in far fewer
    /// steps than it has solutions (`auto` takes it for such puzzles unless
    /// --knuth or a checkpoint asks for a search); one thread unless -j N
    /// (N workers, each counting parts of the solutions with its own cache:
    /// the same count, not always sooner), shards with `count --shard`; no
    /// checkpoints
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Bytes the memo engine's cache may hold (counts where pieces repeat,
    /// --engine memo), at least 1 MiB; when it is full the older half of
    /// the states cached is dropped and the count goes on, exact, but a
    /// cache far smaller than the states the count needs makes it many
    /// times slower [default: 1073741824]
    #[arg(long, value_name = "N", value_parser = memo_bytes)]
    pub max_memo_bytes: Option<u64>,
    /// The order in which the memo engine decides the items: `auto` (its
    /// heuristic, the better of Cuthill-McKee's and Sloan's orders, which
    /// keeps the frontier narrow) or `items` (the order the problem lists
    /// them: a DLX file's first line, a puzzle's cells row by row)
    #[arg(long, value_enum, default_value_t = MemoOrder::Auto)]
    pub memo_order: MemoOrder,
}

/// `--memo-order`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemoOrder {
    /// The engine's heuristic.
    #[default]
    Auto,
    /// The problem's own item order.
    Items,
}

/// `--engine`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineArg {
    /// Memo for counts where pieces repeat; cells on polyform-like
    /// matrices of 512 options or more, else bits where it applies, else
    /// links.
    #[default]
    Auto,
    /// Knuth's dancing links.
    Links,
    /// Sets of options as bit vectors.
    Bits,
    /// Occupancy masks (the cell engine).
    Cells,
    /// Counts without listing, caching the count of each subproblem met
    /// (dlx::memo): for puzzles whose pieces repeat.
    Memo,
}

impl EngineArg {
    /// The engine asked for; `None` for `auto`.
    pub fn kind(self) -> Option<dlx::EngineKind> {
        match self {
            EngineArg::Auto => None,
            EngineArg::Links => Some(dlx::EngineKind::Links),
            EngineArg::Bits => Some(dlx::EngineKind::Bits),
            EngineArg::Cells => Some(dlx::EngineKind::Cells),
            // Not a search engine: `crate::memo` counts with it.
            EngineArg::Memo => None,
        }
    }
}

/// The engine a search of `m` (`problem`'s matrix, or the one a count of it
/// plans) runs on when `asked` for: as the driver resolves it, except that
/// the cell engine, asked for explicitly, is never silently replaced: a
/// matrix it cannot take is an error (bad input) that says why, naming an
/// option as the file does where `m` is the problem's own matrix.
pub fn engine_for(
    asked: Option<dlx::EngineKind>,
    problem: &dyn Problem,
    m: &Matrix,
) -> Result<dlx::EngineKind, Failure> {
    let path = problem.path();
    // A planned matrix (representatives) numbers its options otherwise.
    let own = std::ptr::eq(m, problem.matrix());
    let option = |o: OptionId| {
        own.then(|| problem.option_place(o))
            .flatten()
            .unwrap_or_else(|| format!("option {}", o.index() + 1))
    };
    if asked == Some(dlx::EngineKind::Cells)
        && let Some(why) = dlx::EngineKind::Cells.refusal_naming(m, &option)
    {
        return Err(Failure::input(format!(
            "{}: --engine cells cannot search this problem: {why} (the cell engine takes at most 256 items, no colors, and options that each hold a primary item with bounds 1:1); drop --engine or use --engine auto",
            path.display()
        )));
    }
    if let Some(kind) = asked
        && let Some(why) = kind.cannot_fit(m)
    {
        return Err(Failure::input(format!(
            "{}: --engine {kind} cannot search this problem: {why}; use --engine links or auto",
            path.display()
        )));
    }
    let options = Options {
        engine: asked,
        ..Options::default()
    };
    Ok(options.engine_for(m))
}

/// Checkpoint options (counting only).
#[derive(Args, Clone, Debug, Default)]
pub struct CheckpointArgs {
    /// Record finished parts of the search in FILE every few seconds and at
    /// the end or on Ctrl-C, to resume later with --resume
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Finish the run recorded in FILE (and go on recording there unless
    /// --checkpoint names another file)
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// How often the checkpoint is written while the search runs (and
    /// always at the end): 5s, 500ms, 2m, 1h; 0 after every finished part
    /// of the search (for jobs with a short time limit) [default: 5s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub checkpoint_every: Option<Duration>,
    /// The most bytes the checkpoint given to --resume may have; a larger
    /// file is refused after reading that much [default: 268435456 (256 MiB)]
    #[arg(long, value_name = "N")]
    pub max_checkpoint_bytes: Option<u64>,
}

/// A duration as `--checkpoint-every` takes it: a number with a unit (`ms`,
/// `s`, `m`, `h`), or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let unit_seconds = match unit.trim() {
        "" | "s" => 1.0,
        "ms" => 1e-3,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}` in `{text}`: use ms, s, m or h (e.g. 5s, 500ms, 2m)"
            ));
        }
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 5s, 500ms, 2m, 0)"))?;
    let seconds = value * unit_seconds;
    // A week is far beyond any use; the bound keeps the conversion exact.
    if !(0.0..=604_800.0).contains(&seconds) {
        return Err(format!("`{text}`: at most a week (604800 s)"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The environment variable that holds a count after this many finished
/// subproblems until it is interrupted ([`parallel::Options::hold_after`];
/// docs/checkpoint.md): how tests interrupt a count at a known point.
pub const HOLD_AFTER_VAR: &str = "POLYCOVER_HOLD_AFTER";

impl CheckpointArgs {
    /// Is a checkpoint written or read?
    pub fn any(&self) -> bool {
        self.checkpoint.is_some() || self.resume.is_some()
    }
}

/// Whether the running command polls [`stop_flag`] (it asked for it): until then Ctrl-C and
/// SIGTERM end the process at once.
static LISTENING: AtomicBool = AtomicBool::new(false);

/// Set by the handler as it ends the process: the main thread, whose work the signal may have
/// cut short (a read of standard input ends), then exits the same way rather than with an error
/// of its own ([`exiting_on_signal`]).
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// Is the handler ending the process (exit [`INTERRUPTED`])?
pub fn exiting_on_signal() -> bool {
    SIGNALLED.load(Ordering::SeqCst)
}

/// Installs the Ctrl-C and SIGTERM handler, once; `main` calls it first, so that a signal at any
/// point ends the process with [`INTERRUPTED`] and says so. Before a command asks for
/// [`stop_flag`] the signal exits at once (loading, parsing: nothing to save); after, the first
/// signal sets the flag (the search stops within a slice with what it has) and a second one
/// exits at once.
pub fn install_interrupt_handler() {
    let _ = flag();
}

/// The flag the handler sets, with the handler installed on first use.
fn flag() -> Arc<AtomicBool> {
    use std::sync::OnceLock;
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        let _ = ctrlc::set_handler(move || {
            if !LISTENING.load(Ordering::SeqCst) || f.swap(true, Ordering::SeqCst) {
                SIGNALLED.store(true, Ordering::SeqCst);
                let said = AT_ONCE.try_lock().ok().and_then(|m| m.clone());
                eprintln!("polycover: {}", said.as_deref().unwrap_or("interrupted"));
                std::process::exit(i32::from(INTERRUPTED));
            }
        });
        flag
    })
    .clone()
}

/// What the handler says as it ends the process during [`at_once`] work.
static AT_ONCE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Runs `work`, a step that polls no stop flag (a twisty count: its loops
/// keep nothing worth saving), in a command that otherwise polls
/// [`stop_flag`]: during it Ctrl-C or SIGTERM ends the process at once, as
/// in the twisty commands, with exit [`INTERRUPTED`] and the message
/// `interrupted while {what}` in place of plain `interrupted`. A stop asked
/// for before it is the same failure, and `work` does not start. With
/// [`HOLD_AFTER_VAR`] set (tests) it says `held after starting {what}` on
/// standard error and waits for the signal instead of working.
pub fn at_once<T>(what: &str, work: impl FnOnce() -> T) -> Result<T, Failure> {
    struct Listen(bool);
    impl Drop for Listen {
        fn drop(&mut self) {
            LISTENING.store(self.0, Ordering::SeqCst);
            if let Ok(mut m) = AT_ONCE.lock() {
                *m = None;
            }
        }
    }
    let hold = hold_after()?;
    let flag = flag();
    let message = format!("interrupted while {what}");
    if let Ok(mut m) = AT_ONCE.lock() {
        *m = Some(message.clone());
    }
    let _listen = Listen(LISTENING.swap(false, Ordering::SeqCst));
    // A signal before the swap set the flag; one after it ends the process.
    if flag.load(Ordering::SeqCst) {
        return Err(Failure {
            code: INTERRUPTED,
            message,
        });
    }
    if hold.is_some() {
        eprintln!(
            "polycover: held after starting {what} ({HOLD_AFTER_VAR}): waiting for Ctrl-C or SIGTERM"
        );
        loop {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    Ok(work())
}

/// The stop flag shared with the Ctrl-C and SIGTERM handler: asking for it means the command
/// polls it from now on (see [`install_interrupt_handler`]).
pub fn stop_flag() -> Arc<AtomicBool> {
    let flag = flag();
    LISTENING.store(true, Ordering::SeqCst);
    flag
}

/// The least `--max-memo-bytes`: below it the cache holds a few thousand
/// states, and evicting them again and again costs far more than the bytes.
const MIN_MEMO_BYTES: u64 = 1 << 20;

/// Refuses a `--max-memo-bytes` that leaves each of `threads` workers
/// less than [`MIN_MEMO_BYTES`] of cache.
pub fn check_memo_share(max_bytes: Option<u64>, threads: usize) -> Result<(), Failure> {
    match max_bytes {
        Some(b) if b / (threads.max(1) as u64) < MIN_MEMO_BYTES => Err(Failure::input(format!(
            "--max-memo-bytes {b} with {threads} threads leaves each worker's cache less than {MIN_MEMO_BYTES} bytes (1 MiB)"
        ))),
        _ => Ok(()),
    }
}

/// A `--max-memo-bytes` value: at least [`MIN_MEMO_BYTES`].
fn memo_bytes(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n >= MIN_MEMO_BYTES => Ok(n),
        Ok(_) => Err(format!(
            "the memo engine's cache takes at least {MIN_MEMO_BYTES} bytes (1 MiB)"
        )),
        Err(e) => Err(format!("not a number of bytes ({e})")),
    }
}

/// [`HOLD_AFTER_VAR`]'s value, when set.
pub fn hold_after() -> Result<Option<usize>, Failure> {
    match std::env::var(HOLD_AFTER_VAR) {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(Failure::input(format!(
                "{HOLD_AFTER_VAR}={v}: expected a positive number of finished subproblems"
            ))),
        },
        Err(e) => Err(Failure::input(format!("{HOLD_AFTER_VAR}: {e}"))),
    }
}

/// Was the search stopped by Ctrl-C?
pub fn interrupted() -> bool {
    stop_flag().load(Ordering::SeqCst)
}

/// Runs searches with the driver, showing progress where it helps.
pub struct Runner {
    options: Options,
    bar: bool,
    /// What the bar and the messages call the count ("solutions").
    noun: &'static str,
    /// The lock on the checkpoint written ([`lock_checkpoint`]), held as
    /// long as the runner lives.
    _lock: Option<CheckpointLock>,
    /// `--max-memo-bytes`, for a count that goes to the memo engine.
    memo_bytes: Option<u64>,
    /// `--memo-order`, likewise.
    memo_order: MemoOrder,
    /// The group order of a weighted count: the most one solution weighs
    /// and what the whole count's distinct sums are multiples of
    /// ([`parallel::Options::solution_weight`] and
    /// [`parallel::Options::distinct_multiple`]), set by
    /// [`Runner::weighing_up_to`] once the count is planned.
    group_order: std::cell::Cell<Option<u128>>,
    /// The command takes --checkpoint ([`Runner::with_checkpoints`]), and
    /// reads its input from standard input (`-`): for the hint of an
    /// interrupted run.
    takes_checkpoints: bool,
    stdin_input: bool,
}

impl Runner {
    /// A runner for the given options; `machine_output` (JSON) turns the
    /// bar off, as does `--quiet` or a standard error that is not a
    /// terminal.
    pub fn new(args: &SearchArgs, machine_output: bool) -> Result<Runner, Failure> {
        if args.engine == EngineArg::Memo {
            return Err(Failure::input(
                "--engine memo only counts (`polycover count`, or `polycover dlx` without --limit): this command lists or checks solutions; drop --engine memo",
            ));
        }
        let mut options = Options::with_threads(args.threads.unwrap_or(0));
        if let Some(n) = args.threads
            && let Some(max) = parallel::over_max_threads(n)
        {
            return Err(Failure::input(format!(
                "-j {n}: at most {max} threads (4 per core) are allowed; 0 or no -j uses one per core"
            )));
        }
        options.stop = stop_flag();
        options.hold_after = hold_after()?;
        options.early_dead_ends = !args.knuth;
        options.engine = args.engine.kind();
        // DLX1's moves are the links' and the bitset engine's (the driver's
        // default engine without early dead ends).
        if args.knuth && args.engine == EngineArg::Cells {
            return Err(Failure::input(
                "--knuth makes DLX1's moves, which the cell engine does not: use --engine auto, bits or links",
            ));
        }
        Ok(Runner {
            options,
            bar: crate::progress::wanted(args.quiet, machine_output),
            noun: "solutions",
            _lock: None,
            memo_bytes: args.max_memo_bytes,
            memo_order: args.memo_order,
            group_order: Default::default(),
            takes_checkpoints: false,
            stdin_input: false,
        })
    }

    /// Says that a weighted count on this runner weighs each solution at
    /// most `order` (its group's order), and that its distinct sums over
    /// the whole tree are multiples of it: a resumed checkpoint whose
    /// subproblems weigh more, or less than one per solution, or that has
    /// finished the whole tree with other sums, is refused as damaged
    /// before the run starts.
    pub fn weighing_up_to(&self, order: usize) {
        self.group_order.set(Some(order as u128));
    }

    /// The driver's options for a weighted count (`weighted`) or a plain
    /// one.
    fn options_for(&self, weighted: bool) -> std::borrow::Cow<'_, Options> {
        match self.group_order.get() {
            Some(order) if weighted => std::borrow::Cow::Owned(Options {
                solution_weight: Some(order),
                distinct_multiple: Some(order),
                ..self.options.clone()
            }),
            _ => std::borrow::Cow::Borrowed(&self.options),
        }
    }

    /// May a count on this runner go to the memo engine (`crate::memo`)?
    /// Only when the engine is left to polycover: no `--engine`, no
    /// `--knuth`, no checkpoint to write or resume (they record a search
    /// of the tree), no test hold.
    pub fn may_choose_memo(&self) -> bool {
        let o = &self.options;
        o.engine.is_none()
            && o.early_dead_ends
            && o.checkpoint.is_none()
            && o.resume.is_none()
            && o.hold_after.is_none()
    }

    /// How a count on this runner goes to the memo engine.
    pub fn memo_run(&self) -> crate::memo::MemoRun {
        // A held runner never chooses the memo engine.
        crate::memo::MemoRun {
            bar: self.bar,
            max_bytes: self.memo_bytes,
            items_order: self.memo_order == MemoOrder::Items,
            hold: None,
        }
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.options.thread_count()
    }

    /// The engine this runner searches `m` (of `problem`) with; an error
    /// when `--engine cells` was asked for and `m` does not suit it
    /// ([`engine_for`]). Every search of a problem's matrix checks this
    /// first.
    pub fn engine_for(
        &self,
        problem: &dyn Problem,
        m: &Matrix,
    ) -> Result<dlx::EngineKind, Failure> {
        engine_for(self.options.engine, problem, m)
    }

    /// The same runner, recording and resuming checkpoints. Checked now,
    /// not seconds into the search: the file to resume must be readable;
    /// the checkpoint written must be none of `inputs` (the problem file),
    /// nor an existing file other than the one resumed ([`already_there`]),
    /// its directory must exist and be writable, and no other run may be
    /// writing it (it is locked for as long as the runner lives); options
    /// that only make sense with a checkpoint need one.
    pub fn with_checkpoints(
        mut self,
        c: &CheckpointArgs,
        inputs: &[&Path],
    ) -> Result<Runner, Failure> {
        self.takes_checkpoints = true;
        self.stdin_input = inputs.iter().any(|p| p.as_os_str() == "-");
        if !c.any() {
            let stray = [
                (c.checkpoint_every.is_some(), "--checkpoint-every"),
                (c.max_checkpoint_bytes.is_some(), "--max-checkpoint-bytes"),
            ];
            if let Some((_, flag)) = stray.iter().find(|s| s.0) {
                return Err(Failure::input(format!(
                    "{flag} is for a count with --checkpoint FILE or --resume FILE, and there is none"
                )));
            }
        }
        if let Some(r) = &c.resume {
            std::fs::metadata(r)
                .map_err(|e| Failure::input(format!("{}: cannot resume: {e}", r.display())))?;
        }
        let target = c.checkpoint.clone().or_else(|| c.resume.clone());
        if let Some(t) = &target {
            crate::paths::refuse_overwriting(t, inputs)?;
            crate::paths::check_writable(t, "a checkpoint")?;
            self._lock = Some(lock_checkpoint(t)?);
        }
        if let Some(ck) = &c.checkpoint {
            let resumed = c
                .resume
                .as_deref()
                .is_some_and(|r| crate::paths::same_file(r, ck));
            if !resumed && std::fs::symlink_metadata(ck).is_ok() {
                return Err(already_there(ck));
            }
        }
        self.options.checkpoint = target;
        self.options.resume = c.resume.clone();
        if let Some(every) = c.checkpoint_every {
            self.options.checkpoint_every = every;
        }
        if let Some(max) = c.max_checkpoint_bytes {
            self.options.max_checkpoint_bytes = max;
        }
        Ok(self)
    }

    /// Counts the solutions of `m`, summing `weigh` over them when given.
    /// An interrupted run is an error (exit 130) that says what was found
    /// and how to resume.
    pub fn count(
        &self,
        m: &Matrix,
        weigh: Option<&Weigher<'_>>,
    ) -> Result<(Tally, Report), Failure> {
        match weigh {
            None => self.count_with(m, None),
            Some(w) => {
                let w = |o: &[OptionId]| Some(to_parallel(w(o)));
                self.count_with(m, Some(&w))
            }
        }
    }

    /// Counts the solutions of `m`, summing the driver's own weights, classes
    /// included ([`parallel::Weight::classes`]): the report's weights carry
    /// the sums by class.
    pub fn count_classes(
        &self,
        m: &Matrix,
        weigh: parallel::Weigher<'_>,
    ) -> Result<(Tally, Report), Failure> {
        self.count_with(m, Some(weigh))
    }

    fn count_with(
        &self,
        m: &Matrix,
        weigh: Option<parallel::Weigher<'_>>,
    ) -> Result<(Tally, Report), Failure> {
        let mut bar = Bar::new(self.bar, self.noun);
        let mut show = |s: &Snapshot| bar.update(s);
        let options = self.options_for(weigh.is_some());
        let result = match weigh {
            None => parallel::count(m, &options, &mut show),
            Some(w) => parallel::count_weighted(m, &options, &mut show, w),
        };
        bar.finish();
        let report = result.map_err(driver_error)?;
        let weight = match &report.weights {
            Some(w) => Weight {
                total: w.total,
                distinct: w.distinct,
            },
            None => Weight {
                total: report.solutions,
                distinct: 0,
            },
        };
        if report.interrupted {
            return Err(self.interrupted_failure(&report, weight.total));
        }
        let tally = Tally {
            weight,
            ..Tally::of(Stats {
                solutions: report.solutions,
                nodes: report.nodes,
                updates: report.updates,
            })
        };
        Ok((tally, report))
    }

    /// Counts shard `index` of `shards` (resuming and writing checkpoints as
    /// the runner says) and returns its result; an interrupted shard is an
    /// error (exit 130) that says how to resume it.
    pub fn shard(
        &self,
        m: &Matrix,
        shards: &parallel::Shards,
        index: usize,
        weigh: Option<&Weigher<'_>>,
    ) -> Result<parallel::ShardResult, Failure> {
        match weigh {
            None => self.shard_with(m, shards, index, None),
            Some(w) => {
                let w = |o: &[OptionId]| Some(to_parallel(w(o)));
                self.shard_with(m, shards, index, Some(&w))
            }
        }
    }

    /// [`Runner::shard`] with the driver's own weights, classes included.
    pub fn shard_classes(
        &self,
        m: &Matrix,
        shards: &parallel::Shards,
        index: usize,
        weigh: parallel::Weigher<'_>,
    ) -> Result<parallel::ShardResult, Failure> {
        self.shard_with(m, shards, index, Some(weigh))
    }

    fn shard_with(
        &self,
        m: &Matrix,
        shards: &parallel::Shards,
        index: usize,
        weigh: Option<parallel::Weigher<'_>>,
    ) -> Result<parallel::ShardResult, Failure> {
        let mut bar = Bar::new(self.bar, self.noun);
        let mut show = |s: &Snapshot| bar.update(s);
        let host = parallel::shard::host_name();
        let options = self.options_for(weigh.is_some());
        let run = parallel::shard::run(m, shards, index, &options, &mut show, weigh, &host);
        bar.finish();
        let run = run.map_err(driver_error)?;
        match run.result {
            Some(r) => Ok(r),
            None => {
                let found = run
                    .report
                    .weights
                    .as_ref()
                    .map_or(run.report.solutions, |w| w.total);
                Err(self.interrupted_failure(&run.report, found))
            }
        }
    }

    /// The exit for an interrupted count: what was found, how much of the
    /// tree it covers, how to resume; code 130.
    fn interrupted_failure(&self, report: &Report, found: u128) -> Failure {
        let mut message = format!(
            "interrupted: {found} {} so far, {:.1}% of the search tree covered",
            self.noun,
            100.0 * report.fraction_done
        );
        match &self.options.checkpoint {
            // The input came on standard input: the command needs it again
            // (printed without it, it waited on the terminal).
            Some(ck) if self.stdin_input => {
                message += &format!(
                    "; the finished parts are in {}. Resume with the same input on standard input:\n  {} < INPUT",
                    ck.display(),
                    resume_command(ck)
                );
            }
            Some(ck) => {
                message += &format!(
                    "; the finished parts are in {}. Resume with:\n  {}",
                    ck.display(),
                    resume_command(ck)
                );
            }
            None if self.takes_checkpoints => {
                message += " (count with --checkpoint FILE for a run that can be resumed)"
            }
            // `verify`, `solve` and the like have no --checkpoint.
            None => {
                message +=
                    " (`polycover count FILE --checkpoint CK` makes a count that can be resumed)"
            }
        }
        Failure {
            code: INTERRUPTED,
            message,
        }
    }

    /// Hands every solution of `m` to `visit`, in the order of a one-thread
    /// search, until it says stop.
    pub fn solve(
        &self,
        m: &Matrix,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> Result<Report, Failure> {
        self.solve_with(m, &self.options, visit)
    }

    /// [`Runner::solve`] for answers that need the search to end by itself or by `visit`'s
    /// own [`Control::Stop`] (is there a solution? which placements are in every one? how
    /// many completions?): a Ctrl-C or SIGTERM is then an error (exit 130), never a partial
    /// search taken for a whole one (an interrupted `explain` once said "no solution").
    pub fn solve_to_the_end(
        &self,
        m: &Matrix,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> Result<Report, Failure> {
        let report = self.solve(m, visit)?;
        if report.interrupted && interrupted() {
            return Err(Failure {
                code: INTERRUPTED,
                message: format!(
                    "interrupted after {} nodes, before the search could answer",
                    report.nodes
                ),
            });
        }
        Ok(report)
    }

    fn solve_with(
        &self,
        m: &Matrix,
        options: &Options,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> Result<Report, Failure> {
        let mut bar = Bar::new(self.bar, self.noun);
        let r = parallel::solve(m, options, &mut |s: &Snapshot| bar.update(s), visit);
        bar.finish();
        r.map_err(driver_error)
    }
}

/// A weight of the counting layer as the driver's.
fn to_parallel(w: Weight) -> parallel::Weight {
    parallel::Weight {
        total: w.total,
        distinct: w.distinct,
        classes: Default::default(),
    }
}

/// The refusal to replace the file at `ck` with a new checkpoint: it may
/// hold the finished part of a long count (the same command run again
/// without --resume would otherwise start afresh over it).
pub fn already_there(ck: &Path) -> Failure {
    Failure::input(format!(
        "{}: a file is already there (the checkpoint of an earlier run?): finish that count with --resume {}, or delete the file to start afresh",
        ck.display(),
        ck.display()
    ))
}

/// The lock file of checkpoint `ck`: `CK.lock`, next to it.
pub fn lock_path(ck: &Path) -> PathBuf {
    let mut name = ck.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    ck.with_file_name(name)
}

/// The exclusive lock of a checkpoint, held until dropped; the lock file
/// is then removed (one left by a run killed outright holds no lock, and
/// the next run takes it).
pub struct CheckpointLock {
    path: PathBuf,
    _file: std::fs::File,
}

impl Drop for CheckpointLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no run takes a lock on a file
        // about to vanish: one that opened it before is refused meanwhile.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Takes the exclusive lock of checkpoint `ck` ([`lock_path`]), held until
/// the lock returned is dropped: a second run writing the same checkpoint
/// is refused. The lock is the operating system's, released when the
/// process ends however it ends, so a run killed outright leaves nothing
/// that blocks a resume (only an empty lock file, which any run reuses).
pub fn lock_checkpoint(ck: &Path) -> Result<CheckpointLock, Failure> {
    let lock = lock_path(ck);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock)
        .map_err(|e| {
            Failure::input(format!(
                "{}: cannot make the lock file {}: {e}",
                ck.display(),
                lock.display()
            ))
        })?;
    match file.try_lock() {
        Ok(()) => Ok(CheckpointLock {
            path: lock,
            _file: file,
        }),
        Err(std::fs::TryLockError::WouldBlock) => Err(Failure::input(format!(
            "{}: another polycover run is writing this checkpoint (it holds {}): wait for it to end, or give this run another --checkpoint",
            ck.display(),
            lock.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(Failure::input(format!(
            "{}: cannot lock {}: {e}",
            ck.display(),
            lock.display()
        ))),
    }
}

/// The command line that resumes this run from checkpoint `ck`: the same
/// arguments, with `--resume ck` instead of any earlier `--resume`.
fn resume_command(ck: &Path) -> String {
    let mut args: Vec<String> = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        if a == "--resume" {
            it.next();
        } else if !a.starts_with("--resume=") {
            args.push(a);
        }
    }
    args.push("--resume".into());
    args.push(ck.display().to_string());
    let mut line = String::from("polycover");
    for a in &args {
        line.push(' ');
        line.push_str(&shell_quote(a));
    }
    line
}

/// `s` quoted for a POSIX shell where it needs to be.
fn shell_quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Errors of the driver are about the checkpoint file (bad input) or I/O.
fn driver_error(e: parallel::Error) -> Failure {
    Failure::input(e.to_string())
}

/// The count's view of the runner: the big search and the small ones run
/// on the driver; an interruption is an error.
impl Search for &Runner {
    type Error = Failure;
    fn count(&mut self, m: &Matrix, weigh: Option<&Weigher<'_>>) -> Result<Tally, Failure> {
        Runner::count(self, m, weigh).map(|(t, _)| t)
    }
    /// The small searches of a plan's finish (Burnside's orbit matrices):
    /// they run after the big search, whose checkpoint is then complete,
    /// and are not checkpointed themselves (a resumed count runs them
    /// again, in a fraction of the big search's time). So they run without
    /// the checkpoint options, and without the test hold.
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<Stats, Failure> {
        let options = Options {
            checkpoint: None,
            resume: None,
            hold_after: None,
            ..self.options.clone()
        };
        let r = self.solve_with(m, &options, &mut |o: &[OptionId]| {
            f(o);
            Control::Continue
        })?;
        if r.interrupted {
            return Err(self.interrupted_failure(&r, r.solutions));
        }
        Ok(Stats {
            solutions: r.solutions,
            nodes: r.nodes,
            updates: r.updates,
        })
    }
}

/// The progress bar: drawn on standard error after the first second, so
/// quick runs print nothing; the fraction is Knuth's estimate of the tree
/// done, the time left the driver's smoothed estimate, the count the one
/// the user will get (the weighted total of a symmetry-reduced search).
struct Bar {
    bar: Option<ProgressBar>,
    enabled: bool,
    noun: &'static str,
    /// The hold has been announced.
    held: bool,
}

/// The line a held run prints once its checkpoint is written.
fn held_message(s: &Snapshot) -> String {
    format!(
        "polycover: held after {} finished subproblems ({HOLD_AFTER_VAR}; any checkpoint is written): waiting for Ctrl-C or SIGTERM",
        s.subproblems_done
    )
}

impl Bar {
    fn new(enabled: bool, noun: &'static str) -> Bar {
        Bar {
            bar: None,
            enabled,
            noun,
            held: false,
        }
    }

    /// Shows a snapshot: the weighted total when the search is weighted.
    fn update(&mut self, s: &Snapshot) {
        if s.held && !self.held {
            // What a test (or a person) waits for before interrupting.
            self.held = true;
            if let Some(b) = &self.bar {
                b.suspend(|| eprintln!("{}", held_message(s)));
            } else {
                eprintln!("{}", held_message(s));
            }
        }
        if !self.enabled || s.elapsed < Duration::from_secs(1) {
            return;
        }
        let bar = self
            .bar
            .get_or_insert_with(|| crate::progress::bar(10_000, crate::progress::PLAIN));
        bar.set_position((s.fraction_done * 10_000.0) as u64);
        let rate = s.nodes as f64 / s.elapsed.as_secs_f64().max(1e-9);
        // No figure until the estimate has settled (parallel::Eta).
        let eta = match s.eta {
            Some(e) => format!(", {} left", human_duration(e)),
            None if s.fraction_done < 1.0 => ", estimating the time left".to_string(),
            None => String::new(),
        };
        bar.set_message(format!(
            "{} {} so far, {:.2} M nodes/s, {} threads{eta}",
            s.weights.as_ref().map_or(s.solutions, |w| w.total),
            self.noun,
            rate / 1e6,
            s.threads
        ));
    }

    fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

/// `1h02m`, `3m05s`, `12s`.
fn human_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}
