//! Fuzz target `puzzle_file`: see [`polycover_fuzz::puzzle_file`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::puzzle_file(data));
