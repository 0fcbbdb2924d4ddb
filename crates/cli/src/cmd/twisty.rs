//! `polycover twisty ...`: twisty puzzles (crate `polycover-twisty`): list
//! the catalog, show a puzzle, count its positions, apply moves, check a
//! state, scramble, and God's algorithm for small puzzles.
//!
//! A PUZZLE argument is a catalog name (`3x3x3`, `megaminx`, `cube-4`...)
//! or a puzzle file (`.toml`, docs/twisty.md).

use super::twisty_common::{
    DEFAULT_MAX_SIZE, LongArgs, MAX_PAGE_SIZE, NotationArg, check_page_size, exit_on_interrupt,
    facelet_cube, fail, load_puzzle, no_puzzle, puzzle_named_by_state, read_state, read_state_file,
    refuse_other_puzzle, state_puzzle,
};
use crate::failure::{CHECK_FAILED, Failure};
use crate::output::{self, JsonArg};
use clap::{Args, Subcommand, ValueEnum};
use indicatif::ProgressBar;
use num_bigint::BigUint;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;
use twisty::check::Verdict;
use twisty::count::{Counts, Group};
use twisty::distances::{self, Metric};
use twisty::error::clip;
use twisty::file;
use twisty::rng::Rng;
use twisty::{Puzzle, State, catalog, state};

#[derive(Args)]
pub struct TwistyArgs {
    #[command(subcommand)]
    command: TwistyCommand,
}

#[derive(Subcommand)]
enum TwistyCommand {
    /// List the catalog's puzzles
    List(JsonArg),
    /// Show a puzzle: faces, stickers, pieces, orbits, axes and moves
    Show(ShowArgs),
    /// Count a puzzle's positions: group order, positions, positions up to rotations
    Count(CountArgs),
    /// Apply moves to the solved puzzle and print the state
    Apply(ApplyArgs),
    /// Say whether a state (docs/twisty.md) is reachable, and if not, why (exit 1)
    Check(CheckArgs),
    /// A random scramble: moves, or a uniformly random state
    Scramble(ScrambleArgs),
    /// God's algorithm: positions at each distance from solved (small puzzles)
    Distances(DistancesArgs),
    /// Twist it in 3D: serve the twisty page with its solver on 127.0.0.1 (or -o: write the page)
    Play(super::twisty_play::PlayArgs),
    /// Solve a state (file, standard input, --scramble or --random-state); --optimal for small puzzles
    Solve(super::twisty_solve::SolveArgs),
}

#[derive(Args)]
struct PuzzleArgs {
    /// A catalog name (`polycover twisty list`) or a puzzle file (.toml)
    puzzle: String,
    #[command(flatten)]
    json: JsonArg,
}

#[derive(Args)]
struct ShowArgs {
    /// A catalog name (`polycover twisty list`) or a puzzle file (.toml)
    puzzle: String,
    /// Refuse --json for puzzles larger than this, in stickers times moves (the JSON holds
    /// every move's permutation)
    #[arg(long, value_name = "N", default_value_t = MAX_PAGE_SIZE)]
    max_page_size: u64,
    #[command(flatten)]
    json: JsonArg,
}

#[derive(Args)]
struct CountArgs {
    /// A catalog name (`polycover twisty list`) or a puzzle file (.toml)
    puzzle: String,
    #[command(flatten)]
    long: LongArgs,
    #[command(flatten)]
    json: JsonArg,
}

#[derive(Args)]
struct ApplyArgs {
    /// A catalog name or a puzzle file
    puzzle: String,
    /// Moves, e.g. "R U R' U'", and notation beyond the move set: M E S, x y z, Rw, r, 2R,
    /// 1-2U on cubes, R++ D-- on the Megaminx (docs/twisty.md has the notation)
    moves: String,
    /// How the moves are echoed
    #[arg(long, value_enum, default_value_t)]
    notation: NotationArg,
    /// How the state is printed: the text form, or a cube's facelet string (one line)
    #[arg(long, value_enum, default_value_t, conflicts_with = "json")]
    format: StateFormat,
    /// Colour letters of a facelet string (with --format facelets): a scheme's name (western)
    /// or FACE:LETTER pairs
    #[arg(long)]
    scheme: Option<String>,
    #[command(flatten)]
    json: JsonArg,
}

/// How `apply` prints a state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
enum StateFormat {
    /// The text form (docs/twisty.md)
    #[default]
    Text,
    /// The facelet string other 3x3x3 solvers read: U R F D L B, each face row by row
    Facelets,
}

#[derive(Args)]
struct CheckArgs {
    /// The state file (text or JSON; `-` or none: standard input)
    state: Option<PathBuf>,
    /// The puzzle (default: the one the state names; NxNxN for a facelet string of 6N² letters)
    #[arg(long)]
    puzzle: Option<String>,
    /// A facelet string's letters are colours of this scheme: a name (western: W Y G B R O) or
    /// FACE:LETTER pairs (U:W,F:G,R:R,D:Y,B:B,L:O)
    #[arg(long)]
    scheme: Option<String>,
    #[command(flatten)]
    long: LongArgs,
    #[command(flatten)]
    json: JsonArg,
}

#[derive(Args)]
struct ScrambleArgs {
    /// A catalog name or a puzzle file
    puzzle: String,
    /// Moves that give a uniformly random reachable state (the inverse of its solution), not
    /// random moves; --json adds the state
    #[arg(long)]
    random_state: bool,
    /// Seed of the random choices (default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
    /// Number of random moves (default: 25, or 3 per move of the move set if more; at most
    /// 100000)
    #[arg(long, conflicts_with = "random_state")]
    length: Option<u64>,
    /// How the moves are written
    #[arg(long, value_enum, default_value_t)]
    notation: NotationArg,
    #[command(flatten)]
    long: LongArgs,
    #[command(flatten)]
    json: JsonArg,
}

/// How moves are counted by `distances`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum MetricArg {
    /// Every turn of a move, of any amount, is one move
    Htm,
    /// Only single turns, either way, are moves
    Qtm,
}

#[derive(Args)]
struct DistancesArgs {
    /// A catalog name or a puzzle file
    puzzle: String,
    /// Use only these moves (e.g. "U R F": the 2x2x2 with a corner fixed)
    #[arg(long)]
    moves: Option<String>,
    /// Metric
    #[arg(long, value_enum, default_value = "htm")]
    metric: MetricArg,
    /// Refuse puzzles with more positions (two bits each)
    #[arg(long, default_value_t = distances::DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    #[command(flatten)]
    long: LongArgs,
    #[command(flatten)]
    json: JsonArg,
}

/// The longest scramble `twisty scramble --length` makes: far past the
/// point where more moves make it no more random, and a few hundred
/// kilobytes of text.
pub const MAX_SCRAMBLE_LENGTH: u64 = 100_000;

pub fn run(args: TwistyArgs) -> Result<u8, Failure> {
    exit_on_interrupt();
    match args.command {
        TwistyCommand::List(json) => list(json.json),
        TwistyCommand::Show(a) => show(a),
        TwistyCommand::Count(a) => count(a),
        TwistyCommand::Apply(a) => apply(a),
        TwistyCommand::Check(a) => check(a),
        TwistyCommand::Scramble(a) => scramble(a),
        TwistyCommand::Distances(a) => distances_cmd(a),
        TwistyCommand::Play(a) => super::twisty_play::run(a),
        TwistyCommand::Solve(a) => super::twisty_solve::solve(a),
    }
}

fn list(json: bool) -> Result<u8, Failure> {
    let mut out = std::io::stdout().lock();
    let rows: Vec<(&str, String)> = catalog::names()
        .into_iter()
        .map(|n| (n, catalog::describe(n).unwrap_or_default()))
        .collect();
    if json {
        let v = output::twisty::list(&rows, DEFAULT_MAX_SIZE);
        output::print_json(&mut out, &v)?;
    } else {
        for (n, d) in rows {
            writeln!(out, "{n:<20} {d}")?;
        }
        let families: Vec<String> = catalog::FAMILIES
            .iter()
            .map(|f| format!("{} for {}", f.form, f.range()))
            .collect();
        writeln!(
            out,
            "(also {} (NxNxN as cube-N); those over {DEFAULT_MAX_SIZE} stickers times moves are refused by count, check, solve, distances and scramble --random-state unless --max-size raises the limit)",
            families.join(", ")
        )?;
    }
    Ok(0)
}

fn show(a: ShowArgs) -> Result<u8, Failure> {
    let (p, _) = load_puzzle(&a.puzzle)?;
    if a.json.json {
        check_page_size(&p, a.max_page_size, "`twisty show --json`")?;
    }
    let mut out = std::io::stdout().lock();
    if a.json.json {
        output::print_json(&mut out, &output::twisty::puzzle(&p))?;
        return Ok(0);
    }
    writeln!(
        out,
        "{}: {} cut {}, moves {}",
        p.name(),
        p.spec.solid.name(),
        p.spec
            .cuts
            .iter()
            .map(|c| c.format())
            .collect::<Vec<_>>()
            .join(", "),
        p.spec.moves.describe()
    )?;
    writeln!(
        out,
        "{} faces, {} stickers, {} pieces, {} orbits, {} axes, {} moves",
        p.geometry.faces.len(),
        p.degree(),
        p.pieces.len(),
        p.orbits.len(),
        p.axes.len(),
        p.moves.len()
    )?;
    writeln!(out, "\norbits (stickers that moves carry onto each other):")?;
    for (i, o) in p.orbits.iter().enumerate() {
        writeln!(
            out,
            "  {i:>3}: {} stickers, {} pieces of {} sticker(s), e.g. at {}",
            o.stickers.len(),
            o.pieces.len(),
            o.piece_size,
            o.pieces
                .first()
                .map_or("-".into(), |&pc| twisty::check::piece_place(&p, pc))
        )?;
    }
    writeln!(out, "\naxes (ends, turn order, slices):")?;
    for ax in &p.axes {
        writeln!(
            out,
            "  {}/{}: {}-fold, {} slices",
            ax.ends[0],
            ax.ends[1],
            ax.order,
            ax.slices()
        )?;
    }
    writeln!(out, "\nmoves (name: slices from its end, angle):")?;
    for m in &p.moves {
        let ax = &p.axes[m.axis];
        let layers: Vec<String> = m
            .slices
            .iter()
            .map(|&s| match m.end {
                twisty::puzzle::End::Positive => (s + 1).to_string(),
                twisty::puzzle::End::Negative => (ax.slices() - s).to_string(),
            })
            .collect();
        writeln!(
            out,
            "  {:<8} layer {} from {}, {} degrees clockwise",
            m.name,
            layers.join("+"),
            output::twisty::end_name(&p, m),
            360 / m.order as u32
        )?;
    }
    writeln!(out, "\nsolved state:")?;
    write!(out, "{}", state::write_text(&p, &p.colours()))?;
    Ok(0)
}

fn count(a: CountArgs) -> Result<u8, Failure> {
    let (p, expect) = load_puzzle(&a.puzzle)?;
    a.long.check(&p, "`twisty count`")?;
    let start = Instant::now();
    let progress = a.long.progress(a.json.json);
    let c = Counts::new(&p).map_err(fail)?;
    drop(progress);
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    let checked = expect.as_ref().map(|e| file::compare(e, &c));
    if a.json.json {
        let v = output::twisty::count(&p, &c, checked.as_deref(), seconds);
        output::print_json(&mut out, &v)?;
    } else {
        let none =
            || "not proved exact (docs/twisty.md, \"Counting: the conventions\")".to_string();
        writeln!(
            out,
            "{}: {} stickers, {} pieces, {} moves",
            p.name(),
            p.degree(),
            p.pieces.len(),
            p.moves.len()
        )?;
        writeln!(
            out,
            "group_order             {}  (moves acting on stickers all told apart)",
            c.group_order
        )?;
        writeln!(
            out,
            "positions               {}  (same-coloured stickers alike: {} arrangements look the same)",
            c.positions, c.colour_stabilizer
        )?;
        writeln!(
            out,
            "positions_fixed         {}  (up to {} whole-puzzle rotation(s) of the solved puzzle that are positions)",
            c.positions_fixed
                .as_ref()
                .map_or_else(none, |x| x.to_string()),
            c.rotations
        )?;
        let shown = |x: &Option<BigUint>| x.as_ref().map_or_else(none, |x| x.to_string());
        writeln!(
            out,
            "positions_all_orientations {}  (every orientation in space: the {} rotations of the {})",
            shown(&c.positions_all_orientations),
            c.solid_rotations,
            p.spec.solid.name()
        )?;
        if !c.tips.is_empty() {
            writeln!(
                out,
                "positions_without_tips  {}  (up to rotations, the {} tips' stickers not seen; tips multiply by {})",
                shown(&c.positions_fixed_without_tips),
                c.tips.len(),
                c.tip_factor
            )?;
            writeln!(
                out,
                "positions_without_tips_all_orientations {}",
                shown(&c.positions_all_orientations_without_tips)
            )?;
        }
        for r in checked.iter().flatten() {
            writeln!(
                out,
                "expected {:<22} {}  {}",
                r.key,
                r.expected,
                if r.ok() { "ok" } else { "MISMATCH" }
            )?;
        }
        writeln!(out, "{seconds:.3} s")?;
    }
    Ok(if checked.iter().flatten().all(|r| r.ok()) {
        0
    } else {
        CHECK_FAILED
    })
}

/// Prints a state as text or JSON.
fn print_state(
    out: &mut dyn Write,
    p: &Puzzle,
    s: &State,
    moves: Option<String>,
    json: bool,
) -> Result<(), Failure> {
    let colours = s.colours(p);
    if json {
        output::print_json(out, &output::twisty::state(p, &colours, moves))?;
    } else {
        if let Some(m) = moves {
            writeln!(out, "# moves: {m}")?;
        }
        write!(out, "{}", state::write_text(p, &colours))?;
    }
    Ok(())
}

/// Refuses `apply` options that would do nothing: a scheme where no facelet string is written,
/// a notation where no moves are echoed (a facelet string is the state alone).
fn refuse_idle_apply_options(a: &ApplyArgs) -> Result<(), Failure> {
    if a.format != StateFormat::Facelets && a.scheme.is_some() {
        let form = if a.json.json { "JSON" } else { "text" };
        return Err(Failure::input(format!(
            "--scheme gives the colour letters of a facelet string; the {form} form writes face names (add --format facelets, or drop --scheme)"
        )));
    }
    if a.format == StateFormat::Facelets && a.notation != NotationArg::Set {
        return Err(Failure::input(
            "--notation writes the `# moves:` echo; --format facelets prints the state alone (drop one of them)",
        ));
    }
    Ok(())
}

fn apply(a: ApplyArgs) -> Result<u8, Failure> {
    refuse_idle_apply_options(&a)?;
    let (p, _) = load_puzzle(&a.puzzle)?;
    // Moves of the set and, beyond it, slices, rotations and wide turns (M, x, Rw).
    let steps = p.parse_steps(&a.moves).map_err(fail)?;
    let mut s = State::solved(&p);
    s.apply_steps(&p, &steps);
    let mut out = std::io::stdout().lock();
    let text = p.format_steps_as(&steps, a.notation.into());
    if a.format == StateFormat::Facelets {
        let scheme = a
            .scheme
            .as_deref()
            .map(twisty::facelets::Scheme::parse)
            .transpose()
            .map_err(fail)?;
        let line = twisty::facelets::write(&p, &s.colours(&p), scheme.as_ref()).map_err(fail)?;
        writeln!(out, "{line}")?;
        return Ok(0);
    }
    print_state(&mut out, &p, &s, Some(text), a.json.json)?;
    Ok(0)
}

fn check(a: CheckArgs) -> Result<u8, Failure> {
    let path = a.state.clone().unwrap_or_else(|| PathBuf::from("-"));
    let (text, shown) = read_state_file(&path)?;
    let declared = state_puzzle(&text, &shown)?;
    // The puzzle given, which the state must not contradict (as `twisty solve` refuses it), or
    // the one the state names.
    let p = match (&a.puzzle, &declared) {
        (Some(arg), _) => {
            let (p, _) = load_puzzle(arg)?;
            if let Some(d) = &declared {
                refuse_other_puzzle(d, &p, arg, &shown)?;
            }
            p
        }
        (None, Some(d)) => puzzle_named_by_state(d, &shown)?,
        (None, None) => match facelet_cube(&text, &shown)? {
            Some(n) => load_puzzle(&n)?.0,
            None => return Err(no_puzzle(&text, &shown)),
        },
    };
    let colours = read_state(&p, &text, a.scheme.as_deref())
        .map_err(|e| Failure::input(format!("{shown}: {e}")))?;
    a.long.check(&p, "`twisty check`")?;
    let progress = a.long.progress(a.json.json);
    let g = Group::new(&p);
    let verdict = twisty::check::check(&p, &g, &colours).map_err(fail)?;
    drop(progress);
    let mut out = std::io::stdout().lock();
    let (reachable, reason) = match &verdict {
        Verdict::Reachable { .. } => (true, None),
        Verdict::Unreachable { reason } => (false, Some(reason.clone())),
    };
    if a.json.json {
        output::print_json(
            &mut out,
            &output::twisty::check(&p, &path, reason.as_deref()),
        )?;
    } else if let Some(r) = &reason {
        writeln!(out, "not reachable: {r}")?;
    } else {
        writeln!(out, "reachable")?;
    }
    Ok(if reachable { 0 } else { CHECK_FAILED })
}

fn scramble(a: ScrambleArgs) -> Result<u8, Failure> {
    let (p, _) = load_puzzle(&a.puzzle)?;
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = Rng::new(seed);
    if let Some(n) = a.length.filter(|&n| n > MAX_SCRAMBLE_LENGTH) {
        return Err(Failure::input(format!(
            "--length {n}: at most {MAX_SCRAMBLE_LENGTH} moves (a longer scramble is no more random)"
        )));
    }
    let mut out = std::io::stdout().lock();
    if a.random_state {
        a.long.check(&p, "`twisty scramble --random-state`")?;
        let progress = a.long.progress(a.json.json);
        let (s, seq) = super::twisty_scramble::random_state_scramble(&p, &mut rng)?;
        drop(progress);
        let text = p.format_turns_as(&seq, a.notation.into());
        if a.json.json {
            print_state(&mut out, &p, &s, Some(text), true)?;
        } else {
            writeln!(out, "{text}")?;
        }
        return Ok(0);
    }
    let length = a.length.map_or(25.max(3 * p.moves.len()), |n| n as usize);
    // No turn cancels or merges with one before it (R R', R L R').
    let seq = twisty::scramble::Scrambler::new(&p).random_moves(&mut rng, length);
    let text = p.format_turns_as(&seq, a.notation.into());
    if a.json.json {
        let mut s = State::solved(&p);
        s.apply(&p, &seq);
        print_state(&mut out, &p, &s, Some(text), true)?;
    } else {
        writeln!(out, "{text}")?;
    }
    Ok(0)
}

/// The turns `distances --moves` names, which generate the group searched (`U2 R2`: half
/// turns only). An empty list is refused: it would otherwise mean every move, the opposite
/// of what it says (leave `--moves` out for every move).
fn distance_moves(p: &Puzzle, list: &str) -> Result<Vec<twisty::notation::Turn>, Failure> {
    let moves: Vec<twisty::notation::Turn> = list
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|m| !m.is_empty())
        .map(|m| {
            let t = p.parse_turn(m).map_err(fail)?;
            t.ok_or_else(|| Failure::input(format!("--moves: {} turns nothing", clip(m))))
        })
        .collect::<Result<_, _>>()?;
    if moves.is_empty() {
        return Err(Failure::input(format!(
            "--moves {:?}: no moves given (leave --moves out to use every move)",
            clip(list)
        )));
    }
    Ok(moves)
}

fn distances_cmd(a: DistancesArgs) -> Result<u8, Failure> {
    let (p, _) = load_puzzle(&a.puzzle)?;
    let moves = match &a.moves {
        None => vec![],
        Some(list) => distance_moves(&p, list)?,
    };
    let metric = match a.metric {
        MetricArg::Htm => Metric::Htm,
        MetricArg::Qtm => Metric::Qtm,
    };
    a.long.check(&p, "`twisty distances`")?;
    let show_bar = crate::progress::wanted(a.long.quiet, a.json.json);
    // The chain and the colour search before the breadth-first search.
    let mut chain_bar = Some(a.long.progress(a.json.json));
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let mut progress = |depth: usize, seen: u64, total: u64| {
        drop(chain_bar.take());
        if !show_bar {
            return;
        }
        let b = bar.get_or_insert_with(|| crate::progress::bar(total, crate::progress::PLAIN));
        b.set_position(seen);
        b.set_message(format!("depth {depth}, {seen} of {total} positions"));
    };
    let d = distances::distances_of_turns(&p, &moves, metric, a.max_positions, &mut progress)
        .map_err(fail)?;
    drop(chain_bar);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    if a.json.json {
        let metric = format!("{:?}", a.metric).to_lowercase();
        output::print_json(
            &mut out,
            &output::twisty::distances(&p, &metric, &d, seconds),
        )?;
    } else {
        writeln!(
            out,
            "{}: {} positions, {} metric, turns {}",
            p.name(),
            d.positions,
            format!("{:?}", a.metric).to_lowercase(),
            d.turns.join(" ")
        )?;
        writeln!(out, "{:>8} {:>14}", "distance", "positions")?;
        for (i, c) in d.counts.iter().enumerate() {
            writeln!(out, "{i:>8} {c:>14}")?;
        }
        writeln!(out, "God's number {} ({seconds:.1} s)", d.counts.len() - 1)?;
    }
    Ok(0)
}

/// `verify` on a twisty puzzle file: its expected counts against the
/// counts made.
pub struct VerifyResult {
    pub checked: Vec<file::Checked>,
    pub seconds: f64,
    /// The count's work ([`twisty::perm::work`]), and the one recorded.
    pub work: u64,
    pub recorded_work: Option<u64>,
}

/// Reads and counts a twisty puzzle file for `verify`, skipping it when
/// its estimated time is above `max` (`Ok(None)` with the estimate): its
/// recorded `[expect] work` at `rate` (work per second), or its `seconds`
/// where it records no work.
pub fn verify_file(
    path: &Path,
    text: &str,
    max: f64,
    rate: Option<f64>,
) -> Result<(String, Option<f64>, Option<VerifyResult>), String> {
    let (p, expect) = file::load(path, text).map_err(|e| e.to_string())?;
    let Some(expect) = expect else {
        return Ok((p.name().to_string(), None, None));
    };
    let estimate = match (expect.work, rate) {
        (Some(w), Some(r)) => Some(w as f64 / r),
        (Some(_), None) => None,
        (None, _) => expect.seconds,
    };
    if estimate.unwrap_or(0.0) > max {
        return Ok((p.name().to_string(), estimate, None));
    }
    let start = Instant::now();
    let before = twisty::perm::work();
    let c = Counts::new(&p).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((
        p.name().to_string(),
        estimate,
        Some(VerifyResult {
            checked: file::compare(&expect, &c),
            seconds: start.elapsed().as_secs_f64(),
            work: twisty::perm::work() - before,
            recorded_work: expect.work,
        }),
    ))
}

/// This machine's rate of twisty counting work (per second), measured on the
/// 7x7x7.
pub fn calibrate_work() -> Result<f64, String> {
    let p = twisty::named("7x7x7").map_err(|e| e.to_string())?;
    let start = Instant::now();
    let before = twisty::perm::work();
    Counts::new(&p).map_err(|e| e.to_string())?;
    let work = twisty::perm::work() - before;
    Ok(work as f64 / start.elapsed().as_secs_f64().max(1e-3))
}

/// A count in at most 12 characters (`4.33e19` when longer).
pub fn short(n: &BigUint) -> String {
    let s = n.to_string();
    if s.len() <= 12 {
        s
    } else {
        format!("{}.{}e{}", &s[..1], &s[1..3], s.len() - 1)
    }
}
