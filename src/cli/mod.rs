//! The `rulebench` command line, a thin layer over the library: every verb works for every
//! family, through the [`Game`](crate::game::Game) trait. Each verb is a file of its own
//! named after it, with its arguments and its `run`; `command.rs` lists the verbs,
//! `args.rs` holds the arguments several verbs share.

mod args;
mod check;
mod command;
mod completions;
mod counts;
mod crosscheck;
mod diff;
mod divide;
mod explain;
mod fixtures;
mod list;
mod long_run;
mod man;
mod merge;
mod moves;
mod outcome;
mod perft;
mod perft_shards;
mod perftree;
mod position;
mod report;
mod schema;
mod show;
mod table;
mod uci;

use clap::{CommandFactory, Parser};
use command::Command;
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

/// Runs the verb the command line names, its output on stdout.
fn run(cli: Cli) -> Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Perft(args) => perft::run(&mut out, args),
        Command::Merge(args) => merge::run(&mut out, args),
        Command::Divide(args) => divide::run(&mut out, args),
        Command::Perftree(args) => perftree::run(&mut out, args),
        Command::Uci(args) => uci::run(&mut out, args),
        Command::Moves(args) => moves::run(&mut out, args),
        Command::Outcome(args) => outcome::run(&mut out, args),
        Command::Check(args) => check::run(&mut out, args),
        Command::Fixtures(args) => fixtures::run(&mut out, args),
        Command::List => list::run(&mut out),
        Command::Crosscheck(args) => crosscheck::run(&mut out, args),
        Command::Diff(args) => diff::run(&mut out, args),
        Command::Table(args) => table::run(&mut out, args),
        Command::Schema(args) => schema::run(&mut out, args),
        Command::Explain(args) => explain::run(&mut out, args),
        Command::Report(args) => report::run(&mut out, args),
        Command::Completions(args) => completions::run(&mut out, args, Cli::command()),
        Command::Man(args) => man::run(&mut out, args, Cli::command()),
        Command::Show(args) => show::run(&mut out, args),
    }
}

/// The exit status after Ctrl-C: 128 + SIGINT, as a shell reports a process the signal
/// killed.
pub const INTERRUPTED: i32 = 130;

/// Parses the command line, runs the verb, prints any error with its location on stderr.
/// Ctrl-C stops at once: nothing more is printed on stdout (no partial count), stderr says
/// the run was interrupted, and the exit status is [`INTERRUPTED`].
pub fn main() -> ExitCode {
    // Output into a closed pipe (`rulebench moves xiangqi | head -1`) ends the process
    // quietly, as it does other Unix tools, instead of a panic in the middle of a print.
    // SAFETY: restores the default disposition of SIGPIPE before any thread starts.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    // Without a handler the signal would kill the process just as well, but could leave the
    // progress bar half drawn and says nothing; a handler that cannot be installed (one is
    // already there) changes nothing.
    let _ = ctrlc::set_handler(|| {
        eprintln!("\ninterrupted: stopped before the end, no result");
        std::process::exit(INTERRUPTED);
    });
    match run(cli) {
        Ok(code) => code,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}
