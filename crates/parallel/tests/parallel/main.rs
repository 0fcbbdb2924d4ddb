//! The parallel driver's integration tests, one binary (faster to build
//! than one per file), one module per theme.

mod cells;
mod common;
mod counts;
mod figures;
mod memo;
mod resume;
mod shards;
mod weighted;
