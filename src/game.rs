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

    /// Perft with threads, a transposition table and progress reports, where the family
    /// supports them (the default ignores the options).
    fn perft_with(
        &self,
        pos: &Self::Position,
        depth: u32,
        count: Count,
        options: &PerftOptions<'_>,
    ) -> u128 {
        let _ = options;
        self.perft(pos, depth, count)
    }

    /// Perft of each legal move, sorted by move text (the Stockfish `divide`). With
    /// [`Count::Paths`] a move that several jump sequences make is weighted by their number.
    fn divide(&self, pos: &Self::Position, depth: u32, count: Count) -> Vec<(String, u128)> {
        divide_by(self, pos, depth, count, |child, d| {
            self.perft(child, d, count)
        })
    }
}

/// Divide with a given perft for the children: `(move text, count)` sorted by move, a move
/// weighted by its number of jump sequences under [`Count::Paths`]. Shared by
/// [`Game::divide`] and the families' own variants (threads, a shared table).
pub fn divide_by<G: Game + ?Sized>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    perft: impl Fn(&G::Position, u32) -> u128,
) -> Vec<(String, u128)> {
    let mut out: Vec<(String, u128)> = game
        .moves_with_notation(pos)
        .into_iter()
        .map(|(mv, text)| {
            let child = game.play(pos, &mv);
            let n = if depth <= 1 {
                1
            } else {
                perft(&child, depth - 1)
            };
            let weight = match count {
                Count::Unique => 1,
                Count::Paths => game.paths(&mv) as u128,
            };
            (text, n * weight)
        })
        .collect();
    out.sort_by(|a, b| natural_cmp(&a.0, &b.0));
    out
}

/// How a perft runs: threads, hash, progress.
#[derive(Clone, Copy)]
pub struct PerftOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Transposition table size in MiB; 0 for none.
    pub hash_mb: usize,
    /// Called with (subtrees done, subtrees in all) as the search goes.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

impl Default for PerftOptions<'_> {
    fn default() -> Self {
        PerftOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 0,
            progress: None,
        }
    }
}

impl std::fmt::Debug for PerftOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftOptions")
            .field("threads", &self.threads)
            .field("hash_mb", &self.hash_mb)
            .finish()
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
