//! Fuzz target `rules_mutation`: see `rulebench::fuzzing::rules_mutation` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulebench::fuzzing::rules_mutation(data));
