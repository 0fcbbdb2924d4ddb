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
use crate::file::raw::{RawBorder, RawLabels, RawTile, RawTileBoard, RawTileFile};
use crate::file::{Source, name_and_expect, source};
use crate::limits::{Limits, Resource};
use std::collections::HashMap;
use std::ops::Range;
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

    let Some(board_raw) = &raw.board else {
        return Err(Error::new(
            path,
            None,
            "the puzzle has no [board]: add one with `shape = \"triangle\"` and `side = N`, or `shape = \"rectangle\"` and `size = [columns, rows]`",
        ));
    };
    let shape = board_shape(&src, board_raw.get_ref())?;
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

    let mut labels = Labels {
        src: &src,
        list: Vec::new(),
        by_name: HashMap::new(),
    };
    for set in &raw.labels {
        labels.read_set(set)?;
    }
    let border = match &raw.border {
        None => None,
        Some(b) => Some(labels.border(b.get_ref())?),
    };
    if labels.list.is_empty() {
        return Err(Error::new(
            path,
            None,
            "the puzzle declares no labels: add [[labels]] tables (rule = \"equal\" with names, or rule = \"complement\" with pairs)",
        ));
    }

    let tiles = read_tiles(&src, &raw.tiles, shape, &labels)?;
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
        labels: labels.list,
        tiles,
        turn_over: raw.turn_over.unwrap_or(false),
        border,
        expect,
    })
}

/// The board's shape from its `[board]` table: `side` for a triangle,
/// `size` for a rectangle, each from 1 to 100.
fn board_shape(src: &Source, br: &RawTileBoard) -> Result<Shape, Error> {
    match br.shape.get_ref().as_str() {
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
                n @ 1..=100 => Ok(Shape::Triangle(n as u32)),
                n => Err(src.err(side.span(), format!("side {n} is out of range: 1 to 100"))),
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
                [w @ 1..=100, h @ 1..=100] => Ok(Shape::Rectangle(w as u32, h as u32)),
                _ => Err(src.err(
                    size.span(),
                    "`size` takes two numbers from 1 to 100: [columns, rows]",
                )),
            }
        }
        other => Err(src.err(
            br.shape.span(),
            format!(
                "unsupported board shape `{other}`: use \"triangle\" (triangles forming a triangle) or \"rectangle\" (squares)"
            ),
        )),
    }
}

/// The labels declared so far by the `[[labels]]` sets and the border.
struct Labels<'s> {
    /// The file, for messages.
    src: &'s Source<'s>,
    /// Every label in declaration order; a label's index is its id.
    list: Vec<Label>,
    /// Each name in `list`: its id and the line declaring it.
    by_name: HashMap<String, (usize, usize)>,
}

impl Labels<'_> {
    /// Declares a new label, meeting nothing yet; returns its id.
    fn declare(&mut self, name: &Spanned<String>) -> Result<usize, Error> {
        let n = name.get_ref();
        if n.is_empty() || n.chars().any(|c| c.is_whitespace() || c == ':' || c == '|') {
            return Err(self.src.err(
                name.span(),
                format!("bad label name `{n}`: labels are non-empty and hold no blank, `:` or `|`"),
            ));
        }
        if let Some(&(_, line)) = self.by_name.get(n) {
            return Err(self.src.err(
                name.span(),
                format!("label `{n}` is declared twice (also line {line})"),
            ));
        }
        let id = self.list.len();
        self.list.push(Label {
            name: n.clone(),
            meets: None,
        });
        self.by_name
            .insert(n.clone(), (id, self.src.line(name.span().start)));
        Ok(id)
    }

    /// The id of a declared label.
    fn id(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).map(|&(id, _)| id)
    }

    /// Declares a `[[labels]]` set's labels and whom each meets.
    fn read_set(&mut self, set: &Spanned<RawLabels>) -> Result<(), Error> {
        let set_ref = set.get_ref();
        match set_ref.rule.get_ref().as_str() {
            "equal" => {
                let names = self.rule_list(
                    set.span(),
                    set_ref.names.as_ref(),
                    set_ref.pairs.is_some(),
                    [
                        "equal",
                        "`names = [...]`",
                        "pairs",
                        "the labels that meet their equals",
                    ],
                )?;
                for n in names {
                    let id = self.declare(n)?;
                    self.list[id].meets = Some(id);
                }
            }
            "complement" => {
                let pairs = self.rule_list(
                    set.span(),
                    set_ref.pairs.as_ref(),
                    set_ref.names.is_some(),
                    [
                        "complement",
                        "`pairs = [[\"a-in\", \"a-out\"], ...]`",
                        "names",
                        "each label meets its partner",
                    ],
                )?;
                for pair in pairs {
                    let [a, b] = &pair.get_ref()[..] else {
                        return Err(self.src.err(
                            pair.span(),
                            "each pair has exactly two labels, e.g. [\"heart-in\", \"heart-out\"]",
                        ));
                    };
                    let a = self.declare(a)?;
                    let b = self.declare(b)?;
                    self.list[a].meets = Some(b);
                    self.list[b].meets = Some(a);
                }
            }
            other => {
                return Err(self.src.err(
                    set_ref.rule.span(),
                    format!(
                        "unknown matching rule `{other}`: use \"equal\" (equal labels meet) or \"complement\" (the two labels of a pair meet)"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The list a rule reads (`names` or `pairs`): given, and the other
    /// key not given. `[rule, form, other, why]` name the rule, the key it
    /// takes as written (`names = [...]`), the key it does not take, and
    /// what the list means.
    fn rule_list<'r, T>(
        &self,
        span: Range<usize>,
        list: Option<&'r T>,
        other_given: bool,
        [rule, form, other, why]: [&str; 4],
    ) -> Result<&'r T, Error> {
        if other_given {
            return Err(self
                .src
                .err(span, format!("rule \"{rule}\" takes {form}, not `{other}`")));
        }
        list.ok_or_else(|| {
            self.src
                .err(span, format!("rule \"{rule}\" needs {form}: {why}"))
        })
    }

    /// The border's labels as ids; a label no set has is declared here
    /// (it then matches nothing inside the board).
    fn border(&mut self, b: &RawBorder) -> Result<Vec<usize>, Error> {
        let mut allowed = Vec::new();
        for n in &b.labels {
            let id = match self.id(n.get_ref()) {
                Some(id) => id,
                None => self.declare(n)?,
            };
            allowed.push(id);
        }
        Ok(allowed)
    }
}

/// The `[[tile]]` tables: unique valid names, one declared label per side
/// of a position of a `shape` board.
fn read_tiles(
    src: &Source,
    raw: &[Spanned<RawTile>],
    shape: Shape,
    labels: &Labels,
) -> Result<Vec<Tile>, Error> {
    let k = shape.sides();
    let mut tiles: Vec<Tile> = Vec::new();
    let mut tile_lines: HashMap<String, usize> = HashMap::new();
    for t in raw {
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
        let ids = edges
            .iter()
            .map(|e| {
                labels.id(e.get_ref()).ok_or_else(|| {
                    let mut known: Vec<&str> =
                        labels.list.iter().map(|l| l.name.as_str()).collect();
                    known.sort_unstable();
                    src.err(
                        e.span(),
                        format!(
                            "tile `{name}`: unknown label `{}`; the labels are: {}",
                            e.get_ref(),
                            known.join(" ")
                        ),
                    )
                })
            })
            .collect::<Result<Vec<usize>, Error>>()?;
        tiles.push(Tile {
            name: name.clone(),
            edges: ids,
        });
    }
    Ok(tiles)
}

#[cfg(test)]
mod tests {
    use super::parse;
    use std::path::Path;

    /// The message for a board of two squares whose one label set is `set`.
    fn message(set: &str) -> String {
        let text = format!(
            "kind = \"tiles\"\n[board]\nshape = \"rectangle\"\nsize = [1, 2]\n[[labels]]\n{set}\n"
        );
        parse(Path::new("bad.toml"), &text).unwrap_err().message()
    }

    #[test]
    fn a_rule_names_the_key_it_takes() {
        let cases = [
            (
                "rule = \"equal\"\nnames = [\"a\"]\npairs = []",
                "rule \"equal\" takes `names = [...]`, not `pairs`",
            ),
            (
                "rule = \"equal\"",
                "rule \"equal\" needs `names = [...]`: the labels that meet their equals",
            ),
            (
                "rule = \"complement\"\nnames = [\"a\"]",
                "rule \"complement\" takes `pairs = [[\"a-in\", \"a-out\"], ...]`, not `names`",
            ),
            (
                "rule = \"complement\"",
                "rule \"complement\" needs `pairs = [[\"a-in\", \"a-out\"], ...]`: each label meets its partner",
            ),
        ];
        for (set, want) in cases {
            assert_eq!(message(set), want, "{set}");
        }
    }
}
