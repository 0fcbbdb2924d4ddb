//! Measures the item orders of the tile encoding on Another Tough Puzzle
//! (nodes, updates, seconds). Slow: run with
//! `cargo test --release -p polycover-polyform --test main tiles_measure -- --ignored --nocapture`.

use super::tiles::count_distinct_by_action;
use orbits::SerialSearch;
use polyform::tiles::encode::{ItemOrder, encode_with};
use std::path::Path;
use std::time::Instant;

#[test]
#[ignore]
fn measure_item_orders() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/tiles/another-tough-puzzle.toml"
    ));
    let puzzle = polyform::tiles::file::load(path).unwrap();
    for order in [
        ItemOrder::FillOrder,
        ItemOrder::ReadingOrder,
        ItemOrder::TilesFirst,
    ] {
        let enc = encode_with(&puzzle, order).unwrap();
        let perms = enc.option_permutations(&puzzle).unwrap();
        let cands = enc.symmetry_candidates(&puzzle);
        let t = Instant::now();
        let d = count_distinct_by_action(&enc.matrix, &perms, &cands, &mut SerialSearch).unwrap();
        let reduced = t.elapsed().as_secs_f64();
        println!(
            "{order:?} reduced: {} solutions, {} distinct, {} nodes, {} updates, {reduced:.3} s",
            d.solutions,
            d.distinct.unwrap(),
            d.stats.nodes,
            d.stats.updates
        );
        if std::env::var_os("FULL").is_some() {
            let t = Instant::now();
            let mut s = dlx::Solver::new(&enc.matrix);
            s.count();
            let st = s.stats();
            println!(
                "{order:?} full: {} solutions, {} nodes, {} updates, {:.3} s",
                st.solutions,
                st.nodes,
                st.updates,
                t.elapsed().as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore]
fn level_profile() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/tiles/another-tough-puzzle.toml"
    ));
    let puzzle = polyform::tiles::file::load(path).unwrap();
    let enc = polyform::tiles::encode(&puzzle).unwrap();
    println!(
        "fill order {:?}",
        puzzle
            .board
            .fill_order()
            .iter()
            .map(|&p| puzzle.board.positions[p].name.clone())
            .collect::<Vec<_>>()
    );
    let (m, _) = enc.matrix.retain_options(|o| {
        let p = &enc.placements[o.index()];
        p.tile != 0 || p.orientation == 0
    });
    let mut s = dlx::Solver::new(&m);
    for d in 1..=17 {
        let n = s.subproblems(d).len();
        println!("depth {d}: {n}");
    }
}

fn reduced_cost(
    enc: &polyform::tiles::TileEncoding,
    tile: usize,
    by_position: bool,
    puzzle: &polyform::tiles::TilePuzzle,
) -> (u64, u64) {
    let perms = enc.option_permutations(puzzle).unwrap();
    let mut cands = enc.symmetry_candidates(puzzle);
    if by_position {
        for l in &mut cands {
            l.sort_by_key(|&o| {
                (
                    enc.placements[o as usize].position,
                    enc.placements[o as usize].orientation,
                )
            });
        }
    }
    let one = vec![cands[tile].clone()];
    let d = count_distinct_by_action(&enc.matrix, &perms, &one, &mut SerialSearch).unwrap();
    assert_eq!(d.solutions, 518469);
    (d.stats.nodes, d.stats.updates)
}

#[test]
#[ignore]
fn starts_and_tiles() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/tiles/another-tough-puzzle.toml"
    ));
    let puzzle = polyform::tiles::file::load(path).unwrap();
    let b = &puzzle.board;
    for s in 0..b.len() {
        let order = b.fill_order_from(s);
        let enc = polyform::tiles::encode::encode_in_order(&puzzle, &order, false).unwrap();
        let (n, u) = reduced_cost(&enc, 0, false, &puzzle);
        let (n2, u2) = reduced_cost(&enc, 0, true, &puzzle);
        println!(
            "start {}: rot-reps {n} nodes {u} updates; pos-reps {n2} nodes {u2} updates",
            b.positions[s].name
        );
    }
    let enc = polyform::tiles::encode(&puzzle).unwrap();
    for t in 0..16 {
        let (n, u) = reduced_cost(&enc, t, false, &puzzle);
        println!("tile {t}: {n} nodes {u} updates");
    }
}

#[test]
#[ignore]
fn centre_candidate() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/tiles/another-tough-puzzle.toml"
    ));
    let puzzle = polyform::tiles::file::load(path).unwrap();
    let b = &puzzle.board;
    for (s, tf) in (0..16).map(|s| (s, false)).chain([(6, true), (7, true)]) {
        let order = b.fill_order_from(s);
        let enc = polyform::tiles::encode::encode_in_order(&puzzle, &order, tf).unwrap();
        let perms = enc.option_permutations(&puzzle).unwrap();
        let centre = order[0];
        let mut list: Vec<u32> = (0..enc.placements.len() as u32)
            .filter(|&o| enc.placements[o as usize].position == 6)
            .collect();
        list.sort_by_key(|&o| {
            (
                enc.placements[o as usize].orientation,
                enc.placements[o as usize].tile,
            )
        });
        let t = Instant::now();
        let d = count_distinct_by_action(&enc.matrix, &perms, &[list], &mut SerialSearch).unwrap();
        println!(
            "tiles first {tf} start {} (centre r2c2): {} sols {} distinct {} nodes {} updates {:.3}s {centre}",
            b.positions[s].name,
            d.solutions,
            d.distinct.unwrap(),
            d.stats.nodes,
            d.stats.updates,
            t.elapsed().as_secs_f64()
        );
    }
}
