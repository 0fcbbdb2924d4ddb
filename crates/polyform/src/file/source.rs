//! A file's text, for turning byte offsets into lines and columns; shared
//! by polyform and tile puzzle files.

use crate::art::{self, Drawing};
use crate::error::Error;
use serde::de::DeserializeOwned;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// Reads a file's text; the error names the file.
pub(crate) fn read(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path)
        .map_err(|e| Error::new(path, None, format!("cannot read the file: {e}")))
}

/// A file's text, for turning byte offsets into line numbers.
pub(crate) struct Source<'a> {
    /// The file, as messages name it.
    pub(crate) path: &'a Path,
    /// Its whole text, which the spans index.
    pub(crate) text: &'a str,
}

impl Source<'_> {
    /// The 1-based line of a byte offset.
    pub(crate) fn line(&self, byte: usize) -> usize {
        let byte = byte.min(self.text.len());
        self.text[..byte].matches('\n').count() + 1
    }

    /// An error at the start of a span.
    pub(crate) fn err(&self, span: Range<usize>, message: impl Into<String>) -> Error {
        Error::new(self.path, Some(self.line(span.start)), message)
    }

    /// The line of line `k` (0-based) of a string value starting at `start`.
    pub(crate) fn line_in_string(&self, start: usize, k: usize) -> usize {
        let base = self.line(start);
        let rest = &self.text[start.min(self.text.len())..];
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            let after = &rest[3..];
            let skip = usize::from(after.starts_with('\n') || after.starts_with("\r\n"));
            base + skip + k
        } else {
            base
        }
    }

    /// A drawing; a mistake names its own line, and `what` (the board or
    /// a piece) is drawn.
    pub(crate) fn art(&self, art: &Spanned<String>, what: &str) -> Result<Drawing, Error> {
        art::parse(art.get_ref()).map_err(|e| {
            Error::new(
                self.path,
                Some(self.line_in_string(art.span().start, e.line)),
                format!("{what}: {}", e.message),
            )
        })
    }

    /// The file's tables; a TOML mistake or an unknown key names its line,
    /// unknown keys with a pointer to `where_keys` (the part of
    /// `docs/format.md` that lists the keys).
    pub(crate) fn parse<T: DeserializeOwned>(&self, where_keys: &str) -> Result<T, Error> {
        toml::from_str(self.text).map_err(|e| {
            let line = e.span().map(|s| self.line(s.start));
            let msg = e.message().trim().to_string();
            let hint = if msg.contains("unknown field") {
                format!(" (see {where_keys} for the keys each table takes)")
            } else {
                String::new()
            };
            Error::new(self.path, line, format!("{msg}{hint}"))
        })
    }
}
