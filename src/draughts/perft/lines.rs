//! Perft by the line tables: the recursion with one reusable list per ply and an optional
//! transposition table, the last ply's captures listed and its ordinary moves counted by set
//! sizes where the layout's steps are shifts.

use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::movegen::lines::LineTables;
use crate::draughts::movegen::lists::{MoveList, Sink};
use crate::draughts::movegen::moves::play_fast;
use crate::draughts::position::Position;
use crate::transposition::{TranspositionKey, TranspositionTable};

impl<B: Bits> LineTables<B> {
    /// Perft below `pos` with one reusable list per ply, and a transposition table keyed by
    /// `hash` (the Zobrist hash of `pos`) when given.
    #[allow(clippy::too_many_arguments)]
    fn perft<K: TranspositionKey, const PATHS: bool>(
        &self,
        pos: &Position<B>,
        hash: u64,
        depth: u32,
        lists: &mut [MoveList<B>],
        table: Option<&TranspositionTable<K>>,
        key: fn(&Position<B>) -> K,
    ) -> u128 {
        if depth == 0 {
            return 1;
        }
        let (list, rest) = lists.split_first_mut().expect("one buffer per ply");
        list.clear();
        let table = table.filter(|_| depth >= 3);
        if let Some(t) = table
            && let Some(n) = t.probe(&key(pos), pos.side_index(), hash, depth, PATHS)
        {
            return n;
        }
        if depth == 1
            && let Some(shifts) = &self.shifts
        {
            // The last ply: its captures listed (the precedence picks among them), its
            // ordinary moves counted.
            let starters = self.starters(shifts, pos);
            let mut n = 0;
            if !starters.is_empty() {
                self.captures_by(pos, starters, list);
                n = if PATHS {
                    list.moves.iter().map(|m| m.paths as u128).sum()
                } else {
                    list.moves.len() as u128
                };
            }
            if !self.compulsory || !list.has_captures() {
                n += self.count_quiet(shifts, pos) as u128;
            }
            return n;
        }
        self.generate(pos, list);
        if depth == 1 {
            return if PATHS {
                list.moves.iter().map(|m| m.paths as u128).sum()
            } else {
                list.moves.len() as u128
            };
        }
        let mut total = 0;
        for i in 0..list.moves.len() {
            let mv = list.moves[i];
            let child_hash = if table.is_some() {
                self.zobrist_after(pos, hash, &mv)
            } else {
                0
            };
            let child = play_fast(pos, &mv);
            let n = self.perft::<K, PATHS>(&child, child_hash, depth - 1, rest, table, key);
            total = if PATHS { Count::Paths } else { Count::Unique }.add(total, n, mv.paths);
        }
        if let Some(t) = table {
            t.store(&key(pos), pos.side_index(), hash, depth, PATHS, total);
        }
        total
    }

    /// Perft of `depth` below `pos`, with a transposition table keyed by `key` when given.
    pub(crate) fn perft_from<K: TranspositionKey>(
        &self,
        pos: &Position<B>,
        depth: u32,
        count: Count,
        table: Option<&TranspositionTable<K>>,
        key: fn(&Position<B>) -> K,
    ) -> u128 {
        let mut lists: Vec<MoveList<B>> = (0..depth.max(1))
            .map(|_| MoveList::with_capacity(128))
            .collect();
        let hash = if table.is_some() {
            self.zobrist(pos)
        } else {
            0
        };
        match count {
            Count::Unique => self.perft::<K, false>(pos, hash, depth, &mut lists, table, key),
            Count::Paths => self.perft::<K, true>(pos, hash, depth, &mut lists, table, key),
        }
    }
}
