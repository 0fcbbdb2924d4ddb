//! `polycover count | solve | show | matrix`: puzzles written in files.

use crate::Failure;
use clap::{Args, ValueEnum};
use dlx::{Control, Matrix, OptionId, Solver, Stats};
use polyform::{CellKind, Encoding, Puzzle, render};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args)]
pub struct CountArgs {
    /// The puzzle file
    file: PathBuf,
    /// Print one JSON object (keys puzzle, solutions, nodes, updates, seconds)
    #[arg(long)]
    json: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Pictures of the filled board
    Text,
    /// One JSON object per solution, one per line
    Json,
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
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Args)]
pub struct FileArgs {
    /// The puzzle file
    file: PathBuf,
}

/// Reads a puzzle file and encodes it; errors are bad input (exit 2).
pub fn load(path: &Path) -> Result<(Puzzle, Encoding), Failure> {
    let puzzle = polyform::load(path).map_err(|e| Failure::input(e.to_string()))?;
    let enc = polyform::encode(&puzzle)
        .map_err(|m| Failure::input(format!("{}: {m}", path.display())))?;
    Ok((puzzle, enc))
}

/// Counts the solutions of a matrix: the single place where the search
/// runs for `count` and `verify`, so a parallel driver can replace it.
pub fn count(matrix: &Matrix) -> Stats {
    let mut solver = Solver::new(matrix);
    solver.count();
    solver.stats()
}

/// Should pictures be colored? Only on a terminal, and never when
/// `NO_COLOR` is set to something non-empty.
fn use_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

pub fn run_count(args: CountArgs) -> Result<u8, Failure> {
    let (puzzle, enc) = load(&args.file)?;
    let start = Instant::now();
    let stats = count(&enc.matrix);
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    if args.json {
        let v = serde_json::json!({
            "puzzle": puzzle.name,
            "file": args.file.display().to_string(),
            "solutions": stats.solutions as u64,
            "nodes": stats.nodes,
            "updates": stats.updates,
            "seconds": seconds,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(
            out,
            "{}: {} solutions, {} nodes, {} updates, {seconds:.3} seconds",
            puzzle.name, stats.solutions, stats.nodes, stats.updates
        )?;
    }
    Ok(0)
}

pub fn run_solve(args: SolveArgs) -> Result<u8, Failure> {
    let (puzzle, enc) = load(&args.file)?;
    let limit = if args.all {
        u64::MAX
    } else {
        args.limit.unwrap_or(1)
    };
    let color = args.format == Format::Text && use_color();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut shown = 0u64;
    let mut error = None;
    if limit > 0 {
        let mut solver = Solver::new(&enc.matrix);
        solver.solve(&mut |opts: &[OptionId]| {
            shown += 1;
            let placements = enc.decode(&puzzle, opts);
            let text = match args.format {
                Format::Text => format!(
                    "solution {shown}:\n{}\n",
                    render::picture(&puzzle, &placements, color)
                ),
                Format::Json => {
                    format!("{}\n", render::solution_json(&puzzle, shown, &placements))
                }
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
        });
    }
    if let Some(e) = error {
        return Err(e.into());
    }
    if args.format == Format::Text && shown == 0 {
        writeln!(out, "{}: no solution", puzzle.name)?;
    }
    out.flush()?;
    Ok(0)
}

pub fn run_show(args: FileArgs) -> Result<u8, Failure> {
    let (puzzle, enc) = load(&args.file)?;
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
    s.push_str(&render::picture(&puzzle, &puzzle.fixed, color));
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
        for line in render::shape_picture(lattice, p.cells.cells(), p.symbol).lines() {
            let _ = writeln!(s, "    {line}");
        }
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
