//! Fuzz target `burr_file`: see [`polycover_fuzz::burr_file`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::burr_file(data));
