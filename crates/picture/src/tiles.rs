//! Pictures of solved tile puzzles: text with the labels on the edges, and
//! JSON.
//!
//! Labels are drawn by a short code: the label's name when it has at most
//! three characters, else the initials of its `-`/`_`-separated parts
//! (`heart-in` is `hi`), made unique with a number; a legend follows the
//! picture whenever a code differs from its name.
//!
//! * A rectangle draws each square as a box, the tile's name in the middle
//!   and the label of each side next to that side.
//! * A triangle draws row by row, top row first; each triangle is written
//!   `/left name right\` for an up triangle, with its bottom label on the
//!   line below, and `\left name right/` for a down one, with its top label
//!   on the line above, so that the two labels of a horizontal edge stand
//!   one above the other.

use polyform::tiles::TilePuzzle;
use polyform::tiles::board::Shape;
use polyform::tiles::encode::TilePlacement;
use serde_json::{Value, json};
use std::collections::HashSet;

/// The short code of every label.
pub fn label_codes(puzzle: &TilePuzzle) -> Vec<String> {
    let mut used = HashSet::new();
    let mut out = Vec::new();
    for l in &puzzle.labels {
        let base = if l.name.chars().count() <= 3 {
            l.name.clone()
        } else {
            let s: String = l
                .name
                .split(['-', '_'])
                .filter_map(|w| w.chars().next())
                .take(3)
                .collect();
            if s.is_empty() {
                l.name.chars().take(3).collect()
            } else {
                s
            }
        };
        let mut code = base.clone();
        let mut n = 2;
        while !used.insert(code.clone()) {
            code = format!("{base}{n}");
            n += 1;
        }
        out.push(code);
    }
    out
}

fn legend(puzzle: &TilePuzzle, codes: &[String]) -> String {
    let parts: Vec<String> = puzzle
        .labels
        .iter()
        .zip(codes)
        .filter(|(l, c)| l.name != **c)
        .map(|(l, c)| format!("{c} = {}", l.name))
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("labels: {}\n", parts.join(", "))
    }
}

fn centred(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n >= w {
        return s.to_string();
    }
    let left = (w - n) / 2;
    format!("{}{s}{}", " ".repeat(left), " ".repeat(w - n - left))
}

/// A text picture of a (possibly partial) solution, followed by the legend.
pub fn picture(puzzle: &TilePuzzle, placements: &[TilePlacement]) -> String {
    let codes = label_codes(puzzle);
    let board = &puzzle.board;
    let mut at: Vec<Option<&TilePlacement>> = vec![None; board.len()];
    for p in placements {
        at[p.position] = Some(p);
    }
    let label = |p: usize, s: usize| -> String {
        at[p].map_or("?".to_string(), |t| codes[t.labels[s]].clone())
    };
    let name = |p: usize| -> String {
        at[p].map_or("?".to_string(), |t| {
            let n = &puzzle.tiles[t.tile].name;
            if t.turned_over {
                format!("{n}'")
            } else {
                n.clone()
            }
        })
    };
    let cw = codes.iter().map(|c| c.chars().count()).max().unwrap_or(1);
    let nw = (0..board.len())
        .map(|p| name(p).chars().count())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    match board.shape {
        Shape::Rectangle(w, h) => {
            let (w, h) = (w as usize, h as usize);
            let inner = (2 * cw + nw + 2).max(cw + 2);
            let rule = format!("+{}", format!("{}+", "-".repeat(inner)).repeat(w));
            for r in 0..h {
                out.push_str(&rule);
                out.push('\n');
                let cells: Vec<usize> = (0..w).map(|c| r * w + c).collect();
                let mut top = String::from("|");
                let mut mid = String::from("|");
                let mut bot = String::from("|");
                for &p in &cells {
                    top.push_str(&centred(&label(p, 0), inner));
                    top.push('|');
                    let body = format!(
                        "{:<cw$}{}{:>cw$}",
                        label(p, 3),
                        centred(&name(p), inner - 2 * cw),
                        label(p, 1)
                    );
                    mid.push_str(&body);
                    mid.push('|');
                    bot.push_str(&centred(&label(p, 2), inner));
                    bot.push('|');
                }
                for l in [top, mid, bot] {
                    out.push_str(&l);
                    out.push('\n');
                }
            }
            out.push_str(&rule);
            out.push('\n');
        }
        Shape::Triangle(n) => {
            // Each triangle is a slot of `cell` characters; row i is
            // indented by one slot per row below it, so the labels of an
            // horizontal edge sit one above the other.
            let cell = 2 * cw + nw + 4;
            let n = n as usize;
            let mut first = 0;
            for i in 0..n {
                let row: Vec<usize> = (first..first + 2 * i + 1).collect();
                first += 2 * i + 1;
                let indent = " ".repeat((n - 1 - i) * cell);
                let mut above = indent.clone();
                let mut middle = indent.clone();
                let mut below = indent;
                for &p in &row {
                    let name = centred(&name(p), nw);
                    if board.positions[p].points_up() {
                        middle.push_str(&format!(
                            "/{:<cw$} {name} {:>cw$}\\",
                            label(p, 1),
                            label(p, 2)
                        ));
                        above.push_str(&" ".repeat(cell));
                        below.push_str(&centred(&label(p, 0), cell));
                    } else {
                        middle.push_str(&format!(
                            "\\{:<cw$} {name} {:>cw$}/",
                            label(p, 2),
                            label(p, 1)
                        ));
                        above.push_str(&centred(&label(p, 0), cell));
                        below.push_str(&" ".repeat(cell));
                    }
                }
                for l in [above, middle, below] {
                    let l = l.trim_end();
                    if !l.is_empty() {
                        out.push_str(l);
                        out.push('\n');
                    }
                }
            }
        }
    }
    out.push_str(&legend(puzzle, &codes));
    out
}

/// One solution as JSON: the puzzle, the solution's number, each
/// position's tile, orientation and labels (full names, side by side,
/// clockwise from side 0), and the picture's lines.
pub fn solution_json(puzzle: &TilePuzzle, number: u64, placements: &[TilePlacement]) -> Value {
    let tiles: Vec<Value> = placements
        .iter()
        .map(|p| {
            let pos = &puzzle.board.positions[p.position];
            json!({
                "position": pos.name,
                "row": pos.row,
                "column": pos.col,
                "tile": puzzle.tiles[p.tile].name,
                "orientation": p.orientation,
                "turned_over": p.turned_over,
                "labels": p.labels.iter().map(|&l| puzzle.labels[l].name.clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "puzzle": puzzle.name,
        "solution": number,
        "placements": tiles,
        "picture": picture(puzzle, placements).lines().collect::<Vec<_>>(),
    })
}
