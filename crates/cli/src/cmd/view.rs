//! `polycover view`: solutions on a 3D page (one HTML file that works
//! offline; `output::page`, `docs/viewer.md`).

use super::disassemble::{DisassembleArgs, Verdict};
use super::export::Output;
use super::{Distinct, GroupArg, group_choice, load};
use crate::failure::Failure;
use crate::output::page;
use crate::paths::refuse_overwriting;
use crate::search::{self, Runner, SearchArgs};
use clap::Args;
use dlx::{Control, OptionId};
use picture::view::MAX_PLACEMENTS;
use polyform::symmetry::GroupChoice;
use std::path::PathBuf;

/// The most solutions one page holds.
pub const MAX_SOLUTIONS: u64 = 10_000;

/// The help of `view --disassemble`.
const DISASSEMBLE_HELP: &str = "Put only solutions that come apart by sliding pieces on the page (BurrTools' rules, docs/burrtools.md), each with its level and its moves: the page's Disassembly slider and play button animate them";

#[derive(Args)]
#[command(mut_arg("disassemble", |a| a.help(DISASSEMBLE_HELP)))]
pub struct ViewArgs {
    /// The problem file (a polyform puzzle or a BurrTools file)
    file: PathBuf,
    /// The page to write (default: the problem file's name with .html, in
    /// the current directory; solutions.html for standard input)
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
    /// Put the first N solutions on the page (at most 10000, and at most
    /// 2,000,000 placements in all: fewer long solutions fit)
    #[arg(long, value_name = "N", default_value_t = 10)]
    limit: u64,
    /// One solution per class of solutions equal up to symmetry
    #[arg(long)]
    distinct: bool,
    /// The symmetries for --distinct: full, rotations or none (default: the
    /// group of the file's expected distinct count, else full)
    #[arg(long, value_enum, requires = "distinct")]
    group: Option<GroupArg>,
    #[command(flatten)]
    apart: DisassembleArgs,
    #[command(flatten)]
    input: super::InputArgs,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: ViewArgs) -> Result<u8, Failure> {
    if args.limit == 0 || args.limit > MAX_SOLUTIONS {
        return Err(Failure::input(format!(
            "--limit {}: a page holds 1 to {MAX_SOLUTIONS} solutions",
            args.limit
        )));
    }
    let out = match &args.out {
        Some(p) => p.clone(),
        None => {
            let stem = args.file.file_stem().unwrap_or_default().to_string_lossy();
            PathBuf::from(format!(
                "{}.html",
                if stem.is_empty() || stem == "-" {
                    "solutions"
                } else {
                    &stem
                }
            ))
        }
    };
    refuse_overwriting(&out, &[args.file.as_path()])?;
    // Opened now, so that a page that cannot be written is said before
    // the search, not after it; emptied only when the page is ready.
    let file = Output::open(&out)?;
    let (html, shown) = match page_html(&args) {
        Ok(done) => done,
        Err(e) => {
            file.abandon();
            return Err(e);
        }
    };
    file.write(html.as_bytes())?;
    eprintln!(
        "polycover: wrote {} ({shown} solution{}, {} kB)",
        out.display(),
        if shown == 1 { "" } else { "s" },
        html.len().div_ceil(1024)
    );
    Ok(0)
}

/// The page and how many solutions it shows.
fn page_html(args: &ViewArgs) -> Result<(String, u64), Failure> {
    let problem = load(&args.file, &args.input)?;
    let mut page = problem.page()?;
    let group = group_choice(args.group, &*problem);
    let mut distinct = Distinct::new(&*problem, group, args.distinct)?;
    let runner = Runner::new(&args.search, false)?;
    runner.engine_for(&*problem, problem.matrix())?;
    let sieve = args.apart.sieve(&*problem)?;
    let mut error = None;
    // The page holds its most placements (`view::MAX_PLACEMENTS`).
    let mut full = false;
    let report = runner.solve(problem.matrix(), &mut |opts: &[OptionId]| {
        if !distinct.keeps(opts) {
            return Control::Continue;
        }
        match &sieve {
            None => full = !page.push(opts),
            Some(sieve) => match sieve.judge(opts) {
                Verdict::Stop => return Control::Stop,
                Verdict::Skip => return Control::Continue,
                Verdict::Failed(e) => {
                    error = Some(e);
                    return Control::Stop;
                }
                Verdict::Apart(s) => {
                    full = !page.push(opts);
                    if !full {
                        page.set_disassembly(sieve.disassembler().page_moves(opts, &s));
                    }
                }
            },
        }
        if full {
            return Control::Stop;
        }
        super::until_limit(page.len() as u64, args.limit)
    })?;
    if let Some(e) = error {
        return Err(e);
    }
    let shown = page.len() as u64;
    if full {
        eprintln!(
            "polycover: the page holds the first {shown} solutions, not {}: a page holds at most {MAX_PLACEMENTS} placements (pieces placed) in all",
            args.limit
        );
    }
    if report.interrupted && shown < args.limit && search::interrupted() {
        return Err(Failure {
            code: crate::failure::INTERRUPTED,
            message: format!("interrupted: {shown} solutions found, no page written"),
        });
    }
    let complete = !report.interrupted && shown < args.limit && !full;
    // The file's count, where it counts what the page lists.
    let expected = problem.expect().and_then(|e| {
        if args.apart.disassemble {
            None // the page lists the solutions that come apart only
        } else if args.distinct {
            (e.group == group && group != GroupChoice::None)
                .then(|| e.distinct.clone())
                .flatten()
        } else {
            e.solutions.clone()
        }
    });
    let count = page::Count {
        shown,
        complete,
        expected,
        group: args.distinct.then(|| group.name()),
    };
    let extra = page::view_keys(problem.path(), &count);
    let html = page::html(
        &format!("{} — polycover", problem.name()),
        &page.json(extra),
    );
    if shown == 0 {
        args.apart.say_none(&*problem);
    }
    Ok((html, shown))
}
