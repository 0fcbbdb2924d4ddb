//! `polycover export`: a problem in another program's format.

use super::load;
use crate::failure::Failure;
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Formats `export` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// BurrTools (gzip-compressed XML): bricks, spheres and one-layer prisms
    Xmpuzzle,
    /// Knuth's DLX text (the same as `polycover matrix`)
    Dlx,
}

#[derive(Args)]
pub struct ExportArgs {
    /// The problem file
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// The format to write
    #[arg(long, value_enum)]
    format: ExportFormat,
    /// The file to write (default: standard output, unless it is a
    /// terminal and the format is binary)
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn run(args: ExportArgs) -> Result<u8, Failure> {
    let problem = load(&args.file, &args.input)?;
    let bytes = match args.format {
        ExportFormat::Xmpuzzle => problem.to_xmpuzzle()?,
        ExportFormat::Dlx => {
            dlx::format::write_with_comment(problem.matrix(), Some(&problem.matrix_comment()))
                .into_bytes()
        }
    };
    match &args.out {
        Some(path) => std::fs::write(path, &bytes)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let mut out = std::io::stdout().lock();
            if args.format == ExportFormat::Xmpuzzle && out.is_terminal() {
                return Err(Failure::input(
                    "an .xmpuzzle file is gzip data: give a file with --out FILE, or redirect standard output",
                ));
            }
            out.write_all(&bytes)?;
        }
    }
    Ok(0)
}
