//! Men's and short kings' captures at the last ply (and listed at the parent of the leaves):
//! sequences counted (or listed), not built, by a lean search whose state (the order kings are
//! taken in too) is passed along as arguments.

use super::flying_leaf::FlyingLeafCount;
use super::tally::LeanTally;
use crate::bits::Bits;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::kernel::{Kernel, Shape, score};
use crate::draughts::movegen::moves::Move;
use crate::draughts::schema::PromotionDuringCapture;

/// The capture search of men and short kings, whatever the precedence, at the last ply or at
/// the parent of the leaves: it counts (or lists) sequences without building them jump by
/// jump, the search state (the order kings are taken in too) passed along as arguments. (The
/// general search, [`super::capture::Capture`], serves flying kings under a precedence that
/// weighs that order.)
pub(in crate::draughts) struct ShortLeafCount<
    't,
    B: Bits,
    P: Shape,
    T,
    const WHITE: bool,
    const ORDER: bool,
> {
    pub(in crate::draughts) k: &'t Kernel<B>,
    /// Empty squares, the square the piece left included.
    pub(in crate::draughts) empty: B,
    pub(in crate::draughts) enemy: B,
    pub(in crate::draughts) enemy_kings: B,
    /// The pieces a man may take.
    pub(in crate::draughts) men_targets: B,
    pub(in crate::draughts) promotion_row: B,
    pub(in crate::draughts) from: u8,
    pub(in crate::draughts) started_as_king: bool,
    /// The tally, with the same bookkeeping (precedence, duplicates) as the general search's;
    /// borrowed (owned, it was moved in and out around every piece searched, copies that
    /// waited for the stores just made).
    pub(in crate::draughts) tally: &'t mut T,
    pub(in crate::draughts) _shape: std::marker::PhantomData<P>,
}

/// The jumps open to a piece on one square: the square each lands on, by [`Direction`]
/// (empty where there is none), and all of them.
struct Jumps<B> {
    landings: [B; 8],
    any: B,
}

/// The captures of the men and short kings `pieces` of the side to move (`WHITE`), among
/// `own`, `enemy` and `kings`, into `tally`: counted at the last ply, listed at the parent of
/// the leaves.
#[inline(always)]
pub(in crate::draughts) fn short_captures<B: Bits, P: Shape, T: LeanTally<B>, const WHITE: bool>(
    k: &Kernel<B>,
    own: B,
    enemy: B,
    kings: B,
    pieces: B,
    tally: &mut T,
) {
    // Whether the search keeps the order kings are taken in is a type parameter, so that the
    // rules that do not weigh it carry no code for it.
    macro_rules! search {
        ($order:literal) => {{
            let mut counter = ShortLeafCount::<B, P, T, WHITE, $order> {
                k,
                empty: B::ZERO,
                enemy,
                enemy_kings: enemy & kings,
                men_targets: k.man_targets(enemy, kings),
                promotion_row: k.promotion_rows[!WHITE as usize],
                from: 0,
                started_as_king: false,
                tally,
                _shape: std::marker::PhantomData,
            };
            let empty = k.squares::<P>() & !(own | enemy);
            let mut rest = pieces;
            while rest != B::ZERO {
                let from = rest.lowest_bit();
                rest ^= from;
                counter.from = from.lowest() as u8;
                counter.empty = empty | from;
                counter.started_as_king = kings & from != B::ZERO;
                counter.node(from, counter.started_as_king, B::ZERO, 0, 0);
            }
        }};
    }
    if k.king_order {
        search!(true)
    } else {
        search!(false)
    }
}

impl<B: Bits, P: Shape, T: LeanTally<B>, const WHITE: bool, const ORDER: bool>
    ShortLeafCount<'_, B, P, T, WHITE, ORDER>
{
    /// Landing squares of a jump from `at` in direction `d`. A jump back over the piece just
    /// taken never shows: taken pieces are no longer targets.
    #[inline(always)]
    pub(in crate::draughts) fn jump(&self, at: B, king: bool, d: Direction, captured: B) -> (B, B) {
        if !(king || P::MEN_BACKWARD || d.is_down() != WHITE) {
            return (B::ZERO, B::ZERO);
        }
        let targets = if king { self.enemy } else { self.men_targets } & !captured;
        let empty = if P::IMMEDIATE {
            self.empty | captured
        } else {
            self.empty
        };
        let victim = self.k.step::<P>(at, d) & targets;
        (victim, self.k.step::<P>(victim, d) & empty)
    }

    /// Jumps on from `at`, `order` the kings taken so far as [`score`] weighs them; returns
    /// whether any jump was possible.
    pub(in crate::draughts) fn node(
        &mut self,
        at: B,
        king: bool,
        captured: B,
        jumps: u32,
        order: u64,
    ) -> bool {
        let mut found = false;
        each_capture_direction!(P, d => {
            let (victim, landing) = self.jump(at, king, d, captured);
            if landing != B::ZERO {
                found = true;
                self.jump_on(victim, landing, d, king, captured, jumps, order);
            }
        });
        found
    }

    /// Takes `victim` in direction `d`, landing on `landing`, after `jumps` jumps have taken
    /// `captured` and the kings in `order`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn jump_on(
        &mut self,
        victim: B,
        landing: B,
        d: Direction,
        king: bool,
        captured: B,
        jumps: u32,
        order: u64,
    ) {
        // Jump number `jumps` (0-based) taking a king sets bit 63 - jumps.
        let order = if ORDER && victim & self.enemy_kings != B::ZERO {
            order | 1 << (63 - jumps.min(63))
        } else {
            order
        };
        self.land(landing, king, captured | victim, jumps + 1, d, order);
    }

    /// After a jump in direction `came` lands on `at`.
    #[inline(always)]
    pub(in crate::draughts) fn land(
        &mut self,
        at: B,
        king: bool,
        captured: B,
        jumps: u32,
        came: Direction,
        order: u64,
    ) {
        let mut king = king;
        if !king && at & self.promotion_row != B::ZERO {
            match self.k.promotion {
                PromotionDuringCapture::EndsMove => {
                    return self.count(at, captured, jumps, true, order);
                }
                PromotionDuringCapture::ContinueAsKing if P::FLYING => {
                    return self.crowned_flying(at, captured, jumps, came);
                }
                PromotionDuringCapture::ContinueAsKing => king = true,
                PromotionDuringCapture::OnlyAtEnd => {}
            }
        }
        let (started_as_king, promotion_row) = (self.started_as_king, self.promotion_row);
        let promotes = || !started_as_king && (king || at & promotion_row != B::ZERO);
        if P::ORTHOGONAL {
            // Eight directions: the jumps from here found once, for "any more?" and to go on
            // (on the diagonals alone, finding them twice is cheaper than keeping them).
            let next = self.jumps_from(at, king, captured);
            if next.any == B::ZERO {
                self.count(at, captured, jumps, promotes(), order);
            } else {
                self.branch(&next, king, captured, jumps, order);
            }
            return;
        }
        let mut more = B::ZERO;
        each_capture_direction!(P, d => {
            more |= self.jump(at, king, d, captured).1;
        });
        if more == B::ZERO || !self.node(at, king, captured, jumps, order) {
            self.count(at, captured, jumps, promotes(), order);
        }
    }

    /// The jumps from `at` in every capture direction.
    #[inline(always)]
    fn jumps_from(&self, at: B, king: bool, captured: B) -> Jumps<B> {
        let mut next = Jumps {
            landings: [B::ZERO; 8],
            any: B::ZERO,
        };
        each_capture_direction!(P, d => {
            let landing = self.jump(at, king, d, captured).1;
            next.landings[d as usize] = landing;
            next.any |= landing;
        });
        next
    }

    /// Each jump of `next` (some), taken after `jumps` jumps have taken `captured`.
    fn branch(&mut self, next: &Jumps<B>, king: bool, captured: B, jumps: u32, order: u64) {
        each_capture_direction!(P, d => {
            let landing = next.landings[d as usize];
            if landing != B::ZERO {
                let victim = self.k.step::<P>(landing, d.opposite());
                self.jump_on(victim, landing, d, king, captured, jumps, order);
            }
        });
    }

    /// A man crowned on `at` mid-capture goes on as a flying king (kept out of line: the rare
    /// case; never under a precedence that weighs the order kings are taken in, which the
    /// flying kings' lean search does not keep).
    #[inline(never)]
    fn crowned_flying(&mut self, at: B, captured: B, jumps: u32, came: Direction) {
        let mut search = FlyingLeafCount::<B, P, _>::new(
            self.k,
            self.k.squares::<P>() & !self.empty,
            self.enemy,
            self.enemy_kings,
            self.from,
            true,
            self.tally,
        );
        if !search.after(at.lowest(), came, true, captured, jumps) {
            self.count(at, captured, jumps, true, 0);
        }
    }

    /// Counts one complete capture sequence (`order`: the kings taken, by jump).
    #[inline(always)]
    pub(in crate::draughts) fn count(
        &mut self,
        to: B,
        captured: B,
        jumps: u32,
        promotes: bool,
        order: u64,
    ) {
        let kings = || (captured & self.enemy_kings).count();
        let score = if ORDER {
            score(self.k, jumps, kings(), self.started_as_king, order)
        } else {
            self.k.unordered_score(jumps, kings, self.started_as_king)
        };
        let mv = Move {
            captured,
            paths: 1,
            from: self.from,
            to: to.lowest() as u8,
            promotes,
        };
        self.tally.capture(mv, score, jumps);
    }
}
