//! A puzzle built from its geometry: stickers, pieces, axes, moves.
//!
//! The construction ([`Puzzle::build`]):
//!
//! 1. every cut of the [`PuzzleSpec`] stands for the planes normal to every
//!    element of its kind at its depth; planes within [`EPS`] of each other
//!    are the same plane and kept once (`f 1/3` and `f 0.333333333333`; the
//!    tetrahedron's `v -0.5` and `f 0.5`); parallel planes closer than
//!    [`MIN_GAP`] but not the same are an error naming the two cuts, as is
//!    a plane within [`MIN_GAP`] of the solid's surface (they would make
//!    stickers too thin to tell apart, which used to be dropped or merged
//!    silently);
//! 2. planes with parallel normals share an **axis**; its `offsets` (along
//!    its direction, largest first) cut space into `offsets.len() + 1`
//!    **slices**, numbered from 0 at the axis's positive end;
//! 3. every face polygon is cut by every plane: the convex pieces are the
//!    **stickers** (colour = face index);
//! 4. stickers on the same side of every plane (the same slice of every
//!    axis) form a **piece** (a "cubie");
//! 5. a **move** turns the stickers of some slices of one axis by one
//!    step of the axis's rotation (360 degrees divided by its order in the
//!    solid's rotation group), clockwise seen from the end it is named
//!    after; it is stored as a permutation of the stickers, found by
//!    matching every turned sticker centre with a sticker centre.
//!
//! Why step 5 is sound: the set of planes is invariant under the solid's
//! rotations, so a rotation maps stickers onto stickers; a sticker never
//! straddles a plane, so a slice's stickers go to the same slice. The
//! construction checks both (a turned sticker must land on a sticker of
//! the turned face, and the images must form a permutation).

use crate::error::{Error, clip};
use crate::geom::{EPS, Mat3, Plane, Vec3, area, split};
use crate::perm::Perm;
use crate::solid::Geometry;
use crate::spec::{Moves, PuzzleSpec};
use crate::token::{self, Token};
use std::collections::HashMap;
use std::f64::consts::PI;

/// At most this many stickers: points are `u16` and the counts grow with
/// the number of base points times stickers.
pub const MAX_STICKERS: usize = 20_000;
/// At most this many distinct cut planes.
pub const MAX_PLANES: usize = 400;
/// The least distance between two parallel cut planes that are not the
/// same plane, and between a cut plane and the solid's surface: thinner
/// stickers would come near the tolerances that match turned stickers
/// (centres within 1e-6) and drop degenerate ones (area 1e-12).
pub const MIN_GAP: f64 = 1e-4;

/// One sticker: a convex polygon on a face.
#[derive(Clone, Debug)]
pub struct Sticker {
    /// The face it lies on; also its colour in the solved state.
    pub face: usize,
    /// Corners, counterclockwise seen from outside.
    pub polygon: Vec<Vec3>,
    /// The mean of its corners.
    pub centre: Vec3,
    /// The piece it belongs to.
    pub piece: usize,
    /// Its orbit (see [`Orbit`]).
    pub orbit: usize,
}

/// A piece ("cubie"): the stickers on the same side of every plane.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its stickers, in increasing order.
    pub stickers: Vec<usize>,
    /// The mean of its sticker centres.
    pub centre: Vec3,
    /// The orbit of its stickers (all stickers of a piece share one orbit
    /// size; the orbit of its first sticker).
    pub orbit: usize,
}

/// Which end of an axis.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The end `dir` points to (`ends[0]`).
    Positive,
    /// The opposite end (`ends[1]`).
    Negative,
}

/// An axis: parallel cut planes and the rotation about them.
#[derive(Clone, Debug)]
pub struct Axis {
    /// Unit direction of the positive end.
    pub dir: Vec3,
    /// The names of the elements at the positive and the negative end.
    pub ends: [String; 2],
    /// Plane offsets along `dir`, largest first. Slice `s` holds the points
    /// with `offsets[s - 1] > dir . x > offsets[s]`.
    pub offsets: Vec<f64>,
    /// The order of the rotations about the axis (4 for a cube face, 3 for
    /// its vertices, 2 for its edges, 5 for a dodecahedron face...).
    pub order: u8,
}

impl Axis {
    /// The number of slices: one more than the planes.
    pub fn slices(&self) -> usize {
        self.offsets.len() + 1
    }

    /// The unit direction of an end.
    pub fn end_dir(&self, end: End) -> Vec3 {
        match end {
            End::Positive => self.dir,
            End::Negative => -self.dir,
        }
    }

    /// Slice index of layer `layer` (1 = outermost) counted from `end`.
    pub fn slice_of_layer(&self, end: End, layer: usize) -> usize {
        match end {
            End::Positive => layer - 1,
            End::Negative => self.slices() - layer,
        }
    }
}

/// A move of the move set: some slices of one axis turned together.
#[derive(Clone, Debug)]
pub struct Move {
    /// Its name in the notation (`U`, `2U`, `u`...).
    pub name: String,
    /// The axis it turns about: an index into [`Puzzle::axes`].
    pub axis: usize,
    /// The slices turned (indices from the axis's positive end), increasing.
    pub slices: Vec<usize>,
    /// It turns clockwise seen from this end.
    pub end: End,
    /// Turns that bring it back: the axis's order.
    pub order: u8,
    /// One turn, as a permutation of the stickers (sticker `i` goes to
    /// position `perm[i]`).
    pub perm: Perm,
}

impl Move {
    /// The angle of one turn, in radians (clockwise about `end`).
    pub fn angle(&self) -> f64 {
        2.0 * PI / self.order as f64
    }
}

/// An orbit of the group on stickers: stickers some sequence of moves can
/// carry onto each other. Its pieces all have the same number of
/// stickers.
#[derive(Clone, Debug)]
pub struct Orbit {
    /// Its stickers, in increasing order.
    pub stickers: Vec<usize>,
    /// The pieces whose stickers lie in this orbit.
    pub pieces: Vec<usize>,
    /// Stickers per piece.
    pub piece_size: usize,
}

/// A move chosen from a move set: its name, axis, slices and the end it
/// is named from.
type MoveChoice = (String, usize, Vec<usize>, End);

/// A twisty puzzle: the model everything else works on.
///
/// Everything is indexed by position in these vectors, and the indices
/// cross-reference each other; [`Puzzle::build`] establishes the
/// invariants below and nothing changes them afterwards (the fields are
/// public for reading).
///
/// A **sticker position** `s` is an index into `stickers`; it is also the
/// point `s` of every permutation ([`Perm`], `u16` points, so
/// `stickers.len() <= MAX_STICKERS < 2^16`), and the `degree` of the
/// puzzle is `stickers.len()`.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The definition it was built from (name, solid, cuts, move set).
    pub spec: PuzzleSpec,
    /// The solid: its faces, named elements and rotations. `Sticker::face`
    /// indexes `geometry.faces`; axis end names are element names.
    pub geometry: Geometry,
    /// The stickers, face by face in the order of `geometry.faces`, each
    /// face's in reading order (rows from its top, left to right). The
    /// solved state has sticker `s` at position `s`, coloured
    /// `stickers[s].face`. Invariants: `stickers[s].piece` is a piece
    /// listing `s`, and `stickers[s].orbit` an orbit listing `s`; no two
    /// stickers have the same centre.
    pub stickers: Vec<Sticker>,
    /// The pieces, numbered in order of their first sticker. They
    /// partition the stickers: every sticker is in exactly one piece's
    /// (increasing) `stickers`, the stickers in the same slice of every
    /// axis; `pieces[p].orbit` is the orbit of its first sticker.
    pub pieces: Vec<Piece>,
    /// The axes, one per direction of parallel cut planes, in the order
    /// their first plane was made. `axes[a].offsets` is sorted largest
    /// first and non-empty; slices are numbered from 0 at the positive end
    /// (see [`Axis`]).
    pub axes: Vec<Axis>,
    /// The move set, in the order the move set lists it (for a keyword
    /// set: axis by axis, slice by slice). Invariants: names are distinct;
    /// no two moves turn the same slices of the same axis; `moves[m].axis`
    /// indexes `axes`, its `slices` are increasing slice indices of that
    /// axis, its `order` is `axes[axis].order`, and its `perm` is a
    /// permutation of degree `stickers.len()` other than the identity. A
    /// [`crate::Turn`]'s `mv` indexes this vector. The moves generate the
    /// puzzle's group.
    pub moves: Vec<Move>,
    /// The orbits of the group on sticker positions, numbered in order of
    /// their smallest sticker. They partition the stickers; every move
    /// maps each orbit onto itself; `orbits[o].pieces` are the pieces `p`
    /// with `pieces[p].orbit == o`, all of `piece_size` stickers.
    pub orbits: Vec<Orbit>,
    /// The solid's rotations as sticker permutations (whole-puzzle
    /// rotations), identity first, in the order of `geometry.rotations`.
    pub rotations: Vec<Perm>,
}

/// Finds the sticker with a given centre.
struct Locator {
    cells: HashMap<[i64; 3], Vec<usize>>,
}

const CELL: f64 = 1e-4;

impl Locator {
    fn new(points: &[Vec3]) -> Locator {
        let mut cells: HashMap<[i64; 3], Vec<usize>> = HashMap::new();
        for (i, p) in points.iter().enumerate() {
            cells.entry(Self::key(*p)).or_default().push(i);
        }
        Locator { cells }
    }
    fn key(p: Vec3) -> [i64; 3] {
        p.0.map(|x| (x / CELL).floor() as i64)
    }
    fn find(&self, points: &[Vec3], p: Vec3) -> Option<usize> {
        let k = Self::key(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    if let Some(v) = self.cells.get(&[k[0] + dx, k[1] + dy, k[2] + dz]) {
                        for &i in v {
                            if points[i].close(p, 1e-6) {
                                return Some(i);
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// The cut planes of a puzzle's cuts, each with the index of its cut: each cut at every element
/// of its kind, a plane within
/// [`EPS`] of an earlier one kept once. Fails for a cut outside the solid (or within
/// [`MIN_GAP`] of its surface), for two parallel planes closer than [`MIN_GAP`] but not the
/// same ([`Error::CloseCuts`]), and for too many planes.
fn cut_planes(spec: &PuzzleSpec, geometry: &Geometry) -> Result<Vec<(Plane, usize)>, Error> {
    // Each plane with the index of the cut it came from.
    let mut planes: Vec<(Plane, usize)> = Vec::new();
    for (ci, cut) in spec.cuts.iter().enumerate() {
        let first = geometry.elements_of(cut.kind).next().expect("every kind");
        let (lo, hi) = geometry.extent(first.dir);
        if !(cut.depth >= lo + MIN_GAP && cut.depth <= hi - MIN_GAP) {
            return Err(Error::Cut(format!(
                "cut \"{}\" does not cut the {}: {} {} cut needs a depth between {:.6} and {:.6} (at least {MIN_GAP} inside the surface)",
                cut.format(),
                spec.solid.name(),
                if cut.kind.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                },
                cut.kind.name(),
                lo + MIN_GAP,
                hi - MIN_GAP
            )));
        }
        for e in geometry.elements_of(cut.kind) {
            let p = Plane {
                normal: e.dir,
                offset: cut.depth,
            };
            let mut same = false;
            for (q, qi) in &planes {
                // The gap between q and p along q's normal, if they are parallel.
                let gap = if q.normal.close(p.normal, 1e-7) {
                    p.offset - q.offset
                } else if q.normal.close(-p.normal, 1e-7) {
                    -p.offset - q.offset
                } else {
                    continue;
                };
                if gap.abs() <= EPS {
                    same = true;
                    break;
                }
                if gap.abs() < MIN_GAP {
                    return Err(close_cuts(spec, *qi, ci, gap.abs()));
                }
            }
            if !same {
                planes.push((p, ci));
            }
        }
    }
    if planes.len() > MAX_PLANES {
        return Err(Error::TooLarge(format!(
            "{} cut planes: at most {MAX_PLANES} are supported",
            planes.len()
        )));
    }
    Ok(planes)
}

/// The error for cuts `a` and `b` (maybe equal) making parallel planes `gap` apart.
fn close_cuts(spec: &PuzzleSpec, a: usize, b: usize, gap: f64) -> Error {
    let name = |i: usize| format!("\"{}\"", spec.cuts[i].format());
    let which = if a == b {
        format!("cut {} makes parallel planes", name(a))
    } else {
        format!("cuts {} and {} make parallel planes", name(a), name(b))
    };
    Error::CloseCuts {
        cuts: (a, b),
        message: format!(
            "{which} {gap:.3e} apart, closer than {MIN_GAP} but not the same plane: \
             the stickers between them would be too thin (write equal depths alike, e.g. 1/3, \
             or move the cuts apart)"
        ),
    }
}

/// The axes of the planes: one per direction, in the order of its first plane, its ends named
/// by the solid's elements there, its offsets largest first.
fn axes_of(planes: &[Plane], geometry: &Geometry) -> Vec<Axis> {
    let mut axes: Vec<Axis> = Vec::new();
    for p in planes {
        let found = axes.iter_mut().find_map(|a| {
            if a.dir.close(p.normal, 1e-7) {
                Some((a, p.offset))
            } else if a.dir.close(-p.normal, 1e-7) {
                Some((a, -p.offset))
            } else {
                None
            }
        });
        match found {
            Some((a, o)) => a.offsets.push(o),
            None => {
                let name_at = |d: Vec3| {
                    geometry
                        .element_at(d)
                        .map(|e| e.name.clone())
                        .expect("every axis of a platonic solid ends in an element")
                };
                let order = geometry
                    .rotations
                    .iter()
                    .filter(|r| r.apply(p.normal).close(p.normal, 1e-7))
                    .count() as u8;
                axes.push(Axis {
                    dir: p.normal,
                    ends: [name_at(p.normal), name_at(-p.normal)],
                    offsets: vec![p.offset],
                    order,
                });
            }
        }
    }
    for a in &mut axes {
        a.offsets.sort_by(|x, y| y.total_cmp(x));
    }
    axes
}

/// The stickers the planes (each with its cut's index) cut the faces into, as `(face,
/// polygon)`: face by face, each face's in reading order (rows from its top, left to right).
/// Fails beyond [`MAX_STICKERS`], and for a plane passing closer than [`MIN_GAP`] to a corner of
/// a polygon without passing through it ([`near_corner`]).
fn face_stickers(
    spec: &PuzzleSpec,
    geometry: &Geometry,
    planes: &[(Plane, usize)],
) -> Result<Vec<(usize, Vec<Vec3>)>, Error> {
    let mut raw: Vec<(usize, Vec<Vec3>)> = Vec::new();
    for (fi, face) in geometry.faces.iter().enumerate() {
        let mut polys = vec![face.polygon.clone()];
        for (p, ci) in planes {
            let mut next = Vec::with_capacity(polys.len());
            for poly in polys {
                near_corner(spec, &poly, p, *ci)?;
                match split(&poly, p) {
                    Some((a, b)) => {
                        next.push(a);
                        next.push(b);
                    }
                    None => next.push(poly),
                }
            }
            polys = next;
            if polys.len() * geometry.faces.len() > MAX_STICKERS {
                return Err(Error::TooLarge(format!(
                    "more than {MAX_STICKERS} stickers: too large a puzzle"
                )));
            }
        }
        polys.retain(|q| area(q) > 1e-12);
        let (upv, right) = face_frame(face.normal);
        let key = |q: &Vec<Vec3>| {
            let c = Vec3::mean(q);
            (
                (-(c.dot(upv)) * 1e6).round() as i64,
                ((c.dot(right)) * 1e6).round() as i64,
            )
        };
        polys.sort_by_key(key);
        raw.extend(polys.into_iter().map(|q| (fi, q)));
    }
    Ok(raw)
}

/// Fails when plane `p` (of cut `ci`) passes closer than [`MIN_GAP`] to a corner of `poly`
/// without going through it (within [`EPS`]): the stickers there would be slivers that the
/// tolerances drop or mismatch (a cube's `v` cut 5e-7 from the corners of its `f 1/3` grid lost
/// 24 stickers without a word, or failed as an internal error).
fn near_corner(spec: &PuzzleSpec, poly: &[Vec3], p: &Plane, ci: usize) -> Result<(), Error> {
    let Some(d) = poly
        .iter()
        .map(|&v| p.distance(v).abs())
        .find(|d| *d > EPS && *d < MIN_GAP)
    else {
        return Ok(());
    };
    Err(Error::CloseCuts {
        cuts: (ci, ci),
        message: format!(
            "cut \"{}\" passes {d:.3e} from a corner where the solid's edges and the other \
             cuts meet, closer than {MIN_GAP} but not through it: the stickers there would be \
             too thin (move the cut onto the corner, e.g. with an exact fraction, or away from it)",
            spec.cuts[ci].format()
        ),
    })
}

/// The slice of axis `a` holding the point `c`.
pub(crate) fn slice_of(a: &Axis, c: Vec3) -> usize {
    let h = a.dir.dot(c);
    a.offsets.iter().filter(|&&o| o > h + EPS).count()
}

/// The stickers of `raw` (centres `centres`) and their pieces: stickers in the same slice of
/// every axis form a piece, pieces numbered in order of their first sticker. Orbits are set later.
fn group_pieces(
    raw: Vec<(usize, Vec<Vec3>)>,
    centres: &[Vec3],
    axes: &[Axis],
) -> (Vec<Sticker>, Vec<Piece>) {
    let mut piece_of_key: HashMap<Vec<u16>, usize> = HashMap::new();
    let mut pieces: Vec<Piece> = Vec::new();
    let mut stickers: Vec<Sticker> = Vec::with_capacity(raw.len());
    for (i, (face, polygon)) in raw.into_iter().enumerate() {
        let key: Vec<u16> = axes
            .iter()
            .map(|a| slice_of(a, centres[i]) as u16)
            .collect();
        let piece = *piece_of_key.entry(key).or_insert_with(|| {
            pieces.push(Piece {
                stickers: vec![],
                centre: Vec3::new(0.0, 0.0, 0.0),
                orbit: 0,
            });
            pieces.len() - 1
        });
        pieces[piece].stickers.push(i);
        stickers.push(Sticker {
            face,
            polygon,
            centre: centres[i],
            piece,
            orbit: 0,
        });
    }
    for p in &mut pieces {
        let cs: Vec<Vec3> = p.stickers.iter().map(|&s| centres[s]).collect();
        p.centre = Vec3::mean(&cs);
    }
    (stickers, pieces)
}

/// Turns stickers by rotations of space: where each lands.
struct Turner<'a> {
    geometry: &'a Geometry,
    /// The stickers' centres, and a way to find a sticker by its centre.
    centres: &'a [Vec3],
    locator: Locator,
    /// The face of each sticker.
    face_of: Vec<usize>,
}

impl Turner<'_> {
    /// The sticker the rotation `rot` carries sticker `s` onto. Fails if it lands on no sticker
    /// or on one of a face the rotation does not carry its face onto.
    fn image_of(&self, rot: &Mat3, s: usize) -> Result<usize, Error> {
        let target = rot.apply(self.centres[s]);
        let t = self
            .locator
            .find(self.centres, target)
            .ok_or_else(|| Error::Internal("a turned sticker does not land on a sticker".into()))?;
        let faces = &self.geometry.faces;
        let fnormal = rot.apply(faces[self.face_of[s]].normal);
        if !faces[self.face_of[t]].normal.close(fnormal, 1e-6) {
            return Err(Error::Internal(
                "a turned sticker lands on the wrong face".into(),
            ));
        }
        Ok(t)
    }

    /// The sticker permutation turning the stickers `turned` picks by `rot` (the others stay);
    /// `None` when it is not a permutation.
    fn perm(&self, rot: &Mat3, turned: impl Fn(usize) -> bool) -> Result<Option<Perm>, Error> {
        let mut img: Vec<u16> = (0..self.face_of.len() as u16).collect();
        for (s, x) in img.iter_mut().enumerate() {
            if turned(s) {
                *x = self.image_of(rot, s)? as u16;
            }
        }
        Ok(Perm::from_images(img))
    }
}

impl Puzzle {
    /// Builds a puzzle from its definition: the cut planes, their axes, the stickers the planes
    /// cut the faces into, the pieces (stickers in the same slice of every axis), the
    /// rotations and moves as sticker permutations, and the orbits.
    pub fn build(spec: &PuzzleSpec) -> Result<Puzzle, Error> {
        let geometry = Geometry::new(spec.solid);
        if spec.cuts.is_empty() {
            return Err(Error::Cut("a puzzle needs at least one cut".into()));
        }
        let cut = cut_planes(spec, &geometry)?;
        let planes: Vec<Plane> = cut.iter().map(|(p, _)| *p).collect();
        let axes = axes_of(&planes, &geometry);
        let raw = face_stickers(spec, &geometry, &cut)?;
        let centres: Vec<Vec3> = raw.iter().map(|(_, q)| Vec3::mean(q)).collect();
        let (stickers, pieces) = group_pieces(raw, &centres, &axes);
        let turner = Turner {
            geometry: &geometry,
            locator: Locator::new(&centres),
            face_of: stickers.iter().map(|s| s.face).collect(),
            centres: &centres,
        };
        // Whole-puzzle rotations.
        let mut rotations = Vec::with_capacity(geometry.rotations.len());
        for r in &geometry.rotations {
            let perm = turner.perm(r, |_| true)?;
            rotations.push(
                perm.ok_or_else(|| Error::Internal("a rotation is not a permutation".into()))?,
            );
        }
        let mut puzzle = Puzzle {
            spec: spec.clone(),
            geometry: geometry.clone(),
            stickers,
            pieces,
            axes,
            moves: vec![],
            orbits: vec![],
            rotations,
        };
        puzzle.add_moves(&spec.moves, &turner)?;
        puzzle.find_orbits();
        Ok(puzzle)
    }

    /// Adds the moves of a move set, each a turn of its slices by one step.
    fn add_moves(&mut self, moves: &Moves, turner: &Turner) -> Result<(), Error> {
        let chosen = self.choose_moves(moves)?;
        let slices_of: Vec<Vec<usize>> = self
            .stickers
            .iter()
            .map(|s| self.axes.iter().map(|a| slice_of(a, s.centre)).collect())
            .collect();
        for (name, axis, slices, end) in chosen {
            let a = &self.axes[axis];
            let rot = Mat3::rotation(a.end_dir(end), -2.0 * PI / a.order as f64);
            let perm = turner
                .perm(&rot, |s| slices.contains(&slices_of[s][axis]))?
                .ok_or_else(|| Error::Internal("a move is not a permutation".into()))?;
            if perm.is_identity() {
                return Err(Error::MoveSet(format!(
                    "move {name} turns no sticker (its slices hold none)"
                )));
            }
            self.moves.push(Move {
                name,
                axis,
                slices,
                end,
                order: a.order,
                perm,
            });
        }
        Ok(())
    }

    /// The turns of a move set: (name, axis, slices, end).
    fn choose_moves(&self, moves: &Moves) -> Result<Vec<MoveChoice>, Error> {
        let mut out = Vec::new();
        let canonical = |ai: usize, s: usize| -> MoveChoice {
            let a = &self.axes[ai];
            let (from_pos, from_neg) = (s + 1, a.slices() - s);
            let (end, layer) = if from_pos <= from_neg {
                (End::Positive, from_pos)
            } else {
                (End::Negative, from_neg)
            };
            let e = &a.ends[(end == End::Negative) as usize];
            let name = if layer == 1 {
                e.clone()
            } else {
                format!("{layer}{e}")
            };
            (name, ai, vec![s], end)
        };
        match moves {
            Moves::All | Moves::NoMiddle | Moves::Outer => {
                for (ai, a) in self.axes.iter().enumerate() {
                    let n = a.slices();
                    for s in 0..n {
                        let keep = match moves {
                            Moves::All => true,
                            Moves::NoMiddle => !(n % 2 == 1 && n >= 3 && s == n / 2),
                            _ => s == 0 || s == n - 1,
                        };
                        if keep {
                            out.push(canonical(ai, s));
                        }
                    }
                }
            }
            Moves::List(list) => {
                for m in list {
                    let tok = token::split_token(&m.turn)
                        .map_err(|e| Error::MoveSet(format!("move {}", e.message(&m.turn))))?;
                    if tok.power != 1 {
                        return Err(Error::MoveSet(format!(
                            "move {:?}: a move set lists single turns, without a power",
                            clip(&m.turn)
                        )));
                    }
                    let (ai, end, slices) = self.resolve_layers(&tok)?;
                    // A name of its own must read as a name: letters, '-' or '_'.
                    if let Some(n) = &m.name
                        && token::split_token(n)
                            .ok()
                            .is_none_or(|t| t.layers.is_some() || t.power != 1 || t.base != n)
                    {
                        return Err(Error::MoveSet(format!(
                            "move name {:?}: a name is letters (and - or _), e.g. u=U",
                            clip(n)
                        )));
                    }
                    let name = m.name.clone().unwrap_or_else(|| m.turn.clone());
                    out.push((name, ai, slices, end));
                }
            }
        }
        // One name per move, and each move once.
        for i in 0..out.len() {
            for j in 0..i {
                if out[i].0 == out[j].0 {
                    return Err(Error::MoveSet(format!("move {} is listed twice", out[i].0)));
                }
                if out[i].1 == out[j].1 && out[i].2 == out[j].2 {
                    return Err(Error::MoveSet(format!(
                        "moves {} and {} turn the same slices",
                        out[j].0, out[i].0
                    )));
                }
            }
        }
        if out.is_empty() {
            return Err(Error::MoveSet("the move set is empty".into()));
        }
        Ok(out)
    }

    /// The axis, end and slices a token's layers and name mean (`1-2U`:
    /// the two outermost layers at `U`).
    pub fn resolve_layers(&self, tok: &Token) -> Result<(usize, End, Vec<usize>), Error> {
        let (ai, end) = self.axis_end(tok.name).ok_or_else(|| {
            if self.geometry.element(tok.name).is_some() {
                Error::Notation(format!(
                    "{}: no cut turns about {}",
                    clip(tok.text),
                    tok.name
                ))
            } else {
                Error::Notation(format!(
                    "{}: {:?} names no face, vertex or edge of the {}",
                    clip(tok.text),
                    clip(tok.name),
                    self.spec.solid.name()
                ))
            }
        })?;
        let a = &self.axes[ai];
        let (lo, hi) = tok.layers.unwrap_or((1, 1));
        if lo == 0 || hi < lo || hi > a.slices() {
            return Err(Error::Notation(format!(
                "{}: layers {lo}-{hi} do not exist (the axis at {} has {} layers)",
                clip(tok.text),
                tok.name,
                a.slices()
            )));
        }
        let mut slices: Vec<usize> = (lo..=hi).map(|l| a.slice_of_layer(end, l)).collect();
        slices.sort();
        Ok((ai, end, slices))
    }

    /// The axis and end named `name`.
    pub fn axis_end(&self, name: &str) -> Option<(usize, End)> {
        self.axes.iter().enumerate().find_map(|(i, a)| {
            if a.ends[0] == name {
                Some((i, End::Positive))
            } else if a.ends[1] == name {
                Some((i, End::Negative))
            } else {
                None
            }
        })
    }

    /// Fills `orbits` and every sticker's and piece's `orbit`.
    fn find_orbits(&mut self) {
        let n = self.stickers.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for m in &self.moves {
            for i in 0..n {
                let (a, b) = (root(&mut parent, i), root(&mut parent, m.perm.image(i)));
                if a != b {
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
        let mut index: HashMap<usize, usize> = HashMap::new();
        self.orbits.clear();
        for i in 0..n {
            let r = root(&mut parent, i);
            let k = *index.entry(r).or_insert_with(|| {
                self.orbits.push(Orbit {
                    stickers: vec![],
                    pieces: vec![],
                    piece_size: self.pieces[self.stickers[i].piece].stickers.len(),
                });
                self.orbits.len() - 1
            });
            self.orbits[k].stickers.push(i);
            self.stickers[i].orbit = k;
        }
        for (pi, p) in self.pieces.iter_mut().enumerate() {
            p.orbit = self.stickers[p.stickers[0]].orbit;
            let o = &mut self.orbits[p.orbit];
            if !o.pieces.contains(&pi) {
                o.pieces.push(pi);
            }
        }
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The number of stickers (points of the permutations).
    pub fn degree(&self) -> usize {
        self.stickers.len()
    }

    /// The colour (face index) of each sticker in the solved state.
    pub fn colours(&self) -> Vec<u16> {
        self.stickers.iter().map(|s| s.face as u16).collect()
    }

    /// The move named `name`.
    pub fn move_named(&self, name: &str) -> Option<usize> {
        self.moves.iter().position(|m| m.name == name)
    }

    /// The move generators as permutations, in move order.
    pub fn generators(&self) -> Vec<Perm> {
        self.moves.iter().map(|m| m.perm.clone()).collect()
    }
}

/// A face's "up" and "right" directions as seen from outside: up is `+y`
/// on side faces, towards the back on a top face, towards the front on a
/// bottom face (the usual cube net).
pub fn face_frame(normal: Vec3) -> (Vec3, Vec3) {
    let y = Vec3::new(0.0, 1.0, 0.0);
    let reference = if normal.dot(y).abs() > 0.9 {
        Vec3::new(0.0, 0.0, -normal.dot(y).signum())
    } else {
        y
    };
    let upv = (reference - normal * reference.dot(normal)).unit();
    (upv, upv.cross(normal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solid::Solid;
    use crate::spec::Cut;

    fn build(solid: Solid, cuts: Vec<Cut>, moves: Moves) -> Puzzle {
        Puzzle::build(&PuzzleSpec {
            name: "t".into(),
            solid,
            cuts,
            moves,
        })
        .unwrap()
    }

    #[test]
    fn the_3x3x3_has_54_stickers_26_pieces_and_9_slices() {
        let p = build(Solid::Cube, vec![Cut::face(1.0 / 3.0)], Moves::All);
        assert_eq!(p.stickers.len(), 54);
        assert_eq!(p.pieces.len(), 26);
        assert_eq!(p.moves.len(), 9);
        let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["U", "2U", "D", "F", "2F", "B", "R", "2R", "L"]);
        // Three sticker orbits: centres, edges, corners.
        assert_eq!(p.orbits.len(), 3);
        // U moves 20 stickers, turns four times to the identity.
        let u = &p.moves[0];
        assert_eq!(u.perm.support().count(), 20);
        assert!(u.perm.pow(4).is_identity() && !u.perm.pow(2).is_identity());
        assert_eq!(p.rotations.len(), 24);
    }

    #[test]
    fn a_cut_outside_the_solid_is_refused() {
        let e = Puzzle::build(&PuzzleSpec {
            name: "t".into(),
            solid: Solid::Cube,
            cuts: vec![Cut::face(1.0)],
            moves: Moves::All,
        })
        .unwrap_err();
        assert!(e.to_string().contains("does not cut"), "{e}");
        assert!(matches!(e, Error::Cut(_)), "{e:?}");
    }
}
