//! Tests of the exact stage: ranks, move tables, goal values and pattern databases against their
//! definitions.

use super::rank::{Arrangements, colour_groups, next_arrangement, partial_rank, partial_unrank};
use super::*;
use crate::rng::Rng;
use crate::solve::puzzle::PermPuzzle;
use crate::solve::structure::Structure;

#[test]
fn ranks_round_trip_in_one_word_and_in_several() {
    let mut rng = Rng::new(5);
    for (n, k) in [
        (1, 1),
        (8, 8),
        (12, 5),
        (20, 20),
        (64, 9),
        (65, 4),
        (130, 7),
        (256, 7),
    ] {
        let mut out = vec![0usize; k];
        for _ in 0..200 {
            let count = (0..k).map(|i| n - i).product::<usize>();
            let r = rng.below(count);
            partial_unrank(r, n, &mut out);
            assert!(out.iter().all(|&x| x < n), "{n} {k} {out:?}");
            let mut sorted = out.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), k, "{n} {k}: {out:?} repeats a position");
            assert_eq!(partial_rank(&out, n), r, "{n} {k} {out:?}");
        }
    }
    // Every rank of a small case, in order: ranks are a bijection onto 0..count.
    let mut out = [0usize; 3];
    for r in 0..5 * 4 * 3 {
        partial_unrank(r, 5, &mut out);
        assert_eq!(partial_rank(&out, 5), r);
    }
}

/// Arrangement ranks are a bijection onto `0..size` in lexicographic order (the order
/// [`next_arrangement`] walks), with and without an empty class, and with one class alone.
#[test]
fn arrangements_rank_in_lexicographic_order() {
    for sizes in [
        vec![3u32, 3, 3, 3],
        vec![2, 0, 3, 1],
        vec![5],
        vec![1, 1, 1, 1, 1],
    ] {
        let a = Arrangements::new(&sizes, 1 << 16).unwrap();
        let n: u32 = sizes.iter().sum();
        let multinomial = (1..=n as usize).product::<usize>()
            / sizes
                .iter()
                .map(|&k| (1..=k as usize).product::<usize>())
                .product::<usize>();
        assert_eq!(a.size, multinomial, "{sizes:?}");
        let mut walked = vec![0u32; n as usize];
        let mut arr = vec![0u32; n as usize];
        a.unrank(0, &mut walked);
        for r in 0..a.size {
            a.unrank(r, &mut arr);
            assert_eq!(arr, walked, "{sizes:?} rank {r}");
            assert_eq!(a.rank(&arr), r, "{sizes:?} {arr:?}");
            for (c, &k) in sizes.iter().enumerate() {
                assert_eq!(arr.iter().filter(|&&x| x == c as u32).count(), k as usize);
            }
            next_arrangement(&mut walked);
        }
    }
}

/// Colour groups cover every class once, each within the limit.
#[test]
fn colour_groups_cover_the_classes() {
    let sizes = [3u32, 3, 3, 3];
    let groups = colour_groups(&sizes, 1 << 18).unwrap();
    // 12!/(3!^4) = 369600 arrangements: more than the limit, so two groups of two classes
    // (and a blank of six), 18480 each.
    assert_eq!(groups.len(), 2);
    for g in &groups {
        assert_eq!(g.ranks.size, 18480);
    }
    let mut seen = [0; 4];
    for g in &groups {
        let blank = *g.map.iter().max().unwrap();
        for (c, &x) in g.map.iter().enumerate() {
            seen[c] += (x != blank) as u32;
        }
    }
    assert_eq!(seen, [1; 4]);
    assert!(colour_groups(&[3, 3, 3, 3], 100).is_none());
}

/// The stages of a catalog puzzle over all its orbits, with and without the invariants.
fn stages(name: &str, limits: Limits) -> (Moves, Vec<Stage>) {
    let puzzle = PermPuzzle::from_model(&crate::named(name).unwrap());
    let moves = Moves::new(&puzzle);
    let structure = Structure::new(&puzzle, &moves).unwrap();
    let invariants = Invariants::new(&structure.orbits, &moves);
    let tables: Vec<Arc<OrbitTables>> = (0..structure.orbits.len())
        .map(|oi| Arc::new(OrbitTables::new(&structure.orbits, oi, &moves)))
        .collect();
    let mut cache = Cache::default();
    let stages = (1..=tables.len())
        .map(|i| {
            Stage::new(
                tables[..i].to_vec(),
                &moves,
                &invariants,
                false,
                limits,
                &mut cache,
            )
        })
        .collect();
    (moves, stages)
}

/// Every move table entry against decoding the value, moving its pieces slot by slot and
/// encoding the result (the definitions, without the tables' shortcuts: powers by
/// composition, odometer decoding, one-word ranks).
#[test]
fn move_tables_move_the_pieces() {
    for name in [
        "cube-2",
        "octahedron-2",
        "pyraminx",
        "3x3x3",
        "octahedron-3",
    ] {
        let (moves, stages) = stages(name, Limits::default());
        for stage in &stages {
            for co in &stage.coords {
                let t = &stage.orbits[co.orbit];
                let (n, o) = (t.n, t.twists as usize);
                let mut cur = vec![0usize; n];
                let mut img = vec![0usize; n];
                let mut scratch = vec![0usize; n];
                let step = (co.size / 997).max(1);
                for v in (0..co.size).step_by(step) {
                    for m in 0..moves.len() {
                        let base = m * t.slots;
                        let want = match &co.kind {
                            Kind::Group(p) => {
                                Stage::group_decode(t, p.len(), v, &mut cur);
                                for i in 0..p.len() {
                                    img[i] = t.mv[base + cur[i]] as usize;
                                }
                                Stage::group_value(t, &img[..p.len()], &mut scratch)
                            }
                            Kind::Twists => {
                                let mut x = v;
                                let mut out = vec![0usize; n];
                                for p in 0..n {
                                    let s = t.mv[base + p * o + x % o] as usize;
                                    out[s / o] = s % o;
                                    x /= o;
                                }
                                out.iter().rev().fold(0, |a, &x| a * o + x)
                            }
                            Kind::Perm => {
                                partial_unrank(v, n, &mut cur);
                                for i in 0..n {
                                    img[i] = t.mv[base + cur[i] * o] as usize / o;
                                }
                                partial_rank(&img, n)
                            }
                            Kind::Colours(g) => {
                                let a = &g.ranks;
                                let mut arr = vec![0u32; n];
                                let mut moved = vec![0u32; n];
                                a.unrank(v, &mut arr);
                                for p in 0..n {
                                    moved[t.mv[base + p] as usize] = arr[p];
                                }
                                a.rank(&moved)
                            }
                        };
                        let got = co.table[v * moves.len() + m] as usize;
                        assert_eq!(got, want, "{name} {:?} value {v} move {m}", co.kind);
                    }
                }
            }
        }
    }
}

/// The enumerated goal values are exactly the values the goal test accepts.
#[test]
fn goal_values_are_the_goal() {
    for name in ["octahedron-2", "octahedron-3", "3x3x3", "4x4x4"] {
        let (_, stages) = stages(name, Limits::default());
        let stage = stages.last().unwrap();
        let mut cur = vec![0usize; 256];
        for c in 0..stage.coords.len() {
            let want: Vec<usize> = (0..stage.coords[c].size)
                .filter(|&v| stage.goal(c, v, &mut cur))
                .collect();
            assert_eq!(
                stage.goal_values(c),
                want,
                "{name} {:?}",
                stage.coords[c].kind
            );
        }
    }
}

/// Every pattern database is a breadth-first distance table: 0 exactly on the goal values,
/// and elsewhere one more than the least distance one move away (unreached values have no
/// reached neighbour). With a small database limit the coordinates are packed differently,
/// and the large tables are scanned rather than listed layer by layer.
#[test]
fn pattern_databases_are_distance_tables() {
    let small = Limits {
        database: 1 << 12,
        ..Limits::default()
    };
    for (name, limits) in [
        ("cube-2", Limits::default()),
        ("octahedron-2", Limits::default()),
        ("octahedron-2", small),
        ("pyraminx", Limits::default()),
        ("skewb", Limits::default()),
    ] {
        let (moves, stages) = stages(name, limits);
        let nm = moves.len();
        let stage = stages.last().unwrap();
        let mut cur = vec![0usize; 64];
        for pdb in &stage.pdbs {
            let sizes: Vec<usize> = pdb.coords.iter().map(|&c| stage.coords[c].size).collect();
            let total = pdb.dist.len();
            assert_eq!(total, sizes.iter().product::<usize>());
            let mut vals = vec![0usize; sizes.len()];
            for j in 0..total {
                let mut x = j;
                for i in (0..sizes.len()).rev() {
                    vals[i] = x % sizes[i];
                    x /= sizes[i];
                }
                let goal = pdb
                    .coords
                    .iter()
                    .zip(&vals)
                    .all(|(&c, &v)| stage.goal(c, v, &mut cur));
                let best = (0..nm)
                    .map(|m| {
                        let mut k = 0;
                        for (i, &c) in pdb.coords.iter().enumerate() {
                            k = k * sizes[i] + stage.coords[c].table[vals[i] * nm + m] as usize;
                        }
                        pdb.dist[k]
                    })
                    .min()
                    .unwrap();
                let d = pdb.dist[j];
                if goal {
                    assert_eq!(d, 0, "{name}: goal value {j}");
                } else if best == u8::MAX {
                    assert_eq!(d, u8::MAX, "{name}: value {j} has no reached neighbour");
                } else {
                    assert_eq!(d, best + 1, "{name}: value {j}");
                }
            }
        }
    }
}
