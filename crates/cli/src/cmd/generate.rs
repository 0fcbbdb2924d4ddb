//! `polycover generate PUZZLE --loose K --count N --seed S -o DIR`: booklet
//! challenges with exactly one solution (crate `designer`, module
//! `generate`), each written as a catalog file that `verify` checks, and a
//! printable `booklet.html`.

use super::hint::placement_json;
use crate::failure::Failure;
use crate::output::{self, JsonArg};
use clap::Args;
use designer::generate::{self, Generated, Settings, file::FileText};
use dlx::OptionId;
use problem::polyform_puzzle::PolyformProblem;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(
    after_help = "Each challenge is the puzzle with some pieces placed where they are in a random solution, so that the loose pieces fill the rest in exactly one way. By default a challenge is minimal: pieces are made loose one at a time (in a random order) while the solution stays unique, so it has at least K loose pieces and no placed piece can be taken off; --fixed stops at exactly K. The same seed gives the same files; no two challenges are the same up to the board's symmetry. Levels are sorted by difficulty (docs/designer.md).\n\nExit codes: 0 all N challenges written; 1 fewer distinct challenges exist than asked for (those found are written); 2 bad input (K = 0 or larger than the pieces, N = 0 or more than 1000000, a puzzle with no solution, not a polyform puzzle, an existing non-empty DIR without --force)."
)]
pub struct GenerateArgs {
    /// A polyform puzzle file
    file: PathBuf,
    /// Loose pieces, left for the player: at least this many (exactly with --fixed)
    #[arg(long, value_name = "K")]
    loose: usize,
    /// Challenges to make (1 to 1000000)
    #[arg(long, value_name = "N", default_value_t = 10)]
    count: usize,
    /// Seed of the random choices (the same seed, the same challenges)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Keep exactly K loose pieces instead of loosening further (the challenge is then not minimal)
    #[arg(long)]
    fixed: bool,
    /// The directory to write the challenge files and booklet.html into
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: PathBuf,
    /// Write into DIR even if it is not empty (files of the same names are replaced)
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    limits: super::LimitArgs,
}

pub fn run(args: GenerateArgs) -> Result<u8, Failure> {
    let settings = Settings {
        loose: args.loose,
        count: args.count,
        seed: args.seed,
        fixed: args.fixed,
    };
    settings
        .check()
        .map_err(|e| Failure::input(format!("{}: {e}", args.file.display())))?;
    let limits = args.limits.limits();
    let text = &super::hint::read_polyform(&args.file, &limits, "generate")?;
    let p = PolyformProblem::parse(&args.file, text, &limits).map_err(|e| match e.kind {
        polyform::ErrorKind::AreaTooLarge { .. } | polyform::ErrorKind::AreaTooSmall { .. } => {
            Failure::input(format!(
                "{e}: the puzzle has no solution, so it has no challenges (`polycover explain` tells why)"
            ))
        }
        _ => e.into(),
    })?;
    let command = format!(
        "polycover generate {} --loose {} --count {} --seed {}{}",
        args.file.display(),
        args.loose,
        args.count,
        args.seed,
        if args.fixed { " --fixed" } else { "" }
    );
    // The output is checked before the work (which can take long), and
    // made only after it, so that an interrupted run leaves no directory.
    check_dir(&args.out, args.force, &args.file)?;
    let generated = generate::generate(&p.puzzle, &p.encoding, &limits, &settings)
        .map_err(|e| Failure::input(format!("{}: {e}", args.file.display())))?;
    prepare_dir(&args.out, args.force, &args.file)?;
    let files = write_files(&p, text, &args, &generated, &command)?;
    let html = generate::booklet::booklet(
        &p.puzzle,
        &p.encoding,
        &generated,
        &files,
        &command,
        &limits,
    )?;
    let booklet = args.out.join("booklet.html");
    std::fs::write(&booklet, html).map_err(|e| {
        Failure::input(format!(
            "{}: cannot write the booklet: {e}",
            booklet.display()
        ))
    })?;
    if args.json.json {
        let v = summary_json(&p, &args, &generated, &files, &booklet);
        output::print_json(&mut std::io::stdout().lock(), &v)?;
    } else {
        println!(
            "{}: {} in {} ({} tried), booklet {}",
            p.puzzle.name,
            output::plural(generated.challenges.len(), "challenge", "challenges"),
            args.out.display(),
            output::plural(generated.attempts, "random solution", "random solutions"),
            booklet.display()
        );
    }
    if generated.challenges.len() < args.count {
        return Err(Failure::check(format!(
            "{}: only {} with {} turned up in {} (asked for {})",
            args.file.display(),
            output::plural(
                generated.challenges.len(),
                "distinct challenge",
                "distinct challenges"
            ),
            output::plural(args.loose, "loose piece", "loose pieces"),
            output::plural(generated.attempts, "random solution", "random solutions"),
            args.count
        )));
    }
    Ok(0)
}

/// What `--json` prints: the settings, then each challenge's file, placed
/// pieces, loose pieces and difficulty, level by level (docs/designer.md).
fn summary_json(
    p: &PolyformProblem,
    args: &GenerateArgs,
    generated: &Generated,
    files: &[String],
    booklet: &Path,
) -> Value {
    let enc = &p.encoding;
    let name = |o: &usize| p.puzzle.pieces[enc.placements[*o].piece].name.clone();
    let challenges: Vec<Value> = generated
        .challenges
        .iter()
        .zip(files)
        .enumerate()
        .map(|(i, (c, file))| {
            json!({
                "level": i + 1,
                "file": args.out.join(file),
                "placed": c.given.iter().map(|&o| placement_json(p, OptionId::from_index(o))).collect::<Vec<_>>(),
                "loose_pieces": c.loose.iter().map(name).collect::<Vec<_>>(),
                "difficulty": {"nodes": c.difficulty.nodes, "forced_placements": c.difficulty.forced},
            })
        })
        .collect();
    json!({
        "type": "generate",
        "puzzle": p.puzzle.name,
        "file": args.file,
        "kind": "polyform",
        "loose": args.loose,
        "fixed": args.fixed,
        "seed": args.seed,
        "asked": args.count,
        "attempts": generated.attempts,
        "dir": args.out,
        "booklet": booklet,
        "challenges": challenges,
    })
}

/// Checks `dir` before the work, without making it: an existing one must
/// be a directory, empty (or `force`), not the puzzle's own, and one a
/// file can be made in; a missing one must have, as its nearest existing
/// ancestor, a directory a file can be made in (the missing levels are
/// made after the work, as documented). Messages name `dir` and say what
/// is wrong.
fn check_dir(dir: &Path, force: bool, puzzle: &Path) -> Result<(), Failure> {
    let cannot = |why: String| {
        Failure::input(format!(
            "{}: cannot write the challenges there: {why}",
            dir.display()
        ))
    };
    if dir.exists() {
        existing_dir(dir, force, puzzle)?;
        return probe(dir).map_err(|e| cannot(e.to_string()));
    }
    // The nearest ancestor that exists (`.` for a relative path).
    let mut up = dir.parent();
    let base = loop {
        match up {
            Some(p) if p.as_os_str().is_empty() => break Path::new("."),
            Some(p) if p.exists() || p.symlink_metadata().is_ok() => break p,
            Some(p) => up = p.parent(),
            None => break Path::new("."),
        }
    };
    if !base.is_dir() {
        return Err(cannot(format!("{} is not a directory", base.display())));
    }
    probe(base).map_err(|e| {
        cannot(format!(
            "no directory can be made in {} ({e})",
            base.display()
        ))
    })
}

/// Makes and removes a file in `dir`: can the command write there?
fn probe(dir: &Path) -> std::io::Result<()> {
    let p = dir.join(format!(".polycover-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&p)?;
    let _ = std::fs::remove_file(&p);
    Ok(())
}

/// The checks on an existing `dir`: a directory, empty unless `force`, and
/// not the puzzle's own directory (its files are never replaced).
fn existing_dir(dir: &Path, force: bool, puzzle: &Path) -> Result<(), Failure> {
    let io = |e: std::io::Error| Failure::input(format!("{}: {e}", dir.display()));
    if !dir.is_dir() {
        return Err(Failure::input(format!(
            "{}: exists and is not a directory",
            dir.display()
        )));
    }
    let empty = std::fs::read_dir(dir).map_err(io)?.next().is_none();
    if !empty && !force {
        return Err(Failure::input(format!(
            "{}: the directory is not empty (--force writes into it anyway)",
            dir.display()
        )));
    }
    let here = puzzle.parent().map(|p| {
        if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        }
    });
    if let (Some(Ok(a)), Ok(b)) = (here.map(Path::canonicalize), dir.canonicalize())
        && a == b
    {
        return Err(Failure::input(format!(
            "{}: is the puzzle's own directory: write the challenges elsewhere (the puzzle file is never overwritten)",
            dir.display()
        )));
    }
    Ok(())
}

/// Creates `dir` after the work, with the checks of [`existing_dir`] once
/// more (it may have changed meanwhile).
fn prepare_dir(dir: &Path, force: bool, puzzle: &Path) -> Result<(), Failure> {
    if dir.exists() {
        return existing_dir(dir, force, puzzle);
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::input(format!(
            "{}: cannot create the directory for the challenges: {e}",
            dir.display()
        ))
    })?;
    existing_dir(dir, force, puzzle)
}

/// The pieces on a challenge's board, in words: `placed` in all, of which
/// `own` the puzzle file placed already ("12 pieces placed (10 by the
/// puzzle)"), so a note never counts only the challenge's own.
fn placed_words(placed: usize, own: usize) -> String {
    let words = output::plural(placed, "piece placed", "pieces placed");
    if own == 0 {
        words
    } else {
        format!("{words} ({own} by the puzzle)")
    }
}

/// Writes each challenge as `level-NN.toml`, checking on the way that the
/// file, read back, has exactly one solution; the file names in level order.
fn write_files(
    p: &PolyformProblem,
    text: &str,
    args: &GenerateArgs,
    generated: &Generated,
    command: &str,
) -> Result<Vec<String>, Failure> {
    let digits = generated.challenges.len().to_string().len().max(2);
    let total = generated.challenges.len();
    let mut names = Vec::new();
    for (i, c) in generated.challenges.iter().enumerate() {
        let level = i + 1;
        let file_name = format!("level-{level:0digits$}.toml");
        let path = args.out.join(&file_name);
        let art = generate::file::board_art(&p.puzzle, &c.given_placements(&p.encoding));
        let name = format!("{} level {level}", p.puzzle.name);
        let notes = format!(
            "Level {level} of {total}: {}, {} loose; difficulty {} nodes, {} forced (docs/designer.md)",
            placed_words(c.placed(&p.puzzle), p.puzzle.fixed.len()),
            c.loose.len(),
            c.difficulty.nodes,
            c.difficulty.forced
        );
        let f = FileText {
            name: &name,
            command,
            notes: &notes,
            art: &art,
        };
        let toml = generate::file::challenge_toml(text, &args.file, &args.out, &f)
            .map_err(Failure::input)?;
        std::fs::write(&path, &toml).map_err(|e| {
            Failure::input(format!(
                "{}: cannot write the challenge file: {e}",
                path.display()
            ))
        })?;
        let limits = args.limits.limits();
        let back = polyform::file::parse_puzzle_with(&path, &toml, &limits)?;
        generate::measure(&back, &limits)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        names.push(file_name);
    }
    Ok(names)
}
