//! The chess family: games whose pieces are declared in the rules file, their movement in
//! Betza notation, with regions, promotion, en passant, castling, drops and named game rules
//! for what Betza cannot say. Chess, Xiangqi, shogi, Makruk and their relatives are such
//! files; no piece or rule is named in this code.
//!
//! The stages, in the order data flows (the draughts family has the same files):
//! - [`schema`]: the rules file as written, every value located; `compile` (crate-internal):
//!   the file checked and compiled, one function per section; [`rules`]: the plain rules the
//!   engine reads ([`betza`]: the movement notation they are written in);
//! - [`geometry`]: points, line vectors and their rays; [`position`]: where the pieces stand
//!   and what is in hand; [`fen`]: positions as FEN (and SFEN); [`notation`]: moves as UCI,
//!   SAN, UCCI, WXF and USI;
//! - [`build`]: the generator built from the rules at the width the board needs
//!   ([`bitboard`]: sets of points of that width; [`tables`]: the pieces compiled into
//!   per-point tables); [`movegen`]: the legal moves; [`perft`]: counting them;
//! - [`outcome`]: how a game ends; `game` ([`Chess`]): the game and its
//!   [`Game`](crate::game::Game) impl; `present`: its
//!   [`Present`](crate::present::Present) impl; [`explain`]: the rules in sentences.
//!
//! ```
//! use rulebench::{Chess, Count, Game};
//! let game: Chess = rulebench::load("xiangqi").unwrap();
//! assert_eq!(game.perft(&game.start(), 3, Count::Unique), 79_666);
//! ```

pub mod betza;
pub mod bitboard;
pub mod build;
pub(crate) mod compile;
pub mod explain;
pub mod fen;
mod game;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
mod present;
pub mod rules;
pub mod schema;
pub mod tables;

pub use game::Chess;
pub use movegen::{Engine, Move};
pub use position::Position;
pub use rules::Rules;
