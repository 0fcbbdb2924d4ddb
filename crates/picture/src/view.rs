//! The data of the 3D page (`polycover view`): a puzzle's pieces as meshes,
//! sent once, and its solutions as placements of them, a few numbers each.
//!
//! The page's JSON is specified in `docs/viewer.md`; in short:
//!
//! * `frame`: the lattice's map from cell coordinates to world coordinates
//!   ([`space::frame`], 9 numbers, row by row);
//! * `pieces`: per piece of the puzzle, its cells as drawn in the file,
//!   as one mesh (`v` vertex coordinates, `f` faces, `e` the edges drawn as
//!   lines; [`Mesh::union`]) and, for sphere lattices, `balls` (centres)
//!   and `bars` (pairs of touching balls);
//! * `rotations`: the world matrices the placements use (the lattice's
//!   symmetries as isometries of space, [`space::world_map`]);
//! * `palette`: the colours the placements use ([`svg::placement_colors`],
//!   so the page and the SVG pictures agree);
//! * `solutions`: each a list of placements `[piece, rotation, x, y, z,
//!   colour]`, pieces placed in advance first, then in the order the solver
//!   placed them. The piece's mesh is turned by the rotation and moved by
//!   `frame · [x, y, z]`.
//!
//! A placement's rotation is found, not stored: the first symmetry of the
//! lattice (rotations before reflections) that carries the piece's cells
//! onto the placement's, up to a translation.
//!
//! A page holds at most [`MAX_PLACEMENTS`] placements in all, so that its
//! size (and the memory that builds it) is bounded whatever the solutions'
//! length: [`Page::push`] refuses a solution past it.

use crate::solid::mesh::Mesh;
use polyform::encode::Encoding;
use polyform::lattice::{Cell, LatticeKind, Symmetry};
use polyform::placement::Placement;
use polyform::puzzle::Puzzle;

use crate::svg;
use disassembly::puzzle::PageMoves;
use dlx::OptionId;
use polyform::space::{self, CellSolid, M3};
use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// One placement on the page: piece, rotation, translation (cell
/// coordinates) and colour, by index.
type Placed = [i32; 6];

/// The most placements a page holds, all its solutions together: about
/// 40 MB of page (some 20 bytes a placement) and 50 MB of memory to build
/// it, which a browser still opens. 10,000 solutions of 200 pieces fit.
pub const MAX_PLACEMENTS: usize = 2_000_000;

/// The page's data, built solution by solution.
pub struct Page<'a> {
    puzzle: &'a Puzzle,
    encoding: &'a Encoding,
    rotations: Vec<M3>,
    rotation_index: HashMap<[i64; 9], usize>,
    palette: Vec<svg::Rgb>,
    solutions: Vec<Vec<Placed>>,
    /// The placements of all the solutions.
    placements: usize,
    /// Per solution, how it comes apart, where known.
    disassembly: Vec<Option<PageMoves>>,
}

/// A number for the page: integers as integers, others to `digits`
/// decimals.
fn num(x: f64, digits: i32) -> Value {
    let p = 10f64.powi(digits);
    let r = (x * p).round() / p;
    if r.fract() == 0.0 && r.abs() < 1e15 {
        json!(r as i64)
    } else {
        json!(r)
    }
}

/// The cells of `p` sorted (lexicographically).
fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort_unstable();
    cells
}

/// The symmetry and translation (cell coordinates, a translation of the
/// lattice) that carry `from` onto `to`, rotations tried first.
fn motion(kind: LatticeKind, from: &[Cell], to: &[Cell]) -> Option<(&'static Symmetry, Cell)> {
    let to = sorted(to.to_vec());
    let syms = kind.lattice().symmetries();
    let proper = syms.iter().filter(|s| s.proper);
    let improper = syms.iter().filter(|s| !s.proper);
    proper.chain(improper).find_map(|s| {
        let image = sorted(from.iter().map(|&c| s.apply(c)).collect());
        let t = [
            to[0][0] - image[0][0],
            to[0][1] - image[0][1],
            to[0][2] - image[0][2],
        ];
        // The shift must be one of the lattice's own: on stick lattices a
        // turn and a shift by half a segment can carry the set of
        // midpoints onto the placement's, each segment turned across.
        let fits = image.len() == to.len()
            && kind.lattice().is_translation(t)
            && image
                .iter()
                .zip(&to)
                .all(|(a, b)| [a[0] + t[0], a[1] + t[1], a[2] + t[2]] == *b);
        fits.then_some((s, t))
    })
}

impl<'a> Page<'a> {
    /// An empty page for a puzzle and its encoding.
    pub fn new(puzzle: &'a Puzzle, encoding: &'a Encoding) -> Page<'a> {
        Page {
            puzzle,
            encoding,
            rotations: vec![],
            rotation_index: HashMap::new(),
            palette: vec![],
            solutions: vec![],
            placements: 0,
            disassembly: vec![],
        }
    }

    /// The number of solutions added.
    pub fn len(&self) -> usize {
        self.solutions.len()
    }

    /// Has no solution been added?
    pub fn is_empty(&self) -> bool {
        self.solutions.is_empty()
    }

    /// Adds a solution (options of the puzzle's matrix), unless it would
    /// take the page past [`MAX_PLACEMENTS`] (`false`, the page unchanged;
    /// the first solution is always added).
    pub fn push(&mut self, solution: &[OptionId]) -> bool {
        let placements = self.encoding.decode(self.puzzle, solution);
        self.push_placements(&placements)
    }

    /// Adds a solution given as placements (pieces placed in advance
    /// included), unless it would take the page past [`MAX_PLACEMENTS`]
    /// (`false`; the first solution is always added).
    pub fn push_placements(&mut self, placements: &[Placement]) -> bool {
        let total = self.placements + placements.len();
        if total > MAX_PLACEMENTS && !self.is_empty() {
            return false;
        }
        self.placements = total;
        let placed = self.placed(placements);
        self.solutions.push(placed);
        self.disassembly.push(None);
        true
    }

    /// The page's numbers for `placements`.
    fn placed(&mut self, placements: &[Placement]) -> Vec<Placed> {
        let kind = self.puzzle.lattice;
        let colors = svg::placement_colors(self.puzzle, placements);
        let mut out = Vec::with_capacity(placements.len());
        for (p, color) in placements.iter().zip(colors) {
            let piece = &self.puzzle.pieces[p.piece];
            let (s, t) = motion(kind, piece.cells.cells(), &p.cells)
                .expect("a placement is an image of its piece under the lattice's symmetries");
            let (r, _) = space::world_map(kind, s);
            let k: [i64; 9] = std::array::from_fn(|i| (r[i / 3][i % 3] * 1e6).round() as i64);
            let rotation = *self.rotation_index.entry(k).or_insert_with(|| {
                self.rotations.push(r);
                self.rotations.len() - 1
            });
            let color = match self.palette.iter().position(|&c| c == color) {
                Some(i) => i,
                None => {
                    self.palette.push(color);
                    self.palette.len() - 1
                }
            };
            let tau = [s.t[0] + t[0], s.t[1] + t[1], s.t[2] + t[2]];
            let index = |i: usize| i32::try_from(i).expect("a page's indices fit in 32 bits");
            out.push([
                index(p.piece),
                index(rotation),
                tau[0],
                tau[1],
                tau[2],
                index(color),
            ]);
        }
        out
    }

    /// Says how the last solution added comes apart: the page then
    /// animates the moves (`docs/viewer.md`).
    pub fn set_disassembly(&mut self, d: PageMoves) {
        if let Some(last) = self.disassembly.last_mut() {
            *last = Some(d);
        }
    }

    /// A piece's geometry as the page reads it.
    fn piece_json(&self, index: usize) -> Value {
        let kind = self.puzzle.lattice;
        let piece = &self.puzzle.pieces[index];
        let mut polys = vec![];
        let mut balls = vec![];
        for &c in piece.cells.cells() {
            match space::cell_solid(kind, c) {
                CellSolid::Polyhedron(p) => polys.push(p),
                CellSolid::Ball { centre, .. } => balls.push(centre),
            }
        }
        if polyform::lattice::is_stick(kind) {
            // Hubs and bars, one closed surface (not overlapping bars).
            polys = polyform::stick_space::piece_solids(kind, piece.cells.cells(), 0.0);
        }
        let mesh = Mesh::union(&polys);
        let v: Vec<Value> = mesh
            .vertices
            .iter()
            .flat_map(|v| v.iter().map(|&x| num(x, 4)))
            .collect();
        let e: Vec<u32> = mesh.feature_edges().into_iter().flatten().collect();
        let mut bars = vec![];
        for (i, a) in balls.iter().enumerate() {
            for (j, b) in balls.iter().enumerate().skip(i + 1) {
                let d2: f64 = (0..3).map(|k| (a[k] - b[k]).powi(2)).sum();
                if (d2 - 1.0).abs() < 1e-6 {
                    bars.extend([i, j]);
                }
            }
        }
        let mut m = Map::new();
        m.insert("name".into(), json!(piece.name));
        m.insert("symbol".into(), json!(piece.symbol.to_string()));
        m.insert("cells".into(), json!(piece.size()));
        m.insert("mesh".into(), json!({ "v": v, "f": mesh.faces, "e": e }));
        if !balls.is_empty() {
            let b: Vec<Value> = balls
                .iter()
                .map(|c| Value::Array(c.iter().map(|&x| num(x, 4)).collect()))
                .collect();
            m.insert("balls".into(), json!(b));
            m.insert("radius".into(), num(space::BALL_RADIUS, 4));
            m.insert("bars".into(), json!(bars));
        }
        Value::Object(m)
    }

    /// The page's data as JSON text (see the [module docs](self)); `extra`
    /// keys (the counts, the file) are added at the top level. The
    /// solutions, nearly all of a big page, are written straight to the
    /// text (a `Value` of them takes ten times their size).
    pub fn json(&self, extra: Map<String, Value>) -> String {
        let mut out = Value::Object(self.json_without_solutions(extra)).to_string();
        out.pop(); // the object's closing brace
        out.reserve(self.placements * 20);
        out.push_str(",\"solutions\":[");
        for (i, sol) in self.solutions.iter().enumerate() {
            out.push_str(if i == 0 { "[" } else { ",[" });
            for (j, p) in sol.iter().enumerate() {
                out.push_str(if j == 0 { "[" } else { ",[" });
                write_numbers(&mut out, p);
                out.push(']');
            }
            out.push(']');
        }
        out.push_str("]}");
        out
    }

    /// The page's data but its solutions.
    fn json_without_solutions(&self, extra: Map<String, Value>) -> Map<String, Value> {
        let puzzle = self.puzzle;
        let kind = puzzle.lattice;
        let flat = |m: &M3| -> Vec<Value> { m.iter().flatten().map(|&x| num(x, 6)).collect() };
        let mut m = Map::new();
        m.insert("version".into(), json!(1));
        m.insert("puzzle".into(), json!(puzzle.name));
        m.insert("lattice".into(), json!(kind.name()));
        m.insert("dimension".into(), json!(kind.dimension()));
        m.insert("frame".into(), json!(flat(&space::frame(kind))));
        m.insert(
            "pieces".into(),
            Value::Array(
                (0..puzzle.pieces.len())
                    .map(|i| self.piece_json(i))
                    .collect(),
            ),
        );
        m.insert(
            "rotations".into(),
            Value::Array(self.rotations.iter().map(|r| json!(flat(r))).collect()),
        );
        m.insert(
            "palette".into(),
            json!(
                self.palette
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
            ),
        );
        m.insert("fixed".into(), json!(puzzle.fixed.len()));
        if self.disassembly.iter().any(Option::is_some) {
            let d: Vec<Value> = self
                .disassembly
                .iter()
                .map(|d| match d {
                    None => Value::Null,
                    Some(d) => json!({
                        "level": d.level,
                        "moves": d.moves.iter().map(|m| json!({
                            "pieces": m.pieces,
                            "by": m.by,
                            "leaves": m.leaves,
                        })).collect::<Vec<_>>(),
                    }),
                })
                .collect();
            m.insert("disassembly".into(), Value::Array(d));
        }
        m.extend(extra);
        m
    }
}

/// Writes `numbers` to `out`, separated by commas.
fn write_numbers(out: &mut String, numbers: &[i32]) {
    use std::fmt::Write;
    for (i, x) in numbers.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write!(out, "{x}").expect("a String takes any text");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyform::file::parse_puzzle;
    use std::path::Path;

    /// The page's data, read back.
    fn parsed(page: &Page) -> Value {
        serde_json::from_str(&page.json(Map::new())).unwrap()
    }

    /// The numbers of a JSON array, each read by `read`.
    fn numbers<T>(v: &Value, read: impl Fn(&Value) -> Option<T>) -> Vec<T> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| read(x).unwrap())
            .collect()
    }

    /// Placements rebuilt from the page's numbers cover the solution's
    /// cells exactly: piece cells through the rotation and translation
    /// land on the placement's cell centres.
    #[test]
    fn placements_rebuild_the_solution() {
        let text = r#"
lattice = "cubic"
[board]
size = [3, 3, 3]
[[use]]
set = "../../../data/sets/soma.toml"
"#;
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/x.toml");
        let puzzle = parse_puzzle(&path, text).unwrap();
        let enc = polyform::encode(&puzzle).unwrap();
        let mut page = Page::new(&puzzle, &enc);
        let sols = dlx::Solver::new(&enc.matrix).first(5);
        assert_eq!(sols.len(), 5);
        for o in &sols {
            page.push(o);
        }
        assert!(parsed(&page).get("disassembly").is_none());
        page.set_disassembly(PageMoves {
            level: "2.1".into(),
            moves: vec![disassembly::puzzle::PageMove {
                pieces: vec![0, 3],
                by: [0, 0, 1],
                leaves: false,
            }],
        });
        let v = parsed(&page);
        let d = &v["disassembly"];
        assert_eq!(d.as_array().unwrap().len(), 5);
        assert!(d[0].is_null());
        assert_eq!(d[4]["level"], "2.1");
        assert_eq!(d[4]["moves"][0]["pieces"], json!([0, 3]));
        assert_eq!(d[4]["moves"][0]["by"], json!([0, 0, 1]));
        assert_eq!(d[4]["moves"][0]["leaves"], false);
        let frame = space::frame(LatticeKind::Cubic);
        for (sol, o) in v["solutions"].as_array().unwrap().iter().zip(&sols) {
            let placements = enc.decode(&puzzle, o);
            for (pl, want) in sol.as_array().unwrap().iter().zip(&placements) {
                let n: Vec<i64> = numbers(pl, Value::as_i64);
                assert_eq!(n[0] as usize, want.piece);
                let r: Vec<f64> = numbers(&v["rotations"][n[1] as usize], Value::as_f64);
                let t = space::apply(&frame, [n[2] as f64, n[3] as f64, n[4] as f64]);
                let mut got: Vec<[i64; 3]> = puzzle.pieces[want.piece]
                    .cells
                    .cells()
                    .iter()
                    .map(|&c| {
                        let w = space::centre(LatticeKind::Cubic, c);
                        let rw = [0, 1, 2].map(|i| {
                            r[3 * i] * w[0] + r[3 * i + 1] * w[1] + r[3 * i + 2] * w[2] + t[i]
                        });
                        rw.map(|x| x.round() as i64)
                    })
                    .collect();
                let mut exp: Vec<[i64; 3]> = want
                    .cells
                    .iter()
                    .map(|&c| space::centre(LatticeKind::Cubic, c).map(|x| x.round() as i64))
                    .collect();
                got.sort();
                exp.sort();
                assert_eq!(got, exp);
            }
        }
    }

    /// On sticks, the page's motion must carry each segment's two ends
    /// onto the placed segment's ends (not only its midpoint: a turn and
    /// a half-segment shift map midpoints onto midpoints).
    #[test]
    fn sticks_are_placed_end_to_end() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/sticks/tetrasticks-5x5-without-H.toml");
        let puzzle = polyform::file::load(&path).unwrap();
        let kind = puzzle.lattice;
        let enc = polyform::encode(&puzzle).unwrap();
        let mut page = Page::new(&puzzle, &enc);
        let sols = dlx::Solver::new(&enc.matrix).first(3);
        for o in &sols {
            page.push(o);
        }
        let v = parsed(&page);
        let frame = space::frame(kind);
        let key = |p: [f64; 3]| [0, 1].map(|k| (p[k] * 1e6).round() as i64);
        let ends = |c| {
            let mut e = polyform::stick_space::ends(kind, c).map(key);
            e.sort();
            e
        };
        for (sol, o) in v["solutions"].as_array().unwrap().iter().zip(&sols) {
            for (pl, want) in sol.as_array().unwrap().iter().zip(&enc.decode(&puzzle, o)) {
                let n: Vec<i64> = numbers(pl, Value::as_i64);
                let r: Vec<f64> = numbers(&v["rotations"][n[1] as usize], Value::as_f64);
                let t = space::apply(&frame, [n[2] as f64, n[3] as f64, n[4] as f64]);
                let moved = |w: [f64; 3]| {
                    [0, 1, 2]
                        .map(|i| r[3 * i] * w[0] + r[3 * i + 1] * w[1] + r[3 * i + 2] * w[2] + t[i])
                };
                let mut got: Vec<_> = puzzle.pieces[want.piece]
                    .cells
                    .cells()
                    .iter()
                    .map(|&c| {
                        let mut e = polyform::stick_space::ends(kind, c).map(|w| key(moved(w)));
                        e.sort();
                        e
                    })
                    .collect();
                let mut exp: Vec<_> = want.cells.iter().map(|&c| ends(c)).collect();
                got.sort();
                exp.sort();
                assert_eq!(got, exp, "piece {}", puzzle.pieces[want.piece].name);
            }
        }
    }
}
