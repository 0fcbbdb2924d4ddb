//! STL files (the triangle soup 3D printers' slicers read), written by
//! hand: ASCII, where each piece is a named `solid`, or binary, one
//! piece a file.
//!
//! Both carry each triangle with its outward normal; coordinates are
//! millimetres (`scale`: millimetres per unit) and, as slicers expect,
//! every piece sits in the positive octant.

use super::mesh::Mesh;
use polyform::space::{V3, normal};
use std::fmt::Write as _;

/// A name safe for an ASCII `solid` line: letters, digits and `-_.()`,
/// anything else as `_`.
pub fn solid_name(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.()".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "piece".into() } else { s }
}

fn scaled(v: V3, scale: f64) -> V3 {
    v.map(|x| x * scale)
}

/// Pieces as one ASCII STL text: a `solid NAME ... endsolid NAME` block
/// each, coordinates multiplied by `scale`.
pub fn ascii(pieces: &[(String, Mesh)], scale: f64) -> String {
    let mut s = String::new();
    for (name, mesh) in pieces {
        let name = solid_name(name);
        let _ = writeln!(s, "solid {name}");
        for t in mesh.triangles() {
            let n = normal(&t);
            let _ = writeln!(s, "  facet normal {} {} {}", f(n[0]), f(n[1]), f(n[2]));
            s.push_str("    outer loop\n");
            for v in t {
                let v = scaled(v, scale);
                let _ = writeln!(s, "      vertex {} {} {}", f(v[0]), f(v[1]), f(v[2]));
            }
            s.push_str("    endloop\n  endfacet\n");
        }
        let _ = writeln!(s, "endsolid {name}");
    }
    s
}

/// A number for ASCII STL: six decimals, no `-0`.
fn f(x: f64) -> String {
    let s = format!("{:.6}", x);
    if s.trim_start_matches('-')
        .trim_matches(|c| c == '0' || c == '.')
        .is_empty()
    {
        "0".into()
    } else {
        s
    }
}

/// One piece as a binary STL file: an 80-byte header (naming the piece),
/// the triangle count, and 50 bytes a triangle (normal, three corners, as
/// little-endian 32-bit floats, and two zero bytes).
pub fn binary(name: &str, mesh: &Mesh, scale: f64) -> Vec<u8> {
    let tris: Vec<[V3; 3]> = mesh.triangles().collect();
    let mut out = Vec::with_capacity(84 + 50 * tris.len());
    // The header must not start with "solid" (readers would take the file
    // for ASCII).
    let mut header = format!("polycover piece {}", solid_name(name)).into_bytes();
    header.resize(80, b' ');
    out.extend_from_slice(&header);
    out.extend_from_slice(&(tris.len() as u32).to_le_bytes());
    for t in &tris {
        let n = normal(t);
        for v in std::iter::once(n).chain(t.iter().map(|&v| scaled(v, scale))) {
            for x in v {
                out.extend_from_slice(&(x as f32).to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solid::mesh::Build;
    use polyform::lattice::LatticeKind;

    #[test]
    fn ascii_and_binary_shapes() {
        let m = Mesh::piece(LatticeKind::Cubic, &[[0, 0, 0]], &Build::default());
        let text = ascii(&[("my piece".into(), m.clone())], 10.0);
        assert!(text.starts_with("solid my_piece\n"));
        assert!(text.trim_end().ends_with("endsolid my_piece"));
        assert_eq!(text.matches("facet normal").count(), 12);
        assert!(text.contains("vertex 5.000000 -5.000000 5.000000"));
        let b = binary("p", &m, 1.0);
        assert_eq!(b.len(), 84 + 12 * 50);
        assert_eq!(u32::from_le_bytes([b[80], b[81], b[82], b[83]]), 12);
        assert!(!b.starts_with(b"solid"));
        assert_eq!(f(-0.0000001), "0");
        assert_eq!(f(-1.5), "-1.500000");
    }
}
