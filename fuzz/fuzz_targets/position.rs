//! Fuzz target `position`: see [`polycover_fuzz::position`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::position(data));
