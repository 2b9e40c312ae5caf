//! Perft for the chess family: legal moves counted in bulk at the last ply (never listed),
//! reusable move buffers per ply (no allocation per node), and an optional transposition
//! table keyed by the Zobrist hash and storing the whole position.

use super::movegen::{Engine, Move};
use super::position::Position;
use crate::perft::Table;

/// The smallest remaining depth at which the table is consulted.
const TABLE_MIN_DEPTH: u32 = 3;

/// Reusable per-ply move buffers for a search of `depth` plies.
pub fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect()
}

/// The number of leaves `depth` plies below `pos`.
pub fn perft(
    e: &Engine,
    pos: &Position,
    depth: u32,
    lists: &mut [Vec<Move>],
    table: Option<(&Table<[u64; 4]>, u64)>,
) -> u128 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return e.count(pos) as u128;
    }
    let key = match table {
        Some((t, hash)) if depth >= TABLE_MIN_DEPTH => pos.table_key().map(|k| (t, hash, k)),
        _ => None,
    };
    if let Some((t, hash, k)) = key
        && let Some(n) = t.probe(&k, pos.side, hash, depth, false)
    {
        return n as u128;
    }
    let (list, rest) = lists.split_first_mut().expect("one buffer per ply");
    list.clear();
    e.generate(pos, list);
    let mut total: u128 = 0;
    if depth == 2 {
        for &mv in list.iter() {
            total += e.count(&e.make(pos, mv)) as u128;
        }
    } else {
        for &mv in list.iter() {
            let child = e.make(pos, mv);
            let child_table = table.map(|(t, hash)| (t, e.zobrist_after(pos, hash, mv)));
            total += perft(e, &child, depth - 1, rest, child_table);
        }
    }
    if let Some((t, hash, k)) = key {
        t.store(&k, pos.side, hash, depth, false, total);
    }
    total
}
