//! States of cubes as facelet strings, the form other 3x3x3 solvers read.
//!
//! A facelet string has one letter per sticker, faces in the order `U R F D L B`, each face's
//! stickers row by row as seen from outside: `U` from above with `B` at the top, the four side
//! faces with `U` at the top, `D` from below with `F` at the top. The letters name the face each
//! sticker's colour belongs to (`U` for the colour `U` shows when solved), so the solved 3x3x3
//! is `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`. A [`Scheme`] writes colours
//! instead (`W Y G B R O` for the western scheme).
//!
//! The order is derived from the geometry, not listed: each face's up and right directions as
//! seen from outside ([`crate::puzzle::face_frame`]) sort its stickers into rows, so any
//! `N`x`N`x`N` cube has a facelet string of `6 N²` letters.

use crate::error::{Error, clip};
use crate::puzzle::{Puzzle, face_frame};
use crate::solid::Solid;

/// The faces in the order a facelet string lists them.
pub const ORDER: [&str; 6] = ["U", "R", "F", "D", "L", "B"];

/// The schemes `--scheme` knows by name: name, then `FACE:LETTER` pairs.
pub const SCHEMES: &[(&str, &str)] = &[
    // White on top, green in front, red on the right (the WCA scrambling orientation).
    ("western", "U:W,F:G,R:R,D:Y,B:B,L:O"),
];

/// A colour scheme: the letter written for each face's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheme {
    /// `(face name, letter)`, one per face of [`ORDER`], letters distinct.
    pub letters: Vec<(String, char)>,
}

impl Scheme {
    /// A scheme by name (`western`) or written out as `FACE:LETTER` pairs separated by commas
    /// (`U:W,F:G,R:R,D:Y,B:B,L:O`), every face of the cube once, letters distinct.
    pub fn parse(text: &str) -> Result<Scheme, Error> {
        let pairs = SCHEMES.iter().find(|s| s.0 == text).map_or(text, |s| s.1);
        let shown = clip(text);
        let bad = |why: String| {
            Error::state(format!(
                "colour scheme {shown:?}: {why} (a name: {}, or FACE:LETTER pairs such as {})",
                SCHEMES.iter().map(|s| s.0).collect::<Vec<_>>().join(", "),
                SCHEMES[0].1
            ))
        };
        let mut letters: Vec<(String, char)> = Vec::new();
        for pair in pairs.split(',').map(str::trim) {
            let (face, letter) = pair
                .split_once(':')
                .ok_or_else(|| bad(format!("{:?} is no FACE:LETTER pair", clip(pair))))?;
            let mut chars = letter.trim().chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(bad(format!("{:?} is not one letter", clip(letter))));
            };
            let face = face.trim();
            if !ORDER.contains(&face) {
                return Err(bad(format!("{:?} is not a face of the cube", clip(face))));
            }
            if letters.iter().any(|(f, l)| f == face || *l == c) {
                return Err(bad(format!("{face} or {c} given twice")));
            }
            letters.push((face.to_string(), c));
        }
        if letters.len() != ORDER.len() {
            return Err(bad("every face needs a letter".into()));
        }
        Ok(Scheme { letters })
    }

    /// The letter of a face's colour.
    fn letter(&self, face: &str) -> char {
        self.letters
            .iter()
            .find(|(f, _)| f == face)
            .map(|p| p.1)
            .expect("a scheme has every face")
    }

    /// The face whose colour a letter is.
    fn face(&self, letter: char) -> Option<&str> {
        self.letters
            .iter()
            .find(|p| p.1 == letter)
            .map(|p| p.0.as_str())
    }
}

/// The sticker positions in facelet order (see the module documentation); an error for puzzles
/// that are not cubes with face stickers in rows.
pub fn order(puzzle: &Puzzle) -> Result<Vec<usize>, Error> {
    if puzzle.spec.solid != Solid::Cube {
        return Err(Error::state(format!(
            "facelet strings are for cubes; {} is a {}",
            puzzle.name(),
            puzzle.spec.solid.name()
        )));
    }
    let mut out = Vec::with_capacity(puzzle.degree());
    for name in ORDER {
        let fi = puzzle
            .geometry
            .faces
            .iter()
            .position(|f| f.name == name)
            .expect("a cube has the faces U R F D L B");
        let (up, right) = face_frame(puzzle.geometry.faces[fi].normal);
        // Rows from the top (largest `up`), then left to right; rounded so that stickers of
        // one row compare equal.
        let key = |s: usize| {
            let c = puzzle.stickers[s].centre;
            let q = |x: f64| (x * 1e6).round() as i64;
            (-q(c.dot(up)), q(c.dot(right)))
        };
        let mut face: Vec<usize> = (0..puzzle.degree())
            .filter(|&s| puzzle.stickers[s].face == fi)
            .collect();
        face.sort_by_key(|&s| key(s));
        out.extend(face);
    }
    Ok(out)
}

/// The facelet string of colours (one per sticker position), in face letters or a scheme's.
pub fn write(puzzle: &Puzzle, colours: &[u16], scheme: Option<&Scheme>) -> Result<String, Error> {
    let faces = &puzzle.geometry.faces;
    Ok(order(puzzle)?
        .into_iter()
        .map(|s| {
            let name = &faces[colours[s] as usize].name;
            scheme.map_or_else(|| name.chars().next().unwrap_or('?'), |sc| sc.letter(name))
        })
        .collect())
}

/// Whether a text is a facelet string rather than a text or JSON state: letters only (white
/// space between them allowed), and not a JSON word (`null`, `true`).
pub fn looks_like(text: &str) -> bool {
    let mut letters = text.chars().filter(|c| !c.is_whitespace()).peekable();
    letters.peek().is_some()
        && letters.all(|c| c.is_ascii_alphabetic())
        && !text.trim_start().starts_with("puzzle")
        && !crate::state::is_json(text)
}

/// The cube a facelet string of `len` letters is of (`3x3x3` for 54), if any.
pub fn cube_of_length(len: usize) -> Option<String> {
    let n = (1..=60).find(|n| 6 * n * n == len)?;
    Some(format!("{n}x{n}x{n}"))
}

/// Reads a facelet string (white space ignored) into colours, one per sticker position.
pub fn read(puzzle: &Puzzle, text: &str, scheme: Option<&Scheme>) -> Result<Vec<u16>, Error> {
    let order = order(puzzle)?;
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != order.len() {
        return Err(Error::state(format!(
            "a facelet string of the {} has {} letters (6 faces of {}), this one has {}",
            puzzle.name(),
            order.len(),
            order.len() / 6,
            letters.len()
        )));
    }
    let faces = &puzzle.geometry.faces;
    let mut colours = vec![0u16; order.len()];
    let mut counts = vec![0usize; faces.len()];
    for (i, (&c, &s)) in letters.iter().zip(&order).enumerate() {
        let face = match scheme {
            Some(sc) => sc.face(c).map(str::to_string),
            None => Some(c.to_string()),
        };
        let fi = face
            .and_then(|f| faces.iter().position(|x| x.name == f))
            .ok_or_else(|| {
                let known: String = match scheme {
                    Some(sc) => sc.letters.iter().map(|p| p.1).collect(),
                    None => ORDER.concat(),
                };
                Error::state(format!(
                    "facelet {} ({c:?}) is not one of the letters {known}",
                    i + 1
                ))
            })?;
        colours[s] = fi as u16;
        counts[fi] += 1;
    }
    let per_face = order.len() / 6;
    for (fi, &k) in counts.iter().enumerate() {
        if k != per_face {
            let name = &faces[fi].name;
            let letter = scheme.map_or_else(|| name.clone(), |sc| sc.letter(name).to_string());
            return Err(Error::state(format!(
                "letter {letter} appears {k} times in the facelet string; each colour has {per_face} stickers"
            )));
        }
    }
    Ok(colours)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{State, named};

    fn facelets(name: &str, moves: &str) -> String {
        let p = named(name).unwrap();
        let mut s = State::solved(&p);
        s.apply_steps(&p, &p.parse_steps(moves).unwrap());
        write(&p, &s.colours(&p), None).unwrap()
    }

    /// The strings every two-phase solver's documentation gives (solved, one R, one U).
    #[test]
    fn the_well_known_strings() {
        for name in ["3x3x3", "cube-3"] {
            assert_eq!(
                facelets(name, ""),
                "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
            );
            assert_eq!(
                facelets(name, "R"),
                "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
            );
            assert_eq!(
                facelets(name, "U"),
                "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"
            );
        }
        assert_eq!(facelets("2x2x2", "").len(), 24);
    }

    #[test]
    fn strings_read_back_and_bad_ones_say_why() {
        let p = named("3x3x3").unwrap();
        let mut s = State::solved(&p);
        s.apply_steps(&p, &p.parse_steps("R U F' D2 L B'").unwrap());
        let western = Scheme::parse("western").unwrap();
        for scheme in [None, Some(&western)] {
            let text = write(&p, &s.colours(&p), scheme).unwrap();
            assert_eq!(read(&p, &text, scheme).unwrap(), s.colours(&p));
        }
        assert_eq!(
            write(&p, &p.colours(), Some(&western)).unwrap(),
            "WWWWWWWWWRRRRRRRRRGGGGGGGGGYYYYYYYYYOOOOOOOOOBBBBBBBBB"
        );
        let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        let e = read(&p, &solved[1..], None).unwrap_err().to_string();
        assert!(e.contains("54 letters") && e.contains("53"), "{e}");
        let e = read(&p, &solved.replace("UUUUUUUUUR", "UUUUUUUUUU"), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("letter U appears 10 times"), "{e}");
        let e = read(&p, &solved.replacen('F', "X", 1), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("facelet 19") && e.contains("'X'"), "{e}");
        assert!(Scheme::parse("U:W,F:G").is_err());
        assert!(Scheme::parse("martian").is_err());
        let e = order(&named("pyraminx").unwrap()).unwrap_err().to_string();
        assert!(e.contains("for cubes"), "{e}");
        assert!(looks_like(solved) && !looks_like("puzzle 3x3x3\nU: U U U"));
        assert_eq!(cube_of_length(54).as_deref(), Some("3x3x3"));
    }
}
