//! Pieces placed in advance, drawn on the board with their symbols.

use std::path::Path;

fn data(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

/// A solution's picture is board art: pasted back with one piece erased,
/// the puzzle has exactly one solution (the erased piece in its hole).
#[test]
fn a_solution_picture_pre_places_every_piece() {
    let p = polyform::load(&data("pentominoes/3x20.toml")).unwrap();
    let enc = polyform::encode(&p).unwrap();
    let sol = dlx::Solver::new(&enc.matrix).first(1).remove(0);
    let placements = enc.decode(&p, &sol);
    let picture = picture::text::picture(&p, &placements, false).unwrap();
    for erase in ['F', 'X', 'I'] {
        let art = picture.replace(erase, "#");
        let text = format!(
            "lattice = \"square\"\n[board]\nart = \"\"\"\n{art}\"\"\"\n[[use]]\nset = \"{}\"\n",
            data("sets/pentominoes.toml").display()
        );
        let q = polyform::file::parse_puzzle(Path::new("challenge.toml"), &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(q.fixed.len(), 11);
        let left: Vec<_> = q.pieces.iter().filter(|p| !p.count.is_none()).collect();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].symbol, erase);
        let enc = polyform::encode(&q).unwrap();
        assert_eq!(dlx::Solver::new(&enc.matrix).count(), 1, "{art}");
        // The picture of that one solution is the original picture.
        let sol = dlx::Solver::new(&enc.matrix).first(1).remove(0);
        let again = picture::text::picture(&q, &enc.decode(&q, &sol), false).unwrap();
        assert_eq!(again, picture);
    }
}
