//! `polycover dlx`: Knuth's DLX format in, solution count and cost out.

use crate::Failure;
use crate::run::{CheckpointArgs, Runner, SearchArgs, interrupted_failure};
use clap::Args;
use dlx::{Control, OptionId};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct DlxArgs {
    /// The DLX file; `-` or nothing reads standard input
    file: Option<PathBuf>,
    /// Print the first N solutions, each as the option lines chosen
    #[arg(long, value_name = "N", conflicts_with = "all")]
    print: Option<u64>,
    /// Print every solution
    #[arg(long)]
    all: bool,
    /// Print the summary as one JSON object (keys solutions, nodes, updates, seconds)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

/// Reads the whole input named on the command line (stdin for `-` or none),
/// and the name to use in messages.
pub fn read_input(file: &Option<PathBuf>) -> Result<(String, String), Failure> {
    match file {
        Some(p) if p.as_os_str() != "-" => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
            Ok((p.display().to_string(), text))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::input(format!("<stdin>: {e}")))?;
            Ok(("<stdin>".to_string(), text))
        }
    }
}

pub fn run(args: DlxArgs) -> Result<u8, Failure> {
    let (name, text) = read_input(&args.file)?;
    let (matrix, warnings) = dlx::format::parse_with_warnings(&text)
        .map_err(|e| Failure::input(format!("{name}:{e}")))?;
    for w in &warnings {
        eprintln!("polycover: warning: {name}:{w}");
    }
    let limit = if args.all {
        u64::MAX
    } else {
        args.print.unwrap_or(0)
    };
    if limit > 0 && (args.checkpoint.checkpoint.is_some() || args.checkpoint.resume.is_some()) {
        return Err(Failure::input(
            "checkpoints are for counting: drop --print/--all, or --checkpoint/--resume",
        ));
    }
    let runner = Runner::new(&args.search, args.json).with_checkpoints(&args.checkpoint);
    let start = Instant::now();
    let report = if limit == 0 {
        runner.count(&matrix)?
    } else {
        let out = std::io::stdout();
        let mut out = std::io::BufWriter::new(out.lock());
        let mut printed = 0u64;
        let mut error = None;
        // Print the first `limit` solutions, count them all.
        let report = runner.solve(&matrix, &mut |opts: &[OptionId]| {
            if printed >= limit {
                return Control::Continue;
            }
            printed += 1;
            let mut block = format!("solution {printed}:\n");
            for &o in opts {
                block.push_str(&matrix.option_text(o));
                block.push('\n');
            }
            match out.write_all(block.as_bytes()) {
                Ok(()) => Control::Continue,
                Err(e) => {
                    error = Some(e);
                    Control::Stop
                }
            }
        })?;
        if let Some(e) = error {
            return Err(e.into());
        }
        out.flush()?;
        report
    };
    if report.interrupted {
        return Err(interrupted_failure("solutions", &report));
    }
    let solutions = report.solutions;
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{{\"solutions\":{solutions},\"nodes\":{},\"updates\":{},\"seconds\":{seconds:.6}}}",
            report.nodes, report.updates
        )?;
    } else {
        writeln!(
            out,
            "{solutions} solutions, {} nodes, {} updates, {seconds:.3} seconds",
            report.nodes, report.updates
        )?;
    }
    Ok(0)
}
