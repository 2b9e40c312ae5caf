//! En passant and castling: few at any node, each played on the bitboards and its royal piece
//! tested for attack, the way the rule books state them.

use super::attack::Safety;
use super::{Castling, Engine, Move, Sink};
use crate::chess::bitboard::Set;
use crate::chess::position::Position;

impl<B: Set> Engine<B> {
    /// The en-passant captures of the side to move onto the points `pos.ep`.
    #[inline(never)]
    pub(crate) fn generate_en_passant<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        sink: &mut S,
    ) {
        let Some(ep) = self.en_passant else {
            return;
        };
        let us = pos.side as usize & 1;
        let mut takers = ep.takers;
        while takers != 0 {
            let kind = takers.trailing_zeros() as usize;
            takers &= takers - 1;
            let ours = pos.pieces(us, kind);
            if ours.is_empty() {
                continue;
            }
            for to in pos.ep.squares() {
                let from = self.tables.reverse(us, kind, to).free & ours;
                for p in from.squares() {
                    let mv = Move::EnPassant {
                        from: p as u8,
                        to: to as u8,
                    };
                    // An en-passant capture never promotes: it lands where the enemy piece
                    // passed, behind the enemy's start, far from any promotion zone.
                    if self.royal_safe_after(pos, safety, mv) {
                        sink.add_move(mv);
                    }
                }
            }
        }
    }

    /// Whether the mover's royal piece is safe after `mv` (played on a copy).
    #[inline]
    pub(crate) fn royal_safe_after(&self, pos: &Position<B>, safety: &Safety<B>, mv: Move) -> bool {
        if safety.royal.is_none() {
            return true;
        }
        let after = self.make(pos, mv);
        let us = pos.side as usize & 1;
        match self.royal_point(&after, us) {
            Some(r) => !self.attacked(&after, r, 1 - us, after.occupied(), B::ZERO),
            None => true,
        }
    }

    /// Where castling with the partner on `partner` puts the royal piece and the partner.
    #[inline]
    pub fn castling_targets(&self, c: &Castling<B>, us: usize, king: u32, partner: u32) -> (u32, u32) {
        let b = &self.board;
        let short = b.coordinates(partner).0 > b.coordinates(king).0;
        let wing = usize::from(!short);
        (
            b.point(c.king_to[wing], c.rank[us]),
            b.point(c.partner_to[wing], c.rank[us]),
        )
    }

    /// The points from `a` to `b` on one rank, both included.
    fn span(&self, a: u32, b: u32) -> B {
        let (fa, r) = self.board.coordinates(a);
        let (fb, _) = self.board.coordinates(b);
        (fa.min(fb)..=fa.max(fb)).fold(B::ZERO, |acc, f| acc | B::one(self.board.point(f, r)))
    }

    /// The castling moves of the side to move (not in check: the caller has seen to it).
    #[inline(never)]
    pub(crate) fn generate_castling<S: Sink<B>>(&self, pos: &Position<B>, c: &Castling<B>, sink: &mut S) {
        let us = pos.side as usize & 1;
        let them = 1 - us;
        let Some(king) = self.royal_point(pos, us) else {
            return;
        };
        if pos.kind_at(king) as u32 != c.king as u32 || !c.rank_points[us].has(king) {
            return;
        }
        let occupied = pos.occupied();
        for partner in (pos.castling & pos.sides[us]).squares() {
            let (king_to, partner_to) = self.castling_targets(c, us, king, partner);
            let movers = B::one(king) | B::one(partner);
            let must_be_empty = (self.span(king, king_to) | self.span(partner, partner_to)) & !movers;
            if !(must_be_empty & occupied).is_empty() {
                continue;
            }
            // The royal piece may not pass over or land on an attacked point (seen with the
            // board as it stands), nor be left attacked when both pieces stand on their
            // points.
            let passed = self.span(king, king_to) & !B::one(king);
            if passed
                .squares()
                .any(|p| self.attacked(pos, p, them, occupied, B::ZERO))
            {
                continue;
            }
            let mv = Move::Castle {
                king: king as u8,
                partner: partner as u8,
            };
            let after = self.make(pos, mv);
            if !self.attacked(&after, king_to, them, after.occupied(), B::ZERO) {
                sink.add_move(mv);
            }
        }
    }
}
