//! `polycover`: solve polyform packing puzzles and exact-cover problems.
//!
//! Each subcommand lives in its own module; `main` only parses the command
//! line, runs the command, and turns errors into messages and exit codes:
//! 0 success, 1 a check failed (e.g. `verify` found a mismatch), 2 bad input
//! or usage, 130 interrupted.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod dlx_cmd;
mod puzzle_cmd;
mod run;
mod svg_out;
mod tiles_cmd;
mod verify_cmd;

#[derive(Parser)]
#[command(name = "polycover", version, about = "Solve polyform packing puzzles exactly", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve an exact-cover problem in Knuth's DLX format (stdin when no file or `-`)
    Dlx(dlx_cmd::DlxArgs),
    /// Count the solutions of a puzzle file
    Count(puzzle_cmd::CountArgs),
    /// Print solutions of a puzzle file as pictures, JSON or SVG files
    Solve(puzzle_cmd::SolveArgs),
    /// Show a puzzle: its board, pieces, orientations, placements and matrix size
    Show(puzzle_cmd::ShowArgs),
    /// Print a puzzle's exact-cover problem in Knuth's DLX format
    Matrix(puzzle_cmd::FileArgs),
    /// Check puzzle files against their expected counts (default: the bundled catalog)
    Verify(verify_cmd::VerifyArgs),
}

/// An error with the exit code it deserves.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Bad input or usage: exit 2.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure {
            code: if e.kind() == std::io::ErrorKind::BrokenPipe {
                0
            } else {
                1
            },
            message: e.to_string(),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Dlx(args) => dlx_cmd::run(args),
        Command::Count(args) => puzzle_cmd::run_count(args),
        Command::Solve(args) => puzzle_cmd::run_solve(args),
        Command::Show(args) => puzzle_cmd::run_show(args),
        Command::Matrix(args) => puzzle_cmd::run_matrix(args),
        Command::Verify(args) => verify_cmd::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            if !f.message.is_empty() && f.code != 0 {
                eprintln!("polycover: {}", f.message);
            }
            ExitCode::from(f.code)
        }
    }
}
