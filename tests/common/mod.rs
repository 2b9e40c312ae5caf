//! Shared test helpers: the reference perft tables and a generic perft checker.
#![allow(dead_code)]

pub mod playout;

use rulebench::perft::PerftOptions;
use rulebench::{Count, Game, LocatedError};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// Perft options with no progress report: `threads`, a table of `hash_mb` MiB (0: none), and
/// the stop flag if any.
pub fn options(threads: usize, hash_mb: usize, stop: Option<&AtomicBool>) -> PerftOptions<'_> {
    PerftOptions {
        threads,
        hash_mb,
        progress: None,
        stop,
    }
}

/// One file of `tests/reference/perft/`.
#[derive(Deserialize)]
pub struct Reference {
    pub variant: String,
    pub source: String,
    #[serde(default)]
    pub unique: Vec<u64>,
    #[serde(default)]
    pub paths: Vec<u64>,
}

/// One file of `tests/reference/perft/` in the chess family's format: cases of a FEN and its
/// perft table, each with its source.
#[derive(Deserialize)]
pub struct CaseReference {
    pub variant: String,
    pub case: Vec<ReferenceCase>,
}

/// One position of a [`CaseReference`].
#[derive(Deserialize)]
pub struct ReferenceCase {
    pub id: String,
    pub fen: String,
    pub perft: Vec<u64>,
    pub source: String,
}

/// Reads a reference file of the chess family's format.
pub fn case_reference(variant: &str) -> CaseReference {
    let path = format!(
        "{}/tests/reference/perft/{variant}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Reads the reference table of a variant.
pub fn reference(variant: &str) -> Reference {
    let path = format!(
        "{}/tests/reference/perft/{variant}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The largest count a test may run: every depth up to the first whose count passes 20 million
/// always runs; `RULEBENCH_PERFT_MAX_NODES=N` also runs every depth whose count is at most N
/// (`all` for the whole table, which for some tables takes days).
pub fn node_limit() -> u64 {
    match std::env::var("RULEBENCH_PERFT_MAX_NODES") {
        Ok(v) if v == "all" => u64::MAX,
        Ok(v) => v.parse().unwrap_or_else(|_| {
            panic!("RULEBENCH_PERFT_MAX_NODES must be a number or `all`, not {v:?}")
        }),
        Err(_) => 0,
    }
}

/// The depths (1-based) of `table` that the current run checks.
pub fn depths_to_check(table: &[u64]) -> Vec<usize> {
    let default_last = table
        .iter()
        .position(|&n| n > 20_000_000)
        .unwrap_or(table.len() - 1);
    let limit = node_limit();
    (0..table.len())
        .filter(|&i| i <= default_last || table[i] <= limit)
        .map(|i| i + 1)
        .collect()
}

/// Checks `game`'s perft from `pos` against `table` (depth 1 first) at the depths this run
/// checks. Returns the (depth, count) pairs computed.
pub fn check_table<G: Game>(
    game: &G,
    pos: &G::Position,
    table: &[u64],
    count: Count,
    what: &str,
) -> Vec<(usize, u128)> {
    assert!(!table.is_empty(), "{what}: empty reference table");
    let mut out = Vec::new();
    for depth in depths_to_check(table) {
        let got = game.perft(pos, depth as u32, count);
        assert_eq!(
            got,
            table[depth - 1] as u128,
            "{what}: perft({depth}) {count:?} = {got}, reference says {}",
            table[depth - 1]
        );
        out.push((depth, got));
    }
    out
}

/// A fresh directory for one test's files.
pub fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rulebench-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes `text` to `file` in `d`; returns its path.
pub fn write(d: &Path, file: &str, text: &str) -> String {
    let p = d.join(file);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// Asserts that a located error is at `file:line:column` and mentions every word (in its
/// message or help).
pub fn assert_at(e: &LocatedError, file: &str, line: usize, column: usize, words: &[&str]) {
    assert_eq!(e.file, file, "{e}");
    assert_eq!((e.line, e.column), (line, column), "{e}");
    let all = format!("{e} {}", e.help.clone().unwrap_or_default());
    for w in words {
        assert!(all.contains(w), "`{w}` not in: {all}");
    }
    assert!(
        e.to_string()
            .starts_with(&format!("{file}:{line}:{column}: ")),
        "{e}"
    );
}

/// Debian's Stockfish, when installed: `None` (the test says SKIPPED) when it is not, unless
/// `RULEBENCH_REQUIRE_STOCKFISH=1` (set by `.ci/run` after installing it) makes it required.
pub fn stockfish() -> Option<String> {
    let path = "/usr/games/stockfish";
    if std::path::Path::new(path).is_file() {
        return Some(path.into());
    }
    assert!(
        std::env::var("RULEBENCH_REQUIRE_STOCKFISH").as_deref() != Ok("1"),
        "stockfish is required but {path} is missing"
    );
    eprintln!("SKIPPED: {path} not found (apt-get install stockfish)");
    None
}
