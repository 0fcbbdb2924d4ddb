//! Polyform puzzles (TOML files, `docs/format.md`) as [`Problem`]s.

use super::{Kind, LegendEntry, Problem, expect_line, matrix_json, matrix_line};
use dlx::{Matrix, OptionId};
use orbits::Action;
use picture::{svg, text};
use polyform::board::CellKind;
use polyform::encode::{Encoding, encode_with};
use polyform::error::Error;
use polyform::limits::Limits;
use polyform::puzzle::{Expect, Puzzle};
use polyform::symmetry::{self, GroupChoice};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// A polyform puzzle and its encoding.
pub struct PolyformProblem {
    /// The puzzle as read.
    pub puzzle: Puzzle,
    /// Its matrix and the placement of each option.
    pub encoding: Encoding,
    /// The bounds it was read within; its pictures are drawn within them.
    pub limits: Limits,
}

impl PolyformProblem {
    /// Reads a puzzle from its text within `limits` and encodes it.
    pub fn parse(path: &Path, text: &str, limits: &Limits) -> Result<PolyformProblem, Error> {
        let puzzle = polyform::file::parse_puzzle_with(path, text, limits)?;
        PolyformProblem::new(puzzle, limits)
    }

    /// Encodes a puzzle within `limits`.
    pub fn new(puzzle: Puzzle, limits: &Limits) -> Result<PolyformProblem, Error> {
        let encoding = encode_with(&puzzle, limits)?;
        Ok(PolyformProblem {
            puzzle,
            encoding,
            limits: *limits,
        })
    }

    fn placements(&self, solution: &[OptionId]) -> Vec<polyform::Placement> {
        self.encoding.decode(&self.puzzle, solution)
    }
}

impl Problem for PolyformProblem {
    fn kind(&self) -> Kind {
        Kind::Polyform
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
    fn pieces_repeat(&self) -> bool {
        self.puzzle
            .pieces
            .iter()
            .any(|p| p.count.hi.is_none_or(|h| h > 1))
    }

    fn action(&self, choice: GroupChoice) -> Result<Action, Error> {
        symmetry::action(&self.puzzle, &self.encoding, choice)
            .map_err(|m| Error::new(&self.puzzle.path, None, m))
    }

    fn describe(&self, color: bool) -> Result<String, Error> {
        let puzzle = &self.puzzle;
        let lattice = puzzle.lattice();
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} ({} lattice{})",
            puzzle.name,
            puzzle.lattice,
            if puzzle.one_sided { ", one-sided" } else { "" }
        );
        let _ = writeln!(
            s,
            "board: {} cells, {} to fill, {} may stay empty, {} taken by pre-placed pieces",
            puzzle.board.len(),
            puzzle.board.count(CellKind::Fill),
            puzzle.board.count(CellKind::Optional),
            puzzle.fixed.iter().map(|p| p.cells.len()).sum::<usize>()
        );
        s.push_str(&text::picture_with(
            puzzle,
            &puzzle.fixed,
            color,
            &self.limits,
        )?);
        let _ = writeln!(s, "\npieces:");
        for (p, st) in puzzle.pieces.iter().zip(&self.encoding.pieces) {
            let _ = writeln!(
                s,
                "  {} `{}`: {} cells, count {}, {} orientations, {} placements",
                p.name,
                p.symbol,
                p.size(),
                p.count,
                st.orientations,
                st.placements
            );
            let shape = text::shape_picture(lattice, p.cells.cells(), p.symbol)
                .map_err(|k| Error::at(&puzzle.path, None, k))?;
            for line in shape.lines() {
                let _ = writeln!(s, "    {line}");
            }
        }
        let group = symmetry::puzzle_group(puzzle);
        let _ = writeln!(
            s,
            "\nsymmetry group: order {} (maps of the board onto itself that carry the piece set onto itself; {} of them rotations)",
            group.order(),
            group.elements.iter().filter(|g| g.point.proper).count()
        );
        for g in &group.elements {
            let swaps = swaps(puzzle, g);
            let _ = writeln!(
                s,
                "  {}{}",
                lattice.describe(&g.point),
                if swaps.is_empty() {
                    String::new()
                } else {
                    format!(" (swaps {})", swaps.join(", "))
                }
            );
        }
        let _ = writeln!(s, "\n{}", matrix_line(&self.encoding.matrix));
        if let Some(e) = &puzzle.expect {
            let _ = writeln!(s, "{}", expect_line(e));
        }
        Ok(s)
    }

    fn describe_json(&self) -> Value {
        let puzzle = &self.puzzle;
        let lattice = puzzle.lattice();
        let pieces: Vec<Value> = puzzle
            .pieces
            .iter()
            .zip(&self.encoding.pieces)
            .map(|(p, st)| {
                json!({
                    "name": p.name,
                    "symbol": p.symbol.to_string(),
                    "cells": p.size(),
                    "count": p.count.to_string(),
                    "orientations": st.orientations,
                    "placements": st.placements,
                })
            })
            .collect();
        let group = symmetry::puzzle_group(puzzle);
        let elements: Vec<Value> = group
            .elements
            .iter()
            .map(|g| {
                json!({
                    "symmetry": lattice.describe(&g.point),
                    "rotation": g.point.proper,
                    "swaps": swaps(puzzle, g),
                })
            })
            .collect();
        json!({
            "lattice": puzzle.lattice.to_string(),
            "one_sided": puzzle.one_sided,
            "board": {
                "cells": puzzle.board.len(),
                "fill": puzzle.board.count(CellKind::Fill),
                "optional": puzzle.board.count(CellKind::Optional),
                "preplaced": puzzle.fixed.iter().map(|p| p.cells.len()).sum::<usize>(),
                "picture": text::picture_with(puzzle, &puzzle.fixed, false, &self.limits)
                    .ok()
                    .map(|p| p.lines().map(String::from).collect::<Vec<_>>()),
            },
            "pieces": pieces,
            "group": {
                "order": group.order(),
                "rotations": group.elements.iter().filter(|g| g.point.proper).count(),
                "elements": elements,
            },
            "matrix": matrix_json(&self.encoding.matrix),
        })
    }

    fn picture(&self, solution: &[OptionId], color: bool) -> Result<String, Error> {
        text::picture_with(
            &self.puzzle,
            &self.placements(solution),
            color,
            &self.limits,
        )
    }

    fn solution_json(&self, solution: &[OptionId]) -> Value {
        let placements = self.placements(solution);
        let mut v = text::solution_json(&self.puzzle, 0, &placements);
        if let Some(o) = v.as_object_mut() {
            o.remove("puzzle");
            o.remove("solution");
        }
        v
    }

    fn solution_svg(&self, solution: &[OptionId], caption: &str) -> Result<String, Error> {
        Ok(svg::solution_with(
            &self.puzzle,
            &self.placements(solution),
            caption,
            &self.limits,
        )?
        .svg)
    }

    fn overview_svg(&self) -> Result<String, Error> {
        Ok(svg::overview_with(&self.puzzle, &self.limits)?.svg)
    }

    fn legend(&self) -> Vec<LegendEntry> {
        self.puzzle
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| LegendEntry {
                label: if p.count.is_one() {
                    p.name.clone()
                } else {
                    format!("{} ×{}", p.name, p.count)
                },
                symbol: p.symbol,
                // A piece too large to draw keeps its caption only.
                svg: svg::piece_with(&self.puzzle, i, "", &self.limits)
                    .map(|p| p.svg)
                    .unwrap_or_default(),
            })
            .collect()
    }

    fn to_xmpuzzle(&self) -> Result<Vec<u8>, Error> {
        burrtools::export(&self.puzzle)
    }

    fn page(&self) -> Result<picture::view::Page<'_>, Error> {
        Ok(picture::view::Page::new(&self.puzzle, &self.encoding))
    }

    fn piece_meshes(
        &self,
        options: &picture::solid::mesh::MeshOptions,
    ) -> Result<Vec<picture::solid::PieceMesh>, Error> {
        picture::solid::piece_meshes(&self.puzzle, options)
    }

    fn disassembler(&self) -> Result<disassembly::PuzzleDisassembler<'_>, Error> {
        Ok(
            disassembly::PuzzleDisassembler::new(&self.puzzle, &self.encoding, Default::default())
                .with_max_positions(self.limits.disassembly_positions),
        )
    }

    fn matrix_comment(&self) -> String {
        let p = &self.puzzle;
        format!(
            "{} ({}): {} pieces, {} board cells\nmade by polycover matrix {}",
            p.name,
            p.lattice,
            p.pieces.len(),
            p.board.len(),
            p.path.display()
        )
    }
}

/// The pieces a symmetry swaps, as "A <-> B".
fn swaps(puzzle: &Puzzle, g: &symmetry::PuzzleSymmetry) -> Vec<String> {
    g.pieces
        .iter()
        .enumerate()
        .filter(|&(i, &j)| i < j)
        .map(|(i, &j)| format!("{} <-> {}", puzzle.pieces[i].name, puzzle.pieces[j].name))
        .collect()
}
