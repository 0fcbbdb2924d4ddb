//! `polycover matrix F | polycover dlx` counts what `polycover count F`
//! counts: the matrix written in Knuth's format, read back and solved.

use std::path::Path;

fn roundtrip(rel: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel);
    let p = polyform::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let enc = polyform::encode(&p).unwrap();
    let text = dlx::format::write_with_comment(&enc.matrix, Some(&p.name));
    let back = dlx::format::parse(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
    assert_eq!(back.num_options(), enc.matrix.num_options());
    assert_eq!(back.num_items(), enc.matrix.num_items());
    let direct = dlx::Solver::new(&enc.matrix).count();
    let via_text = dlx::Solver::new(&back).count();
    assert_eq!(direct, via_text, "{rel}");
    assert_eq!(
        Some(direct.into()),
        p.expect.and_then(|e| e.solutions),
        "{rel}"
    );
}

#[test]
fn soma() {
    roundtrip("soma/cube.toml");
}

#[test]
fn identical_copies_keep_their_bounds() {
    roundtrip("copies/two-dominoes-2x2.toml");
    roundtrip("copies/l-trominoes-6x6.toml");
}

#[test]
fn katamino_and_easy_cube() {
    roundtrip("katamino/the-slam-b-8.toml");
    roundtrip("easy-cube/q35.toml");
    roundtrip("easy-cube/cube.toml");
}

#[test]
fn optional_cells_and_unlimited_pieces() {
    // A 2x3 board whose corner may stay empty, filled by any number of
    // dominoes: written with a secondary item, read back the same.
    let text = "lattice = \"square\"\n[board]\nart = \"\"\"\n##+\n###\n\"\"\"\n[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = \"unlimited\"\n";
    let p = polyform::file::parse_puzzle(Path::new("t.toml"), text).unwrap();
    let enc = polyform::encode(&p).unwrap();
    assert_eq!(enc.matrix.num_secondary(), 1);
    let written = dlx::format::write(&enc.matrix);
    assert!(
        written.lines().next().unwrap().contains("| 2,0"),
        "{written}"
    );
    let back = dlx::format::parse(&written).unwrap();
    let a = dlx::Solver::new(&enc.matrix).count();
    let b = dlx::Solver::new(&back).count();
    assert_eq!(a, b);
    // By hand: 5 cells to fill + the optional corner. Corner empty: the L of
    // 5 cells cannot be tiled by dominoes (odd); corner covered: the 2x3
    // rectangle has 3 domino tilings.
    assert_eq!(a, 3);
}

#[test]
fn sticks_keep_their_joints() {
    // The joints are secondary items `x,y/k` in Knuth's format: the count
    // read back is the published one on each grid.
    roundtrip("sticks/tetrasticks-5x5-without-H.toml");
    roundtrip("trigs/tritrigs-hexagon-1.toml");
    roundtrip("twigs/pentatwigs-x-1.toml");
}
