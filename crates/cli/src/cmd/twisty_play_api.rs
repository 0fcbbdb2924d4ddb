//! The play server's answers that need no solver: move sequences read by the
//! program's one parser (`POST /api/parse`), scrambles (`GET /api/scramble`) and the
//! page's icon. The page reads every sequence through these, so what its move box and
//! its address accept is exactly what `twisty apply` accepts.

use crate::serve::Response;
use serde_json::{Value, json};
use twisty::Puzzle;
use twisty::rng::Rng;
use twisty::scramble::Scrambler;
use twisty::steps::Step;

/// The most steps one request reads: far past any sequence a person shares, and a bound
/// on the answer (each step carries a permutation of every sticker).
pub const MAX_STEPS: usize = 1000;

/// The page's icon: a small cube in the three colours a cube shows from its corner.
pub const FAVICON: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1 15 4.5 8 8 1 4.5z" fill="#fff" stroke="#222"/><path d="M1 4.5 8 8v7L1 11.5z" fill="#009e60" stroke="#222"/><path d="M15 4.5 8 8v7l7-3.5z" fill="#c41e3a" stroke="#222"/></svg>"##;

/// The stickers whose centres lie in `slices` of `axis`.
fn in_slices(p: &Puzzle, axis: usize, slices: &[usize]) -> Vec<usize> {
    let ax = &p.axes[axis];
    (0..p.degree())
        .filter(|&s| {
            let d = ax.dir.dot(p.stickers[s].centre);
            slices.contains(&ax.offsets.iter().filter(|&&o| o > d).count())
        })
        .collect()
}

/// One step as the page draws it: `text` (the step in the notation), `move` (`[move,
/// amount]` when it is a turn of the move set, else null), `perm` (`perm[i]` is where the
/// step takes the sticker at position `i`, as a move's `perm` in the page's data),
/// `turning` (the stickers in the turned layers), `axis` (the unit vector about which the
/// step turns clockwise seen from its end), `amount` and `order` (the step turns
/// `amount / order` of a full turn).
fn step_json(p: &Puzzle, s: &Step) -> Value {
    let (mv, axis, slices, end, amount, order, text) = match s {
        Step::Turn(t) => {
            let m = &p.moves[t.mv];
            let a = &p.axes[m.axis];
            let mv = json!([t.mv, t.amount]);
            (
                mv,
                m.axis,
                &m.slices,
                a.end_dir(m.end),
                t.amount,
                m.order,
                p.format_turn(*t),
            )
        }
        Step::Layers {
            axis,
            slices,
            amount,
            text,
        } => {
            let a = &p.axes[*axis];
            (
                Value::Null,
                *axis,
                slices,
                a.dir,
                *amount,
                a.order,
                text.clone(),
            )
        }
    };
    json!({
        "text": text,
        "move": mv,
        "perm": p.step_perm(s).0,
        "turning": in_slices(p, axis, slices),
        "axis": end.0,
        "amount": amount,
        "order": order,
    })
}

/// The answer for steps read or made: `{"type": "twisty-steps", "puzzle", "text" (the
/// steps written back), "steps": [step, ...]}`.
fn steps_answer(p: &Puzzle, kind: &str, steps: &[Step], extra: Value) -> Response {
    let mut v = json!({
        "type": kind,
        "puzzle": p.name(),
        "text": p.format_steps(steps),
        "steps": steps.iter().map(|s| step_json(p, s)).collect::<Vec<_>>(),
    });
    if let (Some(o), Value::Object(more)) = (v.as_object_mut(), extra) {
        o.extend(more);
    }
    Response::json(200, &v)
}

/// `POST /api/parse`: the body is a sequence in the notation (docs/twisty.md); the answer
/// is its steps, or 400 with the error naming the bad token.
pub fn parse(p: &Puzzle, body: &[u8]) -> Response {
    let Ok(text) = std::str::from_utf8(body) else {
        return Response::error(400, "the moves are not UTF-8 text");
    };
    let steps = match p.parse_steps(text) {
        Ok(s) => s,
        Err(e) => return Response::error(400, e.to_string()),
    };
    if steps.len() > MAX_STEPS {
        return Response::error(
            413,
            format!(
                "{} moves: the page reads at most {MAX_STEPS} at once",
                steps.len()
            ),
        );
    }
    steps_answer(p, "twisty-steps", &steps, Value::Null)
}

/// `GET /api/scramble?seed=N`: the random-move scramble `twisty scramble NAME --seed N`
/// prints (no turn cancels or merges with one before it), as steps; without a seed, one
/// from the clock. The answer adds `seed`.
pub fn scramble(p: &Puzzle, query: &str) -> Response {
    let mut seed = None;
    for pair in query.split('&').filter(|q| !q.is_empty()) {
        match pair.split_once('=') {
            Some(("seed", n)) => match n.parse::<u64>() {
                Ok(n) => seed = Some(n),
                Err(_) => {
                    return Response::error(
                        400,
                        format!("seed={n}: not a whole number from 0 to 2^64-1"),
                    );
                }
            },
            _ => return Response::error(400, format!("{pair}: unknown parameter (seed=N)")),
        }
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let length = scramble_length(p);
    let turns = Scrambler::new(p).random_moves(&mut Rng::new(seed), length);
    let steps: Vec<Step> = turns.into_iter().map(Step::Turn).collect();
    steps_answer(p, "twisty-scramble", &steps, json!({ "seed": seed }))
}

/// The length of a scramble: that of `twisty scramble` (25 turns, or three per move).
pub fn scramble_length(p: &Puzzle) -> usize {
    25.max(3 * p.moves.len())
}

/// The scrambles a page written with `-o` carries (it has no server to ask): `n`
/// scrambles from seeds `seed..seed + n`, each as its turns `[move, amount]` (the page has
/// every move's permutation already: steps with their own, as the server sends, would make a
/// 57x57x57's page 450 MB).
pub fn scrambles(p: &Puzzle, seed: u64, n: u64) -> Value {
    let mut sc = Scrambler::new(p);
    (seed..seed.saturating_add(n))
        .map(|s| {
            let turns = sc.random_moves(&mut Rng::new(s), scramble_length(p));
            turns
                .into_iter()
                .map(|t| json!([t.mv, t.amount]))
                .collect::<Value>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(r: &Response) -> Value {
        serde_json::from_slice(&r.body).unwrap()
    }

    /// A move's step is the move's own permutation; `x` is a rotation of every sticker,
    /// the product of `R`, `M'` and `L'` (the WCA's definition), applied as the page does.
    #[test]
    fn steps_carry_the_model_permutations() {
        let p = twisty::named("3x3x3").unwrap();
        let v = body(&parse(&p, b"R x"));
        assert_eq!(v["text"], "R x");
        let r = p.moves.iter().position(|m| m.name == "R").unwrap();
        assert_eq!(v["steps"][0]["move"], json!([r, 1]));
        assert_eq!(v["steps"][0]["perm"], json!(p.moves[r].perm.0));
        assert_eq!(v["steps"][0]["turning"].as_array().unwrap().len(), 21);
        assert_eq!(v["steps"][1]["turning"].as_array().unwrap().len(), 54);
        // The page's rule: the sticker at i goes to perm[i].
        let apply = |at: Vec<usize>, perm: &Value| {
            let mut next = at.clone();
            for (i, &s) in at.iter().enumerate() {
                next[perm[i].as_u64().unwrap() as usize] = s;
            }
            next
        };
        let solved: Vec<usize> = (0..54).collect();
        let x = apply(solved.clone(), &v["steps"][1]["perm"]);
        let w = body(&parse(&p, b"R M' L'"));
        let mut y = solved;
        for s in w["steps"].as_array().unwrap() {
            y = apply(y, &s["perm"]);
        }
        assert_eq!(x, y);
    }

    #[test]
    fn bad_tokens_and_seeds_are_named() {
        let p = twisty::named("3x3x3").unwrap();
        let r = parse(&p, b"R Q2 U");
        assert_eq!(r.status, 400);
        assert!(body(&r)["error"].as_str().unwrap().contains("Q2"));
        for q in ["seed=x", "seed=-1", "size=3"] {
            let r = scramble(&p, q);
            assert_eq!(r.status, 400, "{q}");
        }
        let long = "R ".repeat(MAX_STEPS + 1);
        assert_eq!(parse(&p, long.as_bytes()).status, 413);
    }
}
