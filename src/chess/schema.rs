//! The chess-family rules-file schema: the board and its named regions, the sides, the start
//! position, each piece type (letter, synonyms, royal, movement in Betza notation, the
//! restrictions Betza cannot say) and the game rules, every value located in its file.

use crate::rules::{Family, Merge, OverlaySection, RulesFile, Val, VariantSection, merge_fields};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A whole chess-family rules file, as written.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ChessFile {
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
    /// How games are won, lost and drawn.
    pub rules: Option<Val<GameRulesSection>>,
}

/// A region's points, for each side by name: points (`e1`) and rectangles (`d1-f3`).
pub type RegionPoints = BTreeMap<String, Val<Vec<Val<String>>>>;

/// Two sides' pieces, as letters (`["k", "kbb"]`).
pub type MaterialPair = Vec<Val<String>>;

/// Whether pieces stand on the points where lines cross or inside the squares (it changes
/// no move; it says how to draw the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cells {
    /// On the intersections (Xiangqi).
    Points,
    /// Inside the squares (chess).
    Squares,
}

/// `[board]`
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
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
}

/// `[sides]`
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SidesSection {
    /// The side at the bottom, written in capitals and `w` in a FEN (`red`).
    pub first: Option<Val<String>>,
    /// The side at the top, lower case and `b` in a FEN (`black`).
    pub second: Option<Val<String>>,
}

/// `[setup]`
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSection {
    /// The start position as a FEN.
    pub fen: Option<Val<String>>,
}

/// `[pieces.<name>]`: one piece type.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
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
    /// Its letter in WXF notation (`H` for the horse).
    pub notation: Option<Val<String>>,
}

/// A result for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultName {
    /// That side loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// That side wins.
    Win,
}

/// Whether two royal pieces may stand on one file with nothing between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Facing {
    /// A move that leaves them so is illegal (Xiangqi's flying general).
    Illegal,
    /// Nothing forbids it.
    Allowed,
}

/// What a move that leaves one's own royal piece attacked is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfCheck {
    /// Illegal.
    Illegal,
}

/// A rule that acts when something happens more than `limit` times.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LimitRule {
    /// How many times it may happen; the next one decides.
    pub limit: Val<u32>,
    /// The result for the side that makes it happen once more.
    pub result: Val<ResultName>,
}

/// The counting rule: with one side bare, the other must win within a number of moves.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CountingSection {
    /// Letters of the attacker's pieces that its force does not include.
    pub ignore: Option<Val<Vec<Val<String>>>>,
    /// The attacker's force (letters, any order) and the moves it has to win.
    pub limits: Val<BTreeMap<String, Val<u32>>>,
}

/// `[rules]`: how games end.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameRulesSection {
    /// Royal pieces facing each other on an open file.
    pub facing_royals: Option<Val<Facing>>,
    /// Leaving one's own royal piece attacked.
    pub self_check: Option<Val<SelfCheck>>,
    /// For the side checkmated.
    pub checkmate: Option<Val<ResultName>>,
    /// For the side with no legal move, not in check.
    pub stalemate: Option<Val<ResultName>>,
    /// The same check repeated: `{ limit = 3, result = "loss" }` (result for the checker).
    pub perpetual_check: Option<Val<LimitRule>>,
    /// The same position repeated: `{ limit = 3, result = "draw" }`.
    pub repetition: Option<Val<LimitRule>>,
    /// Material with which neither side can win: pairs of sides' pieces as letters.
    pub insufficient_material: Option<Val<Vec<Val<MaterialPair>>>>,
    /// The counting rule.
    pub counting: Option<Val<CountingSection>>,
}

merge_fields!(BoardSection: files, ranks, cells, river_after_rank, crossed);
merge_fields!(SidesSection: first, second);
merge_fields!(SetupSection: fen);
merge_fields!(PieceSection: letter, synonyms, royal, movement, confined_to, movement_in, notation);
merge_fields!(
    GameRulesSection: facing_royals,
    self_check,
    checkmate,
    stalemate,
    perpetual_check,
    repetition,
    insufficient_material,
    counting
);

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
