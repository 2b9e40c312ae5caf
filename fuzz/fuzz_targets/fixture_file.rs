//! Fuzz target `fixture_file`: see `rulebench::fuzzing::fixture_file` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::fixture_file(data));
