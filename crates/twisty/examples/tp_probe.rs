use polycover_twisty::rng::Rng;
use polycover_twisty::solve::{Options, PermPuzzle, Solver};
use polycover_twisty::{State, Turn, named};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = &args[1];
    let budget: u64 = args[2].parse().unwrap();
    let k: usize = args[3].parse().unwrap();
    let p = named(name).unwrap();
    let o = Options { two_phase_budget: budget, cache_dir: Some("/tmp/tpcache".into()), ..Options::default() };
    let solver = Solver::prepare(&PermPuzzle::from_model(&p), &o).unwrap();
    eprintln!("prep {:.3}", solver.prepare_seconds);
    let mut rng = Rng::new(42);
    for _ in 0..6 {
        let mut s = State::solved(&p);
        let seq: Vec<Turn> = (0..k).map(|_| { let mv = rng.below(p.moves.len()); Turn { mv, amount: 1 + rng.below(p.moves[mv].order as usize - 1) as u8 } }).collect();
        s.apply(&p, &seq);
        let sol = solver.solve(&s.colours(&p)).unwrap();
        eprintln!("k {k}: {} moves {:.3}s", sol.moves.len(), sol.solve_seconds);
    }
}
