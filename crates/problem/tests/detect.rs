//! A file is read by its name and its content together
//! (`problem::load_bytes`): what is neither what its name says
//! nor anything polycover reads is refused with one line saying what was
//! expected, never counted as an empty problem.

use flate2::Compression;
use flate2::write::GzEncoder;
use problem::{Kind, LoadOptions, load_bytes};
use std::io::Write;
use std::path::Path;

/// The error message of reading `bytes` as the file `name`.
fn refused(name: &str, bytes: &[u8]) -> String {
    match load_bytes(Path::new(name), bytes, &LoadOptions::default()) {
        Ok(p) => panic!(
            "{name} was read as {} with {} options",
            p.kind().name(),
            p.matrix().num_options()
        ),
        Err(e) => {
            let m = e.to_string();
            assert!(!m.contains('\n'), "one line: {m}");
            let shown = if name == "-" { "<stdin>" } else { name };
            assert!(m.starts_with(shown), "names the file: {m}");
            m
        }
    }
}

fn kind_of(name: &str, bytes: &[u8]) -> Kind {
    load_bytes(Path::new(name), bytes, &LoadOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .kind()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut z = GzEncoder::new(Vec::new(), Compression::default());
    z.write_all(bytes).unwrap();
    z.finish().unwrap()
}

/// The classic entity expansion attack: ten levels of ten references, a
/// billion `lol`s from a kilobyte.
fn billion_laughs(root: &str) -> String {
    let mut s = format!("<?xml version=\"1.0\"?>\n<!DOCTYPE {root} [\n <!ENTITY lol \"lol\">\n");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_string()
        } else {
            format!("lol{}", i - 1)
        };
        s += &format!(" <!ENTITY lol{i} \"{}\">\n", format!("&{prev};").repeat(10));
    }
    s += &format!("]>\n<{root} version=\"2\">&lol9;</{root}>\n");
    s
}

#[test]
fn an_xmpuzzle_that_is_neither_gzip_nor_xml_is_refused() {
    let m = refused("x.xmpuzzle", b"hello world\n");
    assert!(
        m.contains("not a BurrTools file") && m.contains("gzip") && m.contains("`hello world`"),
        "{m}"
    );
    let m = refused("x.xmpuzzle", b"");
    assert!(m.contains("empty"), "{m}");
    let m = refused("x.xmpuzzle", b"name = \"a puzzle\"\n");
    assert!(m.contains("not a BurrTools file"), "{m}");
    let m = refused("x.xmpuzzle", &[0, 159, 146, 150]);
    assert!(m.contains("the bytes 00 9f 92 96"), "{m}");
}

#[test]
fn xml_that_is_not_a_burrtools_puzzle_is_refused() {
    for name in ["x.xmpuzzle", "x", "-"] {
        let m = refused(name, b"<?xml version=\"1.0\"?>\n<svg/>\n");
        assert!(m.contains("not a BurrTools puzzle"), "{m}");
        let m = refused(name, &gzip(b"hello world"));
        assert!(m.contains("not a BurrTools puzzle"), "{m}");
    }
}

#[test]
fn billion_laughs_are_refused_before_any_expansion() {
    for root in ["puzzle", "lolz"] {
        let xml = billion_laughs(root);
        for bytes in [xml.as_bytes().to_vec(), gzip(xml.as_bytes())] {
            for name in ["laughs.xmpuzzle", "laughs"] {
                let m = refused(name, &bytes);
                assert!(
                    m.contains("DTD") || m.contains("not a BurrTools puzzle"),
                    "{m}"
                );
            }
        }
    }
}

#[test]
fn a_toml_file_that_does_not_parse_is_a_toml_error() {
    let m = refused("x.toml", b"hello world\n");
    assert!(m.contains("TOML"), "{m}");
    // By content alone (standard input), TOML-looking text too.
    for text in ["name = \"unclosed\n", "[board\nrows = 2\n"] {
        let m = refused("-", text.as_bytes());
        assert!(m.starts_with("<stdin>") && m.contains("TOML"), "{m}");
    }
}

#[test]
fn text_that_gives_no_dlx_option_is_not_an_empty_dlx_problem() {
    for name in ["-", "notes.txt", "x"] {
        let m = refused(name, b"hello world\n");
        assert!(m.contains("not a problem file") && m.contains("DLX"), "{m}");
        let m = refused(name, b"| only a comment\n\n");
        assert!(m.contains("no item line"), "{m}");
        let m = refused(name, b"");
        assert!(m.contains("no item line"), "{m}");
    }
    // Named .dlx, or asked for as DLX, a matrix without options is one
    // (Knuth's programs count its 0 solutions).
    assert_eq!(kind_of("x.dlx", b"a b\n"), Kind::Dlx);
    let p = load_bytes(
        Path::new("-"),
        b"a b\n",
        &LoadOptions {
            kind: Some(Kind::Dlx),
            ..LoadOptions::default()
        },
    )
    .unwrap();
    assert_eq!(p.matrix().num_options(), 0);
    // DLX text with options is read as such from anywhere.
    assert_eq!(kind_of("-", b"a b\na\nb\n"), Kind::Dlx);
    assert_eq!(kind_of("m.txt", b"| a matrix\na b\na b\n"), Kind::Dlx);
}

#[test]
fn real_files_are_read_as_their_kind() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let soma = std::fs::read(root.join("crates/burrtools/tests/burr/soma-cube.xmpuzzle")).unwrap();
    assert_eq!(kind_of("soma.xmpuzzle", &soma), Kind::Burr);
    assert_eq!(kind_of("soma", &soma), Kind::Burr);
    let tile = root.join("data/tiles/another-tough-puzzle.toml");
    let text = std::fs::read(&tile).unwrap();
    assert_eq!(kind_of(&tile.display().to_string(), &text), Kind::Tiles);
    assert_eq!(kind_of("-", &text), Kind::Tiles);
    let queens = std::fs::read(root.join("benches/instances/queens13.dlx")).unwrap();
    assert_eq!(kind_of("q.dlx", &queens), Kind::Dlx);
    assert_eq!(kind_of("-", &queens), Kind::Dlx);
}
