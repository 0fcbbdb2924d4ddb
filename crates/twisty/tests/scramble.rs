//! Random-move scrambles waste no move: checked over many seeds against oracles that do not
//! use the scrambler's reasoning (a table of the 3x3x3's opposite faces; products of sticker
//! permutations), and the printed scramble reads back to the same state.

use polycover_twisty::perm::Perm;
use polycover_twisty::rng::Rng;
use polycover_twisty::scramble::Scrambler;
use polycover_twisty::{Puzzle, State, Turn, named};

/// The permutation a sequence of turns makes.
fn product(p: &Puzzle, turns: &[Turn]) -> Perm {
    let mut g = Perm::identity(p.stickers.len());
    for t in turns {
        for _ in 0..t.amount {
            g = g.then(&p.moves[t.mv].perm);
        }
    }
    g
}

/// Every product of at most `k` turns of the moves `moves`.
fn products_up_to(p: &Puzzle, moves: &[usize], k: usize) -> Vec<Perm> {
    let turns: Vec<Turn> = p
        .all_turns()
        .into_iter()
        .filter(|t| moves.contains(&t.mv))
        .collect();
    let mut all = vec![Perm::identity(p.stickers.len())];
    let mut level = all.clone();
    for _ in 0..k {
        let next: Vec<Perm> = level
            .iter()
            .flat_map(|g| turns.iter().map(|t| g.then(&product(p, &[*t]))))
            .collect();
        all.extend(next.iter().cloned());
        level = next;
    }
    all
}

/// Checks one scramble: no move twice with only moves it commutes with between; in every
/// maximal run of consecutive turns that pairwise commute (as permutations), no move twice,
/// and no shorter sequence of those moves makes the run's permutation.
fn assert_no_waste(p: &Puzzle, seq: &[Turn], what: &str) {
    let commute = |a: usize, b: usize| {
        let (x, y) = (&p.moves[a].perm, &p.moves[b].perm);
        x.then(y) == y.then(x)
    };
    // Two turns of one move always have a turn between them that does not commute with it
    // (else the later one could be brought back to merge: `u R u` on the Pyraminx).
    for j in 0..seq.len() {
        for i in 0..j {
            if seq[i].mv == seq[j].mv {
                assert!(
                    (i + 1..j).any(|k| !commute(seq[k].mv, seq[j].mv)),
                    "{what}: {}",
                    p.format_turns(&seq[i..=j])
                );
            }
        }
    }
    let mut start = 0;
    while start < seq.len() {
        let mut end = start + 1;
        while end < seq.len() && (start..end).all(|i| commute(seq[i].mv, seq[end].mv)) {
            end += 1;
        }
        let run = &seq[start..end];
        let text = p.format_turns(run);
        let mut moves: Vec<usize> = run.iter().map(|t| t.mv).collect();
        moves.sort();
        moves.dedup();
        assert_eq!(moves.len(), run.len(), "{what}: a move twice in {text}");
        if run.len() > 1 && run.len() <= 3 {
            let g = product(p, run);
            assert!(
                !products_up_to(p, &moves, run.len() - 1).contains(&g),
                "{what}: {text} is shorter"
            );
        }
        start = end;
    }
}

#[test]
fn scrambles_never_cancel_or_merge_and_read_back() {
    for (name, seeds) in [
        ("3x3x3", 200),
        ("4x4x4", 60),
        ("pyraminx", 200),
        ("megaminx", 40),
        ("dodecahedron-2", 20),
    ] {
        let p = named(name).unwrap();
        let mut scrambler = Scrambler::new(&p);
        for seed in 1..=seeds {
            let seq = scrambler.random_moves(&mut Rng::new(seed), 30);
            assert_eq!(seq.len(), 30);
            let what = format!("{name} seed {seed}");
            assert_no_waste(&p, &seq, &what);
            // The printed scramble reads back to the same turns' state.
            let text = p.format_turns(&seq);
            let mut a = State::solved(&p);
            a.apply(&p, &seq);
            let mut b = State::solved(&p);
            b.apply(&p, &p.parse_turns(&text).unwrap());
            assert_eq!(a, b, "{what}: {text}");
        }
    }
}

/// The 3x3x3's scrambles by their text, with the cube's opposite faces written out: no face
/// twice in a row, and no `R L R`.
#[test]
fn cube_scrambles_by_their_letters() {
    let p = named("3x3x3").unwrap();
    let axis = |t: &str| match &t[..1] {
        "U" | "D" => 0,
        "R" | "L" => 1,
        "F" | "B" => 2,
        _ => panic!("{t}"),
    };
    let mut scrambler = Scrambler::new(&p);
    for seed in 1..=500 {
        let text = p.format_turns(&scrambler.random_moves(&mut Rng::new(seed), 25));
        let w: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(w.len(), 25);
        for i in 1..w.len() {
            assert_ne!(w[i][..1], w[i - 1][..1], "seed {seed}: {text}");
            if i >= 2 {
                let same_axis = axis(w[i]) == axis(w[i - 1]) && axis(w[i]) == axis(w[i - 2]);
                assert!(!same_axis, "seed {seed}: {text}");
            }
        }
    }
}
