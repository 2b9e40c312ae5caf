//! A chess-family variant's rules, checked and compiled from its merged rules file: the board,
//! the regions, the piece types with their movement tables, the start position and the game
//! rules, every problem located in the file.
//!
//! ```
//! let rules = rulebench::chess::Rules::load("xiangqi").unwrap();
//! assert_eq!((rules.board.files(), rules.board.ranks()), (9, 10));
//! assert_eq!(rules.pieces.len(), 7);
//! ```

use super::board::{Bitboard, Board};
use super::compile::compile;
use super::movegen::Engine;
use super::position::Position;
use super::schema::*;
use crate::diagnostics::LocatedError;
use crate::rules::{Family, Loader};

/// One piece type, as declared.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Its name in players' words (`horse`).
    pub name: String,
    /// Its FEN letter, lower case.
    pub letter: char,
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
    /// Its letter in WXF notation.
    pub notation: char,
}

/// The counting rule: with one side bare, the other must win within a number of its moves.
#[derive(Clone, Debug)]
pub struct Counting {
    /// The piece types (bits) that the attacker's force does not include.
    pub ignore: u32,
    /// The attacker's force (piece types, sorted) and the moves it has.
    pub limits: Vec<(Vec<u8>, u32)>,
}

/// How games end, compiled.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// Royal pieces may not face each other on an open file.
    pub facing_royals: bool,
    /// For the side checkmated.
    pub checkmate: ResultName,
    /// For the side with no move, not in check.
    pub stalemate: ResultName,
    /// (limit, result for the checker) of the perpetual-check rule.
    pub perpetual_check: Option<(u32, ResultName)>,
    /// (limit, result for the side that repeats) of the repetition rule.
    pub repetition: Option<(u32, ResultName)>,
    /// Pairs of materials (piece types, sorted) with which the game is drawn.
    pub insufficient_material: Vec<[Vec<u8>; 2]>,
    /// The counting rule.
    pub counting: Option<Counting>,
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
    /// The board.
    pub board: Board,
    /// Points or squares.
    pub cells: Cells,
    /// For pictures: a river after this rank (1-based), if any.
    pub river_after_rank: Option<u32>,
    /// For pictures: rectangles drawn with their diagonals, as (lower-left, upper-right)
    /// points.
    pub crossed: Vec<(u32, u32)>,
    /// The sides' names: the first (capitals, `w`), the second.
    pub sides: [String; 2],
    /// The named regions: (name, points per side).
    pub regions: Vec<(String, [Bitboard; 2])>,
    /// The piece types; a type's index is its kind.
    pub pieces: Vec<PieceType>,
    /// The start position.
    pub start: Position,
    /// How games end.
    pub game: GameRules,
    /// The generator.
    pub engine: Engine,
}

impl Rules {
    /// Loads rules from a spec (a shipped id, a path, either with `+overlay`s).
    pub fn load(spec: &str) -> Result<Rules, LocatedError> {
        let (loader, file, id) = Loader::load::<ChessFile>(spec)?;
        compile(&loader, file, id)
    }

    /// Loads a rules file from its text, as if it were at `name`.
    pub fn from_toml(name: &str, text: &str) -> Result<Rules, LocatedError> {
        let (loader, file, id) = Loader::from_toml::<ChessFile>(name, text)?;
        compile(&loader, file, id)
    }

    /// The ids of the shipped chess-family variants.
    pub fn shipped() -> Vec<String> {
        crate::rules::shipped_of(Family::Chess)
    }

    /// Each type's FEN letter, lower case.
    pub fn letters(&self) -> Vec<char> {
        self.pieces.iter().map(|p| p.letter).collect()
    }

    /// The points of region `name` for `side`.
    pub fn region(&self, name: &str, side: usize) -> Option<Bitboard> {
        self.regions
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r[side])
    }

    /// Reads a FEN and checks that the position can arise: one royal piece a side where the
    /// variant has royal pieces, every confined piece inside its region, the side not to move
    /// not in check.
    pub fn parse_fen(&self, fen: &str) -> Result<Position, LocatedError> {
        let letters: Vec<Vec<char>> = self
            .pieces
            .iter()
            .map(|p| {
                std::iter::once(p.letter)
                    .chain(p.synonyms.iter().copied())
                    .collect()
            })
            .collect();
        let pos = Position::from_fen(&self.board, &letters, fen)?;
        if let Err(msg) = self.check_position(&pos) {
            let source = crate::diagnostics::SourceFile {
                name: "FEN".into(),
                text: fen.into(),
            };
            let placement = fen.split_whitespace().next().unwrap_or("");
            let start = fen.len() - fen.trim_start().len();
            return Err(LocatedError::new(
                &source,
                start..start + placement.len(),
                msg,
                Some("the position must be one that play could reach".into()),
            ));
        }
        Ok(pos)
    }

    /// Why a position cannot arise, if it cannot.
    pub fn check_position(&self, pos: &Position) -> Result<(), String> {
        let royal_kinds: Bitboard = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0, |acc, (k, _)| acc | pos.kinds[k]);
        if self.pieces.iter().any(|p| p.royal) {
            for side in 0..2 {
                let n = (royal_kinds & pos.sides[side]).count_ones();
                if n != 1 {
                    // In the players' words: `2 generals`, or the names of several royal
                    // kinds.
                    let names: Vec<&str> = self
                        .pieces
                        .iter()
                        .filter(|p| p.royal)
                        .map(|p| p.name.as_str())
                        .collect();
                    let what = match names.as_slice() {
                        [one] if n == 1 => one.to_string(),
                        [one] => format!("{one}s"),
                        _ => format!("royal pieces ({})", names.join(", ")),
                    };
                    return Err(format!(
                        "{} has {n} {what}; it must have exactly one",
                        self.sides[side]
                    ));
                }
            }
        }
        for (k, piece) in self.pieces.iter().enumerate() {
            let Some(region) = &piece.confined_to else {
                continue;
            };
            for side in 0..2 {
                let inside = self.region(region, side).unwrap_or(0);
                if let Some(p) = Board::iter(pos.kinds[k] & pos.sides[side] & !inside).next() {
                    return Err(format!(
                        "the {} {} on {} stands outside its {region}",
                        self.sides[side],
                        piece.name,
                        self.board.name(p)
                    ));
                }
            }
        }
        if self.engine.opponent_in_check(pos) {
            return Err(format!(
                "{} is in check with {} to move",
                self.sides[1 - pos.side as usize],
                self.sides[pos.side as usize]
            ));
        }
        Ok(())
    }
}
