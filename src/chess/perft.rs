//! Perft for the chess family, through the shared recursion ([`crate::recursion`]): legal
//! moves counted in bulk at the last ply (never listed), reusable move buffers per ply (no
//! allocation per node), and an optional transposition table keyed by the Zobrist hash and
//! storing the whole position. The way checks are worked out (plain or general) is a type
//! parameter, chosen once per search.

use super::bitboard::Set;
use super::movegen::{Engine, Move};
use super::position::Position;
use crate::recursion::{self, Plies};
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

/// The number of leaves `depth` plies below `pos` (hashed `hash` when there is a table).
pub fn perft<B: Set>(
    e: &Engine<B>,
    pos: &Position<B>,
    depth: u32,
    lists: &mut [Vec<Move>],
    table: Option<(&TranspositionTable<Key>, u64)>,
) -> u128 {
    let (table, hash) = match table {
        Some((t, hash)) => (Some(t), hash),
        None => (None, 0),
    };
    if e.plain {
        recursion::perft(&Search::<B, true> { e }, pos, hash, depth, lists, table)
    } else {
        recursion::perft(&Search::<B, false> { e }, pos, hash, depth, lists, table)
    }
}

/// The chess family's search for the shared recursion ([`recursion::perft`]), the way checks
/// are worked out (`PLAIN`) a type parameter.
struct Search<'a, B: Set, const PLAIN: bool> {
    e: &'a Engine<B>,
}

impl<B: Set, const PLAIN: bool> Plies for Search<'_, B, PLAIN> {
    type Position = Position<B>;
    type Move = Move;
    type List = Vec<Move>;
    type Key = Key;
    const TABLE: bool = true;

    #[inline(always)]
    fn leaves(&self, pos: &Position<B>, _: &mut Vec<Move>) -> u128 {
        self.e.count_with::<PLAIN>(pos) as u128
    }

    #[inline(always)]
    fn parent_of_leaves(
        &self,
        pos: &Position<B>,
        list: &mut Vec<Move>,
        _: &mut [Vec<Move>],
    ) -> u128 {
        let e = self.e;
        self.generate(pos, list);
        let mut total: u128 = 0;
        if std::mem::size_of::<Position<B>>() > IN_PLACE_ABOVE {
            // The last ply but one of a large position (128-bit sets): each plain move played
            // and taken back on one copy, rather than the position copied for each.
            let mut scratch = *pos;
            for &mv in list.iter() {
                total += match mv {
                    Move::Normal {
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
        } else {
            for &mv in list.iter() {
                total += e.count_with::<PLAIN>(&e.make(pos, mv)) as u128;
            }
        }
        total
    }

    #[inline(always)]
    fn slot(&self, pos: &Position<B>) -> Option<(Key, u8)> {
        pos.table_key().map(|k| (k, pos.side))
    }

    #[inline(always)]
    fn paths(&self) -> bool {
        false
    }

    #[inline(always)]
    fn generate(&self, pos: &Position<B>, list: &mut Vec<Move>) {
        list.clear();
        self.e.generate_with::<Vec<Move>, PLAIN>(pos, list);
    }

    #[inline(always)]
    fn moves(list: &Vec<Move>) -> &[Move] {
        list
    }

    #[inline(always)]
    fn child(&self, pos: &Position<B>, mv: &Move) -> Position<B> {
        self.e.make(pos, *mv)
    }

    #[inline(always)]
    fn child_hash(&self, pos: &Position<B>, child: &Position<B>, hash: u64, mv: &Move) -> u64 {
        self.e.zobrist_after(pos, child, hash, *mv)
    }

    #[inline(always)]
    fn add(&self, total: u128, n: u128, _: &Move) -> u128 {
        total.saturating_add(n)
    }
}
