//! `polycover matrix`: a problem's exact-cover matrix in Knuth's DLX format.

use super::load;
use crate::failure::Failure;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args)]
pub struct MatrixArgs {
    /// The problem file (`-`: standard input)
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
}

pub fn run(args: MatrixArgs) -> Result<u8, Failure> {
    let problem = load(&args.file, &args.input)?;
    let text = dlx::format::write_with_comment(problem.matrix(), Some(&problem.matrix_comment()));
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(0)
}
