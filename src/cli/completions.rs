//! `completions`: a shell completion script for the whole command line.

use clap_complete::Shell;
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `completions`.
#[derive(clap::Args)]
pub(super) struct CompletionsArgs {
    /// The shell.
    shell: Shell,
}

/// `completions`: the script for `cli`, the command line of every verb, on `out`.
pub(super) fn run(
    out: &mut impl Write,
    args: CompletionsArgs,
    mut cli: clap::Command,
) -> miette::Result<ExitCode> {
    clap_complete::generate(args.shell, &mut cli, "rulebench", out);
    Ok(ExitCode::SUCCESS)
}
