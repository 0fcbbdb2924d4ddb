//! The crate's integration tests, in one binary (one link, so CI builds
//! faster); each module holds the tests of one subject.

mod brute_force;
mod catalog;
mod distinct;
mod errors;
mod kanoodle_extreme;
mod lattice_errors;
mod lattices;
mod matrix_roundtrip;
mod memo_search;
mod orientations;
mod polyhexes;
mod preplaced;
mod sticks;
mod tiles;
mod tiles_measure;
