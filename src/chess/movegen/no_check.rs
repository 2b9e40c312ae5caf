//! The rule that no move may give check, under plain rules, without playing the moves: the
//! points from which each piece type of the side to move would attack the enemy's royal
//! piece, and the pieces that shield it from one of the side's own riders, are worked out
//! once per node (as chess engines find their checking moves); a move then gives check when
//! it ends on such a point for its type, or when a shield leaves its line. Whole sets of
//! targets stay whole, so the last ply is still counted by set sizes.
//!
//! Why leaving a point never opens the mover's own full line: if the mover left a point
//! between its new point and the royal piece, it already stood on that line, nearer, with a
//! clear way (a rook's or a bishop's lines are the same from every point), so it would already
//! be giving check: a position that cannot arise, for which the moves are played and tested
//! instead. Other riders' lines through the point left are tested move by move. Moves
//! that change what a piece is or remove another piece (promotions, en passant, castling) are
//! played and tested too.

use super::engine::Engine;
use super::moves::Move;
use super::sink::Sink;
use super::specials::Promotion;
use crate::chess::bitboard::{LineAttacks, Set};
use crate::chess::position::Position;
use crate::chess::tables::{Kinds, MAX_KINDS};

/// The points from which a move would give check, for one node.
pub(crate) struct CheckSquares<B> {
    /// The enemy's royal piece.
    royal: u32,
    /// Per type of the side to move: where a piece of it attacks the royal piece.
    direct: [B; MAX_KINDS],
    /// The side's pieces that alone stand between one of its riders and the royal piece.
    shields: B,
    /// The side's riders of lines other than the full ones.
    partial: Kinds,
}

impl<B: Set> Engine<B> {
    /// The check points of `pos` for the side to move (plain rules), or `None` where there
    /// is no enemy royal piece (no move can give check) or where it is attacked already (a
    /// position play cannot reach: its moves are played and tested).
    #[inline]
    pub(crate) fn check_squares(&self, pos: &Position<B>) -> Option<CheckSquares<B>> {
        let us = pos.side as usize & 1;
        let r = self.royal_point(pos, 1 - us)?;
        let t = &self.tables;
        let occupied = pos.occupied();
        let own = pos.sides[us];
        let [orth_kinds, diag_kinds] = t.full_lines[us];
        let partial = self.partial_riders[us]
            .iter()
            .fold(0, |k, &kind| k | 1 << (kind as u32 & 31));
        let lines = self.board.lines();
        let orth = lines.orthogonal(r, occupied);
        let diag = lines.diagonal(r, occupied);
        let mut direct = [B::ZERO; MAX_KINDS];
        for (kind, squares) in direct.iter_mut().enumerate().take(self.kinds) {
            let rev = t.reverse(us, kind, r);
            let mut s = rev.free;
            if orth_kinds >> kind & 1 != 0 {
                s |= orth;
            }
            if diag_kinds >> kind & 1 != 0 {
                s |= diag;
            }
            if partial >> kind & 1 != 0 {
                for p in rev.ride.squares() {
                    if (self.board.between(r, p) & occupied).is_empty() {
                        s |= B::one(p);
                    }
                }
            }
            if !(s & pos.pieces(us, kind)).is_empty() {
                return None;
            }
            *squares = s;
        }
        let mut shields = B::ZERO;
        for &k in &t.riders[us] {
            let k = k as usize;
            for sniper in (t.reverse(us, k, r).ride & pos.pieces(us, k)).squares() {
                let on = self.board.between(r, sniper) & occupied;
                if on.count() == 1 {
                    shields |= on & own;
                }
            }
        }
        Some(CheckSquares {
            royal: r,
            direct,
            shields,
            partial,
        })
    }

    /// Of the plain moves from `from` to `targets` (no promotion), those that give no check.
    #[inline(always)]
    fn quiet_targets(&self, pos: &Position<B>, c: &CheckSquares<B>, from: u32, targets: B) -> B {
        let kind = pos.kind_at(from) as usize & (MAX_KINDS - 1);
        let mut keep = targets & !c.direct[kind];
        let us = pos.side as usize & 1;
        if c.partial >> kind & 1 != 0 {
            // A rider of lines other than the full ones: one whose way to the royal piece
            // runs through the point it leaves (a confined line may not have let it ride from
            // there).
            let occupied = pos.occupied() & !B::one(from);
            for to in (keep & self.tables.reverse(us, kind, c.royal).ride).squares() {
                let between = self.board.between(c.royal, to);
                if between.holds(from) && (between & occupied).is_empty() {
                    keep &= !B::one(to);
                }
            }
        }
        if c.shields.holds(from) {
            // A shield keeps shielding only on the line between the royal piece and its rider.
            keep &= self.pin_line(c.royal, from, pos.occupied());
        }
        keep
    }
}

/// A sink that passes on the moves that give no check, whole sets at a time where it can.
pub(crate) struct NoCheck<'a, B: Set, S> {
    /// Where the moves go.
    pub inner: &'a mut S,
    /// The engine.
    pub engine: &'a Engine<B>,
    /// The node.
    pub pos: &'a Position<B>,
    /// Its check points.
    pub checks: CheckSquares<B>,
}

impl<B: Set, S: Sink<B>> NoCheck<'_, B, S> {
    /// Whether `mv` gives check.
    #[inline]
    fn checks(&self, mv: Move) -> bool {
        match mv {
            Move::Normal {
                from,
                to,
                promotion: None,
            } => {
                let (from, to) = (from as u32, to as u32);
                self.engine
                    .quiet_targets(self.pos, &self.checks, from, B::one(to))
                    .is_empty()
            }
            Move::Drop { kind, to } => {
                self.checks.direct[kind as usize & (MAX_KINDS - 1)].holds(to as u32)
            }
            _ => self.engine.gives_check(self.pos, mv),
        }
    }
}

impl<B: Set, S: Sink<B>> Sink<B> for NoCheck<'_, B, S> {
    fn add(&mut self, from: u32, targets: B) {
        let keep = self
            .engine
            .quiet_targets(self.pos, &self.checks, from, targets);
        if !keep.is_empty() {
            self.inner.add(from, keep);
        }
    }
    fn add_promotions(&mut self, from: u32, targets: B, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            for mv in p.moves(from, to, side) {
                self.add_move(mv);
            }
        }
    }
    fn add_move(&mut self, mv: Move) {
        if !self.checks(mv) {
            self.inner.add_move(mv);
        }
    }
    fn add_by_offset(&mut self, targets: B, offset: i32) {
        for to in targets.squares() {
            self.add((to as i32 - offset) as u32, B::one(to));
        }
    }
    fn add_promotions_by_offset(&mut self, targets: B, offset: i32, p: &Promotion<B>, side: usize) {
        for to in targets.squares() {
            self.add_promotions((to as i32 - offset) as u32, B::one(to), p, side);
        }
    }
    fn add_drops(&mut self, kind: usize, targets: B) {
        let keep = targets & !self.checks.direct[kind & (MAX_KINDS - 1)];
        if !keep.is_empty() {
            self.inner.add_drops(kind, keep);
        }
    }
}
