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

use crate::art;
use crate::board::{Board, CellKind};
use crate::board_shapes;
use crate::error::Error;
use crate::lattice::{Cell, LatticeKind};
use crate::piece::{Count, Piece};
use crate::puzzle::{Expect, Puzzle, resolve_fixed};
use crate::shape::Shape;
use crate::svg::{self, color::Rgb};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The most cells a board may have.
pub const MAX_BOARD_CELLS: usize = 1_000_000;
/// The most cells a piece may have.
pub const MAX_PIECE_CELLS: usize = 10_000;
/// The largest coordinate (in absolute value) a file may use.
pub const MAX_COORD: i64 = 100_000;
/// The most copies of one piece.
pub const MAX_COPIES: i64 = 1_000_000;
/// The most pieces in a puzzle.
pub const MAX_PIECES: usize = 10_000;

/// Characters drawings reserve; no piece may use them as its symbol.
pub const RESERVED_SYMBOLS: [char; 3] = ['#', '+', '.'];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    name: Option<String>,
    set: Option<Spanned<String>>,
    lattice: Option<Spanned<String>>,
    #[allow(dead_code)]
    source: Option<String>,
    #[allow(dead_code)]
    notes: Option<String>,
    one_sided: Option<bool>,
    board: Option<Spanned<RawBoard>>,
    #[serde(default, rename = "use")]
    uses: Vec<Spanned<RawUse>>,
    #[serde(default, rename = "piece")]
    pieces: Vec<Spanned<RawPiece>>,
    expect: Option<Spanned<RawExpect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    art: Option<Spanned<String>>,
    size: Option<Spanned<Vec<i64>>>,
    cells: Option<Spanned<Vec<Vec<i64>>>>,
    optional: Option<Spanned<Vec<Vec<i64>>>>,
    parallelogram: Option<Spanned<Vec<i64>>>,
    triangle: Option<Spanned<i64>>,
    pyramid: Option<Spanned<i64>>,
    tetrahedron: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUse {
    set: Spanned<String>,
    pieces: Option<Vec<Spanned<String>>>,
    count: Option<Spanned<RawNumber>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    name: Spanned<String>,
    symbol: Spanned<String>,
    art: Option<Spanned<String>>,
    cells: Option<Spanned<Vec<Vec<i64>>>>,
    count: Option<Spanned<RawNumber>>,
    color: Option<Spanned<String>>,
}

/// A count as written: a number, or a string such as `"1_000"`.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum RawNumber {
    Int(i64),
    Text(String),
}

/// The `[expect]` table, shared by every kind of puzzle file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawExpect {
    solutions: Option<Spanned<RawNumber>>,
    distinct: Option<Spanned<RawNumber>>,
    source: Option<String>,
    seconds: Option<f64>,
}

/// A file's text, for turning byte offsets into line numbers.
pub(crate) struct Source<'a> {
    pub(crate) path: &'a Path,
    pub(crate) text: &'a str,
}

impl Source<'_> {
    pub(crate) fn line(&self, byte: usize) -> usize {
        let byte = byte.min(self.text.len());
        self.text[..byte].matches('\n').count() + 1
    }

    pub(crate) fn err(&self, span: Range<usize>, message: impl Into<String>) -> Error {
        Error::new(self.path, Some(self.line(span.start)), message)
    }

    /// The line of line `k` (0-based) of a string value starting at `start`.
    fn line_in_string(&self, start: usize, k: usize) -> usize {
        let base = self.line(start);
        let rest = &self.text[start.min(self.text.len())..];
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            let after = &rest[3..];
            let skip = usize::from(after.starts_with('\n') || after.starts_with("\r\n"));
            base + skip + k
        } else {
            base
        }
    }

    fn parse(&self) -> Result<RawFile, Error> {
        toml::from_str(self.text).map_err(|e| {
            let line = e.span().map(|s| self.line(s.start));
            let msg = e.message().trim().to_string();
            let hint = if msg.contains("unknown field") {
                " (see docs/format.md for the keys each table takes)"
            } else {
                ""
            };
            Error::new(self.path, line, format!("{msg}{hint}"))
        })
    }
}

/// A piece as a file defines it, before it meets a puzzle.
#[derive(Clone, Debug)]
struct PieceDef {
    name: String,
    symbol: char,
    drawn_in: LatticeKind,
    shape: Shape,
    /// Its color in pictures, if the file names one.
    color: Option<Rgb>,
    /// Where it is defined (file, line), for messages.
    file: PathBuf,
    line: usize,
}

/// A piece-set file, read.
struct SetFile {
    name: String,
    pieces: Vec<PieceDef>,
}

/// Does this TOML text look like a piece-set file (a top-level `set` key)?
/// `verify` uses this to skip piece sets.
pub fn is_piece_set(text: &str) -> bool {
    match toml::from_str::<toml::Table>(text) {
        Ok(t) => t.contains_key("set"),
        Err(_) => false,
    }
}

/// Reads a puzzle file.
pub fn load(path: &Path) -> Result<Puzzle, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::new(path, None, format!("cannot read the file: {e}")))?;
    parse_puzzle(path, &text)
}

/// Reads a puzzle from its text; `path` names it in messages and anchors
/// relative includes.
pub fn parse_puzzle(path: &Path, text: &str) -> Result<Puzzle, Error> {
    let src = Source { path, text };
    let raw = src.parse()?;
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

    // Pieces: from sets, then inline.
    let mut defs: Vec<(PieceDef, Count, usize)> = vec![]; // def, count, line in this file
    let mut sets: HashMap<PathBuf, SetFile> = HashMap::new();
    for u in &raw.uses {
        let line = src.line(u.span().start);
        let u = u.get_ref();
        let rel = u.set.get_ref();
        let full = path.parent().unwrap_or(Path::new("")).join(rel);
        if !sets.contains_key(&full) {
            let set = load_set(&full, lattice).map_err(|e| {
                if e.file == full && e.line.is_none() {
                    src.err(
                        u.set.span(),
                        format!(
                            "cannot use piece set `{rel}` ({}): {}; paths are relative to this file",
                            full.display(),
                            e.message
                        ),
                    )
                } else {
                    e
                }
            })?;
            sets.insert(full.clone(), set);
        }
        let set = &sets[&full];
        let count = match &u.count {
            None => Count::exactly(1),
            Some(c) => parse_count(&src, c)?,
        };
        match &u.pieces {
            None => {
                for d in &set.pieces {
                    defs.push((d.clone(), count, line));
                }
            }
            Some(names) => {
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
            }
        }
    }
    for p in &raw.pieces {
        let def = piece_def(&src, p, lattice)?;
        let count = match &p.get_ref().count {
            None => Count::exactly(1),
            Some(c) => parse_count(&src, c)?,
        };
        let line = def.line;
        defs.push((def, count, line));
    }
    if defs.is_empty() {
        return Err(Error::new(
            path,
            None,
            "the puzzle has no pieces: add [[use]] set = \"...\" or [[piece]] tables",
        ));
    }
    if defs.len() > MAX_PIECES {
        return Err(Error::new(
            path,
            None,
            format!("the puzzle has {} pieces; at most {MAX_PIECES}", defs.len()),
        ));
    }
    // Names and symbols are unique.
    for (i, (d, _, line)) in defs.iter().enumerate() {
        for (e, _, eline) in &defs[..i] {
            if e.name == d.name {
                return Err(Error::new(
                    path,
                    Some(*line),
                    format!(
                        "piece `{}` is in the puzzle twice (also line {eline}): for several copies write `count = N`",
                        d.name
                    ),
                ));
            }
            if e.symbol == d.symbol {
                return Err(Error::new(
                    path,
                    Some(*line),
                    format!(
                        "symbol `{}` is used by two pieces, `{}` and `{}` (line {eline}): give each piece its own symbol",
                        d.symbol, e.name, d.name
                    ),
                ));
            }
        }
    }
    let l = lattice.lattice();
    let mut pieces = vec![];
    for (d, count, _) in &defs {
        let mut p = Piece::new(
            d.name.clone(),
            d.symbol,
            d.drawn_in,
            d.shape.clone(),
            *count,
            l,
            one_sided,
        )
        .map_err(|m| Error::new(&d.file, Some(d.line), format!("piece `{}`: {m}", d.name)))?;
        p.color = d.color;
        pieces.push(p);
    }

    // The board.
    let Some(board_raw) = &raw.board else {
        return Err(Error::new(
            path,
            None,
            "the puzzle has no [board]: add one with `art`, `size` or `cells`",
        ));
    };
    let board_line = src.line(board_raw.span().start);
    let (board, drawn) = parse_board(&src, board_raw.get_ref(), lattice, &pieces)?;

    // Pieces placed in advance.
    let mut fixed = vec![];
    for (sym, (cells, line)) in drawn {
        let pi = pieces
            .iter()
            .position(|p| p.symbol == sym)
            .expect("board parsing only accepts piece symbols");
        let placed = resolve_fixed(l, &pieces[pi], pi, &cells)
            .map_err(|m| Error::new(path, Some(line), m))?;
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
        fixed.extend(placed);
    }

    let expect = raw
        .expect
        .as_ref()
        .map(|e| parse_expect(&src, e))
        .transpose()?;
    let name = raw.name.clone().unwrap_or_else(|| {
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".into())
    });
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
        .map_err(|m| Error::new(path, Some(board_line), m))?;
    Ok(puzzle)
}

fn parse_lattice(src: &Source, l: &Spanned<String>) -> Result<LatticeKind, Error> {
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

/// Reads a piece-set file. Errors without a line mean the file could not be
/// read at all.
fn load_set(path: &Path, puzzle_lattice: LatticeKind) -> Result<SetFile, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::new(path, None, e.to_string()))?;
    let src = Source { path, text: &text };
    let raw = src.parse()?;
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
        let d = piece_def(&src, p, family)?;
        if let Some(e) = pieces.iter().find(|e| e.name == d.name) {
            return Err(Error::new(
                path,
                Some(d.line),
                format!(
                    "piece name `{}` is defined twice (also line {})",
                    d.name, e.line
                ),
            ));
        }
        if let Some(e) = pieces.iter().find(|e| e.symbol == d.symbol) {
            return Err(Error::new(
                path,
                Some(d.line),
                format!(
                    "symbol `{}` is used by two pieces, `{}` (line {}) and `{}`: give each piece its own symbol",
                    d.symbol, e.name, e.line, d.name
                ),
            ));
        }
        pieces.push(d);
    }
    if pieces.is_empty() {
        return Err(src.err(name.span(), "the piece set has no [[piece]] tables"));
    }
    Ok(SetFile {
        name: name.get_ref().clone(),
        pieces,
    })
}

fn piece_def(src: &Source, p: &Spanned<RawPiece>, family: LatticeKind) -> Result<PieceDef, Error> {
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
            let d = art::parse(art.get_ref()).map_err(|e| {
                Error::new(
                    src.path,
                    Some(src.line_in_string(art.span().start, e.line)),
                    format!("piece `{name}`: {}", e.message),
                )
            })?;
            let dims = if d.layers > 1 { 3 } else { 2 };
            let kind = drawing_lattice(src, family, dims, art.span())?;
            if d.marks.len() > MAX_PIECE_CELLS {
                return Err(src.err(
                    art.span(),
                    format!(
                        "piece `{name}` has {} cells; at most {MAX_PIECE_CELLS}",
                        d.marks.len()
                    ),
                ));
            }
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
            if cells.get_ref().len() > MAX_PIECE_CELLS {
                return Err(src.err(
                    cells.span(),
                    format!("piece `{name}` has too many cells; at most {MAX_PIECE_CELLS}"),
                ));
            }
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
        Some(c) => Some(svg::color::parse(c.get_ref()).ok_or_else(|| {
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
/// and the cells.
fn coordinate_list(
    src: &Source,
    list: &Spanned<Vec<Vec<i64>>>,
    family: LatticeKind,
) -> Result<(LatticeKind, Vec<Cell>), Error> {
    let v = list.get_ref();
    let Some(first) = v.first() else {
        return Err(src.err(list.span(), "the coordinate list is empty"));
    };
    let dims = first.len();
    let kind = drawing_lattice(src, family, dims, list.span())?;
    let l = kind.lattice();
    let mut cells = vec![];
    for c in v {
        if c.len() != dims {
            return Err(src.err(
                list.span(),
                format!(
                    "coordinates {c:?} have {} numbers but the first ones have {dims}: use one dimension throughout",
                    c.len()
                ),
            ));
        }
        if c.iter().any(|x| x.abs() > MAX_COORD) {
            return Err(src.err(
                list.span(),
                format!("coordinates {c:?} are too large (at most {MAX_COORD} in absolute value)"),
            ));
        }
        let cell = [
            c[0] as i32,
            c[1] as i32,
            c.get(2).copied().unwrap_or(0) as i32,
        ];
        if !l.is_cell(cell) {
            return Err(src.err(
                list.span(),
                format!("{c:?} is not a cell of the {kind} lattice"),
            ));
        }
        cells.push(cell);
    }
    Ok((kind, cells))
}

fn parse_count(src: &Source, c: &Spanned<RawNumber>) -> Result<Count, Error> {
    let bad = |what: &str| {
        src.err(
            c.span(),
            format!(
                "bad count {what}: write a number of copies (`count = 2`), a range (`count = \"0..2\"`, `count = \"1..\"`) or `count = \"unlimited\"`"
            ),
        )
    };
    let num = |s: &str| -> Result<u32, Error> {
        match s.trim().parse::<i64>() {
            Ok(n) if (0..=MAX_COPIES).contains(&n) => Ok(n as u32),
            Ok(n) => Err(src.err(
                c.span(),
                format!("count {n} is out of range: 0 to {MAX_COPIES} copies"),
            )),
            Err(_) => Err(bad(&format!("`{s}`"))),
        }
    };
    let count = match c.get_ref() {
        RawNumber::Int(n) => {
            if *n < 1 || *n > MAX_COPIES {
                return Err(src.err(
                    c.span(),
                    format!("count {n} is out of range: 1 to {MAX_COPIES} copies (leave a piece out by not listing it)"),
                ));
            }
            Count::exactly(*n as u32)
        }
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

/// The `[expect]` table: counts, their source, and the time estimate.
pub(crate) fn parse_expect(src: &Source, e: &Spanned<RawExpect>) -> Result<Expect, Error> {
    let er = e.get_ref();
    if let Some(s) = er.seconds
        && !(s.is_finite() && s >= 0.0)
    {
        return Err(src.err(
            e.span(),
            "[expect] seconds must be a number of seconds, 0 or more",
        ));
    }
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
        source: er.source.clone(),
        seconds: er.seconds,
    })
}

fn parse_big(src: &Source, n: &Spanned<RawNumber>) -> Result<u128, Error> {
    match n.get_ref() {
        RawNumber::Int(v) if *v >= 0 => Ok(*v as u128),
        RawNumber::Text(s) => s.replace(['_', ','], "").parse::<u128>().map_err(|_| {
            src.err(
                n.span(),
                format!("`{s}` is not a count: write a whole number"),
            )
        }),
        RawNumber::Int(v) => Err(src.err(n.span(), format!("{v} is not a count"))),
    }
}

/// The cells of a built-in board shape other than a square or cubic
/// `size` (see [`board_shapes`](crate::board_shapes)); none if the board
/// has no such key.
fn builtin_shape(
    src: &Source,
    b: &RawBoard,
    lattice: LatticeKind,
) -> Result<Vec<(Cell, CellKind)>, Error> {
    // Limits keep every shape near the cell limit: 1000 for flat shapes,
    // 140 for pyramids (a pyramid of side 140 has 924,490 spheres).
    let side = |n: &Spanned<i64>, max: i64| -> Result<i32, Error> {
        match *n.get_ref() {
            v if (1..=max).contains(&v) => Ok(v as i32),
            v => Err(src.err(n.span(), format!("side {v} is out of range: 1 to {max}"))),
        }
    };
    let pair = |v: &Spanned<Vec<i64>>, what: &str| -> Result<(i32, i32), Error> {
        match v.get_ref()[..] {
            [a @ 1..=1000, b @ 1..=1000] => Ok((a as i32, b as i32)),
            _ => Err(src.err(
                v.span(),
                format!("`{what}` takes two sides from 1 to 1000, e.g. [6, 6]"),
            )),
        }
    };
    let (cells, span) = if let Some(size) = &b.size {
        if matches!(lattice, LatticeKind::Square | LatticeKind::Cubic) {
            return Ok(vec![]);
        }
        let (w, h) = pair(size, "size")?;
        (board_shapes::hex_rows(lattice, w, h), size.span())
    } else if let Some(p) = &b.parallelogram {
        let (x, y) = pair(p, "parallelogram")?;
        (board_shapes::parallelogram(lattice, x, y), p.span())
    } else if let Some(n) = &b.triangle {
        (board_shapes::triangle(lattice, side(n, 1000)?), n.span())
    } else if let Some(n) = &b.pyramid {
        (board_shapes::pyramid(lattice, side(n, 140)?), n.span())
    } else if let Some(n) = &b.tetrahedron {
        (board_shapes::tetrahedron(lattice, side(n, 140)?), n.span())
    } else {
        return Ok(vec![]);
    };
    let cells = cells.map_err(|m| src.err(span.clone(), m))?;
    if cells.len() > MAX_BOARD_CELLS {
        return Err(src.err(
            span,
            format!(
                "the board has {} cells; at most {MAX_BOARD_CELLS}",
                cells.len()
            ),
        ));
    }
    Ok(cells.into_iter().map(|c| (c, CellKind::Fill)).collect())
}

/// Why a drawing position may hold no cell, for lattices with staggered art.
fn position_hint(kind: LatticeKind) -> &'static str {
    match kind {
        LatticeKind::Hex | LatticeKind::FccTriangle => {
            ": rows are staggered, so cells sit where row + column is even (counting from 0 at the drawing's top-left); put `.` between cells and shift odd rows by one"
        }
        _ => "",
    }
}

/// Cells drawn with a piece's symbol on the board: cells and first line.
type Drawn = BTreeMap<char, (Vec<Cell>, usize)>;

fn parse_board(
    src: &Source,
    b: &RawBoard,
    lattice: LatticeKind,
    pieces: &[Piece],
) -> Result<(Board, Drawn), Error> {
    let l = lattice.lattice();
    let dim = l.dimension();
    let mut cells: Vec<(Cell, CellKind)> = vec![];
    let mut drawn: Drawn = BTreeMap::new();
    let given = [
        b.art.is_some(),
        b.size.is_some(),
        b.cells.is_some(),
        b.parallelogram.is_some(),
        b.triangle.is_some(),
        b.pyramid.is_some(),
        b.tetrahedron.is_some(),
    ]
    .iter()
    .filter(|&&x| x)
    .count();
    if given != 1 {
        return Err(Error::new(
            src.path,
            None,
            "[board] needs exactly one of `art` (a drawing), `cells` (coordinates) or a built-in shape: `size` (a rectangle or box), `parallelogram`, `triangle`, `pyramid`, `tetrahedron`",
        ));
    }
    cells.extend(builtin_shape(src, b, lattice)?);
    if let Some(art) = &b.art {
        let d = art::parse(art.get_ref()).map_err(|e| {
            Error::new(
                src.path,
                Some(src.line_in_string(art.span().start, e.line)),
                format!("board: {}", e.message),
            )
        })?;
        if d.marks.len() > MAX_BOARD_CELLS {
            return Err(src.err(
                art.span(),
                format!(
                    "the board has {} cells; at most {MAX_BOARD_CELLS}",
                    d.marks.len()
                ),
            ));
        }
        if d.layers > 1 && dim == 2 {
            return Err(src.err(
                art.span(),
                format!(
                    "the board drawing has {} layers but the {lattice} lattice is 2D: use lattice = \"cubic\", \"fcc-square\" or \"fcc-triangle\" for a 3D board",
                    d.layers
                ),
            ));
        }
        for m in &d.marks {
            let line = src.line_in_string(art.span().start, m.line);
            let Some(c) = l.cell_at(m.layer, m.row, m.col) else {
                return Err(Error::new(
                    src.path,
                    Some(line),
                    format!(
                        "board: no cell of the {lattice} lattice at this position (column {}){}",
                        m.col + 1,
                        position_hint(lattice)
                    ),
                ));
            };
            let kind = match m.ch {
                '#' => CellKind::Fill,
                '+' => CellKind::Optional,
                ch => {
                    if !pieces.iter().any(|p| p.symbol == ch) {
                        return Err(Error::new(
                            src.path,
                            Some(line),
                            format!(
                                "board: `{ch}` is not `#` (a cell to fill), `+` (a cell that may stay empty), `.` (no cell) or the symbol of a piece of this puzzle"
                            ),
                        ));
                    }
                    let e = drawn.entry(ch).or_insert((vec![], line));
                    e.0.push(c);
                    CellKind::Fill
                }
            };
            cells.push((c, kind));
        }
    }
    if let Some(size) = &b.size
        && matches!(lattice, LatticeKind::Square | LatticeKind::Cubic)
    {
        let s = size.get_ref();
        if s.len() != dim {
            return Err(src.err(
                size.span(),
                format!(
                    "size {s:?} has {} numbers but the {lattice} lattice has {dim} dimensions",
                    s.len()
                ),
            ));
        }
        let mut total: i128 = 1;
        for &n in s {
            if n < 1 {
                return Err(src.err(
                    size.span(),
                    format!("size {s:?}: every side must be at least 1"),
                ));
            }
            total *= n as i128;
        }
        if total > MAX_BOARD_CELLS as i128 {
            return Err(src.err(
                size.span(),
                format!("size {s:?} makes {total} cells; a board has at most {MAX_BOARD_CELLS}"),
            ));
        }
        let d = if dim == 3 { s[2] } else { 1 };
        for z in 0..d {
            for y in 0..s[1] {
                for x in 0..s[0] {
                    cells.push(([x as i32, y as i32, z as i32], CellKind::Fill));
                }
            }
        }
    }
    if let Some(list) = &b.cells {
        if list.get_ref().len() > MAX_BOARD_CELLS {
            return Err(src.err(
                list.span(),
                format!("the board has too many cells; at most {MAX_BOARD_CELLS}"),
            ));
        }
        let (kind, cs) = coordinate_list(src, list, lattice)?;
        if kind.lattice().dimension() != dim {
            return Err(src.err(
                list.span(),
                format!("board coordinates must have {dim} numbers on the {lattice} lattice"),
            ));
        }
        cells.extend(cs.into_iter().map(|c| (c, CellKind::Fill)));
    }
    if let Some(list) = &b.optional {
        let (kind, cs) = coordinate_list(src, list, lattice)?;
        if kind.lattice().dimension() != dim {
            return Err(src.err(
                list.span(),
                format!("`optional` coordinates must have {dim} numbers on the {lattice} lattice"),
            ));
        }
        // Optional cells override their kind, or join the board.
        let set: std::collections::HashSet<Cell> = cs.iter().copied().collect();
        cells.retain(|(c, _)| !set.contains(c));
        cells.extend(cs.into_iter().map(|c| (c, CellKind::Optional)));
    }
    if cells.is_empty() {
        return Err(Error::new(src.path, None, "the board has no cells"));
    }
    Ok((Board::new(cells), drawn))
}
