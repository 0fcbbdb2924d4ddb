//! Puzzle files (TOML) and piece-set files, read into a [`Puzzle`].
//!
//! The format is specified for users in `docs/format.md`. In short:
//!
//! ```toml
//! name = "Pentominoes 6x10"
//! lattice = "square"
//! [board]
//! size = [10, 6]
//! [[use]]
//! set = "../sets/pentominoes.toml"   # relative to this file
//! [expect]
//! solutions = 9356
//! ```
//!
//! Every mistake becomes an [`Error`] naming the file, the line and what to
//! fix. Lines come from the byte spans `toml` records ([`toml::Spanned`]);
//! a mistake inside a multi-line drawing is traced to its own line.

mod board;
mod expect;
mod piece;
mod position;
pub(crate) mod raw;
pub(crate) mod source;

use crate::encode::check_budget;
use crate::error::Error;
use crate::lattice::LatticeKind;
use crate::limits::{Limits, Resource};
use crate::piece::{Count, Piece};
use crate::placement::Placement;
use crate::puzzle::{Puzzle, resolve_fixed};
use board::{Drawn, parse_board};
pub(crate) use expect::name_and_expect;
use piece::{PieceDef, SetFile, check_unique, load_set, parse_count, piece_def};
pub use position::place_drawing;
use raw::{RawFile, RawNumber, RawUse};
pub(crate) use source::Source;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Where `docs/format.md` lists the keys of puzzle and piece-set files.
const WHERE_KEYS: &str = "docs/format.md";

/// Characters drawings reserve; no piece may use them as its symbol.
pub const RESERVED_SYMBOLS: [char; 3] = ['#', '+', '.'];

/// Does this TOML text look like a piece-set file (a top-level `set` key)?
/// `verify` uses this to skip piece sets.
pub fn is_piece_set(text: &str) -> bool {
    source::top_table(text).is_some_and(|t| t.contains_key("set"))
}

/// The piece-set files a puzzle file's text uses (`[[use]] set = "..."`), as paths relative to
/// where the puzzle file `path` is, in the order written; none when the text is not a puzzle's
/// TOML. Commands that write files refuse to overwrite these as well as the puzzle.
pub fn used_sets(path: &Path, text: &str) -> Vec<PathBuf> {
    let Some(table) = source::top_table(text) else {
        return Vec::new();
    };
    let dir = path.parent().unwrap_or(Path::new(""));
    let uses = table.get("use").and_then(toml::Value::as_array);
    uses.into_iter()
        .flatten()
        .filter_map(|u| u.get("set")?.as_str())
        .map(|rel| dir.join(rel))
        .collect()
}

/// Reads a puzzle file within the default [`Limits`].
pub fn load(path: &Path) -> Result<Puzzle, Error> {
    load_with(path, &Limits::default())
}

/// Reads a puzzle file within `limits`.
pub fn load_with(path: &Path, limits: &Limits) -> Result<Puzzle, Error> {
    source::load(path, limits, parse_puzzle_with)
}

/// Reads a puzzle from its text; `path` names it in messages and anchors
/// relative includes.
pub fn parse_puzzle(path: &Path, text: &str) -> Result<Puzzle, Error> {
    parse_puzzle_with(path, text, &Limits::default())
}

/// [`parse_puzzle`] within `limits`: sizes in the file, and the matrix
/// they imply ([`encode::check_budget`](crate::encode::check_budget)), are
/// checked before anything that size is built.
pub fn parse_puzzle_with(path: &Path, text: &str, limits: &Limits) -> Result<Puzzle, Error> {
    let src = Source::new(path, text, limits)?;
    let raw: RawFile = src
        .parse(WHERE_KEYS)
        .map_err(|e| twisty_file(path, text).unwrap_or(e))?;
    if let Some(set) = &raw.set {
        return Err(src.err(
            set.span(),
            "this is a piece-set file (it has a `set` key), not a puzzle: use it from a puzzle with [[use]] set = \"...\"",
        ));
    }
    let lattice = match &raw.lattice {
        None => {
            return Err(Error::new(
                path,
                Some(1),
                format!(
                    "missing `lattice = \"...\"` at the top of the file (one of: {})",
                    LatticeKind::ALL.map(|k| k.name()).join(", ")
                ),
            ));
        }
        Some(l) => parse_lattice(&src, l)?,
    };
    let one_sided = raw.one_sided.unwrap_or(false);
    if one_sided && lattice.lattice().dimension() != 2 {
        return Err(Error::new(
            path,
            None,
            "`one_sided` only applies to 2D puzzles: in 3D pieces rotate and flat ones can always be turned over",
        ));
    }

    let defs = listed_pieces(&src, &raw, lattice)?;
    let mut pieces = make_pieces(&src, &defs, lattice, one_sided)?;

    // The board.
    let Some(board_raw) = &raw.board else {
        return Err(Error::new(
            path,
            None,
            "the puzzle has no [board]: add one with `art`, `size` or `cells`",
        ));
    };
    let board_line = src.line(board_raw.span().start);
    let (board, drawn) = parse_board(
        &src,
        board_raw.get_ref(),
        board_raw.span(),
        lattice,
        &pieces,
    )?;

    let fixed = place_drawn(path, lattice, &mut pieces, drawn)?;

    let (name, expect) = name_and_expect(&src, &raw.name, &raw.expect)?;
    let puzzle = Puzzle {
        name,
        path: path.to_path_buf(),
        lattice,
        one_sided,
        board,
        pieces,
        fixed,
        expect,
        colors: None,
    };
    puzzle
        .check_area()
        .and_then(|()| check_budget(&puzzle, limits))
        .map_err(|kind| Error::at(path, Some(board_line), kind))?;
    Ok(puzzle)
}

/// The error for a twisty puzzle file (a `[twisty]` table) read as a
/// polyform puzzle, which names the command that reads it; `None` for any
/// other file (its own error stands).
fn twisty_file(path: &Path, text: &str) -> Option<Error> {
    let table: toml::Table = toml::from_str(text).ok()?;
    table.contains_key("twisty").then(|| {
        Error::new(
            path,
            None,
            "this is a twisty puzzle file (it has a [twisty] table): read it with `polycover twisty` (count, show, solve, ...)",
        )
    })
}

/// A piece the puzzle lists: its definition, its count, and the line of
/// the puzzle file that lists it.
type Listed = (PieceDef, Count, usize);

/// The pieces the puzzle lists: from its sets, then inline.
fn listed_pieces(src: &Source, raw: &RawFile, lattice: LatticeKind) -> Result<Vec<Listed>, Error> {
    let mut defs: Vec<Listed> = vec![];
    let mut sets: HashMap<PathBuf, SetFile> = HashMap::new();
    for u in &raw.uses {
        used_pieces(src, u, lattice, &mut sets, &mut defs)?;
    }
    for p in &raw.pieces {
        let def = piece_def(src, p, lattice)?;
        let count = count_of(src, &p.get_ref().count)?;
        let line = def.line;
        defs.push((def, count, line));
    }
    Ok(defs)
}

/// Adds to `defs` the pieces a `[[use]]` table takes from its set (all, or
/// those it names); `sets` holds the sets read so far, each read once.
fn used_pieces(
    src: &Source,
    u: &Spanned<RawUse>,
    lattice: LatticeKind,
    sets: &mut HashMap<PathBuf, SetFile>,
    defs: &mut Vec<Listed>,
) -> Result<(), Error> {
    let line = src.line(u.span().start);
    let u = u.get_ref();
    let rel = u.set.get_ref();
    let full = src.path.parent().unwrap_or(Path::new("")).join(rel);
    if !sets.contains_key(&full) {
        let set = load_set(&full, lattice, src.limits).map_err(|e| {
            if e.file != full || e.line.is_some() {
                return e;
            }
            // A file not found may be a path meant from elsewhere.
            let hint = match e.kind {
                crate::error::ErrorKind::Read(_) => "; paths are relative to this file",
                _ => "",
            };
            src.err(
                u.set.span(),
                format!(
                    "cannot use piece set `{rel}` ({}): {}{hint}",
                    full.display(),
                    e.message()
                ),
            )
        })?;
        sets.insert(full.clone(), set);
    }
    let set = &sets[&full];
    let count = count_of(src, &u.count)?;
    let Some(names) = &u.pieces else {
        defs.extend(set.pieces.iter().map(|d| (d.clone(), count, line)));
        return Ok(());
    };
    for n in names {
        let Some(d) = set.pieces.iter().find(|d| d.name == *n.get_ref()) else {
            let all: Vec<&str> = set.pieces.iter().map(|d| d.name.as_str()).collect();
            return Err(src.err(
                n.span(),
                format!(
                    "piece set `{}` has no piece named `{}`; its pieces are: {}",
                    set.name,
                    n.get_ref(),
                    all.join(" ")
                ),
            ));
        };
        defs.push((d.clone(), count, src.line(n.span().start)));
    }
    Ok(())
}

/// A `count` key's count; one copy without it.
fn count_of(src: &Source, c: &Option<Spanned<RawNumber>>) -> Result<Count, Error> {
    match c {
        None => Ok(Count::exactly(1)),
        Some(c) => parse_count(src, c),
    }
}

/// The listed pieces made: at least one, within the pieces limit, no name
/// twice.
fn make_pieces(
    src: &Source,
    defs: &[Listed],
    lattice: LatticeKind,
    one_sided: bool,
) -> Result<Vec<Piece>, Error> {
    let path = src.path;
    if defs.is_empty() {
        return Err(Error::new(
            path,
            None,
            "the puzzle has no pieces: add [[use]] set = \"...\" or [[piece]] tables",
        ));
    }
    src.limits
        .check(Resource::Pieces, Some(defs.len() as u128))
        .map_err(|kind| Error::at(path, defs.last().map(|d| d.2), kind))?;
    let listed: Vec<_> = defs.iter().map(|(d, _, line)| (d, *line)).collect();
    check_unique(
        path,
        &listed,
        "in the puzzle twice",
        ": for several copies write `count = N`",
    )?;
    let l = lattice.lattice();
    let mut pieces = vec![];
    for (d, count, _) in defs {
        let mut p = Piece::new(
            d.name.clone(),
            d.symbol,
            d.drawn_in,
            d.shape.clone(),
            *count,
            l,
            one_sided,
            d.mirror,
        )
        .map_err(|kind| Error::at(&d.file, Some(d.line), kind))?;
        p.color = d.color;
        pieces.push(p);
    }
    Ok(pieces)
}

/// The pieces drawn on the board, placed in advance; the copies they use
/// come off their pieces' counts.
fn place_drawn(
    path: &Path,
    lattice: LatticeKind,
    pieces: &mut [Piece],
    drawn: Drawn,
) -> Result<Vec<Placement>, Error> {
    let mut fixed = vec![];
    let mut lines = vec![];
    for (sym, (cells, line)) in drawn {
        let pi = pieces
            .iter()
            .position(|p| p.symbol == sym)
            .expect("board parsing only accepts piece symbols");
        let placed = resolve_fixed(lattice.lattice(), &pieces[pi], pi, &cells)
            .map_err(|kind| Error::at(path, Some(line), kind))?;
        let used = placed.len() as u32;
        pieces[pi].count = pieces[pi].count.after_using(used).ok_or_else(|| {
            Error::new(
                path,
                Some(line),
                format!(
                    "the board shows {used} copies of piece `{}` but the puzzle has only {}",
                    pieces[pi].name, pieces[pi].count
                ),
            )
        })?;
        lines.extend(std::iter::repeat_n(line, placed.len()));
        fixed.extend(placed);
    }
    refuse_crossings(path, lattice, pieces, &fixed, &lines)?;
    Ok(fixed)
}

/// Refuses pieces placed in advance (`fixed`, drawn on lines `lines`) that
/// cross at a grid point of a stick lattice, which is never allowed
/// (docs/format.md, "Where pieces may meet"): they would claim a common
/// joint item, and the count would be 0 without a word. Names the two
/// pieces, their lines and the point.
pub(crate) fn refuse_crossings(
    path: &Path,
    lattice: LatticeKind,
    pieces: &[Piece],
    fixed: &[Placement],
    lines: &[usize],
) -> Result<(), Error> {
    let l = lattice.lattice();
    if !l.has_joints() {
        return Ok(());
    }
    let mut claimed: HashMap<crate::lattice::Joint, usize> = HashMap::new();
    for (k, p) in fixed.iter().enumerate() {
        for j in l.joints(&p.cells) {
            match claimed.get(&j) {
                Some(&o) if o != k => {
                    let name = |i: usize| &pieces[fixed[i].piece].name;
                    let point = j.0;
                    return Err(Error::new(
                        path,
                        Some(lines[k]),
                        format!(
                            "pieces `{}` (line {}) and `{}` (line {}), placed in advance, cross at the grid point ({}, {}): pieces may touch at a point but never cross there (docs/format.md, \"Where pieces may meet\")",
                            name(o),
                            lines[o],
                            name(k),
                            lines[k],
                            point[0] / 2,
                            point[1] / 2
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    claimed.insert(j, k);
                }
            }
        }
    }
    Ok(())
}

pub(crate) fn parse_lattice(src: &Source, l: &Spanned<String>) -> Result<LatticeKind, Error> {
    LatticeKind::from_name(l.get_ref()).ok_or_else(|| {
        let names: Vec<&str> = LatticeKind::ALL.iter().map(|k| k.name()).collect();
        src.err(
            l.span(),
            format!(
                "unknown lattice `{}`: use one of {}",
                l.get_ref(),
                names.join(", ")
            ),
        )
    })
}
