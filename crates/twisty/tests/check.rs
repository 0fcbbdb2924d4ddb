//! Membership: states from move sequences are reachable; a twisted
//! corner, a flipped edge and two swapped edges on a 3x3x3 are not, each
//! for its reason. God's algorithm against published distance tables.

use polycover_twisty::check::{Verdict, check};
use polycover_twisty::count::{Group, random_state};
use polycover_twisty::distances::{self, Metric};
use polycover_twisty::rng::Rng;
use polycover_twisty::{Puzzle, State, named};

/// The stickers of the piece whose stickers lie on exactly these faces.
fn piece_on(p: &Puzzle, faces: &[&str]) -> Vec<usize> {
    let idx: Vec<usize> = faces
        .iter()
        .map(|f| p.geometry.faces.iter().position(|x| x.name == *f).unwrap())
        .collect();
    let piece = p
        .pieces
        .iter()
        .find(|pc| {
            let mut fs: Vec<usize> = pc.stickers.iter().map(|&s| p.stickers[s].face).collect();
            fs.sort();
            let mut want = idx.clone();
            want.sort();
            fs == want
        })
        .unwrap();
    // In the order of `faces`.
    idx.iter()
        .map(|&f| {
            *piece
                .stickers
                .iter()
                .find(|&&s| p.stickers[s].face == f)
                .unwrap()
        })
        .collect()
}

fn unreachable(p: &Puzzle, g: &Group, colours: &[u16]) -> String {
    match check(p, g, colours).unwrap() {
        Verdict::Unreachable { reason } => reason,
        Verdict::Reachable { .. } => panic!("reachable"),
    }
}

#[test]
fn a_3x3x3_refuses_a_twisted_corner_a_flipped_edge_and_two_swapped_edges() {
    let p = named("3x3x3").unwrap();
    let g = Group::new(&p);
    let solved = p.colours();
    // One corner twisted.
    let c = piece_on(&p, &["U", "F", "R"]);
    let mut s = solved.clone();
    s[c[0]] = solved[c[1]];
    s[c[1]] = solved[c[2]];
    s[c[2]] = solved[c[0]];
    let why = unreachable(&p, &g, &s);
    assert!(why.contains("twists") && why.contains("(mod 3)"), "{why}");
    // One edge flipped.
    let e = piece_on(&p, &["U", "F"]);
    let mut s = solved.clone();
    s.swap(e[0], e[1]);
    let why = unreachable(&p, &g, &s);
    assert!(why.contains("twists") && why.contains("(mod 2)"), "{why}");
    // Two edges swapped.
    let f = piece_on(&p, &["U", "R"]);
    let mut s = solved.clone();
    s[e[0]] = solved[f[0]];
    s[e[1]] = solved[f[1]];
    s[f[0]] = solved[e[0]];
    s[f[1]] = solved[e[1]];
    let why = unreachable(&p, &g, &s);
    assert!(why.contains("same parity"), "{why}");
    // A corner showing colours no piece has.
    let mut s = solved.clone();
    let d = piece_on(&p, &["D", "B", "L"]);
    s.swap(c[0], d[2]);
    let why = unreachable(&p, &g, &s);
    assert!(why.contains("no piece has these colours"), "{why}");
    // Two centres swapped (as when the cube is turned in space): each centre exists, but moves
    // never take it to the other's place.
    let (u, f) = (piece_on(&p, &["U"]), piece_on(&p, &["F"]));
    let mut s = solved.clone();
    s.swap(u[0], f[0]);
    let why = unreachable(&p, &g, &s);
    assert!(why.contains("never moves there"), "{why}");
}

#[test]
fn states_from_moves_and_random_states_are_reachable() {
    let mut rng = Rng::new(2024);
    for name in [
        "3x3x3",
        "4x4x4",
        "megaminx",
        "pyraminx",
        "fto",
        "skewb",
        "helicopter",
    ] {
        let p = named(name).unwrap();
        let g = Group::new(&p);
        let turns = p.all_turns();
        for _ in 0..5 {
            let seq: Vec<_> = (0..40).map(|_| turns[rng.below(turns.len())]).collect();
            let mut s = State::solved(&p);
            s.apply(&p, &seq);
            assert!(g.contains(&s.perm()), "{name}");
            match check(&p, &g, &s.colours(&p)).unwrap() {
                Verdict::Reachable { state } => {
                    assert_eq!(state.colours(&p), s.colours(&p), "{name}")
                }
                Verdict::Unreachable { reason } => panic!("{name}: {reason}"),
            }
            let r = random_state(&g, &mut rng);
            assert!(g.contains(&r.perm()));
            assert!(matches!(
                check(&p, &g, &r.colours(&p)).unwrap(),
                Verdict::Reachable { .. }
            ));
        }
    }
}

/// On big cubes the two wings of an edge show the same colours the other
/// way round: scrambled, then a corner twisted, the reason is the twist
/// (each wing matched to a piece as a whole, not greedily to its twin).
#[test]
fn a_scrambled_big_cube_with_a_twisted_corner_is_refused_for_the_twist() {
    let mut rng = Rng::new(7);
    for name in ["4x4x4", "5x5x5"] {
        let p = named(name).unwrap();
        let g = Group::new(&p);
        let turns = p.all_turns();
        let c = piece_on(&p, &["U", "F", "R"]);
        for _ in 0..4 {
            let seq: Vec<_> = (0..40).map(|_| turns[rng.below(turns.len())]).collect();
            let mut st = State::solved(&p);
            st.apply(&p, &seq);
            let mut s = st.colours(&p);
            let (a, b, d) = (s[c[0]], s[c[1]], s[c[2]]);
            (s[c[0]], s[c[1]], s[c[2]]) = (b, d, a);
            let why = unreachable(&p, &g, &s);
            assert!(
                why.contains("twists") && why.contains("(mod 3)"),
                "{name}: {why}"
            );
        }
    }
}

/// OEIS A079745: the Skewb (four corners turning, 3,149,280 positions).
#[test]
fn skewb_distances_match_oeis_a079745() {
    let p = named("skewb").unwrap();
    let d = distances::distances(&p, &[], Metric::Htm, 1 << 30, &mut |_, _, _| {}).unwrap();
    assert_eq!(
        d.counts,
        [
            1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90
        ]
    );
    assert_eq!(d.positions, 3_149_280);
}

/// OEIS A079761: the 2x2x2 with one corner fixed (U, R, F), half-turn
/// metric: 3,674,160 positions, God's number 11.
#[test]
fn two_by_two_distances_match_oeis_a079761() {
    let p = named("2x2x2").unwrap();
    let moves: Vec<usize> = ["U", "R", "F"]
        .iter()
        .map(|m| p.move_named(m).unwrap())
        .collect();
    let d = distances::distances(&p, &moves, Metric::Htm, 1 << 30, &mut |_, _, _| {}).unwrap();
    assert_eq!(
        d.counts,
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    assert_eq!(d.positions, 3_674_160);
    // Quarter-turn metric: OEIS A079762.
    let q = distances::distances(&p, &moves, Metric::Qtm, 1 << 30, &mut |_, _, _| {}).unwrap();
    assert_eq!(
        q.counts,
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
}

/// Powers generate only themselves: the 3x3x3's half turns make the
/// squares group, 663,552 positions, God's number 15 (Thistlethwaite's
/// last stage); 6 half turns at distance 1 and 27 at distance 2 (30
/// pairs, three of opposite faces counted twice). On the 2x2x2, U2 and R2
/// make a dihedral group of 6 (U2 R2 has order 3).
#[test]
fn distances_over_half_turns_search_their_group() {
    let turns = |p: &polycover_twisty::Puzzle, names: &[&str]| -> Vec<_> {
        names
            .iter()
            .map(|m| p.parse_turn(m).unwrap().unwrap())
            .collect()
    };
    let p = named("3x3x3").unwrap();
    let squares = turns(&p, &["U2", "R2", "F2", "D2", "L2", "B2"]);
    let d = distances::distances_of_turns(&p, &squares, Metric::Htm, 1 << 30, &mut |_, _, _| {})
        .unwrap();
    assert_eq!(d.positions, 663_552);
    assert_eq!(d.counts.len() - 1, 15);
    assert_eq!(d.counts[..3], [1, 6, 27]);
    let p = named("2x2x2").unwrap();
    let d = distances::distances_of_turns(
        &p,
        &turns(&p, &["U2", "R2"]),
        Metric::Qtm,
        1 << 30,
        &mut |_, _, _| {},
    )
    .unwrap();
    assert_eq!(d.counts, [1, 2, 2, 1]);
    assert_eq!(d.turns, ["U2", "R2"]);
}

#[test]
fn distances_refuse_what_they_cannot_do() {
    let p = named("3x3x3").unwrap();
    let e = distances::distances(&p, &[], Metric::Htm, 1 << 30, &mut |_, _, _| {}).unwrap_err();
    assert!(e.to_string().contains("too many"), "{e}");
    assert!(matches!(e, polycover_twisty::Error::TooLarge(_)), "{e:?}");
    let p = named("4x4x4").unwrap();
    let e = distances::distances(&p, &[], Metric::Htm, 1 << 30, &mut |_, _, _| {}).unwrap_err();
    assert!(e.to_string().contains("identical-looking"), "{e}");
    assert!(
        matches!(e, polycover_twisty::Error::Unsupported(_)),
        "{e:?}"
    );
}
