//! Twisty puzzles placeholder (crate doc written below).
pub mod solve;
