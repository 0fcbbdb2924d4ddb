//! The one error type: what went wrong, as a variant a caller can match
//! on, printed as a message fit for one line, naming what was wrong (and,
//! for files, where).

use std::path::PathBuf;

/// What went wrong. Its `Display` is one line, the message a user sees.
///
/// [`Error::File`] and [`Error::Context`] wrap another error with where it
/// happened; [`Error::cause`] looks through them to the error itself.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An error in a file: `path: line N: error` (the line where it is
    /// known).
    #[error("{}: {}{error}", path.display(), line.map(|l| format!("line {l}: ")).unwrap_or_default())]
    File {
        /// The file, as it was named.
        path: PathBuf,
        /// The line (1-based), where it is known.
        line: Option<usize>,
        /// What was wrong in it.
        error: Box<Error>,
    },
    /// An error in a part of a file (`[twisty] cuts: error`).
    #[error("{at}: {error}")]
    Context {
        /// The part (`[twisty]`, `[twisty] cuts`).
        at: String,
        /// What was wrong there.
        error: Box<Error>,
    },
    /// A file that is not valid TOML (the message is the TOML parser's).
    #[error("{0}")]
    Syntax(String),
    /// A puzzle file's tables or keys are wrong (a key missing, a value
    /// out of range, keys that exclude each other).
    #[error("{0}")]
    PuzzleFile(String),
    /// A name that is no catalog puzzle.
    #[error("{message}")]
    UnknownPuzzle {
        /// The name asked for.
        name: String,
        /// Why it is not one, and what is.
        message: String,
    },
    /// A cut that cannot be read or does not cut the solid.
    #[error("{0}")]
    Cut(String),
    /// Two cuts (or one cut with itself) whose parallel planes are closer
    /// than [`crate::puzzle::MIN_GAP`] without being the same plane, or a
    /// cut passing that close to a corner without going through it: the
    /// stickers between them would be too thin to construct reliably.
    /// `cuts` are the two cuts' indices in the puzzle's `cuts`, so a file
    /// reader can name their line.
    #[error("{message}")]
    CloseCuts {
        /// The indices of the two cuts (equal when one cut's own planes
        /// come too close).
        cuts: (usize, usize),
        /// What is wrong, naming both cuts.
        message: String,
    },
    /// A move set that cannot be read or built (a move listed twice, a
    /// move that turns nothing, an empty set).
    #[error("{0}")]
    MoveSet(String),
    /// A turn that does not follow the notation or names no move of the
    /// puzzle.
    #[error("{0}")]
    Notation(String),
    /// A state that cannot be read or is not a state of the puzzle:
    /// `line N: message` where it has a line.
    #[error("{}{message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
    State {
        /// The line (1-based) of the state's text form, where it has one.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// Over a size limit (a file, a state, the stickers or planes of a
    /// puzzle, the positions of a breadth-first search).
    #[error("{0}")]
    TooLarge(String),
    /// A search that ran out of its node budget.
    #[error("{0}")]
    GaveUp(String),
    /// A request this puzzle does not support.
    #[error("{0}")]
    Unsupported(String),
    /// A check of the construction failed: a bug or a tolerance problem,
    /// never the input's fault alone.
    #[error("internal: {0}")]
    Internal(String),
}

impl Error {
    /// The error itself, looked for through the [`Error::File`] and
    /// [`Error::Context`] wrappers.
    pub fn cause(&self) -> &Error {
        match self {
            Error::File { error, .. } | Error::Context { error, .. } => error.cause(),
            e => e,
        }
    }

    /// The same error, in a file (`file.toml: ...`).
    pub fn in_file(self, path: impl Into<PathBuf>) -> Error {
        Error::File {
            path: path.into(),
            line: None,
            error: Box::new(self),
        }
    }

    /// The same error, prefixed with the part of a file it is in
    /// (`[twisty] cuts: ...`).
    pub fn context(self, at: impl Into<String>) -> Error {
        Error::Context {
            at: at.into(),
            error: Box::new(self),
        }
    }

    /// A state error without a line.
    pub(crate) fn state(message: impl Into<String>) -> Error {
        Error::State {
            line: None,
            message: message.into(),
        }
    }
}

/// At most this many characters of the user's input are echoed in a message.
pub const ECHO_CHARS: usize = 60;

/// The user's input as an error message echoes it: whole when short, else its first
/// [`ECHO_CHARS`] characters and an ellipsis, so that a pasted megabyte does not come back as a
/// megabyte of error. Every message that quotes input (a token, a state's name or colour, a
/// puzzle name) goes through it.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.into(),
        Some((end, _)) => format!("{}…", &text[..end]).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_clipped_on_a_character_boundary() {
        assert_eq!(clip("R U"), "R U");
        let long = "é".repeat(200);
        let c = clip(&long);
        assert_eq!(c.chars().count(), ECHO_CHARS + 1);
        assert!(c.ends_with('…'));
        assert_eq!(clip(&"x".repeat(ECHO_CHARS)).len(), ECHO_CHARS);
    }

    #[test]
    fn wrappers_print_where_and_keep_the_cause() {
        let e = Error::Cut("cut \"x\": bad".into())
            .context("[twisty] cuts")
            .in_file("a/p.toml");
        assert_eq!(e.to_string(), "a/p.toml: [twisty] cuts: cut \"x\": bad");
        assert_eq!(e.cause(), &Error::Cut("cut \"x\": bad".into()));
        let e = Error::File {
            path: "p.toml".into(),
            line: Some(3),
            error: Box::new(Error::Syntax("expected `=`".into())),
        };
        assert_eq!(e.to_string(), "p.toml: line 3: expected `=`");
        let e = Error::State {
            line: Some(2),
            message: "\"X\" is not a face".into(),
        };
        assert_eq!(e.to_string(), "line 2: \"X\" is not a face");
    }
}
