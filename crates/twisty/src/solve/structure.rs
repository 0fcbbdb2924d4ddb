//! Pieces, orbits, twists: the structure the solver reads off the sticker permutations.
//!
//! An *orbit* is a set of pieces the moves permute among themselves (the corners of a cube, its
//! edges, one kind of centre). Its pieces have the same number of stickers, and one sticker of the
//! first piece, the *reference*, visits `twists` stickers of every piece: those are the orbit's
//! *slots*, numbered `position * twists + twist`. A piece sits at a position with a twist: the
//! slot holding its reference sticker. Because pieces are rigid and turns are rotations, a move
//! sends every slot `(p, t)` of a position to `(p', t + shift)` with one shift per position
//! ([`Orbit::mv_pos`], [`Orbit::mv_shift`]); twist sums and the algebra of small operators rest on
//! that (checked when the structure is built).
//!
//! Pieces whose stickers show the same colours in the same order are *look-alikes* and form a
//! colour *class*; a position is solved when it holds a piece of its own class at twist 0.

use std::collections::HashMap;

use super::moves::Moves;
use super::puzzle::{PermPuzzle, PuzzleError, Slot};

/// One orbit of pieces.
#[derive(Clone, Debug)]
pub struct Orbit {
    /// The puzzle's piece id at each position, in increasing order.
    pub pieces: Vec<u32>,
    /// Number of twists a piece can show at one position (1 for a piece that never turns in place).
    pub twists: u16,
    /// Stickers per piece.
    pub size: u16,
    /// `placement[slot * size + i]`: the sticker slot holding sticker `i` (in the orbit's canonical
    /// order) of a piece whose reference sits at `slot`. `placement[(p * twists) * size + i]` for
    /// `i < size` are the stickers of position `p` itself.
    pub placement: Vec<Slot>,
    /// Colour class of each position.
    pub class: Vec<u32>,
    /// Number of positions of each class.
    pub class_size: Vec<u32>,
    /// Whether all pieces look different (then the permutation parity is a real constraint).
    pub distinct: bool,
    /// `mv_pos[m * n + p]`: where move `m` sends the piece at position `p` (`n` positions).
    pub mv_pos: Vec<u16>,
    /// `mv_shift[m * n + p]`: how much move `m` adds to the twist of the piece at `p`.
    pub mv_shift: Vec<u8>,
    /// Whether move `m` moves any piece of the orbit (or turns one in place).
    pub touched_by: Vec<bool>,
}

impl Orbit {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether the orbit has no position (never).
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The position a move sends position `p` to.
    #[inline]
    pub fn pos(&self, m: usize, p: usize) -> usize {
        self.mv_pos[m * self.pieces.len() + p] as usize
    }

    /// The twist a move adds at position `p`.
    #[inline]
    pub fn shift(&self, m: usize, p: usize) -> u16 {
        self.mv_shift[m * self.pieces.len() + p] as u16
    }

    /// The stickers of a piece whose reference sits at slot `slot`.
    pub fn stickers_at(&self, slot: usize) -> &[Slot] {
        let k = self.size as usize;
        &self.placement[slot * k..(slot + 1) * k]
    }
}

/// The orbits of a puzzle and where each sticker belongs.
#[derive(Clone, Debug)]
pub struct Structure {
    /// The orbits of pieces, in the solver's order.
    pub orbits: Vec<Orbit>,
    /// Stickers no move touches.
    pub fixed: Vec<Slot>,
    /// For every sticker on a moving piece: its orbit, the position of its piece, and its index in
    /// the orbit's canonical sticker order at that position (twist 0).
    pub home: Vec<Option<(u32, u32, u16)>>,
}

/// The state of one orbit: which piece sits at each position, with which twist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitState {
    /// `occ[p]`: the home position of the piece sitting at `p`.
    pub occ: Vec<u16>,
    /// `tw[p]`: its twist.
    pub tw: Vec<u16>,
}

impl OrbitState {
    /// Whether position `p` shows its own colours.
    #[inline]
    pub fn correct(&self, orbit: &Orbit, p: usize) -> bool {
        self.tw[p] == 0 && orbit.class[self.occ[p] as usize] == orbit.class[p]
    }

    /// Number of positions showing wrong colours.
    pub fn wrong(&self, orbit: &Orbit) -> usize {
        (0..orbit.len())
            .filter(|&p| !self.correct(orbit, p))
            .count()
    }

    /// Applies a move.
    pub fn apply(&mut self, orbit: &Orbit, m: usize, scratch: &mut OrbitState) {
        let n = orbit.len();
        let o = orbit.twists;
        for p in 0..n {
            let q = orbit.pos(m, p);
            scratch.occ[q] = self.occ[p];
            scratch.tw[q] = (self.tw[p] + orbit.shift(m, p)) % o;
        }
        std::mem::swap(self, scratch);
    }
}

/// Why a coloured state cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The state has the wrong number of stickers.
    Length {
        /// The state's length.
        len: usize,
        /// The puzzle's number of stickers.
        stickers: usize,
    },
    /// A piece shows colours no piece of the puzzle has there.
    UnknownPiece {
        /// A sticker of that piece.
        sticker: usize,
    },
    /// Some piece appears more often than the puzzle has it.
    PieceCount {
        /// A sticker of that piece.
        sticker: usize,
    },
    /// A sticker no move touches shows the wrong colour.
    FixedSticker {
        /// The sticker.
        sticker: usize,
    },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Length { len, stickers } => {
                write!(f, "the state has {len} stickers, the puzzle {stickers}")
            }
            StateError::UnknownPiece { sticker } => {
                write!(
                    f,
                    "the piece at sticker {sticker} shows colours no piece of the puzzle has"
                )
            }
            StateError::PieceCount { sticker } => write!(
                f,
                "the piece at sticker {sticker} appears more often than the puzzle has it"
            ),
            StateError::FixedSticker { sticker } => {
                write!(
                    f,
                    "sticker {sticker} never moves but shows the wrong colour"
                )
            }
        }
    }
}

impl std::error::Error for StateError {}

impl Structure {
    /// Reads the orbits off the puzzle's moves. Fails if pieces are not rigid or a move twists
    /// the stickers of a piece unevenly (not a rotation).
    pub fn new(puzzle: &PermPuzzle, moves: &Moves) -> Result<Structure, PuzzleError> {
        let n = puzzle.stickers;
        let npieces = puzzle
            .pieces
            .iter()
            .map(|&p| p as usize + 1)
            .max()
            .unwrap_or(0);
        let mut stickers_of: Vec<Vec<Slot>> = vec![Vec::new(); npieces];
        for s in 0..n {
            stickers_of[puzzle.pieces[s] as usize].push(s as Slot);
        }
        // Union-find on pieces under the basic turns.
        let mut parent: Vec<usize> = (0..npieces).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut moving = vec![false; npieces];
        for turn in &puzzle.turns {
            for s in 0..n {
                let d = turn.perm[s] as usize;
                if d != s {
                    moving[puzzle.pieces[s] as usize] = true;
                }
                let (a, b) = (puzzle.pieces[s] as usize, puzzle.pieces[d] as usize);
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                if ra != rb {
                    parent[ra.max(rb)] = ra.min(rb);
                }
            }
        }
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); npieces];
        let mut fixed = Vec::new();
        for p in 0..npieces {
            if stickers_of[p].is_empty() {
                continue;
            }
            let r = find(&mut parent, p);
            if moving[r] || moving[p] {
                members[r].push(p as u32);
            } else {
                fixed.extend(stickers_of[p].iter().copied());
            }
        }
        let mut orbits = Vec::new();
        let mut home = vec![None; n];
        for (root, pieces) in members.into_iter().enumerate() {
            if pieces.is_empty() {
                continue;
            }
            let orbit = build_orbit(puzzle, moves, &stickers_of, pieces, root)?;
            let oi = orbits.len() as u32;
            let k = orbit.size as usize;
            for p in 0..orbit.len() {
                let slot = p * orbit.twists as usize;
                for i in 0..k {
                    home[orbit.placement[slot * k + i] as usize] = Some((oi, p as u32, i as u16));
                }
            }
            orbits.push(orbit);
        }
        fixed.sort_unstable();
        Ok(Structure {
            orbits,
            fixed,
            home,
        })
    }

    /// Reads a coloured state: which piece (up to look-alikes) sits where with which twist.
    /// Look-alike pieces are matched so that pieces already home stay home.
    pub fn read(
        &self,
        puzzle: &PermPuzzle,
        colours: &[u16],
    ) -> Result<Vec<OrbitState>, StateError> {
        if colours.len() != puzzle.stickers {
            return Err(StateError::Length {
                len: colours.len(),
                stickers: puzzle.stickers,
            });
        }
        for &s in &self.fixed {
            if colours[s as usize] != puzzle.colours[s as usize] {
                return Err(StateError::FixedSticker {
                    sticker: s as usize,
                });
            }
        }
        let mut states = Vec::with_capacity(self.orbits.len());
        for orbit in &self.orbits {
            let o = orbit.twists as usize;
            let n = orbit.len();
            // The colour tuple of each class, as shown at twist 0 of a home position.
            let mut class_of: HashMap<Vec<u16>, u32> = HashMap::new();
            for p in 0..n {
                let tuple: Vec<u16> = orbit
                    .stickers_at(p * o)
                    .iter()
                    .map(|&s| puzzle.colours[s as usize])
                    .collect();
                class_of.entry(tuple).or_insert(orbit.class[p]);
            }
            // What each position shows.
            let mut shows: Vec<(u32, u16)> = Vec::with_capacity(n);
            for p in 0..n {
                let mut found = None;
                for t in 0..o {
                    let tuple: Vec<u16> = orbit
                        .stickers_at(p * o + t)
                        .iter()
                        .map(|&s| colours[s as usize])
                        .collect();
                    if let Some(&c) = class_of.get(&tuple) {
                        // Prefer the home class at twist 0 when a piece's colours are symmetric.
                        if found.is_none() || (c == orbit.class[p] && t == 0) {
                            found = Some((c, t as u16));
                        }
                    }
                }
                match found {
                    Some(f) => shows.push(f),
                    None => {
                        return Err(StateError::UnknownPiece {
                            sticker: orbit.stickers_at(p * o)[0] as usize,
                        });
                    }
                }
            }
            // Match look-alikes: each class's pieces to the positions showing it.
            let mut pool: Vec<Vec<u16>> = vec![Vec::new(); orbit.class_size.len()];
            for p in (0..n).rev() {
                pool[orbit.class[p] as usize].push(p as u16);
            }
            let mut occ = vec![u16::MAX; n];
            let mut tw = vec![0u16; n];
            // Pieces already home first.
            for p in 0..n {
                let (c, t) = shows[p];
                if c == orbit.class[p] {
                    let list = &mut pool[c as usize];
                    if let Some(i) = list.iter().position(|&q| q as usize == p) {
                        list.swap_remove(i);
                        occ[p] = p as u16;
                        tw[p] = t;
                    }
                }
            }
            for p in 0..n {
                if occ[p] != u16::MAX {
                    continue;
                }
                let (c, t) = shows[p];
                match pool[c as usize].pop() {
                    Some(q) => {
                        occ[p] = q;
                        tw[p] = t;
                    }
                    None => {
                        return Err(StateError::PieceCount {
                            sticker: orbit.stickers_at(p * o)[0] as usize,
                        });
                    }
                }
            }
            states.push(OrbitState { occ, tw });
        }
        Ok(states)
    }

    /// The solved state of every orbit.
    pub fn solved(&self) -> Vec<OrbitState> {
        self.orbits
            .iter()
            .map(|o| OrbitState {
                occ: (0..o.len() as u16).collect(),
                tw: vec![0; o.len()],
            })
            .collect()
    }
}

/// The orbit of `pieces` (the pieces linked to `root` by the turns): its slots, the moves'
/// action on them (checked to be a rotation) and its colour classes.
fn build_orbit(
    puzzle: &PermPuzzle,
    moves: &Moves,
    stickers_of: &[Vec<Slot>],
    pieces: Vec<u32>,
    root: usize,
) -> Result<Orbit, PuzzleError> {
    let n = pieces.len();
    let k = stickers_of[root].len();
    let (tuple_at, order) = reference_tuples(puzzle, &stickers_of[pieces[0] as usize])?;
    if !order.len().is_multiple_of(n) {
        return Err(PuzzleError::NotRigid {
            turn: 0,
            piece: pieces[0],
        });
    }
    let o = order.len() / n;
    let shape = Shape { n, o, k };
    let (placement, slot_of) = placements(puzzle, &pieces, &tuple_at, &order, shape)?;
    let MoveAction {
        mv_pos,
        mv_shift,
        touched_by,
    } = move_action(moves, &pieces, &placement, &slot_of, shape)?;
    let (class, class_size) = colour_classes(puzzle, &placement, shape);
    let distinct = class_size.iter().all(|&s| s == 1);
    Ok(Orbit {
        pieces,
        twists: o as u16,
        size: k as u16,
        placement,
        class,
        class_size,
        distinct,
        mv_pos,
        mv_shift,
        touched_by,
    })
}

/// The dimensions of an orbit being built.
#[derive(Clone, Copy)]
struct Shape {
    /// Positions.
    n: usize,
    /// Twists.
    o: usize,
    /// Stickers per piece.
    k: usize,
}

/// Where the turns carry the stickers `start` of the orbit's first piece, breadth-first: each
/// placement's sticker tuple keyed by where its reference (first) sticker is, and those reference
/// stickers in the order reached. Fails if two placements put the reference on one sticker but
/// the others apart (a piece that is not rigid).
fn reference_tuples(
    puzzle: &PermPuzzle,
    start: &[Slot],
) -> Result<(TupleAt, Vec<Slot>), PuzzleError> {
    let mut tuple_at = TupleAt::new();
    let mut order: Vec<Slot> = Vec::new();
    tuple_at.insert(start[0], start.to_vec());
    order.push(start[0]);
    let mut head = 0;
    while head < order.len() {
        let tuple = tuple_at[&order[head]].clone();
        head += 1;
        for (t, turn) in puzzle.turns.iter().enumerate() {
            let image: Vec<Slot> = tuple.iter().map(|&s| turn.perm[s as usize]).collect();
            match tuple_at.get(&image[0]) {
                Some(known) if *known != image => {
                    return Err(PuzzleError::NotRigid {
                        turn: t,
                        piece: puzzle.pieces[image[0] as usize],
                    });
                }
                Some(_) => {}
                None => {
                    order.push(image[0]);
                    tuple_at.insert(image[0], image);
                }
            }
        }
    }
    Ok((tuple_at, order))
}

/// The stickers of the orbit's first piece in one placement, keyed by its reference sticker.
type TupleAt = HashMap<Slot, Vec<Slot>>;

/// The `(position, twist)` of the slot each reference sticker marks.
type SlotOf = HashMap<Slot, (usize, usize)>;

/// The orbit's placements (see [`Orbit::placement`]), and the
/// `(position, twist)` of every reference sticker. Twist 0 of a position is the first of its
/// slots reached; the others follow in the order its piece's stickers list them.
fn placements(
    puzzle: &PermPuzzle,
    pieces: &[u32],
    tuple_at: &TupleAt,
    order: &[Slot],
    Shape { n, o, k }: Shape,
) -> Result<(Vec<Slot>, SlotOf), PuzzleError> {
    let mut pos_of: HashMap<u32, usize> = HashMap::new();
    for (i, &p) in pieces.iter().enumerate() {
        pos_of.insert(p, i);
    }
    let mut zero: Vec<Option<Slot>> = vec![None; n];
    for &r in order {
        let p = pos_of[&puzzle.pieces[r as usize]];
        if zero[p].is_none() {
            zero[p] = Some(r);
        }
    }
    let is_ref: std::collections::HashSet<Slot> = order.iter().copied().collect();
    let mut placement = vec![0 as Slot; n * o * k];
    let mut slot_of = SlotOf::new();
    for p in 0..n {
        let base = &tuple_at[&zero[p].expect("every position is reached")];
        let refs: Vec<Slot> = base
            .iter()
            .copied()
            .filter(|s| is_ref.contains(s))
            .collect();
        if refs.len() != o {
            return Err(PuzzleError::NotRigid {
                turn: 0,
                piece: pieces[p],
            });
        }
        for (t, r) in refs.iter().enumerate() {
            let tuple = &tuple_at[r];
            placement[(p * o + t) * k..(p * o + t + 1) * k].copy_from_slice(tuple);
            slot_of.insert(*r, (p, t));
        }
    }
    Ok((placement, slot_of))
}

/// The moves' action on an orbit: [`Orbit::mv_pos`], [`Orbit::mv_shift`], [`Orbit::touched_by`].
struct MoveAction {
    mv_pos: Vec<u16>,
    mv_shift: Vec<u8>,
    touched_by: Vec<bool>,
}

/// The moves' action on the orbit's positions and twists ([`Orbit::mv_pos`],
/// [`Orbit::mv_shift`], [`Orbit::touched_by`]), checked to be a rotation (one shift per
/// position).
fn move_action(
    moves: &Moves,
    pieces: &[u32],
    placement: &[Slot],
    slot_of: &SlotOf,
    Shape { n, o, k }: Shape,
) -> Result<MoveAction, PuzzleError> {
    let nm = moves.len();
    let mut mv_pos = vec![0u16; nm * n];
    let mut mv_shift = vec![0u8; nm * n];
    let mut touched_by = vec![false; nm];
    for m in 0..nm {
        let perm = &moves.perm[m];
        for p in 0..n {
            let (q, t0) = slot_of[&perm[placement[(p * o) * k] as usize]];
            mv_pos[m * n + p] = q as u16;
            mv_shift[m * n + p] = t0 as u8;
            if q != p || t0 != 0 {
                touched_by[m] = true;
            }
            for t in 1..o {
                let (q2, t2) = slot_of[&perm[placement[(p * o + t) * k] as usize]];
                if q2 != q || t2 != (t0 + t) % o {
                    return Err(PuzzleError::NotRigid {
                        turn: moves.twist[m].turn as usize,
                        piece: pieces[p],
                    });
                }
            }
        }
    }
    Ok(MoveAction {
        mv_pos,
        mv_shift,
        touched_by,
    })
}

/// The colour class of each position (pieces showing the same colours in the same order at twist
/// 0 share one, numbered in order of first position) and the size of each class.
fn colour_classes(puzzle: &PermPuzzle, placement: &[Slot], shape: Shape) -> (Vec<u32>, Vec<u32>) {
    let Shape { n, o, k } = shape;
    let mut class_ids: HashMap<Vec<u16>, u32> = HashMap::new();
    let mut class = Vec::with_capacity(n);
    let mut class_size = Vec::new();
    for p in 0..n {
        let tuple: Vec<u16> = placement[(p * o) * k..(p * o + 1) * k]
            .iter()
            .map(|&s| puzzle.colours[s as usize])
            .collect();
        let next = class_ids.len() as u32;
        let c = *class_ids.entry(tuple).or_insert(next);
        if c == next {
            class_size.push(0);
        }
        class_size[c as usize] += 1;
        class.push(c);
    }
    (class, class_size)
}
