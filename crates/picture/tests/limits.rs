//! The resource budget: small files that describe huge problems are
//! refused before anything big is built (measured as peak memory, which
//! does not depend on the machine's speed), with a message naming the file,
//! the line and the limit.
//!
//! Each case runs in a child process (this test binary again, running only
//! [`child`]), so its peak memory (`VmHWM` in `/proc/self/status`) is its
//! own and not that of tests running beside it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

const CASE_VAR: &str = "POLYCOVER_LIMITS_CASE";
/// The most memory a case may use, in kB: far under 1 GB.
const MAX_PEAK_KB: u64 = 300_000;

/// A puzzle file of each case: its text, and what is done with it.
fn case_text(case: &str) -> String {
    let one_cell =
        "[[piece]]\nname = \"a\"\nsymbol = \"a\"\ncells = [[0, 0]]\ncount = \"unlimited\"\n";
    match case {
        "wrapping-size" => format!(
            "lattice = \"cubic\"\n[board]\nsize = [4611686018427387904, 4611686018427387904, 16]\n{one_cell}"
        ),
        "max-size" => format!(
            "lattice = \"cubic\"\n[board]\nsize = [9223372036854775807, 9223372036854775807, 9223372036854775807]\n{one_cell}"
        ),
        "min-coordinate" => format!(
            "lattice = \"square\"\n[board]\ncells = [[-9223372036854775808, 0]]\n{one_cell}"
        ),
        "big-piece" => "lattice = \"square\"\n[board]\nsize = [1000, 1000]\n[[piece]]\nname = \"big\"\nsymbol = \"B\"\ncells = [\n"
            .to_string()
            + &(0..100)
                .flat_map(|y| (0..100).map(move |x| format!("[{x}, {y}],")))
                .collect::<Vec<_>>()
                .join("\n")
            + "\n]\ncount = \"unlimited\"\n",
        "pentominoes" => format!(
            "lattice = \"square\"\n[board]\nsize = [1000, 1000]\n[[use]]\nset = \"{}\"\ncount = \"unlimited\"\n",
            data("sets/pentominoes.toml").display()
        ),
        "many-pieces" => {
            let mut t = "lattice = \"square\"\n[board]\nsize = [100, 100]\n".to_string();
            for i in 0..10_000u32 {
                let symbol = char::from_u32(0x4E00 + i).unwrap();
                t += &format!("[[piece]]\nname = \"p{i}\"\nsymbol = \"{symbol}\"\ncells = [[0, 0]]\n");
            }
            t
        }
        "optional" | "optional-raised" => {
            let list: Vec<String> = (0..1_200_000).map(|i| format!("[{},{}]", i % 1000, i / 1000)).collect();
            format!(
                "lattice = \"square\"\n[board]\ncells = [[0, 0]]\noptional = [{}]\n{one_cell}",
                list.join(",")
            )
        }
        "far-cells" => format!(
            "lattice = \"square\"\n[board]\ncells = [[100000, 0], [-100000, 0], [0, 100000]]\n{one_cell}"
        ),
        other => panic!("no case {other}"),
    }
}

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status")
}

/// Runs in the child: loads (and for `far-cells` draws) the case's puzzle,
/// prints the error and the peak memory.
#[test]
#[ignore = "run by the other tests of this module in a child process"]
fn child() {
    let Ok(case) = std::env::var(CASE_VAR) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("polycover-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{case}.toml"));
    std::fs::write(&path, case_text(&case)).unwrap();
    // `optional-raised`: the optional list within a raised file limit
    // meets the board's limit.
    let limits = if case == "optional-raised" {
        polyform::Limits {
            file_bytes: 100_000_000,
            ..Default::default()
        }
    } else {
        polyform::Limits::default()
    };
    let error = match polyform::load_with(&path, &limits) {
        Err(e) => e.to_string(),
        Ok(puzzle) => {
            // Counting needs no picture: the matrix is small.
            let enc = polyform::encode(&puzzle).unwrap();
            assert_eq!(dlx::Solver::new(&enc.matrix).count(), 1);
            let text = picture::text::picture(&puzzle, &[], false).unwrap_err();
            let svg = picture::svg::solution(&puzzle, &[], "far").unwrap_err();
            assert_eq!(text.file, path);
            format!("{text}\n{svg}")
        }
    };
    println!();
    println!("PEAK {}", peak_kb());
    println!("ERROR {}", error.replace('\n', "\nERROR "));
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs a case in a child process: the error lines and its peak memory.
fn run(case: &str) -> (Vec<String>, u64) {
    // One child at a time: a dozen children at once would crowd a small
    // machine.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "limits::child",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env(CASE_VAR, case)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{case}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let field = |name: &str| -> u64 {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("{case}: no {name} in {stdout}"))
            .trim()
            .parse()
            .unwrap()
    };
    let errors = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("ERROR "))
        .map(str::to_string)
        .collect();
    (errors, field("PEAK "))
}

/// Runs a case and checks: refused at `file:line:`, with the limit's name
/// and the given words, small.
fn refused(case: &str, line: Option<usize>, words: &[&str]) {
    let (errors, peak) = run(case);
    assert!(!errors.is_empty(), "{case}: no error");
    for e in &errors {
        let place = match line {
            Some(l) => format!("{case}.toml:{l}:"),
            None => format!("{case}.toml: "),
        };
        assert!(e.contains(&place), "{case}: place in {e}");
        assert!(e.contains("limit"), "{case}: no limit named in {e}");
        for w in words {
            assert!(e.contains(w), "{case}: `{w}` missing from {e}");
        }
    }
    assert!(peak < MAX_PEAK_KB, "{case}: peak {peak} kB");
}

#[test]
fn a_size_whose_product_wraps_is_refused() {
    refused(
        "wrapping-size",
        Some(3),
        &[
            "more than 1000000 board cells",
            "at most 1000000",
            "`board_cells`",
            "--max-board-cells",
        ],
    );
}

#[test]
fn the_largest_sizes_name_no_wrapped_count() {
    refused(
        "max-size",
        Some(3),
        &["more than 1000000 board cells", "`board_cells`"],
    );
}

#[test]
fn the_smallest_coordinate_is_refused_not_read_as_zero() {
    refused(
        "min-coordinate",
        Some(3),
        &["9223372036854775808", "`coordinate`", "at most 100000"],
    );
}

#[test]
fn an_unlimited_big_piece_on_a_big_board_is_refused_before_placing() {
    refused(
        "big-piece",
        Some(2),
        &[
            "more than 10000000 matrix entries",
            "`matrix_entries`",
            "--max-matrix-entries",
        ],
    );
}

#[test]
fn unlimited_pentominoes_on_a_big_board_are_refused_before_placing() {
    refused(
        "pentominoes",
        Some(2),
        &[
            "more than 2000000 placements",
            "`placements`",
            "--max-placements",
        ],
    );
}

#[test]
fn ten_thousand_pieces_on_a_small_board_are_refused_before_placing() {
    refused(
        "many-pieces",
        Some(2),
        &["more than 2000000 placements", "`placements`"],
    );
}

#[test]
fn a_file_too_big_to_read_quickly_is_refused_before_reading() {
    // 1.2 M optional cells: a 12 MB file, refused by its size alone, after
    // reading no more than the limit.
    refused(
        "optional",
        None,
        &[
            "a puzzle file may have at most 2000000 bytes",
            "--max-file-bytes",
        ],
    );
}

#[test]
fn optional_cells_count_towards_the_board_limit() {
    // With a file limit raised for the file, its cells meet the board's
    // limit; reading 12 MB of TOML takes seconds, so only the message is
    // checked here.
    let (errors, _) = run("optional-raised");
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].contains("optional-raised.toml:4:"),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("1200001 board cells"), "{}", errors[0]);
    assert!(errors[0].contains("`board_cells`"), "{}", errors[0]);
}

#[test]
fn far_apart_cells_are_counted_but_not_drawn() {
    // The file names no line for a whole picture; both pictures (text
    // and SVG) are refused.
    refused(
        "far-cells",
        None,
        &["picture width or height", "`picture_side`"],
    );
}
