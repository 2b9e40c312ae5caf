//! `show`: the board in the terminal and as SVG.

use super::args::PositionArgs;
use super::play::history;
use crate::game::Game;
use crate::render::{svg, terminal};
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;

/// Draws the position after the moves: on `out`, and with `svg` also as an SVG file.
pub(super) fn show(
    out: &mut impl Write,
    args: &PositionArgs,
    numbers: bool,
    ascii: bool,
    svg: Option<&std::path::Path>,
) -> Result<()> {
    let variant = Variant::load(&args.rules)?;
    with_game!(&variant, game => {
        let history = history(game, args)?;
        let pos = history.last().expect("the start at least");
        let view = game.view(pos, numbers);
        write!(out, "{}", terminal::render(&view, !ascii)).into_diagnostic()?;
        if let Some(path) = svg {
            std::fs::write(path, svg::render(&view, &[])).map_err(|e| {
                miette::miette!(
                    help = "check that the folder exists and can be written",
                    "cannot write the SVG picture to {}: {e}",
                    path.display()
                )
            })?;
        }
        Ok(())
    })
}
