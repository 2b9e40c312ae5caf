//! The game-family trait: what the perft driver, divide, fixtures, the CLI and the tests need
//! of a game. Draughts is one family, the chess-like family (Xiangqi) another; everything
//! outside the family folders is written against this trait.

use crate::diagnostics::LocatedError;
use crate::perft::{Table, TableKey, TableSlot};
use crate::rules::Family;

/// Which move sequences perft counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Count {
    /// Distinct moves: same from, to and captured set = one move (the default).
    #[default]
    Unique,
    /// Every distinct jump sequence (in families without jump sequences, the same as
    /// `Unique`).
    Paths,
}

impl Count {
    /// The name as the command line and the reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Count::Unique => "unique",
            Count::Paths => "paths",
        }
    }

    /// `total` and a child's count `n` reached by a move of `paths` jump sequences, as this
    /// convention weighs the move; at [`COUNT_LIMIT`] the sum stops instead of wrapping.
    #[inline(always)]
    pub fn add(self, total: u128, n: u128, paths: u32) -> u128 {
        let n = match self {
            Count::Unique => n,
            Count::Paths => n.saturating_mul(paths as u128),
        };
        total.saturating_add(n)
    }
}

/// The largest count a perft returns: the sums saturate at it instead of wrapping, so that a
/// count equal to it means "this many or more" (2^128 - 1, about 3.4e38).
pub const COUNT_LIMIT: u128 = u128::MAX;

/// The sum of perft counts, stopping at [`COUNT_LIMIT`] instead of wrapping.
pub fn count_sum(counts: impl IntoIterator<Item = u128>) -> u128 {
    counts.into_iter().fold(0, u128::saturating_add)
}

/// `n`, or the words for a count that reached [`COUNT_LIMIT`] (the sums stop there, so it
/// is not exact), for the tools to refuse it with.
pub fn exact_count(n: u128) -> Result<u128, String> {
    if n < COUNT_LIMIT {
        return Ok(n);
    }
    Err(format!(
        "the count reached {n} (2^128 - 1), the largest rulebench keeps: the true count is that or more"
    ))
}

/// A perft count as text: the number, followed by "or more" when it is [`COUNT_LIMIT`] (the
/// true count may be larger).
pub fn count_text(n: u128) -> String {
    if n == COUNT_LIMIT {
        format!("{n} or more")
    } else {
        n.to_string()
    }
}

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// One side has won.
    Win {
        /// The winner, as the rules name the side (`white`, `red`).
        winner: String,
        /// Why, in words.
        reason: String,
    },
    /// Drawn.
    Draw {
        /// Why, in words.
        reason: String,
    },
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "ongoing"),
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {reason}"),
            Outcome::Draw { reason } => write!(f, "draw: {reason}"),
        }
    }
}

/// One family of games (draughts, chess-like) with a variant's rules loaded.
pub trait Game: Sync {
    /// A position of the game.
    type Position: Clone + Send + Sync + Eq + std::hash::Hash + std::fmt::Debug;
    /// A legal move.
    type Move: Clone + Send + Sync + std::fmt::Debug;
    /// What the shared transposition table stores to tell positions apart exactly.
    type Key: TableKey;
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
    fn stat_columns(&self) -> Vec<crate::perft::stats::Column>;
    /// What the move `mv` of `pos` is, for the statistics counted at the leaves.
    fn leaf_move(&self, pos: &Self::Position, mv: &Self::Move) -> crate::perft::stats::LeafMove;
    /// Number of leaf nodes `depth` plies below `pos`, on one thread, with an optional
    /// transposition table shared with other searches.
    fn perft_in(
        &self,
        pos: &Self::Position,
        depth: u32,
        count: Count,
        table: Option<&Table<Self::Key>>,
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
    fn table_slot(&self, pos: &Self::Position, count: Count) -> Option<TableSlot<Self::Key>>;
    /// Number of leaf nodes `depth` plies below `pos` (one thread, no table).
    fn perft(&self, pos: &Self::Position, depth: u32, count: Count) -> u128 {
        self.perft_in(pos, depth, count, None)
    }
    /// Perft of each legal move, sorted by move text (the Stockfish `divide`), on one thread
    /// without a table; [`crate::perft::divide`] takes threads and a table.
    fn divide(&self, pos: &Self::Position, depth: u32, count: Count) -> Vec<(String, u128)>
    where
        Self: Sized,
    {
        let options = crate::perft::PerftOptions {
            threads: 1,
            hash_mb: 0,
            progress: None,
            stop: None,
        };
        crate::perft::divide(self, pos, depth, count, &options)
    }
    /// How the game stands after `history` (the positions of the game in order, the current
    /// one last; families whose results need no history look at the last only).
    fn outcome(&self, history: &[Self::Position]) -> Outcome;
    /// The two sides as the rules name them, the one that moves first in the FEN's `w` or
    /// `W` first (`["white", "black"]`, `["red", "black"]`).
    fn side_names(&self) -> [&str; 2];
    /// The side to move: 0 or 1, an index into [`Game::side_names`].
    fn side_to_move(&self, pos: &Self::Position) -> usize;
    /// One legal move as a JSON object for `moves --json` (at least `notation`, `from`, `to`
    /// and `captured`).
    fn move_json(&self, pos: &Self::Position, mv: &Self::Move, text: &str) -> serde_json::Value;
    /// A few lines that say what the compiled rules are, for `check`.
    fn describe(&self) -> Vec<String>;
    /// The rules in plain sentences, written from the compiled rules (one paragraph each).
    fn explain(&self) -> Vec<String>;
    /// The board drawn in text, one line per rank or row, for people.
    fn diagram(&self, pos: &Self::Position) -> String;
    /// The position as a picture for the renderers; with `names`, every playable cell
    /// labelled with its square number or point name.
    fn view(&self, pos: &Self::Position, names: bool) -> crate::view::BoardView;
    /// The way a move goes on the board: (file, rank) of its start, every landing, its end.
    fn move_path(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<(u32, u32)>;
}

/// Orders move texts so that `9-13` comes before `10-14` (numbers compared as numbers).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<Result<u64, &str>> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        while start < bytes.len() {
            let digit = bytes[start].is_ascii_digit();
            let mut end = start;
            while end < bytes.len() && bytes[end].is_ascii_digit() == digit {
                end += 1;
            }
            let piece = &s[start..end];
            out.push(if digit {
                piece.parse().map_err(|_| piece)
            } else {
                Err(piece)
            });
            start = end;
        }
        out
    }
    let (ca, cb) = (chunks(a), chunks(b));
    for (x, y) in ca.iter().zip(cb.iter()) {
        let ord = match (x, y) {
            (Ok(m), Ok(n)) => m.cmp(n),
            (Err(m), Err(n)) => m.cmp(n),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        };
        if ord != std::cmp::Ordering::Equal {
            return ord;
        }
    }
    ca.len().cmp(&cb.len())
}
