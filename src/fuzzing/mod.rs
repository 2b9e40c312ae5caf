//! Fuzz target bodies, shared by the `cargo fuzz` crate in `fuzz/` and by the smoke test
//! `tests/fuzz_smoke.rs` (see `docs/fuzzing.md`).
//!
//! Each public function takes the fuzzer's bytes, turns them into one kind of hostile input
//! (a rules file, a FEN, a move text, a move list, a fixture file, a position built from
//! square sets) and runs the code that reads it. An error returned for bad input is the
//! expected outcome; a function panics only on a genuine bug: a panic inside the library, or
//! two ways of computing the same thing that disagree (a FEN that does not read back to its
//! position, a perft that is not the sum of its children's, the threaded and hashed driver
//! against the single-thread search).
//!
//! Nothing here names a variant, a piece or a rule: the variants come from the shipped
//! rules files, the vocabularies of the mutations from the files' own text.

mod fixtures;
mod inputs;
mod mutate;
mod positions;
mod rules;
mod text;

pub use fixtures::fixture_file;
pub use inputs::variants;
pub use positions::{build_position, positions};
pub use rules::{mutated_rules, mutation_files, mutation_values, rules_bytes, rules_mutation};
pub use text::{fen, move_text, moves_replay};
