//! The perft driver, for every family: the tree is expanded breadth-first with transpositions
//! merged until there are enough subtrees to balance, which are searched on rayon threads by
//! the family's own single-thread perft, all sharing one exact transposition table; progress
//! is reported as subtrees finish. Divide is the same search run below each legal move.
//!
//! ```
//! use rulebench::perft::{PerftOptions, perft};
//! use rulebench::{Count, Draughts, Game};
//! let game = rulebench::load::<Draughts>("american").unwrap();
//! let options = PerftOptions { threads: 2, hash_mb: 1, progress: None, stop: None };
//! assert_eq!(perft(&game, &game.start(), 6, Count::Unique, &options), 36_768);
//! ```

pub mod checkpoint;
pub(crate) mod driver;
mod estimate;
pub mod job;
mod options;
#[cfg(feature = "cli")]
mod progress;
pub mod shard;
pub mod stats;
mod stats_cache;

pub use driver::{divide, frontier, perft, perft_with_table};
pub use estimate::{Estimate, estimate, estimate_stats, human_duration};
pub use options::PerftOptions;
#[cfg(feature = "cli")]
pub use progress::Progress;
