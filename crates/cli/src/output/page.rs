//! The 3D page (`polycover view`): one self-contained HTML file.
//!
//! The page is the template `assets/view.html` with three holes: the title,
//! the data (the JSON of [`polyform::view::Page`], in a `<script
//! type="application/json">` element) and the script `assets/view.js` (the
//! WebGL viewer, written for polycover). Both assets are compiled into the
//! binary, so the page needs no network and no other file. The format of
//! the data is in `docs/viewer.md`.
//!
//! The twisty page (`polycover twisty play`, docs/twisty-play.md) is made
//! the same way from `assets/twisty.html` and `twisty.js`. Both scripts
//! start with `assets/gl.js`, the vector, matrix and shader helpers they
//! share (with their dead panel without WebGL, and which element's keys
//! are a text field's), and both templates' style starts with
//! `assets/page.css`, the layout they share.

use serde_json::{Map, Value, json};
use std::path::Path;

const TEMPLATE: &str = include_str!("../../assets/view.html");
const SCRIPT: &str = include_str!("../../assets/view.js");
const TWISTY_TEMPLATE: &str = include_str!("../../assets/twisty.html");
const TWISTY_SCRIPT: &str = include_str!("../../assets/twisty.js");
const GL: &str = include_str!("../../assets/gl.js");
const STYLE: &str = include_str!("../../assets/page.css");

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
    pub expected: Option<u128>,
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
            "expected": c.expected.map(|n| n.to_string()),
            "distinct": c.group.is_some(),
            "group": c.group,
        }),
    );
    extra
}

/// Text for HTML (element content or a quoted attribute).
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page for `data`, titled `title`.
pub fn html(title: &str, data: &Value) -> String {
    fill(TEMPLATE, SCRIPT, title, data)
}

/// The twisty page for `data`, titled `title`.
pub fn twisty_html(title: &str, data: &Value) -> String {
    fill(TWISTY_TEMPLATE, TWISTY_SCRIPT, title, data)
}

/// `template` with its holes filled: the title, the shared style, the data
/// and the script (the shared helpers, then `script`).
fn fill(template: &str, script: &str, title: &str, data: &Value) -> String {
    // In a script element only `</script` ends it: no `<` may appear, and
    // in JSON it can only be inside strings, where \u003c means the same.
    let json = data.to_string().replace('<', "\\u003c");
    let code = format!("{GL}\n{script}");
    let mut out = String::with_capacity(template.len() + STYLE.len() + code.len() + json.len());
    // Each hole once, in the template's order; inserted text is never
    // searched again.
    let mut rest = template;
    for (hole, fill) in [
        (TITLE, esc(title)),
        (STYLE_HOLE, STYLE.to_string()),
        (DATA, json),
        (CODE, code),
    ] {
        let at = rest
            .find(hole)
            .expect("the template has each hole once, in order");
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
        let page = html("a <b> & __POLYCOVER_DATA__", &data);
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
