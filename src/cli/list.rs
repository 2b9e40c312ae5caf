//! `list`: the shipped variants and house rules.

use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// `list`: `ID\tFAMILY\tNAME` a variant, `+ID\thouse rule\tNAME` a house rule.
pub(super) fn run(out: &mut impl Write) -> Result<ExitCode> {
    for s in crate::rules::shipped() {
        if s.house_rule {
            writeln!(out, "+{}\thouse rule\t{}", s.id, s.name).into_diagnostic()?;
        } else {
            let family = s.family.map_or("?", |f| f.name());
            writeln!(out, "{}\t{family}\t{}", s.id, s.name).into_diagnostic()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
