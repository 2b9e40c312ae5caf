//! Ordinary moves: listed for the search, counted by popcount at the last ply.

use super::kernel::{Kernel, Shape};
use super::lists::Sink;
use super::moves::{Move, sides};
use crate::bits::Bits;
use crate::draughts::geometry::Direction::{DownLeft, DownRight, UpLeft, UpRight};
use crate::draughts::position::Position;

/// Generates ordinary moves into `sink`.
#[inline]
pub(in crate::draughts) fn quiet<B: Bits, P: Shape, S: Sink<B>, const WHITE: bool>(
    k: &Kernel<B>,
    pos: &Position<B>,
    sink: &mut S,
) {
    let (own, enemy) = sides::<B, WHITE>(pos);
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let promotion_row = k.promotion_rows[!WHITE as usize];
    each_forward!(WHITE, d => {
        let mut movers = men & k.step::<P>(empty, d.opposite());
        while movers != B::ZERO {
            let from = movers.lowest();
            movers = movers.without_lowest();
            let to = k.step::<P>(B::bit(from), d);
            sink.quiet(Move {
                captured: B::ZERO,
                paths: 1,
                from: from as u8,
                to: to.lowest() as u8,
                promotes: to & promotion_row != B::ZERO,
            });
        }
    });
    let mut rest = kings;
    while rest != B::ZERO {
        let from = rest.lowest();
        rest = rest.without_lowest();
        each_direction!(d => {
            let mut targets = if P::FLYING {
                k.open_ray(from, d, occupied)
            } else {
                k.step::<P>(B::bit(from), d) & empty
            };
            while targets != B::ZERO {
                let to = targets.lowest();
                targets = targets.without_lowest();
                sink.quiet(Move {
                    captured: B::ZERO,
                    paths: 1,
                    from: from as u8,
                    to: to as u8,
                    promotes: false,
                });
            }
        });
    }
}

/// The ordinary moves of flying `kings` (kept out of line: kings are the rarer case).
#[inline(never)]
pub(in crate::draughts) fn count_flying_king_moves<B: Bits>(
    k: &Kernel<B>,
    kings: B,
    occupied: B,
) -> u64 {
    let mut n = 0u64;
    let mut rest = kings;
    while rest != B::ZERO {
        let from = rest.lowest();
        rest = rest.without_lowest();
        each_direction!(d => {
            n += k.open_ray(from, d, occupied).count() as u64;
        });
    }
    n
}

/// Counts ordinary moves without listing them.
#[inline(always)]
pub(in crate::draughts) fn count_quiet<B: Bits, P: Shape, const WHITE: bool>(
    k: &Kernel<B>,
    white: B,
    black: B,
    all_kings: B,
) -> u64 {
    let (own, enemy) = if WHITE {
        (white, black)
    } else {
        (black, white)
    };
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !all_kings;
    let kings = own & all_kings;
    let mut n = 0u64;
    each_forward!(WHITE, d => {
        n += (k.step::<P>(men, d) & empty).count() as u64;
    });
    if kings == B::ZERO {
        return n;
    }
    if P::FLYING {
        n += count_flying_king_moves(k, kings, occupied);
    } else {
        each_direction!(d => {
            n += (k.step::<P>(kings, d) & empty).count() as u64;
        });
    }
    n
}
