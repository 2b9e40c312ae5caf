//! `divide`: the perft of each legal move, `MOVE: N` lines, a blank line and the total.

use super::args::TreeArgs;
use super::counts::exact;
use super::long_run::announce_long_run;
use super::position::position;
use crate::perft::PerftOptions;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// The arguments of `divide`.
#[derive(clap::Args)]
pub(super) struct DivideArgs {
    #[command(flatten)]
    tree: TreeArgs,
}

/// `divide`: `MOVE: N` lines, a blank line, `Nodes searched: N`; the time on stderr.
pub(super) fn run(out: &mut impl Write, args: DivideArgs) -> Result<ExitCode> {
    let args = args.tree;
    let depth = args.depth(1)?;
    let options = PerftOptions {
        threads: args.threads()?,
        hash_mb: args.hash_mb()?,
        progress: None,
        stop: None,
    };
    let variant = crate::load::load::<Variant>(&args.rules)?;
    with_game!(&variant, game => {
        let pos = position(game, args.fen.as_deref())?;
        announce_long_run(game, &pos, &args, options.threads, 1.0, false)?;
        let started = Instant::now();
        let lines = crate::perft::divide(game, &pos, depth, args.count.into(), &options);
        let mut total: u128 = 0;
        for (mv, n) in &lines {
            let n = exact(*n, &format!("perft {} after {mv}", depth - 1))?;
            writeln!(out, "{mv}: {n}").into_diagnostic()?;
            total = exact(total.saturating_add(n), &format!("perft {depth}"))?;
        }
        writeln!(out, "\nNodes searched: {total}").into_diagnostic()?;
        eprintln!("{:.3} s", started.elapsed().as_secs_f64());
        Ok(ExitCode::SUCCESS)
    })
}
