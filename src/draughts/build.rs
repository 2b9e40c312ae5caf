//! What each bitboard width plays with: the shift-based kernel on bitboards of that width,
//! which hands the rules it does not cover to the line tables. The width is chosen once, when
//! a variant is loaded ([`crate::variant::Variant`]).

use super::movegen::generate::{detailed_moves, legal_moves};
use super::movegen::kernel::Kernel;
use super::movegen::lists::{DetailedMove, MoveList};
use super::movegen::moves::Move;
use super::perft::search::perft_dispatch;
use super::position::{Keyed, Position};
use super::rules::Rules;
use crate::count::Count;
use crate::transposition::TranspositionTable;

/// A bitboard width with the generators that run on it.
pub trait Width: Keyed {
    /// The compiled rules the generators read.
    type Engine: Clone + std::fmt::Debug + Send + Sync;
    /// Compiles the rules.
    fn engine(rules: &Rules) -> Self::Engine;
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
        table: Option<&TranspositionTable<Self::Key>>,
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
    /// Plays the rules by the line tables whatever they are (a second generator to compare
    /// the kernel with).
    fn line_tables(e: &mut Self::Engine, rules: &Rules);
    /// Reads the board layout from the compiled rules whatever the size, as boards of sizes
    /// not compiled in do.
    fn layout_read_at_run_time(e: &mut Self::Engine);
}

/// Implements [`Width`] for `$t`: the kernel on bitboards of `$t`.
macro_rules! width {
    ($t:ty) => {
        impl Width for $t {
            type Engine = Kernel<$t>;

            fn engine(rules: &Rules) -> Kernel<$t> {
                Kernel::new(rules)
            }

            fn legal_moves(e: &Kernel<$t>, pos: &Position<$t>) -> MoveList<$t> {
                legal_moves(e, pos)
            }

            fn detailed_moves(e: &Kernel<$t>, pos: &Position<$t>) -> Vec<DetailedMove<$t>> {
                detailed_moves(e, pos)
            }

            fn perft(
                e: &Kernel<$t>,
                pos: &Position<$t>,
                depth: u32,
                count: Count,
                table: Option<&TranspositionTable<<$t as Keyed>::Key>>,
            ) -> u128 {
                perft_dispatch(e, pos, depth, count, table)
            }

            fn zobrist(e: &Kernel<$t>, pos: &Position<$t>) -> u64 {
                e.zobrist(pos)
            }

            fn zobrist_after(e: &Kernel<$t>, pos: &Position<$t>, hash: u64, mv: &Move<$t>) -> u64 {
                e.zobrist_after(pos, hash, mv)
            }

            fn follows_line_tables(e: &Kernel<$t>) -> bool {
                e.follows_line_tables()
            }

            fn square_by_square(e: &mut Kernel<$t>, rules: &Rules) {
                e.use_line_tables_square_by_square(rules);
            }

            fn line_tables(e: &mut Kernel<$t>, rules: &Rules) {
                e.use_line_tables(rules);
            }

            fn layout_read_at_run_time(e: &mut Kernel<$t>) {
                e.read_layout_at_run_time();
            }
        }
    };
}

width!(u64);
width!(u128);
