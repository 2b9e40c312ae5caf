//! `diff` (what a rule change changes) and `crosscheck` (who is wrong when another engine's
//! counts differ).

use super::args::SearchArgs;
use crate::game::Game;
use crate::perft::PerftOptions;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

pub(super) fn diff(
    out: &mut impl Write,
    (a, b): (&str, &str),
    fen: Option<&str>,
    limits: crate::diff::DiffLimits,
    json: bool,
    search: &SearchArgs,
) -> Result<()> {
    if limits.depth == 0 || limits.depth > 64 {
        return Err(miette::miette!("--depth must be from 1 to 64"));
    }
    let options = PerftOptions {
        threads: search.threads()?,
        hash_mb: search.hash_mb()?,
        progress: None,
        stop: None,
    };
    let report = crate::diff::diff(a, b, fen, limits, &options)?;
    if json {
        writeln!(out, "{}", serde_json::to_string(&report).into_diagnostic()?).into_diagnostic()?;
    } else {
        write!(out, "{}", report.text()).into_diagnostic()?;
    }
    Ok(())
}

/// What `crosscheck` was asked for.
pub(super) struct CrossRequest<'a> {
    pub rules: &'a str,
    pub engine: Option<&'a str>,
    pub uci: Option<&'a str>,
    pub uci_options: &'a [String],
    pub fen: Option<&'a str>,
    pub depth: u32,
    pub json: bool,
    pub search: &'a SearchArgs,
}

pub(super) fn crosscheck(out: &mut impl Write, req: CrossRequest<'_>) -> Result<ExitCode> {
    use crate::crosscheck::{Peer, UciEngine};
    if req.depth == 0 || req.depth > 64 {
        return Err(miette::miette!("--depth must be from 1 to 64"));
    }
    let mut options = Vec::new();
    for o in req.uci_options {
        let (name, value) = o.split_once('=').ok_or_else(|| {
            miette::miette!(
                help = "write it as NAME=VALUE, e.g. UCI_Variant=xiangqi",
                "`{o}` is not NAME=VALUE"
            )
        })?;
        options.push((name.trim().to_string(), value.trim().to_string()));
    }
    let variant = crate::load::load::<Variant>(req.rules)?;
    let (names, chess960) = with_game!(&variant, game => {
        let mut names = vec![game.id().to_string()];
        names.extend(game.aliases().iter().cloned());
        (names, game.castles_from_any_start_files())
    });
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (mut peer, theirs) = match (req.engine, req.uci) {
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
        threads: req.search.threads()?,
        hash_mb: req.search.hash_mb()?,
        progress: None,
        stop: None,
    };
    let report = with_game!(&variant, game => {
        let root = match req.fen {
            Some(f) => game.parse_fen(f)?,
            None => game.start(),
        };
        crate::crosscheck::crosscheck(game, &mut peer, &root, req.depth, &search)?
    });
    if req.json {
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
