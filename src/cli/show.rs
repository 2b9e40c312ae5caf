//! `show`: the board in the terminal, and as an SVG picture.

use super::args::PositionArgs;
use super::position::history;
use crate::present::Present;
use crate::render::{svg, terminal};
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `show`.
#[derive(clap::Args)]
pub(super) struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Label every playable cell with its square number or point name.
    #[arg(long)]
    numbers: bool,
    /// Plain ASCII instead of Unicode.
    #[arg(long)]
    ascii: bool,
    /// Also write the board as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
}

/// Draws the position after the moves: on `out`, and with `--svg` also as an SVG file.
pub(super) fn run(out: &mut impl Write, args: ShowArgs) -> Result<ExitCode> {
    let variant = crate::load::load::<Variant>(&args.position.rules)?;
    with_game!(&variant, game => {
        let history = history(game, &args.position)?;
        let pos = history.last().expect("the start at least");
        let view = game.view(pos, args.numbers);
        write!(out, "{}", terminal::render(&view, !args.ascii)).into_diagnostic()?;
        if let Some(path) = &args.svg {
            std::fs::write(path, svg::render(&view, &[])).map_err(|e| {
                miette::miette!(
                    help = "check that the folder exists and can be written",
                    "cannot write the SVG picture to {}: {e}",
                    path.display()
                )
            })?;
        }
        Ok(ExitCode::SUCCESS)
    })
}
