//! Is a coloured state reachable, and if not, why?
//!
//! The answer itself is exact: [`crate::search::transporter`] looks for an
//! element of the group that produces the colours (every arrangement of
//! identical-looking stickers is tried), so "reachable" comes with the
//! group element and "not reachable" is a proof by exhaustion.
//!
//! The reason is found separately, by simple invariants:
//!
//! 1. every piece position must show the colours of some piece, each piece
//!    once, in an order the piece can show (not its mirror image);
//! 2. then the pieces' arrangement is a permutation `p` (identical pieces
//!    matched arbitrarily), and each orbit of pieces gives two numbers: the
//!    parity of its permutation, and the sum of its pieces' twists modulo
//!    the number of stickers per piece (stickers labelled counterclockwise
//!    around each piece; the sum is a homomorphism on the group of such
//!    arrangements). Every move gives such a vector too, and so do the
//!    exchanges of identical pieces (which the colours cannot see). A
//!    state is explained as unreachable when, on one or two of these
//!    numbers, its values are not among the combinations the moves (and
//!    those exchanges) generate: "the orientation sum of the corners is 1
//!    (mod 3); moves keep it at 0", "the permutations of the corners and the
//!    edges must have the same parity".

use crate::count::Group;
use crate::error::Error;
use crate::perm::Perm;
use crate::puzzle::Puzzle;
use crate::search;
use crate::state::State;
use std::collections::HashMap;

/// The verdict on a coloured state.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Reachable; `state` is one state with these colours (its permutation
    /// is an element of the group).
    Reachable {
        /// A state with these colours.
        state: State,
    },
    /// Not reachable, with a reason in words.
    Unreachable {
        /// Why, in words.
        reason: String,
    },
}

/// Checks colours (one per sticker position).
pub fn check(puzzle: &Puzzle, group: &Group, colours: &[u16]) -> Result<Verdict, Error> {
    if colours.len() != puzzle.degree() {
        return Err(Error::state(format!(
            "a state of {} has {} stickers, not {}",
            puzzle.name(),
            puzzle.degree(),
            colours.len()
        )));
    }
    let solved = puzzle.colours();
    if let Some(g) = search::transporter(&group.chain, &solved, colours)? {
        return Ok(Verdict::Reachable {
            state: State::from_perm(&g),
        });
    }
    let reason = explain(puzzle, colours).unwrap_or_else(|| {
        "no sequence of moves gives these colours (no single parity or orientation rule explains it)"
            .to_string()
    });
    Ok(Verdict::Unreachable { reason })
}

/// A place on the puzzle in words: the faces a piece's stickers lie on.
pub fn piece_place(puzzle: &Puzzle, piece: usize) -> String {
    let mut faces: Vec<usize> = puzzle.pieces[piece]
        .stickers
        .iter()
        .map(|&s| puzzle.stickers[s].face)
        .collect();
    faces.sort();
    faces.dedup();
    let names: Vec<&str> = faces
        .iter()
        .map(|&f| puzzle.geometry.faces[f].name.as_str())
        .collect();
    let sep = if names.iter().all(|n| n.len() == 1) {
        ""
    } else {
        "-"
    };
    names.join(sep)
}

/// An orbit of pieces in words.
fn orbit_name(puzzle: &Puzzle, orbit: usize) -> String {
    let o = &puzzle.orbits[orbit];
    let kind = match o.piece_size {
        1 => "single-sticker pieces".to_string(),
        k => format!("{k}-sticker pieces"),
    };
    format!(
        "the {} {kind} like the one at {}",
        o.pieces.len(),
        piece_place(puzzle, o.pieces[0])
    )
}

/// A piece's stickers in counterclockwise order around its centre, seen
/// from outside, starting from its first sticker.
fn cyclic(puzzle: &Puzzle, piece: usize) -> Vec<usize> {
    let p = &puzzle.pieces[piece];
    if p.stickers.len() <= 2 {
        return p.stickers.clone();
    }
    let axis = p.centre.unit();
    let first = puzzle.stickers[p.stickers[0]].centre;
    let e1 = (first - axis * first.dot(axis)).unit();
    let e2 = axis.cross(e1);
    let angle = |s: usize| {
        let c = puzzle.stickers[s].centre;
        c.dot(e2)
            .atan2(c.dot(e1))
            .rem_euclid(2.0 * std::f64::consts::PI)
    };
    let mut v = p.stickers.clone();
    v.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
    v
}

/// The invariants of a structure-preserving arrangement: per orbit of
/// pieces, permutation parity (mod 2) and twist sum (mod k), for the orbits
/// where they are defined.
struct Invariants {
    /// (orbit, is the twist sum (else the parity), modulus)
    coords: Vec<(usize, bool, u32)>,
    /// Per piece, its stickers in cyclic order.
    order: Vec<Vec<usize>>,
    /// Position of each sticker in its piece's cyclic order.
    label: Vec<usize>,
}

impl Invariants {
    fn new(puzzle: &Puzzle) -> Invariants {
        let order: Vec<Vec<usize>> = (0..puzzle.pieces.len())
            .map(|p| cyclic(puzzle, p))
            .collect();
        let mut label = vec![0; puzzle.degree()];
        for o in &order {
            for (i, &s) in o.iter().enumerate() {
                label[s] = i;
            }
        }
        let mut inv = Invariants {
            coords: vec![],
            order,
            label,
        };
        for (oi, o) in puzzle.orbits.iter().enumerate() {
            // Orbits of pieces: count each once (the orbit of its first sticker).
            if o.pieces.len() >= 2 && o.stickers.len() == o.pieces.len() * o.piece_size {
                inv.coords.push((oi, false, 2));
            }
            let k = o.piece_size as u32;
            // Twists are defined when every move shifts labels cyclically.
            let cyclic_ok = k >= 2
                && puzzle
                    .moves
                    .iter()
                    .all(|m| inv.twists(puzzle, &m.perm, oi).is_some());
            if cyclic_ok {
                inv.coords.push((oi, true, k));
            }
        }
        inv
    }

    /// The twist sum of `p` on orbit `oi`, if every piece turns by a
    /// cyclic shift.
    fn twists(&self, puzzle: &Puzzle, p: &Perm, oi: usize) -> Option<u32> {
        let o = &puzzle.orbits[oi];
        let k = o.piece_size;
        let mut sum = 0;
        for &pi in &o.pieces {
            let ord = &self.order[pi];
            let shift = (self.label[p.image(ord[0])] + k) % k;
            for (i, &s) in ord.iter().enumerate() {
                if self.label[p.image(s)] != (i + shift) % k {
                    return None;
                }
            }
            sum += shift;
        }
        Some((sum % k) as u32)
    }

    /// The parity of the piece permutation of `p` on orbit `oi`.
    fn parity(&self, puzzle: &Puzzle, p: &Perm, oi: usize) -> u32 {
        let o = &puzzle.orbits[oi];
        let mut seen = vec![false; puzzle.pieces.len()];
        let mut odd = 0;
        for &start in &o.pieces {
            if seen[start] {
                continue;
            }
            let mut len = 0;
            let mut x = start;
            while !seen[x] {
                seen[x] = true;
                len += 1;
                x = puzzle.stickers[p.image(puzzle.pieces[x].stickers[0])].piece;
            }
            odd += len - 1;
        }
        (odd % 2) as u32
    }

    fn vector(&self, puzzle: &Puzzle, p: &Perm) -> Vec<u32> {
        self.coords
            .iter()
            .map(|&(oi, twist, _)| {
                if twist {
                    self.twists(puzzle, p, oi).unwrap_or(0)
                } else {
                    self.parity(puzzle, p, oi)
                }
            })
            .collect()
    }
}

/// Matches every piece position with a piece showing its colours; the
/// arrangement as a permutation, or a reason why there is none. Look-alike
/// pieces (the two wings of a 4x4x4's edge show the same colours the other
/// way round) can match more than one position, so the positions are
/// matched to pieces as a whole (augmenting paths), not one by one.
fn arrangement(puzzle: &Puzzle, inv: &Invariants, colours: &[u16]) -> Result<Perm, String> {
    let face = |c: u16| puzzle.geometry.faces[c as usize].name.as_str();
    // The pieces whose stickers lie in the same orbits can take each
    // other's places (a 4x4x4's wings: a sticker in each of two orbits).
    let orbits_of = |p: usize| -> Vec<usize> {
        let mut o: Vec<usize> = puzzle.pieces[p]
            .stickers
            .iter()
            .map(|&s| puzzle.stickers[s].orbit)
            .collect();
        o.sort_unstable();
        o.dedup();
        o
    };
    let mut alike: HashMap<Vec<usize>, Vec<usize>> = HashMap::new();
    for p in 0..puzzle.pieces.len() {
        alike.entry(orbits_of(p)).or_default().push(p);
    }
    // Each piece's colours in its cyclic order, and as a sorted set.
    let want: Vec<Vec<u16>> = (0..puzzle.pieces.len())
        .map(|h| {
            inv.order[h]
                .iter()
                .map(|&s| puzzle.stickers[s].face as u16)
                .collect()
        })
        .collect();
    let sorted = |v: &[u16]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    let want_set: Vec<Vec<u16>> = want.iter().map(|w| sorted(w)).collect();
    // Per position: the pieces (and shifts) that show its colours.
    let mut fits: Vec<Vec<(usize, usize)>> = Vec::with_capacity(puzzle.pieces.len());
    for slot in 0..puzzle.pieces.len() {
        let shown: Vec<u16> = inv.order[slot].iter().map(|&s| colours[s]).collect();
        let shown_set = sorted(&shown);
        let mut same_set = false;
        let mut found = Vec::new();
        for &home in &alike[&orbits_of(slot)] {
            if want_set[home] != shown_set {
                continue;
            }
            same_set = true;
            let (w, k) = (&want[home], shown.len());
            found.extend(
                (0..k)
                    .filter(|&t| (0..k).all(|i| shown[(i + t) % k] == w[i]))
                    .map(|t| (home, t)),
            );
        }
        if found.is_empty() {
            let names = shown.iter().map(|&c| face(c)).collect::<Vec<_>>().join(" ");
            let place = piece_place(puzzle, slot);
            let elsewhere = want_set.contains(&shown_set);
            return Err(if same_set {
                format!(
                    "the piece at {place} shows {names}: no piece shows these colours in this order"
                )
            } else if elsewhere {
                format!(
                    "the piece at {place} shows {names}: the piece with these colours never moves there (a state of the puzzle turned in space?)"
                )
            } else {
                format!("the piece at {place} shows {names}: no piece has these colours")
            });
        }
        fits.push(found);
    }
    let matched = match_pieces(&fits, puzzle.pieces.len()).map_err(|slot| {
        let shown: Vec<&str> = inv.order[slot].iter().map(|&s| face(colours[s])).collect();
        format!(
            "the piece at {} shows {}: that piece appears more often than the puzzle has it",
            piece_place(puzzle, slot),
            shown.join(" ")
        )
    })?;
    let mut img = vec![u16::MAX; puzzle.degree()];
    for (slot, &(home, shift)) in matched.iter().enumerate() {
        let k = inv.order[home].len();
        for i in 0..k {
            img[inv.order[home][i]] = inv.order[slot][(i + shift) % k] as u16;
        }
    }
    Perm::from_images(img).ok_or_else(|| "the pieces do not fit together".to_string())
}

/// A piece (and shift) for every position, no piece twice, from the
/// choices `fits[slot]` (Kuhn's augmenting paths); else a position left
/// without one.
fn match_pieces(fits: &[Vec<(usize, usize)>], pieces: usize) -> Result<Vec<(usize, usize)>, usize> {
    // `owner[home]`: the position holding piece `home`, with its shift.
    let mut owner: Vec<Option<(usize, usize)>> = vec![None; pieces];
    for slot in 0..fits.len() {
        let mut seen = vec![false; pieces];
        if !augment(fits, slot, &mut owner, &mut seen) {
            return Err(slot);
        }
    }
    let mut out = vec![(usize::MAX, 0); fits.len()];
    for (home, o) in owner.iter().enumerate() {
        if let Some((slot, shift)) = *o {
            out[slot] = (home, shift);
        }
    }
    Ok(out)
}

/// Finds `slot` a piece, moving earlier positions to other pieces they fit.
/// An explicit stack: chains of look-alikes can be as long as an orbit.
fn augment(
    fits: &[Vec<(usize, usize)>],
    slot: usize,
    owner: &mut [Option<(usize, usize)>],
    seen: &mut [bool],
) -> bool {
    // Each frame: a position and the index of its next choice to try;
    // `path[i]`: the choice of frame `i` that led to frame `i + 1`.
    let mut stack: Vec<(usize, usize)> = vec![(slot, 0)];
    let mut path: Vec<(usize, usize)> = Vec::new();
    while let Some(top) = stack.last_mut() {
        let s = top.0;
        if top.1 >= fits[s].len() {
            stack.pop();
            path.pop();
            continue;
        }
        let (home, shift) = fits[s][top.1];
        top.1 += 1;
        if seen[home] {
            continue;
        }
        seen[home] = true;
        path.push((home, shift));
        match owner[home] {
            None => {
                // Every position on the path takes the piece it chose.
                for (frame, &(h, t)) in stack.iter().zip(&path) {
                    owner[h] = Some((frame.0, t));
                }
                return true;
            }
            Some((other, _)) => stack.push((other, 0)),
        }
    }
    false
}

/// The first violated invariant, on one or two coordinates.
fn explain(puzzle: &Puzzle, colours: &[u16]) -> Option<String> {
    let inv = Invariants::new(puzzle);
    let p = match arrangement(puzzle, &inv, colours) {
        Ok(p) => p,
        Err(reason) => return Some(reason),
    };
    let state = inv.vector(puzzle, &p);
    let moduli: Vec<u32> = inv.coords.iter().map(|c| c.2).collect();
    let mut gens: Vec<Vec<u32>> = puzzle
        .moves
        .iter()
        .map(|m| inv.vector(puzzle, &m.perm))
        .collect();
    // What the colours cannot see: exchanging two identical pieces flips
    // their orbit's parity; a piece with a repeated colour hides its twist.
    for (ci, &(oi, twist, _)) in inv.coords.iter().enumerate() {
        let o = &puzzle.orbits[oi];
        let looks: Vec<Vec<usize>> = o
            .pieces
            .iter()
            .map(|&pi| {
                let mut l: Vec<usize> = puzzle.pieces[pi]
                    .stickers
                    .iter()
                    .map(|&s| puzzle.stickers[s].face)
                    .collect();
                l.sort();
                l
            })
            .collect();
        let hidden = if twist {
            looks.iter().any(|l| l.windows(2).any(|w| w[0] == w[1]))
        } else {
            (0..looks.len()).any(|i| (0..i).any(|j| looks[i] == looks[j]))
        };
        if hidden {
            let mut e = vec![0; inv.coords.len()];
            e[ci] = 1;
            gens.push(e);
        }
    }
    let describe = |ci: usize, v: u32| -> String {
        let (oi, twist, m) = inv.coords[ci];
        if twist {
            format!(
                "the twists of {} add up to {v} (mod {m})",
                orbit_name(puzzle, oi)
            )
        } else {
            format!(
                "{} are in an {} permutation",
                orbit_name(puzzle, oi),
                if v == 1 { "odd" } else { "even" }
            )
        }
    };
    let k = inv.coords.len();
    for (ci, &value) in state.iter().enumerate().take(k) {
        let span = span_of(&gens, &[ci], &moduli);
        if !span.contains(&vec![value]) {
            let allowed: Vec<String> = span.iter().map(|v| v[0].to_string()).collect();
            return Some(format!(
                "{}; moves keep it at {}",
                describe(ci, value),
                allowed.join(" or ")
            ));
        }
    }
    for ci in 0..k {
        for cj in ci + 1..k {
            let span = span_of(&gens, &[ci, cj], &moduli);
            if !span.contains(&vec![state[ci], state[cj]]) {
                let (a, b) = (inv.coords[ci], inv.coords[cj]);
                if !a.1 && !b.1 && span.len() == 2 && span.contains(&vec![1, 1]) {
                    return Some(format!(
                        "{} and {} must be permuted with the same parity; here one is odd and the other even",
                        orbit_name(puzzle, a.0),
                        orbit_name(puzzle, b.0)
                    ));
                }
                return Some(format!(
                    "{}, and {}: moves never give these two together",
                    describe(ci, state[ci]),
                    describe(cj, state[cj])
                ));
            }
        }
    }
    None
}

/// The sums of the generators' values on some coordinates (a subgroup of
/// a small product of cyclic groups), by closure.
fn span_of(gens: &[Vec<u32>], coords: &[usize], moduli: &[u32]) -> Vec<Vec<u32>> {
    let mut seen = vec![vec![0u32; coords.len()]];
    let mut i = 0;
    while i < seen.len() {
        for g in gens {
            let v: Vec<u32> = coords
                .iter()
                .enumerate()
                .map(|(j, &c)| (seen[i][j] + g[c]) % moduli[c])
                .collect();
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        i += 1;
    }
    seen.sort();
    seen
}
