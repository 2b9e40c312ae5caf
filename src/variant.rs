//! A loaded variant of any family, chosen by the `family` its rules file names: what the
//! command line and the fixture runner hold.

use crate::chess::Chess;
use crate::chess::schema::ChessFile;
use crate::diagnostics::LocatedError;
use crate::draughts::Draughts;
use crate::draughts::schema::DraughtsFile;
use crate::game::Game;
use crate::present::Present;
use crate::rules::{Family, Loader, family_of};

/// A variant of any family, ready to play.
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
    /// Loads a rules spec (`russian`, `xiangqi`, `my/file.toml`, `russian+house-rule`) with
    /// the engine of the family its file names.
    pub fn load(spec: &str) -> Result<Variant, LocatedError> {
        match family_of(spec)? {
            Family::Draughts => Ok(Variant::of_draughts(crate::draughts::Rules::load(spec)?)),
            Family::Chess => Variant::of_chess(Loader::load::<ChessFile>(spec)?),
        }
    }

    /// Loads a rules file given as its text, as if it were at `name` (a relative `extends`
    /// is read from `name`'s folder; errors point into `name`), with the engine of its family.
    pub fn from_toml(name: &str, text: &str) -> Result<Variant, LocatedError> {
        match Loader::family_of_text(name, text)? {
            Family::Draughts => Ok(Variant::of_draughts(crate::draughts::Rules::from_toml(
                name, text,
            )?)),
            Family::Chess => Variant::of_chess(Loader::from_toml::<ChessFile>(name, text)?),
        }
    }

    /// A draughts variant with the bitboard width chosen once for it: 64 bits where the board
    /// fits, 128 where it does not.
    fn of_draughts(rules: crate::draughts::Rules) -> Variant {
        if rules.geometry.fits::<u64>() {
            Variant::Draughts(Box::new(Draughts::new(rules)))
        } else {
            Variant::WideDraughts(Box::new(Draughts::<u128>::build(rules)))
        }
    }

    /// A chess-family variant compiled from its merged file, the width chosen as for draughts.
    fn of_chess((loader, file, id): (Loader, ChessFile, String)) -> Result<Variant, LocatedError> {
        let rules = crate::chess::compile::compile(&loader, file, id)?;
        Ok(if rules.fits_64() {
            Variant::Chess(Box::new(Chess::checked(&loader, rules)?))
        } else {
            Variant::WideChess(Box::new(Chess::checked(&loader, rules)?))
        })
    }

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

/// Checks a rules spec of any family: every error and warning, and the resolved rules.
pub fn check(spec: &str) -> crate::rules::Checked {
    use crate::rules::check_with;
    match family_of(spec) {
        Err(e) => failed(e),
        Ok(Family::Draughts) => {
            check_with::<DraughtsFile, _>(spec, crate::draughts::rules::compile)
        }
        Ok(Family::Chess) => check_with::<ChessFile, _>(spec, compile_chess),
    }
}

/// Checks the text of a rules file of any family as if it were at `name` (what an editor
/// holds before it is saved): every error and warning, and the resolved rules.
pub fn check_text(name: &str, text: &str) -> crate::rules::Checked {
    use crate::rules::check_text_with;
    match Loader::family_of_text(name, text) {
        Err(e) => failed(e),
        Ok(Family::Draughts) => {
            check_text_with::<DraughtsFile, _>(name, text, crate::draughts::rules::compile)
        }
        Ok(Family::Chess) => check_text_with::<ChessFile, _>(name, text, compile_chess),
    }
}

/// A check that stopped before the family was known.
fn failed(e: LocatedError) -> crate::rules::Checked {
    crate::rules::Checked {
        errors: vec![e],
        ..Default::default()
    }
}

/// Compiles a chess-family file as `check` does (on the widest sets, so that any board size
/// is checked).
fn compile_chess(
    loader: &Loader,
    file: ChessFile,
    id: String,
) -> Result<Chess<u128>, LocatedError> {
    let rules = crate::chess::compile::compile(loader, file, id)?;
    Chess::<u128>::checked(loader, rules)
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
