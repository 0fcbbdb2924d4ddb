//! Running a peer program built outside this repository (Knuth's DLX6) on
//! a matrix file, under a time limit and a memory cap, for the benches that
//! compare with it. Linux: it goes through `sh`, `ulimit -v` and coreutils'
//! `timeout`.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// How a peer's run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum PeerRun {
    /// It exited with status 0: its wall seconds (the whole process, the
    /// input's parsing included) and what it wrote on standard error.
    Finished { secs: f64, stderr: String },
    /// It did not finish: its wall seconds until then, and why (the time
    /// limit, or its own last message and exit status).
    GaveUp { secs: f64, why: String },
}

/// Runs `program` with `input` as standard input (standard output
/// discarded), stopped after `seconds` of wall time, with at most `mem_kb`
/// KiB of address space.
pub fn run_capped(
    program: &Path,
    input: &Path,
    seconds: u64,
    mem_kb: u64,
) -> std::io::Result<PeerRun> {
    let t = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v "$1" && exec timeout "$2" "$0""#)
        .arg(program)
        .arg(mem_kb.to_string())
        .arg(seconds.to_string())
        .stdin(File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        e.read_to_string(&mut stderr)?;
    }
    let status = child.wait()?;
    let secs = t.elapsed().as_secs_f64();
    Ok(match status.code() {
        Some(0) => PeerRun::Finished { secs, stderr },
        // coreutils' timeout: the command timed out.
        Some(124) => PeerRun::GaveUp {
            secs,
            why: format!("gave up after {seconds} s"),
        },
        code => {
            // DLX6's periodic state reports start with " after".
            let last = stderr
                .lines()
                .rfind(|l| !l.trim().is_empty() && !l.starts_with(" after "))
                .unwrap_or("no message");
            let status = code.map_or("a signal".to_string(), |c| format!("status {c}"));
            PeerRun::GaveUp {
                secs,
                why: format!("gave up: {} (exit {status})", last.trim()),
            }
        }
    })
}

/// The solutions and search nodes in DLX6's closing line on standard error
/// ("Altogether N solutions, ... M search nodes, ...").
pub fn dlx6_summary(stderr: &str) -> Option<(u128, u64)> {
    let line = stderr.lines().rfind(|l| l.starts_with("Altogether "))?;
    let solutions = line.split_whitespace().nth(1)?.parse().ok()?;
    let nodes = line
        .split(", ")
        .find_map(|part| part.strip_suffix(" search nodes"))?
        .trim()
        .parse()
        .ok()?;
    Some((solutions, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_line_gives_solutions_and_nodes() {
        // The shape of the line DLX6's final report prints (dlx6.w, `main`).
        let stderr = "(112 options, 64+0 items, 336 entries successfully read)\n\
            Altogether 12988816 solutions, 15341+498992 mems, 10602 updates, \
            0 cleansings, 73696 bytes, 2317 search nodes, 2318 ZDD nodes, \
            0+1628 signatures, 690 hits.\n";
        assert_eq!(dlx6_summary(stderr), Some((12_988_816, 2317)));
        let one = "Altogether 1 solution, 1+2 mems, 0 updates, 0 cleansings, \
            9 bytes, 1 search nodes, 1 ZDD node, 0+1 signatures, 0 hits.\n";
        assert_eq!(dlx6_summary(one), Some((1, 1)));
        assert_eq!(dlx6_summary(" after 10000 mems: 3 sols\n"), None);
    }

    #[test]
    fn a_failing_program_gave_up_with_its_message() {
        let dir = std::env::temp_dir();
        let input = dir.join(format!("polycover-peer-test-{}.txt", std::process::id()));
        std::fs::write(&input, "").unwrap();
        let script = dir.join(format!("polycover-peer-test-{}.sh", std::process::id()));
        std::fs::write(
            &script,
            "#!/bin/sh\necho 'Sorry, capacity exceeded' >&2\nexit 3\n",
        )
        .unwrap();
        let status = Command::new("chmod").arg("+x").arg(&script).status();
        assert!(status.unwrap().success());
        let run = run_capped(&script, &input, 100, 1 << 20).unwrap();
        std::fs::remove_file(&script).unwrap();
        std::fs::remove_file(&input).unwrap();
        match run {
            PeerRun::GaveUp { why, .. } => {
                assert_eq!(why, "gave up: Sorry, capacity exceeded (exit status 3)")
            }
            other => panic!("{other:?}"),
        }
    }
}
