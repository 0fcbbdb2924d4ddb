//! What `polycover verify` prints: a table row (or a `verify` object) per
//! file, and a summary (or a `verify-summary` object) at the end.

use dlx::Count;
use polyform::symmetry::GroupChoice;
use serde_json::{Value, json};
use std::io::Write;

/// The start of a row's note when its file was rewritten.
pub const UPDATED: &str = "updated:";

/// Writes the table's header line.
pub fn header(out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<40} {:>12} {:>12} {:>9} {:>6} {:>9} {:>9}",
        "puzzle", "expected", "got", "distinct", "got", "result", "seconds"
    )
}

/// The verdict on one file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Its counts are the expected ones.
    Pass,
    /// A count (or the recorded search size) differs.
    Fail,
    /// It could not be read or counted.
    Error,
    /// Estimated over `--max-seconds`.
    Skip,
    /// No `[expect]` to check.
    Unchecked,
    /// A piece-set file (no puzzle to count).
    Set,
}

impl Verdict {
    /// Its word in the table (lower-cased in JSON).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "FAIL",
            Verdict::Error => "ERROR",
            Verdict::Skip => "skip",
            Verdict::Unchecked => "unchecked",
            Verdict::Set => "set",
        }
    }
}

/// One row of the table: one file found.
pub struct Row {
    /// The file as shown (relative to the root it was found under).
    pub file: String,
    /// The puzzle's name (empty where the file was not read).
    pub puzzle: String,
    /// The expected solutions and those counted.
    pub expected: Option<Count>,
    pub got: Option<Count>,
    /// The expected distinct solutions and those counted.
    pub distinct: Option<Count>,
    pub got_distinct: Option<Count>,
    /// The group the distinct solutions are counted under.
    pub group: GroupChoice,
    pub verdict: Verdict,
    /// Seconds the count took (counted files only).
    pub seconds: Option<f64>,
    /// The nodes recorded in the file, and those of the search made.
    pub recorded_nodes: Option<u64>,
    pub nodes: Option<u64>,
    /// The time the recorded nodes would take at the measured rate.
    pub estimate: Option<f64>,
    /// What went wrong, or what was updated, in words.
    pub note: Option<String>,
    /// Twisty puzzles: the first expected and counted numbers as shown
    /// (they outgrow `u128`), and every check for JSON.
    pub big: Option<(String, String, Value)>,
}

impl Row {
    /// A row with nothing counted yet.
    pub fn new(file: String, verdict: Verdict) -> Row {
        Row {
            puzzle: String::new(),
            file,
            expected: None,
            got: None,
            distinct: None,
            got_distinct: None,
            group: GroupChoice::Full,
            verdict,
            seconds: None,
            recorded_nodes: None,
            nodes: None,
            estimate: None,
            note: None,
            big: None,
        }
    }

    /// The row's `verify` object.
    pub fn json(&self) -> Value {
        if let Some((_, _, checks)) = &self.big {
            return json!({
                "type": "verify",
                "file": self.file,
                "puzzle": self.puzzle,
                "kind": "twisty",
                "checks": checks,
                "result": self.verdict.name().to_lowercase(),
                "seconds": self.seconds,
                "message": self.note,
            });
        }
        json!({
            "type": "verify",
            "file": self.file,
            "puzzle": self.puzzle,
            "expected": super::maybe_count_json(self.expected.as_ref()),
            "solutions": super::maybe_count_json(self.got.as_ref()),
            "expected_distinct": super::maybe_count_json(self.distinct.as_ref()),
            "distinct": super::maybe_count_json(self.got_distinct.as_ref()),
            "group": self.group.name(),
            "result": self.verdict.name().to_lowercase(),
            "seconds": self.seconds,
            "nodes": self.nodes,
            "expected_nodes": self.recorded_nodes,
            "estimated_seconds": self.estimate,
            "message": self.note,
        })
    }

    /// The row as a line of the table (and its note below it).
    pub fn text(&self, out: &mut impl Write) -> std::io::Result<()> {
        let n = |v: &Option<Count>| v.as_ref().map_or("-".to_string(), |v| v.to_string());
        let secs = match (self.verdict, self.seconds, self.estimate) {
            (Verdict::Skip, _, Some(s)) => format!("~{s:.0}"),
            (_, Some(s), _) => format!("{s:.3}"),
            _ => "-".into(),
        };
        let (expected, got) = match &self.big {
            Some((e, g, _)) => (e.clone(), g.clone()),
            None => (n(&self.expected), n(&self.got)),
        };
        writeln!(
            out,
            "{:<40} {:>12} {:>12} {:>9} {:>6} {:>9} {:>9}",
            self.file,
            expected,
            got,
            n(&self.distinct),
            n(&self.got_distinct),
            self.verdict.name(),
            secs
        )?;
        if let Some(m) = &self.note {
            writeln!(out, "  {m}")?;
        }
        Ok(())
    }
}

/// What was asked of a whole run, for its summary.
pub struct Asked {
    /// `--strict`: files without `[expect]` fail.
    pub strict: bool,
    /// `--update`: the searches' sizes are recorded.
    pub update: bool,
    /// Files estimated over this many seconds are skipped (infinite with
    /// `--all`).
    pub max: f64,
    /// The machine's measured rate, nodes per second (`None` with `--all`).
    pub rate: Option<f64>,
}

/// The files of a run tallied by verdict.
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub errors: usize,
    pub skipped: usize,
    pub unchecked: usize,
    pub sets: usize,
    /// The estimated seconds of the skipped files, all told.
    pub skipped_seconds: f64,
    /// The skipped files with an estimate (the others had none for the
    /// engine asked for).
    pub estimated: usize,
    /// Files rewritten by `--update`.
    pub updated: usize,
}

impl Summary {
    /// Tallies the rows.
    pub fn of(rows: &[Row]) -> Summary {
        let tally = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
        Summary {
            passed: tally(Verdict::Pass),
            failed: tally(Verdict::Fail),
            errors: tally(Verdict::Error),
            skipped: tally(Verdict::Skip),
            unchecked: tally(Verdict::Unchecked),
            sets: tally(Verdict::Set),
            skipped_seconds: rows
                .iter()
                .filter_map(|r| r.estimate.filter(|_| r.verdict == Verdict::Skip))
                .fold(0.0, |a, x| a + x),
            estimated: rows
                .iter()
                .filter(|r| r.verdict == Verdict::Skip && r.estimate.is_some())
                .count(),
            updated: rows
                .iter()
                .filter(|r| r.note.as_deref().is_some_and(|n| n.starts_with(UPDATED)))
                .count(),
        }
    }

    /// The `verify-summary` object, every row's object in `files`.
    pub fn json(&self, asked: &Asked, rows: &[Row], seconds: f64) -> Value {
        let max = asked.max;
        json!({
            "type": "verify-summary",
            "passed": self.passed,
            "failed": self.failed,
            "errors": self.errors,
            "skipped": self.skipped,
            "unchecked": self.unchecked,
            "sets": self.sets,
            "strict": asked.strict,
            "max_seconds": if max.is_finite() { json!(max) } else { Value::Null },
            "rate_nodes_per_second": asked.rate,
            "skipped_seconds": self.skipped_seconds,
            "updated": self.updated,
            "seconds": seconds,
            "files": rows.iter().map(Row::json).collect::<Vec<_>>(),
        })
    }

    /// The summary line after the table.
    pub fn text(&self, asked: &Asked, seconds: f64, out: &mut impl Write) -> std::io::Result<()> {
        let Summary {
            passed,
            failed,
            errors,
            skipped,
            unchecked,
            skipped_seconds,
            updated,
            estimated,
            ..
        } = self;
        let max = asked.max;
        // Files skipped for want of an estimate (module `cmd::verify`).
        let unestimated = skipped - estimated;
        let skip_note = match asked.rate {
            Some(r) if *estimated > 0 => format!(
                " ({skipped_seconds:.0} s in all at this machine's {:.1} M nodes/s, each over {max} s{}; --all runs them)",
                r / 1e6,
                if unestimated > 0 {
                    format!(", and {unestimated} with no estimate for this engine")
                } else {
                    String::new()
                }
            ),
            _ if unestimated > 0 => {
                format!(" ({unestimated} with no estimate for this engine; --all runs them)")
            }
            _ => String::new(),
        };
        writeln!(
            out,
            "{passed} passed, {failed} failed, {errors} errors, {skipped} skipped{skip_note}, {unchecked} unchecked (no [expect]{}){} in {seconds:.1} s",
            if asked.strict {
                "; --strict fails on them"
            } else {
                ""
            },
            if asked.update {
                format!(", {updated} files updated")
            } else {
                String::new()
            }
        )
    }
}
