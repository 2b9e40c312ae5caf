//! The chess family: games whose pieces are declared in the rules file, their movement in
//! Betza notation, with regions, promotion, en passant, castling and named game rules for
//! what Betza cannot say. Chess, Xiangqi, Makruk, Shatranj and their relatives are such files;
//! no piece or rule is named in this code.
//!
//! - [`schema`], [`compile`] and [`rules`]: what a chess-family rules file says, checked and
//!   compiled into plain data;
//! - [`betza`]: the movement notation; [`bitboard`]: sets of points of the width a board
//!   needs; [`geometry`]: points, line vectors and their rays;
//! - [`tables`]: the pieces compiled into per-point tables; [`build`]: the generator compiled
//!   from the rules; [`movegen`]: legal moves; [`perft`]: the counting search;
//! - [`position`] and [`fen`]: positions and FEN; [`notation`]: UCI, SAN, UCCI and WXF;
//!   [`outcome`]: how games end; [`explain`]: the rules in sentences.
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
