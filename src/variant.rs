//! A loaded variant of any family, chosen by the `family` its rules file names: what the
//! command line and the fixture runner hold (`rulebench::load::<Variant>`).

use crate::chess::Chess;
use crate::draughts::Draughts;
use crate::game::Game;
use crate::present::Present;
use crate::rules::Family;

/// A variant of any family, ready to play: loaded by [`crate::load::load`], which chooses the
/// family its file names and the width of the bitboards its board needs.
#[derive(Clone, Debug)]
pub enum Variant {
    /// A draughts variant on a board that fits 64-bit bitboards.
    Draughts(Box<Draughts>),
    /// A draughts variant on a board that needs 128-bit bitboards (12x12).
    WideDraughts(Box<Draughts<u128>>),
    /// A chess-family variant on a board of at most 64 points (64-bit sets).
    Chess(Box<Chess<u64>>),
    /// A chess-family variant on a larger board (128-bit sets).
    WideChess(Box<Chess<u128>>),
}

impl Variant {
    /// The variant's id (`russian`, `russian+no-compulsory-capture`, a file's stem).
    pub fn id(&self) -> &str {
        crate::with_game!(self, game => Game::id(game))
    }

    /// The variant's name for people.
    pub fn name(&self) -> &str {
        crate::with_game!(self, game => Game::name(game))
    }

    /// The family whose engine plays it.
    pub fn family(&self) -> Family {
        crate::with_game!(self, game => Game::family(game))
    }

    /// The rules in plain sentences, one paragraph each (`explain`).
    pub fn explain(&self) -> Vec<String> {
        crate::with_game!(self, game => Present::explain(game))
    }

    /// The two sides as the rules name them, the one that moves first first.
    pub fn side_names(&self) -> [&str; 2] {
        crate::with_game!(self, game => Game::side_names(game))
    }
}

/// The JSON Schema (draft-07) of `family`'s rules files, as the text of a `.json` file (what
/// `rulebench schema` prints and `schemas/` holds).
pub fn json_schema(family: Family) -> String {
    match family {
        Family::Draughts => {
            crate::rules::json_schema_text::<crate::draughts::schema::DraughtsFile>()
        }
        Family::Chess => crate::rules::json_schema_text::<crate::chess::schema::ChessFile>(),
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
            $crate::variant::Variant::WideDraughts($game) => {
                let $game: &$crate::draughts::Draughts<u128> = $game;
                $body
            }
            $crate::variant::Variant::Chess($game) => {
                let $game: &$crate::chess::Chess<u64> = $game;
                $body
            }
            $crate::variant::Variant::WideChess($game) => {
                let $game: &$crate::chess::Chess<u128> = $game;
                $body
            }
        }
    };
}
