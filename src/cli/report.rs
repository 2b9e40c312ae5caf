//! `report`: a static HTML page of the fixtures drawn with their expected moves, perft tables
//! and diffs.

use crate::diff::DiffLimits;
use crate::perft::PerftOptions;
use crate::publish::{Counts, Limit, PerftTable};
use crate::render::{Report, html, report};
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `report`.
#[derive(clap::Args)]
pub(super) struct ReportArgs {
    /// Fixture files or folders (default: `fixtures`).
    paths: Vec<PathBuf>,
    /// The folder to write `index.html` into (created if needed).
    #[arg(long)]
    out: PathBuf,
    /// Add a perft table of these rules (repeat for columns side by side).
    #[arg(long = "table", value_name = "RULES")]
    tables: Vec<String>,
    /// The tables go to every depth whose count stays at most this many leaves.
    #[arg(long, default_value_t = 1_000_000)]
    table_max_nodes: u128,
    /// Add the diff of two rule sets, written `A,B` (repeat for more).
    #[arg(long = "diff", value_name = "A,B")]
    diffs: Vec<String>,
    /// How deep each diff looks.
    #[arg(long, default_value_t = 8)]
    diff_depth: u32,
    /// The page title.
    #[arg(long, default_value = "rulebench report")]
    title: String,
}

/// Writes `index.html` into the folder: the fixtures, the tables and the diffs asked for.
/// Exit status 1 when a fixture fails.
pub(super) fn run(out: &mut impl Write, args: ReportArgs) -> Result<ExitCode> {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from("fixtures")]
    } else {
        args.paths
    };
    for p in &paths {
        if !p.exists() {
            return Err(miette::miette!(
                help = "give fixture files or folders that hold them",
                "{} does not exist",
                p.display()
            ));
        }
    }
    let fixtures = report::fixture_cards(&paths);
    let options = PerftOptions {
        threads: 1,
        hash_mb: 0,
        progress: None,
        stop: None,
    };
    let mut tables = Vec::new();
    if !args.tables.is_empty() {
        let mut columns = Vec::new();
        for spec in &args.tables {
            columns.push(crate::publish::column(
                spec,
                None,
                Limit::Nodes(args.table_max_nodes),
                Counts::Unique,
                &[],
                &options,
                |_, _| {},
            )?);
        }
        tables.push(report::table_card(&PerftTable {
            counts: Counts::Unique,
            stats: Vec::new(),
            columns,
        }));
    }
    let mut diffs = Vec::new();
    for pair in &args.diffs {
        let Some((a, b)) = pair.split_once(',') else {
            return Err(miette::miette!(
                help = "write the two rule sets with a comma between: `--diff russian,my-russian.toml`",
                "`{pair}` is not a pair of rule sets"
            ));
        };
        let limits = DiffLimits {
            depth: args.diff_depth,
            count_depth: args.diff_depth,
            shown: 3,
            max_positions: 20_000_000,
        };
        diffs.push(report::diff_card(&crate::diff::diff(
            a, b, None, limits, &options,
        )?));
    }
    let failed = fixtures.iter().filter(|c| !c.passed).count();
    let passed = fixtures.len() - failed;
    let page = html::render(&Report {
        title: args.title,
        fixtures,
        tables,
        diffs,
    });
    std::fs::create_dir_all(&args.out)
        .map_err(|e| miette::miette!("cannot create {}: {e}", args.out.display()))?;
    let file = args.out.join("index.html");
    std::fs::write(&file, page)
        .map_err(|e| miette::miette!("cannot write {}: {e}", file.display()))?;
    writeln!(
        out,
        "wrote {}: {passed} fixture cases passed, {failed} failed",
        file.display()
    )
    .into_diagnostic()?;
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
