//! `moves`: the legal moves of a position, possibly after a game's moves, one a line or as
//! JSON.

use super::args::PositionArgs;
use super::position::history;
use crate::game::Game;
use crate::notation::natural_cmp;
use crate::present::Present;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `moves`.
#[derive(clap::Args)]
pub(super) struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print a JSON list of moves.
    #[arg(long)]
    json: bool,
    /// The notation to write moves in: one the variant's file lists (draughts: pdn; chess
    /// family: as its `[notation] moves` says, e.g. uci and san, or coordinates, ucci, wxf).
    #[arg(long)]
    notation: Option<String>,
}

/// `moves`: the legal moves in the notation asked for (the variant's first by default),
/// sorted, without those the game's earlier moves forbid (as Frisian kings' three moves).
pub(super) fn run(out: &mut impl Write, args: MovesArgs) -> Result<ExitCode> {
    let variant = crate::load::load::<Variant>(&args.position.rules)?;
    with_game!(&variant, game => {
        let history = history(game, &args.position)?;
        let pos = history.last().expect("the start at least");
        let offered = game.notations();
        let notation = match args.notation.as_deref() {
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
        if args.json {
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
        Ok(ExitCode::SUCCESS)
    })
}
