//! A chess-family variant's rules, checked and compiled from its merged rules file into plain
//! data: the board size and regions, the piece types with their movements, promotion, en
//! passant, castling, the start position as written, the notations and how games end. Sets
//! of points are 128-bit here whatever the board; a game ([`super::Chess`]) compiles them into
//! its generator at the width the board needs.
//!
//! ```
//! let rules = rulebench::load::<rulebench::chess::Rules>("xiangqi").unwrap();
//! assert_eq!((rules.files, rules.ranks), (9, 10));
//! assert_eq!(rules.pieces.len(), 7);
//! ```

use super::betza::Component;
use super::schema::*;

/// A set of points as the rules hold it (point `rank * files + file`).
pub type Points = u128;

/// One piece type, as declared.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Its name in players' words (`horse`).
    pub name: String,
    /// Its FEN letter, lower case.
    pub letter: char,
    /// Written with a `+` before its letter (shogi's promoted pieces, `+p`).
    pub plus: bool,
    /// Other letters read for it.
    pub synonyms: Vec<char>,
    /// Royal: may not be left attacked.
    pub royal: bool,
    /// Its movement in Betza notation.
    pub movement: String,
    /// The region it never leaves, by name.
    pub confined_to: Option<String>,
    /// Other movements by region: (region name, Betza).
    pub movement_in: Vec<(String, String)>,
    /// Moves besides, made within a region: (region name, Betza).
    pub movement_within: Vec<(String, String)>,
    /// The types it may not hop over (no screen for its hops).
    pub may_not_hop_over: Vec<u8>,
    /// The types it may not capture.
    pub may_not_capture: Vec<u8>,
    /// Its letter in move notation (WXF, SAN), if it has one.
    pub notation: Option<char>,
    /// The region its initial moves start from, by name.
    pub initial: Option<String>,
    /// Its movement compiled: the components, by region, confinement and initial points.
    pub compiled: Movement,
    /// Where it promotes, and to what.
    pub promotion: Option<PromotionRule>,
    /// Where it may be dropped from a hand (rules with drops).
    pub drop: DropRule,
    /// The type it goes to the capturer's hand as, if not itself.
    pub captured_as: Option<u8>,
}

impl PieceType {
    /// Whether `c` (lower case) is one of its letters, written with a `+` before it (`plus`)
    /// or not.
    pub fn written_as(&self, c: char, plus: bool) -> bool {
        self.plus == plus && (self.letter == c || self.synonyms.contains(&c))
    }
}

/// The type among `pieces` that the lower-case letter `c` names, with a `+` before it or not.
pub fn kind_of_letter(pieces: &[PieceType], c: char, plus: bool) -> Option<usize> {
    pieces.iter().position(|p| p.written_as(c, plus))
}

/// Where and how one piece type may be dropped.
#[derive(Clone, Debug)]
pub struct DropRule {
    /// The region's name, if the rules name one.
    pub region: Option<String>,
    /// Per side: the points it may be dropped on (when empty).
    pub points: [Points; 2],
    /// Not on a file where its side has a piece of this type.
    pub one_per_file: bool,
    /// A drop of it may checkmate.
    pub may_checkmate: bool,
    /// A drop of it may give check.
    pub may_check: bool,
}

/// A piece type's movement, as the generator's tables are built from it.
#[derive(Clone, Debug)]
pub struct Movement {
    /// Its movement.
    pub base: Vec<Component>,
    /// Other movements while it stands in a region: (the region's points per side, movement).
    pub regional: Vec<([Points; 2], Vec<Component>)>,
    /// Moves besides while it stands in a region, made within it: (the region's points per
    /// side, movement).
    pub within: Vec<([Points; 2], Vec<Component>)>,
    /// Per side: the points its moves may end on.
    pub confined: [Points; 2],
    /// Per side: the points its initial moves start from.
    pub initial: [Points; 2],
}

impl Movement {
    /// Every movement it may have, wherever it stands.
    pub fn all(&self) -> impl Iterator<Item = &Component> {
        self.base.iter().chain(
            self.regional
                .iter()
                .chain(&self.within)
                .flat_map(|(_, m)| m.iter()),
        )
    }
}

/// Promotion of one piece type.
#[derive(Clone, Debug)]
pub struct PromotionRule {
    /// The region's name.
    pub region: String,
    /// Per side: the region's points.
    pub zone: [Points; 2],
    /// Per side: the piece types it may become.
    pub to: [Vec<u8>; 2],
    /// It must promote.
    pub compulsory: bool,
    /// The region where it must promote even so, if the rules name one: (name, points per
    /// side).
    pub compulsory_in: Option<(String, [Points; 2])>,
    /// A move that starts in the zone promotes too.
    pub on_leaving: bool,
    /// A piece promoted from this type goes to a hand as this type.
    pub reverts_when_captured: bool,
}

/// En passant.
#[derive(Clone, Debug)]
pub struct EnPassantRule {
    /// The types that may be taken so.
    pub taken: Vec<u8>,
    /// The types that may take so.
    pub takers: Vec<u8>,
    /// Per taking side: the points an en-passant capture may land on (every point when the
    /// rules name no region).
    pub onto: [Points; 2],
}

/// Castling.
#[derive(Clone, Debug)]
pub struct CastlingRule {
    /// The royal type that castles.
    pub king: u8,
    /// The partner types.
    pub partners: Vec<u8>,
    /// The rank, counted from each side's own end (1: the back rank).
    pub rank: u32,
    /// Files (0-based) the royal piece ends on: short, long.
    pub king_to: [u32; 2],
    /// Files the partner ends on.
    pub partner_to: [u32; 2],
    /// Any start files (Chess960).
    pub any_start_files: bool,
}

/// The n-move rule.
#[derive(Clone, Debug)]
pub struct MoveRule {
    /// Moves by each side (the FEN counts plies: twice this).
    pub moves: u32,
    /// The types whose moves reset the count.
    pub reset_by: Vec<u8>,
}

/// The counting rule: with one side bare, the other must win within a number of its moves.
#[derive(Clone, Debug)]
pub struct Counting {
    /// The piece types (bits) that the attacker's force does not include.
    pub ignore: u32,
    /// The attacker's force (piece types, sorted) and the moves it has.
    pub limits: Vec<(Vec<u8>, u32)>,
    /// How a force is matched.
    pub force: ForceMatch,
    /// The limit when no force matches.
    pub otherwise: Option<u32>,
    /// Whose moves are counted.
    pub counted: Counted,
    /// The count starts from the number of pieces on the board.
    pub start_at_pieces: bool,
    /// Counting applies only while none of these types is on the board (bits).
    pub only_without: u32,
    /// Board's honour: the moves the side with fewer pieces counts to.
    pub board: Option<u32>,
}

/// A flag: a piece of some types reaching a region wins.
#[derive(Clone, Debug)]
pub struct FlagRule {
    /// The types (bits) whose arrival counts.
    pub kinds: u32,
    /// The region's name.
    pub region: String,
    /// Per side: the region's points.
    pub points: [Points; 2],
    /// When the first side arrives, the second has one more move, and arriving too draws.
    pub second_may_answer: bool,
    /// When an arrival wins.
    pub wins: FlagWins,
}

/// Extinction: a side left without pieces of some types.
#[derive(Clone, Debug)]
pub struct ExtinctionRule {
    /// The types (bits) that count; every type when the rules name none.
    pub kinds: u32,
    /// Whether the rules named the types (otherwise: all of a side's pieces).
    pub named: bool,
    /// The result for the side that has none left.
    pub result: ResultName,
    /// Each type counts on its own: losing all of any one of them is extinction.
    pub each_type: bool,
    /// Extinction comes below this many pieces (1: when none is left).
    pub fewer_than: u32,
}

/// Every capture explodes (atomic chess), compiled.
#[derive(Clone, Copy, Debug)]
pub struct ExplosionRule {
    /// The types (bits) a blast beside them leaves standing.
    pub spares: u32,
    /// The types (bits) no blast removes, their own capture's neither.
    pub immune: u32,
}

/// How games end, compiled.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// Royal pieces may not face each other on an open file.
    pub facing_royals: bool,
    /// Royal pieces may come to face each other; the side then to move must break the
    /// facing or pass (Janggi's bikjang).
    pub facing_must_break: bool,
    /// A player may pass instead of moving (not in check).
    pub passing: bool,
    /// Both players passing in turn ends the game, with this result for the side to move.
    pub two_passes: Option<ResultName>,
    /// For the side checkmated.
    pub checkmate: ResultName,
    /// For the side with no move, not in check.
    pub stalemate: StalemateName,
    /// The side (0 or 1) to whom every draw counts as a win.
    pub draw_odds: Option<usize>,
    /// (limit, result for the checker) of the perpetual-check rule.
    pub perpetual_check: Option<(u32, ResultName)>,
    /// (limit, result for the side that repeats) of the repetition rule.
    pub repetition: Option<(u32, ResultName)>,
    /// Pairs of materials (piece types, sorted) with which the game is drawn.
    pub insufficient_material: Vec<[Vec<u8>; 2]>,
    /// Types (bits) that cannot win when all on squares of one colour.
    pub insufficient_on_one_colour: u32,
    /// The counting rule.
    pub counting: Option<Counting>,
    /// The n-move rule.
    pub move_rule: Option<MoveRule>,
    /// The bare-king rule: (result for the bare side, it may bare the other back).
    pub bare_king: Option<(ResultName, bool)>,
    /// A player who can capture must.
    pub compulsory_capture: bool,
    /// No move may give check.
    pub giving_check_illegal: bool,
    /// A royal piece in check may move only to capture a piece giving check.
    pub royal_stays_in_check: bool,
    /// The flag rule.
    pub flag: Option<FlagRule>,
    /// The extinction rule.
    pub extinction: Option<ExtinctionRule>,
    /// Every capture explodes.
    pub explosion: Option<ExplosionRule>,
    /// The side that gives this many checks wins.
    pub checks_to_win: Option<u32>,
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// With drops: captured pieces go to the capturer's hand (else the hands hold only what
    /// the FEN gives).
    pub captures_to_hand: bool,
}

/// A chess-family variant's rules, checked and compiled.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The id as asked for.
    pub id: String,
    /// Human name.
    pub name: String,
    /// Where the rules come from.
    pub source: String,
    /// Other names.
    pub aliases: Vec<String>,
    /// Number of files.
    pub files: u32,
    /// Number of ranks.
    pub ranks: u32,
    /// Points or squares.
    pub cells: Cells,
    /// For pictures: a river after this rank (1-based), if any.
    pub river_after_rank: Option<u32>,
    /// For pictures: rectangles drawn with their diagonals, as (lower-left, upper-right)
    /// points.
    pub crossed: Vec<(u32, u32)>,
    /// The points that are not part of the board (holes).
    pub holes: Points,
    /// The sides' names: the first (capitals, `w`), the second.
    pub sides: [String; 2],
    /// The named regions: (name, points per side).
    pub regions: Vec<(String, [Points; 2])>,
    /// The piece types; a type's index is its kind.
    pub pieces: Vec<PieceType>,
    /// The start position as written.
    pub start_fen: String,
    /// Where the start position is written: (file, byte range of the string's text).
    pub start_at: crate::rules::Place,
    /// The notations of moves, the default first.
    pub notations: Vec<String>,
    /// En passant.
    pub en_passant: Option<EnPassantRule>,
    /// Castling.
    pub castling: Option<CastlingRule>,
    /// How games end.
    pub game: GameRules,
}

impl Rules {
    /// Each type's FEN letter, lower case.
    pub fn letters(&self) -> Vec<char> {
        self.pieces.iter().map(|p| p.letter).collect()
    }

    /// The points of region `name` for `side`.
    pub fn region(&self, name: &str, side: usize) -> Option<Points> {
        self.regions
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r[side])
    }

    /// The number of points.
    pub fn points(&self) -> u32 {
        self.files * self.ranks
    }

    /// Whether the board fits a 64-bit set.
    pub fn fits_64(&self) -> bool {
        self.points() <= 64
    }

    /// The royal types (bits).
    pub fn royal_kinds(&self) -> u32 {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0, |acc, (k, _)| acc | 1 << k)
    }
}
