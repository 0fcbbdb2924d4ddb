//! Named puzzles.
//!
//! Two kinds of names:
//!
//! * the seed project's families, `cube-N`, `tetrahedron-N`,
//!   `octahedron-N`, `dodecahedron-N` (N even: the edge size of its
//!   README, `dodecahedron-2` is the Megaminx) and `icosahedron-N`, with its
//!   move sets: every slice of every axis (for the dodecahedra and
//!   icosahedra every slice but the middle one, as the seed turns `size`
//!   layers at each face or vertex);
//! * classic puzzles (`3x3x3`, `pyraminx`, `megaminx`...), with their usual
//!   move sets, listed in [`CLASSICS`].
//!
//! Cut depths are in inradius units (faces at distance 1). An N-layer
//! cube is cut at `1 - 2k/N`, an N-layer tetrahedron (vertex turning;
//! vertices at distance 3, faces at 1) at `3 - 4k/N`, an N-layer octahedron
//! at `1 - 2k/N`. A dodecahedron with `s` cuts per face is cut at
//! `1 - 0.38 k / (s + 1)`, `k = 1..s` (any depths between about 0.62 and 1
//! give the same puzzle); an icosahedron with N layers per vertex is cut at
//! N even steps from the vertex down to the plane through its five
//! neighbours.

use crate::error::{Error, clip};
use crate::puzzle::MAX_STICKERS;
use crate::solid::{ElementKind, Geometry, Solid};
use crate::spec::{Cut, Moves, PuzzleSpec};

/// The classic puzzles: name and description.
pub const CLASSICS: &[(&str, &str)] = &[
    (
        "2x2x2",
        "Pocket Cube: cube cut through the centre, the six faces turn",
    ),
    ("3x3x3", "Rubik's Cube: the six faces turn (centres fixed)"),
    ("4x4x4", "Rubik's Revenge: every layer turns"),
    (
        "5x5x5",
        "Professor's Cube: every layer but the middle turns",
    ),
    ("6x6x6", "V-Cube 6: every layer turns"),
    ("7x7x7", "V-Cube 7: every layer but the middle turns"),
    (
        "pyraminx",
        "Pyraminx: tips (u l r b) and corners with their tips (U L R B) turn",
    ),
    (
        "master-pyraminx",
        "Master Pyraminx: the three upper layers at each vertex turn",
    ),
    (
        "professor-pyraminx",
        "Professor Pyraminx: the four upper layers at each vertex turn",
    ),
    (
        "skewb",
        "Skewb: cube cut through the centre normal to the vertices; four corners turn",
    ),
    (
        "dino",
        "Dino Cube: cube cut through each vertex's three neighbours; the eight corners turn",
    ),
    (
        "helicopter",
        "Helicopter Cube: cube cut normal to the edges through face centres; the twelve edges turn half turns (no jumbling)",
    ),
    (
        "skewb-diamond",
        "Skewb Diamond: octahedron cut through the centre parallel to the faces; the eight faces turn",
    ),
    (
        "fto",
        "Face-Turning Octahedron: octahedron cut at a third; the eight faces turn",
    ),
    ("megaminx", "Megaminx: the twelve faces turn"),
    (
        "gigaminx",
        "Gigaminx: two layers at each of the twelve faces turn",
    ),
    (
        "teraminx",
        "Teraminx: three layers at each of the twelve faces turn",
    ),
];

/// The seed project's 15 benchmark puzzles, in its README's order.
pub const SEED_PUZZLES: [&str; 15] = [
    "tetrahedron-3",
    "tetrahedron-4",
    "tetrahedron-5",
    "cube-2",
    "cube-3",
    "cube-4",
    "octahedron-2",
    "octahedron-3",
    "octahedron-4",
    "dodecahedron-2",
    "dodecahedron-4",
    "dodecahedron-6",
    "icosahedron-2",
    "icosahedron-3",
    "icosahedron-4",
];

/// Every name `list` shows: the seed puzzles, then the classics.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = SEED_PUZZLES.to_vec();
    v.extend(CLASSICS.iter().map(|c| c.0));
    v
}

/// A one-line description of a catalog name.
pub fn describe(name: &str) -> Option<String> {
    if let Some((_, d)) = CLASSICS.iter().find(|c| c.0 == name) {
        return Some(d.to_string());
    }
    let (family, n) = family(name)?;
    Some(match family {
        Solid::Cube => format!("{n}-layer cube, every slice turns (seed family)"),
        Solid::Tetrahedron => {
            format!("{n}-layer vertex-turning tetrahedron, every slice turns (seed family)")
        }
        Solid::Octahedron => {
            format!("{n}-layer face-turning octahedron, every slice turns (seed family)")
        }
        Solid::Dodecahedron => format!(
            "face-turning dodecahedron of edge size {n}: {} layers at each face turn (seed family)",
            n / 2
        ),
        Solid::Icosahedron => {
            format!("vertex-turning icosahedron, {n} layers at each vertex turn (seed family)")
        }
    })
}

/// A family of names: its solid, the form of its names, the smallest N
/// and whether N must be even.
pub struct Family {
    /// The solid its puzzles are cut from.
    pub solid: Solid,
    /// `cube-N`...
    pub form: &'static str,
    /// The smallest N a name may have.
    pub min: usize,
    /// Whether N must be even.
    pub even: bool,
}

/// The families, in the order `list` shows them (`NxNxN` is the cube's
/// other spelling, with the classic move set).
pub const FAMILIES: [Family; 5] = [
    Family {
        solid: Solid::Cube,
        form: "cube-N",
        min: 2,
        even: false,
    },
    Family {
        solid: Solid::Tetrahedron,
        form: "tetrahedron-N",
        min: 2,
        even: false,
    },
    Family {
        solid: Solid::Octahedron,
        form: "octahedron-N",
        min: 2,
        even: false,
    },
    Family {
        solid: Solid::Dodecahedron,
        form: "dodecahedron-N",
        min: 2,
        even: true,
    },
    Family {
        solid: Solid::Icosahedron,
        form: "icosahedron-N",
        min: 1,
        even: false,
    },
];

impl Family {
    /// The stickers of its puzzle of size `n` (what the construction
    /// makes: N² per face of a cube, tetrahedron, octahedron and
    /// icosahedron; `1 + 5s(s+1)` per face of a dodecahedron with `s = N/2`
    /// cuts).
    pub fn stickers(&self, n: usize) -> usize {
        let per_face = match self.solid {
            Solid::Dodecahedron => 1 + 5 * (n / 2) * (n / 2 + 1),
            _ => n * n,
        };
        let faces = match self.solid {
            Solid::Tetrahedron => 4,
            Solid::Cube => 6,
            Solid::Octahedron => 8,
            Solid::Dodecahedron => 12,
            Solid::Icosahedron => 20,
        };
        per_face * faces
    }

    /// The largest N: the last whose puzzle has at most
    /// [`MAX_STICKERS`] stickers, so that every name accepted builds.
    pub fn max(&self) -> usize {
        let step = if self.even { 2 } else { 1 };
        let mut n = self.min;
        while self.stickers(n + step) <= MAX_STICKERS {
            n += step;
        }
        n
    }

    /// Is `n` a size of this family?
    pub fn accepts(&self, n: usize) -> bool {
        n >= self.min && n <= self.max() && (!self.even || n.is_multiple_of(2))
    }

    /// The sizes accepted, in words ("N from 2 to 57").
    pub fn range(&self) -> String {
        format!(
            "{}N from {} to {}",
            if self.even { "even " } else { "" },
            self.min,
            self.max()
        )
    }
}

/// The family of a solid.
fn family_of(solid: Solid) -> &'static Family {
    FAMILIES
        .iter()
        .find(|f| f.solid == solid)
        .expect("every solid has a family")
}

/// A name of the form of a family (`cube-N`, `NxNxN`...), whatever N.
fn family_form(name: &str) -> Option<(Solid, usize)> {
    if let Some((a, rest)) = name.split_once('x')
        && let Some((b, c)) = rest.split_once('x')
        && a == b
        && b == c
    {
        return Some((Solid::Cube, a.parse().ok()?));
    }
    let (s, n) = name.rsplit_once('-')?;
    let solid = Solid::ALL.into_iter().find(|x| x.name() == s)?;
    Some((solid, n.parse().ok()?))
}

/// `cube-N` and the other family names, and `NxNxN`, of a size accepted.
fn family(name: &str) -> Option<(Solid, usize)> {
    family_form(name).filter(|&(solid, n)| family_of(solid).accepts(n))
}

/// Why a name is not a catalog puzzle: out of its family's range, or
/// unknown.
fn unknown(name: &str) -> Error {
    if let Some((solid, _)) = family_form(name) {
        let f = family_of(solid);
        let form = if name.contains('x') { "NxNxN" } else { f.form };
        return Error::UnknownPuzzle {
            name: name.into(),
            message: format!(
                "unknown puzzle {:?}: {form} is for {} (larger ones would have more than {MAX_STICKERS} stickers)",
                clip(name),
                f.range()
            ),
        };
    }
    Error::UnknownPuzzle {
        name: name.into(),
        message: format!(
            "unknown puzzle {:?} (`polycover twisty list` shows the names; a puzzle file ends in .toml)",
            clip(name)
        ),
    }
}

/// Depths `1 - 2k/n` that are not negative (the opposite faces give the
/// rest).
fn layered(n: usize) -> Vec<f64> {
    (1..n)
        .map(|k| 1.0 - 2.0 * k as f64 / n as f64)
        .filter(|&d| d >= -1e-12)
        .map(|d| if d.abs() < 1e-12 { 0.0 } else { d })
        .collect()
}

fn tetra_cuts(n: usize) -> Vec<Cut> {
    (1..n)
        .map(|k| Cut::vertex(3.0 - 4.0 * k as f64 / n as f64))
        .collect()
}

fn dodeca_cuts(s: usize) -> Vec<Cut> {
    (1..=s)
        .map(|k| Cut::face(1.0 - 0.38 * k as f64 / (s as f64 + 1.0)))
        .collect()
}

fn icosa_cuts(n: usize) -> Vec<Cut> {
    let g = Geometry::new(Solid::Icosahedron);
    let v = g.elements_of(ElementKind::Vertex).next().expect("vertices");
    let top = v.dir.dot(g.vertices.iter().copied().fold(v.dir, |best, w| {
        if v.dir.dot(w) > v.dir.dot(best) {
            w
        } else {
            best
        }
    }));
    // The neighbours' height: the second largest projection.
    let mut hs: Vec<f64> = g.vertices.iter().map(|w| v.dir.dot(*w)).collect();
    hs.sort_by(|a, b| b.total_cmp(a));
    let neighbours = hs[1];
    (1..=n)
        .map(|k| Cut::vertex(top - (top - neighbours) * k as f64 / n as f64))
        .collect()
}

/// The definition of a catalog puzzle.
pub fn spec(name: &str) -> Result<PuzzleSpec, Error> {
    let s = |solid, cuts, moves| PuzzleSpec {
        name: name.to_string(),
        solid,
        cuts,
        moves,
    };
    let faces = |v: Vec<f64>| v.into_iter().map(Cut::face).collect::<Vec<_>>();
    let per_vertex = |layers: usize| {
        let mut v = Vec::new();
        for vx in ["U", "L", "R", "B"] {
            for l in 1..=layers {
                v.push(if l == 1 {
                    vx.to_string()
                } else {
                    format!("{l}{vx}")
                });
            }
        }
        Moves::list(&v)
    };
    Ok(match name {
        "2x2x2" => s(Solid::Cube, faces(layered(2)), Moves::All),
        "pyraminx" => s(
            Solid::Tetrahedron,
            tetra_cuts(3),
            Moves::list(&[
                "u=U", "l=L", "r=R", "b=B", "U=1-2U", "L=1-2L", "R=1-2R", "B=1-2B",
            ]),
        ),
        "master-pyraminx" => s(Solid::Tetrahedron, tetra_cuts(4), per_vertex(3)),
        "professor-pyraminx" => s(Solid::Tetrahedron, tetra_cuts(5), per_vertex(4)),
        "skewb" => s(
            Solid::Cube,
            vec![Cut::vertex(0.0)],
            Moves::list(&["R=DBR", "U=UBL", "L=DFL", "B=DBL"]),
        ),
        "dino" => s(
            Solid::Cube,
            vec![Cut::vertex(1.0 / 3f64.sqrt())],
            Moves::Outer,
        ),
        "helicopter" => s(Solid::Cube, vec![Cut::edge(0.5f64.sqrt())], Moves::Outer),
        "skewb-diamond" => s(Solid::Octahedron, vec![Cut::face(0.0)], Moves::All),
        "fto" => s(Solid::Octahedron, vec![Cut::face(1.0 / 3.0)], Moves::Outer),
        "megaminx" => s(Solid::Dodecahedron, dodeca_cuts(1), Moves::NoMiddle),
        "gigaminx" => s(Solid::Dodecahedron, dodeca_cuts(2), Moves::NoMiddle),
        "teraminx" => s(Solid::Dodecahedron, dodeca_cuts(3), Moves::NoMiddle),
        _ => {
            let (solid, n) = family(name).ok_or_else(|| unknown(name))?;
            let classic_cube = name.contains('x');
            match solid {
                Solid::Cube if classic_cube => s(Solid::Cube, faces(layered(n)), Moves::NoMiddle),
                Solid::Cube | Solid::Octahedron => s(solid, faces(layered(n)), Moves::All),
                Solid::Tetrahedron => s(solid, tetra_cuts(n), Moves::All),
                Solid::Dodecahedron => s(solid, dodeca_cuts(n / 2), Moves::NoMiddle),
                Solid::Icosahedron => s(solid, icosa_cuts(n), Moves::NoMiddle),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_names_parse() {
        assert_eq!(family("cube-3"), Some((Solid::Cube, 3)));
        assert_eq!(family("5x5x5"), Some((Solid::Cube, 5)));
        assert_eq!(family("dodecahedron-3"), None);
        assert_eq!(family("cube-1"), None);
        assert_eq!(family("4x4x5"), None);
        assert!(spec("nonsense").is_err());
        assert_eq!(family("cube-57"), Some((Solid::Cube, 57)));
        assert_eq!(family("cube-58"), None);
        assert_eq!(family("dodecahedron-34"), Some((Solid::Dodecahedron, 34)));
        assert_eq!(family("icosahedron-32"), None);
        let e = spec("cube-70").unwrap_err().to_string();
        assert!(e.contains("cube-N is for N from 2 to 57"), "{e}");
        assert_eq!(layered(4), vec![0.5, 0.0]);
        assert_eq!(layered(3).len(), 1);
    }

    /// The sticker counts the ranges are made from are those of the
    /// puzzles built, so the largest size of each family builds and the
    /// next would be over the limit.
    #[test]
    fn family_ranges_follow_the_sticker_limit() {
        for f in &FAMILIES {
            for n in (f.min..f.min + 6).filter(|&n| f.accepts(n)) {
                let name = format!("{}-{n}", f.solid.name());
                let p = crate::named(&name).unwrap();
                assert_eq!(p.degree(), f.stickers(n), "{name}");
            }
            let (max, step) = (f.max(), if f.even { 2 } else { 1 });
            assert!(f.stickers(max) <= MAX_STICKERS && f.stickers(max + step) > MAX_STICKERS);
        }
        let max: Vec<usize> = FAMILIES.iter().map(Family::max).collect();
        assert_eq!(max, [57, 70, 50, 34, 31]);
    }
}
