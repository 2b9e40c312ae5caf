//! `table`: perft tables for publishing, variants side by side, checked against a reference
//! table if asked.

use super::args::SearchArgs;
use crate::perft::{PerftOptions, Progress};
use crate::publish::{Counts, Limit, PerftTable};
use crate::stats::Column as Stat;
use clap::ValueEnum;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which counts a table shows.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum CountsArg {
    /// Same from, to and captured set = one move.
    Unique,
    /// Every distinct jump sequence.
    Paths,
    /// Both, side by side.
    Both,
}

/// The format of a table.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum FormatArg {
    /// A Markdown table with the header as a list.
    Md,
    /// CSV with the header as `#` lines.
    Csv,
    /// One JSON object.
    Json,
}

/// The arguments of `table`.
#[derive(clap::Args)]
pub(super) struct TableArgs {
    /// Shipped variant ids or paths to .toml files, either followed by `+house-rule`.
    #[arg(required = true)]
    rules: Vec<String>,
    /// Every depth from 1 to D.
    #[arg(
        long,
        short,
        required_unless_present = "max_nodes",
        conflicts_with = "max_nodes"
    )]
    depth: Option<u32>,
    /// Every depth whose count stays at most N nodes.
    #[arg(long)]
    max_nodes: Option<u128>,
    /// Which counts: unique, paths, or both side by side.
    #[arg(long, value_enum, default_value = "unique")]
    count: CountsArg,
    /// Count from this position instead of each variant's start.
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// Markdown, CSV or JSON.
    #[arg(long, value_enum, default_value = "md")]
    format: FormatArg,
    /// Statistics to show for each convention instead of the nodes alone, separated by
    /// commas: nodes, captures, ep, castles, promotions, checks, mates (chess family),
    /// longest-capture (draughts); counted over the moves of the last ply (slower than
    /// nodes alone).
    #[arg(long)]
    columns: Option<String>,
    /// Compare with a reference table (the format of `tests/reference/perft/`) and mark
    /// each depth; exit status 1 if one disagrees.
    #[arg(long)]
    check: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

/// `table`: the table in the format asked for; with `--check`, exit status 1 when a count
/// disagrees with the reference.
pub(super) fn run(out: &mut impl Write, args: TableArgs) -> Result<ExitCode> {
    let limit = match (args.depth, args.max_nodes) {
        (Some(d), _) if d > 64 => {
            return Err(miette::miette!(
                help = "perft depths beyond about 20 take days; 64 is the hard limit",
                "depth {d} is too deep"
            ));
        }
        (Some(d), _) => Limit::Depth(d),
        (None, Some(n)) => Limit::Nodes(n),
        (None, None) => return Err(miette::miette!("give --depth D or --max-nodes N")),
    };
    let counts = match args.count {
        CountsArg::Unique => Counts::Unique,
        CountsArg::Paths => Counts::Paths,
        CountsArg::Both => Counts::Both,
    };
    let stats = match args.columns.as_deref() {
        None => Vec::new(),
        Some(list) => stat_columns(list)?,
    };
    let progress = Progress::new("table");
    let update = |done, total| progress.update(done, total);
    let options = PerftOptions {
        threads: args.search.threads()?,
        hash_mb: args.search.hash_mb()?,
        progress: Some(&update),
        stop: None,
    };
    let mut columns = Vec::new();
    for spec in &args.rules {
        columns.push(crate::publish::column(
            spec,
            args.fen.as_deref(),
            limit,
            counts,
            &stats,
            &options,
            |id, d| progress.set_message(&format!("{id} perft {d}")),
        )?);
    }
    progress.finish();
    let mut table = PerftTable {
        counts,
        stats,
        columns,
    };
    let mut wrong = 0;
    if let Some(path) = &args.check {
        let text = crate::diagnostics::read_text(path)
            .map_err(|e| miette::miette!("cannot read {}: {e}", path.display()))?;
        wrong = table.check_against(&path.display().to_string(), &text)?;
    }
    let text = match args.format {
        FormatArg::Md => table.markdown(),
        FormatArg::Csv => table.csv(),
        FormatArg::Json => format!("{}\n", table.json()),
    };
    write!(out, "{text}").into_diagnostic()?;
    if wrong > 0 {
        eprintln!("{wrong} count(s) disagree with the reference");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The statistics named in `--columns` (`nodes,captures,checks`), each known and named once.
fn stat_columns(list: &str) -> Result<Vec<Stat>> {
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim) {
        let Some(stat) = Stat::named(name) else {
            let valid: Vec<&str> = Stat::ALL.iter().map(|s| s.name()).collect();
            let guess = crate::diagnostics::did_you_mean(name, valid.iter().copied());
            return Err(miette::miette!(
                help = format!(
                    "{}valid columns: {}",
                    guess.map_or(String::new(), |g| format!("did you mean `{g}`? ")),
                    valid.join(", ")
                ),
                "--columns: unknown column `{name}`"
            ));
        };
        if out.contains(&stat) {
            return Err(miette::miette!("--columns names `{name}` twice"));
        }
        out.push(stat);
    }
    Ok(out)
}
