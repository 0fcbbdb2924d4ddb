//! Sticks (polysticks, polytrigs, polytwigs) drawn as thick segments.
//!
//! Each piece is one path with a subpath (`M a L b`) per segment, stroked
//! with round caps and joins, so the segments of a piece run into each
//! other at its joints with no seam: first a slightly wider stroke in the
//! darker outline color, then the piece color on top. Pieces are drawn one
//! after the other, so where two pieces meet at a point the later one's
//! outline separates them. Empty segments of the board are thinner bars
//! in the empty-cell colors (those that may stay empty with a dashed
//! edge), and a small dot marks every grid point of the board, on top, so
//! joints and the empty grid's points can be counted.

use super::geometry::{CellGeom, Form, Pt};
use super::text::n;
use super::{Frame, Owner};
use polyform::board::CellKind;
use polyform::lattice::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// An empty segment's width, as a share of a piece's bar.
const EMPTY_SHARE: f64 = 0.6;

/// Writes the sticks of `cells` (drawn as `geoms` say) into `body`.
pub(super) fn sticks(
    body: &mut String,
    cells: &[(Cell, Owner)],
    geoms: &[CellGeom],
    frame: &Frame,
) {
    // Per owner key: the owner and its segments as one path.
    let mut paths: BTreeMap<usize, (Owner, String)> = BTreeMap::new();
    // Grid points, in tenths of a pixel (as written), each once.
    let mut points: BTreeSet<(i64, i64)> = BTreeSet::new();
    let mut width = 0.0f64;
    for (g, &(_, owner)) in geoms.iter().zip(cells) {
        let Form::Stick { ends, r } = g.form else {
            continue;
        };
        width = 2.0 * r * frame.s;
        let [a, b] = [frame.px(g.layer, ends[0]), frame.px(g.layer, ends[1])];
        let d = &mut paths.entry(owner.key()).or_insert((owner, String::new())).1;
        segment(d, a, b);
        for p in [a, b] {
            points.insert(((p.0 * 10.0).round() as i64, (p.1 * 10.0).round() as i64));
        }
    }
    // Empty segments first (keys of empty owners are the largest).
    for (owner, d) in paths.values().rev() {
        if let Owner::Empty(kind) = *owner {
            empty(body, kind, d, width * EMPTY_SHARE);
        }
    }
    for (owner, d) in paths.values() {
        if let Owner::Piece { color, fixed, .. } = *owner {
            let edge = if fixed { 4.0 } else { 2.0 };
            stroke(body, d, &color.outline().to_string(), width + edge, "");
            stroke(body, d, &color.to_string(), width, "");
            if fixed {
                stroke(body, d, "url(#pc-hatch)", width, "");
            }
        }
    }
    dots(body, &points, (0.12 * width).max(1.3));
}

/// Appends the subpath of one segment from `a` to `b`.
fn segment(d: &mut String, a: Pt, b: Pt) {
    let _ = write!(d, "M{} {}L{} {}", n(a.0), n(a.1), n(b.0), n(b.1));
}

/// A stroke of path `d` with round ends and joins; `extra` is written
/// into the element as is.
fn stroke(body: &mut String, d: &str, paint: &str, width: f64, extra: &str) {
    let _ = write!(
        body,
        "<path d=\"{d}\" fill=\"none\" stroke=\"{paint}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{extra}/>",
        n(width)
    );
}

/// Empty segments of one kind: a faint bar, with a dashed grey edge
/// (a wider dashed stroke below it) for those that may stay empty.
fn empty(body: &mut String, kind: CellKind, d: &str, width: f64) {
    let owner = Owner::Empty(kind);
    if kind == CellKind::Optional {
        stroke(
            body,
            d,
            &owner.line().to_string(),
            width + 2.0,
            " stroke-dasharray=\"3 2\"",
        );
    }
    stroke(body, d, &owner.fill().to_string(), width, "");
}

/// One path of small discs, one per grid point (tenths of a pixel).
fn dots(body: &mut String, points: &BTreeSet<(i64, i64)>, r: f64) {
    if points.is_empty() {
        return;
    }
    let mut d = String::new();
    for &(x, y) in points {
        let (x, y) = (x as f64 / 10.0, y as f64 / 10.0);
        // A disc as two half-circle arcs.
        let _ = write!(
            d,
            "M{} {}a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 -{} 0Z",
            n(x - r),
            n(y),
            n(2.0 * r),
            n(2.0 * r),
            r = n(r)
        );
    }
    let _ = write!(
        body,
        "<path d=\"{d}\" fill=\"#333333\" fill-opacity=\"0.7\"/>"
    );
}
