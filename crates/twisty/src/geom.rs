//! Three-dimensional geometry in `f64`: vectors, rotation matrices and the
//! one operation the construction needs on polygons (cutting a convex
//! polygon by a plane).
//!
//! Every comparison goes through [`EPS`]. The solids are scaled so that
//! their faces lie at distance 1 from the centre and no coordinate exceeds
//! about 3, so an absolute tolerance is adequate: the smallest sticker
//! (a Teraminx corner) is about 0.05 across, thousands of times `EPS`.

/// Absolute tolerance for "on the plane" and "the same point".
pub const EPS: f64 = 1e-9;

/// A point or direction.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Vec3(pub [f64; 3]);

impl Vec3 {
    /// The vector `(x, y, z)`.
    pub const fn new(x: f64, y: f64, z: f64) -> Vec3 {
        Vec3([x, y, z])
    }
    /// The dot product.
    pub fn dot(self, o: Vec3) -> f64 {
        self.0[0] * o.0[0] + self.0[1] * o.0[1] + self.0[2] * o.0[2]
    }
    /// The cross product `self x o`.
    pub fn cross(self, o: Vec3) -> Vec3 {
        let [a, b, c] = self.0;
        let [d, e, f] = o.0;
        Vec3([b * f - c * e, c * d - a * f, a * e - b * d])
    }
    /// The Euclidean length.
    pub fn norm(self) -> f64 {
        self.dot(self).sqrt()
    }
    /// The unit vector in the same direction (not for the zero vector).
    pub fn unit(self) -> Vec3 {
        self * (1.0 / self.norm())
    }
    /// Within `tol` of `o` in every coordinate.
    pub fn close(self, o: Vec3, tol: f64) -> bool {
        (0..3).all(|i| (self.0[i] - o.0[i]).abs() <= tol)
    }
    /// The mean of some points (their vertex centroid).
    pub fn mean(points: &[Vec3]) -> Vec3 {
        let mut s = Vec3::new(0.0, 0.0, 0.0);
        for p in points {
            s = s + *p;
        }
        s * (1.0 / points.len() as f64)
    }
}

impl std::ops::Add for Vec3 {
    type Output = Vec3;
    fn add(self, o: Vec3) -> Vec3 {
        Vec3([self.0[0] + o.0[0], self.0[1] + o.0[1], self.0[2] + o.0[2]])
    }
}

impl std::ops::Sub for Vec3 {
    type Output = Vec3;
    fn sub(self, o: Vec3) -> Vec3 {
        Vec3([self.0[0] - o.0[0], self.0[1] - o.0[1], self.0[2] - o.0[2]])
    }
}

impl std::ops::Mul<f64> for Vec3 {
    type Output = Vec3;
    fn mul(self, k: f64) -> Vec3 {
        Vec3([self.0[0] * k, self.0[1] * k, self.0[2] * k])
    }
}

impl std::ops::Neg for Vec3 {
    type Output = Vec3;
    fn neg(self) -> Vec3 {
        self * -1.0
    }
}

/// A 3x3 matrix, row major; the rotations of a solid.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Mat3(pub [[f64; 3]; 3]);

impl Mat3 {
    /// The identity matrix.
    pub const IDENTITY: Mat3 = Mat3([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);

    /// The rotation by `angle` radians about the unit vector `axis`,
    /// counterclockwise seen from the tip of `axis` (Rodrigues' formula).
    pub fn rotation(axis: Vec3, angle: f64) -> Mat3 {
        let [x, y, z] = axis.unit().0;
        let (s, c) = angle.sin_cos();
        let t = 1.0 - c;
        Mat3([
            [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
            [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
            [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
        ])
    }

    /// The matrix whose rows are `a`, `b`, `c`.
    pub fn from_rows(a: Vec3, b: Vec3, c: Vec3) -> Mat3 {
        Mat3([a.0, b.0, c.0])
    }

    /// The image `self * v` of a vector.
    pub fn apply(&self, v: Vec3) -> Vec3 {
        let m = &self.0;
        Vec3([
            m[0][0] * v.0[0] + m[0][1] * v.0[1] + m[0][2] * v.0[2],
            m[1][0] * v.0[0] + m[1][1] * v.0[1] + m[1][2] * v.0[2],
            m[2][0] * v.0[0] + m[2][1] * v.0[1] + m[2][2] * v.0[2],
        ])
    }

    /// `self * o`: first `o`, then `self`.
    pub fn mul(&self, o: &Mat3) -> Mat3 {
        let mut r = [[0.0; 3]; 3];
        for (i, row) in r.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                *cell = (0..3).map(|k| self.0[i][k] * o.0[k][j]).sum();
            }
        }
        Mat3(r)
    }

    /// Within `tol` of `o` in every entry.
    pub fn close(&self, o: &Mat3, tol: f64) -> bool {
        (0..3).all(|i| (0..3).all(|j| (self.0[i][j] - o.0[i][j]).abs() <= tol))
    }
}

/// A plane `{x : normal . x = offset}` with a unit normal.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Plane {
    /// Its unit normal.
    pub normal: Vec3,
    /// Its signed distance from the origin along `normal`.
    pub offset: f64,
}

impl Plane {
    /// The signed distance of `p` from the plane (positive on the side the
    /// normal points to).
    pub fn distance(&self, p: Vec3) -> f64 {
        self.normal.dot(p) - self.offset
    }
}

/// Cuts the convex polygon `poly` (vertices in order) by `plane`: the parts
/// strictly in front of and behind it, or `None` when the plane does not
/// cross the polygon's interior. Vertices within [`EPS`] of the plane
/// count as on it.
pub fn split(poly: &[Vec3], plane: &Plane) -> Option<(Vec<Vec3>, Vec<Vec3>)> {
    let d: Vec<f64> = poly.iter().map(|&p| plane.distance(p)).collect();
    if d.iter().all(|&x| x > -EPS) || d.iter().all(|&x| x < EPS) {
        return None;
    }
    let (mut front, mut back) = (Vec::new(), Vec::new());
    for i in 0..poly.len() {
        let j = (i + 1) % poly.len();
        let (p, q, dp, dq) = (poly[i], poly[j], d[i], d[j]);
        if dp >= -EPS {
            front.push(p);
        }
        if dp <= EPS {
            back.push(p);
        }
        if (dp > EPS && dq < -EPS) || (dp < -EPS && dq > EPS) {
            let x = p + (q - p) * (dp / (dp - dq));
            front.push(x);
            back.push(x);
        }
    }
    Some((front, back))
}

/// The area of a planar polygon.
pub fn area(poly: &[Vec3]) -> f64 {
    let mut s = Vec3::new(0.0, 0.0, 0.0);
    for i in 0..poly.len() {
        s = s + poly[i].cross(poly[(i + 1) % poly.len()]);
    }
    s.norm() / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_about_z_takes_x_to_y() {
        let r = Mat3::rotation(Vec3::new(0.0, 0.0, 1.0), std::f64::consts::FRAC_PI_2);
        assert!(
            r.apply(Vec3::new(1.0, 0.0, 0.0))
                .close(Vec3::new(0.0, 1.0, 0.0), 1e-12)
        );
    }

    #[test]
    fn a_square_cut_through_its_middle_gives_two_halves() {
        let sq = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        let plane = Plane {
            normal: Vec3::new(1.0, 0.0, 0.0),
            offset: 0.5,
        };
        let (a, b) = split(&sq, &plane).unwrap();
        assert!((area(&a) - 0.5).abs() < 1e-12 && (area(&b) - 0.5).abs() < 1e-12);
        let edge = Plane {
            normal: Vec3::new(1.0, 0.0, 0.0),
            offset: 1.0,
        };
        assert!(split(&sq, &edge).is_none());
    }
}
