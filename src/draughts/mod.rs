//! The draughts family: a rules file compiled into a playable, countable game. No variant is
//! named in this code; the rules files say which behaviour each rule has.
//!
//! The stages, in the order data flows (the chess family has the same files):
//! - [`schema`]: the rules file as written, every value located; `compile` (crate-internal):
//!   the file checked and compiled, one function per section; [`rules`]: the plain rules the
//!   engine reads;
//! - [`geometry`]: the board's squares in a bitboard and the lines through them; [`position`]:
//!   where the men and kings stand; [`fen`]: positions as PDN FEN; [`notation`]: moves as PDN
//!   text;
//! - [`build`]: the generator built for a bitboard width ([`Width`]: 64 bits, or 128 for
//!   boards that need more), the shift-based kernel for diagonal variants, the line tables
//!   for everything else; [`movegen`]: the legal moves; `perft` (crate-internal): counting
//!   them, the last plies without listing them;
//! - [`outcome`](mod@outcome): how a game ends; `game` ([`Draughts`]): the game and its
//!   [`Game`](crate::game::Game) impl; `present`: its
//!   [`Present`](crate::present::Present) impl; [`explain`]: the rules in sentences.
//!
//! ```
//! use rulebench::{Count, Draughts, Game};
//! let game: Draughts = rulebench::load("russian").unwrap();
//! assert_eq!(game.perft(&game.start(), 4, Count::Unique), 1469);
//! ```

pub mod build;
pub(crate) mod compile;
pub mod explain;
pub mod fen;
mod game;
pub mod geometry;
#[macro_use]
pub mod movegen;
pub mod notation;
pub mod outcome;
mod perft;
pub mod position;
mod present;
pub mod rules;
pub mod schema;

pub use build::Width;
pub use game::Draughts;
pub use movegen::{DetailedMove, Move};
pub use position::Position;
pub use rules::Rules;
pub use schema::Colour;
