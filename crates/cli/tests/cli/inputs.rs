//! Every input read bounded, and no superlinear step on tiny inputs (issue
//! 39): endless and oversized files are refused with exit 2 and one line
//! naming the file, the limit and its flag; inputs that once took time
//! quadratic in their size are answered exactly (they took minutes; in
//! linear time they take well under a second); `verify` walks link loops
//! once; limits of 0 are refused.

use super::common::{json, outcome, run, stderr, temp};

/// Exit 2 and one line holding every word.
fn refusal(args: &[&str], words: &[&str]) {
    let (code, _, err) = outcome(&run(args));
    assert_eq!(code, 2, "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for w in words {
        assert!(err.contains(w), "{args:?}: `{w}` missing from {err}");
    }
}

/// `/dev/zero` is refused from its first bytes, whichever command reads
/// it and however it is named, instead of being read up to a limit.
#[cfg(unix)]
#[test]
fn endless_files_are_refused_from_their_head() {
    let words = ["/dev/zero", "byte 0 is not text", "00 00 00"];
    refusal(&["count", "/dev/zero"], &["not a problem file"]);
    refusal(&["count", "/dev/zero"], &words);
    refusal(&["show", "/dev/zero"], &words);
    refusal(&["matrix", "/dev/zero"], &words);
    refusal(&["dlx", "/dev/zero"], &["not a DLX file"]);
    // Named as a BurrTools file or as DLX: the name does not make it so.
    let burr = temp("zero.xmpuzzle");
    std::os::unix::fs::symlink("/dev/zero", &burr).unwrap();
    refusal(
        &["count", &burr.display().to_string()],
        &["zero.xmpuzzle", "not a BurrTools file", "00 00"],
    );
    let dlx = temp("zero.dlx");
    std::os::unix::fs::symlink("/dev/zero", &dlx).unwrap();
    refusal(
        &["count", &dlx.display().to_string()],
        &["zero.dlx", "not a DLX file"],
    );
    // Standard input too: refused after its head, before the writer is
    // done (so the write may find the pipe closed).
    let mut child = super::common::bin()
        .args(["count", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&vec![0u8; 1 << 20]);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("<stdin>") && err.contains("not text"), "{err}");
}

/// A piece set used by a puzzle is read as the puzzle is: within the
/// puzzle-file limit, and refused from its first bytes when it is not text
/// (`/dev/zero`), not read up to the limit.
#[cfg(unix)]
#[test]
fn a_used_set_is_read_as_the_puzzle_is() {
    let f = temp("use-zero.toml");
    let puzzle = |set: &str| {
        format!(
            "name = \"u\"\nlattice = \"square\"\n[board]\nsize = [2, 1]\n[[use]]\nset = \"{set}\"\n"
        )
    };
    std::fs::write(&f, puzzle("/dev/zero")).unwrap();
    let p = f.display().to_string();
    let words = [
        &p,
        "/dev/zero",
        "not a piece-set file",
        "byte 0 is not text",
        "00 00 00",
    ];
    refusal(&["count", &p], &words);
    let (_, _, err) = outcome(&run(&["count", &p]));
    assert!(!err.contains("2000000"), "read up to the limit: {err}");
    let set = temp("big-set.toml");
    std::fs::write(&set, "# a comment line\n".repeat(400)).unwrap();
    let f = temp("use-big.toml");
    std::fs::write(&f, puzzle(&set.display().to_string())).unwrap();
    refusal(
        &[
            "count",
            &f.display().to_string(),
            "--max-file-bytes",
            "5000",
        ],
        &[
            "big-set.toml",
            "a piece-set file may have at most 5000 bytes",
            "--max-file-bytes",
        ],
    );
}

/// `hint --given` refuses a position that is not text as a position, not
/// as a puzzle file.
#[cfg(unix)]
#[test]
fn a_position_that_is_not_text_is_named_a_position() {
    let puzzle = super::common::data("pentominoes/6x10.toml");
    let args = ["hint", puzzle.to_str().unwrap(), "--given", "/dev/zero"];
    refusal(
        &args,
        &["/dev/zero", "not a position", "byte 0 is not text"],
    );
    let (_, _, err) = outcome(&run(&args));
    assert!(!err.contains("puzzle file"), "{err}");
}

/// `verify` says an expected count that is not a whole number is not a
/// count, with the file and line.
#[test]
fn expected_counts_that_are_not_counts() {
    let f = temp("over.toml");
    let text = "lattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"D\"\nsymbol = \"D\"\nart = \"##\"\n[expect]\n";
    let p = f.display().to_string();
    for (count, words) in [
        ("\"12x\"", "`12x` is not a count: write a whole number"),
        ("1.5", "1.5 is not a count: write a whole number"),
    ] {
        std::fs::write(&f, format!("{text}solutions = {count}\n")).unwrap();
        let (code, out, err) = outcome(&run(&["verify", &p]));
        assert_eq!(code, 2, "{out}{err}");
        assert!(out.contains(&format!("{p}:9:13: {words}")), "{out}{err}");
    }
}

/// Each kind of file has its limit and flag.
#[test]
fn each_kind_of_file_is_refused_over_its_own_limit() {
    let dlx = temp("big.dlx");
    std::fs::write(&dlx, "a b\na\nb\n").unwrap();
    let d = dlx.display().to_string();
    refusal(
        &["count", &d, "--max-dlx-bytes", "5"],
        &[&d, "a DLX file may have at most 5 bytes", "--max-dlx-bytes"],
    );
    refusal(
        &["dlx", &d, "--max-dlx-bytes", "5"],
        &[&d, "at most 5 bytes", "--max-dlx-bytes"],
    );
    let (code, out, err) = outcome(&run(&["dlx", &d, "--max-dlx-bytes", "8"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("1 solution,"), "{out}");
    // Content alone says DLX: the DLX limit applies.
    let plain = temp("big-dlx.txt");
    std::fs::write(&plain, "a b\na\nb\n").unwrap();
    let t = plain.display().to_string();
    refusal(
        &["count", &t, "--max-dlx-bytes", "5"],
        &[&t, "a DLX file", "--max-dlx-bytes"],
    );
    let puzzle = super::common::data("dominoes/8x8.toml");
    let p = puzzle.display().to_string();
    refusal(
        &["count", &p, "--max-file-bytes", "10"],
        &[
            "8x8.toml",
            "a puzzle file may have at most 10 bytes",
            "--max-file-bytes",
        ],
    );
    let burr = super::common::root().join("crates/burrtools/tests/burr/soma-cube.xmpuzzle");
    let b = burr.display().to_string();
    refusal(
        &["show", &b, "--max-xml-bytes", "100"],
        &[
            "soma-cube.xmpuzzle",
            "a BurrTools file may have at most 100 bytes",
            "--max-xml-bytes",
        ],
    );
}

/// One item, 100,000 options: 100,000 solutions, each subproblem of the
/// parallel split started where the last one stopped (it took 109 s when
/// each start walked the options before its own).
#[test]
fn one_item_with_many_options_is_counted_in_linear_time() {
    let mut text = String::from("a\n");
    text += &"a\n".repeat(100_000);
    let f = temp("one-item.dlx");
    std::fs::write(&f, text).unwrap();
    let p = f.display().to_string();
    for engine in ["auto", "links"] {
        let o = run(&["count", &p, "--json", "--engine", engine]);
        assert!(o.status.success(), "{engine}");
        let v = json(&o);
        assert_eq!(v["solutions"], 100_000, "{engine}");
        assert_eq!(v["nodes"], 100_001, "{engine}");
    }
}

/// A 100000x1 board of monominoes: one solution, a chain 100,000 levels
/// deep (each level's choice scanned every item left, and the split's probe
/// copied the whole path at each step).
#[test]
fn a_long_strip_of_monominoes_is_counted_in_linear_time() {
    let f = temp("strip.toml");
    std::fs::write(
        &f,
        "name = \"strip\"\nlattice = \"square\"\n[board]\nsize = [100000, 1]\n\
         [[piece]]\nname = \"m\"\nsymbol = \"m\"\nart = \"#\"\ncount = \"unlimited\"\n",
    )
    .unwrap();
    let o = run(&["count", &f.display().to_string(), "--json"]);
    assert!(o.status.success());
    let v = json(&o);
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["nodes"], 100_001);
}

/// A BurrTools file of 100,001 problems is read in linear time (each
/// element's line was counted from the top of the text) and the refusal
/// that lists its problems stays one short line.
#[test]
fn a_file_of_many_problems_is_read_in_linear_time() {
    let mut text = String::from(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>\n\
         <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\" name=\"R\">#</voxel>\n\
         <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\" name=\"P\">#</voxel>\n</shapes><problems>\n",
    );
    let problem =
        "<problem><shapes><shape id=\"1\" count=\"1\"/></shapes><result id=\"0\"/></problem>\n";
    text += &problem.repeat(100_001);
    text += "</problems></puzzle>\n";
    let f = temp("many.xmpuzzle");
    std::fs::write(&f, text).unwrap();
    let p = f.display().to_string();
    let (code, _, err) = outcome(&run(&["count", &p]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("100001 problems: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 99991 more"),
        "{err}"
    );
    assert!(err.len() < 300, "{err}");
    let o = run(&["count", &p, "--problem", "100001", "--json"]);
    assert!(o.status.success());
    assert_eq!(json(&o)["solutions"], 1);
}

/// `verify` on a tree with symbolic link loops lists each file once and
/// ends; its walk is bounded by `--max-entries`.
#[cfg(unix)]
#[test]
fn verify_walks_link_loops_once() {
    let dir = temp("loops");
    let sub = dir.join("a");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        sub.join("p.toml"),
        "name = \"two\"\nlattice = \"square\"\n[board]\nsize = [2, 1]\n\
         [[piece]]\nname = \"d\"\nsymbol = \"d\"\nart = \"##\"\n[expect]\nsolutions = 1\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("..", sub.join("up")).unwrap();
    std::os::unix::fs::symlink("../a", sub.join("same")).unwrap();
    std::os::unix::fs::symlink("p.toml", sub.join("q.toml")).unwrap();
    // A named pipe is not opened (that would wait for a writer).
    let fifo = std::process::Command::new("mkfifo")
        .arg(sub.join("pipe.toml"))
        .status();
    assert!(fifo.is_ok_and(|s| s.success()));
    let d = dir.display().to_string();
    let o = run(&["verify", &d, "--json"]);
    let v = json(&o);
    assert_eq!(o.status.code(), Some(0), "{v}");
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{v}");
    assert_eq!(files[0]["result"], "pass");
    refusal(
        &["verify", &d, "--max-entries", "2"],
        &["at most 2 directory entries", "--max-entries"],
    );
}

/// A limit of 0 is refused as a usage error, on every `--max-...` flag,
/// instead of quietly meaning 1.
#[test]
fn limits_of_zero_are_refused() {
    let p = super::common::data("dominoes/8x8.toml")
        .display()
        .to_string();
    let flags = [
        "--max-file-bytes",
        "--max-board-cells",
        "--max-piece-cells",
        "--max-pieces",
        "--max-copies",
        "--max-coordinate",
        "--max-placements",
        "--max-matrix-entries",
        "--max-picture-side",
        "--max-picture-area",
        "--max-xml-bytes",
        "--max-dlx-bytes",
        "--max-voxel-side",
        "--max-voxel-volume",
        "--max-voxels",
        "--max-disassembly-positions",
        "--max-stl-triangles",
    ];
    for flag in flags {
        let (code, _, err) = outcome(&run(&["count", &p, flag, "0"]));
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(err.contains(flag) && err.contains("at least 1"), "{err}");
    }
    refusal(
        &["count", &p, "--max-board-cells", "10"],
        &["--max-board-cells", "at most 10"],
    );
    let (code, _, err) = outcome(&run(&["dlx", "x.dlx", "--max-dlx-bytes", "0"]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at least 1"), "{err}");
    for arg in ["--max-entries=0", "--max-seconds=-1", "--max-seconds=nan"] {
        let (code, _, err) = outcome(&run(&["verify", &p, arg]));
        assert_eq!(code, 2, "{arg}: {err}");
        let flag = arg.split('=').next().unwrap();
        assert!(err.contains(flag), "{err}");
    }
}

/// A shard result or checkpoint where the puzzle belongs (`polycover merge
/// shards/*.json`, the puzzle forgotten) is named for what it is, in one
/// short line; given as DLX by its name, the error quotes only the start
/// of its first line (it was the whole 37 KB line).
#[test]
fn a_result_given_as_the_puzzle_is_named_in_a_short_line() {
    let dir = temp("result-as-puzzle");
    std::fs::create_dir_all(&dir).unwrap();
    let r = dir.join("r1.json");
    let r_s = r.to_str().unwrap();
    let file = "data/pentominoes/3x20.toml";
    let o = run(&["count", file, "--shard", "1/2", "--out", r_s, "-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (code, out, err) = outcome(&run(&["merge", r_s, r_s]));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("r1.json: this is a shard result, not a puzzle"),
        "{err}"
    );
    assert!(err.len() < 300, "{} bytes: {err}", err.len());
    // A file named .dlx is read as DLX: refused, with its word clipped.
    let dlx = dir.join("r1.dlx");
    std::fs::copy(&r, &dlx).unwrap();
    let (code, _, err) = outcome(&run(&["count", dlx.to_str().unwrap()]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad item name"), "{err}");
    assert!(err.len() < 300, "{} bytes: {err}", err.len());
    std::fs::remove_dir_all(&dir).ok();
}
