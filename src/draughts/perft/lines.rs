//! Perft by the line tables: their plies given to the shared recursion
//! ([`crate::recursion`]), the last ply's captures listed and its ordinary moves counted by set
//! sizes where the layout's steps are shifts.

use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::movegen::lines::LineTables;
use crate::draughts::movegen::lists::{MoveList, Sink};
use crate::draughts::movegen::moves::{Move, play_fast};
use crate::draughts::position::Position;
use crate::recursion::{self, Plies};
use crate::transposition::{TranspositionKey, TranspositionTable};

/// The line tables' search for the shared recursion, counting jump sequences when `PATHS`,
/// positions keyed for the table by `key`.
struct LineSearch<'a, B, K, const PATHS: bool> {
    g: &'a LineTables<B>,
    key: fn(&Position<B>) -> K,
}

impl<B: Bits, K: TranspositionKey, const PATHS: bool> LineSearch<'_, B, K, PATHS> {
    /// The moves listed in `list`, counted as the convention asks.
    fn counted(list: &MoveList<B>) -> u128 {
        if PATHS {
            list.moves.iter().map(|m| m.paths as u128).sum()
        } else {
            list.moves.len() as u128
        }
    }
}

impl<B: Bits, K: TranspositionKey, const PATHS: bool> Plies for LineSearch<'_, B, K, PATHS> {
    type Position = Position<B>;
    type Move = Move<B>;
    type List = MoveList<B>;
    type Key = K;
    const TABLE: bool = true;

    fn leaves(&self, pos: &Position<B>, list: &mut MoveList<B>) -> u128 {
        list.clear();
        let g = self.g;
        if let Some(shifts) = &g.shifts {
            // The last ply: its captures listed (the precedence picks among them), its
            // ordinary moves counted.
            let starters = g.starters(shifts, pos);
            let mut n = 0;
            if !starters.is_empty() {
                g.captures_by(pos, starters, list);
                n = Self::counted(list);
            }
            if !g.compulsory || !list.has_captures() {
                n += g.count_quiet(shifts, pos) as u128;
            }
            return n;
        }
        g.generate(pos, list);
        Self::counted(list)
    }

    fn parent_of_leaves(
        &self,
        pos: &Position<B>,
        list: &mut MoveList<B>,
        rest: &mut [MoveList<B>],
    ) -> u128 {
        self.generate(pos, list);
        let mut total = 0;
        for mv in &list.moves {
            let n = self.leaves(&play_fast(pos, mv), &mut rest[0]);
            total = self.add(total, n, mv);
        }
        total
    }

    fn slot(&self, pos: &Position<B>) -> Option<(K, u8)> {
        Some(((self.key)(pos), pos.side_index()))
    }

    fn paths(&self) -> bool {
        PATHS
    }

    fn generate(&self, pos: &Position<B>, list: &mut MoveList<B>) {
        list.clear();
        self.g.generate(pos, list);
    }

    fn moves(list: &MoveList<B>) -> &[Move<B>] {
        &list.moves
    }

    fn child(&self, pos: &Position<B>, mv: &Move<B>) -> Position<B> {
        play_fast(pos, mv)
    }

    fn child_hash(&self, pos: &Position<B>, _: &Position<B>, hash: u64, mv: &Move<B>) -> u64 {
        self.g.zobrist_after(pos, hash, mv)
    }

    fn add(&self, total: u128, n: u128, mv: &Move<B>) -> u128 {
        if PATHS { Count::Paths } else { Count::Unique }.add(total, n, mv.paths)
    }
}

impl<B: Bits> LineTables<B> {
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
            Count::Unique => {
                let search = LineSearch::<B, K, false> { g: self, key };
                recursion::perft(&search, pos, hash, depth, &mut lists, table)
            }
            Count::Paths => {
                let search = LineSearch::<B, K, true> { g: self, key };
                recursion::perft(&search, pos, hash, depth, &mut lists, table)
            }
        }
    }
}
