//! Search figures are the tree's, whatever the thread count; forced chains
//! cost linear work.

mod common;

use common::*;
use parallel::{NoProgress, Options};
use std::time::{Duration, Instant};

#[test]
fn a_forced_chain_is_split_in_linear_time() {
    let m = chain(4000);
    let one = {
        let mut s = dlx::Solver::new(&m);
        let n = s.count();
        (n, s.stats().nodes)
    };
    assert_eq!(one, (1, 4001));
    for t in [1, 2, 8] {
        let clock = Instant::now();
        let r = parallel::count(&m, &Options::with_threads(t), &mut NoProgress).unwrap();
        let took = clock.elapsed();
        assert_eq!(r.solutions, 1, "{t} threads");
        assert_eq!(r.nodes, 4001, "{t} threads");
        assert!(took < Duration::from_secs(3), "{t} threads: {took:?}");
    }
}
