//! `merge`: the results of the shards of one `perft --shards` job added up, exactly.

use super::perft_shards::read_list;
use crate::perft::job::{MergeError, list, merge, read_results};
use miette::{IntoDiagnostic, Result, miette};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `merge`.
#[derive(clap::Args)]
pub(super) struct MergeArgs {
    /// Files of shard results (one JSON object a line); `-` or none for stdin.
    results: Vec<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `merge`: the shards' results added up.
pub(super) fn run(out: &mut impl Write, args: MergeArgs) -> Result<ExitCode> {
    let MergeArgs {
        results: paths,
        json,
    } = args;
    let mut sources = Vec::new();
    let stdin_only = paths.is_empty() || paths.iter().all(|p| p.as_os_str() == "-");
    if stdin_only {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| miette!("stdin: {e}"))?;
        sources.push(("stdin".to_string(), text));
    } else {
        for p in &paths {
            let text = read_list(p)?;
            sources.push((p.display().to_string(), text));
        }
    }
    let results = read_results(&sources).map_err(|e| miette!("{e}"))?;
    let merged = merge(&results).map_err(|e| match &e {
        MergeError::Missing { duplicated, .. } if !duplicated.is_empty() => miette!(
            help = format!(
                "run the missing shards (a run of one shard gives the same result on any machine); also given twice: {}",
                list(duplicated)
            ),
            "{e}"
        ),
        MergeError::Missing { .. } => miette!(
            help = "run the missing shards: a run of one shard gives the same result on any machine",
            "{e}"
        ),
        _ => miette!("{e}"),
    })?;
    if !merged.duplicated.is_empty() {
        eprintln!(
            "shards given more than once, with the same count (counted once): {}",
            list(&merged.duplicated)
        );
    }
    let job = &merged.job;
    if json {
        let value = serde_json::json!({
            "rules": job.rules,
            "rules_sha256": job.rules_sha256,
            "fen": job.fen,
            "depth": job.depth,
            "split_depth": job.split_depth,
            "shards": job.shards,
            "count": job.count,
            "nodes": merged.nodes.to_string(),
            "seconds": merged.seconds,
            "duplicated": merged.duplicated,
        });
        writeln!(out, "{value}").into_diagnostic()?;
    } else {
        writeln!(out, "{}", merged.nodes).into_diagnostic()?;
        eprintln!(
            "perft {} ({}) of {}: {} shards merged, {:.1} s of shard time",
            job.depth, job.count, job.rules, job.shards, merged.seconds
        );
    }
    Ok(ExitCode::SUCCESS)
}
