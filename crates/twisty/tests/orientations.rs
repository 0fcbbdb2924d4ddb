//! Counts in both published conventions: the puzzle held in one orientation, and every
//! orientation in space. Each all-orientations figure is checked against a count made another
//! way: the same puzzle with a move set that turns the whole puzzle (so its `positions` already
//! count every orientation), or a published figure.

use num_bigint::BigUint;
use polycover_twisty::count::Counts;
use polycover_twisty::solid::Solid;
use polycover_twisty::spec::{Cut, Moves, PuzzleSpec};
use polycover_twisty::{Puzzle, named};

fn counts(p: &Puzzle) -> Counts {
    Counts::new(p).unwrap()
}

fn n(s: &str) -> BigUint {
    s.parse().unwrap()
}

fn build(name: &str, solid: Solid, cuts: Vec<Cut>, moves: Moves) -> Puzzle {
    Puzzle::build(&PuzzleSpec {
        name: name.into(),
        solid,
        cuts,
        moves,
    })
    .unwrap()
}

#[test]
fn fixed_centre_cubes_times_24_are_the_cubes_that_turn_every_slice() {
    // The 3x3x3 (centres fixed) in every orientation is cube-3 (every slice turns).
    let fixed = counts(&named("3x3x3").unwrap());
    let free = counts(&named("cube-3").unwrap());
    assert_eq!(fixed.solid_rotations, 24);
    assert_eq!(fixed.positions_fixed, Some(n("43252003274489856000")));
    assert_eq!(
        fixed.positions_all_orientations,
        Some(free.positions.clone())
    );
    assert_eq!(
        free.positions_all_orientations,
        Some(free.positions.clone())
    );
    assert_eq!(
        free.positions_all_orientations,
        Some(n("1038048078587756544000"))
    );
    // The 2x2x2 with one corner fixed (moves U R F) against all six faces.
    let corner = build(
        "2x2x2-URF",
        Solid::Cube,
        vec![Cut::face(0.0)],
        Moves::list(&["U", "R", "F"]),
    );
    let c = counts(&corner);
    assert_eq!(c.positions_fixed, Some(n("3674160")));
    let all = counts(&named("2x2x2").unwrap());
    assert_eq!(all.positions_fixed, Some(n("3674160")));
    assert_eq!(c.positions_all_orientations, Some(n("88179840")));
    assert_eq!(all.positions_all_orientations, Some(n("88179840")));
}

#[test]
fn skewb_and_pyraminx_in_both_conventions() {
    // Four corners turn (the WCA Skewb): 3,149,280 with the orientation pinned; in every
    // orientation 75,582,720, Schoenert's |CG| (Cube-Lovers, 1995). All eight corners turning
    // reach his |G| = 37,791,360 and 12 of the 24 rotations (turning opposite corners
    // together), so they too count 37,791,360 * 24 / 12 in every orientation.
    let skewb = counts(&named("skewb").unwrap());
    assert_eq!(skewb.positions_fixed, Some(n("3149280")));
    assert_eq!(skewb.positions_all_orientations, Some(n("75582720")));
    let eight = build("skewb-8", Solid::Cube, vec![Cut::vertex(0.0)], Moves::Outer);
    let eight = counts(&eight);
    assert_eq!(
        (eight.positions.clone(), eight.rotations),
        (n("37791360"), 12)
    );
    assert_eq!(eight.positions_fixed, Some(n("3149280")));
    assert_eq!(eight.positions_all_orientations, Some(n("75582720")));
    // The Pyraminx's axial centres pin it: both published figures are fixed-orientation ones
    // (OEIS A309110, A309109); every orientation multiplies by the tetrahedron's 12.
    let pyra = counts(&named("pyraminx").unwrap());
    assert_eq!(pyra.solid_rotations, 12);
    assert_eq!(pyra.positions_fixed, Some(n("75582720")));
    assert_eq!(pyra.positions_all_orientations, Some(n("75582720") * 12u32));
    assert_eq!(pyra.positions_fixed_without_tips, Some(n("933120")));
    assert_eq!(
        pyra.positions_all_orientations_without_tips,
        Some(n("933120") * 12u32)
    );
}

#[test]
fn rotations_only_some_of_which_the_moves_make_are_counted() {
    // U, 2U, D and R make the turn of the whole cube about U (`U 2U D'`), so R's conjugates
    // F, L and B: every face turn of the 3x3x3, in four orientations about U. Up to them, the
    // 3x3x3's published count; the other rotations leave the move set, so the count in every
    // orientation is not claimed.
    let third = 1.0 / 3.0;
    let p = build(
        "cube-U-2U-D-R",
        Solid::Cube,
        vec![Cut::face(third)],
        Moves::list(&["U", "2U", "D", "R"]),
    );
    let c = counts(&p);
    assert_eq!(c.rotations, 4);
    assert_eq!(c.positions, n("43252003274489856000") * 4u32);
    assert_eq!(c.positions_fixed, Some(n("43252003274489856000")));
    assert_eq!(c.positions_all_orientations, None);
    // Turning all three layers together: four positions, one up to the four rotations.
    let whole = build(
        "cube-1-3U",
        Solid::Cube,
        vec![Cut::face(third)],
        Moves::list(&["1-3U"]),
    );
    let c = counts(&whole);
    assert_eq!((c.positions.clone(), c.rotations), (n("4"), 4));
    assert_eq!(c.positions_fixed, Some(n("1")));
}
