//! # rulebench
//!
//! Board-game rules as data. A variant is a TOML file in `rules/` that names its family
//! (draughts, or the chess family: chess, Xiangqi, shogi and their relatives); a generic engine
//! per family reads it; perft counts and rule-edge fixtures show that the file and the engine
//! say what the rule book says.
//!
//! ```
//! use rulebench::{Count, Draughts, Game};
//!
//! // A shipped variant by id, optionally with house rules on top.
//! let game: Draughts = rulebench::load("russian").unwrap();
//! let start = game.start();
//! assert_eq!(game.perft(&start, 4, Count::Unique), 1469);
//!
//! // Positions are PDN FEN; moves are PDN text.
//! let pos = game.parse_fen("W:Wc3:Bd4,f6").unwrap();
//! let mv = game.parse_move(&pos, "c3:g7").unwrap();
//! assert_eq!(mv.captured.count_ones(), 2);
//! ```
//!
//! The chess family works through the same trait: Xiangqi, its pieces in Betza notation,
//! positions as Fairy-Stockfish's FEN, moves in its coordinates (or UCCI, or WXF).
//!
//! ```
//! use rulebench::perft::{PerftOptions, divide};
//! use rulebench::{Chess, Count, Game};
//!
//! let game: Chess = rulebench::load("xiangqi").unwrap();
//! let start = game.start();
//! assert_eq!(game.perft(&start, 3, Count::Unique), 79_666);
//! // The published perft 2 is 1,920: the divide's counts add up to it.
//! let lines = divide(&game, &start, 2, Count::Unique, &PerftOptions::one_thread());
//! assert_eq!(lines.iter().map(|(_, n)| n).sum::<u128>(), 1920);
//! // The cannon's move to the centre, as coordinates or WXF.
//! let central = game.parse_move(&start, "h3e3").unwrap();
//! assert_eq!(game.parse_move(&start, "C2.5").unwrap(), central);
//! ```
//!
//! Any rules file, of either family, through [`Variant`], with the tools of the command line
//! as functions: the rules in sentences, and the rule keys two files differ in.
//!
//! ```
//! use rulebench::{Present, Variant, with_game};
//!
//! let variant: Variant = rulebench::load("russian+no-compulsory-capture").unwrap();
//! let text = with_game!(&variant, game => game.explain());
//! assert!(text.iter().any(|p| p.starts_with("Capturing is not compulsory")));
//! let keys = rulebench::diff::key_changes("russian", "russian+no-compulsory-capture");
//! assert_eq!(keys.len(), 1);
//! assert_eq!(keys[0].key, "capture.compulsory");
//! ```
//!
//! The layout (docs/architecture.md says more): [`rules`] finds and merges any rules file and
//! [`load`](load()) compiles it with its family; [`draughts`] and [`chess`] are the families,
//! each in the same stage files (schema, compile, rules, geometry, position, fen, notation,
//! movegen, perft, outcome, game, present, explain); [`game::Game`] and [`present::Present`]
//! are the traits they implement, over what counting needs ([`count`], [`transposition`],
//! [`stats`], [`outcome`]); [`perft`] (threads, the exact shared table, divide), [`fixtures`],
//! [`replay`] and the tools ([`publish`], [`diff`], [`crosscheck`], [`render`]) are written
//! against the traits, and so are the front ends: [`cli`], [`uci`], [`web`] (the browser
//! playground's protocol), [`board`] (a game in progress, for the Python package).
#![warn(missing_docs)]
// Errors are the cold path; a located error carries its source text so that it can be
// rendered with the offending line, which makes it larger than clippy's default limit.
#![allow(clippy::result_large_err)]

pub mod bits;
pub mod board;
pub mod chess;
#[cfg(feature = "cli")]
pub mod cli;
pub mod count;
pub mod crosscheck;
pub mod diagnostics;
pub mod diff;
pub mod draughts;
pub mod fixtures;
#[doc(hidden)]
pub mod fuzzing;
pub mod game;
pub mod load;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod present;
pub mod publish;
pub mod recursion;
pub mod render;
pub mod replay;
pub mod rules;
pub mod stats;
pub mod transposition;
pub mod uci;
pub mod variant;
pub mod view;
pub mod web;

pub use board::{Board, LegalMove};
pub use chess::Chess;
pub use count::{COUNT_LIMIT, Count, count_sum, count_text, exact_count};
pub use diagnostics::LocatedError;
pub use draughts::Draughts;
pub use game::Game;
pub use load::{check, load};
pub use outcome::Outcome;
pub use perft::PerftOptions;
pub use present::Present;
pub use variant::Variant;

/// The examples of `docs/library.md`, run as documentation tests so that the page cannot rot.
#[doc = include_str!("../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryGuide;
