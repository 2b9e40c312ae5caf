//! Fuzz target `positions`: see `rulebench::fuzzing::positions` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::positions(data));
