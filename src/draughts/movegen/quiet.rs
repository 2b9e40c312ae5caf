//! Ordinary moves: listed for the search, counted by popcount at the last ply.
use super::*;

/// Generates ordinary moves into `sink`.
#[inline]
pub(super) fn quiet<P: Shape, S: Sink, const WHITE: bool>(
    k: &Kernel,
    pos: &Position,
    sink: &mut S,
) {
    let (own, enemy) = sides::<WHITE>(pos);
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let promotion_row = k.promotion_rows[!WHITE as usize];
    each_forward!(WHITE, d => {
        let mut movers = men & k.step::<P>(empty, d.opposite());
        while movers != 0 {
            let from = movers.trailing_zeros();
            movers &= movers - 1;
            let to = k.step::<P>(1u64 << from, d);
            sink.quiet(Move {
                captured: 0,
                paths: 1,
                from: from as u8,
                to: to.trailing_zeros() as u8,
                promotes: to & promotion_row != 0,
            });
        }
    });
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        each_direction!(d => {
            let mut targets = if P::FLYING {
                k.open_ray(from, d, occupied)
            } else {
                k.step::<P>(1u64 << from, d) & empty
            };
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                sink.quiet(Move {
                    captured: 0,
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
pub(super) fn count_flying_king_moves(k: &Kernel, kings: u64, occupied: u64) -> u64 {
    let mut n = 0u64;
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        each_direction!(d => {
            n += k.open_ray(from, d, occupied).count_ones() as u64;
        });
    }
    n
}

/// Counts ordinary moves without listing them.
#[inline(always)]
pub(super) fn count_quiet<P: Shape, const WHITE: bool>(
    k: &Kernel,
    white: u64,
    black: u64,
    all_kings: u64,
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
        n += (k.step::<P>(men, d) & empty).count_ones() as u64;
    });
    if kings == 0 {
        return n;
    }
    if P::FLYING {
        n += count_flying_king_moves(k, kings, occupied);
    } else {
        each_direction!(d => {
            n += (k.step::<P>(kings, d) & empty).count_ones() as u64;
        });
    }
    n
}
