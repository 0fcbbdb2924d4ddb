//! States of a puzzle, and the text and JSON forms of a coloured state.
//!
//! A [`State`] knows where every sticker is: `at[p]` is the sticker (its
//! solved position) now at position `p`. What a person sees is less: the
//! colour at every position ([`State::colours`]); two states differing only
//! by identical-looking stickers look the same.
//!
//! The text form lists, face by face, the colour of each sticker position
//! of the face, as face names, in the puzzle's sticker order (reading
//! order: rows from the face's top, left to right, as `show` lists them):
//!
//! ```text
//! # a comment
//! puzzle 3x3x3
//! U: U U U U U U U U U
//! D: D D D D D D D D D
//! ...
//! ```
//!
//! The JSON form is `{"puzzle": "3x3x3", "faces": {"U": ["U", ...], ...}}`
//! (other keys are ignored). Every face must be listed once.

use crate::error::Error;
use crate::notation::Turn;
use crate::perm::Perm;
use crate::puzzle::Puzzle;

/// A state: `at[p]` is the sticker now at position `p` (identified by its
/// solved position). The solved state is the identity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// `at[p]`: the sticker (its solved position) now at position `p`.
    pub at: Vec<u16>,
}

impl State {
    /// The solved state of a puzzle: the identity.
    pub fn solved(puzzle: &Puzzle) -> State {
        State {
            at: (0..puzzle.degree() as u16).collect(),
        }
    }

    /// The state reached from solved by the group element `g` (sticker `i`
    /// moved to `g[i]`).
    pub fn from_perm(g: &Perm) -> State {
        State { at: g.inverse().0 }
    }

    /// Where every sticker went: the group element taking solved to this
    /// state.
    pub fn perm(&self) -> Perm {
        Perm(self.at.clone()).inverse()
    }

    /// Applies a permutation (a move: the sticker at `i` goes to `p[i]`).
    pub fn apply_perm(&mut self, p: &Perm) {
        let mut next = vec![0u16; self.at.len()];
        for (i, &s) in self.at.iter().enumerate() {
            next[p.image(i)] = s;
        }
        self.at = next;
    }

    /// Applies turns in order.
    pub fn apply(&mut self, puzzle: &Puzzle, turns: &[Turn]) {
        for &t in turns {
            self.apply_perm(&puzzle.turn_perm(t));
        }
    }

    /// The colour (face index) at every position.
    pub fn colours(&self, puzzle: &Puzzle) -> Vec<u16> {
        self.at
            .iter()
            .map(|&s| puzzle.stickers[s as usize].face as u16)
            .collect()
    }

    /// Whether every sticker is at its solved position.
    pub fn is_solved(&self) -> bool {
        self.at.iter().enumerate().all(|(i, &s)| i == s as usize)
    }
}

/// At most this many bytes in a state file.
pub const MAX_STATE_BYTES: usize = 1 << 20;

/// Writes colours (one per sticker position) in the text form.
pub fn write_text(puzzle: &Puzzle, colours: &[u16]) -> String {
    let mut out = format!("puzzle {}\n", puzzle.name());
    for (fi, f) in puzzle.geometry.faces.iter().enumerate() {
        let row: Vec<&str> = puzzle
            .stickers
            .iter()
            .enumerate()
            .filter(|(_, s)| s.face == fi)
            .map(|(i, _)| puzzle.geometry.faces[colours[i] as usize].name.as_str())
            .collect();
        out.push_str(&format!("{}: {}\n", f.name, row.join(" ")));
    }
    out
}

/// Colours as a JSON value `{"puzzle": ..., "faces": {...}}` (faces in
/// the puzzle's order).
pub fn write_json(puzzle: &Puzzle, colours: &[u16]) -> serde_json::Value {
    let mut faces = serde_json::Map::new();
    for (fi, f) in puzzle.geometry.faces.iter().enumerate() {
        let row: Vec<serde_json::Value> = puzzle
            .stickers
            .iter()
            .enumerate()
            .filter(|(_, s)| s.face == fi)
            .map(|(i, _)| {
                puzzle.geometry.faces[colours[i] as usize]
                    .name
                    .clone()
                    .into()
            })
            .collect();
        faces.insert(f.name.clone(), row.into());
    }
    serde_json::json!({"puzzle": puzzle.name(), "faces": faces})
}

/// The puzzle name a state file declares (`puzzle NAME` in text, the
/// `puzzle` key in JSON), if any.
pub fn declared_puzzle(text: &str) -> Option<String> {
    if text.trim_start().starts_with('{') {
        let v: serde_json::Value = serde_json::from_str(text).ok()?;
        return v.get("puzzle")?.as_str().map(str::to_string);
    }
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .and_then(|l| l.strip_prefix("puzzle"))
        .filter(|rest| rest.starts_with(char::is_whitespace))
        .map(|rest| rest.trim().to_string())
}

/// Reads colours (one per sticker position) from the text or JSON form.
pub fn read(puzzle: &Puzzle, text: &str) -> Result<Vec<u16>, Error> {
    if text.len() > MAX_STATE_BYTES {
        return Err(Error::TooLarge(format!(
            "state larger than {MAX_STATE_BYTES} bytes"
        )));
    }
    let rows: Vec<(usize, String, Vec<String>)> = if text.trim_start().starts_with('{') {
        read_json_rows(text)?
    } else {
        read_text_rows(text)?
    };
    let faces = &puzzle.geometry.faces;
    let face_index = |name: &str| faces.iter().position(|f| f.name == name);
    let mut colours = vec![u16::MAX; puzzle.degree()];
    let mut seen = vec![false; faces.len()];
    for (line, face, row) in rows {
        let at = |message: String| Error::State {
            line: (line > 0).then_some(line),
            message,
        };
        let fi = face_index(&face).ok_or_else(|| {
            at(format!(
                "{face:?} is not a face of the {} (faces: {})",
                puzzle.spec.solid.name(),
                faces
                    .iter()
                    .map(|f| f.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ))
        })?;
        if std::mem::replace(&mut seen[fi], true) {
            return Err(at(format!("face {face} is listed twice")));
        }
        let positions: Vec<usize> = (0..puzzle.degree())
            .filter(|&i| puzzle.stickers[i].face == fi)
            .collect();
        if row.len() != positions.len() {
            return Err(at(format!(
                "face {face} has {} stickers, {} colours given",
                positions.len(),
                row.len()
            )));
        }
        for (p, c) in positions.into_iter().zip(row) {
            let ci = face_index(&c)
                .ok_or_else(|| at(format!("{c:?} is not a colour (colours are face names)")))?;
            colours[p] = ci as u16;
        }
    }
    if let Some(missing) = seen.iter().position(|&s| !s) {
        return Err(Error::state(format!(
            "face {} is missing",
            faces[missing].name
        )));
    }
    // Every colour as often as in the solved puzzle.
    let mut want = vec![0usize; faces.len()];
    let mut got = vec![0usize; faces.len()];
    for s in &puzzle.stickers {
        want[s.face] += 1;
    }
    for &c in &colours {
        got[c as usize] += 1;
    }
    for (fi, f) in faces.iter().enumerate() {
        if want[fi] != got[fi] {
            return Err(Error::state(format!(
                "colour {} appears {} times, the puzzle has {} stickers of it",
                f.name, got[fi], want[fi]
            )));
        }
    }
    Ok(colours)
}

type Rows = Vec<(usize, String, Vec<String>)>;

fn read_text_rows(text: &str) -> Result<Rows, Error> {
    let mut rows = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with("puzzle ") || line == "puzzle" {
            continue;
        }
        let (face, rest) = line.split_once(':').ok_or_else(|| Error::State {
            line: Some(n + 1),
            message: "expected \"FACE: colours...\" (e.g. \"U: U U U ...\")".into(),
        })?;
        rows.push((
            n + 1,
            face.trim().to_string(),
            rest.split_whitespace().map(str::to_string).collect(),
        ));
    }
    Ok(rows)
}

fn read_json_rows(text: &str) -> Result<Rows, Error> {
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::state(format!("JSON state: {e}")))?;
    let faces = v
        .get("faces")
        .and_then(|f| f.as_object())
        .ok_or_else(|| Error::state("JSON state: no \"faces\" object"))?;
    let mut rows = Vec::new();
    for (k, row) in faces {
        let arr = row
            .as_array()
            .ok_or_else(|| Error::state(format!("JSON state: face {k} is not an array")))?;
        let colours = arr
            .iter()
            .map(|c| {
                c.as_str().map(str::to_string).ok_or_else(|| {
                    Error::state(format!("JSON state: face {k}: colours are strings"))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        rows.push((0, k.clone(), colours));
    }
    Ok(rows)
}
