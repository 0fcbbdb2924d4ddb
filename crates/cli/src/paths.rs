//! Checks on the files a command will write, made before any work starts:
//! an output never overwrites one of the command's inputs, and its
//! directory exists and takes a new file. So a count of an hour is never
//! lost to a typo in `--out`, nor a puzzle file to `--checkpoint`.

use crate::failure::Failure;
use std::path::{Path, PathBuf};

/// Refuses to write `output` when it is one of `inputs`: the same file
/// (same device and inode) when both exist, else the same absolute path
/// once the directories are resolved (`./a/../x.toml` is `x.toml`, a link
/// to the puzzle is the puzzle). `-` (standard input or output) is never a
/// file.
///
/// A puzzle file's piece sets (`[[use]] set = "..."`) are its inputs too: each input that reads
/// as a polyform puzzle (at most [`SET_SCAN_BYTES`]) brings the sets it uses.
pub fn refuse_overwriting(output: &Path, inputs: &[&Path]) -> Result<(), Failure> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let files = inputs.iter().filter(|i| i.as_os_str() != "-");
    let sets: Vec<PathBuf> = files.clone().flat_map(|i| sets_of(i)).collect();
    let all = files.copied().chain(sets.iter().map(PathBuf::as_path));
    match all.into_iter().find(|i| same_file(output, i)) {
        Some(input) => Err(Failure::input(format!(
            "{}: refusing to write there: it is the input file {} (writing it would destroy the input); choose another path",
            output.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// The most of an input read to find the piece sets it uses: a puzzle file is far smaller, and
/// a bigger input (a BurrTools file, a matrix) uses none.
pub const SET_SCAN_BYTES: u64 = 1 << 20;

/// The piece-set files the puzzle file `input` uses; none when it is not one (or is unreadable,
/// or bigger than [`SET_SCAN_BYTES`]: the command reading it says so).
fn sets_of(input: &Path) -> Vec<PathBuf> {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(input) else {
        return Vec::new();
    };
    let mut text = String::new();
    match file.take(SET_SCAN_BYTES + 1).read_to_string(&mut text) {
        Ok(n) if (n as u64) <= SET_SCAN_BYTES => polyform::file::used_sets(input, &text),
        _ => Vec::new(),
    }
}

/// Checks, before the work, that `path` can be written as `what` ("a
/// checkpoint", "a shard result"): it is not a directory, its directory
/// exists, and a new file can be made there (files are written by a
/// rename in that directory).
pub fn check_writable(path: &Path, what: &str) -> Result<(), Failure> {
    let cannot = |why: String| {
        Failure::input(format!(
            "{}: cannot write {what} there: {why}",
            path.display()
        ))
    };
    if path.is_dir() {
        return Err(cannot("it is a directory".into()));
    }
    if path.file_name().is_none() {
        return Err(cannot("it names no file".into()));
    }
    let dir = directory_of(path);
    if !dir.is_dir() {
        return Err(cannot(format!(
            "the directory {} does not exist",
            dir.display()
        )));
    }
    let probe = dir.join(format!(".polycover-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| cannot(e.to_string()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The directory a file at `path` is in (`.` for a bare name).
pub fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Are `a` and `b` one file (see [`refuse_overwriting`])?
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (resolved(a), resolved(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// `path` made absolute with its directory resolved (links, `..`): the
/// name a file there would have, whether or not it exists yet.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let dir = directory_of(path).canonicalize().ok()?;
    Some(dir.join(path.file_name()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("polycover-paths-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_output_that_is_an_input_is_refused() {
        let dir = scratch("same");
        let puzzle = dir.join("p.toml");
        std::fs::write(&puzzle, "x").unwrap();
        let sub = dir.join("sub");
        std::fs::create_dir(&sub).unwrap();
        let roundabout = sub.join("../p.toml");
        for out in [&puzzle, &roundabout] {
            let e = refuse_overwriting(out, &[Path::new("-"), &puzzle]).unwrap_err();
            assert_eq!(e.code, crate::failure::BAD_INPUT);
            assert!(e.message.contains("is the input file"), "{}", e.message);
        }
        #[cfg(unix)]
        {
            let link = dir.join("link.toml");
            std::os::unix::fs::symlink(&puzzle, &link).unwrap();
            assert!(refuse_overwriting(&link, &[&puzzle]).is_err());
            let hard = dir.join("hard.toml");
            std::fs::hard_link(&puzzle, &hard).unwrap();
            assert!(refuse_overwriting(&hard, &[&puzzle]).is_err());
        }
        // Two names of a file not made yet.
        let new = dir.join("r.json");
        assert!(refuse_overwriting(&sub.join("../r.json"), &[&new]).is_err());
        assert!(refuse_overwriting(&dir.join("other.json"), &[&puzzle, &new]).is_ok());
        assert!(refuse_overwriting(Path::new("-"), &[Path::new("-")]).is_ok());
        assert_eq!(std::fs::read_to_string(&puzzle).unwrap(), "x");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn unwritable_places_are_found_before_the_work() {
        let dir = scratch("writable");
        assert!(check_writable(&dir.join("ok.ck"), "a checkpoint").is_ok());
        let e = check_writable(&dir.join("no/such/x.ck"), "a checkpoint").unwrap_err();
        assert!(e.message.contains("does not exist"), "{}", e.message);
        let e = check_writable(&dir, "a shard result").unwrap_err();
        assert!(e.message.contains("is a directory"), "{}", e.message);
        // Nothing is left behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
