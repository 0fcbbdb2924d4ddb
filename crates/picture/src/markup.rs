//! Text inside XML and HTML: the one escaper that SVG pictures, the HTML
//! pages, the booklet and BurrTools files share, so a name is written the
//! same, and well-formed, everywhere.

/// `s` as XML 1.0 (and HTML) text, fit for element content or a
/// double-quoted attribute: `&`, `<`, `>` and `"` escaped, and each
/// character XML 1.0 forbids (controls other than tab, newline and carriage
/// return, unpaired surrogates cannot occur in a `str`, U+FFFE and U+FFFF)
/// replaced by U+FFFD: a reference such as `&#1;` would be as ill-formed as
/// the character, and a puzzle's name may hold anything its TOML string can.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if allowed(c) => out.push(c),
            _ => out.push(char::REPLACEMENT_CHARACTER),
        }
    }
    out
}

/// Whether XML 1.0 allows `c` in a document (its `Char` production).
fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_forbidden_characters() {
        assert_eq!(
            escape("a <b> & \"c\" 'd'"),
            "a &lt;b&gt; &amp; &quot;c&quot; 'd'"
        );
        assert_eq!(escape("A \u{1} test\u{7f}"), "A \u{fffd} test\u{7f}");
        assert_eq!(escape("tab\tnl\ncr\r"), "tab\tnl\ncr\r");
        assert_eq!(escape("\u{0}\u{1b}\u{fffe}\u{ffff}"), "\u{fffd}".repeat(4));
        assert_eq!(escape("Ünïcödé 🧩"), "Ünïcödé 🧩");
    }
}
