//! The warning before a long search: perft, divide and a shard of perft measure the tree
//! first and say on stderr how long the search will take.

use super::args::TreeArgs;
use crate::game::Game;
use crate::perft::{Estimate, estimate, estimate_stats, human_duration};
use miette::Result;

/// The longest search run without a word: anything expected to take longer is announced on
/// stderr, and needs `--yes` when stdin is a terminal (someone is there to read it).
const LONG_RUN_SECONDS: f64 = 60.0;

/// Measures the tree at shallow depth and, when the search is expected to take more than a
/// minute, says so on stderr; at a terminal without `--yes`, stops with the estimate.
/// `share` is the part of the tree this run counts (one shard of several: about 1/N); `stats`
/// says the run counts the perft statistics (a slower search, measured as such). Returns the
/// guess.
pub(super) fn announce_long_run<G: Game>(
    game: &G,
    pos: &G::Position,
    args: &TreeArgs,
    threads: usize,
    share: f64,
    stats: bool,
) -> Result<Estimate> {
    use std::io::IsTerminal;
    let depth = args.depth;
    let short = LONG_RUN_SECONDS / share.max(1e-9);
    let hash_mb = args.hash_mb()?;
    let guess = if stats { estimate_stats } else { estimate };
    let mut e = guess(game, pos, depth, args.count.into(), threads, short, hash_mb);
    e.seconds *= share;
    e.nodes *= share;
    if e.seconds <= LONG_RUN_SECONDS {
        return Ok(e);
    }
    let time = human_duration(e.seconds);
    let what = format!(
        "perft {depth} of {}{} is expected to take about {time} here ({threads} thread{}): about {:.1e} leaves, {:.2} a ply measured to depth {} ({} leaves)",
        game.id(),
        if share < 1.0 {
            ", this shard's part,"
        } else {
            ""
        },
        if threads == 1 { "" } else { "s" },
        e.nodes,
        e.branching,
        e.measured_depth,
        e.measured_nodes,
    ) + &e
        .time_per_ply_with_table
        .map(|t| format!("; with the table, {t:.2} times longer a ply"))
        .unwrap_or_default();
    if args.yes || !std::io::stdin().is_terminal() {
        eprintln!("{what}");
        return Ok(e);
    }
    Err(miette::miette!(
        help = "add --yes to run it anyway (Ctrl-C stops it), or choose a smaller --depth",
        "{what}"
    ))
}
