//! `check`: every error and warning of rules files at once; a clean file built and described.

use crate::diagnostics::{Warning, render};
use crate::game::Game;
use crate::present::Present;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `check`.
#[derive(clap::Args)]
pub(super) struct CheckArgs {
    /// Shipped variant ids or paths to .toml files, either followed by `+house-rule`.
    #[arg(required = true)]
    rules: Vec<String>,
    /// Print the effective rules after `extends` and overlays, as a TOML file that loads
    /// back to the same rules.
    #[arg(long)]
    resolved: bool,
    /// Exit with status 1 on warnings too.
    #[arg(long)]
    deny_warnings: bool,
}

/// `check`: each file's problems, located, then a summary line; exit status 1 on errors (and
/// with `--deny-warnings` on warnings).
pub(super) fn run(out: &mut impl Write, args: CheckArgs) -> Result<ExitCode> {
    let specs = &args.rules;
    let (mut errors, mut warnings) = (0, 0);
    for spec in specs {
        let checked = crate::load::check(spec);
        for e in &checked.errors {
            write!(out, "{}", render(e)).into_diagnostic()?;
        }
        for w in &checked.warnings {
            write!(out, "{}", render(&Warning(w))).into_diagnostic()?;
        }
        errors += checked.errors.len();
        warnings += checked.warnings.len();
        if checked.errors.is_empty() {
            let variant = crate::load::load::<Variant>(spec)?;
            with_game!(&variant, game => {
                writeln!(out, "ok: {} ({}, {})", game.id(), game.name(), game.family().name())
                    .into_diagnostic()?;
                for line in game.describe() {
                    writeln!(out, "  {line}").into_diagnostic()?;
                }
                Ok::<(), miette::Report>(())
            })?;
            if args.resolved
                && let Some(text) = &checked.resolved
            {
                writeln!(
                    out,
                    "\n# {spec}, resolved: every rule after `extends` and overlays\n{text}"
                )
                .into_diagnostic()?;
            }
        }
    }
    writeln!(
        out,
        "{} file{}: {errors} error{}, {warnings} warning{}",
        specs.len(),
        if specs.len() == 1 { "" } else { "s" },
        if errors == 1 { "" } else { "s" },
        if warnings == 1 { "" } else { "s" }
    )
    .into_diagnostic()?;
    Ok(if errors > 0 || (args.deny_warnings && warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
