//! Fuzz target `tile_file`: see [`polycover_fuzz::tile_file`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::tile_file(data));
