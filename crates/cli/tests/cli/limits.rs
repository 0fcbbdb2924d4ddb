//! Hostile input from the command line (the hardening issue's
//! reproductions): each is refused with exit 2 and a message naming the
//! file and the limit, or runs honestly, within a bounded time. The memory
//! bounds of the puzzle-file cases are measured in polyform's own tests
//! (`tests/limits.rs`, peak resident memory of a child process).

use super::common::{json, run, stderr, temp};

fn refused(name: &str, text: &str, cmd: &str, words: &[&str]) {
    let f = temp(name);
    std::fs::write(&f, text).unwrap();
    let p = f.display().to_string();
    let o = run(&[cmd, &p]);
    assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains(&p), "{name}: file not named in {e}");
    for w in words {
        assert!(e.contains(w), "{name}: `{w}` missing from {e}");
    }
}

#[test]
fn sizes_that_wrap_and_extreme_coordinates_are_refused() {
    refused(
        "wrap.toml",
        "lattice = \"cubic\"\n[board]\nsize = [4611686018427387904, 4611686018427387904, 16]\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncells = [[0, 0, 0]]\n",
        "count",
        &["limit"],
    );
    refused(
        "min.toml",
        "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncount = 2\ncells = [[-9223372036854775808, 0]]\n",
        "count",
        &["limit"],
    );
}

#[test]
fn an_unlimited_big_piece_on_a_big_board_is_refused_before_placing() {
    let mut text = String::from(
        "lattice = \"square\"\n[board]\nsize = [1000, 1000]\n[[piece]]\nname = \"big\"\nsymbol = \"B\"\ncount = \"0..\"\ncells = [\n",
    );
    for y in 0..100 {
        for x in 0..100 {
            text += &format!("[{x}, {y}],");
        }
        text.push('\n');
    }
    text += "]\n";
    refused("bigpiece.toml", &text, "count", &["limit"]);
}

#[test]
fn pictures_too_large_to_draw_are_refused() {
    // Three cells far apart: counting works, drawing is refused.
    let text = "lattice = \"square\"\n[board]\ncells = [[-100000, 0], [100000, 0], [0, 100000]]\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncount = 3\ncells = [[0, 0]]\n";
    let f = temp("far.toml");
    std::fs::write(&f, text).unwrap();
    let p = f.display().to_string();
    let o = run(&["count", &p, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["solutions"], 1);
    for args in [
        &["show", &p][..],
        &["solve", &p][..],
        &["show", &p, "--format", "svg"][..],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("limit"), "{args:?}: {}", stderr(&o));
    }
}

/// 4000 items, each with one option: 4001 nodes, found by following the
/// forced chain once (it took 35-59 s when the split re-walked it). The
/// work is counted in nodes, not seconds: `split_nodes` are the nodes the
/// splitting walked, about 8 million if it re-walked the chain per level.
#[test]
fn a_forced_chain_is_split_in_linear_time() {
    let mut text = String::new();
    for i in 0..4000 {
        text += &format!("i{i} ");
    }
    text.push('\n');
    for i in 0..4000 {
        text += &format!("i{i}\n");
    }
    let f = temp("chain.dlx");
    std::fs::write(&f, text).unwrap();
    let p = f.display().to_string();
    for j in ["1", "2", "8"] {
        let o = run(&["dlx", &p, "-j", j, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["solutions"], 1);
        assert_eq!(v["nodes"], 4001, "-j {j}");
        let walked = v["split_nodes"].as_u64().unwrap();
        assert!(walked <= 2 * 4001, "-j {j}: split_nodes {walked}");
    }
}

#[test]
fn absurd_thread_counts_are_refused() {
    let o = run(&["count", "data/soma/cube.toml", "-j", "100000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("-j 100000"), "{}", stderr(&o));
}

/// DLX1's figures on Knuth's 6x10 instance with the X in one quadrant:
/// 909,153 nodes and 310,816,489 updates, whatever the thread count.
#[test]
fn node_counts_are_dlx1s_for_every_thread_count() {
    for j in ["1", "2", "3"] {
        let o = run(&[
            "dlx",
            "benches/instances/pent6x10x.dlx",
            "-j",
            j,
            "--knuth",
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["solutions"], 2339);
        assert_eq!(v["nodes"], 909_153, "-j {j}");
        assert_eq!(v["updates"], 310_816_489u64, "-j {j}");
    }
}

#[test]
fn damaged_checkpoints_are_refused() {
    let ck = temp("damaged.ck");
    let p = ck.display().to_string();
    let o = run(&[
        "count",
        "data/pentominoes/3x20.toml",
        "--checkpoint",
        &p,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A high bit flipped somewhere in the middle: not UTF-8 any more.
    let mut bytes = std::fs::read(&ck).unwrap();
    let k = bytes.len() / 2;
    bytes[k] ^= 0x80;
    std::fs::write(&ck, bytes).unwrap();
    let o = run(&["count", "data/pentominoes/3x20.toml", "--resume", &p]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("damaged"), "{}", stderr(&o));
}
