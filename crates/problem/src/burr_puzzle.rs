//! BurrTools files (`.xmpuzzle`, module [`burrtools`]) as [`Problem`]s:
//! one problem of the file, mapped to a polyform puzzle and shown as one;
//! the group `full` is BurrTools' own, so that the distinct count is the
//! number BurrTools reports as assemblies (`docs/burrtools.md`).

use super::polyform_puzzle::PolyformProblem;
use super::{Kind, LegendEntry, Problem};
use burrtools::{BurrPuzzle, ProblemInfo, ProblemSelector};
use disassembly::puzzle::{PieceTraits, PuzzleDisassembler};
use dlx::{Matrix, OptionId};
use orbits::Action;
use polyform::error::Error;
use polyform::limits::Limits;
use polyform::puzzle::Expect;
use polyform::symmetry::GroupChoice;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// A problem of a BurrTools file, as a polyform puzzle.
pub struct BurrProblem {
    /// The chosen problem as a polyform problem (its matrix and pictures).
    pub inner: PolyformProblem,
    /// Every problem of the file.
    pub problems: Vec<ProblemInfo>,
    /// The chosen one, 1-based.
    pub chosen: usize,
    /// The file's grid, in BurrTools' words.
    pub grid: String,
    /// The pieces' weights and groups, for disassembly.
    pub traits: PieceTraits,
}

impl BurrProblem {
    /// Reads a BurrTools file's bytes within `limits` and maps the problem
    /// `selector` picks (by 1-based number or by name; none: the file's
    /// only problem).
    pub fn parse(
        path: &Path,
        bytes: &[u8],
        selector: Option<&str>,
        limits: &Limits,
    ) -> Result<BurrProblem, Error> {
        let selector: Option<ProblemSelector> = selector.map(|s| {
            s.parse()
                .unwrap_or_else(|_| ProblemSelector::Name(s.to_string()))
        });
        let b: BurrPuzzle = burrtools::load_bytes(path, bytes, selector.as_ref(), limits)?;
        let grid = format!("{:?}", b.grid).to_lowercase();
        Ok(BurrProblem {
            inner: PolyformProblem::new(b.puzzle, limits)?,
            problems: b.problems,
            chosen: b.chosen,
            grid,
            traits: b.traits,
        })
    }

    fn problem_list(&self) -> Vec<String> {
        self.problems
            .iter()
            .map(|p| {
                format!(
                    "{}{} {}: {} {}{}",
                    if p.index == self.chosen { "*" } else { " " },
                    p.index,
                    p.name.as_deref().unwrap_or("(unnamed)"),
                    p.pieces,
                    if p.pieces == 1 { "piece" } else { "pieces" },
                    p.saved_assemblies
                        .map(|a| {
                            let noun = if a == 1 { "assembly" } else { "assemblies" };
                            format!(", {a} {noun} saved by BurrTools")
                        })
                        .unwrap_or_default()
                )
            })
            .collect()
    }
}

impl Problem for BurrProblem {
    fn kind(&self) -> Kind {
        Kind::Burr
    }
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn path(&self) -> &Path {
        self.inner.path()
    }
    fn matrix(&self) -> &Matrix {
        self.inner.matrix()
    }
    fn expect(&self) -> Option<&Expect> {
        None
    }
    /// As the file's pieces say: copies, or an unlimited supply.
    fn pieces_repeat(&self) -> bool {
        self.inner.pieces_repeat()
    }

    /// `full` is BurrTools' group: rotations of the result, and its
    /// reflections when the pieces are closed under mirroring.
    fn action(&self, choice: GroupChoice) -> Result<Action, Error> {
        let p = &self.inner;
        burrtools::action(&p.puzzle, &p.encoding, choice)
            .map_err(|m| Error::new(self.path(), None, m))
    }

    fn describe(&self, color: bool) -> Result<String, Error> {
        let mut s = self.inner.describe(color)?;
        let _ = writeln!(
            s,
            "BurrTools file ({} grid), problems (--problem N or NAME; * chosen):",
            self.grid
        );
        for line in self.problem_list() {
            let _ = writeln!(s, "  {line}");
        }
        Ok(s)
    }

    fn describe_json(&self) -> Value {
        let mut v = self.inner.describe_json();
        if let Some(m) = v.as_object_mut() {
            m.insert("grid".into(), json!(self.grid));
            m.insert("problem".into(), json!(self.chosen));
            m.insert(
                "problems".into(),
                json!(
                    self.problems
                        .iter()
                        .map(|p| json!({
                            "index": p.index,
                            "name": p.name,
                            "pieces": p.pieces,
                            "saved_assemblies": p.saved_assemblies,
                        }))
                        .collect::<Vec<_>>()
                ),
            );
        }
        v
    }

    fn picture(&self, solution: &[OptionId], color: bool) -> Result<String, Error> {
        self.inner.picture(solution, color)
    }
    fn solution_json(&self, solution: &[OptionId]) -> Value {
        self.inner.solution_json(solution)
    }
    fn solution_svg(&self, solution: &[OptionId], caption: &str) -> Result<String, Error> {
        self.inner.solution_svg(solution, caption)
    }
    fn overview_svg(&self) -> Result<String, Error> {
        self.inner.overview_svg()
    }
    fn legend(&self) -> Vec<LegendEntry> {
        self.inner.legend()
    }
    fn matrix_comment(&self) -> String {
        format!(
            "{} (BurrTools file, problem {})\n{}",
            self.name(),
            self.chosen,
            self.inner.matrix_comment()
        )
    }
    fn to_xmpuzzle(&self) -> Result<Vec<u8>, Error> {
        self.inner.to_xmpuzzle()
    }
    fn page(&self) -> Result<picture::view::Page<'_>, Error> {
        self.inner.page()
    }
    fn piece_meshes(
        &self,
        options: &picture::solid::mesh::MeshOptions,
    ) -> Result<Vec<picture::solid::PieceMesh>, Error> {
        self.inner.piece_meshes(options)
    }

    /// With the pieces' weights and groups from the file.
    fn disassembler(&self) -> Result<PuzzleDisassembler<'_>, Error> {
        Ok(PuzzleDisassembler::new(
            &self.inner.puzzle,
            &self.inner.encoding,
            self.traits.clone(),
        )
        .with_max_positions(self.inner.limits.disassembly_positions))
    }
}
