//! Pictures of positions and reports, for every family: the board in the terminal, as SVG,
//! and a static HTML report page (fixtures as diagrams with their expected moves as arrows,
//! perft tables, diffs). Renderers read only [`BoardView`]s and [`Arrow`]s, never a game.

pub mod html;
pub mod report;
pub mod svg;
pub mod terminal;

use crate::view::{Arrow, BoardView};

/// Everything one report page shows.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The page title.
    pub title: String,
    /// Fixtures with their boards, expected moves and results.
    pub fixtures: Vec<FixtureCard>,
    /// Perft tables.
    pub tables: Vec<TableCard>,
    /// Rule-change diffs.
    pub diffs: Vec<DiffCard>,
}

/// One fixture case as a card.
#[derive(Clone, Debug)]
pub struct FixtureCard {
    /// The case id.
    pub id: String,
    /// The fixture file it is in.
    pub file: String,
    /// Its rules spec.
    pub rules: String,
    /// The position.
    pub fen: String,
    /// What it shows.
    pub description: String,
    /// The rule it pins.
    pub rule: String,
    /// The board (absent when the FEN or the rules could not be read).
    pub board: Option<BoardView>,
    /// The expected moves as arrows.
    pub expected: Vec<Arrow>,
    /// The expected moves as the case writes them (`None`: the case gives no move list;
    /// empty: no legal move).
    pub moves: Option<Vec<String>>,
    /// The case's other checks in words (perft counts, the moves played and the outcome).
    pub checks: Vec<String>,
    /// Whether it passed.
    pub passed: bool,
    /// Every disagreement, in words.
    pub failures: Vec<String>,
}

/// A table: a title, a header row, rows and notes below.
#[derive(Clone, Debug, Default)]
pub struct TableCard {
    /// Its title.
    pub title: String,
    /// Column names.
    pub header: Vec<String>,
    /// The rows.
    pub rows: Vec<Vec<String>>,
    /// Lines below it (sources, conventions).
    pub notes: Vec<String>,
}

/// A rule-change diff: where two rule sets first part.
#[derive(Clone, Debug, Default)]
pub struct DiffCard {
    /// Its title (`russian` vs `my-russian.toml`).
    pub title: String,
    /// Lines that sum it up (the tables, the keys that differ).
    pub summary: Vec<String>,
    /// The positions where the legal moves differ.
    pub positions: Vec<DiffPosition>,
}

/// One position where two rule sets allow different moves.
#[derive(Clone, Debug)]
pub struct DiffPosition {
    /// Its FEN.
    pub fen: String,
    /// The moves that lead there from the root.
    pub path: Vec<String>,
    /// The board.
    pub board: BoardView,
    /// Moves only the first rule set allows.
    pub only_a: Vec<Arrow>,
    /// Moves only the second allows.
    pub only_b: Vec<Arrow>,
}
