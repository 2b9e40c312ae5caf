//! `list`: the shipped variants and house rules, by group.

use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// `list`: a `# GROUP (N)` heading per group (`[variant] group`), then `ID\tFAMILY\tNAME` a
/// variant, `+ID\thouse rule\tNAME` a house rule. Groups come family by family, the one named
/// after the family first, the others in alphabetical order; the house rules last.
pub(super) fn run(out: &mut impl Write) -> Result<ExitCode> {
    let mut shipped = crate::rules::shipped();
    let key = |s: &crate::rules::Shipped| {
        let family = s
            .family
            .and_then(|f| crate::rules::Family::ALL.iter().position(|&g| g == f))
            .unwrap_or(usize::MAX);
        let own = s.family.is_some_and(|f| f.name() == s.group);
        (s.house_rule, family, !own, s.group.to_lowercase())
    };
    // Stable: within a group, the files keep their order.
    shipped.sort_by_key(key);
    for (i, group) in shipped.chunk_by(|a, b| key(a) == key(b)).enumerate() {
        if i > 0 {
            writeln!(out).into_diagnostic()?;
        }
        writeln!(out, "# {} ({})", group[0].group, group.len()).into_diagnostic()?;
        for s in group {
            if s.house_rule {
                writeln!(out, "+{}\thouse rule\t{}", s.id, s.name).into_diagnostic()?;
            } else {
                let family = s.family.map_or("?", |f| f.name());
                writeln!(out, "{}\t{family}\t{}", s.id, s.name).into_diagnostic()?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
