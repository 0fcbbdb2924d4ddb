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

pub mod burr_puzzle;
pub mod dlx_text;
pub mod polyform_puzzle;
pub mod tile_puzzle;

use crate::error::Error;
use crate::orbits::Action;
use crate::puzzle::Expect;
use crate::symmetry::GroupChoice;
use dlx::{Matrix, OptionId};
use serde_json::Value;
use std::path::Path;

/// The kinds of input polycover reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A polyform puzzle file (TOML).
    Polyform,
    /// An edge-matching puzzle file (TOML, `kind = "tiles"`).
    Tiles,
    /// An exact-cover problem in Knuth's DLX format.
    Dlx,
    /// A BurrTools `.xmpuzzle` file.
    Burr,
}

impl Kind {
    /// The name used in JSON and messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Polyform => "polyform",
            Kind::Tiles => "tiles",
            Kind::Dlx => "dlx",
            Kind::Burr => "burrtools",
        }
    }
}

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
    /// Takes its solutions apart ([`crate::disassembly`]), where the kind
    /// has pieces that move.
    fn disassembler(&self) -> Result<crate::disassembly::PuzzleDisassembler<'_>, Error> {
        Err(Error::new(
            self.path(),
            None,
            format!(
                "{} problems have no pieces to move: --disassemble takes polyform puzzles and BurrTools files",
                self.kind().name()
            ),
        ))
    }
    /// What the reader passed over without refusing the file (each as
    /// `file:line:column: message`).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
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
}

/// Reads a file once and builds its problem. The kind comes from
/// `options.kind`, else the extension (`.dlx`, `.toml`), else the content
/// (TOML with `kind = "tiles"`, other TOML, anything else as DLX text).
pub fn load(path: &Path, options: &LoadOptions) -> Result<Box<dyn Problem>, Error> {
    let bytes = read_bounded(path)?;
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
    let is_burr = options.kind == Some(Kind::Burr)
        || (options.kind.is_none() && crate::burr::is_xmpuzzle(bytes));
    if is_burr {
        let p = burr_puzzle::BurrProblem::parse(path, bytes, options.problem.as_deref())?;
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
    Ok(match options.kind.unwrap_or_else(|| detect(path, text)) {
        Kind::Dlx => Box::new(dlx_text::DlxProblem::parse(path, text)?),
        Kind::Tiles => Box::new(tile_puzzle::TileProblem::parse(path, text)?),
        Kind::Polyform | Kind::Burr => {
            Box::new(polyform_puzzle::PolyformProblem::parse(path, text)?)
        }
    })
}

/// The kind of a file from its name and text.
fn detect(path: &Path, text: &str) -> Kind {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let toml_kind = |t: &toml::Table| {
        if t.get("kind").and_then(|k| k.as_str()) == Some("tiles") {
            Kind::Tiles
        } else {
            Kind::Polyform
        }
    };
    match ext {
        "dlx" => Kind::Dlx,
        // A TOML file with a syntax error is still reported as TOML.
        "toml" => toml::from_str::<toml::Table>(text)
            .map(|t| toml_kind(&t))
            .unwrap_or(Kind::Polyform),
        _ => match toml::from_str::<toml::Table>(text) {
            Ok(t) if !t.is_empty() => toml_kind(&t),
            _ => Kind::Dlx,
        },
    }
}

/// The largest input file read (1 GiB): beyond it, a file is refused before
/// it is read.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// Reads a whole file (standard input for `-`), refusing one larger than
/// [`MAX_FILE_BYTES`].
pub fn read_bounded(path: &Path) -> Result<Vec<u8>, Error> {
    use std::io::Read;
    let cannot = |e: std::io::Error| Error::new(path, None, format!("cannot read the file: {e}"));
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    } else {
        std::fs::File::open(path)
            .map_err(cannot)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::new(
            path,
            None,
            format!("the file is larger than {MAX_FILE_BYTES} bytes"),
        ));
    }
    Ok(bytes)
}

/// The expected counts as a line of text (`show`).
pub fn expect_line(e: &Expect) -> String {
    let n = |v: Option<u128>| v.map_or("-".to_string(), |v| v.to_string());
    format!(
        "expected: {} solutions, {} distinct{}",
        n(e.solutions),
        n(e.distinct),
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
