//! Tile-puzzle files: TOML with `kind = "tiles"`, read into a
//! [`TilePuzzle`]. The format is specified in `docs/format.md` ("Edge-matching
//! puzzles"); in short:
//!
//! ```toml
//! kind = "tiles"
//! name = "Another Tough Puzzle"
//! [board]
//! shape = "triangle"        # or "rectangle" with size = [columns, rows]
//! side = 4
//! [[labels]]
//! rule = "complement"       # or "equal" with names = [...]
//! pairs = [["heart-in", "heart-out"], ["spade-in", "spade-out"]]
//! [[tile]]
//! name = "A"
//! edges = ["heart-in", "spade-out", "heart-out"]   # clockwise
//! ```
//!
//! Every mistake is an [`Error`] naming the file, the line (from the spans
//! [`toml::Spanned`] records) and what to fix.

use super::board::{Board, Shape};
use super::{Label, Tile, TilePuzzle};
use crate::error::Error;
use crate::file::raw::RawTileFile;
use crate::file::{Source, name_and_expect, source};
use crate::limits::{Limits, Resource};
use std::collections::HashMap;
use std::path::Path;
use toml::Spanned;

/// Is this TOML text a tile puzzle (top-level `kind = "tiles"`)?
pub fn is_tile_puzzle(text: &str) -> bool {
    source::top_table(text).is_some_and(|t| t.get("kind").and_then(|k| k.as_str()) == Some("tiles"))
}

/// Reads a tile-puzzle file within the default [`Limits`].
pub fn load(path: &Path) -> Result<TilePuzzle, Error> {
    load_with(path, &Limits::default())
}

/// Reads a tile-puzzle file within `limits`.
pub fn load_with(path: &Path, limits: &Limits) -> Result<TilePuzzle, Error> {
    source::load(path, limits, parse_with)
}

/// Is `name` usable as a tile name (an item name that cannot be taken for
/// a position or an edge)?
fn valid_tile_name(name: &str) -> bool {
    let looks_like_position =
        name.starts_with('r') && name[1..].starts_with(|c: char| c.is_ascii_digit());
    let bad_char = |c: char| c.is_whitespace() || c == ':' || c == '|' || c == '.';
    !name.is_empty() && !name.chars().any(bad_char) && !looks_like_position
}

/// Reads a tile puzzle from its text; `path` names it in messages.
pub fn parse(path: &Path, text: &str) -> Result<TilePuzzle, Error> {
    parse_with(path, text, &Limits::default())
}

/// [`parse`] within `limits`: the matrix the board implies (tiles x
/// positions x orientations options) is checked before it is built.
pub fn parse_with(path: &Path, text: &str, limits: &Limits) -> Result<TilePuzzle, Error> {
    let src = Source::new(path, text, limits)?;
    let raw: RawTileFile = src.parse("docs/format.md, \"Edge-matching puzzles\",")?;
    if raw.kind.get_ref() != "tiles" {
        return Err(src.err(
            raw.kind.span(),
            format!(
                "unknown kind `{}`: the only kind is \"tiles\" (leave `kind` out for a polyform puzzle)",
                raw.kind.get_ref()
            ),
        ));
    }

    // The board.
    let Some(board_raw) = &raw.board else {
        return Err(Error::new(
            path,
            None,
            "the puzzle has no [board]: add one with `shape = \"triangle\"` and `side = N`, or `shape = \"rectangle\"` and `size = [columns, rows]`",
        ));
    };
    let br = board_raw.get_ref();
    let shape = match br.shape.get_ref().as_str() {
        "triangle" => {
            if let Some(s) = &br.size {
                return Err(src.err(s.span(), "a triangle board takes `side = N`, not `size`"));
            }
            let Some(side) = &br.side else {
                return Err(src.err(
                    br.shape.span(),
                    "a triangle board needs `side = N` (tiles along each side)",
                ));
            };
            match *side.get_ref() {
                n @ 1..=100 => Shape::Triangle(n as u32),
                n => {
                    return Err(src.err(side.span(), format!("side {n} is out of range: 1 to 100")));
                }
            }
        }
        "rectangle" => {
            if let Some(s) = &br.side {
                return Err(src.err(
                    s.span(),
                    "a rectangle board takes `size = [columns, rows]`, not `side`",
                ));
            }
            let Some(size) = &br.size else {
                return Err(src.err(
                    br.shape.span(),
                    "a rectangle board needs `size = [columns, rows]`",
                ));
            };
            match size.get_ref()[..] {
                [w @ 1..=100, h @ 1..=100] => Shape::Rectangle(w as u32, h as u32),
                _ => {
                    return Err(src.err(
                        size.span(),
                        "`size` takes two numbers from 1 to 100: [columns, rows]",
                    ));
                }
            }
        }
        other => {
            return Err(src.err(
                br.shape.span(),
                format!(
                    "unsupported board shape `{other}`: use \"triangle\" (triangles forming a triangle) or \"rectangle\" (squares)"
                ),
            ));
        }
    };
    // Every tile may go on every position in each of its (up to 2k)
    // orientations; each option has a position, a tile and k edges.
    let (positions, sides) = (u128::from(shape.positions()), shape.sides() as u128);
    let options = positions * positions * 2 * sides;
    src.check(board_raw.span(), Resource::Placements, Some(options))?;
    src.check(
        board_raw.span(),
        Resource::MatrixEntries,
        Some(options * (sides + 2)),
    )?;
    let board = Board::new(shape);

    // Labels.
    let mut labels: Vec<Label> = Vec::new();
    let mut by_name: HashMap<String, (usize, usize)> = HashMap::new(); // index, line
    let declare = |name: &Spanned<String>,
                   labels: &mut Vec<Label>,
                   by_name: &mut HashMap<String, (usize, usize)>|
     -> Result<usize, Error> {
        let n = name.get_ref();
        if n.is_empty() || n.chars().any(|c| c.is_whitespace() || c == ':' || c == '|') {
            return Err(src.err(
                name.span(),
                format!("bad label name `{n}`: labels are non-empty and hold no blank, `:` or `|`"),
            ));
        }
        if let Some(&(_, line)) = by_name.get(n) {
            return Err(src.err(
                name.span(),
                format!("label `{n}` is declared twice (also line {line})"),
            ));
        }
        let id = labels.len();
        labels.push(Label {
            name: n.clone(),
            meets: None,
        });
        by_name.insert(n.clone(), (id, src.line(name.span().start)));
        Ok(id)
    };
    for set in &raw.labels {
        let set_ref = set.get_ref();
        match set_ref.rule.get_ref().as_str() {
            "equal" => {
                if set_ref.pairs.is_some() {
                    return Err(src.err(
                        set.span(),
                        "rule \"equal\" takes `names = [...]`, not `pairs`",
                    ));
                }
                let Some(names) = &set_ref.names else {
                    return Err(src.err(
                        set.span(),
                        "rule \"equal\" needs `names = [...]`: the labels that meet their equals",
                    ));
                };
                for n in names {
                    let id = declare(n, &mut labels, &mut by_name)?;
                    labels[id].meets = Some(id);
                }
            }
            "complement" => {
                if set_ref.names.is_some() {
                    return Err(src.err(
                        set.span(),
                        "rule \"complement\" takes `pairs = [[\"a-in\", \"a-out\"], ...]`, not `names`",
                    ));
                }
                let Some(pairs) = &set_ref.pairs else {
                    return Err(src.err(
                        set.span(),
                        "rule \"complement\" needs `pairs = [[\"a-in\", \"a-out\"], ...]`: each label meets its partner",
                    ));
                };
                for pair in pairs {
                    let [a, b] = &pair.get_ref()[..] else {
                        return Err(src.err(
                            pair.span(),
                            "each pair has exactly two labels, e.g. [\"heart-in\", \"heart-out\"]",
                        ));
                    };
                    let a = declare(a, &mut labels, &mut by_name)?;
                    let b = declare(b, &mut labels, &mut by_name)?;
                    labels[a].meets = Some(b);
                    labels[b].meets = Some(a);
                }
            }
            other => {
                return Err(src.err(
                    set_ref.rule.span(),
                    format!(
                        "unknown matching rule `{other}`: use \"equal\" (equal labels meet) or \"complement\" (the two labels of a pair meet)"
                    ),
                ));
            }
        }
    }
    // The border: its labels are declared here when no set has them (they
    // then match nothing inside the board).
    let border = match &raw.border {
        None => None,
        Some(b) => {
            let mut allowed = Vec::new();
            for n in &b.get_ref().labels {
                let id = match by_name.get(n.get_ref()) {
                    Some(&(id, _)) => id,
                    None => declare(n, &mut labels, &mut by_name)?,
                };
                allowed.push(id);
            }
            Some(allowed)
        }
    };
    if labels.is_empty() {
        return Err(Error::new(
            path,
            None,
            "the puzzle declares no labels: add [[labels]] tables (rule = \"equal\" with names, or rule = \"complement\" with pairs)",
        ));
    }

    // Tiles.
    let k = board.sides();
    let mut tiles: Vec<Tile> = Vec::new();
    let mut tile_lines: HashMap<String, usize> = HashMap::new();
    for t in &raw.tiles {
        let tr = t.get_ref();
        let name = tr.name.get_ref();
        if !valid_tile_name(name) {
            return Err(src.err(
                tr.name.span(),
                format!(
                    "bad tile name `{name}`: names are non-empty, hold no blank, `:`, `|` or `.`, and do not look like a position (`r` and a digit)"
                ),
            ));
        }
        if let Some(line) = tile_lines.get(name) {
            return Err(src.err(
                tr.name.span(),
                format!("tile `{name}` is defined twice (also line {line})"),
            ));
        }
        tile_lines.insert(name.clone(), src.line(t.span().start));
        let edges = tr.edges.get_ref();
        if edges.len() != k {
            return Err(src.err(
                tr.edges.span(),
                format!(
                    "tile `{name}` has {} edges but a position of this {} board has {k} sides",
                    edges.len(),
                    match shape {
                        Shape::Triangle(_) => "triangle",
                        Shape::Rectangle(..) => "rectangle",
                    }
                ),
            ));
        }
        let mut ids = Vec::with_capacity(k);
        for e in edges {
            let Some(&(id, _)) = by_name.get(e.get_ref()) else {
                let mut known: Vec<&str> = labels.iter().map(|l| l.name.as_str()).collect();
                known.sort_unstable();
                return Err(src.err(
                    e.span(),
                    format!(
                        "tile `{name}`: unknown label `{}`; the labels are: {}",
                        e.get_ref(),
                        known.join(" ")
                    ),
                ));
            };
            ids.push(id);
        }
        tiles.push(Tile {
            name: name.clone(),
            edges: ids,
        });
    }
    if tiles.len() != board.len() {
        return Err(Error::new(
            path,
            raw.tiles.first().map(|t| src.line(t.span().start)),
            format!(
                "the puzzle has {} tiles but the board has {} positions: give one [[tile]] per position",
                tiles.len(),
                board.len()
            ),
        ));
    }

    let (name, expect) = name_and_expect(&src, &raw.name, &raw.expect)?;
    Ok(TilePuzzle {
        name,
        path: path.to_path_buf(),
        board,
        labels,
        tiles,
        turn_over: raw.turn_over.unwrap_or(false),
        border,
        expect,
    })
}
