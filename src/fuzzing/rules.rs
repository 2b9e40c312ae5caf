//! Rules files as fuzz input: any bytes, and mutations of the shipped files.

use super::inputs::{Bytes, write_scratch};
use super::mutate::{extends_targets, mutate, rules_vocabulary};
use crate::count::Count;
use crate::game::Game;
use crate::present::Present;
use crate::variant::Variant;
use crate::with_game;

/// Any bytes as a rules file: `check` and the loader must agree (errors from one exactly
/// when the other fails), a file that loads builds its engine and generates the start
/// position's moves, and the resolved rules `check` prints load back to the same game.
pub fn rules_bytes(data: &[u8]) {
    if let Some(path) = write_scratch("fuzz-input.toml", data) {
        rules_spec(&path.display().to_string());
    }
}

/// Checks and loads one rules spec, and plays what loads.
fn rules_spec(spec: &str) {
    let checked = crate::load::check(spec);
    let loaded = crate::load::load::<Variant>(spec);
    match &loaded {
        Ok(variant) => {
            assert!(
                checked.errors.is_empty(),
                "`{spec}` loads, but `check` reports {}",
                checked.errors[0]
            );
            let start = exercise_start(variant);
            // What `check --resolved` prints loads back to the same game.
            if let Some(resolved) = &checked.resolved {
                let back = write_scratch("fuzz-resolved.toml", resolved.as_bytes())
                    .map(|p| crate::load::load::<Variant>(&p.display().to_string()));
                match back {
                    Some(Ok(again)) => {
                        let again_start = exercise_start(&again);
                        assert_eq!(
                            start, again_start,
                            "`{spec}`: the resolved rules play another start:\n{resolved}"
                        );
                    }
                    Some(Err(e)) => {
                        panic!("`{spec}` loads, its resolved rules do not: {e}\n{resolved}")
                    }
                    None => {}
                }
            }
        }
        Err(e) => assert!(
            !checked.errors.is_empty(),
            "`{spec}` does not load ({e}), but `check` finds no error"
        ),
    }
}

/// Plays the start of a loaded variant: its FEN read back, its moves, outcome, perft 1, the
/// rules explained. Returns the start FEN and its sorted move texts.
fn exercise_start(variant: &Variant) -> (String, Vec<String>) {
    with_game!(variant, game => {
        let start = game.start();
        let fen = game.fen(&start);
        if let Ok(again) = game.parse_fen(&fen) {
            assert_eq!(game.fen(&again), fen, "{}: the start FEN does not read back", game.id());
        }
        let moves = game.legal_moves(&start);
        let notated = game.moves_with_notation(&start);
        assert_eq!(moves.len(), notated.len(), "{}: moves and notated moves", game.id());
        assert_eq!(
            game.perft(&start, 1, Count::Unique),
            moves.len() as u128,
            "{}: perft 1 of the start",
            game.id()
        );
        let _ = Game::outcome(game, std::slice::from_ref(&start));
        let _ = game.explain();
        let _ = game.describe();
        let _ = game.diagram(&start);
        let mut texts: Vec<String> = notated.into_iter().map(|(_, t)| t).collect();
        texts.sort();
        (fen, texts)
    })
}

/// Structured mutations of the shipped rules files: the first byte chooses a file (a house
/// rule is laid over a variant the second byte chooses), the rest the edits (see
/// [`rules_bytes`] for what must hold).
pub fn rules_mutation(data: &[u8]) {
    let (path, base, mutated) = mutation(data);
    let Some(file) = write_scratch("fuzz-mutated.toml", mutated.as_bytes()) else {
        return;
    };
    let file = file.display().to_string();
    if path.starts_with("rules/house/") {
        rules_spec(&format!("{base}+{file}"));
    } else {
        rules_spec(&file);
    }
}

/// What [`rules_mutation`] makes of `data`: the path of the shipped file it starts from, the
/// variant a house rule is laid over, and the mutated text.
fn mutation(data: &[u8]) -> (&'static str, String, String) {
    let mut bytes = Bytes::new(data);
    let files = crate::rules::embedded::EMBEDDED;
    let (path, text) = files[bytes.below(files.len())];
    let base = {
        let ids = crate::rules::shipped_variants();
        ids[bytes.below(ids.len())].clone()
    };
    let mutated = mutate(text, rules_vocabulary(), extends_targets(), &mut bytes);
    (path, base, mutated)
}

/// The rules text [`rules_mutation`] checks for `data` (for tests that aim a mutation).
pub fn mutated_rules(data: &[u8]) -> String {
    mutation(data).2
}

/// The values a mutation may set a line of a rules file to (every value of every shipped
/// file), in the order the input's bytes index them.
pub fn mutation_values() -> &'static [String] {
    &rules_vocabulary().values
}

/// The shipped files a mutation may start from (path and text), in the order the input's
/// first byte indexes them.
pub fn mutation_files() -> &'static [(&'static str, &'static str)] {
    crate::rules::embedded::EMBEDDED
}
