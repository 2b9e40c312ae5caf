//! Legal move generation for the chess family, from the compiled tables alone: no piece or
//! rule is named here.
//!
//! Each node first works out what the side to move must mind ([`attack`]): whether it is in
//! check, which of its pieces shield its royal piece, and (where hoppers play) which empty
//! points would complete a hopper's line if a piece stood there. Two ways of doing it are
//! chosen once per variant, as a type parameter of the search:
//! - **plain** rules (every capture a leap never blocked, or a ride along lines that no other
//!   line of the variant runs along: chess, Makruk, Shatranj, Capablanca, the nightrider):
//!   the checkers and the pinned pieces with the line each may still move along, as a chess
//!   engine works them out; a move of a piece that is not royal is then legal when it ends on
//!   the check's line (or on the checker) and, for a pinned piece, on its pin's line;
//! - **general** rules (lame leaps, cannons, grasshoppers, royal pieces that may not face each
//!   other: Xiangqi): a move that touches none of the points to mind, by a piece that is not
//!   royal, with the side not in check, is legal as it is; every other move is played on the
//!   bitboards and its royal piece tested for attack.
//!
//! Royal moves, en passant and castling are always played and tested. The pieces' moves are
//! found per piece type with the type's shape as a type parameter ([`pieces`]); en passant,
//! castling and promotions are [`special`]; playing a move and its hash are [`make`].

pub mod attack;
pub mod drops;
pub mod ends;
pub mod engine;
pub mod explosion;
pub mod facing;
pub mod make;
pub mod moves;
pub mod no_check;
pub mod pieces;
pub mod sink;
pub mod special;
pub mod specials;

pub use engine::Engine;
pub use moves::Move;
pub use sink::{Counter, Sink};
pub use specials::{
    BareKing, Castling, CastlingPath, Drops, EnPassant, Ends, Flag, Promotion, Specials,
};
