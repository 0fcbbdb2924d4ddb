use polycover_twisty::count::{Group, random_state};
use polycover_twisty::named;
use polycover_twisty::rng::Rng;
use polycover_twisty::solve::{Options, PermPuzzle, Solver};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = &args[1];
    let budget: u64 = args[2].parse().unwrap();
    let p = named(name).unwrap();
    let group = Group::new(&p);
    let o = Options {
        two_phase_budget: budget,
        cache_dir: Some("/tmp/tpcache".into()),
        ..Options::default()
    };
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &o).unwrap();
    eprintln!("prep {:.3}", solver.prepare_seconds);
    let mut tot = 0;
    for seed in 1..=20 {
        let s = random_state(&group, &mut Rng::new(seed));
        let sol = solver.solve(&s.colours(&p)).unwrap();
        tot += sol.moves.len();
        eprintln!(
            "seed {seed}: {} moves {:.3}s",
            sol.moves.len(),
            sol.solve_seconds
        );
    }
    eprintln!("mean {}", tot as f64 / 20.0);
}
