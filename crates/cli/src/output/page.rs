//! The 3D page (`polycover view`) and the twisty page (`polycover twisty
//! play`, docs/twisty-play.md): each one self-contained HTML file.
//!
//! Both pages are the frame `assets/page.html` with holes filled: the
//! title, the style (the shared `assets/page.css`, then the page's own
//! `view.css` or `twisty.css`), the canvas's label, the panel's controls
//! (`view.html` or `twisty.html`), the data (the JSON of
//! [`picture::view::Page`] or of the twisty page, in a `<script
//! type="application/json">` element) and the script (the shared
//! `assets/gl.js`, its vector, matrix and shader helpers, its dead panel
//! without WebGL and which element's keys are a text field's; then the
//! page's own `view.js` or `twisty.js`, written for polycover). Every
//! asset is compiled into the binary, so a page needs no network and no
//! other file. The format of the data is in `docs/viewer.md`.

use picture::markup::escape;
use serde_json::{Map, Value, json};
use std::path::Path;

const FRAME: &str = include_str!("../../assets/page.html");
const GL: &str = include_str!("../../assets/gl.js");
const STYLE: &str = include_str!("../../assets/page.css");

/// What one kind of page puts in the frame's holes.
struct Kind {
    /// The content of the `generator` meta element.
    generator: &'static str,
    /// Its own style, after the shared one.
    style: &'static str,
    /// The label of the canvas it draws on.
    label: &'static str,
    /// Its panel's controls, under the puzzle's name.
    panel: &'static str,
    /// Its script, after the shared helpers.
    script: &'static str,
}

/// The kind of page whose assets are `assets/NAME.css`, `NAME.html` and
/// `NAME.js`.
macro_rules! kind {
    ($name:literal, $generator:literal, $label:literal) => {
        Kind {
            generator: $generator,
            style: include_str!(concat!("../../assets/", $name, ".css")),
            label: $label,
            panel: include_str!(concat!("../../assets/", $name, ".html")),
            script: include_str!(concat!("../../assets/", $name, ".js")),
        }
    };
}

const VIEW: Kind = kind!("view", "polycover", "3D view of the solution");
const TWISTY: Kind = kind!("twisty", "polycover-twisty", "3D view of the puzzle");

const GENERATOR: &str = "__POLYCOVER_GENERATOR__";
const LABEL: &str = "__POLYCOVER_LABEL__";
const PANEL: &str = "__POLYCOVER_PANEL__";
const TITLE: &str = "__POLYCOVER_TITLE__";
const STYLE_HOLE: &str = "__POLYCOVER_STYLE__";
const DATA: &str = "__POLYCOVER_DATA__";
const CODE: &str = "__POLYCOVER_SCRIPT__";

/// What `view` says of the solutions its page lists.
pub struct Count<'a> {
    /// Solutions on the page.
    pub shown: u64,
    /// The search ran to its end: the page lists them all.
    pub complete: bool,
    /// The file's count of what the page lists, where it has one.
    pub expected: Option<dlx::Count>,
    /// With `--distinct`: the group the solutions are distinct under
    /// (`None`: every solution is listed).
    pub group: Option<&'a str>,
}

/// The keys `view` adds to the page's data: the problem file and the
/// count (docs/viewer.md).
pub fn view_keys(file: &Path, c: &Count) -> Map<String, Value> {
    let mut extra = Map::new();
    extra.insert("file".into(), json!(file.display().to_string()));
    extra.insert(
        "count".into(),
        json!({
            "shown": c.shown,
            "complete": c.complete,
            "expected": c.expected.as_ref().map(|n| n.to_string()),
            "distinct": c.group.is_some(),
            "group": c.group,
        }),
    );
    extra
}

/// The page for `data` (JSON text: [`picture::view::Page::json`]),
/// titled `title`.
pub fn html(title: &str, data: &str) -> String {
    fill(&VIEW, title, data)
}

/// The twisty page for `data`, titled `title`.
pub fn twisty_html(title: &str, data: &Value) -> String {
    fill(&TWISTY, title, &data.to_string())
}

/// The frame with its holes filled for a page of `kind`, titled `title`,
/// showing `data` (JSON text).
fn fill(kind: &Kind, title: &str, data: &str) -> String {
    // In a script element only `</script` ends it: no `<` may appear, and
    // in JSON it can only be inside strings, where \u003c means the same.
    let json = data.replace('<', "\\u003c");
    let code = format!("{GL}\n{}", kind.script);
    let style = format!("{STYLE}\n{}", kind.style);
    let mut out = String::with_capacity(
        FRAME.len() + style.len() + kind.panel.len() + code.len() + json.len(),
    );
    // Each hole once, in the frame's order; inserted text is never
    // searched again.
    let mut rest = FRAME;
    for (hole, fill) in [
        (GENERATOR, kind.generator.to_string()),
        (TITLE, escape(title)),
        (STYLE_HOLE, style),
        (LABEL, kind.label.to_string()),
        (PANEL, kind.panel.to_string()),
        (DATA, json),
        (CODE, code),
    ] {
        let at = rest
            .find(hole)
            .expect("the frame has each hole once, in order");
        out.push_str(&rest[..at]);
        out.push_str(&fill);
        rest = &rest[at + hole.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_filled_and_script_safe() {
        let data = serde_json::json!({ "puzzle": "</script><b>__POLYCOVER_SCRIPT__" });
        let page = html("a <b> & __POLYCOVER_DATA__", &data.to_string());
        assert!(page.contains("<title>a &lt;b&gt; &amp; __POLYCOVER_DATA__</title>"));
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains("\\u003c/script>\\u003cb>__POLYCOVER_SCRIPT__"));
        assert!(page.contains("function render()"));
        assert!(!page.contains("__POLYCOVER_TITLE__"));
        let twisty = twisty_html("t", &data);
        assert_eq!(twisty.matches("</script>").count(), 2);
        assert!(twisty.contains("const m4") && twisty.contains("polycover-twisty"));
    }
}
