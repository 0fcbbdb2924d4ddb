//! The one error type: a message fit to print on one line, naming what
//! was wrong (and, for files, where).

/// What went wrong, in one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Error(pub String);

impl Error {
    pub fn new(message: impl Into<String>) -> Error {
        Error(message.into())
    }

    /// The same error, prefixed with where it happened (`file.toml: ...`).
    pub fn context(self, at: impl std::fmt::Display) -> Error {
        Error(format!("{at}: {}", self.0))
    }
}
