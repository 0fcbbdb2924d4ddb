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

/// The binary, run from the root, without colors or a catalog override.
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_polycover"));
    c.current_dir(root())
        .env_remove("POLYCOVER_DATA")
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

/// The data a page of `polycover view` carries (the JSON in its
/// `<script type="application/json">`).
pub fn page_data(page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let tag = "type=\"application/json\">";
    let start = html.find(tag).unwrap() + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}
