//! `polycover hint PUZZLE [--given FILE]`: can a position still be
//! finished? In how many ways (exact, or "at least N"), the placements
//! every completion shares, and a next placement: a forced one, or the one
//! a search tries first. A position that cannot be finished gets
//! `explain`'s reason. Also `explain --forced`: the placements common to
//! every solution of a puzzle.

use crate::failure::{CHECK_FAILED, Failure};
use crate::output::{self, JsonArg};
use crate::search::{Runner, SearchArgs};
use clap::Args;
use dlx::{Control, Matrix, OptionId};
use problem::Kind;
use problem::polyform_puzzle::PolyformProblem;
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(
    after_help = "Exit codes: 0 the position can be finished; 1 it cannot (the reason is printed); 2 bad input; 130 interrupted."
)]
pub struct HintArgs {
    /// A polyform puzzle file (its pieces drawn on the board are a position already)
    file: PathBuf,
    /// The position: the whole board drawn as in `[board] art` (on a flat board, a picture
    /// printed by `polycover solve` is one), `#` for a free cell, a piece's symbol for a cell
    /// it covers
    #[arg(long, value_name = "FILE")]
    given: Option<PathBuf>,
    /// Count completions up to N; past it, "at least N"
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    #[command(flatten)]
    limits: super::LimitArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    json: JsonArg,
}

/// Reads a polyform puzzle file (refusing other kinds by name, as
/// [`read_polyform`] does for `command`), with the position of `given`
/// placed on it when one is given.
pub fn load_position(
    file: &Path,
    given: Option<&Path>,
    limits: &super::LimitArgs,
    command: &str,
) -> Result<PolyformProblem, Failure> {
    let limits = limits.limits();
    let text = read_polyform(file, &limits, command)?;
    let puzzle = polyform::file::parse_puzzle_with(file, &text, &limits)?;
    let puzzle = match given {
        None => puzzle,
        Some(g) => {
            let drawing = read_position(g, &limits)?;
            polyform::file::place_drawing(&puzzle, g, &drawing)?
        }
    };
    Ok(PolyformProblem::new(puzzle, &limits)?)
}

/// The text of the polyform puzzle file at `path`, read within `limits`;
/// any other kind of file is refused, naming `command`.
pub fn read_polyform(
    path: &Path,
    limits: &polyform::Limits,
    command: &str,
) -> Result<String, Failure> {
    let bytes = problem::read_input(path, None, limits)?;
    let kind = problem::kind_of(path, &bytes)?;
    if kind != Kind::Polyform {
        return Err(Failure::input(format!(
            "{}: {command} reads polyform puzzle files (TOML with a lattice, a board and pieces), not {}",
            path.display(),
            kind.files()
        )));
    }
    utf8(path, bytes)
}

/// `bytes` of the file at `path` as text, or the byte where they stop
/// being UTF-8.
fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "{}: the file is not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The text of a position file (`--given`), read within the puzzle-file
/// limit; a file that is not text is refused from its first bytes, as
/// what it was to be: a position, not a puzzle.
fn read_position(path: &Path, limits: &polyform::Limits) -> Result<String, Failure> {
    let limit = dlx::read::FileLimit {
        what: "a position file",
        ..limits.file_limit(Kind::Polyform)
    };
    let expected = "not a position: a position is the board drawn as text, as in `[board] art`";
    dlx::read::read_text(path, limit, expected).map_err(|e| Failure::input(e.to_string()))
}

/// One solution of `m` (a search on the runner: progress, Ctrl-C).
fn first(runner: &Runner, m: &Matrix) -> Result<Option<Vec<OptionId>>, Failure> {
    let mut found = None;
    runner.solve_to_the_end(m, &mut |s: &[OptionId]| {
        found = Some(s.to_vec());
        Control::Stop
    })?;
    Ok(found)
}

/// The placements common to every solution of `p` (`None`: it has none).
pub fn forced(p: &PolyformProblem, runner: &Runner) -> Result<Option<Vec<OptionId>>, Failure> {
    designer::common_options(&p.encoding.matrix, &mut |m| first(runner, m))
}

/// A placement in words: the piece and its cells.
pub fn placement_text(p: &PolyformProblem, o: OptionId) -> String {
    let pl = &p.encoding.placements[o.index()];
    let dim = p.puzzle.lattice().dimension();
    let cells: Vec<String> = pl
        .cells
        .iter()
        .map(|c| polyform::encode::cell_name(*c, dim))
        .collect();
    format!("{} at {}", p.puzzle.pieces[pl.piece].name, cells.join(" "))
}

/// A placement as JSON: the piece and its cells.
pub fn placement_json(p: &PolyformProblem, o: OptionId) -> Value {
    let pl = &p.encoding.placements[o.index()];
    json!({"piece": p.puzzle.pieces[pl.piece].name, "cells": pl.cells})
}

pub fn run(args: HintArgs) -> Result<u8, Failure> {
    let p = load_position(&args.file, args.given.as_deref(), &args.limits, "hint")?;
    let runner = Runner::new(&args.search, args.json.json)?;
    let m = &p.encoding.matrix;
    let mut ways = 0u64;
    let mut first_completion: Vec<OptionId> = vec![];
    let report = runner.solve_to_the_end(m, &mut |s: &[OptionId]| {
        if ways == 0 {
            first_completion = s.to_vec();
        }
        ways += 1;
        super::until_limit(ways, args.limit)
    })?;
    let name = p.puzzle.name.clone();
    let mut out = std::io::stdout().lock();
    if ways == 0 {
        let finding = match designer::explain(&p.puzzle, &p.encoding) {
            Some(r) => super::explain::Finding::Reason(r),
            None => super::explain::Finding::Searched(report.nodes),
        };
        if args.json.json {
            let reason = super::explain::json_of(&name, &finding, Some(&p))["reason"].clone();
            let v = json!({"type": "hint", "puzzle": name, "completable": false, "finished": false, "completions": 0, "exact": true, "forced": [], "next": null, "reason": reason});
            output::print_json(&mut out, &v)?;
        } else {
            writeln!(out, "The position cannot be finished.")?;
            writeln!(
                out,
                "{}",
                super::explain::text_of(&name, &finding, Some(&p))
            )?;
        }
        return Ok(CHECK_FAILED);
    }
    let exact = ways < args.limit;
    let common = forced(&p, &runner)?.unwrap_or_default();
    // Not forced: where the search starts (the cell or piece with the
    // fewest placements), the placement a first completion puts there.
    let next = match common.first() {
        Some(&o) => Some((o, "in every completion".to_string())),
        None => designer::first_choice(m).and_then(|(item, n, _)| {
            let o = *first_completion
                .iter()
                .find(|&&o| m.option(o).iter().any(|e| e.item == item))?;
            let why = format!(
                "{} has {}, fewer than any other; this one leads to a completion",
                m.item_name(item),
                crate::output::plural(n, "placement", "placements")
            );
            Some((o, why))
        }),
    };
    if args.json.json {
        let v = json!({
            "type": "hint",
            "puzzle": name,
            "completable": true,
            "finished": m.num_primary() == 0,
            "completions": ways,
            "exact": exact,
            "forced": common.iter().map(|&o| placement_json(&p, o)).collect::<Vec<_>>(),
            "next": next.as_ref().map(|(o, why)| {
                let mut v = placement_json(&p, *o);
                v["why"] = json!(if common.is_empty() { "first-choice" } else { "forced" });
                v["reason"] = json!(why);
                v
            }),
            "reason": null,
        });
        output::print_json(&mut out, &v)?;
        return Ok(0);
    }
    if m.num_primary() == 0 {
        writeln!(
            out,
            "{name}: the position is finished: every cell to fill is covered."
        )?;
        return Ok(0);
    }
    let count = if exact {
        format!("{ways} way{}", if ways == 1 { "" } else { "s" })
    } else {
        format!("at least {ways} ways (--limit {})", args.limit)
    };
    writeln!(out, "{name}: the position can be finished, in {count}.")?;
    if !common.is_empty() {
        let n = common.len();
        let s = if n == 1 { "" } else { "s" };
        writeln!(out, "In every completion ({n} placement{s}):")?;
        for &o in &common {
            writeln!(out, "  {}", placement_text(&p, o))?;
        }
    }
    if let Some((o, why)) = next {
        writeln!(out, "Next: {} ({why})", placement_text(&p, o))?;
        let mut shown = p.puzzle.fixed.clone();
        shown.push(p.encoding.placements[o.index()].clone());
        if let Ok(picture) = picture::text::picture(&p.puzzle, &shown, output::use_color()) {
            write!(out, "{picture}")?;
        }
    }
    Ok(0)
}
