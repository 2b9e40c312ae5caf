//! The game-family trait: a variant's rules and positions, what the perft driver, divide,
//! fixtures, the tools and the tests need of a game. Draughts is one family, the chess family
//! another; everything outside the family folders is written against this trait (and
//! [`crate::present::Present`] for what is shown to people).

use crate::count::Count;
use crate::diagnostics::LocatedError;
use crate::notation::natural_cmp;
use crate::outcome::Outcome;
use crate::rules::Family;
use crate::stats::{Column, LeafMove};
use crate::transposition::{TranspositionKey, TranspositionSlot, TranspositionTable};

/// One family of games (draughts, chess-like) with a variant's rules loaded.
pub trait Game: Sync {
    /// A position of the game.
    type Position: Clone + Send + Sync + Eq + std::hash::Hash + std::fmt::Debug;
    /// A legal move.
    type Move: Clone + Send + Sync + std::fmt::Debug;
    /// What the shared transposition table stores to tell positions apart exactly.
    type Key: TranspositionKey;
    /// A position packed small (its pieces and side to move; counters aside), for searches
    /// that hold many positions at once (`diff`).
    type Packed: Clone + Eq + std::hash::Hash + Send + Sync;

    /// The family.
    fn family(&self) -> Family;
    /// The variant id as asked for (overlays included).
    fn id(&self) -> &str;
    /// The variant's name.
    fn name(&self) -> &str;
    /// Other names the variant is known by (its file's `aliases`), for finding it in another
    /// program's list.
    fn aliases(&self) -> &[String] {
        &[]
    }
    /// Whether castling starts from whatever files the king and partner stand on (Chess960),
    /// which UCI engines are told with `UCI_Chess960`.
    fn castles_from_any_start_files(&self) -> bool {
        false
    }
    /// The start position.
    fn start(&self) -> Self::Position;
    /// Reads a FEN in the family's format.
    fn parse_fen(&self, fen: &str) -> Result<Self::Position, LocatedError>;
    /// Writes a FEN.
    fn fen(&self, pos: &Self::Position) -> String;
    /// The legal moves (unique; [`Game::paths`] says how many sequences each stands for).
    fn legal_moves(&self, pos: &Self::Position) -> Vec<Self::Move>;
    /// The legal moves with their notation (canonical, unambiguous among themselves).
    fn moves_with_notation(&self, pos: &Self::Position) -> Vec<(Self::Move, String)>;
    /// The notations `moves --notation` can write, the default first.
    fn notations(&self) -> &[&'static str];
    /// The legal moves written in `notation` (one of [`Game::notations`]; the default for
    /// any other).
    fn moves_in(&self, pos: &Self::Position, _notation: &str) -> Vec<(Self::Move, String)> {
        self.moves_with_notation(pos)
    }
    /// The indices, in [`Game::moves_with_notation`], of the legal moves that `text` may
    /// name in any notation the family reads (none when it names no legal move, several when
    /// it is ambiguous). An error when `text` is not a move at all.
    fn matching_moves(&self, pos: &Self::Position, text: &str) -> Result<Vec<usize>, LocatedError>;
    /// Reads a move in any notation the family accepts, and finds it among the legal moves.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, LocatedError> {
        let source = crate::diagnostics::SourceFile {
            name: "move".into(),
            text: text.into(),
        };
        let found = self.matching_moves(pos, text)?;
        let mut notated = self.moves_with_notation(pos);
        match found.len() {
            1 => Ok(notated.swap_remove(found[0]).0),
            0 => {
                let mut legal: Vec<&str> = notated.iter().map(|(_, t)| t.as_str()).collect();
                legal.sort_by(|a, b| natural_cmp(a, b));
                Err(LocatedError::new(
                    &source,
                    0..text.len(),
                    format!("`{text}` is not a legal move here"),
                    Some(if legal.is_empty() {
                        "there is no legal move in this position".into()
                    } else {
                        format!("legal moves: {}", legal.join(" "))
                    }),
                ))
            }
            _ => {
                // Each move as it is written or, where that text is itself read as several
                // moves (coordinates that UCCI reads as another legal move), in another
                // notation that names it alone, else with its notation said (`ucci:c2d2`).
                let options: Vec<String> = found
                    .iter()
                    .map(|&i| {
                        let canonical = &notated[i].1;
                        match self.text_alone(pos, i) {
                            Some(t) if t != *canonical => format!("{t} (that is {canonical})"),
                            _ => canonical.clone(),
                        }
                    })
                    .collect();
                Err(LocatedError::new(
                    &source,
                    0..text.len(),
                    format!("`{text}` is ambiguous"),
                    Some(format!("write one of: {}", options.join(" or "))),
                ))
            }
        }
    }
    /// A text of move `i` (of [`Game::moves_with_notation`]) that names it alone: its
    /// canonical text, else its text in another notation, else a text that says its notation
    /// (`ucci:c2d2`). `None` when no text does.
    fn text_alone(&self, pos: &Self::Position, i: usize) -> Option<String> {
        let alone = |t: &str| {
            self.matching_moves(pos, t)
                .is_ok_and(|m| m.as_slice() == [i])
        };
        let canonical = self.moves_with_notation(pos).into_iter().nth(i)?.1;
        if alone(&canonical) {
            return Some(canonical);
        }
        let written: Vec<(&str, String)> = self
            .notations()
            .iter()
            .filter_map(|n| Some((*n, self.moves_in(pos, n).into_iter().nth(i)?.1)))
            .collect();
        let plain = written.iter().map(|(_, t)| t.clone()).find(|t| alone(t));
        plain.or_else(|| {
            written
                .iter()
                .map(|(n, t)| format!("{n}:{t}"))
                .find(|t| alone(t))
        })
    }

    /// Why a legal move of the last position of a game may not be played in this game: a rule
    /// that reads the game's earlier moves (Frisian kings may not make more than three ordinary
    /// moves in a row). `history` holds every position, the start first. `None` when it may;
    /// perft, which starts from a position, never asks.
    fn refused_in_game(&self, _history: &[Self::Position], _mv: &Self::Move) -> Option<String> {
        None
    }
    /// The position after a move, with the game's counters brought up to date.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// The position after a move as perft sees it: counters that never prune the tree are
    /// left as they were, so that transpositions compare equal.
    fn perft_child(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position {
        self.play(pos, mv)
    }
    /// What tells a move apart from another of the same position, whatever the rules (a
    /// draughts move's count of jump sequences aside): compared across rule sets by `diff`.
    fn move_key(&self, mv: &Self::Move) -> String {
        format!("{mv:?}")
    }
    /// A position packed small.
    fn pack(&self, pos: &Self::Position) -> Self::Packed;
    /// The position a packed one stands for (counters at their start values).
    fn unpack(&self, packed: &Self::Packed) -> Self::Position;
    /// How many jump sequences (paths) a move stands for; 1 in games without them.
    fn paths(&self, _mv: &Self::Move) -> u64 {
        1
    }
    /// The columns of perft statistics the rules give a meaning to, nodes first
    /// (`perft --stats`; a chess variant without castling has no castles column).
    fn stat_columns(&self) -> Vec<Column>;
    /// What the move `mv` of `pos` is, for the statistics counted at the leaves.
    fn leaf_move(&self, pos: &Self::Position, mv: &Self::Move) -> LeafMove;
    /// Number of leaf nodes `depth` plies below `pos`, on one thread, with an optional
    /// transposition table shared with other searches.
    fn perft_in(
        &self,
        pos: &Self::Position,
        depth: u32,
        count: Count,
        table: Option<&TranspositionTable<Self::Key>>,
    ) -> u128;
    /// An upper bound on the distinct positions, one side to move, that play from `pos` can
    /// reach at any one ply, where the family knows one (its pieces only ever fewer, say);
    /// `None` where it does not. The run estimate with a table caps the positions a ply adds
    /// by it: a few pieces going to and fro soon meet every position they can.
    fn positions_bound(&self, _pos: &Self::Position) -> Option<f64> {
        None
    }
    /// Where `pos` goes in the transposition table of [`Game::perft_in`] under `count`: the
    /// entry the family's own search reads and writes for it; `None` when the position has
    /// no key (it is then never stored).
    fn table_slot(
        &self,
        pos: &Self::Position,
        count: Count,
    ) -> Option<TranspositionSlot<Self::Key>>;
    /// Number of leaf nodes `depth` plies below `pos` (one thread, no table).
    fn perft(&self, pos: &Self::Position, depth: u32, count: Count) -> u128 {
        self.perft_in(pos, depth, count, None)
    }
    /// How the game stands after `history` (the positions of the game in order, the current
    /// one last; families whose results need no history look at the last only).
    fn outcome(&self, history: &[Self::Position]) -> Outcome;
    /// The two sides as the rules name them, the one that moves first in the FEN's `w` or
    /// `W` first (`["white", "black"]`, `["red", "black"]`).
    fn side_names(&self) -> [&str; 2];
    /// The side to move: 0 or 1, an index into [`Game::side_names`].
    fn side_to_move(&self, pos: &Self::Position) -> usize;
}
