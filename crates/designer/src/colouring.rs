//! Colourings of a lattice: `cell -> (a . cell) mod m`, a linear form of
//! the cell's coordinates reduced mod a small modulus.
//!
//! One family covers every lattice polycover has, in its own coordinates:
//! on the square lattice `x + y mod 2` is the checkerboard, `x mod 2` and
//! `y mod 3` stripes, `x + y mod 3` and `x + 2y mod 3` (= `x - y`)
//! diagonals; in 3D `x + y + z mod 2` is the 3D checkerboard and `z mod 2`
//! the layers; on the hexagonal, triangular and sphere lattices the same
//! forms of their coordinates give their natural colourings (the three
//! colours of the hexagonal tiling are `x - y mod 3` in its axial
//! coordinates). Forms that are multiples of one another mod `m` colour
//! alike up to renaming the colours, so each appears once: its first
//! non-zero coefficient is 1.

use polyform::lattice::Cell;

/// `cell -> (coefficients . cell) mod modulus`.
///
/// Invariant: `modulus >= 2`; every coefficient is in `0..modulus`, the
/// first non-zero one is 1, and those past the lattice's dimension are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colouring {
    /// The number of colours.
    pub modulus: u32,
    /// The form's coefficients of the coordinates `x, y, z`.
    pub coefficients: [u32; 3],
}

impl Colouring {
    /// The colour of `cell`, in `0..modulus`.
    pub fn colour(&self, cell: Cell) -> usize {
        let m = i64::from(self.modulus);
        let sum: i64 = (0..3)
            .map(|i| i64::from(self.coefficients[i]) * i64::from(cell[i]))
            .sum();
        sum.rem_euclid(m) as usize
    }

    /// The form as a person reads it: `x + y mod 2`, `x + 2y mod 3`.
    pub fn formula(&self) -> String {
        let terms: Vec<String> = ["x", "y", "z"]
            .iter()
            .zip(self.coefficients)
            .filter(|(_, a)| *a != 0)
            .map(|(v, a)| {
                if a == 1 {
                    v.to_string()
                } else {
                    format!("{a}{v}")
                }
            })
            .collect();
        format!("{} mod {}", terms.join(" + "), self.modulus)
    }

    /// A name for it, where it has a usual one (the square and cubic
    /// lattices' checkerboards, stripes and layers), else `None`.
    pub fn usual_name(&self, dimension: usize) -> Option<&'static str> {
        let ones = self.coefficients.iter().filter(|&&a| a == 1).count();
        let nonzero = self.coefficients.iter().filter(|&&a| a != 0).count();
        match (self.modulus, nonzero, ones, dimension) {
            (2, 2, 2, 2) | (2, 3, 3, 3) => Some("checkerboard"),
            (_, 1, 1, 2) => Some("stripes"),
            (_, 1, 1, _) => Some("layers"),
            (_, _, _, 2) => Some("diagonals"),
            _ => None,
        }
    }
}

/// Every colouring of the family in `dimension` (2 or 3) coordinates with
/// moduli 2 and 3: 3 + 4 forms in the plane, 7 + 13 in space. Cells of a
/// 2D lattice with a third coordinate (a triangle's orientation) are
/// covered too: the forms then use it.
pub fn family(coordinates: usize) -> Vec<Colouring> {
    let mut out = vec![];
    for modulus in [2u32, 3] {
        let n = modulus.pow(coordinates as u32);
        for code in 1..n {
            let mut c = [0u32; 3];
            let mut rest = code;
            for a in c.iter_mut().take(coordinates) {
                *a = rest % modulus;
                rest /= modulus;
            }
            if c.iter().find(|&&a| a != 0) == Some(&1) {
                out.push(Colouring {
                    modulus,
                    coefficients: c,
                });
            }
        }
    }
    // Simplest first: fewer terms, then smaller coefficients.
    out.sort_by_key(|c| {
        (
            c.modulus,
            c.coefficients.iter().filter(|&&a| a != 0).count(),
            c.coefficients.iter().sum::<u32>(),
            c.coefficients.iter().rev().copied().collect::<Vec<_>>(),
        )
    });
    out
}
