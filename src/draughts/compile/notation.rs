//! The `[notation]` section: numeric or algebraic squares, the separators, the PDN GameType.

use crate::draughts::rules::Notation;
use crate::draughts::schema::{DraughtsFile, SquareNotation};
use crate::rules::{Loader, Val, need};

/// The keys of `[notation]`, each `None` where it is missing (and the problem recorded).
pub(super) struct NotationKeys<'a> {
    squares: Option<&'a Val<SquareNotation>>,
    capture_separator: Option<&'a Val<String>>,
    move_separator: Option<&'a Val<String>>,
}

impl<'a> NotationKeys<'a> {
    /// Reads the keys, recording what is missing and warning about separators a reader
    /// cannot tell apart.
    pub(super) fn read(loader: &Loader, file: &'a DraughtsFile) -> NotationKeys<'a> {
        let squares = need!(
            loader,
            file,
            notation.squares,
            "`squares = \"numeric\"` or \"algebraic\""
        );
        let capture_separator = need!(
            loader,
            file,
            notation.capture_separator,
            "`capture_separator = \"x\"` (or \":\")"
        );
        let move_separator = need!(
            loader,
            file,
            notation.move_separator,
            "`move_separator = \"-\"`"
        );
        if let (Some(c), Some(m)) = (capture_separator, move_separator)
            && c.value == m.value
        {
            loader.warn(loader.at(
                m,
                "`move_separator` is the same as `capture_separator`",
                Some(
                    "moves are still read (their squares tell them apart), but a reader cannot \
                     tell a capture from a move at a glance: use two, e.g. \"-\" and \"x\""
                        .into(),
                ),
            ));
        }
        NotationKeys {
            squares,
            capture_separator,
            move_separator,
        }
    }

    /// Records separators that cannot separate squares.
    pub(super) fn check(&self, loader: &Loader) {
        for sep in [self.capture_separator, self.move_separator]
            .into_iter()
            .flatten()
        {
            if sep.value.is_empty()
                || sep
                    .value
                    .chars()
                    .any(|c| c.is_alphanumeric() && c != 'x' || c.is_whitespace())
            {
                loader.report(loader.at(
                    sep,
                    format!("`{}` cannot separate squares", sep.value),
                    Some("use punctuation such as `-`, `x` or `:`".into()),
                ));
            }
        }
    }

    /// How moves are written; `None` when a key is missing.
    pub(super) fn notation(&self, file: &DraughtsFile) -> Option<Notation> {
        let pdn_game_type = file
            .notation
            .as_ref()
            .and_then(|n| n.value.pdn_game_type.as_ref())
            .map(|v| v.value);
        Some(Notation {
            squares: self.squares?.value,
            capture_separator: self.capture_separator?.value.clone(),
            move_separator: self.move_separator?.value.clone(),
            pdn_game_type,
        })
    }
}
