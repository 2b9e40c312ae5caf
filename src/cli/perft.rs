//! `perft`: the leaf nodes of the move tree, or with `--stats` the statistics published
//! tables carry; with the splitting options, a shard of the count (in `perft_shards`).

use super::args::{SplitArgs, TreeArgs};
use super::counts::{exact, json_count};
use super::long_run::announce_long_run;
use super::perft_shards;
use super::position::position;
use crate::count::Count;
use crate::game::Game;
use crate::perft::{PerftOptions, Progress};
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// The arguments of `perft`.
#[derive(clap::Args)]
pub(super) struct PerftArgs {
    #[command(flatten)]
    tree: TreeArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Count the statistics published tables carry besides nodes, over the moves of the
    /// last ply: captures, ep, castles, promotions, checks, mates (chess family, the
    /// columns its rules give a meaning to); captures, promotions and the longest capture
    /// (draughts). A slower search than nodes alone; with --hash, a table whose entries
    /// hold whole statistics.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    split: SplitArgs,
}

/// `perft`: the count of nodes, of statistics, or of a shard.
pub(super) fn run(out: &mut impl Write, args: PerftArgs) -> Result<ExitCode> {
    let PerftArgs {
        tree,
        json,
        stats,
        split,
    } = args;
    match (stats, split.any()) {
        (true, true) => Err(miette::miette!(
            help = "count the statistics in one run (with --threads), or the shards without them",
            "--stats cannot be split into shards yet"
        )),
        (false, true) => perft_shards::perft(out, &tree, &split, json),
        (true, false) => perft_stats(out, &tree, json),
        (false, false) => perft(out, &tree, json),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// `perft` alone: the number of leaves (or one JSON object), the speed on stderr.
fn perft(out: &mut impl Write, args: &TreeArgs, json: bool) -> Result<()> {
    let depth = args.depth(0)?;
    let (threads, hash_mb) = (args.threads()?, args.hash_mb()?);
    let variant = crate::load::load::<Variant>(&args.rules)?;
    with_game!(&variant, game => {
        let pos = position(game, args.fen.as_deref())?;
        let guess = announce_long_run(game, &pos, args, threads, 1.0, false)?;
        let progress = Progress::new("perft");
        let update = |done, total| progress.update(done, total);
        let options = PerftOptions {
            threads,
            hash_mb,
            progress: Some(&update),
            stop: None,
        };
        let count: Count = args.count.into();
        let started = Instant::now();
        let nodes = crate::perft::perft(game, &pos, depth, count, &options);
        let seconds = started.elapsed().as_secs_f64();
        progress.finish();
        let nodes = exact(nodes, &format!("perft {depth}"))?;
        if json {
            let mut value = run_json(game, &pos, depth, count, seconds, threads);
            value.insert("nodes".into(), json_count(nodes)?.into());
            value.insert("hash_mb".into(), hash_mb.into());
            let speed = (nodes as f64 / seconds.max(1e-9)).round();
            value.insert("nodes_per_second".into(), speed.into());
            value.insert("estimated_seconds".into(), guess.seconds.into());
            writeln!(out, "{}", serde_json::Value::Object(value)).into_diagnostic()?;
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

/// What `perft --json` and `perft --stats --json` both say of a run: the variant, position,
/// depth, convention, time and threads.
fn run_json<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    seconds: f64,
    threads: usize,
) -> serde_json::Map<String, serde_json::Value> {
    let value = serde_json::json!({
        "variant": game.id(),
        "family": game.family().name(),
        "fen": game.fen(pos),
        "depth": depth,
        "count": count.name(),
        "seconds": seconds,
        "threads": threads,
    });
    match value {
        serde_json::Value::Object(map) => map,
        _ => unreachable!("a JSON object literal"),
    }
}

/// `perft --stats`: each column the rules give a meaning to, `NAME N` a line (or one JSON
/// object with a `stats` object).
fn perft_stats(out: &mut impl Write, args: &TreeArgs, json: bool) -> Result<()> {
    let depth = args.depth(0)?;
    let threads = args.threads()?;
    let hash_mb = args.hash_mb()?;
    let variant = crate::load::load::<Variant>(&args.rules)?;
    with_game!(&variant, game => {
        let pos = position(game, args.fen.as_deref())?;
        let guess = announce_long_run(game, &pos, args, threads, 1.0, true)?;
        let progress = Progress::new("perft --stats");
        let update = |done, total| progress.update(done, total);
        let options = PerftOptions {
            threads,
            hash_mb,
            progress: Some(&update),
            stop: None,
        };
        let count: Count = args.count.into();
        let started = Instant::now();
        let stats = crate::perft::stats::perft_stats(game, &pos, depth, count, &options);
        let seconds = started.elapsed().as_secs_f64();
        progress.finish();
        let columns = game.stat_columns();
        for c in &columns {
            exact(stats.get(*c), &format!("perft {depth}'s {}", c.name()))?;
        }
        if json {
            let mut values = serde_json::Map::new();
            for c in &columns {
                values.insert(c.name().to_string(), json_count(stats.get(*c))?.into());
            }
            let mut value = run_json(game, &pos, depth, count, seconds, threads);
            value.insert("hash_mb".into(), hash_mb.into());
            value.insert("estimated_seconds".into(), guess.seconds.into());
            value.insert("stats".into(), values.into());
            writeln!(out, "{}", serde_json::Value::Object(value)).into_diagnostic()?;
        } else {
            let width = columns.iter().map(|c| c.name().len()).max().unwrap_or(0);
            for c in &columns {
                writeln!(out, "{:width$} {}", c.name(), stats.get(*c)).into_diagnostic()?;
            }
            eprintln!(
                "perft {depth} ({}) of {} with statistics: {} nodes in {seconds:.3} s ({threads} thread{}, hash {hash_mb} MiB)",
                count.name(),
                game.id(),
                stats.nodes,
                if threads == 1 { "" } else { "s" }
            );
        }
        Ok(())
    })
}
