//! `polycover twisty solve PUZZLE [STATE]`: solve a state of a twisty puzzle.
//!
//! The state comes from a file or standard input (the forms `twisty check` reads), from moves
//! (`--scramble "R U R' U'"`: the state those moves give) or from a seed (`--random-state
//! --seed N`: the state `twisty scramble --random-state --seed N` prints). A state read from a
//! file is checked first: an unreachable one is refused with the reason (exit 1, as `twisty
//! check`), and nothing is solved. States made from moves or from the group are reachable by
//! construction.
//!
//! The solver (`twisty::solve`) sees the puzzle only as sticker permutations; `--optimal` asks
//! it for a shortest solution, which only small puzzles allow ([`OPTIMAL_MAX_POSITIONS`]).
//! `--time` caps the two-phase search's wall-clock time on top of its node budget. Every
//! solution is applied to the state here, with the model's own move permutations, before it is
//! printed.

use super::twisty_common::{
    LongArgs, MAX_SECONDS, NotationArg, load_puzzle, read_state, read_state_file,
    refuse_other_puzzle, state_puzzle,
};
use crate::failure::{CHECK_FAILED, Failure};
use crate::output::twisty::{Solved, StateSource};
use crate::output::{self, JsonArg};
use clap::Args;
use num_bigint::BigUint;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;
use twisty::check::Verdict;
use twisty::count::{Group, random_state};
use twisty::error::clip;
use twisty::rng::Rng;
use twisty::solve::{Options, PermPuzzle, SolveError, Solver, model};
use twisty::steps::Step;
use twisty::{Puzzle, State};

/// `--optimal` refuses puzzles with more group elements than this: their exact search would not
/// end in reasonable time (the 3x3x3 has 4.3·10¹⁹).
pub const OPTIMAL_MAX_POSITIONS: u64 = 1_000_000_000_000;

#[derive(Args)]
#[command(
    after_help = "Exit codes: 0 solved; 1 the state is not reachable (the reason is printed); 2 bad input or usage; 3 gave up: the state is good but the solver ran out of its search budget (a known limit on some puzzles, docs/twisty.md; with --optimal, a state too far for an exact search); 130 interrupted (Ctrl-C or SIGTERM)."
)]
pub struct SolveArgs {
    /// A catalog name (`polycover twisty list`) or a puzzle file (.toml)
    puzzle: String,
    /// The state file (text or JSON, as `twisty check` reads; `-` or none: standard input)
    #[arg(conflicts_with_all = ["scramble", "random_state"])]
    state: Option<PathBuf>,
    /// Solve the state these moves give from solved (e.g. "R U R' U'"; cube notation such as
    /// M, x, Rw is read too, the state then held the way the moves reach it)
    #[arg(long, conflicts_with = "random_state")]
    scramble: Option<String>,
    /// Solve a uniformly random reachable state (the one `twisty scramble --random-state` prints
    /// for the same seed)
    #[arg(long)]
    random_state: bool,
    /// Seed of the random state, with --random-state (default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
    /// A shortest solution (exact search; small puzzles only: 2x2x2, pyraminx, skewb,
    /// skewb-diamond, dino...)
    #[arg(long)]
    optimal: bool,
    /// How the solution (and a --scramble) is written
    #[arg(long, value_enum, default_value_t)]
    notation: NotationArg,
    /// A facelet string's letters are colours of this scheme (as `twisty check --scheme`; for a
    /// state file or standard input)
    #[arg(long)]
    scheme: Option<String>,
    /// Stop the two-phase search after SECONDS of wall-clock time (at most a day) once it has a
    /// solution, keeping the best found (on top of its node budget; the result may then depend
    /// on the machine and its load)
    #[arg(
        long,
        value_name = "SECONDS",
        value_parser = parse_seconds,
        allow_negative_numbers = true,
        conflicts_with = "optimal"
    )]
    time: Option<f64>,
    #[command(flatten)]
    long: LongArgs,
    #[command(flatten)]
    json: JsonArg,
}

/// The state to solve, or why there is none.
enum Given {
    /// A reachable state's colours and where they came from.
    State(Vec<u16>, StateSource),
    /// A state file (as named in messages) whose state is not reachable,
    /// and why.
    Unreachable(String, String),
}

pub fn solve(a: SolveArgs) -> Result<u8, Failure> {
    refuse_idle_options(&a)?;
    let (p, _) = load_puzzle(&a.puzzle)?;
    a.long.check(&p, "`twisty solve`")?;
    let progress = a.long.progress(a.json.json);
    // A group when one is needed (random states, membership, --optimal's size).
    let mut group: Option<Group> = None;
    // Before the state is read or checked: --optimal depends on the puzzle alone.
    if a.optimal {
        refuse_if_too_large(&p, &mut group)?;
    }
    let mut check_seconds = None;
    let (colours, source) = match given_state(&p, &a, &mut group, &mut check_seconds)? {
        Given::State(colours, source) => (colours, source),
        Given::Unreachable(shown, reason) => {
            drop(progress);
            let mut out = std::io::stdout().lock();
            if a.json.json {
                output::print_json(&mut out, &output::twisty::unreachable(&p, &shown, &reason))?;
            } else {
                writeln!(out, "not reachable: {reason}")?;
            }
            return Ok(CHECK_FAILED);
        }
    };
    let perm = PermPuzzle::from_model(&p);
    let options = Options {
        optimal: a.optimal,
        time: a.time,
        ..Options::default()
    };
    let solver = Solver::prepare(&perm, &options)
        .map_err(|e| Failure::input(format!("{}: the solver cannot use it: {e}", p.name())))?;
    let solution = solver
        .solve(&colours)
        .map_err(|e| solve_failure(&p, e, a.optimal))?;
    drop(progress);
    let turns: Vec<twisty::Turn> = solution.moves.iter().map(|&t| model::to_turn(t)).collect();
    // The solution, checked with the model's own permutations.
    if apply_to_colours(&p, &colours, &turns) != p.colours() {
        return Err(Failure::check(format!(
            "{}: internal error: the solution found does not solve the state",
            p.name()
        )));
    }
    let text = p.format_turns_as(&turns, a.notation.into());
    let solved = Solved {
        source: &source,
        optimal: a.optimal,
        text: &text,
        htm: turns.len(),
        qtm: solution.quarter_turns as usize,
        check_seconds,
        prepare_seconds: solver.prepare_seconds,
        solve_seconds: solution.solve_seconds,
        fell_back: solution.fell_back,
    };
    let mut out = std::io::stdout().lock();
    if a.json.json {
        output::print_json(&mut out, &output::twisty::solution(&p, &solved))?;
    } else {
        print_text(&mut out, &p, &solved)?;
    }
    Ok(0)
}

/// `--time`: a positive number of seconds, at most [`MAX_SECONDS`] (refused here, so that no
/// absurd deadline reaches the solver).
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > MAX_SECONDS as f64 => Err(format!(
            "`{}` seconds: at most {MAX_SECONDS} (a day)",
            clip(s)
        )),
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("`{}` is not a positive number of seconds", clip(s))),
    }
}

/// Refuses options that would do nothing with the state's source: a seed chooses only a
/// `--random-state`, a scheme reads only a facelet string from a file or standard input.
fn refuse_idle_options(a: &SolveArgs) -> Result<(), Failure> {
    let source = if a.scramble.is_some() {
        Some("--scramble")
    } else if a.random_state {
        None
    } else {
        Some("a state file or standard input")
    };
    if let (Some(seed), Some(source)) = (a.seed, source) {
        return Err(Failure::input(format!(
            "--seed {seed} chooses the state of --random-state; this state comes from {source} (drop --seed)"
        )));
    }
    let drawn_or_moved = if a.random_state {
        Some("--random-state")
    } else if a.scramble.is_some() {
        Some("--scramble")
    } else {
        None
    };
    if let (Some(_), Some(source)) = (&a.scheme, drawn_or_moved) {
        return Err(Failure::input(format!(
            "--scheme reads the letters of a facelet string; this state comes from {source}, not a string (drop --scheme)"
        )));
    }
    Ok(())
}

/// The state asked for: from `--scramble`, `--random-state` or a file
/// (whose state is checked first: the seconds that takes go to
/// `check_seconds`). `group` keeps the group where one is made.
fn given_state(
    p: &Puzzle,
    a: &SolveArgs,
    group: &mut Option<Group>,
    check_seconds: &mut Option<f64>,
) -> Result<Given, Failure> {
    if let Some(moves) = &a.scramble {
        let steps = p
            .parse_steps(moves)
            .map_err(|e| Failure::input(e.to_string()))?;
        let mut s = State::solved(p);
        s.apply_steps(p, &steps);
        let text = p.format_steps_as(&steps, a.notation.into());
        if steps.iter().all(|s| matches!(s, Step::Turn(_))) {
            return Ok(Given::State(s.colours(p), StateSource::Scramble(text)));
        }
        return scramble_beyond_moves(p, s, text, group);
    }
    if a.random_state {
        let seed = a.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        let g = group.get_or_insert_with(|| Group::new(p));
        let s = random_state(g, &mut Rng::new(seed));
        return Ok(Given::State(s.colours(p), StateSource::Random(seed)));
    }
    let path = a.state.clone().unwrap_or_else(|| PathBuf::from("-"));
    let (text, shown) = read_state_file(&path)?;
    if let Some(declared) = state_puzzle(&text, &shown)? {
        refuse_other_puzzle(&declared, p, &a.puzzle, &shown)?;
    }
    let colours = read_state(p, &text, a.scheme.as_deref())
        .map_err(|e| Failure::input(format!("{shown}: {e}")))?;
    // Membership first: an unreachable state is refused with the reason.
    let t0 = Instant::now();
    let g = group.get_or_insert_with(|| Group::new(p));
    let verdict =
        twisty::check::check(p, g, &colours).map_err(|e| Failure::input(e.to_string()))?;
    *check_seconds = Some(t0.elapsed().as_secs_f64());
    Ok(match verdict {
        Verdict::Unreachable { reason } => Given::Unreachable(shown, reason),
        Verdict::Reachable { .. } => Given::State(colours, StateSource::File(shown)),
    })
}

/// The state of a scramble with turns beyond the move set (`M`, `x`, `Rw` on a 3x3x3, whose
/// moves keep the centres): such turns may leave the puzzle turned in space, so it is held the
/// way the first whole-puzzle rotation that makes it reachable by the moves puts it.
fn scramble_beyond_moves(
    p: &Puzzle,
    s: State,
    text: String,
    group: &mut Option<Group>,
) -> Result<Given, Failure> {
    let g = group.get_or_insert_with(|| Group::new(p));
    for r in &p.rotations {
        let mut held = s.clone();
        held.apply_perm(r);
        let colours = held.colours(p);
        let verdict =
            twisty::check::check(p, g, &colours).map_err(|e| Failure::input(e.to_string()))?;
        if let Verdict::Reachable { .. } = verdict {
            return Ok(Given::State(colours, StateSource::Scramble(text)));
        }
    }
    Ok(Given::Unreachable(
        format!("scramble {text}"),
        "no whole-puzzle rotation of its state is reachable by the moves".into(),
    ))
}

/// Why the solver found no solution, as a failure: a bad state (exit 1),
/// or a search that gave up (exit 3).
fn solve_failure(p: &Puzzle, e: SolveError, optimal: bool) -> Failure {
    match e {
        SolveError::State(_) | SolveError::Unreachable(_) => {
            Failure::check(format!("{}: not solved: {e}", p.name()))
        }
        SolveError::Budget => Failure::gave_up(format!(
            "{}: not solved: {e} ({})",
            p.name(),
            if optimal {
                "the state is too far for an optimal search"
            } else {
                "a known limit of the solver on this puzzle, see docs/twisty.md"
            }
        )),
    }
}

/// A solution as text: where the state came from, the moves, and the
/// lengths and times.
fn print_text(out: &mut dyn Write, p: &Puzzle, s: &Solved) -> Result<(), Failure> {
    match s.source {
        StateSource::File(f) => writeln!(out, "# {}, state from {f} (reachable)", p.name())?,
        StateSource::Scramble(m) => writeln!(out, "# {}, scramble {m}", p.name())?,
        StateSource::Random(seed) => writeln!(out, "# {}, random state, seed {seed}", p.name())?,
    }
    writeln!(out, "{}", s.text)?;
    writeln!(
        out,
        "# {} moves{}, {} quarter turns; prepared in {:.3} s, solved in {:.3} s{}",
        s.htm,
        if s.optimal { " (optimal)" } else { "" },
        s.qtm,
        s.prepare_seconds,
        s.solve_seconds,
        if s.fell_back {
            " (the exact stage ran out of its budget: small orbits finished by operators)"
        } else {
            ""
        }
    )?;
    Ok(())
}

/// Colours after turns (a turn carries the colour at `i` to `perm[i]`).
fn apply_to_colours(p: &Puzzle, colours: &[u16], turns: &[twisty::Turn]) -> Vec<u16> {
    let mut c = colours.to_vec();
    let mut next = c.clone();
    for &t in turns {
        let perm = p.turn_perm(t);
        for (i, &col) in c.iter().enumerate() {
            next[perm.image(i)] = col;
        }
        std::mem::swap(&mut c, &mut next);
    }
    c
}

/// `--optimal` on a puzzle with more than [`OPTIMAL_MAX_POSITIONS`] elements: a clear error. The
/// product over orbits of `pieces! * (stickers per piece)^pieces` bounds the group's order from
/// above, so most large puzzles are refused before their stabilizer chain is made.
fn refuse_if_too_large(p: &Puzzle, group: &mut Option<Group>) -> Result<(), Failure> {
    let limit = BigUint::from(OPTIMAL_MAX_POSITIONS);
    let mut bound = BigUint::from(1u32);
    for o in &p.orbits {
        let n = o.pieces.len();
        for k in 2..=n {
            bound *= k as u64;
        }
        bound *= BigUint::from(o.piece_size as u64).pow(n as u32);
    }
    // The exact order when the bound is not decisive and the chain is cheap.
    let order = if bound <= limit || bound.bits() > 200 {
        None
    } else {
        Some(group.get_or_insert_with(|| Group::new(p)).order())
    };
    if order.as_ref().unwrap_or(&bound) > &limit {
        let size = order.map_or("far more".to_string(), |o| {
            format!("about 10^{}", o.to_string().len() - 1)
        });
        return Err(Failure::input(format!(
            "{}: --optimal is for small puzzles (at most 10^12 positions: 2x2x2, pyraminx, skewb, skewb-diamond, dino); this one has {size}",
            p.name()
        )));
    }
    Ok(())
}
