//! Every integration test in one crate, so that cargo builds and links the kernels into one
//! test binary instead of one per file (each file of `tests/` is a module here, kept where it
//! was so that its paths, snapshots and proptest regressions stay put). Run one file's tests
//! with `cargo test --release --test it NAME::`, e.g. `--test it properties::`.

#[path = "../common/mod.rs"]
mod common;

#[path = "../broken_input.rs"]
mod broken_input;
#[path = "../browser.rs"]
mod browser;
#[path = "../check.rs"]
mod check;
#[path = "../chess_differential.rs"]
mod chess_differential;
#[path = "../chess_notation.rs"]
mod chess_notation;
#[path = "../chess_properties.rs"]
mod chess_properties;
#[path = "../chess_reference.rs"]
mod chess_reference;
#[path = "../chess_rules_files.rs"]
mod chess_rules_files;
#[path = "../chess_san.rs"]
mod chess_san;
#[path = "../cli.rs"]
mod cli;
#[path = "../crosscheck.rs"]
mod crosscheck;
#[path = "../distributed.rs"]
mod distributed;
#[path = "../docs.rs"]
mod docs;
#[path = "../fixtures.rs"]
mod fixtures;
#[path = "../fuzz_smoke.rs"]
mod fuzz_smoke;
#[path = "../house_rule.rs"]
mod house_rule;
#[path = "../limits.rs"]
mod limits;
#[path = "../line_table_shifts.rs"]
mod line_table_shifts;
#[path = "../notation.rs"]
mod notation;
#[path = "../perft_reference.rs"]
mod perft_reference;
#[path = "../properties.rs"]
mod properties;
#[path = "../render.rs"]
mod render;
#[path = "../rules_files.rs"]
mod rules_files;
#[path = "../snapshots.rs"]
mod snapshots;
#[path = "../tools.rs"]
mod tools;
