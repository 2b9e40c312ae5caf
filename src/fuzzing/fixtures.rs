//! Fixture files as fuzz input.

use super::inputs::Bytes;
use super::mutate::{Vocabulary, mutate, vocabulary_of};
use crate::fixtures::{Case, FixtureFile, Runner};
use std::cell::RefCell;
use std::path::Path;
use std::sync::OnceLock;

/// The fixture files under `fixtures/` (read from the source tree at run time; empty when
/// it is not there): the texts the mutations start from.
fn fixture_texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        crate::fixtures::fixture_files(&dir)
            .unwrap_or_default()
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    })
}

fn fixture_vocabulary() -> &'static Vocabulary {
    static VOCAB: OnceLock<Vocabulary> = OnceLock::new();
    VOCAB.get_or_init(|| vocabulary_of(fixture_texts().iter().map(String::as_str)))
}

/// Whether a case is cheap and harmless enough to run: rules named by shipped id (no path
/// that could name any file), perft to depth 3 at most, a short `play`.
fn runnable(case: &Case) -> bool {
    let path_like =
        case.rules.contains(['/', '\\']) || case.rules.contains(".toml") || case.rules.len() > 200;
    let depth = [&case.perft, &case.perft_unique, &case.perft_paths]
        .iter()
        .map(|p| p.as_ref().map_or(0, Vec::len))
        .max()
        .unwrap_or(0);
    !path_like && depth <= 3 && case.play.as_ref().is_none_or(|p| p.len() <= 64)
}

/// A fixture file from any bytes (first byte even) or from the edits the bytes describe on
/// one of the files under `fixtures/` (odd): read with the fixture loader, then every case
/// that is cheap to run is run.
pub fn fixture_file(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let mode = bytes.byte();
    let texts = fixture_texts();
    let text = if mode.is_multiple_of(2) || texts.is_empty() {
        String::from_utf8_lossy(bytes.rest()).into_owned()
    } else {
        let base = &texts[bytes.below(texts.len())];
        mutate(base, fixture_vocabulary(), &[], &mut bytes)
    };
    let Ok(file) = crate::fixtures::parse_text("fuzz.toml", &text) else {
        return;
    };
    run_cases(&file);
}

fn run_cases(file: &FixtureFile) {
    thread_local! {
        static RUNNER: RefCell<(Runner, usize)> = RefCell::new((Runner::new(), 0));
    }
    RUNNER.with(|r| {
        let mut r = r.borrow_mut();
        // The runner caches a variant per spec: start afresh now and then.
        r.1 += 1;
        if r.1 > 256 {
            *r = (Runner::new(), 0);
        }
        for case in file.case.iter().filter(|c| runnable(c)).take(8) {
            let _ = r.0.run_case(Path::new("fuzz.toml"), case);
        }
    });
}
