//! The parent of the leaves: its captures listed, its ordinary moves played straight from the
//! bitboards, and every child's replies counted in place (from what the opponent could do in
//! the parent, where the move leaves it unchanged).

use super::children::{child_count, weighted};
use super::leaf::{LeafCaptures, leaf_captures_telling};
use super::opponent_kings::OpponentKings;
use super::parent_captures::{list_flying_single, searched_moves, single_jump_moves};
use super::replies::Replies;
use crate::bits::Bits;
use crate::count::Count;
use crate::draughts::geometry::Direction::{DownLeft, DownRight, UpLeft, UpRight};
use crate::draughts::movegen::kernel::{Kernel, Shape};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::movegen::moves::{play_as, sides};
use crate::draughts::position::Position;

/// [`perft2`], the opponent having kings (`KINGS`) or not (compiled where
/// [`ParentOfLeaves`] puts it).
#[inline(always)]
pub(in crate::draughts) fn perft2_as<
    B: Bits,
    P: Shape,
    const KINDS: bool,
    const WHITE: bool,
    const KINGS: bool,
>(
    k: &Kernel<B>,
    count: Count,
    pos: &Position<B>,
    list: &mut MoveList<B>,
    leaf: &mut MoveList<B>,
) -> u64 {
    list.clear();
    // The flying kings' one-jump captures are listed as they are counted.
    let found = leaf_captures_telling::<B, P, KINDS, WHITE>(
        k,
        pos.white,
        pos.black,
        pos.kings,
        list_flying_single(list),
    );
    match found {
        // (None was told: a capture counted is at least one.)
        LeafCaptures::Counted(0) => {}
        LeafCaptures::Counted(_) => single_jump_moves::<B, P, WHITE>(k, pos, list),
        LeafCaptures::Search { pieces, .. } => searched_moves::<B, P, WHITE>(k, pos, pieces, list),
    }
    let mut total = 0u64;
    // The opponent replies in the children, counted from what it can do here: after a
    // capture too, where its men capture forward only and it has no flying kings (those are
    // followed for ordinary moves only). Where men capture backward too, mending the
    // opponent's four lines of steps for the pieces taken costs what counting the child
    // afresh does, and reading them once more in the parent tips it (Russian and
    // International from the start: 1-2 % more instructions a leaf).
    let mut flying_kings = OpponentKings::new();
    if !list.is_empty() {
        if (KINGS && P::FLYING) || P::MEN_BACKWARD {
            for mv in list.moves.iter() {
                let (white, black, kings) = play_as::<B, WHITE>(pos, mv);
                let n = child_count::<B, P, KINDS, WHITE>(k, count, white, black, kings, leaf);
                total += weighted(count, n, mv.paths);
            }
        } else {
            let replies = Replies::<B, P, KINDS, WHITE, KINGS>::read(k, pos, &mut flying_kings);
            for mv in list.moves.iter() {
                let (_, _, kings) = play_as::<B, WHITE>(pos, mv);
                let touched = B::bit(mv.from as u32) ^ B::bit(mv.to as u32);
                let n = replies.after(k, count, touched, mv.captured, kings, leaf);
                total += weighted(count, n, mv.paths);
            }
        }
        if k.compulsory {
            return total;
        }
    }
    let (own, enemy) = sides::<B, WHITE>(pos);
    let occupied = own | enemy;
    let empty = k.squares::<P>() & !occupied;
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let promotion_row = k.promotion_rows[!WHITE as usize];
    let replies = Replies::<B, P, KINDS, WHITE, KINGS>::read(k, pos, &mut flying_kings);
    each_forward!(WHITE, d => {
        let mut movers = men & k.step::<P>(empty, d.opposite());
        while movers != B::ZERO {
            let from = movers.lowest_bit();
            movers ^= from;
            let to = k.step::<P>(from, d);
            let kings_after = pos.kings | (to & promotion_row);
            total += replies.after(k, count, from | to, B::ZERO, kings_after, leaf);
        }
    });
    let mut rest = kings;
    while rest != B::ZERO {
        let from_bit = rest.lowest();
        let from = rest.lowest_bit();
        rest ^= from;
        each_direction!(d => {
            let mut targets = if P::FLYING {
                k.open_ray(from_bit, d, occupied)
            } else {
                k.step::<P>(from, d) & empty
            };
            while targets != B::ZERO {
                let to = targets.lowest_bit();
                targets ^= to;
                total += replies.after(k, count, from | to, B::ZERO, pos.kings ^ from ^ to, leaf);
            }
        });
    }
    total
}
