//! A challenge as a catalog file: the puzzle's own keys and pieces, the
//! board drawn as art with the placed pieces' symbols (docs/format.md,
//! "Pieces placed in advance"), piece-set paths made to load from the
//! output directory, and `[expect] solutions = 1`.

use polyform::board::CellKind;
use polyform::{Placement, Puzzle};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// The board of `puzzle` as art in its lattice's drawing (layers bottom
/// first): `#` a cell to fill, `+` one that may stay empty, a piece's
/// symbol a cell of a piece placed in advance (`placed`, and the puzzle's
/// own fixed pieces), `.` no cell. Read back, it gives the same board
/// moved by a translation.
pub fn board_art(puzzle: &Puzzle, placed: &[Placement]) -> String {
    let lattice = puzzle.lattice();
    let mut mark: HashMap<[i32; 3], char> = HashMap::new();
    for p in puzzle.fixed.iter().chain(placed) {
        let symbol = puzzle.pieces[p.piece].symbol;
        for c in &p.cells {
            mark.insert(*c, symbol);
        }
    }
    let drawn: Vec<((i32, i32, i32), char)> = puzzle
        .board
        .cells()
        .iter()
        .map(|&(c, k)| {
            let ch = mark.get(&c).copied().unwrap_or(match k {
                CellKind::Fill => '#',
                CellKind::Optional => '+',
            });
            (lattice.grid_position(c), ch)
        })
        .collect();
    let lo = [0, 1, 2].map(|k| {
        drawn
            .iter()
            .map(|(g, _)| [g.0, g.1, g.2][k])
            .min()
            .unwrap_or(0)
    });
    let hi = [0, 1, 2].map(|k| {
        drawn
            .iter()
            .map(|(g, _)| [g.0, g.1, g.2][k])
            .max()
            .unwrap_or(0)
    });
    let start = lattice.art_align(lo);
    let size = [0, 1, 2].map(|k| (hi[k] - start[k] + 1).max(1) as usize);
    let mut grid = vec![vec![vec!['.'; size[2]]; size[1]]; size[0]];
    for ((l, r, c), ch) in drawn {
        grid[(l - start[0]) as usize][(r - start[1]) as usize][(c - start[2]) as usize] = ch;
    }
    let layers: Vec<String> = grid
        .iter()
        .map(|layer| {
            layer
                .iter()
                .map(|row| row.iter().collect::<String>() + "\n")
                .collect()
        })
        .collect();
    layers.join("\n")
}

/// What a challenge file says about itself.
#[derive(Clone, Debug)]
pub struct FileText<'a> {
    /// The file's `name`.
    pub name: &'a str,
    /// The generating command (the file's `source` and `[expect] source`).
    pub command: &'a str,
    /// A line for `notes` (level and difficulty).
    pub notes: &'a str,
    /// The board art ([`board_art`]).
    pub art: &'a str,
}

/// The challenge file: the original puzzle file's `text` (read from
/// `from`) with its name, source, notes, board and `[expect]` replaced,
/// and each relative `[[use]] set` path rewritten to load from `dir`.
/// Errors say what in the original could not be read.
pub fn challenge_toml(
    text: &str,
    from: &Path,
    dir: &Path,
    f: &FileText<'_>,
) -> Result<String, String> {
    let mut table: toml::Table = text
        .parse()
        .map_err(|e| format!("{}: not TOML: {e}", from.display()))?;
    for k in ["name", "source", "notes", "board", "expect"] {
        table.remove(k);
    }
    if let Some(toml::Value::Array(uses)) = table.get_mut("use") {
        for u in uses {
            if let Some(toml::Value::String(set)) = u.get_mut("set") {
                *set = moved_path(set, from, dir);
            }
        }
    }
    let lattice = table.remove("lattice");
    let mut s = String::new();
    s.push_str(&format!("name = {}\n", quoted(f.name)));
    if let Some(l) = lattice {
        s.push_str(&format!("lattice = {l}\n"));
    }
    s.push_str(&format!("source = {}\n", quoted(f.command)));
    s.push_str(&format!("notes = {}\n", quoted(f.notes)));
    // Top-level values (e.g. `one_sided`) go before the first table.
    let (values, tables): (toml::Table, toml::Table) = table
        .into_iter()
        .partition(|(_, v)| !matches!(v, toml::Value::Table(_) | toml::Value::Array(_)));
    if !values.is_empty() {
        s.push_str(&toml::to_string(&values).map_err(|e| e.to_string())?);
    }
    // A literal string: symbols are never escapes.
    s.push_str(&format!("\n[board]\nart = '''\n{}'''\n\n", f.art));
    s.push_str(&toml::to_string(&tables).map_err(|e| e.to_string())?);
    s.push_str(&format!(
        "\n[expect]\nsolutions = 1\nsource = {}\n",
        quoted(f.command)
    ));
    Ok(s)
}

/// A TOML basic string.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A path written in the file at `from`, as the file in `dir` must write
/// it: relative again where both resolve, else absolute; absolute paths
/// stay.
fn moved_path(set: &str, from: &Path, dir: &Path) -> String {
    let p = Path::new(set);
    if p.is_absolute() {
        return set.to_string();
    }
    let target = from.parent().unwrap_or(Path::new("")).join(p);
    let (Ok(target), Ok(dir)) = (target.canonicalize(), dir.canonicalize()) else {
        return target.display().to_string();
    };
    relative(&target, &dir).display().to_string()
}

/// `target` relative to the directory `base` (both absolute, canonical).
fn relative(target: &Path, base: &Path) -> PathBuf {
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut r = PathBuf::new();
    for _ in common..b.len() {
        r.push("..");
    }
    for c in &t[common..] {
        r.push(c);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_then_descend() {
        assert_eq!(
            relative(Path::new("/a/b/sets/x.toml"), Path::new("/a/out/c")),
            PathBuf::from("../../b/sets/x.toml")
        );
        assert_eq!(
            relative(Path::new("/a/x.toml"), Path::new("/a")),
            PathBuf::from("x.toml")
        );
    }
}
