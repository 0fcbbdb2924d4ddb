//! The kinds of input polycover reads ([`Kind`]), below `problem` (which
//! re-exports it and loads each kind), `limits` (each kind's bounded read)
//! and the readers that name their own kind; it uses none of them.

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

    /// Files of this kind, in words ("BurrTools files").
    pub fn files(self) -> &'static str {
        match self {
            Kind::Polyform => "polyform puzzle files",
            Kind::Tiles => "edge-matching (tiles) files",
            Kind::Dlx => "DLX files",
            Kind::Burr => "BurrTools files",
        }
    }
}
