//! The twisty play page's data (docs/twisty-play.md): the puzzle's
//! geometry, colours, moves and notation, all the page needs to twist it
//! without a solver. `twisty play` embeds it in the page and serves it at
//! `/api/puzzle`.

use serde_json::{Value, json};
use twisty::Puzzle;
use twisty::geom::Vec3;
use twisty::puzzle::Move;

/// Face colours of the cube, by face name (the usual scheme).
const CUBE: &[(&str, &str)] = &[
    ("U", "#ffffff"),
    ("D", "#ffd500"),
    ("F", "#009e60"),
    ("B", "#0051ba"),
    ("R", "#c41e3a"),
    ("L", "#ff7f00"),
];

/// Face colours of the other solids, in face order: twenty colours that
/// no shading (a colour times 0.6 to 1) turns into one another.
const PALETTE: &[&str] = &[
    "#ffffff", "#ffd500", "#009e60", "#0051ba", "#c41e3a", "#ff7f00", "#7b2fbe", "#ff6ec7",
    "#8fd14f", "#66c2ff", "#f2c49b", "#00a5a5", "#8b4513", "#1b3f8b", "#b8e986", "#e0115f",
    "#5d3a9b", "#c9a000", "#2e8b57", "#ff9e9e",
];

/// The colour of each face.
fn face_colours(p: &Puzzle) -> Vec<String> {
    let faces = &p.geometry.faces;
    let cube = faces
        .iter()
        .map(|f| CUBE.iter().find(|c| c.0 == f.name).map(|c| c.1))
        .collect::<Option<Vec<_>>>();
    match cube {
        Some(c) if faces.len() == CUBE.len() => c.into_iter().map(str::to_string).collect(),
        _ => (0..faces.len())
            .map(|i| PALETTE[i % PALETTE.len()].to_string())
            .collect(),
    }
}

/// The stickers a move turns: those in its slices (sticker centres lie
/// strictly inside a slice), fixed ones (a face's centre) included.
fn turning(p: &Puzzle, mv: usize) -> Vec<usize> {
    let m = &p.moves[mv];
    let ax = &p.axes[m.axis];
    (0..p.stickers.len())
        .filter(|&s| {
            let d = ax.dir.dot(p.stickers[s].centre);
            let slice = ax.offsets.iter().filter(|&&o| o > d).count();
            m.slices.contains(&slice)
        })
        .collect()
}

/// Every name of the notation a turn may be written with (without power or
/// prime) and the turn it means: the moves' own names, and the layers
/// counted from each end of each axis (`U`, `2U`, `1-2U`, `3U` for `D`
/// turned the other way), each resolved by the puzzle's own parser. The
/// page's keys look a key up in it; sequences go to the server's parser.
fn notation_names(p: &Puzzle) -> serde_json::Map<String, Value> {
    let mut names = serde_json::Map::new();
    let mut add = |text: String| {
        if names.contains_key(&text) {
            return;
        }
        if let Ok(Some(t)) = p.parse_turn(&text) {
            names.insert(text, json!([t.mv, t.amount]));
        }
    };
    for m in &p.moves {
        add(m.name.clone());
    }
    for ax in &p.axes {
        let n = ax.slices();
        for end in &ax.ends {
            add(end.clone());
            for lo in 1..=n {
                add(format!("{lo}{end}"));
                for hi in lo + 1..=n {
                    add(format!("{lo}-{hi}{end}"));
                }
            }
        }
    }
    names
}

/// The example in the moves box, from the puzzle's own moves: the first
/// three on different axes, the second turned back and the third twice
/// (where that differs from a plain turn), then a wide turn of the last
/// (`Rw`), a slice (`M`) and a rotation (`x`) where the puzzle's parser
/// takes them (a cube's): the box accepts all of it on every puzzle.
fn example(p: &Puzzle) -> String {
    let mut firsts: Vec<&Move> = Vec::new();
    for m in &p.moves {
        if firsts.len() < 3 && firsts.iter().all(|f| f.axis != m.axis) {
            firsts.push(m);
        }
    }
    let mut words: Vec<String> = firsts
        .iter()
        .enumerate()
        .map(|(i, m)| match i {
            1 if m.order > 2 => format!("{}'", m.name),
            2 if m.order > 3 => format!("{}2", m.name),
            _ => m.name.clone(),
        })
        .collect();
    let wide = format!("{}w", firsts.last().map_or("", |m| m.name.as_str()));
    for extra in [wide.as_str(), "M", "x"] {
        if matches!(p.parse_step(extra), Ok(Some(_))) {
            words.push(extra.to_string());
        }
    }
    words.join(" ")
}

fn flat(points: &[Vec3]) -> Vec<f64> {
    points
        .iter()
        .flat_map(|v| v.0.map(|x| (x * 1e6).round() / 1e6))
        .collect()
}

/// The page's data (docs/twisty-play.md has the format).
pub fn page_data(p: &Puzzle, server: bool) -> Value {
    let colours = face_colours(p);
    json!({
        "version": 1,
        "puzzle": p.name(),
        "solid": p.spec.solid.name(),
        "server": server,
        "faces": p.geometry.faces.iter().zip(&colours).map(|(f, c)| json!({
            "name": f.name, "colour": c, "normal": f.normal.0, "polygon": flat(&f.polygon),
        })).collect::<Vec<_>>(),
        "stickers": p.stickers.iter().map(|s| json!({
            "face": s.face, "polygon": flat(&s.polygon),
        })).collect::<Vec<_>>(),
        "moves": p.moves.iter().enumerate().map(|(i, m)| json!({
            "name": m.name,
            "order": m.order,
            "axis": p.axes[m.axis].end_dir(m.end).0,
            "slices": m.slices.len(),
            "perm": m.perm.0,
            "turning": turning(p, i),
        })).collect::<Vec<_>>(),
        "names": notation_names(p),
        "example": example(p),
        "scramble_length": 25.max(3 * p.moves.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty::geom::Mat3;

    /// A move turns its stickers by its axis and angle: each turned
    /// sticker's centre lands on the centre of the sticker its permutation
    /// sends it to (what the page's animation relies on), and the others
    /// stay.
    #[test]
    fn turning_stickers_rotate_onto_their_images() {
        for name in ["3x3x3", "megaminx", "pyraminx", "4x4x4"] {
            let p = twisty::named(name).unwrap();
            let d = page_data(&p, false);
            for (i, m) in p.moves.iter().enumerate() {
                let axis = Vec3([0, 1, 2].map(|k| d["moves"][i]["axis"][k].as_f64().unwrap()));
                let r = Mat3::rotation(axis, -2.0 * std::f64::consts::PI / m.order as f64);
                let turned = turning(&p, i);
                for s in 0..p.degree() {
                    let image = p.stickers[m.perm.image(s)].centre;
                    if turned.contains(&s) {
                        assert!(
                            r.apply(p.stickers[s].centre).close(image, 1e-6),
                            "{name} {}",
                            m.name
                        );
                    } else {
                        assert_eq!(m.perm.image(s), s, "{name} {}", m.name);
                    }
                }
            }
        }
    }

    /// The moves box's example is read by the puzzle's parser on every
    /// puzzle of the catalog; a cube's shows a wide turn, a slice and a
    /// rotation, puzzles without them do not.
    #[test]
    fn examples_are_moves_of_the_puzzle() {
        for name in twisty::catalog::names() {
            let p = twisty::named(name).unwrap();
            let e = example(&p);
            let steps = p
                .parse_steps(&e)
                .unwrap_or_else(|err| panic!("{name}: {e}: {err}"));
            assert_eq!(steps.len(), e.split(' ').count(), "{name}: {e}");
            assert!(steps.len() >= 3.min(p.axes.len()), "{name}: {e}");
        }
        let example_of = |name: &str| example(&twisty::named(name).unwrap());
        assert_eq!(example_of("3x3x3"), "U F' R2 Rw M x");
        assert_eq!(example_of("pyraminx"), "u l' r");
        assert_eq!(example_of("megaminx"), "U F' R2 Rw");
    }

    /// The notation table agrees with the parser on the usual names.
    #[test]
    fn notation_table() {
        let p = twisty::named("3x3x3").unwrap();
        let names = notation_names(&p);
        let r = p.move_named("R").unwrap();
        assert_eq!(names["R"], json!([r, 1]));
        // The third layer from L is R's, turned the other way.
        assert_eq!(names["3L"], json!([r, 3]));
        assert!(!names.contains_key("2R"), "no middle slice on the 3x3x3");
        let p = twisty::named("pyraminx").unwrap();
        let names = notation_names(&p);
        assert_ne!(names["u"], names["U"]);
    }
}
