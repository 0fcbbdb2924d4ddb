//! Knuth's DLX text format, as DLX1, DLX2 and DLX3 read it.
//!
//! ```text
//! | comment lines start with a bar
//! A B 2:3|C | X Y        <- primary items, a bar, secondary items
//! A B X:0 Y:0            <- one option per line
//! A C X:1 Y:1            <- item:color on secondary items
//! ```
//!
//! Names are any non-blank characters other than `:` and `|`. A primary item
//! may carry DLX3's bounds, `lo:hi|name` or `n|name` (`n:n`), whole numbers
//! up to `u32::MAX` (larger ones are refused as too large). The `|` between
//! primary and secondary items stands alone or starts a word, as in
//! Knuth's programs: `A |B` makes `B` secondary. Inside a word a `|` only
//! ends bounds: `A|B` is refused as a name holding `|`, as DLX1 refuses
//! it. Blank lines and lines whose first non-blank character is `|` are
//! comments.

use crate::matrix::{Matrix, MatrixBuilder, MatrixError, valid_name};
use std::fmt;
use std::fmt::Write as _;

/// A reason the text is not a valid DLX file, with its place (1-based line
/// and column; column counts characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for FormatError {}

fn err(line: usize, column: usize, message: impl Into<String>) -> FormatError {
    FormatError {
        line,
        column,
        message: message.into(),
    }
}

/// The blank-separated words of a line with their 1-based character columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut col = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        col += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let at = col + 1;
        col += word.chars().count();
        rest = &rest[end..];
        Some((at, word))
    })
}

/// At most this many characters of the input are echoed in a message.
pub const ECHO_CHARS: usize = 60;

/// A word of the input as a message echoes it: whole when short, else its
/// first [`ECHO_CHARS`] characters and an ellipsis, so that a line of
/// another kind of file (a JSON result has no blanks) does not come back as
/// a line of error tens of kilobytes long.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.into(),
        Some((end, _)) => format!("{}…", &text[..end]).into(),
    }
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// A bound of DLX3's `lo:hi|item` (the word at `col`): a whole number the
/// matrix's `u32` bounds hold.
fn parse_bound(s: &str, line: usize, col: usize) -> Result<u32, FormatError> {
    s.parse::<u32>().map_err(|e| {
        let why = match e.kind() {
            std::num::IntErrorKind::PosOverflow => format!("too large: at most {}", u32::MAX),
            _ => "expected a whole number".into(),
        };
        err(
            line,
            col,
            format!("bad bound `{}`: {why} (DLX3's `lo:hi|item`)", clip(s)),
        )
    })
}

/// Might `prefix`, the text before a `|` inside a word of the item line,
/// be meant as DLX3's bounds (`2`, `1:3`, `-1`, `x:2`)? Otherwise the word
/// is a name holding `|` (`A|B`), not a bad bound.
fn meant_as_bounds(prefix: &str) -> bool {
    prefix.contains(':') || prefix.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
}

/// The error for a word of the item line (at `col`) holding a `|` that
/// ends no bounds (`A|B`).
fn bar_in_name(line: usize, col: usize, word: &str) -> FormatError {
    err(
        line,
        col,
        format!(
            "bad item name `{}`: names hold no `|`; inside a word `|` only ends DLX3's bounds (`lo:hi|item`, `n|item`), and before the secondary items it stands alone or starts a word (`A | B`, `A |B`)",
            clip(word)
        ),
    )
}

/// Reads a matrix from DLX text. Options without a primary item are left
/// out, as Knuth's programs leave them out; [`parse_with_warnings`] says which.
pub fn parse(text: &str) -> Result<Matrix, FormatError> {
    parse_with_warnings(text).map(|(m, _)| m)
}

/// Reads a matrix from DLX text, with a warning (line, column, message) for
/// each option left out because it has no primary item.
pub fn parse_with_warnings(text: &str) -> Result<(Matrix, Vec<FormatError>), FormatError> {
    parse_with_sources(text).map(|(m, w, _)| (m, w))
}

/// Where an option of the matrix comes from in the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OptionSource {
    /// Its line, from 1.
    pub line: u32,
    /// Its number among the text's options, from 1; options left out (no
    /// primary item) keep their numbers, so this is the option's number in
    /// the file, not in the matrix.
    pub number: u32,
}

/// As [`parse_with_warnings`], with the source of each option of the
/// matrix (indexed by [`OptionId`](crate::OptionId)).
#[allow(clippy::type_complexity)]
pub fn parse_with_sources(
    text: &str,
) -> Result<(Matrix, Vec<FormatError>, Vec<OptionSource>), FormatError> {
    let mut warnings = Vec::new();
    let mut sources = Vec::new();
    let mut b = MatrixBuilder::new();
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l));
    let (item_line, header) = loop {
        match lines.next() {
            None => return Err(err(1, 1, "no item line: the input holds only comments")),
            Some((n, l)) if !is_comment(l) => break (n, l),
            Some(_) => {}
        }
    };
    let mut secondary = false;
    for (mut col, mut word) in words(header) {
        // The bar may touch the name after it (`A |B`): Knuth's programs
        // take a `|` that starts a word as the separator, then the name.
        while let Some(rest) = word.strip_prefix('|') {
            if secondary {
                return Err(err(item_line, col, "the item line holds `|` twice"));
            }
            secondary = true;
            word = rest;
            col += 1;
        }
        if word.is_empty() {
            continue;
        }
        let (bounds, name, name_col) = match word.split_once('|') {
            Some((prefix, _)) if !meant_as_bounds(prefix) => {
                return Err(bar_in_name(item_line, col, word));
            }
            Some((prefix, name)) => (Some(prefix), name, col + prefix.chars().count() + 1),
            None => (None, word, col),
        };
        if !valid_name(name) {
            return Err(err(
                item_line,
                name_col,
                format!("bad item name `{}`: names hold no `:` or `|`", clip(name)),
            ));
        }
        let result = match (bounds, secondary) {
            (None, false) => b.primary(name),
            (None, true) => b.secondary(name),
            (Some(_), true) => {
                return Err(err(
                    item_line,
                    col,
                    format!("secondary item `{}` cannot have bounds", clip(name)),
                ));
            }
            (Some(prefix), false) => {
                let (lo, hi) = match prefix.split_once(':') {
                    Some((lo, hi)) => (
                        parse_bound(lo, item_line, col)?,
                        parse_bound(hi, item_line, col + lo.chars().count() + 1)?,
                    ),
                    None => {
                        let n = parse_bound(prefix, item_line, col)?;
                        (n, n)
                    }
                };
                b.primary_bounds(name, lo, hi)
            }
        };
        result.map_err(|e| err(item_line, name_col, e.to_string()))?;
    }
    if b.num_items() == 0 {
        return Err(err(item_line, 1, "the item line names no items"));
    }
    let mut entries = Vec::new();
    for (n, line) in lines {
        if is_comment(line) {
            continue;
        }
        entries.clear();
        let number = sources.len() as u32 + warnings.len() as u32 + 1;
        let mut first_col = 1;
        for (k, (col, word)) in words(line).enumerate() {
            if k == 0 {
                first_col = col;
            }
            let (name, color) = match word.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (word, None),
            };
            let item = b
                .item(name)
                .ok_or_else(|| err(n, col, format!("unknown item `{}`", clip(name))))?;
            let color = match color {
                None => None,
                Some(c) if !valid_name(c) => {
                    return Err(err(
                        n,
                        col,
                        format!("bad color `{}` on item `{}`", clip(c), clip(name)),
                    ));
                }
                Some(c) => Some(b.color(c)),
            };
            entries.push((item, color, col));
        }
        let items: Vec<_> = entries.iter().map(|&(i, c, _)| (i, c)).collect();
        match b.option(&items) {
            Ok(_) => {
                sources.push(OptionSource {
                    line: n as u32,
                    number,
                });
                continue;
            }
            Err(MatrixError::NoPrimaryItem) => {
                warnings.push(err(n, first_col, "option ignored: it has no primary item"));
                continue;
            }
            Err(e) => {
                // Point at the word that is wrong where there is one.
                let col = match &e {
                    MatrixError::ItemTwiceInOption(name) => entries
                        .iter()
                        .filter(|(i, _, _)| b.item_name(*i) == name.as_str())
                        .nth(1)
                        .map_or(first_col, |e| e.2),
                    MatrixError::ColorOnPrimary(name) => entries
                        .iter()
                        .find(|(i, c, _)| c.is_some() && b.item_name(*i) == name.as_str())
                        .map_or(first_col, |e| e.2),
                    _ => first_col,
                };
                return Err(err(n, col, e.to_string()));
            }
        }
    }
    let m = b.build().map_err(|e| err(item_line, 1, e.to_string()))?;
    Ok((m, warnings, sources))
}

/// Writes a matrix as DLX text (readable by DLX1/2/3 and by [`parse`]).
pub fn write(m: &Matrix) -> String {
    write_with_comment(m, None)
}

/// Writes a matrix as DLX text, after a comment line when one is given.
pub fn write_with_comment(m: &Matrix, comment: Option<&str>) -> String {
    let mut s = String::new();
    if let Some(c) = comment {
        for line in c.lines() {
            let _ = writeln!(s, "| {line}");
        }
    }
    for item in m.items() {
        if item.index() > 0 {
            s.push(' ');
        }
        if item.index() == m.num_primary() {
            s.push_str("| ");
        }
        if m.is_primary(item) {
            match m.bounds(item) {
                (1, 1) => {}
                (lo, hi) if lo == hi => {
                    let _ = write!(s, "{hi}|");
                }
                (lo, hi) => {
                    let _ = write!(s, "{lo}:{hi}|");
                }
            }
        }
        s.push_str(m.item_name(item));
    }
    s.push('\n');
    for opt in m.options() {
        s.push_str(&m.option_text(opt));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod clip_tests {
    use super::*;

    #[test]
    fn a_long_word_is_clipped_in_errors() {
        // A JSON result given as DLX: one word of some kilobytes.
        let word = format!("{{\"format\":\"x\",\"body\":\"{}\"}}", "y".repeat(40_000));
        let e = parse(&format!("{word}\n")).unwrap_err().to_string();
        assert!(e.len() < 200, "{} bytes: {}", e.len(), &e[..200]);
        assert!(e.contains("bad item name `{\"format\""), "{e}");
        assert!(e.contains('…'), "{e}");
        let e = parse(&format!("a\na {}\n", "z".repeat(5000))).unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
        assert_eq!(clip("short"), "short");
    }
}
