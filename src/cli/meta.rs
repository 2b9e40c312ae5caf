//! `check`, `list`, `fixtures`, `explain` and `schema`.

use crate::game::Game;
use crate::present::Present;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;

pub(super) fn check(
    out: &mut impl Write,
    specs: &[String],
    resolved: bool,
    deny_warnings: bool,
) -> Result<std::process::ExitCode> {
    use crate::diagnostics::{Warning, render};
    let (mut errors, mut warnings) = (0, 0);
    for spec in specs {
        let checked = crate::load::check(spec);
        for e in &checked.errors {
            write!(out, "{}", render(e)).into_diagnostic()?;
        }
        for w in &checked.warnings {
            write!(out, "{}", render(&Warning(w))).into_diagnostic()?;
        }
        errors += checked.errors.len();
        warnings += checked.warnings.len();
        if checked.errors.is_empty() {
            let variant = crate::load::load::<Variant>(spec)?;
            with_game!(&variant, game => {
                writeln!(out, "ok: {} ({}, {})", game.id(), game.name(), game.family().name())
                    .into_diagnostic()?;
                for line in game.describe() {
                    writeln!(out, "  {line}").into_diagnostic()?;
                }
                Ok::<(), miette::Report>(())
            })?;
            if resolved && let Some(text) = &checked.resolved {
                writeln!(
                    out,
                    "\n# {spec}, resolved: every rule after `extends` and overlays\n{text}"
                )
                .into_diagnostic()?;
            }
        }
    }
    writeln!(
        out,
        "{} file{}: {errors} error{}, {warnings} warning{}",
        specs.len(),
        if specs.len() == 1 { "" } else { "s" },
        if errors == 1 { "" } else { "s" },
        if warnings == 1 { "" } else { "s" }
    )
    .into_diagnostic()?;
    Ok(if errors > 0 || (deny_warnings && warnings > 0) {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    })
}

pub(super) fn list(out: &mut impl Write) -> Result<()> {
    for s in crate::rules::shipped() {
        if s.house_rule {
            writeln!(out, "+{}\thouse rule\t{}", s.id, s.name).into_diagnostic()?;
        } else {
            let family = s.family.map_or("?", |f| f.name());
            writeln!(out, "{}\t{family}\t{}", s.id, s.name).into_diagnostic()?;
        }
    }
    Ok(())
}

pub(super) fn fixtures(out: &mut impl Write, paths: Vec<std::path::PathBuf>) -> Result<()> {
    let paths = if paths.is_empty() {
        vec![std::path::PathBuf::from("fixtures")]
    } else {
        paths
    };
    let mut runner = crate::fixtures::Runner::new();
    let (mut passed, mut failed) = (0, 0);
    for path in &paths {
        for result in runner.run_path(path) {
            if result.passed() {
                passed += 1;
            } else {
                failed += 1;
                writeln!(out, "FAIL {} ({})", result.id, result.file.display())
                    .into_diagnostic()?;
                for f in &result.failures {
                    writeln!(out, "  {f}").into_diagnostic()?;
                }
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed").into_diagnostic()?;
    if failed > 0 {
        return Err(miette::miette!("{failed} fixture(s) failed"));
    }
    Ok(())
}

pub(super) fn explain(out: &mut impl Write, spec: &str, width: usize) -> Result<()> {
    let variant = crate::load::load::<Variant>(spec)?;
    let paragraphs = with_game!(&variant, game => game.explain());
    for (i, p) in paragraphs.iter().enumerate() {
        if i > 0 {
            writeln!(out).into_diagnostic()?;
        }
        let text = if width == 0 {
            p.clone()
        } else {
            let options = textwrap::Options::new(width)
                .word_splitter(textwrap::WordSplitter::NoHyphenation)
                .break_words(false);
            textwrap::fill(p, options)
        };
        writeln!(out, "{text}").into_diagnostic()?;
    }
    Ok(())
}

pub(super) fn schema(
    out: &mut impl Write,
    family: Option<crate::rules::Family>,
    dir: Option<&std::path::Path>,
) -> Result<()> {
    use crate::rules::Family;
    let Some(dir) = dir else {
        let Some(family) = family else {
            return Err(miette::miette!(
                help = "`rulebench schema --family draughts` prints the draughts schema; \
                        `rulebench schema --out schemas` writes every family's",
                "name a family to print its schema (--family {}), or a directory to write them \
                 into (--out DIR)",
                Family::ALL.map(Family::name).join("|")
            ));
        };
        return write!(out, "{}", crate::variant::json_schema(family)).into_diagnostic();
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| miette::miette!("cannot create {}: {e}", dir.display()))?;
    for family in family.map_or(Family::ALL.to_vec(), |f| vec![f]) {
        let path = dir.join(format!("{}.json", family.name()));
        std::fs::write(&path, crate::variant::json_schema(family))
            .map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))?;
        writeln!(out, "{}", path.display()).into_diagnostic()?;
    }
    Ok(())
}
