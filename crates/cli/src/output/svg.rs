//! `solve --format svg` and `--gallery`: one SVG file per solution in a
//! directory (or one SVG on standard output), and an `index.html` that
//! shows them all in a grid with the puzzle's name, the counts and a legend
//! of the pieces. The pictures themselves come from the problem
//! ([`Problem::solution_svg`], [`Problem::legend`]).
//!
//! Files are named `solution-00001.svg`, ... in the order solutions are
//! found (the same for every thread count), so the gallery is a plain list
//! of `<img>` tags that the browser loads lazily.
//!
//! Writing thousands of small files costs more system time than drawing
//! them, so a writer thread does it while the search goes on; the first
//! error it meets stops the search and is reported (exit 2).

use crate::failure::Failure;
use dlx::OptionId;
use picture::markup::escape;
use problem::Problem;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Where SVG output goes.
pub struct SvgOut {
    /// The directory, or `None` for standard output (one solution).
    pub dir: Option<PathBuf>,
    pub gallery: bool,
    /// Files to write, to the writer thread (when writing to a directory).
    /// (Behind locks so that the search's visitor can share `&self`.)
    files: Mutex<Option<SyncSender<(PathBuf, String)>>>,
    /// The writer thread: its first error, if any.
    writer: Mutex<Option<JoinHandle<Result<(), Failure>>>>,
}

/// The file name of solution `n`.
pub fn file_name(n: u64) -> String {
    format!("solution-{n:05}.svg")
}

impl SvgOut {
    /// Checks the options and creates the directory. `many` is true when
    /// more than one solution may be written.
    pub fn new(
        dir: Option<PathBuf>,
        gallery: bool,
        svg: bool,
        many: bool,
    ) -> Result<SvgOut, Failure> {
        if !svg && (dir.is_some() || gallery) {
            return Err(Failure::input(
                "--out and --gallery write SVG pictures: add --format svg",
            ));
        }
        if gallery && dir.is_none() {
            return Err(Failure::input(
                "--gallery writes index.html and one SVG per solution into a directory: give it with --out DIR",
            ));
        }
        if svg && many && dir.is_none() {
            return Err(Failure::input(
                "--format svg writes one SVG file per solution: give a directory with --out DIR (or print a single solution without --all/--limit)",
            ));
        }
        let (mut files, mut writer) = (None, None);
        if let Some(d) = &dir {
            std::fs::create_dir_all(d).map_err(|e| {
                Failure::input(format!("cannot create directory {}: {e}", d.display()))
            })?;
            let (tx, rx) = sync_channel::<(PathBuf, String)>(256);
            files = Some(tx);
            writer = Some(std::thread::spawn(move || {
                for (path, text) in rx {
                    write_file(&path, &text)?;
                }
                Ok(())
            }));
        }
        Ok(SvgOut {
            dir,
            gallery,
            files: Mutex::new(files),
            writer: Mutex::new(writer),
        })
    }

    /// Waits for the writer thread; its error, if it met one.
    fn join(&self) -> Result<(), Failure> {
        lock(&self.files).take();
        let writer = lock(&self.writer).take();
        match writer {
            None => Ok(()),
            Some(w) => w.join().unwrap_or_else(|_| {
                Err(Failure {
                    code: 1,
                    message: "the SVG writer thread failed".into(),
                })
            }),
        }
    }

    /// Writes solution `n` (its file, or standard output).
    pub fn write(
        &self,
        problem: &dyn Problem,
        n: u64,
        solution: &[OptionId],
        stdout: &mut dyn std::io::Write,
    ) -> Result<(), Failure> {
        let caption = format!("{}: solution {n}", problem.name());
        let svg = problem.solution_svg(solution, &caption)?;
        let tx = lock(&self.files).clone();
        match (&self.dir, tx) {
            (Some(d), Some(tx)) => {
                if tx.send((d.join(file_name(n)), svg)).is_err() {
                    // The writer stopped at an error: report it.
                    self.join()?;
                }
                Ok(())
            }
            _ => stdout.write_all(svg.as_bytes()).map_err(Failure::from),
        }
    }

    /// Waits for the files to be written, then writes `index.html` when
    /// asked for: `shown` solutions (numbered from 1), found among `total`
    /// (distinct ones when `distinct`), `complete` when the search ran to
    /// the end.
    pub fn finish(
        &self,
        problem: &dyn Problem,
        shown: u64,
        total: u64,
        distinct: bool,
        complete: bool,
    ) -> Result<Option<PathBuf>, Failure> {
        self.join()?;
        let (Some(dir), true) = (&self.dir, self.gallery) else {
            return Ok(None);
        };
        let path = dir.join("index.html");
        write_file(
            &path,
            &gallery_html(problem, shown, total, distinct, complete),
        )?;
        Ok(Some(path))
    }
}

/// A lock, even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))
}

/// The gallery page.
pub fn gallery_html(
    problem: &dyn Problem,
    shown: u64,
    total: u64,
    distinct: bool,
    complete: bool,
) -> String {
    let name = escape(problem.name());
    let mut counts = if distinct {
        format!(
            "{} (one per class of solutions equal up to the board's symmetries) among {}",
            super::plural(shown, "distinct solution", "distinct solutions"),
            super::plural(total, "solution", "solutions")
        )
    } else {
        super::plural(shown, "solution", "solutions")
    };
    if !complete {
        counts.push_str(" (the search stopped at the limit: there may be more)");
    }
    if let Some(e) = problem.expect() {
        let n = |v: &Option<dlx::Count>| v.as_ref().map_or("?".to_string(), |v| v.to_string());
        let _ = write!(
            counts,
            "; expected {} solutions, {} distinct",
            n(&e.solutions),
            n(&e.distinct)
        );
    }
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{name}</title>\n<style>\
body{{font-family:sans-serif;margin:1.5em;color:#222}}\
.legend{{display:flex;flex-wrap:wrap;gap:.5em 1.5em;align-items:flex-end;margin:1em 0}}\
.legend figure{{margin:0;text-align:center}}.legend svg{{max-height:90px;width:auto}}\
.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:1em}}\
.grid figure{{margin:0;border:1px solid #ddd;padding:.3em;text-align:center}}\
.grid img{{max-width:100%;height:auto}}figcaption{{font-size:.85em;color:#555}}\
</style></head><body>\n<h1>{name}</h1>\n<p>{}</p>\n<h2>Pieces</h2>\n<div class=\"legend\">",
        escape(&counts)
    );
    for p in problem.legend() {
        let _ = write!(
            h,
            "<figure>{}<figcaption>{} <code>{}</code></figcaption></figure>",
            p.svg.trim_end(),
            escape(&p.label),
            escape(&p.symbol.to_string())
        );
    }
    h.push_str("</div>\n<h2>Solutions</h2>\n<div class=\"grid\">\n");
    for n in 1..=shown {
        let f = file_name(n);
        let _ = writeln!(
            h,
            "<figure><a href=\"{f}\"><img src=\"{f}\" loading=\"lazy\" alt=\"solution {n}\"></a><figcaption>{n}</figcaption></figure>"
        );
    }
    h.push_str("</div>\n</body></html>\n");
    h
}
