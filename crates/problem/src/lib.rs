//! # A puzzle file of any kind, as one problem
//!
//! A problem read once, whatever its kind: the one thing the commands of
//! the command line work with.
//!
//! A [`Problem`] answers what every command asks of a file (its name, its
//! exact-cover matrix, its expected counts, the group acting on its options,
//! a description, and pictures of a solution) and hides which kind of file
//! it came from. [`load`] reads a file once, decides its [`Kind`] from its
//! name and content, and builds the kind's problem:
//!
//! * [`polyform_puzzle`]: polyform puzzles (TOML, `docs/format.md`);
//! * [`tile_puzzle`]: edge-matching puzzles (TOML with `kind = "tiles"`);
//! * [`dlx_text`]: any exact-cover problem in Knuth's DLX format;
//! * [`burr_puzzle`]: BurrTools `.xmpuzzle` files (gzip or plain XML).
//!
//! Adding a kind means a module here implementing [`Problem`] and one arm
//! in [`load`]'s detection; nothing else changes.

#![deny(missing_docs)]

pub mod burr_puzzle;
pub mod dlx_text;
pub mod polyform_puzzle;
pub mod repeats;
pub mod tile_puzzle;

use dlx::read::start_of;
use dlx::{Matrix, OptionId};
use orbits::Action;
use polyform::error::Error;
pub use polyform::kind::Kind;
use polyform::limits::Limits;
use polyform::puzzle::Expect;
use polyform::symmetry::GroupChoice;
pub use repeats::repeats_in;
use serde_json::Value;
use std::path::Path;

/// One piece of a puzzle drawn for a legend (galleries).
#[derive(Clone, Debug)]
pub struct LegendEntry {
    /// The piece's name, with its count when it has copies.
    pub label: String,
    /// Its one-character symbol.
    pub symbol: char,
    /// Its picture, an SVG document.
    pub svg: String,
}

/// A problem read from a file, ready to be counted, solved, shown or
/// written as a matrix. See the module documentation.
pub trait Problem: Send + Sync {
    /// The kind of file it came from.
    fn kind(&self) -> Kind;
    /// A name for messages and output.
    fn name(&self) -> &str;
    /// The file it was read from (`<stdin>` for standard input).
    fn path(&self) -> &Path;
    /// The exact-cover matrix.
    fn matrix(&self) -> &Matrix;
    /// The counts the file says to expect, with their source.
    fn expect(&self) -> Option<&Expect>;
    /// The group `choice` picks, acting on the matrix's options. Kinds
    /// without geometry refuse every choice but [`GroupChoice::None`].
    fn action(&self, choice: GroupChoice) -> Result<Action, Error>;
    /// What the problem is, in words and pictures (`show`); fails only
    /// when a picture would be too large to draw.
    fn describe(&self, color: bool) -> Result<String, Error>;
    /// What the problem is, as a JSON object (`show --json`): kind-specific
    /// keys beside the common ones the caller adds.
    fn describe_json(&self) -> Value;
    /// A solution (options of [`Problem::matrix`]) as a text picture;
    /// fails when the picture would be too large to draw.
    fn picture(&self, solution: &[OptionId], color: bool) -> Result<String, Error>;
    /// A solution as a JSON object: at least `placements` (what goes where)
    /// and `picture` (the text picture's lines).
    fn solution_json(&self, solution: &[OptionId]) -> Value;
    /// A solution as an SVG document, where the kind can draw one.
    fn solution_svg(&self, solution: &[OptionId], caption: &str) -> Result<String, Error> {
        let _ = (solution, caption);
        Err(self.no_svg())
    }
    /// The problem itself (board and pieces) as an SVG document.
    fn overview_svg(&self) -> Result<String, Error> {
        Err(self.no_svg())
    }
    /// The pieces for a gallery's legend (empty where there are none).
    fn legend(&self) -> Vec<LegendEntry> {
        Vec::new()
    }
    /// The comment written above the matrix in DLX format.
    fn matrix_comment(&self) -> String;
    /// The problem as a BurrTools `.xmpuzzle` file (gzip), where its
    /// lattice maps to a BurrTools grid.
    fn to_xmpuzzle(&self) -> Result<Vec<u8>, Error> {
        Err(Error::new(
            self.path(),
            None,
            format!(
                "{} problems cannot be written as BurrTools files",
                self.kind().name()
            ),
        ))
    }
    /// The data of the 3D page (`polycover view`), where the kind's cells
    /// have a shape in space; solutions are added to it one by one.
    fn page(&self) -> Result<picture::view::Page<'_>, Error> {
        Err(self.no_geometry("3D pages"))
    }
    /// Every piece as a closed mesh for printing (STL export), where the
    /// kind's cells have a shape in space.
    fn piece_meshes(
        &self,
        options: &picture::solid::mesh::MeshOptions,
    ) -> Result<Vec<picture::solid::PieceMesh>, Error> {
        let _ = options;
        Err(self.no_geometry("STL files"))
    }

    /// Takes its solutions apart ([`disassembly`]), where the kind
    /// has pieces that move.
    fn disassembler(&self) -> Result<disassembly::PuzzleDisassembler<'_>, Error> {
        Err(Error::new(
            self.path(),
            None,
            format!(
                "{} problems have no pieces to move: --disassemble takes polyform puzzles and BurrTools files",
                self.kind().name()
            ),
        ))
    }
    /// Do pieces repeat: copies of a piece, or an unlimited supply? Such a
    /// problem has far fewer distinct subproblems than solutions, so its
    /// plain counts go to the memo engine (`dlx::memo`). By default, read
    /// from the matrix alone ([`repeats_in`]).
    fn pieces_repeat(&self) -> bool {
        repeats_in(self.matrix())
    }
    /// What the reader passed over without refusing the file (each as
    /// `file:line:column: message`).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// Option `o` of the matrix as the file names it (DLX text: `option 3
    /// (line 5)`, its number and line in the file); `None` where the file
    /// has no option lines (puzzles: options are placements).
    fn option_place(&self, _o: OptionId) -> Option<String> {
        None
    }

    /// The error for a kind whose cells have no shape in space.
    fn no_geometry(&self, what: &str) -> Error {
        Error::new(
            self.path(),
            None,
            format!(
                "{what} are not available for {} problems: they need a polyform puzzle (TOML) or a BurrTools file",
                self.kind().name()
            ),
        )
    }

    /// The error for a kind that draws no SVG.
    fn no_svg(&self) -> Error {
        Error::new(
            self.path(),
            None,
            format!(
                "SVG pictures are not available for {} problems: use text or JSON",
                self.kind().name()
            ),
        )
    }
}

/// How to read a file.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// Read the file as this kind, whatever its name and content say.
    pub kind: Option<Kind>,
    /// For files holding several problems (BurrTools): the one to read, by
    /// 1-based number or by name.
    pub problem: Option<String>,
    /// The bounds on what the file may make the program allocate (and on
    /// the pictures drawn of it).
    pub limits: Limits,
}

/// Reads a file once and builds its problem, of the kind `options.kind`
/// names, or else the kind its name and content say together (`detect`).
pub fn load(path: &Path, options: &LoadOptions) -> Result<Box<dyn Problem>, Error> {
    let bytes = read_input(path, options.kind, &options.limits)?;
    load_bytes(path, &bytes, options)
}

/// Builds the problem of a file's content (`path` names it in messages,
/// `<stdin>` for `-`, and anchors relative includes).
pub fn load_bytes(
    path: &Path,
    bytes: &[u8],
    options: &LoadOptions,
) -> Result<Box<dyn Problem>, Error> {
    // Standard input is named so in messages.
    let path = if path.as_os_str() == "-" {
        Path::new("<stdin>")
    } else {
        path
    };
    let kind = match options.kind {
        Some(k) => Detected::Named(k),
        None => detect(path, bytes)?,
    };
    if kind.kind() == Kind::Burr {
        let p = burr_puzzle::BurrProblem::parse(
            path,
            bytes,
            options.problem.as_deref(),
            &options.limits,
        )?;
        return Ok(Box::new(p));
    }
    if let Some(p) = &options.problem {
        return Err(Error::new(
            path,
            None,
            format!("--problem {p}: only BurrTools files hold several problems"),
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        Error::new(
            path,
            None,
            format!("the file is not UTF-8 text (byte {})", e.valid_up_to()),
        )
    })?;
    Ok(match kind.kind() {
        Kind::Dlx => {
            let p = dlx_text::DlxProblem::parse(path, text)?;
            if kind == Detected::Guessed(Kind::Dlx) && p.matrix().num_options() == 0 {
                return Err(Error::new(path, None, NOT_DLX));
            }
            Box::new(p)
        }
        Kind::Tiles => Box::new(tile_puzzle::TileProblem::parse(
            path,
            text,
            &options.limits,
        )?),
        Kind::Polyform | Kind::Burr => Box::new(polyform_puzzle::PolyformProblem::parse(
            path,
            text,
            &options.limits,
        )?),
    })
}

/// The kind of a file, from its name and content together (see
/// `detect`): what [`load_bytes`] reads it as without `LoadOptions::kind`.
/// Errors as [`load_bytes`] for a `.xmpuzzle` that is neither gzip nor XML.
pub fn kind_of(path: &Path, bytes: &[u8]) -> Result<Kind, Error> {
    detect(path, bytes).map(Detected::kind)
}

/// Why text read as DLX by its content alone is refused when it gives no
/// option: DLX text names its items on its first line and gives an option
/// on each line after it; "hello world" is not an exact-cover problem.
const NOT_DLX: &str = "not a problem file: expected a puzzle (TOML), a BurrTools file \
    (gzip or XML) or DLX text (an item line, then one option a line), and read as DLX \
    this text gives no option (name the file .dlx to count a matrix without options)";

/// A kind, and whether the file's name or the caller said so or only its
/// content suggests it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Detected {
    /// Said by the caller or the file's extension.
    Named(Kind),
    /// Guessed from the content alone (standard input, other extensions).
    Guessed(Kind),
}

impl Detected {
    fn kind(self) -> Kind {
        match self {
            Detected::Named(k) | Detected::Guessed(k) => k,
        }
    }
}

/// The kind of a file, from its name and its content together:
///
/// * `.xmpuzzle` (and `.xml`): BurrTools, and the content must be gzip data
///   or XML; anything else is refused here, with what was expected;
/// * `.dlx`: DLX text;
/// * `.toml`: a tile puzzle if it says `kind = "tiles"`, else a polyform
///   puzzle (a syntax error is then reported as a TOML error);
/// * any other name, and standard input: gzip data or text starting with
///   `<` is BurrTools (the XML reader says what is wrong with it); text
///   that reads as TOML, or whose first line looks like TOML (a `[table]`
///   header or a `key = value`), is a puzzle; anything else is DLX text,
///   refused if it gives no option ([`NOT_DLX`]); a JSON object (a shard
///   result or a checkpoint given where the puzzle belongs) is refused
///   for what it is ([`not_json`]).
fn detect(path: &Path, bytes: &[u8]) -> Result<Detected, Error> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let ext = ext.to_ascii_lowercase();
    let toml_kind = |text: &str| match toml::from_str::<toml::Table>(text) {
        Ok(t) if t.get("kind").and_then(|k| k.as_str()) == Some("tiles") => Some(Kind::Tiles),
        Ok(t) if !t.is_empty() => Some(Kind::Polyform),
        _ => None,
    };
    match ext.as_str() {
        "xmpuzzle" | "xml" => {
            if looks_like_burr(bytes) {
                Ok(Detected::Named(Kind::Burr))
            } else {
                Err(Error::new(
                    path,
                    None,
                    format!(
                        "not a BurrTools file: a .{ext} file holds gzip data or XML \
                         starting with `<`, and this one starts with {}",
                        start_of(bytes)
                    ),
                ))
            }
        }
        "dlx" => Ok(Detected::Named(Kind::Dlx)),
        "toml" => {
            // A TOML file with a syntax error is still reported as TOML.
            let text = std::str::from_utf8(bytes).unwrap_or("");
            Ok(Detected::Named(toml_kind(text).unwrap_or(Kind::Polyform)))
        }
        _ if looks_like_burr(bytes) => Ok(Detected::Guessed(Kind::Burr)),
        _ => {
            let text = std::str::from_utf8(bytes).unwrap_or("");
            not_json(path, text)?;
            Ok(Detected::Guessed(match toml_kind(text) {
                Some(k) => k,
                None if looks_like_toml(text) => Kind::Polyform,
                None => Kind::Dlx,
            }))
        }
    }
}

/// Gzip data, or text whose first character (after a byte-order mark and
/// blanks) is `<`: what BurrTools writes, or XML that its reader will
/// judge.
fn looks_like_burr(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return true;
    }
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// Does the first line that is neither blank nor a `#` comment look like
/// TOML: a `[table]` header, or `key = value` with a bare or quoted key?
/// (DLX item names may hold `=` and `[`, but an item line of that shape is
/// far-fetched; a TOML file is far likelier.)
/// Refuses text that is a JSON object, saying what it is when it names a
/// polycover format: a shard result or checkpoint passed where the puzzle
/// belongs (`polycover merge shards/*.json`, the puzzle forgotten) would
/// otherwise be read as DLX and refused with its whole first line quoted.
fn not_json(path: &Path, text: &str) -> Result<(), Error> {
    // A JSON object: `{` then a quoted key. Its `format` is looked for in
    // its first bytes only (polycover writes it first), without parsing
    // what may be a file of a hundred megabytes.
    let Some(rest) = text.trim_start().strip_prefix('{') else {
        return Ok(());
    };
    if !rest.trim_start().starts_with('"') {
        return Ok(());
    }
    let head: String = rest.chars().take(200).collect();
    let format = head.split_once("\"format\"").and_then(|(_, after)| {
        let after = after.trim_start().strip_prefix(':')?.trim_start();
        let value = after.strip_prefix('"')?;
        value.split_once('"').map(|(v, _)| v)
    });
    let what = match format {
        Some("polycover-shard-result") => "a shard result",
        Some("polycover-memo-shard-result") => "a memo shard result",
        Some("polycover-checkpoint") => "a checkpoint",
        _ => "JSON",
    };
    let hint = match what {
        "a checkpoint" => "give the puzzle file, and this after --resume",
        "JSON" => "expected a puzzle (TOML), a BurrTools file (gzip or XML) or DLX text",
        _ => "give the puzzle file first, then the results (`polycover merge PUZZLE RESULT...`)",
    };
    Err(Error::new(
        path,
        None,
        format!("this is {what}, not a puzzle: {hint}"),
    ))
}

fn looks_like_toml(text: &str) -> bool {
    let Some(line) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    if line.starts_with('[') {
        return true;
    }
    let Some((key, _)) = line.split_once('=') else {
        return false;
    };
    let key = key.trim();
    let bare = |k: &str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
    };
    let quoted = key.len() >= 2
        && ((key.starts_with('"') && key.ends_with('"'))
            || (key.starts_with('\'') && key.ends_with('\'')));
    bare(key) || quoted
}

/// Reads a whole problem file (standard input for `-`) within the limit of
/// its kind: the kind `kind` names, else the one its name says, else the
/// one its first 64 KiB say (as `detect` would tell them). Binary
/// content where text is expected (a NUL byte, bytes that are not UTF-8:
/// `/dev/zero`, an image) is refused from the head, with nothing more
/// read; so at most the kind's limit (`Limits::file_limit`) plus one byte is
/// ever read, whatever the file.
pub fn read_input(path: &Path, kind: Option<Kind>, limits: &Limits) -> Result<Vec<u8>, Error> {
    let named = if path.as_os_str() == "-" {
        Path::new("<stdin>")
    } else {
        path
    };
    dlx::read::read_sniffed(path, dlx::read::HEAD_BYTES, |head| {
        let kind = kind_of_head(named, head, kind)?;
        Ok(limits.file_limit(kind))
    })
    .map_err(|e: Error| {
        if e.file == path && named != path {
            Error {
                file: named.into(),
                ..e
            }
        } else {
            e
        }
    })
}

/// The kind a file's head says, to choose its limit; text kinds refuse a
/// head that is not text.
fn kind_of_head(path: &Path, head: &[u8], kind: Option<Kind>) -> Result<Kind, Error> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let ext = ext.to_ascii_lowercase();
    let given = kind.is_some() || matches!(ext.as_str(), "dlx" | "toml");
    let kind = match (kind, ext.as_str()) {
        (Some(k), _) => k,
        (None, "xmpuzzle" | "xml") => Kind::Burr,
        (None, "dlx") => Kind::Dlx,
        (None, "toml") => Kind::Polyform,
        _ if looks_like_burr(head) => Kind::Burr,
        _ => {
            let text = match std::str::from_utf8(head) {
                Ok(t) => t,
                // Cut in the middle of a character at the end of the head.
                Err(e) if e.error_len().is_none() => {
                    std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or("")
                }
                Err(_) => "",
            };
            if looks_like_toml(text) {
                Kind::Polyform
            } else {
                Kind::Dlx
            }
        }
    };
    if kind == Kind::Burr {
        if looks_like_burr(head) {
            return Ok(kind);
        }
        return Err(Error::new(
            path,
            None,
            format!(
                "not a BurrTools file: it holds gzip data or XML starting with `<`, \
                 and this one starts with {}",
                start_of(head)
            ),
        ));
    }
    let Some(at) = dlx::read::not_text_at(head) else {
        return Ok(kind);
    };
    let expected = match (given, kind) {
        (false, _) => {
            "not a problem file: expected a puzzle (TOML), a BurrTools file \
             (gzip or XML) or DLX text"
        }
        (true, Kind::Dlx) => "not a DLX file: DLX is text",
        (true, _) => "not a puzzle file: a puzzle is TOML text",
    };
    Err(dlx::read::ReadError::NotText {
        path: path.to_path_buf(),
        expected: expected.into(),
        at,
        place: dlx::read::place_of(head, at),
        start: start_of(head),
    }
    .into())
}

/// The expected counts as a line of text (`show`).
pub fn expect_line(e: &Expect) -> String {
    let n = |v: &Option<dlx::Count>| v.as_ref().map_or("-".to_string(), |v| v.to_string());
    let solutions = match &e.solutions {
        Some(v) if *v == 1 => "1 solution".to_string(),
        v => format!("{} solutions", n(v)),
    };
    format!(
        "expected: {solutions}, {} distinct{}",
        n(&e.distinct),
        e.source
            .as_ref()
            .map(|src| format!(" ({src})"))
            .unwrap_or_default()
    )
}

/// A matrix's size in words (`show`).
pub fn matrix_line(m: &Matrix) -> String {
    let mut s = format!(
        "matrix: {} items ({} primary, {} secondary), {} options, {} entries",
        m.num_items(),
        m.num_primary(),
        m.num_secondary(),
        m.num_options(),
        m.num_entries(),
    );
    if m.num_colors() > 0 {
        s += &format!(", {} colors", m.num_colors());
    }
    if m.has_multiplicities() {
        s += " (multiplicities: Algorithm M)";
    }
    s
}

/// A matrix's size as JSON (`show --json`).
pub fn matrix_json(m: &Matrix) -> Value {
    serde_json::json!({
        "items": m.num_items(),
        "primary": m.num_primary(),
        "secondary": m.num_secondary(),
        "options": m.num_options(),
        "entries": m.num_entries(),
        "colors": m.num_colors(),
        "multiplicities": m.has_multiplicities(),
    })
}
