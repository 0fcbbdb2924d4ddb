//! The model against facts from outside this code: structural counts of
//! cubing.js PuzzleGeometry's regression table (faces, stickers per face,
//! pieces), known orders of move sequences on the 3x3x3, and the
//! direction of the standard face turns.

use polycover_twisty::catalog;
use polycover_twisty::puzzle::Puzzle;
use polycover_twisty::state::{self, State};

fn build(name: &str) -> Puzzle {
    polycover_twisty::named(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// (faces, stickers per face, pieces) as cubing.js's `pgPuzzles.test.ts`
/// lists them (its piece counts include face centres).
#[test]
fn structure_matches_puzzle_geometry() {
    for (name, faces, per_face, pieces) in [
        ("2x2x2", 6, 4, 8),
        ("3x3x3", 6, 9, 26),
        ("4x4x4", 6, 16, 56),
        ("5x5x5", 6, 25, 98),
        ("megaminx", 12, 11, 62),
        ("gigaminx", 12, 31, 242),
        ("fto", 8, 9, 42),
        ("pyraminx", 4, 9, 14),
        ("skewb", 6, 5, 14),
        ("dino", 6, 4, 12),
        ("skewb-diamond", 8, 4, 14),
    ] {
        let p = build(name);
        assert_eq!(p.geometry.faces.len(), faces, "{name}");
        assert_eq!(p.stickers.len(), faces * per_face, "{name}");
        assert_eq!(p.pieces.len(), pieces, "{name}");
    }
}

/// Stickers per face of the seed's families (its README's sizes): n² on
/// cubes, tetrahedra, octahedra and icosahedra, 5(s² + s) + 1 on the
/// dodecahedron of edge size 2s.
#[test]
fn the_seed_families_have_the_seed_sticker_counts() {
    for name in catalog::SEED_PUZZLES {
        let p = build(name);
        let (family, n) = name.rsplit_once('-').unwrap();
        let n: usize = n.parse().unwrap();
        let per_face = if family == "dodecahedron" {
            let s = n / 2;
            5 * (s * s + s) + 1
        } else {
            n * n
        };
        assert_eq!(
            p.stickers.len(),
            p.geometry.faces.len() * per_face,
            "{name}"
        );
    }
}

#[test]
fn every_move_is_a_permutation_of_its_axis_order() {
    for name in [
        "3x3x3",
        "megaminx",
        "pyraminx",
        "skewb",
        "dino",
        "fto",
        "helicopter",
        "icosahedron-2",
    ] {
        let p = build(name);
        for m in &p.moves {
            let k = m.order as i64;
            assert!(m.perm.pow(k).is_identity(), "{name} {}", m.name);
            assert!(!m.perm.pow(1).is_identity());
            // Stickers stay on pieces: a move maps every piece onto a piece.
            for piece in &p.pieces {
                let target = p.stickers[m.perm.image(piece.stickers[0])].piece;
                for &s in &piece.stickers {
                    assert_eq!(
                        p.stickers[m.perm.image(s)].piece,
                        target,
                        "{name} {}",
                        m.name
                    );
                }
            }
        }
    }
}

fn order_of(p: &Puzzle, seq: &str) -> usize {
    let turns = p.parse_turns(seq).unwrap();
    let mut s = State::solved(p);
    for k in 1..=2000 {
        s.apply(p, &turns);
        if s.is_solved() {
            return k;
        }
    }
    panic!("{seq}: order above 2000");
}

/// Orders every cuber knows: R U 105, R U R' U' 6, Sune 6, R U2 30 and
/// R2 U2 6.
#[test]
fn known_orders_on_the_3x3x3() {
    let p = build("3x3x3");
    assert_eq!(order_of(&p, "R U"), 105);
    assert_eq!(order_of(&p, "R U R' U'"), 6);
    assert_eq!(order_of(&p, "R U R' U R U2 R'"), 6);
    assert_eq!(order_of(&p, "R U2"), 30);
    assert_eq!(order_of(&p, "R2 U2"), 6);
    assert_eq!(order_of(&p, "F B' L R'"), order_of(&p, "R L' F B'"));
}

/// U turns the top layer clockwise seen from above: the right face's top
/// row comes to the front; R brings the front's right column up.
#[test]
fn face_turns_go_clockwise() {
    let p = build("3x3x3");
    let face = |n: &str| p.geometry.faces.iter().position(|f| f.name == n).unwrap() as u16;
    let on = |n: &str| -> Vec<usize> {
        let f = face(n) as usize;
        (0..p.degree())
            .filter(|&i| p.stickers[i].face == f)
            .collect()
    };
    let mut s = State::solved(&p);
    s.apply(&p, &p.parse_turns("U").unwrap());
    let c = s.colours(&p);
    let front = on("F");
    assert_eq!(
        &front[..3].iter().map(|&i| c[i]).collect::<Vec<_>>(),
        &[face("R"); 3]
    );
    let mut s = State::solved(&p);
    s.apply(&p, &p.parse_turns("R").unwrap());
    let c = s.colours(&p);
    let up = on("U");
    // The right column of U (positions 2, 5, 8 in reading order) is now F's colour.
    assert_eq!([c[up[2]], c[up[5]], c[up[8]]], [face("F"); 3]);
}

#[test]
fn notation_reads_powers_inverses_and_layers() {
    let p = build("4x4x4");
    let t = p.parse_turns("U U2 U' 2U 2D' D 1-1U").unwrap();
    assert_eq!(p.format_turns(&t), "U U2 U' 2U 2D' D U");
    // 2U and 3D are the same slice turned opposite ways.
    let a = p.parse_turns("2U").unwrap();
    let b = p.parse_turns("3D'").unwrap();
    assert_eq!(a, b);
    let mut s = State::solved(&p);
    let seq = p.parse_turns("R U 2F' L2 3B D'").unwrap();
    s.apply(&p, &seq);
    assert!(!s.is_solved());
    s.apply(&p, &p.invert_turns(&seq));
    assert!(s.is_solved());
    for bad in ["X", "5U", "U0", "1-2U", "UFR"] {
        assert!(p.parse_turns(bad).is_err(), "{bad}");
    }
    let m = build("megaminx");
    let t = m.parse_turns("U U2 U3 U4 U5").unwrap();
    assert_eq!(m.format_turns(&t), "U U2 U2' U'");
    let py = build("pyraminx");
    assert_eq!(
        py.format_turns(&py.parse_turns("u U' r2").unwrap()),
        "u U' r'"
    );
}

#[test]
fn states_read_back_what_is_written() {
    for name in ["3x3x3", "megaminx", "pyraminx"] {
        let p = build(name);
        let mut s = State::solved(&p);
        let turns: Vec<_> = p.all_turns().into_iter().step_by(3).collect();
        s.apply(&p, &turns);
        let c = s.colours(&p);
        let text = state::write_text(&p, &c);
        let declared = |t: &str| state::declared_puzzle(t).unwrap().map(|d| d.name);
        assert_eq!(declared(&text).as_deref(), Some(name));
        assert_eq!(state::read(&p, &text).unwrap(), c);
        let json = state::write_json(&p, &c).to_string();
        assert_eq!(declared(&json).as_deref(), Some(name));
        assert_eq!(state::read(&p, &json).unwrap(), c);
    }
    let p = build("2x2x2");
    for (bad, why) in [
        ("U: U U U\n", "has 4 stickers"),
        ("U: U U U X\n", "not a colour"),
        ("Q: U U U U\n", "not a face"),
        ("U U U U\n", "expected"),
        ("U: U U U U\nU: U U U U\n", "twice"),
        ("U: U U U U\n", "missing"),
        (
            "U: D U U U\nD: D D D D\nF: F F F F\nB: B B B B\nR: R R R R\nL: L L L L\n",
            "appears 3 times",
        ),
    ] {
        let e = state::read(&p, bad).unwrap_err();
        assert!(e.to_string().contains(why), "{bad:?}: {e}");
        assert!(
            matches!(e, polycover_twisty::Error::State { .. }),
            "{bad:?}: {e:?}"
        );
    }
}
