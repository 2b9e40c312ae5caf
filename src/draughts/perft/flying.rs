//! Flying kings at the last ply: their one-jump captures read off the rays, and the kings
//! whose capture may go on (searched instead). A king that takes the first piece on a ray
//! lands on a square beyond it (which ones, the `[king] landing` rule says); its capture goes
//! on if, from a square it may land on, a line holds an enemy piece it may take next: across
//! (the two perpendicular lines, and the rows and columns or the diagonals where pieces
//! capture along both kinds of line), straight on past the squares beyond, or (pieces removed as
//! they are taken) straight back over the square just freed. Otherwise each square it may
//! stop on is one capture of one jump and one path.

use crate::bits::Bits;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::kernel::{Kernel, Shape, before_first, nearest, past_first};
use crate::draughts::schema::KingLanding;

/// Whether a king on `at` may take the first piece along `d`: one of `capturable`, with the
/// square just behind it empty (not in `occupied`).
#[inline(always)]
fn takes_along<B: Bits>(k: &Kernel<B>, at: u32, d: Direction, occupied: B, capturable: B) -> bool {
    let ray = k.ray(at, d) & occupied;
    if ray == B::ZERO {
        return false;
    }
    let victim = nearest(ray, d);
    if (B::bit(victim)) & capturable == B::ZERO {
        return false;
    }
    let behind = k.ray(victim, d);
    behind != B::ZERO && B::bit(nearest(behind, d)) & occupied == B::ZERO
}

/// `seeds` and the squares reached from them along `d` through `open` squares, found for all
/// of them at once: a fill doubling its reach each round, as far as the longest line of the
/// compiled-in layout `P` (a square board: its number of columns).
#[inline(always)]
pub(in crate::draughts) fn fill<B: Bits, P: Shape>(
    k: &Kernel<B>,
    seeds: B,
    open: B,
    d: Direction,
) -> B {
    let mut reached = seeds;
    let mut open = open;
    let mut span = 1;
    while span < P::COLUMNS {
        let mut next = reached;
        let mut shifted = open;
        for _ in 0..span {
            next = k.step::<P>(next, d);
            shifted = k.step::<P>(shifted, d);
        }
        reached |= next & open;
        open &= shifted;
        span *= 2;
    }
    reached
}

/// Where the kings on the squares `from` would land taking the first piece along `d`, if it
/// is `capturable` with the square behind empty: the squares reached through empty ones
/// ([`fill`]), then the first pieces past them (none when no king there may take).
#[inline(always)]
fn across_from_any<B: Bits, P: Shape>(
    k: &Kernel<B>,
    from: B,
    d: Direction,
    occupied: B,
    capturable: B,
) -> B {
    let empty = k.squares::<P>() & !occupied;
    let reached = fill::<B, P>(k, from, empty, d);
    let victims = k.step::<P>(reached, d) & occupied & capturable;
    k.step::<P>(victims, d) & empty
}

/// The one-jump captures of the flying `kings` (of the side owning `own`, against `enemy`):
/// `single(from, victim, ends)` is called for each king and direction with a capture that
/// cannot go on, `ends` the squares it may stop on. Returns the kings with a capture that may
/// go on (their captures are not reported: they must be searched).
#[inline(always)]
pub(in crate::draughts) fn flying_singles<B: Bits, P: Shape>(
    k: &Kernel<B>,
    own: B,
    enemy: B,
    enemy_kings: B,
    kings: B,
    mut single: impl FnMut(u32, B, B),
) -> B {
    let mut goes_on = B::ZERO;
    let mut rest = kings;
    while rest != B::ZERO {
        let from = rest.lowest();
        rest = rest.without_lowest();
        // The square the king leaves is empty while it captures.
        let occupied = (own | enemy) & !(B::bit(from));
        // A king's one-jump captures, by direction: the piece taken and where it may stop.
        let mut found = [(B::ZERO, B::ZERO); 8];
        let mut more = false;
        each_capture_direction!(P, d => {
            // Whether there is a capture along the line, found without a branch: the first
            // piece past the open squares, an enemy, with the square behind it empty.
            let ray = k.ray(from, d);
            let pieces = ray & occupied;
            let open = before_first(ray, pieces, d);
            let victim = k.step::<P>(open | B::bit(from), d) & pieces & enemy;
            // (A step may land on the padding past an edge: only squares count.)
            let behind = k.step::<P>(victim, d) & k.squares::<P>() & !occupied;
            if !more && behind != B::ZERO {
                let beyond = past_first(ray, pieces, victim, d);
                let (go_on_from, ends) = match k.landing {
                    KingLanding::AnySquareBeyond => (beyond, beyond),
                    KingLanding::DirectlyBehind => (behind, behind),
                    KingLanding::DirectlyBehindLastKing if victim & enemy_kings != B::ZERO => {
                        (beyond, behind)
                    }
                    KingLanding::DirectlyBehindLastKing => (beyond, beyond),
                };
                // Pieces taken stay on the board until the move ends, or go at once.
                let blockers = if P::IMMEDIATE { occupied & !victim } else { occupied };
                let capturable = enemy & !victim;
                // Straight on: the piece past the squares beyond, one that may be taken, with
                // the square behind it empty. Then across, from any square the king may land
                // on; all found by set arithmetic and told at once (the answer is most often
                // no, so testing each in turn saved nothing).
                let next = k.step::<P>(beyond, d) & blockers & capturable;
                let mut goes = k.step::<P>(next, d) & k.squares::<P>() & !blockers;
                if P::COLUMNS != 0 {
                    each_across!(P, d, a => {
                        goes |= across_from_any::<B, P>(k, go_on_from, a, blockers, capturable);
                    });
                }
                more = goes != B::ZERO
                    || (P::IMMEDIATE
                        && go_on_from & behind != B::ZERO
                        && takes_along(k, nearest(beyond, d), d.opposite(), blockers, capturable));
                // A layout read at run time: square by square (a fill would not know
                // how long its lines are).
                let mut squares = if P::COLUMNS != 0 { B::ZERO } else { go_on_from };
                while squares != B::ZERO && !more {
                    let at = squares.lowest();
                    squares = squares.without_lowest();
                    each_across!(P, d, a => {
                        more = more || takes_along(k, at, a, blockers, capturable);
                    });
                }
                found[d as usize] = (victim, ends);
            }
        });
        if more {
            goes_on |= B::bit(from);
            continue;
        }
        let lines = if P::ORTHOGONAL { 8 } else { 4 };
        for &(victim, ends) in &found[..lines] {
            if ends != B::ZERO {
                single(from, victim, ends);
            }
        }
    }
    goes_on
}
