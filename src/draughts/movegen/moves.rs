//! A legal move, and the position after it as perft plays it.

use crate::bits::Bits;
use crate::draughts::position::Position;
use crate::draughts::schema::Colour;

/// A legal move: from, to, the captured set and whether the man is crowned. Jump orders that
/// share all of these are one move; `paths` says how many jump sequences it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move<B = u64> {
    /// The pieces taken (bitboard); 0 for an ordinary move.
    pub captured: B,
    /// Number of distinct jump sequences with this from, to and captured set.
    pub paths: u32,
    /// Bit of the starting square.
    pub from: u8,
    /// Bit of the final square.
    pub to: u8,
    /// A man becomes a king with this move.
    pub promotes: bool,
}

impl<B: Bits> Move<B> {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Whether `other` is the same move (another jump order of it). Inlined: called out of
    /// line, the move compared had to be kept on the stack, and the copy of it into the list
    /// then waited for the stores just made.
    #[inline(always)]
    pub(in crate::draughts) fn same_as(&self, other: &Move<B>) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.promotes == other.promotes
    }
}

#[inline(always)]
pub(in crate::draughts) fn sides<B: Bits, const WHITE: bool>(pos: &Position<B>) -> (B, B) {
    if WHITE {
        (pos.white, pos.black)
    } else {
        (pos.black, pos.white)
    }
}

/// The position after `mv` (draw counters untouched: the perft path).
#[inline(always)]
pub(crate) fn play_fast<B: Bits>(pos: &Position<B>, mv: &Move<B>) -> Position<B> {
    let from = B::bit(mv.from as u32);
    let to = B::bit(mv.to as u32);
    let mut next = *pos;
    let was_king = pos.kings & from != B::ZERO;
    match pos.side {
        Colour::White => {
            next.white = (pos.white & !from) | to;
            next.black = pos.black & !mv.captured;
        }
        Colour::Black => {
            next.black = (pos.black & !from) | to;
            next.white = pos.white & !mv.captured;
        }
    }
    next.kings = pos.kings & !mv.captured & !from;
    if was_king || mv.promotes {
        next.kings |= to;
    }
    next.side = pos.side.opponent();
    next
}

/// [`play_fast`] with the side to move known.
#[inline(always)]
pub(in crate::draughts) fn play_as<B: Bits, const WHITE: bool>(
    pos: &Position<B>,
    mv: &Move<B>,
) -> (B, B, B) {
    let from = B::bit(mv.from as u32);
    let to = B::bit(mv.to as u32);
    let (own, enemy) = sides::<B, WHITE>(pos);
    let own = own ^ from ^ to;
    let enemy = enemy & !mv.captured;
    let was_king = pos.kings & from != B::ZERO;
    let mut kings = pos.kings & !mv.captured & !from;
    if was_king || mv.promotes {
        kings |= to;
    }
    if WHITE {
        (own, enemy, kings)
    } else {
        (enemy, own, kings)
    }
}
