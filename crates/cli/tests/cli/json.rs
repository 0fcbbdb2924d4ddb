//! One output switch and one schema (docs/json.md): every command's JSON
//! is valid JSON on standard output, each object with its `type`, every
//! documented key present.

use super::common::{data, json, json_lines, run, stderr, temp};

/// The keys docs/json.md lists for a count.
const COUNT_KEYS: [&str; 16] = [
    "type",
    "puzzle",
    "file",
    "kind",
    "solutions",
    "distinct",
    "group",
    "group_order",
    "group_description",
    "method",
    "reduced",
    "nodes",
    "updates",
    "split_nodes",
    "seconds",
    "threads",
];

fn has_keys(v: &serde_json::Value, keys: &[&str]) {
    for k in keys {
        assert!(v.get(k).is_some(), "key {k} missing in {v}");
    }
}

#[test]
fn count_lists_every_key_with_or_without_distinct() {
    for extra in [&[][..], &["--distinct"][..]] {
        let mut args = vec!["count", "data/pentominoes/3x20.toml", "--json"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&o);
        has_keys(&v, &COUNT_KEYS);
        assert_eq!(v["type"], "count");
        assert_eq!(v["solutions"], 8);
        assert_eq!(v["group"], "full");
        assert_eq!(v["group_order"], 4);
    }
}

/// Tetracubes in a 2x4x4 box: 1,390 up to rotations, 695 with
/// reflections (Polyform Puzzler); 11,120 in all.
#[test]
fn count_distinct_under_a_chosen_group() {
    let file = "data/tetracubes/2x4x4.toml";
    for (group, order, distinct) in [
        ("rotations", 8, 1390),
        ("full", 16, 695),
        ("none", 1, 11120),
    ] {
        let o = run(&["count", file, "--distinct", "--group", group, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["solutions"], 11120, "{group}");
        assert_eq!(v["distinct"], distinct, "{group}");
        assert_eq!(v["group"], group);
        assert_eq!(v["group_order"], order, "{group}");
    }
    // DLX text has no geometry: only the trivial group.
    let o = run(&["count", "benches/instances/soma.dlx", "--group", "full"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no geometry"), "{}", stderr(&o));
}

#[test]
fn solve_json_is_json_lines_of_solutions() {
    let o = run(&[
        "solve",
        "data/pentominoes/3x20.toml",
        "--limit",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    for (i, v) in lines.iter().enumerate() {
        has_keys(
            v,
            &[
                "type",
                "puzzle",
                "file",
                "kind",
                "solution",
                "placements",
                "picture",
            ],
        );
        assert_eq!(v["type"], "solution");
        assert_eq!(v["solution"], i as u64 + 1);
        assert_eq!(v["placements"].as_array().unwrap().len(), 12);
    }
    // --json is --format json.
    let same = run(&[
        "solve",
        "data/pentominoes/3x20.toml",
        "--limit",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(same.stdout, o.stdout);
}

#[test]
fn limit_zero_is_refused() {
    let o = run(&["solve", "data/soma/cube.toml", "--limit", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("--limit 0"), "{}", stderr(&o));
}

#[test]
fn show_json_describes_each_kind() {
    for (file, kind) in [
        ("data/soma/cube.toml", "polyform"),
        ("data/tiles/another-tough-puzzle.toml", "tiles"),
        ("benches/instances/soma.dlx", "dlx"),
    ] {
        let o = run(&["show", file, "--json"]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let v = json(&o);
        has_keys(&v, &["type", "puzzle", "file", "kind", "matrix", "expect"]);
        assert_eq!(v["type"], "problem");
        assert_eq!(v["kind"], kind);
    }
    let v = json(&run(&["show", "data/soma/cube.toml", "--json"]));
    assert_eq!(v["group"]["order"], 48);
    assert_eq!(v["group"]["rotations"], 24);
    assert_eq!(v["pieces"].as_array().unwrap().len(), 7);
    assert_eq!(v["matrix"]["options"], 688);
}

#[test]
fn verify_json_lists_every_file() {
    // 3x20 with its [expect] (checked), and without (unchecked).
    let dir = temp("verify-json");
    std::fs::create_dir_all(&dir).unwrap();
    let set = format!("\"{}\"", data("sets/pentominoes.toml").display());
    let text = std::fs::read_to_string(data("pentominoes/3x20.toml"))
        .unwrap()
        .replace("\"../sets/pentominoes.toml\"", &set);
    std::fs::write(dir.join("a.toml"), &text).unwrap();
    std::fs::write(dir.join("b.toml"), &text[..text.find("[expect]").unwrap()]).unwrap();
    let d = dir.display().to_string();
    let o = run(&["verify", &d, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["type"], "verify-summary");
    assert_eq!(v["passed"], 1);
    assert_eq!(v["unchecked"], 1);
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["result"], "pass");
    assert_eq!(files[1]["result"], "unchecked");
    // --strict fails on the unchecked file.
    let o = run(&["verify", &d, "--json", "--strict"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["unchecked"], 1);
}

#[test]
fn dlx_json_is_valid_json_with_solutions_printed() {
    let o = run(&[
        "dlx",
        "benches/instances/soma.dlx",
        "--limit",
        "1",
        "--json",
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["type"], "solution");
    assert_eq!(lines[1]["type"], "count");
    assert_eq!(lines[1]["solutions"], 11520);
}

/// SIGTERM during `solve --all --json` stops the stream at once, as it
/// stops the text pictures: it went on for half a minute, writing every
/// solution the workers had held back for the slow JSON writer (hundreds
/// of thousands; 256,260 lines where 10,614 were out at the signal). Here
/// standard output is a pipe left unread until the signal, so the writer
/// blocks and the workers fill their buffer (the 4 × 25 tetromino strip
/// has solutions without end); after the signal only what was already
/// being written comes out (a pipe's and a buffer's worth: a few hundred
/// lines), every line whole JSON, and the exit is 130.
#[test]
fn sigterm_stops_solve_all_json_at_once() {
    use std::io::BufRead;
    let mut child = super::common::bin()
        .args(["solve", "-q", "--all", "--json"])
        .arg(data("tetrominoes/4x25.toml"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    super::common::wait_for_signal_handler(&mut child);
    // Time for the search to fill the held solutions (not needed to pass).
    std::thread::sleep(std::time::Duration::from_secs(2));
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut lines = 0;
    for line in out.lines() {
        let line = line.unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).expect("every line is JSON");
        assert_eq!(v["type"], "solution");
        lines += 1;
    }
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert!(lines < 5000, "{lines} solutions written after the stop");
}
