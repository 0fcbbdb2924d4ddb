//! Fuzz target `stick_art`: see [`polycover_fuzz::stick_art`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::stick_art(data));
