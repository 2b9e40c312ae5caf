//! The verbs of the command line: each variant's doc comment is the verb's help text, its
//! arguments are declared in the verb's own file.

use super::check::CheckArgs;
use super::completions::CompletionsArgs;
use super::crosscheck::CrosscheckArgs;
use super::diff::DiffArgs;
use super::divide::DivideArgs;
use super::explain::ExplainArgs;
use super::fixtures::FixturesArgs;
use super::man::ManArgs;
use super::merge::MergeArgs;
use super::moves::MovesArgs;
use super::outcome::OutcomeArgs;
use super::perft::PerftArgs;
use super::perftree::PerftreeArgs;
use super::report::ReportArgs;
use super::schema::SchemaArgs;
use super::show::ShowArgs;
use super::table::TableArgs;
use super::uci::UciArgs;
use clap::Subcommand;

/// A verb and its arguments.
#[derive(Subcommand)]
pub(super) enum Command {
    /// Counts the leaf nodes of the move tree.
    Perft(PerftArgs),
    /// Adds up the JSON results of the shards of one `perft --shards` job (files, or stdin
    /// when none or `-` is given): refuses results of other jobs, names missing and
    /// duplicated shards.
    Merge(MergeArgs),
    /// Perft of each legal move: `MOVE: N` lines, a blank line, `Nodes searched: N`.
    Divide(DivideArgs),
    /// The perftree debugger's script contract: `DEPTH "FEN" ["MOVES"]` gives `MOVE N` lines
    /// (perft DEPTH of each legal move after MOVES), a blank line and the total.
    Perftree(PerftreeArgs),
    /// A UCI engine on stdin and stdout for the tools that compare engines' move trees:
    /// `uci`, `setoption name UCI_Variant|RulesFile|Threads|Hash value V`, `position startpos|fen
    /// FEN [moves ...]`, `go perft N`, `d`, `quit`.
    Uci(UciArgs),
    /// Lists the legal moves, one per line.
    Moves(MovesArgs),
    /// Says how the game stands: win, loss, draw or ongoing, with the reason.
    Outcome(OutcomeArgs),
    /// Checks rules files: every error and warning of every file at once (each located, with
    /// the valid values and a "did you mean"); a clean file is built and described.
    Check(CheckArgs),
    /// Runs rule-edge fixtures: every case below the paths (default `fixtures/`).
    Fixtures(FixturesArgs),
    /// Lists the shipped variants and house rules.
    List,
    /// Compares our divide with another engine's and goes down into the first subtree that
    /// disagrees, to a position whose move lists differ. Exit status 1 when they disagree.
    Crosscheck(CrosscheckArgs),
    /// The rule-change regression tool: two rule sets' perft to the first depth where they
    /// differ, the shallowest positions whose legal moves differ, and the rule keys that
    /// differ.
    Diff(DiffArgs),
    /// Perft tables for publishing: variants side by side, with the convention, the position,
    /// the rules' source and a hash of the resolved rules in the header.
    Table(TableArgs),
    /// The JSON Schema (draft-07) of a family's rules files, for editors: a file that starts
    /// with `#:schema ../schemas/draughts.json` gets completion, each key's documentation and
    /// its misspellings flagged (Even Better TOML, tombi). Prints one family's schema, or with
    /// `--out DIR` writes `DIR/FAMILY.json` for the family named or every family.
    Schema(SchemaArgs),
    /// The rules in plain sentences, written from the compiled rules.
    Explain(ExplainArgs),
    /// Writes a static HTML page (no server, no external assets): every fixture drawn with its
    /// expected moves as arrows and its pass/fail state, perft tables and diffs.
    Report(ReportArgs),
    /// Prints a shell completion script: `rulebench completions bash > ~/.local/share/bash-completion/completions/rulebench`.
    Completions(CompletionsArgs),
    /// Writes the man pages (`rulebench.1` and one per verb) into a folder:
    /// `rulebench man ~/.local/share/man/man1`.
    Man(ManArgs),
    /// Draws the board: in the terminal, or as an SVG picture.
    Show(ShowArgs),
}
