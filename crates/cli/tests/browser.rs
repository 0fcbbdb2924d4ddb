//! The 3D page in a real browser: headless Chromium opens pages written by
//! `polycover view`, and the tests look at what a person would see.
//!
//! Chromium is driven without any tool in between: `--dump-dom` prints the
//! page after it has run (the page marks its body `data-state="ready"` and
//! writes its state as JSON into `<pre id="state">` once drawn), and
//! `--screenshot` writes a PNG, decoded here with the `png` crate. The page
//! reads a script of actions from its URL (`#test=click:next-step;set:
//! explode=0.8;drag:40:0`): buttons are clicked, sliders moved and the
//! canvas dragged through the page's own controls, as a person would. The
//! page draws at once when it has run the script, so the screenshot taken
//! when the page has loaded shows the final picture; no test waits for a
//! time or measures one (each Chromium run only has a generous limit
//! against hangs).
//!
//! What is checked in the pictures: pixels of each piece's colour (lit
//! faces are the colour times 0.5 to 1) in the drawing area, so pieces
//! are drawn in their colours; the explode slider shows pieces hidden
//! inside; the step buttons show one piece, then three; hiding a piece
//! removes its colour; another solution or a drag changes the picture.
//! Disassembly pages: the box of what is drawn (the assembled puzzle
//! framed, every piece in view at the end), the pieces' offsets the page
//! reports (apart at the end), and the playback's state after scripts
//! that wait on the page's own clock (`wait:MS`), so nothing depends on
//! how fast the browser runs.
//!
//! These tests need Chromium (Debian's `chromium`, or the path in
//! `POLYCOVER_CHROMIUM`), so `cargo test` leaves them out; CI runs them
//! with `cargo test -p polycover --test browser -- --ignored` and fails
//! when Chromium is missing or cannot start.

#[allow(dead_code)]
#[path = "cli/common.rs"]
mod common;

use common::{Server, data, outcome, page_data, run, stdout, temp};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 700;
/// The panel on the right (assets/view.html): pictures are looked at left
/// of it.
const PANEL: u32 = 260;
/// Against a hung browser only; a run takes a second or two.
const HANG_GUARD: Duration = Duration::from_secs(180);

/// Chromium: `POLYCOVER_CHROMIUM`, else `chromium` on the path.
fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("POLYCOVER_CHROMIUM") {
        return PathBuf::from(p);
    }
    for dir in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()) {
        for name in ["chromium", "chromium-browser"] {
            if dir.join(name).is_file() {
                return dir.join(name);
            }
        }
    }
    panic!(
        "Chromium was not found: the browser tests need it. Install it (Debian: apt-get install chromium) or set POLYCOVER_CHROMIUM to its path"
    );
}

/// Runs Chromium headless on `url` with `extra` arguments, in a fresh
/// profile; returns standard output.
fn chromium_run(url: &str, extra: &[String]) -> String {
    let profile = temp(&format!("chromium-profile-{}", unique()));
    let mut cmd = Command::new(chromium());
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--hide-scrollbars",
    ])
    .args(
        // Pages that wait for the server pass their own budget (virtual
        // time stands still while a request is under way).
        (!extra.iter().any(|a| a.starts_with("--virtual-time-budget")))
            .then_some("--virtual-time-budget=5000"),
    )
    .arg(format!("--user-data-dir={}", profile.display()))
    .arg(format!("--window-size={WIDTH},{HEIGHT}"))
    .args(extra)
    .arg(url)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("Chromium ({}) cannot start: {e}", chromium().display()));
    let start = Instant::now();
    // Read output on threads so a full pipe cannot stall the browser.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut out, &mut s).ok();
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut err, &mut s).ok();
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > HANG_GUARD {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not finish {url} within the hang guard");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (stdout, stderr) = (out_t.join().unwrap(), err_t.join().unwrap());
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        status.success(),
        "Chromium failed on {url}: {status}\n{stderr}"
    );
    stdout
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::SeqCst)
}

/// Writes the page of `file` with `polycover view` and returns its path.
fn page(file: &str, args: &[&str]) -> PathBuf {
    // One file per page: tests run at the same time.
    let out = temp(&format!("{}-{}.html", file.replace('/', "-"), unique()));
    let mut a = vec!["view", "-q", "-o", out.to_str().unwrap()];
    a.extend_from_slice(args);
    let path = data(file);
    a.push(path.to_str().unwrap());
    let o = run(&a);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    out
}

fn url(page: &Path, script: &str) -> String {
    let abs = std::fs::canonicalize(page).unwrap();
    if script.is_empty() {
        format!("file://{}", abs.display())
    } else {
        format!("file://{}#test={}", abs.display(), encode(script))
    }
}

/// A test script as a URL fragment: spaces and quotes (moves like `U'`)
/// percent-encoded (the pages decode it).
fn encode(script: &str) -> String {
    script
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b':' | b';' | b'=' | b'-' | b'_' | b'.' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The page's state after running `script`: it must say it is ready.
fn state(page: &Path, script: &str) -> Value {
    state_at(&url(page, script), &[])
}

/// The state of the page at `url` (`<pre id="state">`), once ready.
fn state_at(url: &str, extra: &[String]) -> Value {
    let mut args = vec!["--dump-dom".to_string()];
    args.extend_from_slice(extra);
    let dom = chromium_run(url, &args);
    assert!(
        dom.contains("data-state=\"ready\""),
        "the page did not get ready (WebGL missing or a script error?):\n{}",
        &dom[..dom.len().min(2000)]
    );
    dom_state(&dom)
}

/// The state a page wrote into its DOM (`<pre id="state">`).
fn dom_state(dom: &str) -> Value {
    let start = dom.find("<pre id=\"state\"").unwrap();
    let start = start + dom[start..].find('>').unwrap() + 1;
    let end = start + dom[start..].find("</pre>").unwrap();
    serde_json::from_str(&dom[start..end].replace("&quot;", "\"")).unwrap()
}

/// A screenshot as RGB rows.
struct Shot {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

fn screenshot(page: &Path, script: &str) -> Shot {
    screenshot_at(&url(page, script))
}

fn screenshot_at(url: &str) -> Shot {
    let file = temp(&format!("shot-{}.png", unique()));
    chromium_run(url, &[format!("--screenshot={}", file.display())]);
    read_png(&file)
}

fn read_png(file: &Path) -> Shot {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgb = buf[..info.buffer_size()]
        .chunks(step)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    Shot {
        width: info.width,
        height: info.height,
        rgb,
    }
}

impl Shot {
    /// The pixels of the drawing area (left of the panel).
    fn drawing(&self) -> impl Iterator<Item = [u8; 3]> + '_ {
        let w = self.width;
        (0..self.height)
            .flat_map(move |y| (0..w - PANEL).map(move |x| self.rgb[(y * w + x) as usize]))
    }

    /// How many drawing pixels are lit shades of each colour: the colour
    /// times k for k in [0.45, 1.02], within 10 in each channel, counted
    /// for the nearest such colour.
    fn counts(&self, colours: &[[u8; 3]]) -> Vec<usize> {
        self.shades(colours, 0.45)
    }

    /// [`Shot::counts`] for shades from `k_min` of the colour up.
    fn shades(&self, colours: &[[u8; 3]], k_min: f64) -> Vec<usize> {
        let mut n = vec![0; colours.len()];
        for p in self.drawing() {
            let mut best = None;
            for (i, c) in colours.iter().enumerate() {
                let (pf, cf) = (p.map(f64::from), c.map(f64::from));
                let cc: f64 = cf.iter().map(|x| x * x).sum();
                let k = ((0..3).map(|j| pf[j] * cf[j]).sum::<f64>() / cc).clamp(k_min, 1.02);
                let d = (0..3)
                    .map(|j| (pf[j] - k * cf[j]).abs())
                    .fold(0.0, f64::max);
                if d <= 10.0 && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, i));
                }
            }
            if let Some((_, i)) = best {
                n[i] += 1;
            }
        }
        n
    }

    /// The fraction of drawing pixels that differ from another shot's.
    fn difference(&self, other: &Shot) -> f64 {
        let (a, b): (Vec<_>, Vec<_>) = (self.drawing().collect(), other.drawing().collect());
        let diff = a
            .iter()
            .zip(&b)
            .filter(|(p, q)| (0..3).any(|j| (p[j] as i32 - q[j] as i32).abs() > 24));
        diff.count() as f64 / a.len() as f64
    }
}

fn hex(s: &str) -> [u8; 3] {
    [1, 3, 5].map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
}

/// The palette of a page, as RGB.
fn palette(data: &Value) -> Vec<[u8; 3]> {
    data["palette"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| hex(c.as_str().unwrap()))
        .collect()
}

/// The palette indices of a solution's placements, in order.
fn placement_colours(data: &Value, solution: usize) -> Vec<usize> {
    data["solutions"][solution]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[5].as_u64().unwrap() as usize)
        .collect()
}

/// Colours with at least `min` pixels.
fn visible(counts: &[usize], min: usize) -> Vec<usize> {
    (0..counts.len()).filter(|&i| counts[i] >= min).collect()
}

/// The colours of the pieces drawn, when few are: at least 150 pixels and
/// 2% of the coloured ones (the smoothed edges between a piece and the
/// white background are pale shades that can pass for a paler colour).
fn drawn(counts: &[usize]) -> Vec<usize> {
    let total: usize = counts.iter().sum();
    visible(counts, (total / 50).max(150))
}

/// Bedlam: 13 pieces in the SVG palette; seen from outside most show,
/// exploded all 13 do; another solution and a drag change the picture and
/// the page says where it is.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn bedlam_pieces_colours_explode_and_browse() {
    let p = page("bedlam/cube.toml", &["--limit", "3"]);
    let d = page_data(&p);
    let pal = palette(&d);
    // The colours of the SVG pictures: palette colour i for piece i.
    let want: Vec<String> = polyform::color::PALETTE[..13]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mut have: Vec<String> = d["palette"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    have.sort();
    let mut want_sorted = want.clone();
    want_sorted.sort();
    assert_eq!(have, want_sorted);

    let plain = screenshot(&p, "");
    let counts = plain.counts(&pal);
    let seen = visible(&counts, 150);
    assert!(seen.len() >= 8, "pieces seen from outside: {counts:?}");
    // Nothing but pieces, lines and the white background is drawn.
    let white = plain
        .drawing()
        .filter(|p| p.iter().all(|&c| c >= 250))
        .count();
    let total = ((WIDTH - PANEL) * HEIGHT) as usize;
    let coloured: usize = counts.iter().sum();
    assert!(
        white > total / 3 && coloured > total / 8,
        "white {white}, coloured {coloured} of {total}"
    );

    let exploded = screenshot(&p, "set:explode=0.9");
    let ec = exploded.counts(&pal);
    assert_eq!(
        visible(&ec, 60).len(),
        13,
        "exploded, every piece shows: {ec:?}"
    );
    assert!(exploded.difference(&plain) > 0.05);

    let script = "click:next-solution;click:next-solution;drag:150:-40";
    let s = state(&p, script);
    assert_eq!(
        (s["solution"].as_u64(), s["solutions"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(s["pieces"].as_u64(), Some(13));
    assert!(
        (s["view"]["az"].as_f64().unwrap() - -45.0).abs() > 30.0,
        "the drag turned the view: {s}"
    );
    let third = screenshot(&p, script);
    assert!(third.difference(&plain) > 0.05);
}

/// Building up: no piece, then the first one alone (its colour only),
/// then three; hiding the first leaves the other two.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn bedlam_build_up_and_hide() {
    let p = page("bedlam/cube.toml", &["--limit", "1"]);
    let d = page_data(&p);
    let pal = palette(&d);
    let order = placement_colours(&d, 0);

    let none = screenshot(&p, "click:first-step");
    assert!(visible(&none.counts(&pal), 20).is_empty());

    let one = screenshot(&p, "click:first-step;click:next-step");
    assert_eq!(drawn(&one.counts(&pal)), vec![order[0]]);

    let three = "click:first-step;key:ArrowRight;key:ArrowRight;click:next-step";
    let mut want: Vec<usize> = order[..3].to_vec();
    want.sort();
    let c3 = screenshot(&p, three).counts(&pal);
    assert_eq!(drawn(&c3), want, "{c3:?}");

    let hidden = screenshot(&p, &format!("{three};set:piece-0=0"));
    let ch = hidden.counts(&pal);
    assert!(ch[order[0]] < 20, "{ch:?}");
    assert!(ch[order[1]] >= 150 && ch[order[2]] >= 150, "{ch:?}");
}

/// The other lattices: spheres (a Kanoodle Extreme pyramid challenge),
/// square tiles (pentominoes), triangles (hexiamonds). Boards are seen
/// from above, so every piece of a 2D board shows, its top face lit
/// (pieces turned over too: their mirror image must not darken them).
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn spheres_squares_and_triangles() {
    for (file, min_seen) in [
        ("kanoodle-extreme/challenge-03.toml", 6),
        ("pentominoes/6x10.toml", 12),
        ("hexiamonds/6x6-rhombus.toml", 12),
    ] {
        let p = page(file, &["--limit", "2"]);
        let d = page_data(&p);
        // The second solution: its pieces are turned and turned over
        // otherwise than the first's.
        let shot = screenshot(&p, "click:next-solution");
        let counts = shot.counts(&palette(&d));
        let used = placement_colours(&d, 1);
        let seen = visible(&counts, 100);
        assert!(seen.len() >= min_seen, "{file}: {counts:?}");
        assert!(seen.iter().all(|c| used.contains(c)), "{file}");
        if min_seen == 12 {
            let bright = shot.shades(&palette(&d), 0.8);
            for &c in &seen {
                assert!(
                    bright[c] * 10 >= counts[c] * 7,
                    "{file}: colour {c} is lit dark: {bright:?} of {counts:?}"
                );
            }
        }
    }
}

/// Sticks: the 15 tetrasticks of a 5x5 grid, flat bars, each piece's
/// colour shows (bars are thin: 40 pixels of each at least).
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn sticks_show_every_piece() {
    let p = page("sticks/tetrasticks-5x5-without-H.toml", &["--limit", "1"]);
    let d = page_data(&p);
    let counts = screenshot(&p, "").counts(&palette(&d));
    let used = placement_colours(&d, 0);
    assert_eq!(used.len(), 15);
    for c in used {
        assert!(counts[c] >= 40, "colour {c}: {counts:?}");
    }
}

/// A copy of page `p` with the data `d` instead of its own.
fn with_data(p: &Path, d: &Value) -> PathBuf {
    let html = std::fs::read_to_string(p).unwrap();
    let tag = "type=\"application/json\">";
    let start = html.find(tag).unwrap() + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    let out = temp(&format!("edited-{}.html", unique()));
    let data = d.to_string().replace('<', "\\u003c");
    std::fs::write(&out, format!("{}{data}{}", &html[..start], &html[end..])).unwrap();
    out
}

/// A piece with more corners than a JavaScript call takes arguments
/// (Bedlam's first piece given 200,000 more, copies of its first): the
/// page still frames and draws the solution.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn a_piece_with_very_many_corners() {
    let p = page("bedlam/cube.toml", &["--limit", "1"]);
    let mut d = page_data(&p);
    let v = d["pieces"][0]["mesh"]["v"].as_array_mut().unwrap();
    let first: Vec<Value> = v[..3].to_vec();
    for _ in 0..200_000 {
        v.extend(first.iter().cloned());
    }
    let s = state(&with_data(&p, &d), "");
    assert_eq!(s["pieces"], 13, "{s}");
}

/// Disassembly (the page's `disassembly` data, docs/viewer.md): moving
/// the slider to the end of a move slides its pieces out, so a piece
/// hidden inside the cube comes into view.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn disassembly_moves_pieces() {
    let p = page("bedlam/cube.toml", &["--limit", "1"]);
    let mut d = page_data(&p);
    let pal = palette(&d);
    let first = placement_colours(&d, 0)[0];
    let before = screenshot(&p, "").counts(&pal)[first];
    // The first placement slides 6 cells along x, out of the 4x4x4 cube.
    d["disassembly"] = serde_json::json!([
        { "level": "1", "moves": [ { "pieces": [0], "by": [6, 0, 0] } ] }
    ]);
    let moved = with_data(&p, &d);
    let s = state(&moved, "set:moves=1");
    assert_eq!(s["move"].as_f64(), Some(1.0), "{s}");
    let after = screenshot(&moved, "set:moves=1").counts(&pal)[first];
    assert!(
        after > before + 1000,
        "the moved piece shows: {before} -> {after} pixels"
    );
}

// ---- Disassembly pages (`view --disassemble`) ----

/// The page of problem `problem` of a BurrTools fixture copied to a file
/// named `name` (the page's title starts with it), with `--disassemble`.
fn burr_page(fixture: &str, name: &str, problem: &str) -> PathBuf {
    let src = common::root()
        .join("crates/burrtools/tests/burr")
        .join(fixture);
    let dir = temp(&format!("burr-{}", unique()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.xmpuzzle"));
    std::fs::copy(&src, &file).unwrap();
    let out = dir.join("page.html");
    let o = run(&[
        "view",
        "-q",
        "--disassemble",
        "--problem",
        problem,
        "-o",
        out.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    out
}

/// Bricks' box with holes: four L trominoes, three of which leave the
/// same way (+x), one after another; its title has a word too long for
/// the panel.
const LONG_NAME: &str = "BoxWithHolesAndNoSpaceWhereTheTitleCouldBreak";

fn bricks_page() -> PathBuf {
    burr_page("bricks.xmpuzzle", LONG_NAME, "2")
}

/// How many moves the first solution's disassembly has.
fn move_count(d: &Value) -> usize {
    d["disassembly"][0]["moves"].as_array().unwrap().len()
}

impl Shot {
    /// The box of the drawing's pixels that are not background:
    /// left, top, right, bottom.
    fn extent(&self) -> [u32; 4] {
        let w = self.width - PANEL;
        let mut b = [u32::MAX, u32::MAX, 0, 0];
        for y in 0..self.height {
            for x in 0..w {
                if self.rgb[(y * self.width + x) as usize]
                    .iter()
                    .any(|&c| c < 235)
                {
                    b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
                }
            }
        }
        assert!(b[0] <= b[2], "nothing is drawn");
        b
    }
}

/// The drawing's size and an extent's share of it and centre, as
/// fractions of the drawing.
fn framing(shot: &Shot, b: [u32; 4]) -> (f64, [f64; 2]) {
    let (w, h) = (f64::from(shot.width - PANEL), f64::from(shot.height));
    let size = (f64::from(b[2] - b[0]) / w).max(f64::from(b[3] - b[1]) / h);
    let centre = [
        f64::from(b[0] + b[2]) / 2.0 / w,
        f64::from(b[1] + b[3]) / 2.0 / h,
    ];
    (size, centre)
}

/// A disassembly page opens on the assembled puzzle, which fills a good
/// part of the drawing, in its middle (not framed with where the moves take
/// the pieces, far out); the wheel zooms about it; the title, a word too
/// long for the panel, wraps inside it.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn disassembly_opens_on_the_assembled_puzzle() {
    let tunnels = burr_page("tunnels.xmpuzzle", "tunnels", "4");
    for p in [bricks_page(), tunnels] {
        let shot = screenshot(&p, "");
        let b = shot.extent();
        let (size, centre) = framing(&shot, b);
        assert!(
            size > 0.5,
            "{p:?}: the puzzle fills {size:.2} of the drawing: {b:?}"
        );
        assert!(
            b[0] > 4 && b[1] > 4 && b[2] < shot.width - PANEL - 5 && b[3] < shot.height - 5,
            "{p:?}: the puzzle is whole in the picture: {b:?}"
        );
        assert!(
            (centre[0] - 0.5).abs() < 0.1 && (centre[1] - 0.5).abs() < 0.1,
            "{p:?}: the puzzle is in the middle: {centre:?}"
        );
        let zoomed = screenshot(&p, "wheel:-150");
        let (zsize, zcentre) = framing(&zoomed, zoomed.extent());
        assert!(zsize > size * 1.05, "{p:?}: zoomed in: {size} -> {zsize}");
        assert!(
            (zcentre[0] - centre[0]).abs() < 0.05 && (zcentre[1] - centre[1]).abs() < 0.05,
            "{p:?}: zoomed about the puzzle: {centre:?} -> {zcentre:?}"
        );
    }
    let s = state(&bricks_page(), "");
    let l = &s["layout"];
    let (title, panel) = (&l["title"], &l["panel"]);
    let at = |v: &Value, i: usize| v[i].as_i64().unwrap();
    assert!(
        at(title, 0) >= at(panel, 0)
            && at(title, 2) <= at(panel, 2)
            && at(title, 2) <= l["width"].as_i64().unwrap(),
        "the title is inside the panel: {l}"
    );
    assert_eq!(l["overflow"], 0, "nothing sticks out of the panel: {l}");
    // A 2D board that comes apart (its pieces lifted out) is seen at an
    // angle, not from above, where the lifted pieces would hide each other.
    let s = state(&burr_page("prisms.xmpuzzle", "prisms", "1"), "key:r");
    assert_eq!(s["view"]["el"], 32, "{s}");
}

/// The corners of placement `i` of the first solution, moved by `off`
/// (world coordinates, from the page's data alone).
fn corners(d: &Value, i: usize, off: &Value) -> Vec<[f64; 3]> {
    let f = |v: &Value| -> Vec<f64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    let pl = f(&d["solutions"][0][i]);
    let (rot, frame) = (f(&d["rotations"][pl[1] as usize]), f(&d["frame"]));
    let apply = |m: &[f64], p: [f64; 3]| {
        [0, 1, 2].map(|r| (0..3).map(|k| m[3 * r + k] * p[k]).sum::<f64>())
    };
    let t = apply(&frame, [pl[2], pl[3], pl[4]]);
    let o = f(off);
    f(&d["pieces"][pl[0] as usize]["mesh"]["v"])
        .chunks(3)
        .map(|v| {
            let r = apply(&rot, [v[0], v[1], v[2]]);
            [0, 1, 2].map(|k| r[k] + t[k] + o[k])
        })
        .collect()
}

/// The least distance between corners of two different placements.
fn closest(d: &Value, offsets: &Value) -> f64 {
    let n = d["solutions"][0].as_array().unwrap().len();
    let all: Vec<_> = (0..n).map(|i| corners(d, i, &offsets[i])).collect();
    let mut best = f64::INFINITY;
    for i in 0..n {
        for j in i + 1..n {
            for a in &all[i] {
                for b in &all[j] {
                    best = best.min(
                        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2))
                            .sqrt(),
                    );
                }
            }
        }
    }
    best
}

/// At the end of the disassembly the pieces lie apart (three left the
/// same way, and touched as assembled), every one of them in the picture;
/// each piece that left went along its move's direction.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn removed_pieces_lie_apart_in_view() {
    let p = bricks_page();
    let d = page_data(&p);
    let n = move_count(&d);
    let start = state(&p, "");
    assert!(
        closest(&d, &start["offsets"]) < 0.01,
        "assembled, pieces touch"
    );
    let end = format!("set:moves={n}");
    let s = state(&p, &end);
    assert_eq!(s["move"].as_f64(), Some(n as f64), "{s}");
    let gap = closest(&d, &s["offsets"]);
    assert!(gap >= 0.9, "the pieces lie apart: {gap}");
    for m in d["disassembly"][0]["moves"].as_array().unwrap() {
        assert_eq!(m["leaves"], true, "{m}");
        let by: Vec<f64> = (0..3).map(|k| m["by"][k].as_f64().unwrap()).collect();
        for piece in m["pieces"].as_array().unwrap() {
            let o = &s["offsets"][piece.as_u64().unwrap() as usize];
            let o: Vec<f64> = (0..3).map(|k| o[k].as_f64().unwrap()).collect();
            let along: f64 = (0..3).map(|k| o[k] * by[k]).sum();
            let across = (0..3)
                .map(|k| o[k] * by[(k + 1) % 3] - o[(k + 1) % 3] * by[k])
                .map(f64::abs)
                .fold(0.0, f64::max);
            assert!(
                along > 0.0 && across < 1e-6,
                "piece {piece} left along {by:?}: {o:?}"
            );
        }
    }
    let shot = screenshot(&p, &end);
    let b = shot.extent();
    assert!(
        b[0] > 2 && b[1] > 2 && b[2] < shot.width - PANEL - 3 && b[3] < shot.height - 3,
        "every piece is in the picture: {b:?}"
    );
}

/// Long puzzles exploded: every piece stays whole in the drawing, left of
/// the panel, at every explode setting. The pentominoes' 3x20 board seen
/// from above, and a tower of five rods of 2 to 6 cubes (1x1x20, each piece
/// its own colour) seen at an angle: exploding takes their end pieces
/// farther out than the middle ones, and the camera backs off as far as
/// they go (the test found the U of 3x20 cut off at the left and the top
/// rod of a tower out of the picture).
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn long_puzzles_exploded_stay_in_view() {
    let tower = temp(&format!("tower-{}.toml", unique()));
    let mut toml =
        String::from("name = \"Tower\"\nlattice = \"cubic\"\n[board]\nsize = [1, 1, 20]\n");
    for n in 2..=6 {
        toml += &format!(
            "[[piece]]\nname = \"rod {n}\"\nsymbol = \"{n}\"\nart = \"{}\"\n",
            "#".repeat(n)
        );
    }
    std::fs::write(&tower, toml).unwrap();
    for file in ["pentominoes/3x20.toml", tower.to_str().unwrap()] {
        let p = page(file, &["--limit", "1"]);
        let d = page_data(&p);
        let used = placement_colours(&d, 0);
        for explode in ["0", "0.5", "1"] {
            let shot = screenshot(&p, &format!("set:explode={explode}"));
            let b = shot.extent();
            assert!(
                b[0] > 4 && b[1] > 4 && b[2] < shot.width - PANEL - 5 && b[3] < shot.height - 5,
                "{file} at explode {explode}: every piece is whole in the picture: {b:?}"
            );
            let counts = shot.counts(&palette(&d));
            for &c in &used {
                assert!(
                    counts[c] >= 40,
                    "{file} at explode {explode}: colour {c} shows: {counts:?}"
                );
            }
        }
    }
}

/// The page's keys work whatever has the focus (a ticked box, a slider),
/// as a person presses them after clicking there.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn keys_work_after_a_box_is_ticked() {
    let p = bricks_page();
    let s = state(&p, "click:piece-0;key:PageDown");
    assert_eq!(s["solution"], 2, "{s}");
    let s = state(&p, "click:piece-1;key:ArrowLeft");
    assert_eq!(
        (s["hidden"].clone(), s["shown"].clone()),
        (serde_json::json!([1]), 3.into()),
        "{s}"
    );
    let s = state(&p, "set:explode=0.4;key:PageDown;key:ArrowLeft");
    assert_eq!(
        (s["solution"].clone(), s["shown"].clone()),
        (2.into(), 3.into()),
        "{s}"
    );
    let s = state(&p, "click:piece-2;key:];key:]");
    assert_eq!(s["move"].as_f64(), Some(2.0), "{s}");
    let s = state(&p, "set:order=bottom;key:];key:];key:[");
    assert_eq!(s["move"].as_f64(), Some(1.0), "{s}");
}

/// Playback: play and pause (the moves stay where paused), a move on and
/// back, a speed, played to the end, and another solution stops the
/// animation of the old one's moves.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn disassembly_playback_pauses_steps_and_stops() {
    let p = bricks_page();
    let n = move_count(&page_data(&p)) as f64;
    let at = |script: &str| {
        let s = state(&p, script);
        (
            s["move"].as_f64().unwrap(),
            s["playing"].as_bool().unwrap(),
            s,
        )
    };
    let (m, playing, s) = at("click:next-move;click:next-move;click:prev-move");
    assert_eq!((m, playing), (1.0, false), "{s}");
    assert_eq!(at("set:moves=1.5;click:next-move").0, 2.0);
    assert_eq!(at("set:moves=1.5;click:prev-move").0, 1.0);
    let (m, playing, s) = at("click:play-moves;wait:4000");
    assert_eq!((m, playing), (n, false), "played to the end: {s}");

    // The page's clock runs 16 ms a frame while a script waits: the first
    // frame starts the animation, each other moves it on 16 ms (0.7 s a
    // move at 1x).
    let pause = "click:play-moves;wait:352;click:play-moves";
    let (m, playing, s) = at(&format!("{pause};wait:4000"));
    assert!(
        !playing && (m - 21.0 * 16.0 / 700.0).abs() < 1e-9,
        "paused: {s}"
    );
    assert_eq!(at(pause).0, m, "the pause holds");
    let (slow, _, _) = at("set:speed=0.25;click:play-moves;wait:352;click:play-moves");
    let (fast, _, s) = at("set:speed=4;click:play-moves;wait:352;click:play-moves");
    assert_eq!(s["speed"], 4.0);
    assert!(
        (slow - m / 4.0).abs() < 1e-9 && (fast - 4.0 * m).abs() < 1e-9,
        "{slow} at 1/4, {m} at 1, {fast} at 4"
    );
    let (m2, playing, s) = at("click:play-moves;wait:352;key:p;wait:352");
    assert_eq!((m2, playing), (m, false), "the key pauses: {s}");

    let (m, playing, s) = at("click:play-moves;wait:300;click:next-solution;wait:4000");
    assert_eq!(
        (s["solution"].as_u64(), m, playing),
        (Some(2), 0.0, false),
        "{s}"
    );
}

/// A puzzle with exactly one solution: the panel says "1 solution in
/// all", never "1 solutions".
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn one_solution_is_said_in_the_singular() {
    let file = temp(&format!("one-solution-{}.toml", unique()));
    std::fs::write(
        &file,
        "name = \"one\"\nlattice = \"square\"\n[board]\nsize = [2, 1]\n\
         [[piece]]\nname = \"D\"\nsymbol = \"D\"\nart = \"##\"\n",
    )
    .unwrap();
    let p = page(file.to_str().unwrap(), &[]);
    let dom = chromium_run(&url(&p, ""), &["--dump-dom".into()]);
    assert!(
        dom.contains("data-state=\"ready\""),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(
        dom.contains("1 solution in all") && !dom.contains("1 solutions"),
        "{}",
        &dom[..dom.len().min(4000)]
    );
}

/// Without WebGL the page says so, and every control is disabled.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn controls_disabled_without_webgl() {
    let p = bricks_page();
    let dom = chromium_run(
        &url(&p, ""),
        &["--dump-dom".into(), "--disable-webgl".into()],
    );
    assert!(
        dom.contains("data-state=\"no-webgl\""),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(dom.contains("This page needs WebGL"));
    disabled_controls(&dom, 12);
}

/// Controls of a page that has drawn, then lost WebGL (as when the
/// graphics driver resets) while playing the moves.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn controls_disabled_when_webgl_is_lost() {
    let dom = chromium_run(
        &url(&bricks_page(), "click:play-moves;wait:100;losecontext"),
        &["--dump-dom".into()],
    );
    assert!(
        dom.contains("data-state=\"no-webgl\""),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(dom.contains("WebGL stopped"));
    disabled_controls(&dom, 12);
}

/// Checks that every control of a page's DOM is disabled (at least `min`)
/// and the panel greyed.
fn disabled_controls(dom: &str, min: usize) {
    assert!(
        dom.contains("<aside id=\"panel\" class=\"dead\">"),
        "the panel is not greyed"
    );
    let mut controls = 0;
    for tag in ["<button", "<input", "<select"] {
        for (at, _) in dom.match_indices(tag) {
            let end = at + dom[at..].find('>').unwrap();
            assert!(
                dom[at..end].contains("disabled"),
                "a live control: {}",
                &dom[at..=end]
            );
            controls += 1;
        }
    }
    assert!(controls >= min, "{controls} controls");
}

// ---- The twisty page (`polycover twisty play`, docs/twisty-play.md) ----
//
// Its state (`<pre id="state">`) holds the colour (face index) at every
// sticker position; the tests compare it with `polycover twisty apply`
// (the puzzle model), and look at the pictures: the faces turned to the
// viewer show their colours, those turned away do not, and a twist brings
// a hidden face's colour into view. Its test script (`#test=...`) clicks,
// presses keys, types moves and drags stickers; `anim:MS` sets the length
// of a turn and `seed:N` makes scrambles repeatable.

/// The state of a served page after `script`.
fn served(server: &Server, script: &str) -> Value {
    state_at(&format!("{}#test={}", server.url, encode(script)), &[])
}

/// The page's data, from the server.
fn page_data_at(server: &Server) -> Value {
    serde_json::from_str(&server.request("GET", "/api/puzzle", "").1).unwrap()
}

/// Writes the twisty page of `puzzle` without a server.
fn twisty_page(puzzle: &str) -> PathBuf {
    let out = temp(&format!("twisty-{puzzle}-{}.html", unique()));
    let o = run(&["twisty", "play", puzzle, "-o", out.to_str().unwrap()]);
    assert_eq!(outcome(&o).0, 0, "{}", outcome(&o).2);
    out
}

fn face_rgb(d: &Value) -> Vec<[u8; 3]> {
    d["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| hex(f["colour"].as_str().unwrap()))
        .collect()
}

/// The colour (face index) at each sticker position after `moves` from
/// solved, as `polycover twisty apply --json` says (each face's positions
/// in sticker order, by the name of the face whose colour they show).
fn applied(d: &Value, puzzle: &str, moves: &str) -> Vec<u64> {
    let o = run(&["twisty", "apply", puzzle, moves, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{moves}");
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let faces = d["faces"].as_array().unwrap();
    let index = |name: &Value| faces.iter().position(|f| f["name"] == *name).unwrap() as u64;
    let stickers = d["stickers"].as_array().unwrap();
    let mut next = vec![0; faces.len()];
    stickers
        .iter()
        .map(|s| {
            let fi = s["face"].as_u64().unwrap() as usize;
            let name = faces[fi]["name"].as_str().unwrap();
            let k = next[fi];
            next[fi] += 1;
            index(&v["faces"][name][k])
        })
        .collect()
}

fn colours(s: &Value) -> Vec<u64> {
    s["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

/// How squarely each face is turned to the viewer: its normal dotted with
/// the direction to the eye (from the page's view angles; y is up).
fn facing(d: &Value, s: &Value) -> Vec<f64> {
    let (az, el) = (
        s["view"]["az"].as_f64().unwrap().to_radians(),
        s["view"]["el"].as_f64().unwrap().to_radians(),
    );
    let eye = [el.cos() * az.sin(), el.sin(), el.cos() * az.cos()];
    d["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (0..3)
                .map(|k| f["normal"][k].as_f64().unwrap() * eye[k])
                .sum()
        })
        .collect()
}

/// The solved puzzle seen from the first view: every face turned to the
/// viewer shows its colour, no face turned away does.
fn faces_seen_in_their_colours(puzzle: &str) -> (PathBuf, Value, Vec<usize>) {
    let p = twisty_page(puzzle);
    let d = page_data(&p);
    let s = state(&p, "");
    assert_eq!(s["solved"], true);
    let counts = screenshot(&p, "").counts(&face_rgb(&d));
    for (f, dot) in facing(&d, &s).into_iter().enumerate() {
        let name = &d["faces"][f]["name"];
        if dot > 0.35 {
            assert!(
                counts[f] > 2000,
                "{puzzle}: face {name} facing us: {counts:?}"
            );
        } else if dot < 0.0 {
            assert!(
                counts[f] < 100,
                "{puzzle}: face {name} turned away: {counts:?}"
            );
        }
    }
    (p, d, counts)
}

/// The sticker position of face `face` whose centre is furthest along x,
/// of those whose centre passes `keep`.
fn rightmost(d: &Value, face: usize, keep: impl Fn([f64; 3]) -> bool) -> usize {
    let centre = |s: &Value| {
        let q: Vec<f64> = s["polygon"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        [0, 1, 2].map(|k| q.iter().skip(k).step_by(3).sum::<f64>() / (q.len() / 3) as f64)
    };
    d["stickers"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, s)| s["face"] == face as u64 && keep(centre(s)))
        .max_by(|a, b| centre(a.1)[0].total_cmp(&centre(b.1)[0]))
        .unwrap()
        .0
}

/// Dragging position `at` up the screen turns `mv` (the state then has
/// the model's colours), dragging it down turns `mv'`.
fn drag_turns(p: &Path, d: &Value, puzzle: &str, at: usize, mv: &str) {
    let s = state(p, &format!("dragsticker:{at}:0:-80"));
    assert_eq!(s["history"], serde_json::json!([mv]), "{s}");
    assert_eq!(colours(&s), applied(d, puzzle, mv));
    let s = state(p, &format!("dragsticker:{at}:0:80"));
    assert_eq!(s["history"], serde_json::json!([format!("{mv}'")]), "{s}");
}

/// The 3x3x3: faces in their colours; R by key (animated) gives the
/// model's colours and brings D's yellow onto the front; keys with ' and
/// undo, typed moves and a refused move; a sticker dragged up the front's
/// right column turns R, down R'; Solve without the server says so.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_cube_colours_twists_and_controls() {
    let (p, d, solved) = faces_seen_in_their_colours("3x3x3");
    let face = |n: &str| {
        d["faces"]
            .as_array()
            .unwrap()
            .iter()
            .position(|f| f["name"] == n)
            .unwrap()
    };
    let (u, dn) = (face("U"), face("D"));
    let s = state(&p, "key:R");
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R"), "{s}");
    assert_eq!(s["history"], serde_json::json!(["R"]));
    let turned = screenshot(&p, "key:R").counts(&face_rgb(&d));
    assert!(
        solved[dn] < 100 && turned[dn] > 1500,
        "{solved:?} -> {turned:?}"
    );
    let ratio = turned[u] as f64 / solved[u] as f64;
    assert!((0.5..0.85).contains(&ratio), "U keeps two thirds: {ratio}");

    let s = state(&p, "key:R;key:U;key:'");
    assert_eq!(s["history"], serde_json::json!(["R", "U'"]));
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R U'"));
    let s = state(&p, "key:R;key:U;key:';click:undo");
    assert_eq!(
        (s["history"].clone(), s["undone"].clone()),
        (serde_json::json!(["R"]), 1.into())
    );
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R"));
    // Typed moves are read by the program: a page without it says so.
    let s = state(&p, "moves:R U");
    assert!(
        s["notation_error"]
            .as_str()
            .unwrap()
            .contains("needs the program"),
        "{s}"
    );
    assert_eq!(s["solved"], true);
    let s = state_at(&format!("{}#setup=R", url(&p, "")), &[]);
    let status = s["status"].as_str().unwrap();
    assert!(
        status.starts_with("The address") && status.contains("needs the program"),
        "{s}"
    );
    let server = Server::start("3x3x3");
    let s = served(&server, "moves:R U2 D' 3L");
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R U2 D' 3L"));
    let s = served(&server, "moves:R Q U");
    assert!(
        s["notation_error"].as_str().unwrap().contains("\"Q\""),
        "{s}"
    );
    assert_eq!(s["solved"], true);

    // The front face's right middle sticker: F's sticker furthest along x
    // with its centre at mid height. Dragged up, it turns R; down, R'.
    let right_middle = rightmost(&d, face("F"), |c| c[1].abs() < 0.1);
    drag_turns(&p, &d, "3x3x3", right_middle, "R");

    let s = state(&p, "seed:5;click:scramble;click:solve");
    assert_eq!(s["solved"], false);
    assert!(
        s["status"].as_str().unwrap().contains("needs the program"),
        "{s}"
    );
}

/// The Megaminx: twelve faces in their colours; typed moves give the
/// model's colours and change the picture; a sticker by the F-R edge
/// dragged up turns R, down R'.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_megaminx_colours_and_twists() {
    let (p, d, _) = faces_seen_in_their_colours("megaminx");
    assert_eq!(d["faces"].as_array().unwrap().len(), 12);
    let server = Server::start("megaminx");
    let script = "moves:R BR' U2";
    let s = served(&server, script);
    assert_eq!(colours(&s), applied(&d, "megaminx", "R BR' U2"), "{s}");
    let at = |script: &str| screenshot_at(&format!("{}#test={}", server.url, encode(script)));
    assert!(at(script).difference(&at("")) > 0.03);
    // F's sticker furthest right (by the F-R edge), dragged up, turns R.
    let f = d["faces"]
        .as_array()
        .unwrap()
        .iter()
        .position(|x| x["name"] == "F")
        .unwrap();
    drag_turns(&p, &d, "megaminx", rightmost(&d, f, |_| true), "R");
}

/// Scramble, then Solve: the page sends its state to the server, animates
/// the solution and ends solved (the status says so); a twist made while
/// the server works is not undone by a stale solution. Virtual time stands
/// still while the solve request is under way, so the long budget only
/// covers the animation; nothing waits for a time.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_scramble_then_solve_with_the_server() {
    for puzzle in ["3x3x3", "megaminx"] {
        let server = Server::start(puzzle);
        let budget = ["--virtual-time-budget=600000".to_string()];
        let s = state_at(
            &format!("{}#test=seed:7;click:scramble", server.url),
            &budget,
        );
        assert_eq!(s["solved"], false, "{puzzle}: scrambled");
        let s = state_at(
            &format!(
                "{}#test=anim:20;seed:7;click:scramble;click:solve",
                server.url
            ),
            &budget,
        );
        assert_eq!(s["solved"], true, "{puzzle}: {s}");
        // The scramble is the program's (`twisty scramble --seed 7`), the
        // timeline's setup; the solution follows on the timeline.
        let o = run(&["twisty", "scramble", puzzle, "--seed", "7"]);
        assert_eq!(s["setup"].as_str().unwrap(), stdout(&o).trim(), "{puzzle}");
        let history = s["history"].as_array().unwrap();
        let status = s["status"].as_str().unwrap();
        assert_eq!(
            status,
            format!("Solved in {} moves.", history.len()),
            "{puzzle}"
        );
        assert_eq!(
            (s["queued"].clone(), s["undone"].clone()),
            (0.into(), 0.into())
        );
        // The solution, applied to the scramble by the model, solves it.
        let solution: Vec<&str> = history.iter().map(|m| m.as_str().unwrap()).collect();
        let d = page_data_at(&server);
        let all = format!("{} {}", s["setup"].as_str().unwrap(), solution.join(" "));
        assert_eq!(colours(&s), applied(&d, puzzle, &all), "{puzzle}");
        assert_eq!(
            applied(&d, puzzle, &all),
            applied(&d, puzzle, ""),
            "{puzzle}"
        );
    }
    // The page keeps working while the server solves: a key turns R at
    // once, and the solution, made for the state before R, is not applied.
    let server = Server::start("3x3x3");
    let s = state_at(
        &format!(
            "{}#test={}",
            server.url,
            encode("anim:0;seed:7;click:scramble;click:solve;key:R")
        ),
        &["--virtual-time-budget=600000".to_string()],
    );
    let history = s["history"].as_array().unwrap();
    assert_eq!(history, &vec![Value::from("R")], "{s}");
    assert!(
        s["status"].as_str().unwrap().contains("press Solve again"),
        "{s}"
    );
    assert_eq!(s["solved"], false);
}

/// The twisty page's keys work whatever has the focus (a button just
/// clicked, even one that is then disabled), with `'` after a move's key
/// and Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z; in the moves box the keys are the
/// box's (Ctrl+Z too); Alt with a key is the browser's.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_keys_work_wherever_the_focus_is_but_the_moves_box() {
    let p = twisty_page("3x3x3");
    let d = page_data(&p);
    let done = |script: &str| {
        let s = state(&p, script);
        (s["history"].clone(), s["undone"].as_u64().unwrap(), s)
    };
    let (h, undone, s) = done("click:reset-view;key:R;key:U;key:'");
    assert_eq!((h, undone), (serde_json::json!(["R", "U'"]), 0), "{s}");
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R U'"));
    // Undo is disabled once nothing is left to undo, the focus on it.
    let (h, _, s) = done("key:R;click:undo;key:F");
    assert_eq!(h, serde_json::json!(["F"]), "{s}");
    assert_eq!(colours(&s), applied(&d, "3x3x3", "F"));
    // A scramble is the timeline's setup; R follows it and steps back.
    let (h, undone, s) = done("seed:3;click:scramble;key:R;key:Ctrl+z");
    assert_eq!((h.as_array().unwrap().len(), undone), (0, 1), "{s}");
    assert!(!s["setup"].as_str().unwrap().is_empty(), "{s}");
    // The file's scramble (turns of the page's moves) shows the state its text names.
    let setup = s["setup"].as_str().unwrap();
    assert_eq!(colours(&s), applied(&d, "3x3x3", setup), "{s}");
    let (h, undone, s) =
        done("key:R;key:U;click:solve;key:Ctrl+z;key:Ctrl+z;key:Ctrl+y;key:Ctrl+Shift+z");
    assert_eq!((h, undone), (serde_json::json!(["R", "U"]), 0), "{s}");
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R U"));

    // Moves typed and sent with Enter (read by the server): the box keeps
    // the focus.
    let server = Server::start("3x3x3");
    let s = served(&server, "moves:R;key:U;key:';key:Ctrl+z");
    assert_eq!(
        (s["history"].clone(), s["undone"].clone()),
        (serde_json::json!(["R"]), 0.into()),
        "{s}"
    );
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R"));
    let (h, _, s) = done("click:notation;key:R");
    assert_eq!(h, serde_json::json!([]), "{s}");
    let (h, _, s) = done("click:reset-view;key:Alt+r;key:Meta+u");
    assert_eq!(h, serde_json::json!([]), "{s}");
}

/// Without WebGL the twisty page says so, and every control (the moves
/// box too) is disabled; its state says it has no WebGL.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_controls_disabled_without_webgl() {
    let dom = chromium_run(
        &url(&twisty_page("3x3x3"), ""),
        &["--dump-dom".into(), "--disable-webgl".into()],
    );
    assert!(
        dom.contains("data-state=\"no-webgl\""),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(dom.contains("This page needs WebGL"));
    disabled_controls(&dom, 8);
    let s = dom_state(&dom);
    assert_eq!(
        (s["webgl"].clone(), s["solved"].clone()),
        (false.into(), true.into()),
        "{s}"
    );
}

/// The twisty page loses WebGL while a turn is under way (as when the
/// graphics driver resets): the turn ends at once (the status says the
/// puzzle is not solved), the page says WebGL stopped, every control is
/// disabled and a key pressed then turns nothing.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_controls_disabled_when_webgl_is_lost() {
    let p = twisty_page("3x3x3");
    let dom = chromium_run(
        &url(&p, "anim:3000;key:R;losecontext;key:U"),
        &["--dump-dom".into()],
    );
    assert!(
        dom.contains("data-state=\"no-webgl\""),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(dom.contains("WebGL stopped"));
    disabled_controls(&dom, 8);
    let s = dom_state(&dom);
    assert_eq!(
        (
            s["webgl"].clone(),
            s["history"].clone(),
            s["queued"].clone(),
            s["status"].clone()
        ),
        (
            false.into(),
            serde_json::json!(["R"]),
            0.into(),
            "Not solved.".into()
        ),
        "{s}"
    );
    assert_eq!(colours(&s), applied(&page_data(&p), "3x3x3", "R"));
    // Where the puzzle was drawn: the page's dark background only (no
    // mark of a lost canvas), but for the message at the top.
    let shot = screenshot(&p, "anim:3000;key:R;losecontext");
    let back = hex("#3a4048");
    let other = (40..shot.height)
        .flat_map(|y| (0..shot.width - PANEL).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let q = shot.rgb[(y * shot.width + x) as usize];
            (0..3).any(|j| (q[j] as i32 - back[j] as i32).abs() > 6)
        })
        .count();
    assert_eq!(other, 0, "pixels other than the background");
}

/// The timeline: the address's setup and moves open the page at the setup
/// with the moves ready; the arrows, the buttons, the slider and Play move
/// along it, the puzzle drawn at the timeline's position (its colours as
/// `twisty apply` gives for the setup and the moves up to there, its
/// picture as that of a page opened there), the current move marked.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_timeline_steps_scrubs_and_plays() {
    let server = Server::start("3x3x3");
    let d = page_data_at(&server);
    let at = |hash: &str, script: &str| format!("{}#{hash}&test={}", server.url, encode(script));
    let open = "setup=R%20U&alg=F%20x%20M'%20Rw2";
    let alg = ["F", "x", "M'", "Rw2"];
    for (script, pos) in [
        ("anim:0", 0),
        ("anim:0;key:ArrowRight;key:ArrowRight", 2),
        ("anim:0;click:end;click:undo", 3),
        (
            "anim:0;key:End;key:ArrowLeft;key:ArrowLeft;key:ArrowRight",
            3,
        ),
        ("anim:0;scrub:3;key:Home", 0),
        ("anim:0;scrub:1", 1),
        ("anim:0;click:redo;click:redo;click:start;click:redo", 1),
        ("anim:0;key:Ctrl+y;key:Ctrl+y;key:Ctrl+z", 1),
        ("anim:30;speed:fastest;click:play", 4),
    ] {
        let s = state_at(&at(open, script), &[]);
        assert_eq!(s["pos"], pos, "{script}: {s}");
        assert_eq!(
            (s["setup"].clone(), s["alg"].clone()),
            ("R U".into(), serde_json::json!(alg))
        );
        let moves = format!("R U {}", alg[..pos].join(" "));
        assert_eq!(colours(&s), applied(&d, "3x3x3", &moves), "{script}");
        assert_eq!(
            (s["playing"].clone(), s["queued"].clone()),
            (false.into(), 0.into())
        );
    }
    // The current move is marked in the sequence; the slider is there.
    let dom = chromium_run(&at(open, "anim:0;scrub:2"), &["--dump-dom".into()]);
    assert!(dom.contains("<span class=\"current\">x</span>"), "{dom}");
    assert!(dom.contains("<span class=\"undone\">M'</span>"));
    assert!(dom.contains("2 / 4"));
    // The picture at position 2 is the picture of the setup R U F x.
    let shot = screenshot_at(&at(open, "anim:0;scrub:2"));
    let there = screenshot_at(&format!("{}#setup=R%20U%20F%20x", server.url));
    let start = screenshot_at(&at(open, "anim:0"));
    assert!(
        shot.difference(&there) < 0.002,
        "{}",
        shot.difference(&there)
    );
    assert!(
        shot.difference(&start) > 0.03,
        "{}",
        shot.difference(&start)
    );
    // A move made in the middle replaces the moves after it.
    let s = state_at(&at(open, "anim:0;scrub:1;key:R"), &[]);
    assert_eq!(
        (s["alg"].clone(), s["pos"].clone()),
        (serde_json::json!(["F", "R"]), 2.into())
    );
    assert_eq!(colours(&s), applied(&d, "3x3x3", "R U F R"));
}

/// The address holds the timeline: moves made, a scramble and a solution
/// each rewrite it, and opening the address written gives the same
/// puzzle; a malformed address is said in the page, which still works.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_address_holds_the_timeline() {
    let server = Server::start("3x3x3");
    let d = page_data_at(&server);
    let s = served(&server, "anim:0;key:R;key:U;key:'");
    assert_eq!(s["address"], "#alg=R%20U'", "{s}");
    let s = served(&server, "anim:0;seed:4;click:scramble;key:F");
    let scramble = stdout(&run(&["twisty", "scramble", "3x3x3", "--seed", "4"]));
    let address = s["address"].as_str().unwrap().replace("&amp;", "&");
    let want = format!("#setup={}&alg=F", scramble.trim().replace(' ', "%20"));
    assert_eq!(address, want);
    // Opened again, the address gives the setup, F ready to step through.
    let again = state_at(&format!("{}{address}", server.url), &[]);
    assert_eq!(
        (again["pos"].clone(), again["alg"].clone()),
        (0.into(), serde_json::json!(["F"]))
    );
    assert_eq!(colours(&again), applied(&d, "3x3x3", scramble.trim()));
    let s = state_at(
        &format!(
            "{}{address}&test={}",
            server.url,
            encode("anim:0;click:end")
        ),
        &[],
    );
    assert_eq!(
        colours(&s),
        applied(&d, "3x3x3", &format!("{} F", scramble.trim()))
    );
    // Wide turns, slices and rotations in the address, + and ' kept.
    let s = state_at(
        &format!("{}#alg=Rw%20M'%20x2%202R&test=anim:0;click:end", server.url),
        &[],
    );
    assert_eq!(colours(&s), applied(&d, "3x3x3", "Rw M' x2 2R"), "{s}");
    for (hash, says) in [
        ("#setup=R%20Q", "Q"),
        ("#alg=R%E0%A4", "malformed"),
        ("#size=3", "\"size\""),
        ("#alg=R&alg=U", "\"alg\" is given twice"),
        ("#setup=R%20U&alg=F&setup=U", "\"setup\" is given twice"),
    ] {
        let s = state_at(&format!("{}{hash}&test=key:U", server.url), &[]);
        let status = s["status"].as_str().unwrap();
        assert!(
            status.starts_with("The address") && status.contains(says),
            "{hash}: {s}"
        );
        // The page still plays.
        assert_eq!(s["history"], serde_json::json!(["U"]), "{hash}: {s}");
    }
    // A key given twice: neither is taken (which was meant is not known), and
    // the address stays as written.
    let s = state_at(&format!("{}#alg=R&alg=U", server.url), &[]);
    assert_eq!(
        (s["setup"].clone(), s["alg"].clone(), s["solved"].clone()),
        ("".into(), serde_json::json!([]), true.into()),
        "{s}"
    );
    assert_eq!(
        s["address"].as_str().unwrap().replace("&amp;", "&"),
        "#alg=R&alg=U"
    );
}

/// The moves box reads all the notation `twisty apply` reads, through the
/// server's parser: wide turns, layers, ranges, slices and rotations on
/// the 3x3x3 and 4x4x4, the Pyraminx's tips; a bad token is named next to
/// the box and nothing turns.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_move_box_reads_all_the_notation() {
    for (puzzle, moves) in [
        ("3x3x3", "Rw r 3Rw 2R 1-2U x y z M E S U2'"),
        ("4x4x4", "Rw 3Rw 2-3Rw 2R x' Uw2"),
        ("pyraminx", "u l' r b U L' R B"),
    ] {
        let server = Server::start(puzzle);
        let d = page_data_at(&server);
        let s = served(&server, &format!("anim:0;moves:{moves}"));
        assert_eq!(colours(&s), applied(&d, puzzle, moves), "{puzzle}: {s}");
        assert_eq!(s["notation_error"], "", "{puzzle}");
        assert_eq!(s["alg"].as_array().unwrap().len(), moves.split(' ').count());
        // Stepped back to the start, the puzzle is solved again.
        let s = served(&server, &format!("anim:0;moves:{moves};click:start"));
        assert_eq!(s["solved"], true, "{puzzle}: {s}");
    }
    let server = Server::start("3x3x3");
    let s = served(&server, "anim:0;moves:R 5Rw U");
    assert!(s["notation_error"].as_str().unwrap().contains("5Rw"), "{s}");
    assert_eq!(
        (s["solved"].clone(), s["alg"].clone()),
        (true.into(), serde_json::json!([]))
    );
    let dom = chromium_run(
        &format!("{}#test={}", server.url, encode("moves:R 5Rw U")),
        &["--dump-dom".into()],
    );
    assert!(
        dom.contains("id=\"notation-error\" class=\"error\" role=\"alert\">moves: move 2 of the sequence, 5Rw"),
        "{dom}"
    );
}

/// The moves box's example (its placeholder) is the puzzle's own: typed
/// into the box, every move of it turns, none is refused (the Pyraminx and
/// the Megaminx have no `M` or `x`; the 3x3x3 shows them).
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_move_box_example_is_the_puzzles() {
    for puzzle in ["pyraminx", "megaminx", "3x3x3"] {
        let server = Server::start(puzzle);
        let dom = chromium_run(
            &format!("{}#test=anim:0", server.url),
            &["--dump-dom".into()],
        );
        let start = dom.find("placeholder=\"").unwrap() + "placeholder=\"".len();
        let shown = &dom[start..start + dom[start..].find('"').unwrap()];
        let example = shown.replace("&#39;", "'").replace("&apos;", "'");
        let example = example.split("e.g. ").nth(1).unwrap_or("").to_string();
        assert!(!example.is_empty(), "{puzzle}: {shown}");
        let s = served(&server, &format!("anim:0;moves:{example}"));
        assert_eq!(s["notation_error"], "", "{puzzle}: {example}");
        let d = page_data_at(&server);
        assert_eq!(
            s["alg"].as_array().unwrap().len(),
            example.split(' ').count(),
            "{puzzle}: {example}"
        );
        assert_eq!(colours(&s), applied(&d, puzzle, &example), "{puzzle}");
        if puzzle == "3x3x3" {
            assert!(example.ends_with(" Rw M x"), "{example}");
        }
    }
}

/// The first view of every solid is a three-quarter view: the face turned
/// most squarely to the viewer shows most, clearly more than any other (a
/// view between two faces, like the Pyraminx's once, shows two equal
/// halves split by an edge), with at least one more face beside it, tip or
/// edge up. The cube keeps its view: F tilted towards U and R by 0.5 and 0.6.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_first_view_is_three_quarters_for_every_solid() {
    // An icosahedron's faces are 42 degrees apart: its next face shows
    // nearly as much as the front one.
    for (puzzle, lead) in [
        ("pyraminx", 1.5),
        ("3x3x3", 1.5),
        ("fto", 1.5),
        ("megaminx", 1.2),
        ("icosahedron-2", 1.0),
    ] {
        let p = twisty_page(puzzle);
        let (d, s) = (page_data(&p), state(&p, ""));
        // Shades the page draws (0.62 to 1): darker ones, at edges, of
        // twenty colours match others (orange at 0.55 is the brown).
        let counts = screenshot(&p, "").shades(&face_rgb(&d), 0.6);
        let dots = facing(&d, &s);
        let front = (0..dots.len())
            .max_by(|&a, &b| dots[a].total_cmp(&dots[b]))
            .unwrap();
        let mut sorted = counts.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(
            counts[front], sorted[0],
            "{puzzle}: the front face shows most: {counts:?}"
        );
        assert!(
            sorted[0] as f64 >= lead * sorted[1] as f64,
            "{puzzle}: the front face leads: {counts:?}"
        );
        assert!(
            sorted[1] > 4000,
            "{puzzle}: a second face shows: {counts:?}"
        );
        // Seen from above, as a puzzle held in the hand.
        assert!(s["view"]["el"].as_f64().unwrap() > 0.0, "{puzzle}: {s}");
        if puzzle == "3x3x3" {
            let (az, el) = (
                s["view"]["az"].as_f64().unwrap(),
                s["view"]["el"].as_f64().unwrap(),
            );
            let want_el = (0.5 / f64::hypot(0.5, f64::hypot(0.6, 1.0)))
                .asin()
                .to_degrees();
            assert!((az - 0.6f64.atan2(1.0).to_degrees()).abs() < 1e-6, "{s}");
            assert!((el - want_el).abs() < 1e-6, "{s}");
        }
    }
}

/// The requests the browser made to `server` while it showed `url`, with
/// their status codes, from Chromium's network log (its console log does
/// not report failed loads in headless mode).
fn requests(url: &str, server: &Server) -> Vec<(String, u16)> {
    let log = temp(&format!("netlog-{}.json", unique()));
    chromium_run(
        url,
        &[
            "--dump-dom".into(),
            format!("--log-net-log={}", log.display()),
        ],
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    let kind = |name: &str| v["constants"]["logEventTypes"][name].clone();
    let (start, headers) = (
        kind("URL_REQUEST_START_JOB"),
        kind("HTTP_TRANSACTION_READ_RESPONSE_HEADERS"),
    );
    let mut urls = std::collections::HashMap::new();
    let mut out = Vec::new();
    for e in v["events"].as_array().unwrap() {
        let Some(id) = e["source"]["id"].as_u64() else {
            continue;
        };
        if e["type"] == start {
            if let Some(u) = e["params"]["url"].as_str() {
                urls.insert(id, u.to_string());
            }
        } else if e["type"] == headers {
            let line = e["params"]["headers"][0].as_str().unwrap_or("");
            let code = line
                .split(' ')
                .nth(1)
                .and_then(|c| c.parse().ok())
                .unwrap_or(0);
            if let Some(u) = urls.get(&id).filter(|u| u.starts_with(&server.url)) {
                out.push((u.clone(), code));
            }
        }
    }
    out
}

/// The S key the Scramble button advertises scrambles, with the program's
/// scramble (`twisty scramble --seed N`: no turn cancels another); the
/// browser's requests (the page, its icon, the API) find no 404.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_scramble_key_and_no_404s() {
    let server = Server::start("3x3x3");
    let d = page_data_at(&server);
    let dom = chromium_run(
        &format!("{}#test=anim:0", server.url),
        &["--dump-dom".into()],
    );
    assert!(
        dom.contains("<button id=\"scramble\" title=\"S\">"),
        "the button advertises S"
    );
    for key in ["S", "s"] {
        let s = served(
            &server,
            &format!("anim:0;seed:11;click:reset-view;key:{key}"),
        );
        let scramble = stdout(&run(&["twisty", "scramble", "3x3x3", "--seed", "11"]));
        assert_eq!(s["setup"].as_str().unwrap(), scramble.trim(), "{s}");
        assert_eq!(colours(&s), applied(&d, "3x3x3", scramble.trim()));
    }
    let url = format!(
        "{}#setup=R&test={}",
        server.url,
        encode("anim:0;seed:2;key:S;moves:R Q;key:R")
    );
    let asked = requests(&url, &server);
    let paths: Vec<&str> = asked
        .iter()
        .map(|(u, _)| &u[server.url.len() - 1..])
        .collect();
    for want in ["/favicon.ico", "/api/parse", "/api/scramble?seed=2"] {
        assert!(
            paths.iter().any(|p| p.starts_with(want)),
            "{want} not asked: {asked:?}"
        );
    }
    assert!(asked.iter().all(|(_, code)| *code != 404), "{asked:?}");
    // The bad move is the one answer that is not 200: 400, named on the page.
    assert_eq!(
        asked.iter().filter(|(_, code)| *code != 200).count(),
        1,
        "{asked:?}"
    );
}

/// The page's framing at two window sizes (wide: the panel on the right;
/// narrow: below): the whole puzzle in view inside the drawing (its
/// corners as projected, and no pixel but the background on the drawing's
/// edges), the panel beside it, no two controls overlapping.
#[test]
#[ignore = "opens headless Chromium: cargo test -p polycover --test browser -- --ignored"]
fn twisty_page_framing_at_two_sizes() {
    let server = Server::start("megaminx");
    let url = format!("{}#setup=R%20U&alg=F%20R'&test=anim:0", server.url);
    for (w, h) in [(WIDTH, HEIGHT), (600, 820)] {
        let size = [format!("--window-size={w},{h}")];
        let s = state_at(&url, &size);
        let l = &s["layout"];
        let b = |v: &Value| -> [f64; 4] { [0, 1, 2, 3].map(|i| v[i].as_f64().unwrap()) };
        let (canvas, panel, puzzle) = (b(&l["canvas"]), b(&l["panel"]), b(&l["puzzle"]));
        assert!(
            puzzle[0] > canvas[0] + 4.0
                && puzzle[1] > canvas[1] + 4.0
                && puzzle[2] < canvas[2] - 4.0
                && puzzle[3] < canvas[3] - 4.0,
            "{w}x{h}: puzzle {puzzle:?} in canvas {canvas:?}"
        );
        let apart = |a: [f64; 4], c: [f64; 4]| {
            a[2] <= c[0] + 0.5 || c[2] <= a[0] + 0.5 || a[3] <= c[1] + 0.5 || c[3] <= a[1] + 0.5
        };
        assert!(apart(canvas, panel), "{w}x{h}: {canvas:?} {panel:?}");
        let controls = l["controls"].as_array().unwrap();
        assert!(controls.len() >= 12, "{controls:?}");
        for (i, x) in controls.iter().enumerate() {
            let bx = b(&x["box"]);
            assert!(
                bx[0] >= panel[0] && bx[2] <= panel[2] + 0.5,
                "{w}x{h}: {x} outside the panel"
            );
            for y in &controls[i + 1..] {
                assert!(apart(bx, b(&y["box"])), "{w}x{h}: {x} overlaps {y}");
            }
        }
        // The drawing's edge rows and columns show the background only.
        let file = temp(&format!("twisty-frame-{w}x{h}-{}.png", unique()));
        chromium_run(
            &url,
            &[size[0].clone(), format!("--screenshot={}", file.display())],
        );
        let shot = read_png(&file);
        let back = hex("#3a4048");
        // (A screenshot's viewport is the whole window, taller than that of
        // --dump-dom: the drawing is placed as page.css places it.)
        let (w, h) = (shot.width, shot.height);
        let [x0, y0, x1, y1] = if w > 700 {
            [0, 0, w - PANEL, h]
        } else {
            [0, 0, w, h * 6 / 10]
        };
        let edge = (x0 + 1..x1 - 1)
            .flat_map(|x| [(x, y0 + 1), (x, y1 - 2)])
            .chain((y0 + 1..y1 - 1).flat_map(|y| [(x0 + 1, y), (x1 - 2, y)]))
            .filter(|&(x, y)| {
                let q = shot.rgb[(y * shot.width + x) as usize];
                (0..3).any(|j| (q[j] as i32 - back[j] as i32).abs() > 6)
            })
            .count();
        assert_eq!(
            edge,
            0,
            "{w}x{h}: the puzzle reaches the drawing's edge ({})",
            file.display()
        );
    }
}
