//! The JSON objects of the `twisty` commands (docs/json.md): one function
//! for each `type`. The play page's data is in [`super::twisty_page`].
//!
//! Big counts are JSON numbers written digit for digit (the CLI's
//! serde_json keeps arbitrary precision), never rounded to a float.

use num_bigint::BigUint;
use serde_json::{Value, json};
use std::path::Path;
use twisty::count::Counts;
use twisty::distances::Distances;
use twisty::file::Checked;
use twisty::puzzle::{End, Move};
use twisty::spelling::Notation;
use twisty::{Puzzle, Turn, state};

/// A big count as a JSON number, exact.
pub fn big(n: &BigUint) -> Value {
    serde_json::from_str(&n.to_string()).expect("digits are a JSON number")
}

fn opt_big(n: &Option<BigUint>) -> Value {
    n.as_ref().map_or(Value::Null, big)
}

fn v3(v: twisty::geom::Vec3) -> Value {
    json!(v.0)
}

/// The name of the end of its axis a move turns from (`R` for the
/// right-hand end of the R/L axis).
pub fn end_name<'p>(p: &'p Puzzle, m: &Move) -> &'p str {
    &p.axes[m.axis].ends[(m.end == End::Negative) as usize]
}

/// `twisty list`: the catalog's `(name, description)` rows, its families
/// and the default size limit.
pub fn list(rows: &[(&str, String)], default_max_size: u64) -> Value {
    json!({
        "type": "twisty-list",
        "puzzles": rows.iter().map(|(n, d)| json!({"name": n, "description": d})).collect::<Vec<_>>(),
        "families": twisty::catalog::FAMILIES.iter().map(|f| json!({
            "form": f.form, "min": f.min, "max": f.max(), "even": f.even,
        })).collect::<Vec<_>>(),
        "default_max_size": default_max_size,
    })
}

/// `twisty show`: the whole model, every move's permutation included.
pub fn puzzle(p: &Puzzle) -> Value {
    json!({
        "type": "twisty-puzzle",
        "puzzle": p.name(),
        "solid": p.spec.solid.name(),
        "cuts": p.spec.cuts.iter().map(|c| c.format()).collect::<Vec<_>>(),
        "move_set": p.spec.moves.describe(),
        "faces": p.geometry.faces.iter().map(|f| json!({
            "name": f.name, "normal": v3(f.normal),
            "polygon": f.polygon.iter().map(|&q| v3(q)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "stickers": p.stickers.iter().map(|s| json!({
            "face": s.face, "piece": s.piece, "orbit": s.orbit,
            "polygon": s.polygon.iter().map(|&q| v3(q)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "pieces": p.pieces.iter().map(|pc| json!({"stickers": pc.stickers, "orbit": pc.orbit})).collect::<Vec<_>>(),
        "orbits": p.orbits.iter().map(|o| json!({
            "stickers": o.stickers, "pieces": o.pieces, "piece_size": o.piece_size,
        })).collect::<Vec<_>>(),
        "axes": p.axes.iter().map(|ax| json!({
            "direction": v3(ax.dir), "ends": ax.ends, "offsets": ax.offsets,
            "order": ax.order, "slices": ax.slices(),
        })).collect::<Vec<_>>(),
        "moves": p.moves.iter().map(|m| json!({
            "name": m.name, "axis": m.axis, "slices": m.slices, "end": end_name(p, m),
            "order": m.order, "angle_degrees": 360.0 / m.order as f64,
            "perm": m.perm.0,
        })).collect::<Vec<_>>(),
    })
}

/// `twisty count`: the counts, and the file's expected ones checked
/// against them (`None` where the file expects nothing).
pub fn count(p: &Puzzle, c: &Counts, checked: Option<&[Checked]>, seconds: f64) -> Value {
    json!({
        "type": "twisty-count",
        "puzzle": p.name(),
        "stickers": p.degree(),
        "pieces": p.pieces.len(),
        "moves": p.moves.len(),
        "group_order": big(&c.group_order),
        "colour_stabilizer": big(&c.colour_stabilizer),
        "positions": big(&c.positions),
        "rotations": c.rotations,
        "positions_fixed": opt_big(&c.positions_fixed),
        "solid_rotations": c.solid_rotations,
        "positions_all_orientations": opt_big(&c.positions_all_orientations),
        "tips": c.tips.len(),
        "tip_factor": big(&c.tip_factor),
        "positions_without_tips": opt_big(&c.positions_fixed_without_tips),
        "positions_without_tips_all_orientations": opt_big(&c.positions_all_orientations_without_tips),
        "base_length": c.base_len,
        "expected": checked.map(|v| v.iter().map(|r| json!({
            "key": r.key, "expected": big(&r.expected), "ok": r.ok(),
        })).collect::<Vec<_>>()),
        "seconds": seconds,
    })
}

/// The expected counts of a twisty file checked by `verify`.
pub fn checks(checked: &[Checked]) -> Value {
    checked
        .iter()
        .map(|c| {
            json!({
                "key": c.key,
                "expected": big(&c.expected),
                "got": c.got.as_ref().map(big),
                "ok": c.ok(),
            })
        })
        .collect()
}

/// `twisty apply` and `twisty scramble`: a state (the state file's JSON
/// form) and the moves that made it (`text`: a sequence, as everywhere).
pub fn state(p: &Puzzle, colours: &[u16], moves: Option<String>) -> Value {
    let mut v = state::write_json(p, colours);
    v["type"] = json!("twisty-state");
    v["text"] = json!(moves);
    v
}

/// `twisty check`: whether the state in `file` is reachable, and if not,
/// why.
pub fn check(p: &Puzzle, file: &Path, reason: Option<&str>) -> Value {
    json!({
        "type": "twisty-check",
        "puzzle": p.name(),
        "file": file.display().to_string(),
        "reachable": reason.is_none(),
        "reason": reason,
    })
}

/// `twisty distances`: positions at each distance from solved in `metric`
/// (`htm` or `qtm`).
pub fn distances(p: &Puzzle, metric: &str, d: &Distances, seconds: f64) -> Value {
    json!({
        "type": "twisty-distances",
        "puzzle": p.name(),
        "metric": metric,
        "turns": d.turns,
        "positions": d.positions,
        "counts": d.counts,
        "diameter": d.counts.len() - 1,
        "seconds": seconds,
    })
}

/// Where the state `twisty solve` solved came from.
pub enum StateSource {
    /// A file as named in messages (`standard input` for `-`).
    File(String),
    /// The moves given to `--scramble`, in the puzzle's notation.
    Scramble(String),
    /// `--random-state` and its seed.
    Random(u64),
}

impl StateSource {
    fn json(&self) -> Value {
        match self {
            StateSource::File(f) => json!({"source": "file", "file": f}),
            StateSource::Scramble(m) => json!({"source": "scramble", "scramble": m}),
            StateSource::Random(seed) => json!({"source": "random-state", "seed": seed}),
        }
    }
}

/// A `twisty-solution` object of `p` with the keys of `rest` (an object).
fn solution_object(p: &Puzzle, rest: Value) -> Value {
    let mut v = json!({"type": "twisty-solution", "puzzle": p.name()});
    if let (Some(m), Value::Object(rest)) = (v.as_object_mut(), rest) {
        m.extend(rest);
    }
    v
}

/// `twisty solve` on a state file whose state is not reachable.
pub fn unreachable(p: &Puzzle, file: &str, reason: &str) -> Value {
    let source = StateSource::File(file.to_string());
    solution_object(
        p,
        json!({"state": source.json(), "reachable": false, "reason": reason}),
    )
}

/// What `twisty solve` found, for [`solution`].
pub struct Solved<'a> {
    pub source: &'a StateSource,
    /// `--optimal` was asked for.
    pub optimal: bool,
    /// The solution in the puzzle's notation.
    pub text: &'a str,
    /// Its length in moves (half-turn metric) and in quarter turns.
    pub htm: usize,
    pub qtm: usize,
    /// Seconds of the membership check (a state file's only).
    pub check_seconds: Option<f64>,
    pub prepare_seconds: f64,
    pub solve_seconds: f64,
    /// The exact stage ran out of its budget and operators finished.
    pub fell_back: bool,
}

/// `twisty solve`: a state solved.
pub fn solution(p: &Puzzle, s: &Solved) -> Value {
    solution_object(
        p,
        json!({
            "stickers": p.degree(),
            "pieces": p.pieces.len(),
            "moves": p.moves.len(),
            "state": s.source.json(),
            "reachable": true,
            "optimal": s.optimal,
            "solution": s.text,
            "length": s.htm,
            "metrics": {"htm": s.htm, "qtm": s.qtm},
            "check_seconds": s.check_seconds,
            "prepare_seconds": s.prepare_seconds,
            "solve_seconds": s.solve_seconds,
            "fallback": s.fell_back,
        }),
    )
}

/// The play server's answer to `POST /api/solve`: the solution in notation
/// (`solution`, as `twisty solve --json` names it, written in `notation`) and as
/// `[move, amount]` pairs.
pub fn play_solution(p: &Puzzle, turns: &[Turn], seconds: f64, notation: Notation) -> Value {
    solution_object(
        p,
        json!({
            "solution": p.format_turns_as(turns, notation),
            "turns": turns.iter().map(|t| json!([t.mv, t.amount])).collect::<Vec<_>>(),
            "length": turns.len(),
            "seconds": seconds,
        }),
    )
}
