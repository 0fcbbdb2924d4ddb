//! `polycover twisty play PUZZLE`: the twisty page (docs/twisty-play.md).
//!
//! The page (`output::page`: `assets/twisty.html`, `twisty.css` and
//! `twisty.js` in the frame both pages share) draws the puzzle from its
//! geometry and twists it, keeping a timeline of moves. Solving, reading
//! the notation and scrambling are Rust (`twisty::solve`, `twisty::steps`,
//! `twisty::scramble`), so the command serves the page from a local HTTP
//! server ([`crate::serve`], 127.0.0.1 only) with a small JSON API; the
//! solver runs on the server's threads and the page never blocks. `-o
//! FILE` writes the page alone instead (it carries a few scrambles; its
//! Solve button and moves box say they need the server).
//!
//! The API:
//!
//! | request | answer |
//! | --- | --- |
//! | `GET /` | the page |
//! | `GET /api/puzzle` | the page's data ([`page_data`]) |
//! | `POST /api/parse`, moves in the notation | their steps (`twisty_play_api`), or 400 naming the bad token |
//! | `GET /api/scramble?seed=N` | a scramble as steps (`twisty_play_api`) |
//! | `GET /favicon.ico` | the page's icon (SVG) |
//! | `POST /api/solve`, a state (docs/twisty.md, text or JSON) | `{"type": "twisty-solution", "solution": "R U ...", "turns": [[move, amount], ...], ...}`, or an error `{"type": "error", "error": ...}`: 400 malformed, 422 unreachable (with the reason), 413 too large, 503 busy or too slow |

use super::twisty_common::{
    DEFAULT_MAX_SIZE, MAX_PAGE_SIZE, MAX_SECONDS, NotationArg, check_page_size, load_puzzle,
};
use super::twisty_play_api as api;
use crate::failure::Failure;
use crate::output::page;
use crate::output::twisty::play_solution;
use crate::output::twisty_page::page_data;
use crate::serve::{self, Request, Response};
use clap::Args;
use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::time::{Duration, Instant};
use twisty::check::Verdict;
use twisty::count::Group;
use twisty::error::clip;
use twisty::solve::{Options, PermPuzzle, SolveError, Solver};
use twisty::spelling::Notation;
use twisty::{Puzzle, Turn, state};

#[derive(Args)]
pub struct PlayArgs {
    /// A catalog name (`polycover twisty list`) or a puzzle file (.toml)
    puzzle: String,
    /// Write the page to FILE and stop (no server: twisting, the timeline
    /// and scrambling work; Solve and typed moves need the server)
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
    /// Listen on this port of 127.0.0.1 (default: a free port)
    #[arg(long)]
    port: Option<u16>,
    /// Give up a solve after this many seconds, at most a day (503 to the page; default 60)
    #[arg(long, value_name = "S")]
    solve_seconds: Option<u64>,
    // Its help is `max_size_help`, which shows the default it takes when not given.
    #[arg(long, value_name = "N", help = max_size_help())]
    max_size: Option<u64>,
    /// Refuse puzzles larger than this, in stickers times moves (the page holds every move's
    /// permutation)
    #[arg(long, value_name = "N", default_value_t = MAX_PAGE_SIZE)]
    max_page_size: u64,
    /// How the server writes a solution's moves (the `solution` of `/api/solve`, shown on the
    /// page): `wca` writes a 4x4x4's `F 2F` as `Fw`
    #[arg(long, value_enum, default_value_t)]
    notation: NotationArg,
}

/// Scrambles carried by a page written with `-o`.
const OFFLINE_SCRAMBLES: u64 = 8;

/// `--solve-seconds` when not given.
const SOLVE_SECONDS: u64 = 60;

/// `--max-size`'s help, with its default (the other commands' [`DEFAULT_MAX_SIZE`]).
fn max_size_help() -> String {
    format!(
        "Prepare no solver for puzzles larger than this, in stickers times moves (the page still plays; Solve then says why it cannot) [default: {DEFAULT_MAX_SIZE}]"
    )
}

/// Refuses what cannot work before any work: a `--solve-seconds` of 0 or over a day, and options of
/// the server with `-o`, which writes a page and starts none (no port, no solver).
fn refuse_bad_options(a: &PlayArgs) -> Result<(), Failure> {
    if let Some(s) = a.solve_seconds.filter(|&s| s == 0 || s > MAX_SECONDS) {
        return Err(Failure::input(format!(
            "--solve-seconds {s}: from 1 to {MAX_SECONDS} (a day)"
        )));
    }
    if a.out.is_none() {
        return Ok(());
    }
    let server_only: Vec<&str> = [
        ("--port", a.port.is_some()),
        ("--solve-seconds", a.solve_seconds.is_some()),
        ("--max-size", a.max_size.is_some()),
        ("--notation", a.notation != NotationArg::Set),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect();
    if server_only.is_empty() {
        return Ok(());
    }
    Err(Failure::input(format!(
        "{} {} for the server (its port, its solver and how it writes solutions); a page written with -o has no server (drop one of them)",
        server_only.join(", "),
        if server_only.len() == 1 { "is" } else { "are" }
    )))
}

/// Solves running at once; more get 503 (the machine's cores are the
/// limit that matters; a solve is one thread).
const MAX_SOLVES: usize = 4;

/// The solver's options: those of `twisty solve`, with a smaller node
/// budget for the exact stage (about a tenth of a second), so that a page
/// waits at most that long before the solver falls back to operators for
/// the small orbits (the 3x3x3's corners): a short solution when the exact
/// search finds one quickly, a longer one at once otherwise.
fn solver_options() -> Options {
    Options {
        budget: 2_000_000,
        ..Options::default()
    }
}

/// What the server keeps: the puzzle, its page, and the solver (prepared
/// once, in the background, when the server starts).
struct Play {
    puzzle: Puzzle,
    html: String,
    data: String,
    solver: OnceLock<Result<Solver, String>>,
    group: OnceLock<Group>,
    solves: AtomicUsize,
    solve_time: Duration,
    /// Why no solver is prepared (the puzzle is over `--max-size`).
    too_large: Option<String>,
    /// How solutions are written (`--notation`).
    notation: Notation,
}

impl Play {
    fn solver(&self) -> &Result<Solver, String> {
        self.solver.get_or_init(|| {
            if let Some(why) = &self.too_large {
                return Err(why.clone());
            }
            Solver::prepare(&PermPuzzle::from_model(&self.puzzle), &solver_options())
                .map_err(|e| format!("the solver cannot take {}: {e}", self.puzzle.name()))
        })
    }

    fn handle(self: &Arc<Self>, r: &Request) -> Response {
        match (r.method.as_str(), r.path.as_str()) {
            ("GET", "/" | "/index.html") => Response {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: self.html.clone().into_bytes(),
            },
            ("GET", "/api/puzzle") => Response {
                status: 200,
                content_type: "application/json",
                body: self.data.clone().into_bytes(),
            },
            ("POST", "/api/solve") => self.solve_request(&r.body),
            ("POST", "/api/parse") => api::parse(&self.puzzle, &r.body),
            ("GET", "/api/scramble") => api::scramble(&self.puzzle, &r.query),
            ("GET", "/favicon.ico" | "/favicon.svg") => Response {
                status: 200,
                content_type: "image/svg+xml",
                body: api::FAVICON.as_bytes().to_vec(),
            },
            (
                _,
                "/" | "/index.html" | "/api/puzzle" | "/api/solve" | "/api/parse" | "/api/scramble",
            ) => Response::error(405, format!("{} {}: method not allowed", r.method, r.path)),
            _ => Response::error(404, format!("{}: no such page", r.path)),
        }
    }

    /// Reads the state, then solves it on a thread of its own, waiting at
    /// most `solve_time`.
    fn solve_request(self: &Arc<Self>, body: &[u8]) -> Response {
        let p = &self.puzzle;
        let Ok(text) = std::str::from_utf8(body) else {
            return Response::error(400, "the state is not UTF-8 text");
        };
        match state::declared_puzzle(text) {
            Err(e) => return Response::error(400, format!("the state: {e}")),
            Ok(Some(d)) if d.name != p.name() => {
                return Response::error(
                    400,
                    format!(
                        "the state is of {:?}; this page plays {}",
                        clip(&d.name),
                        p.name()
                    ),
                );
            }
            Ok(_) => {}
        }
        let colours = match state::read(p, text) {
            Ok(c) => c,
            Err(e) => return Response::error(400, format!("the state: {e}")),
        };
        if self.solves.fetch_add(1, Ordering::SeqCst) >= MAX_SOLVES {
            self.solves.fetch_sub(1, Ordering::SeqCst);
            return Response::error(503, "the solver is busy with other states; try again");
        }
        let (tx, rx) = mpsc::channel();
        let me = self.clone();
        std::thread::spawn(move || {
            let answer = me.solve(&colours);
            me.solves.fetch_sub(1, Ordering::SeqCst);
            let _ = tx.send(answer);
        });
        match rx.recv_timeout(self.solve_time) {
            Ok(r) => r,
            Err(_) => Response::error(
                503,
                format!(
                    "no solution within {} s (the server's --solve-seconds)",
                    self.solve_time.as_secs()
                ),
            ),
        }
    }

    fn solve(&self, colours: &[u16]) -> Response {
        let p = &self.puzzle;
        let solver = match self.solver() {
            Ok(s) => s,
            Err(e) => return Response::error(503, e.clone()),
        };
        let start = Instant::now();
        match solver.solve(colours) {
            Ok(sol) => {
                let turns: Vec<Turn> = sol
                    .moves
                    .iter()
                    .map(|t| Turn {
                        mv: t.turn as usize,
                        amount: t.amount as u8,
                    })
                    .collect();
                let seconds = start.elapsed().as_secs_f64();
                eprintln!(
                    "polycover: solved a state of {} in {} moves ({seconds:.2} s)",
                    p.name(),
                    turns.len()
                );
                Response::json(200, &play_solution(p, &turns, seconds, self.notation))
            }
            Err(SolveError::State(e)) => Response::error(400, format!("the state: {e}")),
            Err(SolveError::Unreachable(why)) => {
                // The checker says why in words (parity, twist, a piece
                // that does not exist).
                let g = self.group.get_or_init(|| Group::new(p));
                let reason = match twisty::check::check(p, g, colours) {
                    Ok(Verdict::Unreachable { reason }) => reason,
                    _ => why,
                };
                Response::error(422, format!("not reachable: {reason}"))
            }
            Err(SolveError::Budget) => {
                Response::error(503, "the solver ran out of its search budget on this state")
            }
        }
    }
}

pub fn run(a: PlayArgs) -> Result<u8, Failure> {
    refuse_bad_options(&a)?;
    let (p, _) = load_puzzle(&a.puzzle)?;
    check_page_size(&p, a.max_page_size, "the twisty page")?;
    let max_size = a.max_size.unwrap_or(DEFAULT_MAX_SIZE);
    let size = p.degree() as u64 * p.moves.len() as u64;
    let too_large = (size > max_size).then(|| {
        format!(
            "no solver for {}: {} stickers times {} moves is {size}, over the server's limit of {} (--max-size N raises it)",
            p.name(),
            p.degree(),
            p.moves.len(),
            max_size
        )
    });
    let title = format!("{} — polycover", p.name());
    if let Some(out) = &a.out {
        // No server to ask for scrambles: the page carries some, from the clock's seed.
        let mut data = page_data(&p, false);
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        data["scrambles"] = api::scrambles(&p, seed, OFFLINE_SCRAMBLES);
        let html = page::twisty_html(&title, &data);
        std::fs::write(out, &html)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", out.display())))?;
        eprintln!(
            "polycover: wrote {} ({} kB; open it in a browser; Solve needs `polycover twisty play {}`)",
            out.display(),
            html.len().div_ceil(1024),
            a.puzzle
        );
        return Ok(0);
    }
    let port = a.port.unwrap_or(0);
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| Failure::input(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let port = listener
        .local_addr()
        .map_err(|e| Failure::input(format!("cannot listen: {e}")))?
        .port();
    let data = page_data(&p, true);
    let play = Arc::new(Play {
        html: page::twisty_html(&title, &data),
        data: data.to_string(),
        puzzle: p,
        solver: OnceLock::new(),
        group: OnceLock::new(),
        solves: AtomicUsize::new(0),
        solve_time: Duration::from_secs(a.solve_seconds.unwrap_or(SOLVE_SECONDS)),
        too_large,
        notation: a.notation.into(),
    });
    // Prepare the solver now, while the page loads.
    let early = play.clone();
    std::thread::spawn(move || {
        if let Err(e) = early.solver() {
            eprintln!("polycover: {e}");
        }
    });
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "polycover: playing {} at http://127.0.0.1:{port}/ (Ctrl-C stops)",
        play.puzzle.name()
    )?;
    out.flush()?;
    drop(out);
    let handler: serve::Handler = Arc::new(move |r: &Request| play.handle(r));
    serve::serve(listener, serve::Limits::default(), handler)
        .map_err(|e| Failure::input(format!("serving the page: {e}")))?;
    Ok(0)
}
