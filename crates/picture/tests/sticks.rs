//! Pictures of sticks on the three stick grids: each segment of a piece is
//! one stroke between the right two points (lengths and directions read
//! off the art's characters, not the drawing code), every segment's
//! middle has its piece's color, and every grid point of the board gets
//! a dot.

use crate::svg_pixels::{check_picture, data, first_solution};
use picture::svg;
use polyform::lattice::{LatticeKind, direction};
use polyform::{Puzzle, file};
use std::path::Path;

/// Polytrigs: a triangle of side 2 (4 triangles, 9 segments, 6 points)
/// filled with tritrigs, each once at most.
const TRIGS: &str = r#"
name = "tritrigs"
lattice = "polytrigs"
[board]
triangle = 2
[[piece]]
name = "I"
symbol = "I"
count = "0..1"
art = "*---*---*---*"
[[piece]]
name = "J"
symbol = "J"
count = "0..1"
art = """
*---*---*
 \\
  *
"""
[[piece]]
name = "A"
symbol = "A"
count = "0..1"
art = """
*---*
 \\ /
  *
"""
[[piece]]
name = "Z"
symbol = "Z"
count = "0..1"
art = """
    *---*
   /
  *---*
"""
[[piece]]
name = "Y"
symbol = "Y"
count = "0..1"
art = """
*---*---*
     \\
      *
"""
[[piece]]
name = "C"
symbol = "C"
count = "0..1"
art = """
*---*---*
   /
  *
"""
"#;

/// Polytwigs: a hexagon of side 2 (7 hexagons, 30 twigs, 24 points)
/// filled with copies of two tritwigs.
const TWIGS: &str = r#"
name = "tritwigs"
lattice = "polytwigs"
[board]
hexagon = 2
[[piece]]
name = "A"
symbol = "A"
count = "unlimited"
art = """
 / \\
|
"""
[[piece]]
name = "W"
symbol = "W"
count = "unlimited"
art = " / \\ /"
"#;

fn puzzles() -> Vec<(Puzzle, usize)> {
    vec![
        (
            file::load(&data("sticks/tetrasticks-5x5-without-H.toml")).unwrap(),
            36,
        ),
        (
            file::parse_puzzle(Path::new("trigs.toml"), TRIGS).unwrap(),
            6,
        ),
        (
            file::parse_puzzle(Path::new("twigs.toml"), TWIGS).unwrap(),
            24,
        ),
    ]
}

/// Half a segment of direction class `d` in pixels, from the art: sticks
/// 40 pixels long (`-` across, `|` down), trigs 40 (`-`, `\` down and
/// right at 60°, `/` down and left), twigs 64 / sqrt(3) (`|`, `/` up
/// and right at 30°, `\` down and right).
fn half(kind: LatticeKind, d: usize) -> (f64, f64) {
    let h3 = 3f64.sqrt() / 2.0;
    let (l, v) = match kind {
        LatticeKind::Polysticks => (40.0, [(1.0, 0.0), (0.0, 1.0)][d.min(1)]),
        LatticeKind::Polytrigs => (40.0, [(1.0, 0.0), (0.5, h3), (-0.5, h3)][d]),
        _ => (64.0 / 3f64.sqrt(), [(0.0, 1.0), (h3, -0.5), (h3, 0.5)][d]),
    };
    (v.0 * l / 2.0, v.1 * l / 2.0)
}

/// The segments (`M x y L x y`) of an SVG path's `d`.
fn segments(d: &str) -> Vec<[(f64, f64); 2]> {
    d.split('M')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let v: Vec<f64> = s
                .split(['L', ' '])
                .map(|x| x.parse().expect("a number"))
                .collect();
            assert_eq!(v.len(), 4, "one segment per subpath: {s}");
            [(v[0], v[1]), (v[2], v[3])]
        })
        .collect()
}

#[test]
fn each_segment_is_one_stroke_between_its_points() {
    for (puzzle, points) in puzzles() {
        let sol = first_solution(&puzzle);
        let pic = svg::solution(&puzzle, &sol, "test").unwrap();
        let doc = roxmltree::Document::parse(&pic.svg).unwrap();
        let colors = svg::placement_colors(&puzzle, &sol);
        let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() + (a.1 - b.1).abs() < 0.25;
        // Copies may share a color: compare each color's strokes with the
        // segments of all the placements in it.
        let mut by_color: Vec<(svg::Rgb, Vec<polyform::lattice::Cell>)> = vec![];
        for (p, &color) in sol.iter().zip(&colors) {
            match by_color.iter_mut().find(|(c, _)| *c == color) {
                Some((_, cells)) => cells.extend(&p.cells),
                None => by_color.push((color, p.cells.clone())),
            }
        }
        for (color, cells) in by_color {
            // The pieces' strokes in their color, round-ended.
            let mut drawn: Vec<[(f64, f64); 2]> = vec![];
            for e in doc
                .descendants()
                .filter(|e| e.attribute("stroke") == Some(color.to_string().as_str()))
            {
                assert_eq!(e.attribute("stroke-linecap"), Some("round"));
                drawn.extend(segments(e.attribute("d").unwrap()));
            }
            assert_eq!(drawn.len(), cells.len(), "{}: {color}", puzzle.name);
            for &c in &cells {
                let m = pic.centre(c).unwrap();
                let h = half(puzzle.lattice, direction(c));
                let (a, b) = ((m.0 - h.0, m.1 - h.1), (m.0 + h.0, m.1 + h.1));
                assert!(
                    drawn
                        .iter()
                        .any(|s| near(s[0], a) && near(s[1], b) || near(s[0], b) && near(s[1], a)),
                    "{}: segment {c:?} from {a:?} to {b:?} not drawn in {drawn:?}",
                    puzzle.name
                );
            }
        }
        // One dot (a closed subpath) per grid point of the board.
        let dots = doc
            .descendants()
            .filter(|e| e.attribute("fill") == Some("#333333"))
            .map(|e| e.attribute("d").unwrap().matches('M').count())
            .sum::<usize>();
        assert_eq!(dots, points, "{}", puzzle.name);
    }
}

#[test]
fn each_segment_has_its_piece_color() {
    for (puzzle, _) in puzzles() {
        let sol = first_solution(&puzzle);
        check_picture(&puzzle, &sol);
        // The empty board, and the board with one piece on it.
        check_picture(&puzzle, &[]);
        check_picture(&puzzle, &sol[..1]);
        let all = svg::overview(&puzzle).unwrap();
        roxmltree::Document::parse(&all.svg).unwrap();
    }
}
