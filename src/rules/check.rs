//! What `check` finds in rules: every error and warning at once, sorted by place, and the
//! effective rules after `extends` and overlays.

use super::family::RulesFile;
use super::loader::Loader;
use super::source::RulesSource;
use crate::diagnostics::LocatedError;

/// What `check` found in one rules spec: every error, every warning, and the effective rules
/// after `extends` and overlays as TOML (when the files could be merged).
#[derive(Debug, Default)]
pub struct Checked {
    /// The problems, each located.
    pub errors: Vec<LocatedError>,
    /// Legal things that cannot be what the author meant, each located.
    pub warnings: Vec<LocatedError>,
    /// The resolved rules as a TOML file that loads back to the same rules.
    pub resolved: Option<String>,
}

impl Checked {
    /// A check that stopped at `e` before the files could be merged.
    pub fn failed(e: LocatedError) -> Checked {
        Checked {
            errors: vec![e],
            ..Default::default()
        }
    }
}

/// Checks `source` as a file of family `F` (the loader `open` made for it) compiled by
/// `compile`: every problem at once.
pub fn check_with<F: RulesFile, R>(
    mut loader: Loader,
    source: RulesSource<'_>,
    compile: impl FnOnce(&Loader, F, String) -> Result<R, LocatedError>,
) -> Checked {
    let mut resolved = None;
    if let Ok((mut file, id)) = loader.merged::<F>(source) {
        file.standalone(&id);
        resolved = toml::to_string(&file).ok();
        if let Err(e) = compile(&loader, file, id)
            && !loader.has_problems()
        {
            loader.report(e);
        }
    }
    let mut errors = loader.take_problems();
    errors.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    errors.dedup_by(|a, b| {
        a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message
    });
    Checked {
        errors,
        warnings: loader.take_warnings(),
        resolved,
    }
}
