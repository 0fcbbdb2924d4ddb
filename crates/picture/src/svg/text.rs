//! The SVG text itself: numbers, escaping, shared definitions and the
//! document around a picture's body.

use super::BACKGROUND;
use super::geometry::Pt;
use crate::markup::escape;
use std::fmt::Write as _;

/// The body of a document made by [`document`].
pub(super) fn inner(svg: &str) -> &str {
    let start = svg.find("<defs/>").map_or(0, |i| i + "<defs/>".len());
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    &svg[start..end]
}

/// A number in pixels: at most one decimal, no trailing `.0`.
pub(super) fn n(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The shared definitions: hatching, and the ball shadow and highlight.
/// Ids are the same in every picture, so pictures can be nested; a picture
/// carries only the ones its body uses (small files for big galleries).
const HATCH_DEF: &str = concat!(
    "<pattern id=\"pc-hatch\" patternUnits=\"userSpaceOnUse\" width=\"7\" height=\"7\" patternTransform=\"rotate(45)\">",
    "<rect width=\"2.5\" height=\"7\" fill=\"#ffffff\" fill-opacity=\"0.45\"/></pattern>",
);
const BALL_DEFS: &str = concat!(
    "<radialGradient id=\"pc-shade\"><stop offset=\"0.55\" stop-color=\"#000\" stop-opacity=\"0\"/>",
    "<stop offset=\"1\" stop-color=\"#000\" stop-opacity=\"0.4\"/></radialGradient>",
    "<radialGradient id=\"pc-shine\"><stop offset=\"0\" stop-color=\"#fff\" stop-opacity=\"0.85\"/>",
    "<stop offset=\"1\" stop-color=\"#fff\" stop-opacity=\"0\"/></radialGradient>",
);

/// The definitions `body` uses, then the empty `<defs/>` that marks where
/// the body starts (see [`inner`]).
pub(super) fn defs(body: &str) -> String {
    let mut d = String::new();
    if body.contains("url(#pc-hatch)") {
        d.push_str(HATCH_DEF);
    }
    if body.contains("url(#pc-shade)") {
        d.push_str(BALL_DEFS);
    }
    if d.is_empty() {
        "<defs/>".to_string()
    } else {
        format!("<defs>{d}</defs><defs/>")
    }
}

/// A whole SVG document around `body`.
pub(super) fn document(width: f64, height: f64, title: &str, body: &str) -> String {
    let (w, h) = (n(width), n(height));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <title>{}</title>{}<rect width=\"{w}\" height=\"{h}\" fill=\"{BACKGROUND}\"/>{body}</svg>\n",
        escape(title),
        defs(body)
    )
}

/// An edge between two points, as a key that is the same both ways.
pub(super) fn edge_key(a: Pt, b: Pt) -> ((i64, i64), (i64, i64)) {
    let k = |p: Pt| ((p.0 * 64.0).round() as i64, (p.1 * 64.0).round() as i64);
    let (a, b) = (k(a), k(b));
    if a <= b { (a, b) } else { (b, a) }
}

/// Appends a closed path through `pts` (`M`, `L`..., `Z`).
pub(super) fn poly_path(out: &mut String, pts: &[Pt]) {
    for (i, p) in pts.iter().enumerate() {
        let _ = write!(
            out,
            "{}{} {}",
            if i == 0 { "M" } else { "L" },
            n(p.0),
            n(p.1)
        );
    }
    out.push('Z');
}
