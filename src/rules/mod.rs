//! Rules as data: loading `rules/*.toml` (with `extends` and `+overlay`), checking them, and
//! compiling them into a plain [`Rules`] struct that the engine reads.
//!
//! ```
//! let rules = rulebench::Rules::load("russian+no-compulsory-capture").unwrap();
//! assert!(!rules.compulsory_capture);
//! assert_eq!(rules.geometry.square_count(), 32);
//! ```

pub mod schema;

use crate::diagnostics::{LocatedError, SourceFile};
use crate::geometry::{Geometry, PlayableCorner};
use crate::position::Position;
use schema::*;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use schema::{
    Colour, CounterReset, Criterion, KingRange, ManCaptureDirections, PromotionDuringCapture,
    Removal, SquareNotation,
};

include!(concat!(env!("OUT_DIR"), "/embedded_rules.rs"));

/// The schema version this build reads.
pub const SCHEMA_VERSION: u32 = 1;

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
    /// The start position (the first mover to move).
    pub start: Position,
    /// Men capture backward as well as forward.
    pub men_capture_backward: bool,
    /// A man may capture a king.
    pub men_capture_kings: bool,
    /// Short or flying kings.
    pub king_range: KingRange,
    /// A player who can capture must.
    pub compulsory_capture: bool,
    /// Capture precedence criteria, compared in order.
    pub precedence: Vec<Criterion>,
    /// When captured pieces leave the board.
    pub removal: Removal,
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
        let mut loader = Loader::default();
        let cmdline = loader.add_source("<rules>".into(), spec.into());
        let (file, id) =
            loader.load_spec(spec, cmdline, 0..spec.len(), Path::new("."), &mut vec![])?;
        loader.compile(file, id)
    }

    /// Loads a rules file from its text, as if it were at `name` (used for relative
    /// `extends`); handy for tests and for tools that hold a file in memory.
    pub fn from_toml(name: &str, text: &str) -> Result<Rules, LocatedError> {
        let mut loader = Loader::default();
        let idx = loader.add_source(name.into(), text.into());
        let dir = Path::new(name)
            .parent()
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let stem = stem_of(name);
        let file = loader.parse_file(idx, &dir, &mut vec![name.to_string()])?;
        loader.compile(file, stem)
    }

    /// The ids of the shipped variants (not the house rules), in file order.
    pub fn shipped() -> Vec<String> {
        EMBEDDED
            .iter()
            .filter(|(path, _)| !path.starts_with("rules/house/"))
            .map(|(path, _)| stem_of(path))
            .collect()
    }

    /// The ids of the shipped house rules.
    pub fn shipped_house_rules() -> Vec<String> {
        EMBEDDED
            .iter()
            .filter(|(path, _)| path.starts_with("rules/house/"))
            .map(|(path, _)| stem_of(path))
            .collect()
    }

    /// The row (0 = top of the diagram) on which a man of `colour` becomes a king.
    pub fn promotion_row(&self, colour: Colour) -> u32 {
        match colour {
            Colour::White => 0,
            Colour::Black => self.geometry.rows() - 1,
        }
    }
}

fn stem_of(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[derive(Default)]
struct Loader {
    files: Vec<SourceFile>,
}

impl Loader {
    fn add_source(&mut self, name: String, text: String) -> usize {
        self.files.push(SourceFile {
            name,
            text: Arc::from(text),
        });
        self.files.len() - 1
    }

    fn error(
        &self,
        file: usize,
        span: Range<usize>,
        msg: impl Into<String>,
        help: Option<String>,
    ) -> LocatedError {
        LocatedError::new(&self.files[file], span, msg, help)
    }

    fn at<T>(&self, v: &Val<T>, msg: impl Into<String>, help: Option<String>) -> LocatedError {
        self.error(v.file, v.span.clone(), msg, help)
    }

    /// Resolves `spec` (`a+b+c`) found at `file:span`, relative to `dir`.
    fn load_spec(
        &mut self,
        spec: &str,
        file: usize,
        span: Range<usize>,
        dir: &Path,
        stack: &mut Vec<String>,
    ) -> Result<(RulesFile, String), LocatedError> {
        let whole_is_path = dir.join(spec).is_file();
        let parts: Vec<(Range<usize>, &str)> = if whole_is_path {
            vec![(span.clone(), spec)]
        } else {
            let mut out = Vec::new();
            let mut off = 0;
            for part in spec.split('+') {
                out.push((span.start + off..span.start + off + part.len(), part));
                off += part.len() + 1;
            }
            out
        };
        let mut merged: Option<RulesFile> = None;
        let mut id = String::new();
        for (i, (part_span, part)) in parts.into_iter().enumerate() {
            let part = part.trim();
            let (idx, part_dir, key) = self.resolve(part, i > 0, file, part_span.clone(), dir)?;
            if stack.contains(&key) {
                return Err(self.error(
                    file,
                    part_span,
                    format!("`extends` cycle: {} -> {}", stack.join(" -> "), key),
                    Some("a rules file may not extend itself, directly or through others".into()),
                ));
            }
            stack.push(key);
            let parsed = self.parse_file(idx, &part_dir, stack)?;
            stack.pop();
            let part_id = parsed
                .overlay
                .as_ref()
                .and_then(|o| o.value.id.as_ref().map(|v| v.value.clone()))
                .unwrap_or_else(|| stem_of(&self.files[idx].name));
            match merged.take() {
                None => {
                    if let Some(o) = &parsed.overlay {
                        return Err(self.error(
                            file,
                            part_span,
                            format!("`{part}` is a house rule, not a variant"),
                            Some(format!(
                                "apply it on top of a variant, e.g. `russian+{part}` (house rule declared at {}:{})",
                                self.files[o.file].name,
                                self.files[o.file].line_column(o.span.start).0
                            )),
                        ));
                    }
                    id = parsed
                        .variant
                        .as_ref()
                        .and_then(|v| v.value.id.as_ref().map(|i| i.value.clone()))
                        .unwrap_or_else(|| stem_of(&self.files[idx].name));
                    merged = Some(parsed);
                }
                Some(base) => {
                    let Some(overlay) = &parsed.overlay else {
                        return Err(self.error(
                            file,
                            part_span,
                            format!("`{part}` is a variant, not a house rule"),
                            Some("only files with an `[overlay]` section may follow `+`".into()),
                        ));
                    };
                    self.check_overlay_board(overlay, &base, &id)?;
                    id = format!("{id}+{part_id}");
                    merged = Some(parsed.over(base, true));
                }
            }
        }
        Ok((merged.expect("a spec has at least one part"), id))
    }

    fn check_overlay_board(
        &self,
        overlay: &Val<OverlaySection>,
        base: &RulesFile,
        base_id: &str,
    ) -> Result<(), LocatedError> {
        let Some(boards) = &overlay.value.boards else {
            return Ok(());
        };
        if boards.value.is_empty() {
            return Ok(());
        }
        let board = base.board.as_ref().map(|b| &b.value);
        let size = (
            board.and_then(|b| b.columns.as_ref()).map(|v| v.value),
            board.and_then(|b| b.rows.as_ref()).map(|v| v.value),
        );
        let (Some(c), Some(r)) = size else {
            return Ok(());
        };
        let name = format!("{c}x{r}");
        if boards.value.contains(&name) {
            return Ok(());
        }
        Err(self.at(
            boards,
            format!(
                "this house rule applies to {} boards; `{base_id}` is played on {name}",
                boards.value.join(", ")
            ),
            Some("apply it to a variant played on one of the listed boards".into()),
        ))
    }

    /// Finds the text of one part: returns (source index, its directory, a key for cycles).
    fn resolve(
        &mut self,
        part: &str,
        overlay: bool,
        file: usize,
        span: Range<usize>,
        dir: &Path,
    ) -> Result<(usize, PathBuf, String), LocatedError> {
        let looks_like_path = part.ends_with(".toml") || part.contains('/') || part.contains('\\');
        if looks_like_path {
            let path = dir.join(part);
            let text = std::fs::read_to_string(&path).map_err(|e| {
                self.error(
                    file,
                    span.clone(),
                    format!("cannot read `{}`: {e}", path.display()),
                    None,
                )
            })?;
            let key = path
                .canonicalize()
                .unwrap_or(path.clone())
                .display()
                .to_string();
            let idx = self.add_source(path.display().to_string(), text);
            let parent = path.parent().map(Path::to_path_buf).unwrap_or_default();
            return Ok((idx, parent, key));
        }
        // Shipped files by id: variants for the first part, house rules after `+`.
        let wanted_dir = if overlay { "rules/house/" } else { "rules/" };
        let by_stem = EMBEDDED.iter().find(|(path, _)| {
            path.starts_with(wanted_dir)
                && !path[wanted_dir.len()..].contains('/')
                && stem_of(path) == part
        });
        let by_alias = || {
            EMBEDDED.iter().find(|(path, text)| {
                path.starts_with(wanted_dir)
                    && !path[wanted_dir.len()..].contains('/')
                    && aliases_of(text).iter().any(|a| a == part)
            })
        };
        if let Some((path, text)) = by_stem.or_else(by_alias) {
            let idx = self.add_source(path.to_string(), text.to_string());
            return Ok((idx, PathBuf::from("rules"), format!("shipped:{path}")));
        }
        // A user's own file next to the shipped ones, by id.
        let local = Path::new(wanted_dir).join(format!("{part}.toml"));
        if local.is_file() {
            return self.resolve(
                &local.display().to_string(),
                overlay,
                file,
                span,
                Path::new("."),
            );
        }
        let other_dir = if overlay { "rules/" } else { "rules/house/" };
        let in_other = EMBEDDED.iter().any(|(path, _)| {
            path.starts_with(other_dir)
                && !path[other_dir.len()..].contains('/')
                && stem_of(path) == part
        });
        if in_other {
            return Err(if overlay {
                self.error(
                    file,
                    span,
                    format!("`{part}` is a variant, not a house rule"),
                    Some(
                        "only house rules (files with an `[overlay]` section) may follow `+`"
                            .into(),
                    ),
                )
            } else {
                self.error(
                    file,
                    span,
                    format!("`{part}` is a house rule, not a variant"),
                    Some(format!(
                        "apply it on top of a variant, e.g. `russian+{part}`"
                    )),
                )
            });
        }
        let choices = if overlay {
            Rules::shipped_house_rules()
        } else {
            Rules::shipped()
        };
        Err(self.error(
            file,
            span,
            format!(
                "unknown {} `{part}`",
                if overlay { "house rule" } else { "variant" }
            ),
            Some(format!(
                "shipped {}: {}; or give a path to a .toml file",
                if overlay { "house rules" } else { "variants" },
                choices.join(", ")
            )),
        ))
    }

    /// Parses one file and resolves its `extends` chain.
    fn parse_file(
        &mut self,
        idx: usize,
        dir: &Path,
        stack: &mut Vec<String>,
    ) -> Result<RulesFile, LocatedError> {
        let text = self.files[idx].text.clone();
        schema::CURRENT_FILE.with(|c| c.set(idx));
        let parsed: RulesFile = toml::from_str(&text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().trim().to_string();
            let help = help_for_parse_error(&message);
            self.error(idx, span, message, help)
        })?;
        match &parsed.schema {
            None => {
                return Err(self.error(
                    idx,
                    0..0,
                    "missing `schema`",
                    Some(format!("start the file with `schema = {SCHEMA_VERSION}`")),
                ));
            }
            Some(v) if v.value != SCHEMA_VERSION => {
                return Err(self.at(
                    v,
                    format!("schema {} is not known to this rulebench", v.value),
                    Some(format!("this rulebench reads `schema = {SCHEMA_VERSION}`")),
                ));
            }
            Some(_) => {}
        }
        if let (Some(ext), Some(o)) = (&parsed.extends, &parsed.overlay) {
            let _ = o;
            return Err(self.at(
                ext,
                "a house rule may not `extends` a variant",
                Some("remove `extends`, or the `[overlay]` section".into()),
            ));
        }
        let Some(ext) = parsed.extends.clone() else {
            return Ok(parsed);
        };
        // The value's span includes its quotes; the spec text starts one byte in.
        let inner = ext.span.start + 1..ext.span.end.saturating_sub(1);
        let (parent, _) = self.load_spec(&ext.value, ext.file, inner, dir, stack)?;
        Ok(parsed.over(parent, false))
    }

    fn compile(&self, file: RulesFile, id: String) -> Result<Rules, LocatedError> {
        let root = file.schema.as_ref().map_or(0, |s| s.file);
        let missing = |what: &str, help: &str| {
            self.error(
                root,
                0..0,
                format!("missing `{what}`"),
                Some(help.to_string()),
            )
        };
        macro_rules! need {
            ($section:ident . $field:ident, $help:expr) => {
                file.$section
                    .as_ref()
                    .and_then(|s| s.value.$field.as_ref())
                    .ok_or_else(|| {
                        missing(
                            concat!("[", stringify!($section), "] ", stringify!($field)),
                            $help,
                        )
                    })?
            };
        }
        let variant = file.variant.as_ref().map(|v| &v.value);
        let name = variant
            .and_then(|v| v.name.as_ref())
            .map_or_else(|| id.clone(), |n| n.value.clone());
        let source = variant
            .and_then(|v| v.source.as_ref())
            .map(|s| s.value.clone())
            .ok_or_else(|| {
                missing(
                    "[variant] source",
                    "say where the rules come from: a rule book, an article, a URL",
                )
            })?;
        let aliases = variant
            .and_then(|v| v.aliases.as_ref())
            .map(|a| a.value.clone())
            .unwrap_or_default();

        let columns = need!(board.columns, "the number of columns, e.g. `columns = 8`");
        let rows = need!(board.rows, "the number of rows, e.g. `rows = 8`");
        let corner = need!(
            board.playable_corner,
            "`playable_corner = \"lower-left\"` (a1 is dark) or \"lower-right\""
        );
        let geometry = Geometry::new(
            columns.value,
            rows.value,
            match corner.value {
                CornerName::LowerLeft => PlayableCorner::LowerLeft,
                CornerName::LowerRight => PlayableCorner::LowerRight,
            },
        )
        .map_err(|e| {
            let at = if columns.value % 2 != 0 || columns.value < 4 {
                columns
            } else {
                rows
            };
            self.at(
                at,
                e.to_string(),
                Some("draughts boards are 8x8 or 10x10".into()),
            )
        })?;

        let first = need!(
            setup.first_to_move,
            "`first_to_move = \"white\"` or \"black\""
        );
        let setup = &file.setup.as_ref().expect("checked").value;
        let mut start = if let Some(fen) = &setup.fen {
            let inner = fen.span.start + 1;
            Position::from_fen(&geometry, &fen.value).map_err(|e| {
                let offset = e.column - 1;
                self.error(
                    fen.file,
                    inner + offset..inner + offset + 1,
                    format!("start position: {}", e.message),
                    e.help.clone(),
                )
            })?
        } else {
            let n = need!(
                setup.rows_of_men,
                "`rows_of_men = 3` (each side fills its nearest rows), or a `fen`"
            );
            if n.value == 0 || 2 * n.value > rows.value {
                return Err(self.at(
                    n,
                    format!(
                        "{} rows of men per side do not fit a board of {} rows",
                        n.value, rows.value
                    ),
                    Some(format!("use 1 to {} rows", rows.value / 2)),
                ));
            }
            let mut p = Position::empty(first.value);
            for r in 0..n.value {
                p.black |= geometry.row_mask(r);
                p.white |= geometry.row_mask(rows.value - 1 - r);
            }
            p
        };
        start.side = first.value;
        // Men already on their promotion row would be kings: the start would be inconsistent.
        let top = geometry.row_mask(0);
        let bottom = geometry.row_mask(rows.value - 1);
        if (start.white & !start.kings & top) | (start.black & !start.kings & bottom) != 0 {
            let at = setup
                .fen
                .as_ref()
                .map_or(first.span.clone(), |f| f.span.clone());
            let file_idx = setup.fen.as_ref().map_or(first.file, |f| f.file);
            return Err(self.error(
                file_idx,
                at,
                "the start position has men on their own promotion row",
                Some("a man on the far row is a king: mark it `K`".into()),
            ));
        }

        let man_captures = need!(
            man.captures,
            "`captures = \"forward\"` or \"forward-and-backward\""
        );
        let men_capture_kings = need!(man.captures_kings, "`captures_kings = true` or false");
        let king_range = need!(king.range, "`range = \"short\"` or \"flying\"");
        let compulsory = need!(capture.compulsory, "`compulsory = true` or false");
        let precedence = need!(
            capture.precedence,
            "a list of criteria, e.g. `precedence = [\"most-pieces\"]`, or `[]` for free choice"
        );
        let removal = need!(
            capture.removal,
            "`removal = \"end-of-move\"` or \"immediate\""
        );
        let promo = need!(
            promotion.during_capture,
            "`during_capture = \"ends-move\"`, \"continue-as-king\" or \"only-at-end\""
        );
        let mut criteria = Vec::new();
        for c in &precedence.value {
            if criteria.contains(&c.value) {
                return Err(self.at(
                    c,
                    format!("`{:?}` is listed twice in the precedence", c.value),
                    Some("each criterion may appear once; the list is compared in order".into()),
                ));
            }
            criteria.push(c.value);
        }
        let quiet = need!(
            draw.quiet_moves,
            "`quiet_moves = 40` (moves per side), or 0 for no draw rule"
        );
        let draw = if quiet.value == 0 {
            None
        } else {
            let resets = file
                .draw
                .as_ref()
                .and_then(|d| d.value.reset_by.as_ref())
                .ok_or_else(|| {
                    missing(
                        "[draw] reset_by",
                        "e.g. `reset_by = [\"capture\", \"promotion\"]`",
                    )
                })?;
            if resets.value.is_empty() {
                return Err(self.at(
                    resets,
                    "a draw counter that nothing resets",
                    Some("list at least one of \"capture\", \"promotion\", \"man-move\"".into()),
                ));
            }
            let has = |r: CounterReset| resets.value.iter().any(|v| v.value == r);
            Some(DrawRule {
                quiet_moves: quiet.value,
                reset_by_capture: has(CounterReset::Capture),
                reset_by_promotion: has(CounterReset::Promotion),
                reset_by_man_move: has(CounterReset::ManMove),
            })
        };
        let squares = need!(notation.squares, "`squares = \"numeric\"` or \"algebraic\"");
        let capture_sep = need!(
            notation.capture_separator,
            "`capture_separator = \"x\"` (or \":\")"
        );
        let move_sep = need!(notation.move_separator, "`move_separator = \"-\"`");
        for sep in [capture_sep, move_sep] {
            if sep.value.is_empty()
                || sep
                    .value
                    .chars()
                    .any(|c| c.is_alphanumeric() && c != 'x' || c.is_whitespace())
            {
                return Err(self.at(
                    sep,
                    format!("`{}` cannot separate squares", sep.value),
                    Some("use punctuation such as `-`, `x` or `:`".into()),
                ));
            }
        }
        let pdn_game_type = file
            .notation
            .as_ref()
            .and_then(|n| n.value.pdn_game_type.as_ref())
            .map(|v| v.value);

        let rules = Rules {
            id,
            name,
            source,
            aliases,
            geometry,
            start,
            men_capture_backward: man_captures.value == ManCaptureDirections::ForwardAndBackward,
            men_capture_kings: men_capture_kings.value,
            king_range: king_range.value,
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
        // Validate by building: the start position must give the first mover a legal move.
        let game = crate::Draughts::new(rules.clone());
        if game.legal_moves(&rules.start).is_empty() {
            let at = setup
                .fen
                .as_ref()
                .map_or(first.span.clone(), |f| f.span.clone());
            let file_idx = setup.fen.as_ref().map_or(first.file, |f| f.file);
            return Err(self.error(
                file_idx,
                at,
                "the start position gives the first mover no legal move",
                None,
            ));
        }
        Ok(rules)
    }
}

fn aliases_of(text: &str) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        variant: Option<HeadVariant>,
    }
    #[derive(serde::Deserialize)]
    struct HeadVariant {
        aliases: Option<Vec<String>>,
    }
    toml::from_str::<Head>(text)
        .ok()
        .and_then(|h| h.variant)
        .and_then(|v| v.aliases)
        .unwrap_or_default()
}

fn help_for_parse_error(message: &str) -> Option<String> {
    if message.contains("unknown field") || message.contains("unknown variant") {
        Some("see the schema in README.md (section \"Writing a rules file\")".into())
    } else {
        None
    }
}
