//! `polycover export`: a problem in another program's format, or its
//! pieces as STL files for 3D printing.

use super::load;
use crate::failure::Failure;
use crate::paths::refuse_overwriting;
use clap::{Args, ValueEnum};
use picture::solid::mesh::MeshOptions;
use picture::solid::{self, PieceMesh, stl};
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
    /// with a named solid per piece (every copy, laid out side by side; one
    /// of a piece with an unlimited supply), or with --dir one binary STL
    /// file per piece
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
    /// The file to write (default: standard output; an .xmpuzzle file, which
    /// is binary, is not written to a terminal)
    #[arg(long, short = 'o', value_name = "FILE", conflicts_with = "dir")]
    out: Option<PathBuf>,
    /// STL: write one binary file per piece into DIR (created if need be)
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// STL with --dir: ASCII files instead of binary ones
    #[arg(long, requires = "dir")]
    ascii: bool,
    /// STL: millimetres per unit, the distance between the centres of two
    /// cells that share a face, on every lattice (the shortest such where
    /// there are several; docs/viewer.md); 0.01 to 1000 [default: 10]
    #[arg(long, value_name = "MM")]
    unit: Option<f64>,
    /// STL: the clearance in millimetres between two pieces that touch face
    /// to face: every face on a piece's outside moves in by half of it (tiles
    /// keep their thickness) [default: 0]
    #[arg(long, value_name = "MM")]
    gap: Option<f64>,
    /// STL, pieces of balls: the radius of the necks joining touching balls,
    /// as a fraction of the balls' radius [default: 0.4]
    #[arg(long, value_name = "FRACTION")]
    neck: Option<f64>,
}

pub fn run(args: ExportArgs) -> Result<u8, Failure> {
    let stl_only =
        args.dir.is_some() || args.gap.is_some() || args.unit.is_some() || args.neck.is_some();
    if stl_only && args.format != ExportFormat::Stl {
        return Err(Failure::input(
            "--dir, --unit, --gap and --neck are for --format stl",
        ));
    }
    let unit = args.unit.unwrap_or(10.0);
    solid::check_unit(unit).map_err(Failure::input)?;
    let inputs = [args.file.as_path()];
    if let Some(dir) = &args.dir {
        refuse_overwriting(dir, &inputs)?;
        return write_dir(dir, &args, unit);
    }
    let mut out = match &args.out {
        Some(path) => {
            refuse_overwriting(path, &inputs)?;
            Some(Output::open(path)?)
        }
        None => None,
    };
    let bytes = match export_bytes(&args, unit) {
        Ok(b) => b,
        Err(e) => {
            if let Some(o) = out.take() {
                o.abandon();
            }
            return Err(e);
        }
    };
    match out {
        Some(o) => o.write(&bytes)?,
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

/// The options for the pieces' meshes.
fn mesh_options(args: &ExportArgs, unit: f64) -> MeshOptions {
    MeshOptions {
        unit,
        gap: args.gap.unwrap_or(0.0),
        neck: args.neck,
        ..MeshOptions::default()
    }
}

/// The problem in the format asked for (STL: one ASCII file).
fn export_bytes(args: &ExportArgs, unit: f64) -> Result<Vec<u8>, Failure> {
    let problem = load(&args.file, &args.input)?;
    Ok(match args.format {
        ExportFormat::Xmpuzzle => problem.to_xmpuzzle()?,
        ExportFormat::Dlx => {
            dlx::format::write_with_comment(problem.matrix(), Some(&problem.matrix_comment()))
                .into_bytes()
        }
        ExportFormat::Stl => {
            let pieces = problem.piece_meshes(&mesh_options(args, unit))?;
            one_file(pieces, unit, args)?.into_bytes()
        }
    })
}

/// An output file opened before the work, so that one that cannot be
/// written is said at once; it is emptied only when the output is ready,
/// so a failure leaves an existing file as it was (and removes a new one).
pub(super) struct Output {
    path: PathBuf,
    file: std::fs::File,
    created: bool,
}

impl Output {
    /// Opens `path` for writing without emptying it.
    pub(super) fn open(path: &Path) -> Result<Output, Failure> {
        let created = std::fs::symlink_metadata(path).is_err();
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?;
        Ok(Output {
            path: path.to_path_buf(),
            file,
            created,
        })
    }

    /// Replaces the file's content with `bytes` (a device or pipe, which
    /// has no length, is just written to).
    pub(super) fn write(mut self, bytes: &[u8]) -> Result<(), Failure> {
        let cannot = |e: std::io::Error| {
            Failure::input(format!("cannot write {}: {e}", self.path.display()))
        };
        if self.file.metadata().is_ok_and(|m| m.is_file()) {
            self.file.set_len(0).map_err(cannot)?;
        }
        self.file.write_all(bytes).map_err(cannot)?;
        self.file.flush().map_err(cannot)
    }

    /// Gives up: a file this run created is removed, an existing one is
    /// left untouched.
    pub(super) fn abandon(self) {
        if self.created {
            drop(self.file);
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// How many copies of `p` the one-file form writes: as many as the puzzle
/// has, but no more than the board has room for (no solution uses more);
/// one of a piece with an unlimited supply.
fn copies(p: &PieceMesh) -> u32 {
    let room = u32::try_from(p.room).unwrap_or(u32::MAX).max(1);
    p.count.hi.map_or(1, |n| n.min(room).max(1))
}

/// Says on standard error when [`copies`] writes other than the puzzle's
/// count: fewer than it has, or one of an unlimited supply.
fn note_copies(p: &PieceMesh, n: u32) {
    match p.count.hi {
        Some(k) if k > n => eprintln!(
            "polycover: {}: {k} copies, of which the board has room for {n}: {n} written",
            p.name
        ),
        None => eprintln!(
            "polycover: {}: any number of copies: one is written; the board has room for {} at most",
            p.name, p.room
        ),
        _ => {}
    }
}

/// Refuses to write `triangles` triangles past the `stl_triangles` limit
/// (`--max-stl-triangles`), as pictures are refused past their area: a
/// small file can ask for a board of a million pieces, gigabytes of STL.
fn check_triangles(triangles: u128, args: &ExportArgs) -> Result<(), Failure> {
    let limits = args.input.limits.limits();
    limits
        .check(polyform::Resource::StlTriangles, Some(triangles))
        .map_err(|kind| polyform::Error::at(&args.file, None, kind).into())
}

/// Every copy of every piece laid out side by side, as one ASCII STL text
/// ([`copies`] of each; standard error says when that is not the puzzle's
/// count), its size checked against the limit before any copy is made.
fn one_file(pieces: Vec<PieceMesh>, unit: f64, args: &ExportArgs) -> Result<String, Failure> {
    let triangles = pieces
        .iter()
        .map(|p| u128::from(copies(p)) * p.mesh.triangle_count() as u128)
        .sum();
    check_triangles(triangles, args)?;
    let mut copies_made = vec![];
    for p in pieces {
        let n = copies(&p);
        note_copies(&p, n);
        for k in 1..=n {
            let name = if n == 1 {
                p.name.clone()
            } else {
                format!("{}-{k}", p.name)
            };
            copies_made.push(PieceMesh {
                name,
                mesh: p.mesh.clone(),
                ..p
            });
        }
    }
    // One unit between neighbours on the bed.
    solid::lay_out(&mut copies_made, unit);
    let named: Vec<(String, _)> = copies_made.into_iter().map(|p| (p.name, p.mesh)).collect();
    Ok(stl::ascii(&named, 1.0))
}

/// One file per piece in `dir`: `NN-NAME.stl`, numbered in the file's
/// order (so names never collide). The directory is made and tried before
/// the problem is read; no file is written if one would be an input.
fn write_dir(dir: &Path, args: &ExportArgs, unit: f64) -> Result<u8, Failure> {
    let created = std::fs::symlink_metadata(dir).is_err();
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("cannot create {}: {e}", dir.display())))?;
    let probe = dir.join(format!(".polycover-{}", std::process::id()));
    let result = std::fs::write(&probe, b"")
        .map_err(|e| Failure::input(format!("cannot write in {}: {e}", dir.display())))
        .and_then(|()| {
            let _ = std::fs::remove_file(&probe);
            write_files(dir, args, unit)
        });
    if result.is_err() && created {
        // Only if still empty: nothing of the user's is removed.
        let _ = std::fs::remove_dir(dir);
    }
    result
}

/// [`write_dir`]'s files, the directory ready.
fn write_files(dir: &Path, args: &ExportArgs, unit: f64) -> Result<u8, Failure> {
    let problem = load(&args.file, &args.input)?;
    let pieces = problem.piece_meshes(&mesh_options(args, unit))?;
    check_triangles(
        pieces.iter().map(|p| p.mesh.triangle_count() as u128).sum(),
        args,
    )?;
    let width = pieces.len().to_string().len().max(2);
    let paths: Vec<PathBuf> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            dir.join(format!(
                "{:0width$}-{}.stl",
                i + 1,
                stl::solid_name(&p.name)
            ))
        })
        .collect();
    for path in &paths {
        refuse_overwriting(path, &[args.file.as_path()])?;
    }
    for (p, path) in pieces.iter().zip(&paths) {
        let bytes = if args.ascii {
            stl::ascii(&[(p.name.clone(), p.mesh.clone())], 1.0).into_bytes()
        } else {
            stl::binary(&p.name, &p.mesh, 1.0)
        };
        std::fs::write(path, bytes)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?;
        match p.count.hi {
            _ if p.count.is_one() => {}
            Some(n) if n as usize > p.room => eprintln!(
                "polycover: {}: print {} copies: the puzzle has {n}, the board has room for {}",
                path.display(),
                p.room,
                p.room
            ),
            Some(n) => eprintln!("polycover: {}: print {n} copies", path.display()),
            None => eprintln!(
                "polycover: {}: any number of copies: the board has room for {} at most",
                path.display(),
                p.room
            ),
        }
    }
    eprintln!(
        "polycover: wrote {} STL file{} in {}",
        pieces.len(),
        if pieces.len() == 1 { "" } else { "s" },
        dir.display()
    );
    Ok(0)
}
