//! Instances made in code, so that the tests run in a fresh clone.
#![allow(dead_code)]

use dlx::Matrix;

/// N queens: rows and columns primary, diagonals secondary (OEIS A000170).
pub fn queens(n: usize) -> Matrix {
    let mut t = String::new();
    for i in 0..n {
        t += &format!("r{i} c{i} ");
    }
    t += "|";
    for d in 0..2 * n - 1 {
        t += &format!(" a{d} b{d}");
    }
    t += "\n";
    for r in 0..n {
        for c in 0..n {
            t += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    dlx::format::parse(&t).unwrap()
}

pub const QUEENS: [u128; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// Langford pairs: digits 1..=n in 2n positions, two k's k apart
/// (twice OEIS A014552, both mirror images counted).
pub fn langford(n: usize) -> Matrix {
    let mut t = String::new();
    for k in 1..=n {
        t += &format!("d{k} ");
    }
    for p in 1..=2 * n {
        t += &format!("p{p} ");
    }
    t += "\n";
    for k in 1..=n {
        for i in 1..=2 * n {
            if i + k < 2 * n {
                t += &format!("d{k} p{i} p{}\n", i + k + 1);
            }
        }
    }
    dlx::format::parse(&t).unwrap()
}

/// Dominoes on a 2 × n strip (cells `a0 b0 a1 b1 …`): Fibonacci(n + 1)
/// tilings, each of n dominoes.
pub fn strip(n: usize) -> Matrix {
    let mut t = String::new();
    for i in 0..n {
        t += &format!("a{i} b{i} ");
    }
    t += "\n";
    for i in 0..n {
        t += &format!("a{i} b{i}\n");
        if i + 1 < n {
            t += &format!("a{i} a{}\nb{i} b{}\n", i + 1, i + 1);
        }
    }
    dlx::format::parse(&t).unwrap()
}

/// 2 × A014552(n), 0 when n ≡ 1, 2 mod 4.
pub fn langford_count(n: usize) -> u128 {
    match n {
        3 | 4 => 2,
        7 => 52,
        8 => 300,
        11 => 35584,
        12 => 216288,
        _ => 0,
    }
}

/// A pseudo-random problem with colors and multiplicities and at least one
/// solution planted: the primary items are cut into groups, each group is an
/// option, and more random options are added. Bounds `1:2` on some primary
/// items make it Algorithm M's, colors on secondary items Algorithm C's.
pub fn planted(seed: u64, primary: usize, extra: usize, mult: bool) -> Matrix {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut rnd = |n: usize| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((s >> 33) as usize) % n
    };
    let mut t = String::new();
    for i in 0..primary {
        if mult && i % 5 == 0 {
            t += &format!("1:2|p{i} ");
        } else {
            t += &format!("p{i} ");
        }
    }
    t += "| x y z\n";
    let mut i = 0;
    while i < primary {
        let len = 1 + rnd(3);
        let end = (i + len).min(primary);
        let items: Vec<String> = (i..end).map(|j| format!("p{j}")).collect();
        t += &items.join(" ");
        t += "\n";
        i = end;
    }
    for _ in 0..extra {
        let len = 1 + rnd(3);
        let mut items: Vec<usize> = (0..len).map(|_| rnd(primary)).collect();
        items.sort();
        items.dedup();
        let mut line: Vec<String> = items.iter().map(|j| format!("p{j}")).collect();
        if rnd(2) == 0 {
            line.push(format!("{}:{}", ["x", "y", "z"][rnd(3)], rnd(2)));
        }
        t += &line.join(" ");
        t += "\n";
    }
    dlx::format::parse(&t).unwrap()
}

/// Every solution, in the order of a one-thread search.
pub fn all_solutions(m: &Matrix) -> Vec<Vec<dlx::OptionId>> {
    dlx::Solver::new(m).first(usize::MAX)
}

/// A chain of `n` forced levels: items `i0 … i{n-1}`, one option each
/// (one solution, n + 1 nodes).
pub fn chain(n: usize) -> Matrix {
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let mut t = names.join(" ");
    t += "\n";
    for name in &names {
        t += name;
        t += "\n";
    }
    dlx::format::parse(&t).unwrap()
}

/// A matrix of `benches/instances/`, if this checkout has it.
pub fn instance(name: &str) -> Option<Matrix> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../benches/instances")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    Some(dlx::format::parse(&text).unwrap())
}

/// Forgets every other finished subproblem of a checkpoint and saves it at
/// `path`: a checkpoint of a run that was stopped half way.
pub fn forget_half(c: &mut parallel::Checkpoint, path: &std::path::Path) {
    let mut i = 0;
    c.finished.retain(|_| {
        i += 1;
        i % 2 == 0
    });
    c.save(path).unwrap();
}

/// Options that resume from, and record in, the checkpoint at `path`, in
/// short slices (so that a stop lands quickly), on `threads` threads.
pub fn resuming(path: &std::path::Path, threads: usize) -> parallel::Options {
    parallel::Options {
        checkpoint: Some(path.to_path_buf()),
        resume: Some(path.to_path_buf()),
        slice_nodes: Some(16),
        ..parallel::Options::with_threads(threads)
    }
}

/// The engine a run with default options searches `m` with (the bitset
/// engine or the links: DLX1's tree).
pub fn auto_engine(m: &Matrix) -> dlx::EngineKind {
    parallel::Options::default().engine_for(m)
}

/// Domino tilings of a `rows` × `cols` board (cells primary) with the
/// dominoes as one piece with `rows * cols / 2` copies: a primary item `d`
/// with those bounds in every option, as polycover encodes identical
/// pieces. 6 × 2n boards: OEIS A028469 (1, 13, 281, 6728, 167089, ...).
pub fn dominoes(rows: usize, cols: usize) -> Matrix {
    let k = rows * cols / 2;
    let mut t = String::new();
    for r in 0..rows {
        for c in 0..cols {
            t += &format!("c{r}_{c} ");
        }
    }
    t += &format!("{k}:{k}|d\n");
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                t += &format!("d c{r}_{c} c{r}_{}\n", c + 1);
            }
            if r + 1 < rows {
                t += &format!("d c{r}_{c} c{}_{c}\n", r + 1);
            }
        }
    }
    dlx::format::parse(&t).unwrap()
}
