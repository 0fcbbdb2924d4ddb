//! The puzzle subcommands, run as a user runs them.

use super::common::{bin, data, json, run, stderr, stdout, temp};
use std::process::Stdio;

#[test]
fn count_soma() {
    let o = run(&["count", data("soma/cube.toml").to_str().unwrap()]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("11520 solutions"), "{}", stdout(&o));
}

#[test]
fn count_json_two_dominoes() {
    let o = run(&[
        "count",
        "--json",
        data("copies/two-dominoes-2x2.toml").to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solutions"], 2);
    assert_eq!(v["puzzle"], "Two identical dominoes on 2x2");
    assert!(v["seconds"].is_number() && v["nodes"].is_number() && v["updates"].is_number());
}

#[test]
fn count_dominoes_8x8() {
    let o = run(&[
        "count",
        "--json",
        data("dominoes/8x8.toml").to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solutions"], 12_988_816u64, "OEIS A004003");
}

#[test]
fn solve_prints_pictures_and_json() {
    let f = data("pentominoes/3x20.toml");
    let o = run(&["solve", "--all", f.to_str().unwrap()]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(text.matches("solution ").count(), 8);
    // Each picture is 3 rows of 20 symbols, each piece's symbol 5 times.
    let first: Vec<&str> = text.lines().skip(1).take(3).collect();
    assert!(first.iter().all(|r| r.chars().count() == 20), "{first:?}");
    for s in "FILNPTUVWXYZ".chars() {
        assert_eq!(first.iter().map(|r| r.matches(s).count()).sum::<usize>(), 5);
    }
    assert!(
        !text.contains('\x1b'),
        "no colors when NO_COLOR is set or not a terminal"
    );

    let o = run(&[
        "solve",
        "--limit",
        "3",
        "--format",
        "json",
        f.to_str().unwrap(),
    ]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, l) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["solution"], i as u64 + 1);
        assert_eq!(v["placements"].as_array().unwrap().len(), 12);
    }
}

#[test]
fn solve_3d_draws_layers_side_by_side() {
    let o = run(&["solve", data("soma/cube.toml").to_str().unwrap()]);
    let text = stdout(&o);
    let rows: Vec<&str> = text.lines().skip(1).take(3).collect();
    // Three 3x3 layers side by side, two blanks apart.
    assert!(rows.iter().all(|r| r.len() == 3 * 3 + 2 * 2), "{text}");
}

#[test]
fn show_lists_pieces_and_matrix() {
    let o = run(&["show", data("pentominoes/6x10.toml").to_str().unwrap()]);
    let text = stdout(&o);
    assert!(
        text.contains("F `F`: 5 cells, count 1, 8 orientations, 256 placements"),
        "{text}"
    );
    assert!(
        text.contains("matrix: 72 items (72 primary, 0 secondary), 2056 options"),
        "{text}"
    );
}

#[test]
fn show_says_one_solution_in_the_singular() {
    let f = data("kanoodle-extreme/challenge-02.toml");
    let o = run(&["show", f.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("expected: 1 solution, "),
        "{}",
        stdout(&o)
    );
}

#[test]
fn matrix_piped_into_dlx_counts_the_same() {
    let f = data("katamino/the-slam-b-9.toml");
    let m = run(&["matrix", f.to_str().unwrap()]);
    assert!(m.status.success());
    let mut child = bin()
        .args(["dlx", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&m.stdout).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        stdout(&out).starts_with("604 solutions"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn an_unlimited_piece_on_optional_cells_round_trips_through_dlx() {
    // One domino on the two cells to fill, and another on the two that may stay empty or not:
    // 2 solutions (the placement on optional cells alone was once left out of the matrix).
    let dir = std::env::temp_dir().join(format!("polycover-optional-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let piece = "[[piece]]\nname = \"D\"\nsymbol = \"D\"\nart = \"##\"\ncount = \"unlimited\"\n";
    let f = dir.join("d.toml");
    std::fs::write(
        &f,
        format!("lattice = \"square\"\n[board]\nart = \"##++\"\n{piece}"),
    )
    .unwrap();
    let o = run(&["count", f.to_str().unwrap()]);
    assert!(stdout(&o).contains(": 2 solutions"), "{}", stdout(&o));
    let m = run(&["matrix", f.to_str().unwrap()]);
    let dlx = dir.join("d.dlx");
    std::fs::write(&dlx, &m.stdout).unwrap();
    let o = run(&["count", dlx.to_str().unwrap()]);
    assert!(stdout(&o).contains(": 2 solutions"), "{}", stdout(&o));
    // Nothing to cover at all: DLX text cannot say so, and `matrix` says why.
    let g = dir.join("nothing.toml");
    let long = "[[piece]]\nname = \"I\"\nsymbol = \"I\"\nart = \"###\"\ncount = \"unlimited\"\n";
    std::fs::write(
        &g,
        format!("lattice = \"square\"\n[board]\nart = \"++\"\n{long}"),
    )
    .unwrap();
    let o = run(&["matrix", g.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no primary item"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_file_exits_2_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("polycover-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.toml");
    std::fs::write(&f, "lattice = \"hexagon\"\n").unwrap();
    let o = run(&["count", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(&format!("polycover: {}:1:11: unknown lattice", f.display())),
        "{err}"
    );
}

#[test]
fn verify_passes_and_fails() {
    let dir = std::env::temp_dir().join(format!("polycover-verify-{}", std::process::id()));
    let sets = dir.join("sets");
    std::fs::create_dir_all(&sets).unwrap();
    std::fs::copy(data("sets/pentominoes.toml"), sets.join("pentominoes.toml")).unwrap();
    std::fs::copy(data("pentominoes/3x20.toml"), dir.join("3x20.toml")).unwrap();
    let good = std::fs::read_to_string(data("pentominoes/3x20.toml"))
        .unwrap()
        .replace("../sets/", "sets/");
    std::fs::write(dir.join("3x20.toml"), &good).unwrap();
    let o = run(&["verify", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 passed, 0 failed"), "{}", stdout(&o));
    // A wrong expectation is a mismatch: exit 1.
    std::fs::write(
        dir.join("wrong.toml"),
        good.replace("solutions = 8", "solutions = 9"),
    )
    .unwrap();
    let o = run(&["verify", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("FAIL"));
    // Estimates over the limit are skipped (any search of recorded nodes
    // takes more than 0 s), and the summary says how long they would take.
    std::fs::remove_file(dir.join("wrong.toml")).unwrap();
    let o = run(&["verify", "--max-seconds", "0", dir.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("0 passed, 0 failed, 0 errors, 1 skipped (")
            && stdout(&o).contains("nodes/s"),
        "{}",
        stdout(&o)
    );
}

/// `[expect] nodes` is the size of verify's search: a file whose record
/// differs fails, and `verify --update` writes the size found (the one the
/// catalog file records), after which it passes.
#[test]
fn verify_checks_and_updates_the_recorded_nodes() {
    let dir = temp("verify-nodes");
    let sets = dir.join("sets");
    std::fs::create_dir_all(&sets).unwrap();
    std::fs::copy(data("sets/pentominoes.toml"), sets.join("pentominoes.toml")).unwrap();
    let text = std::fs::read_to_string(data("pentominoes/3x20.toml"))
        .unwrap()
        .replace("../sets/", "sets/");
    let line = text
        .lines()
        .find(|l| l.starts_with("nodes = "))
        .expect("the catalog file records its nodes");
    let nodes: u64 = line["nodes = ".len()..].parse().unwrap();
    let f = dir.join("3x20.toml");
    std::fs::write(&f, text.replace(line, "nodes = 1")).unwrap();
    let d = dir.to_str().unwrap();
    let o = run(&["verify", d]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!(
            "the search took {nodes} nodes; [expect] nodes says 1"
        )),
        "{}",
        stdout(&o)
    );
    let o = run(&["verify", "--update", d]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 files updated"), "{}", stdout(&o));
    let updated = std::fs::read_to_string(&f).unwrap();
    assert_eq!(updated, text, "the file is as in the catalog again");
    let v = json(&run(&["verify", d, "--json"]));
    assert_eq!(v["passed"], 1);
    assert_eq!(v["files"][0]["nodes"], nodes);
}

/// The same for a twisty puzzle file's recorded work: the catalog's
/// value is the count's (an exact, machine-independent measure), a wrong
/// one fails, and `--update` writes the real one back.
#[test]
fn verify_checks_and_updates_the_recorded_twisty_work() {
    let dir = temp("verify-work");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(data("twisty/megaminx.toml")).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("work = "))
        .expect("the catalog file records its work");
    let work: u64 = line["work = ".len()..].parse().unwrap();
    let f = dir.join("megaminx.toml");
    std::fs::write(&f, text.replace(line, "work = 1")).unwrap();
    let d = dir.to_str().unwrap();
    let o = run(&["verify", d]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!("the count took {work} work; [expect] work says 1")),
        "{}",
        stdout(&o)
    );
    let o = run(&["verify", "--update", d]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 files updated"), "{}", stdout(&o));
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        text,
        "as in the catalog again"
    );
}

#[test]
fn verify_bundled_catalog_by_default() {
    // From a directory without data/ (an empty one of this test's own:
    // the temp directory itself may hold anything), the compiled-in catalog
    // is used. (Only what takes under a second here: the whole default run
    // is CI's.)
    let empty = temp("no-data-here");
    std::fs::create_dir_all(&empty).unwrap();
    let o = bin()
        .args(["verify", "--max-seconds", "1"])
        .current_dir(&empty)
        .output()
        .unwrap();
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("katamino/small-slam-a-5.toml"), "{text}");
    assert!(text.contains("0 failed, 0 errors"), "{text}");
}

/// `count` searches a symmetric board with one piece per orbit: the same
/// total as the whole tree, from a search about |G| times smaller;
/// `--full-search` and checkpoints search the whole tree.
#[test]
fn count_is_reduced_by_symmetry_unless_asked_not_to() {
    let file = data("pentominoes/3x20.toml");
    let file = file.to_str().unwrap();
    let json = |extra: &[&str]| {
        let mut args = vec!["count", "--json", "-j1", file];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let reduced = json(&[]);
    let full = json(&["--full-search"]);
    // The 2 tilings of the 3x20 rectangle (Haselgrove), 4 images each.
    assert_eq!(reduced["solutions"], 8);
    assert_eq!(full["solutions"], 8);
    assert_eq!(reduced["reduced"], 4);
    assert_eq!(full["reduced"], 1);
    let (r, f) = (
        reduced["nodes"].as_u64().unwrap(),
        full["nodes"].as_u64().unwrap(),
    );
    assert!(r * 2 < f, "reduced {r} nodes, full {f}");
    let dir = std::env::temp_dir().join(format!("polycover-reduced-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("c.json");
    // A checkpointed count keeps the symmetry reduction (one weighted
    // search), and its checkpoint resumes to the same numbers.
    let with_checkpoint = json(&["--checkpoint", ck.to_str().unwrap()]);
    assert_eq!(with_checkpoint["solutions"], 8);
    assert_eq!(with_checkpoint["reduced"], 4);
    let resumed = json(&["--resume", ck.to_str().unwrap(), "--distinct"]);
    assert_eq!(
        (resumed["solutions"].clone(), resumed["distinct"].clone()),
        (8.into(), 2.into())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without --group, `count` and `merge` count under the file's own
/// `[expect] group`: three tetracubes in a 2x4x4 box are 1390 up to the
/// box's rotations and 695 up to rotations and reflections (Polyform
/// Puzzler's numbers, in the file).
#[test]
fn the_default_group_is_the_files_own() {
    let f = data("tetracubes/2x4x4.toml").display().to_string();
    let v = json(&run(&["count", &f, "--distinct", "--json"]));
    assert_eq!(
        (v["group"].as_str(), v["distinct"].as_u64()),
        (Some("rotations"), Some(1390))
    );
    let v = json(&run(&[
        "count",
        &f,
        "--distinct",
        "--group",
        "full",
        "--json",
    ]));
    assert_eq!(v["distinct"], 695);
    let dir = temp("group-shards");
    std::fs::create_dir_all(&dir).unwrap();
    let mut results = vec![];
    for i in 1..=2 {
        let out = dir.join(format!("s{i}")).display().to_string();
        let o = run(&["count", &f, "--shard", &format!("{i}/2"), "--out", &out]);
        assert!(o.status.success(), "{}", stderr(&o));
        results.push(out);
    }
    let mut args = vec!["merge", f.as_str()];
    args.extend(results.iter().map(String::as_str));
    args.push("--json");
    let v = json(&run(&args));
    assert_eq!(
        (v["group"].as_str(), v["distinct"].as_u64()),
        (Some("rotations"), Some(1390)),
        "{v}"
    );
}
