//! `diff`: what a rule change changes, as two rule sets' perft to the first depth where they
//! differ, the shallowest positions whose legal moves differ and the rule keys that differ.

use super::args::SearchArgs;
use crate::diff::DiffLimits;
use crate::perft::PerftOptions;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `diff`.
#[derive(clap::Args)]
pub(super) struct DiffArgs {
    /// The first rule set (id, path, `+house-rule`).
    a: String,
    /// The second.
    b: String,
    /// From this position instead of the first rule set's start.
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// Compare perft to at most this depth, and the move sets of every position down to
    /// one ply above it.
    #[arg(long, short, default_value_t = 10)]
    depth: u32,
    /// Count perft only to this depth (the move sets are still compared down to
    /// `--depth`): for a change that shows only deep in the tree.
    #[arg(long)]
    count_depth: Option<u32>,
    /// Show at most this many differing positions.
    #[arg(long, default_value_t = 3)]
    shown: usize,
    /// Give up when one ply holds more distinct positions than this (memory: about 80
    /// bytes each for draughts, 100 for chess; the last ply about 40).
    #[arg(long, default_value_t = 20_000_000)]
    max_positions: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// `diff`: the report as text, or as one JSON object.
pub(super) fn run(out: &mut impl Write, args: DiffArgs) -> Result<ExitCode> {
    let limits = DiffLimits {
        depth: args.depth,
        count_depth: args.count_depth.unwrap_or(args.depth),
        shown: args.shown,
        max_positions: args.max_positions,
    };
    if limits.depth == 0 || limits.depth > 64 {
        return Err(miette::miette!("--depth must be from 1 to 64"));
    }
    let options = PerftOptions {
        threads: args.search.threads()?,
        hash_mb: args.search.hash_mb()?,
        progress: None,
        stop: None,
    };
    let report = crate::diff::diff(&args.a, &args.b, args.fen.as_deref(), limits, &options)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).into_diagnostic()?).into_diagnostic()?;
    } else {
        write!(out, "{}", report.text()).into_diagnostic()?;
    }
    Ok(ExitCode::SUCCESS)
}
