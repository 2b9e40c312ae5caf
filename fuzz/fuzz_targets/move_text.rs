//! Fuzz target `move_text`: see `rulebench::fuzzing::move_text` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::move_text(data));
