//! The committed benchmark instances are what the generator makes, and the
//! solver reproduces their published counts and Knuth's DLX1 figures.

use dlx::Solver;

fn committed(name: &str) -> String {
    let path = format!("{}/instances/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn committed_instances_are_generated() {
    for inst in polycover_benches::catalog() {
        assert_eq!(
            committed(inst.name),
            polycover_benches::file_text(&inst),
            "benches/instances/{}.dlx is stale: run `cargo run -p polycover-benches --bin gen-instances`",
            inst.name
        );
    }
}

/// Counts of the quick instances (the long ones are checked by the bench).
#[test]
fn quick_instances_have_their_published_counts() {
    for inst in polycover_benches::catalog() {
        if !["pent3x20", "soma", "queens13", "langford12"].contains(&inst.name) {
            continue;
        }
        let m = dlx::format::parse(&inst.text).unwrap();
        let mut s = Solver::new(&m);
        assert_eq!(s.count(), inst.solutions, "{}", inst.name);
        s.sanity().unwrap();
    }
}

/// DLX1's own printout on the X-restricted 6x10 instance: 2339 solutions,
/// 909,153 nodes, 310,816,489 updates. Same item order, same rule for
/// choosing an item, so the same search tree and the same figures. Soma:
/// 254,700 nodes and 29,605,457 updates (DLX1's 254.7 k, 29.6 M).
#[test]
fn nodes_and_updates_equal_dlx1() {
    let m = dlx::format::parse(&committed("pent6x10x")).unwrap();
    let mut s = Solver::new(&m);
    assert_eq!(s.count(), 2339);
    assert_eq!(s.stats().nodes, 909_153);
    assert_eq!(s.stats().updates, 310_816_489);
    let m = dlx::format::parse(&committed("soma")).unwrap();
    let mut s = Solver::new(&m);
    assert_eq!(s.count(), 11520);
    assert_eq!(s.stats().nodes, 254_700);
    assert_eq!(s.stats().updates, 29_605_457);
}
