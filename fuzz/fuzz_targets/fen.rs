//! Fuzz target `fen`: see `rulebench::fuzzing::fen` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::fen(data));
