//! Runs every fuzz target's body on the seed files and on every input in
//! `fuzz/regressions/TARGET/` (crashes found by fuzzing, kept so they stay
//! fixed), so the harness builds and runs on the stable toolchain.

use polycover_fuzz::{
    burr_file, checkpoint, checkpoint_matrix, dlx_roundtrip, position, puzzle_file, stick_art,
    tile_file, twisty_file, twisty_state,
};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files under `dir` (recursively) whose names end with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for e in entries {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(files(&p, suffix));
        } else if p.to_string_lossy().ends_with(suffix) {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn run_all(target: fn(&[u8]), inputs: &[PathBuf]) {
    for p in inputs {
        let bytes = fs::read(p).unwrap();
        let start = std::time::Instant::now();
        target(&bytes);
        eprintln!("{} ms {}", start.elapsed().as_millis(), p.display());
    }
}

fn regressions(target: &str) -> Vec<PathBuf> {
    files(&root().join("fuzz/regressions").join(target), "")
}

#[test]
fn puzzle_file_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("data"), ".toml");
    inputs.extend(files(&root().join("benches/instances"), ".dlx"));
    assert!(inputs.len() > 100, "the seeds are missing");
    inputs.extend(regressions("puzzle_file"));
    run_all(puzzle_file, &inputs);
}

#[test]
fn burr_file_on_seeds_and_regressions() {
    // BurrTools files of every grid polycover reads (and some it refuses),
    // and hand-made XML in fuzz/seeds/burr_file/.
    let mut inputs = files(&root().join("crates/burrtools/tests/burr"), ".xmpuzzle");
    assert!(inputs.len() >= 8, "the seeds are missing");
    inputs.extend(files(&root().join("fuzz/seeds/burr_file"), ""));
    inputs.extend(regressions("burr_file"));
    run_all(burr_file, &inputs);
}

#[test]
fn tile_file_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("data/tiles"), ".toml");
    assert!(!inputs.is_empty(), "the seeds are missing");
    inputs.extend(regressions("tile_file"));
    run_all(tile_file, &inputs);
}

#[test]
fn dlx_roundtrip_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("benches/instances"), ".dlx");
    assert!(!inputs.is_empty(), "the seeds are missing");
    inputs.extend(regressions("dlx_roundtrip"));
    run_all(dlx_roundtrip, &inputs);
}

#[test]
fn checkpoint_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("fuzz/seeds/checkpoint"), "");
    assert!(!inputs.is_empty(), "the seeds are missing");
    inputs.extend(regressions("checkpoint"));
    run_all(checkpoint, &inputs);
}

#[test]
fn twisty_file_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("data/twisty"), ".toml");
    assert!(inputs.len() >= 20, "the seeds are missing");
    inputs.extend(regressions("twisty_file"));
    run_all(twisty_file, &inputs);
}

#[test]
fn twisty_state_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("fuzz/seeds/twisty_state"), "");
    assert!(!inputs.is_empty(), "the seeds are missing");
    inputs.extend(regressions("twisty_state"));
    run_all(twisty_state, &inputs);
}

/// The seeds reach past the first check: a puzzle from `data/` read under
/// the fuzz targets' file name still finds its piece set.
#[test]
fn seeds_find_their_piece_sets() {
    let text = fs::read_to_string(root().join("data/soma/cube.toml")).unwrap();
    assert!(text.contains("set = \"../sets/"));
    let path = polycover_fuzz::input_path("fuzz-input.toml");
    let puzzle = polyform::file::parse_puzzle(&path, &text).unwrap();
    let m = polyform::encode(&puzzle).unwrap().matrix;
    // The Soma cube: 7 pieces and 27 cells are the primary items.
    assert_eq!(m.num_primary(), 34);
}

/// The committed checkpoint and shard result were made for the checkpoint
/// target's matrix (by the default engine, before the cell engine existed):
/// both load on the links and the bitset engine, are refused by the cell
/// engine (another tree), and one altered byte is refused.
#[test]
fn checkpoint_seeds_are_accepted_and_damage_refused() {
    use dlx::EngineKind::{Bits, Cells, Links};
    let m = checkpoint_matrix();
    let dir = root().join("fuzz/seeds/checkpoint");
    let path = Path::new("seed");
    let ck = fs::read(dir.join("queens13.checkpoint")).unwrap();
    let shard = fs::read(dir.join("queens13.shard1")).unwrap();
    for engine in [Links, Bits] {
        parallel::Checkpoint::from_bytes(&ck, m, engine, path).unwrap();
        parallel::ShardResult::from_bytes(&shard, m, engine, path).unwrap();
    }
    let e = parallel::Checkpoint::from_bytes(&ck, m, Cells, path).unwrap_err();
    assert!(matches!(e, parallel::Error::CheckpointEngine { .. }), "{e}");
    let e = parallel::ShardResult::from_bytes(&shard, m, Cells, path).unwrap_err();
    assert!(e.to_string().contains("the cell engine"), "{e}");
    for bytes in [ck, shard] {
        // Change a digit inside the body (after the checksum's field).
        let mut bad = bytes.clone();
        let at = bad.len() - 1 - bad.iter().rev().position(u8::is_ascii_digit).unwrap();
        bad[at] = if bad[at] == b'9' { b'8' } else { bad[at] + 1 };
        assert!(parallel::Checkpoint::from_bytes(&bad, m, Bits, path).is_err());
        assert!(parallel::ShardResult::from_bytes(&bad, m, Bits, path).is_err());
    }
}

#[test]
fn position_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("fuzz/seeds/position"), "");
    assert!(inputs.len() >= 3, "the seeds are missing");
    inputs.extend(regressions("position"));
    run_all(position, &inputs);
}

#[test]
fn stick_art_on_seeds_and_regressions() {
    let mut inputs = files(&root().join("fuzz/seeds/stick_art"), "");
    assert!(inputs.len() >= 3, "the seeds are missing");
    // The stick drawings of the catalog's piece sets and boards too.
    inputs.extend(regressions("stick_art"));
    run_all(stick_art, &inputs);
}
