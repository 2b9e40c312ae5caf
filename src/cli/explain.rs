//! `explain`: the rules in plain sentences, written from the compiled rules.

use crate::present::Present;
use crate::variant::Variant;
use crate::with_game;
use miette::{IntoDiagnostic, Result};
use std::io::Write;
use std::process::ExitCode;

/// The arguments of `explain`.
#[derive(clap::Args)]
pub(super) struct ExplainArgs {
    /// A shipped variant id, a path to a .toml file, either followed by `+house-rule`.
    rules: String,
    /// Wrap the text at this many columns (0: one line per paragraph).
    #[arg(long, default_value_t = 88)]
    width: usize,
}

/// `explain`: the paragraphs, wrapped at `--width`, a blank line between them.
pub(super) fn run(out: &mut impl Write, args: ExplainArgs) -> Result<ExitCode> {
    let width = args.width;
    let variant = crate::load::load::<Variant>(&args.rules)?;
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
    Ok(ExitCode::SUCCESS)
}
