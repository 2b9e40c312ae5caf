//! Every problem of a rules file's text at once, not only the first: the syntax errors, then
//! each key checked on its own against the family's schema (a document holding that key alone,
//! so one bad key cannot hide the next), descending into tables and arrays to find every bad
//! key and value inside them. Unknown keys and values get a "did you mean".

use super::located::CURRENT_FILE;
use crate::diagnostics::{LocatedError, SourceFile, did_you_mean};
use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

/// Every problem of `source` (the file with index `file` in its loader) as a file of schema
/// `F`, and the file read without the keys and values that have problems (so that the checks
/// after the schema's can still look at the rest), when that much deserializes.
pub(crate) fn schema_errors<F: DeserializeOwned>(
    source: &SourceFile,
    file: usize,
) -> (Vec<LocatedError>, Option<F>) {
    let (doc, syntax) = DeTable::parse_recoverable(&source.text);
    if !syntax.is_empty() {
        return (syntax.iter().map(|e| located(source, e)).collect(), None);
    }
    let mut errors = Vec::new();
    let mut path = Vec::new();
    let span = doc.span();
    let clean = walk::<F>(source, file, &mut path, doc.get_ref(), &mut errors);
    errors.sort_by_key(|e| (e.line, e.column));
    errors.dedup_by(|a, b| a.line == b.line && a.column == b.column && a.message == b.message);
    CURRENT_FILE.with(|c| c.set(file));
    let rest = F::deserialize(toml::de::Deserializer::from(Spanned::new(span, clean))).ok();
    (errors, rest)
}

/// A document holding only `value` at `path`.
fn nest<'i>(path: &[Spanned<DeString<'i>>], value: Spanned<DeValue<'i>>) -> Spanned<DeTable<'i>> {
    let mut node = value;
    for key in path.iter().rev() {
        let span = node.span();
        let mut table = DeTable::new();
        table.insert(key.clone(), node);
        node = Spanned::new(span, DeValue::Table(table));
    }
    let span = node.span();
    match node.into_inner() {
        DeValue::Table(t) => Spanned::new(span, t),
        _ => unreachable!("a path has at least one key"),
    }
}

/// Deserializes a document holding `value` at `path` as `F`.
fn try_alone<F: DeserializeOwned>(
    file: usize,
    path: &[Spanned<DeString<'_>>],
    value: Spanned<DeValue<'_>>,
) -> Result<(), toml::de::Error> {
    let doc = nest(path, value);
    CURRENT_FILE.with(|c| c.set(file));
    F::deserialize(toml::de::Deserializer::from(doc)).map(|_| ())
}

/// Checks each key of `table` (at `path`) alone, recording the problems; returns the table
/// without the keys and values that have them.
fn walk<'i, F: DeserializeOwned>(
    source: &SourceFile,
    file: usize,
    path: &mut Vec<Spanned<DeString<'i>>>,
    table: &DeTable<'i>,
    errors: &mut Vec<LocatedError>,
) -> DeTable<'i> {
    let mut clean = DeTable::new();
    for (key, value) in table.iter() {
        path.push(key.clone());
        match try_alone::<F>(file, path, value.clone()) {
            Ok(()) => {
                clean.insert(key.clone(), value.clone());
            }
            // Alone, a key misses the siblings its table requires; a sibling that is there is
            // checked on its own turn.
            Err(e) if missing_sibling(&e, table) => {
                clean.insert(key.clone(), value.clone());
            }
            Err(e) => {
                // A table's or an array's problems are inside it: look at each part alone
                // (the span of a `[section]` table covers only its header, so it cannot tell).
                let before = errors.len();
                let whole = value.span();
                match value.get_ref() {
                    DeValue::Table(inner) => {
                        let kept = walk::<F>(source, file, path, inner, errors);
                        clean.insert(
                            key.clone(),
                            Spanned::new(whole.clone(), DeValue::Table(kept)),
                        );
                    }
                    DeValue::Array(items) if items.len() > 1 => {
                        let mut kept = Vec::new();
                        for item in items {
                            let alone = Spanned::new(
                                whole.clone(),
                                DeValue::Array(std::iter::once(item.clone()).collect()),
                            );
                            match try_alone::<F>(file, path, alone) {
                                Ok(()) => kept.push(item.clone()),
                                Err(e) => errors.push(located(source, &e)),
                            }
                        }
                        if errors.len() > before {
                            let kept = DeValue::Array(kept.into_iter().collect());
                            clean.insert(key.clone(), Spanned::new(whole.clone(), kept));
                        }
                    }
                    _ => {}
                }
                if errors.len() == before {
                    errors.push(located(source, &e));
                }
            }
        }
        path.pop();
    }
    clean
}

/// Whether `e` says that a field is missing which `table` holds.
fn missing_sibling(e: &toml::de::Error, table: &DeTable<'_>) -> bool {
    e.message()
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
        .is_some_and(|field| table.iter().any(|(k, _)| k.get_ref().as_ref() == field))
}

/// The names in backticks after "expected" in a serde message.
fn expected_names(message: &str) -> Vec<&str> {
    let Some(at) = message.find("expected") else {
        return Vec::new();
    };
    message[at..]
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s)
        .collect()
}

/// A TOML or schema error as a located error, with the valid names and a "did you mean".
pub(crate) fn located(source: &SourceFile, e: &toml::de::Error) -> LocatedError {
    // serde says "variant" for an enum's value and "field" for a key; in a rules file a
    // variant is a game, so the players' words are used.
    let message = e
        .message()
        .trim()
        .replacen("unknown variant `", "unknown value `", 1)
        .replacen("unknown field `", "unknown key `", 1);
    let span = e.span().unwrap_or(0..0);
    let mut help = None;
    for (what, kind) in [("unknown key `", "keys"), ("unknown value `", "values")] {
        if let Some(rest) = message.strip_prefix(what)
            && let Some(word) = rest.split('`').next()
        {
            let valid = expected_names(&message);
            let hint = did_you_mean(word, valid.iter().copied())
                .map(|m| format!("did you mean `{m}`? "))
                .unwrap_or_default();
            help = Some(if valid.is_empty() {
                format!("{hint}see docs/rules.md for the valid {kind}")
            } else {
                format!("{hint}valid {kind}: {}", valid.join(", "))
            });
        }
    }
    LocatedError::new(source, span, message, help)
}
