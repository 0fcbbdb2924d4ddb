//! ASCII drawings of boards and pieces.
//!
//! A drawing is one or more *layers* separated by blank lines (3D drawings
//! list the bottom layer first); a layer is rows of characters, one
//! character per grid position. `.` and blanks are empty positions; any
//! other character is a *mark*, whose meaning the caller decides (a piece
//! cell, a board cell, a pre-placed piece's symbol).
//!
//! This module only finds the marks and their grid positions
//! `(layer, row, column)`; a lattice turns grid positions into cells (for
//! square and cubic lattices: `[column, row, layer]`).

/// One non-empty character of a drawing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The layer, 0 for the first (bottom) one.
    pub layer: i32,
    /// The row in its layer, 0 at the top.
    pub row: i32,
    /// The column, 0 at the left.
    pub col: i32,
    /// The character drawn.
    pub ch: char,
    /// The 0-based line of the drawing's text this mark is on.
    pub line: usize,
}

/// A parsed drawing.
///
/// Invariant: every layer has `rows` rows of `cols` characters (after
/// trailing blanks are dropped, shorter rows are an error, not padded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// How many layers (1 for a flat drawing).
    pub layers: usize,
    /// Rows per layer.
    pub rows: usize,
    /// Characters per row.
    pub cols: usize,
    /// The non-empty characters, in reading order, layer by layer.
    pub marks: Vec<Mark>,
}

/// A mistake in a drawing, on a 0-based line of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtError {
    /// The 0-based line of the drawing's text.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Is `c` an empty position in a drawing?
pub fn is_empty_char(c: char) -> bool {
    c == '.' || c.is_whitespace()
}

/// Reads a drawing.
pub fn parse(text: &str) -> Result<Drawing, ArtError> {
    // Group lines into layers, remembering each row's line number.
    let mut layers: Vec<Vec<(usize, &str)>> = vec![];
    let mut current: Vec<(usize, &str)> = vec![];
    for (n, line) in text.lines().enumerate() {
        let row = line.trim_end();
        if row.is_empty() {
            if !current.is_empty() {
                layers.push(std::mem::take(&mut current));
            }
        } else {
            current.push((n, row));
        }
    }
    if !current.is_empty() {
        layers.push(current);
    }
    if layers.is_empty() {
        return Err(ArtError {
            line: 0,
            message: "the drawing is empty".into(),
        });
    }
    let (first_line, first_row) = layers[0][0];
    let cols = first_row.chars().count();
    let rows = layers[0].len();
    let mut marks = vec![];
    for (z, layer) in layers.iter().enumerate() {
        if layer.len() != rows {
            return Err(ArtError {
                line: layer[0].0,
                message: format!(
                    "layer {} has {} rows but layer 1 has {rows}: every layer of a drawing must have the same number of rows (fill gaps with `.`)",
                    z + 1,
                    layer.len()
                ),
            });
        }
        for (y, &(n, row)) in layer.iter().enumerate() {
            let width = row.chars().count();
            if width != cols {
                return Err(ArtError {
                    line: n,
                    message: format!(
                        "ragged drawing: this row is {width} characters wide but the row on line {} of the drawing is {cols}: every row must be equally wide (fill gaps with `.`)",
                        first_line + 1
                    ),
                });
            }
            for (x, ch) in row.chars().enumerate() {
                if !is_empty_char(ch) {
                    marks.push(Mark {
                        layer: z as i32,
                        row: y as i32,
                        col: x as i32,
                        ch,
                        line: n,
                    });
                }
            }
        }
    }
    Ok(Drawing {
        layers: layers.len(),
        rows,
        cols,
        marks,
    })
}

/// Reads a drawing for a file of lattice `kind`: on stick lattices rows
/// may be ragged (drawings of sticks end in blanks) and the characters
/// are read as sticks ([`read_stick_art`](crate::lattice::read_stick_art)).
pub fn parse_for(text: &str, kind: crate::lattice::LatticeKind) -> Result<Drawing, ArtError> {
    if !crate::lattice::is_stick(kind) {
        return parse(text);
    }
    let width = text
        .lines()
        .map(|l| l.trim_end().chars().count())
        .max()
        .unwrap_or(0);
    let padded: String = text
        .lines()
        .map(|l| {
            let l = l.trim_end();
            if l.is_empty() {
                "\n".to_string()
            } else {
                let pad = width - l.chars().count();
                format!("{l}{}\n", ".".repeat(pad))
            }
        })
        .collect();
    crate::lattice::read_stick_art(kind, parse(&padded)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_and_marks() {
        let d = parse("##.\n.#.\n\n#..\n...\n").unwrap();
        assert_eq!((d.layers, d.rows, d.cols), (2, 2, 3));
        assert_eq!(d.marks.len(), 4);
        assert_eq!(
            d.marks[3],
            Mark {
                layer: 1,
                row: 0,
                col: 0,
                ch: '#',
                line: 3
            }
        );
    }

    #[test]
    fn ragged_rows_are_an_error() {
        let e = parse("###\n##\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("ragged"), "{}", e.message);
        let e = parse("##\n##\n\n##\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("layer 2 has 1 rows"), "{}", e.message);
    }
}
