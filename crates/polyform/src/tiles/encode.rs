//! A tile puzzle as exact cover with colors, and its rotations as
//! permutations of the options.
//!
//! # The matrix
//!
//! * Primary items: one per position (named like `r1c2`), then one per tile
//!   (the tile's name).
//! * Secondary items: one per internal edge (`r1c2.0`: side 0 of position
//!   `r1c2`, the edge's first position in reading order). Its color is the
//!   label that position shows there; an option on the other side gives the
//!   color of the label its own label must meet. Options agree on the color
//!   exactly when the labels match.
//! * Options: one per tile, distinct orientation (rotations, and mirror
//!   images when tiles may be turned over; a symmetric tile has fewer) and
//!   position, left out when a label cannot go where it lands: a label that
//!   matches nothing on an internal edge, a label the border constraint
//!   forbids on the border. Items in an option: position, the position's
//!   internal edges by side, then the tile. The tile comes last because
//!   covering it (hiding its every other placement) is the costliest step
//!   of a commit: when an edge's purification already empties a neighbour,
//!   the solver gives the option up before it (early dead ends, `dlx`).
//!
//! # Why it is fast
//!
//! The solver branches on the primary item with the fewest options and
//! takes the first one on a tie. Declared naturally (tiles first, positions
//! in reading order), the ties at the top of the tree go to a tile, which
//! is then tried on every position, and later to positions in reading
//! order along the board's edge, where a new tile touches one placed tile
//! only: the tree is wide (22.7 M nodes and 1.25 G updates on Another
//! Tough Puzzle), and each node pays for long edge lists (purify walks every
//! option of the neighbour still alive, 7 in 8 of which it hides).
//!
//! So positions come first, in the board's *fill order*
//! ([`Board::fill_order`](super::board::Board::fill_order)): from the centre outwards, each next position
//! touching as many placed ones as possible, corners last. Ties then go to
//! the position whose neighbours are placed, whose list the purifications
//! have already cut to the few tiles that fit: 11.5 M nodes, 468 M
//! updates (with Knuth's moves; fewer with early dead ends). For the distinct count (and, through it, the total), one
//! option per orbit of the rotations is kept on one candidate, so the
//! search is |G| times smaller. The representatives are best taken on the centre
//! (each tile upright there: 3.9 M nodes, 157 M updates with Knuth's moves)
//! rather than for a tile anywhere (4.4 M nodes, 201 M updates): the search then always
//! starts where a tile touches the most others
//! ([`TileEncoding::symmetry_candidates`]). Measured alternatives, figures
//! and the machine are in `docs/performance.md` (`## Edge matching`).

use super::TilePuzzle;
use super::board::Across;
use crate::error::{Error, ErrorKind};
use dlx::{Color, ItemId, Matrix, MatrixBuilder};
use std::collections::HashMap;

/// One option: a tile in an orientation on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePlacement {
    /// The tile (index into [`TilePuzzle::tiles`]).
    pub tile: usize,
    /// The position (index into the board's positions).
    pub position: usize,
    /// The orientation's number among the tile's distinct orientations:
    /// rotations `0..k` (rotation `r` shows edge `(s + r) % k` on side
    /// `s`), then the mirror images when tiles may be turned over.
    pub orientation: usize,
    /// Is it the mirror image?
    pub turned_over: bool,
    /// The label on each side of the position.
    pub labels: Vec<usize>,
}

/// How items are declared; [`ItemOrder::FillOrder`] is the fast one, the
/// others are kept to measure the difference.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ItemOrder {
    /// Tiles, then positions in reading order (the natural encoding).
    TilesFirst,
    /// Positions in reading order, then tiles.
    ReadingOrder,
    /// Positions in [`Board::fill_order`](super::Board::fill_order), then
    /// tiles.
    FillOrder,
}

/// A tile puzzle's matrix and the meaning of its options.
#[derive(Clone, Debug)]
pub struct TileEncoding {
    /// The exact-cover matrix (with colors).
    pub matrix: Matrix,
    /// `placements[o]`: what option `o` means.
    pub placements: Vec<TilePlacement>,
}

/// The distinct orientations of a tile as label sequences (side by side),
/// with their mirror flag.
pub fn orientations(puzzle: &TilePuzzle, tile: usize) -> Vec<(Vec<usize>, bool)> {
    let edges = &puzzle.tiles[tile].edges;
    let k = edges.len();
    let mut out: Vec<(Vec<usize>, bool)> = Vec::new();
    let mut forms = vec![(edges.clone(), false)];
    if puzzle.turn_over {
        let mut m = edges.clone();
        m.reverse();
        forms.push((m, true));
    }
    for (form, mirrored) in forms {
        for r in 0..k {
            let seq: Vec<usize> = (0..k).map(|s| form[(s + r) % k]).collect();
            if !out.iter().any(|(o, _)| *o == seq) {
                out.push((seq, mirrored));
            }
        }
    }
    out
}

/// Builds the matrix with the fast item order.
pub fn encode(puzzle: &TilePuzzle) -> Result<TileEncoding, Error> {
    encode_with(puzzle, ItemOrder::FillOrder)
}

/// Builds the matrix with the given item order.
pub fn encode_with(puzzle: &TilePuzzle, order: ItemOrder) -> Result<TileEncoding, Error> {
    let positions: Vec<usize> = match order {
        ItemOrder::FillOrder => puzzle.board.fill_order(),
        _ => (0..puzzle.board.len()).collect(),
    };
    encode_in_order(puzzle, &positions, order == ItemOrder::TilesFirst)
}

/// Builds the matrix with the positions declared in the order `positions`
/// (a permutation of the board's positions), after the tiles or before.
pub fn encode_in_order(
    puzzle: &TilePuzzle,
    positions: &[usize],
    tiles_first: bool,
) -> Result<TileEncoding, Error> {
    let board = &puzzle.board;
    let err = |e: dlx::MatrixError| Error::at(&puzzle.path, None, ErrorKind::Matrix(e));
    let mut b = MatrixBuilder::new();
    let mut pos_item: Vec<Option<ItemId>> = vec![None; board.len()];
    let mut tile_item = Vec::with_capacity(puzzle.tiles.len());
    if tiles_first {
        for t in &puzzle.tiles {
            tile_item.push(b.primary(&t.name).map_err(err)?);
        }
    }
    for &p in positions {
        pos_item[p] = Some(b.primary(&board.positions[p].name).map_err(err)?);
    }
    if !tiles_first {
        for t in &puzzle.tiles {
            tile_item.push(b.primary(&t.name).map_err(err)?);
        }
    }
    // edge_item[(p, s)]: the edge's item, and whether p is its first side.
    let mut edge_item: HashMap<(usize, usize), (ItemId, bool)> = HashMap::new();
    for e in board.edges() {
        let name = format!("{}.{}", board.positions[e.a].name, e.side_a);
        let id = b.secondary(&name).map_err(err)?;
        edge_item.insert((e.a, e.side_a), (id, true));
        edge_item.insert((e.b, e.side_b), (id, false));
    }
    let colors: Vec<Color> = puzzle.labels.iter().map(|l| b.color(&l.name)).collect();
    let forms: Vec<Vec<(Vec<usize>, bool)>> = (0..puzzle.tiles.len())
        .map(|t| orientations(puzzle, t))
        .collect();
    let mut placements = Vec::new();
    let mut row = Vec::new();
    for &p in positions {
        let across = &board.positions[p].across;
        for (t, tile_forms) in forms.iter().enumerate() {
            'form: for (o, (labels, mirrored)) in tile_forms.iter().enumerate() {
                row.clear();
                row.push((pos_item[p].expect("every position is declared"), None));
                for (s, &x) in labels.iter().enumerate() {
                    match across[s] {
                        Across::Border => {
                            if !puzzle.allowed_on_border(x) {
                                continue 'form;
                            }
                        }
                        Across::Neighbor { .. } => {
                            let Some(meets) = puzzle.labels[x].meets else {
                                continue 'form;
                            };
                            let (id, first) = edge_item[&(p, s)];
                            let c = if first { x } else { meets };
                            row.push((id, Some(colors[c])));
                        }
                    }
                }
                row.push((tile_item[t], None));
                b.option(&row).map_err(err)?;
                placements.push(TilePlacement {
                    tile: t,
                    position: p,
                    orientation: o,
                    turned_over: *mirrored,
                    labels: labels.clone(),
                });
            }
        }
    }
    Ok(TileEncoding {
        matrix: b.build().map_err(err)?,
        placements,
    })
}

impl TileEncoding {
    /// The placements of a solution, in board order.
    pub fn decode(&self, options: &[dlx::OptionId]) -> Vec<TilePlacement> {
        let mut v: Vec<TilePlacement> = options
            .iter()
            .map(|o| self.placements[o.index()].clone())
            .collect();
        v.sort_by_key(|p| p.position);
        v
    }

    /// How each rotation of the board permutes the options: `perm[g][o]`,
    /// identity first. A rotation carries a tile on position `p` to the
    /// rotated position, turned with the board; border and internal edges go
    /// to border and internal edges, so the image is an option too.
    pub fn option_permutations(&self, puzzle: &TilePuzzle) -> Result<Vec<Vec<u32>>, String> {
        let index: HashMap<(usize, usize, &[usize]), u32> = self
            .placements
            .iter()
            .enumerate()
            .map(|(o, p)| ((p.tile, p.position, p.labels.as_slice()), o as u32))
            .collect();
        let k = puzzle.board.sides();
        let mut perms = Vec::new();
        let mut image = vec![0; k];
        for g in puzzle.board.rotations() {
            let mut perm = Vec::with_capacity(self.placements.len());
            for p in &self.placements {
                let q = g.positions[p.position];
                let shift = g.shift[p.position];
                for (s, &x) in p.labels.iter().enumerate() {
                    image[(s + shift) % k] = x;
                }
                match index.get(&(p.tile, q, image.as_slice())) {
                    Some(&o) => perm.push(o),
                    None => {
                        return Err(format!(
                            "internal error: a rotation by {} degrees maps a placement of tile `{}` to no option",
                            g.degrees, puzzle.tiles[p.tile].name
                        ));
                    }
                }
            }
            perms.push(perm);
        }
        Ok(perms)
    }

    /// Candidates for the distinct count
    /// ([`orbits`]):
    /// sets of options of which every solution holds exactly one and which
    /// every rotation maps onto itself, each in order of preference for
    /// representatives (the first of each orbit in the list).
    ///
    /// First the positions every rotation keeps in place (the centre of a
    /// triangle or of an odd square), their options by orientation then
    /// tile: the representatives are "each tile upright on the centre", and
    /// the search grows from the centre. Then every tile's options, by
    /// orientation then position: "this tile upright, anywhere". The method
    /// takes the candidate with the fewest orbits, the first on a tie, so
    /// the centre wins when there is one: on Another Tough Puzzle it makes
    /// the search 22% cheaper than a tile (see `docs/performance.md`).
    pub fn symmetry_candidates(&self, puzzle: &TilePuzzle) -> Vec<Vec<u32>> {
        let rotations = puzzle.board.rotations();
        let fixed: Vec<usize> = (0..puzzle.board.len())
            .filter(|&p| rotations.iter().all(|g| g.positions[p] == p))
            .collect();
        let mut centres = vec![Vec::new(); fixed.len()];
        let mut tiles = vec![Vec::new(); puzzle.tiles.len()];
        for (o, p) in self.placements.iter().enumerate() {
            tiles[p.tile].push(o as u32);
            if let Some(k) = fixed.iter().position(|&f| f == p.position) {
                centres[k].push(o as u32);
            }
        }
        let key = |o: &u32| {
            let p = &self.placements[*o as usize];
            (p.orientation, p.tile, p.position)
        };
        for l in &mut centres {
            l.sort_by_key(key);
        }
        for l in &mut tiles {
            l.sort_by_key(|o| {
                let p = &self.placements[*o as usize];
                (p.orientation, p.position)
            });
        }
        centres.extend(tiles);
        centres
    }
}
