//! Bad input on the hex, triangle and FCC lattices: a clear message naming
//! the file and line, never a panic.

use std::path::Path;

fn error(name: &str, text: &str) -> polyform::Error {
    polyform::file::parse_puzzle(Path::new(name), text).unwrap_err()
}

#[test]
fn hex_art_with_a_cell_between_two_cells() {
    let e = error(
        "bad-stagger.toml",
        "lattice = \"hex\"\n[board]\nart = \"\"\"\n#.#.#\n.#.#.\n#.##.\n\"\"\"\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\nart = \"#.#\"\ncount = \"unlimited\"\n",
    );
    assert_eq!(e.file, Path::new("bad-stagger.toml"));
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.message().contains("staggered"), "{e}");
    assert!(e.message().contains("column 4"), "{e}");
}

#[test]
fn a_square_piece_on_a_hex_board() {
    let e = error(
        "square-on-hex.toml",
        "lattice = \"hex\"\n[board]\nparallelogram = [2, 2]\n[[piece]]\nname = \"sq\"\nsymbol = \"s\"\ncells = [[0, 0]]\n[[piece]]\nname = \"cube\"\nsymbol = \"c\"\ncells = [[0, 0, 0], [0, 0, 2]]\n",
    );
    // Two-number cells on a hex puzzle are hex cells; the 3D piece is not.
    assert_eq!(e.line, Some(8), "{e}");
    assert!(
        e.message().contains("cannot be placed on a hex (2D) board"),
        "{e}"
    );
}

#[test]
fn a_hex_piece_on_a_square_board_names_the_set_file_and_line() {
    let dir = std::env::temp_dir().join(format!("polycover-lattice-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        "set = \"s\"\nlattice = \"hex\"\n\n[[piece]]\nname = \"h\"\nsymbol = \"h\"\nart = \"#.#\"\n",
    )
    .unwrap();
    let puzzle = dir.join("p.toml");
    std::fs::write(
        &puzzle,
        "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[use]]\nset = \"set.toml\"\n",
    )
    .unwrap();
    let e = polyform::load(&puzzle).unwrap_err();
    assert_eq!(e.file, dir.join("set.toml"), "{e}");
    assert_eq!(e.line, Some(4), "{e}");
    assert!(
        e.message()
            .contains("hex lattice cannot be placed on a square board"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pyramid_on_a_flat_lattice_and_a_bad_side() {
    let e = error(
        "pyramid.toml",
        "lattice = \"square\"\n[board]\npyramid = 5\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\nart = \"#\"\ncount = \"unlimited\"\n",
    );
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.message().contains("fcc-square and fcc-triangle"), "{e}");
    let e = error(
        "side.toml",
        "lattice = \"fcc-triangle\"\n[board]\ntetrahedron = 0\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\nart = \"#\"\ncount = \"unlimited\"\n",
    );
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.message().contains("out of range"), "{e}");
}

#[test]
fn cubes_and_triangles_are_not_spheres() {
    let e = error(
        "cubes.toml",
        "lattice = \"fcc-square\"\n[board]\npyramid = 2\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\nart = \"#\"\ncount = \"unlimited\"\n[[use]]\nset = \"nothing.toml\"\n",
    );
    // The missing set is reported first, on its line.
    assert_eq!(e.line, Some(10), "{e}");
    let e = error(
        "tri.toml",
        "lattice = \"triangle\"\n[board]\ntriangle = 2\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncells = [[0, 0, 0], [1, 1, 0]]\n",
    );
    assert_eq!(e.line, Some(7), "{e}");
    assert!(
        e.message()
            .contains("3D drawing does not belong to the triangle lattice"),
        "{e}"
    );
}
