//! Flying kings at the last ply: their one-jump captures read off the rays, and the kings
//! whose capture may go on (searched instead). A king that takes the first piece on a ray
//! lands on a square beyond it (which ones, the `[king] landing` rule says); its capture goes
//! on if, from a square it may land on, a line holds an enemy piece it may take next: across
//! (the two perpendicular lines), straight on past the squares beyond, or (pieces removed as
//! they are taken) straight back over the square just freed. Otherwise each square it may
//! stop on is one capture of one jump and one path.
use super::flying_leaf::across;
use super::*;
use crate::draughts::schema::KingLanding;

/// Whether a king on `at` may take the first piece along `d`: one of `capturable`, with the
/// square just behind it empty (not in `occupied`).
#[inline(always)]
fn takes_along(k: &Kernel, at: u32, d: Direction, occupied: u64, capturable: u64) -> bool {
    let ray = k.ray(at, d) & occupied;
    if ray == 0 {
        return false;
    }
    let victim = nearest(ray, d);
    if (1u64 << victim) & capturable == 0 {
        return false;
    }
    let behind = k.ray(victim, d);
    behind != 0 && (1u64 << nearest(behind, d)) & occupied == 0
}

/// The one-jump captures of the flying `kings` (of the side owning `own`, against `enemy`):
/// `single(from, victim, ends)` is called for each king and direction with a capture that
/// cannot go on, `ends` the squares it may stop on. Returns the kings with a capture that may
/// go on (their captures are not reported: they must be searched).
#[inline(always)]
pub(super) fn flying_singles<P: Shape>(
    k: &Kernel,
    own: u64,
    enemy: u64,
    enemy_kings: u64,
    kings: u64,
    mut single: impl FnMut(u32, u64, u64),
) -> u64 {
    let mut goes_on = 0u64;
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        // The square the king leaves is empty while it captures.
        let occupied = (own | enemy) & !(1u64 << from);
        // A king's one-jump captures, by direction: the piece taken and where it may stop.
        let mut found = [(0u64, 0u64); 4];
        let mut more = false;
        each_direction!(d => {
            let ray = k.ray(from, d) & occupied;
            if ray != 0 && !more {
                let v = nearest(ray, d);
                let victim = 1u64 << v;
                let beyond = if victim & enemy != 0 {
                    k.open_ray(v, d, occupied)
                } else {
                    0
                };
                if beyond != 0 {
                    let behind = 1u64 << nearest(beyond, d);
                    let (go_on_from, ends) = match k.landing {
                        KingLanding::AnySquareBeyond => (beyond, beyond),
                        KingLanding::DirectlyBehind => (behind, behind),
                        KingLanding::DirectlyBehindLastKing if victim & enemy_kings != 0 => {
                            (beyond, behind)
                        }
                        KingLanding::DirectlyBehindLastKing => (beyond, beyond),
                    };
                    // Pieces taken stay on the board until the move ends, or go at once.
                    let blockers = if P::IMMEDIATE { occupied & !victim } else { occupied };
                    let capturable = enemy & !victim;
                    let first = nearest(beyond, d);
                    more = takes_along(k, first, d, blockers, capturable)
                        || (P::IMMEDIATE
                            && go_on_from & behind != 0
                            && takes_along(k, first, d.opposite(), blockers, capturable));
                    let [a, b] = across(d);
                    let mut squares = go_on_from;
                    while squares != 0 && !more {
                        let at = squares.trailing_zeros();
                        squares &= squares - 1;
                        more = takes_along(k, at, a, blockers, capturable)
                            || takes_along(k, at, b, blockers, capturable);
                    }
                    found[d as usize] = (victim, ends);
                }
            }
        });
        if more {
            goes_on |= 1u64 << from;
            continue;
        }
        for (victim, ends) in found {
            if ends != 0 {
                single(from, victim, ends);
            }
        }
    }
    goes_on
}
