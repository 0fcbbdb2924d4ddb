//! The bodies of polycover's fuzz targets, one function per target.
//!
//! Each target in `fuzz_targets/` is a one-line wrapper that hands
//! libFuzzer's input to the function of the same name here. Keeping the
//! bodies in a library lets the stable toolchain build and test them
//! (`cargo test --manifest-path fuzz/Cargo.toml` runs every function on the
//! seed files and on every regression input in `fuzz/regressions/`), while
//! only the fuzzing itself needs nightly and cargo-fuzz (docs/fuzzing.md).
//!
//! Every function takes arbitrary bytes and must return normally: a bad
//! input is an `Err` from the library, never a panic, and what the library
//! accepts must hold up to the checks below (a matrix written in DLX format
//! reads back as the same matrix; the search engines agree).

use dlx::{CountOnly, EngineKind, Matrix, Outcome, Solver, Subproblem};
use polyform::Limits;
use polyform::symmetry::GroupChoice;
use problem::{Kind, LoadOptions, load_bytes};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Nodes the links engine may spend on one matrix before the engines are
/// left uncompared: enough to finish small matrices, few enough that the
/// seeds (pentomino matrices of thousands of options) stay quick to run
/// under the sanitizer.
pub const NODE_BUDGET: u64 = 2_000;

/// Where inputs pretend to live. Puzzle files name piece sets by relative
/// path (`set = "../sets/soma.toml"`), so the name sits in `data/sets/`
/// for the seeds from `data/` to find their sets.
pub fn input_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/sets")
        .join(name)
}

/// Target `puzzle_file`: a polyform puzzle file read and encoded
/// (`polyform::file::parse_puzzle`, `polyform::encode`), and the same bytes
/// read as whatever kind they are (`problem::load_bytes`: polyform
/// or tile TOML, DLX text, BurrTools `.xmpuzzle`) with the problem's
/// description drawn. Every matrix built goes through [`check_matrix`].
pub fn puzzle_file(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let path = input_path("fuzz-input.toml");
        if let Ok(puzzle) = polyform::file::parse_puzzle(&path, text)
            && let Ok(encoding) = polyform::encode(&puzzle)
        {
            check_matrix(&encoding.matrix);
        }
    }
    // No extension: the kind is decided by the content, as for standard input.
    let path = input_path("fuzz-input");
    if let Ok(problem) = load_bytes(&path, data, &LoadOptions::default()) {
        let _ = problem.describe(false);
        check_matrix(problem.matrix());
    }
}

/// The bounds the `burr_file` target reads within: a tenth of the
/// defaults' matrix and voxel sizes, so that one input stays quick under
/// the sanitizer (the limits themselves are what is checked at the
/// bounds).
pub fn burr_limits() -> Limits {
    Limits {
        xml_bytes: 1 << 20,
        voxel_volume: 100_000,
        voxels: 1_000_000,
        placements: 200_000,
        matrix_entries: 1_000_000,
        ..Limits::default()
    }
}

/// Target `burr_file`: the bytes read as a BurrTools file: as they are
/// (`problem::load_bytes` as [`Kind::Burr`]: gzip or XML, every
/// grid) and, when they are not gzip data, gzip-compressed too (so that
/// the fuzzer's XML reaches the reader through the decompressor: there
/// the file's model is read, `burrtools::problems_of`). Each of the
/// file's first three problems that reads is described, its group
/// (BurrTools') built, and its matrix checked ([`check_matrix`]); one that
/// writes back as a BurrTools file (`Problem::to_xmpuzzle`) must read
/// back with a matrix of the same shape.
pub fn burr_file(data: &[u8]) {
    let path = input_path("fuzz-input.xmpuzzle");
    let limits = burr_limits();
    if !data.starts_with(&[0x1f, 0x8b]) {
        use std::io::Write as _;
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(data).expect("writing to memory");
        let gz = z.finish().expect("writing to memory");
        let plain = burrtools::problems_of(&path, data, &limits).map(|(_, p)| p);
        let packed = burrtools::problems_of(&path, &gz, &limits).map(|(_, p)| p);
        assert_eq!(
            plain.as_ref().ok(),
            packed.as_ref().ok(),
            "gzip changed what the file holds"
        );
    }
    let Ok((_, problems)) = burrtools::problems_of(&path, data, &limits) else {
        return;
    };
    let options = |problem: usize| LoadOptions {
        kind: Some(Kind::Burr),
        problem: Some(problem.to_string()),
        limits,
    };
    for index in (1..=problems.len()).take(3) {
        let Ok(p) = load_bytes(&path, data, &options(index)) else {
            continue;
        };
        let _ = p.describe(false);
        let _ = p.describe_json();
        let _ = p.action(GroupChoice::Full);
        check_matrix(p.matrix());
        if let Ok(bytes) = p.to_xmpuzzle() {
            let back = load_bytes(&path, &bytes, &options(1))
                .unwrap_or_else(|e| panic!("a written BurrTools file does not read back: {e}"));
            let (a, b) = (p.matrix(), back.matrix());
            assert_eq!(
                (a.num_primary(), a.num_secondary(), a.num_options()),
                (b.num_primary(), b.num_secondary(), b.num_options()),
                "the BurrTools round trip changed the matrix's shape"
            );
        }
    }
}

/// Target `tile_file`: an edge-matching (tile) puzzle file read and encoded
/// (`polyform::tiles::file::parse`, `polyform::tiles::encode`); the matrix
/// goes through [`check_matrix`].
pub fn tile_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = input_path("fuzz-tiles.toml");
    if let Ok(puzzle) = polyform::tiles::file::parse(&path, text)
        && let Ok(encoding) = polyform::tiles::encode(&puzzle)
    {
        check_matrix(&encoding.matrix);
    }
}

/// Target `dlx_roundtrip`: DLX text read by `dlx::format::parse`; a matrix it
/// accepts goes through [`check_matrix`].
pub fn dlx_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = dlx::format::parse(text) {
        check_matrix(&m);
    }
}

/// What every accepted matrix must satisfy: written in DLX format it reads
/// back as a matrix of the same shape that writes the same text, and the
/// engines that take it agree (see [`compare_engines`]).
pub fn check_matrix(m: &Matrix) {
    let written = dlx::format::write(m);
    let again = dlx::format::parse(&written)
        .unwrap_or_else(|e| panic!("a written matrix does not read back: {e}\n{written}"));
    assert_eq!(
        (again.num_items(), again.num_primary(), again.num_options()),
        (m.num_items(), m.num_primary(), m.num_options()),
        "the round trip changed the matrix's shape"
    );
    assert_eq!(
        dlx::format::write(&again),
        written,
        "the round trip changed the matrix"
    );
    compare_engines(m);
}

/// Counts `m` with the links and with every other engine that suits the
/// matrix, and asserts they agree: the bitset engine on solutions and nodes
/// (it walks the links' tree node for node), the cell engine on solutions,
/// and on nodes too where no item has bounds other than 1:1 (DLX1's tree;
/// with counted items its tree is its own). Searches the links give up on
/// within [`NODE_BUDGET`] nodes are not compared.
pub fn compare_engines(m: &Matrix) {
    let bits = EngineKind::Bits.suits(m);
    let cells = EngineKind::Cells.suits(m);
    if !bits && !cells {
        return;
    }
    let Some(links) = budgeted(m, EngineKind::Links, NODE_BUDGET) else {
        return;
    };
    // The budget is approximate: give the other engines room to spare.
    let room = 4 * NODE_BUDGET + 1_000;
    if bits {
        let bits = budgeted(m, EngineKind::Bits, room)
            .expect("the bitset engine needs far more nodes than the links");
        assert_eq!(
            (bits.solutions, bits.nodes),
            (links.solutions, links.nodes),
            "the engines disagree (solutions, nodes)"
        );
    }
    if cells {
        let dlx1_tree = !m.has_multiplicities();
        match budgeted(m, EngineKind::Cells, room) {
            Some(c) if dlx1_tree => assert_eq!(
                (c.solutions, c.nodes),
                (links.solutions, links.nodes),
                "the cell engine disagrees (solutions, nodes)"
            ),
            Some(c) => assert_eq!(
                c.solutions, links.solutions,
                "the cell engine disagrees (solutions)"
            ),
            None => assert!(
                !dlx1_tree,
                "the cell engine needs far more nodes than the links on DLX1's tree"
            ),
        }
    }
}

/// The statistics of a whole count of `m` with `engine`, or `None` if it
/// did not finish within about `budget` nodes.
fn budgeted(m: &Matrix, engine: EngineKind, budget: u64) -> Option<dlx::Stats> {
    let mut solver = Solver::with_engine(m, engine);
    solver
        .start(&Subproblem::root())
        .expect("the root subproblem always starts");
    match solver.run(&mut CountOnly, budget) {
        Outcome::Finished => Some(solver.stats()),
        Outcome::Stopped => unreachable!("CountOnly never stops a search"),
        Outcome::Paused => None,
    }
}

/// The DLX file the checkpoint target's checkpoints are made for (the seeds
/// come from `polycover count benches/instances/queens13.dlx --checkpoint`).
pub const CHECKPOINT_MATRIX: &str = include_str!("../../benches/instances/queens13.dlx");

/// The matrix of [`CHECKPOINT_MATRIX`], read once.
pub fn checkpoint_matrix() -> &'static Matrix {
    static MATRIX: OnceLock<Matrix> = OnceLock::new();
    MATRIX.get_or_init(|| dlx::format::parse(CHECKPOINT_MATRIX).expect("queens13.dlx reads"))
}

/// Target `checkpoint`: the bytes read as a checkpoint and as a shard's
/// result file for [`checkpoint_matrix`]; either may refuse them, neither
/// may panic.
pub fn checkpoint(data: &[u8]) {
    let m = checkpoint_matrix();
    let path = Path::new("fuzz-checkpoint.json");
    let engine = EngineKind::best_for(m);
    let _ = parallel::Checkpoint::from_bytes(data, m, engine, path);
    let _ = parallel::ShardResult::from_bytes(data, m, engine, path);
}

/// Cuts above which [`twisty_file`] only reads a puzzle, without building
/// it (large puzzles take long to build, which is not what is fuzzed).
pub const TWISTY_MAX_CUTS: usize = 4;

/// Target `twisty_file`: a twisty puzzle file read (`twisty::file::parse`)
/// and, when small, built (`twisty::Puzzle::build`). Every puzzle built must
/// be sound: each move a permutation that maps pieces onto pieces and
/// returns to the identity after its axis's order of turns.
pub fn twisty_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(f) = twisty::file::parse(Path::new("fuzz.toml"), text) else {
        return;
    };
    if f.spec.cuts.len() > TWISTY_MAX_CUTS {
        return;
    }
    let Ok(p) = twisty::Puzzle::build(&f.spec) else {
        return;
    };
    for m in &p.moves {
        assert!(
            m.perm.pow(m.order as i64).is_identity(),
            "move {} has the wrong order",
            m.name
        );
        for piece in &p.pieces {
            let to = p.stickers[m.perm.image(piece.stickers[0])].piece;
            assert!(
                piece
                    .stickers
                    .iter()
                    .all(|&s| p.stickers[m.perm.image(s)].piece == to),
                "move {} splits a piece",
                m.name
            );
        }
    }
}

/// The puzzles [`twisty_state`] reads states of.
pub fn twisty_puzzles() -> &'static [(twisty::Puzzle, twisty::count::Group)] {
    static P: OnceLock<Vec<(twisty::Puzzle, twisty::count::Group)>> = OnceLock::new();
    P.get_or_init(|| {
        ["2x2x2", "3x3x3", "pyraminx"]
            .iter()
            .map(|n| {
                let p = twisty::named(n).expect("catalog puzzles build");
                let g = twisty::count::Group::new(&p);
                (p, g)
            })
            .collect()
    })
}

/// Target `twisty_state`: the bytes read as a state (`twisty::state::read`)
/// of the 2x2x2, the 3x3x3 and the Pyraminx; a state read has the right
/// number of stickers and is checked (`twisty::check::check`): a reachable
/// verdict comes with a state showing exactly these colours.
pub fn twisty_state(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (p, g) in twisty_puzzles() {
        let Ok(colours) = twisty::state::read(p, text) else {
            continue;
        };
        assert_eq!(colours.len(), p.degree());
        match twisty::check::check(p, g, &colours) {
            Ok(twisty::check::Verdict::Reachable { state }) => {
                assert_eq!(state.colours(p), colours, "the witness shows other colours");
                assert!(g.contains(&state.perm()), "the witness is not in the group");
            }
            Ok(twisty::check::Verdict::Unreachable { reason }) => assert!(!reason.is_empty()),
            Err(e) => panic!("checking a state read failed: {e}"),
        }
    }
}

/// The puzzles the `position` target places drawings on: the pentominoes
/// on 6x10 (square) and a Kanoodle Extreme pyramid challenge (spheres in
/// layers, with pieces placed in advance).
fn position_puzzles() -> &'static [polyform::Puzzle] {
    static PUZZLES: OnceLock<Vec<polyform::Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        [
            "data/pentominoes/6x10.toml",
            "data/kanoodle-extreme/challenge-03.toml",
        ]
        .iter()
        .map(|f| polyform::file::load(&root.join(f)).expect("catalog puzzles load"))
        .collect()
    })
}

/// Target `position`: the bytes read as a position drawn on the whole
/// board (`polyform::file::place_drawing`) of each puzzle of
/// [`position_puzzles`]; a position read keeps the puzzle's board and
/// pieces placed in advance, encodes to a matrix that passes the matrix
/// checks, and `designer::explain` gives a reason only for a position
/// with no completion.
pub fn position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for puzzle in position_puzzles() {
        let path = input_path("fuzz-position.txt");
        let Ok(p) = polyform::file::place_drawing(puzzle, &path, text) else {
            continue;
        };
        assert_eq!(p.board.cells(), puzzle.board.cells());
        assert!(puzzle.fixed.iter().all(|f| p.fixed.contains(f)));
        let Ok(encoding) = polyform::encode(&p) else {
            continue;
        };
        // A finished position has no item left, which DLX text cannot hold.
        if encoding.matrix.num_items() > 0 {
            check_matrix(&encoding.matrix);
        }
        if designer::explain(&p, &encoding).is_some() {
            let mut s = Solver::new(&encoding.matrix);
            assert!(
                s.first(1).is_empty(),
                "a reason for a position that can be finished"
            );
        }
    }
}

/// Target `stick_art`: the bytes as a drawing of sticks on each stick
/// lattice (polysticks, polytrigs, polytwigs): as a board filled by
/// single sticks and pairs of sticks in a row, and as a piece on a small
/// board of that lattice; each puzzle that reads is encoded and its matrix
/// checked ([`check_matrix`]). Every cell read is a segment of the
/// lattice, and the board keeps every segment drawn.
pub fn stick_art(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.contains("'''") {
        return; // cannot be quoted as a TOML literal string
    }
    let kinds = [
        ("polysticks", "+-+", "+-+-+", "size = [2, 2]"),
        ("polytrigs", "*---*", "*---*---*", "hexagon = 1"),
        ("polytwigs", " /", " / \\", "hexagon = 1"),
    ];
    for (name, one, two, small) in kinds {
        let board = format!(
            "lattice = \"{name}\"\n[board]\nart = '''\n{text}\n'''\n\
             [[piece]]\nname = \"one\"\nsymbol = \"1\"\ncount = \"unlimited\"\nart = '''\n{one}\n'''\n\
             [[piece]]\nname = \"two\"\nsymbol = \"2\"\ncount = \"0..3\"\nart = '''\n{two}\n'''\n"
        );
        let piece = format!(
            "lattice = \"{name}\"\n[board]\n{small}\n\
             [[piece]]\nname = \"drawn\"\nsymbol = \"D\"\ncount = \"0..1\"\nart = '''\n{text}\n'''\n\
             [[piece]]\nname = \"one\"\nsymbol = \"1\"\ncount = \"unlimited\"\nart = '''\n{one}\n'''\n"
        );
        for toml in [board, piece] {
            let path = input_path("fuzz-sticks.toml");
            let Ok(puzzle) = polyform::file::parse_puzzle(&path, &toml) else {
                continue;
            };
            let l = puzzle.lattice();
            assert!(puzzle.board.cells().iter().all(|&(c, _)| l.is_cell(c)));
            if let Ok(encoding) = polyform::encode(&puzzle) {
                check_matrix(&encoding.matrix);
            }
        }
    }
}
