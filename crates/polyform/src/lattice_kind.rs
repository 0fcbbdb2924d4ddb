//! The names of the lattices ([`LatticeKind`]), below `lattice` (which
//! gives each its [`Lattice`](crate::Lattice), `LatticeKind::lattice`) and
//! `error` (whose messages name them); it uses neither.

use std::fmt;

/// The lattices polycover knows, by name (`lattice = "square"` in a file).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LatticeKind {
    /// Squares in the plane.
    Square,
    /// Cubes in space.
    Cubic,
    /// Hexagons in the plane.
    Hex,
    /// Triangles in the plane, pointing up and down.
    Triangle,
    /// Triangular prisms in layers.
    Prism,
    /// The FCC sphere packing drawn in square layers.
    FccSquare,
    /// The FCC sphere packing drawn in triangular layers.
    FccTriangle,
    /// Rhombic dodecahedra (centres on the FCC lattice).
    Rhombic,
    /// BurrTools' rhombic grid: 24 tetrahedra per cube.
    RhombicUnits,
    /// Regular tetrahedra and octahedra.
    TetraOcta,
    /// BurrTools' tetra-octa grid: tetrahedra and eighths of octahedra.
    TetraOctaUnits,
    /// Unit segments of the square grid.
    Polysticks,
    /// Unit segments of the triangular grid.
    Polytrigs,
    /// Edges of the honeycomb.
    Polytwigs,
}

impl LatticeKind {
    /// Every lattice, for messages that list the choices.
    pub const ALL: [LatticeKind; 14] = [
        LatticeKind::Square,
        LatticeKind::Cubic,
        LatticeKind::Hex,
        LatticeKind::Triangle,
        LatticeKind::Prism,
        LatticeKind::FccSquare,
        LatticeKind::FccTriangle,
        LatticeKind::Rhombic,
        LatticeKind::RhombicUnits,
        LatticeKind::TetraOcta,
        LatticeKind::TetraOctaUnits,
        LatticeKind::Polysticks,
        LatticeKind::Polytrigs,
        LatticeKind::Polytwigs,
    ];

    /// The lattice called `name` (as written in puzzle files).
    pub fn from_name(name: &str) -> Option<LatticeKind> {
        LatticeKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The name used in puzzle files.
    pub fn name(self) -> &'static str {
        match self {
            LatticeKind::Square => "square",
            LatticeKind::Cubic => "cubic",
            LatticeKind::Hex => "hex",
            LatticeKind::Triangle => "triangle",
            LatticeKind::Prism => "prism",
            LatticeKind::FccSquare => "fcc-square",
            LatticeKind::FccTriangle => "fcc-triangle",
            LatticeKind::Rhombic => "rhombic",
            LatticeKind::RhombicUnits => "rhombic-units",
            LatticeKind::TetraOcta => "tetra-octa",
            LatticeKind::TetraOctaUnits => "tetra-octa-units",
            LatticeKind::Polysticks => "polysticks",
            LatticeKind::Polytrigs => "polytrigs",
            LatticeKind::Polytwigs => "polytwigs",
        }
    }

    /// The dimension pieces move in (see [`Lattice::dimension`](crate::Lattice::dimension)).
    pub fn dimension(self) -> usize {
        match self {
            LatticeKind::Square
            | LatticeKind::Hex
            | LatticeKind::Triangle
            | LatticeKind::Polysticks
            | LatticeKind::Polytrigs
            | LatticeKind::Polytwigs => 2,
            LatticeKind::Cubic
            | LatticeKind::Prism
            | LatticeKind::FccSquare
            | LatticeKind::FccTriangle
            | LatticeKind::Rhombic
            | LatticeKind::RhombicUnits
            | LatticeKind::TetraOcta
            | LatticeKind::TetraOctaUnits => 3,
        }
    }

    /// The lattice a drawing (or a coordinate list) of `dims` dimensions
    /// belongs to, in a file whose lattice is `self`: the square/cubic
    /// family reads 2D drawings as square and 3D ones as cubic; the hex
    /// family reads 3D drawings as spheres in triangular layers; an FCC
    /// lattice reads 2D drawings as the art of its layers (square or hex)
    /// and 3D ones in its own style.
    pub fn drawing_lattice(self, dims: usize) -> Option<LatticeKind> {
        use LatticeKind::*;
        match (self, dims) {
            (Square | Cubic | FccSquare | Rhombic, 2) => Some(Square),
            (Square | Cubic, 3) => Some(Cubic),
            (Hex | FccTriangle, 2) => Some(Hex),
            (Hex | FccTriangle, 3) => Some(FccTriangle),
            (FccSquare, 3) => Some(FccSquare),
            (Triangle | Prism, 2) => Some(Triangle),
            (Prism, 3) => Some(Prism),
            (Rhombic, 3) => Some(Rhombic),
            // Units and tetra-octa art: one layer is a layer of the solid.
            (RhombicUnits, _) => Some(RhombicUnits),
            (TetraOcta, _) => Some(TetraOcta),
            (TetraOctaUnits, _) => Some(TetraOctaUnits),
            (Polysticks, 2) => Some(Polysticks),
            (Polytrigs, 2) => Some(Polytrigs),
            (Polytwigs, 2) => Some(Polytwigs),
            _ => None,
        }
    }
}

impl fmt::Display for LatticeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
