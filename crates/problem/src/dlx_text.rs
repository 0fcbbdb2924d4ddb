//! Exact-cover problems in Knuth's DLX format as [`Problem`]s: no geometry,
//! so no symmetry, and a solution is shown as the option lines chosen.

use super::{Kind, Problem, matrix_json, matrix_line};
use dlx::{Matrix, OptionId};
use orbits::Action;
use polyform::error::Error;
use polyform::puzzle::Expect;
use polyform::symmetry::GroupChoice;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A matrix read from DLX text.
pub struct DlxProblem {
    name: String,
    path: PathBuf,
    matrix: Matrix,
    /// What the reader passed over (options without a primary item), as
    /// `line:column: message`.
    warnings: Vec<String>,
    /// Each option's line and number in the file.
    sources: Vec<dlx::format::OptionSource>,
}

impl DlxProblem {
    /// Reads a matrix from DLX text; `path` names it in messages.
    pub fn parse(path: &Path, text: &str) -> Result<DlxProblem, Error> {
        let (matrix, warnings, sources) = dlx::format::parse_with_sources(text)
            .map_err(|e| Error::new(path, Some(e.line), e.message.clone()).at_column(e.column))?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty() && s != "-")
            .unwrap_or_else(|| "<stdin>".into());
        Ok(DlxProblem {
            name,
            path: path.to_path_buf(),
            matrix,
            warnings: warnings.iter().map(|w| w.to_string()).collect(),
            sources,
        })
    }
}

impl DlxProblem {
    /// A solution as the option lines chosen.
    fn option_lines(&self, solution: &[OptionId]) -> String {
        let mut s = String::new();
        for &o in solution {
            s.push_str(&self.matrix.option_text(o));
            s.push('\n');
        }
        s
    }
}

impl Problem for DlxProblem {
    fn kind(&self) -> Kind {
        Kind::Dlx
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn path(&self) -> &Path {
        &self.path
    }
    fn matrix(&self) -> &Matrix {
        &self.matrix
    }
    fn expect(&self) -> Option<&Expect> {
        None
    }

    fn action(&self, choice: GroupChoice) -> Result<Action, Error> {
        match choice {
            GroupChoice::None => Ok(Action::trivial(self.matrix.num_options())),
            _ => Err(Error::new(
                &self.path,
                None,
                format!(
                    "a DLX file has no geometry, so no symmetry group `{choice}`: use --group none"
                ),
            )),
        }
    }

    fn describe(&self, _color: bool) -> Result<String, Error> {
        Ok(format!(
            "{} (exact cover in DLX format)\n{}\n",
            self.name,
            matrix_line(&self.matrix)
        ))
    }

    fn describe_json(&self) -> Value {
        json!({ "matrix": matrix_json(&self.matrix) })
    }

    fn picture(&self, solution: &[OptionId], _color: bool) -> Result<String, Error> {
        Ok(self.option_lines(solution))
    }

    fn solution_json(&self, solution: &[OptionId]) -> Value {
        let options: Vec<Value> = solution
            .iter()
            .map(|&o| {
                let src = self.sources[o.index()];
                json!({"option": src.number, "line": src.line, "text": self.matrix.option_text(o)})
            })
            .collect();
        json!({
            "placements": options,
            "picture": self.option_lines(solution).lines().collect::<Vec<_>>(),
        })
    }

    fn matrix_comment(&self) -> String {
        format!(
            "{}\nmade by polycover matrix {}",
            self.name,
            self.path.display()
        )
    }

    fn option_place(&self, o: OptionId) -> Option<String> {
        let src = self.sources.get(o.index())?;
        Some(format!("option {} (line {})", src.number, src.line))
    }
    fn warnings(&self) -> Vec<String> {
        self.warnings
            .iter()
            .map(|w| format!("{}:{w}", self.path.display()))
            .collect()
    }
}
