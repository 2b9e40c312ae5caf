//! Following a rules spec to its files: the parts of a spec (`a+b+c`), each file's
//! `extends`, the family the first part names, and the merged file of that family. Every file
//! is found and read once (the loader keeps what it found), and the cycle and depth of a chain
//! of `extends` are checked in one place ([`Loader::enter`]), whichever walk follows it.

use super::sources::Loader;
use crate::diagnostics::LocatedError;
use crate::rules::embedded::stem_of;
use crate::rules::family::{Family, RulesFile, SCHEMA_VERSION};
use crate::rules::located::{CURRENT_FILE, Val};
use crate::rules::source::RulesSource;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The longest chain of `extends` read (the shipped files use two or three).
pub const MAX_EXTENDS: usize = 64;

/// A file's family, read before the family's own schema is known.
#[derive(serde::Deserialize)]
struct Probe {
    family: Option<Val<Family>>,
    extends: Option<Val<String>>,
}

/// The family of the variant that `source` names (`russian`, `xiangqi+house`, `my/file.toml`,
/// or a file's text): its first part's, following `extends` until a file states it.
///
/// ```
/// use rulebench::rules::{Family, family_of};
/// assert_eq!(family_of("russian+no-compulsory-capture").unwrap(), Family::Draughts);
/// assert_eq!(family_of("xiangqi").unwrap(), Family::Chess);
/// ```
pub fn family_of<'a>(source: impl Into<RulesSource<'a>>) -> Result<Family, LocatedError> {
    Loader::open(source.into()).1
}

impl Loader {
    /// Starts loading `source`: the loader holding its text and every file read so far, and
    /// the family of the variant it names ([`family_of`]). [`Loader::merged`] then reads the
    /// merged file of that family from the same loader.
    pub fn open(source: RulesSource<'_>) -> (Loader, Result<Family, LocatedError>) {
        let mut loader = Loader::default();
        let family = match source {
            RulesSource::Spec(spec) => {
                let cmdline = loader.add_source("<rules>".into(), spec.into());
                loader.family_of_spec(spec, cmdline)
            }
            RulesSource::Text { name, text } => {
                let idx = loader.add_source(name.into(), text.into());
                let dir = folder_of(name);
                let mut stack = vec![(name.to_string(), name.to_string())];
                loader.family_from(idx, dir, &mut stack)
            }
        };
        (loader, family)
    }

    /// The family of a spec's first part (the whole spec when it is the path of a file).
    fn family_of_spec(&mut self, spec: &str, cmdline: usize) -> Result<Family, LocatedError> {
        let first = if Path::new(spec).is_file() {
            spec
        } else {
            spec.split('+').next().unwrap_or(spec)
        };
        let (idx, dir, key) =
            self.resolve(first.trim(), false, cmdline, 0..first.len(), Path::new("."))?;
        let mut stack = vec![(key, self.files[idx].name.clone())];
        self.family_from(idx, dir, &mut stack)
    }

    /// Follows `extends` from file `idx` (read from `dir`) until a file states its family;
    /// `stack` holds the files of the chain so far.
    fn family_from(
        &mut self,
        mut idx: usize,
        mut dir: PathBuf,
        stack: &mut Vec<(String, String)>,
    ) -> Result<Family, LocatedError> {
        loop {
            let text = self.files[idx].text.clone();
            CURRENT_FILE.with(|c| c.set(idx));
            let probe: Probe = toml::from_str(&text)
                .map_err(|e| crate::rules::walk::located(&self.files[idx], &e))?;
            if let Some(f) = probe.family {
                return Ok(f.value);
            }
            let Some(ext) = probe.extends else {
                return Err(self.missing_family(idx));
            };
            let parent = ext.value.split('+').next().unwrap_or("").trim().to_string();
            let inner = ext.span.start + 1..ext.span.start + 1 + parent.len();
            let (next, next_dir, key) = self.resolve(&parent, false, idx, inner.clone(), &dir)?;
            self.enter(stack, key, next, idx, inner)?;
            (idx, dir) = (next, next_dir);
        }
    }

    /// The merged file of family `F` that `source` names, and its id: its parts laid over
    /// one another, each file over the parents its `extends` names. Problems are recorded in
    /// the loader; the one that stopped the load is returned.
    pub fn merged<F: RulesFile>(
        &mut self,
        source: RulesSource<'_>,
    ) -> Result<(F, String), LocatedError> {
        let merged = match source {
            RulesSource::Spec(spec) => {
                self.load_spec::<F>(spec, 0, 0..spec.len(), Path::new("."), &mut vec![])
            }
            RulesSource::Text { name, .. } => {
                let dir = folder_of(name);
                let mut stack = vec![(name.to_string(), name.to_string())];
                self.parse_file::<F>(0, &dir, &mut stack).map(|file| {
                    let id = file
                        .variant()
                        .and_then(|v| v.value.id.as_ref().map(|i| i.value.clone()))
                        .unwrap_or_else(|| stem_of(name));
                    (file, id)
                })
            }
        };
        merged.inspect_err(|e| {
            if !self.has_problems() {
                self.report(e.clone());
            }
        })
    }

    /// Steps into file `idx` (found under `key`), named at `file:span`, on the chain `stack`:
    /// an error when it is on the chain already (a cycle) or the chain is as long as it may be.
    fn enter(
        &self,
        stack: &mut Vec<(String, String)>,
        key: String,
        idx: usize,
        file: usize,
        span: Range<usize>,
    ) -> Result<(), LocatedError> {
        let shown = self.files[idx].name.clone();
        if stack.iter().any(|(k, _)| *k == key) {
            let chain: Vec<&str> = stack.iter().map(|(_, s)| s.as_str()).collect();
            return Err(self.error(
                file,
                span,
                format!("`extends` cycle: {} -> {shown}", chain.join(" -> ")),
                Some("a rules file may not extend itself, directly or through others".into()),
            ));
        }
        if stack.len() >= MAX_EXTENDS {
            return Err(self.error(
                file,
                span,
                "`extends` nests too deep",
                Some(format!(
                    "a chain of `extends` holds at most {MAX_EXTENDS} files"
                )),
            ));
        }
        stack.push((key, shown));
        Ok(())
    }

    /// Resolves `spec` (`a+b+c`) found at `file:span`, relative to `dir`.
    pub(super) fn load_spec<F: RulesFile>(
        &mut self,
        spec: &str,
        file: usize,
        span: Range<usize>,
        dir: &Path,
        stack: &mut Vec<(String, String)>,
    ) -> Result<(F, String), LocatedError> {
        let whole_is_path = dir.join(spec).is_file();
        let parts: Vec<(Range<usize>, &str)> = if whole_is_path {
            vec![(span.clone(), spec)]
        } else {
            let mut out = Vec::new();
            let mut off = 0;
            for part in spec.split('+') {
                out.push((span.start + off..span.start + off + part.len(), part));
                off += part.len() + 1;
            }
            out
        };
        let mut merged: Option<F> = None;
        let mut id = String::new();
        for (i, (part_span, part)) in parts.into_iter().enumerate() {
            let part = part.trim();
            let (idx, part_dir, key) = self.resolve(part, i > 0, file, part_span.clone(), dir)?;
            self.enter(stack, key, idx, file, part_span.clone())?;
            let parsed = self.parse_file::<F>(idx, &part_dir, stack)?;
            stack.pop();
            let part_id = parsed
                .overlay()
                .and_then(|o| o.value.id.as_ref().map(|v| v.value.clone()))
                .unwrap_or_else(|| stem_of(&self.files[idx].name));
            match merged.take() {
                None => {
                    if let Some(o) = parsed.overlay() {
                        return Err(self.error(
                            file,
                            part_span,
                            format!("`{part}` is a house rule, not a variant"),
                            Some(format!(
                                "apply it on top of a variant, e.g. `russian+{part}` (house rule declared at {}:{})",
                                self.files[o.file].name,
                                self.files[o.file].line_column(o.span.start).0
                            )),
                        ));
                    }
                    id = parsed
                        .variant()
                        .and_then(|v| v.value.id.as_ref().map(|i| i.value.clone()))
                        .unwrap_or_else(|| stem_of(&self.files[idx].name));
                    merged = Some(parsed);
                }
                Some(base) => {
                    let Some(overlay) = parsed.overlay() else {
                        return Err(self.error(
                            file,
                            part_span,
                            format!("`{part}` is a variant, not a house rule"),
                            Some("only files with an `[overlay]` section may follow `+`".into()),
                        ));
                    };
                    if let Some(v) = parsed.variant() {
                        return Err(self.at(
                            v,
                            "a house rule may not change who the variant is",
                            Some(
                                "remove the `[variant]` table: `[overlay]` gives the house \
                                 rule's own id, name and source"
                                    .into(),
                            ),
                        ));
                    }
                    self.check_overlay_board(overlay, &base, &id)?;
                    self.warn_redundant(idx, &base, &id);
                    id = format!("{id}+{part_id}");
                    merged = Some(parsed.over(base, true));
                }
            }
        }
        Ok((merged.expect("a spec has at least one part"), id))
    }

    /// Parses one file as family `F` and resolves its `extends` chain.
    pub(super) fn parse_file<F: RulesFile>(
        &mut self,
        idx: usize,
        dir: &Path,
        stack: &mut Vec<(String, String)>,
    ) -> Result<F, LocatedError> {
        let text = self.files[idx].text.clone();
        CURRENT_FILE.with(|c| c.set(idx));
        // The family first: a file of another family fails its schema with unhelpful errors.
        let probe: Probe = match toml::from_str(&text) {
            Ok(p) => p,
            Err(e) => {
                return Err(self
                    .schema_problems::<F>(idx, &e)
                    .err()
                    .unwrap_or_else(|| self.stopped()));
            }
        };
        match &probe.family {
            Some(f) if f.value != F::FAMILY => {
                return Err(self.at(
                    f,
                    format!(
                        "this is a {} rules file where a {} file is needed",
                        f.value.name(),
                        F::FAMILY.name()
                    ),
                    Some(
                        "a file may extend, or be laid over, only a file of its own family".into(),
                    ),
                ));
            }
            None if probe.extends.is_none() => return Err(self.missing_family(idx)),
            _ => {}
        }
        CURRENT_FILE.with(|c| c.set(idx));
        let parsed: F = match toml::from_str(&text) {
            Ok(p) => p,
            Err(e) => self.schema_problems::<F>(idx, &e)?,
        };
        match parsed.schema() {
            None => {
                return Err(self.error(
                    idx,
                    0..0,
                    "missing `schema`",
                    Some(format!("start the file with `schema = {SCHEMA_VERSION}`")),
                ));
            }
            Some(v) if v.value != SCHEMA_VERSION => {
                return Err(self.at(
                    v,
                    format!("schema {} is not known to this rulebench", v.value),
                    Some(format!("this rulebench reads `schema = {SCHEMA_VERSION}`")),
                ));
            }
            Some(_) => {}
        }
        if let (Some(ext), Some(_)) = (parsed.extends(), parsed.overlay()) {
            return Err(self.at(
                ext,
                "a house rule may not `extends` a variant",
                Some("remove `extends`, or the `[overlay]` section".into()),
            ));
        }
        let Some(ext) = parsed.extends().cloned() else {
            return Ok(parsed);
        };
        // The value's span includes its quotes; the spec text starts one byte in.
        let inner = ext.span.start + 1..ext.span.end.saturating_sub(1);
        let (parent, _) = self.load_spec::<F>(&ext.value, ext.file, inner, dir, stack)?;
        Ok(parsed.over(parent, false))
    }
}

/// The folder a relative `extends` of a file at `name` is read from.
fn folder_of(name: &str) -> PathBuf {
    Path::new(name)
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf()
}
