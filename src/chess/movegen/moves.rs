//! A move of the chess family: its kinds (a piece's move, a promotion, en passant, castling, a
//! drop, a pass) as an enum.

use crate::chess::bitboard::Set;
use crate::chess::position::Position;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece goes from a point to a point, taking what stands there; with a promotion, it
    /// becomes a piece of that type.
    Normal {
        /// The point it leaves.
        from: u8,
        /// The point it goes to.
        to: u8,
        /// The type it becomes, if it promotes.
        promotion: Option<u8>,
    },
    /// A piece takes en passant: it goes to the point an enemy piece passed over, and that
    /// piece is taken where it stands.
    EnPassant {
        /// The point it leaves.
        from: u8,
        /// The point passed over, where it lands.
        to: u8,
    },
    /// Castling, written as the royal piece taking its own partner (as UCI writes Chess960
    /// castling): where each ends comes from the rules.
    Castle {
        /// The royal piece's point.
        king: u8,
        /// The partner's point.
        partner: u8,
    },
    /// A piece of the side to move's hand is put on an empty point.
    Drop {
        /// Its type.
        kind: u8,
        /// The point.
        to: u8,
    },
    /// The side to move passes (rules with `passing`), written as its royal piece's point
    /// twice, as Fairy-Stockfish writes it.
    Pass {
        /// The point of the royal piece of the side that passes.
        royal: u8,
    },
}

impl Move {
    /// The point the moving piece (the royal one, in castling) leaves; for a drop, the point
    /// it lands on.
    #[inline(always)]
    pub fn from(self) -> u32 {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from as u32,
            Move::Castle { king, .. } => king as u32,
            Move::Drop { to, .. } => to as u32,
            Move::Pass { royal } => royal as u32,
        }
    }

    /// The type of the piece that moves (the royal one, in castling; the dropped one).
    #[inline(always)]
    pub fn mover<B: Set>(self, pos: &Position<B>) -> u8 {
        match self {
            Move::Drop { kind, .. } => kind,
            _ => pos.kind_at(self.from()),
        }
    }

    /// The type dropped, for a drop.
    pub fn dropped(self) -> Option<usize> {
        match self {
            Move::Drop { kind, .. } => Some(kind as usize),
            _ => None,
        }
    }

    /// The point the move names as its end: the landing point, or the partner's point in
    /// castling.
    #[inline(always)]
    pub fn to(self) -> u32 {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Drop { to, .. } => {
                to as u32
            }
            Move::Castle { partner, .. } => partner as u32,
            Move::Pass { royal } => royal as u32,
        }
    }

    /// The type a promotion makes, if any.
    pub fn promotion(self) -> Option<usize> {
        match self {
            Move::Normal { promotion, .. } => promotion.map(usize::from),
            _ => None,
        }
    }

    /// A plain move from a point to a point.
    pub fn normal(from: u32, to: u32) -> Move {
        Move::Normal {
            from: from as u8,
            to: to as u8,
            promotion: None,
        }
    }
}
