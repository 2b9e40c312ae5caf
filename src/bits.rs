//! Sets of squares as unsigned integers: 64 bits where the board fits, 128 where it does not,
//! chosen once per variant when its rules are loaded, never per node (both families).
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a set of squares (bit `i` = square bit `i` of the geometry).
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + std::fmt::LowerHex
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// How many squares a set can hold.
    const BITS: u32;
    /// Words of 64 bits in a set.
    const WORDS: usize;
    /// The set of one square.
    fn bit(i: u32) -> Self;
    /// The set shifted `left` bits up, then `right` bits down (one of them is usually 0: a step
    /// of every square at once when the step is the same number of bits everywhere).
    fn shifted(self, left: u32, right: u32) -> Self;
    /// Whether square `i` is in the set.
    #[inline(always)]
    fn has(self, i: u32) -> bool {
        self & Self::bit(i) != Self::ZERO
    }
    /// Whether the set is empty.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// The number of squares.
    fn count(self) -> u32;
    /// The lowest square (the set must not be empty).
    fn lowest(self) -> u32;
    /// The highest square (the set must not be empty).
    fn highest(self) -> u32;
    /// The set without its lowest square.
    fn without_lowest(self) -> Self;
    /// The set of the lowest square alone (empty when the set is).
    fn lowest_bit(self) -> Self;
    /// Every square below the lowest of the set (every square when it is empty); no branch.
    fn below_lowest(self) -> Self;
    /// Every square above the highest of the set (every square when it is empty); no branch.
    fn above_highest(self) -> Self;
    /// The set from a 128-bit one (the squares past this width dropped).
    fn from_u128(x: u128) -> Self;
    /// The set as a 128-bit one.
    fn to_u128(self) -> u128;
    /// 64-bit word `i`.
    #[inline(always)]
    fn word(self, i: usize) -> u64 {
        (self.to_u128() >> (64 * i)) as u64
    }
    /// The squares, lowest first.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// The squares of a set, lowest first.
pub struct Squares<B>(B);

impl<B: Bits> Iterator for Squares<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
}

macro_rules! bits_for {
    ($t:ty, $words:expr) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            const WORDS: usize = $words;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn shifted(self, left: u32, right: u32) -> Self {
                (self << left) >> right
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn below_lowest(self) -> Self {
                self.wrapping_sub(1) & !self
            }
            #[inline(always)]
            fn above_highest(self) -> Self {
                // The squares from the highest's next one up: none past the top square.
                (!0 as $t)
                    .checked_shl(<$t>::BITS - self.leading_zeros())
                    .unwrap_or(0)
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}

bits_for!(u64, 1);
bits_for!(u128, 2);
