//! `perft` and `divide`.

use super::args::TreeArgs;
use crate::game::{Count, Game};
use crate::perft::{PerftOptions, Progress};
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::time::Instant;

/// The game's position: the FEN given, or the start.
pub(super) fn position<G: Game>(game: &G, fen: Option<&str>) -> Result<G::Position> {
    Ok(match fen {
        Some(f) => game.parse_fen(f)?,
        None => game.start(),
    })
}

pub(super) fn perft(out: &mut impl Write, args: &TreeArgs, json: bool) -> Result<()> {
    let depth = args.depth(0)?;
    let (threads, hash_mb) = (args.threads()?, args.hash_mb()?);
    let variant = Variant::load(&args.rules)?;
    with_game!(&variant, game => {
        let pos = position(game, args.fen.as_deref())?;
        let progress = Progress::new("perft");
        let update = |done, total| progress.update(done, total);
        let options = PerftOptions {
            threads,
            hash_mb,
            progress: Some(&update),
        };
        let count: Count = args.count.into();
        let started = Instant::now();
        let nodes = crate::perft::perft(game, &pos, depth, count, &options);
        let seconds = started.elapsed().as_secs_f64();
        progress.finish();
        if json {
            let value = serde_json::json!({
                "variant": game.id(),
                "family": game.family().name(),
                "fen": game.fen(&pos),
                "depth": depth,
                "count": count.name(),
                "nodes": nodes.to_string().parse::<serde_json::Number>().into_diagnostic()?,
                "seconds": seconds,
                "threads": threads,
                "hash_mb": hash_mb,
                "nodes_per_second": (nodes as f64 / seconds.max(1e-9)).round(),
            });
            writeln!(out, "{value}").into_diagnostic()?;
        } else {
            writeln!(out, "{nodes}").into_diagnostic()?;
            eprintln!(
                "perft {depth} ({}) of {}: {nodes} nodes in {seconds:.3} s ({:.1} Mnps, {threads} thread{}, hash {hash_mb} MiB)",
                count.name(),
                game.id(),
                nodes as f64 / seconds.max(1e-9) / 1e6,
                if threads == 1 { "" } else { "s" }
            );
        }
        Ok(())
    })
}

pub(super) fn divide(out: &mut impl Write, args: &TreeArgs) -> Result<()> {
    let depth = args.depth(1)?;
    let options = PerftOptions {
        threads: args.threads()?,
        hash_mb: args.hash_mb()?,
        progress: None,
    };
    let variant = Variant::load(&args.rules)?;
    with_game!(&variant, game => {
        let pos = position(game, args.fen.as_deref())?;
        let started = Instant::now();
        let lines = crate::perft::divide(game, &pos, depth, args.count.into(), &options);
        let mut total: u128 = 0;
        for (mv, n) in &lines {
            writeln!(out, "{mv}: {n}").into_diagnostic()?;
            total += n;
        }
        writeln!(out, "\nNodes searched: {total}").into_diagnostic()?;
        eprintln!("{:.3} s", started.elapsed().as_secs_f64());
        Ok(())
    })
}
