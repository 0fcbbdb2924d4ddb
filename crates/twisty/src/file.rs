//! The TOML puzzle file: a puzzle (from the catalog or a solid and its
//! cuts) and, optionally, the counts to expect.
//!
//! ```toml
//! # A Rubik's Cube defined from its geometry.
//! [twisty]
//! name = "my-3x3x3"          # optional: the file name without .toml
//! solid = "cube"             # tetrahedron, cube, octahedron, dodecahedron, icosahedron
//! cuts = ["f 1/3"]           # kind (f, v, e) and depth (inradius units)
//! moves = "no-middle"        # "all", "no-middle", "outer", or a list: ["U", "R", "u=U", "1-2U"]
//!
//! [expect]                   # optional: what `polycover verify` checks
//! group_order = "43252003274489856000"
//! positions = "43252003274489856000"
//! positions_fixed = "43252003274489856000"
//! positions_without_tips = "43252003274489856000"
//! source = "where the numbers were published"
//! ```
//!
//! Instead of `solid`, `cuts` and `moves`, `puzzle = "megaminx"` names a
//! catalog puzzle. Counts are strings (they outgrow every integer type);
//! `work` is the count's work (points visited by permutation products,
//! [`crate::perm::work`]: exact, recorded by `polycover verify --update`),
//! from which `verify` estimates the time to skip slow files; `seconds`, an
//! older estimate, is used only where `work` is missing. The
//! `[twisty]` table is what marks a file as a twisty puzzle.

use crate::catalog;
use crate::error::Error;
use crate::solid::Solid;
use crate::spec::{Cut, Moves, PuzzleSpec};
use num_bigint::BigUint;
use serde::Deserialize;
use std::path::Path;

/// At most this many bytes in a puzzle file.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// At most this many cuts.
pub const MAX_CUTS: usize = 64;

/// Counts a file expects, with their source.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expect {
    /// The expected group order.
    pub group_order: Option<BigUint>,
    /// The expected number of positions.
    pub positions: Option<BigUint>,
    /// The expected positions up to whole-puzzle rotations.
    pub positions_fixed: Option<BigUint>,
    /// The expected positions with the tips' stickers blanked (see
    /// [`crate::count`]).
    pub positions_without_tips: Option<BigUint>,
    /// The expected positions counting every orientation in space.
    pub positions_all_orientations: Option<BigUint>,
    /// Where the expected counts come from (a reference, in words).
    pub source: Option<String>,
    /// An older estimate of the count's time, used only where `work` is missing.
    pub seconds: Option<f64>,
    /// The count's work (points visited by permutation products,
    /// [`crate::perm::work`]), from which `verify` estimates its time.
    pub work: Option<u64>,
}

/// A puzzle file read.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleFile {
    /// The puzzle defined.
    pub spec: PuzzleSpec,
    /// The `[expect]` table, if any.
    pub expect: Option<Expect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    twisty: RawTwisty,
    expect: Option<RawExpect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTwisty {
    name: Option<String>,
    puzzle: Option<String>,
    solid: Option<String>,
    cuts: Option<Vec<toml::Spanned<String>>>,
    moves: Option<RawMoves>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawMoves {
    Keyword(String),
    List(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    group_order: Option<String>,
    positions: Option<String>,
    positions_fixed: Option<String>,
    positions_without_tips: Option<String>,
    positions_all_orientations: Option<String>,
    source: Option<String>,
    seconds: Option<f64>,
    work: Option<u64>,
}

/// Does this text look like a twisty puzzle file (a TOML document with a
/// `[twisty]` table)?
pub fn is_twisty_file(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.get("twisty").is_some_and(|v| v.is_table()))
}

/// The line (1-based) of a byte offset.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// Reads a puzzle file; errors name the file (and the line where TOML
/// knows it).
pub fn parse(path: &Path, text: &str) -> Result<PuzzleFile, Error> {
    parse_with_lines(path, text).map(|(f, _)| f)
}

/// [`parse`], with the line (1-based) of each of the spec's cuts where the file writes them
/// (empty for a catalog puzzle).
fn parse_with_lines(path: &Path, text: &str) -> Result<(PuzzleFile, Vec<usize>), Error> {
    let at = |e: Error| e.in_file(path);
    if text.len() > MAX_FILE_BYTES {
        return Err(at(Error::TooLarge(format!(
            "larger than {MAX_FILE_BYTES} bytes"
        ))));
    }
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start));
        let msg = e.message().replace('\n', " ");
        Error::File {
            path: path.into(),
            line,
            error: Box::new(Error::Syntax(msg)),
        }
    })?;
    let t = raw.twisty;
    let cut_lines: Vec<usize> = t
        .cuts
        .iter()
        .flatten()
        .map(|c| line_of(text, c.span().start))
        .collect();
    let default_name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".into());
    let spec = match &t.puzzle {
        Some(name) => {
            if t.solid.is_some() || t.cuts.is_some() || t.moves.is_some() {
                return Err(at(Error::PuzzleFile(
                    "[twisty]: `puzzle` names a catalog puzzle; give either it or solid, cuts and moves".into(),
                )));
            }
            let mut s = catalog::spec(name).map_err(at)?;
            if let Some(n) = &t.name {
                s.name = n.clone();
            }
            s
        }
        None => {
            let solid_name = t.solid.as_deref().ok_or_else(|| {
                at(Error::PuzzleFile(
                    "[twisty]: missing `solid` (tetrahedron, cube, octahedron, dodecahedron or icosahedron) or `puzzle`".into(),
                ))
            })?;
            let solid = Solid::from_name(solid_name).ok_or_else(|| {
                at(Error::PuzzleFile(format!(
                    "[twisty]: unknown solid {solid_name:?} (tetrahedron, cube, octahedron, dodecahedron, icosahedron)"
                )))
            })?;
            let cuts_raw = t.cuts.as_ref().ok_or_else(|| {
                at(Error::PuzzleFile(
                    "[twisty]: missing `cuts`, e.g. [\"f 1/3\"]".into(),
                ))
            })?;
            if cuts_raw.is_empty() || cuts_raw.len() > MAX_CUTS {
                return Err(at(Error::PuzzleFile(format!(
                    "[twisty]: give 1 to {MAX_CUTS} cuts"
                ))));
            }
            // A cut that cannot be read: its line, as for cuts too close (`load`).
            let cuts = cuts_raw
                .iter()
                .zip(&cut_lines)
                .map(|(c, &line)| {
                    Cut::parse(c.get_ref()).map_err(|e| Error::File {
                        path: path.into(),
                        line: Some(line),
                        error: Box::new(e.context("[twisty] cuts")),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let moves = match &t.moves {
                None => Moves::All,
                Some(RawMoves::Keyword(k)) => {
                    Moves::parse_keyword(k).map_err(|e| at(e.context("[twisty]")))?
                }
                Some(RawMoves::List(l)) => Moves::list(l),
            };
            PuzzleSpec {
                name: t.name.clone().unwrap_or(default_name),
                solid,
                cuts,
                moves,
            }
        }
    };
    let expect = match raw.expect {
        None => None,
        Some(e) => {
            let num = |key: &str, v: &Option<String>| -> Result<Option<BigUint>, Error> {
                match v {
                    None => Ok(None),
                    Some(s) => {
                        let digits: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
                        digits.parse::<BigUint>().map(Some).map_err(|_| {
                            at(Error::PuzzleFile(format!(
                                "[expect] {key} = {s:?}: not a whole number"
                            )))
                        })
                    }
                }
            };
            Some(Expect {
                group_order: num("group_order", &e.group_order)?,
                positions: num("positions", &e.positions)?,
                positions_fixed: num("positions_fixed", &e.positions_fixed)?,
                positions_without_tips: num("positions_without_tips", &e.positions_without_tips)?,
                positions_all_orientations: num(
                    "positions_all_orientations",
                    &e.positions_all_orientations,
                )?,
                source: e.source,
                seconds: e.seconds,
                work: e.work,
            })
        }
    };
    Ok((PuzzleFile { spec, expect }, cut_lines))
}

/// Writes a definition as a puzzle file (without `[expect]`).
pub fn write(spec: &PuzzleSpec) -> String {
    let cuts: Vec<String> = spec
        .cuts
        .iter()
        .map(|c| format!("\"{}\"", c.format()))
        .collect();
    let moves = match &spec.moves {
        Moves::List(l) => format!(
            "[{}]",
            l.iter()
                .map(|m| match &m.name {
                    Some(n) => format!("\"{n}={}\"", m.turn),
                    None => format!("\"{}\"", m.turn),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => format!("\"{}\"", other.describe()),
    };
    format!(
        "[twisty]\nname = \"{}\"\nsolid = \"{}\"\ncuts = [{}]\nmoves = {}\n",
        spec.name,
        spec.solid.name(),
        cuts.join(", "),
        moves
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_its_spec_and_expectations() {
        let text = "[twisty]\nsolid = \"cube\"\ncuts = [\"f 1/3\"]\nmoves = \"no-middle\"\n\n[expect]\npositions = \"43,252,003,274,489,856,000\"\nsource = \"x\"\n";
        let f = parse(Path::new("a/rubik.toml"), text).unwrap();
        assert_eq!(f.spec.name, "rubik");
        assert_eq!(f.spec.moves, Moves::NoMiddle);
        assert_eq!(
            f.expect.unwrap().positions.unwrap().to_string(),
            "43252003274489856000"
        );
        assert!(is_twisty_file(text));
        assert!(!is_twisty_file("[board]\nx = 1\n"));
        let again = parse(Path::new("b.toml"), &write(&f.spec)).unwrap();
        assert_eq!(again.spec.cuts, f.spec.cuts);
        assert_eq!(again.spec.moves, f.spec.moves);
    }

    #[test]
    fn bad_files_say_where_and_what() {
        for (text, want) in [
            (
                "[twisty]\nsolid = \"cube\"\ncuts = [\"f 1/3\"]\nmovs = \"all\"\n",
                "line 4",
            ),
            (
                "[twisty]\nsolid = \"sphere\"\ncuts = [\"f 0\"]\n",
                "unknown solid",
            ),
            ("[twisty]\nsolid = \"cube\"\n", "missing `cuts`"),
            (
                "[twisty]\nsolid = \"cube\"\ncuts = [\"q 1\"]\n",
                "unknown kind",
            ),
            (
                "[twisty]\nsolid = \"cube\"\ncuts = [\n  \"f 1/3\",\n  \"f NaN\",\n]\n",
                "p.toml: line 5: [twisty] cuts: ",
            ),
            ("[twisty]\npuzzle = \"nope\"\n", "unknown puzzle"),
            ("[twisty]\npuzzle = \"3x3x3\"\nsolid = \"cube\"\n", "either"),
            (
                "[twisty]\npuzzle = \"3x3x3\"\n[expect]\npositions = \"12x\"\n",
                "not a whole number",
            ),
            (
                "[twisty]\nsolid = \"cube\"\ncuts = [\"f 0\"]\nmoves = \"some\"\n",
                "expected \"all\"",
            ),
        ] {
            let e = parse(Path::new("p.toml"), text).unwrap_err();
            assert!(matches!(e, Error::File { .. }), "{text:?}: {e:?}");
            let e = e.to_string();
            assert!(
                e.starts_with("p.toml: ") && e.contains(want),
                "{text:?}: {e}"
            );
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }
}

/// One expected count and what was counted.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// `group_order`, `positions`, `positions_fixed`, `positions_without_tips` or
    /// `positions_all_orientations`.
    pub key: &'static str,
    /// The count the file expects.
    pub expected: BigUint,
    /// `None` when the count could not be made (see [`crate::count`]).
    pub got: Option<BigUint>,
}

impl Checked {
    /// Whether the count was made and equals the expected one.
    pub fn ok(&self) -> bool {
        self.got.as_ref() == Some(&self.expected)
    }
}

/// The expected counts of a file next to the counts made.
pub fn compare(expect: &Expect, counts: &crate::count::Counts) -> Vec<Checked> {
    let pairs: [(&'static str, &Option<BigUint>, Option<&BigUint>); 5] = [
        (
            "group_order",
            &expect.group_order,
            Some(&counts.group_order),
        ),
        ("positions", &expect.positions, Some(&counts.positions)),
        (
            "positions_fixed",
            &expect.positions_fixed,
            counts.positions_fixed.as_ref(),
        ),
        (
            "positions_without_tips",
            &expect.positions_without_tips,
            counts.positions_fixed_without_tips.as_ref(),
        ),
        (
            "positions_all_orientations",
            &expect.positions_all_orientations,
            counts.positions_all_orientations.as_ref(),
        ),
    ];
    pairs
        .into_iter()
        .filter_map(|(key, want, got)| {
            want.as_ref().map(|w| Checked {
                key,
                expected: w.clone(),
                got: got.cloned(),
            })
        })
        .collect()
}

/// Reads a puzzle file and builds its puzzle; errors name the file.
pub fn load(path: &Path, text: &str) -> Result<(crate::Puzzle, Option<Expect>), Error> {
    let (f, cut_lines) = parse_with_lines(path, text)?;
    let p = crate::Puzzle::build(&f.spec).map_err(|e| {
        // Cuts too close: the line of the later one, where the reader can fix it.
        let line = match &e {
            Error::CloseCuts { cuts: (_, b), .. } => cut_lines.get(*b).copied(),
            _ => None,
        };
        Error::File {
            path: path.into(),
            line,
            error: Box::new(e),
        }
    })?;
    Ok((p, f.expect))
}
