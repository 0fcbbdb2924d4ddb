//! `polycover twisty play` without a browser: the page written with `-o`,
//! and the server's JSON API (docs/twisty-play.md). Solutions are checked
//! by applying them with `polycover twisty apply` (the puzzle model, not
//! the solver). What the page draws and does is tested in headless
//! Chromium (tests/browser.rs).

use super::common::{Server, outcome, page_data, run, stdout, temp};
use serde_json::{Value, json};

fn apply_json(puzzle: &str, moves: &str) -> Value {
    let o = run(&["twisty", "apply", puzzle, moves, "--json"]);
    assert_eq!(o.status.code(), Some(0));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// Every face shows one colour, its own.
fn is_solved(state: &Value) -> bool {
    state["faces"]
        .as_object()
        .unwrap()
        .iter()
        .all(|(face, row)| row.as_array().unwrap().iter().all(|c| c == face))
}

#[test]
fn page_file_is_offline_and_carries_the_puzzle() {
    let out = temp("cube-play.html");
    let o = run(&["twisty", "play", "3x3x3", "-o", out.to_str().unwrap()]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    for remote in ["http:", "https:", "//cdn", "<link", " src="] {
        assert!(!html.contains(remote), "the page refers to {remote}");
    }
    let d = page_data(&out);
    assert_eq!(d["server"], false);
    assert_eq!(d["stickers"].as_array().unwrap().len(), 54);
    let faces: Vec<(&str, &str)> = d["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["colour"].as_str().unwrap()))
        .collect();
    assert!(faces.contains(&("U", "#ffffff")) && faces.contains(&("F", "#009e60")));
    // Each face turn turns 21 stickers: its 9 and 3 on each of 4 sides.
    for m in d["moves"].as_array().unwrap() {
        assert_eq!(m["turning"].as_array().unwrap().len(), 21, "{}", m["name"]);
    }
    // With no server to ask, the page carries eight scrambles: each as
    // long as `twisty scramble`'s, its turns `[move, amount]` of the page's
    // moves giving `twisty apply`'s state.
    let scrambles = d["scrambles"].as_array().unwrap();
    assert_eq!(scrambles.len(), 8);
    for turns in scrambles {
        let turns = turns.as_array().unwrap();
        assert_eq!(turns.len(), 25);
        let mut text = vec![];
        let mut steps = vec![];
        for t in turns {
            let (mv, amount) = (t[0].as_u64().unwrap() as usize, t[1].as_u64().unwrap());
            let m = &d["moves"][mv];
            text.push(format!(
                "{}{}",
                m["name"].as_str().unwrap(),
                ["", "", "2", "'"][amount as usize]
            ));
            steps.extend((0..amount).map(|_| json!({ "perm": m["perm"] })));
        }
        let want = apply_json("3x3x3", &text.join(" "));
        assert_eq!(faces_of(&d, &apply_steps(54, &json!(steps))), want["faces"]);
    }
    let o = run(&[
        "twisty",
        "play",
        "no-such-puzzle",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(outcome(&o).0, 2);
}

/// A scrambled cube sent to the server comes back with moves that solve
/// it; the API serves the page and its data.
#[test]
fn server_solves_reachable_states() {
    let s = Server::start("3x3x3");
    assert_eq!(s.url, format!("http://{}/", s.addr));
    let (code, page) = s.request("GET", "/", "");
    assert_eq!(code, 200);
    assert!(page.contains("polycover-data"));
    let (code, data) = s.request("GET", "/api/puzzle", "");
    assert_eq!(code, 200);
    let data: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(data["server"], true);
    let scramble = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D L' B2 U' R";
    let state = apply_json("3x3x3", scramble);
    assert!(!is_solved(&state));
    let (code, answer) = s.request("POST", "/api/solve", &state.to_string());
    assert_eq!(code, 200, "{answer}");
    let v: Value = serde_json::from_str(&answer).unwrap();
    // `solution`, as in `twisty solve --json`; `moves` is the size of a
    // move set elsewhere, never a sequence.
    assert!(v.get("moves").is_none(), "{answer}");
    let moves = v["solution"].as_str().unwrap();
    assert_eq!(
        v["length"].as_u64().unwrap() as usize,
        moves.split(' ').count()
    );
    assert!(is_solved(&apply_json(
        "3x3x3",
        &format!("{scramble} {moves}")
    )));
    // The text form of a state is read too; solved needs no moves.
    let o = run(&["twisty", "apply", "3x3x3", ""]);
    let (code, answer) = s.request("POST", "/api/solve", &stdout(&o));
    assert_eq!(code, 200, "{answer}");
    assert_eq!(serde_json::from_str::<Value>(&answer).unwrap()["length"], 0);
}

/// `--notation wca` writes the server's solutions as cubers do: a 4x4x4
/// state three wide turns from solved comes back as wide turns (its
/// single-layer solution has 5 moves, two words fewer in WCA), and the text
/// solves the state; `-o` with `--notation` is refused (no solver there).
#[test]
fn the_server_writes_solutions_in_the_notation_asked() {
    let s = Server::start_with("4x4x4", &["--notation", "wca"]);
    let scramble = "Rw U2 Fw'";
    let state = apply_json("4x4x4", scramble);
    let (code, answer) = s.request("POST", "/api/solve", &state.to_string());
    assert_eq!(code, 200, "{answer}");
    let v: Value = serde_json::from_str(&answer).unwrap();
    let moves = v["solution"].as_str().unwrap();
    assert_eq!(v["length"], 5, "{answer}");
    assert_eq!(moves.split(' ').count(), 3, "{answer}");
    assert!(moves.contains('w'), "{answer}");
    assert!(is_solved(&apply_json(
        "4x4x4",
        &format!("{scramble} {moves}")
    )));
    let out = temp("play-notation.html");
    let o = run(&[
        "twisty",
        "play",
        "4x4x4",
        "-o",
        out.to_str().unwrap(),
        "--notation",
        "wca",
    ]);
    let (code, _, err) = outcome(&o);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--notation"), "{err}");
    assert!(!out.exists());
}

/// Four solves at once, each of its own state, all right.
#[test]
fn concurrent_solves_are_each_right() {
    let s = Server::start("3x3x3");
    let scrambles = ["R U F", "L2 D B'", "F R' U2 L", "B2 U' R D F2"];
    std::thread::scope(|scope| {
        for scramble in scrambles {
            let s = &s;
            scope.spawn(move || {
                let state = apply_json("3x3x3", scramble);
                let (code, answer) = s.request("POST", "/api/solve", &state.to_string());
                assert_eq!(code, 200, "{answer}");
                let v: Value = serde_json::from_str(&answer).unwrap();
                let all = format!("{scramble} {}", v["solution"].as_str().unwrap());
                assert!(is_solved(&apply_json("3x3x3", &all)), "{scramble}");
            });
        }
    });
}

/// Unreachable, malformed, foreign and oversized states are refused with
/// a message that says why; unknown paths and other hosts too.
#[test]
fn server_refuses_bad_requests_clearly() {
    let s = Server::start("3x3x3");
    let error = |(code, body): (u16, String)| -> (u16, String) {
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        assert_eq!(v["type"], "error");
        (code, v["error"].as_str().unwrap().to_string())
    };
    // The UFR corner twisted in place (as tests/cli/twisty.rs does it):
    // U's last sticker, F's top right and R's top left cycle their colours.
    let mut state = apply_json("3x3x3", "");
    let faces = state["faces"].as_object_mut().unwrap();
    let (u, f, r) = (
        faces["U"][8].clone(),
        faces["F"][2].clone(),
        faces["R"][0].clone(),
    );
    (faces["U"][8], faces["F"][2], faces["R"][0]) = (f, r, u);
    let (code, msg) = error(s.request("POST", "/api/solve", &state.to_string()));
    assert_eq!(code, 422, "{msg}");
    assert!(
        msg.contains("not reachable") && msg.contains("mod 3"),
        "{msg}"
    );

    let (code, msg) = error(s.request("POST", "/api/solve", "U: U U"));
    assert_eq!(code, 400);
    assert!(msg.starts_with("the state:"), "{msg}");
    let (code, msg) = error(s.request("POST", "/api/solve", "{\"faces\": 3"));
    assert_eq!(code, 400, "{msg}");
    let mega = apply_json("megaminx", "R");
    let (code, msg) = error(s.request("POST", "/api/solve", &mega.to_string()));
    assert_eq!(code, 400);
    assert!(msg.contains("megaminx") && msg.contains("3x3x3"), "{msg}");

    // Said before the body is read: 10 MB announced, 1 kB sent.
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Length: 10000000",
        s.addr
    );
    let (code, msg) = error(s.raw(&head, &[b' '; 1024]));
    assert_eq!(code, 413);
    assert!(msg.contains("10000000 bytes"), "{msg}");
    let head = format!("GET /api/puzzle HTTP/1.1\r\nHost: x{}", "y".repeat(20_000));
    assert_eq!(error(s.raw(&head, b"")).0, 431);
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nTransfer-Encoding: chunked",
        s.addr
    );
    assert_eq!(error(s.raw(&head, b"0\r\n\r\n")).0, 411);
    let head = "GET /api/puzzle HTTP/1.1\r\nHost: example.com";
    assert_eq!(error(s.raw(head, b"")).0, 403);
    assert_eq!(error(s.request("GET", "/etc/passwd", "")).0, 404);
    assert_eq!(error(s.request("GET", "/api/solve", "")).0, 405);
    // Still serving.
    assert_eq!(s.request("GET", "/api/puzzle", "").0, 200);
    // A second server cannot take the same port: one line, exit 2.
    let port = s.addr.rsplit(':').next().unwrap();
    let (code, _, err) = outcome(&run(&["twisty", "play", "3x3x3", "--port", port]));
    assert_eq!(code, 2);
    assert!(
        err.starts_with(&format!("polycover: cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
}

/// A page on another site cannot drive the server: a request carrying a
/// foreign `Origin` (or `null`, a sandboxed or file page) is refused with
/// 403 before it is answered; the server's own page, by number or by name,
/// and clients that send no Origin are served.
#[test]
fn server_refuses_foreign_origins() {
    let s = Server::start("3x3x3");
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    let state = apply_json("3x3x3", "R U");
    let post = |origin: Option<&str>| {
        let body = state.to_string();
        let origin = origin.map_or(String::new(), |o| format!("\r\nOrigin: {o}"));
        s.raw(
            &format!(
                "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Length: {}{origin}",
                s.addr,
                body.len()
            ),
            body.as_bytes(),
        )
    };
    for foreign in [
        "https://evil.example".to_string(),
        "null".to_string(),
        format!("https://127.0.0.1:{port}"),
        format!("http://127.0.0.1:{port}.evil.example"),
        format!("http://evil.example:{port}"),
    ] {
        let (code, body) = post(Some(&foreign));
        assert_eq!(code, 403, "{foreign}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("is not this server's page"),
            "{body}"
        );
    }
    let get = format!(
        "GET /api/puzzle HTTP/1.1\r\nHost: {}\r\nOrigin: https://evil.example",
        s.addr
    );
    assert_eq!(s.raw(&get, b"").0, 403);
    for own in [
        Some(format!("http://127.0.0.1:{port}")),
        Some(format!("http://localhost:{port}")),
        None,
    ] {
        let (code, body) = post(own.as_deref());
        assert_eq!(code, 200, "{own:?}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["type"], "twisty-solution", "{body}");
    }
}

/// The state after `steps` (the page's rule: the sticker at position i
/// goes to `perm[i]`) from solved.
fn apply_steps(n: usize, steps: &Value) -> Vec<usize> {
    let mut at: Vec<usize> = (0..n).collect();
    for s in steps.as_array().unwrap() {
        let mut next = at.clone();
        for (i, &x) in at.iter().enumerate() {
            next[s["perm"][i].as_u64().unwrap() as usize] = x;
        }
        at = next;
    }
    at
}

/// The colour (face name) at each sticker position of `at`, face by face
/// in sticker order, as `twisty apply --json` writes a state.
fn faces_of(d: &Value, at: &[usize]) -> Value {
    let faces = d["faces"].as_array().unwrap();
    let face = |s: usize| d["stickers"][s]["face"].as_u64().unwrap() as usize;
    let mut out = serde_json::Map::new();
    for f in faces {
        out.insert(
            f["name"].as_str().unwrap().to_string(),
            Value::Array(vec![]),
        );
    }
    for (p, &s) in at.iter().enumerate() {
        let name = faces[face(p)]["name"].as_str().unwrap();
        let colour = faces[face(s)]["name"].clone();
        out[name].as_array_mut().unwrap().push(colour);
    }
    Value::Object(out)
}

/// `POST /api/parse` reads everything `twisty apply` reads (wide turns,
/// slices, rotations, ranges; the Pyraminx's tips), and the steps it
/// answers, applied as the page applies them, give the state `twisty
/// apply` gives; a bad token is named (400); `GET /api/scramble?seed=N` is
/// the scramble `twisty scramble --seed N` prints; the icon is served.
#[test]
fn server_parses_the_notation_and_scrambles() {
    for (puzzle, moves) in [
        ("3x3x3", "Rw r 3Rw 2R 1-2U x y z M E S R2 U' Rw2'"),
        ("4x4x4", "Rw 3Rw 2-3Rw 2R x' Uw2"),
        ("pyraminx", "u l r b U L' R B"),
        ("megaminx", "R BR' U2 DR"),
    ] {
        let s = Server::start(puzzle);
        let d: Value = serde_json::from_str(&s.request("GET", "/api/puzzle", "").1).unwrap();
        let (code, answer) = s.request("POST", "/api/parse", moves);
        assert_eq!(code, 200, "{puzzle}: {answer}");
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["type"], "twisty-steps");
        let n = d["stickers"].as_array().unwrap().len();
        let got = faces_of(&d, &apply_steps(n, &v["steps"]));
        assert_eq!(got, apply_json(puzzle, moves)["faces"], "{puzzle}: {moves}");
        assert_eq!(
            v["steps"].as_array().unwrap().len(),
            moves.split(' ').count(),
            "{puzzle}"
        );
    }
    let s = Server::start("3x3x3");
    let (code, answer) = s.request("POST", "/api/parse", "R U Q' F");
    assert_eq!(code, 400, "{answer}");
    let v: Value = serde_json::from_str(&answer).unwrap();
    assert!(v["error"].as_str().unwrap().contains("Q'"), "{answer}");

    for seed in [1, 7] {
        let (code, answer) = s.request("GET", &format!("/api/scramble?seed={seed}"), "");
        assert_eq!(code, 200, "{answer}");
        let v: Value = serde_json::from_str(&answer).unwrap();
        let o = run(&["twisty", "scramble", "3x3x3", "--seed", &seed.to_string()]);
        assert_eq!(v["text"].as_str().unwrap(), stdout(&o).trim());
        assert_eq!(v["seed"], seed);
        let d: Value = serde_json::from_str(&s.request("GET", "/api/puzzle", "").1).unwrap();
        let got = faces_of(&d, &apply_steps(54, &v["steps"]));
        assert_eq!(
            got,
            apply_json("3x3x3", v["text"].as_str().unwrap())["faces"]
        );
    }
    let (code, answer) = s.request("GET", "/api/scramble?seed=x", "");
    assert_eq!(code, 400, "{answer}");
    assert!(answer.contains("seed=x"), "{answer}");
    let (code, icon) = s.request("GET", "/favicon.ico", "");
    assert_eq!(code, 200);
    assert!(icon.starts_with("<svg"), "{icon}");
}
