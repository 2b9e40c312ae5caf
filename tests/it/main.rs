//! Every integration test in one crate, so that cargo builds and links the kernels into one
//! test binary instead of one per file (each file of `tests/` is a module here, kept where it
//! was so that its paths, snapshots and proptest regressions stay put). Run one file's tests
//! with `cargo test --release --test it NAME::`, e.g. `--test it properties::`.

#[path = "../common/mod.rs"]
mod common;

#[path = "../architecture.rs"]
mod architecture;
#[path = "../board.rs"]
mod board;
#[path = "../broken_input.rs"]
mod broken_input;
#[path = "../browser.rs"]
mod browser;
#[path = "../check.rs"]
mod check;
#[path = "../chess_differential.rs"]
mod chess_differential;
#[path = "../chess_line_attacks.rs"]
mod chess_line_attacks;
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
#[path = "../citations.rs"]
mod citations;
#[path = "../cli.rs"]
mod cli;
#[path = "../crosscheck.rs"]
mod crosscheck;
#[path = "../distributed.rs"]
mod distributed;
#[path = "../docs.rs"]
mod docs;
#[path = "../estimate.rs"]
mod estimate;
#[path = "../fixtures.rs"]
mod fixtures;
#[path = "../fuzz_smoke.rs"]
mod fuzz_smoke;
#[path = "../geometry.rs"]
mod geometry;
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
#[path = "../playground.rs"]
mod playground;
#[path = "../properties.rs"]
mod properties;
#[path = "../render.rs"]
mod render;
#[path = "../rules_files.rs"]
mod rules_files;
#[path = "../schema.rs"]
mod schema;
#[path = "../snapshots.rs"]
mod snapshots;
#[path = "../stats.rs"]
mod stats;
#[path = "../table.rs"]
mod table;
#[path = "../tools.rs"]
mod tools;
#[path = "../uci.rs"]
mod uci;
#[path = "../web.rs"]
mod web;

/// With `autotests = false`, a file added to `tests/` runs only once it is declared above:
/// every one must be.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = std::fs::read_to_string(dir.join("it/main.rs")).expect("tests/it/main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let path = entry.expect("an entry of tests/").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let stem = file.trim_end_matches(".rs");
            if !main.contains(&format!("#[path = \"../{file}\"]\nmod {stem};")) {
                missing.push(file);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not declared in tests/it/main.rs, so never run: {missing:?}"
    );
}

/// The library and the binary are built without their unit tests (`test = false`: a test
/// build of the library would compile every kernel a second time), so a test in `src/` would
/// never run: there must be none.
#[test]
fn no_test_is_in_src() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a directory of src/") {
            let path = entry.expect("an entry of src/").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                if text.contains("#[test]") || text.contains("#[cfg(test)]") {
                    found.push(path.display().to_string());
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(
        found.is_empty(),
        "tests in src/ never run (move them to tests/): {found:?}"
    );
}
