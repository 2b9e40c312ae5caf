//! Positions of the chess family: the pieces of each side and of each type, a mailbox of
//! piece types, the side to move, the castling rights (the partners that keep one), the
//! points an enemy piece has just passed over (en passant), and the counters of the FEN.
//! Reading and writing FEN is [`super::fen`].

use super::bitboard::Set;
use super::geometry::NO_POINT;
use super::tables::MAX_KINDS;

/// The mailbox value of an empty point.
pub const EMPTY: u8 = NO_POINT;

/// A position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B: Set> {
    /// The pieces of each side.
    pub sides: [B; 2],
    /// The pieces of each type, both sides.
    pub kinds: [B; MAX_KINDS],
    /// The piece type on each point, or [`EMPTY`].
    pub board: B::Mailbox,
    /// The castling rights: the points of the partners (rooks) that may still castle.
    pub castling: B,
    /// The points the piece that has just moved passed over, where it may be taken en passant
    /// (empty when no en-passant capture is possible).
    pub ep: B,
    /// The point of the piece that may be taken en passant, or [`NO_POINT`].
    pub ep_victim: u8,
    /// The side to move: 0 or 1.
    pub side: u8,
    /// The checks each side has given (counted where the rules make the n-th check win).
    pub checks: [u8; 2],
    /// How many passes were played just before, in a row (rules with passing; a FEN does
    /// not say, and is read as 0).
    pub passes: u8,
    /// Per side, per piece type: the pieces in hand (rules with drops).
    pub hands: [[u8; MAX_KINDS]; 2],
    /// The pieces that were promoted and revert when captured (crazyhouse's `Q~`).
    pub promoted: B,
    /// Plies since the last capture or move of a piece that resets the move rule (FEN field
    /// 5).
    pub quiet_plies: u32,
    /// The move number (FEN field 6), from 1.
    pub move_number: u32,
}

impl<B: Set> Position<B> {
    /// An empty board, the first side to move.
    pub fn empty() -> Position<B> {
        Position {
            sides: [B::ZERO; 2],
            kinds: [B::ZERO; MAX_KINDS],
            board: B::EMPTY_MAILBOX,
            castling: B::ZERO,
            ep: B::ZERO,
            ep_victim: NO_POINT,
            side: 0,
            checks: [0; 2],
            passes: 0,
            hands: [[0; MAX_KINDS]; 2],
            promoted: B::ZERO,
            quiet_plies: 0,
            move_number: 1,
        }
    }

    /// Every occupied point.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.sides[0] | self.sides[1]
    }

    /// The piece type on `point`, or [`EMPTY`].
    #[inline(always)]
    pub fn kind_at(&self, point: u32) -> u8 {
        B::at(&self.board, point)
    }

    /// Puts a piece of `kind` for `side` on an empty `point`.
    pub fn put(&mut self, side: usize, kind: usize, point: u32) {
        self.sides[side] |= B::one(point);
        self.kinds[kind] |= B::one(point);
        B::set_at(&mut self.board, point, kind as u8);
    }

    /// Takes the piece off `point` (which must hold one).
    pub fn remove(&mut self, point: u32) {
        let kind = self.kind_at(point) as usize;
        let bit = B::one(point);
        self.sides[0] &= !bit;
        self.sides[1] &= !bit;
        self.kinds[kind % MAX_KINDS] &= !bit;
        self.promoted &= !bit;
        B::set_at(&mut self.board, point, EMPTY);
    }

    /// The side (0 or 1) of the piece on `point`, if any.
    pub fn side_at(&self, point: u32) -> Option<usize> {
        (0..2).find(|&s| self.sides[s].holds(point))
    }

    /// The pieces of `kind` of `side`.
    #[inline(always)]
    pub fn pieces(&self, side: usize, kind: usize) -> B {
        self.kinds[kind % MAX_KINDS] & self.sides[side & 1]
    }

    /// Whether two positions are the same for repetition: the same pieces on the same points,
    /// the same side to move, castling rights and en-passant points (counters aside).
    pub fn same_placement(&self, other: &Position<B>) -> bool {
        self.sides == other.sides
            && self.kinds == other.kinds
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.checks == other.checks
            && self.hands == other.hands
            && self.promoted == other.promoted
    }

    /// The position with its counters at their start values (what perft and `diff` compare).
    pub fn without_counters(&self) -> Position<B> {
        let mut p = *self;
        p.quiet_plies = 0;
        p.move_number = 1;
        p
    }

    /// The pieces in the hands, both sides.
    pub fn in_hand(&self) -> u32 {
        self.hands.iter().flatten().map(|&n| u32::from(n)).sum()
    }

    /// The exact key of the transposition table: the occupied points, then for each occupant
    /// in point order its side, its type and whether it keeps a castling right (six bits);
    /// where pieces are in hand or promoted pieces revert, a marker bit, a bit per occupant
    /// for promoted, the number of pieces in hand (six bits) and each (side and type, five
    /// bits) in order. The en-passant points (the lowest, their number and the piece that
    /// passed) in the last word's top 16 bits; the checks given, when any, in the 16 bits
    /// below them; the passes just played (0, 1, or 2 for two or more), when any, in the two
    /// bits below those. `None` when it does not fit.
    pub fn table_key(&self) -> Option<[u64; 8]> {
        let occupied = self.occupied();
        let checks = u64::from(self.checks[0]) | u64::from(self.checks[1]) << 8;
        let extra = !self.promoted.is_empty() || self.hands.iter().flatten().any(|&n| n > 0);
        let passes = u64::from(self.passes.min(2));
        let budget = if passes != 0 {
            6 * 64 - 34
        } else if checks == 0 {
            6 * 64 - 16
        } else {
            6 * 64 - 32
        };
        let n = occupied.count() as usize;
        let in_hand = self.in_hand() as usize;
        let bits = 6 * n + if extra { 1 + n + 6 + 5 * in_hand } else { 0 };
        if bits > budget || in_hand > 63 {
            return None;
        }
        let mut key = [0u64; 8];
        key[0] = occupied.word(0);
        if B::WORDS > 1 {
            key[1] = occupied.word(1);
        }
        let mut bit = 0usize;
        let mut put = |code: u64, width: usize| {
            let (word, shift) = (2 + bit / 64, bit % 64);
            key[word] |= code << shift;
            if shift + width > 64 && word + 1 < 8 {
                key[word + 1] |= code >> (64 - shift);
            }
            bit += width;
        };
        for p in occupied.squares() {
            let code = u64::from(self.sides[1].holds(p)) << 5
                | u64::from(self.kind_at(p) & 15) << 1
                | u64::from(self.castling.holds(p));
            put(code, 6);
        }
        if extra {
            put(1, 1);
            for p in occupied.squares() {
                put(u64::from(self.promoted.holds(p)), 1);
            }
            put(in_hand as u64, 6);
            for (side, hand) in self.hands.iter().enumerate() {
                for (kind, &count) in hand.iter().enumerate() {
                    for _ in 0..count {
                        put((side as u64) << 4 | kind as u64, 5);
                    }
                }
            }
        }
        if !self.ep.is_empty() {
            let ep = (self.ep.lowest() as u64)
                | (self.ep.count() as u64 & 1) << 7
                | (self.ep_victim as u64) << 8;
            key[7] |= ep << 48;
        }
        key[7] |= checks << 32 | passes << 30;
        Some(key)
    }
}
