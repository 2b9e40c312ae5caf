//! The game-family trait: what perft, divide, the CLI and the test harness need of a game.
//! Draughts is one family; Xiangqi will be another.

use crate::diagnostics::LocatedError;
pub use crate::movegen::Count;

/// One family of games (draughts, Xiangqi) with its rules loaded.
pub trait Game: Sync {
    /// A position of the game.
    type Position: Clone + Send + Sync;
    /// A legal move.
    type Move: Clone + Send + Sync;

    /// The variant id as asked for (overlays included).
    fn id(&self) -> &str;
    /// The start position.
    fn start(&self) -> Self::Position;
    /// Reads a FEN in the family's format.
    fn parse_fen(&self, fen: &str) -> Result<Self::Position, LocatedError>;
    /// Writes a FEN.
    fn fen(&self, pos: &Self::Position) -> String;
    /// The legal moves with their notation (canonical, unambiguous among themselves).
    fn moves_with_notation(&self, pos: &Self::Position) -> Vec<(Self::Move, String)>;
    /// The position after a move.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// How many jump sequences (paths) a move stands for; 1 in games without them.
    fn paths(&self, _mv: &Self::Move) -> u64 {
        1
    }
    /// Number of leaf nodes `depth` plies below `pos`.
    fn perft(&self, pos: &Self::Position, depth: u32, count: Count) -> u128;

    /// Perft of each legal move, sorted by move text (the Stockfish `divide`). With
    /// [`Count::Paths`] a move that several jump sequences make is weighted by their number.
    fn divide(&self, pos: &Self::Position, depth: u32, count: Count) -> Vec<(String, u128)> {
        let mut out: Vec<(String, u128)> = self
            .moves_with_notation(pos)
            .into_iter()
            .map(|(mv, text)| {
                let child = self.play(pos, &mv);
                let n = if depth <= 1 {
                    1
                } else {
                    self.perft(&child, depth - 1, count)
                };
                let weight = match count {
                    Count::Unique => 1,
                    Count::Paths => self.paths(&mv) as u128,
                };
                (text, n * weight)
            })
            .collect();
        out.sort_by(|a, b| natural_cmp(&a.0, &b.0));
        out
    }
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
