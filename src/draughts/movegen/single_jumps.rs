//! The captures of the parent of the leaves listed straight from the bitboards when
//! [`super::leaf::leaf_captures`] has found that each is one jump (none can go on).
use super::*;

/// Lists the captures of `pos` when [`super::leaf::leaf_captures`] has found that each is one jump, straight
/// from the bitboards: those of the kinds the precedence keeps.
pub(super) fn single_jump_moves<B: Bits, P: Shape, const WHITE: bool>(
    k: &Kernel<B>,
    pos: &Position<B>,
    list: &mut MoveList<B>,
) {
    let (own, enemy) = sides::<B, WHITE>(pos);
    let empty = k.squares::<P>() & !(own | enemy);
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let man_targets = if k.men_capture_kings {
        enemy
    } else {
        enemy & !pos.kings
    };
    let promotion_row = k.promotion_rows[!WHITE as usize];
    let mut push = |landings: B, d: Direction, man: bool| {
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
                promotes: man && to & promotion_row != B::ZERO,
            });
        }
    };
    each_capture_direction!(P, d => {
        if P::MEN_BACKWARD || d.is_down() != WHITE {
            push(k.step::<P>(k.step::<P>(men, d) & man_targets, d) & empty, d, true);
        }
        if !P::FLYING && kings != B::ZERO {
            push(k.step::<P>(k.step::<P>(kings, d) & enemy, d) & empty, d, false);
        }
    });
    if P::FLYING && kings != B::ZERO {
        flying_singles::<B, P>(
            k,
            own,
            enemy,
            enemy & pos.kings,
            kings,
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
            },
        );
    }
    if !k.bulk_single_jumps {
        keep_best_single_jumps(k, pos, list);
    }
    list.captures = list.moves.len();
}

/// Keeps the one-jump captures of `list` of the kinds the precedence prefers.
#[inline(never)]
fn keep_best_single_jumps<B: Bits>(k: &Kernel<B>, pos: &Position<B>, list: &mut MoveList<B>) {
    let score = |m: &Move<B>| {
        let kind = single_kind(
            pos.kings & B::bit(m.from as u32) != B::ZERO,
            pos.kings & m.captured != B::ZERO,
        );
        k.single_scores[kind]
    };
    let best = list.moves.iter().map(score).max().unwrap_or(0);
    list.moves.retain(|m| score(m) == best);
}
