//! Where the parent of the leaves is compiled. The compiler puts every copy of a generic
//! function into the codegen unit of the module that defines it, and the parent of the leaves
//! (one copy per width, rule shape, side to move and whether the opponent has kings) is over a
//! third of the library's machine code: defined in one module it was one unit, which compiled
//! alone for the last minute and a half of every release build. Here each width, side and
//! opponent's kings (or none) has a module of its own, so that the units compile side by side;
//! the code compiled is the same.

use super::parent::perft2_as;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::movegen::kernel::{Kernel, Shape};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::position::Position;

/// A width whose parent of the leaves is compiled in units of its own.
pub(crate) trait ParentOfLeaves: Bits {
    /// [`perft2_as`] for this width: perft 2 with `WHITE` to move, the opponent having kings
    /// (`KINGS`) or not.
    fn parent_of_leaves<P: Shape, const KINDS: bool, const WHITE: bool, const KINGS: bool>(
        k: &Kernel<Self>,
        count: Count,
        pos: &Position<Self>,
        list: &mut MoveList<Self>,
        leaf: &mut MoveList<Self>,
    ) -> u64;
}

/// Implements [`ParentOfLeaves`] for `$width` with a module (so a codegen unit) per side to
/// move and opponent's kings.
macro_rules! parent_units {
    ($width:ty: $($unit:ident: $white:literal, $kings:literal;)*) => {
        $(
            mod $unit {
                use super::*;

                /// [`perft2_as`] for one width, side and opponent's kings.
                #[inline(never)]
                pub(in crate::draughts) fn count<P: Shape, const KINDS: bool>(
                    k: &Kernel<$width>,
                    count: Count,
                    pos: &Position<$width>,
                    list: &mut MoveList<$width>,
                    leaf: &mut MoveList<$width>,
                ) -> u64 {
                    perft2_as::<$width, P, KINDS, $white, $kings>(k, count, pos, list, leaf)
                }
            }
        )*

        impl ParentOfLeaves for $width {
            #[inline(always)]
            fn parent_of_leaves<
                P: Shape,
                const KINDS: bool,
                const WHITE: bool,
                const KINGS: bool,
            >(
                k: &Kernel<$width>,
                count: Count,
                pos: &Position<$width>,
                list: &mut MoveList<$width>,
                leaf: &mut MoveList<$width>,
            ) -> u64 {
                match (WHITE, KINGS) {
                    $(($white, $kings) => $unit::count::<P, KINDS>(k, count, pos, list, leaf),)*
                }
            }
        }
    };
}

parent_units!(u64:
    narrow_white_kings: true, true;
    narrow_white: true, false;
    narrow_black_kings: false, true;
    narrow_black: false, false;
);

parent_units!(u128:
    wide_white_kings: true, true;
    wide_white: true, false;
    wide_black_kings: false, true;
    wide_black: false, false;
);
