//! Edge-matching puzzles (`kind = "tiles"`, module [`polyform::tiles`]) as
//! [`Problem`]s.

use super::{Kind, Problem, expect_line, matrix_json, matrix_line};
use dlx::{Matrix, OptionId};
use orbits::Action;
use picture::tiles as tile_text;
use polyform::error::Error;
use polyform::limits::Limits;
use polyform::puzzle::Expect;
use polyform::symmetry::GroupChoice;
use polyform::tiles::{self, TileEncoding, TilePuzzle};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// An edge-matching puzzle and its encoding.
pub struct TileProblem {
    /// The puzzle as read.
    pub puzzle: TilePuzzle,
    /// Its matrix and the placement of each option.
    pub encoding: TileEncoding,
}

impl TileProblem {
    /// Reads a tile puzzle from its text within `limits` and encodes it.
    pub fn parse(path: &Path, text: &str, limits: &Limits) -> Result<TileProblem, Error> {
        let puzzle = tiles::file::parse_with(path, text, limits)?;
        let encoding = tiles::encode(&puzzle)?;
        Ok(TileProblem { puzzle, encoding })
    }

    fn shape(&self) -> String {
        match self.puzzle.board.shape {
            tiles::Shape::Triangle(n) => format!("a triangle of side {n}"),
            tiles::Shape::Rectangle(w, h) => format!("a {w}x{h} rectangle"),
        }
    }
}

impl Problem for TileProblem {
    fn kind(&self) -> Kind {
        Kind::Tiles
    }
    fn name(&self) -> &str {
        &self.puzzle.name
    }
    fn path(&self) -> &Path {
        &self.puzzle.path
    }
    fn matrix(&self) -> &Matrix {
        &self.encoding.matrix
    }
    fn expect(&self) -> Option<&Expect> {
        self.puzzle.expect.as_ref()
    }

    /// The board's rotations (tiles are never reflected as a whole board:
    /// `full` and `rotations` are the same group here).
    fn action(&self, choice: GroupChoice) -> Result<Action, Error> {
        let n = self.encoding.matrix.num_options();
        if choice == GroupChoice::None {
            return Ok(Action::trivial(n));
        }
        let perms = self
            .encoding
            .option_permutations(&self.puzzle)
            .map_err(|m| Error::new(&self.puzzle.path, None, m))?;
        Ok(Action {
            description: format!("the board's {} rotations", perms.len()),
            perms,
            candidates: self.encoding.symmetry_candidates(&self.puzzle),
        })
    }

    fn describe(&self, _color: bool) -> Result<String, Error> {
        let puzzle = &self.puzzle;
        let board = &puzzle.board;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} (edge matching, {}: {} positions, {} internal edges{})",
            puzzle.name,
            self.shape(),
            board.len(),
            board.edges().len(),
            if puzzle.turn_over {
                ", tiles may be turned over"
            } else {
                ""
            }
        );
        let codes = tile_text::label_codes(puzzle);
        let _ = writeln!(s, "labels:");
        for (l, c) in puzzle.labels.iter().zip(&codes) {
            let _ = writeln!(s, "  {} ({c}): {}", l.name, meets(puzzle, l));
        }
        if let Some(b) = &puzzle.border {
            let names: Vec<&str> = b.iter().map(|&x| puzzle.labels[x].name.as_str()).collect();
            let _ = writeln!(s, "border: only {} may face out", names.join(", "));
        }
        let per_tile = self.placements_per_tile();
        let _ = writeln!(s, "tiles (edges clockwise):");
        for (t, n) in puzzle.tiles.iter().zip(&per_tile) {
            let edges: Vec<&str> = t.edges.iter().map(|&x| codes[x].as_str()).collect();
            let _ = writeln!(s, "  {}: {} ({n} placements)", t.name, edges.join(" "));
        }
        let rotations = board.rotations();
        let degrees: Vec<String> = rotations.iter().map(|g| g.degrees.to_string()).collect();
        let _ = writeln!(
            s,
            "symmetry group: order {} (rotations of the board by {} degrees)",
            rotations.len(),
            degrees.join(", ")
        );
        let _ = writeln!(s, "{}", matrix_line(&self.encoding.matrix));
        if let Some(e) = &puzzle.expect {
            let _ = writeln!(s, "{}", expect_line(e));
        }
        Ok(s)
    }

    fn describe_json(&self) -> Value {
        let puzzle = &self.puzzle;
        let per_tile = self.placements_per_tile();
        let labels: Vec<Value> = puzzle
            .labels
            .iter()
            .map(|l| json!({"name": l.name, "meets": meets(puzzle, l)}))
            .collect();
        let tiles: Vec<Value> = puzzle
            .tiles
            .iter()
            .zip(&per_tile)
            .map(|(t, n)| {
                json!({
                    "name": t.name,
                    "edges": t.edges.iter().map(|&x| puzzle.labels[x].name.clone()).collect::<Vec<_>>(),
                    "placements": n,
                })
            })
            .collect();
        let rotations = puzzle.board.rotations();
        json!({
            "board": {
                "shape": self.shape(),
                "positions": puzzle.board.len(),
                "internal_edges": puzzle.board.edges().len(),
            },
            "turn_over": puzzle.turn_over,
            "labels": labels,
            "border": puzzle.border.as_ref().map(|b| b.iter().map(|&x| puzzle.labels[x].name.clone()).collect::<Vec<_>>()),
            "tiles": tiles,
            "group": {
                "order": rotations.len(),
                "rotations": rotations.len(),
                "degrees": rotations.iter().map(|g| g.degrees).collect::<Vec<_>>(),
            },
            "matrix": matrix_json(&self.encoding.matrix),
        })
    }

    fn picture(&self, solution: &[OptionId], _color: bool) -> Result<String, Error> {
        Ok(tile_text::picture(
            &self.puzzle,
            &self.encoding.decode(solution),
        ))
    }

    fn solution_json(&self, solution: &[OptionId]) -> Value {
        let mut v = tile_text::solution_json(&self.puzzle, 0, &self.encoding.decode(solution));
        if let Some(o) = v.as_object_mut() {
            o.remove("puzzle");
            o.remove("solution");
        }
        v
    }

    fn matrix_comment(&self) -> String {
        let p = &self.puzzle;
        format!(
            "{} (edge matching): {} tiles, {} positions\nmade by polycover matrix {}",
            p.name,
            p.tiles.len(),
            p.board.len(),
            p.path.display()
        )
    }
}

impl TileProblem {
    fn placements_per_tile(&self) -> Vec<usize> {
        let mut per_tile = vec![0usize; self.puzzle.tiles.len()];
        for p in &self.encoding.placements {
            per_tile[p.tile] += 1;
        }
        per_tile
    }
}

/// What a label meets, in words.
fn meets(puzzle: &TilePuzzle, l: &tiles::Label) -> String {
    match l.meets {
        Some(m) if puzzle.labels[m].name == l.name => "meets itself".to_string(),
        Some(m) => format!("meets {}", puzzle.labels[m].name),
        None => "border only".to_string(),
    }
}
