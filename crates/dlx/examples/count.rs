//! Counts the solutions of a DLX file: `cargo run --release --example count FILE`.
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("usage: count FILE");
    // Through the bounded reader, like every file the program reads.
    let limit = dlx::read::FileLimit {
        what: "a DLX file",
        bytes: 1 << 30,
        flag: None,
    };
    let text = dlx::read::read_text_bounded(path.as_ref(), limit).unwrap_or_else(|e| panic!("{e}"));
    let m = dlx::format::parse(&text).unwrap_or_else(|e| panic!("{path}:{e}"));
    let mut s = dlx::Solver::new(&m);
    let t = Instant::now();
    let n = s.count();
    let secs = t.elapsed().as_secs_f64();
    let st = s.stats();
    println!(
        "{n} solutions, {} nodes, {} updates, {secs:.3}s, {:.1} M updates/s",
        st.nodes,
        st.updates,
        st.updates as f64 / secs / 1e6
    );
    s.sanity().unwrap();
}
