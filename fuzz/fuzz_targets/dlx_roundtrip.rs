//! Fuzz target `dlx_roundtrip`: see [`polycover_fuzz::dlx_roundtrip`] and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| polycover_fuzz::dlx_roundtrip(data));
