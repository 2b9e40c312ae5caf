//! The loader's state: the source texts read while loading one spec (so that errors can point
//! into any of them), and the problems and warnings found on the way.

use crate::diagnostics::{LocatedError, SourceFile};
use crate::rules::family::{Family, RulesFile};
use crate::rules::located::Val;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

/// The source texts read while loading one spec, so that errors can point into any of them,
/// and the problems found on the way: every error of a file that does not fit its schema,
/// and what the family's checks report without stopping.
#[derive(Default)]
pub struct Loader {
    pub(super) files: Vec<SourceFile>,
    /// Which of `files` are shipped with the program (no warnings about those).
    pub(super) shipped: Vec<bool>,
    /// The files found so far, by what named them (the part, whether it follows `+`, the
    /// folder it was read from): each is read once however often a chain names it.
    pub(super) found: HashMap<(String, bool, PathBuf), (usize, PathBuf, String)>,
    problems: RefCell<Vec<LocatedError>>,
    warnings: RefCell<Vec<LocatedError>>,
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

    /// Where the rules were asked for, to locate a problem of the whole: the spec (source
    /// 0 when it is `<rules>`), else the top of the file given as text.
    pub fn asked(&self) -> (usize, Range<usize>) {
        match self.files.first() {
            Some(f) if f.name == "<rules>" => (0, 0..f.text.len()),
            _ => (0, 0..0),
        }
    }

    /// The first problem recorded, else `e`: what a load that stopped returns.
    pub fn first_problem_or(&self, e: LocatedError) -> LocatedError {
        self.problems.borrow().first().cloned().unwrap_or(e)
    }

    pub(super) fn add_source(&mut self, name: String, text: String) -> usize {
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

    pub(super) fn missing_family(&self, idx: usize) -> LocatedError {
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
    pub(super) fn schema_problems<F: RulesFile>(
        &self,
        idx: usize,
        e: &toml::de::Error,
    ) -> Result<F, LocatedError> {
        let (mut all, rest) = crate::rules::walk::schema_errors::<F>(&self.files[idx], idx);
        if all.is_empty() {
            all.push(crate::rules::walk::located(&self.files[idx], e));
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
}
