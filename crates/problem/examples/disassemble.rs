//! Times the disassembly of every assembly of a puzzle file (one thread):
//! `cargo run --release -p polycover-problem --example disassemble FILE [PROBLEM]`.

use problem::{LoadOptions, load};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: disassemble FILE [PROBLEM]");
    let options = LoadOptions {
        problem: args.next(),
        ..Default::default()
    };
    let problem = load(path.as_ref(), &options).unwrap_or_else(|e| panic!("{e}"));
    let dis = problem.disassembler().unwrap_or_else(|e| panic!("{e}"));
    let mut solver = dlx::Solver::new(problem.matrix());
    let t = Instant::now();
    let mut all = vec![];
    solver.solve(&mut |o: &[dlx::OptionId]| {
        all.push(o.to_vec());
        dlx::Control::Continue
    });
    let solve = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let (mut positions, mut apart) = (0u64, 0u64);
    for s in &all {
        let o = dis.analyse(s).unwrap();
        positions += o.positions;
        apart += u64::from(o.separation.is_some());
    }
    let secs = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let action = problem
        .action(polyform::symmetry::GroupChoice::Full)
        .unwrap_or_else(|e| panic!("{e}"));
    let a = t.elapsed().as_secs_f64();
    let c = disassembly::levels::count_levels(problem.matrix(), &action, &dis).unwrap();
    println!(
        "action {a:.3} s, count by level {:.3} s: {} distinct, levels {:?}",
        t.elapsed().as_secs_f64() - a,
        c.distinct,
        c.levels
    );
    println!(
        "{} solutions ({solve:.3} s), {apart} come apart; {positions} positions in {secs:.3} s: {:.3} ms per solution, {:.0} positions/s",
        all.len(),
        1e3 * secs / all.len().max(1) as f64,
        positions as f64 / secs
    );
}
