#[path = "../tests/common/mod.rs"]
mod common;

use polycover_twisty::solve::reduce::Reduction;
use polycover_twisty::solve::{Options, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: i32 = args[1].parse().unwrap();
    let count: u64 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(5);
    let p = common::cube(n, true);
    let solver = Solver::prepare(&p, &Options::default()).unwrap();
    let t0 = std::time::Instant::now();
    let r = Reduction::prepare(&p, &solver.moves, &solver.structure, &Options::default())
        .expect("reduction");
    eprintln!("reduction prepared in {:.3}s", t0.elapsed().as_secs_f64());
    if args.get(3).map(|s| s == "library").unwrap_or(false) {
        eprintln!("library: {}", r.build_library(&solver.structure, &solver.moves));
        return;
    }
    let mut total = 0;
    for seed in 1..=count {
        let st = common::scramble(&p, seed, 200);
        let t = std::time::Instant::now();
        let states = solver.structure.read(&p, &st).unwrap();
        if args.get(3).map(|s| s == "centres").unwrap_or(false) {
            let c = r
                .left_out_moves(&solver.structure, &solver.moves, &states)
                .unwrap();
            let after = solver.moves.apply(&st, &c);
            let rest = solver.solve(&after).unwrap();
            let before = solver.solve(&st).unwrap();
            eprintln!(
                "seed {seed}: centres {} + rest {} = {} (route alone {})",
                c.len(),
                rest.moves.len(),
                c.len() + rest.moves.len(),
                before.moves.len()
            );
            total += c.len() + rest.moves.len();
            continue;
        }
        match r.solve(&solver.structure, &solver.moves, &st, &states) {
            Some(seq) => {
                let ok = solver.moves.apply(&st, &seq) == p.colours;
                eprintln!(
                    "seed {seed}: {} moves, solves {ok}, {:.3}s",
                    seq.len(),
                    t.elapsed().as_secs_f64()
                );
                total += seq.len();
            }
            None => eprintln!("seed {seed}: none"),
        }
    }
    eprintln!("mean {}", total as f64 / count as f64);
}
