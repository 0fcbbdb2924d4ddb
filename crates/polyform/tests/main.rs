//! The crate's integration tests, in one binary (one link, so CI builds
//! faster); each module holds the tests of one subject.

mod brute_force;
mod burrtools_examples;
mod catalog;
mod detect;
mod distinct;
mod errors;
mod kanoodle_extreme;
mod lattice_errors;
mod lattices;
mod limits;
mod matrix_roundtrip;
mod orientations;
mod polyhexes;
mod preplaced;
mod svg_pixels;
mod tiles;
mod tiles_measure;
