//! The TOML tables of puzzle and piece-set files as `serde` reads them,
//! with the byte spans ([`Spanned`]) that messages turn into lines.

use serde::Deserialize;
use toml::Spanned;

/// A puzzle or piece-set file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFile {
    pub(crate) name: Option<String>,
    pub(crate) set: Option<Spanned<String>>,
    pub(crate) lattice: Option<Spanned<String>>,
    #[allow(dead_code)]
    pub(crate) source: Option<String>,
    #[allow(dead_code)]
    pub(crate) notes: Option<String>,
    pub(crate) one_sided: Option<bool>,
    pub(crate) board: Option<Spanned<RawBoard>>,
    #[serde(default, rename = "use")]
    pub(crate) uses: Vec<Spanned<RawUse>>,
    #[serde(default, rename = "piece")]
    pub(crate) pieces: Vec<Spanned<RawPiece>>,
    pub(crate) expect: Option<Spanned<RawExpect>>,
}

/// A list of cells as coordinates (`cells = [[0, 0], [1, 0]]`), each with
/// its own span: a mistake in a list written over many lines names the
/// line of the cell at fault.
pub(crate) type RawCells = Spanned<Vec<Spanned<Vec<i64>>>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawBoard {
    pub(crate) art: Option<Spanned<String>>,
    pub(crate) size: Option<Spanned<Vec<i64>>>,
    pub(crate) cells: Option<RawCells>,
    pub(crate) optional: Option<RawCells>,
    pub(crate) parallelogram: Option<Spanned<Vec<i64>>>,
    pub(crate) triangle: Option<Spanned<i64>>,
    pub(crate) pyramid: Option<Spanned<i64>>,
    pub(crate) tetrahedron: Option<Spanned<i64>>,
    pub(crate) hexagon: Option<Spanned<i64>>,
    pub(crate) aztec: Option<Spanned<i64>>,
    pub(crate) region: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawUse {
    pub(crate) set: Spanned<String>,
    pub(crate) pieces: Option<Vec<Spanned<String>>>,
    pub(crate) count: Option<Spanned<RawNumber>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPiece {
    pub(crate) name: Spanned<String>,
    pub(crate) symbol: Spanned<String>,
    pub(crate) art: Option<Spanned<String>>,
    pub(crate) cells: Option<RawCells>,
    pub(crate) count: Option<Spanned<RawNumber>>,
    pub(crate) color: Option<Spanned<String>>,
    pub(crate) mirror: Option<bool>,
}

/// A count as written: a number, or a string such as `"1_000"`. Whatever
/// else is written there is kept too, so that the reader of the count
/// refuses it with its file and line in plain words, not serde's
/// "did not match any variant".
pub(crate) enum RawNumber {
    Int(i64),
    Text(String),
    /// An integer past TOML's 64 bits, as written: TOML has none, so it is
    /// refused with the advice to write it as a string.
    Huge(String),
    /// A number that is not whole, or a boolean, as written (`1.5`).
    Other(String),
}

impl<'de> Deserialize<'de> for RawNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RawNumber, D::Error> {
        d.deserialize_any(RawNumberVisitor)
    }
}

/// Reads a [`RawNumber`] from whatever TOML value is there.
struct RawNumberVisitor;

impl RawNumberVisitor {
    /// An integer as an `Int`, or `Huge` past an `i64`.
    fn integer<E>(v: impl TryInto<i64> + ToString + Copy) -> Result<RawNumber, E> {
        Ok(v.try_into()
            .map_or_else(|_| RawNumber::Huge(v.to_string()), RawNumber::Int))
    }
}

impl serde::de::Visitor<'_> for RawNumberVisitor {
    type Value = RawNumber;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a count: a whole number, or a string such as \"1_000\"")
    }
    fn visit_i64<E>(self, v: i64) -> Result<RawNumber, E> {
        Ok(RawNumber::Int(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<RawNumber, E> {
        Self::integer(v)
    }
    fn visit_i128<E>(self, v: i128) -> Result<RawNumber, E> {
        Self::integer(v)
    }
    fn visit_u128<E>(self, v: u128) -> Result<RawNumber, E> {
        Self::integer(v)
    }
    fn visit_f64<E>(self, v: f64) -> Result<RawNumber, E> {
        // Debug keeps the point and the exponent: `2.0`, `1e300`.
        Ok(RawNumber::Other(format!("{v:?}")))
    }
    fn visit_bool<E>(self, v: bool) -> Result<RawNumber, E> {
        Ok(RawNumber::Other(v.to_string()))
    }
    fn visit_str<E>(self, v: &str) -> Result<RawNumber, E> {
        Ok(RawNumber::Text(v.to_string()))
    }
}

/// The `[expect]` table, shared by every kind of puzzle file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawExpect {
    pub(crate) solutions: Option<Spanned<RawNumber>>,
    pub(crate) distinct: Option<Spanned<RawNumber>>,
    pub(crate) group: Option<Spanned<String>>,
    pub(crate) source: Option<String>,
    pub(crate) nodes: Option<Spanned<RawNumber>>,
    pub(crate) states: Option<Spanned<RawNumber>>,
    /// Older files' time estimate: read and ignored (the time is derived
    /// from `nodes` now).
    #[allow(dead_code)]
    pub(crate) seconds: Option<toml::Value>,
}

// Tile puzzles (`kind = "tiles"`).

/// A tile-puzzle file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTileFile {
    #[allow(dead_code)]
    pub(crate) kind: Spanned<String>,
    pub(crate) name: Option<String>,
    #[allow(dead_code)]
    pub(crate) source: Option<String>,
    #[allow(dead_code)]
    pub(crate) notes: Option<String>,
    pub(crate) turn_over: Option<bool>,
    pub(crate) board: Option<Spanned<RawTileBoard>>,
    #[serde(default)]
    pub(crate) labels: Vec<Spanned<RawLabels>>,
    pub(crate) border: Option<Spanned<RawBorder>>,
    #[serde(default, rename = "tile")]
    pub(crate) tiles: Vec<Spanned<RawTile>>,
    pub(crate) expect: Option<Spanned<RawExpect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTileBoard {
    pub(crate) shape: Spanned<String>,
    pub(crate) side: Option<Spanned<i64>>,
    pub(crate) size: Option<Spanned<Vec<i64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLabels {
    pub(crate) rule: Spanned<String>,
    pub(crate) names: Option<Vec<Spanned<String>>>,
    pub(crate) pairs: Option<Vec<Spanned<Vec<Spanned<String>>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawBorder {
    pub(crate) labels: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTile {
    pub(crate) name: Spanned<String>,
    pub(crate) edges: Spanned<Vec<Spanned<String>>>,
}
