//! What each bitboard width plays with: 64-bit boards with the shift-based kernel (which
//! hands the rules it does not cover to the line tables), wider boards with the line tables.
//! The width is chosen once, when a variant is loaded ([`crate::Variant`]).
use super::lines::LineTables;
use super::*;
use crate::draughts::rules::Rules;
use crate::perft::TableKey;

/// A bitboard width with the generators that run on it.
pub trait Width: Bits {
    /// The compiled rules the generators read.
    type Engine: Clone + std::fmt::Debug + Send + Sync;
    /// What the transposition table stores of a position.
    type Key: TableKey + std::fmt::Debug;
    /// Compiles the rules.
    fn engine(rules: &Rules) -> Self::Engine;
    /// The table key of a position.
    fn key(pos: &Position<Self>) -> Self::Key;
    /// The unique legal moves.
    fn legal_moves(e: &Self::Engine, pos: &Position<Self>) -> MoveList<Self>;
    /// The unique legal moves with their jump sequences.
    fn detailed_moves(e: &Self::Engine, pos: &Position<Self>) -> Vec<DetailedMove<Self>>;
    /// Perft, with a transposition table when given.
    fn perft(
        e: &Self::Engine,
        pos: &Position<Self>,
        depth: u32,
        count: Count,
        table: Option<&Table<Self::Key>>,
    ) -> u128;
    /// The Zobrist hash of a position.
    fn zobrist(e: &Self::Engine, pos: &Position<Self>) -> u64;
    /// The Zobrist hash after a move, from the hash of `pos`.
    fn zobrist_after(e: &Self::Engine, pos: &Position<Self>, hash: u64, mv: &Move<Self>) -> u64;
    /// Whether the line-table generator plays these rules.
    fn follows_line_tables(e: &Self::Engine) -> bool;
    /// Plays the rules by the line tables searching every piece square by square, with no
    /// whole-set shifts (a reference for the tests).
    fn square_by_square(e: &mut Self::Engine, rules: &Rules);
}

impl Width for u64 {
    type Engine = Kernel;
    type Key = [u64; 3];

    fn engine(rules: &Rules) -> Kernel {
        Kernel::new(rules)
    }

    #[inline(always)]
    fn key(pos: &Position) -> [u64; 3] {
        pos.table_key()
    }

    fn legal_moves(e: &Kernel, pos: &Position) -> MoveList {
        legal_moves(e, pos)
    }

    fn detailed_moves(e: &Kernel, pos: &Position) -> Vec<DetailedMove> {
        detailed_moves(e, pos)
    }

    fn perft(
        e: &Kernel,
        pos: &Position,
        depth: u32,
        count: Count,
        table: Option<&Table<[u64; 3]>>,
    ) -> u128 {
        perft_dispatch(e, pos, depth, count, table)
    }

    fn zobrist(e: &Kernel, pos: &Position) -> u64 {
        e.zobrist(pos)
    }

    fn zobrist_after(e: &Kernel, pos: &Position, hash: u64, mv: &Move) -> u64 {
        e.zobrist_after(pos, hash, mv)
    }

    fn follows_line_tables(e: &Kernel) -> bool {
        e.follows_line_tables()
    }

    fn square_by_square(e: &mut Kernel, rules: &Rules) {
        e.use_line_tables_square_by_square(rules);
    }
}

impl Width for u128 {
    type Engine = LineTables<u128>;
    type Key = [u64; 6];

    fn engine(rules: &Rules) -> LineTables<u128> {
        LineTables::new(rules)
    }

    #[inline(always)]
    fn key(pos: &Position<u128>) -> [u64; 6] {
        let [w, b, k] = pos.table_key();
        [
            w.word(0),
            w.word(1),
            b.word(0),
            b.word(1),
            k.word(0),
            k.word(1),
        ]
    }

    fn legal_moves(e: &LineTables<u128>, pos: &Position<u128>) -> MoveList<u128> {
        e.legal_moves(pos)
    }

    fn detailed_moves(e: &LineTables<u128>, pos: &Position<u128>) -> Vec<DetailedMove<u128>> {
        e.detailed_moves(pos)
    }

    fn perft(
        e: &LineTables<u128>,
        pos: &Position<u128>,
        depth: u32,
        count: Count,
        table: Option<&Table<[u64; 6]>>,
    ) -> u128 {
        e.perft_from(pos, depth, count, table, Self::key)
    }

    fn zobrist(e: &LineTables<u128>, pos: &Position<u128>) -> u64 {
        e.zobrist(pos)
    }

    fn zobrist_after(
        e: &LineTables<u128>,
        pos: &Position<u128>,
        hash: u64,
        mv: &Move<u128>,
    ) -> u64 {
        e.zobrist_after(pos, hash, mv)
    }

    fn follows_line_tables(_: &LineTables<u128>) -> bool {
        true
    }

    fn square_by_square(e: &mut LineTables<u128>, _: &Rules) {
        e.without_shifts();
    }
}

/// Whether the first mover has a legal move in the rules' start position (a check of the
/// rules, for any board: the line tables in the widest bitboard).
pub(crate) fn has_legal_move(rules: &Rules) -> bool {
    !LineTables::<u128>::new(rules)
        .legal_moves(&rules.start)
        .is_empty()
}
