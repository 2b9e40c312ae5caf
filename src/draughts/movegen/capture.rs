//! Captures: the depth-first search of one piece's capture sequences, into a sink
//! ([`super::lists`]).

use super::kernel::{Kernel, Shape, nearest, score};
use super::lists::Sink;
use super::moves::{Move, sides};
use crate::bits::Bits;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::position::Position;
use crate::draughts::schema::{KingLanding, PromotionDuringCapture};

/// The search for capture sequences of one piece.
pub(in crate::draughts) struct Capture<'a, B: Bits, S: Sink<B>, P: Shape, const WHITE: bool> {
    pub(in crate::draughts) k: &'a Kernel<B>,
    pub(in crate::draughts) sink: &'a mut S,
    pub(in crate::draughts) from: u32,
    /// All pieces but the mover; captured pieces stay in it (they are removed after the move).
    pub(in crate::draughts) occupied: B,
    pub(in crate::draughts) enemy: B,
    pub(in crate::draughts) enemy_kings: B,
    /// The pieces a man may take (kings excluded where men may not take them).
    pub(in crate::draughts) men_targets: B,
    pub(in crate::draughts) captured: B,
    pub(in crate::draughts) promotion_row: B,
    pub(in crate::draughts) started_as_king: bool,
    pub(in crate::draughts) jumps: u32,
    pub(in crate::draughts) king_order: u64,
    pub(in crate::draughts) _shape: std::marker::PhantomData<P>,
}

impl<B: Bits, S: Sink<B>, P: Shape, const WHITE: bool> Capture<'_, B, S, P, WHITE> {
    /// Squares that block a capturing piece now.
    #[inline(always)]
    pub(in crate::draughts) fn blockers(&self) -> B {
        if P::IMMEDIATE {
            self.occupied & !self.captured
        } else {
            self.occupied
        }
    }

    #[inline(always)]
    pub(in crate::draughts) fn empty(&self) -> B {
        self.k.squares::<P>() & !self.blockers()
    }

    #[inline(always)]
    pub(in crate::draughts) fn take(&mut self, victim: u32) {
        let bit = B::bit(victim);
        self.captured |= bit;
        if self.k.king_order && self.enemy_kings & bit != B::ZERO {
            self.king_order |= 1u64 << (63 - self.jumps.min(63));
        }
        self.jumps += 1;
    }

    #[inline(always)]
    pub(in crate::draughts) fn untake(&mut self, victim: u32) {
        let bit = B::bit(victim);
        self.jumps -= 1;
        self.captured &= !bit;
        if self.k.king_order && self.enemy_kings & bit != B::ZERO {
            self.king_order &= !(1u64 << (63 - self.jumps.min(63)));
        }
    }

    /// The precedence score of the sequence so far (see [`score`]).
    pub(in crate::draughts) fn score(&self) -> u128 {
        score(
            self.k,
            self.captured.count(),
            (self.captured & self.enemy_kings).count(),
            self.started_as_king,
            self.king_order,
        )
    }

    #[inline(always)]
    pub(in crate::draughts) fn emit(&mut self, to: u32, king: bool) {
        let promotes =
            !self.started_as_king && (king || (B::bit(to)) & self.promotion_row != B::ZERO);
        let score = if self.k.criteria == 0 {
            0
        } else if self.k.score_is_jumps {
            self.jumps as u128
        } else {
            self.score()
        };
        let mv = Move {
            captured: self.captured,
            paths: 1,
            from: self.from as u8,
            to: to as u8,
            promotes,
        };
        self.sink.capture(mv, score, self.jumps);
    }

    /// Goes on from a landing square; returns whether the capture could continue.
    #[inline]
    pub(in crate::draughts) fn continue_from(
        &mut self,
        at: u32,
        king: bool,
        came: Direction,
        first_landing: bool,
    ) -> bool {
        if king && P::FLYING {
            self.flying(at, Some(came), first_landing)
        } else {
            self.short(at, king, Some(came))
        }
    }

    /// After a man or short king lands on `at` having captured in direction `came`.
    pub(in crate::draughts) fn land_short(&mut self, at: u32, king: bool, came: Direction) {
        if !king && (B::bit(at)) & self.promotion_row != B::ZERO {
            match self.k.promotion {
                PromotionDuringCapture::EndsMove => {
                    self.emit(at, true);
                    return;
                }
                PromotionDuringCapture::ContinueAsKing => {
                    if !self.continue_from(at, true, came, true) {
                        self.emit(at, true);
                    }
                    return;
                }
                PromotionDuringCapture::OnlyAtEnd => {}
            }
        }
        // Most captures end after one jump: a bitboard test of the landing square spares the
        // search its call when nothing more can be taken from there.
        let flying = king && P::FLYING;
        if !flying && !self.short_capture_possible(at, king) {
            self.emit(at, king);
            return;
        }
        if !self.continue_from(at, king, came, true) {
            self.emit(at, king);
        }
    }

    /// Whether a man or short king on `at` has any capture now (a necessary condition for
    /// [`Self::short`] to find one).
    #[inline(always)]
    pub(in crate::draughts) fn short_capture_possible(&self, at: u32, king: bool) -> bool {
        let capturable = if king { self.enemy } else { self.men_targets } & !self.captured;
        let empty = self.empty();
        let origin = B::bit(at);
        let mut hits = B::ZERO;
        if king || P::MEN_BACKWARD || WHITE {
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, UpLeft) & capturable, UpLeft);
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, UpRight) & capturable, UpRight);
        }
        if king || P::MEN_BACKWARD || !WHITE {
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, DownLeft) & capturable, DownLeft);
            hits |= self
                .k
                .step::<P>(self.k.step::<P>(origin, DownRight) & capturable, DownRight);
        }
        if P::ORTHOGONAL {
            let k = self.k;
            hits |= k.step::<P>(k.step::<P>(origin, Up) & capturable, Up);
            hits |= k.step::<P>(k.step::<P>(origin, Down) & capturable, Down);
            hits |= k.step::<P>(k.step::<P>(origin, Left) & capturable, Left);
            hits |= k.step::<P>(k.step::<P>(origin, Right) & capturable, Right);
        }
        hits & empty != B::ZERO
    }

    /// Captures by a man or a short king from `at`; returns whether there was any.
    pub(in crate::draughts) fn short(
        &mut self,
        at: u32,
        king: bool,
        came: Option<Direction>,
    ) -> bool {
        let capturable = if king { self.enemy } else { self.men_targets } & !self.captured;
        let empty = self.empty();
        let mut found = false;
        // Directions unrolled so that each step is a constant shift.
        if king || P::MEN_BACKWARD || WHITE {
            found |= self.short_in(at, king, came, UpLeft, capturable, empty);
            found |= self.short_in(at, king, came, UpRight, capturable, empty);
        }
        if king || P::MEN_BACKWARD || !WHITE {
            found |= self.short_in(at, king, came, DownLeft, capturable, empty);
            found |= self.short_in(at, king, came, DownRight, capturable, empty);
        }
        if P::ORTHOGONAL {
            found |= self.short_in(at, king, came, Up, capturable, empty);
            found |= self.short_in(at, king, came, Down, capturable, empty);
            found |= self.short_in(at, king, came, Left, capturable, empty);
            found |= self.short_in(at, king, came, Right, capturable, empty);
        }
        found
    }

    /// One direction of [`Self::short`].
    #[inline(always)]
    pub(in crate::draughts) fn short_in(
        &mut self,
        at: u32,
        king: bool,
        came: Option<Direction>,
        d: Direction,
        capturable: B,
        empty: B,
    ) -> bool {
        if !P::IMMEDIATE && came == Some(d.opposite()) {
            return false; // the piece just taken blocks the way back
        }
        let victim = self.k.step::<P>(B::bit(at), d) & capturable;
        if victim == B::ZERO {
            return false;
        }
        let landing = self.k.step::<P>(victim, d) & empty;
        if landing == B::ZERO {
            return false;
        }
        let v = victim.lowest();
        let l = landing.lowest();
        self.take(v);
        if S::WANTS_PATH {
            self.sink.land(self.jumps as usize - 1, l as u8);
        }
        self.land_short(l, king, d);
        self.untake(v);
        true
    }

    /// Captures by a flying king from `at`; returns whether there was any. After a capture in
    /// direction `came`, going on straight is looked at from the first landing square only (one
    /// path, whichever square between is touched), turning from every landing square.
    pub(in crate::draughts) fn flying(
        &mut self,
        at: u32,
        came: Option<Direction>,
        first_landing: bool,
    ) -> bool {
        let mut found = false;
        each_capture_direction!(P, d => {
            found |= self.flying_in(at, came, first_landing, d);
        });
        found
    }

    /// One direction of [`Self::flying`].
    #[inline(always)]
    pub(in crate::draughts) fn flying_in(
        &mut self,
        at: u32,
        came: Option<Direction>,
        first_landing: bool,
        d: Direction,
    ) -> bool {
        if let Some(c) = came {
            if d == c.opposite() && (!P::IMMEDIATE || !first_landing) {
                return false;
            }
            if d == c && !first_landing {
                return false;
            }
        }
        let blockers = self.blockers();
        let ray = self.k.ray(at, d) & blockers;
        if ray == B::ZERO {
            return false;
        }
        let v = nearest(ray, d);
        if (B::bit(v)) & self.enemy & !self.captured == B::ZERO {
            return false;
        }
        let landings = self.k.open_ray(v, d, blockers);
        if landings == B::ZERO {
            return false;
        }
        // The squares it may land on to go on capturing, and to end the capture there.
        let behind = || B::bit(nearest(landings, d));
        let (landings, last_landings) = match self.k.landing {
            KingLanding::AnySquareBeyond => (landings, landings),
            KingLanding::DirectlyBehind => (behind(), behind()),
            KingLanding::DirectlyBehindLastKing if (B::bit(v)) & self.enemy_kings != B::ZERO => {
                (landings, behind())
            }
            KingLanding::DirectlyBehindLastKing => (landings, landings),
        };
        self.take(v);
        let slot = self.jumps as usize - 1;
        let mut any = false;
        let mut rest = landings;
        let mut first = true;
        while rest != B::ZERO {
            let l = nearest(rest, d);
            rest &= !(B::bit(l));
            if S::WANTS_PATH {
                self.sink.land(slot, l as u8);
            }
            if self.flying(l, Some(d), first) {
                any = true;
            }
            first = false;
        }
        if !any {
            let mut rest = last_landings;
            while rest != B::ZERO {
                let l = nearest(rest, d);
                rest &= !(B::bit(l));
                if S::WANTS_PATH {
                    self.sink.land(slot, l as u8);
                }
                self.emit(l, true);
            }
        }
        self.untake(v);
        true
    }
}

/// The pieces of the side to move (`WHITE`) that may capture: its men and short kings with a
/// one-jump capture, and all its flying kings (they are searched).
#[inline(always)]
pub(in crate::draughts) fn capturing<B: Bits, P: Shape, const WHITE: bool>(
    k: &Kernel<B>,
    pos: &Position<B>,
) -> B {
    let (own, enemy) = sides::<B, WHITE>(pos);
    let empty = k.squares::<P>() & !(own | enemy);
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let man_targets = k.man_targets(enemy, pos.kings);
    let mut capturing = if P::FLYING { kings } else { B::ZERO };
    each_capture_direction!(P, d => {
        if P::MEN_BACKWARD || d.is_down() != WHITE {
            let back = d.opposite();
            capturing |= men & k.step::<P>(man_targets & k.step::<P>(empty, back), back);
        }
    });
    // Short kings looked at only where there are some (each line looked at again: the men's
    // and kings' tests in one loop, kings or not, cost 0.9 % more instructions on Italian
    // from the start, 0.4 % on English).
    if !P::FLYING && kings != B::ZERO {
        each_capture_direction!(P, d => {
            let back = d.opposite();
            capturing |= kings & k.step::<P>(enemy & k.step::<P>(empty, back), back);
        });
    }
    capturing
}

/// Generates every capture of the side to move (with precedence) into `sink`.
#[inline]
pub(in crate::draughts) fn captures<B: Bits, P: Shape, S: Sink<B>, const WHITE: bool>(
    k: &Kernel<B>,
    pos: &Position<B>,
    only: B,
    sink: &mut S,
) {
    let (own, enemy) = sides::<B, WHITE>(pos);
    let occupied = own | enemy;
    let man_targets = k.man_targets(enemy, pos.kings);
    // The pieces that have a capture at all: a quick bitboard test before the search.
    let pieces = capturing::<B, P, WHITE>(k, pos) & only;
    if pieces == B::ZERO {
        return;
    }
    let mut search = Capture::<B, S, P, WHITE> {
        k,
        sink,
        from: 0,
        occupied: B::ZERO,
        enemy,
        enemy_kings: enemy & pos.kings,
        men_targets: man_targets,
        captured: B::ZERO,
        promotion_row: k.promotion_rows[!WHITE as usize],
        started_as_king: false,
        jumps: 0,
        king_order: 0,
        _shape: std::marker::PhantomData,
    };
    let mut rest = pieces;
    while rest != B::ZERO {
        let from = rest.lowest();
        rest = rest.without_lowest();
        let bit = B::bit(from);
        search.from = from;
        search.occupied = occupied & !bit;
        let king = pos.kings & bit != B::ZERO;
        search.started_as_king = king;
        if king && P::FLYING {
            search.flying(from, None, true);
        } else {
            search.short(from, king, None);
        }
    }
}
