//! Fuzz target `twisty_file`: see [`polycover_fuzz::twisty_file`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::twisty_file(data));
