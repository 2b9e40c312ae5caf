//! `perft` and `divide`.

use super::args::{SearchArgs, TreeArgs};
use crate::count::Count;
use crate::game::Game;
use crate::perft::{Estimate, PerftOptions, Progress, estimate, estimate_stats, human_duration};
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

pub(super) fn perft(out: &mut impl Write, args: &TreeArgs, json: bool) -> Result<()> {
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

/// `n`, unless it reached [`crate::count::COUNT_LIMIT`] (the sums stop there): then an error that
/// says the count is that or more.
fn exact(n: u128, what: &str) -> Result<u128> {
    crate::count::exact_count(n)
        .map_err(|e| miette::miette!(help = "choose a smaller --depth", "{what}: {e}"))
}

/// A count as a JSON number, exact whatever its size (JSON numbers have no upper bound).
fn json_count(n: u128) -> Result<serde_json::Number> {
    n.to_string()
        .parse::<serde_json::Number>()
        .into_diagnostic()
}

/// `perft --stats`: each column the rules give a meaning to, `NAME N` a line (or one JSON
/// object with a `stats` object).
pub(super) fn perft_stats(out: &mut impl Write, args: &TreeArgs, json: bool) -> Result<()> {
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

pub(super) fn divide(out: &mut impl Write, args: &TreeArgs) -> Result<()> {
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
        announce_long_run(game, &pos, args, options.threads, 1.0, false)?;
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
        Ok(())
    })
}

/// `perftree DEPTH FEN [MOVES]`: `MOVE N` lines, a blank line, the total.
pub(super) fn perftree(
    out: &mut impl Write,
    rules: &str,
    depth: &str,
    fen: &str,
    moves: Option<&str>,
    search: &SearchArgs,
) -> Result<()> {
    let depth = match depth.parse::<u32>() {
        Ok(d @ 1..=crate::uci::MAX_DEPTH) => d,
        _ => {
            return Err(miette::miette!(
                "the depth is a number from 1 to {}, not `{depth}`",
                crate::uci::MAX_DEPTH
            ));
        }
    };
    let mut session = crate::uci::Session::new(rules)?;
    session.search_with(search.threads()?, search.hash_mb()?);
    session
        .set(Some(fen), moves.unwrap_or(""))
        .map_err(|e| miette::miette!("{e}"))?;
    let lines = session.divide(depth).map_err(|e| miette::miette!("{e}"))?;
    let mut total: u128 = 0;
    for (mv, n) in &lines {
        writeln!(out, "{mv} {n}").into_diagnostic()?;
        total += n;
    }
    writeln!(out, "\n{total}").into_diagnostic()?;
    Ok(())
}

/// `uci`: a UCI session on stdin and stdout.
pub(super) fn uci(out: &mut impl Write, rules: &str) -> Result<()> {
    let mut session = crate::uci::Session::new(rules)?;
    session
        .serve(std::io::stdin().lock(), out)
        .into_diagnostic()
}
