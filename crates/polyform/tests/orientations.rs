//! Orientation and placement counts against published figures.

use polyform::file::parse_puzzle;
use std::collections::BTreeMap;
use std::path::Path;

fn data(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn orientations(rel: &str) -> BTreeMap<String, usize> {
    let p = polyform::load(&data(rel)).unwrap_or_else(|e| panic!("{e}"));
    p.pieces
        .iter()
        .map(|p| (p.name.clone(), p.orientations.len()))
        .collect()
}

fn placements(rel: &str) -> BTreeMap<String, usize> {
    let p = polyform::load(&data(rel)).unwrap_or_else(|e| panic!("{e}"));
    let enc = polyform::encode(&p).unwrap();
    p.pieces
        .iter()
        .zip(&enc.pieces)
        .map(|(p, s)| (p.name.clone(), s.placements))
        .collect()
}

fn map(pairs: &[(&str, usize)]) -> BTreeMap<String, usize> {
    pairs.iter().map(|&(k, v)| (k.to_string(), v)).collect()
}

#[test]
fn pentominoes_have_63_orientations_in_2d() {
    let o = orientations("pentominoes/6x10.toml");
    let want = map(&[
        ("F", 8),
        ("I", 2),
        ("L", 8),
        ("N", 8),
        ("P", 8),
        ("T", 4),
        ("U", 4),
        ("V", 4),
        ("W", 4),
        ("X", 1),
        ("Y", 8),
        ("Z", 4),
    ]);
    assert_eq!(o, want);
    assert_eq!(o.values().sum::<usize>(), 63);
}

#[test]
fn one_sided_pentominoes_have_18_shapes_worth_of_orientations() {
    // One-sided: the 18 one-sided pentominoes in 4 rotations each, less
    // symmetric ones: F 4, I 2, L 4, N 4, P 4, T 4, U 4, V 4, W 4, X 1, Y 4,
    // Z 2 = 41.
    let text = format!(
        "lattice = \"square\"\none_sided = true\n[board]\nsize = [10, 6]\n[[use]]\nset = \"{}\"\n",
        data("sets/pentominoes.toml").display()
    );
    let p = parse_puzzle(Path::new("one-sided.toml"), &text).unwrap();
    let total: usize = p.pieces.iter().map(|p| p.orientations.len()).sum();
    assert_eq!(total, 41);
}

#[test]
fn solid_pentominoes_rotate_and_turn_over_in_3d() {
    // Flat pieces in 3D: 8 (or fewer) plane orientations x 3 planes.
    let o = orientations("solid-pentominoes/3x4x5.toml");
    let want = map(&[
        ("F", 24),
        ("I", 3),
        ("L", 24),
        ("N", 24),
        ("P", 24),
        ("T", 12),
        ("U", 12),
        ("V", 12),
        ("W", 12),
        ("X", 3),
        ("Y", 24),
        ("Z", 12),
    ]);
    assert_eq!(o, want);
}

#[test]
fn bedlam_orientation_signature() {
    // counts.md: 7 pieces with 24 orientations, 5 with 12, 1 with 3.
    let o = orientations("bedlam/cube.toml");
    let mut sig: BTreeMap<usize, usize> = BTreeMap::new();
    for v in o.values() {
        *sig.entry(*v).or_default() += 1;
    }
    assert_eq!(sig, BTreeMap::from([(3, 1), (12, 5), (24, 7)]));
}

#[test]
fn tetris_cube_orientation_signature() {
    // Kurowski's "Tetris Cube Solved": 10 pieces with 24 orientations, 2
    // with 12.
    let o = orientations("tetris-cube/cube.toml");
    let mut sig: BTreeMap<usize, usize> = BTreeMap::new();
    for v in o.values() {
        *sig.entry(*v).or_default() += 1;
    }
    assert_eq!(sig, BTreeMap::from([(12, 2), (24, 10)]));
}

#[test]
fn soma_screws_are_mirror_images_with_12_rotations_each() {
    let o = orientations("soma/cube.toml");
    assert_eq!(
        o,
        map(&[
            ("V", 12),
            ("L", 24),
            ("T", 12),
            ("Z", 12),
            ("A", 12),
            ("B", 12),
            ("P", 8)
        ])
    );
}

// Placement counts: the per-piece option counts of the exact-cover
// instances in benches/instances (made by an independent generator and
// verified with Knuth's DLX1).

#[test]
fn pentomino_6x10_placements() {
    let want = map(&[
        ("F", 256),
        ("I", 56),
        ("L", 248),
        ("N", 248),
        ("P", 304),
        ("T", 128),
        ("U", 152),
        ("V", 128),
        ("W", 128),
        ("X", 32),
        ("Y", 248),
        ("Z", 128),
    ]);
    assert_eq!(placements("pentominoes/6x10.toml"), want);
}

#[test]
fn pentomino_8x8_minus_centre_placements() {
    let want = map(&[
        ("F", 192),
        ("I", 48),
        ("L", 184),
        ("N", 184),
        ("P", 248),
        ("T", 96),
        ("U", 120),
        ("V", 96),
        ("W", 96),
        ("X", 24),
        ("Y", 184),
        ("Z", 96),
    ]);
    assert_eq!(placements("pentominoes/8x8-minus-centre.toml"), want);
}

#[test]
fn solid_pentomino_box_placements() {
    let want = map(&[
        ("F", 320),
        ("I", 12),
        ("L", 224),
        ("N", 224),
        ("P", 504),
        ("T", 160),
        ("U", 252),
        ("V", 160),
        ("W", 160),
        ("X", 40),
        ("Y", 224),
        ("Z", 160),
    ]);
    assert_eq!(placements("solid-pentominoes/3x4x5.toml"), want);
    let want = map(&[
        ("F", 192),
        ("I", 32),
        ("L", 284),
        ("N", 284),
        ("P", 400),
        ("T", 96),
        ("U", 200),
        ("V", 96),
        ("W", 96),
        ("X", 24),
        ("Y", 284),
        ("Z", 96),
    ]);
    assert_eq!(placements("solid-pentominoes/2x5x6.toml"), want);
}

#[test]
fn soma_placements() {
    // The instance's branch is our P (64), its screws our A and B (96).
    let want = map(&[
        ("V", 144),
        ("L", 144),
        ("T", 72),
        ("Z", 72),
        ("A", 96),
        ("B", 96),
        ("P", 64),
    ]);
    assert_eq!(placements("soma/cube.toml"), want);
}

#[test]
fn matrix_sizes_and_item_order() {
    let p = polyform::load(&data("pentominoes/6x10.toml")).unwrap();
    let enc = polyform::encode(&p).unwrap();
    let m = &enc.matrix;
    assert_eq!((m.num_primary(), m.num_secondary()), (72, 0));
    assert_eq!(m.num_options(), 2056);
    assert_eq!(m.num_entries(), 2056 * 6);
    let names: Vec<&str> = m.items().take(13).map(|i| m.item_name(i)).collect();
    assert_eq!(names.join(" "), "F I L N P T U V W X Y Z 0,0");
    // Options piece by piece: every option's first item is its piece.
    let mut last = 0;
    for o in m.options() {
        let piece = m.option(o)[0].item.index();
        assert!(piece >= last && piece < 12);
        last = piece;
    }
}

/// Orientations of one unlimited piece drawn as `art` (its extra keys in
/// `keys`) on `lattice` with the given top-level keys.
fn piece_orientations(top: &str, board: &str, piece: &str) -> (usize, bool) {
    let text = format!(
        "{top}\n[board]\n{board}\n[[piece]]\nname = \"p\"\nsymbol = \"p\"\ncount = \"unlimited\"\n{piece}\n"
    );
    let p = polyform::file::parse_puzzle(Path::new("mirror.toml"), &text)
        .unwrap_or_else(|e| panic!("{e}"));
    (p.pieces[0].orientations.len(), p.pieces[0].may_turn_over())
}

#[test]
fn a_piece_mirror_key_overrides_the_puzzle() {
    // The L pentomino: 8 orientations when it may be turned over, 4 when
    // it only rotates.
    let l = "cells = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]]";
    let two = "lattice = \"square\"";
    let one = "lattice = \"square\"\none_sided = true";
    let board = "size = [5, 5]";
    assert_eq!(piece_orientations(two, board, l), (8, true));
    assert_eq!(
        piece_orientations(two, board, &format!("{l}\nmirror = false")),
        (4, false)
    );
    assert_eq!(piece_orientations(one, board, l), (4, false));
    assert_eq!(
        piece_orientations(one, board, &format!("{l}\nmirror = true")),
        (8, true)
    );
    // A symmetric piece gains nothing: the T tetromino has 4 either way.
    let t = "cells = [[0, 0], [1, 0], [2, 0], [1, 1]]";
    assert_eq!(
        piece_orientations(one, board, &format!("{t}\nmirror = true")),
        (4, true)
    );

    // 3D: a Soma screw only rotates (12 orientations, as Soma solvers
    // list); with `mirror = true` it may also be its mirror image, the
    // other screw (24).
    let cubic = "lattice = \"cubic\"";
    let boxed = "size = [3, 3, 3]";
    let screw = "cells = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]]";
    assert_eq!(piece_orientations(cubic, boxed, screw), (12, false));
    assert_eq!(
        piece_orientations(cubic, boxed, &format!("{screw}\nmirror = true")),
        (24, true)
    );
    // A flat L tetracube turns over by rotating: 24 orientations whether
    // or not it may take its mirror image.
    let flat = "cells = [[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 2, 0]]";
    assert_eq!(piece_orientations(cubic, boxed, flat), (24, true));
    assert_eq!(
        piece_orientations(cubic, boxed, &format!("{flat}\nmirror = false")),
        (24, false)
    );
}
