//! The moves of the pieces, per piece type, with what the type has besides leaps (its shape:
//! lame leaps, rides along files and ranks, along diagonals, along other lines, hops) as a
//! type parameter, so that a knight's loop holds no ride code and a rook's no leap table
//! walk.

use super::attack::Safety;
use super::engine::Engine;
use super::sink::Sink;
use crate::chess::bitboard::{LineAttacks, Set};
use crate::chess::position::Position;
use crate::chess::tables::{DIAGONAL, HOPS, LAME, ORTHOGONAL, PICKY, RIDES};

impl<B: Set> Engine<B> {
    /// Where the piece of `kind` of `side` on `p` may go: (moves to be masked with the empty
    /// points, captures to be masked with the enemy). The position is read only for the
    /// types of screens ([`PICKY`]).
    #[inline(always)]
    pub(crate) fn reach<const SHAPE: u8>(
        &self,
        pos: &Position<B>,
        side: usize,
        kind: usize,
        p: u32,
        occupied: B,
    ) -> (B, B) {
        let t = &self.tables;
        let pm = t.at(side, kind, p);
        let mut moves = pm.leap_moves;
        let mut captures = pm.leap_captures;
        if SHAPE & LAME != 0 && pm.shape & LAME != 0 {
            for l in t.lame_of(pm) {
                if (occupied & l.path).is_empty() {
                    moves |= l.moves;
                    captures |= l.captures;
                }
            }
        }
        let lines = self.board.lines();
        if SHAPE & ORTHOGONAL != 0 && pm.shape & ORTHOGONAL != 0 {
            let seen = lines.orthogonal(p, occupied);
            moves |= seen & pm.ride_move_to;
            captures |= seen & pm.ride_capture_to;
        }
        if SHAPE & DIAGONAL != 0 && pm.shape & DIAGONAL != 0 {
            let seen = lines.diagonal(p, occupied);
            moves |= seen & pm.ride_move_to;
            captures |= seen & pm.ride_capture_to;
        }
        let b = &self.board;
        if SHAPE & RIDES != 0 && pm.shape & RIDES != 0 {
            let mut rides = pm.rides;
            while rides != 0 {
                let v = rides.trailing_zeros() as usize;
                rides &= rides - 1;
                let ray = b.ray(p, v);
                let blockers = ray & occupied;
                let seen = if blockers.is_empty() {
                    ray
                } else {
                    ray & !b.ray(b.first(blockers, v), v)
                };
                moves |= seen & pm.ride_move_to;
                captures |= seen & pm.ride_capture_to;
            }
        }
        if SHAPE & HOPS != 0 && pm.shape & HOPS != 0 {
            let mut hops = pm.hops | pm.leaps_over;
            while hops != 0 {
                let v = hops.trailing_zeros() as usize;
                hops &= hops - 1;
                let blockers = b.ray(p, v) & occupied;
                if blockers.is_empty() {
                    continue;
                }
                let screen = b.first(blockers, v);
                if SHAPE & PICKY != 0 && t.refused_screens[kind] >> pos.kind_at(screen) & 1 != 0 {
                    continue;
                }
                if pm.leaps_over >> v & 1 != 0 {
                    let landing = b.step(screen, v);
                    if landing != crate::chess::geometry::NO_POINT as u32 {
                        moves |= B::one(landing) & pm.hop_move_to;
                        captures |= B::one(landing) & pm.hop_capture_to;
                    }
                    continue;
                }
                let beyond = b.ray(screen, v);
                let more = beyond & occupied;
                let open = if more.is_empty() {
                    beyond
                } else {
                    beyond & !b.ray(b.first(more, v), v)
                };
                moves |= open & !occupied & pm.hop_move_to;
                if !more.is_empty() {
                    captures |= B::one(b.first(more, v)) & pm.hop_capture_to;
                }
            }
        }
        (moves, captures)
    }

    /// The moves of every piece type of the side to move.
    #[inline(always)]
    pub(crate) fn generate_pieces<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        sink: &mut S,
    ) {
        let us = pos.side as usize & 1;
        for kind in 0..self.kinds {
            let pieces = pos.pieces(us, kind);
            if pieces.is_empty() {
                continue;
            }
            let (p, s) = (pos, safety);
            if PLAIN
                && self.tables.pawns[us] >> kind & 1 != 0
                && (self.royal | self.uneven_promotion) >> kind & 1 == 0
            {
                // Pawns that no pin holds move all at once; the pinned ones one by one.
                self.generate_pawns(p, s, kind, pieces & !s.blockers, sink);
                let pinned = pieces & s.blockers;
                if !pinned.is_empty() {
                    self.generate_kind::<S, LAME, PLAIN>(p, s, kind, pinned, sink);
                }
                continue;
            }
            const LO: u8 = LAME | ORTHOGONAL;
            const OD: u8 = ORTHOGONAL | DIAGONAL;
            const RH: u8 = ORTHOGONAL | HOPS;
            // Every shape but PICKY, so that hoppers of other rules never test screens' types.
            const ANY: u8 = LAME | ORTHOGONAL | DIAGONAL | RIDES | HOPS;
            const ALL: u8 = ANY | PICKY;
            match self.tables.shapes[us][kind] {
                0 => self.generate_kind::<S, 0, PLAIN>(p, s, kind, pieces, sink),
                LAME => self.generate_kind::<S, LAME, PLAIN>(p, s, kind, pieces, sink),
                ORTHOGONAL => self.generate_kind::<S, ORTHOGONAL, PLAIN>(p, s, kind, pieces, sink),
                DIAGONAL => self.generate_kind::<S, DIAGONAL, PLAIN>(p, s, kind, pieces, sink),
                OD => self.generate_kind::<S, OD, PLAIN>(p, s, kind, pieces, sink),
                LO => self.generate_kind::<S, LO, PLAIN>(p, s, kind, pieces, sink),
                RH => self.generate_kind::<S, RH, PLAIN>(p, s, kind, pieces, sink),
                shape if shape & PICKY == 0 => {
                    self.generate_kind::<S, ANY, PLAIN>(p, s, kind, pieces, sink)
                }
                _ => self.generate_kind::<S, ALL, PLAIN>(p, s, kind, pieces, sink),
            }
        }
    }

    /// Plain rules: the legal moves of pawns that no pin holds, all at once, by shifting the
    /// set of pawns one rank forward (and one file aside to capture).
    #[inline(always)]
    fn generate_pawns<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        kind: usize,
        pawns: B,
        sink: &mut S,
    ) {
        if pawns.is_empty() || safety.evasions.is_empty() {
            return;
        }
        let us = pos.side as usize & 1;
        let b = &self.board;
        let files = b.files() as i32;
        let forward = if us == 0 { files } else { -files };
        let all = b.all();
        let empty = all & !pos.occupied();
        let enemy = pos.sides[1 - us];
        let initial = self.tables.pawn_initial[us][kind];
        let single = pawns.shift(forward) & empty;
        let double = ((pawns & initial).shift(forward) & empty).shift(forward) & empty;
        // Toward file a and toward the last file, as the first side sees the board.
        let toward_a = (pawns & b.not_edge_file(0)).shift(forward - 1) & enemy;
        let toward_last = (pawns & b.not_edge_file(1)).shift(forward + 1) & enemy;
        let promotion = if self.promoting >> kind & 1 != 0 {
            self.promotion[kind].as_ref()
        } else {
            None
        };
        let zone = promotion.map_or(B::ZERO, |p| p.zone[us]);
        for (targets, offset) in [
            (single, forward),
            (double, 2 * forward),
            (toward_a, forward - 1),
            (toward_last, forward + 1),
        ] {
            let targets = targets & all & safety.evasions;
            match promotion {
                Some(pr) if !(targets & zone).is_empty() => {
                    sink.add_by_offset(targets & !zone, offset);
                    sink.add_promotions_by_offset(targets & zone, offset, pr, us);
                }
                _ => sink.add_by_offset(targets, offset),
            }
        }
    }

    /// The legal moves of the `pieces` of one type, whose shape is `SHAPE`.
    #[inline(always)]
    fn generate_kind<S: Sink<B>, const SHAPE: u8, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        kind: usize,
        mut pieces: B,
        sink: &mut S,
    ) {
        let us = pos.side as usize & 1;
        let occupied = pos.occupied();
        let empty = self.board.all() & !occupied;
        let enemy = pos.sides[1 - us];
        let royal = self.royal >> kind & 1 != 0;
        let promotion = if self.promoting >> kind & 1 != 0 {
            self.promotion[kind].as_ref()
        } else {
            None
        };
        let zone = promotion.map_or(B::ZERO, |p| p.zone[us]);
        if PLAIN && !royal && safety.evasions.is_empty() {
            return;
        }
        let careful_kind = royal || (!PLAIN && safety.in_check);
        while !pieces.is_empty() {
            let p = pieces.lowest();
            pieces = pieces.without_lowest();
            let (moves, captures) = self.reach::<SHAPE>(pos, us, kind, p, occupied);
            let mut targets = (moves & empty) | (captures & enemy);
            if SHAPE & PICKY != 0 {
                targets &= !self.of_kinds(pos, 1 - us, self.tables.spared[kind]);
            }
            if targets.is_empty() {
                continue;
            }
            if PLAIN && !royal {
                targets &= safety.evasions;
                if let Some(r) = safety.royal
                    && safety.blockers.holds(p)
                {
                    targets &= self.pin_line(r, p, occupied);
                }
                self.emit(sink, p, targets, zone, promotion, us);
                continue;
            }
            let (free, test) = if careful_kind || safety.blockers.holds(p) {
                (B::ZERO, targets)
            } else {
                (targets & !safety.danger, targets & safety.danger)
            };
            if !free.is_empty() {
                self.emit(sink, p, free, zone, promotion, us);
            }
            if PLAIN && royal {
                // The royal piece of plain rules: each point tested with the attackers' lines
                // gathered once.
                let riders = self.line_riders(pos, 1 - us);
                let occupied = pos.occupied() & !B::one(p);
                for to in test.squares() {
                    let removed = B::one(to);
                    if !self.attacked_plain_by(pos, to, 1 - us, occupied | removed, removed, riders)
                    {
                        self.emit(sink, p, removed, zone, promotion, us);
                    }
                }
                continue;
            }
            for to in test.squares() {
                if self.legal_after(pos, safety.royal, p, to) {
                    self.emit(sink, p, B::one(to), zone, promotion, us);
                }
            }
        }
    }

    /// Plain rules: where the piece on `p`, pinned to the royal piece on `r`, may go: the
    /// points between them, those between it and the pinner, and the pinner (a leaper along
    /// the line may not jump past the pinner).
    #[inline]
    pub(crate) fn pin_line(&self, r: u32, p: u32, occupied: B) -> B {
        let b = &self.board;
        let Some(v) = b.join(r, p) else {
            return B::ZERO;
        };
        let beyond = b.ray(p, v) & occupied;
        if beyond.is_empty() {
            return B::ZERO;
        }
        let pinner = b.first(beyond, v);
        b.between_along(r, pinner, v) | B::one(pinner)
    }

    /// Legal moves from `p` to `targets`, split where they promote.
    #[inline(always)]
    pub(crate) fn emit<S: Sink<B>>(
        &self,
        sink: &mut S,
        p: u32,
        targets: B,
        zone: B,
        promotion: Option<&super::Promotion<B>>,
        us: usize,
    ) {
        match promotion {
            Some(pr) if !pr.promoting(p, targets, zone).is_empty() => {
                let promoting = pr.promoting(p, targets, zone);
                let plain = targets & !promoting;
                if !plain.is_empty() {
                    sink.add(p, plain);
                }
                sink.add_promotions(p, promoting, pr, us);
            }
            _ => {
                if !targets.is_empty() {
                    sink.add(p, targets);
                }
            }
        }
    }

    /// Whether moving from `from` to `to` leaves the mover's royal piece safe.
    #[inline]
    pub(crate) fn legal_after(
        &self,
        pos: &Position<B>,
        royal: Option<u32>,
        from: u32,
        to: u32,
    ) -> bool {
        let Some(r) = royal else {
            return true;
        };
        let us = pos.side as usize & 1;
        let occupied = (pos.occupied() & !B::one(from)) | B::one(to);
        let r = if r == from { to } else { r };
        let placed = (to, pos.kind_at(from));
        !self.attacked_with(pos, r, 1 - us, occupied, B::one(to), placed)
    }
}
