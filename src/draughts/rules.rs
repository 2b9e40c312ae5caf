//! A draughts variant's rules, checked and compiled from its merged rules file into the plain
//! [`Rules`] struct the engine reads.
//!
//! ```
//! let rules = rulebench::draughts::Rules::load("russian+no-compulsory-capture").unwrap();
//! assert!(!rules.compulsory_capture);
//! assert_eq!(rules.geometry.square_count(), 32);
//! ```

use super::geometry::{Geometry, PlayableCorner};
use super::movement::movement_keys;
pub use super::movement::{Lines, PieceValues};
use super::position::Position;
use super::schema::*;
use crate::diagnostics::LocatedError;
use crate::rules::{Family, Loader, need};

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

/// A variant's rules, checked and compiled: what the engine reads. Built by [`Rules::load`].
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
    /// Loads rules from a spec: a shipped id or alias (`russian`), a path to a `.toml` file, or
    /// either followed by house rules (`russian+no-compulsory-capture`). Relative paths are
    /// taken from the current directory.
    pub fn load(spec: &str) -> Result<Rules, LocatedError> {
        let (loader, file, id) = Loader::load::<DraughtsFile>(spec)?;
        compile(&loader, file, id)
    }

    /// Loads a rules file from its text, as if it were at `name` (used for relative
    /// `extends`); handy for tests and for tools that hold a file in memory.
    pub fn from_toml(name: &str, text: &str) -> Result<Rules, LocatedError> {
        let (loader, file, id) = Loader::from_toml::<DraughtsFile>(name, text)?;
        compile(&loader, file, id)
    }

    /// The ids of the shipped draughts variants (not the house rules), in file order.
    pub fn shipped() -> Vec<String> {
        crate::rules::shipped_of(Family::Draughts)
    }

    /// The ids of the shipped house rules.
    pub fn shipped_house_rules() -> Vec<String> {
        crate::rules::shipped_house_rules()
    }

    /// The row (0 = top of the diagram) on which a man of `colour` becomes a king.
    pub fn promotion_row(&self, colour: Colour) -> u32 {
        match colour {
            Colour::White => 0,
            Colour::Black => self.geometry.rows() - 1,
        }
    }
}

/// Checks the merged file and compiles it. Every problem that does not depend on another is
/// recorded in the loader (so `check` shows them all); the first is returned.
pub(crate) fn compile(
    loader: &Loader,
    file: DraughtsFile,
    id: String,
) -> Result<Rules, LocatedError> {
    let identity = loader.identity(&file, id);
    let columns = need!(
        loader,
        file,
        board.columns,
        "the number of columns, e.g. `columns = 8`"
    );
    let rows = need!(
        loader,
        file,
        board.rows,
        "the number of rows, e.g. `rows = 8`"
    );
    let board_squares = file.board.as_ref().and_then(|b| b.value.squares.as_ref());
    let all_squares = board_squares.is_some_and(|s| s.value == BoardSquares::All);
    let corner = if all_squares {
        let corner = file
            .board
            .as_ref()
            .and_then(|b| b.value.playable_corner.as_ref());
        if let Some(c) = corner {
            loader.warn(loader.at(
                c,
                "`playable_corner` changes nothing on a board of all squares",
                Some("every square is played: remove the key".into()),
            ));
        }
        Some(corner)
    } else {
        need!(
            loader,
            file,
            board.playable_corner,
            "`playable_corner = \"lower-left\"` (a1 is dark) or \"lower-right\""
        )
        .map(Some)
    };
    let first = need!(
        loader,
        file,
        setup.first_to_move,
        "`first_to_move = \"white\"` or \"black\""
    );
    let has_fen = file.setup.as_ref().is_some_and(|s| s.value.fen.is_some());
    let rows_of_men = if has_fen {
        None
    } else {
        need!(
            loader,
            file,
            setup.rows_of_men,
            "`rows_of_men = 3` (each side fills its nearest rows), or a `fen`"
        )
    };
    let man_captures = need!(
        loader,
        file,
        man.captures,
        "`captures = \"forward\"` or \"forward-and-backward\""
    );
    let men_capture_kings = need!(
        loader,
        file,
        man.captures_kings,
        "`captures_kings = true` or false"
    );
    let king_range = need!(
        loader,
        file,
        king.range,
        "`range = \"short\"` or \"flying\""
    );
    let compulsory = need!(
        loader,
        file,
        capture.compulsory,
        "`compulsory = true` or false"
    );
    let precedence = need!(
        loader,
        file,
        capture.precedence,
        "a list of criteria, e.g. `precedence = [\"most-pieces\"]`, or `[]` for free choice"
    );
    let removal = need!(
        loader,
        file,
        capture.removal,
        "`removal = \"end-of-move\"` or \"immediate\""
    );
    let promo = need!(
        loader,
        file,
        promotion.during_capture,
        "`during_capture = \"ends-move\"`, \"continue-as-king\" or \"only-at-end\""
    );
    let quiet = need!(
        loader,
        file,
        draw.quiet_moves,
        "`quiet_moves = 40` (moves per side), or 0 for no draw rule"
    );
    let resets = if quiet.is_some_and(|q| q.value != 0) {
        need!(
            loader,
            file,
            draw.reset_by,
            "e.g. `reset_by = [\"capture\", \"promotion\"]`"
        )
    } else {
        None
    };
    let squares = need!(
        loader,
        file,
        notation.squares,
        "`squares = \"numeric\"` or \"algebraic\""
    );
    let capture_sep = need!(
        loader,
        file,
        notation.capture_separator,
        "`capture_separator = \"x\"` (or \":\")"
    );
    let move_sep = need!(
        loader,
        file,
        notation.move_separator,
        "`move_separator = \"-\"`"
    );
    if let (Some(c), Some(m)) = (capture_sep, move_sep)
        && c.value == m.value
    {
        loader.warn(loader.at(
            m,
            "`move_separator` is the same as `capture_separator`",
            Some(
                "moves are still read (their squares tell them apart), but a reader cannot tell \
                 a capture from a move at a glance: use two, e.g. \"-\" and \"x\""
                    .into(),
            ),
        ));
    }

    // Checks that stand alone: each problem recorded, all of them shown.
    let mut criteria = Vec::new();
    for c in precedence.iter().flat_map(|p| p.value.iter()) {
        if criteria.contains(&c.value) {
            loader.report(loader.at(
                c,
                format!(
                    "`{}` is listed twice in the precedence",
                    toml::Value::try_from(c.value).map_or(String::new(), |v| {
                        v.as_str().unwrap_or_default().to_string()
                    })
                ),
                Some("each criterion may appear once; the list is compared in order".into()),
            ));
        } else {
            criteria.push(c.value);
        }
    }
    if let Some(r) = resets
        && r.value.is_empty()
    {
        loader.report(loader.at(
            r,
            "a draw counter that nothing resets",
            Some("list at least one of \"capture\", \"promotion\", \"man-move\"".into()),
        ));
    }
    for sep in [capture_sep, move_sep].into_iter().flatten() {
        if sep.value.is_empty()
            || sep
                .value
                .chars()
                .any(|c| c.is_alphanumeric() && c != 'x' || c.is_whitespace())
        {
            loader.report(loader.at(
                sep,
                format!("`{}` cannot separate squares", sep.value),
                Some("use punctuation such as `-`, `x` or `:`".into()),
            ));
        }
    }
    let movement = movement_keys(loader, &file, removal, &criteria, precedence);
    if let (Some(promo), Some(men)) = (promo, man_captures)
        && promo.value == PromotionDuringCapture::OnlyAtEnd
        && men.value == ManCaptureDirections::Forward
        && !movement.man_capture_lines.orthogonal
    {
        loader.warn(
            loader.at(
                promo,
                "`only-at-end` behaves as `ends-move` here",
                Some(
                    "men never capture backward, so a man that reaches the far row cannot go on \
                 capturing: its capture ends there and it is crowned either way"
                        .into(),
                ),
            ),
        );
    }
    let landing = file.king.as_ref().and_then(|k| k.value.landing.as_ref());
    if let (Some(landing), Some(range)) = (landing, king_range)
        && landing.value != KingLanding::AnySquareBeyond
        && range.value == KingRange::Short
    {
        loader.warn(loader.at(
            landing,
            "`landing` changes nothing with short kings",
            Some("a short king always lands directly behind the piece it takes".into()),
        ));
    }
    if let (Some(removal), Some(range)) = (removal, king_range)
        && removal.value == Removal::Immediate
        && range.value == KingRange::Short
    {
        loader.warn(loader.at(
            removal,
            "`immediate` behaves as `end-of-move` here",
            Some(
                "with short kings a capturing piece lands two steps from each square it jumps, \
                 so it never lands on or passes a square freed earlier in the move"
                    .into(),
            ),
        ));
    }

    // The board and the start position, which everything else rests on.
    let (Some(columns), Some(rows), Some(corner), Some(first)) = (columns, rows, corner, first)
    else {
        return Err(loader.stopped());
    };
    let geometry = match Geometry::new(
        columns.value,
        rows.value,
        match corner.map(|c| c.value) {
            Some(CornerName::LowerRight) => PlayableCorner::LowerRight,
            _ => PlayableCorner::LowerLeft,
        },
        if all_squares {
            BoardSquares::All
        } else {
            BoardSquares::Dark
        },
    ) {
        Ok(g) => g,
        Err(e) => {
            let at = if columns.value % 2 != 0 || columns.value < 4 {
                columns
            } else {
                rows
            };
            loader.report(loader.at(
                at,
                e.to_string(),
                Some(if all_squares {
                    "a board of all squares has at most 128: 8x8, 10x10 or 8x16 fit, 12x12 does not"
                        .into()
                } else {
                    "an even number of columns, at least 4 rows, and ceil(rows / 2) * (columns + 1) \
                     at most 128 (at most 64 runs on 64-bit bitboards): up to 14x14 and 18x12 fit; \
                     16x16 does not"
                        .into()
                }),
            ));
            return Err(loader.stopped());
        }
    };
    let setup = &file.setup.as_ref().expect("first_to_move is in it").value;
    let start = if let Some(fen) = &setup.fen {
        let inner = fen.span.start + 1;
        Position::<u128>::from_fen(&geometry, &fen.value).map_err(|e| {
            let offset = e.column - 1;
            loader.error(
                fen.file,
                inner + offset..inner + offset + 1,
                format!("start position: {}", e.message),
                e.help.clone(),
            )
        })
    } else {
        let n = rows_of_men.ok_or_else(|| loader.stopped())?;
        if n.value == 0 || n.value > rows.value / 2 {
            Err(loader.at(
                n,
                format!(
                    "{} rows of men per side do not fit a board of {} rows",
                    n.value, rows.value
                ),
                Some(format!("use 1 to {} rows", rows.value / 2)),
            ))
        } else {
            let mut p = Position::<u128>::empty(first.value);
            for r in 0..n.value {
                p.black |= geometry.row_mask::<u128>(r);
                p.white |= geometry.row_mask::<u128>(rows.value - 1 - r);
            }
            Ok(p)
        }
    };
    let mut start = match start {
        Ok(p) => p,
        Err(e) => {
            loader.report(e);
            return Err(loader.stopped());
        }
    };
    start.side = first.value;
    let start_at = || {
        let at = setup
            .fen
            .as_ref()
            .map_or(first.span.clone(), |f| f.span.clone());
        (setup.fen.as_ref().map_or(first.file, |f| f.file), at)
    };
    // Men already on their promotion row would be kings: the start would be inconsistent.
    let top: u128 = geometry.row_mask(0);
    let bottom: u128 = geometry.row_mask(rows.value - 1);
    if (start.white & !start.kings & top) | (start.black & !start.kings & bottom) != 0 {
        let (file_idx, at) = start_at();
        loader.report(loader.error(
            file_idx,
            at,
            "the start position has men on their own promotion row",
            Some("a man on the far row is a king: mark it `K`".into()),
        ));
    }

    let (
        Ok(identity),
        Some(man_captures),
        Some(men_capture_kings),
        Some(king_range),
        Some(compulsory),
        Some(removal),
        Some(promo),
        Some(quiet),
        Some(squares),
        Some(capture_sep),
        Some(move_sep),
        true,
    ) = (
        identity,
        man_captures,
        men_capture_kings,
        king_range,
        compulsory,
        removal,
        promo,
        quiet,
        squares,
        capture_sep,
        move_sep,
        precedence.is_some(),
    )
    else {
        return Err(loader.stopped());
    };
    let draw = match resets {
        Some(resets) if quiet.value != 0 => {
            let has = |r: CounterReset| resets.value.iter().any(|v| v.value == r);
            Some(DrawRule {
                quiet_moves: quiet.value,
                reset_by_capture: has(CounterReset::Capture),
                reset_by_promotion: has(CounterReset::Promotion),
                reset_by_man_move: has(CounterReset::ManMove),
            })
        }
        _ => None,
    };
    let pdn_game_type = file
        .notation
        .as_ref()
        .and_then(|n| n.value.pdn_game_type.as_ref())
        .map(|v| v.value);
    let rules = Rules {
        id: identity.id,
        name: identity.name,
        source: identity.source,
        aliases: identity.aliases,
        geometry,
        start,
        men_capture_backward: man_captures.value == ManCaptureDirections::ForwardAndBackward,
        men_capture_kings: men_capture_kings.value,
        king_range: king_range.value,
        king_landing: landing.map_or(KingLanding::AnySquareBeyond, |l| l.value),
        man_move_lines: movement.man_move_lines,
        man_capture_lines: movement.man_capture_lines,
        king_move_lines: movement.king_move_lines,
        king_capture_lines: movement.king_capture_lines,
        king_quiet_moves_in_a_row: movement.king_quiet_moves_in_a_row,
        may_reverse: movement.may_reverse,
        values: movement.values,
        compulsory_capture: compulsory.value,
        precedence: criteria,
        removal: removal.value,
        promotion_during_capture: promo.value,
        draw,
        notation: Notation {
            squares: squares.value,
            capture_separator: capture_sep.value.clone(),
            move_separator: move_sep.value.clone(),
            pdn_game_type,
        },
    };
    if loader.has_problems() {
        return Err(loader.stopped());
    }
    // Validate by building: the start position must give the first mover a legal move (the
    // line-table generator plays any board, in any width).
    if !super::movegen::has_legal_move(&rules) {
        let (file_idx, at) = start_at();
        loader.report(loader.error(
            file_idx,
            at,
            "the start position gives the first mover no legal move",
            None,
        ));
        return Err(loader.stopped());
    }
    Ok(rules)
}
