//! Errors as the user meets them: a message and an exit code.
//!
//! | code | meaning |
//! | --- | --- |
//! | 0 | success |
//! | 1 | a check failed (`verify` found a mismatch, `merge` is incomplete) |
//! | 2 | bad input, bad usage, or an I/O error |
//! | 3 | gave up: the input is good, but a search ran out of its budget (`twisty solve`) |
//! | 130 | interrupted (Ctrl-C) |

/// Exit code: a check failed.
pub const CHECK_FAILED: u8 = 1;
/// Exit code: bad input, usage or I/O.
pub const BAD_INPUT: u8 = 2;
/// Exit code: a search gave up within its budget (the input itself is fine).
pub const GAVE_UP: u8 = 3;
/// Exit code: interrupted.
pub const INTERRUPTED: u8 = 130;

/// An error with the exit code it deserves.
#[derive(Debug)]
pub struct Failure {
    /// The exit code (see the module documentation).
    pub code: u8,
    /// What went wrong; printed on standard error unless empty.
    pub message: String,
}

impl Failure {
    /// Bad input, usage or I/O: exit 2.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            code: BAD_INPUT,
            message: message.into(),
        }
    }

    /// A search ran out of its budget on good input: exit 3.
    pub fn gave_up(message: impl Into<String>) -> Failure {
        Failure {
            code: GAVE_UP,
            message: message.into(),
        }
    }

    /// A check failed: exit 1.
    pub fn check(message: impl Into<String>) -> Failure {
        Failure {
            code: CHECK_FAILED,
            message: message.into(),
        }
    }
}

/// Writing the output (standard output: files are written with their own
/// messages, naming them) failed: exit 2, saying so, except that a closed
/// pipe (`| head`) is a normal end.
impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Failure {
                code: 0,
                message: e.to_string(),
            };
        }
        Failure::input(format!("writing to standard output: {e}"))
    }
}

impl From<polyform::Error> for Failure {
    fn from(e: polyform::Error) -> Failure {
        Failure::input(e.to_string())
    }
}
