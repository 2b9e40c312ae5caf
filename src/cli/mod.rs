//! The `rulebench` command line, a thin layer over the library: every verb works for every
//! family, through the [`Game`](crate::Game) trait.

mod args;
mod meta;
mod picture;
mod play;
mod tree;

use args::Command;
use clap::Parser;
use miette::Result;
use std::process::ExitCode;

/// Board-game rules as data: perft, divide, legal moves and outcomes for variants declared in
/// rules files (draughts, and chess-like games such as Xiangqi).
#[derive(Parser)]
#[command(name = "rulebench", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn run(cli: Cli) -> Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Command::Check {
        rules,
        resolved,
        deny_warnings,
    } = &cli.command
    {
        return meta::check(&mut out, rules, *resolved, *deny_warnings);
    }
    match cli.command {
        Command::Perft { tree, json } => tree::perft(&mut out, &tree, json),
        Command::Divide { tree } => tree::divide(&mut out, &tree),
        Command::Moves {
            position,
            json,
            notation,
        } => play::moves(&mut out, &position, json, notation.as_deref()),
        Command::Outcome { position } => play::outcome(&mut out, &position),
        Command::Check { .. } => unreachable!("handled above"),
        Command::Fixtures { paths } => meta::fixtures(&mut out, paths),
        Command::List => meta::list(&mut out),
        Command::Show {
            position,
            numbers,
            ascii,
            svg,
        } => picture::show(&mut out, &position, numbers, ascii, svg.as_deref()),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// Parses the command line, runs the verb, prints any error with its location on stderr.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}
