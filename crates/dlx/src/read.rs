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
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, source } => {
                write!(f, "{}: cannot read the file: {source}", path.display())
            }
            ReadError::TooLarge { path, limit } => {
                write!(
                    f,
                    "{}: {} may have at most {} bytes, and this one has more",
                    path.display(),
                    limit.what,
                    limit.bytes
                )?;
                match limit.flag {
                    Some(flag) => write!(f, " ({flag} N raises the limit)"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io { source, .. } => Some(source),
            ReadError::TooLarge { .. } => None,
        }
    }
}

/// Reads the whole of `path` (`-`: standard input), at most `limit.bytes`
/// bytes: a file with more is [`ReadError::TooLarge`] after reading
/// `limit.bytes + 1` of them, so memory never exceeds the limit.
pub fn read_bounded(path: &Path, limit: FileLimit) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut bytes = Vec::new();
    let cap = limit.bytes.saturating_add(1);
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(cap)
            .read_to_end(&mut bytes)
            .map_err(io)?;
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        if file.metadata().map_err(io)?.is_dir() {
            return Err(io(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "it is a directory",
            )));
        }
        file.take(cap).read_to_end(&mut bytes).map_err(io)?;
    }
    if bytes.len() as u64 > limit.bytes {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// [`read_bounded`] as UTF-8 text; text that is not UTF-8 is an
/// [`ReadError::Io`] of kind `InvalidData` naming the first bad byte.
pub fn read_text_bounded(path: &Path, limit: FileLimit) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| ReadError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        ),
    })
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
