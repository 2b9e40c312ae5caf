//! A loaded variant of any family, chosen by the `family` its rules file names: what the
//! command line and the fixture runner hold.

use crate::chess::Chess;
use crate::diagnostics::LocatedError;
use crate::draughts::Draughts;
use crate::rules::{Family, family_of};

/// A variant of any family, ready to play.
#[derive(Clone, Debug)]
pub enum Variant {
    /// A draughts variant.
    Draughts(Box<Draughts>),
    /// A chess-family variant.
    Chess(Box<Chess>),
}

impl Variant {
    /// Loads a rules spec (`russian`, `xiangqi`, `my/file.toml`, `russian+house-rule`) with
    /// the engine of the family its file names.
    pub fn load(spec: &str) -> Result<Variant, LocatedError> {
        Ok(match family_of(spec)? {
            Family::Draughts => Variant::Draughts(Box::new(Draughts::load(spec)?)),
            Family::Chess => Variant::Chess(Box::new(Chess::load(spec)?)),
        })
    }
}

/// Checks a rules spec of any family: every error and warning, and the resolved rules.
pub fn check(spec: &str) -> crate::rules::Checked {
    match family_of(spec) {
        Err(e) => crate::rules::Checked {
            errors: vec![e],
            ..Default::default()
        },
        Ok(Family::Draughts) => {
            crate::rules::check_with::<crate::draughts::schema::DraughtsFile, _>(
                spec,
                crate::draughts::rules::compile,
            )
        }
        Ok(Family::Chess) => crate::rules::check_with::<crate::chess::schema::ChessFile, _>(
            spec,
            crate::chess::compile::compile,
        ),
    }
}

/// Runs `$body` with `$game` bound to the variant's game, whatever its family (a generic
/// function called once per family).
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $game:ident => $body:expr) => {
        match $variant {
            $crate::variant::Variant::Draughts($game) => {
                let $game: &$crate::draughts::Draughts = $game;
                $body
            }
            $crate::variant::Variant::Chess($game) => {
                let $game: &$crate::chess::Chess = $game;
                $body
            }
        }
    };
}
