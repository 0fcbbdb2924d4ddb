//! `polycover explain`: the classic impossible tilings proved by a
//! colouring whose arithmetic is checked here from the printed colouring
//! alone; the area; a solvable puzzle; files it does not read.

use super::common::*;
use serde_json::Value;

fn explain_json(file: &str) -> (i32, Value) {
    let o = run(&["explain", file, "--json"]);
    let (code, out, err) = outcome(&o);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    (code, v)
}

/// Recomputes the colour of every listed cell from the formula's
/// coefficients, the board's counts from the cells, and checks that no
/// listed total equals them; returns the colouring's formula.
fn check_colouring(v: &Value) -> String {
    let r = &v["reason"];
    assert_eq!(r["kind"], "colouring", "{v}");
    let m = r["colouring"]["modulus"].as_i64().unwrap();
    let a: Vec<i64> = serde_json::from_value(r["colouring"]["coefficients"].clone()).unwrap();
    let mut fill = vec![0u32; m as usize];
    for c in r["cells"].as_array().unwrap() {
        let cell: Vec<i64> = serde_json::from_value(c["cell"].clone()).unwrap();
        let colour = (0..3).map(|i| a[i] * cell[i]).sum::<i64>().rem_euclid(m);
        assert_eq!(c["colour"], colour);
        fill[colour as usize] += 1;
    }
    let reported: Vec<u32> = serde_json::from_value(r["fill"].clone()).unwrap();
    assert_eq!(reported, fill);
    let totals: Vec<Vec<u32>> = serde_json::from_value(r["totals"].clone()).unwrap();
    assert!(!totals.contains(&fill));
    r["colouring"]["formula"].as_str().unwrap().to_string()
}

#[test]
fn the_classic_impossible_tilings() {
    let (code, v) = explain_json("examples/designer/mutilated-chessboard.toml");
    assert_eq!((code, v["solvable"].clone()), (0, false.into()));
    assert_eq!(check_colouring(&v), "x + y mod 2");
    assert_eq!(v["reason"]["totals"], serde_json::json!([[31, 31]]));

    let (code, v) = explain_json("examples/designer/tetrominoes-4x5.toml");
    assert_eq!(code, 0);
    assert_eq!(check_colouring(&v), "x + y mod 2");
    // The T covers 3 and 1, the others 2 and 2: 11 and 9 either way.
    assert_eq!(v["reason"]["totals"], serde_json::json!([[9, 11], [11, 9]]));

    let (code, v) = explain_json("examples/designer/trominoes-without-a-corner.toml");
    assert_eq!(code, 0);
    assert_eq!(check_colouring(&v), "x + y mod 3");
    assert_eq!(v["reason"]["totals"], serde_json::json!([[21, 21, 21]]));

    // The colouring as an SVG picture.
    let svg = std::env::temp_dir().join(format!("polycover-explain-{}.svg", std::process::id()));
    let f = "examples/designer/trominoes-without-a-corner.toml";
    let o = run(&["explain", f, "--svg", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg") && text.contains("x + y mod 3 (diagonals)"),
        "{text}"
    );
    std::fs::remove_file(&svg).ok();

    // The text shows the colouring and the arithmetic.
    let o = run(&["explain", "examples/designer/mutilated-chessboard.toml"]);
    let text = stdout(&o);
    assert!(text.contains("x + y mod 2 (checkerboard)"), "{text}");
    assert!(text.contains("1010101."), "{text}");
    assert!(text.contains("(31, 31): never (30, 32)"), "{text}");
}

#[test]
fn area_solvable_and_other_files() {
    let dir = std::env::temp_dir().join(format!("polycover-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("area.toml");
    std::fs::write(
        &f,
        "name = \"a\"\nlattice = \"square\"\n[board]\nsize = [3, 3]\n[[piece]]\nname = \"d\"\nsymbol = \"D\"\nart = \"##\"\ncount = 4\n",
    )
    .unwrap();
    let (code, v) = explain_json(f.to_str().unwrap());
    assert_eq!(
        (code, v["reason"]["kind"].clone()),
        (0, "area".into()),
        "{v}"
    );
    // A puzzle with solutions: exit 1, nothing to explain.
    let (code, v) = explain_json("data/pentominoes/6x10.toml");
    assert_eq!((code, v["solvable"].clone()), (1, true.into()));
    // Not a polyform file.
    let (code, _, err) = outcome(&run(&["explain", "data/twisty/3x3x3.toml"]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("twisty puzzle file") && err.contains("polycover twisty"),
        "{err}"
    );
    let (code, _, err) = outcome(&run_stdin(&["explain", "-"], "i1 i2\ni1\ni2\n"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("polyform"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Dominoes on 4x4 (36 tilings, OEIS A004003), written to `dir`.
fn dominoes_4x4(dir: &std::path::Path) -> String {
    let f = dir.join("d4.toml");
    std::fs::write(
        &f,
        "name = \"d4\"\nlattice = \"square\"\n[board]\nsize = [4, 4]\n[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = \"unlimited\"\n",
    )
    .unwrap();
    f.display().to_string()
}

/// Every tiling of the puzzle, as sets of dominoes (sorted cell pairs).
fn tilings(file: &str) -> Vec<Vec<Vec<[i64; 2]>>> {
    let o = run(&["solve", file, "--all", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    stdout(&o)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["placements"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    let mut c: Vec<[i64; 2]> = serde_json::from_value(p["cells"].clone()).unwrap();
                    c.sort();
                    c
                })
                .collect()
        })
        .collect()
}

/// `hint` counts the completions of a position: the tilings that hold its
/// dominoes, counted here from every tiling; what every completion holds;
/// and a position that cannot be finished, with the reason.
#[test]
fn hints_against_every_tiling() {
    let dir = std::env::temp_dir().join(format!("polycover-hint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dominoes_4x4(&dir);
    let all = tilings(&file);
    assert_eq!(all.len(), 36);
    let horizontal = vec![[0, 0], [1, 0]];
    let vertical = vec![[3, 0], [3, 1]];
    let holding: Vec<_> = all
        .iter()
        .filter(|t| t.contains(&horizontal) && t.contains(&vertical))
        .collect();
    let pos = dir.join("pos.txt");
    std::fs::write(&pos, "DD#D\n###D\n####\n####\n").unwrap();
    let o = run(&["hint", &file, "--given", pos.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["completions"], holding.len() as u64);
    assert_eq!(v["exact"], true);
    // What every completion holds, from the tilings.
    let mut common: Vec<Vec<[i64; 2]>> = holding[0]
        .iter()
        .filter(|d| holding.iter().all(|t| t.contains(d)))
        .filter(|d| **d != horizontal && **d != vertical)
        .cloned()
        .collect();
    common.sort();
    let mut forced: Vec<Vec<[i64; 2]>> = v["forced"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let cells: Vec<[i64; 3]> = serde_json::from_value(p["cells"].clone()).unwrap();
            let mut c: Vec<[i64; 2]> = cells.iter().map(|c| [c[0], c[1]]).collect();
            c.sort();
            c
        })
        .collect();
    forced.sort();
    assert_eq!(forced, common);
    // The next placement is in some completion.
    let next: Vec<[i64; 3]> = serde_json::from_value(v["next"]["cells"].clone()).unwrap();
    let mut next: Vec<[i64; 2]> = next.iter().map(|c| [c[0], c[1]]).collect();
    next.sort();
    assert!(holding.iter().any(|t| t.contains(&next)));
    // `solve --given` lists exactly those completions.
    let o = run(&[
        "solve",
        &file,
        "--given",
        pos.to_str().unwrap(),
        "--all",
        "--json",
    ]);
    assert_eq!(stdout(&o).lines().count(), holding.len(), "{}", stderr(&o));
    // --limit: at least N.
    let o = run(&["hint", &file, "--limit", "5", "--json"]);
    assert_eq!(
        (json(&o)["completions"].clone(), json(&o)["exact"].clone()),
        (5.into(), false.into())
    );
    // A finished position says so.
    let strip = dir.join("strip.toml");
    std::fs::write(
        &strip,
        "name = \"s\"\nlattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = \"unlimited\"\n",
    )
    .unwrap();
    std::fs::write(&pos, "DD\n").unwrap();
    let o = run(&[
        "hint",
        strip.to_str().unwrap(),
        "--given",
        pos.to_str().unwrap(),
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(
        (v["finished"].clone(), v["completions"].clone()),
        (true.into(), 1.into()),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "hint",
        strip.to_str().unwrap(),
        "--given",
        pos.to_str().unwrap(),
    ]);
    assert!(
        stdout(&o).contains("the position is finished"),
        "{}",
        stdout(&o)
    );
    // A cell cut off: cannot be finished (exit 1), and why.
    std::fs::write(&pos, "#DD#\nD###\nD###\n####\n").unwrap();
    let o = run(&["hint", &file, "--given", pos.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(
        (v["completable"].clone(), v["reason"]["kind"].clone()),
        (false.into(), "uncovered".into())
    );
    assert_eq!(v["reason"]["cell"], serde_json::json!([0, 0, 0]));
    // A drawing that is not a placement names the file and line.
    std::fs::write(&pos, "####\n#D##\n##D#\n####\n").unwrap();
    let (code, _, err) = outcome(&run(&["hint", &file, "--given", pos.to_str().unwrap()]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("pos.txt:2"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `explain --forced` on a puzzle with one solution lists all its loose
/// pieces' placements; on 4x4 dominoes (36 tilings) none.
#[test]
fn forced_placements() {
    let dir = std::env::temp_dir().join(format!("polycover-forced-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dominoes_4x4(&dir);
    let o = run(&["explain", &file, "--forced", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json(&o)["forced"], serde_json::json!([]));
    // A 2x1 strip of one domino: its one placement is forced.
    let strip = dir.join("strip.toml");
    std::fs::write(
        &strip,
        "name = \"s\"\nlattice = \"square\"\n[board]\nsize = [2, 1]\n[[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = 1\n",
    )
    .unwrap();
    let o = run(&["explain", strip.to_str().unwrap(), "--forced", "--json"]);
    assert_eq!(
        json(&o)["forced"][0]["cells"],
        serde_json::json!([[0, 0, 0], [1, 0, 0]])
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A search stopped by Ctrl-C or SIGTERM answers nothing (exit 130): an interrupted
/// `explain` once said "no solution", `explain --forced` listed every placement of the first
/// search as forced, and `hint` gave the completions found so far as the count. The pentominoes
/// tile the 3x20 box in 2 ways, none in the first subproblem searched; dominoes tile 8x8 in
/// 12,988,816 ways, more than one subproblem holds. Plain `explain` finds a solution of the
/// 3x20 box in its quick search, before any held search: it is held on the polytrigs' triangle
/// stack, which has no solution, and neither the quick search nor an argument shows it (its
/// full search takes about 70,000 nodes).
#[test]
fn an_interrupted_search_claims_nothing() {
    let strip = data("pentominoes/3x20.toml");
    let strip = strip.to_str().unwrap();
    let stack = data("trigs/polytrigs-23-triangle-stack.toml");
    let stack = stack.to_str().unwrap();
    let dominoes = data("dominoes/8x8.toml");
    let dominoes = dominoes.to_str().unwrap();
    // Interrupted, the full search of plain `explain` answers nothing; it never says "no
    // solution" before its search has ended.
    let (code, out, err) = Held::start(&["explain", stack, "-j", "1"], 1).interrupt("TERM");
    assert!(!out.contains("no solution"), "{out}");
    assert!(
        code == Some(130) && out.trim().is_empty() && err.contains("interrupted")
            || code == Some(1) && out.contains("it has a solution"),
        "{code:?}: {out}\n{err}"
    );
    // Every search of `explain --forced` holds (several run), and `hint` counts on.
    for args in [
        vec!["explain", strip, "-j", "1", "--forced"],
        vec!["hint", dominoes, "--limit", "100000000"],
        vec!["hint", dominoes, "--limit", "100000000", "--json"],
    ] {
        let (code, out, err) = Held::start(&args, 1).interrupt("TERM");
        assert_eq!(code, Some(130), "{args:?}: {out}\n{err}");
        assert!(out.trim().is_empty(), "{args:?} printed {out}");
        assert!(err.contains("interrupted"), "{args:?}: {err}");
    }
}
