//! The captures of the parent of the leaves, listed: straight from the bitboards when
//! [`super::leaf::leaf_captures_telling`] has found that each is one jump (none can go on),
//! the flying kings' told as they were counted; else searched by the leaves' lean searches (the
//! flying kings' where the precedence is blind to the order kings are taken in).

use super::flying_leaf::FlyingLeafCount;
use super::short_leaf::short_captures;
use crate::bits::Bits;
use crate::draughts::geometry::Direction;
use crate::draughts::geometry::Direction::{
    Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight,
};
use crate::draughts::movegen::capture::{captures, capturing};
use crate::draughts::movegen::kernel::{Kernel, Shape, single_kind};
use crate::draughts::movegen::lists::MoveList;
use crate::draughts::movegen::moves::{Move, sides};
use crate::draughts::position::Position;

/// What [`super::leaf::leaf_captures_telling`] tells about each flying king's one-jump
/// captures (from `from` over `victim`, ending on one of `ends`), made into moves in `list`
/// as they are counted.
#[inline(always)]
pub(in crate::draughts) fn list_flying_single<B: Bits>(
    list: &mut MoveList<B>,
) -> impl FnMut(u32, B, B) + '_ {
    |from, victim, ends| {
        let mut rest = ends;
        while rest != B::ZERO {
            let to = rest.lowest();
            rest = rest.without_lowest();
            list.moves.push(Move {
                captured: victim,
                paths: 1,
                from: from as u8,
                to: to as u8,
                promotes: false,
            });
        }
    }
}

/// Lists the captures of `pos` when [`super::leaf::leaf_captures_telling`] has found that
/// those of `pieces` may go on: searched, with precedence and duplicates.
#[inline(always)]
pub(in crate::draughts) fn searched_moves<B: Bits, P: Shape, const WHITE: bool>(
    k: &Kernel<B>,
    pos: &Position<B>,
    pieces: B,
    list: &mut MoveList<B>,
) {
    list.clear();
    let (own, enemy) = sides::<B, WHITE>(pos);
    // A king searched has a capture: where that outranks every man's, only the kings'
    // captures are listed.
    let own_kings = own & pos.kings;
    let only = if k.kings_outrank_men && pieces & own_kings != B::ZERO {
        own_kings
    } else {
        !B::ZERO
    };
    // Men and short kings by their lean search, whatever the precedence; the flying kings by
    // theirs where the precedence is blind to the order kings are taken in (as at the
    // leaves), else by the general one.
    let flying_kings = if P::FLYING { own_kings } else { B::ZERO };
    let short = capturing::<B, P, WHITE>(k, pos) & only & !flying_kings;
    if short != B::ZERO {
        short_captures::<B, P, _, WHITE>(k, own, enemy, pos.kings, short, list);
    }
    let lean = if P::FLYING && !k.king_order {
        own_kings & only
    } else {
        B::ZERO
    };
    let mut rest = lean;
    while rest != B::ZERO {
        let from = rest.lowest();
        rest = rest.without_lowest();
        FlyingLeafCount::<B, P, MoveList<B>>::new(
            k,
            (own | enemy) & !B::bit(from),
            enemy,
            enemy & pos.kings,
            from as u8,
            false,
            list,
        )
        .start(from);
    }
    let general = flying_kings & only & !lean;
    if general != B::ZERO {
        captures::<B, P, MoveList<B>, WHITE>(k, pos, general, list);
    }
}

/// Lists the captures of `pos` when [`super::leaf::leaf_captures_telling`] has found that each
/// is one jump, straight from the bitboards: those of the kinds the precedence keeps. The
/// flying kings' are in `list` already (told while they were counted: found once, not twice).
pub(in crate::draughts) fn single_jump_moves<B: Bits, P: Shape, const WHITE: bool>(
    k: &Kernel<B>,
    pos: &Position<B>,
    list: &mut MoveList<B>,
) {
    let (own, enemy) = sides::<B, WHITE>(pos);
    let empty = k.squares::<P>() & !(own | enemy);
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let man_targets = k.man_targets(enemy, pos.kings);
    let promotion_row = k.promotion_rows[!WHITE as usize];
    // The kings' captures first: where any capture by a king outranks every man's, the men's
    // are not looked for once a king has one.
    if !P::FLYING && kings != B::ZERO {
        each_capture_direction!(P, d => {
            let landings = k.step::<P>(k.step::<P>(kings, d) & enemy, d) & empty;
            push_jumps::<B, P>(k, list, landings, d, B::ZERO);
        });
    }
    if !k.kings_outrank_men || list.moves.is_empty() {
        each_capture_direction!(P, d => {
            if P::MEN_BACKWARD || d.is_down() != WHITE {
                let landings = k.step::<P>(k.step::<P>(men, d) & man_targets, d) & empty;
                push_jumps::<B, P>(k, list, landings, d, promotion_row);
            }
        });
    }
    // One capture has nothing to be weighed against.
    if !k.bulk_single_jumps && list.moves.len() > 1 {
        keep_best_single_jumps(k, pos, list);
    }
    list.captures = list.moves.len();
}

/// Lists the one-jump captures landing on `landings` along `d`, those landing on `promotion`
/// crowning the piece (none for kings).
#[inline(always)]
fn push_jumps<B: Bits, P: Shape>(
    k: &Kernel<B>,
    list: &mut MoveList<B>,
    landings: B,
    d: Direction,
    promotion: B,
) {
    let mut rest = landings;
    while rest != B::ZERO {
        let to = rest.lowest_bit();
        rest ^= to;
        let victim = k.step::<P>(to, d.opposite());
        let from = k.step::<P>(victim, d.opposite());
        list.moves.push(Move {
            captured: victim,
            paths: 1,
            from: from.lowest() as u8,
            to: to.lowest() as u8,
            promotes: to & promotion != B::ZERO,
        });
    }
}

/// Keeps the one-jump captures of `list` of the kinds the precedence prefers: those
/// [`Kernel::single_best`] keeps of the kinds present (the moves weighed against each other,
/// each move's score computed twice, was 2 % of Italian's middle game).
#[inline(never)]
fn keep_best_single_jumps<B: Bits>(k: &Kernel<B>, pos: &Position<B>, list: &mut MoveList<B>) {
    let kind = |m: &Move<B>| {
        single_kind(
            pos.kings & B::bit(m.from as u32) != B::ZERO,
            pos.kings & m.captured != B::ZERO,
        )
    };
    let present = list
        .moves
        .iter()
        .fold(0, |present, m| present | 1 << kind(m));
    let keep = k.single_best[present].0 as usize;
    if keep != present {
        list.moves.retain(|m| keep >> kind(m) & 1 != 0);
    }
}
