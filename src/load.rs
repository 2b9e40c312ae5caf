//! Loading rules: one way in, for every family and everything rules load into.
//!
//! [`load`] reads a spec or a file's text ([`RulesSource`]), follows its `extends` chain once,
//! compiles the merged file with its family's compiler and builds what is asked for: a
//! [`Variant`] of whichever family the file names, a family's game at a bitboard width
//! ([`Draughts`], [`Chess`]), or a family's compiled rules. [`check`] reports every problem
//! of a rules file at once, as `rulebench check` does.
//!
//! ```
//! use rulebench::{Chess, Count, Draughts, Game, Variant};
//! let russian: Draughts = rulebench::load("russian").unwrap();
//! assert_eq!(russian.perft(&russian.start(), 4, Count::Unique), 1469);
//! let xiangqi: Variant = rulebench::load("xiangqi").unwrap();
//! assert_eq!(xiangqi.id(), "xiangqi");
//! // A file's text, as if it were at a path (a relative `extends` is read from its folder).
//! let text = "schema = 1\nextends = \"russian\"\n[variant]\nsource = \"a test\"\n";
//! let mine: Variant = rulebench::load(rulebench::rules::RulesSource::text("mine.toml", text)).unwrap();
//! assert_eq!(mine.id(), "mine");
//! // A family's game cannot load another family's file.
//! assert!(rulebench::load::<Chess>("russian").is_err());
//! ```

use crate::chess::bitboard::Set;
use crate::chess::schema::ChessFile;
use crate::chess::{self, Chess};
use crate::diagnostics::LocatedError;
use crate::draughts::build::Width;
use crate::draughts::schema::DraughtsFile;
use crate::draughts::{self, Draughts};
use crate::rules::check::{Checked, check_with};
use crate::rules::{Family, Loader, RulesSource};
use crate::variant::Variant;

/// What rules load into: a game of a family at a bitboard width, a family's compiled rules,
/// or a [`Variant`] of any family. Each builds itself from the merged file of either family
/// (an error for a family it cannot hold); problems are recorded in the loader.
pub trait Load: Sized {
    /// Builds from a merged draughts rules file.
    fn from_draughts(loader: &Loader, file: DraughtsFile, id: String)
    -> Result<Self, LocatedError>;
    /// Builds from a merged chess-family rules file.
    fn from_chess(loader: &Loader, file: ChessFile, id: String) -> Result<Self, LocatedError>;
}

/// Loads rules into `T`: a shipped variant by id or alias (`russian`, `english`), a path to a
/// `.toml` file, either followed by house rules (`russian+no-compulsory-capture`), or a file's
/// text ([`RulesSource::Text`]). Every error is located in the files read.
pub fn load<'a, T: Load>(source: impl Into<RulesSource<'a>>) -> Result<T, LocatedError> {
    let source = source.into();
    let (mut loader, family) = Loader::open(source);
    let built = match family? {
        Family::Draughts => loader
            .merged::<DraughtsFile>(source)
            .and_then(|(file, id)| T::from_draughts(&loader, file, id)),
        Family::Chess => loader
            .merged::<ChessFile>(source)
            .and_then(|(file, id)| T::from_chess(&loader, file, id)),
    };
    built.map_err(|e| loader.first_problem_or(e))
}

/// Checks rules of any family: every error and warning at once, each located, and the
/// effective rules after `extends` and overlays (what `rulebench check` prints). A file is
/// checked by building it: its start position must give the first mover a legal move.
pub fn check<'a>(source: impl Into<RulesSource<'a>>) -> Checked {
    let source = source.into();
    let (loader, family) = Loader::open(source);
    match family {
        Err(e) => Checked::failed(e),
        Ok(Family::Draughts) => {
            check_with::<DraughtsFile, Variant>(loader, source, Variant::from_draughts)
        }
        // On the widest sets, so that any board size is checked.
        Ok(Family::Chess) => {
            check_with::<ChessFile, Chess<u128>>(loader, source, Chess::<u128>::from_chess)
        }
    }
}

/// The error for a file of `found`'s family loaded into a type of `wanted`'s.
fn other_family(loader: &Loader, found: Family, wanted: &str) -> LocatedError {
    let (file, span) = loader.asked();
    loader.error(
        file,
        span,
        format!(
            "this is a {} rules file, not one {wanted} can load",
            found.name()
        ),
        Some("load it as a rulebench::Variant, which holds a game of any family".into()),
    )
}

impl<B: Width> Load for Draughts<B> {
    fn from_draughts(
        loader: &Loader,
        file: DraughtsFile,
        id: String,
    ) -> Result<Self, LocatedError> {
        let rules = draughts::compile::compile(loader, file, id)?;
        Draughts::checked(loader, rules)
    }

    fn from_chess(loader: &Loader, _: ChessFile, _: String) -> Result<Self, LocatedError> {
        Err(other_family(loader, Family::Chess, "a draughts game"))
    }
}

impl Load for draughts::Rules {
    fn from_draughts(
        loader: &Loader,
        file: DraughtsFile,
        id: String,
    ) -> Result<Self, LocatedError> {
        draughts::compile::compile(loader, file, id)
    }

    fn from_chess(loader: &Loader, _: ChessFile, _: String) -> Result<Self, LocatedError> {
        Err(other_family(loader, Family::Chess, "draughts rules"))
    }
}

impl<B: Set> Load for Chess<B> {
    fn from_draughts(loader: &Loader, _: DraughtsFile, _: String) -> Result<Self, LocatedError> {
        Err(other_family(
            loader,
            Family::Draughts,
            "a chess-family game",
        ))
    }

    fn from_chess(loader: &Loader, file: ChessFile, id: String) -> Result<Self, LocatedError> {
        let rules = chess::compile::compile(loader, file, id)?;
        Chess::checked(loader, rules)
    }
}

impl Load for chess::Rules {
    fn from_draughts(loader: &Loader, _: DraughtsFile, _: String) -> Result<Self, LocatedError> {
        Err(other_family(loader, Family::Draughts, "chess-family rules"))
    }

    fn from_chess(loader: &Loader, file: ChessFile, id: String) -> Result<Self, LocatedError> {
        chess::compile::compile(loader, file, id)
    }
}

impl Load for Variant {
    /// A draughts variant with the bitboard width chosen once for it: 64 bits where the board
    /// fits, 128 where it does not.
    fn from_draughts(
        loader: &Loader,
        file: DraughtsFile,
        id: String,
    ) -> Result<Self, LocatedError> {
        let rules = draughts::compile::compile(loader, file, id)?;
        Ok(if rules.geometry.fits::<u64>() {
            Variant::Draughts(Box::new(Draughts::checked(loader, rules)?))
        } else {
            Variant::WideDraughts(Box::new(Draughts::checked(loader, rules)?))
        })
    }

    /// A chess-family variant, the width chosen as for draughts.
    fn from_chess(loader: &Loader, file: ChessFile, id: String) -> Result<Self, LocatedError> {
        let rules = chess::compile::compile(loader, file, id)?;
        Ok(if rules.fits_64() {
            Variant::Chess(Box::new(Chess::checked(loader, rules)?))
        } else {
            Variant::WideChess(Box::new(Chess::checked(loader, rules)?))
        })
    }
}
