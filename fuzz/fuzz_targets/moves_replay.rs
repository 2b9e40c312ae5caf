//! Fuzz target `moves_replay`: see `rulebench::fuzzing::moves_replay` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::moves_replay(data));
