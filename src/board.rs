//! A game in progress of any variant behind one type that is not generic: the positions
//! played so far and the moves between them, with what a program driving the library asks of
//! them (legal moves, play and take back, the outcome, perft and divide, the board drawn).
//! What the bindings (the Python package) hold: every family's engine is instantiated here,
//! once, in the library, not in each crate that calls it.

use crate::count::Count;
use crate::diagnostics::{LocatedError, SourceFile};
use crate::game::Game;
use crate::outcome::Outcome;
use crate::perft::PerftOptions;
use crate::present::Present;
use crate::variant::Variant;
use std::sync::Arc;

/// One legal move of a board's position, described.
#[derive(Clone, Debug, PartialEq)]
pub struct LegalMove {
    /// Its text in the family's default notation (`c3:g7`, `e2e4`, `h2e2`).
    pub notation: String,
    /// Its index among the position's legal moves (the order of [`Board::legal_moves`]).
    pub index: usize,
    /// What `moves --json` says of it: at least `notation`, `from`, `to` and `captured`,
    /// and the family's other fields (`path`, `promotes`; `san`, `promotion`, `castling`, ...).
    pub details: serde_json::Value,
}

/// The positions of a game, the start first, in the variant's own position type.
#[derive(Clone, Debug)]
enum Positions {
    Draughts(Vec<<crate::draughts::Draughts as Game>::Position>),
    WideDraughts(Vec<<crate::draughts::Draughts<u128> as Game>::Position>),
    Chess(Vec<<crate::chess::Chess<u64> as Game>::Position>),
    WideChess(Vec<<crate::chess::Chess<u128> as Game>::Position>),
}

/// Runs `$body` with `$game` the board's game and `$history` its positions, typed alike.
macro_rules! with_history {
    ($variant:expr, $positions:expr, $game:ident, $history:ident => $body:expr) => {
        match ($variant, $positions) {
            (Variant::Draughts($game), Positions::Draughts($history)) => $body,
            (Variant::WideDraughts($game), Positions::WideDraughts($history)) => $body,
            (Variant::Chess($game), Positions::Chess($history)) => $body,
            (Variant::WideChess($game), Positions::WideChess($history)) => $body,
            _ => unreachable!("a board's positions are of its own variant's game"),
        }
    };
}

/// A game of a variant: where it started, the moves played, the position now.
#[derive(Clone, Debug)]
pub struct Board {
    variant: Arc<Variant>,
    positions: Positions,
    /// The moves played, as they were described when played: one fewer than the positions.
    played: Vec<LegalMove>,
}

impl Board {
    /// The variant's start position.
    pub fn start(variant: Arc<Variant>) -> Board {
        let positions = match &*variant {
            Variant::Draughts(g) => Positions::Draughts(vec![Game::start(&**g)]),
            Variant::WideDraughts(g) => Positions::WideDraughts(vec![Game::start(&**g)]),
            Variant::Chess(g) => Positions::Chess(vec![Game::start(&**g)]),
            Variant::WideChess(g) => Positions::WideChess(vec![Game::start(&**g)]),
        };
        Board {
            variant,
            positions,
            played: vec![],
        }
    }

    /// The position a FEN gives (the family's FEN: PDN for draughts, Fairy-Stockfish's for
    /// the chess family).
    pub fn from_fen(variant: Arc<Variant>, fen: &str) -> Result<Board, LocatedError> {
        let positions = match &*variant {
            Variant::Draughts(g) => Positions::Draughts(vec![Game::parse_fen(&**g, fen)?]),
            Variant::WideDraughts(g) => Positions::WideDraughts(vec![Game::parse_fen(&**g, fen)?]),
            Variant::Chess(g) => Positions::Chess(vec![Game::parse_fen(&**g, fen)?]),
            Variant::WideChess(g) => Positions::WideChess(vec![Game::parse_fen(&**g, fen)?]),
        };
        Ok(Board {
            variant,
            positions,
            played: vec![],
        })
    }

    /// The variant played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The moves played since the board was set up, each described as in the position it
    /// was played in.
    pub fn played(&self) -> &[LegalMove] {
        &self.played
    }

    /// The FEN of the position now.
    pub fn fen(&self) -> String {
        with_history!(&*self.variant, &self.positions, game, history => Game::fen(&**game, now(history)))
    }

    /// The legal moves of the position now, in the family's order.
    pub fn legal_moves(&self) -> Vec<LegalMove> {
        with_history!(&*self.variant, &self.positions, game, history => {
            let pos = now(history);
            Game::moves_with_notation(&**game, pos)
                .into_iter()
                .enumerate()
                .map(|(index, (mv, notation))| LegalMove {
                    details: Present::move_json(&**game, pos, &mv, &notation),
                    notation,
                    index,
                })
                .collect()
        })
    }

    /// Plays the move `text` names, in any notation the family reads; returns it described.
    /// An error (the board unchanged) when it names no legal move, or several, or a move the
    /// game's earlier moves forbid (a rule that reads the game, such as Frisian kings').
    pub fn push(&mut self, text: &str) -> Result<LegalMove, LocatedError> {
        let index = with_history!(&*self.variant, &self.positions, game, history => {
            let pos = now(history);
            match Game::matching_moves(&**game, pos, text)?.as_slice() {
                [i] => *i,
                // No move or several: the error says which are legal, or which are meant.
                _ => return Err(Game::parse_move(&**game, pos, text).err().unwrap_or_else(|| {
                    move_error(text, format!("`{text}` does not name one legal move"), None)
                })),
            }
        });
        self.push_index(index)
    }

    /// Plays the legal move with this index (of [`Board::legal_moves`]).
    pub fn push_index(&mut self, index: usize) -> Result<LegalMove, LocatedError> {
        let played = with_history!(&*self.variant, &mut self.positions, game, history => {
            let pos = now(history);
            let mut moves = Game::moves_with_notation(&**game, pos);
            let count = moves.len();
            if index >= count {
                return Err(move_error(
                    &index.to_string(),
                    format!("there is no legal move {index} here"),
                    Some(format!("this position has {count} legal moves, numbered from 0")),
                ));
            }
            let (mv, notation) = moves.swap_remove(index);
            if let Some(why) = Game::refused_in_game(&**game, history, &mv) {
                return Err(move_error(
                    &notation,
                    format!("`{notation}` is not allowed here: {why}"),
                    Some("a rule of the game that reads its earlier moves".into()),
                ));
            }
            let details = Present::move_json(&**game, pos, &mv, &notation);
            let next = Game::play(&**game, pos, &mv);
            history.push(next);
            LegalMove { notation, index, details }
        });
        self.played.push(played.clone());
        Ok(played)
    }

    /// Takes back the last move played and returns it, described as in the position it was
    /// played in (the position now); `None` at the position set up.
    pub fn pop(&mut self) -> Option<LegalMove> {
        let played = self.played.pop()?;
        with_history!(&*self.variant, &mut self.positions, _game, history => {
            history.pop();
        });
        Some(played)
    }

    /// How the game stands (the rules that read the game's earlier positions included).
    pub fn outcome(&self) -> Outcome {
        with_history!(&*self.variant, &self.positions, game, history => Game::outcome(&**game, history))
    }

    /// The side to move, as the rules name it (`white`, `red`).
    pub fn side_to_move(&self) -> String {
        with_history!(&*self.variant, &self.positions, game, history => {
            Game::side_names(&**game, )[Game::side_to_move(&**game, now(history))].to_string()
        })
    }

    /// Perft `depth` from the position now (threads, hash and a stop flag from `options`).
    pub fn perft(&self, depth: u32, count: Count, options: &PerftOptions<'_>) -> u128 {
        with_history!(&*self.variant, &self.positions, game, history => {
            crate::perft::perft(&**game, now(history), depth, count, options)
        })
    }

    /// Perft `depth` below each legal move, `(move, count)` sorted by move.
    pub fn divide(
        &self,
        depth: u32,
        count: Count,
        options: &PerftOptions<'_>,
    ) -> Vec<(String, u128)> {
        with_history!(&*self.variant, &self.positions, game, history => {
            crate::perft::divide(&**game, now(history), depth, count, options)
        })
    }

    /// The board drawn in text, one line per rank or row.
    pub fn diagram(&self) -> String {
        with_history!(&*self.variant, &self.positions, game, history => Present::diagram(&**game, now(history)))
    }

    /// The cells (file, rank; rank 0 at the bottom) each legal move goes through, from its
    /// first to its last, in the order of [`Board::legal_moves`].
    pub fn move_cells(&self) -> Vec<Vec<(u32, u32)>> {
        with_history!(&*self.variant, &self.positions, game, history => {
            let pos = now(history);
            // The list `legal_moves` describes, in its order (the family's plain move list may
            // be in another).
            Game::moves_with_notation(&**game, pos)
                .iter()
                .map(|(mv, _)| Present::move_path(&**game, pos, mv))
                .collect()
        })
    }

    /// What the board shows: cells, pieces, names (what [`Board::svg`] draws).
    pub fn view(&self) -> crate::view::BoardView {
        with_history!(&*self.variant, &self.positions, game, history => {
            Present::view(&**game, now(history), false)
        })
    }

    /// The board as a self-contained SVG document (the CLI's `show --svg` picture).
    pub fn svg(&self) -> String {
        with_history!(&*self.variant, &self.positions, game, history => {
            let view = Present::view(&**game, now(history), false);
            crate::render::svg::render(&view, &[])
        })
    }
}

/// The last position of a history (which always holds at least the one set up).
fn now<P>(history: &[P]) -> &P {
    history
        .last()
        .expect("a board holds at least the position it was set up with")
}

/// An error about a move's text.
fn move_error(text: &str, message: String, help: Option<String>) -> LocatedError {
    let source = SourceFile {
        name: "move".into(),
        text: text.into(),
    };
    LocatedError::new(&source, 0..text.len(), message, help)
}
