//! `table`: perft tables for publishing.

use super::args::{CountsArg, FormatArg, SearchArgs};
use crate::perft::{PerftOptions, Progress};
use crate::publish::{Counts, Limit, PerftTable};
use crate::stats::Column as Stat;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// What `table` was asked for.
pub(super) struct TableRequest<'a> {
    pub rules: &'a [String],
    pub depth: Option<u32>,
    pub max_nodes: Option<u128>,
    pub count: CountsArg,
    pub columns: Option<&'a str>,
    pub fen: Option<&'a str>,
    pub format: FormatArg,
    pub check: Option<&'a std::path::Path>,
    pub search: &'a SearchArgs,
}

pub(super) fn table(out: &mut impl Write, req: TableRequest<'_>) -> Result<ExitCode> {
    let limit = match (req.depth, req.max_nodes) {
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
    let counts = match req.count {
        CountsArg::Unique => Counts::Unique,
        CountsArg::Paths => Counts::Paths,
        CountsArg::Both => Counts::Both,
    };
    let stats = match req.columns {
        None => Vec::new(),
        Some(list) => stat_columns(list)?,
    };
    let progress = Progress::new("table");
    let update = |done, total| progress.update(done, total);
    let options = PerftOptions {
        threads: req.search.threads()?,
        hash_mb: req.search.hash_mb()?,
        progress: Some(&update),
        stop: None,
    };
    let mut columns = Vec::new();
    for spec in req.rules {
        columns.push(crate::publish::column(
            spec,
            req.fen,
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
    if let Some(path) = req.check {
        let text = crate::diagnostics::read_text(path)
            .map_err(|e| miette::miette!("cannot read {}: {e}", path.display()))?;
        wrong = table.check_against(&path.display().to_string(), &text)?;
    }
    let text = match req.format {
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
