//! Fuzz target `checkpoint`: see [`polycover_fuzz::checkpoint`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::checkpoint(data));
