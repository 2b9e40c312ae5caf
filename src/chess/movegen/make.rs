//! Playing a move on a copy of the position (counters untouched: perft's path), and the
//! Zobrist hash that chooses a position's bucket in the shared table.

use super::engine::{Engine, splitmix64};
use super::moves::Move;
use crate::chess::bitboard::Set;
use crate::chess::fen::could_take_en_passant;
use crate::chess::geometry::NO_POINT;
use crate::chess::position::{EMPTY, Position};
use crate::chess::tables::MAX_KINDS;

/// What [`Engine::make_in_place`] changed that [`Engine::unmake`] cannot work out.
#[derive(Clone, Copy, Debug)]
pub struct Undo<B> {
    kind: u8,
    captured: u8,
    castling: B,
    ep: B,
    ep_victim: u8,
    checks: [u8; 2],
    passes: u8,
    hands: Option<([[u8; MAX_KINDS]; 2], B)>,
}

impl<B: Set> Engine<B> {
    /// Plays a plain move (`Move::Normal`) on `pos` itself, as [`Engine::make`] would: perft's
    /// last ply but one plays and takes back each move on one copy instead of copying the
    /// position for each.
    #[inline(always)]
    pub fn make_in_place(
        &self,
        pos: &mut Position<B>,
        from: u32,
        to: u32,
        promotion: Option<u8>,
    ) -> Undo<B> {
        let us = pos.side as usize & 1;
        let them = 1 - us;
        let kind = pos.kind_at(from) as usize % MAX_KINDS;
        let captured = pos.kind_at(to);
        let undo = Undo {
            kind: kind as u8,
            captured,
            castling: pos.castling,
            ep: pos.ep,
            ep_victim: pos.ep_victim,
            checks: pos.checks,
            passes: pos.passes,
            hands: self.drops.as_ref().map(|_| (pos.hands, pos.promoted)),
        };
        pos.passes = 0;
        let (f, t) = (B::one(from), B::one(to));
        if captured != EMPTY {
            pos.sides[them] ^= t;
            pos.kinds[captured as usize % MAX_KINDS] ^= t;
        }
        if let Some(d) = &self.drops {
            if captured != EMPTY {
                self.to_hand(pos, us, captured, to);
            }
            if pos.promoted.holds(from) {
                pos.promoted ^= f | t;
            } else if promotion.is_some() && d.reverting >> kind & 1 != 0 {
                pos.promoted |= t;
            }
        }
        pos.sides[us] ^= f | t;
        pos.kinds[kind] ^= f;
        let becomes = promotion.map_or(kind, usize::from) % MAX_KINDS;
        pos.kinds[becomes] |= t;
        B::set_at(&mut pos.board, to, becomes as u8);
        B::set_at(&mut pos.board, from, EMPTY);
        pos.side ^= 1;
        pos.ep = B::ZERO;
        pos.ep_victim = NO_POINT;
        if let Some(ep) = self.en_passant
            && ep.taken >> kind & 1 != 0
        {
            let pm = self.tables.at(us, kind, from);
            for leap in self.tables.lame_of(pm) {
                let path = leap.path & self.ep_onto[them];
                if leap.passes
                    && leap.moves.holds(to)
                    && !path.is_empty()
                    && could_take_en_passant(&self.tables, ep, pos, them, path)
                {
                    pos.ep = path;
                    pos.ep_victim = to as u8;
                }
            }
        }
        if !undo.castling.is_empty() {
            pos.castling &= !(f | t);
            if let Some(c) = &self.castling {
                if kind == c.king as usize {
                    pos.castling &= !pos.sides[us];
                }
                // A castling piece that is not royal may be taken (Giveaway): its side's
                // rights go with it.
                if captured == c.king {
                    pos.castling &= !pos.sides[them];
                }
            }
        }
        if captured != EMPTY
            && let Some(x) = &self.explosion
        {
            self.explode(pos, x, to);
        }
        if self.counts_checks {
            self.count_check(pos);
        }
        undo
    }

    /// Counts a check the move just played gives (n-check), for the side that played it.
    #[inline(never)]
    fn count_check(&self, next: &mut Position<B>) {
        if self.in_check(next) {
            let mover = 1 - (next.side as usize & 1);
            next.checks[mover] = next.checks[mover].saturating_add(1);
        }
    }

    /// Takes back what [`Engine::make_in_place`] played.
    #[inline(always)]
    pub fn unmake(&self, pos: &mut Position<B>, from: u32, to: u32, undo: Undo<B>) {
        pos.side ^= 1;
        let us = pos.side as usize & 1;
        let (f, t) = (B::one(from), B::one(to));
        let becomes = pos.kind_at(to) as usize % MAX_KINDS;
        pos.kinds[becomes] &= !t;
        pos.kinds[undo.kind as usize % MAX_KINDS] |= f;
        pos.sides[us] ^= f | t;
        if undo.captured != EMPTY {
            pos.sides[1 - us] |= t;
            pos.kinds[undo.captured as usize % MAX_KINDS] |= t;
        }
        B::set_at(&mut pos.board, from, undo.kind);
        B::set_at(&mut pos.board, to, undo.captured);
        pos.castling = undo.castling;
        pos.ep = undo.ep;
        pos.ep_victim = undo.ep_victim;
        pos.checks = undo.checks;
        pos.passes = undo.passes;
        if let Some((hands, promoted)) = undo.hands {
            pos.hands = hands;
            pos.promoted = promoted;
        }
    }

    /// The position after `mv` (counters untouched: the perft path).
    #[inline(always)]
    pub fn make(&self, pos: &Position<B>, mv: Move) -> Position<B> {
        let mut next = *pos;
        if let Move::Normal {
            from,
            to,
            promotion,
        } = mv
        {
            self.make_in_place(&mut next, from as u32, to as u32, promotion);
            return next;
        }
        let us = pos.side as usize & 1;
        let them = 1 - us;
        next.side ^= 1;
        next.ep = B::ZERO;
        next.ep_victim = NO_POINT;
        next.passes = 0;
        match mv {
            // Played above, in place.
            Move::Normal { .. } => {}
            Move::EnPassant { from, to } => {
                let (from, to) = (from as u32, to as u32);
                let victim = pos.ep_victim as u32;
                let kind = pos.kind_at(from) as usize % MAX_KINDS;
                let taken = pos.kind_at(victim) as usize % MAX_KINDS;
                let (f, t, v) = (B::one(from), B::one(to), B::one(victim));
                next.sides[us] ^= f | t;
                next.kinds[kind] ^= f | t;
                next.sides[them] ^= v;
                next.kinds[taken] ^= v;
                B::set_at(&mut next.board, to, kind as u8);
                B::set_at(&mut next.board, from, EMPTY);
                B::set_at(&mut next.board, victim, EMPTY);
                next.castling &= !v;
                if self.drops.is_some() {
                    self.to_hand(&mut next, us, taken as u8, victim);
                    if next.promoted.holds(from) {
                        next.promoted ^= f | t;
                    }
                }
                if let Some(x) = &self.explosion {
                    self.explode(&mut next, x, to);
                }
            }
            // Nothing moves: the turn passes.
            Move::Pass { .. } => next.passes = pos.passes.saturating_add(1),
            Move::Drop { kind, to } => {
                let slot = &mut next.hands[us][kind as usize % MAX_KINDS];
                *slot = slot.saturating_sub(1);
                next.put(us, kind as usize % MAX_KINDS, to as u32);
            }
            Move::Castle { king, partner } => {
                let (king, partner) = (king as u32, partner as u32);
                let c = self
                    .castling
                    .as_ref()
                    .expect("castling moves come from castling rules");
                let (king_to, partner_to) = self.castling_targets(c, us, king, partner);
                let k = pos.kind_at(king) as usize % MAX_KINDS;
                let r = pos.kind_at(partner) as usize % MAX_KINDS;
                let (kf, rf) = (B::one(king), B::one(partner));
                next.sides[us] &= !(kf | rf);
                next.kinds[k] &= !kf;
                next.kinds[r] &= !rf;
                B::set_at(&mut next.board, king, EMPTY);
                B::set_at(&mut next.board, partner, EMPTY);
                let (kt, rt) = (B::one(king_to), B::one(partner_to));
                next.sides[us] |= kt | rt;
                next.kinds[k] |= kt;
                next.kinds[r] |= rt;
                B::set_at(&mut next.board, king_to, k as u8);
                B::set_at(&mut next.board, partner_to, r as u8);
                next.castling &= !pos.sides[us];
            }
        }
        if self.counts_checks {
            self.count_check(&mut next);
        }
        next
    }

    #[inline(always)]
    fn key(&self, side: usize, kind: u8, point: u32) -> u64 {
        self.zobrist
            [((side & 1) * MAX_KINDS + kind as usize % MAX_KINDS) * 128 + (point as usize & 127)]
    }

    /// The key of what stands on `point` (0 when nothing does).
    #[inline(always)]
    fn key_at(&self, pos: &Position<B>, point: u32) -> u64 {
        let kind = pos.kind_at(point);
        if kind == EMPTY {
            0
        } else {
            self.key(usize::from(pos.sides[1].holds(point)), kind, point)
        }
    }

    /// The keys of the hands and the promoted pieces of a position.
    #[inline]
    fn hands_key(&self, pos: &Position<B>) -> u64 {
        let mut h = 0;
        for (side, hand) in pos.hands.iter().enumerate() {
            for (kind, &n) in hand.iter().enumerate() {
                if n > 0 {
                    h ^= splitmix64(
                        0x4A4D_0000 | (side as u64) << 12 | (kind as u64) << 8 | u64::from(n),
                    );
                }
            }
        }
        for p in pos.promoted.squares() {
            h ^= self.zobrist_rights[2][p as usize & 127];
        }
        h
    }

    /// The keys of the castling rights and en-passant points of a position.
    #[inline(always)]
    fn rights_key(&self, castling: B, ep: B) -> u64 {
        let mut h = 0;
        for p in castling.squares() {
            h ^= self.zobrist_rights[0][p as usize & 127];
        }
        for p in ep.squares() {
            h ^= self.zobrist_rights[1][p as usize & 127];
        }
        h
    }

    /// The Zobrist hash of a position, from scratch.
    pub fn zobrist(&self, pos: &Position<B>) -> u64 {
        let mut h = if pos.side == 1 {
            self.zobrist_second
        } else {
            0
        };
        for p in pos.occupied().squares() {
            h ^= self.key_at(pos, p);
        }
        h ^= self.rights_key(pos.castling, pos.ep) ^ checks_key(pos.checks);
        if self.drops.is_some() {
            h ^= self.hands_key(pos);
        }
        h
    }

    /// The Zobrist hash of `next`, the position after `mv`, from `hash`, the hash of `pos`.
    #[inline(always)]
    pub fn zobrist_after(&self, pos: &Position<B>, next: &Position<B>, hash: u64, mv: Move) -> u64 {
        let mut changed = (pos.sides[0] ^ next.sides[0]) | (pos.sides[1] ^ next.sides[1]);
        if let Move::Castle { king, partner } = mv {
            changed |= B::one(king as u32) | B::one(partner as u32);
            if let Some(c) = &self.castling {
                let (kt, rt) =
                    self.castling_targets(c, pos.side as usize & 1, king as u32, partner as u32);
                changed |= B::one(kt) | B::one(rt);
            }
        }
        let mut h = hash ^ self.zobrist_second;
        for p in changed.squares() {
            h ^= self.key_at(pos, p) ^ self.key_at(next, p);
        }
        if pos.castling != next.castling || pos.ep != next.ep {
            h ^= self.rights_key(pos.castling, pos.ep) ^ self.rights_key(next.castling, next.ep);
        }
        if pos.checks != next.checks {
            h ^= checks_key(pos.checks) ^ checks_key(next.checks);
        }
        if self.drops.is_some() && (pos.hands != next.hands || pos.promoted != next.promoted) {
            h ^= self.hands_key(pos) ^ self.hands_key(next);
        }
        h
    }
}

/// The key of the checks given (0 when none has been).
#[inline]
fn checks_key(checks: [u8; 2]) -> u64 {
    if checks == [0, 0] {
        0
    } else {
        splitmix64(0xC4EC_0000 | u64::from(checks[0]) << 8 | u64::from(checks[1]))
    }
}
