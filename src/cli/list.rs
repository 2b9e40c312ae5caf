//! `list`: the shipped variants and house rules, by group.

use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// `list`: a `# GROUP (N)` heading per group (`[variant] group`), then `ID\tFAMILY\tNAME` a
/// variant, `+ID\thouse rule\tNAME` a house rule. Groups come family by family, the one named
/// after the family first, the others in alphabetical order; the house rules last.
pub(super) fn run(out: &mut impl Write) -> Result<ExitCode> {
    let shipped = crate::rules::shipped();
    let family_rank = |s: &crate::rules::Shipped| {
        s.family
            .and_then(|f| crate::rules::Family::ALL.iter().position(|&g| g == f))
            .unwrap_or(usize::MAX)
    };
    let mut groups: Vec<(bool, usize, bool, String)> = Vec::new();
    for s in &shipped {
        let own = s.family.is_some_and(|f| f.name() == s.group);
        let key = (s.house_rule, family_rank(s), !own, s.group.to_lowercase());
        if !groups.contains(&key) {
            groups.push(key);
        }
    }
    groups.sort();
    for (i, (house, rank, _, lower)) in groups.iter().enumerate() {
        let members: Vec<_> = shipped
            .iter()
            .filter(|s| s.house_rule == *house && family_rank(s) == *rank)
            .filter(|s| s.group.to_lowercase() == *lower)
            .collect();
        if i > 0 {
            writeln!(out).into_diagnostic()?;
        }
        writeln!(out, "# {} ({})", members[0].group, members.len()).into_diagnostic()?;
        for s in members {
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
