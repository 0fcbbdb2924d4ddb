//! Pictures of boards and solutions as SVG, for every lattice.
//!
//! The SVG text is written here by hand (no dependency). A picture is a
//! *scene*: each board cell with its *owner* (a placed piece, or nobody:
//! a cell still to fill or one that may stay empty). [`geometry`] says
//! where each cell goes, in units, in the panel of its layer; this module
//! lays the panels side by side (bottom layer first, one frame for all, so
//! the layers of a pyramid line up), scales units to pixels and writes:
//!
//! * flat cells (squares, hexagons, triangles, and the top faces of
//!   cubes) as one filled path per piece, with faint lines between its
//!   cells; then each piece's *outline*: the cell edges it does not share
//!   with itself (found by counting edges, so holes and odd shapes need no
//!   special case), in a darker shade of its color;
//! * cubes in isometric view, nearer cubes last (painter's order), side
//!   faces shaded darker;
//! * spheres as balls: the piece color, a shadow towards the rim and a
//!   highlight at the upper left that both leave the centre untouched, with
//!   the spheres of a piece in one layer joined by bars so pieces read as
//!   shapes;
//! * sticks as thick segments with round ends, one stroke per piece in
//!   its color over a darker outline (pieces meeting at a point are kept
//!   apart by the later one's outline), empty segments as faint thinner
//!   bars, and a small dot at every grid point of the board;
//! * pieces placed in advance hatched, with a thicker outline; cells to
//!   fill that are empty in light grey, cells that may stay empty paler,
//!   with a dashed edge; holes are the white background.
//!
//! Colors ([`placement_colors`]): a piece's own `color` when its file
//! names one; else palette color number *piece index*, the same in every
//! solution, as long as every piece is used once and the palette has
//! enough colors; else (copies, big sets) a greedy coloring of the
//! touching-pieces graph that tries that color first.
//!
//! Every cell's centre is recorded in the [`Picture`], so tests can check
//! the rendered pixel there.

pub mod geometry;
mod sticks;
mod text;

use crate::markup::escape;
use geometry::{Form, Pt, cell_geom, unit};
use polyform::board::CellKind;
pub use polyform::color::{PALETTE, Rgb};
use polyform::error::{Error, ErrorKind};
use polyform::lattice::{Cell, LatticeKind};
use polyform::limits::Limits;
use polyform::placement::Placement;
use polyform::puzzle::Puzzle;
use polyform::space::{ADJACENT_REACH, adjacent};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use text::{document, edge_key, inner, n, poly_path};

/// The page behind the board (and in holes).
pub const BACKGROUND: Rgb = Rgb(255, 255, 255);
/// An empty cell that must be filled.
pub const EMPTY_FILL: Rgb = Rgb(0xd9, 0xd9, 0xd9);
/// An empty cell that may stay empty.
pub const EMPTY_OPTIONAL: Rgb = Rgb(0xf2, 0xf2, 0xf2);
/// The hatching over pieces placed in advance: this color at this opacity.
pub const HATCH: (Rgb, f64) = (Rgb(255, 255, 255), 0.45);

/// Margin around the drawing, pixels.
const MARGIN: f64 = 12.0;
/// Room for the caption, pixels.
const CAPTION: f64 = 22.0;
/// The caption's font size, pixels.
const CAPTION_FONT: f64 = 13.0;
/// The widest a sans-serif caption's characters are on average, in ems: a picture is made wide
/// enough for its caption at this width (digits and most letters are narrower; a caption of
/// capital Ws alone would still overflow).
const CAPTION_EM: f64 = 0.62;

/// Pixels a caption needs, margins included: a picture no narrower keeps it whole, and pictures
/// placed side by side ([`overview`]) keep their captions apart.
pub fn caption_width(caption: &str) -> f64 {
    if caption.is_empty() {
        return 0.0;
    }
    2.0 * MARGIN + caption.chars().count() as f64 * CAPTION_FONT * CAPTION_EM
}

/// A finished picture: the SVG text, its size, and where each cell's
/// centre is drawn (pixels), for tests and image maps.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The SVG document.
    pub svg: String,
    /// Its width in pixels.
    pub width: f64,
    /// Its height in pixels.
    pub height: f64,
    centres: HashMap<Cell, Pt>,
}

impl Picture {
    /// Where the centre of cell `c` is drawn (the centre of its top face
    /// for a cube), if it is in the picture.
    pub fn centre(&self, c: Cell) -> Option<(f64, f64)> {
        self.centres.get(&c).copied()
    }
}

/// Who covers a cell.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Owner {
    /// Placement number `id`, drawn in `color`; `fixed` if placed in
    /// advance.
    Piece {
        id: usize,
        color: Rgb,
        fixed: bool,
    },
    Empty(CellKind),
}

impl Owner {
    fn fill(self) -> Rgb {
        match self {
            Owner::Piece { color, .. } => color,
            Owner::Empty(CellKind::Fill) => EMPTY_FILL,
            Owner::Empty(CellKind::Optional) => EMPTY_OPTIONAL,
        }
    }
    fn line(self) -> Rgb {
        match self {
            Owner::Piece { color, .. } => color.outline(),
            Owner::Empty(_) => Rgb(0xa0, 0xa0, 0xa0),
        }
    }
    /// A key for grouping: placements by number, empty cells by kind.
    fn key(self) -> usize {
        match self {
            Owner::Piece { id, .. } => id,
            Owner::Empty(CellKind::Fill) => usize::MAX,
            Owner::Empty(CellKind::Optional) => usize::MAX - 1,
        }
    }
}

/// The color of each placement (see the [module docs](self)).
pub fn placement_colors(puzzle: &Puzzle, placements: &[Placement]) -> Vec<Rgb> {
    let stable = placements.len() <= PALETTE.len() && puzzle.pieces.len() <= PALETTE.len() && {
        let mut seen = HashSet::new();
        placements.iter().all(|p| seen.insert(p.piece))
    };
    let preferred = |p: &Placement| p.piece % PALETTE.len();
    let mut out: Vec<Option<Rgb>> = placements
        .iter()
        .map(|p| puzzle.pieces[p.piece].color)
        .collect();
    if stable {
        return placements
            .iter()
            .zip(out)
            .map(|(p, c)| c.unwrap_or(PALETTE[preferred(p)]))
            .collect();
    }
    // Greedy coloring of the touching graph.
    let neighbours = touching(puzzle.lattice, placements);
    for i in 0..placements.len() {
        if out[i].is_some() {
            continue;
        }
        let taken: Vec<Rgb> = neighbours[i].iter().filter_map(|&j| out[j]).collect();
        let first = preferred(&placements[i]);
        let pick = (0..PALETTE.len())
            .map(|k| PALETTE[(first + k) % PALETTE.len()])
            .find(|c| !taken.contains(c))
            .unwrap_or(PALETTE[first]);
        out[i] = Some(pick);
    }
    out.into_iter()
        .map(|c| c.expect("every placement colored"))
        .collect()
}

/// For each placement, the placements that touch it (disjoint placements).
///
/// Cells go in blocks of ADJACENT_REACH on a side: the cells that touch a
/// cell are in its block and the blocks around it, so this is linear in
/// the cells, not a look at every pair (a board of a million monominoes).
/// Each cell is stored with its placement and each pair of blocks looked
/// up once: hashing was most of the time of a page of long solutions.
fn touching(kind: LatticeKind, placements: &[Placement]) -> Vec<Vec<usize>> {
    let block = |c: Cell| c.map(|x| x.div_euclid(ADJACENT_REACH));
    let mut blocks: HashMap<Cell, Vec<(Cell, usize)>> = HashMap::new();
    for (i, p) in placements.iter().enumerate() {
        for &c in &p.cells {
            blocks.entry(block(c)).or_default().push((c, i));
        }
    }
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); placements.len()];
    for (at, cells) in &blocks {
        for d in 0..27 {
            let k = [at[0] + d % 3 - 1, at[1] + d / 3 % 3 - 1, at[2] + d / 9 - 1];
            let Some(near) = blocks.get(&k) else {
                continue;
            };
            for &(a, i) in cells {
                for &(b, j) in near {
                    if i != j && adjacent(kind, a, b) {
                        neighbours[i].push(j);
                    }
                }
            }
        }
    }
    for n in &mut neighbours {
        n.sort_unstable();
        n.dedup();
    }
    neighbours
}

/// A solution (or any placements, e.g. only the fixed ones) on the board:
/// pieces in their colors, uncovered cells as empty cells. `caption` is
/// written under the picture (and as its title).
///
/// Pictures over the default [`Limits`] picture size are
/// refused before they are drawn ([`ErrorKind::OverLimit`]).
pub fn solution(
    puzzle: &Puzzle,
    placements: &[Placement],
    caption: &str,
) -> Result<Picture, Error> {
    solution_with(puzzle, placements, caption, &Limits::default())
}

/// [`solution`] within the picture size of `limits`.
pub fn solution_with(
    puzzle: &Puzzle,
    placements: &[Placement],
    caption: &str,
    limits: &Limits,
) -> Result<Picture, Error> {
    let colors = placement_colors(puzzle, placements);
    let mut owner: HashMap<Cell, Owner> = HashMap::new();
    for (id, (p, &color)) in placements.iter().zip(&colors).enumerate() {
        let fixed = puzzle.fixed.contains(p);
        for &c in &p.cells {
            owner.insert(c, Owner::Piece { id, color, fixed });
        }
    }
    let cells: Vec<(Cell, Owner)> = puzzle
        .board
        .cells()
        .iter()
        .map(|&(c, k)| (c, owner.get(&c).copied().unwrap_or(Owner::Empty(k))))
        .collect();
    draw(puzzle.lattice, &cells, caption, limits).map_err(|k| Error::at(&puzzle.path, None, k))
}

/// One piece alone, in the color it gets in pictures of `puzzle` (for
/// legends).
pub fn piece(puzzle: &Puzzle, index: usize, caption: &str) -> Result<Picture, Error> {
    piece_with(puzzle, index, caption, &Limits::default())
}

/// [`piece`] within the picture size of `limits`.
pub fn piece_with(
    puzzle: &Puzzle,
    index: usize,
    caption: &str,
    limits: &Limits,
) -> Result<Picture, Error> {
    let p = &puzzle.pieces[index];
    let color = p.color.unwrap_or(PALETTE[index % PALETTE.len()]);
    let cells: Vec<(Cell, Owner)> = p
        .cells
        .cells()
        .iter()
        .map(|&c| {
            (
                c,
                Owner::Piece {
                    id: 0,
                    color,
                    fixed: false,
                },
            )
        })
        .collect();
    draw(puzzle.lattice, &cells, caption, limits).map_err(|k| Error::at(&puzzle.path, None, k))
}

/// The board with its pre-placed pieces, and every piece below it, in one
/// picture (`polycover show --format svg`).
pub fn overview(puzzle: &Puzzle) -> Result<Picture, Error> {
    overview_with(puzzle, &Limits::default())
}

/// [`overview`] within the picture size of `limits`.
pub fn overview_with(puzzle: &Puzzle, limits: &Limits) -> Result<Picture, Error> {
    let board = solution_with(puzzle, &puzzle.fixed, &puzzle.name, limits)?;
    let pieces: Vec<Picture> = (0..puzzle.pieces.len())
        .map(|i| {
            let p = &puzzle.pieces[i];
            let caption = if p.count.is_one() {
                p.name.clone()
            } else {
                format!("{} ×{}", p.name, p.count)
            };
            piece_with(puzzle, i, &caption, limits)
        })
        .collect::<Result<_, _>>()?;
    // Pieces in rows no wider than the board (or 600 pixels).
    let max_w = board.width.max(600.0);
    let mut body = String::new();
    let mut y = board.height;
    let (mut x, mut row_h, mut width) = (0.0f64, 0.0f64, board.width);
    let centres = board.centres.clone();
    let _ = write!(body, "<g>{}</g>", inner(&board.svg));
    for p in &pieces {
        if x > 0.0 && x + p.width > max_w {
            y += row_h;
            x = 0.0;
            row_h = 0.0;
        }
        let _ = write!(
            body,
            "<g transform=\"translate({} {})\">{}</g>",
            n(x),
            n(y),
            inner(&p.svg)
        );
        x += p.width;
        row_h = row_h.max(p.height);
        width = width.max(x);
    }
    y += row_h;
    limits
        .check_picture(width, y)
        .map_err(|k| Error::at(&puzzle.path, None, k))?;
    Ok(Picture {
        svg: document(width, y, &puzzle.name, &body),
        width,
        height: y,
        centres,
    })
}

/// Draws cells with their owners.
fn draw(
    kind: LatticeKind,
    cells: &[(Cell, Owner)],
    caption: &str,
    limits: &Limits,
) -> Result<Picture, ErrorKind> {
    let geoms: Vec<_> = cells.iter().map(|&(c, _)| cell_geom(kind, c)).collect();
    let frame = Frame::new(unit(kind), &geoms);
    let (width, height) = (frame.width.max(caption_width(caption)), frame.height);
    limits.check_picture(width, height)?;
    let centres = geoms
        .iter()
        .zip(cells)
        .map(|(g, &(c, _))| (c, frame.px(g.layer, g.centre)))
        .collect();

    let mut body = String::new();
    let mut faces = Faces::default();
    match kind {
        LatticeKind::Cubic => cubes(&mut body, &mut faces, cells, &geoms, &frame),
        LatticeKind::FccSquare | LatticeKind::FccTriangle => {
            balls(&mut body, cells, &geoms, &|l, p| frame.px(l, p), frame.s);
        }
        LatticeKind::Polysticks | LatticeKind::Polytrigs | LatticeKind::Polytwigs => {
            sticks::sticks(&mut body, cells, &geoms, &frame);
        }
        _ => {
            for (g, &(_, owner)) in geoms.iter().zip(cells) {
                if let Form::Poly(pts) = &g.form {
                    faces.add(owner, &frame.map(g.layer, pts));
                }
            }
            // Fill and faint cell lines in one element (files stay small).
            for (owner, d) in faces.fills.values() {
                let _ = write!(
                    body,
                    "<path d=\"{d}\" fill=\"{}\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"0.8\"/>",
                    owner.fill(),
                    owner.line()
                );
                hatch(&mut body, *owner, d);
            }
        }
    }
    faces.outlines(&mut body, cells);
    if !caption.is_empty() {
        let _ = write!(
            body,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" fill=\"#333\">{}</text>",
            n(MARGIN),
            n(height - 8.0),
            n(CAPTION_FONT),
            escape(caption)
        );
    }
    Ok(Picture {
        svg: document(width, height, caption, &body),
        width,
        height,
        centres,
    })
}

/// Where the panels go: one frame for every layer (the union of the
/// layers' extents), the layers side by side, bottom first.
struct Frame {
    /// Pixels per unit.
    s: f64,
    /// The frame's top left corner, in units.
    lo: Pt,
    /// The layers drawn, ascending; a layer's index here is its panel.
    layers: Vec<i32>,
    /// One panel's width, pixels.
    panel_w: f64,
    /// Pixels between panels (none with one layer).
    gap: f64,
    /// The picture's width, pixels.
    width: f64,
    /// The picture's height, pixels, caption included.
    height: f64,
}

impl Frame {
    /// The frame of cells `geoms` at `s` pixels per unit.
    fn new(s: f64, geoms: &[geometry::CellGeom]) -> Frame {
        let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
        let mut grow = |p: Pt| {
            lo = (lo.0.min(p.0), lo.1.min(p.1));
            hi = (hi.0.max(p.0), hi.1.max(p.1));
        };
        for g in geoms {
            match &g.form {
                Form::Poly(pts) => pts.iter().for_each(|&p| grow(p)),
                Form::Cube { top, left, right } => {
                    top.iter().chain(left).chain(right).for_each(|&p| grow(p))
                }
                Form::Ball { r } => {
                    grow((g.centre.0 - r, g.centre.1 - r));
                    grow((g.centre.0 + r, g.centre.1 + r));
                }
                Form::Stick { ends, r } => {
                    for e in ends {
                        grow((e.0 - r, e.1 - r));
                        grow((e.0 + r, e.1 + r));
                    }
                }
            }
        }
        if geoms.is_empty() {
            lo = (0.0, 0.0);
            hi = (0.0, 0.0);
        }
        let layers: Vec<i32> = {
            let set: std::collections::BTreeSet<i32> = geoms.iter().map(|g| g.layer).collect();
            set.into_iter().collect()
        };
        let panel_w = (hi.0 - lo.0) * s;
        let gap = if layers.len() > 1 { s.max(24.0) } else { 0.0 };
        let width = (2.0 * MARGIN + layers.len().max(1) as f64 * (panel_w + gap) - gap).max(160.0);
        let height = 2.0 * MARGIN + (hi.1 - lo.1) * s + CAPTION;
        Frame {
            s,
            lo,
            layers,
            panel_w,
            gap,
            width,
            height,
        }
    }

    /// A point of `layer`'s panel in pixels.
    fn px(&self, layer: i32, p: Pt) -> Pt {
        let panel = self.layers.binary_search(&layer).unwrap_or(0) as f64;
        (
            MARGIN + panel * (self.panel_w + self.gap) + (p.0 - self.lo.0) * self.s,
            MARGIN + (p.1 - self.lo.1) * self.s,
        )
    }

    /// Points of `layer`'s panel in pixels.
    fn map(&self, layer: i32, pts: &[Pt]) -> Vec<Pt> {
        pts.iter().map(|&p| self.px(layer, p)).collect()
    }
}

/// An edge as [`edge_key`] names it: its two ends rounded, in order.
type EdgeKey = ((i64, i64), (i64, i64));

/// Flat faces (flat cells, cube tops) gathered per owner, and their edges
/// for the outlines.
#[derive(Default)]
struct Faces {
    /// Per owner key: the owner and its faces as one path.
    fills: BTreeMap<usize, (Owner, String)>,
    /// Each edge's index in `edges`, by [`edge_key`].
    edge_index: HashMap<EdgeKey, usize>,
    /// Every edge in the order first met (so the SVG text is
    /// reproducible), with the owner key of each face that has it.
    edges: Vec<(Pt, Pt, Vec<usize>)>,
}

impl Faces {
    /// Adds a face of `owner` (pixels).
    fn add(&mut self, owner: Owner, pts: &[Pt]) {
        let entry = self
            .fills
            .entry(owner.key())
            .or_insert_with(|| (owner, String::new()));
        poly_path(&mut entry.1, pts);
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            let edges = &mut self.edges;
            let i = *self.edge_index.entry(edge_key(a, b)).or_insert_with(|| {
                edges.push((a, b, vec![]));
                edges.len() - 1
            });
            self.edges[i].2.push(owner.key());
        }
    }

    /// Writes each owner's outline: the edges it does not share with
    /// itself (`cells` name the owners).
    fn outlines(&self, body: &mut String, cells: &[(Cell, Owner)]) {
        let owners: HashMap<usize, Owner> = cells.iter().map(|&(_, o)| (o.key(), o)).collect();
        let mut outline: BTreeMap<usize, String> = BTreeMap::new();
        for (a, b, who) in &self.edges {
            for &k in who {
                let inside = who.len() == 2 && who[0] == who[1];
                if !inside {
                    let d = outline.entry(k).or_default();
                    let _ = write!(d, "M{} {}L{} {}", n(a.0), n(a.1), n(b.0), n(b.1));
                }
            }
        }
        for (k, d) in &outline {
            let owner = owners[k];
            match owner {
                Owner::Piece { color, fixed, .. } => {
                    let _ = write!(
                        body,
                        "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                        color.outline(),
                        if fixed { 4 } else { 2 }
                    );
                }
                Owner::Empty(kind) => {
                    let _ = write!(
                        body,
                        "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1\"{}/>",
                        owner.line(),
                        if kind == CellKind::Optional {
                            " stroke-dasharray=\"3 2\""
                        } else {
                            ""
                        }
                    );
                }
            }
        }
    }
}

/// Cubes, layer by layer in painter's order: the side faces not hidden by
/// a neighbour, then the top, which also goes into `faces` (for the
/// outlines); then the cell lines and hatching over the tops.
fn cubes(
    body: &mut String,
    faces: &mut Faces,
    cells: &[(Cell, Owner)],
    geoms: &[geometry::CellGeom],
    frame: &Frame,
) {
    let present: HashSet<Cell> = cells.iter().map(|&(c, _)| c).collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&i| {
        let c = cells[i].0;
        (c[2], c[0] + c[1], c[0])
    });
    for &layer in &frame.layers {
        for &i in order.iter().filter(|&&i| geoms[i].layer == layer) {
            let (c, owner) = cells[i];
            let Form::Cube { top, left, right } = &geoms[i].form else {
                continue;
            };
            let fill = owner.fill();
            for (face, shown, dark) in [
                (left, !present.contains(&[c[0], c[1] + 1, c[2]]), 0.2),
                (right, !present.contains(&[c[0] + 1, c[1], c[2]]), 0.38),
            ] {
                if shown {
                    let mut d = String::new();
                    poly_path(&mut d, &frame.map(layer, face));
                    let _ = write!(
                        body,
                        "<path d=\"{d}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\" stroke-linejoin=\"round\"/>",
                        fill.darker(dark),
                        owner.line()
                    );
                }
            }
            let mut d = String::new();
            let t = frame.map(layer, top);
            poly_path(&mut d, &t);
            let _ = write!(
                body,
                "<path d=\"{d}\" fill=\"{fill}\" stroke=\"{fill}\" stroke-width=\"0.5\"/>"
            );
            faces.add(owner, &t);
        }
    }
    // Tops were drawn cube by cube (painter's order); the fill paths are
    // only wanted for the cell lines and hatching.
    for (owner, d) in faces.fills.values() {
        cell_lines(body, *owner, d);
    }
}

/// Faint lines between the cells of one owner, and hatching over pieces
/// placed in advance (`d` is the owner's cells as one path).
fn cell_lines(body: &mut String, owner: Owner, d: &str) {
    let _ = write!(
        body,
        "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"0.8\"/>",
        owner.line()
    );
    hatch(body, owner, d);
}

/// Hatching over a piece placed in advance (`d`: its cells as one path).
fn hatch(body: &mut String, owner: Owner, d: &str) {
    if let Owner::Piece { fixed: true, .. } = owner {
        let _ = write!(body, "<path d=\"{d}\" fill=\"url(#pc-hatch)\"/>");
    }
}

/// Spheres: bars joining a piece's touching spheres in a layer, then the
/// balls with shadow and highlight.
fn balls(
    body: &mut String,
    cells: &[(Cell, Owner)],
    geoms: &[geometry::CellGeom],
    px: &dyn Fn(i32, Pt) -> Pt,
    s: f64,
) {
    for (i, (&(_, oa), ga)) in cells.iter().zip(geoms).enumerate() {
        let Owner::Piece { id, color, .. } = oa else {
            continue;
        };
        for (&(_, ob), gb) in cells[i + 1..].iter().zip(&geoms[i + 1..]) {
            let same = matches!(ob, Owner::Piece { id: j, .. } if j == id);
            let d2 = (ga.centre.0 - gb.centre.0).powi(2) + (ga.centre.1 - gb.centre.1).powi(2);
            if same && ga.layer == gb.layer && (d2 - 1.0).abs() < 1e-6 {
                let (a, b) = (px(ga.layer, ga.centre), px(gb.layer, gb.centre));
                let _ = write!(
                    body,
                    "<path d=\"M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                    n(a.0),
                    n(a.1),
                    n(b.0),
                    n(b.1),
                    color.darker(0.3),
                    n(0.32 * s)
                );
            }
        }
    }
    for (&(_, owner), g) in cells.iter().zip(geoms) {
        let Form::Ball { r } = g.form else { continue };
        let (x, y) = px(g.layer, g.centre);
        let (cx, cy, r) = (n(x), n(y), r * s);
        match owner {
            Owner::Piece { color, fixed, .. } => {
                let _ = write!(
                    body,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{color}\" stroke=\"{}\" stroke-width=\"{}\"/>\
                     <circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"url(#pc-shade)\"/>",
                    n(r),
                    color.outline(),
                    if fixed { 3 } else { 1 },
                    n(r)
                );
                if fixed {
                    let _ = write!(
                        body,
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"url(#pc-hatch)\"/>",
                        n(r)
                    );
                }
                // The highlight: centred 0.45 r up and left, radius 0.4 r,
                // so it stops short of the ball's centre.
                let h = 0.45 * r / std::f64::consts::SQRT_2;
                let (hx, hy) = (x - h, y - h);
                let _ = write!(
                    body,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"url(#pc-shine)\"/>",
                    n(hx),
                    n(hy),
                    n(0.4 * r)
                );
            }
            Owner::Empty(kind) => {
                let _ = write!(
                    body,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{}\" stroke=\"{}\"{}/>",
                    n(r * 0.8),
                    owner.fill(),
                    owner.line(),
                    if kind == CellKind::Optional {
                        " stroke-dasharray=\"3 2\""
                    } else {
                        ""
                    }
                );
            }
        }
    }
}
