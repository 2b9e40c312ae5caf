//! The draughts family: a rules file compiled into a playable, countable game.
//!
//! - [`schema`] and [`rules`]: what a draughts rules file says, checked and compiled;
//!   [`movement`]: the keys of how pieces go (lines, reversal, values, the king's limit);
//! - [`geometry`]: the board's squares in a bitboard and the lines through them; [`bits`]: the
//!   bitboard width (64 bits, or 128 for boards that need more);
//! - [`position`]: positions and PDN FEN; [`notation`]: PDN moves;
//! - [`movegen`]: the generators and their perft: the shift-based kernel for diagonal variants
//!   on either width, the line tables for everything else ([`movegen::Width`] chooses).

pub(crate) mod compile;
pub mod explain;
pub mod fen;
pub mod geometry;
#[macro_use]
pub mod movegen;
pub mod notation;
mod perft;
pub mod position;
pub mod rules;
pub mod schema;

mod game;
mod outcome;
mod present;
pub(crate) mod width;

pub use game::Draughts;
pub use movegen::{DetailedMove, Move};
pub use position::Position;
pub use rules::Rules;
pub use schema::Colour;
pub use width::Width;
