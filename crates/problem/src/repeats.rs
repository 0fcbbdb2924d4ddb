//! Whether a bare matrix's pieces repeat ([`repeats_in`]): the test the
//! automatic engine choice makes where a file says nothing about its
//! pieces (DLX text, and the default of [`crate::Problem::pieces_repeat`]).
//!
//! A puzzle with distinct pieces has an item per piece, and every
//! placement of the piece holds it: that item shares an option with
//! nearly every cell. A cell shares options only with the cells near it
//! (and with the piece items). Copies of a piece are one item that takes
//! several options (`k|item` in DLX text); pieces in unlimited supply have
//! no item at all. So the pieces repeat when some primary item takes more
//! than one option, or when no primary item is *global*: sharing options
//! with more than half of the other primary items (on a matrix of at least
//! 32 primary items: on fewer, any engine counts at once).

use dlx::Matrix;

/// Fewest primary items the structural test reads: on fewer, every cell is
/// near every other, and any engine counts at once.
const FEWEST: usize = 32;

/// Most `sum of |option|^2` the test reads: beyond it, the options are so
/// long that the memo engine's sweep would be wide anyway, and the answer
/// is no.
const WORK: usize = 1 << 27;

/// Do the pieces of `m` repeat (module doc)?
pub fn repeats_in(m: &Matrix) -> bool {
    if m.items().any(|i| m.is_primary(i) && m.bounds(i).1 > 1) {
        return true;
    }
    let primary: Vec<Vec<usize>> = m
        .options()
        .map(|o| {
            m.option(o)
                .iter()
                .filter(|e| m.is_primary(e.item))
                .map(|e| e.item.index())
                .collect()
        })
        .collect();
    let work: usize = primary.iter().map(|o| o.len() * o.len()).sum();
    let count = m.num_primary();
    if work > WORK || count < FEWEST {
        return false;
    }
    // `options_of[i]`: the options holding primary item i.
    let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); m.num_items()];
    for (k, o) in primary.iter().enumerate() {
        for &i in o {
            options_of[i].push(k as u32);
        }
    }
    // `seen[j] == stamp` once item j is counted among the current item's
    // neighbours.
    let mut seen = vec![usize::MAX; m.num_items()];
    for (i, options) in options_of.iter().enumerate() {
        let mut neighbours = 0;
        seen[i] = i;
        for &k in options {
            for &j in &primary[k as usize] {
                if seen[j] != i {
                    seen[j] = i;
                    neighbours += 1;
                }
            }
        }
        if 2 * neighbours > count - 1 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx::MatrixBuilder;

    /// Domino placements on a `w x h` board: one option per pair of
    /// neighbouring cells; with `piece`, every option also holds that
    /// item: one domino, to be placed anywhere.
    fn dominoes(w: usize, h: usize, piece: bool) -> Matrix {
        let mut b = MatrixBuilder::new();
        let cell = |x: usize, y: usize| format!("c{x}_{y}");
        for y in 0..h {
            for x in 0..w {
                b.primary(&cell(x, y)).unwrap();
            }
        }
        if piece {
            b.primary("piece").unwrap();
        }
        for y in 0..h {
            for x in 0..w {
                for (dx, dy) in [(1, 0), (0, 1)] {
                    if x + dx < w && y + dy < h {
                        let mut names = vec![cell(x, y), cell(x + dx, y + dy)];
                        if piece {
                            names.push("piece".into());
                        }
                        b.option_by_names(&names).unwrap();
                    }
                }
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn cells_alone_repeat_and_a_piece_item_does_not() {
        assert!(repeats_in(&dominoes(8, 8, false)));
        assert!(!repeats_in(&dominoes(8, 8, true)));
    }

    #[test]
    fn copies_repeat() {
        let mut b = MatrixBuilder::new();
        let p = b.primary_bounds("piece", 2, 2).unwrap();
        let c = b.primary("cell").unwrap();
        b.option(&[(p, None), (c, None)]).unwrap();
        assert!(repeats_in(&b.build().unwrap()));
    }

    #[test]
    fn a_small_board_is_left_to_the_search() {
        assert!(!repeats_in(&dominoes(5, 6, false)));
        assert!(repeats_in(&dominoes(4, 8, false)));
        // 2 x 16: each cell meets at most 3 of the 31 others.
        assert!(repeats_in(&dominoes(2, 16, false)));
    }
}
