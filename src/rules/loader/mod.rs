//! Resolving a rules spec (`russian`, `my/file.toml`, `russian+no-compulsory-capture`) into
//! one merged file of a family: shipped files by id or alias, paths, a user's `./rules/`,
//! `extends` chains with cycle detection, and overlays (finding the file each part names is
//! `find.rs`). Every error is located.

mod find;

pub(crate) use find::{aliases_of, stem_of};

use super::located::{CURRENT_FILE, OverlaySection, Val};
use super::{Family, RulesFile, SCHEMA_VERSION};
use crate::diagnostics::{LocatedError, SourceFile};
use std::cell::RefCell;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// The longest chain of `extends` read (the shipped files use two or three).
pub const MAX_EXTENDS: usize = 64;

/// The source texts read while loading one spec, so that errors can point into any of them,
/// and the problems found on the way: every error of a file that does not fit its schema,
/// and what the family's checks report without stopping.
#[derive(Default)]
pub struct Loader {
    files: Vec<SourceFile>,
    /// Which of `files` are shipped with the program (no warnings about those).
    shipped: Vec<bool>,
    problems: RefCell<Vec<LocatedError>>,
    warnings: RefCell<Vec<LocatedError>>,
}

/// A file's family, read before the family's own schema is known.
#[derive(serde::Deserialize)]
struct Probe {
    family: Option<Val<Family>>,
    extends: Option<Val<String>>,
}

/// Who a merged file says it is: id, name, source, aliases, description.
#[derive(Clone, Debug)]
pub struct Identity {
    /// The id as asked for, overlays included (`russian+no-compulsory-capture`).
    pub id: String,
    /// Human name.
    pub name: String,
    /// Where the rules come from.
    pub source: String,
    /// Other names.
    pub aliases: Vec<String>,
    /// One paragraph for people (may be empty).
    pub description: String,
}

impl Loader {
    /// Loads `spec` as a file of family `F`: returns the loader (for located errors while
    /// compiling), the merged file and the id.
    pub fn load<F: RulesFile>(spec: &str) -> Result<(Loader, F, String), LocatedError> {
        let (loader, loaded) = Loader::load_collecting::<F>(spec);
        match loaded {
            Some((file, id)) => Ok((loader, file, id)),
            None => Err(loader.take_problems().swap_remove(0)),
        }
    }

    /// Loads `spec` as a file of family `F`, keeping every problem in the loader: the merged
    /// file and its id when it could be built.
    pub fn load_collecting<F: RulesFile>(spec: &str) -> (Loader, Option<(F, String)>) {
        let mut loader = Loader::default();
        let cmdline = loader.add_source("<rules>".into(), spec.into());
        let result =
            loader.load_spec::<F>(spec, cmdline, 0..spec.len(), Path::new("."), &mut vec![]);
        match result {
            Ok(loaded) => (loader, Some(loaded)),
            Err(e) => {
                if loader.problems.borrow().is_empty() {
                    loader.report(e);
                }
                (loader, None)
            }
        }
    }

    /// Records a problem and goes on (the family's checks that do not stop at the first).
    pub fn report(&self, e: LocatedError) {
        self.problems.borrow_mut().push(e);
    }

    /// Records a warning: something legal that cannot be what the author meant. Shipped
    /// files are what they are: no warning points into them.
    pub fn warn(&self, e: LocatedError) {
        let shipped = self
            .files
            .iter()
            .zip(&self.shipped)
            .any(|(f, &s)| s && f.name == e.file);
        if !shipped {
            self.warnings.borrow_mut().push(e);
        }
    }

    /// The problems recorded so far, in the order found.
    pub fn take_problems(&self) -> Vec<LocatedError> {
        std::mem::take(&mut self.problems.borrow_mut())
    }

    /// The warnings recorded so far.
    pub fn take_warnings(&self) -> Vec<LocatedError> {
        std::mem::take(&mut self.warnings.borrow_mut())
    }

    /// Whether any problem was recorded.
    pub fn has_problems(&self) -> bool {
        !self.problems.borrow().is_empty()
    }

    /// The first problem recorded, to stop compiling with (a placeholder when none was).
    pub fn stopped(&self) -> LocatedError {
        self.problems
            .borrow()
            .first()
            .cloned()
            .unwrap_or_else(|| self.error(0, 0..0, "the rules could not be compiled", None))
    }

    /// `Ok(value)` when no problem was recorded, else the first problem.
    pub fn finish<T>(&self, value: T) -> Result<T, LocatedError> {
        let mut problems = self.problems.borrow_mut();
        if problems.is_empty() {
            Ok(value)
        } else {
            Err(problems.remove(0))
        }
    }

    /// A loader holding one file's text as if it were at `name`: the loader, the file's index
    /// and the folder a relative `extends` is read from.
    fn with_text(name: &str, text: &str) -> (Loader, usize, std::path::PathBuf) {
        let mut loader = Loader::default();
        let idx = loader.add_source(name.into(), text.into());
        let dir = Path::new(name)
            .parent()
            .unwrap_or(Path::new("."))
            .to_path_buf();
        (loader, idx, dir)
    }

    /// [`Loader::from_toml`], keeping every problem in the loader: the file and its id when it
    /// could be read.
    pub fn from_toml_collecting<F: RulesFile>(
        name: &str,
        text: &str,
    ) -> (Loader, Option<(F, String)>) {
        match Loader::from_toml::<F>(name, text) {
            Ok((loader, file, id)) => (loader, Some((file, id))),
            Err(e) => {
                let (loader, _, _) = Loader::with_text(name, text);
                loader.report(e);
                (loader, None)
            }
        }
    }

    /// Loads a rules file of family `F` from its text, as if it were at `name` (used for
    /// relative `extends`).
    pub fn from_toml<F: RulesFile>(
        name: &str,
        text: &str,
    ) -> Result<(Loader, F, String), LocatedError> {
        let (mut loader, idx, dir) = Loader::with_text(name, text);
        let file =
            loader.parse_file::<F>(idx, &dir, &mut vec![(name.to_string(), name.to_string())])?;
        let id = file
            .variant()
            .and_then(|v| v.value.id.as_ref().map(|i| i.value.clone()))
            .unwrap_or_else(|| stem_of(name));
        Ok((loader, file, id))
    }

    /// The family of the variant a spec names (its first part, following `extends` until a
    /// file states its family).
    pub fn family_of(spec: &str) -> Result<Family, LocatedError> {
        let mut loader = Loader::default();
        let cmdline = loader.add_source("<rules>".into(), spec.into());
        let dir = Path::new(".");
        let first = if dir.join(spec).is_file() {
            spec
        } else {
            spec.split('+').next().unwrap_or(spec)
        };
        let trimmed = first.trim();
        let (idx, dir, key) = loader.resolve(trimmed, false, cmdline, 0..first.len(), dir)?;
        let seen = vec![(key, loader.files[idx].name.clone())];
        loader.family_from(idx, dir, seen, cmdline, spec)
    }

    /// The family of a rules file given as its text, as if it were at `name` (its own
    /// `family`, or its parent's through `extends`).
    pub fn family_of_text(name: &str, text: &str) -> Result<Family, LocatedError> {
        let (mut loader, idx, dir) = Loader::with_text(name, text);
        let seen = vec![(name.to_string(), name.to_string())];
        loader.family_from(idx, dir, seen, idx, name)
    }

    /// Follows `extends` from file `idx` until a file states its family; `seen` holds the
    /// files read so far (for cycles), `first`/`spec` where the chain began (for the error of
    /// a chain too long).
    fn family_from(
        &mut self,
        mut idx: usize,
        mut dir: std::path::PathBuf,
        mut seen: Vec<(String, String)>,
        first: usize,
        spec: &str,
    ) -> Result<Family, LocatedError> {
        let loader = self;
        for _ in 0..MAX_EXTENDS {
            let text = loader.files[idx].text.clone();
            CURRENT_FILE.with(|c| c.set(idx));
            let probe: Probe =
                toml::from_str(&text).map_err(|e| super::walk::located(&loader.files[idx], &e))?;
            if let Some(f) = probe.family {
                return Ok(f.value);
            }
            let Some(ext) = probe.extends else {
                return Err(loader.missing_family(idx));
            };
            let parent = ext.value.split('+').next().unwrap_or("").trim().to_string();
            let inner = ext.span.start + 1..ext.span.start + 1 + parent.len();
            let from = idx;
            let key;
            (idx, dir, key) = loader.resolve(&parent, false, idx, inner.clone(), &dir.clone())?;
            if seen.iter().any(|(k, _)| *k == key) {
                let chain: Vec<&str> = seen.iter().map(|(_, s)| s.as_str()).collect();
                return Err(loader.error(
                    from,
                    inner,
                    format!(
                        "`extends` cycle: {} -> {}",
                        chain.join(" -> "),
                        loader.files[idx].name
                    ),
                    Some("a rules file may not extend itself, directly or through others".into()),
                ));
            }
            seen.push((key, loader.files[idx].name.clone()));
        }
        Err(loader.error(
            first,
            0..spec.len(),
            "`extends` nests too deep",
            Some(format!(
                "a chain of `extends` holds at most {MAX_EXTENDS} files; {} extends {} more",
                seen[0].1,
                seen.len() - 1
            )),
        ))
    }

    fn add_source(&mut self, name: String, text: String) -> usize {
        self.shipped.push(false);
        self.files.push(SourceFile {
            name,
            text: Arc::from(text),
        });
        self.files.len() - 1
    }

    /// The source text with index `file`.
    pub fn source(&self, file: usize) -> &SourceFile {
        &self.files[file]
    }

    /// An error at `span` of source `file`.
    pub fn error(
        &self,
        file: usize,
        span: Range<usize>,
        msg: impl Into<String>,
        help: Option<String>,
    ) -> LocatedError {
        LocatedError::new(&self.files[file], span, msg, help)
    }

    /// An error at the place a value was written.
    pub fn at<T>(&self, v: &Val<T>, msg: impl Into<String>, help: Option<String>) -> LocatedError {
        self.error(v.file, v.span.clone(), msg, help)
    }

    /// An error for a key that the merged file lacks, at the top of the root file.
    pub fn missing(&self, root: usize, what: &str, help: &str) -> LocatedError {
        self.error(
            root,
            0..0,
            format!("missing `{what}`"),
            Some(help.to_string()),
        )
    }

    fn missing_family(&self, idx: usize) -> LocatedError {
        self.error(
            idx,
            0..0,
            "missing `family`",
            Some(format!(
                "say which family of games the file describes: {}",
                Family::NAMES
            )),
        )
    }

    /// Every problem of file `idx` as a file of schema `F`, recorded; the file without its
    /// bad keys when that much reads (so that the later checks still look at the rest), else
    /// the first problem.
    fn schema_problems<F: RulesFile>(
        &self,
        idx: usize,
        e: &toml::de::Error,
    ) -> Result<F, LocatedError> {
        let (mut all, rest) = super::walk::schema_errors::<F>(&self.files[idx], idx);
        if all.is_empty() {
            all.push(super::walk::located(&self.files[idx], e));
        }
        let first = all[0].clone();
        self.problems.borrow_mut().extend(all);
        rest.ok_or(first)
    }

    /// Identity of a merged file: `[variant]` (never inherited), with `id` as the default
    /// name. `source` is required (its absence is recorded as a problem).
    pub fn identity<F: RulesFile>(&self, file: &F, id: String) -> Result<Identity, LocatedError> {
        let identity = self.identity_of(file, id);
        if let Err(e) = &identity {
            self.report(e.clone());
        }
        identity
    }

    fn identity_of<F: RulesFile>(&self, file: &F, id: String) -> Result<Identity, LocatedError> {
        let root = file.schema().map_or(0, |s| s.file);
        let variant = file.variant().map(|v| &v.value);
        let text = |v: Option<&Val<String>>| v.map(|s| s.value.clone());
        Ok(Identity {
            name: text(variant.and_then(|v| v.name.as_ref())).unwrap_or_else(|| id.clone()),
            source: text(variant.and_then(|v| v.source.as_ref())).ok_or_else(|| {
                self.missing(
                    root,
                    "[variant] source",
                    "say where the rules come from: a rule book, an article, a URL",
                )
            })?,
            aliases: variant
                .and_then(|v| v.aliases.as_ref())
                .map(|a| a.value.clone())
                .unwrap_or_default(),
            description: text(variant.and_then(|v| v.description.as_ref())).unwrap_or_default(),
            id,
        })
    }

    /// Resolves `spec` (`a+b+c`) found at `file:span`, relative to `dir`.
    fn load_spec<F: RulesFile>(
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
            let shown = self.files[idx].name.clone();
            if stack.iter().any(|(k, _)| *k == key) {
                let chain: Vec<&str> = stack.iter().map(|(_, s)| s.as_str()).collect();
                return Err(self.error(
                    file,
                    part_span,
                    format!("`extends` cycle: {} -> {shown}", chain.join(" -> ")),
                    Some("a rules file may not extend itself, directly or through others".into()),
                ));
            }
            if stack.len() >= MAX_EXTENDS {
                return Err(self.error(
                    file,
                    part_span,
                    "`extends` nests too deep",
                    Some(format!(
                        "a chain of `extends` holds at most {MAX_EXTENDS} files"
                    )),
                ));
            }
            stack.push((key, shown));
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

    /// Warns about every key of the overlay in file `idx` that sets what `base` already says.
    fn warn_redundant<F: RulesFile>(&self, idx: usize, base: &F, base_id: &str) {
        use toml::de::{DeTable, DeValue, ValueDeserializer};
        let Ok(base) = toml::Value::try_from(base) else {
            return;
        };
        let text = self.files[idx].text.clone();
        let Ok(doc) = DeTable::parse(&text) else {
            return;
        };
        fn leaves<'i>(
            table: &DeTable<'i>,
            path: &mut Vec<String>,
            out: &mut Vec<(String, toml::Spanned<DeValue<'i>>)>,
        ) {
            for (key, value) in table.iter() {
                path.push(key.get_ref().to_string());
                match value.get_ref() {
                    DeValue::Table(inner) => leaves(inner, path, out),
                    _ => out.push((path.join("."), value.clone())),
                }
                path.pop();
            }
        }
        let mut found = Vec::new();
        leaves(doc.get_ref(), &mut Vec::new(), &mut found);
        for (path, leaf) in found {
            let first = path.split('.').next().unwrap_or("");
            if matches!(
                first,
                "schema" | "$schema" | "family" | "overlay" | "variant" | "extends"
            ) {
                continue;
            }
            let span = leaf.span();
            let Ok(mine) =
                <toml::Value as serde::Deserialize>::deserialize(ValueDeserializer::from(leaf))
            else {
                continue;
            };
            let theirs = path.split('.').try_fold(&base, |v, key| v.get(key));
            if theirs == Some(&mine) {
                self.warn(self.error(
                    idx,
                    span,
                    format!("`{path}` is already `{mine}` in `{base_id}`"),
                    Some("this house rule changes nothing here".into()),
                ));
            }
        }
    }

    fn check_overlay_board<F: RulesFile>(
        &self,
        overlay: &Val<OverlaySection>,
        base: &F,
        base_id: &str,
    ) -> Result<(), LocatedError> {
        let Some(boards) = &overlay.value.boards else {
            return Ok(());
        };
        if boards.value.is_empty() {
            return Ok(());
        }
        let size = |b: &str| {
            b.split_once('x').is_some_and(|(c, r)| {
                c.parse::<u32>().is_ok_and(|c| c > 0) && r.parse::<u32>().is_ok_and(|r| r > 0)
            })
        };
        if let Some(bad) = boards.value.iter().find(|b| !size(b)) {
            return Err(self.at(
                boards,
                format!("`{bad}` is not a board size"),
                Some("write each board as COLUMNSxROWS, e.g. `boards = [\"8x8\"]`".into()),
            ));
        }
        let Some((c, r)) = base.board_size() else {
            return Ok(());
        };
        let name = format!("{c}x{r}");
        if boards.value.contains(&name) {
            return Ok(());
        }
        Err(self.at(
            boards,
            format!(
                "this house rule applies to {} boards; `{base_id}` is played on {name}",
                boards.value.join(", ")
            ),
            Some("apply it to a variant played on one of the listed boards".into()),
        ))
    }

    /// Parses one file as family `F` and resolves its `extends` chain.
    fn parse_file<F: RulesFile>(
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
