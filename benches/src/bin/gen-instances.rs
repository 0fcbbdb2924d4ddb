//! Writes the benchmark instances to `benches/instances/` (or the folder
//! given as the first argument).

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("instances"));
    std::fs::create_dir_all(&dir)?;
    for inst in polycover_benches::catalog() {
        let path = dir.join(format!("{}.dlx", inst.name));
        std::fs::write(&path, polycover_benches::file_text(&inst))?;
        println!("{}", path.display());
    }
    Ok(())
}
