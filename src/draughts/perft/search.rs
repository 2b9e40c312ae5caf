//! Perft by the draughts kernel: the parent of the leaves and the ply above it, given to the
//! shared recursion ([`crate::recursion`]) with the leaves, for the rules' shape.

use super::children::weighted;
use super::leaf::leaf_count_outlined;
use super::parent_units::ParentOfLeaves;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::movegen::generate::generate;
use crate::draughts::movegen::kernel::{Dispatch, Kernel, Shape, Shaped};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::movegen::moves::{Move, play_as, play_fast};
use crate::draughts::position::{Keyed, Position};
use crate::draughts::schema::Colour;
use crate::recursion::{self, Plies};
use crate::transposition::TranspositionTable;
use std::marker::PhantomData;

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

/// The kernel's search for the shared recursion ([`recursion::perft`]): the rules' shape
/// `P`, whether the precedence tells one-jump captures apart (`KINDS`) and whether a
/// transposition table may be given (`TABLE`) as type parameters.
pub(crate) struct KernelSearch<'a, B: Bits, P, const KINDS: bool, const TABLE: bool> {
    k: &'a Kernel<B>,
    count: Count,
    shape: PhantomData<P>,
}

impl<B: Keyed + ParentOfLeaves, P: Shape, const KINDS: bool, const TABLE: bool> Plies
    for KernelSearch<'_, B, P, KINDS, TABLE>
{
    type Position = Position<B>;
    type Move = Move<B>;
    type List = MoveList<B>;
    type Key = B::Key;
    const TABLE: bool = TABLE;

    #[inline(always)]
    fn leaves(&self, pos: &Position<B>, list: &mut MoveList<B>) -> u128 {
        list.clear();
        leaf_count_outlined::<B, P, KINDS>(self.k, self.count, pos, list) as u128
    }

    #[inline(always)]
    fn parent_of_leaves(
        &self,
        pos: &Position<B>,
        list: &mut MoveList<B>,
        rest: &mut [MoveList<B>],
    ) -> u128 {
        list.clear();
        let (k, count, leaf) = (self.k, self.count, &mut rest[0]);
        let n = if pos.side == Colour::White {
            perft2::<B, P, KINDS, true>(k, count, pos, list, leaf)
        } else {
            perft2::<B, P, KINDS, false>(k, count, pos, list, leaf)
        };
        n as u128
    }

    /// The children are parents of leaves: called directly, their side known.
    #[inline(always)]
    fn grandparent(
        &self,
        pos: &Position<B>,
        list: &MoveList<B>,
        rest: &mut [MoveList<B>],
    ) -> Option<u128> {
        let (list2, rest) = rest.split_first_mut().expect("one buffer per ply");
        let (k, count, leaf) = (self.k, self.count, &mut rest[0]);
        let total = if pos.side == Colour::White {
            perft3_children::<B, P, KINDS, true>(k, count, pos, list, list2, leaf)
        } else {
            perft3_children::<B, P, KINDS, false>(k, count, pos, list, list2, leaf)
        };
        Some(total as u128)
    }

    #[inline(always)]
    fn slot(&self, pos: &Position<B>) -> Option<(B::Key, u8)> {
        Some((B::key(pos), pos.side_index()))
    }

    #[inline(always)]
    fn paths(&self) -> bool {
        self.count == Count::Paths
    }

    #[inline(always)]
    fn generate(&self, pos: &Position<B>, list: &mut MoveList<B>) {
        list.clear();
        generate::<B, P, MoveList<B>>(self.k, pos, list);
    }

    #[inline(always)]
    fn moves(list: &MoveList<B>) -> &[Move<B>] {
        &list.moves
    }

    #[inline(always)]
    fn child(&self, pos: &Position<B>, mv: &Move<B>) -> Position<B> {
        play_fast(pos, mv)
    }

    #[inline(always)]
    fn child_hash(&self, pos: &Position<B>, _: &Position<B>, hash: u64, mv: &Move<B>) -> u64 {
        self.k.zobrist_after(pos, hash, mv)
    }

    #[inline(always)]
    fn add(&self, total: u128, n: u128, mv: &Move<B>) -> u128 {
        self.count.add(total, n, mv.paths)
    }
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
                    let search = KernelSearch::<B, P, $kinds, true> {
                        k,
                        count,
                        shape: PhantomData,
                    };
                    recursion::perft(&search, pos, hash, depth, lists, table)
                } else {
                    let search = KernelSearch::<B, P, $kinds, false> {
                        k,
                        count,
                        shape: PhantomData,
                    };
                    recursion::perft(&search, pos, 0, depth, lists, None)
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
