//! Common options and the first choice against their definitions, on
//! random exact-cover matrices: every solution enumerated, intersected.

use designer::{common_options, first_choice};
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
