//! Fuzz target `rules_bytes`: see `rulebench::fuzzing::rules_bytes` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::rules_bytes(data));
