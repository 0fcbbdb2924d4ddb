//! Fuzz target `twisty_state`: see [`polycover_fuzz::twisty_state`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::twisty_state(data));
