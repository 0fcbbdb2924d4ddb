//! Pieces as files define them: `[[piece]]` tables, piece-set files,
//! coordinate lists and counts.

use super::raw::{RawCells, RawFile, RawNumber, RawPiece};
use super::source::{self, Source};
use super::{RESERVED_SYMBOLS, WHERE_KEYS, parse_lattice};
use crate::color::{self, Rgb};
use crate::error::Error;
use crate::lattice::{Cell, LatticeKind};
use crate::limits::{Limits, Resource};
use crate::piece::Count;
use crate::shape::Shape;
use std::collections::HashMap;
use std::num::IntErrorKind;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// A piece as a file defines it, before it meets a puzzle.
#[derive(Clone, Debug)]
pub(super) struct PieceDef {
    pub(super) name: String,
    pub(super) symbol: char,
    pub(super) drawn_in: LatticeKind,
    pub(super) shape: Shape,
    /// Its own `mirror` key: may it take its mirror image?
    pub(super) mirror: Option<bool>,
    /// Its color in pictures, if the file names one.
    pub(super) color: Option<Rgb>,
    /// Where it is defined (file, line), for messages.
    pub(super) file: PathBuf,
    pub(super) line: usize,
}

/// A piece-set file, read.
pub(super) struct SetFile {
    pub(super) name: String,
    pub(super) pieces: Vec<PieceDef>,
}

/// Reads a piece-set file. Errors without a line mean the file could not be
/// read at all.
pub(super) fn load_set(
    path: &Path,
    puzzle_lattice: LatticeKind,
    limits: &Limits,
) -> Result<SetFile, Error> {
    let text = source::read(path, limits, source::PIECE_SET)?;
    let src = Source::new(path, &text, limits)?;
    let raw: RawFile = src.parse(WHERE_KEYS)?;
    let Some(name) = &raw.set else {
        return Err(Error::new(
            path,
            Some(1),
            "this file is used as a piece set but has no `set = \"name\"` key",
        ));
    };
    if let Some(b) = &raw.board {
        return Err(src.err(b.span(), "a piece-set file has no [board]"));
    }
    if let Some(u) = raw.uses.first() {
        return Err(src.err(u.span(), "a piece-set file cannot use other sets"));
    }
    if let Some(e) = &raw.expect {
        return Err(src.err(e.span(), "a piece-set file has no [expect]"));
    }
    let family = match &raw.lattice {
        Some(l) => parse_lattice(&src, l)?,
        None => puzzle_lattice,
    };
    let mut pieces: Vec<PieceDef> = vec![];
    for p in &raw.pieces {
        if let Some(c) = &p.get_ref().count {
            return Err(src.err(
                c.span(),
                "counts belong in puzzles: write `count = N` in the puzzle's [[use]]",
            ));
        }
        pieces.push(piece_def(&src, p, family)?);
    }
    if pieces.is_empty() {
        return Err(src.err(name.span(), "the piece set has no [[piece]] tables"));
    }
    let listed: Vec<_> = pieces.iter().map(|d| (d, d.line)).collect();
    check_unique(path, &listed, "defined twice", "")?;
    Ok(SetFile {
        name: name.get_ref().clone(),
        pieces,
    })
}

/// Checks that no two pieces share a name or a symbol; `twice` and `hint`
/// say what a repeated name means where the pieces are listed (each with
/// the line that lists it).
pub(super) fn check_unique(
    path: &Path,
    listed: &[(&PieceDef, usize)],
    twice: &str,
    hint: &str,
) -> Result<(), Error> {
    // The first piece of each name and symbol: linear, for puzzles with
    // thousands of pieces.
    let mut names: HashMap<&str, usize> = HashMap::new();
    let mut symbols: HashMap<char, (&str, usize)> = HashMap::new();
    for &(d, line) in listed {
        if let Some(&eline) = names.get(d.name.as_str()) {
            let message = format!("piece `{}` is {twice} (also line {eline}){hint}", d.name);
            return Err(Error::new(path, Some(line), message));
        }
        if let Some(&(ename, eline)) = symbols.get(&d.symbol) {
            let message = format!(
                "symbol `{}` is used by two pieces, `{ename}` (line {eline}) and `{}`: give each piece its own symbol",
                d.symbol, d.name
            );
            return Err(Error::new(path, Some(line), message));
        }
        names.insert(&d.name, line);
        symbols.insert(d.symbol, (&d.name, line));
    }
    Ok(())
}

pub(super) fn piece_def(
    src: &Source,
    p: &Spanned<RawPiece>,
    family: LatticeKind,
) -> Result<PieceDef, Error> {
    let line = src.line(p.span().start);
    let p = p.get_ref();
    let name = p.name.get_ref();
    if name.is_empty()
        || name.contains([':', '|'])
        || name.starts_with(|c: char| c.is_ascii_digit() || c == '-')
        || name.chars().count() > 64
    {
        return Err(src.err(
            p.name.span(),
            format!(
                "bad piece name `{name}`: names hold up to 64 characters, no `:` or `|`, and do not start with a digit or `-`"
            ),
        ));
    }
    let sym = p.symbol.get_ref();
    let mut chars = sym.chars();
    let symbol = match (chars.next(), chars.next()) {
        (Some(c), None)
            if !c.is_whitespace() && !c.is_control() && !RESERVED_SYMBOLS.contains(&c) =>
        {
            c
        }
        _ => {
            return Err(src.err(
                p.symbol.span(),
                format!(
                    "bad symbol `{sym}` for piece `{name}`: a symbol is one visible character other than `#`, `+` and `.`"
                ),
            ));
        }
    };
    let (drawn_in, cells) = match (&p.art, &p.cells) {
        (Some(art), None) => {
            let d = src.art(art, &format!("piece `{name}`"), family)?;
            let dims = if d.layers > 1 { 3 } else { 2 };
            let kind = drawing_lattice(src, family, dims, art.span())?;
            src.check(
                art.span(),
                Resource::PieceCells,
                Some(d.marks.len() as u128),
            )?;
            let l = kind.lattice();
            let mut cells = vec![];
            for m in &d.marks {
                let c = l.cell_at(m.layer, m.row, m.col).ok_or_else(|| {
                    Error::new(
                        src.path,
                        Some(src.line_in_string(art.span().start, m.line)),
                        format!(
                            "piece `{name}`: no cell of the {kind} lattice at this position (column {}){}",
                            m.col + 1,
                            position_hint(kind)
                        ),
                    )
                })?;
                cells.push(c);
            }
            (kind, cells)
        }
        (None, Some(cells)) => {
            src.check(
                cells.span(),
                Resource::PieceCells,
                Some(cells.get_ref().len() as u128),
            )?;
            coordinate_list(src, cells, family)?
        }
        _ => {
            return Err(Error::new(
                src.path,
                Some(line),
                format!(
                    "piece `{name}` needs exactly one of `art` (a drawing) or `cells` (coordinates)"
                ),
            ));
        }
    };
    let color = match &p.color {
        None => None,
        Some(c) => Some(color::parse(c.get_ref()).ok_or_else(|| {
            src.err(
                c.span(),
                format!(
                    "bad color `{}` for piece `{name}`: write `#rrggbb`, `#rgb` or a CSS color name such as \"orange\"",
                    c.get_ref()
                ),
            )
        })?),
    };
    Ok(PieceDef {
        name: name.clone(),
        symbol,
        drawn_in,
        shape: Shape::new(cells),
        mirror: p.mirror,
        color,
        file: src.path.to_path_buf(),
        line,
    })
}

fn drawing_lattice(
    src: &Source,
    family: LatticeKind,
    dims: usize,
    span: Range<usize>,
) -> Result<LatticeKind, Error> {
    family.drawing_lattice(dims).ok_or_else(|| {
        src.err(
            span,
            format!("a {dims}D drawing does not belong to the {family} lattice"),
        )
    })
}

/// A list of coordinates, all of one dimension: the lattice it belongs to
/// and the cells, each once (a cell listed twice is a slip that would
/// otherwise pass unseen, the list quietly one cell shorter).
pub(super) fn coordinate_list(
    src: &Source,
    list: &RawCells,
    family: LatticeKind,
) -> Result<(LatticeKind, Vec<Cell>), Error> {
    let v = list.get_ref();
    let Some(first) = v.first() else {
        return Err(src.err(list.span(), "the coordinate list is empty"));
    };
    let dims = first.get_ref().len();
    let kind = drawing_lattice(src, family, dims, list.span())?;
    let mut cells = Vec::with_capacity(v.len());
    // Each cell's index in the list, to name both places of a repeat.
    let mut seen: HashMap<Cell, usize> = HashMap::with_capacity(v.len());
    for (k, c) in v.iter().enumerate() {
        let cell = coordinates(src, c, dims, kind)?;
        if let Some(&first) = seen.get(&cell) {
            let message = format!(
                "cell {:?} is listed twice (also at {}): list each cell once",
                c.get_ref(),
                other_place(src, v[first].span().start, c.span().start)
            );
            return Err(src.err(c.span(), message));
        }
        seen.insert(cell, k);
        cells.push(cell);
    }
    Ok((kind, cells))
}

/// Where the byte `other` is, said from the byte `here`: its column when
/// on the same line, else its line.
fn other_place(src: &Source, other: usize, here: usize) -> String {
    match src.line(other) {
        line if line == src.line(here) => format!("column {}", src.column(other)),
        line => format!("line {line}"),
    }
}

/// One cell of a coordinate list whose cells have `dims` numbers, a cell
/// of the `kind` lattice.
fn coordinates(
    src: &Source,
    c: &Spanned<Vec<i64>>,
    dims: usize,
    kind: LatticeKind,
) -> Result<Cell, Error> {
    let xs = c.get_ref();
    if xs.len() != dims {
        return Err(src.err(
            c.span(),
            format!(
                "coordinates {xs:?} have {} numbers but the first ones have {dims}: use one dimension throughout",
                xs.len()
            ),
        ));
    }
    let mut cell = [0; 3];
    for (k, &x) in xs.iter().enumerate() {
        cell[k] = src.coordinate(c.span(), x)?;
    }
    if !kind.lattice().is_cell(cell) {
        return Err(src.err(
            c.span(),
            format!("{xs:?} is not a cell of the {kind} lattice"),
        ));
    }
    Ok(cell)
}

pub(super) fn parse_count(src: &Source, c: &Spanned<RawNumber>) -> Result<Count, Error> {
    let bad = |what: &str| {
        src.err(
            c.span(),
            format!(
                "bad count {what}: write a number of copies (`count = 2`), a range (`count = \"0..2\"`, `count = \"1..\"`) or `count = \"unlimited\"`"
            ),
        )
    };
    // The `copies` limit, and never more than a u32 holds.
    let max_copies = src.limits.copies.min(u64::from(u32::MAX));
    let out_of_range = |n: &dyn std::fmt::Display, lo: u8| {
        src.err(
            c.span(),
            format!(
                "count {n} is out of range: {lo} to {max_copies} copies{} (the `copies` limit)",
                if lo == 1 {
                    " (leave a piece out by not listing it)"
                } else {
                    ""
                }
            ),
        )
    };
    let num = |s: &str| -> Result<u32, Error> {
        let s = s.trim();
        match s.parse::<i64>() {
            Ok(n) if n >= 0 && n.unsigned_abs() <= max_copies => {
                u32::try_from(n).map_err(|_| out_of_range(&n, 0))
            }
            Ok(n) => Err(out_of_range(&n, 0)),
            Err(e) if matches!(e.kind(), IntErrorKind::PosOverflow) => Err(out_of_range(&s, 0)),
            Err(_) => Err(bad(&format!("`{s}`"))),
        }
    };
    let count = match c.get_ref() {
        RawNumber::Int(n) => {
            let n = *n;
            if n < 1 || n.unsigned_abs() > max_copies {
                return Err(out_of_range(&n, 1));
            }
            Count::exactly(u32::try_from(n).map_err(|_| out_of_range(&n, 1))?)
        }
        RawNumber::Huge(n) => return Err(out_of_range(n, 1)),
        RawNumber::Other(s) => return Err(bad(&format!("`{s}`"))),
        RawNumber::Text(s) if s.trim() == "unlimited" => Count::UNLIMITED,
        RawNumber::Text(s) => match s.split_once("..") {
            Some((lo, hi)) => {
                let lo = num(lo)?;
                if hi.trim().is_empty() {
                    Count { lo, hi: None }
                } else {
                    let hi = num(hi)?;
                    if hi < lo || hi == 0 {
                        return Err(bad(&format!("`{s}` (need low <= high and high >= 1)")));
                    }
                    Count { lo, hi: Some(hi) }
                }
            }
            None => return Err(bad(&format!("`{s}`"))),
        },
    };
    Ok(count)
}

/// Why a drawing position may hold no cell, for lattices with staggered art.
pub(super) fn position_hint(kind: LatticeKind) -> &'static str {
    match kind {
        LatticeKind::Hex | LatticeKind::FccTriangle => {
            ": rows are staggered, so cells sit where row + column is even (counting from 0 at the drawing's top-left); put `.` between cells and shift odd rows by one"
        }
        LatticeKind::Polysticks => {
            ": the drawing's top-left position is a grid point; points sit at even rows and columns, `-` between two points of a row, `|` between two of a column"
        }
        LatticeKind::Polytrigs => {
            ": the drawing's top-left position is a grid point; points sit on even rows, four columns apart (row r at columns c with c - r divisible by 4), `-` in the middle of `*---*`, `\\` and `/` on the rows between"
        }
        LatticeKind::Polytwigs => {
            ": twigs sit where the polytrigs' segments do, one row down: slanted twigs on even rows (row 0 first), `|` on odd rows"
        }
        _ => "",
    }
}
