//! The draughts rules-file schema: what a draughts `rules/*.toml` file may say, every value
//! located in its file.
//!
//! Every field is optional here, because a file that `extends` another states only what
//! differs. The merged result is checked for completeness and consistency in `compile`.

use crate::rules::{Family, Merge, OverlaySection, RulesFile, Val, VariantSection, merge_fields};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A side of the board. White sits at the bottom of the diagram and holds the high numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// The side at the bottom of the diagram.
    White,
    /// The side at the top of the diagram.
    Black,
}

impl Colour {
    /// The side's name in a sentence: `white`, `black`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Which corner of white's bottom row is a playable (dark) square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CornerName {
    /// a1 is playable.
    LowerLeft,
    /// a1 is light; the lower-right corner is playable.
    LowerRight,
}

/// Which squares of the board are played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BoardSquares {
    /// Only the dark squares, every other one (the usual draughts board).
    Dark,
    /// Every square (Turkish draughts).
    All,
}

/// A kind of line a piece moves or captures along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Line {
    /// The diagonals.
    Diagonal,
    /// Rows and columns. On a board of dark squares the next square along a row or column is
    /// two squares away (the light square between is not played on).
    Orthogonal,
}

/// The directions in which a man may capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ManCaptureDirections {
    /// Only forward, like its moves.
    Forward,
    /// Forward and backward.
    ForwardAndBackward,
}

/// How far a king moves and captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum KingRange {
    /// One square diagonally in any direction.
    Short,
    /// Any number of empty squares along a diagonal; captures from a distance.
    Flying,
}

/// Where a flying king may land after taking a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum KingLanding {
    /// On any empty square beyond the piece taken, up to the next piece or the edge.
    AnySquareBeyond,
    /// Only on the square directly behind the piece taken.
    DirectlyBehind,
    /// Directly behind the last piece the capture takes when that piece is a king; on any
    /// square beyond otherwise.
    DirectlyBehindLastKing,
}

/// When the pieces taken in a capture leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Removal {
    /// Each piece is removed as it is taken; its square is free at once.
    Immediate,
    /// The pieces stay (blocking, and not to be taken twice) until the move ends.
    EndOfMove,
}

/// What happens when a man reaches the far row during a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionDuringCapture {
    /// It becomes a king and the move ends there.
    EndsMove,
    /// It becomes a king and goes on capturing as a king.
    ContinueAsKing,
    /// It is crowned only if the capture ends there; otherwise it goes on as a man.
    OnlyAtEnd,
}

/// One criterion of capture precedence; the list is compared in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Only the captures taking the most pieces (kings and men count the same).
    MostPieces,
    /// Only the captures taking the most kings.
    MostKings,
    /// Only the captures taking the highest value, a man counting `[capture] man_value` and a
    /// king `[capture] king_value`.
    MostValue,
    /// If a king can capture, only king captures.
    MadeByKing,
    /// Only the captures in which a king is taken earliest (positions compared in jump order).
    KingTakenEarliest,
}

impl Criterion {
    /// Every criterion, each of which a precedence list may name once.
    pub const ALL: [Criterion; 5] = [
        Criterion::MostPieces,
        Criterion::MostKings,
        Criterion::MostValue,
        Criterion::MadeByKing,
        Criterion::KingTakenEarliest,
    ];
}

/// An event that resets the quiet-move counter of the draw rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CounterReset {
    /// Any capture.
    Capture,
    /// A man becoming a king.
    Promotion,
    /// Any move of a man.
    ManMove,
}

/// How squares are written in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SquareNotation {
    /// PDN square numbers (`32-28`).
    Numeric,
    /// Algebraic names (`c3-d4`).
    Algebraic,
}

/// A whole draughts rules file, as written.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraughtsFile {
    /// The JSON Schema an editor checks the file with (`"../schemas/draughts.json"`), for
    /// editors that read it from a key rather than from taplo's `#:schema` comment. The
    /// loader accepts it and does nothing with it; it is not inherited.
    #[serde(rename = "$schema")]
    pub json_schema: Option<Val<String>>,
    /// The schema version this file is written for.
    pub schema: Option<Val<u32>>,
    /// `family = "draughts"`.
    pub family: Option<Val<Family>>,
    /// A parent variant (`international`, `../x.toml`, `russian+no-compulsory-capture`).
    pub extends: Option<Val<String>>,
    /// Who the variant is: id, name, aliases, source.
    pub variant: Option<Val<VariantSection>>,
    /// Present in a house-rule file that is applied on top of a variant.
    pub overlay: Option<Val<OverlaySection>>,
    /// Board size and colouring.
    pub board: Option<Val<BoardSection>>,
    /// Start position and first mover.
    pub setup: Option<Val<SetupSection>>,
    /// How men move and capture.
    pub man: Option<Val<ManSection>>,
    /// How kings move and capture.
    pub king: Option<Val<KingSection>>,
    /// Capture obligations and precedence.
    pub capture: Option<Val<CaptureSection>>,
    /// Promotion.
    pub promotion: Option<Val<PromotionSection>>,
    /// The draw rule.
    pub draw: Option<Val<DrawSection>>,
    /// How moves and squares are written.
    pub notation: Option<Val<NotationSection>>,
}

/// `[board]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    /// Number of columns (files).
    pub columns: Option<Val<u32>>,
    /// Number of rows (ranks).
    pub rows: Option<Val<u32>>,
    /// Which corner of white's bottom row is playable.
    pub playable_corner: Option<Val<CornerName>>,
    /// The dark squares only (default) or all of them.
    pub squares: Option<Val<BoardSquares>>,
}

/// `[setup]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupSection {
    /// Each side fills the playable squares of its nearest rows with men.
    pub rows_of_men: Option<Val<u32>>,
    /// An explicit start position as a PDN FEN; replaces `rows_of_men`.
    pub fen: Option<Val<String>>,
    /// Who moves first.
    pub first_to_move: Option<Val<Colour>>,
}

/// `[man]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManSection {
    /// Directions in which a man captures.
    pub captures: Option<Val<ManCaptureDirections>>,
    /// Whether a man may capture a king.
    pub captures_kings: Option<Val<bool>>,
    /// The lines a man moves along, forward (default: diagonal).
    pub move_lines: Option<Val<Vec<Val<Line>>>>,
    /// The lines a man captures along (default: diagonal).
    pub capture_lines: Option<Val<Vec<Val<Line>>>>,
}

/// `[king]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KingSection {
    /// Short or flying.
    pub range: Option<Val<KingRange>>,
    /// Where a flying king lands after taking a piece (default: any square beyond).
    pub landing: Option<Val<KingLanding>>,
    /// The lines a king moves along (default: diagonal).
    pub move_lines: Option<Val<Vec<Val<Line>>>>,
    /// The lines a king captures along (default: diagonal).
    pub capture_lines: Option<Val<Vec<Val<Line>>>>,
    /// A king may not make more than this many ordinary moves in a row while its side has men
    /// (default: no limit). A rule of play, not of perft: it needs the game's moves.
    pub quiet_moves_in_a_row: Option<Val<u32>>,
}

/// `[capture]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureSection {
    /// Whether a player who can capture must.
    pub compulsory: Option<Val<bool>>,
    /// Ordered precedence criteria among the legal captures.
    pub precedence: Option<Val<Vec<Val<Criterion>>>>,
    /// When captured pieces are removed.
    pub removal: Option<Val<Removal>>,
    /// Whether a capturing piece may go straight back along the line it came on (a
    /// 180-degree turn) between two jumps (default: true).
    pub may_reverse: Option<Val<bool>>,
    /// A man's worth for the `most-value` criterion.
    pub man_value: Option<Val<u32>>,
    /// A king's worth for the `most-value` criterion.
    pub king_value: Option<Val<u32>>,
}

/// `[promotion]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PromotionSection {
    /// What a man does when it reaches the far row during a capture.
    pub during_capture: Option<Val<PromotionDuringCapture>>,
}

/// `[draw]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawSection {
    /// Moves per side in a row without a reset that draw the game; 0 for no such rule.
    pub quiet_moves: Option<Val<u32>>,
    /// What resets the counter.
    pub reset_by: Option<Val<Vec<Val<CounterReset>>>>,
}

/// `[notation]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotationSection {
    /// Numeric or algebraic squares.
    pub squares: Option<Val<SquareNotation>>,
    /// Separator between squares of a capture (`x` or `:`).
    pub capture_separator: Option<Val<String>>,
    /// Separator of an ordinary move (`-`).
    pub move_separator: Option<Val<String>>,
    /// PDN GameType number.
    pub pdn_game_type: Option<Val<u32>>,
}

merge_fields!(BoardSection: columns, rows, playable_corner, squares);
merge_fields!(SetupSection: rows_of_men, fen, first_to_move);
merge_fields!(ManSection: captures, captures_kings, move_lines, capture_lines);
merge_fields!(KingSection: range, landing, move_lines, capture_lines, quiet_moves_in_a_row);
merge_fields!(CaptureSection: compulsory, precedence, removal, may_reverse, man_value, king_value);
merge_fields!(PromotionSection: during_capture);
merge_fields!(DrawSection: quiet_moves, reset_by);
merge_fields!(NotationSection: squares, capture_separator, move_separator, pdn_game_type);

impl RulesFile for DraughtsFile {
    const FAMILY: Family = Family::Draughts;

    crate::rules::common_keys!();

    fn over(mut self, parent: DraughtsFile, inherit_identity: bool) -> DraughtsFile {
        self.board.merge(parent.board);
        self.setup.merge(parent.setup);
        self.man.merge(parent.man);
        self.king.merge(parent.king);
        self.capture.merge(parent.capture);
        self.promotion.merge(parent.promotion);
        self.draw.merge(parent.draw);
        self.notation.merge(parent.notation);
        crate::rules::common_keys_over!(self, parent, inherit_identity);
        self
    }

    fn standalone(&mut self, id: &str) {
        crate::rules::standalone_keys!(self, id);
    }

    fn board_size(&self) -> Option<(u32, u32)> {
        let board = &self.board.as_ref()?.value;
        Some((board.columns.as_ref()?.value, board.rows.as_ref()?.value))
    }
}
