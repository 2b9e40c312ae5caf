//! The opponent's replies in the children of the parent of the leaves. An ordinary move
//! changes two squares, so what the opponent can do there is mostly what it could do in the
//! parent: its men's and short kings' steps and jumps are counted from the squares next to
//! them, found once in the parent ([`Replies::read`]); its flying kings' from what they could
//! do in the parent, looked at again only for a king whose lines the move touched
//! ([`OpponentKings`]). A capture changes those squares and takes some of the opponent's
//! pieces, whose steps are dropped from those read (flying kings are not followed through
//! captures). A child where a flying king can capture is counted in full.

use super::children::child_count;
use super::leaf::{any_of, opponent_captures_from};
use super::opponent_kings::OpponentKings;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::kernel::{Kernel, Shape};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::movegen::moves::sides;
use crate::draughts::position::Position;

/// What the parent of the leaves (`WHITE` to move, the opponent having kings or not:
/// `KINGS`) reads once about its opponent, to count the opponent's replies in each child
/// ([`Replies::after`]).
pub(in crate::draughts) struct Replies<
    'a,
    B: Bits,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
    const KINGS: bool,
> {
    /// The side to move's pieces in the parent, and the opponent's.
    own: B,
    enemy: B,
    occupied: B,
    empty: B,
    /// The opponent's short kings (read through [`Self::short_kings`]).
    short_kings: B,
    /// By direction: the squares the opponent's men step to (empty or not).
    reach: [B; 8],
    /// By direction: the squares the opponent's short kings step to.
    kings_reach: [B; 8],
    /// Kings the opponent's men may not take (all of them, or none).
    kings_immune: B,
    /// The opponent's flying kings (none followed where kings are short).
    flying_kings: &'a OpponentKings<B>,
    _shape: std::marker::PhantomData<P>,
}

impl<'a, B: Bits, P: Shape, const KINDS: bool, const WHITE: bool, const KINGS: bool>
    Replies<'a, B, P, KINDS, WHITE, KINGS>
{
    /// Whether the opponent's short kings are read (a constant).
    const SHORT_KINGS: bool = KINGS && !P::FLYING;

    /// Whether the opponent's men step (and, where men capture forward only, capture)
    /// along `e`.
    #[inline(always)]
    fn forward(e: Direction) -> bool {
        e.is_down() == WHITE
    }

    /// Whether the opponent's men capture along `e`.
    #[inline(always)]
    fn captures(e: Direction) -> bool {
        P::MEN_BACKWARD || Self::forward(e)
    }

    /// The opponent's short kings: none, a constant the compiler sees, where kings fly or
    /// there are none (read from the field while the struct was kept in memory, the code that
    /// follows them stayed in the flying-king variants: Russian mid-game +2 % wall).
    #[inline(always)]
    fn short_kings(&self) -> B {
        if Self::SHORT_KINGS {
            self.short_kings
        } else {
            B::ZERO
        }
    }

    /// Reads the opponent in `pos`, its flying kings into `flying_kings` (a place of their
    /// own: the views, about 200 bytes and read by index, kept in this struct made the
    /// compiler keep all of it in memory, 1.5 % more instructions on Russian mid-games).
    #[inline(always)]
    pub(in crate::draughts) fn read(
        k: &Kernel<B>,
        pos: &Position<B>,
        flying_kings: &'a mut OpponentKings<B>,
    ) -> Self {
        let (own, enemy) = sides::<B, WHITE>(pos);
        let occupied = own | enemy;
        let short_kings = if Self::SHORT_KINGS {
            enemy & pos.kings
        } else {
            B::ZERO
        };
        if KINGS && P::FLYING {
            flying_kings.read::<P>(k, enemy & pos.kings, occupied, own);
        }
        let men = enemy & !pos.kings;
        let mut reach = [B::ZERO; 8];
        let mut kings_reach = [B::ZERO; 8];
        each_capture_direction!(P, e => {
            reach[e as usize] = k.step::<P>(men, e);
            if Self::SHORT_KINGS {
                kings_reach[e as usize] = k.step::<P>(short_kings, e);
            }
        });
        Replies {
            own,
            enemy,
            occupied,
            empty: k.squares::<P>() & !occupied,
            short_kings,
            reach,
            kings_reach,
            kings_immune: if k.men_capture_kings {
                B::ZERO
            } else {
                !B::ZERO
            },
            flying_kings,
            _shape: std::marker::PhantomData,
        }
    }

    /// The opponent's replies, counted as `count` asks, in the child where the squares
    /// `touched` changed hands by the side to move's move and its pieces `captured` were
    /// taken (none after an ordinary move), `kings_after` the kings there.
    #[inline(always)]
    pub(in crate::draughts) fn after(
        &self,
        k: &Kernel<B>,
        count: Count,
        touched: B,
        captured: B,
        kings_after: B,
        leaf: &mut MoveList<B>,
    ) -> u64 {
        match self.counted_from_parent(k, count, touched, captured, kings_after, leaf) {
            Some(n) => n,
            None => {
                let moved = self.own ^ touched;
                let enemy = self.enemy & !captured;
                if WHITE {
                    child_count::<B, P, KINDS, WHITE>(k, count, moved, enemy, kings_after, leaf)
                } else {
                    child_count::<B, P, KINDS, WHITE>(k, count, enemy, moved, kings_after, leaf)
                }
            }
        }
    }

    /// [`Self::after`] from what was read in the parent, or `None` where a flying king can
    /// capture (or too many are followed), or pieces were taken where the opponent has flying
    /// kings (followed for ordinary moves only): the child is then counted in full.
    #[inline(always)]
    fn counted_from_parent(
        &self,
        k: &Kernel<B>,
        count: Count,
        touched: B,
        captured: B,
        kings_after: B,
        leaf: &mut MoveList<B>,
    ) -> Option<u64> {
        if KINGS && P::FLYING && captured != B::ZERO {
            return None;
        }
        let moved = self.own ^ touched;
        // The opponent's pieces taken are gone, and with them their steps (a step is a
        // shift: the squares next to other pieces stay).
        let enemy = self.enemy & !captured;
        let reach = |e: Direction| self.reach[e as usize] & !k.step::<P>(captured, e);
        let kings_reach = |e: Direction| self.kings_reach[e as usize] & !k.step::<P>(captured, e);
        let kings_quiet = if KINGS && P::FLYING {
            self.flying_kings
                .quiet_after::<P>(k, touched, self.occupied ^ touched, moved)
        } else {
            Some(0)
        };
        let kings_quiet = kings_quiet?;
        let empty_after = self.empty ^ touched ^ captured;
        let targets = moved & !(kings_after & self.kings_immune);
        let mut landing = [B::ZERO; 8];
        each_capture_direction!(P, e => {
            if Self::captures(e) {
                landing[e as usize] = k.step::<P>(reach(e) & targets, e) & empty_after;
            }
        });
        let mut quiet = kings_quiet;
        each_direction!(e => {
            if Self::forward(e) {
                quiet += (reach(e) & empty_after).count() as u64;
            }
        });
        let mut king_landing = [B::ZERO; 8];
        let mut any = any_of::<B, P>(&landing);
        if Self::SHORT_KINGS {
            each_capture_direction!(P, e => {
                king_landing[e as usize] = k.step::<P>(kings_reach(e) & moved, e) & empty_after;
            });
            each_direction!(e => {
                quiet += (kings_reach(e) & empty_after).count() as u64;
            });
            any |= any_of::<B, P>(&king_landing);
        }
        if any == B::ZERO {
            return Some(quiet);
        }
        // The opponent has a capture: the landings found go on to the count.
        let (white, black) = if WHITE {
            (moved, enemy)
        } else {
            (enemy, moved)
        };
        // The opponent moves: the side to move there is the other one (a literal each way).
        macro_rules! opponent_captures {
            ($white:literal) => {
                opponent_captures_from::<B, P, KINDS, $white>(
                    k,
                    count,
                    white,
                    black,
                    kings_after,
                    empty_after,
                    moved,
                    targets,
                    self.short_kings() & !captured,
                    landing,
                    king_landing,
                    leaf,
                )
            };
        }
        let n = if WHITE {
            opponent_captures!(false)
        } else {
            opponent_captures!(true)
        };
        Some(if k.compulsory { n } else { n + quiet })
    }
}
