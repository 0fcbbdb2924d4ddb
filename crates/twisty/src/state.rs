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
//! (other keys are ignored). Every face must be listed once, a state names at most one
//! puzzle (one `puzzle` line; no key twice in JSON).

use crate::error::{Error, clip};
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

/// The puzzle a state names, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The name as written.
    pub name: String,
    /// The line (1-based) of the text form's `puzzle` line; `None` in JSON.
    pub line: Option<usize>,
}

/// The puzzle name a state declares (`puzzle NAME` in text, the `puzzle` key in JSON), if
/// any (a facelet string names none). A state that names two puzzles (two `puzzle` lines, the key twice) or writes its name
/// as something else than a string is an error: it says two things, or nothing readable.
pub fn declared_puzzle(text: &str) -> Result<Option<Declared>, Error> {
    if is_json(text) {
        let state = json_object(text)?;
        return Ok(json_puzzle(&state)?.map(|name| Declared {
            name: name.to_string(),
            line: None,
        }));
    }
    if crate::facelets::looks_like(text) {
        return Ok(None);
    }
    Ok(text_form(text)?.declared)
}

/// Whether a state is in the JSON form: it starts as only JSON does (`{`, `[`, `"`), or is a
/// JSON value as a whole (`null`, `3`). The text form and facelet strings never are.
pub fn is_json(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with(['{', '[', '"']) || serde_json::from_str::<serde::de::IgnoredAny>(t).is_ok()
}

/// Reads colours (one per sticker position) from the text or JSON form.
pub fn read(puzzle: &Puzzle, text: &str) -> Result<Vec<u16>, Error> {
    if text.len() > MAX_STATE_BYTES {
        return Err(Error::TooLarge(format!(
            "state larger than {MAX_STATE_BYTES} bytes"
        )));
    }
    if text.trim().is_empty() {
        return Err(Error::state("the state is empty"));
    }
    let rows: Rows = if is_json(text) {
        read_json_rows(text)?
    } else {
        text_form(text)?.rows
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
                "{:?} is not a face of the {} (faces: {})",
                clip(&face),
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
            let ci = face_index(&c).ok_or_else(|| {
                at(format!(
                    "{:?} is not a colour (colours are face names)",
                    clip(&c)
                ))
            })?;
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

/// Rows of colours: the line (1-based; 0 in JSON), the face and its colours.
type Rows = Vec<(usize, String, Vec<String>)>;

/// The text form read: its `puzzle` line and its rows.
struct TextForm {
    declared: Option<Declared>,
    rows: Rows,
}

/// The name of a `puzzle NAME` line (comment and spaces already removed), or `None` for other
/// lines.
fn puzzle_line(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("puzzle")?;
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim())
}

/// Reads the text form: at most one `puzzle` line (anywhere), and `FACE: colours` rows.
fn text_form(text: &str) -> Result<TextForm, Error> {
    let mut declared: Option<Declared> = None;
    let mut rows = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let at = |message: String| Error::State {
            line: Some(n + 1),
            message,
        };
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = puzzle_line(line) {
            if name.is_empty() {
                return Err(at("\"puzzle\" without a name (puzzle NAME)".into()));
            }
            if let Some(first) = &declared {
                return Err(at(format!(
                    "a second puzzle line, puzzle {} (line {} says puzzle {}): a state names one puzzle",
                    clip(name),
                    first.line.unwrap_or(0),
                    clip(&first.name)
                )));
            }
            declared = Some(Declared {
                name: name.to_string(),
                line: Some(n + 1),
            });
            continue;
        }
        let (face, rest) = line
            .split_once(':')
            .ok_or_else(|| at("expected \"FACE: colours...\" (e.g. \"U: U U U ...\")".into()))?;
        rows.push((
            n + 1,
            face.trim().to_string(),
            rest.split_whitespace().map(str::to_string).collect(),
        ));
    }
    Ok(TextForm { declared, rows })
}

/// What a JSON value is, in JSON's words, for messages.
fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// A JSON state's object, read with every object's keys checked (see [`Strict`]); an error
/// in JSON terms when the text is malformed or not an object.
fn json_object(text: &str) -> Result<serde_json::Map<String, serde_json::Value>, Error> {
    let Strict(v) = serde_json::from_str(text)
        .map_err(|e| Error::state(format!("malformed JSON state: {e}")))?;
    match v {
        serde_json::Value::Object(m) => Ok(m),
        other => Err(Error::state(format!(
            "a JSON state is an object {{\"puzzle\": NAME, \"faces\": {{FACE: [colours...], ...}}}}; this one is {}",
            json_kind(&other)
        ))),
    }
}

/// The `puzzle` key of a JSON state: `None` when absent, an error when it is no string.
fn json_puzzle(state: &serde_json::Map<String, serde_json::Value>) -> Result<Option<&str>, Error> {
    match state.get("puzzle") {
        None => Ok(None),
        Some(serde_json::Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(Error::state(format!(
            "JSON state: \"puzzle\" is {}, not a string naming the puzzle",
            json_kind(other)
        ))),
    }
}

fn read_json_rows(text: &str) -> Result<Rows, Error> {
    let state = json_object(text)?;
    json_puzzle(&state)?;
    let faces = match state.get("faces") {
        Some(serde_json::Value::Object(f)) => f,
        Some(other) => {
            return Err(Error::state(format!(
                "JSON state: \"faces\" is {}, not an object {{FACE: [colours...], ...}}",
                json_kind(other)
            )));
        }
        None => return Err(Error::state("JSON state: no \"faces\" object")),
    };
    let mut rows = Vec::new();
    for (k, row) in faces {
        let k = clip(k);
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
        rows.push((0, k.into_owned(), colours));
    }
    Ok(rows)
}

/// A JSON value read with every object's keys checked: serde_json keeps the last of two equal
/// keys silently, and a state with `"U"` (or `"puzzle"`) twice says two things.
struct Strict(serde_json::Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

/// Builds a [`Strict`] value, refusing a key written twice in one object.
struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(out.into())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(k) = map.next_key::<String>()? {
            let Strict(v) = map.next_value()?;
            if out.contains_key(&k) {
                return Err(serde::de::Error::custom(format!(
                    "key {:?} appears twice in one object",
                    clip(&k)
                )));
            }
            out.insert(k, v);
        }
        Ok(out.into())
    }
}
