//! The committed benchmark instances are what the generator makes, and the
//! solver reproduces their published counts and Knuth's DLX1 figures.

use dlx::{EngineKind, Solver};

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
///
/// With early dead ends (the default) the links keep DLX1's tree and nodes
/// and make fewer updates; without, the updates are DLX1's too. The bitset
/// engine reports DLX1's figures either way.
#[test]
fn nodes_and_updates_equal_dlx1() {
    for (name, solutions, nodes, updates) in [
        ("pent6x10x", 2339, 909_153, 310_816_489),
        ("soma", 11520, 254_700, 29_605_457),
    ] {
        let m = dlx::format::parse(&committed(name)).unwrap();
        let mut s = Solver::with_engine(&m, EngineKind::Links);
        s.set_early_dead_ends(false);
        assert_eq!(s.count(), solutions, "{name}");
        assert_eq!(s.stats().nodes, nodes, "{name}");
        assert_eq!(s.stats().updates, updates, "{name}");
        // The bitset engine reports the updates of Knuth's moves, with or
        // without early dead ends.
        for early in [false, true] {
            let mut s = Solver::with_engine(&m, EngineKind::Bits);
            assert_eq!(s.engine(), EngineKind::Bits);
            s.set_early_dead_ends(early);
            assert_eq!(s.count(), solutions, "{name}");
            assert_eq!(s.stats().nodes, nodes, "{name}");
            assert_eq!(s.stats().updates, updates, "{name}");
        }
        let mut s = Solver::with_engine(&m, EngineKind::Links);
        assert_eq!(s.count(), solutions, "{name}");
        assert_eq!(s.stats().nodes, nodes, "{name}");
        assert!(s.stats().updates < updates, "{name}: {:?}", s.stats());
        s.sanity().unwrap();
    }
}
