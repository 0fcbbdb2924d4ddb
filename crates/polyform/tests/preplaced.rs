//! Pieces placed in advance: taken out of the pieces left to place.

use std::path::Path;

#[test]
fn pre_placed_copies_are_taken_out_of_the_count() {
    // Two identical dominoes, one drawn: one way left for the other.
    let text = "lattice = \"square\"\n[board]\nart = \"\"\"\nDD\n##\n\"\"\"\n[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = 2\n";
    let q = polyform::file::parse_puzzle(Path::new("t.toml"), text).unwrap();
    assert_eq!(q.pieces[0].count, polyform::Count::exactly(1));
    let enc = polyform::encode(&q).unwrap();
    assert_eq!(dlx::Solver::new(&enc.matrix).count(), 1);
    // Both drawn: nothing left to place, the filled board is the solution.
    let text = text.replace("DD\n##", "DD\nDD");
    let e = polyform::file::parse_puzzle(Path::new("t.toml"), &text).unwrap_err();
    assert!(e.message().contains("more than one way"), "{e}");
}

#[test]
fn too_many_copies_drawn() {
    let text = "lattice = \"square\"\n[board]\nart = \"\"\"\nDD.DD\n#####\n\"\"\"\n[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\n";
    let e = polyform::file::parse_puzzle(Path::new("t.toml"), text).unwrap_err();
    assert!(e.message().contains("2 copies"), "{e}");
    assert_eq!(e.line, Some(4));
}
