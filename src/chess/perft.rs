//! Perft for the chess family: legal moves counted in bulk at the last ply (never listed),
//! reusable move buffers per ply (no allocation per node), and an optional transposition
//! table keyed by the Zobrist hash and storing the whole position. The way checks are worked
//! out (plain or general) is a type parameter, chosen once per search.
//!
//! The family keeps a recursion of its own rather than the shared one
//! ([`crate::recursion`]): with the shared one, whose plies this generator inlines whole, the
//! chess family's perft took 1-5 % more instructions a leaf (chess from the start +1.5 %,
//! Xiangqi +3.2 %, the grasshopper +4.6 %; callgrind), where the draughts families' took none.

use super::bitboard::Set;
use super::movegen::{Engine, Move};
use super::position::Position;
use crate::recursion::TABLE_MIN_DEPTH;
use crate::transposition::TranspositionTable;

/// The size (bytes) of a position above which the last ply but one plays moves in place
/// (a 64-bit board's position is copied faster than a move is taken back).
const IN_PLACE_ABOVE: usize = 256;

/// The table's key of a chess-family position.
pub type Key = [u64; 8];

/// Reusable per-ply move buffers for a search of `depth` plies.
pub fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect()
}

/// The number of leaves `depth` plies below `pos`.
pub fn perft<B: Set>(
    e: &Engine<B>,
    pos: &Position<B>,
    depth: u32,
    lists: &mut [Vec<Move>],
    table: Option<(&TranspositionTable<Key>, u64)>,
) -> u128 {
    if e.plain {
        search::<B, true>(e, pos, depth, lists, table)
    } else {
        search::<B, false>(e, pos, depth, lists, table)
    }
}

fn search<B: Set, const PLAIN: bool>(
    e: &Engine<B>,
    pos: &Position<B>,
    depth: u32,
    lists: &mut [Vec<Move>],
    table: Option<(&TranspositionTable<Key>, u64)>,
) -> u128 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return e.count_with::<PLAIN>(pos) as u128;
    }
    let key = match table {
        Some((t, hash)) if depth >= TABLE_MIN_DEPTH => pos.table_key().map(|k| (t, hash, k)),
        _ => None,
    };
    if let Some((t, hash, k)) = key
        && let Some(n) = t.probe(&k, pos.side, hash, depth, false)
    {
        return n;
    }
    let (list, rest) = lists.split_first_mut().expect("one buffer per ply");
    list.clear();
    e.generate_with::<Vec<Move>, PLAIN>(pos, list);
    let mut total: u128 = 0;
    if depth == 2 && std::mem::size_of::<Position<B>>() > IN_PLACE_ABOVE && e.explosion.is_none() {
        // The last ply but one of a large position (128-bit sets): each plain move played and
        // taken back on one copy, rather than the position copied for each (not where a blast
        // takes pieces off: those a move's undo does not hold).
        let mut scratch = *pos;
        for &mv in list.iter() {
            total += match mv {
                super::movegen::Move::Normal {
                    from,
                    to,
                    promotion,
                } => {
                    let (from, to) = (from as u32, to as u32);
                    let undo = e.make_in_place(&mut scratch, from, to, promotion);
                    let n = e.count_with::<PLAIN>(&scratch);
                    e.unmake(&mut scratch, from, to, undo);
                    n
                }
                _ => e.count_with::<PLAIN>(&e.make(pos, mv)),
            } as u128;
        }
    } else if depth == 2 {
        for &mv in list.iter() {
            total += e.count_with::<PLAIN>(&e.make(pos, mv)) as u128;
        }
    } else {
        for &mv in list.iter() {
            let child = e.make(pos, mv);
            let child_table = table.map(|(t, hash)| (t, e.zobrist_after(pos, &child, hash, mv)));
            let n = search::<B, PLAIN>(e, &child, depth - 1, rest, child_table);
            total = total.saturating_add(n);
        }
    }
    if let Some((t, hash, k)) = key {
        t.store(&k, pos.side, hash, depth, false, total);
    }
    total
}
