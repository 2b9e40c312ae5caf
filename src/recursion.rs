//! The perft recursion a family's search can share: the position's count read from the
//! transposition table where there is one, else its moves generated and each child counted a
//! ply less deep, and the sum stored. A family supplies its plies through [`Plies`]: the last
//! ply (its leaves counted without being listed) and the ply above it (the parent of the
//! leaves), each as fast as the family can make them, and optionally the ply above that. The
//! draughts kernel and the line tables count through it; the chess family, whose generator is
//! inlined whole into the recursion, keeps its own (through this one it took 1-5 % more
//! instructions a leaf), reading the table from the same [`TABLE_MIN_DEPTH`].

use crate::transposition::{TranspositionKey, TranspositionTable};

/// The smallest remaining depth at which the transposition table is consulted: below it a
/// probe (a likely cache miss) costs more than the search it saves.
pub const TABLE_MIN_DEPTH: u32 = 3;

/// What a family's search supplies to the shared recursion ([`perft`]).
pub trait Plies {
    /// A position.
    type Position;
    /// A move, as its lists hold it.
    type Move: Copy;
    /// A reusable buffer of moves, one per ply.
    type List;
    /// What the transposition table stores of a position.
    type Key: TranspositionKey;
    /// Whether the search may be given a transposition table (a type parameter, so that a
    /// search without one carries no code for it).
    const TABLE: bool;

    /// The number of leaves one ply below `pos` (`list` is free for its use).
    fn leaves(&self, pos: &Self::Position, list: &mut Self::List) -> u128;
    /// The number of leaves two plies below `pos`: the parent of the leaves (`list` and
    /// `rest`, a buffer per ply below, are free for its use).
    fn parent_of_leaves(
        &self,
        pos: &Self::Position,
        list: &mut Self::List,
        rest: &mut [Self::List],
    ) -> u128;
    /// The leaves three plies below `pos`, whose moves are in `list`, where the family counts
    /// its children (parents of the leaves) its own way; `None` for the general recursion.
    #[inline(always)]
    fn grandparent(
        &self,
        _pos: &Self::Position,
        _list: &Self::List,
        _rest: &mut [Self::List],
    ) -> Option<u128> {
        None
    }
    /// Where `pos` goes in the table: its exact key and the side to move; `None` when it
    /// has no key (it is then never stored).
    fn slot(&self, pos: &Self::Position) -> Option<(Self::Key, u8)>;
    /// Whether the counts are of jump sequences (the table keeps the two conventions apart).
    fn paths(&self) -> bool;
    /// The legal moves of `pos` into `list` (emptied first).
    fn generate(&self, pos: &Self::Position, list: &mut Self::List);
    /// The moves in `list`.
    fn moves(list: &Self::List) -> &[Self::Move];
    /// The child of `pos` after `mv`.
    fn child(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// The hash of `child`, reached from `pos` (hashed `hash`) by `mv`.
    fn child_hash(
        &self,
        pos: &Self::Position,
        child: &Self::Position,
        hash: u64,
        mv: &Self::Move,
    ) -> u64;
    /// `total` and the count `n` below a move, as the convention weighs the move (the sum
    /// stops at the largest count kept instead of wrapping).
    fn add(&self, total: u128, n: u128, mv: &Self::Move) -> u128;
}

/// The number of leaves `depth` plies below `pos` (hashed `hash` when there is a table),
/// with one buffer of `lists` per ply and the transposition table `table` if any.
pub fn perft<S: Plies>(
    s: &S,
    pos: &S::Position,
    hash: u64,
    depth: u32,
    lists: &mut [S::List],
    table: Option<&TranspositionTable<S::Key>>,
) -> u128 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return s.leaves(pos, list);
    }
    if depth == 2 {
        return s.parent_of_leaves(pos, list, rest);
    }
    let slot = match table {
        Some(t) if S::TABLE && depth >= TABLE_MIN_DEPTH => s.slot(pos).map(|slot| (t, slot)),
        _ => None,
    };
    if let Some((t, (key, side))) = &slot
        && let Some(n) = t.probe(key, *side, hash, depth, s.paths())
    {
        return n;
    }
    s.generate(pos, list);
    let counted = if depth == 3 {
        s.grandparent(pos, list, rest)
    } else {
        None
    };
    let total = match counted {
        Some(n) => n,
        None => {
            let mut total: u128 = 0;
            for mv in S::moves(list) {
                let child = s.child(pos, mv);
                let child_hash = if S::TABLE && table.is_some() {
                    s.child_hash(pos, &child, hash, mv)
                } else {
                    0
                };
                let n = perft(s, &child, child_hash, depth - 1, rest, table);
                total = s.add(total, n, mv);
            }
            total
        }
    };
    if let Some((t, (key, side))) = &slot {
        t.store(key, *side, hash, depth, s.paths(), total);
    }
    total
}
