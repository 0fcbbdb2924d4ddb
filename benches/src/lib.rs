//! Standard exact-cover instances for polycover's benchmarks and tests, made
//! by code (not by polycover's puzzle compiler, so the two check each other).
//!
//! Each instance is Knuth's DLX text, laid out like the instances Knuth's
//! generators make: for pentominoes the 12 piece names `F I L N P T U V W X
//! Y Z` come first, then the cells in row-major order (`r.c` in 2D, `xyz` in
//! 3D); options piece by piece, orientation by orientation, position by
//! position. The search picks the first item of minimum length, so the item
//! order fixes the search tree and the node counts.
//!
//! `cargo run -p polycover-benches --bin gen-instances` writes them to
//! `benches/instances/`; [`catalog`] lists them with their expected counts.
//!
//! The benches also share their timing loop ([`best_of`], [`runs`]) and,
//! for the side-by-side runs, a way to run a peer program under a time
//! limit and a memory cap ([`peer`]).

pub mod peer;
mod timing;

pub use timing::{best_of, runs};

use std::collections::BTreeSet;
use std::fmt::Write;

/// One benchmark instance.
pub struct Instance {
    /// File stem in `benches/instances/`.
    pub name: &'static str,
    /// What it is, for the comment line and reports.
    pub title: &'static str,
    /// The published number of solutions.
    pub solutions: u128,
    /// Where that number comes from.
    pub source: &'static str,
    /// The DLX text.
    pub text: String,
}

/// The 12 pentominoes, as (row, column) cells.
pub const PENTOMINOES: [(&str, [(i32, i32); 5]); 12] = [
    ("F", [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ("I", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ("L", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ("N", [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ("T", [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ("U", [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ("V", [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ("Y", [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ("Z", [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

type Cell = [i32; 3];

/// Translates cells so their minimum is 0 in each coordinate, sorted.
fn normalize(cells: &[Cell]) -> Vec<Cell> {
    let mut min = [i32::MAX; 3];
    for c in cells {
        for k in 0..3 {
            min[k] = min[k].min(c[k]);
        }
    }
    let mut v: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - min[0], c[1] - min[1], c[2] - min[2]])
        .collect();
    v.sort();
    v
}

/// The signed permutation matrices of 3D: all 48 symmetries of the cube, or
/// the 24 rotations. Each is (permutation, signs).
fn cube_group(rotations_only: bool) -> Vec<([usize; 3], [i32; 3])> {
    let perms = [
        ([0, 1, 2], 1),
        ([0, 2, 1], -1),
        ([1, 0, 2], -1),
        ([1, 2, 0], 1),
        ([2, 0, 1], 1),
        ([2, 1, 0], -1),
    ];
    let mut out = Vec::new();
    for (p, parity) in perms {
        for s in 0..8 {
            let signs = [
                if s & 1 != 0 { -1 } else { 1 },
                if s & 2 != 0 { -1 } else { 1 },
                if s & 4 != 0 { -1 } else { 1 },
            ];
            let det = parity * signs[0] * signs[1] * signs[2];
            if !rotations_only || det == 1 {
                out.push((p, signs));
            }
        }
    }
    out
}

/// Every distinct orientation of a piece under the group, normalised, in the
/// order the group first produces them.
fn orientations(cells: &[Cell], rotations_only: bool, planar: bool) -> Vec<Vec<Cell>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (p, s) in cube_group(rotations_only) {
        let img: Vec<Cell> = cells
            .iter()
            .map(|c| [c[p[0]] * s[0], c[p[1]] * s[1], c[p[2]] * s[2]])
            .collect();
        // In the plane, keep only the maps that fix the third axis.
        if planar && img.iter().any(|c| c[2] != 0) {
            continue;
        }
        let n = normalize(&img);
        if seen.insert(n.clone()) {
            out.push(n);
        }
    }
    out
}

fn cell_name(c: Cell, three_d: bool) -> String {
    if three_d {
        format!("{}{}{}", c[0], c[1], c[2])
    } else {
        format!("{}.{}", c[0], c[1])
    }
}

/// The pentominoes packed in a box `dims` (2D when `dims[2] == 1`). `keep`
/// may reject placements of a piece (to break symmetry).
fn pentomino_box(dims: [i32; 3], keep: &dyn Fn(&str, usize, &[Cell]) -> bool) -> String {
    let three_d = dims[2] > 1;
    let mut s = String::new();
    let names: Vec<&str> = PENTOMINOES.iter().map(|p| p.0).collect();
    s.push_str(&names.join(" "));
    let mut cells = Vec::new();
    for a in 0..dims[0] {
        for b in 0..dims[1] {
            for c in 0..dims[2] {
                cells.push(if three_d { [a, b, c] } else { [a, b, 0] });
            }
        }
    }
    for &c in &cells {
        s.push(' ');
        s.push_str(&cell_name(c, three_d));
    }
    s.push('\n');
    for (name, shape) in PENTOMINOES {
        let base: Vec<Cell> = shape.iter().map(|&(r, c)| [r, c, 0]).collect();
        // A flat piece in a box turns over for free: all 24 rotations give
        // every orientation; in the plane, the 8 symmetries of the square.
        let orients = if three_d {
            orientations(&base, true, false)
        } else {
            orientations(&base, false, true)
        };
        for (k, o) in orients.iter().enumerate() {
            for a in 0..dims[0] {
                for b in 0..dims[1] {
                    for c in 0..dims[2] {
                        let placed: Vec<Cell> =
                            o.iter().map(|d| [d[0] + a, d[1] + b, d[2] + c]).collect();
                        let inside = placed
                            .iter()
                            .all(|d| (0..3).all(|i| d[i] >= 0 && d[i] < dims[i]));
                        if !inside || !keep(name, k, &placed) {
                            continue;
                        }
                        s.push_str(name);
                        for &d in &placed {
                            s.push(' ');
                            s.push_str(&cell_name(d, three_d));
                        }
                        s.push('\n');
                    }
                }
            }
        }
    }
    s
}

/// The Soma cube: 7 pieces, all 24 rotations, in a 3x3x3 box.
fn soma() -> String {
    let pieces: [(&str, &[Cell]); 7] = [
        ("V", &[[0, 0, 0], [1, 0, 0], [0, 1, 0]]),
        ("L", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]]),
        ("T", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]),
        ("Z", &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]]),
        ("A", &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        ("B", &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]]),
        ("P", &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]]),
    ];
    let mut s = String::from("V L T Z A B P");
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                s.push(' ');
                s.push_str(&cell_name([a, b, c], true));
            }
        }
    }
    s.push('\n');
    for (name, cells) in pieces {
        for o in orientations(cells, true, false) {
            for a in 0..3 {
                for b in 0..3 {
                    for c in 0..3 {
                        let placed: Vec<Cell> =
                            o.iter().map(|d| [d[0] + a, d[1] + b, d[2] + c]).collect();
                        if placed.iter().all(|d| d.iter().all(|&x| x < 3)) {
                            s.push_str(name);
                            for &d in &placed {
                                s.push(' ');
                                s.push_str(&cell_name(d, true));
                            }
                            s.push('\n');
                        }
                    }
                }
            }
        }
    }
    s
}

/// N queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> String {
    let mut s = String::new();
    let rows: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
    let cols: Vec<String> = (0..n).map(|c| format!("c{c}")).collect();
    let a: Vec<String> = (0..2 * n - 1).map(|d| format!("a{d}")).collect();
    let b: Vec<String> = (0..2 * n - 1).map(|d| format!("b{d}")).collect();
    let _ = writeln!(
        s,
        "{} {} | {} {}",
        rows.join(" "),
        cols.join(" "),
        a.join(" "),
        b.join(" ")
    );
    for r in 0..n {
        for c in 0..n {
            let _ = writeln!(s, "r{r} c{c} a{} b{}", r + c, n - 1 - r + c);
        }
    }
    s
}

/// Langford pairs: two copies of each k in 1..=n in 2n slots, k apart.
fn langford(n: usize) -> String {
    let mut s = String::new();
    let v: Vec<String> = (1..=n).map(|k| format!("v{k}")).collect();
    let slots: Vec<String> = (1..=2 * n).map(|k| format!("s{k}")).collect();
    let _ = writeln!(s, "{} {}", v.join(" "), slots.join(" "));
    for k in 1..=n {
        for i in 1..=2 * n {
            let j = i + k + 1;
            if j <= 2 * n {
                let _ = writeln!(s, "v{k} s{i} s{j}");
            }
        }
    }
    s
}

/// The instances, with their published counts.
pub fn catalog() -> Vec<Instance> {
    let all = |_: &str, _: usize, _: &[Cell]| true;
    // Knuth's symmetry breaking for 6x10: the X's centre in one quadrant
    // (rows 0..=2, columns 0..=4), which leaves one solution per class.
    let x_quadrant = |name: &str, _: usize, cells: &[Cell]| {
        if name != "X" {
            return true;
        }
        let centre = cells[2]; // the normalised X lists its centre third
        centre[0] <= 2 && centre[1] <= 4
    };
    vec![
        Instance {
            name: "pent6x10",
            title: "12 pentominoes on 6x10, all placements",
            solutions: 9356,
            source: "Knuth, Dancing Links (2000); Polyform Puzzler",
            text: pentomino_box([6, 10, 1], &all),
        },
        Instance {
            name: "pent6x10x",
            title: "12 pentominoes on 6x10, X centre kept to one quadrant",
            solutions: 2339,
            source: "Knuth, Dancing Links (2000): 2339 distinct solutions",
            text: pentomino_box([6, 10, 1], &x_quadrant),
        },
        Instance {
            name: "pent5x12",
            title: "12 pentominoes on 5x12",
            solutions: 4040,
            source: "Polyform Puzzler (Goodger): 1010 distinct x 4",
            text: pentomino_box([5, 12, 1], &all),
        },
        Instance {
            name: "pent3x20",
            title: "12 pentominoes on 3x20",
            solutions: 8,
            source: "Polyform Puzzler (Goodger): 2 distinct x 4",
            text: pentomino_box([3, 20, 1], &all),
        },
        Instance {
            name: "pent2x5x6",
            title: "12 solid pentominoes in a 2x5x6 box",
            solutions: 2112,
            source: "Polyform Puzzler (Goodger), solid pentominoes: 264 distinct x 8",
            text: pentomino_box([2, 5, 6], &all),
        },
        Instance {
            name: "soma",
            title: "Soma cube 3x3x3, all rotations",
            solutions: 11520,
            source: "widely published: 240 distinct x 48",
            text: soma(),
        },
        Instance {
            name: "queens13",
            title: "13 queens, diagonals secondary",
            solutions: 73712,
            source: "OEIS A000170",
            text: queens(13),
        },
        Instance {
            name: "langford12",
            title: "Langford pairs, n = 12",
            solutions: 216288,
            source: "OEIS A014552 (108144) x 2 for reversal",
            text: langford(12),
        },
    ]
}

/// The file text of an instance: a comment line, then the matrix.
pub fn file_text(inst: &Instance) -> String {
    format!(
        "| {}; expect {} ({})\n{}",
        inst.title, inst.solutions, inst.source, inst.text
    )
}
