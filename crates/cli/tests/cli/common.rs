//! What every test module needs: running the binary from the repository's
//! root and reading what it printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A catalog file.
pub fn data(rel: &str) -> PathBuf {
    root().join("data").join(rel)
}

/// The binary, run from the root, without colors or a catalog override, its solver tables
/// cached in a temporary directory (never the user's cache).
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_polycover"));
    c.current_dir(root())
        .env_remove("POLYCOVER_DATA")
        .env(
            "POLYCOVER_CACHE_DIR",
            std::env::temp_dir().join("polycover-cli-tests-cache"),
        )
        .env("NO_COLOR", "1");
    c
}

/// Runs the binary to the end.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// Runs the binary with `stdin` as its standard input.
pub fn run_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Exit code, standard output and standard error.
pub fn outcome(o: &Output) -> (i32, String, String) {
    (o.status.code().unwrap_or(-1), stdout(o), stderr(o))
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The last line of standard output as JSON.
pub fn json(out: &Output) -> serde_json::Value {
    let text = stdout(out);
    serde_json::from_str(text.lines().last().unwrap_or(""))
        .unwrap_or_else(|e| panic!("{e}: {text}\n{}", stderr(out)))
}

/// Every line of standard output as JSON.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// A fresh scratch path, unique to this process and name.
pub fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polycover-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_dir_all(&p);
    let _ = std::fs::remove_file(&p);
    p
}

/// A count started with `POLYCOVER_HOLD_AFTER` (docs/checkpoint.md): it
/// searches until `hold_after` subproblems have finished, writes its
/// checkpoint, says so on standard error and waits to be interrupted. So a
/// test interrupts it at a known point, however fast the engine is.
pub struct Held {
    child: std::process::Child,
    /// Standard error so far: the lines read while waiting for the hold,
    /// then the rest once the process has ended.
    stderr: std::sync::mpsc::Receiver<String>,
    pub stdout: std::thread::JoinHandle<String>,
}

/// The longest a held count may take to reach its hold before the test
/// calls it hung: a guard against a hang, not a measure of speed.
const HANG: std::time::Duration = std::time::Duration::from_secs(600);

impl Held {
    /// Starts `polycover ARGS` held after `hold_after` finished
    /// subproblems, and returns once it is held (its stderr says so).
    pub fn start(args: &[&str], hold_after: usize) -> Held {
        use std::io::{BufRead, Read};
        let mut child = bin()
            .args(args)
            .env("POLYCOVER_HOLD_AFTER", hold_after.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let (tx, rx) = std::sync::mpsc::channel();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut out = child.stdout.take().unwrap();
        let stdout = std::thread::spawn(move || {
            let mut s = String::new();
            out.read_to_string(&mut s).ok();
            s
        });
        let mut seen = Vec::new();
        loop {
            match rx.recv_timeout(HANG) {
                Ok(line) => {
                    let held = line.contains("held after");
                    seen.push(line);
                    if held {
                        break;
                    }
                }
                Err(e) => {
                    let _ = child.kill();
                    panic!("{args:?}: no hold ({e:?}); stderr: {}", seen.join("\n"));
                }
            }
        }
        Held {
            child,
            stderr: rx,
            stdout,
        }
    }

    /// Sends `signal` (`INT`, `TERM`) and waits for the end: exit code,
    /// standard output, the rest of standard error.
    pub fn interrupt(mut self, signal: &str) -> (Option<i32>, String, String) {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = self.child.wait().unwrap();
        let err: Vec<String> = self.stderr.iter().collect();
        (status.code(), self.stdout.join().unwrap(), err.join("\n"))
    }
}

/// The data a page of `polycover view` carries (the JSON in its
/// `<script type="application/json">`).
pub fn page_data(page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let tag = "type=\"application/json\">";
    let start = html.find(tag).unwrap() + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// A `polycover twisty play` server, stopped when dropped. It has started
/// when it has printed its address (the test reads that line; it does not
/// wait for a time).
pub struct Server {
    child: std::process::Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    pub fn start(puzzle: &str) -> Server {
        Server::start_with(puzzle, &[])
    }

    /// [`Server::start`] with more arguments for `twisty play`.
    pub fn start_with(puzzle: &str, args: &[&str]) -> Server {
        use std::io::BufRead;
        let mut child = bin()
            .args(["twisty", "play", puzzle])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let Some(url) = line
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
        else {
            let _ = child.kill();
            panic!("twisty play {puzzle} printed no address: {line:?}");
        };
        let addr = url["http://".len()..].trim_end_matches('/').to_string();
        Server {
            child,
            url: url.to_string(),
            addr,
        }
    }

    /// Sends `head` (the request line and headers, without the blank
    /// line) and `body`; returns the status and the body of the answer.
    pub fn raw(&self, head: &str, body: &[u8]) -> (u16, String) {
        use std::io::Read;
        let mut s = std::net::TcpStream::connect(&self.addr).unwrap();
        // A request refused before its body is read may find the
        // connection closed while writing: the answer is read regardless.
        let _ = s.write_all(format!("{head}\r\n\r\n").as_bytes());
        let _ = s.write_all(body);
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        let text = String::from_utf8_lossy(&answer).into_owned();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
        let body = text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string();
        (status, body)
    }

    /// A request with the right Host and Content-Length.
    pub fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        self.raw(
            &format!(
                "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}",
                self.addr,
                body.len()
            ),
            body.as_bytes(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until `child` has its Ctrl-C and SIGTERM handler: bits 1 (SIGINT)
/// and 14 (SIGTERM) of the caught-signal mask in its `/proc` status, which
/// the handler sets together. Panics if the child exits first, or after a
/// minute (a bound only so that a missing handler fails instead of hanging).
pub fn wait_for_signal_handler(child: &mut std::process::Child) {
    let status = format!("/proc/{}/status", child.id());
    let caught = || {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        text.lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << 1) != 0 && mask & (1 << 14) != 0)
    };
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !caught() {
        assert!(child.try_wait().unwrap().is_none(), "exited early");
        if std::time::Instant::now() > give_up {
            let _ = child.kill();
            panic!("no handler for SIGINT and SIGTERM after a minute");
        }
        std::thread::yield_now();
    }
}
