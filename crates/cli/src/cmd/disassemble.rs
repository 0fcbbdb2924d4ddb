//! `--disassemble` and `--min-level` as `solve` and `view` take them, and
//! the sieve they make: which solutions come apart, at which level.

use crate::failure::Failure;
use clap::Args;
use disassembly::{DisassemblyError, Level, PuzzleDisassembler, Separation};
use dlx::OptionId;
use problem::Problem;

/// The disassembly flags. Each command sets the help of `--disassemble`
/// to say what it does with the solutions that come apart
/// (`#[command(mut_arg("disassemble", ...))]`).
#[derive(Args, Clone, Debug, Default)]
pub struct DisassembleArgs {
    /// Keep only the solutions that come apart by sliding pieces
    /// (BurrTools' rules, docs/burrtools.md), with their levels and moves
    #[arg(long)]
    pub disassemble: bool,
    /// With --disassemble: only solutions of at least this level (levels
    /// compare number by number: 1.2 < 2 < 4.9.3 < 10)
    #[arg(long, value_name = "LEVEL", requires = "disassemble")]
    pub min_level: Option<Level>,
}

/// What the sieve says of one solution.
pub enum Verdict {
    /// It comes apart at `--min-level` or more.
    Apart(Separation),
    /// It does not come apart, or below `--min-level`.
    Skip,
    /// Ctrl-C during its disassembly: the search should stop (and then
    /// ends as interrupted).
    Stop,
    /// The disassembly failed (the message names the file).
    Failed(Failure),
}

/// The disassembler of a problem with the least level a solution must
/// reach.
pub struct Sieve<'p> {
    problem: &'p dyn Problem,
    /// Polls the Ctrl-C flag ([`super::disassembler_of`]).
    disassembler: PuzzleDisassembler<'p>,
    min_level: Option<Level>,
}

impl DisassembleArgs {
    /// The sieve when `--disassemble` is on: refused, with the file named,
    /// where the lattice has no motion model or solutions may have too many
    /// pieces.
    pub fn sieve<'p>(&self, problem: &'p dyn Problem) -> Result<Option<Sieve<'p>>, Failure> {
        if !self.disassemble {
            return Ok(None);
        }
        Ok(Some(Sieve {
            problem,
            disassembler: super::disassembler_of(problem)?,
            min_level: self.min_level.clone(),
        }))
    }

    /// Says on standard error that nothing was shown ([`super::say_none`]).
    pub fn say_none(&self, problem: &dyn Problem) {
        super::say_none(problem, self.disassemble, self.min_level.as_ref());
    }
}

impl<'p> Sieve<'p> {
    /// Takes one solution apart.
    pub fn judge(&self, solution: &[OptionId]) -> Verdict {
        match self.disassembler.analyse(solution) {
            Err(DisassemblyError::Stopped) => Verdict::Stop,
            Err(e) => Verdict::Failed(Failure::input(format!(
                "{}: --disassemble: {e}",
                self.problem.path().display()
            ))),
            Ok(o) => match o.separation {
                Some(s) if self.min_level.as_ref().is_none_or(|m| s.level() >= *m) => {
                    Verdict::Apart(s)
                }
                _ => Verdict::Skip,
            },
        }
    }

    /// The disassembler, for the moves of a solution that came apart.
    pub fn disassembler(&self) -> &PuzzleDisassembler<'p> {
        &self.disassembler
    }
}
