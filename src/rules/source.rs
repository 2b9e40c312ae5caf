//! Where rules come from: a spec naming files, or the text of one file.

/// The rules to load: a spec (a shipped id or alias, a path to a `.toml` file, either followed
/// by house rules: `russian+no-compulsory-capture`), or the text of a rules file as if it were
/// at a path (what an editor holds before it is saved; a relative `extends` is read from that
/// path's folder, and errors point into it).
///
/// A `&str` or `&String` is a spec: `rulebench::load::<rulebench::Variant>("russian")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesSource<'a> {
    /// A spec: `russian`, `my/file.toml`, `russian+no-compulsory-capture`.
    Spec(&'a str),
    /// A file's text, as if it were at `name`.
    Text {
        /// The path the text stands for.
        name: &'a str,
        /// The file's text.
        text: &'a str,
    },
}

impl<'a> RulesSource<'a> {
    /// The text of a rules file as if it were at `name`.
    pub fn text(name: &'a str, text: &'a str) -> RulesSource<'a> {
        RulesSource::Text { name, text }
    }
}

impl<'a> From<&'a str> for RulesSource<'a> {
    fn from(spec: &'a str) -> RulesSource<'a> {
        RulesSource::Spec(spec)
    }
}

impl<'a> From<&'a String> for RulesSource<'a> {
    fn from(spec: &'a String) -> RulesSource<'a> {
        RulesSource::Spec(spec)
    }
}
