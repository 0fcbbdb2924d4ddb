//! The `[expect]` table, shared by every kind of puzzle file.

use super::raw::{RawExpect, RawNumber};
use super::source::Source;
use crate::error::Error;
use crate::puzzle::Expect;
use dlx::Count;
use toml::Spanned;

/// The puzzle's name (the file's `name`, else the file name without
/// extension) and its `[expect]` table: the header every kind of puzzle
/// file shares.
pub(crate) fn name_and_expect(
    src: &Source,
    name: &Option<String>,
    expect: &Option<Spanned<RawExpect>>,
) -> Result<(String, Option<Expect>), Error> {
    let expect = expect.as_ref().map(|e| parse_expect(src, e)).transpose()?;
    let name = name.clone().unwrap_or_else(|| {
        src.path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".into())
    });
    Ok((name, expect))
}

/// The `[expect]` table: counts, their source, and the search's size.
fn parse_expect(src: &Source, e: &Spanned<RawExpect>) -> Result<Expect, Error> {
    let er = e.get_ref();
    let size = |key: &str, n: &Option<Spanned<RawNumber>>| match n {
        None => Ok(None),
        Some(n) => (parse_big(src, n)?.to_u128())
            .and_then(|v| u64::try_from(v).ok())
            .map(Some)
            .ok_or_else(|| {
                src.err(
                    n.span(),
                    format!("[expect] {key} is over 2^64: not a count of the search's steps"),
                )
            }),
    };
    let nodes = size("nodes", &er.nodes)?;
    let states = size("states", &er.states)?;
    Ok(Expect {
        solutions: er
            .solutions
            .as_ref()
            .map(|n| parse_big(src, n))
            .transpose()?,
        distinct: er
            .distinct
            .as_ref()
            .map(|n| parse_big(src, n))
            .transpose()?,
        group: match &er.group {
            None => crate::symmetry::GroupChoice::Full,
            Some(g) => crate::symmetry::GroupChoice::from_name(g.get_ref()).ok_or_else(|| {
                src.err(
                    g.span(),
                    format!(
                        "[expect] group `{}` is not a group: write \"full\", \"rotations\" or \"none\"",
                        g.get_ref()
                    ),
                )
            })?,
        },
        source: er.source.clone(),
        nodes,
        states,
    })
}

/// A count of `[expect]`: a whole number of any size (past 64 bits written
/// as a string, TOML's integers stopping there).
fn parse_big(src: &Source, n: &Spanned<RawNumber>) -> Result<Count, Error> {
    let not_count = |written: &str| {
        src.err(
            n.span(),
            format!("{written} is not a count: write a whole number"),
        )
    };
    match n.get_ref() {
        RawNumber::Int(v) => u128::try_from(*v)
            .map(Count::from)
            .map_err(|_| not_count(&v.to_string())),
        RawNumber::Text(s) => s
            .replace(['_', ','], "")
            .parse::<Count>()
            .map_err(|_| not_count(&format!("`{s}`"))),
        RawNumber::Huge(s) => match s.parse::<Count>() {
            Ok(_) => Err(src.err(
                n.span(),
                format!(
                    "{s} is past TOML's integers (64 bits): write a count this large as a string, \"{s}\""
                ),
            )),
            Err(_) => Err(not_count(s)),
        },
        RawNumber::Other(s) => Err(not_count(s)),
    }
}
