//! The crate's integration tests, in one binary (one link, so CI builds
//! faster); each module holds the tests of one subject.

mod gap_meshes;
mod limits;
mod preplaced;
mod stick_meshes;
mod sticks;
mod svg_pixels;
