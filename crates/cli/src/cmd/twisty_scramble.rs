//! `twisty scramble NAME --random-state`: a move sequence for a uniformly
//! random reachable state, made as competition scramblers make theirs: the
//! state is drawn from the stabilizer chain, solved, and the solution's
//! inverse printed (it takes the solved puzzle to that state).

use crate::failure::Failure;
use twisty::count::{Group, random_state};
use twisty::rng::Rng;
use twisty::solve::{Options, PermPuzzle, SolveError, Solver, model};
use twisty::{Puzzle, State, Turn};

/// The two-phase search's node budget for a scramble: fifty times a
/// solve's, as a scramble is printed once and read by people; the search
/// stops at the first sequence of at most [`SCRAMBLE_TARGET`] moves, so
/// most states take a small part of it.
const SCRAMBLE_BUDGET: u64 = 50 * twisty::solve::TWO_PHASE_BUDGET;

/// The length a random-state scramble aims at: the WCA scrambler's bound
/// for the 3x3x3 (every state is within 20 moves).
const SCRAMBLE_TARGET: usize = 21;

/// The random state drawn with `rng`, and a sequence of turns that gives it
/// from solved (checked by applying it).
pub fn random_state_scramble(p: &Puzzle, rng: &mut Rng) -> Result<(State, Vec<Turn>), Failure> {
    let g = Group::new(p);
    let state = random_state(&g, rng);
    let colours = state.colours(p);
    let perm = PermPuzzle::from_model(p);
    let options = Options {
        two_phase_budget: SCRAMBLE_BUDGET,
        target_moves: SCRAMBLE_TARGET,
        ..Options::default()
    };
    let solver = Solver::prepare(&perm, &options)
        .map_err(|e| Failure::input(format!("{}: the solver cannot use it: {e}", p.name())))?;
    let solution = solver.solve(&colours).map_err(|e| match e {
        SolveError::Budget => Failure::gave_up(format!(
            "{}: no scramble: the solver ran out of its budget on the random state (print the state instead with `twisty solve {} --random-state --json`)",
            p.name(),
            p.name()
        )),
        e => Failure::check(format!("{}: internal error: a random state: {e}", p.name())),
    })?;
    let turns: Vec<Turn> = solution.moves.iter().map(|&t| model::to_turn(t)).collect();
    let scramble = p.invert_turns(&turns);
    let mut check = State::solved(p);
    check.apply(p, &scramble);
    if check.colours(p) != colours {
        return Err(Failure::check(format!(
            "{}: internal error: the scramble does not give the random state",
            p.name()
        )));
    }
    Ok((state, scramble))
}
