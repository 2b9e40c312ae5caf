//! Finding the text a part of a rules spec names: a path (read with the size cap), a shipped
//! variant or house rule by id or alias, or a user's own file under `./rules/`; an unknown name
//! is an error with the shipped choices and a did-you-mean.

use super::sources::Loader;
use crate::diagnostics::LocatedError;
use crate::rules::embedded::{
    EMBEDDED, aliases_of, shipped_house_rules, shipped_variants, stem_of,
};
use std::ops::Range;
use std::path::{Path, PathBuf};

impl Loader {
    /// Finds the text of one part named at `file:span`, read from folder `dir` (a house rule
    /// when `overlay`): returns (source index, its folder, a key for cycles). A part found
    /// before is not read again.
    pub(super) fn resolve(
        &mut self,
        part: &str,
        overlay: bool,
        file: usize,
        span: Range<usize>,
        dir: &Path,
    ) -> Result<(usize, PathBuf, String), LocatedError> {
        let named = (part.to_string(), overlay, dir.to_path_buf());
        if let Some(found) = self.found.get(&named) {
            return Ok(found.clone());
        }
        let found = self.find(part, overlay, file, span, dir)?;
        self.found.insert(named, found.clone());
        Ok(found)
    }

    /// [`Loader::resolve`] without looking at what was found before.
    fn find(
        &mut self,
        part: &str,
        overlay: bool,
        file: usize,
        span: Range<usize>,
        dir: &Path,
    ) -> Result<(usize, PathBuf, String), LocatedError> {
        let looks_like_path = part.ends_with(".toml") || part.contains('/') || part.contains('\\');
        if looks_like_path {
            let path = if dir == Path::new(".") {
                PathBuf::from(part)
            } else {
                dir.join(part)
            };
            let text = crate::diagnostics::read_text(&path).map_err(|e| {
                self.error(
                    file,
                    span.clone(),
                    format!("cannot read `{}`: {e}", path.display()),
                    None,
                )
            })?;
            let key = path
                .canonicalize()
                .unwrap_or(path.clone())
                .display()
                .to_string();
            let idx = self.add_source(path.display().to_string(), text);
            let parent = path.parent().map(Path::to_path_buf).unwrap_or_default();
            return Ok((idx, parent, key));
        }
        // Shipped files by id: variants for the first part, house rules after `+`.
        let wanted_dir = if overlay { "rules/house/" } else { "rules/" };
        let in_dir =
            |path: &str, dir: &str| path.starts_with(dir) && !path[dir.len()..].contains('/');
        let by_stem = EMBEDDED
            .iter()
            .find(|(path, _)| in_dir(path, wanted_dir) && stem_of(path) == part);
        let by_alias = || {
            EMBEDDED.iter().find(|(path, text)| {
                in_dir(path, wanted_dir) && aliases_of(text).iter().any(|a| a == part)
            })
        };
        if let Some((path, text)) = by_stem.or_else(by_alias) {
            let idx = self.add_source(path.to_string(), text.to_string());
            self.shipped[idx] = true;
            return Ok((idx, PathBuf::from("rules"), format!("shipped:{path}")));
        }
        // A user's own file next to the shipped ones, by id.
        let local = Path::new(wanted_dir).join(format!("{part}.toml"));
        if local.is_file() {
            return self.find(
                &local.display().to_string(),
                overlay,
                file,
                span,
                Path::new("."),
            );
        }
        let other_dir = if overlay { "rules/" } else { "rules/house/" };
        let in_other = EMBEDDED
            .iter()
            .any(|(path, _)| in_dir(path, other_dir) && stem_of(path) == part);
        if in_other {
            return Err(if overlay {
                self.error(
                    file,
                    span,
                    format!("`{part}` is a variant, not a house rule"),
                    Some(
                        "only house rules (files with an `[overlay]` section) may follow `+`"
                            .into(),
                    ),
                )
            } else {
                self.error(
                    file,
                    span,
                    format!("`{part}` is a house rule, not a variant"),
                    Some(format!(
                        "apply it on top of a variant, e.g. `russian+{part}`"
                    )),
                )
            });
        }
        let choices = if overlay {
            shipped_house_rules()
        } else {
            shipped_variants()
        };
        let hint = crate::diagnostics::did_you_mean(part, choices.iter().map(String::as_str))
            .map(|m| format!("did you mean `{m}`? "))
            .unwrap_or_default();
        Err(self.error(
            file,
            span,
            format!(
                "unknown {} `{part}`",
                if overlay { "house rule" } else { "variant" }
            ),
            Some(format!(
                "{hint}shipped {}: {}; or give a path to a .toml file",
                if overlay { "house rules" } else { "variants" },
                choices.join(", ")
            )),
        ))
    }
}
