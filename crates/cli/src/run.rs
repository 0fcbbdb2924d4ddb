//! Running searches for the commands: the parallel driver with its options,
//! a progress bar on a terminal, and a clean stop on Ctrl-C.
//!
//! Every command that searches (`count`, `solve`, `verify`, `dlx`) goes
//! through a [`Runner`], so they share `--threads`, `--quiet`, the progress
//! bar and the Ctrl-C behaviour: the first Ctrl-C asks the driver to stop
//! (it returns within one search slice with what it has; a checkpoint, if
//! asked for, is written), the second one exits at once.

use crate::Failure;
use clap::Args;
use dlx::{Control, Matrix, OptionId, Stats};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use parallel::{Options, Report, Snapshot};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Options every searching command takes.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchArgs {
    /// Worker threads (default: one per core)
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// No progress bar
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Make exactly the moves of Knuth's DLX1/DLX2, so that the updates
    /// reported equal theirs (by default an option is given up as soon as
    /// committing it leaves a primary item without options: the same tree
    /// and nodes, fewer updates)
    #[arg(long)]
    pub knuth: bool,
    /// The solver's data structure: `bits` (sets of options as bit
    /// vectors, for matrices without multiplicities and with at most 8192
    /// options), `links` (Knuth's dancing links, any matrix), or `auto`
    /// (bits where it applies). The same tree, solutions and counts either
    /// way; bits reports the updates DLX1/DLX2 would make
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
}

/// `--engine`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineArg {
    #[default]
    Auto,
    Links,
    Bits,
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
}

/// The stop flag shared with the Ctrl-C handler, installed once.
fn stop_flag() -> Arc<AtomicBool> {
    use std::sync::OnceLock;
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // A second Ctrl-C while stopping exits at once.
        let _ = ctrlc::set_handler(move || {
            if f.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}

/// Was the search stopped by Ctrl-C?
pub fn interrupted() -> bool {
    stop_flag().load(Ordering::SeqCst)
}

/// Runs searches with the driver, showing progress where it helps.
pub struct Runner {
    options: Options,
    bar: bool,
}

impl Runner {
    /// A runner for the given options; `json` output turns the bar off, as
    /// does `--quiet` or a standard error that is not a terminal.
    pub fn new(args: &SearchArgs, json: bool) -> Runner {
        let mut options = Options::with_threads(args.threads.unwrap_or(0));
        options.stop = stop_flag();
        options.early_dead_ends = !args.knuth;
        options.engine = match args.engine {
            EngineArg::Auto => None,
            EngineArg::Links => Some(dlx::EngineKind::Links),
            EngineArg::Bits => Some(dlx::EngineKind::Bits),
        };
        Runner {
            options,
            bar: !args.quiet && !json && std::io::stderr().is_terminal(),
        }
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.options.thread_count()
    }

    /// The same runner, recording and resuming checkpoints.
    pub fn with_checkpoints(mut self, c: &CheckpointArgs) -> Runner {
        self.options.checkpoint = c.checkpoint.clone().or_else(|| c.resume.clone());
        self.options.resume = c.resume.clone();
        self
    }

    /// Counts all solutions of `m`.
    pub fn count(&self, m: &Matrix) -> Result<Report, Failure> {
        let mut bar = Bar::new(self.bar);
        let r = parallel::count(m, &self.options, &mut |s: &Snapshot| bar.update(s));
        bar.finish();
        r.map_err(driver_error)
    }

    /// Hands every solution of `m` to `visit`, in the order of a one-thread
    /// search, until it says stop.
    pub fn solve(
        &self,
        m: &Matrix,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> Result<Report, Failure> {
        let mut bar = Bar::new(self.bar);
        let r = parallel::solve(m, &self.options, &mut |s: &Snapshot| bar.update(s), visit);
        bar.finish();
        r.map_err(driver_error)
    }
}

/// Errors of the driver are about the checkpoint file (bad input) or I/O.
fn driver_error(e: parallel::Error) -> Failure {
    Failure::input(e.to_string())
}

/// The exit for an interrupted run: what was found, how much of the tree it
/// covers, and code 130.
pub fn interrupted_failure(what: &str, report: &Report) -> Failure {
    Failure {
        code: 130,
        message: format!(
            "interrupted: {} {what} so far, {:.1}% of the search tree covered",
            report.solutions,
            100.0 * report.fraction_done
        ),
    }
}

/// Stats of a report in the core's terms.
pub fn stats(r: &Report) -> Stats {
    Stats {
        solutions: r.solutions,
        nodes: r.nodes,
        updates: r.updates,
    }
}

/// An interrupted symmetry-reduced search: its count is not yet multiplied
/// back to the total, and it cannot be resumed.
fn reduced_interrupted(r: &Report) -> Failure {
    let mut f = interrupted_failure("solutions of the symmetry-reduced search", r);
    f.message
        .push_str(" (count with --checkpoint FILE for a run that can be resumed)");
    f
}

/// The polyform distinct count's view of the runner: counts and visits on
/// the driver; an interruption becomes an error that carries the report.
impl polyform::symmetry::Search for &Runner {
    type Error = Failure;
    fn count(&mut self, m: &Matrix) -> Result<Stats, Failure> {
        let r = Runner::count(self, m)?;
        if r.interrupted {
            return Err(reduced_interrupted(&r));
        }
        Ok(stats(&r))
    }
    fn each(&mut self, m: &Matrix, f: &mut dyn FnMut(&[OptionId])) -> Result<Stats, Failure> {
        let r = Runner::solve(self, m, &mut |o: &[OptionId]| {
            f(o);
            Control::Continue
        })?;
        if r.interrupted {
            return Err(reduced_interrupted(&r));
        }
        Ok(stats(&r))
    }
}

/// The progress bar: drawn on standard error after the first second, so
/// quick runs print nothing; the fraction is Knuth's estimate of the tree
/// done, the time left the driver's smoothed estimate.
struct Bar {
    bar: Option<ProgressBar>,
    enabled: bool,
}

impl Bar {
    fn new(enabled: bool) -> Bar {
        Bar { bar: None, enabled }
    }

    fn update(&mut self, s: &Snapshot) {
        if !self.enabled || s.elapsed < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let b = ProgressBar::with_draw_target(Some(10_000), ProgressDrawTarget::stderr());
            b.set_style(
                ProgressStyle::with_template("{bar:30} {percent:>3}% {msg}")
                    .expect("a valid template"),
            );
            b
        });
        bar.set_position((s.fraction_done * 10_000.0) as u64);
        let rate = s.nodes as f64 / s.elapsed.as_secs_f64().max(1e-9);
        let eta = match s.eta {
            Some(e) => format!(", {} left", human_duration(e)),
            None => String::new(),
        };
        bar.set_message(format!(
            "{} solutions, {:.2} M nodes/s, {} threads{eta}",
            s.solutions,
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
