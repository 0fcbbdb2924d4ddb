//! `polycover count | solve | show | matrix`: puzzles written in files.

use crate::Failure;
use crate::run::{self, CheckpointArgs, Runner, SearchArgs, interrupted_failure};
use crate::svg_out::SvgOut;
use crate::tiles_cmd;
use clap::{Args, ValueEnum};
use dlx::{Control, OptionId, Stats};
use parallel::Report;
use polyform::symmetry::{self, DistinctCount};
use polyform::{CellKind, Encoding, Puzzle, render};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args)]
pub struct CountArgs {
    /// The puzzle file
    file: PathBuf,
    /// Also count solutions up to the board's symmetries (rotations and
    /// reflections that map the puzzle onto itself)
    #[arg(long)]
    distinct: bool,
    /// Search the whole tree. By default a board with symmetries is searched
    /// with one piece at one placement per orbit (|G| times less work, the
    /// same exact total); nodes and updates are then those of that search.
    /// Counting with --checkpoint/--resume always searches the whole tree
    #[arg(long, conflicts_with = "distinct")]
    full_search: bool,
    /// Print one JSON object (keys puzzle, solutions, distinct, group_order,
    /// reduced, nodes, updates, seconds, threads)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

/// What `count` computes, and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountMode {
    /// The total, through the symmetry-reduced search when there is one.
    Total,
    /// The total, from the whole tree (`--full-search`, checkpoints).
    FullSearch,
    /// The total and the number of distinct solutions.
    Distinct,
}

impl CountMode {
    pub fn new(distinct: bool, full_search: bool, checkpoint: &CheckpointArgs) -> CountMode {
        if distinct {
            CountMode::Distinct
        } else if full_search || checkpoint.checkpoint.is_some() || checkpoint.resume.is_some() {
            CountMode::FullSearch
        } else {
            CountMode::Total
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Pictures of the filled board
    Text,
    /// One JSON object per solution, one per line
    Json,
    /// SVG pictures: one file per solution in --out DIR (or standard output
    /// for a single solution)
    Svg,
}

#[derive(Args)]
pub struct SolveArgs {
    /// The puzzle file
    file: PathBuf,
    /// Print the first N solutions (default 1)
    #[arg(long, value_name = "N", conflicts_with = "all")]
    limit: Option<u64>,
    /// Print every solution
    #[arg(long)]
    all: bool,
    /// Print one solution per class of solutions equal up to the board's
    /// symmetries (the one whose placements, as sorted option numbers, come
    /// first among its images)
    #[arg(long)]
    distinct: bool,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// With --format svg: the directory for the SVG files (created if need be)
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// With --format svg --out DIR: also write DIR/index.html, every
    /// solution in a grid with the puzzle's name, the counts and the pieces
    #[arg(long)]
    gallery: bool,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// The board, pieces, symmetry group and matrix in words and pictures
    Text,
    /// One SVG picture of the board (with pre-placed pieces) and the pieces
    Svg,
}

#[derive(Args)]
pub struct ShowArgs {
    /// The puzzle file
    file: PathBuf,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    format: ShowFormat,
}

#[derive(Args)]
pub struct FileArgs {
    /// The puzzle file
    file: PathBuf,
}

/// Reads a puzzle file and encodes it; errors are bad input (exit 2).
pub fn load(path: &Path) -> Result<(Puzzle, Encoding), Failure> {
    let puzzle = polyform::load(path).map_err(|e| Failure::input(e.to_string()))?;
    let enc = polyform::encode(&puzzle).map_err(|e| Failure::input(e.to_string()))?;
    Ok((puzzle, enc))
}

/// Should pictures be colored? Only on a terminal, and never when
/// `NO_COLOR` is set to something non-empty.
fn use_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Totals of a count, with the distinct count when asked for.
pub struct Counted {
    pub stats: Stats,
    pub distinct: Option<DistinctCount>,
    /// The order of the group the search was reduced by (1: whole tree).
    pub reduced_by: usize,
    pub threads: usize,
}

/// Counts a puzzle's solutions on the runner (see [`count_with`]). Ctrl-C
/// gives exit 130 with the partial count.
pub fn count_puzzle(
    puzzle: &Puzzle,
    enc: &Encoding,
    runner: &Runner,
    mode: CountMode,
) -> Result<Counted, Failure> {
    let failure = |e| match e {
        symmetry::DistinctError::Search(f) => f,
        symmetry::DistinctError::Internal(m) => Failure {
            code: 1,
            message: format!("{}: {m}", puzzle.path.display()),
        },
    };
    count_with(&enc.matrix, runner, mode, |fast_only| {
        if fast_only {
            symmetry::count_reduced(puzzle, enc, &mut &*runner).map_err(failure)
        } else {
            symmetry::count_distinct(puzzle, enc, &mut &*runner)
                .map(Some)
                .map_err(failure)
        }
    })
}

/// Counts `m` on the runner as `mode` says. `up_to_symmetry(fast_only)`
/// runs the symmetry-reduced search, which gives the total and the distinct
/// count; with `fast_only` it returns `None` rather than fall back to a
/// method slower than counting the whole tree. Shared by every kind of
/// puzzle.
pub fn count_with(
    m: &dlx::Matrix,
    runner: &Runner,
    mode: CountMode,
    up_to_symmetry: impl FnOnce(bool) -> Result<Option<DistinctCount>, Failure>,
) -> Result<Counted, Failure> {
    let reduced = match mode {
        CountMode::FullSearch => None,
        CountMode::Total => up_to_symmetry(true)?,
        CountMode::Distinct => up_to_symmetry(false)?,
    };
    if let Some(d) = reduced {
        Ok(Counted {
            stats: Stats {
                solutions: d.solutions,
                ..d.stats
            },
            reduced_by: match d.method {
                symmetry::Method::Representatives { .. } => d.group_order,
                _ => 1,
            },
            distinct: (mode == CountMode::Distinct).then_some(d),
            threads: runner.threads(),
        })
    } else {
        let r = runner.count(m)?;
        if r.interrupted {
            return Err(interrupted_failure("solutions", &r));
        }
        Ok(Counted {
            stats: run::stats(&r),
            distinct: None,
            reduced_by: 1,
            threads: r.threads,
        })
    }
}

pub fn run_count(args: CountArgs) -> Result<u8, Failure> {
    if tiles_cmd::is_tile_file(&args.file) {
        return tiles_cmd::run_count(
            &args.file,
            args.distinct,
            args.full_search,
            args.json,
            &args.search,
            &args.checkpoint,
        );
    }
    let (puzzle, enc) = load(&args.file)?;
    if args.distinct && (args.checkpoint.checkpoint.is_some() || args.checkpoint.resume.is_some()) {
        return Err(Failure::input(
            "--distinct runs several searches and cannot be checkpointed: drop --checkpoint/--resume, or count without --distinct",
        ));
    }
    let runner = Runner::new(&args.search, args.json).with_checkpoints(&args.checkpoint);
    let start = Instant::now();
    let mode = CountMode::new(args.distinct, args.full_search, &args.checkpoint);
    let counted = count_puzzle(&puzzle, &enc, &runner, mode)?;
    let seconds = start.elapsed().as_secs_f64();
    let group = counted
        .distinct
        .as_ref()
        .map(|d| format!("a symmetry group of order {}", d.group_order));
    print_count(
        &puzzle.name,
        &args.file,
        &counted,
        group.as_deref(),
        seconds,
        args.json,
    )?;
    Ok(0)
}

/// Prints the result of `count`: one line of text, or one JSON object with
/// `distinct` and `group_order` when counted up to symmetry. `group` says
/// in words what the distinct count is taken under.
pub fn print_count(
    name: &str,
    file: &Path,
    counted: &Counted,
    group: Option<&str>,
    seconds: f64,
    json: bool,
) -> Result<(), Failure> {
    let stats = counted.stats;
    let mut out = std::io::stdout().lock();
    if json {
        let mut v = serde_json::json!({
            "puzzle": name,
            "file": file.display().to_string(),
            "solutions": stats.solutions,
            "nodes": stats.nodes,
            "updates": stats.updates,
            "seconds": seconds,
            "threads": counted.threads,
        });
        if let Some(d) = &counted.distinct {
            v["distinct"] = serde_json::json!(d.distinct);
            v["group_order"] = serde_json::json!(d.group_order);
        }
        v["reduced"] = serde_json::json!(counted.reduced_by);
        writeln!(out, "{v}")?;
    } else {
        let distinct = match (&counted.distinct, group) {
            (Some(d), Some(g)) => format!(" ({} distinct under {g})", d.distinct),
            (Some(d), None) => format!(" ({} distinct)", d.distinct),
            _ => String::new(),
        };
        let tree = if counted.reduced_by > 1 {
            format!(
                " (in the search reduced {}-fold by symmetry)",
                counted.reduced_by
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "{name}: {} solutions{distinct}, {} nodes, {} updates{tree}, {seconds:.3} seconds",
            stats.solutions, stats.nodes, stats.updates
        )?;
    }
    Ok(())
}

pub fn run_solve(args: SolveArgs) -> Result<u8, Failure> {
    let limit = if args.all {
        u64::MAX
    } else {
        args.limit.unwrap_or(1)
    };
    if tiles_cmd::is_tile_file(&args.file) {
        return tiles_cmd::run_solve(&args.file, limit, args.distinct, args.format, &args.search);
    }
    let (puzzle, enc) = load(&args.file)?;
    let color = args.format == Format::Text && use_color();
    let svg_out = SvgOut::new(
        args.out.clone(),
        args.gallery,
        args.format == Format::Svg,
        limit > 1,
    )?;
    let mut visited = 0u64;
    let mut svg_error = None;
    // With --distinct, a solution is printed when it is the smallest of its
    // images under the group (options as sorted ids): one per class.
    let perms = if args.distinct {
        let group = symmetry::puzzle_group(&puzzle);
        symmetry::option_permutations(&group, &enc).map_err(|m| Failure {
            code: 1,
            message: m,
        })?
    } else {
        Vec::new()
    };
    let runner = Runner::new(&args.search, false);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut shown = 0u64;
    let mut error = None;
    let (mut mine, mut image) = (Vec::new(), Vec::new());
    let mut complete = true;
    if limit > 0 {
        let report = runner.solve(&enc.matrix, &mut |opts: &[OptionId]| {
            visited += 1;
            if args.distinct {
                mine.clear();
                mine.extend(opts.iter().map(|o| o.index() as u32));
                mine.sort_unstable();
                let smaller = perms.iter().any(|p| {
                    image.clear();
                    image.extend(mine.iter().map(|&o| p[o as usize]));
                    image.sort_unstable();
                    image < mine
                });
                if smaller {
                    return Control::Continue;
                }
            }
            shown += 1;
            let placements = enc.decode(&puzzle, opts);
            if args.format == Format::Svg {
                if let Err(e) = svg_out.write(&puzzle, shown, &placements, &mut out) {
                    svg_error = Some(e);
                    return Control::Stop;
                }
                return if shown >= limit {
                    Control::Stop
                } else {
                    Control::Continue
                };
            }
            let text = match args.format {
                Format::Text => match render::picture(&puzzle, &placements, color) {
                    Ok(picture) => format!("solution {shown}:\n{picture}\n"),
                    Err(e) => {
                        svg_error = Some(Failure::input(e.to_string()));
                        return Control::Stop;
                    }
                },
                Format::Json => {
                    format!("{}\n", render::solution_json(&puzzle, shown, &placements))
                }
                Format::Svg => unreachable!("written above"),
            };
            if let Err(e) = out.write_all(text.as_bytes()) {
                error = Some(e);
                return Control::Stop;
            }
            if shown >= limit {
                Control::Stop
            } else {
                Control::Continue
            }
        })?;
        complete = !report.interrupted && shown < limit;
        if report.interrupted && shown < limit && run::interrupted() {
            out.flush()?;
            return Err(interrupted_failure(
                "solutions printed",
                &Report {
                    solutions: shown as u128,
                    ..report
                },
            ));
        }
    }
    if let Some(e) = error {
        return Err(e.into());
    }
    if let Some(e) = svg_error {
        return Err(e);
    }
    if let Some(index) = svg_out.finish(&puzzle, shown, visited, args.distinct, complete)? {
        eprintln!(
            "polycover: {shown} pictures and {} written",
            index.display()
        );
    }
    if args.format == Format::Svg && shown == 0 {
        eprintln!("polycover: {}: no solution", puzzle.name);
    }
    if args.format == Format::Text && shown == 0 {
        writeln!(out, "{}: no solution", puzzle.name)?;
    }
    out.flush()?;
    Ok(0)
}

pub fn run_show(args: ShowArgs) -> Result<u8, Failure> {
    if tiles_cmd::is_tile_file(&args.file) {
        if args.format == ShowFormat::Svg {
            return Err(Failure::input(
                "SVG pictures are not available for tile puzzles yet: use `show` without --format svg",
            ));
        }
        return tiles_cmd::run_show(&args.file);
    }
    let (puzzle, enc) = load(&args.file)?;
    if args.format == ShowFormat::Svg {
        std::io::stdout().lock().write_all(
            polyform::svg::overview(&puzzle)
                .map_err(|e| Failure::input(e.to_string()))?
                .svg
                .as_bytes(),
        )?;
        return Ok(0);
    }
    let color = use_color();
    let lattice = puzzle.lattice();
    let mut s = String::new();
    use std::fmt::Write as _;
    let _ = writeln!(
        s,
        "{} ({} lattice{})",
        puzzle.name,
        puzzle.lattice,
        if puzzle.one_sided { ", one-sided" } else { "" }
    );
    let _ = writeln!(
        s,
        "board: {} cells, {} to fill, {} may stay empty, {} taken by pre-placed pieces",
        puzzle.board.len(),
        puzzle.board.count(CellKind::Fill),
        puzzle.board.count(CellKind::Optional),
        puzzle.fixed.iter().map(|p| p.cells.len()).sum::<usize>()
    );
    s.push_str(
        &render::picture(&puzzle, &puzzle.fixed, color)
            .map_err(|e| Failure::input(e.to_string()))?,
    );
    let _ = writeln!(s, "\npieces:");
    for (p, st) in puzzle.pieces.iter().zip(&enc.pieces) {
        let _ = writeln!(
            s,
            "  {} `{}`: {} cells, count {}, {} orientations, {} placements",
            p.name,
            p.symbol,
            p.size(),
            p.count,
            st.orientations,
            st.placements
        );
        let picture = render::shape_picture(lattice, p.cells.cells(), p.symbol)
            .map_err(|k| Failure::input(polyform::Error::at(&puzzle.path, None, k).to_string()))?;
        for line in picture.lines() {
            let _ = writeln!(s, "    {line}");
        }
    }
    let group = symmetry::puzzle_group(&puzzle);
    let _ = writeln!(
        s,
        "\nsymmetry group: order {} (maps of the board onto itself that carry the piece set onto itself)",
        group.order()
    );
    for g in &group.elements {
        let swaps: Vec<String> = g
            .pieces
            .iter()
            .enumerate()
            .filter(|&(i, &j)| i < j)
            .map(|(i, &j)| format!("{} <-> {}", puzzle.pieces[i].name, puzzle.pieces[j].name))
            .collect();
        let _ = writeln!(
            s,
            "  {}{}",
            lattice.describe(&g.point),
            if swaps.is_empty() {
                String::new()
            } else {
                format!(" (swaps {})", swaps.join(", "))
            }
        );
    }
    let m = &enc.matrix;
    let _ = writeln!(
        s,
        "\nmatrix: {} items ({} primary, {} secondary), {} options, {} entries{}",
        m.num_items(),
        m.num_primary(),
        m.num_secondary(),
        m.num_options(),
        m.num_entries(),
        if m.has_multiplicities() {
            " (multiplicities: Algorithm M)"
        } else {
            ""
        }
    );
    if let Some(e) = &puzzle.expect {
        let n = |v: Option<u128>| v.map_or("-".to_string(), |v| v.to_string());
        let _ = writeln!(
            s,
            "expected: {} solutions, {} distinct{}",
            n(e.solutions),
            n(e.distinct),
            e.source
                .as_ref()
                .map(|src| format!(" ({src})"))
                .unwrap_or_default()
        );
    }
    std::io::stdout().lock().write_all(s.as_bytes())?;
    Ok(0)
}

pub fn run_matrix(args: FileArgs) -> Result<u8, Failure> {
    if tiles_cmd::is_tile_file(&args.file) {
        return tiles_cmd::run_matrix(&args.file);
    }
    let (puzzle, enc) = load(&args.file)?;
    let comment = format!(
        "{} ({}): {} pieces, {} board cells\nmade by polycover matrix {}",
        puzzle.name,
        puzzle.lattice,
        puzzle.pieces.len(),
        puzzle.board.len(),
        args.file.display()
    );
    let text = dlx::format::write_with_comment(&enc.matrix, Some(&comment));
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(0)
}
