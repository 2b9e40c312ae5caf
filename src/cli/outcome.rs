//! `outcome`: how the game stands in a position, possibly after a game's moves.

use super::args::PositionArgs;
use super::position::history;
use crate::game::Game;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `outcome`.
#[derive(clap::Args)]
pub(super) struct OutcomeArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// `outcome`: win, loss, draw or ongoing, with the reason, on one line.
pub(super) fn run(out: &mut impl Write, args: OutcomeArgs) -> Result<ExitCode> {
    let variant = crate::load::load::<Variant>(&args.position.rules)?;
    with_game!(&variant, game => {
        let history = history(game, &args.position)?;
        writeln!(out, "{}", Game::outcome(game, &history)).into_diagnostic()?;
        Ok(ExitCode::SUCCESS)
    })
}
