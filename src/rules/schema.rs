//! The rules-file schema: what a `rules/*.toml` file may say, every value located in its file.
//!
//! Every field is optional here, because a file that `extends` another states only what
//! differs. The merged result is checked for completeness and consistency in `compile`.

use serde::{Deserialize, Deserializer};
use std::cell::Cell;
use std::ops::Range;

thread_local! {
    /// The index of the file being deserialized, stamped on every [`Val`].
    pub(crate) static CURRENT_FILE: Cell<usize> = const { Cell::new(0) };
}

/// A value read from a rules file, with the file and byte range it came from.
#[derive(Clone, Debug)]
pub struct Val<T> {
    /// The value itself.
    pub value: T,
    /// Index of the source file in the loader's list.
    pub file: usize,
    /// Byte range of the value in that file.
    pub span: Range<usize>,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Val<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = toml::Spanned::<T>::deserialize(d)?;
        let span = s.span();
        Ok(Val {
            value: s.into_inner(),
            file: CURRENT_FILE.with(|c| c.get()),
            span,
        })
    }
}

/// A side of the board. White sits at the bottom of the diagram and holds the high numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// The side at the bottom of the diagram.
    White,
    /// The side at the top of the diagram.
    Black,
}

impl Colour {
    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Which corner of white's bottom row is a playable (dark) square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CornerName {
    /// a1 is playable.
    LowerLeft,
    /// a1 is light; the lower-right corner is playable.
    LowerRight,
}

/// The directions in which a man may capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ManCaptureDirections {
    /// Only forward, like its moves.
    Forward,
    /// Forward and backward.
    ForwardAndBackward,
}

/// How far a king moves and captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingRange {
    /// One square diagonally in any direction.
    Short,
    /// Any number of empty squares along a diagonal; captures from a distance.
    Flying,
}

/// When the pieces taken in a capture leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Removal {
    /// Each piece is removed as it is taken; its square is free at once.
    Immediate,
    /// The pieces stay (blocking, and not to be taken twice) until the move ends.
    EndOfMove,
}

/// What happens when a man reaches the far row during a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Only the captures taking the most pieces (kings and men count the same).
    MostPieces,
    /// Only the captures taking the most kings.
    MostKings,
    /// If a king can capture, only king captures.
    MadeByKing,
    /// Only the captures in which a king is taken earliest (positions compared in jump order).
    KingTakenEarliest,
}

/// An event that resets the quiet-move counter of the draw rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SquareNotation {
    /// PDN square numbers (`32-28`).
    Numeric,
    /// Algebraic names (`c3-d4`).
    Algebraic,
}

/// A whole rules file, as written.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// The schema version this file is written for.
    pub schema: Option<Val<u32>>,
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

/// `[variant]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSection {
    /// Short identifier, the file stem (`russian`).
    pub id: Option<Val<String>>,
    /// Full name.
    pub name: Option<Val<String>>,
    /// Other names the variant is known by.
    pub aliases: Option<Val<Vec<String>>>,
    /// Where the rules come from.
    pub source: Option<Val<String>>,
    /// One paragraph for people.
    pub description: Option<Val<String>>,
}

/// `[overlay]`: a house rule meant to be applied on top of a variant.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverlaySection {
    /// Identifier used after `+` (`no-compulsory-capture`).
    pub id: Option<Val<String>>,
    /// Full name.
    pub name: Option<Val<String>>,
    /// Where the rule comes from.
    pub source: Option<Val<String>>,
    /// Board sizes it applies to, as `"8x8"`; empty or absent means any.
    pub boards: Option<Val<Vec<String>>>,
}

/// `[board]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    /// Number of columns (files).
    pub columns: Option<Val<u32>>,
    /// Number of rows (ranks).
    pub rows: Option<Val<u32>>,
    /// Which corner of white's bottom row is playable.
    pub playable_corner: Option<Val<CornerName>>,
}

/// `[setup]`
#[derive(Clone, Debug, Default, Deserialize)]
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
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManSection {
    /// Directions in which a man captures.
    pub captures: Option<Val<ManCaptureDirections>>,
    /// Whether a man may capture a king.
    pub captures_kings: Option<Val<bool>>,
}

/// `[king]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingSection {
    /// Short or flying.
    pub range: Option<Val<KingRange>>,
}

/// `[capture]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureSection {
    /// Whether a player who can capture must.
    pub compulsory: Option<Val<bool>>,
    /// Ordered precedence criteria among the legal captures.
    pub precedence: Option<Val<Vec<Val<Criterion>>>>,
    /// When captured pieces are removed.
    pub removal: Option<Val<Removal>>,
}

/// `[promotion]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSection {
    /// What a man does when it reaches the far row during a capture.
    pub during_capture: Option<Val<PromotionDuringCapture>>,
}

/// `[draw]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawSection {
    /// Moves per side in a row without a reset that draw the game; 0 for no such rule.
    pub quiet_moves: Option<Val<u32>>,
    /// What resets the counter.
    pub reset_by: Option<Val<Vec<Val<CounterReset>>>>,
}

/// `[notation]`
#[derive(Clone, Debug, Default, Deserialize)]
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

/// Fills the unset fields of `child` from `parent`.
pub(crate) trait Merge {
    fn merge(&mut self, parent: Self);
}

impl<T: Merge> Merge for Option<Val<T>> {
    // Sections merge field by field.
    fn merge(&mut self, parent: Self) {
        match (self.as_mut(), parent) {
            (_, None) => {}
            (None, Some(p)) => *self = Some(p),
            (Some(c), Some(p)) => c.value.merge(p.value),
        }
    }
}

macro_rules! merge_fields {
    ($ty:ty: $($field:ident),*) => {
        impl Merge for $ty {
            fn merge(&mut self, parent: Self) {
                $( if self.$field.is_none() { self.$field = parent.$field; } )*
            }
        }
    };
}

merge_fields!(OverlaySection: id, name, source, boards);
merge_fields!(BoardSection: columns, rows, playable_corner);
merge_fields!(SetupSection: rows_of_men, fen, first_to_move);
merge_fields!(ManSection: captures, captures_kings);
merge_fields!(KingSection: range);
merge_fields!(CaptureSection: compulsory, precedence, removal);
merge_fields!(PromotionSection: during_capture);
merge_fields!(DrawSection: quiet_moves, reset_by);
merge_fields!(NotationSection: squares, capture_separator, move_separator, pdn_game_type);

impl RulesFile {
    /// Lays `self` (the child or overlay) over `parent`: what `self` states wins. The
    /// `[variant]` identity is inherited only when `inherit_identity` (an overlay keeps the
    /// base's identity; a child that extends a parent has its own).
    pub(crate) fn over(mut self, parent: RulesFile, inherit_identity: bool) -> RulesFile {
        self.board.merge(parent.board);
        self.setup.merge(parent.setup);
        self.man.merge(parent.man);
        self.king.merge(parent.king);
        self.capture.merge(parent.capture);
        self.promotion.merge(parent.promotion);
        self.draw.merge(parent.draw);
        self.notation.merge(parent.notation);
        if inherit_identity {
            self.variant = parent.variant;
        }
        if self.schema.is_none() {
            self.schema = parent.schema;
        }
        self
    }
}
