//! Rules files as fuzz input: any bytes, and mutations of the shipped files.

use super::*;

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
    let checked = crate::variant::check(spec);
    let loaded = Variant::load(spec);
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
                    .map(|p| Variant::load(&p.display().to_string()));
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
    let mut bytes = Bytes::new(data);
    let files = crate::rules::EMBEDDED;
    let (path, text) = files[bytes.below(files.len())];
    let base = {
        let ids = crate::rules::shipped_variants();
        ids[bytes.below(ids.len())].clone()
    };
    let mutated = mutate(text, rules_vocabulary(), extends_targets(), &mut bytes);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of a [`rules_mutation`] input that sets one line of one shipped file to one
    /// value of the vocabulary (edit 3), the indices written as [`Bytes::below`] reads them.
    fn setting(file: usize, line: usize, lines: usize, value: usize, values: usize) -> Vec<u8> {
        let mut out = vec![file as u8, 0, 3];
        for (i, n) in [(line, lines), (value, values)] {
            if n <= 256 {
                out.push(i as u8);
            } else {
                out.extend_from_slice(&(i as u16).to_le_bytes());
            }
        }
        out
    }

    /// The mutations reach a precedence naming all five criteria (the union of the shipped
    /// lists): on Frisian, which has the values `most-value` reads, it must load and play
    /// (the kernel once held four criteria and panicked on five).
    #[test]
    fn a_mutation_lists_every_precedence_criterion() {
        let files = crate::rules::EMBEDDED;
        let file = files
            .iter()
            .position(|(path, _)| path.ends_with("/frisian.toml"))
            .expect("frisian is shipped");
        let text = files[file].1;
        let lines = text.lines().count();
        let line = text
            .lines()
            .position(|l| l.starts_with("precedence"))
            .expect("frisian states its precedence");
        let vocab = rules_vocabulary();
        let value = vocab
            .values
            .iter()
            .position(|v| {
                v.starts_with('[')
                    && [
                        "most-pieces",
                        "most-kings",
                        "most-value",
                        "made-by-king",
                        "king-taken-earliest",
                    ]
                    .iter()
                    .all(|c| v.contains(&format!("\"{c}\"")))
            })
            .expect("the vocabulary lists all five criteria at once");
        assert!(file < 256, "the first byte chooses the file");
        let input = setting(file, line, lines, value, vocab.values.len());
        let mutated = mutate(text, vocab, extends_targets(), &mut Bytes::new(&input[2..]));
        assert!(
            mutated.contains(&format!("precedence = {}", vocab.values[value])),
            "{mutated}"
        );
        rules_mutation(&input);
    }
}
