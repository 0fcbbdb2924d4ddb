//! `polycover explain FILE`: why a polyform puzzle has no solution, with a
//! reason a person can check by hand (crate `designer`): the area, a piece
//! that fits nowhere, a cell nothing covers, or a colouring whose
//! arithmetic rules every solution out; otherwise the search's proof.

use crate::failure::{CHECK_FAILED, Failure};
use crate::output::{self, JsonArg};
use crate::search::{Runner, SearchArgs};
use clap::Args;
use designer::{ColouringProof, Examined, Reason};
use dlx::Control;
use polyform::{ErrorKind, Placement, Puzzle};
use problem::polyform_puzzle::PolyformProblem;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Exit codes: 0 the puzzle has no solution (the reason is printed), or with --forced it has one; 1 it has one (nothing to explain) or, with --forced, none; 2 bad input; 130 interrupted."
)]
pub struct ExplainArgs {
    /// A polyform puzzle file
    file: PathBuf,
    /// On a puzzle with solutions: list the placements every solution holds
    #[arg(long)]
    forced: bool,
    /// Also draw a colouring argument's colouring as an SVG picture in FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    limits: super::LimitArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    json: JsonArg,
}

/// What `explain` found.
pub enum Finding {
    /// The pieces' area cannot match the board's (the reader's message).
    Area(String),
    /// A reason from `designer::explain`.
    Reason(Reason),
    /// No reason: a search found no solution in this many nodes.
    Searched(u64),
    /// The puzzle has a solution (nothing to explain).
    Solvable,
}

pub fn run(args: ExplainArgs) -> Result<u8, Failure> {
    if let Some(svg) = &args.svg {
        crate::paths::refuse_overwriting(svg, &[&args.file])?;
        crate::paths::check_writable(svg, "an SVG picture")?;
    }
    let limits = args.limits.limits();
    let text = &super::hint::read_polyform(&args.file, &limits, "explain")?;
    let (name, finding, problem) = match PolyformProblem::parse(&args.file, text, &limits) {
        Ok(p) => (p.puzzle.name.clone(), find(&p, &args.search)?, Some(p)),
        Err(e)
            if matches!(
                e.kind,
                ErrorKind::AreaTooLarge { .. } | ErrorKind::AreaTooSmall { .. }
            ) =>
        {
            (
                args.file.display().to_string(),
                Finding::Area(e.kind.to_string()),
                None,
            )
        }
        Err(e) => return Err(e.into()),
    };
    if let (true, Finding::Solvable, Some(p)) = (args.forced, &finding, &problem) {
        return print_forced(p, &args);
    }
    if let (Some(path), Finding::Reason(Reason::Colouring(proof)), Some(p)) =
        (&args.svg, &finding, &problem)
    {
        let (shown, placements) = coloured(&p.puzzle, proof);
        let dim = p.puzzle.lattice().dimension();
        let called = proof
            .colouring
            .usual_name(dim)
            .map_or(String::new(), |n| format!(" ({n})"));
        let caption = format!("colour = {}{called}", proof.colouring.formula());
        let picture = picture::svg::solution_with(&shown, &placements, &caption, &p.limits)?;
        std::fs::write(path, picture.svg)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    if args.json.json {
        output::print_json(&mut out, &json_of(&name, &finding, problem.as_ref()))?;
    } else {
        writeln!(out, "{}", text_of(&name, &finding, problem.as_ref()))?;
    }
    let failed = matches!(finding, Finding::Solvable) != args.forced;
    Ok(if failed { CHECK_FAILED } else { 0 })
}

/// `explain --forced` on a puzzle with solutions: the placements common
/// to all of them.
fn print_forced(p: &PolyformProblem, args: &ExplainArgs) -> Result<u8, Failure> {
    let runner = Runner::new(&args.search, args.json.json)?;
    let common = super::hint::forced(p, &runner)?.unwrap_or_default();
    let mut out = std::io::stdout().lock();
    if args.json.json {
        let list: Vec<Value> = common
            .iter()
            .map(|&o| super::hint::placement_json(p, o))
            .collect();
        let v = json!({"type": "forced", "puzzle": p.puzzle.name, "forced": list});
        output::print_json(&mut out, &v)?;
        return Ok(0);
    }
    writeln!(
        out,
        "{}: {} placement{} in every solution",
        p.puzzle.name,
        common.len(),
        if common.len() == 1 { " is" } else { "s are" }
    )?;
    for &o in &common {
        writeln!(out, "  {}", super::hint::placement_text(p, o))?;
    }
    Ok(0)
}

/// A quick search for a solution, then the strongest reason, then a full
/// search (which may yet find a solution, or proves there is none).
fn find(p: &PolyformProblem, search: &SearchArgs) -> Result<Finding, Failure> {
    match designer::examine(&p.puzzle, &p.encoding) {
        Examined::Solvable => return Ok(Finding::Solvable),
        Examined::Reason(r) => return Ok(Finding::Reason(r)),
        Examined::Open => {}
    }
    let runner = Runner::new(search, true)?;
    let mut found = false;
    let report = runner.solve_to_the_end(&p.encoding.matrix, &mut |_| {
        found = true;
        Control::Stop
    })?;
    Ok(if found {
        Finding::Solvable
    } else {
        Finding::Searched(report.nodes)
    })
}

pub fn text_of(name: &str, f: &Finding, p: Option<&PolyformProblem>) -> String {
    match f {
        Finding::Area(m) => format!("{name}: no solution: the area does not match: {m}"),
        Finding::Solvable => {
            format!("{name}: it has a solution (`polycover solve` shows it): nothing to explain")
        }
        Finding::Searched(n) => format!(
            "{name}: no solution: a search of {n} nodes found none (no area, fit or colouring argument proves it)"
        ),
        Finding::Reason(Reason::NowhereFits { piece, copies }) => format!(
            "{name}: no solution: every solution uses {copies} of piece {piece}, and it fits nowhere on the free cells"
        ),
        Finding::Reason(Reason::Uncovered { cell }) => format!(
            "{name}: no solution: no placement of any piece covers cell {}, which must be filled",
            cell_text(*cell)
        ),
        Finding::Reason(Reason::Colouring(proof)) => colouring_text(name, proof, p),
        Finding::Reason(Reason::Region { cells, nodes }) => {
            let list: Vec<String> = cells.iter().map(|c| cell_text(*c)).collect();
            format!(
                "{name}: no solution: the {} cells {} are cut off from the rest of the board (no placement reaches across their edge), and no choice of pieces fills them (a search of {nodes} nodes)",
                cells.len(),
                list.join(" ")
            )
        }
    }
}

fn cell_text(c: polyform::Cell) -> String {
    format!("({}, {}, {})", c[0], c[1], c[2])
}

/// A vector of colour counts as `(30, 32)`.
fn counts(v: &[u32]) -> String {
    let parts: Vec<String> = v.iter().map(u32::to_string).collect();
    format!("({})", parts.join(", "))
}

/// Shown totals at most; more are counted (`--json` lists them all).
const SHOWN_TOTALS: usize = 8;

fn colouring_text(name: &str, proof: &ColouringProof, p: Option<&PolyformProblem>) -> String {
    let c = &proof.colouring;
    let dim = p.map_or(2, |p| p.puzzle.lattice().dimension());
    let called = c
        .usual_name(dim)
        .map_or(String::new(), |n| format!(" ({n})"));
    let mut s = format!(
        "{name}: no solution, by a colouring: colour each cell {}{called}:\n",
        c.formula()
    );
    if let Some(picture) = p.and_then(|p| picture(&p.puzzle, proof)) {
        s += &picture;
        s.push('\n');
    }
    let colours: Vec<String> = (0..c.modulus).map(|k| k.to_string()).collect();
    s += &format!(
        "Cells to fill, of colours {}: {}.",
        colours.join(", "),
        counts(&proof.fill)
    );
    if proof.optional.iter().any(|&o| o > 0) {
        s += &format!(" Optional cells: {}.", counts(&proof.optional));
    }
    s += "\nEach placement of a piece covers, colour by colour:\n";
    for (piece, v) in &proof.pieces {
        let copies = match (v.lo, v.hi) {
            (1, Some(1)) => "1 copy".to_string(),
            (lo, Some(hi)) if lo == hi => format!("{lo} copies"),
            (lo, Some(hi)) => format!("{lo} to {hi} copies"),
            (lo, None) => format!("at least {lo} copies"),
        };
        let vectors: Vec<String> = v.vectors.iter().map(|v| counts(v)).collect();
        s += &format!("  {piece} ({copies}): {}\n", vectors.join(" or "));
    }
    let totals: Vec<String> = proof
        .totals
        .iter()
        .take(SHOWN_TOTALS)
        .map(|t| counts(t))
        .collect();
    if proof.totals.len() <= SHOWN_TOTALS {
        s += &format!(
            "So the pieces together cover {}: never {}.",
            totals.join(" or "),
            counts(&proof.fill)
        );
    } else {
        s += &format!(
            "So the pieces together cover one of {} totals ({}, ...; --json lists them), none of them {}.",
            proof.totals.len(),
            totals.join(", "),
            counts(&proof.fill)
        );
    }
    s
}

/// The board with every free cell drawn as its colour's digit, in the
/// lattice's own text picture; `None` when it cannot be drawn.
fn picture(puzzle: &Puzzle, proof: &ColouringProof) -> Option<String> {
    let (shown, placements) = coloured(puzzle, proof);
    picture::text::picture(&shown, &placements, false).ok()
}

/// Light, dark and middle grey: colours 0, 1 and 2 of a colouring in SVG.
const SHADES: [polyform::color::Rgb; 3] = [
    polyform::color::Rgb(0xf2, 0xf2, 0xf2),
    polyform::color::Rgb(0x40, 0x40, 0x40),
    polyform::color::Rgb(0xa0, 0xa0, 0xa0),
];

/// `puzzle` with one "piece" per colour (its digit as symbol, a grey as
/// colour) and the placements that cover each colour's cells: a colouring
/// drawn by the pictures of solutions.
fn coloured(puzzle: &Puzzle, proof: &ColouringProof) -> (Puzzle, Vec<Placement>) {
    let mut shown = puzzle.clone();
    let template = puzzle.pieces.first().cloned();
    shown.pieces = (0..proof.colouring.modulus)
        .filter_map(|k| {
            let mut piece = template.clone()?;
            piece.name = k.to_string();
            piece.symbol = char::from_digit(k, 10).unwrap_or('?');
            piece.count = polyform::Count::exactly(1);
            piece.color = SHADES.get(k as usize).copied();
            Some(piece)
        })
        .collect();
    shown.fixed = vec![];
    let placements = (0..shown.pieces.len())
        .map(|k| Placement {
            piece: k,
            orientation: 0,
            cells: proof
                .cells
                .iter()
                .filter(|c| c.1 == k)
                .map(|c| c.0)
                .collect(),
        })
        .collect();
    (shown, placements)
}

pub fn json_of(name: &str, f: &Finding, p: Option<&PolyformProblem>) -> Value {
    let reason = match f {
        Finding::Area(m) => json!({"kind": "area", "message": m}),
        Finding::Solvable => Value::Null,
        Finding::Searched(n) => json!({"kind": "search", "nodes": n}),
        Finding::Reason(Reason::NowhereFits { piece, copies }) => {
            json!({"kind": "nowhere-fits", "piece": piece, "copies": copies})
        }
        Finding::Reason(Reason::Uncovered { cell }) => json!({"kind": "uncovered", "cell": cell}),
        Finding::Reason(Reason::Region { cells, nodes }) => {
            json!({"kind": "region", "cells": cells, "nodes": nodes})
        }
        Finding::Reason(Reason::Colouring(proof)) => {
            let c = &proof.colouring;
            let dim = p.map_or(2, |p| p.puzzle.lattice().dimension());
            let pieces: Vec<Value> = proof
                .pieces
                .iter()
                .map(|(n, v)| json!({"name": n, "min": v.lo, "max": v.hi, "vectors": v.vectors}))
                .collect();
            let cells: Vec<Value> = proof
                .cells
                .iter()
                .map(|(c, k)| json!({"cell": c, "colour": k}))
                .collect();
            json!({
                "kind": "colouring",
                "colouring": {"modulus": c.modulus, "coefficients": c.coefficients, "formula": c.formula(), "name": c.usual_name(dim)},
                "fill": proof.fill,
                "optional": proof.optional,
                "pieces": pieces,
                "totals": proof.totals,
                "cells": cells,
            })
        }
    };
    json!({
        "type": "explain",
        "puzzle": name,
        "solvable": matches!(f, Finding::Solvable),
        "reason": reason,
    })
}
