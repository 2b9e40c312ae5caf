//! Located errors: every complaint about a rules file names the file, line and column.

use miette::{NamedSource, SourceSpan};
use std::ops::Range;
use std::sync::Arc;

/// A source text that errors can point into.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// How the file is shown to people (`rules/russian.toml`, a path, `<command line>`).
    pub name: String,
    /// Its whole text.
    pub text: Arc<str>,
}

impl SourceFile {
    /// Line and column (both 1-based, column in characters) of a byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }
}

/// An error located in a rules file (or any other source text such as a FEN or a move).
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
#[error("{file}:{line}:{column}: {message}")]
pub struct LocatedError {
    /// Name of the file (or text) the error is in.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// What would be valid, when there is something to say.
    #[help]
    pub help: Option<String>,
    #[source_code]
    source_code: NamedSource<Arc<str>>,
    #[label("here")]
    span: SourceSpan,
}

impl LocatedError {
    /// An error at `span` of `source`.
    pub fn new(
        source: &SourceFile,
        span: Range<usize>,
        message: impl Into<String>,
        help: Option<String>,
    ) -> Self {
        let (line, column) = source.line_column(span.start);
        let len = span.end.saturating_sub(span.start);
        LocatedError {
            file: source.name.clone(),
            line,
            column,
            message: message.into(),
            help,
            source_code: NamedSource::new(source.name.clone(), source.text.clone()),
            span: (span.start.min(source.text.len()), len).into(),
        }
    }
}

/// The closest of `choices` to `word`, if it is close (a few letters off), for the
/// "did you mean" of an error.
pub fn did_you_mean<'a>(word: &str, choices: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    choices
        .into_iter()
        .map(|c| (strsim::levenshtein(word, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min()
        .map(|(_, c)| c)
}

/// A located error shown as a warning (same place and help, severity warning).
#[derive(Debug)]
pub struct Warning<'a>(pub &'a LocatedError);

impl std::fmt::Display for Warning<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Warning<'_> {}

impl miette::Diagnostic for Warning<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Warning)
    }

    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.0.help()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0.source_code()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.0.labels()
    }
}

/// A diagnostic drawn as text without colours (the same on every terminal and in tests).
pub fn render(diagnostic: &dyn miette::Diagnostic) -> String {
    let mut out = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    if handler.render_report(&mut out, diagnostic).is_err() {
        out = diagnostic.to_string();
    }
    out
}

/// The largest text file read (a rules file is a few KiB, a fixture file a few dozen): a
/// larger one, or a device that never ends (`/dev/zero`), is refused instead of filling the
/// memory.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Reads a text file of at most [`MAX_FILE_BYTES`]; a larger one is an error that says so.
pub fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    read_text_at_most(path, MAX_FILE_BYTES)
}

/// Reads a text file of at most `most_bytes`; a larger one is an error that says so.
pub fn read_text_at_most(path: &std::path::Path, most_bytes: u64) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(most_bytes + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > most_bytes {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!("larger than {} MiB, the most read", most_bytes >> 20),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}
