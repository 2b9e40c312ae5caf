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
    let at = v.span.start + 1;
    let parsed = betza::parse(&v.value).map_err(|e| {
        loader.error(
            v.file,
            at + e.span.start..at + e.span.end.max(e.span.start + 1),
            e.message,
            Some(e.help),
        )
    })?;
    if let Some(span) = lone_direction_on_knight(&v.value) {
        let written = &v.value[span.clone()];
        loader.warn(loader.error(
            v.file,
            at + span.start..at + span.end,
            format!(
                "`{written}` is the four {} knight leaps here (XBetza); Fairy-Stockfish reads it as the two narrow ones",
                if written.contains('f') { "forward" } else { "backward" }
            ),
            Some(format!(
                "write `{narrow}N` for the two narrow leaps (what Fairy-Stockfish means by `{written}`), `{narrow}N{wide}N` for all four",
                narrow = if written.contains('f') { "ff" } else { "bb" },
                wide = if written.contains('f') { "fs" } else { "bs" },
            )),
        ));
    }
    Ok(parsed)
}

/// The first knight (`N`) whose modifiers name exactly one direction, `f` or `b` (`fN`,
/// `mfN`): XBetza reads it as four leaps, Fairy-Stockfish as two (its `fN` is XBetza's `ffN`).
fn lone_direction_on_knight(text: &str) -> Option<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        // `NN` is the nightrider: its own atom.
        if b != b'N' || bytes.get(i + 1) == Some(&b'N') {
            continue;
        }
        let start = bytes[..i]
            .iter()
            .rposition(|c| !c.is_ascii_lowercase())
            .map_or(0, |p| p + 1);
        let directions: Vec<u8> = bytes[start..i]
            .iter()
            .copied()
            .filter(|c| b"fblrvsh".contains(c))
            .collect();
        if directions == b"f" || directions == b"b" {
            return Some(start..i + 1);
        }
    }
    None
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
