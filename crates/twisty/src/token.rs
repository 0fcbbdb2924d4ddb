//! The grammar of one turn, `[LAYERS] NAME [POWER] [']` (`2U2'`, `1-2U`,
//! `U-F-R`): a token split into its parts before any puzzle is consulted.
//!
//! Both the construction ([`crate::puzzle`], reading a move set's turns)
//! and the notation ([`crate::notation`], reading turns of a built puzzle)
//! need it; it depends on neither. [`crate::notation`] describes what the
//! parts mean.

/// A turn split into its parts (before the puzzle is consulted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The whole token.
    pub text: &'a str,
    /// The layer prefix: `2U` is `(2, 2)`, `1-2U` is `(1, 2)`.
    pub layers: Option<(usize, usize)>,
    /// The prefix and the name (`2U` for `2U2'`): how a move set may name
    /// a move.
    pub base: &'a str,
    /// The name after the layer prefix.
    pub name: &'a str,
    /// Turns, negative for `'`.
    pub power: i64,
}

/// Splits a turn into layers, name and power, or `None` when it does not
/// follow the grammar.
pub fn split_token(text: &str) -> Option<Token<'_>> {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| -> Option<usize> {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i == s || *i - s > 4 {
            None
        } else {
            text[s..*i].parse().ok()
        }
    };
    let mut layers = None;
    if i < b.len() && b[i].is_ascii_digit() {
        let lo = digits(&mut i)?;
        let hi = if i + 1 < b.len() && b[i] == b'-' && b[i + 1].is_ascii_digit() {
            i += 1;
            digits(&mut i)?
        } else {
            lo
        };
        layers = Some((lo, hi));
    }
    let name_start = i;
    if i >= b.len() || !b[i].is_ascii_alphabetic() {
        return None;
    }
    while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'-' || b[i] == b'_') {
        i += 1;
    }
    let name_end = i;
    let mut power: i64 = 1;
    if i < b.len() && b[i].is_ascii_digit() {
        power = digits(&mut i)? as i64;
        if power == 0 {
            return None;
        }
    }
    if i < b.len() && b[i] == b'\'' {
        power = -power;
        i += 1;
    }
    if i != b.len() {
        return None;
    }
    Some(Token {
        text,
        layers,
        base: &text[..name_end],
        name: &text[name_start..name_end],
        power,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_into_layers_name_and_power() {
        let t = split_token("2U2'").unwrap();
        assert_eq!(
            (t.layers, t.name, t.base, t.power),
            (Some((2, 2)), "U", "2U", -2)
        );
        let t = split_token("1-2U-F-R").unwrap();
        assert_eq!((t.layers, t.name, t.power), (Some((1, 2)), "U-F-R", 1));
        assert_eq!(split_token("u").unwrap().name, "u");
        for bad in ["", "2", "U0", "U'2", "'U", "U 2", "2-U", "U2x"] {
            assert!(split_token(bad).is_none(), "{bad}");
        }
    }
}
