//! En passant and castling: few at any node, each played on the bitboards and its royal piece
//! tested for attack, the way the rule books state them.

use super::attack::Safety;
use super::engine::Engine;
use super::moves::Move;
use super::sink::Sink;
use super::specials::Castling;
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
    pub fn castling_targets(
        &self,
        c: &Castling<B>,
        us: usize,
        king: u32,
        partner: u32,
    ) -> (u32, u32) {
        let b = &self.board;
        let path = c.path(us, b.file(king), b.file(partner));
        (path.king_to, path.partner_to)
    }

    /// The castling moves of the side to move (not in check: the caller has seen to it);
    /// without `mind_attacks` (nothing royal to mind, or the caller tests each move), the
    /// castling piece's path is not looked at for attacks.
    #[inline(never)]
    pub(crate) fn generate_castling<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        c: &Castling<B>,
        mind_attacks: bool,
        sink: &mut S,
    ) {
        let us = pos.side as usize & 1;
        let them = 1 - us;
        let kings = pos.pieces(us, c.king as usize) & c.rank_points[us];
        if kings.is_empty() {
            return;
        }
        let king = kings.lowest();
        // A castling piece that is not royal (Giveaway's king) may pass attacked points.
        let royal = mind_attacks && self.royal >> c.king & 1 != 0;
        let occupied = pos.occupied();
        let king_file = self.board.file(king);
        for partner in (pos.castling & pos.sides[us]).squares() {
            let path = c.path(us, king_file, self.board.file(partner));
            if !(path.empty & occupied).is_empty() {
                continue;
            }
            // The royal piece may not pass over or land on an attacked point (seen with the
            // board as it stands), nor be left attacked when both pieces stand on their
            // points.
            if royal
                && path
                    .passed
                    .squares()
                    .any(|p| self.attacked(pos, p, them, occupied, B::ZERO))
            {
                continue;
            }
            // Both pieces on their points: the enemy's pieces are where they were, so the
            // board's occupancy after the move is all the test needs.
            let after = (occupied & !(B::one(king) | B::one(partner)))
                | B::one(path.king_to)
                | B::one(path.partner_to);
            let placed = (path.partner_to, pos.kind_at(partner));
            if !royal || !self.attacked_with(pos, path.king_to, them, after, B::ZERO, placed) {
                sink.add_move(Move::Castle {
                    king: king as u8,
                    partner: partner as u8,
                });
            }
        }
    }
}
