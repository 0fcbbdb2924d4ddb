//! `polycover`: solve polyform packing puzzles and exact-cover problems.
//!
//! `main` parses the command line, runs one command (module [`cmd`], one
//! module each), and turns errors into messages and exit codes
//! ([`failure`]): 0 success, 1 a check failed (`verify` found a mismatch),
//! 2 bad input, usage or I/O, 130 interrupted.
//!
//! The commands never ask what kind of file they read: `cmd::load` gives
//! them a `problem::Problem`, and [`output`] prints what they
//! find in every format.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd;
mod failure;
mod memo;
mod memo_split;
mod output;
mod paths;
mod progress;
mod search;
mod serve;
mod shard_ranges;

#[derive(Parser)]
#[command(
    name = "polycover",
    version,
    about = "Solve polyform packing puzzles exactly",
    long_about = None,
    after_help = "Exit codes: 0 success, 1 a check failed (verify mismatch), 2 bad input, usage or I/O error, 3 a search gave up on good input (`twisty solve` out of its budget), 130 interrupted (Ctrl-C or SIGTERM)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the solutions of a problem file, in all and up to symmetry
    Count(cmd::count::CountArgs),
    /// Print solutions as pictures, JSON Lines or SVG files
    Solve(cmd::solve::SolveArgs),
    /// Show a problem: its board, pieces, orientations, placements, group and matrix size
    Show(cmd::show::ShowArgs),
    /// Print a problem's exact-cover matrix in Knuth's DLX format
    Matrix(cmd::matrix::MatrixArgs),
    /// Check problem files against their expected counts (default: the bundled catalog)
    Verify(cmd::verify::VerifyArgs),
    /// Count (and print) the solutions of an exact-cover problem in Knuth's DLX format (stdin when no file or `-`)
    Dlx(cmd::dlx::DlxArgs),
    /// Show how a count would be cut into shards for several machines (no search)
    Plan(cmd::plan::PlanArgs),
    /// Sum the result files of a sharded count exactly (or list the missing shards)
    Merge(cmd::merge::MergeArgs),
    /// Why a polyform puzzle has no solution: area, a piece that fits nowhere, a cell nothing covers, a colouring
    Explain(cmd::explain::ExplainArgs),
    /// Can a position still be finished? In how many ways, what is forced, a next placement
    Hint(cmd::hint::HintArgs),
    /// Booklet challenges with exactly one solution: catalog files and a printable booklet.html
    Generate(cmd::generate::GenerateArgs),
    /// Write a problem in another program's format (BurrTools .xmpuzzle, DLX) or its pieces as STL for 3D printing
    Export(cmd::export::ExportArgs),
    /// Write solutions as a 3D page: one HTML file that works offline (turn, explode, build up, browse)
    View(cmd::view::ViewArgs),
    /// Twisty puzzles: list, show, count, apply, check, scramble, distances, solve, play
    Twisty(cmd::twisty::TwistyArgs),
}

fn main() -> ExitCode {
    search::install_interrupt_handler();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Count(args) => cmd::count::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Matrix(args) => cmd::matrix::run(args),
        Command::Verify(args) => cmd::verify::run(args),
        Command::Dlx(args) => cmd::dlx::run(args),
        Command::Plan(args) => cmd::plan::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Generate(args) => cmd::generate::run(args),
        Command::Export(args) => cmd::export::run(args),
        Command::Hint(args) => cmd::hint::run(args),
        Command::View(args) => cmd::view::run(args),
        Command::Twisty(args) => cmd::twisty::run(args),
    };
    if search::exiting_on_signal() {
        return ExitCode::from(failure::INTERRUPTED);
    }
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
