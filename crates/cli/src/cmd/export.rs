//! `polycover export`: a problem in another program's format, or its
//! pieces as STL files for 3D printing.

use super::load;
use crate::failure::Failure;
use clap::{Args, ValueEnum};
use polyform::solid::mesh::{MAX_SHRINK, MeshOptions};
use polyform::solid::{self, PieceMesh, stl};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Formats `export` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// BurrTools (gzip-compressed XML): every lattice but hexagons (bricks,
    /// prisms in any layers, spheres, rhombic dodecahedra and their units,
    /// tetrahedra-octahedra and their units)
    Xmpuzzle,
    /// Knuth's DLX text (the same as `polycover matrix`)
    Dlx,
    /// The pieces as closed meshes for 3D printing: one ASCII STL file
    /// with a named solid per piece (every copy, laid out side by side),
    /// or with --dir one binary STL file per piece
    Stl,
}

#[derive(Args)]
pub struct ExportArgs {
    /// The problem file
    file: PathBuf,
    #[command(flatten)]
    input: super::InputArgs,
    /// The format to write
    #[arg(long, value_enum)]
    format: ExportFormat,
    /// The file to write (default: standard output, unless it is a
    /// terminal and the format is binary)
    #[arg(long, short = 'o', value_name = "FILE", conflicts_with = "dir")]
    out: Option<PathBuf>,
    /// STL: write one binary file per piece into DIR (created if need be)
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// STL with --dir: ASCII files instead of binary ones
    #[arg(long, requires = "dir")]
    ascii: bool,
    /// STL: millimetres per unit (a cube's edge, a sphere's diameter, the
    /// distance between neighbouring cells)
    #[arg(long, value_name = "MM", default_value_t = 10.0)]
    unit: f64,
    /// STL: the clearance between two pieces side by side, in millimetres
    /// (every face moves inwards by half of it)
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    gap: f64,
}

pub fn run(args: ExportArgs) -> Result<u8, Failure> {
    let stl_only = args.dir.is_some() || args.gap != 0.0 || args.unit != 10.0;
    if stl_only && args.format != ExportFormat::Stl {
        return Err(Failure::input(
            "--dir, --unit and --gap are for --format stl",
        ));
    }
    let problem = load(&args.file, &args.input)?;
    let bytes = match args.format {
        ExportFormat::Xmpuzzle => problem.to_xmpuzzle()?,
        ExportFormat::Dlx => {
            dlx::format::write_with_comment(problem.matrix(), Some(&problem.matrix_comment()))
                .into_bytes()
        }
        ExportFormat::Stl => {
            if !(args.unit.is_finite() && args.unit > 0.0 && args.unit <= 1000.0) {
                return Err(Failure::input(format!(
                    "--unit {}: give the millimetres per unit, more than 0 and at most 1000",
                    args.unit
                )));
            }
            let shrink = args.gap / 2.0 / args.unit;
            if !(args.gap.is_finite() && args.gap >= 0.0 && shrink <= MAX_SHRINK) {
                return Err(Failure::input(format!(
                    "--gap {}: give a clearance of at least 0 and at most {:.2} mm (with --unit {}; a larger one would eat the thinnest pieces)",
                    args.gap,
                    2.0 * MAX_SHRINK * args.unit,
                    args.unit
                )));
            }
            let options = MeshOptions {
                shrink,
                ..MeshOptions::default()
            };
            let pieces = problem.piece_meshes(&options)?;
            if let Some(dir) = &args.dir {
                return write_dir(dir, &pieces, args.unit, args.ascii);
            }
            one_file(pieces, args.unit).into_bytes()
        }
    };
    match &args.out {
        Some(path) => std::fs::write(path, &bytes)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let mut out = std::io::stdout().lock();
            if args.format == ExportFormat::Xmpuzzle && out.is_terminal() {
                return Err(Failure::input(
                    "an .xmpuzzle file is gzip data: give a file with --out FILE, or redirect standard output",
                ));
            }
            out.write_all(&bytes)?;
        }
    }
    Ok(0)
}

/// Every copy of every piece (one of a piece with an unlimited supply),
/// laid out side by side, as one ASCII STL text.
fn one_file(pieces: Vec<PieceMesh>, unit: f64) -> String {
    let mut copies = vec![];
    for p in pieces {
        let n = p.count.hi.unwrap_or(1).max(1);
        for k in 1..=n {
            let name = if n == 1 {
                p.name.clone()
            } else {
                format!("{}-{k}", p.name)
            };
            copies.push(PieceMesh {
                name,
                count: p.count,
                mesh: p.mesh.clone(),
            });
        }
    }
    solid::lay_out(&mut copies, 1.0);
    let named: Vec<(String, _)> = copies.into_iter().map(|p| (p.name, p.mesh)).collect();
    stl::ascii(&named, unit)
}

/// One file per piece in `dir`: `NN-NAME.stl`, numbered in the file's
/// order (so names never collide).
fn write_dir(dir: &Path, pieces: &[PieceMesh], unit: f64, ascii: bool) -> Result<u8, Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("cannot create {}: {e}", dir.display())))?;
    let width = pieces.len().to_string().len().max(2);
    for (i, p) in pieces.iter().enumerate() {
        let path = dir.join(format!(
            "{:0width$}-{}.stl",
            i + 1,
            stl::solid_name(&p.name)
        ));
        let bytes = if ascii {
            stl::ascii(&[(p.name.clone(), p.mesh.clone())], unit).into_bytes()
        } else {
            stl::binary(&p.name, &p.mesh, unit)
        };
        std::fs::write(&path, bytes)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?;
        if !p.count.is_one() {
            eprintln!(
                "polycover: {}: print {} copies",
                path.display(),
                match p.count.hi {
                    Some(n) => n.to_string(),
                    None => "as many".into(),
                }
            );
        }
    }
    eprintln!(
        "polycover: wrote {} STL files in {}",
        pieces.len(),
        dir.display()
    );
    Ok(0)
}
