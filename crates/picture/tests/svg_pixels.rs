//! The SVG pictures, looked at: each is rasterized with resvg and the pixel
//! at every cell's centre must have the color of the piece the solution
//! puts there (or the empty-cell color), for every lattice. Also: the SVG
//! is well-formed XML, and one small puzzle's SVG matches a committed
//! snapshot.

use picture::svg::{self, BACKGROUND, EMPTY_FILL, EMPTY_OPTIONAL, HATCH, Rgb};
use polyform::{CellKind, Placement, Puzzle, encode, file};
use resvg::tiny_skia;
use std::path::{Path, PathBuf};

pub(crate) fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

/// Rasterizes an SVG at its own size.
fn raster(svg: &str) -> tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .expect("resvg parses the SVG");
    let size = tree.size().to_int_size();
    let mut pm = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pm.as_mut());
    pm
}

fn pixel(pm: &tiny_skia::Pixmap, (x, y): (f64, f64)) -> Rgb {
    let p = pm.pixel(x as u32, y as u32).expect("inside the picture");
    assert_eq!(p.alpha(), 255, "opaque background");
    Rgb(p.red(), p.green(), p.blue())
}

fn close(a: Rgb, b: Rgb) -> bool {
    (a.0 as i32 - b.0 as i32).abs() <= 3
        && (a.1 as i32 - b.1 as i32).abs() <= 3
        && (a.2 as i32 - b.2 as i32).abs() <= 3
}

/// Is `c` a blend of `a` and `b` (each channel between theirs)? Edges of
/// the hatching are anti-aliased.
fn between(c: Rgb, a: Rgb, b: Rgb) -> bool {
    let in_range = |c: u8, a: u8, b: u8| {
        let (c, a, b) = (c as i32, a as i32, b as i32);
        a.min(b) - 6 <= c && c <= a.max(b) + 6
    };
    in_range(c.0, a.0, b.0) && in_range(c.1, a.1, b.1) && in_range(c.2, a.2, b.2)
}

/// `c` under the hatching of pre-placed pieces.
fn hatched(c: Rgb) -> Rgb {
    let (h, a) = HATCH;
    let m = |x: u8, y: u8| (x as f64 * (1.0 - a) + y as f64 * a).round() as u8;
    Rgb(m(c.0, h.0), m(c.1, h.1), m(c.2, h.2))
}

/// Checks the pixel at every board cell of a picture of `placements`.
pub(crate) fn check_picture(puzzle: &Puzzle, placements: &[Placement]) {
    let pic = svg::solution(puzzle, placements, "test").unwrap();
    roxmltree::Document::parse(&pic.svg).expect("well-formed XML");
    let pm = raster(&pic.svg);
    let colors = svg::placement_colors(puzzle, placements);
    let mut checked = 0;
    for &(c, kind) in puzzle.board.cells() {
        let at = pic.centre(c).expect("every board cell is drawn");
        let got = pixel(&pm, at);
        let owner = placements.iter().position(|p| p.cells.contains(&c));
        let ok = match owner {
            Some(i) if puzzle.fixed.contains(&placements[i]) => {
                between(got, colors[i], hatched(colors[i]))
            }
            Some(i) => close(got, colors[i]),
            None => close(
                got,
                match kind {
                    CellKind::Fill => EMPTY_FILL,
                    CellKind::Optional => EMPTY_OPTIONAL,
                },
            ),
        };
        assert!(
            ok,
            "{}: cell {c:?} at {at:?} is {got}, wanted piece {:?}",
            puzzle.name,
            owner.map(|i| (&puzzle.pieces[placements[i].piece].name, colors[i]))
        );
        assert_ne!(got, BACKGROUND);
        checked += 1;
    }
    assert_eq!(checked, puzzle.board.len());
    // Pieces that touch have different colors (the palette keeps
    // neighbours apart), unless the file names the same color for both.
    for (i, p) in placements.iter().enumerate() {
        for (j, q) in placements.iter().enumerate().skip(i + 1) {
            let touch = p.cells.iter().any(|&a| {
                q.cells
                    .iter()
                    .any(|&b| polyform::space::adjacent(puzzle.lattice, a, b))
            });
            let named =
                puzzle.pieces[p.piece].color.is_some() && puzzle.pieces[q.piece].color.is_some();
            if touch && !named {
                assert_ne!(
                    colors[i], colors[j],
                    "{}: touching pieces {i}, {j}",
                    puzzle.name
                );
            }
        }
    }
}

/// The first solution of a puzzle file, placements including fixed ones.
pub(crate) fn first_solution(puzzle: &Puzzle) -> Vec<Placement> {
    let enc = encode(puzzle).unwrap();
    let sol = dlx::Solver::new(&enc.matrix).first(1);
    assert_eq!(sol.len(), 1, "{} has a solution", puzzle.name);
    enc.decode(puzzle, &sol[0])
}

#[test]
fn every_lattice_colors_each_cell_by_its_piece() {
    for rel in [
        "pentominoes/8x8-minus-centre.toml",  // square, with a hole
        "copies/l-trominoes-6x6.toml",        // copies: greedy colors
        "soma/cube.toml",                     // cubic
        "tetrahexes/7x4-parallelogram.toml",  // hex
        "hexiamonds/6x6-rhombus.toml",        // triangle
        "kanoodle/pyramid.toml",              // fcc-square
        "kanoodle-extreme/challenge-01.toml", // fcc-triangle, pre-placed pieces
        "kanoodle/5x11.toml",
    ] {
        let puzzle = file::load(&data(rel)).unwrap();
        let sol = first_solution(&puzzle);
        check_picture(&puzzle, &sol);
        // The board alone: empty cells and pre-placed pieces.
        check_picture(&puzzle, &puzzle.fixed.clone());
    }
}

#[test]
fn optional_cells_and_show_pictures() {
    let text = r###"
lattice = "square"
[board]
art = """
#+#
###
"""
[[piece]]
name = "L"
symbol = "L"
art = """
##
.#
"""
color = "orange"
[[piece]]
name = "I"
symbol = "I"
art = "##"
"###;
    let puzzle = file::parse_puzzle(Path::new("opt.toml"), text).unwrap();
    assert_eq!(puzzle.pieces[0].color, Some(Rgb(255, 0xa5, 0)));
    let enc = encode(&puzzle).unwrap();
    for sol in dlx::Solver::new(&enc.matrix).first(10) {
        check_picture(&puzzle, &enc.decode(&puzzle, &sol));
    }
    check_picture(&puzzle, &[]);
    let all = svg::overview(&puzzle).unwrap();
    roxmltree::Document::parse(&all.svg).unwrap();
}

#[test]
fn bad_color_is_an_error_with_its_line() {
    let text = "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"D\"\nsymbol = \"D\"\nart = \"##\"\ncolor = \"blurple\"\n";
    let e = file::parse_puzzle(Path::new("bad.toml"), text)
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad.toml:8") && e.contains("blurple"), "{e}");
}

/// The snapshot: the first solution of the 2x2 two-dominoes puzzle. To
/// update after a deliberate change, run with `UPDATE_SNAPSHOTS=1`.
#[test]
fn snapshot_of_a_small_puzzle() {
    let puzzle = file::load(&data("copies/two-dominoes-2x2.toml")).unwrap();
    let sol = first_solution(&puzzle);
    let got = svg::solution(&puzzle, &sol, "two dominoes, solution 1")
        .unwrap()
        .svg;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/two-dominoes.svg");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).expect("the committed snapshot");
    assert_eq!(got, want, "SVG differs from {}", path.display());
}

/// Writes PNGs of a few pictures for a person to look at:
/// `SVG_PNG_DIR=/tmp/pngs cargo test -p polycover-picture --test main svg_pixels -- --ignored`.
#[test]
#[ignore]
fn write_pngs() {
    let dir = PathBuf::from(std::env::var("SVG_PNG_DIR").unwrap_or("/tmp/svg-png".into()));
    std::fs::create_dir_all(&dir).unwrap();
    for rel in [
        "pentominoes/6x10.toml",
        "soma/cube.toml",
        "kanoodle/pyramid.toml",
        "kanoodle-extreme/pyramid.toml",
        "kanoodle-extreme/challenge-01.toml",
        "tetrahexes/7x4-parallelogram.toml",
        "hexiamonds/6x6-rhombus.toml",
        "dominoes/8x8.toml",
    ] {
        let puzzle = file::load(&data(rel)).unwrap();
        let sol = first_solution(&puzzle);
        let name = rel.replace('/', "-").replace(".toml", "");
        let pic = svg::solution(&puzzle, &sol, &puzzle.name).unwrap();
        raster(&pic.svg)
            .save_png(dir.join(format!("{name}.png")))
            .unwrap();
        std::fs::write(dir.join(format!("{name}.svg")), &pic.svg).unwrap();
        let all = svg::overview(&puzzle).unwrap();
        raster(&all.svg)
            .save_png(dir.join(format!("{name}-show.png")))
            .unwrap();
    }
    // The examples in docs/.
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    for e in std::fs::read_dir(docs).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "svg") {
            let text = std::fs::read_to_string(&p).unwrap();
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            raster(&text)
                .save_png(dir.join(format!("docs-{stem}.png")))
                .unwrap();
        }
    }
}

/// A caption wider than its piece widens the picture (it was clipped, and in the overview it ran
/// under the next piece): Helvetica's lower-case letters average about 0.55 em, so a picture
/// narrower than that for its caption cuts it off.
#[test]
fn long_captions_fit_their_pictures() {
    let text = r####"
lattice = "square"
[board]
art = "###"
[[piece]]
name = "a monomino with a long descriptive name"
symbol = "M"
art = "#"
[[piece]]
name = "domino"
symbol = "D"
art = "##"
"####;
    let puzzle = file::parse_puzzle(Path::new("caption.toml"), text).unwrap();
    let name = &puzzle.pieces[0].name;
    let pic = svg::piece(&puzzle, 0, name).unwrap();
    let doc = roxmltree::Document::parse(&pic.svg).unwrap();
    let text = doc
        .descendants()
        .find(|n| n.has_tag_name("text"))
        .expect("a caption");
    let x: f64 = text.attribute("x").unwrap().parse().unwrap();
    let size: f64 = text.attribute("font-size").unwrap().parse().unwrap();
    let needed = x + name.chars().count() as f64 * size * 0.55;
    assert!(pic.width >= needed, "{} < {needed}", pic.width);
    let root = doc.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    assert!((width - pic.width).abs() < 0.1, "{width} {}", pic.width);
    // In the overview the next piece starts after the caption.
    let all = svg::overview(&puzzle).unwrap();
    let doc = roxmltree::Document::parse(&all.svg).unwrap();
    let xs: Vec<f64> = doc
        .descendants()
        .filter_map(|n| n.attribute("transform"))
        .filter_map(|t| {
            t.strip_prefix("translate(")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert_eq!(xs.len(), 2, "{xs:?}");
    assert!(xs[1] >= needed || xs[1] == 0.0, "{xs:?}");
}

/// A control character in the puzzle's or a piece's name (a TOML string may
/// hold one) is not copied into the SVG, which XML 1.0 would then forbid:
/// the solution, the overview and each piece's picture parse as XML.
#[test]
fn control_characters_in_names_keep_the_svg_well_formed() {
    let text = "name = \"A \\u0001 test\"\nlattice = \"square\"\n[board]\nsize = [2, 1]\n\
                [[piece]]\nname = \"D\\u001b\"\nsymbol = \"D\"\nart = \"##\"\n";
    let puzzle = file::parse_puzzle(Path::new("ctl.toml"), text).unwrap();
    let enc = encode(&puzzle).unwrap();
    let sol = dlx::Solver::new(&enc.matrix).first(1).remove(0);
    let placements = enc.decode(&puzzle, &sol);
    let limits = polyform::Limits::default();
    for svg in [
        svg::solution(&puzzle, &placements, &puzzle.name)
            .unwrap()
            .svg,
        svg::overview(&puzzle).unwrap().svg,
        svg::piece_with(&puzzle, 0, &puzzle.pieces[0].name, &limits)
            .unwrap()
            .svg,
    ] {
        roxmltree::Document::parse(&svg).expect("well-formed XML");
        assert!(!svg.contains('\u{1}') && !svg.contains('\u{1b}'), "{svg}");
    }
}
