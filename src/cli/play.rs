//! `moves` and `outcome`: a position, possibly after a game's moves.

use super::args::PositionArgs;
use super::tree::position;
use crate::game::Game;
use crate::notation::natural_cmp;
use crate::present::Present;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;

/// The positions of the game the arguments describe: the FEN (or start), then every move.
pub(super) fn history<G: Game>(game: &G, args: &PositionArgs) -> Result<Vec<G::Position>> {
    let start = position(game, args.fen.as_deref())?;
    let text = args.moves.as_deref().unwrap_or("");
    Ok(crate::replay::replay(game, &start, text, "--moves", true)?)
}

pub(super) fn moves(
    out: &mut impl Write,
    args: &PositionArgs,
    json: bool,
    notation: Option<&str>,
) -> Result<()> {
    let variant = crate::load::load::<Variant>(&args.rules)?;
    with_game!(&variant, game => {
        let history = history(game, args)?;
        let pos = history.last().expect("the start at least");
        let offered = game.notations();
        let notation = match notation {
            None => offered[0],
            Some(n) => *offered.iter().find(|o| **o == n).ok_or_else(|| {
                miette::miette!(
                    help = format!("{} writes moves in: {}", game.id(), offered.join(", ")),
                    "unknown notation `{n}`"
                )
            })?,
        };
        let mut moves = game.moves_in(pos, notation);
        moves.retain(|(mv, _)| game.refused_in_game(&history, mv).is_none());
        moves.sort_by(|a, b| natural_cmp(&a.1, &b.1));
        if json {
            let list: Vec<_> = moves
                .iter()
                .map(|(mv, text)| game.move_json(pos, mv, text))
                .collect();
            writeln!(out, "{}", serde_json::Value::Array(list)).into_diagnostic()?;
        } else {
            for (_, text) in &moves {
                writeln!(out, "{text}").into_diagnostic()?;
            }
        }
        Ok(())
    })
}

pub(super) fn outcome(out: &mut impl Write, args: &PositionArgs) -> Result<()> {
    let variant = crate::load::load::<Variant>(&args.rules)?;
    with_game!(&variant, game => {
        let history = history(game, args)?;
        writeln!(out, "{}", Game::outcome(game, &history)).into_diagnostic()?;
        Ok(())
    })
}
