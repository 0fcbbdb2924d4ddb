//! Tests of BurrTools files in and out.
//!
//! Every expected assembly count below is what BurrTools' own solver
//! reported on the very file named (BurrTools 0.7.1, its command-line
//! solver `burrTxt -q -o N FILE`, built from its public source and run on
//! the development machine; nothing of BurrTools is in this repository).
//! The files in `tests/burr/` are ours: `bricks`, `spheres`, `prisms`,
//! `colors` and `coloured-result` were written by hand, the others are `export`s of catalog puzzles.

use super::*;
use orbits::{self, Counted, SerialSearch, Want};
use polyform::encode::encode;
use polyform::lattice::LatticeKind;
use polyform::symmetry::GroupChoice;

/// Counts a puzzle under its BurrTools group (`Full`) or another choice,
/// by the one counting entry.
fn count_under(p: &Puzzle, enc: &polyform::encode::Encoding, choice: GroupChoice) -> Counted {
    let a = action(p, enc, choice).unwrap();
    orbits::count(&enc.matrix, &a, Want::Distinct, true, &mut SerialSearch).unwrap()
}
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/burr")
        .join(name)
}

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

/// BurrTools' count for problem `n` (1-based) of a fixture, and
/// polycover's total.
fn assemblies(file: &str, n: usize) -> (u128, u128) {
    let b = load(&fixture(file), Some(&ProblemSelector::Index(n))).unwrap();
    let enc = encode(&b.puzzle).unwrap();
    let d = count_under(&b.puzzle, &enc, GroupChoice::Full);
    let (n, distinct) = d.small().unwrap();
    (distinct.unwrap(), n)
}

#[test]
fn hand_written_bricks_match_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q -o 0/1/2) on tests/burr/bricks.xmpuzzle:
    // 3, 316 and 1 assemblies.
    // Left and right screws and an L: the mirror check applies (the screws
    // are each other's mirror image), so reflections are removed too.
    assert_eq!(assemblies("bricks.xmpuzzle", 1).0, 3);
    // Variable voxels and count ranges (1..4 L tricubes, 0..3 dominoes).
    assert_eq!(assemblies("bricks.xmpuzzle", 2).0, 316);
    // One screw without its twin: only rotations are removed.
    assert_eq!(assemblies("bricks.xmpuzzle", 3).0, 1);
}

#[test]
fn hand_written_spheres_match_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q -o 0..3) on tests/burr/spheres.xmpuzzle:
    // 1, 1, 1 and 10 assemblies.
    for (n, want) in [(1, 1), (2, 1), (3, 1), (4, 10)] {
        assert_eq!(assemblies("spheres.xmpuzzle", n).0, want, "problem {n}");
    }
    let b = load(
        &fixture("spheres.xmpuzzle"),
        Some(&ProblemSelector::Index(1)),
    )
    .unwrap();
    assert_eq!(b.puzzle.lattice, LatticeKind::FccSquare);
    assert_eq!(b.grid, GridType::Sphere);
    assert_eq!(b.puzzle.board.len(), 14);
}

#[test]
fn hand_written_prisms_match_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q -o 0..2) on tests/burr/prisms.xmpuzzle:
    // 3, 1 and 0 assemblies.
    for (n, want) in [(1, 3), (2, 1), (3, 0)] {
        assert_eq!(assemblies("prisms.xmpuzzle", n).0, want, "problem {n}");
    }
    let b = load(
        &fixture("prisms.xmpuzzle"),
        Some(&ProblemSelector::Index(2)),
    )
    .unwrap();
    assert_eq!(b.puzzle.lattice, LatticeKind::Triangle);
    // A triangle of side 4 has the 6 symmetries of a triangle.
    assert_eq!(burrtools_group(&b.puzzle).order(), 6);
}

#[test]
fn hand_written_prism_layers_match_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q -o 0..2, built from its public source,
    // 2026-11-25) on tests/burr/prism-layers.xmpuzzle: 3, 0 and 20
    // assemblies.
    for (n, want) in [(1, 3), (2, 0), (3, 20)] {
        assert_eq!(
            assemblies("prism-layers.xmpuzzle", n).0,
            want,
            "problem {n}"
        );
    }
    let b = load(
        &fixture("prism-layers.xmpuzzle"),
        Some(&ProblemSelector::Index(1)),
    )
    .unwrap();
    assert_eq!(b.puzzle.lattice, LatticeKind::Prism);
    assert_eq!(b.puzzle.board.len(), 16);
}

#[test]
fn prism_toml_and_export_match_burrtools() {
    // The same problem drawn in polycover's format (pieces without mirror
    // images, so the puzzle's group is BurrTools'): burrTxt's 20.
    let p = polyform::file::load(&fixture("prism-two-corners.toml")).unwrap();
    assert_eq!(p.lattice, LatticeKind::Prism);
    let enc = encode(&p).unwrap();
    assert_eq!(
        count_under(&p, &enc, GroupChoice::Full).small().unwrap().1,
        Some(20)
    );
    // Drawn layer by layer: the slab's two layers are two panels side by
    // side, wider than the picture of its bottom layer alone (240 px
    // against 160, the least width of a picture).
    let two = picture::svg::solution(&p, &[], "slab").unwrap();
    let mut bottom = p.clone();
    let cells = p.board.cells().iter().filter(|(c, _)| c[2] == 0).copied();
    bottom.board = polyform::board::Board::new(cells);
    let one = picture::svg::solution(&bottom, &[], "bottom").unwrap();
    assert!(two.width > one.width, "{} {}", two.width, one.width);
    // Written for BurrTools and read back: a prism file of two layers with
    // the same count (burrTxt -q on this export also counts 20).
    let xml = export_xml(&p).unwrap();
    assert!(xml.contains("<gridType type=\"1\"/>"), "{xml}");
    let b = load_bytes(
        Path::new("x.xmpuzzle"),
        xml.as_bytes(),
        None,
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(b.puzzle.lattice, LatticeKind::Prism);
    let enc = encode(&b.puzzle).unwrap();
    assert_eq!(
        count_under(&b.puzzle, &enc, GroupChoice::Full)
            .small()
            .unwrap()
            .1,
        Some(20)
    );
}

#[test]
fn hand_written_colours_match_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q -o 0..2) on tests/burr/colors.xmpuzzle:
    // 4, 24 and 0 assemblies. A 4x3 checkerboard of two colours with one
    // neutral cell, L trominoes coloured at the corner: colours must match,
    // any colour on any, no pair allowed. The neutral cell breaks the
    // board's symmetry for BurrTools (a neutral voxel is not a coloured
    // one), so every assembly counts.
    for (n, want) in [(1, 4), (2, 24), (3, 0)] {
        assert_eq!(assemblies("colors.xmpuzzle", n).0, want, "problem {n}");
    }
    let b = load(
        &fixture("colors.xmpuzzle"),
        Some(&ProblemSelector::Index(1)),
    )
    .unwrap();
    let colors = b.puzzle.colors.as_ref().unwrap();
    assert_eq!(colors.board.len(), 11);
    assert_eq!(colors.allowed.len(), 2);
    let e = export(&b.puzzle).unwrap_err();
    assert!(e.message().contains("colour constraints"), "{e}");
}

/// A result with coloured voxels and neutral pieces: the colours place no
/// piece, yet BurrTools' result symmetries keep them, so fewer assemblies
/// are merged. burrTxt (built from BurrTools' public source at commit
/// b72a71d, `burrTxt -q -o all`, 2026-11-28) on
/// tests/burr/coloured-result.xmpuzzle: 2, 3 and 2 assemblies (two
/// dominoes in a square with two red corners; three dominoes in a 2x3
/// plate with one red corner, and in a neutral one). Before, the colours
/// were dropped when no piece was coloured: 1, 2 and 2.
#[test]
fn coloured_results_with_neutral_pieces_keep_their_colours() {
    for (n, want, total) in [(1, 2, 2), (2, 3, 3), (3, 2, 3)] {
        assert_eq!(
            assemblies("coloured-result.xmpuzzle", n),
            (want, total),
            "problem {n}"
        );
    }
}

#[test]
fn soma_export_matches_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q) on tests/burr/soma-cube.xmpuzzle: 240
    // assemblies (0.11 s).
    assert_eq!(assemblies("soma-cube.xmpuzzle", 1), (240, 11520));
}

#[test]
#[ignore = "a few seconds each"]
fn catalog_exports_match_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q) on these files: 2339 assemblies (7.7 s)
    // and 306 (1.8 s).
    assert_eq!(assemblies("pentominoes-6x10.xmpuzzle", 1), (2339, 9356));
    assert_eq!(assemblies("kanoodle-pyramid.xmpuzzle", 1), (306, 2448));
}

#[test]
#[ignore = "minutes"]
fn bedlam_export_matches_burrtools() {
    // BurrTools 0.7.1 (burrTxt -q) on tests/burr/bedlam-cube.xmpuzzle:
    // 19186 assemblies.
    assert_eq!(assemblies("bedlam-cube.xmpuzzle", 1), (19186, 460_464));
}

/// BurrTools' own examples against burrTxt's counts, kept in
/// `tests/burr/burrtools-examples.txt` (the files are BurrTools', not ours:
/// point POLYCOVER_BURRTOOLS_EXAMPLES at the `examples/` directory of its
/// repository). Every problem must read and count as burrTxt counts it;
/// the failures are listed together.
#[test]
#[ignore = "needs BurrTools' example files in the directory POLYCOVER_BURRTOOLS_EXAMPLES; ~10 s"]
fn burrtools_examples_match_burrtxt() {
    let dir = std::env::var("POLYCOVER_BURRTOOLS_EXAMPLES")
        .expect("set POLYCOVER_BURRTOOLS_EXAMPLES to BurrTools' examples/ directory");
    let figures = std::fs::read_to_string(fixture("burrtools-examples.txt")).unwrap();
    let mut failures = vec![];
    let mut checked = 0;
    for line in figures
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (file, n, want): (&str, usize, u128) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        checked += 1;
        let path = Path::new(&dir).join(file);
        let got = load(&path, Some(&ProblemSelector::Index(n))).and_then(|b| {
            // DraculasDentalDesaster is over the default matrix limit.
            let enc = polyform::encode::encode_with(
                &b.puzzle,
                &polyform::limits::Limits::default().scaled(100),
            )?;
            Ok(count_under(&b.puzzle, &enc, GroupChoice::Full)
                .distinct
                .unwrap())
        });
        match got {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{file} {n}: {got} assemblies, burrTxt {want}")),
            Err(e) => failures.push(format!("{file} {n}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} problems differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_fixtures_are_what_export_writes() {
    for (toml, file) in [
        ("soma/cube.toml", "soma-cube.xmpuzzle"),
        ("pentominoes/6x10.toml", "pentominoes-6x10.xmpuzzle"),
        ("kanoodle/pyramid.toml", "kanoodle-pyramid.xmpuzzle"),
        ("bedlam/cube.toml", "bedlam-cube.xmpuzzle"),
    ] {
        let puzzle = polyform::file::load(&data(toml)).unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(std::fs::read(fixture(file)).unwrap().as_slice())
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(export_xml(&puzzle).unwrap(), text, "{toml}");
    }
}

#[test]
fn gzip_and_plain_read_alike() {
    let plain = std::fs::read(fixture("bricks.xmpuzzle")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &plain).unwrap();
    let gz = gz.finish().unwrap();
    assert!(is_xmpuzzle(&plain) && is_xmpuzzle(&gz));
    assert!(!is_xmpuzzle(b"lattice = \"square\"\n"));
    assert!(!is_xmpuzzle(b"<?xml version=\"1.0\"?>\n<svg/>"));
    assert!(is_xmpuzzle(b"<puzzle version=\"2\">"));
    let sel = ProblemSelector::Name("box with holes".into());
    let a = load_bytes(Path::new("a"), &plain, Some(&sel), &Limits::default()).unwrap();
    let b = load_bytes(Path::new("b"), &gz, Some(&sel), &Limits::default()).unwrap();
    assert_eq!(a.chosen, 2);
    assert_eq!(b.chosen, 2);
    assert_eq!(
        encode(&a.puzzle).unwrap().matrix.num_options(),
        encode(&b.puzzle).unwrap().matrix.num_options()
    );
}

#[test]
fn problems_are_listed_and_chosen() {
    let path = fixture("bricks.xmpuzzle");
    let list = list_problems(&path).unwrap();
    let names: Vec<_> = list.iter().map(|p| p.name.clone().unwrap()).collect();
    assert_eq!(
        names,
        ["screws in a tower", "box with holes", "screw and tricubes"]
    );
    assert_eq!(list.iter().map(|p| p.index).collect::<Vec<_>>(), [1, 2, 3]);
    let e = load(&path, None).unwrap_err();
    assert!(e.message().contains("3 problems"), "{e}");
    assert!(e.message().contains("--problem"), "{e}");
    let e = load(&path, Some(&ProblemSelector::Index(4))).unwrap_err();
    assert!(e.message().contains("no problem 4"), "{e}");
    let e = load(&path, Some(&"nope".parse().unwrap())).unwrap_err();
    assert!(e.message().contains("no problem is named `nope`"), "{e}");
    // Counts and ranges.
    let b = load(&path, Some(&"2".parse().unwrap())).unwrap();
    let counts: Vec<String> = b
        .puzzle
        .pieces
        .iter()
        .map(|p| p.count.to_string())
        .collect();
    assert_eq!(counts, ["1..4", "0..3"]);
    assert_eq!(b.puzzle.board.count(polyform::board::CellKind::Optional), 2);
    // One layer of cubes reads as the square lattice.
    let one = load(&fixture("pentominoes-6x10.xmpuzzle"), None).unwrap();
    assert_eq!(one.puzzle.lattice, LatticeKind::Square);
}

/// Items (kind, bounds, piece names) by position and options as sorted
/// lists of item positions: the matrix up to the names of cell items and
/// the order of options.
type MatrixShape = (Vec<(bool, (u32, u32), String)>, Vec<Vec<usize>>);

fn shape_of(m: &dlx::Matrix) -> MatrixShape {
    let items = m
        .items()
        .map(|i| {
            let name = m.item_name(i);
            let name = if name.contains(',') {
                String::new()
            } else {
                name.to_string()
            };
            (m.is_primary(i), m.bounds(i), name)
        })
        .collect();
    let mut options: Vec<Vec<usize>> = m
        .options()
        .map(|o| {
            let mut v: Vec<usize> = m.option(o).iter().map(|e| e.item.index()).collect();
            v.sort();
            v
        })
        .collect();
    options.sort();
    (items, options)
}

fn catalog(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() && e.ends_with("twisty") {
            // Twisty puzzles: crates/twisty's tests and `verify` check them.
            continue;
        }
        if e.is_dir() {
            catalog(&e, out);
        } else if e.extension().is_some_and(|x| x == "toml") {
            let text = std::fs::read_to_string(&e).unwrap();
            if !polyform::file::is_piece_set(&text) && !polyform::tiles::file::is_tile_puzzle(&text)
            {
                out.push(e);
            }
        }
    }
}

#[test]
fn every_catalog_puzzle_that_maps_round_trips() {
    let mut files = vec![];
    catalog(&data(""), &mut files);
    assert!(files.len() > 70, "the catalog is there");
    let mut done = 0;
    for f in &files {
        let puzzle = polyform::file::load(f).unwrap();
        let flat = matches!(
            puzzle.lattice,
            LatticeKind::Hex
                | LatticeKind::Polysticks
                | LatticeKind::Polytrigs
                | LatticeKind::Polytwigs
        );
        if flat || puzzle.one_sided {
            let e = export(&puzzle).unwrap_err();
            assert!(
                e.message().contains("no BurrTools grid") || e.message().contains("one-sided"),
                "{e}"
            );
            continue;
        }
        let bytes = export(&puzzle).unwrap();
        assert!(is_xmpuzzle(&bytes));
        let back = load_bytes(f, &bytes, None, &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let a = encode(&puzzle).unwrap();
        let b = encode(&back.puzzle).unwrap();
        assert_eq!(
            shape_of(&a.matrix),
            shape_of(&b.matrix),
            "{}: the matrix changed",
            f.display()
        );
        done += 1;
    }
    assert!(done > 60, "{done} puzzles round-tripped");
}

#[test]
fn the_assembly_group_is_the_puzzle_group_on_the_catalog() {
    // BurrTools' rule (rotations, and reflections when the pieces are
    // closed under mirroring) and polycover's group agree.
    for toml in [
        "soma/cube.toml",
        "bedlam/cube.toml",
        "pentominoes/6x10.toml",
        "kanoodle/pyramid.toml",
        "solid-pentominoes/2x5x6.toml",
    ] {
        let p = polyform::file::load(&data(toml)).unwrap();
        assert_eq!(
            burrtools_group(&p).order(),
            polyform::symmetry::puzzle_group(&p).order(),
            "{toml}"
        );
    }
    let soma = polyform::file::load(&data("soma/cube.toml")).unwrap();
    assert!(mirror_closed(&soma));
    assert_eq!(burrtools_group(&soma).order(), 48);
    let bedlam = polyform::file::load(&data("bedlam/cube.toml")).unwrap();
    assert!(!mirror_closed(&bedlam));
    assert_eq!(burrtools_group(&bedlam).order(), 24);
}

#[test]
fn assemblies_are_distinct_solutions_on_small_puzzles() {
    // Against the definition (canonical forms of every solution).
    for (file, n) in [
        ("bricks.xmpuzzle", 2),
        ("bricks.xmpuzzle", 3),
        ("spheres.xmpuzzle", 4),
        ("prisms.xmpuzzle", 1),
        ("prism-layers.xmpuzzle", 1),
        ("prism-layers.xmpuzzle", 3),
    ] {
        let b = load(&fixture(file), Some(&ProblemSelector::Index(n))).unwrap();
        let enc = encode(&b.puzzle).unwrap();
        let full = polyform::symmetry::action(&b.puzzle, &enc, GroupChoice::Full).unwrap();
        let d = orbits::count(&enc.matrix, &full, Want::Distinct, true, &mut SerialSearch).unwrap();
        let (total, distinct) = orbits::count_by_definition(&enc.matrix, &full.perms);
        assert_eq!(d.small(), Some((total, Some(distinct))), "{file} {n}");
        let a = count_under(&b.puzzle, &enc, GroupChoice::Full);
        assert_eq!(a.small().unwrap().1, Some(distinct), "{file} {n}");
        // Every group choice against its own definition.
        for choice in [GroupChoice::Rotations, GroupChoice::None] {
            let a = action(&b.puzzle, &enc, choice).unwrap();
            let (t, d) = orbits::count_by_definition(&enc.matrix, &a.perms);
            let c = count_under(&b.puzzle, &enc, choice);
            assert_eq!(c.small(), Some((t, Some(d))), "{file} {n} {choice}");
        }
    }
}

// ---- bad files ----

fn bad(text: &str) -> Error {
    load_bytes(
        Path::new("bad.xmpuzzle"),
        text.as_bytes(),
        None,
        &Limits::default(),
    )
    .unwrap_err()
}

fn doc(grid: u32, shapes: &str, problem: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<gridType type=\"{grid}\"/>\n<shapes>\n{shapes}\n</shapes>\n<problems>\n{problem}\n</problems>\n</puzzle>\n"
    )
}

const TWO: &str = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>\n<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\" name=\"mono\">#</voxel>";

#[test]
fn a_good_minimal_file_reads() {
    let ok = doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/></problem>",
    );
    let b = load_bytes(
        Path::new("ok.xmpuzzle"),
        ok.as_bytes(),
        None,
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(b.puzzle.pieces[0].name, "mono");
    assert_eq!(b.puzzle.pieces[0].count, Count::exactly(2));
    assert_eq!(
        dlx::Solver::new(&encode(&b.puzzle).unwrap().matrix).count(),
        1
    );
}

#[test]
fn truncated_gzip_is_refused() {
    let bytes = std::fs::read(fixture("soma-cube.xmpuzzle")).unwrap();
    let e = load_bytes(
        Path::new("t.xmpuzzle"),
        &bytes[..bytes.len() / 2],
        None,
        &Limits::default(),
    )
    .unwrap_err();
    assert!(e.message().contains("truncated or corrupt"), "{e}");
    assert_eq!(e.file, Path::new("t.xmpuzzle"));
}

#[test]
fn not_xml_is_refused() {
    let e = bad("lattice = \"square\"\n");
    assert!(e.message().contains("not a BurrTools puzzle"), "{e}");
    let e = bad("<puzzle version=\"2\"><gridType type=\"0\"/>");
    assert!(e.message().contains("not well-formed XML"), "{e}");
    let e = bad("<?xml version=\"1.0\"?>\n<svg/>");
    assert!(e.message().contains("not a BurrTools puzzle"), "{e}");
}

#[test]
fn unknown_grids_and_voxels_off_the_grid_are_refused() {
    let p = "<problem><shapes><shape id=\"1\"/></shapes><result id=\"0\"/></problem>";
    let e = bad(&doc(7, TWO, p));
    assert!(
        e.message().contains("unknown grid type 7") && e.message().contains("<gridType>"),
        "{e}"
    );
    assert_eq!(e.line, Some(3));
    // Rhombic and tetra-octa files are read, but a voxel must be one of
    // the grid's units: the first, (0, 0, 0), is a corner of a rhombic block, and no unit
    // of the tetra-octa grid either.
    let e = bad(&doc(3, TWO, p));
    assert!(
        e.message()
            .contains("voxel (0, 0, 0) is not a unit of the rhombic grid"),
        "{e}"
    );
    let e = bad(&doc(4, TWO, p));
    assert!(e.message().contains("voxel (0, 0, 0) is not"), "{e}");
    // Prisms two layers thick are read as the prism lattice.
    let thick = "<voxel x=\"1\" y=\"1\" z=\"2\" type=\"0\" name=\"tall\">##</voxel>\n<voxel x=\"1\" y=\"1\" z=\"2\" type=\"0\">##</voxel>";
    let b = load_bytes(
        Path::new("thick.xmpuzzle"),
        doc(1, thick, p).as_bytes(),
        None,
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(b.puzzle.lattice, LatticeKind::Prism);
    // A sphere off the grid.
    let e = bad(&doc(
        2,
        "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">_#</voxel>\n<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>",
        p,
    ));
    assert!(e.message().contains("x + y + z must be even"), "{e}");
}

#[test]
fn huge_shapes_are_refused_before_allocating() {
    let p = "<problem><shapes><shape id=\"1\"/></shapes><result id=\"0\"/></problem>";
    let e = bad(&doc(
        0,
        "<voxel x=\"100000\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>",
        p,
    ));
    assert!(e.message().contains("at most 1000"), "{e}");
    assert_eq!(e.line, Some(5));
    let e = bad(&doc(
        0,
        "<voxel x=\"1000\" y=\"1000\" z=\"1000\" type=\"0\">#</voxel>\n<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>",
        p,
    ));
    assert!(e.message().contains("1000000000 voxels"), "{e}");
    // A gzip bomb stops at the text limit.
    let limits = Limits {
        xml_bytes: 1000,
        ..Limits::default()
    };
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gz, &vec![b' '; 1 << 20]).unwrap();
    let e = load_bytes(Path::new("bomb"), &gz.finish().unwrap(), None, &limits).unwrap_err();
    assert!(e.message().contains("unpacks to more than"), "{e}");
    // Too few or too many voxels for the declared size.
    let e = bad(&doc(
        0,
        "<voxel x=\"3\" y=\"1\" z=\"1\" type=\"0\">##</voxel>",
        p,
    ));
    assert!(
        e.message()
            .contains("has 2 voxels but its size 3x1x1 needs 3"),
        "{e}"
    );
    let e = bad(&doc(
        0,
        "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">##</voxel>",
        p,
    ));
    assert!(e.message().contains("more voxels than its size"), "{e}");
}

#[test]
fn bad_problems_are_refused() {
    let e = bad(&doc(
        0,
        TWO,
        "<problem name=\"p\"><shapes><shape id=\"5\"/></shapes><result id=\"0\"/></problem>",
    ));
    assert!(
        e.message()
            .contains("names shape 5, but the file has 2 shapes"),
        "{e}"
    );
    assert!(e.message().contains("<shape>"), "{e}");
    let e = bad(&doc(
        0,
        TWO,
        "<problem name=\"p\"><shapes/><result id=\"0\"/></problem>",
    ));
    assert!(e.message().contains("`p`: it has no pieces"), "{e}");
    let e = bad(&doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"0\"/></shapes><result id=\"1\"/></problem>",
    ));
    assert!(
        e.message()
            .contains("2 voxels, more than the 1 of the result"),
        "{e}"
    );
    let e = bad(&doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\"/></shapes></problem>",
    ));
    assert!(e.message().contains("no result shape"), "{e}");
    let e = bad(&doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\" min=\"3\" max=\"2\"/></shapes><result id=\"0\"/></problem>",
    ));
    assert!(e.message().contains("min=3 is more than max=2"), "{e}");
    let e = bad(&doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\" count=\"x\"/></shapes><result id=\"0\"/></problem>",
    ));
    assert!(
        e.message().contains("`count=\"x\"` is not a whole number"),
        "{e}"
    );
    let e = bad(&doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\" count=\"3\"/></shapes><result id=\"0\"/></problem>",
    ));
    assert!(e.message().contains("do not fit"), "{e}");
    let e = bad(&doc(0, TWO, ""));
    assert!(e.message().contains("no <problem>"), "{e}");
    // A huge maximum is no bound, not a huge allocation.
    let ok = doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\" min=\"0\" max=\"4000000000\"/></shapes><result id=\"0\"/></problem>",
    );
    let b = load_bytes(Path::new("ok"), ok.as_bytes(), None, &Limits::default()).unwrap();
    assert_eq!(b.puzzle.pieces[0].count, Count::UNLIMITED);
}

#[test]
fn export_refuses_what_burrtools_cannot_hold() {
    let hex = polyform::file::load(&data("tetrahexes/7x4-parallelogram.toml")).unwrap();
    let e = export(&hex).unwrap_err();
    assert!(
        e.message().contains("hex lattice has no BurrTools grid"),
        "{e}"
    );
    let mut one = polyform::file::load(&data("pentominoes/6x10.toml")).unwrap();
    one.one_sided = true;
    let e = export(&one).unwrap_err();
    assert!(e.message().contains("one-sided"), "{e}");
}

#[test]
fn a_truncated_file_is_reported_at_its_last_line() {
    // Cut in the middle of a shape (roxmltree gives no position: 1:1).
    let text = doc(
        0,
        TWO,
        "<problem><shapes><shape id=\"1\"/></shapes><result id=\"0\"/></problem>",
    );
    let cut = &text[..text.rfind("<shape ").unwrap() + 3];
    let lines = cut.lines().count();
    assert!(lines > 1, "{cut}");
    let e = bad(cut);
    assert!(e.message().contains("at the end of the file"), "{e}");
    assert_eq!(e.line, Some(lines), "{e}");
    // A root opened and never closed, on line 2 of 2.
    let e = bad("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n");
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message().contains("at the end of the file"), "{e}");
}
