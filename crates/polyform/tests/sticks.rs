//! Stick puzzles against an independent oracle: a plain search that cuts a
//! set of grid segments into single sticks and pairs of sticks meeting at a
//! point, classified by the angle between them, and keeps the ways where no
//! two pieces cross (written from the definition: at a point, one piece's
//! directions separate two of another's). It knows nothing of the crate's
//! coordinates, joints or encoding; polycover's count of the same puzzle
//! (the board given as `cells`, the pieces drawn) must agree, on random
//! boards of the square and the triangular grid.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

type Pt = (i32, i32);
/// A segment: its two end points, the smaller first.
type Seg = (Pt, Pt);

/// The unit steps of a grid round a point, in cyclic order.
const SQUARE: [Pt; 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const TRIANGLE: [Pt; 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

fn seg(a: Pt, b: Pt) -> Seg {
    if a < b { (a, b) } else { (b, a) }
}

/// The direction (index into `steps`) from `p` along segment `s`.
fn dir(steps: &[Pt], p: Pt, s: Seg) -> usize {
    let q = if s.0 == p { s.1 } else { s.0 };
    let d = (q.0 - p.0, q.1 - p.1);
    steps.iter().position(|&x| x == d).unwrap()
}

/// Piece kinds: 0 a single stick; k two sticks at a point whose
/// directions there are k steps apart (k = 1 ..= n / 2).
fn kind(steps: &[Pt], a: Seg, b: Seg) -> Option<usize> {
    let p = [a.0, a.1].into_iter().find(|&p| p == b.0 || p == b.1)?;
    let n = steps.len();
    let (da, db) = (dir(steps, p, a), dir(steps, p, b));
    let k = (da + n - db) % n;
    Some(k.min(n - k))
}

/// Does some piece cross another at some point? (`pieces`: segment lists.)
fn crossing(steps: &[Pt], pieces: &[Vec<Seg>]) -> bool {
    let n = steps.len();
    let mut at: HashMap<Pt, Vec<u32>> = HashMap::new();
    for piece in pieces {
        let mut masks: HashMap<Pt, u32> = HashMap::new();
        for &s in piece {
            for p in [s.0, s.1] {
                *masks.entry(p).or_default() |= 1 << dir(steps, p, s);
            }
        }
        for (p, m) in masks {
            at.entry(p).or_default().push(m);
        }
    }
    for masks in at.values() {
        for &a in masks {
            for &b in masks {
                if a == b || a.count_ones() < 2 || b.count_ones() < 2 {
                    continue;
                }
                // Walk round from a direction of `a`: the gaps of `a` that
                // hold a direction of `b`.
                let first = (0..n).find(|&d| a >> d & 1 == 1).unwrap();
                let (mut gap, mut seen) = (0, Vec::new());
                for k in 1..=n {
                    let d = (first + k) % n;
                    if a >> d & 1 == 1 {
                        gap += 1;
                    } else if b >> d & 1 == 1 && !seen.contains(&gap) {
                        seen.push(gap);
                    }
                }
                if seen.len() > 1 {
                    return true;
                }
            }
        }
    }
    false
}

/// The ways to cut `board` into pieces of the kinds allowed, `most[kind]`
/// at most of each (`None`: any number), with no crossing.
fn oracle(steps: &[Pt], board: &[Seg], most: &[Option<usize>]) -> u64 {
    fn go(
        steps: &[Pt],
        left: &mut Vec<Seg>,
        used: &mut Vec<usize>,
        most: &[Option<usize>],
        pieces: &mut Vec<Vec<Seg>>,
    ) -> u64 {
        let Some(&s) = left.iter().min() else {
            return u64::from(!crossing(steps, pieces));
        };
        left.retain(|&x| x != s);
        let mut total = 0;
        let mut choices: Vec<(usize, Vec<Seg>)> = vec![(0, vec![s])];
        for &t in left.iter() {
            if let Some(k) = kind(steps, s, t) {
                choices.push((k, vec![s, t]));
            }
        }
        for (k, piece) in choices {
            if most[k].is_some_and(|m| used[k] >= m) {
                continue;
            }
            let before = left.clone();
            left.retain(|x| !piece.contains(x));
            used[k] += 1;
            pieces.push(piece);
            total += go(steps, left, used, most, pieces);
            pieces.pop();
            used[k] -= 1;
            *left = before;
        }
        left.push(s);
        total
    }
    let mut left = board.to_vec();
    go(
        steps,
        &mut left,
        &mut vec![0; most.len()],
        most,
        &mut vec![],
    )
}

/// The segments of the grid with both ends in `points`.
fn segments(steps: &[Pt], points: &[Pt]) -> Vec<Seg> {
    let mut out = vec![];
    for &p in points {
        for &s in steps {
            let q = (p.0 + s.0, p.1 + s.1);
            if points.contains(&q) && p < q {
                out.push(seg(p, q));
            }
        }
    }
    out.sort();
    out
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// polycover's count of the puzzle: the board as `cells` (a segment's
/// coordinates are its two ends added), the pieces drawn in `art`.
fn polycover(lattice: &str, board: &[Seg], pieces: &[(&str, Option<usize>)]) -> u128 {
    let cells: Vec<String> = board
        .iter()
        .map(|&(a, b)| format!("[{}, {}]", a.0 + b.0, a.1 + b.1))
        .collect();
    let mut text = format!(
        "lattice = \"{lattice}\"\n[board]\ncells = [{}]\n",
        cells.join(", ")
    );
    for (i, (art, most)) in pieces.iter().enumerate() {
        let count = match most {
            None => "\"unlimited\"".to_string(),
            Some(m) => format!("\"0..{m}\""),
        };
        text += &format!(
            "[[piece]]\nname = \"p{i}\"\nsymbol = \"{i}\"\ncount = {count}\nart = '''\n{art}\n'''\n"
        );
    }
    let puzzle = polyform::file::parse_puzzle(Path::new("sticks.toml"), &text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let enc = polyform::encode(&puzzle).unwrap();
    dlx::Solver::new(&enc.matrix).count()
}

fn random_trials(steps: &[Pt], region: &[Pt], lattice: &str, arts: &[&str], seed: u64) {
    let all = segments(steps, region);
    let mut rng = Rng(seed);
    let mut checked = BTreeMap::new(); // boards by count: 1, 2-9, 10-99, ...
    for trial in 0..40 {
        let board: Vec<Seg> = all
            .iter()
            .copied()
            .filter(|_| !rng.next().is_multiple_of(4))
            .collect();
        if board.is_empty() {
            continue;
        }
        // Single sticks without limit, so that every board can be filled
        // (an area too large for the pieces is refused before any search).
        let most: Vec<Option<usize>> = (0..arts.len())
            .map(|i| match rng.next() % 3 {
                _ if i == 0 => None,
                0 => None,
                k => Some(k as usize),
            })
            .collect();
        let want = oracle(steps, &board, &most);
        let pieces: Vec<(&str, Option<usize>)> = arts.iter().copied().zip(most.clone()).collect();
        let got = polycover(lattice, &board, &pieces);
        assert_eq!(got, u128::from(want), "trial {trial}: {board:?} {most:?}");
        *checked.entry(want.to_string().len()).or_insert(0) += 1;
    }
    assert!(checked.values().sum::<i32>() >= 30, "{checked:?}");
}

#[test]
fn polysticks_agree_with_the_oracle() {
    // Single stick; two at a right angle; two in a line.
    let arts = ["+-+", "+-+\n  |\n  +", "+-+-+"];
    let region: Vec<Pt> = (0..3).flat_map(|y| (0..4).map(move |x| (x, y))).collect();
    random_trials(&SQUARE, &region, "polysticks", &arts, 0x5eed_0001);
}

#[test]
fn polytrigs_agree_with_the_oracle() {
    // Single stick; two at 60°; two at 120°; two in a line.
    let arts = [
        "*---*",
        "*---*\n   /\n  *",
        "*---*\n     \\\n      *",
        "*---*---*",
    ];
    // The hexagon of side 1 and one more point: 7 + 1 points.
    let region: Vec<Pt> = vec![
        (0, 0),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (1, -1),
        (2, -1),
    ];
    random_trials(&TRIANGLE, &region, "polytrigs", &arts, 0x5eed_0002);
}

#[test]
fn the_kinds_of_pairs_match_the_drawings() {
    // The oracle's kinds: pairs k steps apart; on the square grid a right
    // angle is 1 step and a line 2, on the triangular grid 60° is 1, 120° 2
    // and a line 3.
    let p = (0, 0);
    let a = seg(p, (1, 0));
    assert_eq!(kind(&SQUARE, a, seg(p, (0, 1))), Some(1));
    assert_eq!(kind(&SQUARE, a, seg(p, (-1, 0))), Some(2));
    assert_eq!(kind(&TRIANGLE, a, seg(p, (0, 1))), Some(1));
    assert_eq!(kind(&TRIANGLE, a, seg(p, (-1, 1))), Some(2));
    assert_eq!(kind(&TRIANGLE, a, seg(p, (-1, 0))), Some(3));
    assert_eq!(kind(&TRIANGLE, a, seg((5, 5), (6, 5))), None);
}

fn parse_err(text: &str) -> String {
    polyform::file::parse_puzzle(Path::new("bad.toml"), text)
        .err()
        .unwrap_or_else(|| panic!("accepted:\n{text}"))
        .to_string()
}

#[test]
fn bad_stick_files_name_line_and_problem() {
    let piece = "[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncount = \"unlimited\"\nart = \"+-+\"\n";
    // A `-` where a vertical segment goes: the drawing is shifted.
    let e = parse_err(&format!(
        "lattice = \"polysticks\"\n[board]\nart = '''\n+-+\n  -\n'''\n{piece}"
    ));
    assert!(
        e.contains("bad.toml:5:") && e.contains("`-` at column 3 is where a `|`"),
        "{e}"
    );
    // A mark between the positions of the triangular grid.
    let e = parse_err(&format!(
        "lattice = \"polytrigs\"\n[board]\nart = '''\n*---*\n  /\n'''\n{piece}"
    ));
    assert!(
        e.contains("bad.toml:5:") && e.contains("no cell of the polytrigs lattice"),
        "{e}"
    );
    // Shapes the lattice has no faces for, and `region` off the sticks.
    let e = parse_err(&format!(
        "lattice = \"polysticks\"\n[board]\nhexagon = 2\n{piece}"
    ));
    assert!(e.contains("not on polysticks"), "{e}");
    let e = parse_err(&format!(
        "lattice = \"square\"\n[board]\nregion = \"##\"\n{piece}"
    ));
    assert!(
        e.contains("`region` draws the faces of a stick board"),
        "{e}"
    );
    // A square piece on a stick board.
    let e = parse_err(
        "lattice = \"polysticks\"\n[board]\nsize = [2, 2]\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncells = [[0, 0]]\n",
    );
    assert!(e.contains("bad.toml:"), "{e}");
}

#[test]
fn boards_from_faces_have_the_published_sizes() {
    let count = |board: &str, lattice: &str, art: &str| {
        let text = format!(
            "lattice = \"{lattice}\"\n[board]\n{board}\n[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncount = \"unlimited\"\nart = '''\n{art}\n'''\n"
        );
        let p = polyform::file::parse_puzzle(Path::new("b.toml"), &text).unwrap();
        p.board.cells().len()
    };
    // The 5 x 5 grid: 2 * 5 * 6 segments; the Aztec diamond of order 3: 60
    // (15 tetrasticks); order 5: 140 (35 tetrasticks, Wassermann's board).
    assert_eq!(count("size = [5, 5]", "polysticks", "+-+"), 60);
    assert_eq!(count("aztec = 3", "polysticks", "+-+"), 60);
    assert_eq!(count("aztec = 5", "polysticks", "+-+"), 140);
    // The triangle of side n has 3 n (n + 1) / 2 edges, the hexagon of
    // side n 3 n (3 n + 1).
    assert_eq!(count("triangle = 4", "polytrigs", "*---*"), 30);
    assert_eq!(count("hexagon = 2", "polytrigs", "*---*"), 42);
    // Hexagons: 6 edges, 7 in a flower share 12 inner ones: 30.
    assert_eq!(count("hexagon = 1", "polytwigs", " /"), 6);
    assert_eq!(count("hexagon = 2", "polytwigs", " /"), 30);
    assert_eq!(count("region = '''\n##\n'''", "polysticks", "+-+"), 7);
}

/// `cells` sorted and moved by the lattice's translation that takes the least to its canonical
/// place: one list for every translate of a shape.
fn translated_home(
    l: &dyn polyform::lattice::Lattice,
    mut cells: Vec<polyform::lattice::Cell>,
) -> Vec<polyform::lattice::Cell> {
    cells.sort();
    let t = l.canonical_translation(cells[0]);
    cells
        .iter()
        .map(|c| [c[0] + t[0], c[1] + t[1], 0])
        .collect()
}

/// The free polysticks (polytrigs, polytwigs) of `n` segments: connected
/// sets (segments joined when they share an end) counted once under the
/// lattice's symmetries and translations.
fn free_count(kind: polyform::lattice::LatticeKind, n: usize) -> usize {
    use polyform::lattice::Cell;
    use std::collections::BTreeSet;
    let l = kind.lattice();
    let canon = |cells: &BTreeSet<Cell>| -> Vec<Cell> {
        l.symmetries()
            .iter()
            .map(|s| translated_home(l, cells.iter().map(|&c| s.apply(c)).collect()))
            .min()
            .unwrap()
    };
    let near: Vec<Cell> = (-3..4)
        .flat_map(|a| (-3..4).map(move |b| [a, b, 0]))
        .collect();
    let mut level: BTreeSet<Vec<Cell>> = [vec![[1, 0, 0]]].into_iter().collect();
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &level {
            let set: BTreeSet<Cell> = shape.iter().copied().collect();
            for &c in shape {
                for d in &near {
                    let e = [c[0] + d[0], c[1] + d[1], 0];
                    if l.is_cell(e) && !set.contains(&e) && polyform::space::adjacent(kind, c, e) {
                        let mut grown = set.clone();
                        grown.insert(e);
                        next.insert(canon(&grown));
                    }
                }
            }
        }
        level = next;
    }
    level.len()
}

#[test]
fn free_sticks_are_counted_as_published() {
    use polyform::lattice::LatticeKind::*;
    // OEIS A019918 (polysticks), A159867 (polytrigs), A019522 (polytwigs).
    let counts = |k, upto| (1..=upto).map(|n| free_count(k, n)).collect::<Vec<_>>();
    assert_eq!(counts(Polysticks, 5), [1, 2, 5, 16, 55]);
    assert_eq!(counts(Polytrigs, 4), [1, 3, 12, 60]);
    assert_eq!(counts(Polytwigs, 6), [1, 1, 3, 4, 12, 27]);
}

#[test]
fn the_stick_sets_hold_every_free_piece_once() {
    use polyform::lattice::Cell;
    use std::collections::BTreeSet;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/sets");
    // (set, lattice, pieces, segments each): counts as in OEIS A019918,
    // A159867, A019522 (free polysticks, polytrigs, polytwigs).
    let sets = [
        ("tetrasticks.toml", "polysticks", "size = [4, 4]", 16, 4),
        ("pentasticks.toml", "polysticks", "size = [8, 8]", 55, 5),
        ("tritrigs.toml", "polytrigs", "triangle = 3", 12, 3),
        ("tetratwigs.toml", "polytwigs", "hexagon = 1", 4, 4),
        ("pentatwigs.toml", "polytwigs", "hexagon = 2", 12, 5),
    ];
    for (set, lattice, board, n, size) in sets {
        let text = format!(
            "lattice = \"{lattice}\"\n[board]\n{board}\n[[use]]\nset = \"{}\"\ncount = \"0..1\"\n",
            root.join(set).display()
        );
        let p = polyform::file::parse_puzzle(Path::new("sets.toml"), &text).unwrap();
        let l = p.lattice();
        let forms: BTreeSet<Vec<Cell>> = p
            .pieces
            .iter()
            .map(|piece| {
                assert_eq!(piece.size(), size, "{set}: {}", piece.name);
                piece
                    .orientations
                    .iter()
                    .map(|o| translated_home(l, o.cells().to_vec()))
                    .min()
                    .unwrap()
            })
            .collect();
        assert_eq!((p.pieces.len(), forms.len()), (n, n), "{set}");
    }
}

#[test]
fn a_piece_placed_in_advance_keeps_its_joints() {
    // A passes straight through the middle point; a vertical pair there
    // would cross it, so only the two single sticks finish the board.
    let text = "lattice = \"polysticks\"\n[board]\nart = '''\n+ + +\n  |\n+A+A+\n  |\n+ + +\n'''\n\
        [[piece]]\nname = \"A\"\nsymbol = \"A\"\nart = \"+-+-+\"\n\
        [[piece]]\nname = \"B\"\nsymbol = \"B\"\ncount = \"0..1\"\nart = '''\n+\n|\n+\n|\n+\n'''\n\
        [[piece]]\nname = \"m\"\nsymbol = \"m\"\ncount = \"unlimited\"\nart = \"+-+\"\n";
    let p = polyform::file::parse_puzzle(Path::new("fixed.toml"), text).unwrap();
    assert_eq!(p.fixed.len(), 1);
    let enc = polyform::encode(&p).unwrap();
    assert_eq!(dlx::Solver::new(&enc.matrix).count(), 1);
    // Not placed in advance, A lies across or stands upright, and B never
    // crosses it: 2 ways. (Were A's joints forgotten once it is placed, B
    // could stand upright through it: 2 ways above as well.)
    let free = text.replace("+A+A+", "+-+-+");
    let p = polyform::file::parse_puzzle(Path::new("free.toml"), &free).unwrap();
    let enc = polyform::encode(&p).unwrap();
    assert_eq!(dlx::Solver::new(&enc.matrix).count(), 2);
}

#[test]
fn a_position_drawn_further_right_is_moved_onto_the_board() {
    let text = "lattice = \"polysticks\"\n[board]\nsize = [1, 1]\n\
        [[piece]]\nname = \"m\"\nsymbol = \"m\"\ncount = \"unlimited\"\nart = \"+-+\"\n";
    let p = polyform::file::parse_puzzle(Path::new("one.toml"), text).unwrap();
    // Two columns right of the board's own art: a translation of it.
    let drawn = "  +m+\n  m m\n  +-+\n";
    let placed = polyform::file::place_drawing(&p, Path::new("pos.txt"), drawn).unwrap();
    assert_eq!(placed.fixed.len(), 3);
    // One column right is not a translation of the grid: refused.
    assert!(polyform::file::place_drawing(&p, Path::new("pos.txt"), " +m+\n m m\n +-+\n").is_err());
}
