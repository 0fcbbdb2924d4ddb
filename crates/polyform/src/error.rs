//! Errors that name the file, the line and what to fix.

use std::fmt;
use std::path::PathBuf;

/// A problem with a puzzle file (or a puzzle built from it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// The file at fault.
    pub file: PathBuf,
    /// The 1-based line, when one can be named.
    pub line: Option<usize>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl Error {
    /// An error in `file`, at `line` when known.
    pub fn new(file: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Error {
        Error {
            file: file.into(),
            line,
            message: message.into(),
        }
    }
}
