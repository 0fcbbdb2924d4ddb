#[path = "../tests/common/mod.rs"]
mod common;

use polycover_twisty::solve::{Options, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: i32 = args[1].parse().unwrap();
    let all = args.get(2).map(|s| s == "all").unwrap_or(true);
    let count: u64 = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(5);
    let p = common::cube(n, all);
    let solver = Solver::prepare(&p, &Options::default()).unwrap();
    eprintln!("prepare {:.3}s", solver.prepare_seconds);
    for (oi, o) in solver.structure.orbits.iter().enumerate() {
        eprintln!(
            "orbit {oi}: {} positions, {} twists, distinct {}, ops {}, exact {}",
            o.len(),
            o.twists,
            o.distinct,
            solver.tables.get(oi).map_or(0, |t| t.len()),
            solver.exact_orbits.contains(&oi)
        );
    }
    let mut total = 0;
    for seed in 1..=count {
        let st = common::scramble(&p, seed, 200);
        match solver.solve(&st) {
            Ok(sol) => {
                eprintln!(
                    "seed {seed}: {} moves ({} exact), {:.3}s",
                    sol.moves.len(),
                    sol.exact_moves,
                    sol.solve_seconds
                );
                total += sol.moves.len();
            }
            Err(e) => eprintln!("seed {seed}: {e}"),
        }
    }
    eprintln!("mean {}", total as f64 / count as f64);
}
