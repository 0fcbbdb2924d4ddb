//! What `solve --disassemble` prints of a solution that comes apart: its
//! level and its moves, in words and as JSON keys (docs/json.md).

use super::Note;
use disassembly::{PuzzleDisassembler, Separation};
use dlx::OptionId;
use serde_json::json;

/// What `solve --disassemble` says of a solution: its level, the labels
/// of its pieces and its moves.
pub fn note(dis: &PuzzleDisassembler<'_>, solution: &[OptionId], separation: &Separation) -> Note {
    let level = separation.level().to_string();
    let steps = dis.steps(solution, separation);
    let labels = dis.labels(solution);
    let vector = |c: [i32; 3]| format!("({}, {}, {})", c[0], c[1], c[2]);
    let mut text = String::new();
    for (i, s) in steps.iter().enumerate() {
        let who = s.pieces.join(" ");
        text += &match s.steps {
            Some(n) => format!("  move {}: {who} by {} x{n}\n", i + 1, vector(s.step)),
            None => format!("  move {}: {who} out along {}\n", i + 1, vector(s.step)),
        };
    }
    let pieces: Vec<serde_json::Value> = dis
        .placements(solution)
        .iter()
        .zip(&labels)
        .map(|(p, label)| {
            json!({
                "label": label,
                "piece": dis.piece_name(p.piece),
                "cells": p.cells,
            })
        })
        .collect();
    let moves: Vec<serde_json::Value> = steps
        .iter()
        .map(|s| json!({"pieces": s.pieces, "step": s.step, "steps": s.steps}))
        .collect();
    let mut m = serde_json::Map::new();
    m.insert("level".into(), json!(level));
    m.insert(
        "disassembly".into(),
        json!({"pieces": pieces, "moves": moves}),
    );
    Note {
        title: format!("level {level}, {} moves", steps.len()),
        text,
        json: m,
    }
}
