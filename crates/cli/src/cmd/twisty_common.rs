//! What the `twisty` commands share: loading a puzzle (a catalog name or
//! a bounded file), the size limits and the long steps' progress bar.
//! `twisty.rs`, `twisty_play.rs` and `twisty_solve.rs` use it; it uses
//! none of them.

use crate::failure::{Failure, INTERRUPTED};
use crate::progress;
use ::dlx::read::FileLimit;
use clap::{Args, ValueEnum};
use indicatif::ProgressBar;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use twisty::error::clip;
use twisty::facelets::{self, Scheme};
use twisty::file::{self, Expect};
use twisty::state::Declared;
use twisty::{Puzzle, state};

/// The largest puzzle whose every move's permutation `show --json` and the
/// play page write by default, in stickers times moves: a 57x57x57 (3.3
/// million: a 20 MB page made in under 500 MB) passes, an icosahedron-31
/// (7.1 million, near 1 GB) does not. The JSON tree takes about 140 bytes
/// per number.
pub const MAX_PAGE_SIZE: u64 = 4_000_000;

/// Refuses to write every move's permutation of a puzzle over `max`.
pub fn check_page_size(p: &Puzzle, max: u64, what: &str) -> Result<(), Failure> {
    let size = (p.degree() * p.moves.len()) as u64;
    if size > max {
        return Err(Failure::input(format!(
            "{}: {} stickers times {} moves is {size}, over the limit of {max} for {what} (--max-page-size N raises it; memory grows with it, about 140 bytes each)",
            p.name(),
            p.degree(),
            p.moves.len()
        )));
    }
    Ok(())
}

/// The largest puzzle the long steps (the stabilizer chain, the solver)
/// take by default, in stickers times moves: a 12x12x12 (31,104), an
/// octahedron-10, an icosahedron-5 or a Teraminx pass, a 13x13x13 (39,546)
/// does not. Their time grows about as the square of this (at the limit a
/// count or a solve takes under half a minute of one core), their memory
/// about linearly (under 150 MB at the limit).
pub const DEFAULT_MAX_SIZE: u64 = 32_000;

/// What every command with a long step takes: its size limit and `--quiet`.
#[derive(Args)]
pub struct LongArgs {
    /// Refuse puzzles larger than this, in stickers times moves (the default takes up to a
    /// 12x12x12 or a Teraminx; time grows about as the square of it)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SIZE)]
    pub max_size: u64,
    /// No progress bar (it shows on a terminal for steps over a second)
    #[arg(long)]
    pub quiet: bool,
}

impl LongArgs {
    /// Refuses a puzzle over the size limit before any work, naming the
    /// limit and the flag.
    pub fn check(&self, p: &Puzzle, what: &str) -> Result<(), Failure> {
        let size = (p.degree() * p.moves.len()) as u64;
        if size > self.max_size {
            return Err(Failure::input(format!(
                "{}: {} stickers times {} moves is {size}, over the limit of {} for {what} (--max-size N raises it; the time grows about as its square)",
                p.name(),
                p.degree(),
                p.moves.len(),
                self.max_size
            )));
        }
        Ok(())
    }

    /// A progress bar for the long steps, unless `--quiet`, JSON output or
    /// a standard error that is not a terminal.
    pub fn progress(&self, json: bool) -> Progress {
        Progress::start(progress::wanted(self.quiet, json))
    }
}

/// `--notation`: how the commands that print moves write them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// The move set's own names (U, 2U, u...), as always
    #[default]
    Set,
    /// WCA on cubes: Rw, 3Rw, M E S, x y z; R++ on the Megaminx
    Wca,
    /// SiGN on cubes: r, 3r for wide turns, otherwise as wca
    Sign,
}

impl From<NotationArg> for twisty::spelling::Notation {
    fn from(n: NotationArg) -> Self {
        match n {
            NotationArg::Set => Self::Set,
            NotationArg::Wca => Self::Wca,
            NotationArg::Sign => Self::Sign,
        }
    }
}

/// The bar being drawn, for the interrupt handler to clear.
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Shows the long steps' progress ([`twisty::progress`]) on a bar drawn
/// once the command has run a second; stops when dropped.
pub struct Progress {
    on: bool,
}

impl Progress {
    fn start(on: bool) -> Progress {
        if on {
            let start = Instant::now();
            twisty::progress::set_hook(Some(Arc::new(move |step: &str, done, total| {
                if start.elapsed() >= Duration::from_secs(1) {
                    show_progress(step, done, total);
                }
            })));
        }
        Progress { on }
    }
}

fn show_progress(step: &str, done: u64, total: u64) {
    let Ok(mut bar) = BAR.lock() else { return };
    let b = bar.get_or_insert_with(|| progress::bar(1, progress::TIMED));
    if total == 0 {
        b.set_length(1);
        b.set_position(0);
        b.set_message(step.to_string());
    } else {
        b.set_length(total);
        b.set_position(done);
        b.set_message(format!("{step}: {done} of {total}"));
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.on {
            twisty::progress::set_hook(None);
            if let Ok(mut bar) = BAR.lock()
                && let Some(b) = bar.take()
            {
                b.finish_and_clear();
            }
        }
    }
}

/// Ctrl-C and SIGTERM end a twisty command at once (exit 130): its steps
/// write nothing and keep nothing worth saving, so there is nothing to
/// stop cleanly, and the deepest loops need not poll a flag.
pub(super) fn exit_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        if let Ok(mut bar) = BAR.try_lock()
            && let Some(b) = bar.take()
        {
            b.finish_and_clear();
        }
        eprintln!("polycover: interrupted");
        std::process::exit(i32::from(INTERRUPTED));
    });
}

pub(super) fn fail(e: twisty::Error) -> Failure {
    Failure::input(e.to_string())
}

/// Is this argument a file rather than a catalog name?
fn is_file_arg(arg: &str) -> bool {
    arg.ends_with(".toml") || arg.contains('/') || arg == "-"
}

/// A puzzle file's limit.
pub(crate) const PUZZLE_FILE: FileLimit = FileLimit {
    what: "a twisty puzzle file",
    bytes: file::MAX_FILE_BYTES as u64,
    flag: None,
};

/// A state file's limit.
pub(crate) const STATE_FILE: FileLimit = FileLimit {
    what: "a twisty state",
    bytes: state::MAX_STATE_BYTES as u64,
    flag: None,
};

/// Reads a text file (`-`: standard input, named `<stdin>` as every reader
/// names it) within its limit, through the program's one bounded reader; a
/// file that is not text (a NUL, or not UTF-8) is refused, its message
/// starting with `expected`. A UTF-8 byte order mark, which some editors
/// put before the first line, is skipped.
pub(crate) fn read_text(path: &Path, limit: FileLimit, expected: &str) -> Result<String, Failure> {
    let text = ::dlx::read::read_text(path, limit, expected)
        .map_err(|e| Failure::input(format!("{}: {}", shown(path), e.reason())))?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// A file's name as messages show it (`-`: `<stdin>`).
fn shown(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The longest time a twisty option takes in seconds (`solve --time`, `play --solve-seconds`):
/// a day. A longer wait is no use, and far longer ones are past what the clock can count.
pub(crate) const MAX_SECONDS: u64 = 86_400;

/// A state file (`-`: standard input) read, with its name as messages show it; an empty one
/// is refused here, before it is taken for a state missing its faces.
pub(crate) fn read_state_file(path: &Path) -> Result<(String, String), Failure> {
    let shown = shown(path);
    let text = read_text(path, STATE_FILE, "not a state: a state is text")?;
    if text.trim().is_empty() {
        return Err(Failure::input(format!(
            "{shown}: the state is empty (a state file in the text or JSON form, or a facelet string, docs/twisty.md)"
        )));
    }
    Ok((text, shown))
}

/// A puzzle from a catalog name or a file, with the file's expectations.
pub fn load_puzzle(arg: &str) -> Result<(Puzzle, Option<Expect>), Failure> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        let text = read_text(
            path,
            PUZZLE_FILE,
            "not a twisty puzzle file: it is TOML text",
        )?;
        file::load(path, &text).map_err(fail)
    } else {
        Ok((twisty::named(arg).map_err(fail)?, None))
    }
}

/// The puzzle a state names: `puzzle NAME` in text, the `puzzle` key in JSON (a facelet string
/// names none). Malformed JSON, two names, or a name that is no string are errors naming the
/// state (and its line).
pub(crate) fn state_puzzle(text: &str, shown: &str) -> Result<Option<Declared>, Failure> {
    state::declared_puzzle(text).map_err(|e| Failure::input(format!("{shown}: {e}")))
}

/// Where a state names its puzzle, for messages: `st.txt: line 2` or `st.json: "puzzle"`.
fn declared_at(d: &Declared, shown: &str) -> String {
    match d.line {
        Some(l) => format!("{shown}: line {l}"),
        None => format!("{shown}: \"puzzle\""),
    }
}

/// The puzzle a state names, loaded; an error names the state and the line that names it.
pub(crate) fn puzzle_named_by_state(d: &Declared, shown: &str) -> Result<Puzzle, Failure> {
    // A name from inside a state is opened only if it is a plain file: a FIFO or a device named
    // there would block the read or feed it without end.
    if is_file_arg(&d.name) && !std::fs::metadata(&d.name).is_ok_and(|m| m.is_file()) {
        return Err(Failure::input(format!(
            "{}: {} is neither a catalog puzzle nor a regular puzzle file",
            declared_at(d, shown),
            clip(&d.name)
        )));
    }
    load_puzzle(&d.name)
        .map(|(p, _)| p)
        .map_err(|e| Failure::input(format!("{}: {}", declared_at(d, shown), e.message)))
}

/// Refuses a state that names another puzzle than the one given (`arg` as written: a state of a
/// puzzle file names the file's puzzle), before any work on it.
pub(crate) fn refuse_other_puzzle(
    d: &Declared,
    p: &Puzzle,
    arg: &str,
    shown: &str,
) -> Result<(), Failure> {
    if d.name == p.name() || d.name == arg {
        return Ok(());
    }
    Err(Failure::input(format!(
        "{}: the state is of {}, not {}",
        declared_at(d, shown),
        clip(&d.name),
        p.name()
    )))
}

/// Why a state gives no puzzle, in the terms of its form, when none is given with `--puzzle`.
pub(crate) fn no_puzzle(text: &str, shown: &str) -> Failure {
    Failure::input(if state::is_json(text) {
        format!("{shown}: the JSON state has no \"puzzle\" key naming its puzzle; give --puzzle")
    } else {
        format!(
            "{shown}: the state names no puzzle (a line \"puzzle NAME\"; a facelet string has 6N² letters); give --puzzle"
        )
    })
}

/// The cube a facelet string is of when no puzzle is given: the NxNxN of its length (`3x3x3`
/// for 54 letters); an error naming the length when no cube has it; `None` for other forms.
pub(crate) fn facelet_cube(text: &str, shown: &str) -> Result<Option<String>, Failure> {
    if !facelets::looks_like(text) {
        return Ok(None);
    }
    let n = text.chars().filter(|c| !c.is_whitespace()).count();
    facelets::cube_of_length(n).map(Some).ok_or_else(|| {
        Failure::input(format!(
            "{shown}: a facelet string has 6N² letters (54 on a 3x3x3), this one has {n}"
        ))
    })
}

/// Reads a state in any of its forms: text, JSON, or a facelet string (in face letters, or the
/// colour letters of `scheme`).
pub(crate) fn read_state(
    p: &Puzzle,
    text: &str,
    scheme: Option<&str>,
) -> Result<Vec<u16>, twisty::Error> {
    let scheme = scheme.map(Scheme::parse).transpose()?;
    if facelets::looks_like(text) {
        facelets::read(p, text, scheme.as_ref())
    } else if scheme.is_some() {
        Err(twisty::Error::State {
            line: None,
            message:
                "--scheme is for facelet strings (54 letters on a 3x3x3); this state is not one"
                    .into(),
        })
    } else {
        state::read(p, text)
    }
}
