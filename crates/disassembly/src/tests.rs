//! Disassemblies derived by hand, and a brute-force oracle on small random
//! assemblies.

use super::*;
use std::collections::{HashMap, HashSet, VecDeque};

fn cubic() -> Disassembler {
    Disassembler::new(LatticeKind::Cubic)
}

fn piece(cells: &[Cell]) -> AssemblyPiece {
    AssemblyPiece::new(cells.to_vec())
}

fn level(d: &Disassembler, pieces: &[AssemblyPiece]) -> Option<String> {
    d.disassemble(pieces)
        .expect("analysed")
        .map(|s| s.level().to_string())
}

/// A solid box `0..x` by `0..y` by `0..z` without the cells `holes`.
fn block(x: i32, y: i32, z: i32, holes: &[Cell]) -> Vec<Cell> {
    let mut out = vec![];
    for k in 0..z {
        for j in 0..y {
            for i in 0..x {
                if !holes.contains(&[i, j, k]) {
                    out.push([i, j, k]);
                }
            }
        }
    }
    out
}

#[test]
fn side_by_side_bars_come_apart_in_one_move() {
    let bar = |y| piece(&[[0, y, 0], [1, y, 0], [2, y, 0]]);
    assert_eq!(level(&cubic(), &[bar(0), bar(1)]).as_deref(), Some("1"));
    // Three bars: the first separation takes one, the other two part in
    // one move too: the level stays 1.
    assert_eq!(
        level(&cubic(), &[bar(0), bar(1), bar(2)]).as_deref(),
        Some("1")
    );
}

#[test]
fn one_piece_does_not_come_apart() {
    assert_eq!(level(&cubic(), &[piece(&[[0, 0, 0]])]), None);
    assert_eq!(level(&cubic(), &[]), None);
}

#[test]
fn a_cube_in_a_closed_box_is_stuck() {
    let b = [2, 2, 2];
    let shell = block(5, 5, 5, &[b]);
    assert_eq!(level(&cubic(), &[piece(&shell), piece(&[b])]), None);
}

/// A 5x5x5 block with a tunnel that turns: the cube at the centre steps
/// once along +x into the tunnel's corner, then leaves along +y. By hand:
/// no piece can leave at the start (the cube is walled in but for +x, where
/// the block stops it after one step; the block cannot leave either), so
/// two moves, the second the removal: level 2.
fn tunnel() -> Vec<AssemblyPiece> {
    let b = [2, 2, 2];
    let tunnel = [[3, 2, 2], [3, 3, 2], [3, 4, 2]];
    let mut holes = vec![b];
    holes.extend(tunnel);
    vec![piece(&block(5, 5, 5, &holes)), piece(&[b])]
}

#[test]
fn a_cube_follows_a_turning_tunnel() {
    let d = cubic();
    let s = d.disassemble(&tunnel()).unwrap().expect("comes apart");
    assert_eq!(s.level().to_string(), "2");
    assert_eq!(s.moves.len(), 2);
    // The cube (piece 1) moves, one step along +x.
    assert_eq!(s.moves[0].pieces, vec![1]);
    assert_eq!(d.motion().step(s.moves[0].direction), [1, 0, 0]);
    assert_eq!(s.moves[0].steps, Some(1));
    // Then a piece leaves along y.
    assert_eq!(s.moves[1].steps, None);
    assert_eq!(d.motion().step(s.moves[1].direction)[1].abs(), 1);
}

/// The tunnel's search holds two positions (the start, and the cube one
/// step along +x, from where it leaves): a limit of one refuses it, two
/// lets it through.
#[test]
fn a_search_over_its_position_limit_is_refused() {
    let d = cubic().with_max_positions(1);
    assert_eq!(
        d.disassemble(&tunnel()).unwrap_err(),
        DisassemblyError::TooManyPositions(1)
    );
    assert_eq!(
        level(&cubic().with_max_positions(2), &tunnel()).as_deref(),
        Some("2")
    );
}

/// A set stop flag ends a search at its first look (Ctrl-C during a long
/// disassembly); a clear one changes nothing.
#[test]
fn a_search_gives_up_once_the_stop_flag_is_set() {
    let flag = Arc::new(AtomicBool::new(true));
    let d = cubic().with_stop(flag.clone());
    assert_eq!(
        d.disassemble(&tunnel()).unwrap_err(),
        DisassemblyError::Stopped
    );
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(level(&d, &tunnel()).as_deref(), Some("2"));
}

#[test]
fn the_heavier_piece_stays_put() {
    let d = cubic();
    let mut pieces = tunnel();
    // By default the block (piece 0, listed first) is the one found to
    // leave; weighed down, it stays and the cube leaves instead.
    let s = d.disassemble(&pieces).unwrap().unwrap();
    assert_eq!(s.removed_pieces(), &[0]);
    pieces[0].weight = 2;
    let s = d.disassemble(&pieces).unwrap().unwrap();
    assert_eq!(s.removed_pieces(), &[1]);
    assert_eq!(s.level().to_string(), "2");
}

#[test]
fn pieces_of_one_group_need_not_part() {
    // A cube shut in a box, and a bar beside the box: the bar slides away,
    // then box and cube are stuck.
    let b = [2, 2, 2];
    let mut pieces = vec![
        piece(&block(5, 5, 5, &[b])),
        piece(&[b]),
        piece(&[[5, 0, 0], [5, 1, 0]]),
    ];
    let d = cubic();
    assert_eq!(level(&d, &pieces), None);
    // Box and cube in one group (glued, as far as the puzzle is concerned):
    // once the bar is gone nothing is left to do.
    pieces[0].group = Some(1);
    pieces[1].group = Some(1);
    let s = d.disassemble(&pieces).unwrap().unwrap();
    assert_eq!(s.level().to_string(), "1");
    assert_eq!(s.removed_pieces(), &[2]);
    assert!(s.left.is_none() && s.removed.is_none());
    // Different groups do not help.
    pieces[1].group = Some(2);
    assert_eq!(level(&d, &pieces), None);
}

#[test]
fn levels_read_print_and_compare() {
    let l: Level = "98.2.4.2".parse().unwrap();
    assert_eq!(l.to_string(), "98.2.4.2");
    let small: Level = "4.9.3".parse().unwrap();
    let ten: Level = "10".parse().unwrap();
    assert!(small < ten && ten < l);
    assert!("1.0".parse::<Level>().is_err());
    assert!("x".parse::<Level>().is_err());
    assert!("".parse::<Level>().is_err());
}

#[test]
fn the_level_leaves_out_branches_of_single_moves() {
    let mv = |n: usize| -> Vec<Move> {
        (0..n)
            .map(|i| Move {
                pieces: vec![0],
                direction: 0,
                steps: (i + 1 < n).then_some(1),
            })
            .collect()
    };
    let leaf = |n| Separation {
        pieces: vec![0, 1],
        moves: mv(n),
        left: None,
        removed: None,
    };
    // 3, then a left part taking 1 and a removed part taking 2: 3.2.
    let s = Separation {
        pieces: vec![0, 1, 2, 3],
        moves: mv(3),
        left: Some(Box::new(leaf(1))),
        removed: Some(Box::new(leaf(2))),
    };
    assert_eq!(s.level().to_string(), "3.2");
    // Left before removed: 3.4.2.
    let s = Separation {
        left: Some(Box::new(leaf(4))),
        ..s
    };
    assert_eq!(s.level().to_string(), "3.4.2");
}

// ---- The oracle -------------------------------------------------------

/// A tiny random generator (xorshift), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random assembly that may interlock: a box whose shell, with a few
/// random openings, is piece 0, and whose inside is cut into `k - 1`
/// connected pieces grown from random seeds, a few cells left empty so
/// that pieces can shift inside before they find a way out.
fn random_assembly(rng: &mut Rng, k: usize) -> Vec<Vec<Cell>> {
    let dims = [
        4 + rng.below(2) as i32,
        4 + rng.below(2) as i32,
        3 + rng.below(2) as i32,
    ];
    let all = block(dims[0], dims[1], dims[2], &[]);
    let inside = |c: &Cell| (0..3).all(|i| c[i] > 0 && c[i] < dims[i] - 1);
    let mut shell: Vec<Cell> = all.iter().copied().filter(|c| !inside(c)).collect();
    for _ in 0..3 + rng.below(8) {
        let i = rng.below(shell.len());
        shell.remove(i);
    }
    let cells: Vec<Cell> = all.iter().copied().filter(inside).collect();
    let mut owner: HashMap<Cell, usize> = HashMap::new();
    let mut seeds = 0;
    while seeds < k - 1 {
        let c = cells[rng.below(cells.len())];
        if let std::collections::hash_map::Entry::Vacant(e) = owner.entry(c) {
            e.insert(seeds + 1);
            seeds += 1;
        }
    }
    let nbrs = |c: Cell| {
        [
            [1, 0, 0],
            [-1, 0, 0],
            [0, 1, 0],
            [0, -1, 0],
            [0, 0, 1],
            [0, 0, -1],
        ]
        .map(|d| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
    };
    // Grow: a random owned cell claims a random free neighbour; two to five
    // cells stay empty.
    let target = cells.len().saturating_sub(2 + rng.below(4)).max(k - 1);
    let mut tries = 0;
    while owner.len() < target && tries < 10_000 {
        tries += 1;
        let owned: Vec<(Cell, usize)> = owner.iter().map(|(&c, &p)| (c, p)).collect();
        let (c, p) = owned[rng.below(owned.len())];
        let n = nbrs(c)[rng.below(6)];
        if cells.contains(&n) && !owner.contains_key(&n) {
            owner.insert(n, p);
        }
    }
    let mut pieces = vec![shell];
    pieces.extend(vec![vec![]; k - 1]);
    for (c, p) in owner {
        pieces[p].push(c);
    }
    pieces.iter_mut().for_each(|p| p.sort());
    pieces
}

/// The fewest moves that separate some group of pieces from the rest, by
/// brute force: breadth first over the offsets of pieces 1.. relative to
/// piece 0, a move being any group not holding piece 0 sliding one or more
/// unit steps along an axis (each step into free cells), a removal a group
/// that slides out of reach of the rest. `None`: no separation.
fn oracle_first_separation(pieces: &[Vec<Cell>]) -> Option<usize> {
    let k = pieces.len();
    let dirs: [Cell; 6] = [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
    ];
    let extent: i32 = 8;
    let occupied = |offs: &[Cell], group: u32, shift: Cell| -> bool {
        // Does the group, shifted by `shift`, overlap a piece outside it?
        let mut rest: HashSet<Cell> = HashSet::new();
        for (i, p) in pieces.iter().enumerate() {
            if group >> i & 1 == 0 {
                for c in p {
                    rest.insert([c[0] + offs[i][0], c[1] + offs[i][1], c[2] + offs[i][2]]);
                }
            }
        }
        pieces.iter().enumerate().any(|(i, p)| {
            group >> i & 1 == 1
                && p.iter().any(|c| {
                    rest.contains(&[
                        c[0] + offs[i][0] + shift[0],
                        c[1] + offs[i][1] + shift[1],
                        c[2] + offs[i][2] + shift[2],
                    ])
                })
        })
    };
    let start: Vec<Cell> = vec![[0, 0, 0]; k];
    let mut seen: HashSet<Vec<Cell>> = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0usize)]);
    while let Some((offs, depth)) = queue.pop_front() {
        for group in 1u32..(1 << k) - 1 {
            // Groups with piece 0 are the same motions as their complements.
            if group & 1 == 1 {
                continue;
            }
            for d in dirs {
                let mut m = 1;
                loop {
                    let shift = [d[0] * m, d[1] * m, d[2] * m];
                    if occupied(&offs, group, shift) {
                        break;
                    }
                    if m > extent {
                        // Out of reach: nothing stopped it this far.
                        return Some(depth + 1);
                    }
                    let mut next = offs.clone();
                    for (i, o) in next.iter_mut().enumerate() {
                        if group >> i & 1 == 1 {
                            *o = [o[0] + shift[0], o[1] + shift[1], o[2] + shift[2]];
                        }
                    }
                    if seen.insert(next.clone()) {
                        queue.push_back((next, depth + 1));
                    }
                    m += 1;
                }
            }
        }
    }
    None
}

#[test]
fn random_small_assemblies_agree_with_the_oracle() {
    let d = cubic();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut seen_levels: HashSet<String> = HashSet::new();
    let mut stuck = 0;
    for round in 0..400 {
        let k = 2 + round % 2;
        let cells = random_assembly(&mut rng, k);
        if cells.iter().any(|p| p.is_empty()) {
            continue;
        }
        let pieces: Vec<AssemblyPiece> = cells.iter().map(|c| piece(c)).collect();
        let ours = d.disassemble(&pieces).unwrap();
        let best = oracle_first_separation(&cells);
        match (&ours, best) {
            (Some(s), Some(b)) => {
                assert_eq!(s.moves.len(), b, "round {round}: {cells:?}");
                seen_levels.insert(s.level().to_string());
            }
            (None, None) => stuck += 1,
            // With two pieces a separation is the end: it must be found.
            // With three, the first one's part of two may be stuck.
            (None, Some(_)) => assert_eq!(k, 3, "round {round}: {cells:?}"),
            (Some(_), None) => {
                panic!("round {round}: a separation the oracle cannot find: {cells:?}")
            }
        }
    }
    // The sample is not trivial: levels above 1, and stuck assemblies.
    assert!(seen_levels.len() >= 3, "{seen_levels:?}");
    assert!(stuck >= 10, "{stuck} stuck");
}

/// A block of cells of `lattice` (coordinates within `r`, layers within
/// `h`) around a tunnel that a one-cell piece at `start` follows out:
/// `legs` straight runs (direction, unit steps), the last one out of the
/// block. The tunnel holds every cell the piece sweeps on its way.
/// Returns the block's cells and the piece's.
fn tunnel_block(
    lattice: LatticeKind,
    r: i32,
    h: i32,
    start: Cell,
    legs: &[(usize, u32)],
) -> [Vec<Cell>; 2] {
    let m = Motion::of(lattice);
    let l = lattice.lattice();
    // Cells that can be in the way of a step: within two steps' reach
    // (in the plane, and one layer up or down on flat lattices).
    let longest = (0..m.directions())
        .map(|d| m.step(d).iter().map(|x| x.abs()).max().unwrap())
        .max()
        .unwrap();
    let (reach, layers) = if h < r {
        (6, 1)
    } else {
        (2 * longest, 2 * longest)
    };
    let mut tunnel: HashSet<Cell> = HashSet::from([start]);
    let mut p = start;
    let inside = |c: Cell| c[0].abs() <= r && c[1].abs() <= r && c[2].abs() <= h;
    for &(d, n) in legs {
        let step = m.step(d);
        let mut k = 0;
        while k < n || (n == 0 && inside(p)) {
            // The cells swept by one unit step: those a blocking cell
            // could occupy (see `Motion::limit`, both senses).
            for b in l_near(l, p, reach, layers) {
                if blocks(&m, p, b, d) {
                    tunnel.insert(b);
                }
            }
            p = [p[0] + step[0], p[1] + step[1], p[2] + step[2]];
            tunnel.insert(p);
            k += 1;
        }
    }
    let mut block = Vec::new();
    for x in -r..=r {
        for y in -r..=r {
            for z in -h..=h {
                let c = [x, y, z];
                if l.is_cell(c) && !tunnel.contains(&c) {
                    block.push(c);
                }
            }
        }
    }
    [block, vec![start]]
}

/// The cells of `l` within `r` of `c` in x and y, and within `rz` in z.
fn l_near(l: &dyn polyform::lattice::Lattice, c: Cell, r: i32, rz: i32) -> Vec<Cell> {
    let mut out = Vec::new();
    for x in -r..=r {
        for y in -r..=r {
            for z in -rz..=rz {
                let b = [c[0] + x, c[1] + y, c[2] + z];
                if l.is_cell(b) {
                    out.push(b);
                }
            }
        }
    }
    out
}

/// Does a cell at `b` stop a cell at `c` making one unit step in
/// direction `d`?
fn blocks(m: &Motion, c: Cell, b: Cell, d: usize) -> bool {
    let lim = |a: Cell, b: Cell| m.limit(&m.lines(&[a]), &m.lines(&[b]), [0; 3], d / 2);
    lim(c, b) == 0 && d.is_multiple_of(2) || d % 2 == 1 && lim(b, c) == 0
}

/// A prism follows a three-legged tunnel out of a block of prisms, in
/// every orientation of the assembly alike (the model and the search are
/// symmetric).
#[test]
fn prisms_come_apart_alike_in_every_orientation() {
    use polyform::lattice::Lattice;
    let l = polyform::lattice::Prism;
    let start = l.cell_at(0, 0, 0).unwrap();
    let [block, piece_cells] =
        tunnel_block(LatticeKind::Prism, 15, 2, start, &[(2, 2), (4, 2), (7, 0)]);
    let d = Disassembler::new(LatticeKind::Prism);
    let want = level(&d, &[piece(&block), piece(&piece_cells)]);
    assert_eq!(want.as_deref(), Some("3"));
    for g in l.symmetries() {
        let image = |cs: &[Cell]| cs.iter().map(|&c| g.apply(c)).collect::<Vec<_>>();
        let got = level(&d, &[piece(&image(&block)), piece(&image(&piece_cells))]);
        assert_eq!(got, want, "{g:?}");
    }
}

/// The fewest moves (straight runs of unit steps in one direction) that
/// take a one-cell piece at `start` out of the bounding box of `block`,
/// which stays put, each step checked on its own: an oracle for the level
/// of a two-piece assembly, by breadth-first search over the piece's
/// positions.
fn escape_moves(m: &Motion, block: &[Cell], start: Cell) -> Option<usize> {
    let lines = m.lines(block);
    let (mut lo, mut hi) = (block[0], block[0]);
    for c in block {
        for i in 0..3 {
            lo[i] = lo[i].min(c[i]);
            hi[i] = hi[i].max(c[i]);
        }
    }
    let outside = |c: Cell| (0..3).any(|i| c[i] < lo[i] || c[i] > hi[i]);
    // A step of the piece at q against axis a is blocked when the block,
    // stepping along a, would be stopped by the piece.
    let free = |q: Cell, d: usize| {
        if d.is_multiple_of(2) {
            m.limit(&m.lines(&[q]), &lines, [0; 3], d / 2) > 0
        } else {
            m.limit(&lines, &m.lines(&[q]), [0; 3], d / 2) > 0
        }
    };
    let mut seen = HashSet::from([start]);
    let mut layer = vec![start];
    for moves in 1.. {
        let mut next = Vec::new();
        for &p in &layer {
            for d in 0..m.directions() {
                let step = m.step(d);
                let mut q = p;
                while free(q, d) {
                    q = [q[0] + step[0], q[1] + step[1], q[2] + step[2]];
                    if outside(q) {
                        return Some(moves);
                    }
                    if seen.insert(q) {
                        next.push(q);
                    }
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        layer = next;
    }
    unreachable!()
}

/// On the lattices of the cube's symmetry, a one-cell piece follows a
/// tunnel out of a block along a face diagonal, a cube axis and a body
/// diagonal, in every orientation of the assembly alike, in as few moves
/// as a search over its positions finds.
#[test]
fn cells_of_the_cube_lattices_follow_a_tunnel_in_every_orientation() {
    for (kind, start, r) in [
        (LatticeKind::FccSquare, [0, 0, 0], 6),
        (LatticeKind::TetraOcta, [3, 3, 3], 30),
        (LatticeKind::RhombicUnits, [2, 1, 0], 20),
    ] {
        let l = kind.lattice();
        // Two steps along the first face diagonal, two along x, out along
        // the first body diagonal, against it.
        let [block, piece_cells] = tunnel_block(kind, r, r, start, &[(0, 2), (12, 2), (19, 0)]);
        let d = Disassembler::new(kind);
        let want = level(&d, &[piece(&block), piece(&piece_cells)]);
        let moves = escape_moves(&Motion::of(kind), &block, start).expect("a way out");
        assert!(moves > 1, "{kind}: the tunnel is no tunnel");
        assert_eq!(want, Some(moves.to_string()), "{kind}");
        for g in l.symmetries() {
            let image = |cs: &[Cell]| cs.iter().map(|&c| g.apply(c)).collect::<Vec<_>>();
            let got = level(&d, &[piece(&image(&block)), piece(&image(&piece_cells))]);
            assert_eq!(got, want, "{kind}: {g:?}");
        }
    }
}

/// Cached shapes keep the kinds of their cells: a piece of triangular
/// prisms is stored relative to a lattice translation, so its local cells
/// are prisms pointing the same ways. (They once were stored relative to
/// their least cell, which is no translation: the swept cells were then
/// a wrong kind's, and Prisgon's levels depended on the orientation.)
#[test]
fn cached_prism_shapes_keep_their_kinds() {
    use polyform::lattice::{Lattice, Prism, points_up};
    let m = Motion::of(LatticeKind::Prism);
    let mut cache = cache::Cache::new();
    for (row, col) in [(0, 0), (0, 1), (3, 4), (-2, 7)] {
        let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 1), (1, 2)]
            .iter()
            .map(|&(r, c)| Prism.cell_at(1, row + r, col + c).unwrap())
            .collect();
        let (id, origin) = cache.shape_of(&m, &cells);
        assert!(Prism.is_translation(origin), "{origin:?}");
        let mut back: Vec<Cell> = cache.shapes[id as usize]
            .iter()
            .map(|c| [c[0] + origin[0], c[1] + origin[1], c[2] + origin[2]])
            .collect();
        back.sort_unstable();
        let mut want = cells.clone();
        want.sort_unstable();
        assert_eq!(back, want);
        for c in &cache.shapes[id as usize] {
            assert!(Prism.is_cell(*c), "{c:?}");
        }
        assert_eq!(
            cache.shapes[id as usize]
                .iter()
                .filter(|c| points_up(**c))
                .count(),
            cells.iter().filter(|c| points_up(**c)).count()
        );
    }
}
