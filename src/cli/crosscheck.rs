//! `crosscheck`: who is wrong when another engine's counts differ, found by going down into
//! the first subtree that disagrees.

use super::args::SearchArgs;
use crate::crosscheck::{Peer, UciEngine};
use crate::game::Game;
use crate::perft::PerftOptions;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `crosscheck`.
#[derive(clap::Args)]
pub(super) struct CrosscheckArgs {
    /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
    rules: String,
    /// A command that prints `MOVE: N` lines and/or a total; `{fen}` and `{depth}` are
    /// replaced (the FEN quoted for the shell).
    #[arg(long, conflicts_with = "uci")]
    engine: Option<String>,
    /// A UCI engine (`position fen`, `go perft`), e.g. /usr/games/fairy-stockfish.
    #[arg(long)]
    uci: Option<String>,
    /// A UCI option, as NAME=VALUE (e.g. UCI_Variant=xiangqi); repeatable.
    #[arg(long)]
    uci_option: Vec<String>,
    /// From this position instead of the start.
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// The depth compared at the root.
    #[arg(long, short, default_value_t = 4)]
    depth: u32,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// `crosscheck`: the report as text or JSON; exit status 1 when the engines disagree.
pub(super) fn run(out: &mut impl Write, args: CrosscheckArgs) -> Result<ExitCode> {
    if args.depth == 0 || args.depth > 64 {
        return Err(miette::miette!("--depth must be from 1 to 64"));
    }
    let options = uci_options(&args.uci_option)?;
    let variant = crate::load::load::<Variant>(&args.rules)?;
    let (names, chess960) = with_game!(&variant, game => {
        let mut names = vec![game.id().to_string()];
        names.extend(game.aliases().iter().cloned());
        (names, game.castles_from_any_start_files())
    });
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (mut peer, theirs) = match (args.engine.as_deref(), args.uci.as_deref()) {
        (Some(cmd), None) => (
            Peer::Command(cmd.to_string()),
            "the other program".to_string(),
        ),
        (None, Some(path)) => {
            let (engine, chosen) = UciEngine::start(path, &options, &names, chess960)
                .map_err(|e| miette::miette!("{e}"))?;
            for (name, value) in chosen {
                eprintln!("set the engine's {name} to {value}");
            }
            (
                Peer::Uci(engine),
                path.rsplit('/').next().unwrap_or(path).to_string(),
            )
        }
        _ => {
            return Err(miette::miette!(
                "give --engine 'CMD {{fen}} {{depth}}' or --uci PATH"
            ));
        }
    };
    let search = PerftOptions {
        threads: args.search.threads()?,
        hash_mb: args.search.hash_mb()?,
        progress: None,
        stop: None,
    };
    let report = with_game!(&variant, game => {
        let root = match args.fen.as_deref() {
            Some(f) => game.parse_fen(f)?,
            None => game.start(),
        };
        crate::crosscheck::crosscheck(game, &mut peer, &root, args.depth, &search)?
    });
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).into_diagnostic()?).into_diagnostic()?;
    } else {
        write!(out, "{}", report.text("rulebench", &theirs)).into_diagnostic()?;
    }
    Ok(if report.agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The `--uci-option NAME=VALUE` pairs, each split at its `=` and trimmed.
fn uci_options(given: &[String]) -> Result<Vec<(String, String)>> {
    let mut options = Vec::new();
    for o in given {
        let (name, value) = o.split_once('=').ok_or_else(|| {
            miette::miette!(
                help = "write it as NAME=VALUE, e.g. UCI_Variant=xiangqi",
                "`{o}` is not NAME=VALUE"
            )
        })?;
        options.push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(options)
}
