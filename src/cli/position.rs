//! The position a verb's arguments name: a FEN or the start, then the moves of `--moves`.

use super::args::PositionArgs;
use crate::game::Game;
use miette::Result;

/// The game's position: the FEN given, or the start.
pub(super) fn position<G: Game>(game: &G, fen: Option<&str>) -> Result<G::Position> {
    Ok(match fen {
        Some(f) => game.parse_fen(f)?,
        None => game.start(),
    })
}

/// The positions of the game the arguments describe: the FEN (or start), then every move.
pub(super) fn history<G: Game>(game: &G, args: &PositionArgs) -> Result<Vec<G::Position>> {
    let start = position(game, args.fen.as_deref())?;
    let text = args.moves.as_deref().unwrap_or("");
    Ok(crate::replay::replay(game, &start, text, "--moves", true)?)
}
