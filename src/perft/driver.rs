//! The perft driver, for every family: the tree expanded breadth-first with transpositions
//! merged until there are enough subtrees to balance, which are searched on rayon threads by
//! the family's own single-thread perft, all sharing one exact transposition table; progress
//! reported as subtrees finish. Divide is the same search run below each legal move.

use super::options::PerftOptions;
use crate::count::Count;
use crate::game::Game;
use crate::notation::natural_cmp;
use crate::transposition::TranspositionTable;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The table the options ask for (none when they ask for none, or the memory cannot be had:
/// the search then runs without one).
pub(super) fn table_for<G: Game>(options: &PerftOptions<'_>) -> Option<TranspositionTable<G::Key>> {
    (options.hash_mb > 0)
        .then(|| TranspositionTable::new(options.hash_mb))
        .flatten()
}

/// Perft with threads, a transposition table and progress reports.
pub fn perft<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    options: &PerftOptions<'_>,
) -> u128 {
    let table = table_for::<G>(options);
    perft_with_table(game, pos, depth, count, options, table.as_ref())
}

/// The weight of a move under a counting convention: 1, or its number of jump sequences.
pub(super) fn weight<G: Game>(game: &G, mv: &G::Move, count: Count) -> u128 {
    match count {
        Count::Unique => 1,
        Count::Paths => game.paths(mv) as u128,
    }
}

/// The distinct positions one ply below `level` (transpositions merged), each with the move
/// sequences from the root that reach it, a move weighted by its jump sequences under
/// [`Count::Paths`].
pub(crate) fn next_level<G: Game>(
    game: &G,
    level: &[(G::Position, u128)],
    count: Count,
) -> Vec<(G::Position, u128)> {
    let mut next: HashMap<G::Position, u128> = HashMap::new();
    for (p, w) in level {
        for m in game.legal_moves(p) {
            let n = next.entry(game.perft_child(p, &m)).or_default();
            *n = n.saturating_add(w.saturating_mul(weight(game, &m, count)));
        }
    }
    next.into_iter().collect()
}

/// The subtrees a search of `depth` plies is split into: distinct positions (transpositions
/// merged) with their multiplicities, the depth left below them, most replies first. The
/// same split for any number of threads, so that runs compare.
pub fn frontier<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    threads: usize,
) -> (Vec<(G::Position, u128)>, u32) {
    let mut frontier: Vec<(G::Position, u128)> = vec![(pos.clone(), 1)];
    let mut remaining = depth;
    let target = 256.max(48 * threads);
    while remaining > 4 && frontier.len() < target {
        frontier = next_level(game, &frontier, count);
        remaining -= 1;
    }
    // Likely-big subtrees (most replies) first, so that no big one is left for the end;
    // ties in a fixed order (by FEN) so that runs compare.
    let mut keyed: Vec<(usize, String, (G::Position, u128))> = frontier
        .into_iter()
        .map(|e| (game.legal_moves(&e.0).len(), game.fen(&e.0), e))
        .collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    (keyed.into_iter().map(|(_, _, e)| e).collect(), remaining)
}

/// Perft with the given options and an existing transposition table (so that several
/// searches, such as the moves of a divide, share one).
pub fn perft_with_table<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    options: &PerftOptions<'_>,
    table: Option<&TranspositionTable<G::Key>>,
) -> u128 {
    use rayon::prelude::*;
    let (subtrees, remaining) = frontier(game, pos, depth, count, options.threads);
    let total = subtrees.len() as u64;
    let done = AtomicU64::new(0);
    let chunk = options
        .stop
        .map_or(0, |_| chunk_depth(game.legal_moves(pos).len()));
    let task = |(p, w): &(G::Position, u128)| -> u128 {
        let n = match options.stop {
            None => game.perft_in(p, remaining, count, table),
            Some(stop) => stoppable(game, p, remaining, count, table, stop, chunk),
        }
        .saturating_mul(*w);
        if let Some(progress) = options.progress {
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        }
        n
    };
    let sum = |a: u128, b: u128| a.saturating_add(b);
    if options.threads <= 1 {
        return subtrees.iter().map(task).fold(0, sum);
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
    {
        Ok(pool) => pool.install(|| {
            subtrees
                .par_iter()
                .with_max_len(1)
                .map(task)
                .reduce(|| 0, sum)
        }),
        Err(_) => subtrees.iter().map(task).fold(0, sum),
    }
}

/// The depth of the subtrees a stoppable search hands to the family's perft whole: about
/// 20 million leaves at the root's branching factor (a few tenths of a second), so that a
/// stop is heeded that soon.
fn chunk_depth(branching: usize) -> u32 {
    let b = (branching.max(2) as f64).ln();
    ((2e7f64).ln() / b).floor().max(1.0) as u32
}

/// Perft that looks at `stop` at every node above `chunk` plies from the leaves (the
/// subtrees below are searched whole by the family's perft); a stopped search returns what
/// it had counted. The nodes above `chunk` read and write the table too (the family's own
/// entries: [`Game::table_slot`]), or a deep search would count them all, however few the
/// positions among them.
fn stoppable<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    table: Option<&TranspositionTable<G::Key>>,
    stop: &AtomicBool,
    chunk: u32,
) -> u128 {
    if depth <= chunk {
        return game.perft_in(pos, depth, count, table);
    }
    let entry = table.and_then(|t| Some((t, game.table_slot(pos, count)?)));
    if let Some((t, slot)) = &entry
        && let Some(n) = t.probe_slot(slot, depth)
    {
        return n;
    }
    let mut n: u128 = 0;
    for mv in game.legal_moves(pos) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let child = game.perft_child(pos, &mv);
        let below = stoppable(game, &child, depth - 1, count, table, stop, chunk);
        n = n.saturating_add(below.saturating_mul(weight(game, &mv, count)));
    }
    // A count cut short by the stop (here or in a child) is not stored.
    if let Some((t, slot)) = &entry
        && !stop.load(Ordering::Relaxed)
    {
        t.store_slot(slot, depth, n);
    }
    n
}

/// Divide: perft of each legal move, `(move text, count)` sorted by move, a move weighted by
/// its number of jump sequences under [`Count::Paths`]; the moves share one table.
pub fn divide<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    count: Count,
    options: &PerftOptions<'_>,
) -> Vec<(String, u128)> {
    let table = table_for::<G>(options);
    let mut out: Vec<(String, u128)> = game
        .moves_with_notation(pos)
        .into_iter()
        .map(|(mv, text)| {
            let n = if depth <= 1 || options.stopped() {
                1
            } else {
                let child = game.perft_child(pos, &mv);
                perft_with_table(game, &child, depth - 1, count, options, table.as_ref())
            };
            (text, n * weight(game, &mv, count))
        })
        .collect();
    out.sort_by(|a, b| natural_cmp(&a.0, &b.0));
    out
}
