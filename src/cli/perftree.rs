//! `perftree`: the script contract of the perftree debugger, `DEPTH "FEN" ["MOVES"]` in,
//! `MOVE N` lines, a blank line and the total out.

use super::args::SearchArgs;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `perftree`.
#[derive(clap::Args)]
pub(super) struct PerftreeArgs {
    /// Plies to search.
    depth: String,
    /// The position (the variant's FEN format).
    #[arg(allow_hyphen_values = true)]
    fen: String,
    /// Moves played from it, separated by spaces (any notation the family reads).
    #[arg(allow_hyphen_values = true)]
    moves: Option<String>,
    /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
    #[arg(long, default_value = crate::uci::DEFAULT_VARIANT)]
    rules: String,
    #[command(flatten)]
    search: SearchArgs,
}

/// `perftree DEPTH FEN [MOVES]`: `MOVE N` lines, a blank line, the total.
pub(super) fn run(out: &mut impl Write, args: PerftreeArgs) -> Result<ExitCode> {
    let depth = match args.depth.parse::<u32>() {
        Ok(d @ 1..=crate::uci::MAX_DEPTH) => d,
        _ => {
            return Err(miette::miette!(
                "the depth is a number from 1 to {}, not `{}`",
                crate::uci::MAX_DEPTH,
                args.depth
            ));
        }
    };
    let mut session = crate::uci::Session::new(&args.rules)?;
    session.search_with(args.search.threads()?, args.search.hash_mb()?);
    session
        .set(Some(&args.fen), args.moves.as_deref().unwrap_or(""))
        .map_err(|e| miette::miette!("{e}"))?;
    let lines = session.divide(depth).map_err(|e| miette::miette!("{e}"))?;
    let mut total: u128 = 0;
    for (mv, n) in &lines {
        writeln!(out, "{mv} {n}").into_diagnostic()?;
        total += n;
    }
    writeln!(out, "\n{total}").into_diagnostic()?;
    Ok(ExitCode::SUCCESS)
}
