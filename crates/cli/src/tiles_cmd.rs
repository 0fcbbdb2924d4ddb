//! The file commands (`count`, `solve`, `show`, `matrix`, `verify`) on
//! edge-matching puzzles (`kind = "tiles"`, module `polyform::tiles`).
//!
//! `puzzle_cmd` asks [`is_tile_file`] at the top of each command and hands
//! tile puzzles over to the `run_*` functions here; `verify` loads either
//! kind as a [`Loaded`] puzzle. Searching goes through the same [`Runner`]
//! (threads, progress bar, Ctrl-C), and the distinct count through the same
//! `polyform::symmetry::count_distinct_by_action`, with the board's
//! rotations as option permutations.

use crate::Failure;
use crate::puzzle_cmd::{CountMode, Counted, Format, count_puzzle, count_with, print_count};
use crate::run::{self, CheckpointArgs, Runner, SearchArgs, interrupted_failure};
use dlx::{Control, OptionId};
use parallel::Report;
use polyform::symmetry::{self, DistinctCount};
use polyform::tiles::{TileEncoding, TilePuzzle, render};
use polyform::{Encoding, Expect, Puzzle};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Is the file a tile puzzle? Unreadable files say no: the polyform loader
/// then reports the problem.
pub fn is_tile_file(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| polyform::tiles::file::is_tile_puzzle(&t))
}

/// Reads a tile puzzle and encodes it; errors are bad input (exit 2).
pub fn load(path: &Path) -> Result<(TilePuzzle, TileEncoding), Failure> {
    let puzzle = polyform::tiles::file::load(path).map_err(|e| Failure::input(e.to_string()))?;
    let enc = polyform::tiles::encode(&puzzle).map_err(|e| Failure::input(e.to_string()))?;
    Ok((puzzle, enc))
}

/// A puzzle file of either kind, loaded and encoded.
pub enum Loaded {
    Polyform(Box<(Puzzle, Encoding)>),
    Tiles(Box<(TilePuzzle, TileEncoding)>),
}

impl Loaded {
    /// Loads a file of either kind.
    pub fn load(path: &Path) -> Result<Loaded, Failure> {
        if is_tile_file(path) {
            Ok(Loaded::Tiles(Box::new(load(path)?)))
        } else {
            Ok(Loaded::Polyform(Box::new(crate::puzzle_cmd::load(path)?)))
        }
    }

    /// The expected counts the file carries.
    pub fn expect(&self) -> Option<&Expect> {
        match self {
            Loaded::Polyform(x) => x.0.expect.as_ref(),
            Loaded::Tiles(x) => x.0.expect.as_ref(),
        }
    }

    /// Counts as `mode` says.
    pub fn count(&self, runner: &Runner, mode: CountMode) -> Result<Counted, Failure> {
        match self {
            Loaded::Polyform(x) => count_puzzle(&x.0, &x.1, runner, mode),
            Loaded::Tiles(x) => count_tiles(&x.0, &x.1, runner, mode),
        }
    }
}

/// The distinct count of a tile puzzle under the board's rotations (both
/// numbers from the search reduced to one representative per orbit).
/// With `fast_only`, `None` instead of a method slower than the whole search
/// (see `puzzle_cmd::count_with`).
pub fn distinct_tiles(
    puzzle: &TilePuzzle,
    enc: &TileEncoding,
    runner: &Runner,
    fast_only: bool,
) -> Result<Option<DistinctCount>, Failure> {
    let internal = |m: String| Failure {
        code: 1,
        message: format!("{}: {m}", puzzle.path.display()),
    };
    let failure = |e| match e {
        symmetry::DistinctError::Search(f) => f,
        symmetry::DistinctError::Internal(m) => internal(m),
    };
    let perms = enc.option_permutations(puzzle).map_err(internal)?;
    let candidates = enc.symmetry_candidates(puzzle);
    if !fast_only {
        return symmetry::count_distinct_by_action(&enc.matrix, &perms, &candidates, &mut &*runner)
            .map(Some)
            .map_err(failure);
    }
    symmetry::count_reduced_by_action(&enc.matrix, &perms, &candidates, &mut &*runner)
        .map_err(failure)
}

/// Counts a tile puzzle on the runner (see `puzzle_cmd::count_puzzle`).
pub fn count_tiles(
    puzzle: &TilePuzzle,
    enc: &TileEncoding,
    runner: &Runner,
    mode: CountMode,
) -> Result<Counted, Failure> {
    count_with(&enc.matrix, runner, mode, |fast_only| {
        distinct_tiles(puzzle, enc, runner, fast_only)
    })
}

/// `polycover count` on a tile puzzle.
pub fn run_count(
    file: &Path,
    distinct: bool,
    full_search: bool,
    json: bool,
    search: &SearchArgs,
    checkpoint: &CheckpointArgs,
) -> Result<u8, Failure> {
    let (puzzle, enc) = load(file)?;
    if distinct && (checkpoint.checkpoint.is_some() || checkpoint.resume.is_some()) {
        return Err(Failure::input(
            "--distinct runs several searches and cannot be checkpointed: drop --checkpoint/--resume, or count without --distinct",
        ));
    }
    let runner = Runner::new(search, json).with_checkpoints(checkpoint);
    let start = Instant::now();
    let mode = CountMode::new(distinct, full_search, checkpoint);
    let counted = count_tiles(&puzzle, &enc, &runner, mode)?;
    let seconds = start.elapsed().as_secs_f64();
    let group = counted
        .distinct
        .as_ref()
        .map(|d| format!("the board's {} rotations", d.group_order));
    print_count(
        &puzzle.name,
        file,
        &counted,
        group.as_deref(),
        seconds,
        json,
    )?;
    Ok(0)
}

/// `polycover solve` on a tile puzzle.
pub fn run_solve(
    file: &Path,
    limit: u64,
    distinct: bool,
    format: Format,
    search: &SearchArgs,
) -> Result<u8, Failure> {
    if format == Format::Svg {
        return Err(Failure::input(
            "SVG pictures are not available for tile puzzles yet: use --format text or json",
        ));
    }
    let (puzzle, enc) = load(file)?;
    let perms = if distinct {
        enc.option_permutations(&puzzle).map_err(|m| Failure {
            code: 1,
            message: m,
        })?
    } else {
        Vec::new()
    };
    let runner = Runner::new(search, false);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut shown = 0u64;
    let mut error = None;
    let (mut mine, mut image) = (Vec::new(), Vec::new());
    if limit > 0 {
        let report = runner.solve(&enc.matrix, &mut |opts: &[OptionId]| {
            if distinct {
                // Print a solution when it is the smallest of its images.
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
            let placements = enc.decode(opts);
            let text = match format {
                Format::Text => format!(
                    "solution {shown}:\n{}\n",
                    render::picture(&puzzle, &placements)
                ),
                Format::Json => format!("{}\n", render::solution_json(&puzzle, shown, &placements)),
                Format::Svg => unreachable!("refused before the search"),
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
    if format == Format::Text && shown == 0 {
        writeln!(out, "{}: no solution", puzzle.name)?;
    }
    out.flush()?;
    Ok(0)
}

/// `polycover show` on a tile puzzle.
pub fn run_show(file: &Path) -> Result<u8, Failure> {
    use std::fmt::Write as _;
    let (puzzle, enc) = load(file)?;
    let board = &puzzle.board;
    let mut s = String::new();
    let shape = match board.shape {
        polyform::tiles::Shape::Triangle(n) => format!("a triangle of side {n}"),
        polyform::tiles::Shape::Rectangle(w, h) => format!("a {w}x{h} rectangle"),
    };
    let _ = writeln!(
        s,
        "{} (edge matching, {shape}: {} positions, {} internal edges{})",
        puzzle.name,
        board.len(),
        board.edges().len(),
        if puzzle.turn_over {
            ", tiles may be turned over"
        } else {
            ""
        }
    );
    let codes = render::label_codes(&puzzle);
    let _ = writeln!(s, "labels:");
    for (l, c) in puzzle.labels.iter().zip(&codes) {
        let meets = match l.meets {
            Some(m) if puzzle.labels[m].name == l.name => "meets itself".to_string(),
            Some(m) => format!("meets {}", puzzle.labels[m].name),
            None => "border only".to_string(),
        };
        let _ = writeln!(s, "  {} ({c}): {meets}", l.name);
    }
    if let Some(b) = &puzzle.border {
        let names: Vec<&str> = b.iter().map(|&x| puzzle.labels[x].name.as_str()).collect();
        let _ = writeln!(s, "border: only {} may face out", names.join(", "));
    }
    let mut per_tile = vec![0usize; puzzle.tiles.len()];
    for p in &enc.placements {
        per_tile[p.tile] += 1;
    }
    let _ = writeln!(s, "tiles (edges clockwise):");
    for (t, n) in puzzle.tiles.iter().zip(&per_tile) {
        let edges: Vec<&str> = t.edges.iter().map(|&x| codes[x].as_str()).collect();
        let _ = writeln!(s, "  {}: {} ({n} placements)", t.name, edges.join(" "));
    }
    let rotations = board.rotations();
    let degrees: Vec<String> = rotations.iter().map(|g| g.degrees.to_string()).collect();
    let _ = writeln!(
        s,
        "symmetry group: order {} (rotations of the board by {} degrees)",
        rotations.len(),
        degrees.join(", ")
    );
    let m = &enc.matrix;
    let _ = writeln!(
        s,
        "matrix: {} items ({} primary, {} secondary), {} options, {} entries, {} colors",
        m.num_items(),
        m.num_primary(),
        m.num_secondary(),
        m.num_options(),
        m.num_entries(),
        m.num_colors()
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

/// `polycover matrix` on a tile puzzle.
pub fn run_matrix(file: &Path) -> Result<u8, Failure> {
    let (puzzle, enc) = load(file)?;
    let comment = format!(
        "{} (edge matching): {} tiles, {} positions\nmade by polycover matrix {}",
        puzzle.name,
        puzzle.tiles.len(),
        puzzle.board.len(),
        file.display()
    );
    let text = dlx::format::write_with_comment(&enc.matrix, Some(&comment));
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(0)
}
