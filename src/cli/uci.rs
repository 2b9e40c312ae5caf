//! `uci`: a UCI engine on stdin and stdout, for the tools that compare engines' move trees.

use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `uci`.
#[derive(clap::Args)]
pub(super) struct UciArgs {
    /// The variant to start with (`setoption` changes it).
    #[arg(long, default_value = crate::uci::DEFAULT_VARIANT)]
    rules: String,
}

/// `uci`: a UCI session on stdin and stdout.
pub(super) fn run(out: &mut impl Write, args: UciArgs) -> Result<ExitCode> {
    let mut session = crate::uci::Session::new(&args.rules)?;
    session
        .serve(std::io::stdin().lock(), out)
        .into_diagnostic()?;
    Ok(ExitCode::SUCCESS)
}
