//! `polycover view` without a browser: the page's size, that it needs no
//! network, the solutions it holds and the counts it states, bad input.
//! (What it draws is tested in headless Chromium: tests/browser.rs.)

use super::common::{data, outcome, page_data, run, temp};
use std::time::{Duration, Instant};

/// Bedlam with 100 solutions: one self-contained file well under 1 MB,
/// with no address to fetch anything from.
#[test]
fn bedlam_page_is_small_and_offline() {
    let out = temp("bedlam-100.html");
    let o = run(&[
        "view",
        "-q",
        data("bedlam/cube.toml").to_str().unwrap(),
        "--limit",
        "100",
        "-o",
        out.to_str().unwrap(),
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("100 solutions"), "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.len() < 150_000, "{} bytes", html.len());
    for remote in ["http:", "https:", "//cdn", "<link", " src="] {
        assert!(!html.contains(remote), "the page refers to {remote}");
    }
    let d = page_data(&out);
    assert_eq!(d["solutions"].as_array().unwrap().len(), 100);
    assert_eq!(d["pieces"].as_array().unwrap().len(), 13);
    // 13 placements a solution, covering the 64 cells.
    for s in d["solutions"].as_array().unwrap() {
        let cells: u64 = s
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                d["pieces"][p[0].as_u64().unwrap() as usize]["cells"]
                    .as_u64()
                    .unwrap()
            })
            .sum();
        assert_eq!(cells, 64);
    }
    assert_eq!(d["count"]["expected"], "460464");
    assert_eq!(d["count"]["complete"], false);
}

/// Every distinct Soma solution on one page: 240, the published number,
/// and the page says the list is complete.
#[test]
fn soma_distinct_page_is_complete() {
    let out = temp("soma-distinct.html");
    let o = run(&[
        "view",
        "-q",
        data("soma/cube.toml").to_str().unwrap(),
        "--distinct",
        "--limit",
        "1000",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    let d = page_data(&out);
    assert_eq!(d["solutions"].as_array().unwrap().len(), 240);
    assert_eq!(d["count"]["complete"], true);
    assert_eq!(d["count"]["distinct"], true);
    assert_eq!(d["count"]["expected"], "240");
}

/// Pieces given in advance come first in every solution.
#[test]
fn given_pieces_first() {
    let out = temp("challenge.html");
    let o = run(&[
        "view",
        "-q",
        data("kanoodle-extreme/challenge-03.toml").to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    let d = page_data(&out);
    // challenge 03: 5 pieces placed, 7 to go, 6 solutions in all.
    assert_eq!(d["fixed"], 5);
    assert_eq!(d["solutions"].as_array().unwrap().len(), 6);
    assert_eq!(d["count"]["complete"], true);
    let first: Vec<_> = d["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_array().unwrap()[..5].to_vec())
        .collect();
    assert!(first.iter().all(|f| *f == first[0]));
}

#[test]
fn bad_input() {
    let soma = data("soma/cube.toml");
    for (args, want) in [
        (
            vec!["--limit", "0"],
            "--limit 0: a page holds 1 to 10000 solutions",
        ),
        (vec!["--limit", "20000"], "--limit 20000"),
    ] {
        let mut a = vec!["view", soma.to_str().unwrap()];
        a.extend(args);
        let (code, _, err) = outcome(&run(&a));
        assert_eq!(code, 2);
        assert!(err.contains(want) && err.lines().count() == 1, "{err}");
    }
    let dlx = temp("v.dlx");
    std::fs::write(&dlx, "a b\na\nb\n").unwrap();
    let (code, _, err) = outcome(&run(&[
        "view",
        dlx.to_str().unwrap(),
        "-o",
        temp("v.html").to_str().unwrap(),
    ]));
    assert_eq!(code, 2);
    assert!(
        err.contains("3D pages are not available for dlx problems"),
        "{err}"
    );
    let (code, _, err) = outcome(&run(&[
        "view",
        soma.to_str().unwrap(),
        "-o",
        "/nonexistent-dir/x.html",
    ]));
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot write /nonexistent-dir/x.html"),
        "{err}"
    );
}

/// SIGTERM while a very large board is on its way to a page (400x400
/// monominoes: the search's plan probes down a forced chain of 160,000
/// levels, a node at a time, for tens of seconds) stops it within a
/// fraction of a second: exit 130, no page. It ran on for minutes (the probe
/// did not look at the stop flag). The signal goes 3 s after the handler
/// is in place, when the board is loaded (in about a second) and the probe
/// runs; the bound on the stop (5 s) is far under what the probe takes.
#[test]
#[ignore = "waits 3 s and bounds the stop at 5 s (timing): cargo test -p polycover --test cli a_big_board -- --ignored"]
fn a_big_board_stops_on_sigterm() {
    let toml = temp("mono400.toml");
    std::fs::write(
        &toml,
        "name = \"mono\"\nlattice = \"square\"\n[board]\nsize = [400, 400]\n\
         [[piece]]\nname = \"mono\"\nsymbol = \"M\"\nart = \"#\"\ncount = 160000\n",
    )
    .unwrap();
    let out = temp("mono400.html");
    let mut child = crate::common::bin()
        .args(["view", "-q", "--limit", "1", "-o"])
        .args([&out, &toml])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    crate::common::wait_for_signal_handler(&mut child);
    std::thread::sleep(Duration::from_secs(3));
    assert!(child.try_wait().unwrap().is_none(), "finished too soon");
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let t0 = Instant::now();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let code = child.wait().unwrap().code();
    let took = t0.elapsed();
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("polycover: interrupted"), "{err}");
    assert!(took < Duration::from_secs(5), "stopped after {took:?}");
    assert!(!out.exists(), "no page");
}

/// The first value in the page's data after `key` (`T`: its type).
macro_rules! value_after {
    ($html:expr, $key:expr, $t:ty) => {{
        let at = $html.find($key).unwrap() + $key.len();
        let mut values = serde_json::Deserializer::from_str(&$html[at..]).into_iter::<$t>();
        values.next().unwrap().unwrap()
    }};
}

/// Long solutions: tilings of a 2 × 2000 strip, 2000 dominoes each. The
/// page stops at 2,000,000 placements (1000 solutions), says so, and its
/// count says the 1000 are not all.
#[test]
fn a_page_of_long_solutions_stops_at_its_size_bound() {
    let puzzle = temp("strip.toml");
    std::fs::write(
        &puzzle,
        "name = \"strip\"\nlattice = \"square\"\n[board]\nsize = [2000, 2]\n\
         [[piece]]\nname = \"domino\"\nsymbol = \"D\"\nart = \"##\"\ncount = \"unlimited\"\n",
    )
    .unwrap();
    let out = temp("strip.html");
    let o = run(&[
        "view",
        "-q",
        puzzle.to_str().unwrap(),
        "--limit",
        "5000",
        "-o",
        out.to_str().unwrap(),
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the page holds the first 1000 solutions, not 5000")
            && err.contains("at most 2000000 placements"),
        "{err}"
    );
    assert!(
        err.contains("wrote") && err.contains("(1000 solutions"),
        "{err}"
    );
    // The data is read in parts: as a `Value`, 2,000,000 placements would
    // take half a gigabyte.
    let html = std::fs::read_to_string(&out).unwrap();
    let solutions = value_after!(html, "\"solutions\":", Vec<Vec<[i64; 6]>>);
    assert_eq!(solutions.len(), 1000);
    assert!(solutions.iter().all(|s| s.len() == 2000));
    let count = value_after!(html, "\"count\":", serde_json::Value);
    assert_eq!(count["shown"], 1000);
    assert_eq!(count["complete"], false);
}
