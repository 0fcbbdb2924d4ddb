//! What defines a puzzle: a solid, its cuts and the moves allowed.
//!
//! A cut is an axis kind and a depth: `f 0.333` is the family of planes
//! parallel to every face at distance 1/3 from the centre (the faces
//! themselves are at distance 1), `v 0` the planes through the centre
//! normal to every vertex direction, `e 0.707` the planes normal to every
//! edge direction at distance 1/sqrt(2). One cut thus stands for its orbit
//! under the solid's rotations; a negative depth puts the plane past the
//! centre (on a tetrahedron the vertex and face directions are opposite,
//! so `v -0.5` and `f 0.5` are the same planes).
//!
//! The moves are chosen by [`Moves`]: every slice of every axis, every
//! slice but a middle one, the outer slices, or a list of turns in the
//! notation of [`crate::notation`] (`U`, `2U`, `1-2U`), each optionally
//! renamed (`u=U`).

use crate::error::{Error, clip};
use crate::solid::{ElementKind, Solid};

/// A family of cut planes: normal to every element of `kind`, at `depth`
/// from the centre (inradius units). Cuts are equal when their planes are:
/// how the depth was written does not count.
#[derive(Clone, Debug)]
pub struct Cut {
    /// The kind of element the planes are normal to.
    pub kind: ElementKind,
    /// The planes' distance from the centre, in inradius units (negative:
    /// beyond the centre).
    pub depth: f64,
    /// The depth as the user wrote it (`1/3`), so messages name the cut as
    /// written rather than as a long decimal.
    written: Option<String>,
}

impl PartialEq for Cut {
    fn eq(&self, other: &Cut) -> bool {
        self.kind == other.kind && self.depth == other.depth
    }
}

impl Cut {
    /// Planes normal to every face at `depth`.
    pub fn face(depth: f64) -> Cut {
        Cut {
            kind: ElementKind::Face,
            depth,
            written: None,
        }
    }
    /// Planes normal to every vertex direction at `depth`.
    pub fn vertex(depth: f64) -> Cut {
        Cut {
            kind: ElementKind::Vertex,
            depth,
            written: None,
        }
    }
    /// Planes normal to every edge direction at `depth`.
    pub fn edge(depth: f64) -> Cut {
        Cut {
            kind: ElementKind::Edge,
            depth,
            written: None,
        }
    }

    /// Reads `f 0.333`, `v 1/3`, `edge -0.5`: a kind (`f`/`face`,
    /// `v`/`vertex`, `e`/`edge`) and a depth (a decimal or a fraction `a/b`).
    pub fn parse(s: &str) -> Result<Cut, Error> {
        let shown = clip(s);
        let mut w = s.split_whitespace();
        let (Some(k), Some(d), None) = (w.next(), w.next(), w.next()) else {
            return Err(Error::Cut(format!(
                "cut {shown:?}: expected a kind (f, v or e) and a depth, e.g. \"f 0.333\""
            )));
        };
        let kind = match k {
            "f" | "face" => ElementKind::Face,
            "v" | "vertex" => ElementKind::Vertex,
            "e" | "edge" => ElementKind::Edge,
            _ => {
                return Err(Error::Cut(format!(
                    "cut {shown:?}: unknown kind {:?} (f, v or e)",
                    clip(k)
                )));
            }
        };
        let depth = parse_number(d)
            .ok_or_else(|| Error::Cut(format!("cut {shown:?}: {:?} is not a number", clip(d))))?;
        Ok(Cut {
            kind,
            depth,
            written: Some(d.to_string()),
        })
    }

    /// `f 0.333333`, or `f 1/3` for a cut read from `f 1/3` (the depth as written).
    pub fn format(&self) -> String {
        let depth = self
            .written
            .clone()
            .unwrap_or_else(|| self.depth.to_string());
        format!("{} {depth}", &self.kind.name()[..1])
    }
}

/// A decimal or a fraction `a/b`, finite.
fn parse_number(s: &str) -> Option<f64> {
    let v = match s.split_once('/') {
        Some((a, b)) => a.trim().parse::<f64>().ok()? / b.trim().parse::<f64>().ok()?,
        None => s.parse::<f64>().ok()?,
    };
    v.is_finite().then_some(v)
}

/// Which turns make up the move set.
#[derive(Clone, Debug, PartialEq)]
pub enum Moves {
    /// Every slice of every axis, each turned alone (the seed project's
    /// move sets).
    All,
    /// Every slice except the middle one of an axis with an odd number of
    /// slices (three or more): face-turning puzzles with fixed centres
    /// (3x3x3, Megaminx, ...).
    NoMiddle,
    /// The outermost slice at each end of every axis.
    Outer,
    /// These turns, in the notation (`U`, `2U`, `1-2U`), each with an
    /// optional name (`u=U`).
    List(Vec<MoveSpec>),
}

/// One turn of a listed move set: `turn` in the notation, shown as `name`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveSpec {
    /// Its own name (`u` in `u=U`), if it has one.
    pub name: Option<String>,
    /// The turn, in the notation (`2U`, `1-2U`).
    pub turn: String,
}

impl Moves {
    /// Reads `all`, `no-middle`, `outer`.
    pub fn parse_keyword(s: &str) -> Result<Moves, Error> {
        match s {
            "all" => Ok(Moves::All),
            "no-middle" => Ok(Moves::NoMiddle),
            "outer" => Ok(Moves::Outer),
            _ => Err(Error::MoveSet(format!(
                "moves {:?}: expected \"all\", \"no-middle\", \"outer\" or a list of turns",
                clip(s)
            ))),
        }
    }

    /// A list from strings `TURN` or `NAME=TURN`.
    pub fn list<S: AsRef<str>>(items: &[S]) -> Moves {
        Moves::List(
            items
                .iter()
                .map(|s| match s.as_ref().split_once('=') {
                    Some((n, t)) => MoveSpec {
                        name: Some(n.trim().to_string()),
                        turn: t.trim().to_string(),
                    },
                    None => MoveSpec {
                        name: None,
                        turn: s.as_ref().trim().to_string(),
                    },
                })
                .collect(),
        )
    }

    /// How the file format writes it.
    pub fn describe(&self) -> String {
        match self {
            Moves::All => "all".into(),
            Moves::NoMiddle => "no-middle".into(),
            Moves::Outer => "outer".into(),
            Moves::List(l) => l
                .iter()
                .map(|m| match &m.name {
                    Some(n) => format!("{n}={}", m.turn),
                    None => m.turn.clone(),
                })
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// A puzzle's definition.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleSpec {
    /// Its name, as shown.
    pub name: String,
    /// The solid it is cut from.
    pub solid: Solid,
    /// Its cuts (at least one).
    pub cuts: Vec<Cut>,
    /// Its move set.
    pub moves: Moves,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_read_kinds_and_fractions() {
        assert_eq!(Cut::parse("f 1/3").unwrap(), Cut::face(1.0 / 3.0));
        assert_eq!(Cut::parse("vertex -0.5").unwrap(), Cut::vertex(-0.5));
        assert!(Cut::parse("x 1").is_err());
        assert!(Cut::parse("f").is_err());
        assert!(Cut::parse("f nan").is_err());
        assert!(Cut::parse("f 1/0").is_err());
    }

    #[test]
    fn cuts_format_as_written() {
        assert_eq!(Cut::parse("face  1/3").unwrap().format(), "f 1/3");
        assert_eq!(Cut::face(0.5).format(), "f 0.5");
    }

    #[test]
    fn move_lists_take_names() {
        let Moves::List(l) = Moves::list(&["u=U", "2U"]) else {
            panic!()
        };
        assert_eq!(l[0].name.as_deref(), Some("u"));
        assert_eq!(l[1].turn, "2U");
    }
}
