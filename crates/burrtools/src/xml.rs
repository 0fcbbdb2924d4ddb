//! The XML of an `.xmpuzzle` file, read into a small model: the grid, the
//! voxel spaces (shapes), the problems. Nothing here knows polycover's
//! lattices; [`import`](super::import) maps the model to a
//! [`Puzzle`](polyform::Puzzle).
//!
//! The format, as BurrTools writes and reads it (its `puzzle.cpp`,
//! `voxel.cpp` and `problem.cpp`, version 2):
//!
//! ```xml
//! <puzzle version="2">
//!   <gridType type="0"/>                      <!-- 0 bricks, 1 triangular prisms, 2 spheres, 3 rhombic, 4 tetra-octa -->
//!   <colors><color red="255" green="0" blue="0"/></colors>
//!   <shapes>
//!     <voxel x="3" y="2" z="1" type="0" name="L">###1#__</voxel>   <!-- x fastest, then y, then z -->
//!   </shapes>
//!   <problems>
//!     <problem name="box" maxHoles="0">
//!       <shapes><shape id="1" count="2"/><shape id="2" min="0" max="3"/></shapes>
//!       <result id="0"/>
//!       <bitmap><pair piece="0" result="1"/></bitmap>     <!-- allowed colour pairs, 0-based -->
//!     </problem>
//!   </problems>
//! </puzzle>
//! ```
//!
//! Voxels: `_` empty, `#` filled, `+` variable (may stay empty), each
//! optionally followed by a decimal colour (1..=63; none or 0: neutral).
//! Everything else in the file (solutions, disassemblies, comments, piece
//! groups, assembler state) is skipped.

use super::{Limits, Loc};
use polyform::limits::Resource;

/// BurrTools' grid types (the `type` of `<gridType>`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GridType {
    /// Cubes (`0`).
    Brick,
    /// Triangular prisms stacked in z (`1`).
    TriangularPrism,
    /// Spheres in the face-centred cubic packing (`2`).
    Sphere,
    /// Rhombic dodecahedra built from cut cubes (`3`).
    Rhombic,
    /// Tetrahedra and octahedra from cut cubes (`4`).
    TetraOcta,
}

impl GridType {
    /// The grid type of a `type` number.
    pub fn from_number(n: u32) -> Option<GridType> {
        Some(match n {
            0 => GridType::Brick,
            1 => GridType::TriangularPrism,
            2 => GridType::Sphere,
            3 => GridType::Rhombic,
            4 => GridType::TetraOcta,
            _ => return None,
        })
    }

    /// Its number in files.
    pub fn number(self) -> u32 {
        match self {
            GridType::Brick => 0,
            GridType::TriangularPrism => 1,
            GridType::Sphere => 2,
            GridType::Rhombic => 3,
            GridType::TetraOcta => 4,
        }
    }

    /// Its name in BurrTools' user guide.
    pub fn name(self) -> &'static str {
        match self {
            GridType::Brick => "bricks (cubes)",
            GridType::TriangularPrism => "triangular prisms",
            GridType::Sphere => "spheres",
            GridType::Rhombic => "rhombic dodecahedra",
            GridType::TetraOcta => "tetrahedra-octahedra",
        }
    }
}

/// What a voxel holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VoxelState {
    /// `#`: part of the shape (in a result: must be filled).
    Filled,
    /// `+`: in a result, may stay empty.
    Variable,
}

/// One non-empty voxel: position in its space, state, colour (0 neutral).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Voxel {
    /// Its position (x, y, z) in the space.
    pub pos: [u32; 3],
    /// Filled or variable.
    pub state: VoxelState,
    /// Its colour, 1-based (0: neutral).
    pub color: u32,
}

/// A `<voxel>` element: a shape.
///
/// Invariant: every voxel's `pos` lies inside `size`; `voxels` lists the
/// non-empty ones in file order (x fastest, then y, then z).
#[derive(Clone, Debug)]
pub struct VoxelSpace {
    /// The shape's name, if the file gives one.
    pub name: Option<String>,
    /// Its size in voxels along x, y, z.
    pub size: [u32; 3],
    /// Its non-empty voxels.
    pub voxels: Vec<Voxel>,
    /// Its weight for disassembly (`weight`, 1 by default): a move that
    /// would carry a heavier piece than any that stays is made the other
    /// way round.
    pub weight: u32,
    /// Where it is in the file.
    pub loc: Loc,
}

/// One `<shape>` of a problem: a shape used as a piece, `min..=max` times.
#[derive(Clone, Debug)]
pub struct Part {
    /// Index into [`BurrFile::shapes`] (checked).
    pub shape: usize,
    /// The fewest copies used.
    pub min: u32,
    /// The most copies used.
    pub max: u32,
    /// The piece groups of its copies, as (group, number of copies), from
    /// a `group` attribute (all copies) or `<group group count>` children;
    /// group 0 (none) is left out. Pieces of one group need not be
    /// separated from each other when disassembling.
    pub groups: Vec<(u16, u32)>,
    /// Where it is in the file.
    pub loc: Loc,
}

/// A `<problem>`.
#[derive(Clone, Debug)]
pub struct ProblemDef {
    /// The problem's name, if the file gives one.
    pub name: Option<String>,
    /// The result shape (index into [`BurrFile::shapes`], checked), if any.
    pub result: Option<usize>,
    /// The pieces.
    pub parts: Vec<Part>,
    /// Allowed (piece colour, result colour) pairs, 1-based colours as in
    /// voxels (the file stores them 0-based).
    pub color_pairs: Vec<(u32, u32)>,
    /// At most this many variable voxels of the result stay empty.
    pub max_holes: Option<u32>,
    /// The assembly count BurrTools saved, if the problem was solved.
    pub saved_assemblies: Option<u64>,
    /// Where it is in the file.
    pub loc: Loc,
}

/// A whole `.xmpuzzle` file.
#[derive(Clone, Debug)]
pub struct BurrFile {
    /// The grid every shape is drawn on.
    pub grid: GridType,
    /// The number of colours defined in `<colors>` (colour numbers in
    /// voxels go from 1 to this).
    pub colors: u32,
    /// Every shape, in file order.
    pub shapes: Vec<VoxelSpace>,
    /// Every problem, in file order.
    pub problems: Vec<ProblemDef>,
}

/// A message about an element, located in the text.
pub(super) type XmlError = (Loc, String);

/// A parsed document and where its lines start: an element's line is then
/// a binary search, where roxmltree's `text_pos_at` counts from the top of
/// the text (a file of n problems, each located, took n^2 steps).
struct Doc<'input> {
    tree: roxmltree::Document<'input>,
    line_starts: Vec<usize>,
}

impl<'input> std::ops::Deref for Doc<'input> {
    type Target = roxmltree::Document<'input>;
    fn deref(&self) -> &Self::Target {
        &self.tree
    }
}

fn loc_of(doc: &Doc, node: roxmltree::Node) -> Loc {
    let at = node.range().start;
    Loc {
        line: doc.line_starts.partition_point(|&s| s <= at),
        element: node.tag_name().name().to_string(),
    }
}

fn attr_u32(doc: &Doc, node: roxmltree::Node, name: &str) -> Result<Option<u32>, XmlError> {
    match node.attribute(name) {
        None => Ok(None),
        Some(v) => v.trim().parse::<u32>().map(Some).map_err(|_| {
            (
                loc_of(doc, node),
                format!(
                    "attribute `{name}=\"{v}\"` is not a whole number (0 to {})",
                    u32::MAX
                ),
            )
        }),
    }
}

fn required_u32(doc: &Doc, node: roxmltree::Node, name: &str) -> Result<u32, XmlError> {
    attr_u32(doc, node, name)?.ok_or_else(|| {
        (
            loc_of(doc, node),
            format!("<{}> needs a `{name}` attribute", node.tag_name().name()),
        )
    })
}

fn children<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    tag: &'static str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children()
        .filter(move |n| n.is_element() && n.tag_name().name() == tag)
}

/// Reads the model from XML text.
pub(super) fn parse(text: &str, limits: &Limits) -> Result<BurrFile, XmlError> {
    let tree = roxmltree::Document::parse(text).map_err(|e| {
        // These two have no position of their own (roxmltree says 1:1):
        // the file ended too soon, so its last line is where.
        let at_end = matches!(
            e,
            roxmltree::Error::UnexpectedEndOfStream | roxmltree::Error::UnclosedRootNode
        );
        let (line, end) = if at_end {
            (text.lines().count().max(1), " at the end of the file")
        } else {
            (e.pos().row as usize, "")
        };
        (
            Loc {
                line,
                element: String::new(),
            },
            format!("not well-formed XML{end}: {e}"),
        )
    })?;
    let line_starts = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let doc = Doc { tree, line_starts };
    let root = doc.root_element();
    if root.tag_name().name() != "puzzle" {
        return Err((
            loc_of(&doc, root),
            format!(
                "the top element is <{}>, not <puzzle>: this is not a BurrTools puzzle",
                root.tag_name().name()
            ),
        ));
    }
    let version = required_u32(&doc, root, "version")?;
    if version != 2 {
        return Err((
            loc_of(&doc, root),
            format!(
                "puzzle format version {version}: only version 2 (BurrTools 0.5 and later) is read"
            ),
        ));
    }
    let grid_node = children(root, "gridType").next().ok_or_else(|| {
        (
            loc_of(&doc, root),
            "the puzzle has no <gridType> element".to_string(),
        )
    })?;
    let n = required_u32(&doc, grid_node, "type")?;
    let grid = GridType::from_number(n).ok_or_else(|| {
        (
            loc_of(&doc, grid_node),
            format!("unknown grid type {n}: BurrTools knows 0 (bricks), 1 (triangular prisms), 2 (spheres), 3 (rhombic dodecahedra), 4 (tetrahedra-octahedra)"),
        )
    })?;
    let colors = children(root, "colors")
        .next()
        .map(|c| children(c, "color").count() as u32)
        .unwrap_or(0);

    let mut shapes = vec![];
    let mut total_voxels = 0u64;
    for list in children(root, "shapes") {
        for v in children(list, "voxel") {
            let s = voxel_space(&doc, v, limits)?;
            total_voxels += s.voxels.len() as u64;
            if total_voxels > limits.voxels {
                return Err((
                    loc_of(&doc, v),
                    format!(
                        "the shapes have more than {} non-empty voxels in all (raise it with {})",
                        limits.voxels,
                        Resource::Voxels.flag()
                    ),
                ));
            }
            shapes.push(s);
        }
    }

    let mut problems = vec![];
    for list in children(root, "problems") {
        for p in children(list, "problem") {
            problems.push(problem(&doc, p, shapes.len())?);
        }
    }
    Ok(BurrFile {
        grid,
        colors,
        shapes,
        problems,
    })
}

fn voxel_space(doc: &Doc, node: roxmltree::Node, limits: &Limits) -> Result<VoxelSpace, XmlError> {
    let loc = loc_of(doc, node);
    let size = [
        required_u32(doc, node, "x")?,
        required_u32(doc, node, "y")?,
        required_u32(doc, node, "z")?,
    ];
    let kind = required_u32(doc, node, "type")?;
    let name = node.attribute("name").map(str::to_string);
    let weight = attr_u32(doc, node, "weight")?.unwrap_or(1);
    let label = match &name {
        Some(n) => format!("shape `{n}`"),
        None => "a shape".to_string(),
    };
    // Refuse oversized spaces before reading (or allocating for) them.
    let volume = space_volume(&loc, &label, size, limits)?;
    let text: String = node
        .children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect();
    let mut voxels = vec![];
    if !text.trim().is_empty() {
        if kind != 0 {
            return Err((
                loc,
                format!("{label} has voxel encoding type {kind}; only type 0 exists"),
            ));
        }
        voxels = decode_voxels(&loc, &label, &text, size, volume)?;
    }
    Ok(VoxelSpace {
        name,
        size,
        voxels,
        weight,
        loc,
    })
}

/// The number of voxels of a space of `size`, within the side and volume
/// limits (`label` names the shape).
fn space_volume(loc: &Loc, label: &str, size: [u32; 3], limits: &Limits) -> Result<u64, XmlError> {
    if size.iter().any(|&d| u64::from(d) > limits.voxel_side) {
        return Err((
            loc.clone(),
            format!(
                "{label} is {}x{}x{} voxels: each side may be at most {} (raise it with {})",
                size[0],
                size[1],
                size[2],
                limits.voxel_side,
                Resource::VoxelSide.flag()
            ),
        ));
    }
    let volume = size.iter().map(|&d| d as u64).product::<u64>();
    if volume > limits.voxel_volume {
        return Err((
            loc.clone(),
            format!(
                "{label} is {}x{}x{} = {volume} voxels: at most {} are allowed (raise it with {})",
                size[0],
                size[1],
                size[2],
                limits.voxel_volume,
                Resource::VoxelVolume.flag()
            ),
        ));
    }
    Ok(volume)
}

/// The non-empty voxels of a type-0 text: one character a voxel (`#`
/// filled, `+` variable, `_` empty), x fastest, each optionally followed by
/// its colour's digits; exactly `volume` of them (`label` names the shape).
fn decode_voxels(
    loc: &Loc,
    label: &str,
    text: &str,
    size: [u32; 3],
    volume: u64,
) -> Result<Vec<Voxel>, XmlError> {
    let fail = |msg: String| Err((loc.clone(), msg));
    let mut voxels = vec![];
    let mut idx: u64 = 0;
    // The voxel the colour digits being read belong to (if not empty).
    let mut last: Option<usize> = None;
    let mut color: u32 = 0;
    for ch in text.chars() {
        let state = match ch {
            '#' => Some(Some(VoxelState::Filled)),
            '+' => Some(Some(VoxelState::Variable)),
            '_' => Some(None),
            '0'..='9' => None,
            c if c.is_whitespace() => continue,
            c => {
                return fail(format!(
                    "{label}: `{c}` is not a voxel (use `#` filled, `+` variable, `_` empty, digits for a colour)"
                ));
            }
        };
        match state {
            Some(s) => {
                if idx >= volume {
                    return fail(format!(
                        "{label} has more voxels than its size {}x{}x{} = {volume}",
                        size[0], size[1], size[2]
                    ));
                }
                color = 0;
                last = None;
                if let Some(state) = s {
                    let (sx, sy) = (size[0] as u64, size[1] as u64);
                    let pos = [
                        (idx % sx) as u32,
                        (idx / sx % sy) as u32,
                        (idx / (sx * sy)) as u32,
                    ];
                    last = Some(voxels.len());
                    voxels.push(Voxel {
                        pos,
                        state,
                        color: 0,
                    });
                }
                idx += 1;
            }
            None => {
                if idx == 0 {
                    return fail(format!("{label}: a colour number before the first voxel"));
                }
                color = color * 10 + ch.to_digit(10).expect("a digit");
                if color > 63 {
                    return fail(format!("{label}: colour {color} is more than 63"));
                }
                if let Some(i) = last {
                    voxels[i].color = color;
                }
            }
        }
    }
    if idx < volume {
        return fail(format!(
            "{label} has {idx} voxels but its size {}x{}x{} needs {volume}",
            size[0], size[1], size[2]
        ));
    }
    Ok(voxels)
}

fn problem(doc: &Doc, node: roxmltree::Node, shapes: usize) -> Result<ProblemDef, XmlError> {
    let loc = loc_of(doc, node);
    let name = node.attribute("name").map(str::to_string);
    let max_holes = attr_u32(doc, node, "maxHoles")?;
    let solved = attr_u32(doc, node, "state")?.unwrap_or(0) != 0;
    let saved_assemblies = if solved {
        node.attribute("assemblies")
            .and_then(|a| a.trim().parse::<u64>().ok())
    } else {
        None
    };
    let check_shape = |n: roxmltree::Node, id: u32, what: &str| {
        if (id as usize) < shapes {
            Ok(id as usize)
        } else {
            Err((
                loc_of(doc, n),
                format!(
                    "{what} names shape {id}, but the file has {shapes} shape{} (numbered from 0)",
                    if shapes == 1 { "" } else { "s" }
                ),
            ))
        }
    };
    let mut parts = vec![];
    for list in children(node, "shapes") {
        for s in children(list, "shape") {
            let id = required_u32(doc, s, "id")?;
            let shape = check_shape(s, id, "the piece")?;
            let (min, max) = match attr_u32(doc, s, "count")? {
                Some(c) => (c, c),
                None => match (attr_u32(doc, s, "min")?, attr_u32(doc, s, "max")?) {
                    (Some(lo), Some(hi)) => (lo, hi),
                    _ => (1, 1),
                },
            };
            if min > max {
                return Err((
                    loc_of(doc, s),
                    format!("piece count min={min} is more than max={max}"),
                ));
            }
            let mut groups = Vec::new();
            let group = |n: roxmltree::Node, name: &str| -> Result<u16, XmlError> {
                let g = required_u32(doc, n, name)?;
                u16::try_from(g).map_err(|_| {
                    (
                        loc_of(doc, n),
                        format!("group {g} is out of range: groups go up to 65535"),
                    )
                })
            };
            if s.attribute("group").is_some() {
                let g = group(s, "group")?;
                if g != 0 {
                    groups.push((g, max));
                }
            }
            for gn in children(s, "group") {
                let g = group(gn, "group")?;
                let count = required_u32(doc, gn, "count")?;
                if g != 0 {
                    groups.push((g, count));
                }
            }
            parts.push(Part {
                shape,
                min,
                max,
                groups,
                loc: loc_of(doc, s),
            });
        }
    }
    let mut result = None;
    if let Some(r) = children(node, "result").next() {
        let id = required_u32(doc, r, "id")?;
        result = Some(check_shape(r, id, "the result")?);
    }
    let mut color_pairs = vec![];
    for b in children(node, "bitmap") {
        for p in children(b, "pair") {
            let piece = required_u32(doc, p, "piece")?;
            let res = required_u32(doc, p, "result")?;
            if piece > 62 || res > 62 {
                return Err((loc_of(doc, p), "colour numbers go from 0 to 62".to_string()));
            }
            color_pairs.push((piece + 1, res + 1));
        }
    }
    Ok(ProblemDef {
        name,
        result,
        parts,
        color_pairs,
        max_holes,
        saved_assemblies,
        loc,
    })
}
