//! `perft --split-depth/--shards/--shard/--list/--fen-list/--checkpoint`: a perft cut into
//! shards that any batch system runs (`merge` adds up their results), a frontier listed, a
//! list of positions counted, a count that resumes from a checkpoint.

use super::args::{SplitArgs, TreeArgs};
use super::long_run::announce_long_run;
use super::position::position;
use crate::count::Count;
use crate::game::Game;
use crate::perft::checkpoint::{Checkpoint, Header};
use crate::perft::job::{Job, ShardResult};
use crate::perft::shard::{Frontier, Subtree, count_subtrees};
use crate::perft::{PerftOptions, Progress};
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result, miette};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// The smallest frontier a checkpoint without `--split-depth` cuts the tree into: enough
/// subtrees that a kill loses little.
const CHECKPOINT_SUBTREES: usize = 1000;

/// Largest `--fen-list` file (a frontier of a million positions) or file of shard results
/// read.
const MAX_LIST_BYTES: u64 = 256 << 20;

/// `perft` with any of the splitting options.
pub(super) fn perft(
    out: &mut impl Write,
    args: &TreeArgs,
    split: &SplitArgs,
    json: bool,
) -> Result<()> {
    let depth = args.depth(0)?;
    let shards = split.shards.unwrap_or(1);
    if shards == 0 {
        return Err(miette!("--shards must be at least 1"));
    }
    if split.shards.is_some() && split.split_depth.is_none() {
        return Err(miette!(
            help = "add --split-depth K: the shards share out the positions K plies deep",
            "--shards needs --split-depth"
        ));
    }
    let shard = match (split.shard, split.shards) {
        (Some(i), Some(n)) if i >= n => {
            return Err(miette!(
                "--shard {i} of {n} shards: shards are numbered 0 to {}",
                n - 1
            ));
        }
        (Some(_), None) => return Err(miette!("--shard needs --shards")),
        (None, Some(n)) if n > 1 && !split.list => {
            return Err(miette!(
                help = "batch systems give each job its index: --shard $SLURM_ARRAY_TASK_ID, --shard {{}} with GNU parallel",
                "--shards {n} needs --shard I: which one this run counts"
            ));
        }
        (i, _) => i,
    };
    if let Some(k) = split.split_depth
        && k > depth
    {
        return Err(miette!("--split-depth {k} is deeper than --depth {depth}"));
    }
    let (threads, hash_mb) = (args.threads()?, args.hash_mb()?);
    let variant = crate::load::load::<Variant>(&args.rules)?;
    let rules_sha256 = crate::publish::rules_hash(&args.rules);
    with_game!(&variant, game => {
        let count: Count = args.count.into();
        if let Some(list) = &split.fen_list {
            return fen_list(out, game, args, list, split.checkpoint.as_deref(), json, &rules_sha256);
        }
        let pos = position(game, args.fen.as_deref())?;
        let split_depth = match split.split_depth {
            Some(k) => k,
            None => auto_split_depth(game, &pos, depth),
        };
        let frontier = Frontier::new(game, &pos, depth, split_depth, count);
        let mine: Vec<Subtree<_>> = match shard {
            Some(i) => frontier.shard(shards, i),
            None => frontier.subtrees.clone(),
        };
        if split.list {
            for s in &mine {
                writeln!(out, "{} {}", s.fen, s.multiplicity).into_diagnostic()?;
            }
            return Ok(());
        }
        let job = Job {
            rules: args.rules.clone(),
            rules_sha256: rules_sha256.clone(),
            fen: game.fen(&pos),
            depth,
            split_depth: frontier.split_depth,
            shards,
            count: count.name().into(),
        };
        let shard = shard.unwrap_or(0);
        announce_long_run(game, &pos, args, threads, 1.0 / shards as f64, false)?;
        let header = Header { job: job.clone(), shard, frontier: frontier.subtrees.len() };
        let checkpoint = open_checkpoint(split.checkpoint.as_deref(), &header)?;
        let started = Instant::now();
        let nodes = count_with_progress(game, &mine, frontier.depth_left, count, threads, hash_mb, checkpoint.as_ref())?;
        let seconds = started.elapsed().as_secs_f64();
        if json {
            let result = ShardResult {
                job,
                shard,
                nodes: nodes.to_string(),
                subtrees: mine.len(),
                frontier: frontier.subtrees.len(),
                seconds,
                threads,
                version: env!("CARGO_PKG_VERSION").into(),
            };
            writeln!(out, "{}", serde_json::to_string(&result).into_diagnostic()?).into_diagnostic()?;
        } else {
            writeln!(out, "{nodes}").into_diagnostic()?;
            eprintln!(
                "perft {depth} ({}) of {}, shard {shard} of {shards} (split at {}: {} of {} positions): {nodes} nodes in {seconds:.3} s",
                count.name(),
                game.id(),
                frontier.split_depth,
                mine.len(),
                frontier.subtrees.len(),
            );
        }
        Ok(())
    })
}

/// The split depth of a checkpointed run that names none: the first depth whose frontier
/// has [`CHECKPOINT_SUBTREES`] positions (the same on every machine), at most `depth`.
fn auto_split_depth<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u32 {
    let mut level = vec![(pos.clone(), 1)];
    for k in 0..depth {
        if level.len() >= CHECKPOINT_SUBTREES {
            return k;
        }
        level = crate::perft::driver::next_level(game, &level, Count::Unique);
    }
    depth
}

/// The checkpoint at `path`, if one is given: opened for this job, resumed if it holds
/// finished subtrees.
fn open_checkpoint(path: Option<&Path>, header: &Header) -> Result<Option<Checkpoint>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let checkpoint = Checkpoint::open(path, header).map_err(|e| {
        miette!(
            help = "a checkpoint resumes only the job that wrote it; give another file for another job",
            "{e}"
        )
    })?;
    let done = checkpoint.finished().len();
    if done > 0 {
        eprintln!(
            "resuming from {}: {done} of the subtrees already counted",
            path.display()
        );
    }
    Ok(Some(checkpoint))
}

/// Counts subtrees with a progress bar.
fn count_with_progress<G: Game>(
    game: &G,
    subtrees: &[Subtree<G::Position>],
    depth_left: u32,
    count: Count,
    threads: usize,
    hash_mb: usize,
    checkpoint: Option<&Checkpoint>,
) -> Result<u128> {
    let progress = Progress::new("perft");
    let update = |done, total| progress.update(done, total);
    let options = PerftOptions {
        threads,
        hash_mb,
        progress: Some(&update),
        stop: None,
    };
    let nodes = count_subtrees(game, subtrees, depth_left, count, &options, checkpoint);
    progress.finish();
    nodes.ok_or_else(|| miette!("the count passes 2^128"))
}

/// `perft --fen-list FILE`: each line's position counted `--depth` plies deep, times its
/// multiplicity.
fn fen_list<G: Game>(
    out: &mut impl Write,
    game: &G,
    args: &TreeArgs,
    path: &Path,
    checkpoint: Option<&Path>,
    json: bool,
    rules_sha256: &str,
) -> Result<()> {
    let text = read_list(path)?;
    let name = path.display().to_string();
    let mut subtrees = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, multiplicity) = line
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| miette!("{name}:{}: `{line}` is not `FEN multiplicity`", i + 1))?;
        let multiplicity: u128 = multiplicity.parse().map_err(|_| {
            miette!(
                help = "each line is a FEN, a space, and how many move sequences reach it (as `perft --list` prints)",
                "{name}:{}: `{multiplicity}` is not a multiplicity",
                i + 1
            )
        })?;
        let position = game
            .parse_fen(fen.trim())
            .map_err(|e| miette!("{name}:{}: {}", i + 1, e.message))?;
        subtrees.push(Subtree {
            index: subtrees.len(),
            fen: game.fen(&position),
            position,
            multiplicity,
            work: 1,
        });
    }
    let digest = crate::publish::sha256_hex(&text);
    let count: Count = args.count.into();
    let depth = args.depth;
    let job = Job {
        rules: args.rules.clone(),
        rules_sha256: rules_sha256.into(),
        fen: format!("list sha256 {digest}"),
        depth,
        split_depth: 0,
        shards: 1,
        count: count.name().into(),
    };
    let header = Header {
        job,
        shard: 0,
        frontier: subtrees.len(),
    };
    let checkpoint = open_checkpoint(checkpoint, &header)?;
    let (threads, hash_mb) = (args.threads()?, args.hash_mb()?);
    let started = Instant::now();
    let nodes = count_with_progress(
        game,
        &subtrees,
        depth,
        count,
        threads,
        hash_mb,
        checkpoint.as_ref(),
    )?;
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let value = serde_json::json!({
            "rules": args.rules,
            "rules_sha256": rules_sha256,
            "fen_list": name,
            "fen_list_sha256": digest,
            "positions": subtrees.len(),
            "depth": depth,
            "count": count.name(),
            "nodes": nodes.to_string(),
            "seconds": seconds,
            "threads": threads,
            "version": env!("CARGO_PKG_VERSION"),
        });
        writeln!(out, "{value}").into_diagnostic()?;
    } else {
        writeln!(out, "{nodes}").into_diagnostic()?;
    }
    Ok(())
}

/// A list of positions or of shard results, read whole (at most [`MAX_LIST_BYTES`]).
pub(super) fn read_list(path: &Path) -> Result<String> {
    crate::diagnostics::read_text_at_most(path, MAX_LIST_BYTES)
        .map_err(|e| miette!("{}: {e}", path.display()))
}
