//! # BurrTools files
//!
//! BurrTools puzzle files (`.xmpuzzle`) in and out.
//!
//! [BurrTools](https://burrtools.sourceforge.net) is the standard designer's
//! tool for polyform and burr puzzles; its files are gzip-compressed XML
//! (plain XML is read too). This crate reads such a file into a small
//! model ([`xml`]), maps one of its problems to a [`Puzzle`] ([`import`]),
//! writes a puzzle as an `.xmpuzzle` ([`export()`]), and counts solutions
//! the way BurrTools counts assemblies ([`assemblies`]). The mapping and
//! BurrTools' counting conventions are described for users in
//! `docs/burrtools.md`.
//!
//! What maps: every grid. Bricks (the cubic lattice, or the square one for
//! a puzzle one layer thick), spheres (the FCC lattice, drawn as
//! `fcc-square`), triangular prisms (the triangle lattice for one layer,
//! the prism lattice for more), rhombic dodecahedra and tetrahedra-
//! octahedra (BurrTools' units, or whole solids when every shape is made
//! of them: module `coarse`). Filled `#`
//! result voxels are cells to fill, variable `+` ones cells that may stay
//! empty; piece counts and `min`/`max` ranges become [`Count`]s (Algorithm
//! M bounds); colour constraints become [`Colors`](polyform::color_rules::Colors).
//! Refused, with a message naming the file, the line and the element:
//! `maxHoles` with count ranges, malformed or oversized files.
//!
//! Memory stays bounded whatever the file says: the decompressed text is
//! capped ([`Limits::xml_bytes`]), voxel-space sizes are checked
//! before a voxel is read, and only non-empty voxels are stored.

#![deny(missing_docs)]

pub mod assemblies;
mod coarse;
pub mod export;
pub mod import;
pub mod xml;

pub use assemblies::{action, burrtools_group, mirror_closed};
pub use export::{export, export_xml};
pub use xml::GridType;

use disassembly::puzzle::PieceTraits;
use polyform::error::Error;
use polyform::limits::Resource;
use polyform::piece::Count;
use polyform::puzzle::Puzzle;
use std::io::Read;
use std::path::Path;
use std::str::FromStr;

/// Where in the XML something is: the 1-based line and the element.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// The 1-based line (0: unknown).
    pub line: usize,
    /// The element's name, e.g. `voxel` (empty: unknown).
    pub element: String,
}

/// A message, with where it applies when known; becomes an [`Error`] once
/// the file is known ([`error`]).
#[derive(Clone, Debug)]
pub(crate) struct BurrError(pub Option<Loc>, pub String);

/// The one place errors of this module are made: the file, the line, and
/// the element named in the message.
pub(crate) fn error(file: &Path, loc: Option<&Loc>, message: impl AsRef<str>) -> Error {
    let message = message.as_ref();
    match loc {
        Some(l) if !l.element.is_empty() => {
            Error::new(file, Some(l.line), format!("in <{}>: {message}", l.element))
        }
        Some(l) if l.line > 0 => Error::new(file, Some(l.line), message),
        _ => Error::new(file, None, message),
    }
}

/// How big a file may be ([`Limits::xml_bytes`], [`Limits::voxel_side`],
/// [`Limits::voxel_volume`], [`Limits::voxels`]): checked before anything
/// of that size is allocated.
pub use polyform::limits::Limits;

/// Does this look like a BurrTools file: gzip data, or XML whose first
/// element is `<puzzle`?
pub fn is_xmpuzzle(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return true;
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]);
    let t = head.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with("<puzzle") {
        return true;
    }
    // An XML declaration (and comments) before the first element.
    t.starts_with("<?xml")
        && t.find("<puzzle").is_some_and(|i| {
            t[..i]
                .rfind('>')
                .is_some_and(|j| t[j + 1..i].trim().is_empty())
        })
}

/// Which problem of a file to use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemSelector {
    /// By its 1-based position in the file.
    Index(usize),
    /// By its name.
    Name(String),
}

impl FromStr for ProblemSelector {
    type Err = std::convert::Infallible;
    /// A number is an index, anything else a name.
    fn from_str(s: &str) -> Result<ProblemSelector, Self::Err> {
        Ok(match s.trim().parse::<usize>() {
            Ok(n) => ProblemSelector::Index(n),
            Err(_) => ProblemSelector::Name(s.to_string()),
        })
    }
}

/// A problem of a file, as listed to users.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemInfo {
    /// 1-based, in file order.
    pub index: usize,
    /// Its name, if the file gives one.
    pub name: Option<String>,
    /// The number of pieces (sum of the maximum counts).
    pub pieces: u64,
    /// The assembly count BurrTools saved in the file, if it was solved.
    pub saved_assemblies: Option<u64>,
    /// The 1-based line of its `<problem>` element.
    pub line: usize,
    /// The size of its result shape: voxels to fill (`#`) and voxels that
    /// may stay empty (`+`); `None` when it names no result.
    pub result: Option<(u64, u64)>,
}

/// A BurrTools file with one of its problems mapped to a puzzle.
#[derive(Clone, Debug)]
pub struct BurrPuzzle {
    /// The file's grid.
    pub grid: GridType,
    /// Every problem of the file.
    pub problems: Vec<ProblemInfo>,
    /// The 1-based index of the chosen problem.
    pub chosen: usize,
    /// The chosen problem as a puzzle.
    pub puzzle: Puzzle,
    /// Its pieces' weights and groups, for disassembly.
    pub traits: PieceTraits,
}

fn problem_label(p: &xml::ProblemDef, index: usize) -> String {
    match &p.name {
        Some(n) if !n.is_empty() => format!("problem {} `{n}`", index + 1),
        _ => format!("problem {}", index + 1),
    }
}

fn infos(file: &xml::BurrFile) -> Vec<ProblemInfo> {
    file.problems
        .iter()
        .enumerate()
        .map(|(i, p)| ProblemInfo {
            index: i + 1,
            name: p.name.clone(),
            pieces: p.parts.iter().map(|x| x.max as u64).sum(),
            saved_assemblies: p.saved_assemblies,
            line: p.loc.line,
            result: p.result.map(|r| {
                let voxels = &file.shapes[r].voxels;
                let filled = voxels
                    .iter()
                    .filter(|v| v.state == xml::VoxelState::Filled)
                    .count() as u64;
                (filled, voxels.len() as u64 - filled)
            }),
        })
        .collect()
}

/// Reads a BurrTools file (gzip or plain XML) into the model.
fn read_model(path: &Path, bytes: &[u8], limits: &Limits) -> Result<xml::BurrFile, Error> {
    let raw = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = vec![];
        flate2::read::MultiGzDecoder::new(bytes)
            .take(limits.xml_bytes.saturating_add(1))
            .read_to_end(&mut out)
            .map_err(|e| {
                error(
                    path,
                    None,
                    format!("the gzip data is truncated or corrupt ({e})"),
                )
            })?;
        if out.len() as u64 > limits.xml_bytes {
            return Err(error(
                path,
                None,
                format!(
                    "the file unpacks to more than {} bytes of XML (raise it with {})",
                    limits.xml_bytes,
                    Resource::XmlBytes.flag()
                ),
            ));
        }
        out
    } else {
        if bytes.len() as u64 > limits.xml_bytes {
            return Err(error(
                path,
                None,
                format!(
                    "the file has more than {} bytes of XML (raise it with {})",
                    limits.xml_bytes,
                    Resource::XmlBytes.flag()
                ),
            ));
        }
        bytes.to_vec()
    };
    // BurrTools writes names and comments in the platform's 8-bit code
    // page: what is not UTF-8 is read as Latin-1.
    let text = String::from_utf8(raw)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    if !is_xmpuzzle(text.as_bytes()) {
        return Err(error(
            path,
            None,
            "not a BurrTools puzzle: expected gzip data or XML starting with <puzzle>",
        ));
    }
    xml::parse(&text, limits).map_err(|(loc, m)| error(path, Some(&loc), m))
}

/// Lists the problems of a BurrTools file.
pub fn list_problems(path: &Path) -> Result<Vec<ProblemInfo>, Error> {
    let bytes = read_file(path)?;
    Ok(problems_of(path, &bytes, &Limits::default())?.1)
}

/// The grid and the problems of a BurrTools file's bytes (`path` names it
/// in messages), read within `limits`; no problem is mapped to a puzzle.
pub fn problems_of(
    path: &Path,
    bytes: &[u8],
    limits: &Limits,
) -> Result<(GridType, Vec<ProblemInfo>), Error> {
    let file = read_model(path, bytes, limits)?;
    Ok((file.grid, infos(&file)))
}

/// The file's bytes, through the bounded reader: at most the XML limit
/// (gzip never makes a puzzle file larger).
fn read_file(path: &Path) -> Result<Vec<u8>, Error> {
    let limit = Limits::default().file_limit(polyform::kind::Kind::Burr);
    Ok(dlx::read::read_bounded(path, limit)?)
}

/// Reads a BurrTools file and maps a problem to a puzzle: the one
/// `selector` picks, or the only one. A file with several problems and no
/// selector is an error that lists them.
pub fn load(path: &Path, selector: Option<&ProblemSelector>) -> Result<BurrPuzzle, Error> {
    let bytes = read_file(path)?;
    load_bytes(path, &bytes, selector, &Limits::default())
}

/// [`load`] from the file's bytes; `path` names it in messages.
pub fn load_bytes(
    path: &Path,
    bytes: &[u8],
    selector: Option<&ProblemSelector>,
    limits: &Limits,
) -> Result<BurrPuzzle, Error> {
    let file = read_model(path, bytes, limits)?;
    let problems = infos(&file);
    // At most `SHOWN` of them, so that the message stays one short line.
    const SHOWN: usize = 10;
    let list = || {
        let mut names = problems
            .iter()
            .take(SHOWN)
            .map(|p| match &p.name {
                Some(n) if !n.is_empty() => format!("{} `{n}`", p.index),
                _ => format!("{}", p.index),
            })
            .collect::<Vec<_>>()
            .join(", ");
        if problems.len() > SHOWN {
            names += &format!(
                " and {} more (`polycover show FILE` lists them)",
                problems.len() - SHOWN
            );
        }
        names
    };
    let index = match selector {
        _ if problems.is_empty() => {
            return Err(error(
                path,
                None,
                "the file has no <problem>: nothing to solve",
            ));
        }
        None if problems.len() == 1 => 0,
        None => {
            return Err(error(
                path,
                None,
                format!(
                    "the file has {} problems: {}; choose one with --problem N (1-based) or its name",
                    problems.len(),
                    list()
                ),
            ));
        }
        Some(ProblemSelector::Index(n)) => {
            if *n == 0 || *n > problems.len() {
                return Err(error(
                    path,
                    None,
                    format!(
                        "there is no problem {n}: the file has {} ({}), numbered from 1",
                        problems.len(),
                        list()
                    ),
                ));
            }
            n - 1
        }
        Some(ProblemSelector::Name(name)) => {
            let found: Vec<usize> = problems
                .iter()
                .filter(|p| p.name.as_deref() == Some(name.as_str()))
                .map(|p| p.index - 1)
                .collect();
            match found.as_slice() {
                [i] => *i,
                [] => {
                    return Err(error(
                        path,
                        None,
                        format!("no problem is named `{name}`; the problems are: {}", list()),
                    ));
                }
                _ => {
                    return Err(error(
                        path,
                        None,
                        format!(
                            "several problems are named `{name}`: choose one by number ({})",
                            list()
                        ),
                    ));
                }
            }
        }
    };
    let puzzle = import::problem_to_puzzle(path, &file, index)
        .map_err(|BurrError(loc, m)| error(path, loc.as_ref(), m))?;
    let traits = piece_traits(&file, index);
    Ok(BurrPuzzle {
        grid: file.grid,
        problems,
        chosen: index + 1,
        puzzle,
        traits,
    })
}

/// The weights and groups of the pieces of problem `index` (one puzzle
/// piece per `<shape>` of the problem, in order). A piece is in a group
/// when all its copies are in one group (one `group` entry), as BurrTools'
/// disassembler requires for its quick test; pieces with copies spread
/// over several groups count as in none (BurrTools would then try the
/// assignments of copies to groups; see `docs/burrtools.md`).
fn piece_traits(file: &xml::BurrFile, index: usize) -> PieceTraits {
    let parts = &file.problems[index].parts;
    PieceTraits {
        weights: parts.iter().map(|p| file.shapes[p.shape].weight).collect(),
        groups: parts
            .iter()
            .map(|p| match p.groups.as_slice() {
                [(g, _)] => Some(*g),
                _ => None,
            })
            .collect(),
    }
}

/// The largest count BurrTools is told for a piece with no upper bound:
/// one more than fits in `free` cells, so that reading it back gives an
/// unbounded count again.
fn unbounded_max(count: Count, size: usize, free: usize) -> u32 {
    ((free / size.max(1)) as u32 + 1).max(count.lo)
}

#[cfg(test)]
mod tests;
