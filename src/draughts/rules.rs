//! A draughts variant's rules as the engine reads them: plain data, compiled from the merged
//! rules file by the family's `compile` stage.
//!
//! ```
//! use rulebench::draughts::Rules;
//! let rules: Rules = rulebench::load("russian+no-compulsory-capture").unwrap();
//! assert!(!rules.compulsory_capture);
//! assert_eq!(rules.geometry.square_count(), 32);
//! ```

use super::geometry::Geometry;
use super::position::Position;
use super::schema::*;
use crate::rules::Place;

/// The kinds of line a piece moves or captures along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines {
    /// Along the diagonals.
    pub diagonal: bool,
    /// Along rows and columns.
    pub orthogonal: bool,
}

impl Lines {
    /// The diagonals only (every draughts variant but a few).
    pub const DIAGONAL: Lines = Lines {
        diagonal: true,
        orthogonal: false,
    };
}

/// What a man and a king are worth to the `most-value` capture criterion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceValues {
    /// A man's worth.
    pub man: u32,
    /// A king's worth.
    pub king: u32,
}

/// How moves are written for a variant.
#[derive(Clone, Debug)]
pub struct Notation {
    /// Numeric or algebraic squares.
    pub squares: SquareNotation,
    /// Between the squares of a capture.
    pub capture_separator: String,
    /// Between the squares of an ordinary move.
    pub move_separator: String,
    /// PDN GameType number, if the variant has one.
    pub pdn_game_type: Option<u32>,
}

/// The draw rule by quiet moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Moves per side (so twice as many plies) without a reset that draw.
    pub quiet_moves: u32,
    /// A capture resets the counter.
    pub reset_by_capture: bool,
    /// A promotion resets the counter.
    pub reset_by_promotion: bool,
    /// Any man move resets the counter.
    pub reset_by_man_move: bool,
}

/// A variant's rules, checked and compiled: what the engine reads (`rulebench::load`).
#[derive(Clone, Debug)]
pub struct Rules {
    /// The id as asked for, overlays included (`russian+no-compulsory-capture`).
    pub id: String,
    /// Human name.
    pub name: String,
    /// Where the rules come from.
    pub source: String,
    /// Other names.
    pub aliases: Vec<String>,
    /// The board.
    pub geometry: Geometry,
    /// The start position (the first mover to move), in the widest bitboard; a game takes it
    /// in its own width.
    pub start: Position<u128>,
    /// Where the rules file states the start position (source index and span: its `fen`, else
    /// its `first_to_move`), for the errors found when a game is built from it.
    pub start_at: Place,
    /// Men capture backward as well as forward.
    pub men_capture_backward: bool,
    /// A man may capture a king.
    pub men_capture_kings: bool,
    /// Short or flying kings.
    pub king_range: KingRange,
    /// Where a flying king lands after taking a piece.
    pub king_landing: KingLanding,
    /// The lines a man moves along (forward; along rows and columns, sideways too).
    pub man_move_lines: Lines,
    /// The lines a man captures along.
    pub man_capture_lines: Lines,
    /// The lines a king moves along.
    pub king_move_lines: Lines,
    /// The lines a king captures along.
    pub king_capture_lines: Lines,
    /// A king may make at most this many ordinary moves in a row while its side has men.
    pub king_quiet_moves_in_a_row: Option<u32>,
    /// A player who can capture must.
    pub compulsory_capture: bool,
    /// Capture precedence criteria, compared in order.
    pub precedence: Vec<Criterion>,
    /// When captured pieces leave the board.
    pub removal: Removal,
    /// A capturing piece may turn straight back (180 degrees) between two jumps.
    pub may_reverse: bool,
    /// What a man and a king are worth to the `most-value` criterion.
    pub values: PieceValues,
    /// A man reaching the far row mid-capture.
    pub promotion_during_capture: PromotionDuringCapture,
    /// The quiet-move draw rule, if any.
    pub draw: Option<DrawRule>,
    /// How moves are written.
    pub notation: Notation,
}

impl Rules {
    /// The row (0 = top of the diagram) on which a man of `colour` becomes a king.
    pub fn promotion_row(&self, colour: Colour) -> u32 {
        match colour {
            Colour::White => 0,
            Colour::Black => self.geometry.rows() - 1,
        }
    }
}
