//! `polycover show`: what a problem is (board, pieces, group, matrix), in
//! words, JSON or one SVG picture.

use super::load;
use crate::failure::Failure;
use crate::output::{self, Format, FormatArgs};
use clap::Args;
use serde_json::{Value, json};
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
    let problem = load(&args.file, &args.input)?;
    let mut out = std::io::stdout().lock();
    match args.format.format() {
        Format::Text => out.write_all(problem.describe(output::use_color())?.as_bytes())?,
        Format::Svg => out.write_all(problem.overview_svg()?.as_bytes())?,
        Format::Json => {
            let mut m = output::problem_keys(&*problem, "problem");
            if let Value::Object(o) = problem.describe_json() {
                m.extend(o);
            }
            let expect = problem.expect().map(|e| {
                json!({
                    "solutions": e.solutions,
                    "distinct": e.distinct,
                    "group": e.group.name(),
                    "source": e.source,
                    "seconds": e.seconds,
                })
            });
            m.insert("expect".into(), json!(expect));
            output::print_json(&mut out, &Value::Object(m))?;
        }
    }
    Ok(0)
}
