//! The grammar of one turn, `[LAYERS] NAME [POWER] [']` (`2U2'`, `1-2U`,
//! `U-F-R`): a token split into its parts before any puzzle is consulted.
//!
//! Both the construction ([`crate::puzzle`], reading a move set's turns)
//! and the notation ([`crate::notation`], reading turns of a built puzzle)
//! need it; it depends on neither. [`crate::notation`] describes what the
//! parts mean.

use crate::error::clip;

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

/// The largest layer number or power a turn may write: far past any puzzle's layers (a
/// catalog axis has at most 57) and any power worth writing (powers are taken modulo the
/// axis's order), small enough that no arithmetic on it overflows.
pub const MAX_NUMBER: u64 = 9999;

/// The marks read as `'` (the other way): the ASCII apostrophe, and the right single quotation
/// mark and prime that web pages and word processors write for it (`R’`), so that a pasted
/// algorithm reads as written.
const PRIMES: [char; 3] = ['\'', '’', '′'];

/// Why a token is no turn of the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// Not `[LAYERS] NAME [POWER] [']` at all.
    NotATurn,
    /// A layer number or power over [`MAX_NUMBER`] (`kind` is `layer` or `power`).
    TooLarge {
        /// `layer` or `power`.
        kind: &'static str,
        /// The digits as written.
        digits: String,
    },
    /// `R-1`: a minus sign before a power (the grammar writes `R'`).
    NegativePower,
    /// `R0`: a power counts turns, from 1.
    ZeroPower,
}

impl Malformed {
    /// The message for the token `text` (echoed through [`clip`]).
    pub fn message(&self, text: &str) -> String {
        let text = clip(text);
        match self {
            Malformed::NotATurn => format!("{text:?}: not a turn (e.g. U, U', U2, 2U, 1-2U)"),
            Malformed::TooLarge { kind, digits } => format!(
                "{text}: the {kind} {} is too large (at most {MAX_NUMBER}{})",
                clip(digits),
                if *kind == "power" {
                    "; powers are taken modulo the axis's order, so U5 is U on a 4-fold axis"
                } else {
                    ""
                }
            ),
            Malformed::NegativePower => format!(
                "{text}: a power is a positive whole number: write ' to turn the other way (R' or R2', not R-1)"
            ),
            Malformed::ZeroPower => format!(
                "{text}: a power counts turns, from 1 (U, U2...); to turn nothing leave the turn out (powers are taken modulo the axis's order, so U4 is a whole turn of a 4-fold axis, allowed as U8 or U12 are)"
            ),
        }
    }
}

/// Splits a turn into layers, name and power, or says why it does not follow the grammar. A
/// power is a positive whole number (leading zeros allowed: `U01` is `U`), at most
/// [`MAX_NUMBER`]; where the puzzle is known it is taken modulo the axis's order, so a multiple
/// of the order (`U4`) turns nothing, but `U0` is no power at all.
pub fn split_token(text: &str) -> Result<Token<'_>, Malformed> {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize, kind: &'static str| -> Result<usize, Malformed> {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        let written = &text[s..*i];
        match written.parse::<u64>() {
            Ok(n) if n <= MAX_NUMBER => Ok(n as usize),
            _ => Err(Malformed::TooLarge {
                kind,
                digits: written.to_string(),
            }),
        }
    };
    let mut layers = None;
    if i < b.len() && b[i].is_ascii_digit() {
        let lo = digits(&mut i, "layer")?;
        let hi = if i + 1 < b.len() && b[i] == b'-' && b[i + 1].is_ascii_digit() {
            i += 1;
            digits(&mut i, "layer")?
        } else {
            lo
        };
        layers = Some((lo, hi));
    }
    let name_start = i;
    if i >= b.len() || !b[i].is_ascii_alphabetic() {
        return Err(Malformed::NotATurn);
    }
    while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'-' || b[i] == b'_') {
        i += 1;
    }
    let name_end = i;
    let mut power: i64 = 1;
    if i < b.len() && b[i].is_ascii_digit() {
        if b[i - 1] == b'-' && i - 1 > name_start {
            return Err(Malformed::NegativePower);
        }
        power = digits(&mut i, "power")? as i64;
        if power == 0 {
            return Err(Malformed::ZeroPower);
        }
    }
    if let Some(prime) = PRIMES.iter().find(|&&c| text[i..].starts_with(c)) {
        power = -power;
        i += prime.len_utf8();
    }
    if i != b.len() {
        return Err(Malformed::NotATurn);
    }
    Ok(Token {
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
        for bad in ["", "2", "U'2", "'U", "U 2", "2-U", "U2x"] {
            assert_eq!(split_token(bad), Err(Malformed::NotATurn), "{bad}");
        }
        // Powers are positive whole numbers; leading zeros are digits like any other.
        assert_eq!(split_token("U0"), Err(Malformed::ZeroPower));
        assert_eq!(split_token("U000"), Err(Malformed::ZeroPower));
        assert_eq!(split_token("U00001").unwrap().power, 1);
        assert_eq!(split_token("U’").unwrap().power, -1);
        assert_eq!(split_token("U2′").unwrap().power, -2);
        assert_eq!(split_token("R-1"), Err(Malformed::NegativePower));
        for (bad, kind) in [
            ("R4294967297", "power"),
            ("4294967297R", "layer"),
            ("1-99999R", "layer"),
        ] {
            let e = split_token(bad).unwrap_err();
            assert!(
                matches!(e, Malformed::TooLarge { kind: k, .. } if k == kind),
                "{bad}: {e:?}"
            );
            assert!(e.message(bad).contains("too large"), "{}", e.message(bad));
        }
    }
}
