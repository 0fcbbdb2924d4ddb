//! Symmetries in words: "rotation by 60°", "reflection in the vertical
//! line", "rotoreflection by 90° about [0,0,1]".
//!
//! 2D lattices give their basis as drawn on the page (x to the right, y
//! *down*); angles are then reported as a reader sees them: rotations
//! anticlockwise, mirror lines measured anticlockwise from the horizontal.
//! 3D lattices whose coordinates are Cartesian (cubic, and FCC, whose cells
//! are the integer points with an even coordinate sum) name axes by integer
//! directions `[x,y,z]`, rotations anticlockwise when the axis points at
//! the viewer (right-hand rule).

use super::Symmetry;

/// A 2D symmetry in words. `basis[k]` is where lattice vector `e_k` is
/// drawn on the page (x right, y down).
pub fn plane(s: &Symmetry, basis: [[f64; 2]; 2]) -> String {
    if s.t != [0, 0, 0] {
        // None of the 2D lattices needs translations in its point group.
        return format!("affine map {:?} + {:?}", s.m, s.t);
    }
    let page = |v: [i32; 3]| -> (f64, f64) {
        let x = v[0] as f64 * basis[0][0] + v[1] as f64 * basis[1][0];
        let y = v[0] as f64 * basis[0][1] + v[1] as f64 * basis[1][1];
        // Flip y so that angles read anticlockwise on the page.
        (x, -y)
    };
    let degrees = |(x, y): (f64, f64)| -> i64 {
        let d = y.atan2(x).to_degrees().round() as i64;
        d.rem_euclid(360)
    };
    let e1 = [1, 0, 0];
    if s.proper {
        match degrees(page(s.apply(e1))) {
            0 => "identity".into(),
            d => format!("rotation by {d}°"),
        }
    } else {
        // The mirror line bisects a vector and its image.
        let (x0, y0) = page(e1);
        let (x1, y1) = page(s.apply(e1));
        let (a0, a1) = (y0.atan2(x0), y1.atan2(x1));
        let line = (((a0 + a1) / 2.0).to_degrees().round() as i64).rem_euclid(180);
        match line {
            0 => "reflection in the horizontal line".into(),
            90 => "reflection in the vertical line".into(),
            d => format!("reflection in a line at {d}°"),
        }
    }
}

/// A 3D symmetry of an orthogonal integer matrix (a signed permutation) in
/// words.
pub fn space(s: &Symmetry) -> String {
    if s.t != [0, 0, 0] {
        return format!("affine map {:?} + {:?}", s.m, s.t);
    }
    let m = s.m;
    if s.proper {
        rotation(m).map_or_else(
            || "identity".into(),
            |(deg, axis)| format!("rotation by {deg}° about {}", show(axis)),
        )
    } else {
        let neg = m.map(|row| row.map(|x| -x));
        match rotation(neg) {
            None => "inversion".into(),
            Some((180, axis)) => format!("reflection in the plane perpendicular to {}", show(axis)),
            // -m = R(θ, n), so m = reflection(n) ∘ R(θ + 180°, n)
            //               = reflection(n) ∘ R(180° - θ, -n).
            Some((deg, axis)) => format!(
                "rotoreflection by {}° about {}",
                180 - deg,
                show(axis.map(|x| -x))
            ),
        }
    }
}

/// The angle (in degrees, 0 < θ <= 180) and axis of a rotation matrix;
/// `None` for the identity. For θ < 180 the rotation is anticlockwise
/// about the returned axis.
fn rotation(m: [[i32; 3]; 3]) -> Option<(i32, [i32; 3])> {
    let trace = m[0][0] + m[1][1] + m[2][2];
    // trace = 1 + 2 cos θ; integer orthogonal matrices give these cases.
    let deg = match trace {
        3 => return None,
        1 => 90,
        0 => 120,
        -1 => 180,
        _ => 0, // not orthogonal: fall back to a generic answer below
    };
    let axis = if deg == 180 {
        // R + I = 2 n nᵀ: any non-zero column is along the axis.
        (0..3)
            .map(|j| {
                [
                    m[0][j] + (j == 0) as i32,
                    m[1][j] + (j == 1) as i32,
                    m[2][j] + (j == 2) as i32,
                ]
            })
            .find(|v| *v != [0, 0, 0])
            .map(|v| {
                // Prefer the direction whose first non-zero entry is positive.
                let first = v.iter().copied().find(|&x| x != 0).unwrap_or(1);
                if first < 0 { v.map(|x| -x) } else { v }
            })
            .unwrap_or([0, 0, 1])
    } else {
        // The antisymmetric part is 2 sin θ [n]×.
        [m[2][1] - m[1][2], m[0][2] - m[2][0], m[1][0] - m[0][1]]
    };
    Some((deg, primitive(axis)))
}

/// A direction with its common factor removed.
fn primitive(v: [i32; 3]) -> [i32; 3] {
    fn gcd(a: i32, b: i32) -> i32 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let g = v.iter().fold(0, |g, &x| gcd(g, x));
    if g == 0 { v } else { v.map(|x| x / g) }
}

fn show(v: [i32; 3]) -> String {
    format!("[{},{},{}]", v[0], v[1], v[2])
}
