//! `fixtures`: the rule-edge fixtures run, each failure named.

use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `fixtures`.
#[derive(clap::Args)]
pub(super) struct FixturesArgs {
    /// Files or directories of fixture files.
    paths: Vec<PathBuf>,
}

/// `fixtures`: every case below the paths (default `fixtures/`); each failure and the count
/// passed and failed on stdout, an error when one fails.
pub(super) fn run(out: &mut impl Write, args: FixturesArgs) -> Result<ExitCode> {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from("fixtures")]
    } else {
        args.paths
    };
    let mut runner = crate::fixtures::Runner::new();
    let (mut passed, mut failed) = (0, 0);
    for path in &paths {
        for result in runner.run_path(path) {
            if result.passed() {
                passed += 1;
            } else {
                failed += 1;
                writeln!(out, "FAIL {} ({})", result.id, result.file.display())
                    .into_diagnostic()?;
                for f in &result.failures {
                    writeln!(out, "  {f}").into_diagnostic()?;
                }
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed").into_diagnostic()?;
    if failed > 0 {
        return Err(miette::miette!("{failed} fixture(s) failed"));
    }
    Ok(ExitCode::SUCCESS)
}
