//! Whether a point is attacked, and what the side to move must mind at a node (checks,
//! shields, hopper screens), in the plain and the general way (see the module above).

use super::engine::{Engine, FILE_DIRECTIONS};
use crate::chess::bitboard::{LineAttacks, Set};
use crate::chess::geometry::NO_POINT;
use crate::chess::position::Position;
use crate::chess::tables::Kinds;

/// What the side to move must mind at one node.
#[derive(Clone, Copy, Debug)]
pub struct Safety<B> {
    /// The royal piece's point, if the side has one.
    pub royal: Option<u32>,
    /// Whether it is attacked.
    pub in_check: bool,
    /// General rules: own pieces whose leaving may expose the royal piece. Plain rules: the
    /// pinned pieces (each may move only along the line through it and the royal piece).
    pub blockers: B,
    /// General rules: empty points where a piece would give a hopper its screen (or a
    /// grasshopper its hurdle) against the royal piece.
    pub danger: B,
    /// Plain rules: where a piece that is not royal may end (everywhere when not in check,
    /// the checker and the line to it in a single check, nowhere in a double check).
    pub evasions: B,
}

impl<B: Set> Safety<B> {
    /// Nothing to mind: every move the pieces make is legal as far as check goes.
    pub(super) fn none() -> Safety<B> {
        Safety::new(None)
    }

    fn new(royal: Option<u32>) -> Safety<B> {
        Safety {
            royal,
            in_check: false,
            blockers: B::ZERO,
            danger: B::ZERO,
            evasions: !B::ZERO,
        }
    }
}

impl<B: Set> Engine<B> {
    /// The pieces of `side` of the types in `kinds`.
    #[inline(always)]
    pub(crate) fn of_kinds(&self, pos: &Position<B>, side: usize, kinds: Kinds) -> B {
        let mut all = B::ZERO;
        let mut k = kinds;
        while k != 0 {
            all |= pos.kinds[k.trailing_zeros() as usize];
            k &= k - 1;
        }
        all & pos.sides[side & 1]
    }

    /// Whether the piece of `kind` of `side` on `p` captures on `target` by riding, `target`
    /// being the first point met from `p` along its line (nothing between).
    #[inline(always)]
    fn rides_to(&self, side: usize, kind: usize, p: u32, target: u32) -> bool {
        self.tables.at(side, kind, p).ride_capture_to.holds(target)
    }

    /// Likewise by hopping as a cannon along vector `v` (seen from the hopper).
    #[inline(always)]
    fn hops_to(&self, side: usize, kind: usize, p: u32, v: usize, target: u32) -> bool {
        let pm = self.tables.at(side, kind, p);
        pm.hops >> (v & 63) & 1 != 0 && pm.hop_capture_to.holds(target)
    }

    /// Likewise as a grasshopper (the hurdle just before `target`).
    #[inline(always)]
    fn leaps_over_to(&self, side: usize, kind: usize, p: u32, v: usize, target: u32) -> bool {
        let pm = self.tables.at(side, kind, p);
        pm.leaps_over >> (v & 63) & 1 != 0 && pm.hop_capture_to.holds(target)
    }

    /// Whether `target` is attacked by `attacker` when the board is `occupied` and the
    /// attacker's pieces on `removed` are gone (the mailbox is read only for its pieces, and
    /// for the screens of hoppers that may not hop over some types).
    #[inline]
    pub fn attacked(
        &self,
        pos: &Position<B>,
        target: u32,
        attacker: usize,
        occupied: B,
        removed: B,
    ) -> bool {
        self.attacked_with(
            pos,
            target,
            attacker,
            occupied,
            removed,
            (NO_POINT as u32, 0),
        )
    }

    /// [`Engine::attacked`] after a piece of type `placed.1` has come to the point `placed.0`
    /// (the mailbox not yet saying so).
    #[inline]
    pub fn attacked_with(
        &self,
        pos: &Position<B>,
        target: u32,
        attacker: usize,
        occupied: B,
        removed: B,
        placed: (u32, u8),
    ) -> bool {
        if self.plain {
            self.attacked_plain(pos, target, attacker, occupied, removed)
        } else {
            self.attacked_general(pos, target, attacker, occupied, removed, placed)
        }
    }

    /// Whether a hopper of `kind` may hop over the piece on `screen` (of type `placed.1` if
    /// that is `placed.0`).
    #[inline(always)]
    fn screens(&self, pos: &Position<B>, kind: usize, screen: u32, placed: (u32, u8)) -> bool {
        if !self.picky_screens {
            return true;
        }
        let refused = self.tables.refused_screens[kind & 15];
        refused == 0 || {
            let k = if screen == placed.0 {
                placed.1
            } else {
                pos.kind_at(screen)
            };
            refused >> (k & 31) & 1 == 0
        }
    }

    /// Free and lame leaps onto `target` by the attacker's pieces `enemy`.
    #[inline(always)]
    fn leaps_onto(
        &self,
        pos: &Position<B>,
        target: u32,
        attacker: usize,
        occupied: B,
        enemy: B,
    ) -> bool {
        let t = &self.tables;
        if (t.leap_reach[attacker & 1][target as usize & 127] & enemy).is_empty() {
            return false;
        }
        for &k in &t.leapers[attacker & 1] {
            let k = k as usize;
            let theirs = pos.kinds[k] & enemy;
            let r = t.reverse(attacker, k, target);
            if !(r.free & theirs).is_empty() {
                return true;
            }
            if (r.lame & theirs).is_empty() {
                continue;
            }
            for &(path, from) in t.reverse_lame_of(r) {
                if !(from & theirs).is_empty() && (path & occupied).is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// The pieces of `side` that ride every file and rank to the edge, and every diagonal
    /// (plain rules: what [`Engine::attacked_plain_by`] tests with line attacks).
    #[inline(always)]
    pub(crate) fn line_riders(&self, pos: &Position<B>, side: usize) -> [B; 2] {
        let [orth, diag] = self.tables.full_lines[side & 1];
        [
            self.of_kinds(pos, side, orth),
            self.of_kinds(pos, side, diag),
        ]
    }

    /// [`Engine::attacked`] under plain rules: leaps never blocked, the full lines by line
    /// attacks, other rides by the points between.
    #[inline]
    pub(crate) fn attacked_plain(
        &self,
        pos: &Position<B>,
        target: u32,
        attacker: usize,
        occupied: B,
        removed: B,
    ) -> bool {
        let riders = self.line_riders(pos, attacker);
        self.attacked_plain_by(pos, target, attacker, occupied, removed, riders)
    }

    /// [`Engine::attacked_plain`] with the attacker's full-line riders given.
    #[inline]
    pub(crate) fn attacked_plain_by(
        &self,
        pos: &Position<B>,
        target: u32,
        attacker: usize,
        occupied: B,
        removed: B,
        [orth, diag]: [B; 2],
    ) -> bool {
        let enemy = pos.sides[attacker & 1] & !removed;
        let t = &self.tables;
        let lines = self.board.lines();
        let orth = orth & enemy;
        if !orth.is_empty() && !(lines.orthogonal(target, occupied) & orth).is_empty() {
            return true;
        }
        let diag = diag & enemy;
        if !diag.is_empty() && !(lines.diagonal(target, occupied) & diag).is_empty() {
            return true;
        }
        if self.leaps_onto(pos, target, attacker, occupied, enemy) {
            return true;
        }
        for &k in &self.partial_riders[attacker & 1] {
            let k = k as usize;
            let from = t.reverse(attacker, k, target).ride & pos.kinds[k] & enemy;
            for s in from.squares() {
                if (self.board.between(target, s) & occupied).is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// [`Engine::attacked`] under general rules: leaps (free and lame), then each line from
    /// the target: the first piece met riding (or facing) back, the second hopping back as a
    /// cannon over the first, or a grasshopper over a hurdle just beside the target.
    #[inline]
    pub(crate) fn attacked_general(
        &self,
        pos: &Position<B>,
        target: u32,
        attacker: usize,
        occupied: B,
        removed: B,
        placed: (u32, u8),
    ) -> bool {
        let enemy = pos.sides[attacker & 1] & !removed;
        if self.leaps_onto(pos, target, attacker, occupied, enemy) {
            return true;
        }
        let b = &self.board;
        let liners = self.of_kinds(pos, attacker, self.line_kinds[attacker & 1]) & enemy;
        if liners.is_empty() {
            return false;
        }
        let grasshoppers = self.tables.grasshopper_vectors[attacker & 1] != 0;
        let mut dirs = self.scan[attacker & 1];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = b.ray(target, d);
            let blockers = ray & occupied;
            if (ray & liners).is_empty() || blockers.is_empty() {
                continue;
            }
            let p1 = b.first(blockers, d);
            if enemy.holds(p1) {
                let k1 = pos.kind_at(p1) as usize;
                if self.rides_to(attacker, k1, p1, target)
                    || (self.facing && FILE_DIRECTIONS >> d & 1 != 0 && self.royal >> k1 & 1 != 0)
                {
                    return true;
                }
            }
            let rest = b.ray(p1, d) & occupied;
            if rest.is_empty() {
                continue;
            }
            let p2 = b.first(rest, d);
            if enemy.holds(p2) {
                let k2 = pos.kind_at(p2) as usize;
                let back = b.opposite(d);
                if (self.hops_to(attacker, k2, p2, back, target)
                    || (grasshoppers
                        && p1 == b.step(target, d)
                        && self.leaps_over_to(attacker, k2, p2, back, target)))
                    && self.screens(pos, k2, p1, placed)
                {
                    return true;
                }
            }
        }
        false
    }

    /// What the side to move must mind (see the module's documentation).
    #[inline(always)]
    pub fn safety<const PLAIN: bool>(&self, pos: &Position<B>) -> Safety<B> {
        let us = pos.side as usize & 1;
        let Some(r) = self.royal_point(pos, us) else {
            return Safety::new(None);
        };
        if PLAIN {
            self.safety_plain(pos, r)
        } else {
            self.safety_general(pos, r)
        }
    }

    /// Plain rules: the checkers, the evasion squares and the pins.
    #[inline(always)]
    fn safety_plain(&self, pos: &Position<B>, r: u32) -> Safety<B> {
        let us = pos.side as usize & 1;
        let them = 1 - us;
        let t = &self.tables;
        let occupied = pos.occupied();
        let own = pos.sides[us];
        let enemy = pos.sides[them];
        let mut s = Safety::new(Some(r));
        let mut checkers = B::ZERO;
        if !(t.leap_reach[them][r as usize & 127] & enemy).is_empty() {
            for &k in &t.leapers[them] {
                let k = k as usize;
                checkers |= t.reverse(them, k, r).free & pos.kinds[k] & enemy;
            }
        }
        let mut line = B::ZERO;
        for &k in &t.riders[them] {
            let k = k as usize;
            let snipers = t.reverse(them, k, r).ride & pos.kinds[k] & enemy;
            for sniper in snipers.squares() {
                let between = self.board.between(r, sniper);
                let on = between & occupied;
                if on.is_empty() {
                    checkers |= B::one(sniper);
                    line |= between;
                } else if on.count() == 1 && !(on & own).is_empty() {
                    s.blockers |= on;
                }
            }
        }
        if !checkers.is_empty() {
            s.in_check = true;
            s.evasions = if checkers.count() == 1 {
                checkers | line
            } else {
                B::ZERO
            };
        }
        s
    }

    /// General rules: the existing check, the shields and the hopper screens.
    #[inline(always)]
    fn safety_general(&self, pos: &Position<B>, r: u32) -> Safety<B> {
        let us = pos.side as usize & 1;
        let them = 1 - us;
        let occupied = pos.occupied();
        let own = pos.sides[us];
        let enemy = pos.sides[them];
        let t = &self.tables;
        let b = &self.board;
        let mut s = Safety::new(Some(r));
        if !(t.leap_reach[them][r as usize & 127] & enemy).is_empty() {
            for &k in &t.leapers[them] {
                let k = k as usize;
                let theirs = pos.kinds[k] & enemy;
                let rev = t.reverse(them, k, r);
                if !(rev.free & theirs).is_empty() {
                    s.in_check = true;
                }
                if (rev.lame & theirs).is_empty() {
                    continue;
                }
                for &(path, from) in t.reverse_lame_of(rev) {
                    if (from & theirs).is_empty() {
                        continue;
                    }
                    let on = path & occupied;
                    if on.is_empty() {
                        s.in_check = true;
                    } else if on.count() == 1 {
                        s.blockers |= on & own;
                    }
                }
            }
        }
        let liners = self.of_kinds(pos, them, self.line_kinds[them]);
        let grasshoppers = t.grasshopper_vectors[them] != 0;
        let mut dirs = self.scan[them];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = b.ray(r, d);
            let b1 = ray & occupied;
            if (ray & liners).is_empty() {
                continue;
            }
            let back = b.opposite(d);
            let line_attacker = |p: u32| {
                enemy.holds(p) && {
                    let k = pos.kind_at(p) as usize;
                    self.rides_to(them, k, p, r)
                        || (self.facing
                            && FILE_DIRECTIONS >> d & 1 != 0
                            && self.royal >> k & 1 != 0)
                }
            };
            let hopper =
                |p: u32| enemy.holds(p) && self.hops_to(them, pos.kind_at(p) as usize, p, back, r);
            let grasshopper = |p: u32| {
                grasshoppers
                    && enemy.holds(p)
                    && self.leaps_over_to(them, pos.kind_at(p) as usize, p, back, r)
            };
            let beside = b.step(r, d);
            if b1.is_empty() {
                continue;
            }
            let p1 = b.first(b1, d);
            if line_attacker(p1) {
                s.in_check = true;
            }
            if hopper(p1) {
                s.danger |= b.between_along(r, p1, d);
            }
            if grasshopper(p1) && p1 != beside && beside != NO_POINT as u32 {
                // A piece put beside the royal piece would be the grasshopper's hurdle.
                s.danger |= B::one(beside);
            }
            let b2 = b.ray(p1, d) & occupied;
            if b2.is_empty() {
                continue;
            }
            let p2 = b.first(b2, d);
            if hopper(p2) {
                let none = (NO_POINT as u32, 0);
                if self.screens(pos, pos.kind_at(p2) as usize, p1, none) {
                    s.in_check = true;
                } else {
                    // A piece that may be its screen, taking this one, would give check.
                    s.danger |= B::one(p1);
                }
            }
            if line_attacker(p2) {
                s.blockers |= B::one(p1) & own;
            }
            if grasshopper(p2) {
                let none = (NO_POINT as u32, 0);
                if p1 == beside && self.screens(pos, pos.kind_at(p2) as usize, p1, none) {
                    s.in_check = true;
                } else if p1 == beside {
                    s.danger |= B::one(p1);
                } else {
                    // The first piece may step beside the royal piece and become the hurdle.
                    s.blockers |= B::one(p1) & own;
                }
            }
            let b3 = b.ray(p2, d) & occupied;
            if b3.is_empty() {
                continue;
            }
            let p3 = b.first(b3, d);
            if hopper(p3) {
                s.blockers |= (B::one(p1) | B::one(p2)) & own;
            }
            if p1 == beside && grasshopper(p3) {
                s.blockers |= B::one(p2) & own;
            }
        }
        s
    }
}
