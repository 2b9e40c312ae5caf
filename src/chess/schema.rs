//! The chess-family rules-file schema: the board and its named regions, the sides, the start
//! position, each piece type (letter, synonyms, royal, movement in Betza notation, the
//! restrictions Betza cannot say, its initial moves and promotion), the notations of moves,
//! and the game rules (en passant, castling, and how games end), every value located in its
//! file.

use crate::rules::{Family, Merge, OverlaySection, RulesFile, Val, VariantSection, merge_fields};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A whole chess-family rules file, as written.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChessFile {
    /// The JSON Schema an editor checks the file with (`"../schemas/chess.json"`), for
    /// editors that read it from a key rather than from taplo's `#:schema` comment. The
    /// loader accepts it and does nothing with it; it is not inherited.
    #[serde(rename = "$schema")]
    pub json_schema: Option<Val<String>>,
    /// The schema version this file is written for.
    pub schema: Option<Val<u32>>,
    /// `family = "chess"`.
    pub family: Option<Val<Family>>,
    /// A parent variant.
    pub extends: Option<Val<String>>,
    /// Who the variant is: id, name, aliases, source.
    pub variant: Option<Val<VariantSection>>,
    /// Present in a house-rule file that is applied on top of a variant.
    pub overlay: Option<Val<OverlaySection>>,
    /// Board size.
    pub board: Option<Val<BoardSection>>,
    /// The two sides' names.
    pub sides: Option<Val<SidesSection>>,
    /// Named regions: for each, the points it holds for each side.
    pub regions: Option<Val<BTreeMap<String, Val<RegionPoints>>>>,
    /// The start position.
    pub setup: Option<Val<SetupSection>>,
    /// The piece types, by name.
    pub pieces: Option<Val<BTreeMap<String, Val<PieceSection>>>>,
    /// How moves are written.
    pub notation: Option<Val<NotationSection>>,
    /// How games are won, lost and drawn, and the moves that involve two pieces.
    pub rules: Option<Val<GameRulesSection>>,
}

/// `[notation]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotationSection {
    /// The notations moves are written and read in, the default first: `uci` (coordinates as
    /// UCI writes them, `e2e4`, `e7e8q`), `san`, `coordinates` (Fairy-Stockfish's Xiangqi
    /// coordinates, the same text as `uci`), `ucci`, `wxf`.
    pub moves: Option<Val<Vec<Val<String>>>>,
}

/// A region's points, for each side by name: points (`e1`) and rectangles (`d1-f3`).
pub type RegionPoints = BTreeMap<String, Val<Vec<Val<String>>>>;

/// Two sides' pieces, as letters (`["k", "kbb"]`).
pub type MaterialPair = Vec<Val<String>>;

/// Whether pieces stand on the points where lines cross or inside the squares (it changes
/// no move; it says how to draw the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Cells {
    /// On the intersections (Xiangqi).
    Points,
    /// Inside the squares (chess).
    Squares,
}

/// `[board]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    /// Number of files (columns, a..).
    pub files: Option<Val<u32>>,
    /// Number of ranks (rows, 1..).
    pub ranks: Option<Val<u32>>,
    /// Points or squares.
    pub cells: Option<Val<Cells>>,
    /// For pictures: a river drawn between this rank and the next (`5`: between 5 and 6).
    pub river_after_rank: Option<Val<u32>>,
    /// For pictures: rectangles drawn with their diagonals (`["d1-f3"]`: a palace).
    pub crossed: Option<Val<Vec<Val<String>>>>,
    /// Points (`"a2"`) and rectangles (`"a2-a7"`) that are not part of the board: nothing
    /// stands on them and no line passes them; a FEN writes each as `*`.
    pub holes: Option<Val<Vec<Val<String>>>>,
}

/// `[sides]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SidesSection {
    /// The side at the bottom, written in capitals and `w` in a FEN (`red`).
    pub first: Option<Val<String>>,
    /// The side at the top, lower case and `b` in a FEN (`black`).
    pub second: Option<Val<String>>,
}

/// `[setup]`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupSection {
    /// The start position as a FEN.
    pub fen: Option<Val<String>>,
}

/// `[pieces.<name>]`: one piece type.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceSection {
    /// Its FEN letter (lower case; the first side writes it in capitals).
    pub letter: Option<Val<String>>,
    /// Other letters read for it in a FEN (`h` for the horse `n`).
    pub synonyms: Option<Val<Vec<Val<String>>>>,
    /// A royal piece: it may not be left attacked; checkmating it wins.
    pub royal: Option<Val<bool>>,
    /// How it moves and captures, in Betza notation.
    pub movement: Option<Val<String>>,
    /// The region it may never leave: every move ends inside it.
    pub confined_to: Option<Val<String>>,
    /// Other movements while it stands in a region: `{ across-river = "fsW" }`.
    pub movement_in: Option<Val<BTreeMap<String, Val<String>>>>,
    /// Moves it has besides, while it stands in a region, made as if the region were the
    /// whole board: every point a ride or a lame leap passes, and every end, lies in it
    /// (Janggi's palace diagonals: `{ palace-lines = "F" }`).
    pub movement_within: Option<Val<BTreeMap<String, Val<String>>>>,
    /// Piece types (by name) it may not hop over: no screen for its hops (Janggi's cannon
    /// over a cannon).
    pub may_not_hop_over: Option<Val<Vec<Val<String>>>>,
    /// Piece types (by name) it may not capture (Janggi's cannon a cannon); never a royal
    /// type.
    pub may_not_capture: Option<Val<Vec<Val<String>>>>,
    /// Its letter in move notation (WXF's `H` for the horse, SAN's `N` for the knight);
    /// `""` for none (the pawn in SAN).
    pub notation: Option<Val<String>>,
    /// The region its initial moves (Betza `i`: the pawn's double step) start from.
    pub initial: Option<Val<String>>,
    /// Where it promotes, and to what.
    pub promotion: Option<Val<PromotionSection>>,
    /// Where and how it may be dropped from a hand (rules with `drops`); none: on any empty
    /// point.
    pub drop: Option<Val<DropSection>>,
    /// The type it goes to the capturer's hand as (shogi's promoted pieces: unpromoted).
    pub captured_as: Option<Val<String>>,
    /// A piece type the parent file declares that this variant does not have.
    pub removed: Option<Val<bool>>,
}

/// `drop = { region = "pawn-drops", one_per_file = true, may_checkmate = false }`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DropSection {
    /// The region (per side) it may be dropped in; none: any empty point.
    pub region: Option<Val<String>>,
    /// It may not be dropped on a file where its side has a piece of this type (shogi's
    /// nifu).
    pub one_per_file: Option<Val<bool>>,
    /// Whether a drop of it may checkmate (shogi's pawn: no); true by default.
    pub may_checkmate: Option<Val<bool>>,
    /// Whether a drop of it may give check at all, by the piece itself or by a screen it
    /// gives a hopper (Supply chess: no); true by default.
    pub may_check: Option<Val<bool>>,
}

/// `promotion = { region = "last-rank", to = ["queen", "rook"] }`
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PromotionSection {
    /// The region a move must end in to promote.
    pub region: Val<String>,
    /// The piece types it may become (by name): one list for both sides, or a list per side.
    pub to: Val<PieceList>,
    /// Whether it must promote (true, the default) or may stay as it is.
    pub compulsory: Option<Val<bool>>,
    /// Where, within the region, it must promote even though `compulsory` is false (shogi:
    /// where it could never move again).
    pub compulsory_in: Option<Val<String>>,
    /// A move that starts in the region promotes too (shogi: into, within or out of the
    /// zone); by default only a move that ends there.
    pub on_leaving: Option<Val<bool>>,
    /// A piece promoted from this type goes to the capturer's hand as this type (crazyhouse:
    /// a promoted queen, `Q~`, is taken as a pawn).
    pub reverts_when_captured: Option<Val<bool>>,
}

/// Piece types by name: one list for both sides, or a list per side by the side's name.
#[derive(Clone, Debug)]
pub enum PieceList {
    /// The same for both sides.
    Both(Vec<Val<String>>),
    /// Per side.
    BySide(BTreeMap<String, Val<Vec<Val<String>>>>),
}

impl<'de> Deserialize<'de> for PieceList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = PieceList;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of piece names, or a table of such lists by side")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<PieceList, A::Error> {
                let mut out = Vec::new();
                while let Some(v) = seq.next_element::<Val<String>>()? {
                    out.push(v);
                }
                Ok(PieceList::Both(out))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<PieceList, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((k, v)) = map.next_entry::<String, Val<Vec<Val<String>>>>()? {
                    out.insert(k, v);
                }
                Ok(PieceList::BySide(out))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl JsonSchema for PieceList {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PieceList".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let both = generator.subschema_for::<Vec<String>>();
        let by_side = generator.subschema_for::<BTreeMap<String, Vec<String>>>();
        schemars::json_schema!({
            "description": "Piece types by name: one list for both sides, or a table of lists by side.",
            "anyOf": [both, by_side],
        })
    }
}

impl Serialize for PieceList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PieceList::Both(v) => v.serialize(s),
            PieceList::BySide(m) => m.serialize(s),
        }
    }
}

/// `en_passant = { taken = ["pawn"], takers = ["pawn"] }`
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnPassantSection {
    /// The piece types whose initial straight moves (the double step) may be taken so.
    pub taken: Val<Vec<Val<String>>>,
    /// The piece types that may take so, with their capture leaps.
    pub takers: Val<Vec<Val<String>>>,
    /// The region (per taking side) an en-passant capture may land on; none: anywhere
    /// (Horde: a double step from the first rank passes the second, where no capture lands).
    pub onto: Option<Val<String>>,
}

/// The files the royal piece and its partner end on, per castling side.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CastlingFiles {
    /// Castling toward the last file (`O-O`, `K` in a FEN).
    pub short: Option<Val<String>>,
    /// Castling toward file a (`O-O-O`, `Q`).
    pub long: Option<Val<String>>,
}

/// `[rules.castling]`: a child's keys lie over its parent's one by one.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CastlingSection {
    /// The royal piece type that castles (by name).
    pub king: Option<Val<String>>,
    /// The piece types it castles with (by name).
    pub partners: Option<Val<Vec<Val<String>>>>,
    /// The rank castling happens on, counted from each side's own end (1: the back rank).
    pub rank: Option<Val<u32>>,
    /// Where the royal piece ends.
    pub king_files: Option<Val<CastlingFiles>>,
    /// Where the partner ends.
    pub partner_files: Option<Val<CastlingFiles>>,
    /// The royal piece and the partners may start on any files of the rank (Chess960);
    /// castling is then written as the royal piece taking its partner (`e1h1`).
    pub any_start_files: Option<Val<bool>>,
}

/// `move_rule = { moves = 50, reset_by = ["pawn"] }`
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRuleSection {
    /// How many moves by each side with no capture and no move of a `reset_by` piece draw.
    pub moves: Val<u32>,
    /// The piece types whose moves start the count again (captures always do).
    pub reset_by: Option<Val<Vec<Val<String>>>>,
}

/// `bare_king = { result = "loss", draw_if_bared_back = true }`
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BareKingSection {
    /// The result for the side left with only its royal piece.
    pub result: Val<ResultName>,
    /// Whether that side may answer by baring the other in turn, which draws.
    pub draw_if_bared_back: Option<Val<bool>>,
}

/// A result for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ResultName {
    /// That side loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// That side wins.
    Win,
}

/// The result of a stalemate for the side that has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StalemateName {
    /// That side loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// That side wins.
    Win,
    /// The side with fewer pieces on the board wins; equal numbers draw (FICS suicide).
    FewerPiecesWin,
}

/// Whether two royal pieces may stand on one file with nothing between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Facing {
    /// A move that leaves them so is illegal (Xiangqi's flying general).
    Illegal,
    /// Nothing forbids it.
    Allowed,
    /// A move may leave them so; the side then to move must break the facing (put a piece
    /// between them or step aside) or pass, and may pass even in check; a pass ends the game
    /// with the result `two_passes` gives (a draw if none) (Janggi's bikjang).
    MustBreak,
}

/// What a move that leaves one's own royal piece attacked is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SelfCheck {
    /// Illegal.
    Illegal,
}

/// A rule that acts when something happens more than `limit` times.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LimitRule {
    /// How many times it may happen; the next one decides.
    pub limit: Val<u32>,
    /// The result for the side that makes it happen once more.
    pub result: Val<ResultName>,
}

/// How a force in `limits` is matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ForceMatch {
    /// The attacker's force is exactly the listed pieces (Xiangqi).
    Exact,
    /// The attacker has at least the listed pieces; the lowest such limit applies (Makruk).
    AtLeast,
}

/// Whose moves the counting rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Counted {
    /// The stronger side's (Xiangqi).
    Attacker,
    /// The side being counted against (Makruk: the bare side counts).
    Defender,
}

/// Board's honour: once no piece of some types is left, the side with fewer pieces counts.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardCountingSection {
    /// The moves it counts to.
    pub moves: Val<u32>,
}

/// The counting rule: with one side bare, the other must win within a number of moves.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountingSection {
    /// Letters of the attacker's pieces that its force does not include.
    pub ignore: Option<Val<Vec<Val<String>>>>,
    /// The attacker's force (letters, any order) and the moves it has to win.
    pub limits: Val<BTreeMap<String, Val<u32>>>,
    /// How a force is matched (`exact`, the default, or `at-least`).
    pub force: Option<Val<ForceMatch>>,
    /// The limit for a force none of `limits` matches (none: no counting).
    pub otherwise: Option<Val<u32>>,
    /// Whose moves are counted (`attacker`, the default, or `defender`).
    pub counted: Option<Val<Counted>>,
    /// The count starts from the number of pieces on the board (Makruk's pieces' honour).
    pub start_at_pieces: Option<Val<bool>>,
    /// Counting applies only while no piece of these letters is on the board.
    pub only_without: Option<Val<Vec<Val<String>>>>,
    /// Board's honour: counting before a side is bare.
    pub board: Option<Val<BoardCountingSection>>,
}

/// `capture = { compulsory = true }`
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureSection {
    /// Whether a player who can capture must (any capture: free choice among them).
    pub compulsory: Option<Val<bool>>,
}

/// Whether a move may give check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GivingCheck {
    /// No move may attack the enemy's royal piece (Racing Kings).
    Illegal,
    /// Checks are moves like any other.
    Allowed,
}

/// `flag = { pieces = ["king"], region = "hill" }`: a piece reaching a region wins.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlagSection {
    /// The piece types (by name) whose arrival counts.
    pub pieces: Val<Vec<Val<String>>>,
    /// The region they must reach (its points per side).
    pub region: Val<String>,
    /// When the first side arrives, the second has one more move if that move can bring it
    /// there too, and arriving with it draws (Racing Kings: both sides then have made as many
    /// moves).
    pub second_may_answer: Option<Val<bool>>,
    /// When an arrival wins (absent: `"on-arrival"`).
    pub wins: Option<Val<FlagWins>>,
}

/// When a flag piece's arrival wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FlagWins {
    /// At once, whatever the other side could do.
    OnArrival,
    /// At once, unless the other side, now to move, could capture the piece there; a piece
    /// that could be captured wins nothing until the arrival is made again (Dobutsu's try).
    IfNotCapturable,
    /// When its side is next to move and the piece is still there: the other side has one
    /// move to take it (Jeson Mor, as Fairy-Stockfish counts it).
    IfStillThere,
}

/// `extinction = { result = "loss" }`: a side that has lost every piece of some types.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionSection {
    /// The piece types (by name) that count; none: all of a side's pieces.
    pub pieces: Option<Val<Vec<Val<String>>>>,
    /// The result for the side that has none of them left.
    pub result: Val<ResultName>,
    /// `true`: every listed type counts on its own, and losing all of any one of them is
    /// extinction (Extinction chess); absent or `false`: the listed types count together.
    pub each_type: Option<Val<bool>>,
    /// Extinction comes when a side has fewer than this many pieces of the types (of any one
    /// type, with `each_type`); absent: 1, none left (Three Kings: 3).
    pub fewer_than: Option<Val<u32>>,
}

/// `explosion = { spares = ["pawn"] }`: every capture explodes (atomic chess).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplosionSection {
    /// The piece types (by name) that a blast beside them leaves standing (atomic chess:
    /// pawns); a piece of them that captures, or is captured, still goes.
    pub spares: Option<Val<Vec<Val<String>>>>,
    /// The piece types (by name) no blast removes, not even that of their own capture: such a
    /// piece stays on the point where it captured (Atomar: the king).
    pub immune: Option<Val<Vec<Val<String>>>>,
}

/// `[rules]`: how games end.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRulesSection {
    /// Royal pieces facing each other on an open file.
    pub facing_royals: Option<Val<Facing>>,
    /// Leaving one's own royal piece attacked.
    pub self_check: Option<Val<SelfCheck>>,
    /// For the side checkmated.
    pub checkmate: Option<Val<ResultName>>,
    /// For the side with no legal move, not in check.
    pub stalemate: Option<Val<StalemateName>>,
    /// The side to whom every draw counts as a win (Armageddon: `"black"`).
    pub draw_odds: Option<Val<String>>,
    /// The same check repeated: `{ limit = 3, result = "loss" }` (result for the checker).
    pub perpetual_check: Option<Val<LimitRule>>,
    /// The same position repeated: `{ limit = 3, result = "draw" }`.
    pub repetition: Option<Val<LimitRule>>,
    /// Material with which neither side can win: pairs of sides' pieces as letters.
    pub insufficient_material: Option<Val<Vec<Val<MaterialPair>>>>,
    /// Letters of pieces that cannot win when they are all the pieces on the board besides
    /// the royal ones, both sides' counted together, and all stand on squares of one colour
    /// (chess's bishops).
    pub insufficient_on_one_colour: Option<Val<Vec<Val<String>>>>,
    /// The counting rule.
    pub counting: Option<Val<CountingSection>>,
    /// En passant: who may be taken so, and who may take.
    pub en_passant: Option<Val<EnPassantSection>>,
    /// Castling.
    pub castling: Option<Val<CastlingSection>>,
    /// The n-move rule.
    pub move_rule: Option<Val<MoveRuleSection>>,
    /// The bare-king rule.
    pub bare_king: Option<Val<BareKingSection>>,
    /// Captures: whether they are compulsory.
    pub capture: Option<Val<CaptureSection>>,
    /// Whether a move may give check (`illegal` in Racing Kings).
    pub giving_check: Option<Val<GivingCheck>>,
    /// `false`: a royal piece in check may not step away; its only move is to capture the one
    /// piece giving check (Makpong). Absent: `true`.
    pub royal_may_flee_check: Option<Val<bool>>,
    /// A piece reaching a region wins (King of the Hill, Racing Kings).
    pub flag: Option<Val<FlagSection>>,
    /// A side left without pieces of some types (or without pieces) loses or wins.
    pub extinction: Option<Val<ExtinctionSection>>,
    /// Every capture explodes: the capturing piece, the captured one and every piece a king's
    /// step from the point of capture leave the board, but those the rule spares or that are
    /// immune (atomic chess).
    pub explosion: Option<Val<ExplosionSection>>,
    /// The side that gives this many checks wins (Three-check: 3); the FEN carries the checks
    /// each side still has to give.
    pub checks_to_win: Option<Val<u32>>,
    /// A captured piece goes to the capturer's hand, from which a side may drop it on an
    /// empty point instead of moving (crazyhouse, shogi); the FEN carries the hands.
    pub drops: Option<Val<bool>>,
    /// With `drops`: `false` = a captured piece leaves the board and no hand is fed by
    /// captures; the hands hold only what the FEN gives them (Pocket Knight, Bughouse played
    /// on one board). Absent: `true`.
    pub captures_to_hand: Option<Val<bool>>,
    /// A player may pass instead of moving, except when in check (Janggi); the pass is
    /// written as the royal piece's point twice (`e2e2`).
    pub passing: Option<Val<bool>>,
    /// Both players passing in turn ends the game, with this result for the side then to
    /// move (`draw`).
    pub two_passes: Option<Val<ResultName>>,
}

merge_fields!(BoardSection: files, ranks, cells, river_after_rank, crossed, holes);
merge_fields!(SidesSection: first, second);
merge_fields!(SetupSection: fen);
merge_fields!(
    PieceSection: letter,
    synonyms,
    royal,
    movement,
    confined_to,
    movement_in,
    movement_within,
    may_not_hop_over,
    may_not_capture,
    notation,
    initial,
    promotion,
    drop,
    captured_as,
    removed
);
merge_fields!(NotationSection: moves);
merge_fields!(CastlingFiles: short, long);
merge_fields!(
    CastlingSection: king,
    partners,
    rank,
    king_files,
    partner_files,
    any_start_files
);

impl Merge for GameRulesSection {
    // Field by field; castling key by key.
    fn merge(&mut self, parent: Self) {
        let GameRulesSection {
            facing_royals,
            self_check,
            checkmate,
            stalemate,
            draw_odds,
            perpetual_check,
            repetition,
            insufficient_material,
            insufficient_on_one_colour,
            counting,
            en_passant,
            castling,
            move_rule,
            bare_king,
            capture,
            giving_check,
            royal_may_flee_check,
            flag,
            extinction,
            explosion,
            checks_to_win,
            drops,
            captures_to_hand,
            passing,
            two_passes,
        } = parent;
        macro_rules! take {
            ($($f:ident),*) => { $( if self.$f.is_none() { self.$f = $f; } )* };
        }
        take!(
            facing_royals,
            self_check,
            checkmate,
            stalemate,
            draw_odds,
            perpetual_check,
            repetition,
            insufficient_material,
            insufficient_on_one_colour,
            counting,
            en_passant,
            move_rule,
            bare_king,
            capture,
            giving_check,
            royal_may_flee_check,
            flag,
            extinction,
            explosion,
            checks_to_win,
            drops,
            captures_to_hand,
            passing,
            two_passes
        );
        self.castling.merge(castling);
    }
}

/// Named tables merge entry by entry: a child's entry lies over the parent's of that name.
fn merge_map<T: Merge>(
    child: &mut Option<Val<BTreeMap<String, Val<T>>>>,
    parent: Option<Val<BTreeMap<String, Val<T>>>>,
) {
    match (child.as_mut(), parent) {
        (_, None) => {}
        (None, Some(p)) => *child = Some(p),
        (Some(c), Some(p)) => {
            for (name, entry) in p.value {
                match c.value.get_mut(&name) {
                    Some(mine) => mine.value.merge(entry.value),
                    None => {
                        c.value.insert(name, entry);
                    }
                }
            }
        }
    }
}

impl Merge for RegionPoints {
    // A region's points per side: a child's list replaces the parent's for that side.
    fn merge(&mut self, parent: Self) {
        for (side, points) in parent {
            self.entry(side).or_insert(points);
        }
    }
}

impl RulesFile for ChessFile {
    const FAMILY: Family = Family::Chess;

    crate::rules::common_keys!();

    fn over(mut self, parent: ChessFile, inherit_identity: bool) -> ChessFile {
        self.board.merge(parent.board);
        self.sides.merge(parent.sides);
        merge_map(&mut self.regions, parent.regions);
        self.setup.merge(parent.setup);
        merge_map(&mut self.pieces, parent.pieces);
        self.notation.merge(parent.notation);
        self.rules.merge(parent.rules);
        crate::rules::common_keys_over!(self, parent, inherit_identity);
        self
    }

    fn standalone(&mut self, id: &str) {
        crate::rules::standalone_keys!(self, id);
    }

    fn board_size(&self) -> Option<(u32, u32)> {
        let board = &self.board.as_ref()?.value;
        Some((board.files.as_ref()?.value, board.ranks.as_ref()?.value))
    }
}
