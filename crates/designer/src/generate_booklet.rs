//! The printable booklet: one HTML page with every challenge (the board
//! with its placed pieces, the loose pieces beside it, the level and the
//! difficulty), the solutions at the back, and print styles that put one
//! challenge on each half page.

use super::{Challenge, Generated};
use picture::markup::escape;
use picture::svg;
use polyform::encode::Encoding;
use polyform::{Error, Limits, Puzzle};
use std::fmt::Write as _;

/// Print: A4 portrait (273 mm between the margins), each challenge in a
/// box of just under half that height, two to a sheet; the title and the
/// introduction only on screen; the solutions after a page break, two
/// columns.
const STYLE: &str = r#"
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; }
.challenge { display: flex; gap: 1.5em; align-items: center; border: 1px solid #bbb;
  border-radius: 6px; padding: 0.8em 1em; margin: 1em 0; }
.challenge h2 { font-size: 1.1em; margin: 0 0 0.3em 0; }
.board { flex: 1 1 58%; min-width: 0; }
.board svg { width: 100%; height: auto; max-height: 80mm; }
.loose { flex: 1 1 38%; display: flex; flex-wrap: wrap; gap: 0.6em; align-items: flex-end; }
.loose svg { height: auto; max-height: 22mm; max-width: 30mm; }
.difficulty { font-size: 0.85em; color: #555; }
.solutions { display: flex; flex-wrap: wrap; gap: 1em; }
.solution { width: 45%; }
.solution svg { max-width: 100%; height: auto; max-height: 55mm; }
.solution h3 { font-size: 0.95em; margin: 0.2em 0; }
@page { size: A4 portrait; margin: 12mm; }
@media print {
  body { margin: 0; }
  h1.title, p.intro { display: none; }
  .loose svg { max-height: 16mm; max-width: 22mm; }
  .challenge { height: 126mm; box-sizing: border-box; margin: 0 0 8mm 0; overflow: hidden;
    break-inside: avoid; page-break-inside: avoid; }
  .challenge:nth-of-type(2n) { break-after: page; page-break-after: always; }
  .solutions-title { break-before: page; page-break-before: always; }
  .solution { break-inside: avoid; page-break-inside: avoid; height: 62mm; }
}
"#;

/// The booklet of `generated` for `puzzle` (encoded as `encoding`), with
/// `files[i]` the file name of level `i + 1`. Errors: a picture over the
/// size `limits` allow.
pub fn booklet(
    puzzle: &Puzzle,
    encoding: &Encoding,
    generated: &Generated,
    files: &[String],
    command: &str,
    limits: &Limits,
) -> Result<String, Error> {
    let mut s = String::new();
    let title = escape(&format!("{}: challenges", puzzle.name));
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1 class=\"title\">{title}</h1>\n<p class=\"difficulty intro\">Made by <code>{}</code>. Place the loose pieces to fill the board: each challenge has exactly one solution. Levels go from easiest to hardest (difficulty: nodes of the search that proves the solution unique; forced: placements that follow by elimination alone).</p>\n",
        escape(command)
    );
    for (i, c) in generated.challenges.iter().enumerate() {
        challenge_html(&mut s, puzzle, encoding, c, i + 1, files.get(i), limits)?;
    }
    s.push_str("<h2 class=\"solutions-title\">Solutions</h2>\n<div class=\"solutions\">\n");
    for (i, c) in generated.challenges.iter().enumerate() {
        let mut all = puzzle.fixed.clone();
        all.extend(c.given_placements(encoding));
        all.extend(c.loose_placements(encoding));
        let pic = svg::solution_with(puzzle, &all, "", limits)?;
        let _ = writeln!(
            s,
            "<div class=\"solution\"><h3>Level {}</h3>{}</div>",
            i + 1,
            pic.svg
        );
    }
    s.push_str("</div>\n</body>\n</html>\n");
    Ok(s)
}

fn challenge_html(
    s: &mut String,
    puzzle: &Puzzle,
    encoding: &Encoding,
    c: &Challenge,
    level: usize,
    file: Option<&String>,
    limits: &Limits,
) -> Result<(), Error> {
    let mut placed = puzzle.fixed.clone();
    placed.extend(c.given_placements(encoding));
    let board = svg::solution_with(puzzle, &placed, "", limits)?;
    let _ = write!(
        s,
        "<section class=\"challenge\">\n<div class=\"board\"><h2>Level {level}</h2>{}<div class=\"difficulty\">{} loose, {} placed; difficulty {} nodes, {} forced{}</div></div>\n<div class=\"loose\">",
        board.svg,
        c.loose.len(),
        c.placed(puzzle),
        c.difficulty.nodes,
        c.difficulty.forced,
        file.map_or(String::new(), |f| format!("; {}", escape(f)))
    );
    for &o in &c.loose {
        let piece = encoding.placements[o].piece;
        let name = &puzzle.pieces[piece].name;
        let pic = svg::piece_with(puzzle, piece, name, limits)?;
        s.push_str(&pic.svg);
    }
    s.push_str("</div>\n</section>\n");
    Ok(())
}
