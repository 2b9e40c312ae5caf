//! A perft cut into shards that separate machines count: the distinct positions at a split
//! depth (transpositions merged, with their multiplicities), ordered and partitioned the same
//! way on every machine and for any thread count, and the count of one shard.
//!
//! ```
//! use rulebench::perft::shard::{Frontier, count_subtrees};
//! use rulebench::perft::PerftOptions;
//! use rulebench::{Count, Draughts, Game};
//! let game = rulebench::load::<Draughts>("american").unwrap();
//! let frontier = Frontier::new(&game, &game.start(), 6, 2, Count::Unique);
//! let options = PerftOptions { threads: 1, hash_mb: 0, progress: None, stop: None };
//! let total: u128 = (0..3)
//!     .map(|i| {
//!         let mine = frontier.shard(3, i);
//!         count_subtrees(&game, &mine, 4, Count::Unique, &options, None).unwrap()
//!     })
//!     .sum();
//! assert_eq!(total, 36_768); // published perft 6 of English checkers
//! ```

use super::checkpoint::Checkpoint;
use super::driver::{next_level, table_for};
use super::options::PerftOptions;
use crate::count::Count;
use crate::game::Game;

/// One position of the frontier: its FEN, the position, how many move sequences from the
/// root reach it (weighted by jump sequences under [`Count::Paths`]), and a measure of the
/// work below it (the leaves a shallow search finds there).
#[derive(Clone, Debug)]
pub struct Subtree<P> {
    /// Its place in the frontier (the same on every machine).
    pub index: usize,
    /// The position.
    pub position: P,
    /// Its FEN.
    pub fen: String,
    /// The move sequences from the root that reach it.
    pub multiplicity: u128,
    /// Leaves a shallow search below it finds: the weight by which shards are balanced.
    pub work: u128,
}

/// The distinct positions `split_depth` plies below a root, in a fixed order (by FEN).
#[derive(Clone, Debug)]
pub struct Frontier<P> {
    /// The positions.
    pub subtrees: Vec<Subtree<P>>,
    /// Plies from the root to the frontier.
    pub split_depth: u32,
    /// Plies from the frontier to the leaves.
    pub depth_left: u32,
}

/// The depth of the shallow search that weighs each subtree for balancing.
const WORK_PROBE_DEPTH: u32 = 2;

impl<P: Clone + Eq + std::hash::Hash> Frontier<P> {
    /// The frontier of a perft of `depth` plies from `pos`, cut at `split_depth` (at most
    /// `depth`). Deterministic: the same list on every machine.
    pub fn new<G: Game<Position = P>>(
        game: &G,
        pos: &P,
        depth: u32,
        split_depth: u32,
        count: Count,
    ) -> Frontier<P> {
        let split_depth = split_depth.min(depth);
        let mut level: Vec<(P, u128)> = vec![(pos.clone(), 1)];
        for _ in 0..split_depth {
            level = next_level(game, &level, count);
        }
        let depth_left = depth - split_depth;
        let probe = WORK_PROBE_DEPTH.min(depth_left);
        let mut subtrees: Vec<Subtree<P>> = level
            .into_iter()
            .map(|(position, multiplicity)| Subtree {
                index: 0,
                fen: game.fen(&position),
                work: game.perft(&position, probe, count).max(1),
                position,
                multiplicity,
            })
            .collect();
        subtrees.sort_by(|a, b| a.fen.cmp(&b.fen));
        for (i, s) in subtrees.iter_mut().enumerate() {
            s.index = i;
        }
        Frontier {
            subtrees,
            split_depth,
            depth_left,
        }
    }

    /// The subtrees of shard `shard` of `shards` (0-based). The biggest subtrees are dealt
    /// first, each to the shard with the least work so far (the lowest index on a tie), so
    /// that shards take about the same time; every machine deals the same way.
    pub fn shard(&self, shards: usize, shard: usize) -> Vec<Subtree<P>> {
        let owner = self.owners(shards);
        self.subtrees
            .iter()
            .filter(|s| owner[s.index] == shard)
            .cloned()
            .collect()
    }

    /// The shard of each subtree, by index.
    pub fn owners(&self, shards: usize) -> Vec<usize> {
        let shards = shards.max(1);
        let mut order: Vec<&Subtree<P>> = self.subtrees.iter().collect();
        order.sort_by(|a, b| b.work.cmp(&a.work).then(a.index.cmp(&b.index)));
        let mut load = vec![0u128; shards];
        let mut owner = vec![0; self.subtrees.len()];
        for s in order {
            let least = (0..shards)
                .min_by_key(|&i| (load[i], i))
                .expect("at least one shard");
            load[least] += s.work;
            owner[s.index] = least;
        }
        owner
    }
}

/// Counts a list of subtrees `depth_left` plies deep, each times its multiplicity. With
/// many subtrees they are shared out among the threads (one table for all); with few, each
/// is searched by the threaded driver in turn. A checkpoint skips the subtrees it has
/// already counted and records each one finished. `None` when the total would pass `u128`.
pub fn count_subtrees<G: Game>(
    game: &G,
    subtrees: &[Subtree<G::Position>],
    depth_left: u32,
    count: Count,
    options: &PerftOptions<'_>,
    checkpoint: Option<&Checkpoint>,
) -> Option<u128> {
    use rayon::prelude::*;
    let table = table_for::<G>(options);
    let table = table.as_ref();
    let done = checkpoint.map(Checkpoint::finished).unwrap_or_default();
    let todo: Vec<&Subtree<G::Position>> = subtrees
        .iter()
        .filter(|s| !done.contains_key(&s.index))
        .collect();
    let total = todo.len() as u64;
    let finished = std::sync::atomic::AtomicU64::new(0);
    let one = |s: &Subtree<G::Position>, threads: usize| -> u128 {
        let leaves = if threads > 1 {
            let inner = PerftOptions {
                threads,
                hash_mb: 0,
                progress: None,
                stop: options.stop,
            };
            super::driver::perft_with_table(game, &s.position, depth_left, count, &inner, table)
        } else {
            game.perft_in(&s.position, depth_left, count, table)
        };
        if let Some(c) = checkpoint {
            c.record(s.index, leaves);
        }
        if let Some(progress) = options.progress {
            let n = finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, total);
        }
        leaves
    };
    // Enough subtrees to keep every thread busy to the end: one subtree per thread at a time.
    let leaves: Vec<(usize, u128)> = if options.threads > 1 && todo.len() >= 8 * options.threads {
        match rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .build()
        {
            Ok(pool) => pool.install(|| {
                todo.par_iter()
                    .with_max_len(1)
                    .map(|s| (s.index, one(s, 1)))
                    .collect()
            }),
            Err(_) => todo.iter().map(|s| (s.index, one(s, 1))).collect(),
        }
    } else {
        todo.iter()
            .map(|s| (s.index, one(s, options.threads)))
            .collect()
    };
    let mut counted = done;
    counted.extend(leaves);
    let mut sum: u128 = 0;
    for s in subtrees {
        let n = counted.get(&s.index).copied().unwrap_or(0);
        sum = sum.checked_add(n.checked_mul(s.multiplicity)?)?;
    }
    Some(sum)
}
