//! Printable sticks: a piece's mesh is one closed surface (hubs at its
//! points, bars between), with the triangle count and size worked out by
//! hand from the shape, on the three grids; the gap thins the bars.

use picture::solid::mesh::{Build, Mesh, MeshOptions};
use picture::solid::{piece_meshes, stl};
use polyform::lattice::{Cell, LatticeKind};
use polyform::{Puzzle, file};
use std::path::Path;

fn puzzle(lattice: &str, art: &str) -> Puzzle {
    let text = format!(
        "lattice = \"{lattice}\"\n[board]\nart = '''\n{art}\n'''\n[[piece]]\nname = \"P\"\nsymbol = \"P\"\nart = '''\n{art}\n'''\n"
    );
    file::parse_puzzle(Path::new("p.toml"), &text).unwrap()
}

/// The piece's mesh at 10 mm a unit, its triangles, its size.
fn printed(p: &Puzzle) -> (Mesh, usize, [f64; 3]) {
    let m = piece_meshes(p, &MeshOptions::default())
        .unwrap()
        .remove(0)
        .mesh;
    m.check_closed().unwrap();
    assert!(m.volume() > 0.0);
    let (lo, hi) = m.bounds();
    let n = m.triangles().count();
    (m, n, [0, 1, 2].map(|k| hi[k] - lo[k]))
}

fn near(a: [f64; 3], b: [f64; 3]) -> bool {
    (0..3).all(|k| (a[k] - b[k]).abs() < 1e-6)
}

#[test]
fn a_straight_tetrastick() {
    // Four bars and five square hubs 2.5 mm wide: 42.5 x 2.5 x 2.5 mm.
    // Triangles: each bar keeps 4 sides (8), the three inner hubs 4 (8
    // each), the two end hubs 5 (10 each): 76.
    let (m, n, size) = printed(&puzzle("polysticks", "+-+-+-+-+"));
    assert_eq!(n, 76);
    assert!(near(size, [42.5, 2.5, 2.5]), "{size:?}");
    // Volume: the bar's cross-section times its length.
    assert!((m.volume() - 42.5 * 2.5 * 2.5).abs() < 1e-6);
    // The STL writer's own round trip: 76 facets, still closed.
    let text = stl::ascii(&[("P".into(), m)], 1.0);
    assert_eq!(text.matches("facet normal").count(), 76);
}

#[test]
fn a_trig_and_a_twig() {
    // One trig: hexagonal hubs (corner 2 r = 2.5 mm from the point, sides
    // sqrt(3) r from it) and a bar: 10 + 2 sqrt(3) 1.25 across, 5 high,
    // 2.5 thick; 2 x 18 + 8 triangles.
    let (_, n, size) = printed(&puzzle("polytrigs", "*---*"));
    assert_eq!(n, 44);
    assert!(near(size, [10.0 + 2.5 * 3f64.sqrt(), 5.0, 2.5]), "{size:?}");
    // One upright twig, 10 mm: triangular hubs with a side 2.5 mm wide
    // on the bar, corners 2.5 / sqrt(3) mm from the point, one of them
    // beyond the point along the bar. Each prism has 8 triangles, 6 once
    // the face on the bar is gone, the bar 8: 20.
    let (_, n, size) = printed(&puzzle("polytwigs", ".\n|"));
    assert_eq!(n, 20);
    let c = 2.5 / 3f64.sqrt();
    assert!(near(size, [2.5, 10.0 + 2.0 * c, 2.5]), "{size:?}");
}

#[test]
fn every_small_stick_piece_is_one_closed_surface() {
    // Every set of up to 3 segments near a point (connected or not), on
    // each grid: closed, and the volume is at least the bars' own.
    for kind in [
        LatticeKind::Polysticks,
        LatticeKind::Polytrigs,
        LatticeKind::Polytwigs,
    ] {
        let l = kind.lattice();
        let segs: Vec<Cell> = (-2..3)
            .flat_map(|a| (-2..3).map(move |b| [a, b, 0]))
            .filter(|&c| l.is_cell(c))
            .collect();
        for i in 0..segs.len() {
            for j in i..segs.len() {
                for k in j..segs.len() {
                    let mut cells = vec![segs[i], segs[j], segs[k]];
                    cells.dedup();
                    let m = Mesh::piece(kind, &cells, &Build::default());
                    m.check_closed()
                        .unwrap_or_else(|e| panic!("{kind} {cells:?}: {e}"));
                }
            }
        }
    }
}

#[test]
fn the_gap_thins_the_bars() {
    let p = puzzle("polysticks", "+-+-+");
    let o = MeshOptions {
        gap: 0.5,
        ..MeshOptions::default()
    };
    let m = piece_meshes(&p, &o).unwrap().remove(0).mesh;
    m.check_closed().unwrap();
    let (lo, hi) = m.bounds();
    // 0.25 mm off each side: 2 mm wide, 22 mm long (the hubs shrink
    // too), still 2.5 mm thick.
    assert!(near([0, 1, 2].map(|k| hi[k] - lo[k]), [22.0, 2.0, 2.5]));
}
