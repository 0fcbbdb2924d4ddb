//! The loop itself: the choice stack ([`State`], with the search's
//! [`Phase`]) and its steps, each generic over the engine, the algorithm's
//! [`Moves`] and colors. The solver's `dispatch!` picks the copy to run.

use super::moves::Moves;
use crate::choose::ChoiceRule;
use crate::engine::Engine;
use crate::links::ROOT;
use crate::matrix::{Matrix, OptionId};
use crate::subproblem::{Subproblem, SubproblemError};
use crate::visit::{Control, Outcome, Stats, Visitor};

/// Where the loop solver stands. `Idle`: exactly as built, nothing on the
/// stack. `Done`: a subproblem was searched to the end and its prefix (the
/// choices of levels `0..base`) is still made, so that the next `start`
/// only undoes the levels it does not share with it: the parts a run is cut
/// into come in search order, and each used to replay its whole prefix from
/// the root (on big burr puzzles, more work than searching the parts).
/// `Enter`, `Try`, `Leave`: a search under way, as the loop's steps say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    Idle,
    Done,
    Enter,
    Try,
    Leave,
}

/// Everything about a search but the engine: the choice stack and the
/// figures.
pub(super) struct State {
    /// Does the matrix have colors (Algorithm C)?
    pub(super) colors: bool,
    /// Does it have multiplicities (Algorithm M)?
    pub(super) mult: bool,
    /// Where the search stands.
    pub(super) phase: Phase,
    /// The current level: the number of choices on the stack.
    pub(super) level: usize,
    /// Levels below `base` are a fixed prefix (a subproblem).
    pub(super) base: usize,
    /// Emit subproblems instead of entering this level (`usize::MAX`: never).
    pub(super) frontier: usize,
    /// `best[l]`: the item branched on at level `l`.
    best: Vec<u32>,
    /// `choice[l]`: the node tried at level `l`; the header `best[l]` for a
    /// null move, or when the item's list is exhausted.
    choice: Vec<u32>,
    /// `first_tweak[l]`: the top of `best[l]`'s list before any tweak.
    first_tweak: Vec<u32>,
    /// `tweaking[l]`: does level `l` tweak (Algorithm M with bound or slack
    /// left) rather than cover?
    tweaking: Vec<bool>,
    /// `degree[l]`, `position[l]`: the branching degree of level `l` and how
    /// many of its branches have been entered, for progress estimates.
    pub(super) degree: Vec<u32>,
    pub(super) position: Vec<u32>,
    /// The options of the current solution, reused between solutions.
    solution: Vec<OptionId>,
    /// Subproblems found by `subproblems`.
    pub(super) found: Vec<Subproblem>,
    /// Solutions and nodes (updates are counted in the engine).
    pub(super) stats: Stats,
    /// Node count at which `run` pauses.
    pub(super) budget: u64,
    /// Give up on an option as soon as committing it empties a primary
    /// item's list (Algorithms X and C)? The solver's setting, copied at
    /// each `start`.
    pub(super) early: bool,
    /// How each level chooses its item (Algorithms X and C); copied from
    /// the solver at each `start`.
    pub(super) rule: ChoiceRule,
    /// `cover_zeroed[l]`: may covering `best[l]` have emptied a primary
    /// item's list ([`Engine::zeroed`])?
    cover_zeroed: Vec<bool>,
    /// Is it known that no active primary item's list is empty at the
    /// level being entered (see [`ChoiceRule::choose`])? Set by each
    /// option taken; false at the root and where a replay starts.
    none_empty: bool,
}

impl State {
    /// An idle stack for `matrix`, with room for a few thousand levels.
    pub(super) fn new(matrix: &Matrix) -> State {
        let cap = (matrix.num_primary() + 2).min(1 << 12);
        State {
            colors: matrix.has_colors(),
            mult: matrix.has_multiplicities(),
            phase: Phase::Idle,
            level: 0,
            base: 0,
            frontier: usize::MAX,
            best: Vec::with_capacity(cap),
            choice: Vec::with_capacity(cap),
            first_tweak: Vec::with_capacity(cap),
            tweaking: Vec::with_capacity(cap),
            degree: Vec::with_capacity(cap),
            position: Vec::with_capacity(cap),
            solution: Vec::with_capacity(cap),
            found: Vec::new(),
            stats: Stats::default(),
            budget: u64::MAX,
            early: true,
            rule: ChoiceRule::default(),
            cover_zeroed: Vec::with_capacity(cap),
            none_empty: false,
        }
    }

    // ---- The loop. Each step is generic over the engine `E`, the
    // algorithm's moves `A` and colors, and takes the engine it works on.

    fn push_level(&mut self) {
        if self.best.len() <= self.level {
            self.best.push(0);
            self.choice.push(0);
            self.first_tweak.push(0);
            self.tweaking.push(false);
            self.degree.push(0);
            self.position.push(0);
            self.cover_zeroed.push(true);
        }
    }

    /// Chooses the item for the current level and prepares it. Returns false
    /// at a dead end (Algorithm M: the item cannot reach its lower bound),
    /// where nothing was prepared.
    #[inline(always)]
    fn prepare<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) -> bool {
        self.push_level();
        let l = self.level;
        let Some((i, degree)) = A::choose(e, self.rule, self.none_empty) else {
            return false;
        };
        self.best[l] = i;
        self.degree[l] = degree;
        self.position[l] = 0;
        e.clear_zeroed();
        self.tweaking[l] = A::open(e, i);
        self.cover_zeroed[l] = e.zeroed();
        // Covering leaves the item's own list as it was: read it after.
        let first = e.down(i);
        self.choice[l] = first;
        self.first_tweak[l] = first;
        true
    }

    /// Takes the current choice of the current level, or the next one that
    /// is not seen to be a dead end while it is committed (when `early` is
    /// set): returns false when the level is exhausted (the item is then
    /// restored).
    #[inline(always)]
    fn take<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) -> bool {
        loop {
            match self.take_one::<E, A, COLORS>(e) {
                Some(taken) => return taken,
                None => {
                    // Given up: the dead-end node it would have led to.
                    self.stats.nodes += 1;
                    let l = self.level;
                    self.choice[l] = e.down(self.choice[l]);
                }
            }
        }
    }

    /// One step of `take`: `Some(true)` taken, `Some(false)` exhausted,
    /// `None` given up as a dead end (and undone).
    #[inline(always)]
    fn take_one<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) -> Option<bool> {
        let l = self.level;
        let i = self.best[l];
        let x = self.choice[l];
        if !A::advance(e, i, x, self.tweaking[l]) {
            self.restore::<E, A, COLORS>(e, l);
            return Some(false);
        }
        self.position[l] += 1;
        if x == i {
            self.none_empty = false;
            return Some(true);
        }
        e.clear_zeroed();
        if !A::commit::<COLORS>(e, x, self.early) {
            return None;
        }
        // The level's item had no empty list among the active ones (it had
        // options to try, and the scan that chose it saw every item or knew
        // none was empty): only its cover and this commit can have emptied
        // one.
        self.none_empty = !self.cover_zeroed[l] && !e.zeroed();
        Some(true)
    }

    /// Undoes the choice made on level `l` (whose deeper levels are undone).
    #[inline(always)]
    fn untake<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E, l: usize) {
        A::uncommit::<COLORS>(e, self.best[l], self.choice[l]);
    }

    /// Restores the item of level `l` once all its branches are done.
    #[inline(always)]
    fn restore<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E, l: usize) {
        A::close(e, self.best[l], self.tweaking[l], self.first_tweak[l]);
    }

    /// The options chosen so far, level by level (null moves left out).
    fn collect_solution<E: Engine>(&mut self, e: &E) {
        self.solution.clear();
        for l in 0..self.level {
            let x = self.choice[l];
            if !e.is_header(x) {
                self.solution.push(OptionId(e.option_of(x)));
            }
        }
    }

    fn emit_subproblem(&mut self) {
        self.found.push(Subproblem::from_parts(
            self.choice[..self.level].to_vec(),
            self.degree[..self.level].to_vec(),
        ));
    }

    pub(super) fn search<E: Engine, A: Moves<E>, const COLORS: bool, V: Visitor>(
        &mut self,
        e: &mut E,
        visitor: &mut V,
    ) -> Outcome {
        loop {
            match self.phase {
                Phase::Enter => {
                    if self.stats.nodes >= self.budget {
                        return Outcome::Paused;
                    }
                    if e.first_active() == ROOT {
                        // When listing subproblems, a solution above the
                        // frontier is a subproblem of its own.
                        if self.frontier == usize::MAX {
                            self.stats.nodes += 1;
                            self.stats.solutions += 1;
                            if V::WANTS_OPTIONS {
                                self.collect_solution(e);
                            }
                            match visitor.solution(&self.solution) {
                                Control::Continue => {}
                                Control::Stop => {
                                    self.unwind::<E, A, COLORS>(e);
                                    return Outcome::Stopped;
                                }
                                // The next node's budget check pauses.
                                Control::Pause => self.budget = self.stats.nodes,
                            }
                        } else {
                            self.emit_subproblem();
                        }
                        self.phase = Phase::Leave;
                    } else if self.level >= self.frontier {
                        self.emit_subproblem();
                        self.phase = Phase::Leave;
                    } else {
                        self.stats.nodes += 1;
                        self.phase = if self.prepare::<E, A, COLORS>(e) {
                            Phase::Try
                        } else {
                            Phase::Leave
                        };
                    }
                }
                Phase::Try => {
                    if self.take::<E, A, COLORS>(e) {
                        self.level += 1;
                        self.phase = Phase::Enter;
                    } else {
                        self.phase = Phase::Leave;
                    }
                }
                Phase::Leave => {
                    if self.level == self.base {
                        // The prefix stays made for the next start.
                        self.phase = Phase::Done;
                        return Outcome::Finished;
                    }
                    self.level -= 1;
                    let l = self.level;
                    self.untake::<E, A, COLORS>(e, l);
                    if self.choice[l] == self.best[l] {
                        // After Algorithm M's null move there is nothing left.
                        self.restore::<E, A, COLORS>(e, l);
                    } else {
                        self.choice[l] = e.down(self.choice[l]);
                        self.phase = Phase::Try;
                    }
                }
                Phase::Idle | Phase::Done => return Outcome::Finished,
            }
        }
    }

    /// How many of `choices`' levels the solver can keep from the prefix it
    /// stands on (`Done`: levels `0..base`); none in any other phase. The
    /// state at a level is a function of the choices above it, so a level
    /// whose own and earlier choices match is where a replay would put it.
    pub(super) fn shared_prefix(&self, choices: &[u32]) -> usize {
        if self.phase != Phase::Done {
            return 0;
        }
        self.choice[..self.base]
            .iter()
            .zip(choices)
            .take_while(|(a, b)| a == b)
            .count()
    }

    /// Undoes levels until `keep` are left (all of them at 0, the solver is
    /// then idle); `keep` is at most `shared_prefix`'s answer, so it is 0
    /// unless the solver is `Done`. The solver is left entering level `keep`,
    /// or, when the next subproblem's choice there (`next`) comes after the
    /// one made (node numbers rise along an item's list), trying level
    /// `keep` just after its old choice, as the search would be: subproblems
    /// taken in search order then walk each option of a level once in all,
    /// not once per subproblem (100,000 options of one item would otherwise
    /// cost 5 billion steps).
    pub(super) fn rewind<E: Engine, A: Moves<E>, const COLORS: bool>(
        &mut self,
        e: &mut E,
        keep: usize,
        next: Option<u32>,
    ) {
        let resume = self.phase == Phase::Done
            && keep < self.base
            && !e.is_header(self.choice[keep])
            && next.is_some_and(|t| t > self.choice[keep]);
        if resume {
            while self.level > keep + 1 {
                self.level -= 1;
                let l = self.level;
                self.untake::<E, A, COLORS>(e, l);
                self.restore::<E, A, COLORS>(e, l);
            }
            self.level = keep;
            self.untake::<E, A, COLORS>(e, keep);
            self.choice[keep] = e.down(self.choice[keep]);
            self.base = keep;
            self.phase = Phase::Try;
            return;
        }
        if keep == 0 {
            if self.phase != Phase::Idle {
                self.unwind::<E, A, COLORS>(e);
            }
            return;
        }
        debug_assert!(self.phase == Phase::Done && keep <= self.base);
        while self.level > keep {
            self.level -= 1;
            let l = self.level;
            self.untake::<E, A, COLORS>(e, l);
            self.restore::<E, A, COLORS>(e, l);
        }
        self.base = keep;
        self.phase = Phase::Enter;
    }

    /// Passes over (and, when tweaking, tweaks) the options of the current
    /// level from its current choice until `target`: false when the item's
    /// list ends first.
    fn walk_to<E: Engine, A: Moves<E>>(&mut self, e: &mut E, target: u32) -> bool {
        let l = self.level;
        let i = self.best[l];
        while self.choice[l] != target {
            let x = self.choice[l];
            if x == i {
                return false;
            }
            A::pass(e, i, x, self.tweaking[l]);
            self.position[l] += 1;
            self.choice[l] = e.down(x);
        }
        true
    }

    /// Undoes every level on the stack, the subproblem's prefix included,
    /// whatever step the search stands at; the solver becomes idle.
    pub(super) fn unwind<E: Engine, A: Moves<E>, const COLORS: bool>(&mut self, e: &mut E) {
        if self.phase == Phase::Try {
            self.restore::<E, A, COLORS>(e, self.level);
        }
        while self.level > 0 {
            self.level -= 1;
            let l = self.level;
            self.untake::<E, A, COLORS>(e, l);
            self.restore::<E, A, COLORS>(e, l);
        }
        self.phase = Phase::Idle;
        self.base = 0;
    }

    /// Makes the choices of a subproblem as the search would, from the
    /// level the solver stands on (the levels above are already made, by
    /// `rewind`): at each level choose the item, prepare it, pass over (and,
    /// when tweaking, tweak) the options before the wanted one, then take it.
    /// A level `rewind` left open (`Try`) goes on from where it stands; if
    /// the wanted option is not ahead, the level is prepared anew.
    pub(super) fn replay<E: Engine, A: Moves<E>, const COLORS: bool>(
        &mut self,
        e: &mut E,
        choices: &[u32],
    ) -> Result<(), SubproblemError> {
        debug_assert!(matches!(
            self.phase,
            Phase::Idle | Phase::Enter | Phase::Try
        ));
        // What the levels kept from the last subproblem left empty is not
        // known here.
        self.none_empty = false;
        let node_count = e.num_nodes();
        for (l, &target) in choices.iter().enumerate().skip(self.level) {
            let open = self.phase == Phase::Try && self.level == l;
            self.level = l;
            if target >= node_count {
                return Err(SubproblemError::NotAChoice { level: l });
            }
            if !open || !self.walk_to::<E, A>(e, target) {
                if open {
                    self.restore::<E, A, COLORS>(e, l);
                }
                self.phase = Phase::Enter;
                if e.first_active() == ROOT || !self.prepare::<E, A, COLORS>(e) {
                    return Err(SubproblemError::TooDeep { level: l });
                }
                self.phase = Phase::Try;
                if !self.walk_to::<E, A>(e, target) {
                    return Err(SubproblemError::NotAChoice { level: l });
                }
            }
            match self.take_one::<E, A, COLORS>(e) {
                Some(true) => {}
                Some(false) => {
                    // The item was restored: nothing is pending on this level.
                    self.phase = Phase::Enter;
                    return Err(SubproblemError::NotAChoice { level: l });
                }
                None => {
                    // A dead end, undone; the item is still covered.
                    return Err(SubproblemError::NotAChoice { level: l });
                }
            }
            self.level = l + 1;
            self.phase = Phase::Enter;
        }
        Ok(())
    }
}
