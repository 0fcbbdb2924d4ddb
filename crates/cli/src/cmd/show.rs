//! `polycover show`: what a problem is (board, pieces, group, matrix), in
//! words, JSON or one SVG picture; for a file holding several problems
//! (BurrTools) and no `--problem`, the list of its problems.

use crate::failure::Failure;
use crate::output::{self, Format, FormatArgs};
use burrtools::{GridType, ProblemInfo};
use clap::Args;
use problem::Kind;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args)]
pub struct ShowArgs {
    /// The problem file (`-`: standard input)
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    #[command(flatten)]
    format: FormatArgs,
}

pub fn run(args: ShowArgs) -> Result<u8, Failure> {
    let bytes = problem::read_input(&args.file, None, &args.input.limits.limits())?;
    if args.input.problem.is_none() && problem::kind_of(&args.file, &bytes)? == Kind::Burr {
        let (grid, list) = burrtools::problems_of(&args.file, &bytes, &args.input.limits.limits())?;
        if list.len() > 1 {
            return list_problems(&args, grid, &list);
        }
    }
    let problem = super::load_bytes(&args.file, &bytes, None, &args.input)?;
    let mut out = std::io::stdout().lock();
    match args.format.format() {
        Format::Text => out.write_all(problem.describe(output::use_color())?.as_bytes())?,
        Format::Svg => out.write_all(problem.overview_svg()?.as_bytes())?,
        Format::Json => output::print_json(&mut out, &output::show::problem(&*problem))?,
    }
    Ok(0)
}

/// The problems of a file that holds several (a BurrTools file shown
/// without `--problem`): number, name, grid, pieces and result size.
fn list_problems(args: &ShowArgs, grid: GridType, list: &[ProblemInfo]) -> Result<u8, Failure> {
    let mut out = std::io::stdout().lock();
    let file = args.file.display().to_string();
    match args.format.format() {
        Format::Json => {
            output::print_json(&mut out, &output::show::problems(&file, grid, list))?;
        }
        Format::Text | Format::Svg => {
            if args.format.format() == Format::Svg {
                return Err(Failure::input(format!(
                    "{file}: the file holds {} problems: choose one with --problem N or NAME to draw it",
                    list.len()
                )));
            }
            writeln!(
                out,
                "{file}: BurrTools file ({} grid), {} problems; show or count one with --problem N or NAME",
                grid.name(),
                list.len()
            )?;
            writeln!(out, "{:>4}  {:<30} {:>6}  result", "#", "name", "pieces")?;
            for p in list {
                let result = match p.result {
                    Some((fill, 0)) => format!("{fill} cells"),
                    Some((fill, optional)) => {
                        format!("{fill} cells + {optional} that may stay empty")
                    }
                    None => "none".into(),
                };
                let saved = p
                    .saved_assemblies
                    .map(|a| {
                        let a = output::plural(a, "assembly", "assemblies");
                        format!(" ({a} saved by BurrTools)")
                    })
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{:>4}  {:<30} {:>6}  {result}{saved}",
                    p.index,
                    p.name.as_deref().unwrap_or("(unnamed)"),
                    p.pieces
                )?;
            }
        }
    }
    Ok(0)
}
