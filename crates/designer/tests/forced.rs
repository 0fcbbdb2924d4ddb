//! Common options and the first choice against their definitions, on
//! random exact-cover matrices: every solution enumerated, intersected.

use designer::{common_options, first_choice, propagated};
use dlx::{Matrix, MatrixBuilder, OptionId, Solver};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn random_matrix(rng: &mut Rng) -> Matrix {
    let items = 3 + rng.below(6) as usize;
    let mut b = MatrixBuilder::new();
    let ids: Vec<_> = (0..items)
        .map(|i| b.primary(&format!("i{i}")).unwrap())
        .collect();
    for _ in 0..(2 + rng.below(12)) {
        let mut row: Vec<_> = ids
            .iter()
            .filter(|_| rng.below(3) == 0)
            .map(|&i| (i, None))
            .collect();
        if row.is_empty() {
            row.push((ids[rng.below(items as u64) as usize], None));
        }
        b.option(&row).unwrap();
    }
    b.build().unwrap()
}

fn first(m: &Matrix) -> Result<Option<Vec<OptionId>>, ()> {
    Ok(Solver::new(m).first(1).into_iter().next())
}

#[test]
fn common_options_are_those_of_every_solution() {
    let mut rng = Rng(11);
    let (mut some, mut none) = (0, 0);
    for _ in 0..400 {
        let m = random_matrix(&mut rng);
        let all = Solver::new(&m).first(usize::MAX);
        let got = common_options(&m, &mut first).unwrap();
        if all.is_empty() {
            assert_eq!(got, None);
            continue;
        }
        let mut want: Vec<OptionId> = all[0]
            .iter()
            .copied()
            .filter(|o| all.iter().all(|s| s.contains(o)))
            .collect();
        want.sort();
        let got = got.unwrap();
        if got.is_empty() {
            none += 1;
        } else {
            some += 1;
        }
        assert_eq!(got, want, "{}", dlx::format::write(&m));
    }
    assert!(some > 10 && none > 10, "{some} {none}");
}

#[test]
fn the_first_choice_is_an_item_in_fewest_options() {
    let mut rng = Rng(5);
    for _ in 0..200 {
        let m = random_matrix(&mut rng);
        let counts: Vec<usize> = m
            .items()
            .map(|i| {
                m.options()
                    .filter(|&o| m.option(o).iter().any(|e| e.item == i))
                    .count()
            })
            .collect();
        match first_choice(&m) {
            Some((item, n, option)) => {
                assert_eq!(n, *counts.iter().min().unwrap());
                assert_eq!(counts[item.index()], n);
                assert!(m.option(option).iter().any(|e| e.item == item));
            }
            None => assert!(counts.contains(&0)),
        }
    }
}

/// `common_options` with a `find` that counts its searches.
fn common_counting(m: &Matrix) -> (Vec<OptionId>, usize) {
    let mut searches = 0;
    let got = common_options(m, &mut |m: &Matrix| {
        searches += 1;
        first(m)
    });
    (got.unwrap().expect("a solution"), searches)
}

/// A square board of `n` x `n` cells and one unlimited monomino: one
/// placement per cell, so one tiling, every placement in it. Propagation
/// alone proves them common: one search (the first solution), not one per
/// placement.
#[test]
fn a_board_of_monominoes_takes_one_search() {
    let text = "name = \"m\"\nlattice = \"square\"\n\n[board]\nsize = [30, 30]\n\n\
                [[piece]]\nname = \"mono\"\nsymbol = \"M\"\nart = \"#\"\ncount = \"unlimited\"\n";
    let p = polyform::file::parse_puzzle(std::path::Path::new("m.toml"), text).unwrap();
    let m = polyform::encode(&p).unwrap().matrix;
    let (common, searches) = common_counting(&m);
    assert_eq!(common.len(), 900);
    assert_eq!(searches, 1);
}

/// A strip of 2k cells tiled by dominoes: only one tiling (the end cell's
/// one domino forces the next, and so on), k placements, all common. Each
/// forced placement leaves the next cell one option: one search.
#[test]
fn a_strip_of_dominoes_takes_one_search() {
    let k = 50;
    let mut b = MatrixBuilder::new();
    let cells: Vec<_> = (0..2 * k)
        .map(|i| b.primary(&format!("c{i}")).unwrap())
        .collect();
    for w in cells.windows(2) {
        b.option(&[(w[0], None), (w[1], None)]).unwrap();
    }
    let m = b.build().unwrap();
    let (common, searches) = common_counting(&m);
    let want: Vec<OptionId> = (0..2 * k - 1)
        .step_by(2)
        .map(OptionId::from_index)
        .collect();
    assert_eq!(common, want);
    assert_eq!(searches, 1);
}

/// A random matrix with bounds on its primary items and coloured
/// secondary items: what propagation must respect.
fn random_general_matrix(rng: &mut Rng) -> Matrix {
    let mut b = MatrixBuilder::new();
    let mut ids = vec![];
    for i in 0..(2 + rng.below(5)) {
        let lo = rng.below(3) as u32;
        let hi = lo.max(1) + rng.below(2) as u32;
        ids.push(b.primary_bounds(&format!("p{i}"), lo, hi).unwrap());
    }
    let primary = ids.len();
    for i in 0..(1 + rng.below(3)) {
        ids.push(b.secondary(&format!("s{i}")).unwrap());
    }
    let colours = [b.color("red"), b.color("blue")];
    for _ in 0..(2 + rng.below(12)) {
        let mut row = vec![(ids[rng.below(primary as u64) as usize], None)];
        for (k, &i) in ids.iter().enumerate() {
            if rng.below(3) == 0 && row[0].0 != i {
                let colour =
                    (k >= primary && rng.below(3) > 0).then(|| colours[rng.below(2) as usize]);
                row.push((i, colour));
            }
        }
        b.option(&row).unwrap();
    }
    b.build().unwrap()
}

/// Every option propagation takes is in every solution, whatever the
/// bounds and colours; and on plain exact cover it finds some.
#[test]
fn propagated_options_are_in_every_solution() {
    let mut rng = Rng(23);
    let mut taken = 0;
    for round in 0..600 {
        let m = if round % 2 == 0 {
            random_general_matrix(&mut rng)
        } else {
            random_matrix(&mut rng)
        };
        let all = Solver::new(&m).first(usize::MAX);
        if all.is_empty() {
            continue;
        }
        for o in propagated(&m) {
            taken += 1;
            assert!(
                all.iter().all(|s| s.contains(&o)),
                "{o:?}\n{}",
                dlx::format::write(&m)
            );
        }
    }
    assert!(taken > 50, "{taken}");
}
