//! Single values of a chess-family rules file read and checked: a piece's Betza movement, its
//! FEN letter, and a problem recorded where reading goes on without the value.

use crate::chess::betza;
use crate::chess::betza::Component;
use crate::diagnostics::LocatedError;
use crate::rules::Loader;
use crate::rules::Val;

/// A Betza string located in its file, parsed; errors point at the offending letter.
pub(super) fn parse_betza(
    loader: &Loader,
    v: &Val<String>,
) -> Result<Vec<Component>, LocatedError> {
    betza::parse(&v.value).map_err(|e| {
        let at = v.span.start + 1;
        loader.error(
            v.file,
            at + e.span.start..at + e.span.end.max(e.span.start + 1),
            e.message,
            Some(e.help),
        )
    })
}

/// One letter, lower case.
pub(super) fn letter_of(loader: &Loader, v: &Val<String>) -> Result<char, LocatedError> {
    let mut chars = v.value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Ok(c),
        _ => Err(loader.at(
            v,
            format!("`{}` is not one lower-case letter", v.value),
            Some("a piece's letter is one letter a-z; the first side writes it in capitals".into()),
        )),
    }
}

/// A piece's own letter: one lower-case letter, or `+` and one (a promoted piece written as
/// shogi writes its tokin, `+p`). Returns the letter without its `+`.
pub(super) fn piece_letter_of(loader: &Loader, v: &Val<String>) -> Result<char, LocatedError> {
    let bare = v.value.strip_prefix('+').unwrap_or(&v.value);
    let mut chars = bare.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Ok(c),
        _ => Err(loader.at(
            v,
            format!("`{}` is not a piece's letter", v.value),
            Some(
                "a piece's letter is one letter a-z (the first side writes it in capitals), or \
                 `+` and one letter for a promoted piece written with a plus (`+p`)"
                    .into(),
            ),
        )),
    }
}

/// The value of a check, or `None` with its problem recorded in the loader.
pub(super) fn noted<T>(loader: &Loader, r: Result<T, LocatedError>) -> Option<T> {
    r.map_err(|e| loader.report(e)).ok()
}
