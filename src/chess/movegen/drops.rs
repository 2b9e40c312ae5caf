//! Drops: a captured piece goes to the capturer's hand (as the type the rules say: itself,
//! its unpromoted type, or, for a piece marked promoted, the type it promoted from), and a
//! side may put a piece of its hand on an empty point instead of moving, within the region
//! of that type, on no file where it has one already if the rules say so, and (for the
//! types that may not) not so as to checkmate at once.

use super::attack::Safety;
use super::engine::Engine;
use super::moves::Move;
use super::sink::Sink;
use super::specials::Drops;
use crate::chess::bitboard::Set;
use crate::chess::position::Position;
use crate::chess::tables::MAX_KINDS;

impl<B: Set> Engine<B> {
    /// Puts the piece of `kind` taken on `point` into `side`'s hand (rules with drops).
    #[inline]
    pub(crate) fn to_hand(&self, pos: &mut Position<B>, side: usize, kind: u8, point: u32) {
        let Some(d) = &self.drops else { return };
        if !d.captures_to_hand {
            pos.promoted &= !B::one(point);
            return;
        }
        let k = kind as usize % MAX_KINDS;
        let gets = if pos.promoted.holds(point) {
            d.reverts_to[k]
        } else {
            d.to_hand[k]
        };
        let slot = &mut pos.hands[side & 1][gets as usize % MAX_KINDS];
        *slot = slot.saturating_add(1);
        pos.promoted &= !B::one(point);
    }

    /// The legal drops of the side to move, into `sink`.
    #[inline(never)]
    pub(crate) fn generate_drops<S: Sink<B>, const PLAIN: bool>(
        &self,
        pos: &Position<B>,
        safety: &Safety<B>,
        d: &Drops<B>,
        sink: &mut S,
    ) {
        let us = pos.side as usize & 1;
        let occupied = pos.occupied();
        let mut empty = self.board.all() & !occupied;
        if PLAIN {
            // A drop only blocks: in check, it must land between the checker and the royal
            // piece (none in a double check or against a leap).
            empty &= safety.evasions;
        }
        if empty.is_empty() {
            return;
        }
        for kind in 0..self.kinds {
            if pos.hands[us][kind] == 0 {
                continue;
            }
            let mut targets = empty & d.region[us][kind];
            if d.one_per_file >> kind & 1 != 0 {
                for p in pos.pieces(us, kind).squares() {
                    targets &= !self.board.file_set(self.board.file(p));
                }
            }
            if !PLAIN && let Some(r) = safety.royal {
                // General rules: a drop may give a hopper its screen, or fail to block.
                let test = if safety.in_check {
                    targets
                } else {
                    targets & safety.danger
                };
                for to in test.squares() {
                    let after = occupied | B::one(to);
                    let placed = (to, kind as u8);
                    if self.attacked_with(pos, r, 1 - us, after, B::ZERO, placed) {
                        targets &= !B::one(to);
                    }
                }
            }
            if d.no_mate >> kind & 1 != 0
                && let Some(r) = self.royal_point(pos, 1 - us)
            {
                // Only a drop that gives check can mate: under plain rules, one on a point from
                // which the piece itself attacks the enemy's royal piece (no hopper's screen);
                // each such drop is played and the replies counted.
                // (A rider the reverse tables do not cover is tested everywhere.)
                let covered = !self.partial_riders[us].contains(&(kind as u8));
                let checking = if PLAIN && covered {
                    let rev = self.tables.reverse(us, kind, r);
                    targets & (rev.free | rev.lame | rev.ride)
                } else {
                    targets
                };
                for to in checking.squares() {
                    let mv = Move::Drop {
                        kind: kind as u8,
                        to: to as u8,
                    };
                    let next = self.make(pos, mv);
                    if self.in_check(&next) && self.count(&next) == 0 {
                        targets &= !B::one(to);
                    }
                }
            }
            if d.no_check >> kind & 1 != 0 && self.royal_point(pos, 1 - us).is_some() {
                // Each drop played and the check tested: it may give a hopper its screen.
                for to in targets.squares() {
                    let mv = Move::Drop {
                        kind: kind as u8,
                        to: to as u8,
                    };
                    if self.in_check(&self.make(pos, mv)) {
                        targets &= !B::one(to);
                    }
                }
            }
            if !targets.is_empty() {
                sink.add_drops(kind, targets);
            }
        }
    }
}
