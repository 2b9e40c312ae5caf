//! A child's count weighed as the convention asks, and the moves of a child counted at the
//! last ply.

use super::leaf::leaf_count;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::movegen::kernel::{Kernel, Shape};
use crate::draughts::movegen::lists::MoveList;

/// A child's count `n` as `count` asks: once, or once per jump sequence of the move to it.
/// Read at run time (one predictable branch per move) rather than a type parameter: the
/// leaf layers compiled once for both counts halve the kernel's code and its build time.
#[inline(always)]
pub(in crate::draughts) fn weighted<N: From<u32> + std::ops::Mul<Output = N>>(
    count: Count,
    n: N,
    paths: u32,
) -> N {
    match count {
        Count::Unique => n,
        Count::Paths => n * N::from(paths),
    }
}

/// The moves of the child `white`, `black`, `kings` of a `WHITE`-to-move position, counted.
#[inline(always)]
pub(in crate::draughts) fn child_count<B: Bits, P: Shape, const KINDS: bool, const WHITE: bool>(
    k: &Kernel<B>,
    count: Count,
    white: B,
    black: B,
    kings: B,
    leaf: &mut MoveList<B>,
) -> u64 {
    if WHITE {
        leaf_count::<B, P, KINDS, false>(k, count, white, black, kings, leaf)
    } else {
        leaf_count::<B, P, KINDS, true>(k, count, white, black, kings, leaf)
    }
}
