//! The progress bars every command draws: on standard error, only on a
//! terminal, never with `--quiet` or output for machines (JSON), in one
//! style. The searches ([`crate::search`]) and the twisty commands' long
//! steps and breadth-first search use them.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// The bar, the percentage and the message.
pub const PLAIN: &str = "{bar:30} {percent:>3}% {msg}";

/// [`PLAIN`] with the time since the bar appeared.
pub const TIMED: &str = "{bar:30} {percent:>3}% {msg} ({elapsed})";

/// Whether a command draws bars: not with `--quiet`, not when its output
/// is for machines, and only when standard error is a terminal.
pub fn wanted(quiet: bool, machine_output: bool) -> bool {
    !quiet && !machine_output && std::io::stderr().is_terminal()
}

/// A bar of `length` steps on standard error, drawn with `template`
/// ([`PLAIN`] or [`TIMED`]).
pub fn bar(length: u64, template: &str) -> ProgressBar {
    let b = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
    b.set_style(ProgressStyle::with_template(template).expect("a valid template"));
    b
}

/// A line without a known length (a count whose end cannot be estimated):
/// a spinner, the message and the time since it appeared.
pub fn spinner() -> ProgressBar {
    let b = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    b.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template"),
    );
    b
}
