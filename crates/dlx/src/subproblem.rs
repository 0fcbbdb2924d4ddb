//! Subproblems: nodes of the search tree named by the choices that lead to
//! them, the unit of parallel and distributed work, and why one may fail to
//! start ([`SubproblemError`]).

use std::fmt;

/// A node of the search tree, given by the choices that lead to it: the
/// options taken on the first levels, following exactly the items the search
/// chooses (under the solver's [`ChoiceRule`](crate::ChoiceRule) and on its
/// engine's tree, which a subproblem is therefore tied to: the cell
/// engine's are its own, see [`EngineKind`](crate::EngineKind)). Solving every subproblem of a given depth and adding the counts
/// gives the full count; this is the unit of parallel and distributed work.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subproblem {
    /// `choices[l]`: the node chosen on level `l`, an index into the links'
    /// node array (or an item header for Algorithm M's null move; the cell
    /// engine names the chosen option's first node). Stable for a given
    /// matrix and engine, so it can be written to a checkpoint.
    choices: Vec<u32>,
    /// `degrees[l]`: the branching degree of level `l` when it was chosen.
    degrees: Vec<u32>,
}

impl Subproblem {
    /// The whole problem.
    pub fn root() -> Subproblem {
        Subproblem {
            choices: Vec::new(),
            degrees: Vec::new(),
        }
    }

    /// Rebuilds a subproblem from its parts (as written by a checkpoint).
    /// [`Solver::start`](crate::Solver::start) checks that the choices are
    /// real.
    pub fn from_parts(choices: Vec<u32>, degrees: Vec<u32>) -> Subproblem {
        Subproblem { choices, degrees }
    }

    /// The number of fixed levels.
    pub fn depth(&self) -> usize {
        self.choices.len()
    }

    /// The chosen nodes, level by level.
    pub fn choices(&self) -> &[u32] {
        &self.choices
    }

    /// The branching degree at each fixed level.
    pub fn degrees(&self) -> &[u32] {
        &self.degrees
    }

    /// Knuth's estimate of the share of the search tree below this node: the
    /// product of 1/degree over its levels.
    pub fn weight(&self) -> f64 {
        self.degrees
            .iter()
            .fold(1.0, |w, &d| if d > 0 { w / d as f64 } else { w })
    }
}

/// Why a subproblem could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubproblemError {
    /// A choice is not an option of the item the search chooses at that
    /// level: the subproblem comes from another matrix (or another
    /// [`ChoiceRule`](crate::ChoiceRule)).
    NotAChoice {
        /// The level of the choice, 0 for the first.
        level: usize,
    },
    /// The search reaches a solution or a dead end before the last choice.
    TooDeep {
        /// The level where the search ends.
        level: usize,
    },
}

impl fmt::Display for SubproblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubproblemError::NotAChoice { level } => write!(
                f,
                "choice {level} of the subproblem is not an option the search can take there (was it made for another problem?)"
            ),
            SubproblemError::TooDeep { level } => write!(
                f,
                "the search ends at level {level}, before the subproblem's last choice"
            ),
        }
    }
}

impl std::error::Error for SubproblemError {}
