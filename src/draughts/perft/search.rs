//! The perft drivers of the draughts kernel: the parent of the leaves, the ply above it, and
//! the general recursion with an optional transposition table.

use super::children::weighted;
use super::leaf::leaf_count_outlined;
use super::parent_units::ParentOfLeaves;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::movegen::generate::generate;
use crate::draughts::movegen::kernel::{Dispatch, Kernel, Shape, Shaped};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::movegen::moves::{play_as, play_fast};
use crate::draughts::position::{Keyed, Position};
use crate::draughts::schema::Colour;
use crate::transposition::TranspositionTable;

/// Reusable per-ply move buffers for a search of `depth` plies.
pub(crate) fn buffers<B: Bits>(depth: u32) -> Vec<MoveList<B>> {
    (0..depth.max(1))
        .map(|_| MoveList::with_capacity(128))
        .collect()
}

/// Perft 2 with `WHITE` to move: the parent of the leaves. Captures are listed; ordinary
/// moves are played straight from the bitboards, never listed; each child's moves are
/// counted in place.
#[inline(always)]
pub(in crate::draughts) fn perft2<
    B: ParentOfLeaves,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
>(
    k: &Kernel<B>,
    count: Count,
    pos: &Position<B>,
    list: &mut MoveList<B>,
    leaf: &mut MoveList<B>,
) -> u64 {
    let enemy = if WHITE { pos.black } else { pos.white };
    // Whether the opponent has kings is a type parameter: the code that follows them made
    // English from the start 10 % slower (wall time) where they are not.
    if enemy & pos.kings == B::ZERO {
        B::parent_of_leaves::<P, KINDS, WHITE, false>(k, count, pos, list, leaf)
    } else {
        B::parent_of_leaves::<P, KINDS, WHITE, true>(k, count, pos, list, leaf)
    }
}

/// Perft 2 of every child of `pos` (`WHITE` to move), whose moves are in `list`.
#[inline(always)]
pub(in crate::draughts) fn perft3_children<
    B: ParentOfLeaves,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
>(
    k: &Kernel<B>,
    count: Count,
    pos: &Position<B>,
    list: &MoveList<B>,
    list2: &mut MoveList<B>,
    leaf: &mut MoveList<B>,
) -> u64 {
    let mut total = 0u64;
    for mv in list.moves.iter() {
        let (white, black, kings) = play_as::<B, WHITE>(pos, mv);
        let child = Position {
            white,
            black,
            kings,
            ..Position::empty(if WHITE { Colour::Black } else { Colour::White })
        };
        let n = if WHITE {
            perft2::<B, P, KINDS, false>(k, count, &child, list2, leaf)
        } else {
            perft2::<B, P, KINDS, true>(k, count, &child, list2, leaf)
        };
        total += weighted(count, n, mv.paths);
    }
    total
}

/// The smallest remaining depth at which the transposition table is consulted: below it a
/// probe (a likely cache miss) costs more than the search it saves.
pub(in crate::draughts) const TABLE_MIN_DEPTH: u32 = 3;

/// Perft with bulk counting at the last ply; with `table`, a transposition table keyed by
/// the Zobrist `hash` of `pos` (kept up to date incrementally).
pub(crate) fn perft<B: Keyed + ParentOfLeaves, P: Shape, const KINDS: bool, const TABLE: bool>(
    k: &Kernel<B>,
    count: Count,
    pos: &Position<B>,
    hash: u64,
    depth: u32,
    lists: &mut [MoveList<B>],
    table: Option<&TranspositionTable<B::Key>>,
) -> u128 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one buffer per ply");
    list.clear();
    if depth == 1 {
        return leaf_count_outlined::<B, P, KINDS>(k, count, pos, list) as u128;
    }
    if depth == 2 {
        let leaf = &mut rest[0];
        let n = if pos.side == Colour::White {
            perft2::<B, P, KINDS, true>(k, count, pos, list, leaf)
        } else {
            perft2::<B, P, KINDS, false>(k, count, pos, list, leaf)
        };
        return n as u128;
    }
    let table = if TABLE && depth >= TABLE_MIN_DEPTH {
        table
    } else {
        None
    };
    if let Some(t) = table
        && let Some(n) = t.probe(
            &B::key(pos),
            pos.side_index(),
            hash,
            depth,
            count == Count::Paths,
        )
    {
        return n;
    }
    generate::<B, P, MoveList<B>>(k, pos, list);
    if depth == 3 {
        // The children are parents of leaves: called directly, their side known.
        let (list2, rest) = rest.split_first_mut().expect("one buffer per ply");
        let leaf = &mut rest[0];
        let total = if pos.side == Colour::White {
            perft3_children::<B, P, KINDS, true>(k, count, pos, list, list2, leaf)
        } else {
            perft3_children::<B, P, KINDS, false>(k, count, pos, list, list2, leaf)
        };
        if let Some(t) = table {
            t.store(
                &B::key(pos),
                pos.side_index(),
                hash,
                depth,
                count == Count::Paths,
                total as u128,
            );
        }
        return total as u128;
    }
    let mut total: u128 = 0;
    for i in 0..list.moves.len() {
        let mv = list.moves[i];
        let child = play_fast(pos, &mv);
        let child_hash = if TABLE {
            k.zobrist_after(pos, hash, &mv)
        } else {
            0
        };
        let n = perft::<B, P, KINDS, TABLE>(k, count, &child, child_hash, depth - 1, rest, table);
        total = count.add(total, n, mv.paths);
    }
    if let Some(t) = table {
        t.store(
            &B::key(pos),
            pos.side_index(),
            hash,
            depth,
            count == Count::Paths,
            total,
        );
    }
    total
}

/// Runs perft for the kernel's shape, with an optional transposition table.
pub(crate) fn perft_dispatch<B: Keyed + Dispatch + ParentOfLeaves>(
    k: &Kernel<B>,
    pos: &Position<B>,
    depth: u32,
    count: Count,
    table: Option<&TranspositionTable<B::Key>>,
) -> u128 {
    if let Some(g) = &k.lines {
        return g.perft_from(pos, depth, count, table, B::key);
    }
    B::with_shape(
        k,
        Perft {
            k,
            pos,
            depth,
            count,
            table,
        },
    )
}

/// Perft of one position, run for the kernel's shape ([`Dispatch::with_shape`]).
struct Perft<'a, B: Keyed + ParentOfLeaves> {
    k: &'a Kernel<B>,
    pos: &'a Position<B>,
    depth: u32,
    count: Count,
    table: Option<&'a TranspositionTable<B::Key>>,
}

impl<B: Keyed + ParentOfLeaves> Shaped for Perft<'_, B> {
    type Output = u128;

    fn run<P: Shape>(self) -> u128 {
        let Perft {
            k,
            pos,
            depth,
            count,
            table,
        } = self;
        let lists = &mut buffers::<B>(depth);
        let hash = if table.is_some() { k.zobrist(pos) } else { 0 };
        // Whether the precedence tells one-jump captures apart is a type parameter: the leaf
        // code that counts them by kind, inlined where the rules cannot tell them apart, made
        // English 3 % and International 4 % slower (wall time; instructions +1 %).
        macro_rules! run {
            ($kinds:literal) => {
                if table.is_some() {
                    perft::<B, P, $kinds, true>(k, count, pos, hash, depth, lists, table)
                } else {
                    perft::<B, P, $kinds, false>(k, count, pos, 0, depth, lists, None)
                }
            };
        }
        if k.bulk_single_jumps {
            run!(false)
        } else {
            run!(true)
        }
    }
}
