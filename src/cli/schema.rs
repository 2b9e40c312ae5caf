//! `schema`: the JSON Schema of a family's rules files, printed or written into a folder.

use crate::rules::Family;
use clap::ValueEnum;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// A family of games, as the command line names it.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum FamilyArg {
    /// Draughts and checkers.
    Draughts,
    /// Chess, Xiangqi, Shogi and their relatives.
    Chess,
}

impl From<FamilyArg> for Family {
    fn from(f: FamilyArg) -> Family {
        match f {
            FamilyArg::Draughts => Family::Draughts,
            FamilyArg::Chess => Family::Chess,
        }
    }
}

/// The arguments of `schema`.
#[derive(clap::Args)]
pub(super) struct SchemaArgs {
    /// The family whose files the schema describes.
    #[arg(long, value_enum)]
    family: Option<FamilyArg>,
    /// A directory to write `FAMILY.json` into (created if need be) instead of printing.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// `schema`: one family's schema on stdout, or with `--out` each family's (or the one named)
/// written into the folder, its path printed.
pub(super) fn run(out: &mut impl Write, args: SchemaArgs) -> Result<ExitCode> {
    let family: Option<Family> = args.family.map(Into::into);
    let Some(dir) = args.out else {
        let Some(family) = family else {
            return Err(miette::miette!(
                help = "`rulebench schema --family draughts` prints the draughts schema; \
                        `rulebench schema --out schemas` writes every family's",
                "name a family to print its schema (--family {}), or a directory to write them \
                 into (--out DIR)",
                Family::ALL.map(Family::name).join("|")
            ));
        };
        write!(out, "{}", crate::variant::json_schema(family)).into_diagnostic()?;
        return Ok(ExitCode::SUCCESS);
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| miette::miette!("cannot create {}: {e}", dir.display()))?;
    for family in family.map_or(Family::ALL.to_vec(), |f| vec![f]) {
        let path = dir.join(format!("{}.json", family.name()));
        std::fs::write(&path, crate::variant::json_schema(family))
            .map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))?;
        writeln!(out, "{}", path.display()).into_diagnostic()?;
    }
    Ok(ExitCode::SUCCESS)
}
