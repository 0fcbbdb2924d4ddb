//! Boards of edge-matching puzzles: positions, their sides, who touches
//! whom, and the rotations of the whole board.
//!
//! Everything is derived from geometry. Each position is a polygon whose
//! vertices are listed clockwise *on the screen* (x to the right, y down), so
//! that side `s` runs from vertex `s` to vertex `s + 1`. Two positions touch
//! along a side when the two sides have the same midpoint; a side that
//! touches nothing is on the border. A rotation of the board is a rotation
//! of the plane about the board's centre that carries every position onto a
//! position: it maps centroids to centroids and side midpoints to side
//! midpoints, which gives the position permutation and, per position, the
//! shift of side numbers (rotations keep the clockwise order).
//!
//! Side 0 is the top side of a square and the horizontal side of a
//! triangle (the bottom of an up triangle, the top of a down one); the
//! others follow clockwise. With this numbering, in a triangle board the
//! sides that meet carry equal numbers (as in the seed puzzle's solver).

use std::collections::HashMap;

/// The shapes of board the tile-puzzle kind knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// An equilateral triangle of side `n` made of `n * n` triangles.
    Triangle(u32),
    /// A rectangle of squares, `columns x rows`.
    Rectangle(u32, u32),
}

impl Shape {
    /// The number of sides of each position.
    pub fn sides(self) -> usize {
        match self {
            Shape::Triangle(_) => 3,
            Shape::Rectangle(..) => 4,
        }
    }

    /// The number of positions.
    pub fn positions(self) -> u64 {
        match self {
            Shape::Triangle(n) => u64::from(n) * u64::from(n),
            Shape::Rectangle(w, h) => u64::from(w) * u64::from(h),
        }
    }
}

/// What lies across one side of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Across {
    /// The outside of the board.
    Border,
    /// Side `side` of position `position`.
    Neighbor {
        /// The neighbouring position.
        position: usize,
        /// Its side that touches this one.
        side: usize,
    },
}

/// One position of the board.
#[derive(Clone, Debug)]
pub struct Position {
    /// A name for item names and messages: `r<row>c<column>`, counted from
    /// 0 at the top left (for triangles, the column counts the triangles of
    /// the row, up and down alike).
    pub name: String,
    /// The row of the name.
    pub row: usize,
    /// The column of the name.
    pub col: usize,
    /// Vertices, clockwise on the screen.
    pub vertices: Vec<(f64, f64)>,
    /// `across[s]`: what side `s` touches.
    pub across: Vec<Across>,
}

impl Position {
    /// Is this an up triangle (apex at the top)? Squares are not.
    pub fn points_up(&self) -> bool {
        self.vertices.len() == 3 && self.vertices[2].1 < self.vertices[0].1
    }

    fn centroid(&self) -> (f64, f64) {
        let n = self.vertices.len() as f64;
        let (x, y) = self
            .vertices
            .iter()
            .fold((0.0, 0.0), |(a, b), v| (a + v.0, b + v.1));
        (x / n, y / n)
    }

    fn midpoint(&self, s: usize) -> (f64, f64) {
        let a = self.vertices[s];
        let b = self.vertices[(s + 1) % self.vertices.len()];
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    }
}

/// An internal edge: side `side_a` of `a` meets side `side_b` of `b`, with
/// `a < b` in the board's position order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The first position.
    pub a: usize,
    /// Its side on the edge.
    pub side_a: usize,
    /// The second position (`a < b`).
    pub b: usize,
    /// Its side on the edge.
    pub side_b: usize,
}

/// A rotation of the board: position `p` goes to `positions[p]`, and its
/// side `s` to side `(s + shift[p]) % k` there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotation {
    /// The angle in degrees, clockwise on the screen.
    pub degrees: u32,
    /// `positions[p]`: where position `p` goes.
    pub positions: Vec<usize>,
    /// `shift[p]`: how far the sides of position `p` turn.
    pub shift: Vec<usize>,
}

/// A board: its shape and positions (in reading order: rows top to bottom,
/// left to right).
#[derive(Clone, Debug)]
pub struct Board {
    /// The shape and its size.
    pub shape: Shape,
    /// The positions in reading order.
    pub positions: Vec<Position>,
}

/// A point rounded to a key, to compare computed coordinates.
fn key((x, y): (f64, f64)) -> (i64, i64) {
    ((x * 1024.0).round() as i64, (y * 1024.0).round() as i64)
}

impl Board {
    /// The board of a shape, with its adjacency.
    pub fn new(shape: Shape) -> Board {
        let h = 3f64.sqrt() / 2.0;
        let mut positions = Vec::new();
        match shape {
            Shape::Triangle(n) => {
                for i in 0..n as usize {
                    let (top, bottom) = (i as f64 * h, (i + 1) as f64 * h);
                    // Row i spans x from (n - 1 - i) / 2 to that + i + 1.
                    let left = (n as f64 - 1.0 - i as f64) / 2.0;
                    for j in 0..2 * i + 1 {
                        let x = left + j as f64 / 2.0;
                        let vertices = if j % 2 == 0 {
                            // Up: bottom-right, bottom-left, apex.
                            vec![(x + 1.0, bottom), (x, bottom), (x + 0.5, top)]
                        } else {
                            // Down: top-left, top-right, apex below.
                            vec![(x, top), (x + 1.0, top), (x + 0.5, bottom)]
                        };
                        positions.push(Position {
                            name: format!("r{i}c{j}"),
                            row: i,
                            col: j,
                            vertices,
                            across: Vec::new(),
                        });
                    }
                }
            }
            Shape::Rectangle(w, hgt) => {
                for r in 0..hgt as usize {
                    for c in 0..w as usize {
                        let (x, y) = (c as f64, r as f64);
                        positions.push(Position {
                            name: format!("r{r}c{c}"),
                            row: r,
                            col: c,
                            vertices: vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)],
                            across: Vec::new(),
                        });
                    }
                }
            }
        }
        let mut sides: HashMap<(i64, i64), Vec<(usize, usize)>> = HashMap::new();
        for (p, pos) in positions.iter().enumerate() {
            for s in 0..pos.vertices.len() {
                sides.entry(key(pos.midpoint(s))).or_default().push((p, s));
            }
        }
        for p in 0..positions.len() {
            let k = positions[p].vertices.len();
            let across = (0..k)
                .map(|s| {
                    let here = &sides[&key(positions[p].midpoint(s))];
                    here.iter()
                        .find(|&&(q, _)| q != p)
                        .map_or(Across::Border, |&(q, t)| Across::Neighbor {
                            position: q,
                            side: t,
                        })
                })
                .collect();
            positions[p].across = across;
        }
        Board { shape, positions }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Does the board have no position? (Never, for a valid shape.)
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of sides of each position.
    pub fn sides(&self) -> usize {
        self.shape.sides()
    }

    /// The internal edges, each once, in order of their first position.
    pub fn edges(&self) -> Vec<Edge> {
        let mut out = Vec::new();
        for (a, pos) in self.positions.iter().enumerate() {
            for (side_a, x) in pos.across.iter().enumerate() {
                if let Across::Neighbor { position: b, side } = *x
                    && a < b
                {
                    out.push(Edge {
                        a,
                        side_a,
                        b,
                        side_b: side,
                    });
                }
            }
        }
        out
    }

    /// The number of neighbours of position `p`.
    pub fn degree(&self, p: usize) -> usize {
        self.positions[p]
            .across
            .iter()
            .filter(|a| **a != Across::Border)
            .count()
    }

    /// The rotations of the plane that carry the board onto itself,
    /// identity first: 3 for a triangle, 4 for a square, 2 for another
    /// rectangle.
    pub fn rotations(&self) -> Vec<Rotation> {
        let n = self.positions.len() as f64;
        let (cx, cy) = self.positions.iter().fold((0.0, 0.0), |(a, b), p| {
            let c = p.centroid();
            (a + c.0 / n, b + c.1 / n)
        });
        let at: HashMap<(i64, i64), usize> = self
            .positions
            .iter()
            .enumerate()
            .map(|(i, p)| (key(p.centroid()), i))
            .collect();
        let k = self.sides();
        let mut out = Vec::new();
        'angle: for degrees in (0..360).step_by(30) {
            let (sin, cos) = (degrees as f64).to_radians().sin_cos();
            // Clockwise on the screen (y down) is the usual counter-clockwise
            // formula.
            let turn = |(x, y): (f64, f64)| {
                let (dx, dy) = (x - cx, y - cy);
                (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos)
            };
            let mut positions = Vec::with_capacity(self.len());
            let mut shift = Vec::with_capacity(self.len());
            for p in &self.positions {
                let Some(&q) = at.get(&key(turn(p.centroid()))) else {
                    continue 'angle;
                };
                let target = &self.positions[q];
                let m0 = key(turn(p.midpoint(0)));
                let Some(s) = (0..k).find(|&s| key(target.midpoint(s)) == m0) else {
                    continue 'angle;
                };
                positions.push(q);
                shift.push(s);
            }
            out.push(Rotation {
                degrees,
                positions,
                shift,
            });
        }
        out
    }

    /// Each position's neighbours.
    pub fn neighbours(&self) -> Vec<Vec<usize>> {
        self.positions
            .iter()
            .map(|p| {
                p.across
                    .iter()
                    .filter_map(|a| match *a {
                        Across::Neighbor { position, .. } => Some(position),
                        Across::Border => None,
                    })
                    .collect()
            })
            .collect()
    }

    /// Distances (in steps between neighbours) from position `s`.
    pub fn distances(&self, s: usize) -> Vec<usize> {
        let nbrs = self.neighbours();
        let mut d = vec![usize::MAX; self.len()];
        d[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(p) = queue.pop_front() {
            for &q in &nbrs[p] {
                if d[q] == usize::MAX {
                    d[q] = d[p] + 1;
                    queue.push_back(q);
                }
            }
        }
        d
    }

    /// The order in which the search should fill positions (items are
    /// declared in it, so the solver's ties go to the earliest). It starts
    /// at a most central position (smallest eccentricity, then most
    /// neighbours) and grows a connected region: next is the position with
    /// the most neighbours already in the order, then the most neighbours,
    /// then the nearest to the start, then the first in reading order. Each
    /// new position thus touches placed ones, and corners come last.
    pub fn fill_order(&self) -> Vec<usize> {
        let n = self.len();
        let nbrs = self.neighbours();
        let bfs = |s: usize| self.distances(s);
        let start = (0..n)
            .min_by_key(|&p| {
                (
                    *bfs(p).iter().max().unwrap_or(&0),
                    usize::MAX - nbrs[p].len(),
                )
            })
            .unwrap_or(0);
        self.fill_order_from(start)
    }

    /// The fill order (see [`fill_order`](Self::fill_order)) grown from
    /// position `start`.
    pub fn fill_order_from(&self, start: usize) -> Vec<usize> {
        let n = self.len();
        let nbrs = self.neighbours();
        let dist = self.distances(start);
        let mut placed = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for _ in 0..n {
            let next = (0..n)
                .filter(|&p| !placed[p])
                .max_by_key(|&p| {
                    let touching = nbrs[p].iter().filter(|&&q| placed[q]).count();
                    (
                        touching,
                        nbrs[p].len(),
                        usize::MAX - dist[p],
                        usize::MAX - p,
                    )
                })
                .expect("a position is left");
            placed[next] = true;
            order.push(next);
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_adjacency_matches_the_seed() {
        let b = Board::new(Shape::Triangle(4));
        assert_eq!(b.len(), 16);
        assert_eq!(b.edges().len(), 18);
        // Sides that meet carry equal numbers.
        for e in b.edges() {
            assert_eq!(e.side_a, e.side_b);
        }
        let borders: usize = (0..16).map(|p| 3 - b.degree(p)).sum();
        assert_eq!(borders, 12);
        let r = b.rotations();
        assert_eq!(
            r.iter().map(|r| r.degrees).collect::<Vec<_>>(),
            [0, 120, 240]
        );
    }

    #[test]
    fn rectangle_rotations() {
        assert_eq!(Board::new(Shape::Rectangle(3, 3)).rotations().len(), 4);
        assert_eq!(Board::new(Shape::Rectangle(4, 2)).rotations().len(), 2);
        assert_eq!(Board::new(Shape::Rectangle(3, 3)).edges().len(), 12);
    }
}
