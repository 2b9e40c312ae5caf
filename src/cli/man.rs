//! `man`: the man pages, `rulebench.1` and one per verb, written into a folder.

use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `man`.
#[derive(clap::Args)]
pub(super) struct ManArgs {
    /// The folder (created if needed).
    dir: PathBuf,
}

/// Writes `rulebench.1` and `rulebench-VERB.1` for each verb of `cli` into the folder.
pub(super) fn run(out: &mut impl Write, args: ManArgs, cli: clap::Command) -> Result<ExitCode> {
    let dir = &args.dir;
    std::fs::create_dir_all(dir)
        .map_err(|e| miette::miette!("cannot create {}: {e}", dir.display()))?;
    clap_mangen::generate_to(cli, dir)
        .map_err(|e| miette::miette!("cannot write the man pages into {}: {e}", dir.display()))?;
    writeln!(out, "man pages written to {}", dir.display()).into_diagnostic()?;
    Ok(ExitCode::SUCCESS)
}
