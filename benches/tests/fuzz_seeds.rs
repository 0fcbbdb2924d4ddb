//! The fuzz targets' bodies (`fuzz/src/lib.rs`) run on their seed files and
//! regression inputs (`fuzz/tests/seeds.rs`), built here in the workspace:
//! `cargo test --workspace` runs them with the libraries it has built, where
//! `cargo test --manifest-path fuzz/Cargo.toml` builds every crate again in
//! the fuzz package's own workspace (docs/fuzzing.md). This package sits
//! beside `fuzz/`, so both files find the repository where they expect it.

// The test crate stands for the fuzz library: `polycover_fuzz::...` in
// seeds.rs names the items re-exported here.
extern crate self as polycover_fuzz;

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz_lib;
pub use fuzz_lib::*;

#[path = "../../fuzz/tests/seeds.rs"]
mod seeds;
