//! BurrTools' assembly count, from polycover's search.
//!
//! BurrTools (its `assembler_0.cpp`, and the user guide's "Rotation
//! Removal") reports each assembly once per orbit under a group `B`:
//! * the rotations that map the result shape onto itself (filled voxels
//!   onto filled ones, variable onto variable), always;
//! * and the result's reflections too, when every piece is its own mirror
//!   image or has a mirror partner among the pieces ("mirror check");
//!   otherwise mirror images are kept apart.
//!
//! Its pieces only rotate, in 3D. A one-layer puzzle read as 2D (square or
//! triangle lattice) turns pieces over by half turns about lines in the
//! plane, which are rotations of space: there `B` is the whole plane
//! group of the board.
//!
//! polycover's group `G` ([`puzzle_group`]) is the same group: a reflection
//! belongs to `G` exactly when it carries every piece to itself or to its
//! mirror twin (with the same count). So BurrTools' count is polycover's
//! distinct count `D`; the one difference is a twin with a different count,
//! which BurrTools pairs anyway (its "mirror paradox") and polycover does
//! not. With `T` polycover's total: `T = sum over orbits of |G| / |Stab|`,
//! so `D = T / |G|` when no solution is symmetric, and `D > T / |G|`
//! otherwise.
//!
//! [`burrtools_group`] builds `B` by BurrTools' own rule (independently of
//! [`puzzle_group`]'s piece test), and [`action`] gives it (or, for
//! another [`GroupChoice`], that subgroup) as permutations of the options,
//! for the one counting entry ([`orbits::count`]). With colour
//! constraints BurrTools' result symmetries keep the colours of the
//! result's voxels too (a neutral voxel is not a coloured one); [`action`]
//! keeps the elements that do, and that map every option (a placement the
//! colours allow) to an option.

use orbits::Action;
use polyform::encode::Encoding;
use polyform::lattice::Lattice;
use polyform::puzzle::Puzzle;
use polyform::shape::Shape;
use polyform::symmetry::{Group, GroupChoice, OptionImages, chosen_group, puzzle_group};

/// The mirror image of a piece's cells, normalized.
fn mirror(lattice: &dyn Lattice, cells: &Shape) -> Shape {
    let reflection = lattice
        .symmetries()
        .iter()
        .find(|s| !s.proper)
        .expect("every lattice has a reflection");
    cells.transformed(reflection).normalized(lattice)
}

/// BurrTools' mirror check: is every piece its own mirror image (up to
/// rotation), or paired with another piece that is its mirror image? Pairs
/// are formed greedily in piece order, as BurrTools does; counts are not
/// compared.
pub fn mirror_closed(puzzle: &Puzzle) -> bool {
    let lattice = puzzle.lattice();
    if lattice.dimension() == 2 {
        // Turning a piece over is a rotation of space.
        return !puzzle.one_sided;
    }
    let n = puzzle.pieces.len();
    let mut partner = vec![false; n];
    for i in 0..n {
        if partner[i] {
            continue;
        }
        let m = mirror(lattice, &puzzle.pieces[i].cells);
        if puzzle.pieces[i].orientations.contains(&m) {
            continue;
        }
        match (i + 1..n).find(|&j| !partner[j] && puzzle.pieces[j].orientations.contains(&m)) {
            Some(j) => {
                partner[i] = true;
                partner[j] = true;
            }
            None => return false,
        }
    }
    true
}

/// The group BurrTools removes from its assembly count: the elements of the
/// puzzle's group that are rotations of space, and its reflections when
/// [`mirror_closed`].
pub fn burrtools_group(puzzle: &Puzzle) -> Group {
    let keep_mirrors = mirror_closed(puzzle);
    let planar = puzzle.lattice().dimension() == 2;
    let mut g = puzzle_group(puzzle);
    g.elements
        .retain(|e| e.point.proper || planar || keep_mirrors);
    g
}

/// The group of a BurrTools puzzle acting on its options: for
/// [`GroupChoice::Full`], BurrTools' own group [`burrtools_group`], so that
/// the distinct count is the number BurrTools reports as assemblies
/// (`burrTxt -q`); for the others, that subgroup of the puzzle's group.
/// Elements that do not keep the result's colours, or that map an allowed
/// placement to a forbidden one, are left out.
pub fn action(puzzle: &Puzzle, enc: &Encoding, choice: GroupChoice) -> Result<Action, String> {
    let mut group = match choice {
        GroupChoice::Full => burrtools_group(puzzle),
        other => chosen_group(puzzle, other),
    };
    let images = OptionImages::new(enc);
    let perms: Vec<Vec<u32>> = if let Some(colors) = &puzzle.colors {
        // BurrTools' result symmetries keep the colours of the result's
        // voxels; and the elements kept must map every option (a placement
        // the colours allow) to an option, so that they map solutions to
        // solutions. Both are subgroups. The permutation of each element
        // kept is the one its test made.
        let color = |c| colors.board.get(&c).copied().unwrap_or(0);
        let (elements, perms) = std::mem::take(&mut group.elements)
            .into_iter()
            .filter(|g| {
                puzzle
                    .board
                    .cells()
                    .iter()
                    .all(|&(c, _)| color(g.apply(c)) == color(c))
            })
            .filter_map(|g| images.perm(&g).ok().map(|p| (g, p)))
            .unzip();
        group.elements = elements;
        perms
    } else {
        images.perms(&group.elements)?
    };
    // Pieces present once that every element keeps: their options, one of
    // which each solution holds, are mapped onto themselves.
    let mut by_piece: Vec<Vec<u32>> = vec![Vec::new(); puzzle.pieces.len()];
    for (k, p) in enc.placements.iter().enumerate() {
        by_piece[p.piece].push(k as u32);
    }
    let candidates: Vec<Vec<u32>> = puzzle
        .pieces
        .iter()
        .enumerate()
        .filter(|(i, p)| p.count.is_one() && group.elements.iter().all(|g| g.pieces[*i] == *i))
        .map(|(i, _)| std::mem::take(&mut by_piece[i]))
        .collect();
    // A group of one element is no symmetry, as polyform's action says
    // (never "the 1 symmetries").
    let description = match choice {
        _ if perms.len() <= 1 => "no symmetry".into(),
        GroupChoice::Full => format!(
            "BurrTools' {} symmetries of the result (rotations{})",
            perms.len(),
            if mirror_closed(puzzle) {
                " and reflections"
            } else {
                ""
            }
        ),
        GroupChoice::Rotations => format!("the {} rotations of the result", perms.len()),
        GroupChoice::None => "no symmetry".into(),
    };
    Ok(Action {
        description,
        perms,
        candidates,
    })
}
