//! The integration tests of polycover's exact-cover core, as one test
//! binary (one link step for CI instead of one per file).

mod cells;
mod format;
mod known;
mod memo;
mod oracle;
