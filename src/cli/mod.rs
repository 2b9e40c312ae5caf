//! The `rulebench` command line, a thin layer over the library: every verb works for every
//! family, through the [`Game`](crate::game::Game) trait.

mod args;
mod compare;
mod meta;
mod picture;
mod play;
mod publish;
mod shards;
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
    if let Command::Table {
        rules,
        depth,
        max_nodes,
        count,
        fen,
        format,
        columns,
        check,
        search,
    } = &cli.command
    {
        let request = publish::TableRequest {
            rules,
            depth: *depth,
            max_nodes: *max_nodes,
            count: *count,
            columns: columns.as_deref(),
            fen: fen.as_deref(),
            format: *format,
            check: check.as_deref(),
            search,
        };
        return publish::table(&mut out, request);
    }
    if let Command::Crosscheck {
        rules,
        engine,
        uci,
        uci_option,
        fen,
        depth,
        json,
        search,
    } = &cli.command
    {
        let request = compare::CrossRequest {
            rules,
            engine: engine.as_deref(),
            uci: uci.as_deref(),
            uci_options: uci_option,
            fen: fen.as_deref(),
            depth: *depth,
            json: *json,
            search,
        };
        return compare::crosscheck(&mut out, request);
    }
    match cli.command {
        Command::Perft {
            stats: true, split, ..
        } if split.any() => Err(miette::miette!(
            help = "count the statistics in one run (with --threads), or the shards without them",
            "--stats cannot be split into shards yet"
        )),
        Command::Perft {
            tree, json, split, ..
        } if split.any() => shards::perft(&mut out, &tree, &split, json),
        Command::Perft {
            tree,
            json,
            stats: true,
            ..
        } => tree::perft_stats(&mut out, &tree, json),
        Command::Perft { tree, json, .. } => tree::perft(&mut out, &tree, json),
        Command::Merge { results, json } => shards::merge(&mut out, &results, json),
        Command::Divide { tree } => tree::divide(&mut out, &tree),
        Command::Perftree {
            depth,
            fen,
            moves,
            rules,
            search,
        } => tree::perftree(&mut out, &rules, &depth, &fen, moves.as_deref(), &search),
        Command::Uci { rules } => tree::uci(&mut out, &rules),
        Command::Moves {
            position,
            json,
            notation,
        } => play::moves(&mut out, &position, json, notation.as_deref()),
        Command::Outcome { position } => play::outcome(&mut out, &position),
        Command::Check { .. } | Command::Table { .. } | Command::Crosscheck { .. } => {
            unreachable!("handled above")
        }
        Command::Fixtures { paths } => meta::fixtures(&mut out, paths),
        Command::List => meta::list(&mut out),
        Command::Diff {
            a,
            b,
            fen,
            depth,
            count_depth,
            shown,
            max_positions,
            json,
            search,
        } => compare::diff(
            &mut out,
            (&a, &b),
            fen.as_deref(),
            crate::diff::DiffLimits {
                depth,
                count_depth: count_depth.unwrap_or(depth),
                shown,
                max_positions,
            },
            json,
            &search,
        ),
        Command::Show {
            position,
            numbers,
            ascii,
            svg,
        } => picture::show(&mut out, &position, numbers, ascii, svg.as_deref()),
        Command::Schema { family, out: dir } => {
            meta::schema(&mut out, family.map(Into::into), dir.as_deref())
        }
        Command::Explain { rules, width } => meta::explain(&mut out, &rules, width),
        Command::Report {
            paths,
            out: dir,
            tables,
            table_max_nodes,
            diffs,
            diff_depth,
            title,
        } => {
            return picture::report(
                &mut out,
                picture::ReportRequest {
                    paths,
                    dir: &dir,
                    tables: &tables,
                    table_max_nodes,
                    diffs: &diffs,
                    diff_depth,
                    title,
                },
            );
        }
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "rulebench", &mut out);
            Ok(())
        }
        Command::Man { dir } => man(&mut out, &dir),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// Writes `rulebench.1` and `rulebench-VERB.1` for each verb into `dir`.
fn man(out: &mut impl std::io::Write, dir: &std::path::Path) -> Result<()> {
    use miette::IntoDiagnostic;
    std::fs::create_dir_all(dir)
        .map_err(|e| miette::miette!("cannot create {}: {e}", dir.display()))?;
    let cmd = <Cli as clap::CommandFactory>::command();
    clap_mangen::generate_to(cmd, dir)
        .map_err(|e| miette::miette!("cannot write the man pages into {}: {e}", dir.display()))?;
    writeln!(out, "man pages written to {}", dir.display()).into_diagnostic()?;
    Ok(())
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
