use polycover_twisty::count::{Group, random_state};
use polycover_twisty::rng::Rng;
use polycover_twisty::solve::{Options, PermPuzzle, Solver};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = &args[1];
    let seeds: Vec<u64> = args[2..].iter().map(|s| s.parse().unwrap()).collect();
    let p = polycover_twisty::named(name).unwrap();
    let group = Group::new(&p);
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &Options::default()).unwrap();
    let mut total = 0;
    for &seed in &seeds {
        let s = random_state(&group, &mut Rng::new(seed));
        let t = std::time::Instant::now();
        let sol = solver.solve(&s.colours(&p)).unwrap();
        total += sol.moves.len();
        eprintln!(
            "seed {seed}: {} moves {:.2}s",
            sol.moves.len(),
            t.elapsed().as_secs_f64()
        );
    }
    eprintln!("mean {:.2}", total as f64 / seeds.len() as f64);
}
