//! Diagnostics for whoever tunes the solver or the stabilizer chain: with
//! the environment variable `POLYCOVER_TRACE` set (to anything), the
//! library writes what it is doing to standard error (the preparation's
//! stages and their times, each orbit's operators, each stage's moves and
//! nodes, the chain's repairs). Off by default; the variable is read once.

use std::sync::OnceLock;

/// The environment variable that turns the trace on.
pub const VAR: &str = "POLYCOVER_TRACE";

/// Is the trace on?
pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os(VAR).is_some())
}

/// Writes a line of trace to standard error when [`enabled`]; the
/// arguments are not evaluated otherwise.
macro_rules! trace {
    ($($arg:tt)*) => {
        if $crate::trace::enabled() {
            eprintln!($($arg)*);
        }
    };
}
pub(crate) use trace;
