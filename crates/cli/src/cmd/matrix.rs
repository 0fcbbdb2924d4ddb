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
    // Knuth's format reads a first line starting with `|` as a comment: an item line with no
    // primary item cannot be written (its matrix's one solution is the empty set).
    if problem.matrix().num_primary() == 0 {
        return Err(Failure::input(format!(
            "{}: the matrix has no primary item (nothing must be covered: its one solution is \
             the empty set), which DLX text cannot express",
            args.file.display()
        )));
    }
    let text = dlx::format::write_with_comment(problem.matrix(), Some(&problem.matrix_comment()));
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(0)
}
