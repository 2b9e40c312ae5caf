//! Perft statistics: besides the number of leaves, the columns published perft tables carry,
//! counted over the moves made at the last ply: captures, en passant captures, castlings,
//! promotions, checks and checkmates (the Chess Programming wiki's columns), and for draughts
//! the most pieces one leaf move takes. Each family says which columns it counts and what a
//! move is ([`Game::stat_columns`], [`Game::leaf_move`]); the search here serves every family.
//!
//! The statistics need each leaf move looked at (and, for checks, played), so they are counted
//! by a search of their own over the family's move lists, slower than the bulk-counting
//! kernels that count nodes; it runs on threads over the driver's split of the tree, with a
//! transposition table of its own when the options ask for a hash (its entries hold a
//! position's whole statistics).
//!
//! ```
//! use rulebench::perft::PerftOptions;
//! use rulebench::perft::stats::{Column, perft_stats};
//! use rulebench::{Count, Game, Variant, with_game};
//! // The Chess Programming wiki's "Perft Results", start position, depth 3.
//! let chess = rulebench::load::<Variant>("chess").unwrap();
//! let options = PerftOptions { threads: 1, hash_mb: 1, progress: None, stop: None };
//! let stats = with_game!(&chess, game => perft_stats(game, &game.start(), 3, Count::Unique, &options));
//! assert_eq!(stats.get(Column::Nodes), 8902);
//! assert_eq!(stats.get(Column::Captures), 34);
//! assert_eq!(stats.get(Column::Checks), 12);
//! ```

use super::driver::weight;
use super::options::PerftOptions;
use super::stats_cache::StatsCache;
use crate::count::Count;
use crate::game::Game;
pub use crate::stats::{Column, LeafMove, Stats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The statistics `depth` plies below `pos`, on one thread, without a table.
pub fn stats_in<G: Game>(game: &G, pos: &G::Position, depth: u32, count: Count) -> Stats {
    Search {
        game,
        count,
        table: None,
        stop: None,
    }
    .stats(pos, depth)
}

/// A statistics search: the game, the convention, the table if any and the stop flag if any.
struct Search<'a, G: Game> {
    game: &'a G,
    count: Count,
    table: Option<&'a StatsCache<G::Packed>>,
    stop: Option<&'a AtomicBool>,
}

impl<G: Game> Search<'_, G> {
    /// The statistics `depth` plies below `pos` (what had been counted, once stopped).
    fn stats(&self, pos: &G::Position, depth: u32) -> Stats {
        let mut stats = Stats::default();
        if depth == 0 {
            stats.nodes = 1;
            return stats;
        }
        let paths = self.count == Count::Paths;
        let entry = self.table.map(|t| {
            let key = self.game.pack(pos);
            let hash = StatsCache::hash(&key);
            (t, key, hash)
        });
        if let Some((t, key, hash)) = &entry
            && let Some(found) = t.probe(key, *hash, depth, paths)
        {
            return found;
        }
        let game = self.game;
        for mv in game.legal_moves(pos) {
            let w = weight(game, &mv, self.count);
            if depth == 1 {
                stats.leaf(&game.leaf_move(pos, &mv), w);
            } else {
                if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return stats;
                }
                let child = game.perft_child(pos, &mv);
                stats.add(&self.stats(&child, depth - 1), w);
            }
        }
        if let Some((t, key, hash)) = entry {
            t.store(key, hash, depth, paths, stats);
        }
        stats
    }
}

/// The statistics `depth` plies below `pos`, with the options' threads, table, progress and
/// stop flag: the subtrees of the driver's split (transpositions merged) counted in parallel,
/// sharing one table whose entries hold whole statistics, and added up. A stopped search
/// returns what it had counted, which is not the statistics.
pub fn perft_stats<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    options: &PerftOptions<'_>,
) -> Stats {
    use rayon::prelude::*;
    let table = (options.hash_mb > 0)
        .then(|| StatsCache::new(options.hash_mb))
        .flatten();
    let search = Search {
        game,
        count,
        table: table.as_ref(),
        stop: options.stop,
    };
    let (subtrees, remaining) = super::driver::frontier(game, pos, depth, count, options.threads);
    let total = subtrees.len() as u64;
    let done = AtomicU64::new(0);
    let task = |(p, w): &(G::Position, u128)| {
        let found = search.stats(p, remaining);
        if let Some(progress) = options.progress {
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        }
        (found, *w)
    };
    let sum = |parts: Vec<(Stats, u128)>| {
        let mut total = Stats::default();
        for (s, w) in &parts {
            total.add(s, *w);
        }
        total
    };
    if options.threads <= 1 {
        return sum(subtrees.iter().map(task).collect());
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
    {
        Ok(pool) => sum(pool.install(|| subtrees.par_iter().with_max_len(1).map(task).collect())),
        Err(_) => sum(subtrees.iter().map(task).collect()),
    }
}
