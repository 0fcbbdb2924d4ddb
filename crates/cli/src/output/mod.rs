//! Everything the commands print, in one place: the output formats and
//! their one schema (`docs/json.md`).
//!
//! * [`Format`]: `text`, `json` (an object, or JSON Lines for a stream of
//!   solutions) and `svg` (where the problem draws pictures). `--json` is
//!   the same as `--format json` on every command.
//! * [`Solutions`]: where `solve` and `dlx` send each solution, in the
//!   chosen format (SVG files and galleries in [`svg`]).
//! * [`count_json`] / [`count_text`]: the result of a count.
//!
//! JSON goes to standard output and is always valid JSON; messages go to
//! standard error. Every JSON object has a `type` key saying what it is
//! (`count`, `solution`, `problem`, `verify`, ...). Adding a format means a
//! variant of [`Format`] and its arms in this module.

pub mod disassembly;
pub mod page;
pub mod shards;
pub mod show;
pub mod svg;
pub mod twisty;
pub mod twisty_page;
pub mod verify;

use crate::failure::Failure;
use ::disassembly::Level;
use clap::{Args, ValueEnum};
use dlx::OptionId;
use orbits::{Counted, Method};
use problem::Problem;
use serde_json::{Value, json};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use svg::SvgOut;

/// `n` with its noun: `one` for a count of 1, `many` for any other
/// ("1 solution", "0 solutions", "604 solutions"), so that no message says
/// "1 solutions". Any number that prints works (`u64`, `u128`, a big
/// integer): it is 1 when it prints as `1`.
pub fn plural(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

/// An output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Words and pictures
    Text,
    /// JSON: one object, or one object per line for a stream of solutions
    Json,
    /// SVG pictures (polyform puzzles)
    Svg,
}

/// `--format` and its `--json` shorthand, for commands without pictures
/// in SVG.
#[derive(Args, Clone, Debug, Default)]
pub struct JsonArg {
    /// Print JSON (one object; see docs/json.md) instead of text
    #[arg(long)]
    pub json: bool,
}

/// `--format`/`--json` for commands that draw.
#[derive(Args, Clone, Debug)]
pub struct FormatArgs {
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// The same as --format json
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl FormatArgs {
    /// The format asked for.
    pub fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }
}

/// Should pictures be colored? Only on a terminal, and never when
/// `NO_COLOR` is set to something non-empty.
pub fn use_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Writes a JSON value as one line.
pub fn print_json(out: &mut dyn Write, v: &Value) -> Result<(), Failure> {
    writeln!(out, "{v}")?;
    Ok(())
}

/// An error as JSON: `{"type": "error", "error": message}` (the play
/// server's answer to a request it refuses).
pub fn error_json(message: &str) -> Value {
    json!({"type": "error", "error": message})
}

/// The common keys of every object about a problem.
pub fn problem_keys(problem: &dyn Problem, kind: &str) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("type".into(), json!(kind));
    m.insert("puzzle".into(), json!(problem.name()));
    m.insert("file".into(), json!(problem.path().display().to_string()));
    m.insert("kind".into(), json!(problem.kind().name()));
    m
}

/// The name of a counting method in JSON.
pub fn method_name(m: Method) -> &'static str {
    match m {
        Method::Full => "full",
        Method::Representatives { .. } => "representatives",
        Method::Burnside => "burnside",
        Method::BurnsideByStabilizers => "burnside-by-stabilizers",
    }
}

/// A count as a JSON number, exact at any size (the output keeps every
/// digit: serde_json's arbitrary precision).
pub fn count_json_number(n: &dlx::Count) -> Value {
    match n.to_u128() {
        Some(v) => json!(v),
        None => serde_json::from_str(&n.to_string()).expect("digits are a JSON number"),
    }
}

/// [`count_json_number`] of a count that may be missing (`null`).
pub fn maybe_count_json(n: Option<&dlx::Count>) -> Value {
    n.map_or(Value::Null, count_json_number)
}

/// What a count printed needs besides the counts.
pub struct CountInfo<'a> {
    /// The group's name on the command line (`full`, `rotations`, `none`).
    pub group: &'a str,
    /// The group in words.
    pub group_description: &'a str,
    /// Overhead of splitting the search for threads (nodes).
    pub split_nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

/// A count as JSON (`count --json`, `dlx --json`): see docs/json.md.
pub fn count_json(problem: &dyn Problem, c: &Counted, info: &CountInfo) -> Value {
    let mut m = problem_keys(problem, "count");
    m.insert("solutions".into(), count_json_number(&c.solutions));
    m.insert("distinct".into(), maybe_count_json(c.distinct.as_ref()));
    m.insert("group".into(), json!(info.group));
    m.insert("group_order".into(), json!(c.group_order));
    m.insert("group_description".into(), json!(info.group_description));
    if problem.kind() == problem::Kind::Burr && info.group == "full" {
        // BurrTools' assembly count: orbits under its own group, which is
        // what `full` means for a BurrTools file (docs/burrtools.md).
        m.insert("assemblies".into(), maybe_count_json(c.distinct.as_ref()));
    }
    m.insert("method".into(), json!(method_name(c.method)));
    m.insert("reduced".into(), json!(c.reduced));
    m.insert("nodes".into(), json!(c.stats.nodes));
    m.insert("updates".into(), json!(c.stats.updates));
    m.insert("split_nodes".into(), json!(info.split_nodes));
    m.insert("seconds".into(), json!(info.seconds));
    m.insert("threads".into(), json!(info.threads));
    Value::Object(m)
}

/// Adds the engine and its figures to a count's JSON: `engine` (`memo`)
/// and `memo` (`states`, `hits`, `cached`, `evictions`, `evicted`).
pub fn add_memo_json(v: &mut Value, s: &dlx::memo::MemoStats) {
    if let Some(m) = v.as_object_mut() {
        m.insert("engine".into(), json!("memo"));
        m.insert(
            "memo".into(),
            json!({
                "states": s.states,
                "hits": s.hits,
                "cached": s.cached,
                "evictions": s.evictions,
                "evicted": s.evicted,
            }),
        );
    }
}

/// A count as one line of text; the distinct count when `distinct`.
pub fn count_text(problem: &dyn Problem, c: &Counted, info: &CountInfo, distinct: bool) -> String {
    let d = match &c.distinct {
        Some(d) if distinct => format!(" ({d} distinct under {})", info.group_description),
        _ => String::new(),
    };
    let tree = if c.reduced > 1 {
        format!(" (in the search reduced {}-fold by symmetry)", c.reduced)
    } else {
        String::new()
    };
    format!(
        "{}: {}{d}, {} nodes, {} updates{tree}, {:.3} seconds",
        problem.name(),
        plural(&c.solutions, "solution", "solutions"),
        c.stats.nodes,
        c.stats.updates,
        info.seconds
    )
}

/// Solutions by disassembly level: (level, solutions, distinct solutions),
/// in level order; levels with no solution are not listed.
#[derive(Clone, Debug, Default)]
pub struct Levels(pub Vec<(Level, u128, u128)>);

impl Levels {
    /// Solutions that come apart: (all, distinct).
    pub fn disassemblable(&self) -> (u128, u128) {
        self.0.iter().fold((0, 0), |(a, b), l| (a + l.1, b + l.2))
    }
}

/// Adds the counts by disassembly level to a count's JSON (`count
/// --disassemble`): `assemblies` (the distinct solutions, on every kind of
/// file), `disassemblable` (solutions up to the group that come
/// apart: BurrTools' "solutions"), `disassemblable_solutions` (all of
/// them), `levels` (level string: distinct solutions) and
/// `level_solutions` (level string: all solutions).
pub fn add_levels_json(v: &mut Value, levels: &Levels) {
    let (all, distinct) = levels.disassemblable();
    if let Some(m) = v.as_object_mut() {
        // The assemblies that were taken apart: the distinct solutions,
        // under whichever group (BurrTools' own for `full` on its files).
        if let Some(d) = m.get("distinct").cloned() {
            m.insert("assemblies".into(), d);
        }
        m.insert("disassemblable".into(), json!(distinct));
        m.insert("disassemblable_solutions".into(), json!(all));
        let by = |f: fn(&(Level, u128, u128)) -> u128| {
            Value::Object(
                levels
                    .0
                    .iter()
                    .map(|l| (l.0.to_string(), json!(f(l))))
                    .collect(),
            )
        };
        m.insert("levels".into(), by(|l| l.2));
        m.insert("level_solutions".into(), by(|l| l.1));
    }
}

/// The counts by disassembly level as a line of text.
pub fn levels_text(levels: &Levels) -> String {
    let (all, distinct) = levels.disassemblable();
    let mut s = format!(
        "  come apart: {distinct} distinct ({})",
        plural(all, "solution", "solutions")
    );
    if !levels.0.is_empty() {
        let parts: Vec<String> = levels
            .0
            .iter()
            .map(|(l, _, d)| format!("{d} at level {l}"))
            .collect();
        s += &format!(": {}", parts.join(", "));
    }
    s
}

/// What is said of a solution besides its picture (`solve --disassemble`:
/// its level and moves).
#[derive(Clone, Debug, Default)]
pub struct Note {
    /// Said after `solution N:` in text.
    pub title: String,
    /// Lines after the picture in text.
    pub text: String,
    /// Keys added to the solution's JSON object.
    pub json: serde_json::Map<String, Value>,
}

/// Where solutions go, one by one, in the chosen format.
pub struct Solutions<'p> {
    problem: &'p dyn Problem,
    format: Format,
    color: bool,
    svg: Option<SvgOut>,
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    /// Solutions written so far.
    pub shown: u64,
}

/// Where `solve` writes SVG pictures.
#[derive(Args, Clone, Debug, Default)]
pub struct SvgArgs {
    /// With --format svg: the directory for the SVG files (created if need be)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With --format svg --out DIR: also write DIR/index.html, every
    /// solution in a grid with the puzzle's name, the counts and the pieces
    #[arg(long)]
    pub gallery: bool,
}

impl<'p> Solutions<'p> {
    /// A sink for the solutions of `problem`; `many` when more than one
    /// may come (SVG then needs a directory).
    pub fn new(
        problem: &'p dyn Problem,
        format: Format,
        svg: &SvgArgs,
        many: bool,
    ) -> Result<Solutions<'p>, Failure> {
        let is_svg = format == Format::Svg;
        if is_svg {
            // Refuse before searching when the kind draws no pictures.
            problem.overview_svg()?;
        }
        let svg_out = SvgOut::new(svg.out.clone(), svg.gallery, is_svg, many)?;
        Ok(Solutions {
            problem,
            format,
            color: format == Format::Text && use_color(),
            svg: is_svg.then_some(svg_out),
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            shown: 0,
        })
    }

    /// Writes one more solution (numbered from 1).
    pub fn push(&mut self, solution: &[OptionId]) -> Result<(), Failure> {
        self.push_noted(solution, None)
    }

    /// Writes one more solution with a note: its text after the picture,
    /// its keys in the solution's JSON object (SVG pictures leave it out).
    pub fn push_noted(
        &mut self,
        solution: &[OptionId],
        note: Option<&Note>,
    ) -> Result<(), Failure> {
        self.shown += 1;
        let n = self.shown;
        match self.format {
            Format::Text => {
                let pic = self.problem.picture(solution, self.color)?;
                let head = note.map_or(String::new(), |t| format!(" {}", t.title));
                write!(self.out, "solution {n}:{head}\n{pic}\n")?;
                if let Some(t) = note {
                    write!(self.out, "{}", t.text)?;
                }
            }
            Format::Json => {
                let mut m = problem_keys(self.problem, "solution");
                m.insert("solution".into(), json!(n));
                if let Value::Object(o) = self.problem.solution_json(solution) {
                    m.extend(o);
                }
                if let Some(t) = note {
                    m.extend(t.json.clone());
                }
                print_json(&mut self.out, &Value::Object(m))?;
            }
            Format::Svg => {
                let svg = self.svg.as_ref().expect("an SVG sink for SVG");
                svg.write(self.problem, n, solution, &mut self.out)?;
            }
        }
        Ok(())
    }

    /// Flushes, and writes the gallery when asked for: `visited` solutions
    /// were seen (more than shown with `distinct`), `complete` when the
    /// search ran to the end. Returns the gallery's path.
    pub fn finish(
        mut self,
        visited: u64,
        distinct: bool,
        complete: bool,
    ) -> Result<Option<PathBuf>, Failure> {
        self.out.flush()?;
        match &self.svg {
            Some(svg) => svg.finish(self.problem, self.shown, visited, distinct, complete),
            None => Ok(None),
        }
    }
}
