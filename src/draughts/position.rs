//! Draughts positions: where the men and kings of each side stand, and whose turn it is
//! (read and written as PDN FEN in [`super::fen`]).

use super::schema::Colour;
use crate::bits::Bits;
use crate::transposition::TranspositionKey;

/// A draughts position: where the men and kings of each side stand, and whose turn it is.
/// `B` is the bitboard: 64 bits, or 128 for boards that need more (12x12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B = u64> {
    /// White's pieces (men and kings), as a bitboard of the board's geometry.
    pub white: B,
    /// Black's pieces.
    pub black: B,
    /// The kings of both sides.
    pub kings: B,
    /// The side to move.
    pub side: Colour,
    /// Plies since the last move that resets the draw counter (FEN `:H`).
    pub quiet_plies: u32,
    /// The move number (FEN `:F`), starting at 1.
    pub move_number: u32,
}

impl<B: Bits> Position<B> {
    /// An empty board with `side` to move.
    pub fn empty(side: Colour) -> Self {
        Position {
            white: B::ZERO,
            black: B::ZERO,
            kings: B::ZERO,
            side,
            quiet_plies: 0,
            move_number: 1,
        }
    }

    /// The pieces of one side.
    #[inline(always)]
    pub fn pieces(&self, colour: Colour) -> B {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    /// What the transposition table stores to tell positions apart (the side aside).
    #[inline(always)]
    pub fn table_key(&self) -> [B; 3] {
        [self.white, self.black, self.kings]
    }

    /// The same position in a bitboard of another width (squares past it dropped).
    pub fn widen<C: Bits>(&self) -> Position<C> {
        Position {
            white: C::from_u128(self.white.to_u128()),
            black: C::from_u128(self.black.to_u128()),
            kings: C::from_u128(self.kings.to_u128()),
            side: self.side,
            quiet_plies: self.quiet_plies,
            move_number: self.move_number,
        }
    }

    /// The side to move as the table stores it: 0 white, 1 black.
    #[inline(always)]
    pub fn side_index(&self) -> u8 {
        (self.side == Colour::Black) as u8
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.white | self.black
    }
}

/// A bitboard width whose positions the transposition table can tell apart exactly: the key
/// it stores of a position (its three sets, as 64-bit words).
pub trait Keyed: Bits {
    /// What the transposition table stores of a position.
    type Key: TranspositionKey + std::fmt::Debug;
    /// The table key of a position.
    fn key(pos: &Position<Self>) -> Self::Key;
}

impl Keyed for u64 {
    type Key = [u64; 3];

    #[inline(always)]
    fn key(pos: &Position<u64>) -> [u64; 3] {
        pos.table_key()
    }
}

impl Keyed for u128 {
    type Key = [u64; 6];

    /// Its three sets as six words.
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
}
