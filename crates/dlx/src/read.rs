//! The one bounded reader every file of the program goes through.
//!
//! A file's length on disk says nothing about how much a read of it
//! returns (`/dev/zero`, a pipe, standard input, a file still growing), so
//! the reader never trusts it: it reads at most `limit + 1` bytes, and a
//! file that gives more is refused with the limit and the flag that raises
//! it. Memory is therefore bounded by the limit of the file's kind whatever
//! the file is. A directory or other unreadable path is an I/O error.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes a kind of file may have, and how a user raises it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FileLimit {
    /// The kind of file, as a message names it ("a puzzle file").
    pub what: &'static str,
    /// The largest number of bytes read.
    pub bytes: u64,
    /// The command-line flag that raises the limit, if there is one.
    pub flag: Option<&'static str>,
}

/// Why a bounded read failed; its text is one line naming the file.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file has more bytes than its limit (nothing past the limit was
    /// read).
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit it is over.
        limit: FileLimit,
    },
    /// A file read as text holds a byte that is not text: a NUL, or one
    /// that is not UTF-8 (`/dev/zero`, an image). Seen in its head, it is
    /// refused with nothing more read.
    NotText {
        /// The file.
        path: PathBuf,
        /// What the file was to be, and that it is text ("not a puzzle
        /// file: a puzzle is TOML text"): the message starts with it.
        expected: String,
        /// The offset of the first byte that is not text.
        at: usize,
        /// Its line and column (1-based, the column in characters).
        place: (usize, usize),
        /// How the file starts ([`start_of`]).
        start: String,
    },
}

impl ReadError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            ReadError::Io { path, .. }
            | ReadError::TooLarge { path, .. }
            | ReadError::NotText { path, .. } => path,
        }
    }

    /// What went wrong, without the file's name (for messages that name
    /// the file their own way).
    pub fn reason(&self) -> String {
        match self {
            ReadError::Io { source, .. } => format!("cannot read the file: {source}"),
            ReadError::TooLarge { limit, .. } => {
                let flag = limit
                    .flag
                    .map(|flag| format!(" ({flag} N raises the limit)"))
                    .unwrap_or_default();
                format!(
                    "{} may have at most {} bytes, and this one has more{flag}",
                    limit.what, limit.bytes
                )
            }
            ReadError::NotText {
                expected,
                at,
                place: (line, column),
                start,
                ..
            } => format!(
                "{expected}, and byte {at} is not text, at line {line}, column {column} \
                 (the file starts with {start})"
            ),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path().display(), self.reason())
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io { source, .. } => Some(source),
            ReadError::TooLarge { .. } | ReadError::NotText { .. } => None,
        }
    }
}

/// Reads the whole of `path` (`-`: standard input), at most `limit.bytes`
/// bytes: a file with more is [`ReadError::TooLarge`] after reading
/// `limit.bytes + 1` of them, so memory never exceeds the limit.
pub fn read_bounded(path: &Path, limit: FileLimit) -> Result<Vec<u8>, ReadError> {
    read_sniffed(path, 0, |_| Ok::<_, ReadError>(limit))
}

/// Reads `path` (`-`: standard input) as [`read_bounded`] does, with the
/// limit that `limit_of` gives on seeing the file's first `head` bytes (or
/// all of it, if shorter): for files whose kind, and so whose limit, their
/// content tells. `limit_of` may refuse the file from its head; then
/// nothing more is read. At most `max(head, limit) + 1` bytes are read.
pub fn read_sniffed<E: From<ReadError>>(
    path: &Path,
    head: u64,
    limit_of: impl FnOnce(&[u8]) -> Result<FileLimit, E>,
) -> Result<Vec<u8>, E> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        if file.metadata().map_err(io)?.is_dir() {
            return Err(io(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "it is a directory",
            ))
            .into());
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    (&mut reader)
        .take(head)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let limit = limit_of(&bytes)?;
    let cap = limit.bytes.saturating_add(1);
    let got = bytes.len() as u64;
    if got < cap {
        reader.take(cap - got).read_to_end(&mut bytes).map_err(io)?;
    }
    if bytes.len() as u64 > limit.bytes {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        }
        .into());
    }
    Ok(bytes)
}

/// How much of a text file [`read_text`] reads to refuse one that is not
/// text before the rest is read (and how much of a problem file is read to
/// tell its kind).
pub const HEAD_BYTES: u64 = 64 << 10;

/// Where a file's first bytes `head` stop being text: the first NUL, or
/// the first byte that is not UTF-8 (a character cut off by the head's end
/// is text); `None` when they are text.
pub fn not_text_at(head: &[u8]) -> Option<usize> {
    match std::str::from_utf8(head) {
        Err(e) if e.error_len().is_some() => Some(e.valid_up_to()),
        _ => head.iter().position(|&b| b == 0),
    }
}

/// How a file starts, for messages: its first line's first 20 characters
/// when its first bytes are printable text, else its first 8 bytes in hex.
pub fn start_of(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "nothing (the file is empty)".into();
    }
    let head = &bytes[..bytes.len().min(24)];
    match std::str::from_utf8(head) {
        Ok(t) if !t.chars().any(|c| c.is_control() && c != '\n' && c != '\t') => {
            let t: String = t
                .split('\n')
                .next()
                .unwrap_or("")
                .chars()
                .take(20)
                .collect();
            format!("`{}`", t.trim_end())
        }
        _ => {
            let hex: Vec<String> = head.iter().take(8).map(|b| format!("{b:02x}")).collect();
            format!("the bytes {}", hex.join(" "))
        }
    }
}

/// Reads the text file `path` (`-`: standard input) within `limit`,
/// refusing it as [`ReadError::NotText`] (its message starting with
/// `expected`) when it is not text: from its first [`HEAD_BYTES`], with
/// nothing more read, so `/dev/zero` or an image is refused at once rather
/// than read up to the limit; else at the first byte past the head that
/// is not UTF-8.
pub fn read_text(path: &Path, limit: FileLimit, expected: &str) -> Result<String, ReadError> {
    let not_text = |at, bytes: &[u8]| ReadError::NotText {
        path: path.to_path_buf(),
        expected: expected.to_string(),
        at,
        place: place_of(bytes, at),
        start: start_of(bytes),
    };
    let bytes = read_sniffed(path, HEAD_BYTES, |head| match not_text_at(head) {
        Some(at) => Err(not_text(at, head)),
        None => Ok(limit),
    })?;
    String::from_utf8(bytes).map_err(|e| not_text(e.utf8_error().valid_up_to(), e.as_bytes()))
}

/// [`read_bounded`] as UTF-8 text; text that is not UTF-8 is an
/// [`ReadError::Io`] of kind `InvalidData` naming the first bad byte.
pub fn read_text_bounded(path: &Path, limit: FileLimit) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let (line, column) = place_of(e.as_bytes(), at);
        ReadError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not UTF-8 text (byte {at}, at line {line}, column {column})"),
            ),
        }
    })
}

/// The line and column (1-based, the column in characters) of byte `at` of
/// `bytes`, whose bytes before `at` are text.
pub fn place_of(bytes: &[u8], at: usize) -> (usize, usize) {
    let head = &bytes[..at.min(bytes.len())];
    let line_start = head.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + head.iter().filter(|&&b| b == b'\n').count();
    let column = String::from_utf8_lossy(&head[line_start..]).chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: FileLimit = FileLimit {
        what: "a test file",
        bytes: 1000,
        flag: Some("--max-test-bytes"),
    };

    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_refused_after_the_limit() {
        let e = read_bounded(Path::new("/dev/zero"), SMALL).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { .. }));
        let text = e.to_string();
        assert!(
            text.contains("/dev/zero") && text.contains("1000 bytes"),
            "{text}"
        );
        assert!(text.contains("--max-test-bytes"), "{text}");
    }

    /// The limit is chosen on the head; a refusal there reads no more.
    #[cfg(unix)]
    #[test]
    fn a_sniffed_file_gets_the_limit_its_head_says() {
        let mut seen = 0;
        let e = read_sniffed(Path::new("/dev/zero"), 64, |head| {
            seen = head.len();
            Ok::<_, ReadError>(SMALL)
        })
        .unwrap_err();
        assert_eq!(seen, 64);
        assert!(matches!(e, ReadError::TooLarge { .. }), "{e}");
        let e = read_sniffed(Path::new("/dev/zero"), 64, |head| {
            Err(ReadError::Io {
                path: PathBuf::from("z"),
                source: std::io::Error::other(format!("{} zeros", head.len())),
            })
        })
        .unwrap_err();
        assert_eq!(e.to_string(), "z: cannot read the file: 64 zeros");
        // A limit below the head still refuses.
        let tiny = FileLimit { bytes: 10, ..SMALL };
        let e = read_sniffed(Path::new("/dev/zero"), 64, |_| Ok::<_, ReadError>(tiny));
        assert!(matches!(e, Err(ReadError::TooLarge { .. })));
    }

    /// A text read refuses `/dev/zero` from its head, naming what the
    /// file was to be, instead of reading it up to the limit.
    #[cfg(unix)]
    #[test]
    fn a_text_file_that_is_not_text_is_refused_from_its_head() {
        let big = FileLimit {
            bytes: 1 << 30,
            ..SMALL
        };
        let e = read_text(Path::new("/dev/zero"), big, "not a test file: it is text").unwrap_err();
        assert!(matches!(e, ReadError::NotText { at: 0, .. }), "{e}");
        assert_eq!(
            e.to_string(),
            "/dev/zero: not a test file: it is text, and byte 0 is not text, at line 1, column 1 (the file starts with the bytes 00 00 00 00 00 00 00 00)"
        );
    }

    #[test]
    fn a_file_at_the_limit_is_read_and_one_over_is_not() {
        let dir = std::env::temp_dir().join(format!("dlx-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let at = dir.join("at");
        std::fs::write(&at, vec![b'a'; 1000]).unwrap();
        assert_eq!(read_bounded(&at, SMALL).unwrap().len(), 1000);
        let over = dir.join("over");
        std::fs::write(&over, vec![b'a'; 1001]).unwrap();
        assert!(matches!(
            read_bounded(&over, SMALL),
            Err(ReadError::TooLarge { .. })
        ));
        let e = read_bounded(&dir, SMALL).unwrap_err();
        assert!(matches!(e, ReadError::Io { .. }), "{e}");
        std::fs::write(&at, [0xff, 0xfe]).unwrap();
        assert!(read_text_bounded(&at, SMALL).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
