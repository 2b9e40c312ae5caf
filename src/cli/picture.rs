//! `show`: the board in the terminal and as SVG.

use super::args::PositionArgs;
use super::play::history;
use crate::present::Present;
use crate::render::{svg, terminal};
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;

/// Draws the position after the moves: on `out`, and with `svg` also as an SVG file.
pub(super) fn show(
    out: &mut impl Write,
    args: &PositionArgs,
    numbers: bool,
    ascii: bool,
    svg: Option<&std::path::Path>,
) -> Result<()> {
    let variant = crate::load::load::<Variant>(&args.rules)?;
    with_game!(&variant, game => {
        let history = history(game, args)?;
        let pos = history.last().expect("the start at least");
        let view = game.view(pos, numbers);
        write!(out, "{}", terminal::render(&view, !ascii)).into_diagnostic()?;
        if let Some(path) = svg {
            std::fs::write(path, svg::render(&view, &[])).map_err(|e| {
                miette::miette!(
                    help = "check that the folder exists and can be written",
                    "cannot write the SVG picture to {}: {e}",
                    path.display()
                )
            })?;
        }
        Ok(())
    })
}

/// What `report` was asked for.
pub(super) struct ReportRequest<'a> {
    pub paths: Vec<std::path::PathBuf>,
    pub dir: &'a std::path::Path,
    pub tables: &'a [String],
    pub table_max_nodes: u128,
    pub diffs: &'a [String],
    pub diff_depth: u32,
    pub title: String,
}

/// Writes `index.html` into the folder: the fixtures, the tables and the diffs asked for.
/// Exit status 1 when a fixture fails.
pub(super) fn report(
    out: &mut impl Write,
    req: ReportRequest<'_>,
) -> Result<std::process::ExitCode> {
    use crate::publish::{Counts, Limit, PerftTable};
    use crate::render::{Report, html, report};
    let paths = if req.paths.is_empty() {
        vec![std::path::PathBuf::from("fixtures")]
    } else {
        req.paths
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
    let options = crate::perft::PerftOptions {
        threads: 1,
        hash_mb: 0,
        progress: None,
        stop: None,
    };
    let mut tables = Vec::new();
    if !req.tables.is_empty() {
        let mut columns = Vec::new();
        for spec in req.tables {
            columns.push(crate::publish::column(
                spec,
                None,
                Limit::Nodes(req.table_max_nodes),
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
    for pair in req.diffs {
        let Some((a, b)) = pair.split_once(',') else {
            return Err(miette::miette!(
                help = "write the two rule sets with a comma between: `--diff russian,my-russian.toml`",
                "`{pair}` is not a pair of rule sets"
            ));
        };
        let limits = crate::diff::DiffLimits {
            depth: req.diff_depth,
            count_depth: req.diff_depth,
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
        title: req.title,
        fixtures,
        tables,
        diffs,
    });
    std::fs::create_dir_all(req.dir)
        .map_err(|e| miette::miette!("cannot create {}: {e}", req.dir.display()))?;
    let file = req.dir.join("index.html");
    std::fs::write(&file, page)
        .map_err(|e| miette::miette!("cannot write {}: {e}", file.display()))?;
    writeln!(
        out,
        "wrote {}: {passed} fixture cases passed, {failed} failed",
        file.display()
    )
    .into_diagnostic()?;
    Ok(if failed > 0 {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    })
}
